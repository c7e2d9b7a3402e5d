import re
import secrets
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from django import forms
from django.forms.models import ModelChoiceIterator
from django.utils.html import format_html

import scoring
from clubs.forms import HOUSE_SECTION, RULE_SECTION, HouseRulesFields, use_rule_set_game
from clubs.models import HOUSE_RULES, OVERRIDABLE, SCORING_HOUSE_RULES, Player
from clubs.text import name_key
from config.forms import Sections, formfield_in_range, number_range_kwargs

from .inputs import db_id
from .models import SEAT_CHOICES, SEAT_NAMES, SIDE_CHOICES, Event, Hand
from .prizes import AWARDS
from .services import HAND_FIELDS

# The event settings that decide how hands score; they cannot change once play has started,
# or the points already stored would disagree with the rules in force.
RULE_FIELDS = (
    "format",
    "rules_preset",
    *OVERRIDABLE,
    *SCORING_HOUSE_RULES,
    "round_end",
    "hands_per_round",
)

# The house rules that change the standings' points or tie-breaks without touching a hand:
# which loners count, what a sit-out and a missed round score. Fixed from the first hand
# scored, so the standings players have seen never change under them.
POINTS_FIELDS = (
    "loners_counted",
    "missed_round",
    "missed_round_points",
    "sit_out_rule",
    "sit_out_points",
)
DRAW_LOCKED = "Fixed now that round 1 is seated: the rounds after it follow its draw."
POINTS_LOCKED = (
    "Fixed now that hands are scored: changing it would change the standings already shown."
)

THROWN_IN = "-"

AWARD_FIELDS = tuple(f"award_{key}" for key in AWARDS)


class EventForm(HouseRulesFields, Sections, forms.ModelForm):
    # Fields that matter only for some choices (the pairs movement, the hands per round, the
    # fixed sit-out score) are hidden by the stylesheet while another choice is ticked.
    sections = (
        ("The event", ("name", "date", "format", "pairs_movement")),
        RULE_SECTION,
        HOUSE_SECTION,
        ("Rounds", ("rounds_planned", "round_end", "hands_per_round", "balanced_draw")),
        ("Sitting out", ("sit_out_rule", "sit_out_points")),
        ("Results", ("standings_hidden",)),
        ("Side awards", AWARD_FIELDS),
        # The prizes and the rest of the night's money are set on the money page (money/).
    )

    # Their range, and the words refusing a number outside it, are the model field's.
    rounds_planned = forms.IntegerField(
        label="Number of rounds",
        **number_range_kwargs(Event._meta.get_field("rounds_planned")),
    )
    hands_per_round = forms.IntegerField(
        label="Hands per round",
        help_text="Used when a round ends after a fixed number of hands (8 is usual).",
        **number_range_kwargs(Event._meta.get_field("hands_per_round")),
    )

    class Meta:
        model = Event
        fields = [
            "name",
            "date",
            "format",
            "pairs_movement",
            "rules_preset",
            *OVERRIDABLE,
            *HOUSE_RULES,
            "rounds_planned",
            "round_end",
            "hands_per_round",
            "balanced_draw",
            "sit_out_rule",
            "sit_out_points",
            "standings_hidden",
            *AWARD_FIELDS,
        ]
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "format": forms.RadioSelect,
            "pairs_movement": forms.RadioSelect,
            "round_end": forms.RadioSelect,
        }
        formfield_callback = formfield_in_range

    def __init__(self, *args, lock_rules: bool = False, lock_points: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        use_rule_set_game(self)
        # Optional in the form, so a post without them keeps the model's defaults.
        self.fields["sit_out_rule"].required = False
        self.fields["pairs_movement"].required = False
        self.fields["sit_out_points"].required = False
        self.rules_locked = lock_rules
        self.points_locked = lock_points
        if lock_points:
            for name in POINTS_FIELDS:
                field = self.fields[name]
                field.disabled = True
                field.help_text = " ".join(filter(None, [str(field.help_text), POINTS_LOCKED]))
        if self.instance.pk is None:
            # A new event's form carries a token of its own: sent twice, it makes one event.
            self.fields["form_token"] = forms.CharField(
                widget=forms.HiddenInput, required=False, initial=secrets.token_urlsafe(16)
            )
        if lock_rules:
            # Disabled fields keep the instance's value whatever is posted.
            for name in RULE_FIELDS:
                self.fields[name].disabled = True
            # An empty house value means the rule set's: say what that is, as it is in force.
            rules = self.instance.ruleset()
            for name in OVERRIDABLE[1:]:
                if getattr(self.instance, name) is None:
                    self.fields[name].widget.attrs["placeholder"] = getattr(rules, name)
            # The later rounds are numbered by round 1's draw: turned off after a balanced
            # round 1, the rest of the night would be planned afresh around it.
            self.fields["balanced_draw"].disabled = True
            self.fields["balanced_draw"].help_text = DRAW_LOCKED
            if self.instance.format != Event.Format.PAIRS:
                # A progressive night that has started never will be pairs: nothing to show.
                del self.fields["pairs_movement"]

    def clean_form_token(self):
        # Only the tokens this form hands out; anything else made by hand just goes without the
        # double-click check (a refusal of a hidden field would mean nothing to a director).
        token = self.cleaned_data.get("form_token", "")
        return token if re.fullmatch(r"[-\w]{16,32}", token, flags=re.ASCII) else ""

    def clean_standings_hidden(self):
        # A bracket shows every result as it comes (tournaments/projector.py hides_standings):
        # a box ticked before choosing a bracket, then hidden by the stylesheet, is not kept.
        if self.cleaned_data.get("format") == Event.Format.BRACKET:
            return False
        return self.cleaned_data.get("standings_hidden", False)

    def clean(self):
        cleaned = super().clean()
        # A bracket pays its places with no side awards (standings.night_prizes): boxes ticked
        # before choosing a bracket, then hidden by the stylesheet, are not kept.
        if cleaned.get("format") == Event.Format.BRACKET:
            for name in AWARD_FIELDS:
                cleaned[name] = False
        return cleaned

    def clean_sit_out_rule(self):
        return self.cleaned_data["sit_out_rule"] or Event.SitOutRule.AVERAGE

    def clean_pairs_movement(self):
        return self.cleaned_data["pairs_movement"] or Event.PairsMovement.ROUND_ROBIN

    def clean_sit_out_points(self):
        points = self.cleaned_data["sit_out_points"]
        return 0 if points is None else points


class PlayersByName(ModelChoiceIterator):
    """A list of players as a person looks for a name: accents folded, "Élise" before "Zoë"
    (Player.sort_name). Sorted in Python: no database orders names so everywhere."""

    def __iter__(self):
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        for player in sorted(self.queryset, key=lambda p: p.sort_name):
            yield self.choice(player)


# An id no table could hold (crafted, or a huge number) is refused as any unknown choice,
# before it reaches the database, where it would make the query itself fail.


class PlayerChoiceField(forms.ModelChoiceField):
    iterator = PlayersByName

    def to_python(self, value):
        if value not in self.empty_values and db_id(value) is None:
            raise forms.ValidationError(
                self.error_messages["invalid_choice"], code="invalid_choice"
            )
        return super().to_python(value)


class PlayersChoiceField(forms.ModelMultipleChoiceField):
    iterator = PlayersByName

    def _check_values(self, value):
        for pk in value:
            if db_id(pk) is None:
                raise forms.ValidationError(
                    self.error_messages["invalid_choice"],
                    code="invalid_choice",
                    params={"value": str(pk)[:20]},
                )
        return super()._check_values(value)


# The most club players the event page lists at once: a big club's roster (20,000 players)
# as tick boxes made the page take seconds and weigh megabytes; the director types a few
# letters of a name instead, and the page stays the same size whatever the roster.
FIND_LIMIT = 50
FIND_MAX_LENGTH = 60


def _players_to_add(event: Event):
    return event.club.players.filter(active=True).exclude(entries__event=event)


@dataclass
class Found:
    """The club players not yet entered whose name holds `text` (all of them for no text),
    the first FIND_LIMIT by name, and how many match in all."""

    text: str
    players: list[Player]
    total: int
    already_entered: bool = False  # nothing to add, but an entrant's name matches

    @property
    def more(self) -> bool:
        return self.total > len(self.players)


class PlayerFindForm(forms.Form):
    find = forms.CharField(
        label="Find club players by name",
        required=False,
        max_length=FIND_MAX_LENGTH,
        widget=forms.TextInput(attrs={"type": "search", "autocomplete": "off"}),
        error_messages={
            "max_length": f"Type at most {FIND_MAX_LENGTH} letters of a name.",
            "null_characters_not_allowed": "Type only the letters of a name.",
        },
    )

    def found(self, event: Event) -> Found | None:
        """The search's result, or None when the search itself is refused (its error says
        why). Two queries, however big the roster: the first players by name, and a count."""
        if not self.is_valid():
            return None
        text = self.cleaned_data["find"]
        players = _players_to_add(event)
        if text:
            players = players.matching(text)
        found = Found(text, list(players.by_name()[:FIND_LIMIT]), players.count())
        if text and not found.total:
            found.already_entered = event.entries.filter(
                player__sort_name__contains=name_key(text)
            ).exists()
        return found


class EntriesAddForm(forms.Form):
    players = PlayersChoiceField(
        queryset=Player.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        error_messages={
            "required": "Tick the players to add to the event.",
            "invalid_choice": "%(value)s is not a club player who can still be added.",
        },
    )

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        # Any club player not yet entered may be posted; only those found are shown (show()).
        self.fields["players"].queryset = _players_to_add(event)
        self.show([])

    def show(self, players: list[Player]) -> None:
        """Tick boxes for these players alone, not the whole roster."""
        self.fields["players"].widget.choices = [(p.pk, p.name) for p in players]


class CheckInForm(forms.Form):
    """The check-in list as shown: of the entrants listed on the page (`shown`, one page of a
    big night's list), the ticked are here and the others are not; entrants on other pages are
    left as they are. Without `shown`, the list is the whole night's."""

    present = PlayersChoiceField(queryset=Player.objects.none(), required=False)
    shown = PlayersChoiceField(queryset=Player.objects.none(), required=False)

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        entrants = Player.objects.filter(entries__event=event)
        self.fields["present"].queryset = entrants
        self.fields["shown"].queryset = entrants

    def clean(self):
        cleaned = super().clean()
        shown = cleaned.get("shown")
        if shown and not {p.pk for p in cleaned.get("present") or ()} <= {p.pk for p in shown}:
            raise forms.ValidationError("A ticked player was not on the list: reload the page.")
        return cleaned


class StaysForm(forms.Form):
    """One entrant marked as staying at one table all night, or let move again."""

    player = PlayerChoiceField(queryset=Player.objects.none(), label="Player")
    stays = forms.TypedChoiceField(
        choices=[("yes", "Stays at one table"), ("no", "Moves again")],
        coerce=lambda value: value == "yes",
    )

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = Player.objects.filter(entries__event=event)


class PartnershipForm(forms.Form):
    first = PlayerChoiceField(queryset=Player.objects.none(), label="Player")
    second = PlayerChoiceField(queryset=Player.objects.none(), label="Partner")
    name = forms.CharField(
        required=False,
        max_length=120,
        label="Team name (optional)",
        # The privacy rule of tournaments/hidden.py, said where the name is typed.
        help_text=(
            "Public pages show a team with a player shown by initials by its players "
            "(“Bob Brown & M. S.”), never by this name."
        ),
    )

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        unpaired = Player.objects.filter(entries__event=event, entries__partnership__isnull=True)
        self.fields["first"].queryset = unpaired
        self.fields["second"].queryset = unpaired

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("first") and cleaned.get("first") == cleaned.get("second"):
            raise forms.ValidationError("Pick two different players for a partnership.")
        return cleaned


class RoundCloseForm(forms.Form):
    reason = forms.CharField(
        required=False,
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2}),
        label="Why close before every table has finished?",
        error_messages={"max_length": "Keep the reason under 500 characters."},
    )
    # The tick box "Close without their confirmation": its value names the finished tables
    # that were unconfirmed when the page was shown ("3,5"). No cap on its length: a 100-table
    # round lists up to 100 numbers (291 characters). Each must be a table of this round.
    unconfirmed = forms.CharField(required=False)

    def __init__(self, *args, tables: Collection[int] = (), **kwargs):
        """`tables`: the numbers of the round's tables, the only ones the box may name."""
        super().__init__(*args, **kwargs)
        self.tables = set(tables)

    def clean_unconfirmed(self) -> set[int]:
        text = self.cleaned_data["unconfirmed"]
        parts = [p for p in text.split(",") if p]
        if not all(p.isascii() and p.isdigit() and len(p) <= 4 for p in parts):
            raise forms.ValidationError("Reload the page and tick the box again.")
        numbers = {int(p) for p in parts}
        if numbers - self.tables:
            # Another round's page, or an address typed by hand.
            raise forms.ValidationError(
                "That list names tables this round does not have: reload the page and tick the "
                "box again."
            )
        return numbers


# The scoring engine's words for a played hand without its tricks (scoring/engine.py).
TRICKS_MISSING = "Enter how many tricks the makers took (0 to 5)."


class HandForm(Sections, forms.Form):
    """What happened in one deal, in the words players use; the scoring engine judges it."""

    sections = (
        ("The hand", ("maker", "alone", "lone_defender", "tricks")),
        ("Only if something went wrong", ("irregularity", "offending_side", "revoke_penalty")),
    )

    maker = forms.ChoiceField(
        label="Who called trump",
        widget=forms.RadioSelect,
        error_messages={"required": "Say who called trump, or pick “thrown in”."},
    )
    alone = forms.BooleanField(label="The maker went alone (a loner)", required=False)
    lone_defender = forms.ChoiceField(
        label="Defended alone against the loner",
        required=False,
        choices=[("", "No one"), *SEAT_CHOICES],
    )
    tricks = forms.TypedChoiceField(
        label="Tricks the makers took",
        required=False,
        coerce=int,
        empty_value=None,
        choices=[(n, str(n)) for n in range(6)],
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": "The makers took 0 to 5 tricks: pick one."},
    )
    irregularity = forms.ChoiceField(
        label="Irregularity", required=False, choices=Hand.Irregularity.choices
    )
    offending_side = forms.ChoiceField(
        label="Side at fault",
        required=False,
        choices=[("", "—"), *SIDE_CHOICES, ("both", "Both sides (revokes offset)")],
    )
    revoke_penalty = forms.ChoiceField(
        label="After a revoke, the other side chose to",
        required=False,
        choices=[("", "Not chosen (scores 2)"), *Hand.Penalty.choices[1:]],
    )

    def __init__(
        self, *args, rules: scoring.RuleSet, seats: Mapping[str, Player] | None = None, **kwargs
    ):
        super().__init__(*args, **kwargs)
        # The players by name, as the table knows them: "Carol Jansen (North)". A radio's label
        # holds the name in <bdi>, so a right-to-left name keeps "(North)" after it; a select's
        # option holds text only.
        players = [
            (p, f"{seats[p].name} ({SEAT_NAMES[p]})" if seats and p in seats else SEAT_NAMES[p])
            for p in "NESW"
        ]
        makers = [
            (p, format_html("<bdi>{}</bdi> ({})", seats[p].name, SEAT_NAMES[p]))
            if seats and p in seats
            else (p, label)
            for p, label in players
        ]
        if rules.thrown_in_allowed:
            makers.append((THROWN_IN, "No one: thrown in (all passed twice)"))
        self.fields["maker"].choices = makers
        self.fields["lone_defender"].choices = [("", "No one"), *players]
        # Only offer what the event's rules have; the engine still refuses the rest.
        if not rules.lone_defence:
            del self.fields["lone_defender"]
        if not rules.revoke_choice:
            del self.fields["revoke_penalty"]
        allowed = {
            Hand.Irregularity.TABLE_TALK: rules.table_talk_rule,
            Hand.Irregularity.ABANDONED: rules.abandoned_rule,
        }
        self.fields["irregularity"].choices = [
            (value, label) for value, label in Hand.Irregularity.choices if allowed.get(value, True)
        ]

    def clean_maker(self):
        maker = self.cleaned_data["maker"]
        return "" if maker == THROWN_IN else maker

    def clean(self):
        cleaned = super().clean()
        if self["maker"].value() == THROWN_IN and "maker" not in self.errors:
            # Thrown in: nothing was played. A ticked radio button cannot be unticked without a
            # script, so what the play fields still hold is not part of this entry.
            cleaned.update(alone=False, lone_defender="", tricks=None)
        elif cleaned.get("tricks") is None and "tricks" not in self.errors:
            # A played hand always has its tricks. Said here, beside a missing maker, so that
            # an entry with nothing chosen lists all that is missing at once, not one a time.
            self.add_error("tricks", TRICKS_MISSING)
        return cleaned

    def hand_data(self) -> dict:
        """The cleaned entry as the services take it."""
        return {name: self.cleaned_data[name] for name in HAND_FIELDS if name in self.fields}

    def add_hand_error(self, err: scoring.HandError) -> None:
        """Show the engine's message next to the field it is about, or above the form, in the
        words of the control on this form (a drop-down is chosen, not unticked)."""
        field = FIELD_FOR_ENGINE.get((err.code, err.field)) or FIELD_FOR_ENGINE.get(err.field)
        field = field or err.field
        self.add_error(field if field in self.fields else None, self._words_for(err))

    def _words_for(self, err: scoring.HandError) -> str:
        alone = self.fields["alone"].label
        defender = self.fields.get("lone_defender")
        if defender is not None and err.field == "defended_alone":
            if err.code == "lone_defence_without_lone_maker":
                return (
                    f"A lone defence needs a lone maker: tick “{alone}” for the maker, or "
                    f"choose “No one” under “{defender.label}”."
                )
            if err.code == "thrown_in_with_play":
                return (
                    f"No one made trump, so no one can defend alone: choose “No one” under "
                    f"“{defender.label}”, or say who called trump."
                )
        if err.code == "abandoned_without_lone_maker":
            return (
                f"A hand can only be abandoned against a lone maker: tick “{alone}” for the "
                f"maker, or choose “{Hand.Irregularity.NONE.label}” under "
                f"“{self.fields['irregularity'].label}”."
            )
        return err.message

    @classmethod
    def initial_from(cls, hand: Hand) -> dict:
        initial = {name: getattr(hand, name) for name in HAND_FIELDS}
        initial["maker"] = hand.maker or THROWN_IN
        return initial


# The engine names its own fields (sides, not seats); these are the form's fields for them.
FIELD_FOR_ENGINE = {
    "makers": "maker",
    "defended_alone": "lone_defender",
    "revoke": "offending_side",
    "short_hand": "offending_side",
    "table_talk": "irregularity",
    "abandoned": "irregularity",
    # A thrown-in deal with an irregularity: the irregularity is what to clear.
    ("thrown_in_with_irregularity", "revoke"): "irregularity",
    ("thrown_in_with_irregularity", "short_hand"): "irregularity",
}


class HandEntryForm(HandForm):
    # The hand number the page showed: a double tap or a second phone is refused, not doubled.
    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)


class HandCorrectForm(HandForm):
    reason = forms.CharField(
        label="Why is this hand corrected?",
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2}),
        error_messages={
            "required": "Say why the hand is corrected: the reason is kept with the change."
        },
    )

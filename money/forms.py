"""The forms of a night's money page (money/views/). Amounts are typed the club's way
(money.fields.AmountField) and clean to whole minor units; every rule that ties the settings
together is the ledger's (money.ledger.NightSettings), whose message is shown beside the field
it concerns. Nothing here computes a figure: the page shows money.night.night_ledger's."""

from django import forms
from django.db.models import Q

from clubs.models import Player
from config.forms import Sections
from tournaments.models import Event
from tournaments.prizes import AWARDS

from .fields import AmountField
from .ledger.night import check_percents, tier_names
from .models import AWARD_KEYS, DEFAULT_FIELDS, ClubMoney, DoorRecord, NightMoney, _percents
from .night import locale_of

AMOUNT_FIELDS = (
    "entry_fee",
    "ahead_fee",
    "club_fixed",
    "loner_buy_in",
    "loner_prize",
    "euchre_fine",
    "pool_buy_in",
    "pool_carried_in",
    *(f"prize_{key}" for key in AWARD_KEYS),
)

# Which field a message of money.ledger.NightSettings is about, by the words it starts with
# (the ledger names each setting the same way in every message). First match wins.
_MESSAGE_FIELDS = (
    ("The entry fee", "entry_fee"),
    ("The ahead price", "ahead_fee"),
    ("The club's fixed share", "club_fixed"),
    ("The club's share", "club_percent"),
    ("The loner buy-in and the pool buy-in", "pool_buy_in"),
    ("The loner buy-in", "loner_buy_in"),
    ("The loner prize", "loner_prize"),
    ("Each loner is paid", "loner_prize"),
    ("The euchre fine", "euchre_fine"),
    ("The pool buy-in", "pool_buy_in"),
    ("The pool carried in", "pool_carried_in"),
    *((f"The {key.replace('_', ' ')} prize", f"prize_{key}") for key in AWARD_KEYS),
    ("The side awards' prizes", "prize_most_loners"),
    ("The places paid start", "small_under"),
    ("Each tier of places paid", "small_under"),
)


def _club_money(event: Event) -> tuple[str, str]:
    return ClubMoney.of(event.club).currency, locale_of(event.club)


class NightSettingsForm(Sections, forms.ModelForm):
    """The night's money settings. Saved only when the ledger accepts them all together."""

    sections = (
        ("Entry", ("entry_fee", "ahead_fee", "door_kept")),
        ("The club's share", ("club_percent", "club_fixed", "club_share_for")),
        ("Places paid", ("places_paid", "small_under", "small_places_paid")),
        (
            "Side pots",
            (
                "loner_buy_in",
                "loner_prize",
                "euchre_fine",
                "fines_to",
                "pool_name",
                "pool_buy_in",
                "pool_carried_in",
            ),
        ),
        ("Side awards' prizes", tuple(f"prize_{key}" for key in AWARD_KEYS)),
        ("50/50 draw", ("fifty_fifty_to",)),
        ("Early leavers", ("early_leavers_paid",)),
        ("Players see", ("show_prizes",)),
        ("", ("make_default",)),
    )

    club_percent = forms.IntegerField(
        label="Club's share (%)",
        min_value=0,
        max_value=100,
        help_text="A whole percentage of the entry money left after the loner basket and the "
        "pool buy-ins, rounded down to the cent; 0 for none.",
        error_messages={
            "invalid": "Type the club's share as a whole number from 0 to 100, e.g. 10.",
            "min_value": "The club's share cannot be below 0%%: type 0 to 100.",
            "max_value": "The club's share is at most 100%%: type 0 to 100.",
            "required": "Type the club's share (%), 0 for none.",
        },
    )
    small_under = forms.IntegerField(
        label="With fewer players than",
        min_value=0,
        max_value=999,
        help_text="Fewer players than this pay the places below instead. 0: always the above.",
        error_messages={
            "invalid": "Type a number of players, e.g. 12.",
            "min_value": "Type a number of players, 0 or more.",
            "max_value": "Type a number of players below 1000.",
            "required": "Type a number of players, e.g. 12 (0 for always the same places).",
        },
    )
    make_default = forms.BooleanField(
        label="Also make these the club's defaults for new events",
        required=False,
        help_text="The pool carried in and this night's draws stay this night's own.",
    )

    class Meta:
        model = NightMoney
        fields = (
            "entry_fee",
            "ahead_fee",
            "door_kept",
            "club_percent",
            "club_fixed",
            "club_share_for",
            "places_paid",
            "small_under",
            "small_places_paid",
            "loner_buy_in",
            "loner_prize",
            "euchre_fine",
            "fines_to",
            "pool_name",
            "pool_buy_in",
            "pool_carried_in",
            "fifty_fifty_to",
            "early_leavers_paid",
            "show_prizes",
            *(f"prize_{key}" for key in AWARD_KEYS),
        )
        labels = {
            "entry_fee": "Entry fee (at the door)",
            "ahead_fee": "Price for those who paid ahead",
            "door_kept": "Record who paid at the door",
            "club_fixed": "Or a fixed sum for the club",
            "club_share_for": "The club's share is for",
            "places_paid": "Places paid (% of the prize pot)",
            "small_places_paid": "Then pay (%)",
            "loner_buy_in": "Loner basket: from each entry",
            "loner_prize": "Paid per loner made",
            "euchre_fine": "Fine per euchre suffered",
            "fines_to": "The euchre fines go to",
            "pool_name": "The rolling pool's name",
            "pool_buy_in": "Rolling pool: from each entry",
            "pool_carried_in": "Pool carried from the last night",
            "fifty_fifty_to": "The 50/50's other half goes to",
            "early_leavers_paid": "A player who left early is paid on their place",
            "show_prizes": "Show the prizes won on the public pages",
        }
        help_texts = {
            "entry_fee": "What each player pays to play, e.g. 5.00.",
            "door_kept": "Untick to count every player in the standings as paid in cash.",
            "club_fixed": "Use either a percentage or a fixed sum, not both.",
            "places_paid": "1st/2nd/3rd..., adding up to 100, e.g. 50/30/20.",
            "small_places_paid": "e.g. 100 pays 1st only.",
            "loner_buy_in": "0 for no loner basket.",
            "loner_prize": "0 shares the basket among all the loners made.",
            "euchre_fine": "Paid in cash by the euchred player; 0 for none.",
            "pool_buy_in": "A high hand or perfect hand pool; 0 for none.",
            "early_leavers_paid": "Untick to pass over early leavers: everyone below moves up.",
            "show_prizes": "Never who paid: only the prizes won.",
        }
        widgets = {"fines_to": forms.RadioSelect, "fifty_fifty_to": forms.RadioSelect}

    def __init__(self, *args, event: Event, pool_source: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        self.currency, self.locale = _club_money(event)
        for name in AMOUNT_FIELDS:
            old = self.fields[name]
            self.fields[name] = AmountField(
                label=old.label,
                help_text=old.help_text,
                # Empty is 0 (none), but for the entry fee, which must be said, and the ahead
                # price, where empty means the same as the entry fee.
                required=name == "entry_fee",
                currency=self.currency,
                locale=self.locale,
            )
        self.fields["ahead_fee"].help_text = "Leave empty when paying ahead costs the same."
        if pool_source:
            self.fields["pool_carried_in"].help_text = pool_source
        chosen = set(event.awards_chosen())
        for key in AWARD_KEYS:
            field = self.fields[f"prize_{key}"]
            title = AWARDS[key]
            field.label = title if "prize" in title.lower() else f"Prize for {title.lower()}"
            field.help_text = (
                "Paid from the prize pot before the places; 0 for none."
                if key in chosen
                else "Not given tonight: tick it in the event's settings to give it."
            )
        for name in ("places_paid", "small_places_paid"):
            self.fields[name].widget.attrs["inputmode"] = "numeric"

    def _percent_error(self, name: str, who: str) -> bool:
        """The ledger's word on one line of places paid, on its own field, naming the tier as
        a director does ("Under 12 players: ...")."""
        text = self.cleaned_data.get(name)
        if text is None:
            return False
        try:
            check_percents(who, _percents(text))
        except ValueError as exc:
            self.add_error(name, str(exc))
            return True
        return False

    def clean(self):
        cleaned = super().clean()
        for name in AMOUNT_FIELDS:
            if name not in ("entry_fee", "ahead_fee") and cleaned.get(name, 0) is None:
                cleaned[name] = 0
        if self.errors:
            return cleaned
        small_under = cleaned["small_under"]
        names = tier_names([0, small_under] if small_under > 1 else [0])
        bad = self._percent_error("places_paid", names[-1])
        if small_under > 1:
            bad = self._percent_error("small_places_paid", names[0]) or bad
        if bad:
            return cleaned
        trial = NightMoney(**{name: cleaned[name] for name in self.Meta.fields})
        try:
            trial.settings(self.currency, self.locale)
        except ValueError as exc:
            message = str(exc)
            field = next((f for start, f in _MESSAGE_FIELDS if message.startswith(start)), None)
            self.add_error(field, message)
        return cleaned

    def save_defaults(self) -> None:
        """The club's defaults for new events, from these settings (DEFAULT_FIELDS only)."""
        money = ClubMoney.of(self.event.club)
        defaults = dict(money.defaults)
        for name in DEFAULT_FIELDS:
            if name in self.cleaned_data:
                defaults[name] = self.cleaned_data[name]
        money.defaults = defaults
        money.save(update_fields=["defaults"])


def _door_players(event: Event):
    """The players the door may record: the event's entrants, and anyone already at its
    door. Never a player of another club."""
    return (
        Player.objects.filter(club_id=event.club_id)
        .filter(Q(entries__event=event) | Q(door_records__event=event))
        .distinct()
    )


def _player_field() -> forms.ModelChoiceField:
    """The player a button posts for: its queryset (this night's players) set by the form."""
    return forms.ModelChoiceField(
        queryset=Player.objects.none(),
        error_messages={
            "required": "Choose the player: reload the page.",
            "invalid_choice": "That player is not in this event: reload the page.",
        },
    )


class DoorForm(forms.Form):
    """One record at the door: a payment, a refund or "plays free". `seen` is how many records
    the player had when the page was drawn (the view refuses the post when it changed: a
    second click)."""

    player = _player_field()
    # "unwaive" takes a "plays free" off (a mistaken tap): the one record the door deletes,
    # as it holds no money.
    kind = forms.ChoiceField(
        label="What",
        choices=[*DoorRecord.Kind.choices, ("unwaive", "no longer plays free")],
        initial=DoorRecord.Kind.PAID,
        error_messages={"invalid_choice": "Choose paid, refund or plays free."},
    )
    method = forms.ChoiceField(
        label="How",
        choices=DoorRecord.Method.choices,
        required=False,
        initial=DoorRecord.Method.CASH,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": "Choose cash, card or paid ahead."},
    )
    amount = AmountField(label="Amount", required=False)
    # A row's one-tap button ("Cash $5.00"): no amount, what the player still owes.
    owed = forms.BooleanField(required=False, widget=forms.HiddenInput)
    seen = forms.IntegerField(
        min_value=0,
        widget=forms.HiddenInput,
        error_messages=dict.fromkeys(
            ("required", "invalid"), "Reload the page and press the button again."
        ),
    )

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        currency, locale = _club_money(event)
        self.fields["amount"].currency, self.fields["amount"].locale = currency, locale
        self.fields["player"].queryset = _door_players(event)

    def clean(self):
        cleaned = super().clean()
        kind = cleaned.get("kind")
        if kind in (DoorRecord.Kind.PAID, DoorRecord.Kind.REFUND):
            if not cleaned.get("method"):
                self.add_error("method", "Choose how: cash, card or paid ahead.")
            owed = kind == DoorRecord.Kind.PAID and cleaned.get("owed")
            if "amount" not in self.errors and not cleaned.get("amount") and not owed:
                self.add_error("amount", "Type the amount, more than zero.")
        return cleaned


class WalkInForm(forms.Form):
    """A player who walks in and pays: found on the roster by name as the club page finds
    a duplicate (clubs.services.same_name), or added to it."""

    name = forms.CharField(
        label="Name",
        max_length=120,
        error_messages={"required": "Type the player's name."},
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    method = forms.ChoiceField(
        label="Paid by",
        choices=[(value, label.capitalize()) for value, label in DoorRecord.Method.choices],
        initial=DoorRecord.Method.CASH,
        widget=forms.RadioSelect,
        error_messages={
            "required": "Choose how they paid.",
            "invalid_choice": "Choose cash, card or paid ahead.",
        },
    )
    amount = AmountField(label="Amount paid")

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        currency, locale = _club_money(event)
        self.fields["amount"].currency, self.fields["amount"].locale = currency, locale
        self.fields["amount"].error_messages["required"] = "Type the amount they paid."
        self.fields["amount"].help_text = "The price is filled in: change it if they paid less."
        money = NightMoney.objects.filter(event=event).first()
        if money is not None and not self.is_bound:
            self.initial.setdefault("amount", money.entry_fee)

    def clean_amount(self):
        amount = self.cleaned_data["amount"]
        if not amount:
            raise forms.ValidationError("Type the amount they paid, more than zero.")
        return amount


class DrawsForm(forms.ModelForm):
    """The night's draws: the 50/50's tickets and winner, the rolling pool's winners."""

    class Meta:
        model = NightMoney
        fields = ("fifty_fifty_sales", "fifty_fifty_winner", "pool_winners")
        labels = {
            "fifty_fifty_sales": "50/50 tickets sold (cash)",
            "fifty_fifty_winner": "50/50 winner",
            "pool_winners": "Won the pool tonight",
        }
        help_texts = {
            "fifty_fifty_winner": "The name of whoever holds the winning ticket.",
            "pool_winners": "Tick nobody when nobody won: the pool carries to the next night.",
        }
        widgets = {"pool_winners": forms.CheckboxSelectMultiple}

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        currency, locale = _club_money(event)
        self.fields["fifty_fifty_sales"] = AmountField(
            label="50/50 tickets sold (cash)",
            currency=currency,
            locale=locale,
            required=False,
            help_text="The money taken for tickets, 0 for no draw.",
        )
        # Only those checked in tonight could have won it; anyone already chosen stays.
        chosen = []
        if self.instance.pk:
            chosen = list(self.instance.pool_winners.values_list("pk", flat=True))
        self.fields["pool_winners"].queryset = (
            Player.objects.filter(Q(entries__event=event, entries__present=True) | Q(pk__in=chosen))
            .distinct()
            .order_by("sort_name", "pk")
        )
        self.fields["pool_winners"].error_messages["invalid_choice"] = (
            "%(value)s is not a player of this night: reload the page."
        )
        money = self.instance
        if not (
            money.pool_buy_in or money.pool_carried_in or money.pk and money.pool_winners.exists()
        ):
            # No pool tonight: no list of every player to tick.
            del self.fields["pool_winners"]
        else:
            self.fields["pool_winners"].label = f"Won the {money.pool_name or 'pool'} tonight"

    def clean_fifty_fifty_sales(self):
        return self.cleaned_data["fifty_fifty_sales"] or 0

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("fifty_fifty_sales") and not (cleaned.get("fifty_fifty_winner") or ""):
            self.add_error("fifty_fifty_winner", "Type the 50/50 winner's name (tickets sold).")
        return cleaned


class PaidForm(forms.Form):
    """A payout handed over (or money given back): `amount` is the difference the page showed,
    in minor units, signed; the view records it only if it is still the difference."""

    player = _player_field()
    amount = forms.IntegerField(
        widget=forms.HiddenInput,
        min_value=-99_999_999,
        max_value=99_999_999,
        error_messages=dict.fromkeys(
            ("required", "invalid", "min_value", "max_value"),
            "Reload the page and press the button again.",
        ),
    )

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = (
            Player.objects.filter(club_id=event.club_id)
            .filter(Q(entries__event=event) | Q(paid_marks__event=event))
            .distinct()
        )


class FinesForm(PaidForm):
    """A player's euchre fines settled after a correction: `amount` is the difference the page
    showed (fines on the sheet now less those paid at the table), signed."""

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, event=event, **kwargs)
        self.fields["player"].queryset = Player.objects.filter(club_id=event.club_id)

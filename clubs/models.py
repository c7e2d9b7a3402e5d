import dataclasses
import functools
import uuid

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Lower
from simple_history.models import HistoricalRecords

from scoring import RULESETS, RuleSet, points_in_words

from . import dates
from .text import name_key

PRESET_CHOICES = [(name, rules.title) for name, rules in RULESETS.items()]
GAME_POINTS_CHOICES = [(5, "5 points"), (7, "7 points"), (10, "10 points")]
PAPER_CHOICES = [("letter", "Letter"), ("a4", "A4")]

# The values a club or event may set on top of its preset (RULES.md: "a club may set any of
# 5, 7, 10 (and may override the other values)"). Field name here == RuleSet field name.
OVERRIDABLE = ("game_points", "march", "lone_march", "euchre", "lone_euchre")
# The house's conventions beyond the points: set scoring, whether a thrown-in deal is one of a
# round's hands (both change how hands score), which loners count, and what a late arrival
# scores for the rounds missed. A club's are copied to each new event, as its points are.
HOUSE_RULES = (
    "euchred_makers",
    "lone_euchred_makers",
    "thrown_in_counts",
    "loners_counted",
    "missed_round",
    "missed_round_points",
)
# Those of them that decide how hands score, handed to the scoring engine (scoring/rules.py).
SCORING_HOUSE_RULES = ("euchred_makers", "lone_euchred_makers", "thrown_in_counts")


def number_range(low: int, high: int, *, too_low: str = "", too_high: str = "") -> list:
    """Validators for a whole number from `low` to `high`, saying the range when refused.

    Every integer field a form or the admin writes carries its own range: without one, the
    range was the database column's, and SQLite stores any 64-bit number in any column while
    PostgreSQL refuses past a smallint's 32767, so the same form stored a value on one database
    and refused it, in Django's words, on the other. Forms take their range from here too
    (config.forms.formfield_in_range)."""
    message = f"Enter a number from {low} to {high}."
    return [
        MinValueValidator(low, too_low or message),
        MaxValueValidator(high, too_high or message),
    ]


# A house value is a few points: no source gives more than 5 for a hand (Somerset's abandoned
# lone hand), and 10, a whole game, is the most a club could mean.
HOUSE_POINTS = number_range(0, 10)
# Set scoring marks minus points: -2 and -4 are the usual, -10 a whole game.
SET_POINTS = number_range(
    -10, 0, too_low="At most 10 points below zero.", too_high="Enter 0 or a minus number."
)


@functools.lru_cache(maxsize=256)
def _house_rules(preset: str, overrides: tuple) -> RuleSet:
    # A RuleSet is frozen, and checks its values as it is made: made once for each preset and
    # set of house values, not at every hand (a captain's page asked for it three times).
    return dataclasses.replace(RULESETS[preset], **dict(overrides))


class RulesChoice(models.Model):
    """A rule preset plus the house's own values; shared by clubs and their events."""

    rules_preset = models.CharField(
        "rule set", max_length=32, choices=PRESET_CHOICES, default="hoyle-2001"
    )
    game_points = models.PositiveSmallIntegerField(
        "game to",
        choices=GAME_POINTS_CHOICES,
        null=True,
        blank=True,
        help_text="Leave empty to use the rule set's own game.",
    )
    march = models.PositiveSmallIntegerField(
        "points for a march",
        null=True,
        blank=True,
        validators=HOUSE_POINTS,
        help_text="Empty: the rule set's value.",
    )
    lone_march = models.PositiveSmallIntegerField(
        "points for a lone march",
        null=True,
        blank=True,
        validators=HOUSE_POINTS,
        help_text="Empty: the rule set's value.",
    )
    euchre = models.PositiveSmallIntegerField(
        "points for a euchre",
        null=True,
        blank=True,
        validators=HOUSE_POINTS,
        help_text="Empty: the rule set's value.",
    )
    lone_euchre = models.PositiveSmallIntegerField(
        "points for euchring a lone hand",
        null=True,
        blank=True,
        validators=HOUSE_POINTS,
        help_text="Empty: the rule set's value.",
    )

    # Set scoring: what a euchred side marks on its own tally (scoring.RuleSet).
    euchred_makers = models.SmallIntegerField(
        "euchred makers score",
        default=0,
        validators=SET_POINTS,
        help_text="Set scoring: 0, or minus points (−2 at many clubs) for makers who are euchred.",
    )
    lone_euchred_makers = models.SmallIntegerField(
        "a euchred lone maker scores",
        default=0,
        validators=SET_POINTS,
        help_text="Set scoring: 0, or minus points (−4 at many clubs).",
    )
    thrown_in_counts = models.BooleanField(
        "a thrown-in deal counts as one of a round's hands",
        default=True,
        help_text="No: a round's hands are all played, however many deals are thrown in.",
    )

    class LonersCounted(models.TextChoices):
        MADE = "made", "Every lone hand made (3 tricks or more)"
        MARCH = "march", "Lone marches only (all 5 tricks)"

    loners_counted = models.CharField(
        "loners counted",
        max_length=8,
        choices=LonersCounted.choices,
        default=LonersCounted.MADE,
        help_text="Lone hands are the first tie-break.",
    )

    class MissedRound(models.TextChoices):
        ZERO = "zero", "Nothing (0)"
        SIT_OUT = "sit_out", "What a player sitting out scores"
        FIXED = "fixed", "A fixed number of points"

    missed_round = models.CharField(
        "a late arrival scores, for each round missed",
        max_length=8,
        choices=MissedRound.choices,
        default=MissedRound.ZERO,
    )
    missed_round_points = models.SmallIntegerField(
        "points for a round missed",
        default=0,
        validators=number_range(0, 99),
        help_text="Used when a late arrival scores a fixed number of points.",
    )

    class Meta:
        abstract = True

    def rule_overrides(self) -> dict:
        """The values that differ from the preset's, for the scoring engine."""
        found = {f: getattr(self, f) for f in OVERRIDABLE if getattr(self, f) is not None}
        for name in SCORING_HOUSE_RULES:
            value = getattr(self, name)
            if value != getattr(RULESETS[self.rules_preset], name, value):
                found[name] = value
        return found

    def house_rules(self) -> dict:
        """Every house rule, to copy from a club to a new event."""
        return {name: getattr(self, name) for name in (*OVERRIDABLE, *HOUSE_RULES)}

    def house_rules_in_words(self) -> list[str]:
        """The house's conventions in words, for the rules page and each event page."""
        rules = self.ruleset()
        p = points_in_words
        if rules.euchred_makers or rules.lone_euchred_makers:
            lines = [
                f"Set scoring: makers who are euchred score {p(rules.euchred_makers)}, "
                f"a lone maker {p(rules.lone_euchred_makers)}; the defenders still score "
                f"{p(rules.euchre)} ({p(rules.lone_euchre)} against a lone hand)."
            ]
        else:
            lines = ["No set scoring: makers who are euchred score nothing."]
        if rules.thrown_in_allowed:
            lines.append(
                "A thrown-in deal counts as one of a round's hands."
                if rules.thrown_in_counts
                else "A thrown-in deal does not count: a round's hands are all played."
            )
        lines.append(
            "Loners counted: every lone hand made."
            if self.loners_counted == self.LonersCounted.MADE
            else "Loners counted: lone marches only."
        )
        if self.missed_round == self.MissedRound.FIXED:
            missed = p(self.missed_round_points)
        elif self.missed_round == self.MissedRound.SIT_OUT:
            missed = "what a player sitting out scores"
        else:
            missed = "nothing"
        lines.append(f"A late arrival scores {missed} for each round missed.")
        return lines

    def ruleset(self) -> RuleSet:
        """The scoring engine's rules for this club or event, house values applied."""
        return _house_rules(self.rules_preset, tuple(sorted(self.rule_overrides().items())))

    def clean(self):
        super().clean()
        if self.rules_preset not in RULESETS:
            raise ValidationError({"rules_preset": "Pick one of the listed rule sets."})
        try:
            self.ruleset()
        except ValueError as exc:
            raise ValidationError(str(exc)) from exc


class ClubQuerySet(models.QuerySet):
    def directed_by(self, user, right: str = "run nights"):
        """The clubs where the user's role has the right (clubs/roles.py): by default any of
        the club's staff, who all run nights."""
        from .roles import roles_with

        if not user.is_authenticated:
            return self.none()
        return self.filter(directors__user=user, directors__role__in=roles_with(right))


class Club(RulesChoice):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True, help_text="Used in the club's web address.")
    paper_size = models.CharField(
        "paper for printouts", max_length=8, choices=PAPER_CHOICES, default="letter"
    )
    # Players see their seats and the standings on the club's public page (/c/<slug>/) unless
    # the club keeps its results to itself.
    results_public = models.BooleanField(
        "show results to players",
        default=True,
        help_text="Players open the club's page (no login) to find their seat and the standings.",
    )
    # Some clubs rate players for the director's use only (seeding, balanced draws).
    ratings_shown = models.BooleanField(
        "show ratings to players",
        default=True,
        help_text="Untick to keep the players' ratings for directors only.",
    )
    # How every page, printout and CSV of the club writes a date and a time (clubs/dates.py):
    # a new club's is the computer's country's, so a laptop in Auckland writes New Zealand's.
    date_style = models.CharField(
        "dates and times",
        max_length=8,
        choices=dates.style_choices,
        default=dates.computer_style,
        help_text="As your country writes them, on every page and printout.",
    )
    created = models.DateTimeField(auto_now_add=True)
    # Who the club is on every machine it lives on: the hall's laptop publishes to the club's
    # server (publishing/), and the uid, not the pk, says which club the data is.
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)

    objects = ClubQuerySet.as_manager()

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name


class ClubDirector(models.Model):
    """A Django user's role in one club: access to a club's data goes through this row alone."""

    class Role(models.TextChoices):
        DIRECTOR = "director", "Director"
        ASSISTANT = "assistant", "Assistant director"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="directors")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_roles"
    )
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.DIRECTOR)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_role_per_user_per_club")
        ]

    def __str__(self):
        return f"{self.user} ({self.get_role_display()}, {self.club})"


# A name's key (clubs.text.name_key) is a little longer than the name when accents
# decompose; past this length it only ever decides ties between two very long names.
SORT_NAME_LENGTH = 240


class PlayerQuerySet(models.QuerySet):
    def bulk_create(self, objs, *args, **kwargs):
        # bulk_create skips save(): a roster import or a benchmark's players get their key here.
        objs = list(objs)
        for player in objs:
            player.sort_name = player.name_key()
        return super().bulk_create(objs, *args, **kwargs)

    def by_name(self):
        return self.order_by("sort_name", "pk")

    def matching(self, text: str):
        """Players whose name holds `text` as a person reads it: "mar" finds "Mary Marsh",
        "zoe" finds "Zoë", "ELISE" finds "Élise"."""
        return self.filter(sort_name__contains=name_key(text))


class Player(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=120)
    # The name as a person sorts and searches it, accents and case folded ("elise" for
    # "Élise"). Stored because no database folds them alike (SQLite sorts "É" after "Z"), and
    # a big club's roster must be searched and paged by the database, not read whole.
    sort_name = models.CharField(max_length=SORT_NAME_LENGTH, editable=False, default="")
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=40, blank=True)
    # A retired player (False) is left off the roster's main list and the players a night
    # adds, and keeps every night of their history; they can be brought back.
    active = models.BooleanField(default=True, help_text="Untick to hide from check-in lists.")
    # For players who ask: public pages show their initials, and they have no player page.
    shown_publicly = models.BooleanField(
        "shown on public pages",
        default=True,
        help_text="Untick for a player who asks: public pages show initials only, no player page.",
    )
    created = models.DateTimeField(auto_now_add=True)
    # The same person on the laptop and on the club's server (publishing/): a published night
    # names its players by uid, so a rename on either side is still one player.
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    # A rename, a retirement and a merge (clubs/services.py) are kept with their reason, and
    # the player merged away keeps their last row here: who they were and where they went.
    history = HistoricalRecords(history_change_reason_field=models.TextField(null=True))

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [
            # "Mary Smith" and "mary smith" are the same person on a roster.
            models.UniqueConstraint(Lower("name"), "club", name="unique_player_name_per_club"),
        ]
        indexes = [models.Index(fields=["club", "sort_name"], name="player_club_sort_name")]

    def __str__(self):
        return self.name

    def name_key(self) -> str:
        return name_key(self.name)[:SORT_NAME_LENGTH]

    def save(self, *args, **kwargs):
        self.sort_name = self.name_key()
        if kwargs.get("update_fields") is not None and "name" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "sort_name"}
        super().save(*args, **kwargs)


class MergedPlayer(models.Model):
    """A player merged into another (services.player_merge) and deleted: their old id and the
    player they became, so an old address of theirs (a bookmarked public page) leads on to
    the kept player's page. A later merge of the kept player moves it on again."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    # The deleted player's id: ids are never reused, so one row per id.
    old_id = models.PositiveBigIntegerField(unique=True)
    into = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")

    def __str__(self):
        return f"player {self.old_id} → {self.into_id}"

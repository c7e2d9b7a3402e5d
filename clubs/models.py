import dataclasses
import functools

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Lower

from scoring import RULESETS, RuleSet
from tournaments.text import name_key

PRESET_CHOICES = [(name, rules.title) for name, rules in RULESETS.items()]
GAME_POINTS_CHOICES = [(5, "5 points"), (7, "7 points"), (10, "10 points")]
PAPER_CHOICES = [("letter", "Letter"), ("a4", "A4")]

# The values a club or event may set on top of its preset (RULES.md: "a club may set any of
# 5, 7, 10 (and may override the other values)"). Field name here == RuleSet field name.
OVERRIDABLE = ("game_points", "march", "lone_march", "euchre", "lone_euchre")


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

    class Meta:
        abstract = True

    def rule_overrides(self) -> dict[str, int]:
        return {f: getattr(self, f) for f in OVERRIDABLE if getattr(self, f) is not None}

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
    def directed_by(self, user):
        if not user.is_authenticated:
            return self.none()
        return self.filter(directors__user=user)


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
    created = models.DateTimeField(auto_now_add=True)

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


# A name's key (tournaments.text.name_key) is a little longer than the name when accents
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
    active = models.BooleanField(default=True, help_text="Untick to hide from check-in lists.")
    created = models.DateTimeField(auto_now_add=True)

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

"""How a club counts its season: one row per club, set by its director (seasons/forms.py).
A club without a row counts as the defaults say (`rules_for`): the public page reads the
season without writing anything."""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from clubs.models import Club, Player
from tournaments.models import Event

from . import counting as season_counting


class SeasonRules(models.Model):
    class Counting(models.TextChoices):
        TOTAL = season_counting.TOTAL, "Total points over the season's nights"
        BEST = season_counting.BEST, "The best nights only (say how many)"
        AVERAGE = season_counting.AVERAGE, "Average points a night (with a minimum of nights)"
        PLACES = (
            season_counting.PLACES,
            "Points by finishing place (a table, plus points for playing)",
        )

    class Counts(models.TextChoices):
        POINTS = season_counting.BY_POINTS, "By the night's own points"
        PLACE = season_counting.BY_PLACE, "By finishing place (the place table below)"
        NOT_COUNTED = season_counting.NOT_COUNTED, "Not at all"

    MONTHS = [
        (i, name)
        for i, name in enumerate(
            [
                "January",
                "February",
                "March",
                "April",
                "May",
                "June",
                "July",
                "August",
                "September",
                "October",
                "November",
                "December",
            ],
            1,
        )
    ]

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="season_rules")
    counting = models.CharField(
        "how the season counts", max_length=8, choices=Counting.choices, default=Counting.TOTAL
    )
    best_nights = models.PositiveSmallIntegerField(
        "nights that count (best nights)",
        default=10,
        validators=[MinValueValidator(1), MaxValueValidator(366)],
    )
    minimum_nights = models.PositiveSmallIntegerField(
        "nights needed to be ranked (average)",
        default=3,
        validators=[MinValueValidator(1), MaxValueValidator(366)],
    )
    # How each format counts (seasons/counting.py DEFAULT_WAYS says why these defaults): only
    # a progressive night's points can be set beside another's.
    progressive_counts = models.CharField(
        "progressive nights count",
        max_length=8,
        choices=Counts.choices,
        default=season_counting.DEFAULT_WAYS[season_counting.PROGRESSIVE],
        help_text="A progressive night's points are each player's own, as its standings show.",
    )
    pairs_counts = models.CharField(
        "pairs nights count",
        max_length=8,
        choices=[c for c in Counts.choices if c[0] != season_counting.BY_POINTS],
        default=season_counting.DEFAULT_WAYS[season_counting.PAIRS],
        help_text="A pairs night's points are the partnership's: it counts by place or not at all.",
    )
    bracket_counts = models.CharField(
        "brackets count",
        max_length=8,
        choices=[c for c in Counts.choices if c[0] != season_counting.BY_POINTS],
        default=season_counting.DEFAULT_WAYS[season_counting.BRACKET],
        help_text=(
            "A team's place is how far it went (winners 1st, runners-up 2nd); its points depend "
            "on how many games it played, so a bracket counts by place or not at all."
        ),
    )
    place_points = models.CharField(
        "points by finishing place",
        max_length=400,
        default="10, 8, 6, 5, 4, 3, 2, 1",
        help_text=(
            "Points for 1st, 2nd, 3rd… separated by commas; lower places score 0. Every night "
            "counted by place scores these, plus the points for playing."
        ),
    )
    playing_points = models.PositiveSmallIntegerField(
        "points for playing a night",
        default=1,
        validators=[MaxValueValidator(1000)],
    )
    start_month = models.PositiveSmallIntegerField("season starts in", choices=MONTHS, default=1)
    start_day = models.PositiveSmallIntegerField(
        "on day",
        default=1,
        validators=[MinValueValidator(1), MaxValueValidator(31)],
        help_text="1 January for a calendar year; 1 September for a fall–spring season.",
    )

    def __str__(self) -> str:
        return f"{self.club}: {self.get_counting_display()}"

    def counting_rules(self) -> season_counting.Rules:
        try:
            table = season_counting.parse_place_points(self.place_points)
        except ValueError:
            table = (
                season_counting.Rules().place_points
            )  # the form never saves one; the admin might
        return season_counting.Rules(
            counting=self.counting,
            best_nights=self.best_nights,
            minimum_nights=self.minimum_nights,
            place_points=table,
            playing_points=self.playing_points,
            ways=self.ways(),
        )

    def ways(self) -> dict[str, str]:
        """How each format counts: {format: way}, as seasons/counting.py reads it."""
        ways = {
            season_counting.PROGRESSIVE: self.progressive_counts,
            season_counting.PAIRS: self.pairs_counts,
            season_counting.BRACKET: self.bracket_counts,
        }
        # A way the format cannot count by (saved through the admin, say) counts as the
        # default does.
        return {
            f: way if way in season_counting.WAYS[f] else season_counting.DEFAULT_WAYS[f]
            for f, way in ways.items()
        }


def rules_for(club: Club) -> SeasonRules:
    """The club's rules, or the defaults (unsaved) for a club that never set them."""
    return SeasonRules.objects.filter(club=club).first() or SeasonRules(club=club)


class NightLine(models.Model):
    """One player's settled night, as the night's standings left it (seasons/nights.py): kept
    so a player's page of 250 nights reads 250 rows, not 160,000 hands. A copy only: it is
    written from tournaments/standings.py, dropped whenever the night may have changed (a
    round closed, a table confirmed or corrected, the event's settings saved: players/
    receivers.py) and written again on the next page that needs it. A night with a round in
    play, and a bracket, are never kept: they are read fresh. Names are never kept here, so
    a renamed or hidden player is shown as they are now."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    place = models.PositiveIntegerField()
    shared = models.BooleanField(default=False)
    of = models.PositiveIntegerField()
    teams = models.BooleanField(default=False)
    points = models.DecimalField(max_digits=9, decimal_places=1)
    lone_made = models.PositiveIntegerField(default=0)
    euchred = models.PositiveIntegerField(default=0)
    # Each round at a table: [partner id or null, [opponent ids], "points"].
    rounds = models.JSONField(default=list)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_night_line_a_player")
        ]

"""A bracket event's settings, its seeded teams and its matches.

Each game of a match is played as a one-table round of the event (`Game`), so the club's
table card, the captains' entry, the offline queue, the opponent's confirmation and the
history of corrections work as they do for any night. Who meets whom is never stored: it is
worked out again from the results by the pure plan (tournaments/brackets/), so a corrected
result re-advances the bracket by itself.
"""

import functools

from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords

from tournaments import brackets as engine
from tournaments.models import Event, Partnership, Round

# The plan depends on the teams' count and the options alone, and is read on every page.
_plan = functools.lru_cache(maxsize=64)(engine.plan)


class Bracket(models.Model):
    class Kind(models.TextChoices):
        SINGLE = "single", "Single elimination (one loss and a team is out)"
        DOUBLE = "double", "Double elimination (two losses: a losers' bracket)"

    class Seeding(models.TextChoices):
        DRAW = "draw", "A draw, like drawing numbered chips"
        ORDER = "order", "My own order"
        STANDINGS = "standings", "The standings of a finished pairs event"
        RATING = "rating", "The players' ratings"

    class BestOf(models.IntegerChoices):
        ONE = 1, "One game"
        THREE = 3, "Best of three games"

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="bracket")
    kind = models.CharField("format", max_length=8, choices=Kind.choices, default=Kind.SINGLE)
    third_place = models.BooleanField("a match for third place", default=False)
    consolation = models.BooleanField(
        "a consolation bracket for the teams that lose in the first round", default=False
    )
    reset = models.BooleanField(
        "a second final if the losers' bracket team wins the first",
        default=True,
        help_text=(
            "Double elimination: then the champion is the only team with fewer than two losses."
        ),
    )
    best_of = models.PositiveSmallIntegerField(
        "a match is", choices=BestOf.choices, default=BestOf.ONE
    )
    seeding = models.CharField(max_length=10, choices=Seeding.choices, default=Seeding.DRAW)
    # The draw's seed, shown on the page so the draw can be made again and checked.
    draw_number = models.PositiveIntegerField(null=True, blank=True)
    source_event = models.ForeignKey(
        Event, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # When the teams were seeded: the plan and its matches exist from then.
    seeded_at = models.DateTimeField(null=True, blank=True)
    history = HistoricalRecords(history_change_reason_field=models.TextField(null=True))

    def __str__(self):
        return f"{self.get_kind_display()} bracket of {self.event}"

    def plan(self, teams: int | None = None) -> engine.Plan:
        count = self.teams.count() if teams is None else teams
        return _plan(
            count,
            self.kind,
            third_place=self.third_place and self.kind == self.Kind.SINGLE,
            consolation=self.consolation and self.kind == self.Kind.SINGLE,
            reset=self.reset,
        )

    @property
    def games_to_win(self) -> int:
        return self.best_of // 2 + 1


class Team(models.Model):
    """A partnership seeded in the bracket: seed 1 is the best."""

    bracket = models.ForeignKey(Bracket, on_delete=models.CASCADE, related_name="teams")
    partnership = models.OneToOneField(
        Partnership, on_delete=models.CASCADE, related_name="bracket_team"
    )
    seed = models.PositiveSmallIntegerField()
    # A team that withdrew forfeits its next match and every later one (a walkover).
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    history = HistoricalRecords(history_change_reason_field=models.TextField(null=True))

    class Meta:
        ordering = ["bracket", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["bracket", "seed"], name="one_team_per_seed"),
            models.CheckConstraint(condition=Q(seed__gte=1), name="seed_from_1"),
        ]

    def __str__(self):
        return f"{self.seed}. {self.partnership}"


class Match(models.Model):
    """A match of the plan, by its id there ("W1-1"): where it is played, and who won."""

    bracket = models.ForeignKey(Bracket, on_delete=models.CASCADE, related_name="matches")
    code = models.CharField(max_length=8)
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    called_at = models.DateTimeField(null=True, blank=True)
    # 0: the team in its first slot won, 1: the second. None while undecided.
    winner_slot = models.PositiveSmallIntegerField(null=True, blank=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    history = HistoricalRecords(history_change_reason_field=models.TextField(null=True))

    class Meta:
        ordering = ["bracket", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["bracket", "code"], name="one_match_per_code"),
            models.CheckConstraint(
                condition=Q(winner_slot__isnull=True) | Q(winner_slot__in=[0, 1]),
                name="winner_slot_0_or_1",
            ),
        ]

    def __str__(self):
        return f"Match {self.code}"

    @property
    def started(self) -> bool:
        return self.called_at is not None


class Game(models.Model):
    """Game `number` of a match: a round of the event with the match's one table."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    round = models.OneToOneField(Round, on_delete=models.CASCADE, related_name="bracket_game")

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_game_number_per_match")
        ]

    def __str__(self):
        return f"Game {self.number} of {self.match}"

"""Ratings as stored: each player's current rating, each player's rating after each night they
played (the chart's points, and where a replay from a night on starts), and which rounds are
counted (so a round is counted once, and a late or out-of-order one replays its night)."""

from django.db import models

from clubs.models import Player
from tournaments.models import Event, Round

from . import engine


class PlayerRating(models.Model):
    """A player's rating after every round counted so far."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="rating")
    mu = models.FloatField()
    sigma = models.FloatField()
    rounds = models.PositiveIntegerField(default=0)

    def __str__(self):
        return f"{self.player}: {self.shown}"

    @property
    def shown(self) -> int:
        return engine.shown_value(self.mu, self.sigma)

    def as_rating(self) -> engine.Rating:
        return engine.Rating(self.mu, self.sigma, self.rounds)


class NightRating(models.Model):
    """A player's rating after a night's counted rounds (rounds: all counted so far)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="night_ratings")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="night_ratings")
    mu = models.FloatField()
    sigma = models.FloatField()
    rounds = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "event"], name="one_rating_per_player_night")
        ]

    def __str__(self):
        return f"{self.player} after {self.event}: {self.shown}"

    @property
    def shown(self) -> int:
        return engine.shown_value(self.mu, self.sigma)

    def as_rating(self) -> engine.Rating:
        return engine.Rating(self.mu, self.sigma, self.rounds)


class CountedRound(models.Model):
    """A closed round whose tables are in the ratings."""

    round = models.OneToOneField(Round, on_delete=models.CASCADE, related_name="counted")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="counted_rounds")
    number = models.PositiveSmallIntegerField()

    def __str__(self):
        return f"{self.event}, round {self.number}"

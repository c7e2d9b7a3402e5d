from django.db import models

from clubs.models import Player
from tournaments.models import Event


class NightLine(models.Model):
    """One player's settled night, as the night's standings left it (players/nights.py): kept
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

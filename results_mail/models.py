"""Who asked for their results by mail, and which mails went: a mail is never doubled
(`ResultsSent` is unique per event and player, written in the transaction that queues it)."""

import secrets

from django.db import models
from django.utils import timezone

from clubs.models import Player
from tournaments.models import Event


def new_token() -> str:
    # 32 bytes of the system's randomness: a link nobody can guess, nor walk through.
    return secrets.token_urlsafe(32)


class ResultsWish(models.Model):
    """A player's wish for their results by mail, at one address. It counts once confirmed:
    by the player from the confirmation mail (double opt-in), or by the director, who ticked
    that the player asked. `token` is the unsubscribe link's, in every mail."""

    class MadeBy(models.TextChoices):
        PLAYER = "player", "The player, confirmed from the mail"
        DIRECTOR = "director", "The director, with the player's consent"

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="results_wish")
    email = models.EmailField()
    confirmed_at = models.DateTimeField(null=True, blank=True)
    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    made_by = models.CharField(max_length=8, choices=MadeBy.choices)
    # The site's address the wish was made on: the mail's links when PUBLIC_URL is not set.
    site = models.CharField(max_length=200, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"{self.player} results by mail"


class OptInAsked(models.Model):
    """A confirmation mail sent from a player's page: its link's token, and the rate limit's
    count (a few an hour per address and per player, so the form cannot mail anyone much)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    email = models.EmailField()
    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    site = models.CharField(max_length=200, blank=True)
    at = models.DateTimeField(default=timezone.now, db_index=True)
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"{self.player} asked at {self.at:%Y-%m-%d %H:%M}"


class ResultsSent(models.Model):
    """The results mail of one night to one player, queued once ever."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    queued_at = models.DateTimeField(auto_now_add=True)
    # post_office's Email row (its id only: post_office's cleanup may delete old mails).
    email_id = models.BigIntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="results_mail_once"),
        ]

    def __str__(self):
        return f"{self.event} to {self.player}"

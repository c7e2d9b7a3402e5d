"""What publishing keeps: on the laptop, the link to the club's server and what waits to go;
on the server, the laptops' keys, the requests seen (replays refused) and which nights are a
laptop's copies."""

from django.conf import settings
from django.db import models

from clubs.models import Club
from tournaments.models import Event


class Link(models.Model):
    """A laptop's club, linked to its club on the server. The queue's state lives here, in the
    database, so a laptop closed, restarted or killed picks up where it was."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="publishing_link")
    server_url = models.URLField("server's address", max_length=300)
    # The whole key as the server showed it once: the laptop signs every request with it.
    key = models.CharField(max_length=200)
    server_club_name = models.CharField(max_length=120, blank=True)
    linked_at = models.DateTimeField(auto_now_add=True)
    last_ok_at = models.DateTimeField(null=True, blank=True)
    last_tried_at = models.DateTimeField(null=True, blank=True)
    # Since when the server could not be reached (or refused), and why, for the status line.
    failing_since = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    failures = models.PositiveIntegerField(default=0)
    next_try_at = models.DateTimeField(null=True, blank=True)
    # A send under way (publishing/sender.py), by whichever process: the background thread
    # and `manage.py publish` never send at once, so batches reach the server in order.
    sending_since = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"{self.club} -> {self.server_url}"


class Pending(models.Model):
    """One thing waiting to go to the server: the club ("club") or one event (its uid). A change
    bumps `bumps` in the same transaction as the change itself, so nothing is lost; a row sent is
    deleted only if no change bumped it while it was on its way."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    subject = models.CharField(max_length=40)
    deleted = models.BooleanField(default=False)
    bumps = models.PositiveIntegerField(default=1)
    first_at = models.DateTimeField(auto_now_add=True)
    last_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "subject"], name="one_pending_per_subject")
        ]

    def __str__(self):
        return f"{self.club_id}: {self.subject}"


class PublishingKey(models.Model):
    """On the server: the key one named laptop publishes a club with. It gives no other right:
    no login, no reading. Revoked, it is refused at once."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="publishing_keys")
    laptop_name = models.CharField("laptop's name", max_length=80)
    key_id = models.CharField(max_length=24, unique=True)
    # The HMAC secret: the server must have it to check a signature, so it is kept as is.
    secret = models.CharField(max_length=100)
    # The laptop's club, bound at the key's first request: another club's data is refused.
    source_club_uid = models.UUIDField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"{self.club}: {self.laptop_name}"


class SeenRequest(models.Model):
    """A request's nonce, kept while its time is inside the window: the same request again is a
    replay, refused."""

    key = models.ForeignKey(PublishingKey, on_delete=models.CASCADE, related_name="+")
    nonce = models.CharField(max_length=64, unique=True)
    at = models.DateTimeField(db_index=True)


class Published(models.Model):
    """On the server: this event is a laptop's copy. The laptop is its authority, so the
    server's pages refuse to edit it and say where to change it."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="published")
    key = models.ForeignKey(
        PublishingKey, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    laptop_name = models.CharField(max_length=80)
    applied_at = models.DateTimeField()
    # How many times a snapshot of this night was applied (a correction republishes it).
    changes = models.PositiveIntegerField(default=1)
    # Each round's fingerprint as last applied ({"3": sha256}): a night published again
    # rewrites only the rounds that changed (a round closed, a hand corrected), so a big
    # night's every publish costs what changed, not the whole night.
    round_digests = models.JSONField(default=dict)
    # The night's prize table as the laptop shows it to players (money/prizes.py), or None:
    # the money stays on the laptop, which works it out; the players here see the same table.
    prizes = models.JSONField(null=True, blank=True)

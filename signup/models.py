"""The sign-up list of an event: its sheet (open or not, the cap, the closing time) and one row
for each name put down, in the list's order."""

import secrets
import uuid

from django.db import models

from clubs.models import Player, number_range
from tournaments.models import Entry, Event

# A cap is counted in players: a team signing up together takes two places, a player looking
# for a partner one. 400 players is the largest night the app is measured at.
CAP_RANGE = number_range(2, 1000)


def new_token() -> str:
    """The private link's secret: 256 bits, unguessable (like a table card's)."""
    return secrets.token_urlsafe(32)


class Sheet(models.Model):
    """An event's sign-up: off until the director opens it."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="signup_sheet")
    open = models.BooleanField("take sign-ups on the club's page", default=False)
    cap = models.PositiveSmallIntegerField(
        "places",
        null=True,
        blank=True,
        validators=CAP_RANGE,
        help_text="How many players the night takes; past it, sign-ups wait. Empty: no limit.",
    )
    closes_at = models.DateTimeField(
        "sign-up closes",
        null=True,
        blank=True,
        help_text="Empty: open until the night starts.",
    )
    starts_at = models.TimeField(
        "cards at", null=True, blank=True, help_text="When play starts: on the calendar."
    )
    money_ahead = models.BooleanField(
        "players may pay ahead",
        default=False,
        help_text="You record who paid ahead; nobody pays online.",
    )
    updated = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"Sign-up for {self.event}"


class SignUp(models.Model):
    """A name on the list: one player, or a team of two (the partner named), or a player
    looking for a partner. The row on the hall's laptop is a copy of the server's (same uid),
    with the laptop's own check-in."""

    class Status(models.TextChoices):
        IN = "in", "Has a place"
        WAITING = "waiting", "Waiting"
        CANCELLED = "cancelled", "Cancelled"

    class Arrival(models.TextChoices):
        EXPECTED = "", "Expected"
        HERE = "here", "Checked in"
        NO_SHOW = "no_show", "Did not come"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="signups")
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    name = models.CharField(max_length=120)
    # The roster's player this name matched (clubs' duplicate rules), if any.
    player = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # For the club's directors alone: never on a public page.
    email = models.EmailField(blank=True, default="")
    phone = models.CharField(max_length=32, blank=True, default="")
    partner_name = models.CharField("partner", max_length=120, blank=True, default="")
    partner = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    find_partner = models.BooleanField("find me a partner", default=False)
    # The partner the player last took off their sign-up through the private link, and when:
    # a partner has no link of their own and is often not mailed, so the list says it
    # ("was with Gloria Smith until Nov 28, 6:02 PM") for the director to tell them.
    partner_was = models.CharField("partner before", max_length=120, blank=True, default="")
    partner_was_at = models.DateTimeField(null=True, blank=True)
    # Places taken against the cap: 2 for a team, else 1.
    places = models.PositiveSmallIntegerField(default=1, validators=number_range(1, 2))
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN)
    # A place the director holds for a regular: it counts against the cap.
    held = models.BooleanField("place held by the director", default=False)
    paid_ahead = models.BooleanField("paid ahead", default=False)
    # The list's order: first come, first served; the director may move a name.
    position = models.PositiveIntegerField(default=0)
    # The private link to change or cancel (None on the laptop's copy: the link is the server's).
    token = models.CharField(max_length=64, unique=True, null=True, default=new_token)
    created = models.DateTimeField(auto_now_add=True)
    changed = models.DateTimeField(auto_now=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)
    # Taken off by the club's director (remove), not cancelled by the player: the private
    # link's page and the list say which.
    removed_by_director = models.BooleanField(default=False)
    # Cancelled because the director paired this player (looking for a partner) with another
    # one looking: the name whose sign-up now carries them both, for the cancelled list.
    paired_with = models.CharField(max_length=120, blank=True, default="")
    # Check-in, on whichever machine runs the night.
    arrival = models.CharField(max_length=8, choices=Arrival.choices, blank=True, default="")
    entry = models.ForeignKey(
        Entry, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # On the laptop: the server says this name cancelled after they were checked in here. The
    # laptop keeps its check-in (they played) and its check-in page says so.
    cancelled_on_server = models.BooleanField(default=False)

    class Meta:
        ordering = ["event", "position", "pk"]
        indexes = [models.Index(fields=["event", "status", "position"])]

    def __str__(self):
        return self.name


class Fetched(models.Model):
    """On a linked laptop: when the sign-ups were last fetched from the club's server
    (signup/sync.py), for the check-in page's "Sign-ups fetched at 6:40 PM", and why the last
    try failed, if it did."""

    club = models.OneToOneField(
        "clubs.Club", on_delete=models.CASCADE, related_name="signups_fetched"
    )
    at = models.DateTimeField(null=True, blank=True)
    tried_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True)

    def __str__(self):
        return f"{self.club}: sign-ups fetched at {self.at}"

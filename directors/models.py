"""A director's own sign-up waiting for its address to be confirmed, and the invitations a
club's directors send. Each link's token is kept only as its SHA-256: the database alone (a
backup, a leaked copy) opens no link."""

import datetime
import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone

from clubs.models import Club, ClubDirector

# How long each link works: a sign-up is confirmed at once or not at all; an invitation may
# wait for a helper who reads their mail once a week.
JOIN_LINK_DAYS = 3
INVITE_LINK_DAYS = 7


def new_token() -> str:
    # 32 bytes of the system's randomness: a link nobody can guess, nor walk through.
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class JoinRequest(models.Model):
    """Someone asked to direct a new club: nothing else exists until the link in the mail to
    `email` is followed and its button pressed (directors.services.join_confirm). The password
    is kept as Django's hash of it, ready to become the account's."""

    email = models.EmailField()
    password = models.CharField(max_length=128)  # a hash (make_password), never the text
    club_name = models.CharField(max_length=Club._meta.get_field("name").max_length)
    token_hash = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(default=timezone.now, db_index=True)
    used_at = models.DateTimeField(null=True, blank=True)
    # The account and club it made, to send a second press of the button to the club.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self):
        return f"{self.email} asked for {self.club_name}"

    @property
    def expires(self) -> datetime.datetime:
        return self.created + datetime.timedelta(days=JOIN_LINK_DAYS)

    @property
    def expired(self) -> bool:
        return timezone.now() >= self.expires


class InvitationQuerySet(models.QuerySet):
    def pending(self):
        """Neither accepted, cancelled nor expired."""
        since = timezone.now() - datetime.timedelta(days=INVITE_LINK_DAYS)
        return self.filter(accepted_at=None, cancelled_at=None, created__gt=since)


class Invitation(models.Model):
    """A club's director invited `email` to its staff with `role`; the link in the mail makes
    (or uses) the account with that address and gives it the role, once."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    email = models.EmailField()
    role = models.CharField(max_length=16, choices=ClubDirector.Role.choices)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    token_hash = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(default=timezone.now, db_index=True)
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    cancelled_at = models.DateTimeField(null=True, blank=True)

    objects = InvitationQuerySet.as_manager()

    def __str__(self):
        return f"{self.email} invited to {self.club} as {self.get_role_display()}"

    @property
    def expires(self) -> datetime.datetime:
        return self.created + datetime.timedelta(days=INVITE_LINK_DAYS)

    @property
    def expired(self) -> bool:
        return timezone.now() >= self.expires

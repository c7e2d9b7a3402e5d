"""Results by mail's workflows: asking (double opt-in), recording a director's, confirming,
unsubscribing, and queueing a night's mails once ever per player."""

from __future__ import annotations

import datetime
import logging

from django.conf import settings
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from post_office import mail

from clubs.models import Player
from tournaments.models import Event, Seat

from . import content
from .models import OptInAsked, ResultsSent, ResultsWish, new_token

log = logging.getLogger(__name__)

# A confirmation link works for two days; a few confirmation mails an hour per address and per
# player at most, so the form on a public page cannot be used to fill anyone's inbox.
CONFIRM_FOR = datetime.timedelta(days=2)
ASKS_PER_HOUR = 3


class Refused(Exception):
    """What the person must be told, in a sentence: what is wrong and what to do."""


def base_url(site: str = "") -> str:
    """The address the mail's links start with: PUBLIC_URL, else the one the wish was made
    on (a server without PUBLIC_URL set)."""
    return settings.PUBLIC_URL or site.rstrip("/")


def _send(*, to: str, subject: str, template: str, context: dict, unsubscribe: str = ""):
    """Queue a mail (plain text and HTML) in post_office's queue: it goes with the next
    `send_queued_mail`, never inside the request. With `unsubscribe`, RFC 8058's one-click
    headers: a mail program's "Unsubscribe" posts to that address."""
    headers = {}
    if unsubscribe:
        headers = {
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        }
    return mail.send(
        recipients=[to],
        subject=subject,
        message=render_to_string(f"results_mail/mail/{template}.txt", context),
        html_message=render_to_string(f"results_mail/mail/{template}.html", context),
        headers=headers,
        priority="medium",
    )


def wish_ask(*, player: Player, email: str, site: str) -> OptInAsked:
    """A player asks on their page: a confirmation mail with a link; nothing counts until
    they follow it (double opt-in). Refused past ASKS_PER_HOUR to that address or player."""
    email = email.strip()
    hour_ago = timezone.now() - datetime.timedelta(hours=1)
    recent = OptInAsked.objects.filter(at__gte=hour_ago)
    if (
        recent.filter(email__iexact=email).count() >= ASKS_PER_HOUR
        or recent.filter(player=player).count() >= ASKS_PER_HOUR
    ):
        raise Refused(
            "A confirmation mail went to this address a few times in the last hour already: "
            "look for it in the inbox (and the spam folder), or ask again in an hour."
        )
    with transaction.atomic():
        asked = OptInAsked.objects.create(player=player, email=email, site=site)
        link = base_url(site) + reverse("results_mail:confirm", args=[asked.token])
        _send(
            to=email,
            subject=f"Confirm: your results from {player.club.name} by mail",
            template="confirm",
            context={"player": player, "club": player.club, "link": link},
        )
    return asked


def asked_by_token(token: str) -> OptInAsked | None:
    """The confirmation a link names, if it is still good (unused, less than CONFIRM_FOR)."""
    return (
        OptInAsked.objects.select_related("player__club")
        .filter(token=token, used_at=None, at__gte=timezone.now() - CONFIRM_FOR)
        .first()
    )


def wish_confirm(*, asked: OptInAsked) -> ResultsWish:
    """The player followed the link and said yes: from now, their nights' results come."""
    with transaction.atomic():
        OptInAsked.objects.filter(pk=asked.pk).update(used_at=timezone.now())
        return _wish_set(player=asked.player, email=asked.email, made_by="player", site=asked.site)


def wish_record(*, player: Player, email: str, site: str) -> ResultsWish:
    """The director records the address the player gave, with the player's consent (the
    form's tick box): it counts at once."""
    return _wish_set(player=player, email=email.strip(), made_by="director", site=site)


def _wish_set(*, player: Player, email: str, made_by: str, site: str) -> ResultsWish:
    wish, _ = ResultsWish.objects.update_or_create(
        player=player,
        defaults={
            "email": email,
            "confirmed_at": timezone.now(),
            "made_by": made_by,
            "site": site,
            # A new address, a new unsubscribe link: the old one stops working.
            "token": new_token(),
        },
    )
    return wish


def wish_stop(*, token: str) -> bool:
    """Unsubscribe: the wish goes. Whether there was one (a second click finds none)."""
    deleted, _ = ResultsWish.objects.filter(token=token).delete()
    return bool(deleted)


def night_mail(*, event: Event) -> int:
    """Queue the night's results mail to each player of `event` who asked, once ever per
    player: none while the night is not over or hides its standings (a later publish that
    shows them queues them then). How many were queued."""
    wishes = list(
        ResultsWish.objects.filter(
            player__club_id=event.club_id,
            confirmed_at__isnull=False,
            player__in=Seat.objects.filter(round__event=event).values("player_id"),
        )
        .exclude(player__in=ResultsSent.objects.filter(event=event).values("player_id"))
        .select_related("player")
    )
    if not wishes:
        return 0  # the usual case: one query, no standings read
    night = content.read_night(event)
    if not night.mailable:
        return 0
    queued = 0
    for wish in wishes:
        result = content.result_for(night, wish.player_id, base_url(wish.site))
        if result is None:
            continue
        unsubscribe = base_url(wish.site) + reverse("results_mail:unsubscribe", args=[wish.token])
        try:
            # The mark and the mail in one transaction: both or neither; a second signal, or
            # another server at the same moment, meets the unique pair and queues nothing.
            with transaction.atomic():
                sent = ResultsSent.objects.create(event=event, player_id=wish.player_id)
                email = _send(
                    to=wish.email,
                    subject=f"Your night at {result.club_name}: {result.place}",
                    template="results",
                    context={"r": result, "player": wish.player, "unsubscribe": unsubscribe},
                    unsubscribe=unsubscribe,
                )
                ResultsSent.objects.filter(pk=sent.pk).update(email_id=email.pk)
        except IntegrityError:
            continue
        queued += 1
    return queued

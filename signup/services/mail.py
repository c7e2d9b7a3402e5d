"""The mails: the private link, and "You have a place now"."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from post_office import mail

from clubs.dates import day
from results_mail import sending
from results_mail.services import base_url
from signup.models import SignUp

from .figures import IN, sheet_of, waiting_position

# --- Mail -----------------------------------------------------------------------------------


def private_link(signup: SignUp, site: str = "") -> str:
    return base_url(site) + reverse("signup:mine", args=[signup.token])


def _send(signup: SignUp, *, subject: str, template: str, site: str, again: bool = False):
    """Queue the mail (post_office, as results by mail does) and send the queue once the
    transaction has committed (results_mail.sending.kick): a sign-up undone mails nothing."""
    context = {
        "signup": signup,
        "event": signup.event,
        "club": signup.event.club,
        "link": private_link(signup, site),
        "position": waiting_position(signup),
        "again": again,
        "sheet": sheet_of(signup.event),  # its "cards at" time, when set
    }
    mail.send(
        recipients=[signup.email],
        sender=settings.DEFAULT_FROM_EMAIL,
        subject=subject,
        message=render_to_string(f"signup/mail/{template}.txt", context),
        html_message=render_to_string(f"signup/mail/{template}.html", context),
        priority="medium",
    )
    transaction.on_commit(sending.kick)


def mail_link(signup: SignUp, site: str, again: bool = False) -> None:
    event = signup.event
    state = "you have a place" if signup.status == IN else "you are on the waiting list"
    _send(
        signup,
        subject=f"{event.name}, {day(event.date, event)}: {state}",
        template="confirm",
        site=site,
        again=again,
    )


def mail_place_now(signup: SignUp, site: str) -> None:
    event = signup.event
    _send(
        signup,
        subject=f"You have a place now: {event.name}, {day(event.date, event)}",
        template="place_now",
        site=site,
    )


def mail_to_waiting(signup: SignUp, site: str) -> None:
    """The director moved a name from its place to the waiting list: the player hears it from
    us, not at the door (and a place given back later then reads as it is)."""
    event = signup.event
    _send(
        signup,
        subject=f"You are on the waiting list now: {event.name}, {day(event.date, event)}",
        template="to_waiting",
        site=site,
    )


def mail_removed(signup: SignUp, site: str) -> None:
    """The director took the name off the list: the player is told it was the director."""
    event = signup.event
    _send(
        signup,
        subject=f"Off the list: {event.name}, {day(event.date, event)}",
        template="removed",
        site=site,
    )

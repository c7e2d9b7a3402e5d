"""What the night money pages share (views/night.py, door.py, payouts.py): where a post lands,
how a refusal is said in the row it concerns, the views that record on POST only, and the
night's money row held while a post is checked."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect
from django.urls import reverse

from clubs.dates import day
from money.access import event_for_director
from money.currency import format_money
from money.models import ClubMoney, DoorRecord, NightMoney
from money.night import (
    carry_forward,
    locale_of,
    night_money_of,
)
from tournaments.models import Event

METHOD_WORDS = dict(DoorRecord.Method.choices)


class Refused(Exception):
    """A record the ledger refuses: its message is shown, and the transaction rolls back."""


class AtTheirRow(Refused):
    """A walk-in who is already at the door: said in their row."""

    def __init__(self, player, message: str):
        super().__init__(message)
        self.player, self.message = player, message


def _night_url(event: Event, anchor: str = "") -> str:
    return reverse("money:night", args=[event.pk]) + (f"#{anchor}" if anchor else "")


def _row_anchor(player_id: int) -> str:
    return f"player-{player_id}"


# A refusal starts by saying nothing was recorded: the ledger's words alone ("Darlene Meyer
# has paid $25.00, ...") read as if the record was made.
NOT_RECORDED = "Not recorded: "


def _carry_forward(request: HttpRequest, event: Event) -> None:
    """The club's next night takes this night's pool as it is now (money.night.carry_forward),
    and the director is told: a winner named late, or a buy-in changed, must not leave the
    same money in two nights' sheets."""
    moved = carry_forward(event)
    if moved is not None:
        later, carried = moved
        amount = format_money(carried, ClubMoney.of(event.club).currency, locale_of(event.club))
        messages.info(
            request,
            f"{later.name} ({day(later.date, later.club)}) now starts with "
            f"{amount} carried in from this night's pool.",
        )


def _refuse(request: HttpRequest, anchor: str, message: str) -> None:
    """A refusal for the row at `anchor`: shown in that row, where the redirect lands (and at
    the top of the page too), by the anchor carried in the message's tags."""
    messages.error(request, NOT_RECORDED + message, extra_tags=f"row:{anchor}")


def _post_only(anchor: str):
    """A view that records on POST. A GET (the address bar left on it after a refusal, then
    a reload) goes back to the night's page at `anchor`, for the club's directors only."""

    def decorate(view):
        @wraps(view)
        def wrapped(request: HttpRequest, pk: int) -> HttpResponse:
            if request.method in ("GET", "HEAD"):
                event = event_for_director(request, pk)
                return redirect(_night_url(event, anchor))
            if request.method != "POST":
                return HttpResponseNotAllowed(["POST"])
            return view(request, pk)

        return wrapped

    return decorate


def _locked_money(event: Event) -> NightMoney:
    """The night's money row, held until the transaction ends: two posts for the same night
    (a double click, two directors) are checked and saved one after the other, each seeing
    what the other saved. (SQLite's IMMEDIATE transactions already take one write at a
    time: config/settings.py.)"""
    night_money_of(event)
    return NightMoney.objects.select_for_update().get(event=event)


def _form_errors(form) -> str:
    return " ".join(str(e) for errors in form.errors.values() for e in errors)

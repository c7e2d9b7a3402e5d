"""The check-in page: the night starts from the sign-up list (signup/checkin.py), on the club's
server or on the hall's laptop (whose copies of the list signup/sync.py fetches)."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from clubs import dates
from publishing.models import Link
from tournaments import edit_locks
from tournaments.models import Event

from . import checkin, sync
from .access import event_for_list
from .models import Fetched


def _event_for_user(request: HttpRequest, pk: int) -> tuple[Event, bool]:
    access = event_for_list(request, pk, entries=True)
    return access.event, access.sees_contacts


def _fetched_words(event: Event) -> dict | None:
    """On a linked laptop: when the list was last fetched from the club's server."""
    link = Link.objects.filter(club=event.club).first()
    if link is None:
        return None
    fetched = Fetched.objects.filter(club=event.club).first()
    at = fetched.at if fetched else None
    if at is None:
        when = "not fetched yet"
    elif timezone.localdate(at) == timezone.localdate():
        when = f"fetched at {dates.clock(at, event)}"
    else:
        when = f"fetched on {dates.moment(at, event)}"
    error = fetched.error if fetched and fetched.error else ""
    return {"server": link.server_url, "when": when, "error": error}


@login_required
def check_in_page(request: HttpRequest, pk: int) -> HttpResponse:
    event, contacts = _event_for_user(request, pk)
    return render(
        request,
        "signup/checkin.html",
        {
            "event": event,
            "night": checkin.night(event),
            "contacts": contacts,
            "locked": edit_locks.refusal(event),
            "fetched": _fetched_words(event),
            "walk_ins": reverse("tournaments:event-detail", args=[event.pk]) + "#add-players",
        },
    )


class TapForm(forms.Form):
    signup = forms.IntegerField(min_value=1, max_value=2**63 - 1)
    action = forms.ChoiceField(choices=[(a, a) for a in ("here", "no_show", "undo", "place")])


def _back(event: Event, anchor: str = "") -> HttpResponse:
    return redirect(reverse("signup:check-in", args=[event.pk]) + (f"#{anchor}" if anchor else ""))


@login_required
@require_POST
def tap(request: HttpRequest, pk: int) -> HttpResponse:
    """One name's button: Here, Did not come, Undo, or Give a place and check in."""
    event, _ = _event_for_user(request, pk)
    form = TapForm(request.POST)
    if not form.is_valid():
        messages.error(request, "That button is not one of this page's: reload the page.")
        return _back(event)
    pk, action = form.cleaned_data["signup"], form.cleaned_data["action"]
    try:
        if action == "here":
            signup, done = checkin.check_in(event=event, pk=pk)
            said = "checked in" if done else "already checked in"
        elif action == "place":
            signup, done = checkin.give_place_and_check_in(event=event, pk=pk)
            said = "given a place and checked in" if done else "already checked in"
        elif action == "no_show":
            signup, said = checkin.not_coming(event=event, pk=pk), "marked as did not come"
        else:
            signup, said = checkin.undo(event=event, pk=pk), "expected again (undone)"
    except checkin.CheckInRefused as refused:
        messages.error(request, refused.message)
        return _back(event)
    messages.success(request, f"{checkin.team_words(signup)}: {said}.")
    return _back(event, f"s{signup.pk}")


@login_required
@require_POST
def rest_not_coming(request: HttpRequest, pk: int) -> HttpResponse:
    event, _ = _event_for_user(request, pk)
    marked = checkin.rest_not_coming(event=event)
    messages.success(
        request,
        f"{marked} name{'s' if marked != 1 else ''} marked as did not come."
        if marked
        else "Nobody was still expected.",
    )
    return _back(event)


@login_required
@require_POST
def fetch_now(request: HttpRequest, pk: int) -> HttpResponse:
    """On a linked laptop: the sign-ups fetched from the club's server at once."""
    event, _ = _event_for_user(request, pk)
    link = Link.objects.filter(club=event.club).select_related("club").first()
    if link is None:
        messages.error(
            request,
            "This computer is not linked to a club's server, so there is nothing to fetch: the "
            "list here is the one players signed up on.",
        )
        return _back(event)
    try:
        kept = sync.fetch(link)
    except sync.FetchFailed as failure:
        messages.error(
            request, f"The sign-ups could not be fetched from {link.server_url}: {failure}."
        )
    else:
        messages.success(request, kept.sentence())
    return _back(event)

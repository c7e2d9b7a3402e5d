"""The check-in page: the night starts from the sign-up list (signup/checkin.py), on the club's
server or on the hall's laptop (whose copies of the list signup/sync.py fetches)."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from clubs import services as roster
from publishing.models import Link
from tournaments import edit_locks
from tournaments.models import Event

from . import checkin, sync
from .access import event_for_list


def _event_for_user(request: HttpRequest, pk: int) -> tuple[Event, bool]:
    access = event_for_list(request, pk, entries=True)
    return access.event, access.sees_contacts


def _fetched_words(event: Event) -> dict | None:
    """On a linked laptop: when the list was last fetched from the club's server."""
    link = Link.objects.filter(club=event.club).first()
    if link is None:
        return None
    return {"server": link.server_url, **sync.fetched_words(event)}


class WalkInForm(forms.Form):
    """Someone not on the list, at the door: a name, and on a pairs night or a bracket their
    partner's. The roster's rules for a name are checkin.walk_in's (clubs.services)."""

    name = forms.CharField(
        label="Name",
        max_length=roster.NAME_MAX,
        error_messages={"required": "Type the walk-in's name, e.g. Tom Newby."},
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    partner_name = forms.CharField(
        label="Partner (optional)",
        required=False,
        max_length=roster.NAME_MAX,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        if not event.is_pairs:
            del self.fields["partner_name"]
        for field in self.fields.values():
            field.error_messages["max_length"] = (
                "Too long: at most %(limit_value)d characters, as on the roster."
            )


class RestForm(forms.Form):
    confirm = forms.BooleanField(required=False)


def _page(request: HttpRequest, event: Event, contacts: bool, **forms_shown) -> HttpResponse:
    found = checkin.night(event)
    return render(
        request,
        "signup/checkin.html",
        {
            "event": event,
            "night": found,
            "contacts": contacts,
            "locked": edit_locks.refusal(event),
            "fetched": _fetched_words(event),
            "walk_in_form": forms_shown.get("walk_in_form") or WalkInForm(event=event),
            "rest_refused": forms_shown.get("rest_refused", False),
        },
    )


@login_required
def check_in_page(request: HttpRequest, pk: int) -> HttpResponse:
    event, contacts = _event_for_user(request, pk)
    return _page(request, event, contacts)


@login_required
@require_POST
def walk_in(request: HttpRequest, pk: int) -> HttpResponse:
    """Someone not on the list: found on the roster or added to it, entered and checked in."""
    event, contacts = _event_for_user(request, pk)
    form = WalkInForm(request.POST, event=event)
    if form.is_valid():
        try:
            came = checkin.walk_in(
                event=event,
                name=form.cleaned_data["name"],
                partner_name=form.cleaned_data.get("partner_name", ""),
            )
        except checkin.CheckInRefused as refused:
            form.add_error(None, refused.message)
        else:
            if came.listed is not None:
                return _from_list_said(request, event, came)
            if not came.done:
                said = "already checked in"
            elif came.new:
                said = f"{' and '.join(came.new)} added to the roster; entered and checked in"
            else:
                said = "entered and checked in"
            if came.done and len(came.players) == 2 and event.is_pairs:
                said += " as partners"
            messages.success(request, f"Walk-in {came.words}: {said}.")
            return _back(event, "walk-in")
    # A field refused (the name empty, too long): the focus on it, its words just above, so
    # the page opens there, not at its top (a refusal of the whole form takes it itself).
    for field in form.errors:
        if field in form.fields:
            form.fields[field].widget.attrs["autofocus"] = True
            break
    return _page(request, event, contacts, walk_in_form=form)


def _from_list_said(request: HttpRequest, event: Event, came: checkin.WalkIn) -> HttpResponse:
    """A name of the list typed as a walk-in: said as checked in from the list, at its row."""
    signup = came.listed
    team = checkin.team_words(signup)
    two = len(came.players) == 2
    if came.placed:
        said = (
            f"{team} {'were' if two else 'was'} on the waiting list: given a place and checked in."
        )
    else:
        done = "checked in from it" if came.done else "checked in already"
        said = f"{team} {'are' if two else 'is'} on the list: {done}."
    messages.success(request, said)
    return _back(event, f"s{signup.pk}")


class WalkInUndoForm(forms.Form):
    player = forms.IntegerField(min_value=1, max_value=2**63 - 1)


@login_required
@require_POST
def walk_in_undo(request: HttpRequest, pk: int) -> HttpResponse:
    """A walk-in checked in by mistake, or gone before the first round: not checked in."""
    event, _ = _event_for_user(request, pk)
    form = WalkInUndoForm(request.POST)
    team = (
        checkin.walk_in_undo(event=event, player_id=form.cleaned_data["player"])
        if (form.is_valid())
        else None
    )
    if team is None:
        messages.info(request, "That walk-in is not checked in any more: nothing was changed.")
        return _back(event, "walked-in")
    messages.success(
        request,
        f"{team.words}: not checked in any more (undone). Check them in again as a walk-in "
        "if they are here.",
    )
    return _back(event, "walked-in")


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
            signup = checkin.undo(event=event, pk=pk)
            said = (
                "undone, and cancelled as on the club's server"
                if signup.status == checkin.CANCELLED
                else "expected again (undone)"
            )
    except checkin.CheckInRefused as refused:
        messages.error(request, refused.message)
        return _back(event)
    messages.success(request, f"{checkin.team_words(signup)}: {said}.")
    return _back(event, f"s{signup.pk}")


@login_required
@require_POST
def rest_not_coming(request: HttpRequest, pk: int) -> HttpResponse:
    """Everyone still expected marked as did not come: one button for many names, so only
    with its tick, as the list's Remove."""
    event, contacts = _event_for_user(request, pk)
    form = RestForm(request.POST)
    if not (form.is_valid() and form.cleaned_data["confirm"]):
        # Beside the box and its button (the template), in the box's own words.
        return _page(request, event, contacts, rest_refused=True)
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

"""The sign-up's pages. Public (no account): the form on the club's public page, and the private
link to change or cancel (a visit never changes anything; a button posts). The director's: the
list with its settings, add, hold, move, remove, paid ahead, each a post that comes back to the
list (signup/access.py decides who). The rules and figures are signup/services.py's."""

from functools import wraps

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from config.addresses import client_address
from tournaments import guesses

from . import limits, services
from .access import event_for_list, public_event, signup_for_list
from .forms import ChangeForm, DirectorAddForm, HoldForm, SheetForm, SignUpForm
from .models import SignUp


def _site(request: HttpRequest) -> str:
    return f"{request.scheme}://{request.get_host()}"


def _errors_to(form, error: ValidationError) -> None:
    for field, messages_ in error.message_dict.items():
        form.add_error(field if field in form.fields else None, messages_)


# --- Public --------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def signup_form(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = public_event(slug, pk)
    sheet = services.sheet_of(event)
    pairs = services.pairs_event(event)
    closed = services.closed_because(event, sheet)
    context = {"event": event, "club": event.club, "pairs": pairs, "closed": closed}
    # A night that is over: nobody can put a name down for it any more, not even the director.
    context["over"] = services.night_over(event)
    if closed:
        return render(request, "signup/closed.html", context, status=200 if sheet.pk else 404)
    phone = guesses.phone_of(request)
    form = SignUpForm(request.POST or None, pairs=pairs)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            taken = limits.reserve(address=client_address(request), phone=phone)
            if taken.refused:
                context["refusal"] = limits.too_many(taken)
                context.update(form=form, counts=services.counts(event, sheet), sheet=sheet)
                response = render(request, "signup/form.html", context, status=429)
                response["Retry-After"] = taken.wait_seconds
                return response
            try:
                outcome = services.sign_up(event=event, site=_site(request), **form.cleaned_data)
            except ValidationError as error:
                taken.give_back()
                _errors_to(form, error)
            except services.Refused as refused:
                taken.give_back()
                context["closed"] = str(refused)
                return render(request, "signup/closed.html", context, status=409)
            else:
                if outcome.already:
                    response = render(
                        request,
                        "signup/already.html",
                        {**context, "name": outcome.signup.name, "said": outcome.said},
                    )
                else:
                    response = redirect("signup:mine", token=outcome.signup.token)
                    response["Location"] += "?new=1"
                guesses.remember_phone(response, phone)
                return response
    context.update(form=form, counts=services.counts(event, sheet), sheet=sheet)
    response = render(request, "signup/form.html", context, status=status)
    guesses.remember_phone(response, phone)
    return response


def _signup_by_token(request: HttpRequest, token: str) -> tuple[SignUp | None, HttpResponse | None]:
    """The sign-up a private link names, or the page saying why not."""
    signup = (
        SignUp.objects.select_related("event__club").filter(token=token).first()
        if token and len(token) <= 64
        else None
    )
    if signup is None:
        return None, render(request, "signup/unknown.html", status=404)
    if services.link_expired(signup):
        context = {"event": signup.event, "club": signup.event.club}
        return None, render(request, "signup/expired.html", context, status=410)
    return signup, None


def _mine_context(signup: SignUp) -> dict:
    event = signup.event
    sheet = services.sheet_of(event)
    position = services.waiting_position(signup)
    return {
        "signup": signup,
        "event": event,
        "club": event.club,
        "pairs": services.pairs_event(event),
        "position": position,
        "position_words": services.ordinal(position) if position else "",
        "reopen": not services.closed_because(event),
        "sheet": sheet,
        # Checked in, or the night begun: the page says so and offers no change nor cancel.
        "kept": services.kept_because(signup),
        # A team waiting while a place is left: that place is one, and a team takes two.
        "team_waits": signup.status == SignUp.Status.WAITING
        and signup.places == 2
        and services.counts(event, sheet).left == 1,
    }


@require_http_methods(["GET", "POST"])
def mine(request: HttpRequest, token: str) -> HttpResponse:
    """The private link: the sign-up as it stands, the change form, the cancel button."""
    signup, refusal = _signup_by_token(request, token)
    if refusal:
        return refusal
    pairs = services.pairs_event(signup.event)
    initial = {
        "email": signup.email,
        "phone": signup.phone,
        "partner_name": signup.partner_name,
        "find_partner": signup.find_partner,
    }
    form = ChangeForm(request.POST or None, initial=initial, pairs=pairs)
    status = 200
    if request.method == "POST" and signup.status != SignUp.Status.CANCELLED:
        status = 400
        if form.is_valid():
            partner_before = signup.partner_name
            try:
                changed = services.change(signup=signup, site=_site(request), **form.cleaned_data)
            except ValidationError as error:
                _errors_to(form, error)
            except services.Refused as refused:
                form.add_error(None, str(refused))
                status = 409
            else:
                note = "Your changes are saved."
                if partner_before and changed.partner_was == partner_before:
                    note += (
                        f" {partner_before} is no longer on the list with you: tell them. The "
                        "director's list says so too."
                    )
                messages.success(request, note)
                return redirect("signup:mine", token=signup.token)
    context = _mine_context(signup)
    if request.GET.get("tick") == "1" and signup.status != SignUp.Status.CANCELLED:
        context["cancel_error"] = "Tick “Yes, cancel my sign-up” first, then press Cancel."
    context.update(
        form=form,
        new=request.GET.get("new") == "1",
        link=services.private_link(signup, _site(request)),
    )
    return render(request, "signup/mine.html", context, status=status)


@require_http_methods(["GET", "POST"])
def mine_cancel(request: HttpRequest, token: str) -> HttpResponse:
    signup, refusal = _signup_by_token(request, token)
    if refusal:
        return refusal
    if request.method == "GET":
        # The address opened by hand, or reloaded after a refusal: the link's own page.
        return redirect("signup:mine", token=signup.token)
    if request.POST.get("confirm") != "yes":
        # Back to the page's own address, which says what to do (a page left at /cancel/
        # would be lost on a reload).
        return redirect(reverse("signup:mine", args=[signup.token]) + "?tick=1#error-summary")
    try:
        services.cancel(signup=signup, site=_site(request))
    except services.Refused as refused:
        context = _mine_context(signup)
        context["cancel_refused"] = str(refused)
        return render(request, "signup/mine.html", context, status=409)
    messages.success(request, "Your sign-up is cancelled. Thank you for letting the club know.")
    return redirect("signup:mine", token=signup.token)


# --- The director's list -------------------------------------------------------------------


def _list_page(request, access, status=200, **forms) -> HttpResponse:
    event = access.event
    sheet = services.sheet_of(event)
    places, waiting = services.the_list(event)
    pairs = services.pairs_event(event)
    if access.sees_contacts:
        # A player who gave a phone number and no email address gets no mail: the link is
        # read to them or texted (the token is kept as it is, so it can be shown again).
        for s in places + waiting:
            if s.phone and not s.email and s.token:
                s.link = services.private_link(s, _site(request))
    if pairs:
        # "Pair with …": each player looking for a partner, offered the others looking.
        looking = [s for s in places + waiting if s.find_partner and not s.partner_name]
        for s in looking:
            s.pair_choices = [o for o in looking if o.pk != s.pk]
    context = {
        "event": event,
        "club": event.club,
        "sheet": sheet,
        "counts": services.counts(event, sheet),
        "places": places,
        "waiting": waiting,
        "cancelled": services.cancelled(event),
        "pairs": pairs,
        "sees_contacts": access.sees_contacts,
        "kept_on": access.kept_on,
        "closed": services.closed_because(event, sheet),
        "over": services.list_kept(event),
        "public": event.club.results_public,
        "settings_form": forms.get("settings_form")
        or SheetForm(instance=sheet, event=event, prefix="sheet"),
        "add_form": forms.get("add_form") or DirectorAddForm(pairs=pairs, prefix="add"),
        "hold_form": forms.get("hold_form") or HoldForm(prefix="hold"),
        # The summary at the top: the form sent back with its fields in error, or a refusal
        # in words with a link to where it is fixed.
        "error_form": next(
            (f for f in (forms.get(k) for k in ("settings_form", "add_form", "hold_form")) if f),
            None,
        ),
        "list_error": forms.get("list_error", ""),
        "error_link": forms.get("error_link", ""),
        "time_zone": _zone_words(),
    }
    return render(request, "signup/list.html", context, status=status)


@login_required
def sheet_list(request: HttpRequest, pk: int) -> HttpResponse:
    return _list_page(request, event_for_list(request, pk))


def _list_post(anchor: str):
    """A list view that changes on POST. A GET (the address bar left on it after a refusal,
    then opened again) goes back to the list at `anchor` (a row's, for a row's address), for
    the club's staff only; not a blank 405."""

    def decorate(view):
        @wraps(view)
        def wrapped(request: HttpRequest, pk: int, **kwargs) -> HttpResponse:
            if request.method in ("GET", "HEAD"):
                access = event_for_list(request, pk)
                row = kwargs.get("signup_pk")
                where = f"signup-{row}" if row is not None else anchor
                return redirect(reverse("signup:list", args=[access.event.pk]) + f"#{where}")
            if request.method != "POST":
                return HttpResponseNotAllowed(["POST"])
            return view(request, pk, **kwargs)

        return wrapped

    return decorate


@login_required
@_list_post("settings")
def sheet_settings(request: HttpRequest, pk: int) -> HttpResponse:
    access = event_for_list(request, pk)
    event = access.event
    sheet = services.sheet_of(event)
    form = SheetForm(request.POST, instance=sheet, event=event, prefix="sheet")
    if not form.is_valid():
        return _list_page(request, access, status=400, settings_form=form)
    saved = services.sheet_save(event=event, site=_site(request), **form.cleaned_data)
    note = "The sign-up's settings are saved."
    if saved.over:
        c = services.counts(event, saved.sheet)
        note += (
            f" {c.taken} places are taken and the cap is {c.cap}: everyone keeps their place; "
            f"new sign-ups wait until fewer than {c.cap} places are taken."
        )
    note += _given_places(saved.promoted)
    messages.success(request, note)
    return redirect("signup:list", pk=event.pk)


def _given_places(promoted) -> str:
    """ " A place now for Pat O'Brien (mailed) and Ann Lee.": the names a freed place went to,
    "mailed" beside those we could mail."""
    if not promoted:
        return ""
    names = [f"{s.name} (mailed)" if s.email else s.name for s in promoted]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f" A place now for {listed}."


def _zone_words() -> str:
    """The club's time zone as a person says it ("Eastern Time"), from the app's setting."""
    from babel.dates import get_timezone_name

    try:
        name = get_timezone_name(settings.TIME_ZONE, locale="en")
    except LookupError:
        name = ""
    if not name or "Unknown" in name:
        return "UTC (world time)"
    return name


def _past_cap_note(added: services.Added) -> str:
    # Only a name given a place can be past the cap: one sent to the waiting list is not.
    if added.past_cap and added.signup.status == SignUp.Status.IN:
        return f" That is {added.past_cap} place{'s' if added.past_cap != 1 else ''} past the cap."
    return ""


@login_required
@_list_post("add")
def list_add(request: HttpRequest, pk: int) -> HttpResponse:
    access = event_for_list(request, pk)
    event = access.event
    form = DirectorAddForm(request.POST, pairs=services.pairs_event(event), prefix="add")
    if form.is_valid():
        try:
            added = services.director_add(event=event, site=_site(request), **form.cleaned_data)
        except ValidationError as error:
            _errors_to(form, error)
        except services.Refused as refused:
            return _list_page(request, access, status=400, list_error=str(refused))
        else:
            s = added.signup
            where = (
                "was on the waiting list: now has a place" + (" (mailed)" if s.email else "")
                if added.was_waiting
                else "has a place"
                if s.status == SignUp.Status.IN
                else (
                    f"is {services.ordinal(services.waiting_position(s))} on the waiting list "
                    "(the list is full; tick “Give a place even past the cap” to give one)"
                )
            )
            mailed = (
                " We have mailed them their private link."
                if s.email and not added.was_waiting
                else ""
            )
            messages.success(request, f"{s.name} {where}.{_past_cap_note(added)}{mailed}")
            return redirect("signup:list", pk=event.pk)
    return _list_page(request, access, status=400, add_form=form)


@login_required
@_list_post("hold")
def list_hold(request: HttpRequest, pk: int) -> HttpResponse:
    access = event_for_list(request, pk)
    event = access.event
    form = HoldForm(request.POST, prefix="hold")
    if form.is_valid():
        try:
            added = services.hold(event=event, site=_site(request), **form.cleaned_data)
        except ValidationError as error:
            _errors_to(form, error)
        except services.Refused as refused:
            return _list_page(request, access, status=400, list_error=str(refused))
        else:
            s = added.signup
            if added.was_waiting:
                mailed = " (mailed)" if s.email else ""
                note = f"{s.name} was on the waiting list: now has a place{mailed}."
            elif s.status == SignUp.Status.IN:
                note = f"A place is held for {s.name}."
            else:
                where = services.ordinal(services.waiting_position(s))
                note = (
                    f"The list is full: {s.name} is {where} on the waiting list. Tick “Even past "
                    "the cap” to hold a place anyway."
                )
            messages.success(request, note + _past_cap_note(added))
            return redirect("signup:list", pk=event.pk)
    return _list_page(request, access, status=400, hold_form=form)


@login_required
@_list_post("places")
def list_move(request: HttpRequest, pk: int, signup_pk: int) -> HttpResponse:
    access, signup = signup_for_list(request, pk, signup_pk)
    try:
        moved = services.move(
            signup=signup, direction=request.POST.get("direction", ""), site=_site(request)
        )
    except services.Refused as refused:
        return _list_page(
            request, access, status=400, list_error=str(refused), error_link=f"signup-{signup.pk}"
        )
    if request.POST.get("direction") == "give-place":
        messages.success(request, f"{moved.signup.name} has a place.{_past_cap_note(moved)}")
    elif request.POST.get("direction") == "to-waiting":
        mailed = " (mailed)" if moved.signup.email else ""
        messages.success(
            request,
            f"{moved.signup.name} is first on the waiting list{mailed}."
            + _given_places(moved.promoted),
        )
    return redirect(reverse("signup:list", args=[pk]) + f"#signup-{signup.pk}")


@login_required
@_list_post("places")
def list_remove(request: HttpRequest, pk: int, signup_pk: int) -> HttpResponse:
    access, signup = signup_for_list(request, pk, signup_pk)
    if request.POST.get("confirm") != "yes":
        return _list_page(
            request,
            access,
            status=400,
            list_error=f"Tick “Yes, remove” beside {signup.name} first, then press Remove: nothing "
            "was changed.",
            error_link=f"remove-confirm-{signup.pk}",
        )
    try:
        promoted = services.remove(signup=signup, site=_site(request))
    except services.Refused as refused:
        return _list_page(request, access, status=400, list_error=str(refused))
    note = f"{signup.name} is off the list{' (mailed)' if signup.email else ''}."
    note += _given_places(promoted)
    messages.success(request, note)
    return redirect("signup:list", pk=access.event.pk)


@login_required
@_list_post("places")
def list_paid(request: HttpRequest, pk: int, signup_pk: int) -> HttpResponse:
    access, signup = signup_for_list(request, pk, signup_pk)
    try:
        services.paid_ahead(signup=signup, paid=request.POST.get("paid") == "yes")
    except services.Refused as refused:
        return _list_page(request, access, status=400, list_error=str(refused))
    return redirect(reverse("signup:list", args=[pk]) + f"#signup-{signup.pk}")


@login_required
@_list_post("places")
def list_pair(request: HttpRequest, pk: int, signup_pk: int) -> HttpResponse:
    """ "Pair with …": two players looking for a partner made one team (services.pair)."""
    access, signup = signup_for_list(request, pk, signup_pk)
    try:
        paired = services.pair(signup=signup, other=request.POST.get("partner", ""))
    except services.Refused as refused:
        return _list_page(
            request, access, status=400, list_error=str(refused), error_link=f"pair-{signup.pk}"
        )
    team, folded = paired.team, paired.folded
    messages.success(
        request,
        f"{team.name} & {team.partner_name} are a team now, on {team.name}'s sign-up "
        f"({team.places} places). {folded.name}'s own sign-up is under Cancelled, as paired "
        "by you.",
    )
    return redirect(reverse("signup:list", args=[pk]) + f"#signup-{team.pk}")

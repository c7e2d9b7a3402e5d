"""The club's staff pages: a director's own sign-up and its confirmation link (no login: the
token is the key), the club's Directors page, and an invitation's link. Access to the Directors
page: `_get_club_to_manage`, the one helper (clubs/roles.py's MANAGE_DIRECTORS)."""

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from clubs.models import Club, ClubDirector
from clubs.roles import Right, require
from config.addresses import client_address

from . import services
from .forms import AcceptForm, AddHereForm, InviteForm, JoinForm, RoleForm
from .models import INVITE_LINK_DAYS, JOIN_LINK_DAYS

# The account made here logs in by its password; axes (the first backend) only counts
# wrong passwords, so the session names Django's own.
BACKEND = "config.backends.AnyCaseBackend"


def _site(request: HttpRequest) -> str:
    return f"{request.scheme}://{request.get_host()}"


def _get_club_to_manage(request: HttpRequest, slug: str) -> Club:
    """The club, if the user is on its staff (anyone else: 404, as every club page), and only
    for a role that manages directors (an assistant: refused in words)."""
    club = get_object_or_404(Club.objects.directed_by(request.user), slug=slug)
    require(request.user, club, Right.MANAGE_DIRECTORS)
    return club


# --- A director's own sign-up ----------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest) -> HttpResponse:
    if not services.mail_works():
        # A hall laptop: no mail would ever confirm the address.
        return render(request, "directors/join_off.html", status=404)
    if request.user.is_authenticated:
        return render(request, "directors/join_logged_in.html")
    form = JoinForm(request.POST if request.method == "POST" else None)
    refusal = ""
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.join_ask(
                email=data["email"],
                password=data["password"],
                club_name=data["club_name"],
                site=_site(request),
                address=client_address(request),
            )
        except services.Refused as refused:
            refusal = str(refused)
        else:
            return render(
                request,
                "directors/join_sent.html",
                {"email": data["email"].strip(), "days": JOIN_LINK_DAYS},
            )
    return render(
        request,
        "directors/join.html",
        {"form": form, "refusal": refusal, "days": JOIN_LINK_DAYS},
        status=(429 if refusal else 400) if form.is_bound else 200,
    )


@require_http_methods(["GET", "POST"])
def join_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The link in the mail: a page with a button (a mail scanner that opens the link makes
    nothing); its post makes the account and the club, logs in and opens the club."""
    join = services.join_for(token)
    if join is None:
        return render(request, "directors/join_gone.html", {"state": "unknown"}, status=404)
    if join.used_at:
        if join.club_id and request.user.is_authenticated and request.user.pk == join.user_id:
            return redirect("clubs:club-detail", slug=join.club.slug)  # a second press
        return render(request, "directors/join_gone.html", {"state": "used"}, status=410)
    if join.expired:
        return render(
            request,
            "directors/join_gone.html",
            {"state": "expired", "days": JOIN_LINK_DAYS},
            status=410,
        )
    taken = services.club_named(join.club_name)
    if taken is not None:
        return _name_taken(request, taken)
    if request.method == "POST":
        try:
            user, club = services.join_confirm(join=join)
        except services.Refused as refused:
            if str(refused) == "name_taken":  # taken between the look above and the press
                return _name_taken(request, services.club_named(join.club_name))
            return render(request, "directors/join_gone.html", {"state": str(refused)}, status=410)
        login(request, user, backend=BACKEND)
        messages.success(
            request,
            f"Welcome: {club.name} is set up, and you direct it. You log in with "
            f"{user.get_username()} and your password. Add the club's players below.",
        )
        return redirect("clubs:club-detail", slug=club.slug)
    return render(request, "directors/join_confirm.html", {"join": join})


def _name_taken(request: HttpRequest, club) -> HttpResponse:
    said = services.name_taken(club) if club else "Another club took this name a moment ago."
    return render(
        request, "directors/join_gone.html", {"state": "name_taken", "said": said}, status=409
    )


# --- The club's Directors page ---------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def staff(request: HttpRequest, slug: str) -> HttpResponse:
    club = _get_club_to_manage(request, slug)
    invite_form = InviteForm()
    add_form = AddHereForm()
    refusal = ""
    if request.method == "POST":
        action = request.POST.get("action", "")
        try:
            if action == "add_here":
                add_form = AddHereForm(request.POST)
                if add_form.is_valid():
                    member = services.add_here(
                        club=club,
                        username=add_form.cleaned_data["username"],
                        role=add_form.cleaned_data["role"],
                        password=add_form.cleaned_data["password1"],
                    )
                    messages.success(
                        request,
                        f"{member.user.get_username()} is on the staff, as "
                        f"{member.get_role_display().lower()}: they log in on this computer "
                        "(or a phone on the hall's Wi-Fi) with that name and their password.",
                    )
                    return redirect("directors:staff", slug=club.slug)
            elif action == "invite":
                invite_form = InviteForm(request.POST)
                if invite_form.is_valid():
                    invitation = services.invite(
                        club=club,
                        email=invite_form.cleaned_data["email"],
                        role=invite_form.cleaned_data["role"],
                        by=request.user,
                        site=_site(request),
                    )
                    messages.success(
                        request,
                        f"Invitation sent to {invitation.email}: its link works for "
                        f"{INVITE_LINK_DAYS} days.",
                    )
                    return redirect("directors:staff", slug=club.slug)
            elif action == "cancel":
                if services.invitation_cancel(club=club, pk=_number(request.POST.get("pk"))):
                    messages.success(request, "Invitation cancelled: its link no longer works.")
                else:
                    messages.info(request, "That invitation was already accepted or cancelled.")
                return redirect("directors:staff", slug=club.slug)
            elif action in ("role", "remove"):
                return _change_member(request, club, action)
            else:
                refusal = "Nothing was changed: use one of the page's buttons."
        except services.Refused as refused:
            refusal = str(refused)
    refused_invite = bool(refusal) and request.POST.get("action") in ("invite", "add_here")
    return _render_staff(request, club, invite_form, refusal, refused_invite, add_form)


def _number(text) -> int:
    return int(text) if str(text or "").isdigit() and len(str(text)) < 10 else 0


def _change_member(request: HttpRequest, club: Club, action: str) -> HttpResponse:
    pk = _number(request.POST.get("pk"))
    if action == "role":
        form = RoleForm(request.POST)
        if not form.is_valid():
            raise services.Refused("Choose assistant director or director.")
        member, changed = services.role_change(club=club, pk=pk, role=form.cleaned_data["role"])
        name, role = member.user.get_username(), member.get_role_display().lower()
        if changed:
            messages.success(request, f"{name} is now {role}.")
        else:
            messages.info(request, f"{name} is {role} already: nothing changed.")
    else:
        member = services.staff_remove(club=club, pk=pk)
        messages.success(
            request,
            f"{member.user.get_username()} is no longer on the club's staff. Their account is "
            "kept: invite them again to bring them back.",
        )
    if member.user_id == request.user.pk and (
        action == "remove" or member.role != ClubDirector.Role.DIRECTOR
    ):
        # They no longer manage the club's staff: the page would refuse them.
        if action == "remove":
            return redirect("tournaments:home")
        return redirect("clubs:club-detail", slug=club.slug)
    return redirect("directors:staff", slug=club.slug)


def _render_staff(
    request, club, invite_form, refusal, refused_invite=False, add_form=None
) -> HttpResponse:
    add_form = add_form or AddHereForm()
    error_form = next((f for f in (invite_form, add_form) if f.errors), None)
    failed = bool(refusal or error_form)
    # A refusal about the person named in the form links to that name's box.
    named = invite_form["email"] if services.mail_works() else add_form["username"]
    refusal_link = named.id_for_label if refused_invite else ""
    return render(
        request,
        "directors/staff.html",
        {
            "club": club,
            "staff": services.staff(club),
            "pending": club.invitations.pending().order_by("created"),
            "invite_form": invite_form,
            "add_form": add_form,
            "refusal": refusal,
            "refused_invite": refused_invite,
            "error_form": error_form,
            "refusal_link": refusal_link,
            "summary_heading": "Nothing was changed: fix what is marked below"
            if error_form
            else "Nothing was changed",
            "mail_works": services.mail_works(),
            "roles": ClubDirector.Role.choices,
            "days": INVITE_LINK_DAYS,
        },
        status=400 if failed else 200,
    )


# --- An invitation's link --------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def invite(request: HttpRequest, token: str) -> HttpResponse:
    invitation = services.invitation_for(token)
    state = services.invitation_state(invitation)
    if state == "accepted" and request.user.pk and request.user.pk == invitation.accepted_by_id:
        return redirect("clubs:club-detail", slug=invitation.club.slug)  # a second press
    if state != "pending":
        return _invite_gone(request, state, invitation)
    account = services.account_for(invitation.email)
    user = request.user if request.user.is_authenticated else None
    by = invitation.invited_by
    context = {
        "invitation": invitation,
        "club": invitation.club,
        "account": account,
        "by": services.person_name(by) if by else "",
    }
    if account is not None:
        # Theirs to accept as themselves, logged in: the link alone opens no account.
        if user is None or user.pk != account.pk:
            return render(request, "directors/invite_log_in.html", context)
        if request.method == "POST":
            return _accepted(request, invitation, user=user)
        return render(request, "directors/invite.html", context)
    if user is not None:
        # Logged in as someone else, for an address with no account.
        return render(request, "directors/invite_log_in.html", context)
    form = AcceptForm(request.POST if request.method == "POST" else None, email=invitation.email)
    if request.method == "POST" and form.is_valid():
        return _accepted(request, invitation, password=form.cleaned_data["password1"])
    context["form"] = form
    return render(request, "directors/invite.html", context, status=400 if form.errors else 200)


def _accepted(request, invitation, *, user=None, password="") -> HttpResponse:
    try:
        user, member = services.invitation_accept(
            invitation=invitation, user=user, password=password
        )
    except services.Refused as refused:
        return _invite_gone(request, str(refused), invitation)
    if not request.user.is_authenticated:
        login(request, user, backend=BACKEND)
    club = invitation.club
    if member.role != invitation.role:
        messages.info(
            request,
            f"You were already {member.get_role_display().lower()} of {club.name}: that stays.",
        )
    else:
        messages.success(
            request,
            f"Welcome to {club.name}'s staff, as {member.get_role_display().lower()}. You log "
            f"in with {user.get_username()} and your password.",
        )
    return redirect("clubs:club-detail", slug=club.slug)


def _invite_gone(request, state: str, invitation) -> HttpResponse:
    return render(
        request,
        "directors/invite_gone.html",
        {"state": state, "invitation": invitation, "days": INVITE_LINK_DAYS},
        status=404 if state == "unknown" else 410,
    )

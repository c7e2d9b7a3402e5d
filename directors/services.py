"""The club's staff: a director's own sign-up (asked, then confirmed from the mail, which makes
the account and the club), and the invitations, roles and removals of the Directors page.

Every refusal is a `Refused` with the sentence the person reads. The club is never left
without a director: a change that would leave none is refused in the same statement that
makes it (and, on PostgreSQL, with the club's row locked), so two directors demoting each
other at the same moment cannot both succeed."""

from __future__ import annotations

import datetime
import itertools

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q
from django.forms.models import model_to_dict
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from post_office import mail

from clubs import dates
from clubs import services as club_services
from clubs.forms import RESERVED_SLUGS, ClubCreateForm
from clubs.models import Club, ClubDirector
from results_mail import sending
from results_mail.services import base_url

from . import limits
from .models import JOIN_LINK_DAYS, Invitation, JoinRequest, new_token, token_hash

Role = ClubDirector.Role
User = get_user_model()


class Refused(Exception):
    """What the person must be told, in a sentence: what is wrong and what to do."""


def mail_works() -> bool:
    """Whether a mail sent from here can arrive: as for the password reset (settings)."""
    return settings.PASSWORD_RESET_BY_MAIL


def account_for(email: str):
    """The account that logs in with this address, or that has it as its address."""
    email = email.strip()
    return (
        User.objects.filter(Q(username__iexact=email) | Q(email__iexact=email))
        .order_by("pk")
        .first()
    )


def _send(*, to: str, subject: str, template: str, context: dict) -> None:
    """Queue the mail in post_office's queue (as results mail does), and once the transaction
    has committed, kick results mail's sender so it goes now rather than at the timer's next
    run: a person waits for this mail with the page open."""
    mail.send(
        recipients=[to],
        subject=subject,
        message=render_to_string(f"directors/mail/{template}.txt", context),
        html_message=render_to_string(f"directors/mail/{template}.html", context),
        priority="medium",
    )
    transaction.on_commit(sending.kick)


def _too_many(guess, what: str) -> Refused:
    wait = limits.in_words(guess.wait)
    if guess.refused in (limits.JOIN_TO, limits.INVITE_TO):
        return Refused(
            f"A few mails went to this address in the last hour already: look for them in the "
            f"inbox (and the spam folder), or {what} again in {wait}."
        )
    return Refused(f"Too many mails were asked for from here: {what} again in {wait}.")


# --- A director's own sign-up ----------------------------------------------------------------


def club_named(name: str) -> Club | None:
    """The club on this server with this name, in any case and however it is spaced: two
    clubs of one name would be two identical links on the home page. Every name is read (a
    server holds tens of clubs, not thousands): the database's own case folding misses
    letters outside ASCII on SQLite, and stored names may hold a double space."""
    wanted = " ".join(name.split()).casefold()
    for club in Club.objects.only("pk", "name", "slug").order_by("pk").iterator():
        if " ".join(club.name.split()).casefold() == wanted:
            return club
    return None


def name_taken(club: Club) -> str:
    """What someone setting up a club of a name another has here already reads."""
    return (
        f"A club named {club.name} is on this server already: if it is yours, ask its director "
        f"to invite you; otherwise add your town to the name, e.g. {club.name}, Springfield."
    )


def join_ask(
    *, email: str, password: str, club_name: str, site: str, address: str
) -> JoinRequest | None:
    """Mail a confirmation link; nothing else is made until it is followed. An address that
    already has an account gets a mail saying so (log in, or set a new password) instead, and
    the page answers the same either way: it tells nobody which addresses have an account,
    as Django's password reset does not. Refused past the mail budgets (limits.py)."""
    if not mail_works():
        raise Refused("No mail can be sent from this computer.")
    email = email.strip()
    guess = limits.take(limits.join_budgets(email=email, address=address))
    if guess.refused:
        raise _too_many(guess, "ask")
    _forget_old_asks()
    with transaction.atomic():
        if account_for(email) is not None:
            _send(
                to=email,
                subject="You already have an account on Euchre scores",
                template="join_taken",
                context={
                    "login": base_url(site) + reverse("login"),
                    "reset": base_url(site) + reverse("password_reset"),
                    "club_name": club_name,
                },
            )
            return None
        token = new_token()
        join = JoinRequest.objects.create(
            email=email,
            password=make_password(password),
            club_name=club_name,
            token_hash=token_hash(token),
        )
        _send(
            to=email,
            subject=f"Confirm your address to set up {club_name}",
            template="join",
            context={
                "join": join,
                "link": base_url(site) + reverse("directors:join-confirm", args=[token]),
            },
        )
    return join


def _forget_old_asks() -> None:
    """A sign-up's password hash is kept no longer than its link works, and its row a month
    (its link says "expired" meanwhile, then "not one we know")."""
    now = timezone.now()
    JoinRequest.objects.filter(created__lt=now - datetime.timedelta(days=30)).delete()
    JoinRequest.objects.filter(
        created__lte=now - datetime.timedelta(days=JOIN_LINK_DAYS), used_at=None
    ).exclude(password="").update(password="")


def join_for(token: str) -> JoinRequest | None:
    """The sign-up a link names, whatever became of it (the page says which)."""
    return JoinRequest.objects.filter(token_hash=token_hash(token)).first()


def join_confirm(*, join: JoinRequest) -> tuple:
    """The button on the link's page: the account (logging in with the address and the
    password typed), the club, its director. Once: a second press finds it used. Refused
    with the link's state ("expired", "used", "taken"), which the page says in words."""
    with transaction.atomic():
        now = timezone.now()
        if join.expired:
            raise Refused("expired")
        # Claimed by one conditional UPDATE: of two presses at once, one makes the club.
        if not JoinRequest.objects.filter(pk=join.pk, used_at=None).update(used_at=now):
            raise Refused("used")
        if account_for(join.email) is not None:
            raise Refused("taken")
        # Another club may have taken the name since the asking.
        if club_named(join.club_name) is not None:
            raise Refused("name_taken")
        user = User(username=join.email, email=join.email, password=join.password)
        try:
            with transaction.atomic():
                user.save()
        except IntegrityError:
            raise Refused("taken") from None
        club = _club_make(name=join.club_name, user=user)
        # The hash is the account's now: the sign-up keeps no copy.
        JoinRequest.objects.filter(pk=join.pk).update(user=user, club=club, password="")
    return user, club


def _slugs(name: str):
    base = slugify(name)[:60] or "club"
    yield base
    for n in itertools.count(2):
        yield f"{base[: 60 - len(str(n)) - 1]}-{n}"


def _club_make(*, name: str, user) -> Club:
    """The club, through clubs' own create (the club settings' defaults, the director's row),
    at the first free web address from its name: "Maple Hall" is maple-hall, or maple-hall-2
    when another club has that one (names may repeat; addresses do not)."""
    data = {
        k: v
        for k, v in model_to_dict(Club(), fields=ClubCreateForm.Meta.fields).items()
        if v is not None and v is not False
    }
    for slug in _slugs(name):
        if slug in RESERVED_SLUGS or Club.objects.filter(slug=slug).exists():
            continue
        form = ClubCreateForm(data={**data, "name": name, "slug": slug})
        if not form.is_valid():
            if "slug" in form.errors:
                continue  # taken between the look and the form's own
            raise Refused(" ".join(e for errors in form.errors.values() for e in errors))
        try:
            return club_services.club_create(form=form, user=user)
        except ValidationError:
            continue  # another club took this address a moment ago: the next one
    raise AssertionError("unreachable: the web addresses never run out")


# --- The Directors page ----------------------------------------------------------------------


def person_name(user) -> str:
    """A member of the staff as people call them: their name where the account has one,
    else their address, else the name they log in with."""
    return user.get_full_name().strip() or user.email.strip() or user.get_username()


def staff(club: Club):
    return club.directors.select_related("user").order_by("role", "user__username")


def invite(*, club: Club, email: str, role: str, by, site: str) -> Invitation:
    """Mail `email` a link that gives its holder `role` in the club."""
    if not mail_works():
        raise Refused(
            "No mail can be sent from this computer, so nobody can be invited from here: "
            "invite them on the club's server, or ask the site's admin to make their account."
        )
    email = email.strip()
    member = club.directors.filter(
        Q(user__username__iexact=email) | Q(user__email__iexact=email)
    ).first()
    if member is not None:
        return _refuse_member(member, email)
    waiting = club.invitations.pending().filter(email__iexact=email).first()
    if waiting is not None:
        raise Refused(
            f"{email} was invited on {dates.day(waiting.created, club)} already, and the link "
            f"works until {dates.day(waiting.expires, club)}: cancel that invitation below to "
            "send a new one."
        )
    guess = limits.take(limits.invite_budgets(email=email, club_id=club.pk))
    if guess.refused:
        raise _too_many(guess, "invite them")
    token = new_token()
    with transaction.atomic():
        invitation = Invitation.objects.create(
            club=club, email=email, role=role, invited_by=by, token_hash=token_hash(token)
        )
        _send(
            to=email,
            subject=f"{club.name}: you are invited to help run its nights"
            if role == Role.ASSISTANT
            else f"{club.name}: you are invited to direct the club",
            template="invite",
            context={
                "invitation": invitation,
                "club": club,
                "by": person_name(by) if by else "",
                "link": base_url(site) + reverse("directors:invite", args=[token]),
            },
        )
    return invitation


def add_here(*, club: Club, username: str, role: str, password: str) -> ClubDirector:
    """Where no mail goes (the hall's laptop): a new account made at this computer and put on
    the club's staff with `role`, its password typed by its holder. A name an account here has
    already (in any case: the login takes any) is refused, never taken over."""
    if mail_works():
        raise Refused("This computer sends mail: invite them by their email address instead.")
    username = username.strip()
    member = club.directors.filter(user__username__iexact=username).first()
    if member is not None:
        return _refuse_member(member, username)
    refused = Refused(
        f"An account named {username} is on this computer already: choose another name for "
        "them (e.g. add their surname's first letter)."
    )
    if account_for(username) is not None:
        raise refused
    with transaction.atomic():
        user = User(username=username)
        user.set_password(password)
        try:
            with transaction.atomic():
                user.save()
        except IntegrityError:  # made by another press at the same moment
            raise refused from None
        return ClubDirector.objects.create(club=club, user=user, role=role)


def _refuse_member(member: ClubDirector, email: str):
    raise Refused(
        f"{email} is already on the club's staff ({member.get_role_display().lower()}): "
        "change their role on their card under “The club's staff” instead."
    )


def invitation_cancel(*, club: Club, pk: int) -> bool:
    """Whether it was cancelled now (False: accepted, cancelled or gone already)."""
    return bool(
        club.invitations.filter(pk=pk, accepted_at=None, cancelled_at=None).update(
            cancelled_at=timezone.now()
        )
    )


def invitation_for(token: str) -> Invitation | None:
    invitations = Invitation.objects.select_related("club", "invited_by")
    return invitations.filter(token_hash=token_hash(token)).first()


def invitation_state(invitation: Invitation | None) -> str:
    """unknown, accepted, cancelled, expired or pending: what the link's page says."""
    if invitation is None:
        return "unknown"
    if invitation.accepted_at:
        return "accepted"
    if invitation.cancelled_at:
        return "cancelled"
    if invitation.expired:
        return "expired"
    return "pending"


def invitation_accept(*, invitation: Invitation, user=None, password: str = "") -> tuple:
    """The invited person's button: as `user` (logged in, with the invited address), or a new
    account with the address and `password`. (user, the role they now have in the club).
    Once: of two presses at once one gives the role; a role they already had is kept."""
    with transaction.atomic():
        state = invitation_state(invitation)
        if state != "pending":
            raise Refused(state)
        claimed = Invitation.objects.filter(
            pk=invitation.pk, accepted_at=None, cancelled_at=None
        ).update(accepted_at=timezone.now())
        if not claimed:
            raise Refused(invitation_state(Invitation.objects.get(pk=invitation.pk)))
        if user is None:
            if account_for(invitation.email) is not None:
                raise Refused("taken")
            user = User(username=invitation.email, email=invitation.email)
            user.set_password(password)
            try:
                with transaction.atomic():
                    user.save()
            except IntegrityError:
                raise Refused("taken") from None
        member, _ = ClubDirector.objects.get_or_create(
            club=invitation.club, user=user, defaults={"role": invitation.role}
        )
        Invitation.objects.filter(pk=invitation.pk).update(accepted_by=user)
    return user, member


def _lock(club: Club) -> None:
    # PostgreSQL: one staff change of a club at a time. SQLite writes one at a time anyway,
    # and the conditional statements below decide there.
    Club.objects.select_for_update().filter(pk=club.pk).first()


def _other_directors(club: Club):
    return ClubDirector.objects.filter(club=club, role=Role.DIRECTOR).exclude(pk=OuterRef("pk"))


LAST_DIRECTOR = (
    "{name} is the club's only director: make someone else a director first, so the club "
    "always has one."
)


def role_change(*, club: Club, pk: int, role: str) -> tuple[ClubDirector, bool]:
    """(The member, whether their role changed: a role they have already is no change.)"""
    with transaction.atomic():
        _lock(club)
        member = club.directors.select_related("user").filter(pk=pk).first()
        if member is None:
            raise Refused("They are no longer on the club's staff: the list below is as it is now.")
        rows = club.directors.filter(pk=pk)
        if role != Role.DIRECTOR:
            rows = rows.filter(Q(role=role) | Q(Exists(_other_directors(club))))
        if not rows.update(role=role):
            raise Refused(LAST_DIRECTOR.format(name=member.user.get_username()))
        changed = member.role != role
        member.role = role
    return member, changed


def staff_remove(*, club: Club, pk: int) -> ClubDirector:
    with transaction.atomic():
        _lock(club)
        member = club.directors.select_related("user").filter(pk=pk).first()
        if member is None:
            raise Refused("They are no longer on the club's staff: the list below is as it is now.")
        rows = club.directors.filter(pk=pk).filter(
            Q(role=Role.ASSISTANT) | Q(Exists(_other_directors(club)))
        )
        if not rows.delete()[0]:
            raise Refused(LAST_DIRECTOR.format(name=member.user.get_username()))
    return member

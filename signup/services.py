"""The sign-up list's rules and figures, in one place: who has a place and who waits, the
places taken and left, each waiting name's position; signing up, changing, cancelling; the
director adding, moving, removing, holding places; promotion when a place frees.

Every change runs in one transaction that first holds the event's Sheet row
(select_for_update; on SQLite every transaction is IMMEDIATE, config/settings.py, so one
writer at a time): two sign-ups for the last place are decided one after the other, and a
cancellation racing a sign-up sees the list the other left. After each change the list is
numbered again: the places first (1..k, in order), then the waiting list (k+1..n).

Places are counted in players: a team (a partner named) takes 2, a player looking for a
partner 1, a progressive night's player 1. A place held by the director for a regular counts
against the cap. The cap only stops new places: lowering it below the places taken leaves
everyone where they are.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Count, Q, Sum
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from post_office import mail

from clubs.dates import day
from clubs.models import Player
from clubs.services import normalise_name
from clubs.text import name_key
from results_mail import sending
from results_mail.services import base_url
from tournaments.models import Event

from .models import Sheet, SignUp

NAME_MAX = SignUp._meta.get_field("name").max_length
PHONE_MAX = SignUp._meta.get_field("phone").max_length
EMAIL_MAX = 254

IN, WAITING, CANCELLED = SignUp.Status.IN, SignUp.Status.WAITING, SignUp.Status.CANCELLED


class Refused(Exception):
    """What the person must be told, in a sentence: what is wrong and what to do."""


# --- The figures ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Counts:
    """The list's figures: every page shows these, and only these."""

    cap: int | None
    taken: int  # places of the names that have one (held places included)
    held: int  # places held by the director, not yet claimed
    waiting: int  # names on the waiting list
    waiting_places: int

    @property
    def left(self) -> int | None:
        """Places left under the cap (never below none); None when there is no cap."""
        return None if self.cap is None else max(self.cap - self.taken, 0)

    @property
    def full(self) -> bool:
        return self.left == 0

    @property
    def over(self) -> int:
        """Places given past the cap (by the director, or before it was lowered)."""
        return 0 if self.cap is None else max(self.taken - self.cap, 0)


def sheet_of(event: Event) -> Sheet:
    """The event's sheet, or an unsaved closed one: looking never writes."""
    return Sheet.objects.filter(event=event).first() or Sheet(event=event)


def counts(event: Event, sheet: Sheet | None = None) -> Counts:
    sheet = sheet or sheet_of(event)
    got = SignUp.objects.filter(event=event).aggregate(
        taken=Sum("places", filter=Q(status=IN)),
        held=Sum("places", filter=Q(status=IN, held=True)),
        waiting=Count("pk", filter=Q(status=WAITING)),
        waiting_places=Sum("places", filter=Q(status=WAITING)),
    )
    return Counts(
        cap=sheet.cap,
        taken=got["taken"] or 0,
        held=got["held"] or 0,
        waiting=got["waiting"] or 0,
        waiting_places=got["waiting_places"] or 0,
    )


def the_list(event: Event) -> tuple[list[SignUp], list[SignUp]]:
    """(the names with a place, the waiting list), each in order."""
    rows = list(
        SignUp.objects.filter(event=event)
        .exclude(status=CANCELLED)
        .select_related("player", "partner")
        .order_by("position", "pk")
    )
    return [s for s in rows if s.status == IN], [s for s in rows if s.status == WAITING]


def waiting_position(signup: SignUp) -> int | None:
    """1 for the first on the waiting list; None for a name that is not waiting."""
    if signup.status != WAITING:
        return None
    ahead = SignUp.objects.filter(
        Q(position__lt=signup.position) | Q(position=signup.position, pk__lt=signup.pk),
        event_id=signup.event_id,
        status=WAITING,
    ).count()
    return ahead + 1


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def pairs_event(event: Event) -> bool:
    """Whether a sign-up names a partner (or asks for one): pairs and bracket events."""
    return event.format in (Event.Format.PAIRS, Event.Format.BRACKET)


def closed_because(event: Event, sheet: Sheet | None = None) -> str:
    """Why the public form takes no sign-up now, in words; "" when it is open."""
    sheet = sheet or sheet_of(event)
    if not event.club.results_public:
        return f"{event.club.name} takes no sign-ups on its public page: ask its director."
    if not sheet.pk or not sheet.open:
        return f"Sign-up for {event.name} is not open on the club's page."
    if timezone.localdate() > event.date:
        return f"{event.name} was on {day(event.date, event)}: sign-up is over."
    if event.rounds.exists():
        return f"{event.name} has started: sign-up is over."
    if sheet.closes_at is not None and sheet.closes_at <= timezone.now():
        return f"Sign-up for {event.name} closed on {_moment(sheet.closes_at, event)}."
    return ""


def link_expired(signup: SignUp) -> bool:
    """A private link works until the end of the event's day, where the club is."""
    return timezone.localdate() > signup.event.date


def _moment(value: datetime.datetime, event: Event) -> str:
    from clubs.dates import moment

    return moment(value, event)


# --- Checking what was typed ----------------------------------------------------------------


@dataclass(frozen=True)
class Details:
    """A sign-up's details, cleaned and checked."""

    name: str
    email: str = ""
    phone: str = ""
    partner_name: str = ""
    find_partner: bool = False

    @property
    def places(self) -> int:
        return 2 if self.partner_name else 1


def details(
    *,
    event: Event,
    name: str,
    email: str = "",
    phone: str = "",
    partner_name: str = "",
    find_partner: bool = False,
    contact_needed: bool = True,
) -> Details:
    """The details cleaned (names as the roster cleans them); ValidationError keyed by field,
    each message saying what to do."""
    name = normalise_name(name or "")
    partner_name = normalise_name(partner_name or "")
    email = (email or "").strip()
    phone = " ".join((phone or "").split())
    problems = {}
    if not name:
        problems["name"] = "Type your name, as the club knows you."
    elif len(name) > NAME_MAX:
        problems["name"] = f"The name is {len(name)} characters long; the most is {NAME_MAX}."
    if email:
        try:
            if len(email) > EMAIL_MAX:
                raise ValidationError("too long")
            validate_email(email)
        except ValidationError:
            problems["email"] = "That is not an email address: type it whole, e.g. ann@example.com."
    if len(phone) > PHONE_MAX:
        problems["phone"] = f"The phone number is longer than {PHONE_MAX} characters."
    elif phone and not any(c.isdigit() for c in phone):
        problems["phone"] = "A phone number has digits: type it as you would dial it."
    if contact_needed and not email and not phone and "email" not in problems:
        problems["email"] = (
            "Give an email address or a phone number (or both), so the director can reach you. "
            "Neither is ever shown on the club's pages."
        )
    if pairs_event(event):
        if partner_name and find_partner:
            problems["partner_name"] = (
                "Either name your partner or tick “Find me a partner”, not both."
            )
        elif not partner_name and not find_partner and contact_needed:
            problems["partner_name"] = (
                "Type your partner's name, or tick “Find me a partner” if you have none yet."
            )
        elif len(partner_name) > NAME_MAX:
            problems["partner_name"] = f"The partner's name is longer than {NAME_MAX} characters."
        elif partner_name and name and name_key(partner_name) == name_key(name):
            problems["partner_name"] = "Your partner is someone else: type their name."
    else:
        # A progressive night changes partners every round: nobody brings one.
        partner_name, find_partner = "", False
    if problems:
        raise ValidationError(problems)
    return Details(name, email, phone, partner_name, bool(find_partner))


# --- Inside the lock ------------------------------------------------------------------------


def _locked_sheet(event: Event) -> Sheet:
    """The event's sheet, its row held until the transaction ends. Made first if it has none
    (a director adding names before opening the form)."""
    Sheet.objects.get_or_create(event=event)
    return Sheet.objects.select_for_update().get(event=event)


def _renumber(event: Event) -> None:
    """Places first, then the waiting list, each in its order, numbered 1..n."""
    rows = list(
        SignUp.objects.filter(event=event)
        .exclude(status=CANCELLED)
        .order_by("position", "pk")
        .only("pk", "status", "position")
    )
    ordered = [s for s in rows if s.status == IN] + [s for s in rows if s.status == WAITING]
    changed = []
    for number, row in enumerate(ordered, start=1):
        if row.position != number:
            row.position = number
            changed.append(row)
    SignUp.objects.bulk_update(changed, ["position"])


def _fits(event: Event, sheet: Sheet, places: int) -> bool:
    left = counts(event, sheet).left
    return left is None or left >= places


def _same_person(event: Event, name: str, player: Player | None) -> SignUp | None:
    """A name on the list (with a place or waiting) that is this person: the same roster
    player, or the same name as the roster reads names, as the one signing up or as
    someone's partner."""
    key = name_key(name)
    for s in SignUp.objects.filter(event=event).exclude(status=CANCELLED).order_by("position"):
        if name_key(s.name) == key or (player is not None and s.player_id == player.pk):
            return s
        if s.partner_name and (
            name_key(s.partner_name) == key or (player is not None and s.partner_id == player.pk)
        ):
            return s
    return None


def _roster(event: Event, name: str) -> Player | None:
    """The club's roster player this name is (clubs' duplicate rules: case, accents,
    apostrophes and spaces aside), or None. Signing up never adds anyone to the roster."""
    if not name:
        return None
    key = Player(name=name).name_key()
    return event.club.players.filter(sort_name=key).order_by("pk").first()


def promote(*, event: Event, sheet: Sheet, site: str = "") -> list[SignUp]:
    """Give the places that are free to the first waiting names that fit, in order (a team
    that needs two places lets a single player behind it have the one left), and mail them.
    Called inside the lock, after whatever freed a place."""
    promoted = []
    left = counts(event, sheet).left
    for waiting in SignUp.objects.filter(event=event, status=WAITING).order_by("position", "pk"):
        if left is not None and left <= 0:
            break
        if left is None or waiting.places <= left:
            waiting.status = IN
            waiting.save(update_fields=["status", "changed"])
            promoted.append(waiting)
            if left is not None:
                left -= waiting.places
    if promoted:
        _renumber(event)
        for signup in promoted:
            if signup.email:
                _mail_place_now(signup, site)
    return promoted


# --- The players' side ----------------------------------------------------------------------


@dataclass
class Outcome:
    signup: SignUp
    # Already on the list: nothing new was made (and the link was mailed again if the
    # address given was theirs).
    already: bool = False
    # A place the director held under this name, now theirs.
    claimed: bool = False


def sign_up(
    *,
    event: Event,
    name: str,
    email: str = "",
    phone: str = "",
    partner_name: str = "",
    find_partner: bool = False,
    site: str = "",
) -> Outcome:
    """A player puts their name down on the public form. A place if one fits, else the end of
    the waiting list; a name already on the list makes nothing new; a place the director held
    for this name becomes theirs. Raises ValidationError (by field) or Refused (closed)."""
    d = details(
        event=event,
        name=name,
        email=email,
        phone=phone,
        partner_name=partner_name,
        find_partner=find_partner,
    )
    player, partner = _roster(event, d.name), _roster(event, d.partner_name)
    with transaction.atomic():
        sheet = _locked_sheet(event)
        why = closed_because(event, sheet)
        if why:
            raise Refused(why)
        existing = _same_person(event, d.name, player)
        if existing is None and d.partner_name:
            existing = _same_person(event, d.partner_name, partner)
        if existing is not None:
            if existing.held and not (existing.email or existing.phone):
                return Outcome(_claim(existing, d, player, partner, sheet, site), claimed=True)
            if d.email and existing.email and d.email.casefold() == existing.email.casefold():
                _mail_link(existing, site, again=True)
            return Outcome(existing, already=True)
        signup = SignUp.objects.create(
            event=event,
            name=d.name,
            player=player,
            email=d.email,
            phone=d.phone,
            partner_name=d.partner_name,
            partner=partner,
            find_partner=d.find_partner,
            places=d.places,
            status=IN if _fits(event, sheet, d.places) else WAITING,
            position=_next_position(event),
        )
        _renumber(event)
        signup.refresh_from_db(fields=["position"])
        if signup.email:
            _mail_link(signup, site)
    return Outcome(signup)


def _next_position(event: Event) -> int:
    last = SignUp.objects.filter(event=event).exclude(status=CANCELLED)
    return (last.order_by("-position").values_list("position", flat=True).first() or 0) + 1


def _claim(held: SignUp, d: Details, player, partner, sheet: Sheet, site: str) -> SignUp:
    more = d.places - held.places
    if more > 0 and held.status == IN and not _fits(held.event, sheet, more):
        raise ValidationError(
            {
                "partner_name": f"The place held for {held.name} is for one player, and the "
                "night has no place left for a partner: tick “Find me a partner” instead, or "
                "ask the director."
            }
        )
    held.held = False
    held.email, held.phone = d.email, d.phone
    held.player = held.player or player
    if d.partner_name or d.find_partner:
        held.partner_name, held.partner, held.find_partner = d.partner_name, partner, d.find_partner
    held.places = max(held.places, d.places)
    held.save()
    if held.email:
        _mail_link(held, site)
    return held


def change(
    *,
    signup: SignUp,
    email: str,
    phone: str,
    partner_name: str = "",
    find_partner: bool = False,
    site: str = "",
) -> SignUp:
    """The player changes their contact or their partner through the private link. A team
    needs a second place: refused when none is left (they keep theirs); a team becoming one
    player frees a place, which goes to the first waiting name that fits."""
    event = signup.event
    d = details(
        event=event,
        name=signup.name,
        email=email,
        phone=phone,
        partner_name=partner_name,
        find_partner=find_partner,
    )
    with transaction.atomic():
        sheet = _locked_sheet(event)
        signup = SignUp.objects.get(pk=signup.pk)
        if signup.status == CANCELLED:
            raise Refused("This sign-up was cancelled: sign up again on the club's page.")
        if d.partner_name and name_key(d.partner_name) != name_key(signup.partner_name):
            other = _same_person(event, d.partner_name, _roster(event, d.partner_name))
            if other is not None and other.pk != signup.pk:
                raise ValidationError(
                    {"partner_name": f"{d.partner_name} is already on the list for this night."}
                )
        more = d.places - signup.places
        if more > 0 and signup.status == IN and not _fits(event, sheet, more):
            raise ValidationError(
                {
                    "partner_name": "The night has no place left for a partner: you keep your "
                    "place. To bring a partner, cancel and sign up again as a team (you would "
                    "go on the waiting list), or ask the director."
                }
            )
        signup.email, signup.phone = d.email, d.phone
        signup.partner_name, signup.find_partner = d.partner_name, d.find_partner
        signup.partner = _roster(event, d.partner_name)
        signup.places = d.places
        signup.save()
        if more < 0 or signup.status == WAITING:
            promote(event=event, sheet=sheet, site=site)
    return signup


def cancel(*, signup: SignUp, site: str = "") -> list[SignUp]:
    """Off the list (the player's link, or the director's remove): the place freed goes to the
    first waiting names that fit, who are mailed. Cancelling twice changes nothing. Returns
    the names promoted."""
    with transaction.atomic():
        sheet = _locked_sheet(signup.event)
        row = SignUp.objects.select_related("event__club").get(pk=signup.pk)
        if row.status == CANCELLED:
            return []
        had_place = row.status == IN
        row.status, row.cancelled_at = CANCELLED, timezone.now()
        row.save(update_fields=["status", "cancelled_at", "changed"])
        _renumber(row.event)
        promoted = promote(event=row.event, sheet=sheet, site=site) if had_place else []
    signup.status = CANCELLED
    return promoted


# --- The director's side --------------------------------------------------------------------


@dataclass
class Added:
    signup: SignUp
    past_cap: int = 0  # places taken past the cap after this one


def director_add(
    *,
    event: Event,
    name: str,
    email: str = "",
    phone: str = "",
    partner_name: str = "",
    find_partner: bool = False,
    held: bool = False,
    past_cap: bool = False,
) -> Added:
    """The director puts a name down (a phone call, a regular): a place if one fits, else the
    waiting list; with `past_cap`, a place even past the cap (the page says how far past). A
    held place is a place kept for a regular, by name; it counts against the cap and the
    regular claims it by signing up. Contact details are optional here."""
    d = details(
        event=event,
        name=name,
        email=email,
        phone=phone,
        partner_name=partner_name,
        find_partner=find_partner,
        contact_needed=False,
    )
    with transaction.atomic():
        sheet = _locked_sheet(event)
        player, partner = _roster(event, d.name), _roster(event, d.partner_name)
        existing = _same_person(event, d.name, player)
        if existing is None and d.partner_name:
            existing = _same_person(event, d.partner_name, partner)
        if existing is not None:
            where = "has a place" if existing.status == IN else "is on the waiting list"
            raise ValidationError(
                {"name": f"{existing.name} {where} already (see the list below)."}
            )
        place = past_cap or _fits(event, sheet, d.places)
        signup = SignUp.objects.create(
            event=event,
            name=d.name,
            player=player,
            email=d.email,
            phone=d.phone,
            partner_name=d.partner_name,
            partner=partner,
            find_partner=d.find_partner,
            places=d.places,
            held=held,
            status=IN if place else WAITING,
            position=_next_position(event),
        )
        _renumber(event)
        signup.refresh_from_db(fields=["position"])
        return Added(signup, counts(event, sheet).over)


def hold(*, event: Event, name: str, past_cap: bool = False) -> Added:
    """Hold a place for a regular, by name (counts against the cap until they claim it)."""
    return director_add(event=event, name=name, held=True, past_cap=past_cap)


MOVES = ("up", "down", "to-waiting", "give-place")


def move(*, signup: SignUp, direction: str, site: str = "") -> Added:
    """Up or down within the places or the waiting list; to the front of the waiting list;
    or a place for a waiting name (even past the cap: the page says how far)."""
    if direction not in MOVES:
        raise Refused("Choose up, down, to the waiting list, or give a place.")
    with transaction.atomic():
        sheet = _locked_sheet(signup.event)
        row = SignUp.objects.select_related("event").get(pk=signup.pk)
        event = row.event
        if row.status == CANCELLED:
            raise Refused(f"{row.name} is no longer on the list.")
        if direction in ("up", "down"):
            group = list(
                SignUp.objects.filter(event=event, status=row.status).order_by("position", "pk")
            )
            i = next(i for i, s in enumerate(group) if s.pk == row.pk)
            j = i - 1 if direction == "up" else i + 1
            if 0 <= j < len(group):
                group[i], group[j] = group[j], group[i]
                base = min(s.position for s in group)
                for n, s in enumerate(group):
                    s.position = base + n
                SignUp.objects.bulk_update(group, ["position"])
        elif direction == "to-waiting":
            if row.status != WAITING:
                # The front of the waiting list (numbered so by _renumber): first in line for
                # the next place that frees. Nobody is promoted by this move: the director chose.
                row.status, row.held, row.position = WAITING, False, 0
                row.save(update_fields=["status", "held", "position", "changed"])
        elif row.status == WAITING:  # give-place: the end of the places
            row.status, row.position = IN, _next_position(event)
            row.save(update_fields=["status", "position", "changed"])
            if row.email:
                _mail_place_now(row, site)
        _renumber(event)
        row.refresh_from_db()
        return Added(row, counts(event, sheet).over)


def remove(*, signup: SignUp, site: str = "") -> list[SignUp]:
    """The director takes a name off the list: as a cancellation (the place goes to the first
    waiting names that fit, who are mailed)."""
    return cancel(signup=signup, site=site)


def paid_ahead(*, signup: SignUp, paid: bool) -> SignUp:
    """The director records that a player paid ahead, where the club takes money ahead."""
    with transaction.atomic():
        sheet = _locked_sheet(signup.event)
        if not sheet.money_ahead:
            raise Refused(
                "This night takes no money ahead: tick “Players may pay ahead” in the sign-up's "
                "settings first."
            )
        SignUp.objects.filter(pk=signup.pk).update(paid_ahead=paid, changed=timezone.now())
    signup.paid_ahead = paid
    return signup


@dataclass
class Saved:
    sheet: Sheet
    promoted: list[SignUp]
    over: int  # places past the new cap, kept by those who have them


def sheet_save(
    *,
    event: Event,
    open: bool,
    cap: int | None,
    closes_at: datetime.datetime | None,
    starts_at: datetime.time | None,
    money_ahead: bool,
    site: str = "",
) -> Saved:
    """The director's settings. A higher cap (or none) gives the new places to the waiting
    list at once; a cap below the places taken leaves everyone with their place (it only
    stops new ones)."""
    with transaction.atomic():
        sheet = _locked_sheet(event)
        sheet.open, sheet.cap, sheet.closes_at = open, cap, closes_at
        sheet.starts_at, sheet.money_ahead = starts_at, money_ahead
        sheet.save()
        promoted = promote(event=event, sheet=sheet, site=site)
        return Saved(sheet, promoted, counts(event, sheet).over)


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


def _mail_link(signup: SignUp, site: str, again: bool = False) -> None:
    event = signup.event
    state = "you have a place" if signup.status == IN else "you are on the waiting list"
    _send(
        signup,
        subject=f"{event.name}, {day(event.date, event)}: {state}",
        template="confirm",
        site=site,
        again=again,
    )


def _mail_place_now(signup: SignUp, site: str) -> None:
    event = signup.event
    _send(
        signup,
        subject=f"You have a place now: {event.name}, {day(event.date, event)}",
        template="place_now",
        site=site,
    )

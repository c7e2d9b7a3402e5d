"""The director's side: add, hold, move, remove, paid ahead, the sheet's settings."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from clubs.dates import day
from signup.models import Sheet, SignUp
from tournaments.models import Event

from .figures import CANCELLED, IN, WAITING, Refused, counts, night_over, pairs_event
from .lock import (
    as_named,
    fits,
    locked_sheet,
    next_position,
    on_the_list,
    promote,
    put_down,
    renumber,
    roster_match,
    same_person,
)
from .mail import mail_link, mail_place_now, mail_to_waiting
from .players import cancel
from .typed import details

# --- The director's side --------------------------------------------------------------------


def list_kept(event: Event) -> str:
    """Why the list takes no more changes, in words, once the night's day has passed where
    the club is (figures.night_over); "" until then. Every change that may mail a player
    (add, hold, move, remove, a place freed by the settings) is refused on a night that is
    over: "you have a place" for a night gone by, with a link that has expired, helps nobody."""
    if not night_over(event):
        return ""
    return (
        f"{event.name} was on {day(event.date, event)}: the night is over, so its list is "
        "kept as it was. To put names down for the coming night, open that night's sign-up "
        "list from its event page."
    )


def _refuse_if_over(event: Event) -> None:
    why = list_kept(event)
    if why:
        raise Refused(why)


def _give_place(row: SignUp, site: str) -> None:
    """A waiting name gets a place at the end of the places (even past the cap), and is
    mailed: the director's "Give a place", and an add or a hold past the cap for a name that
    is waiting already (inside the lock)."""
    row.status, row.position = IN, next_position(row.event)
    row.save(update_fields=["status", "position", "changed"])
    if row.email:
        mail_place_now(row, site)


@dataclass
class Added:
    signup: SignUp
    past_cap: int = 0  # places taken past the cap after this one
    promoted: list[SignUp] = field(default_factory=list)  # given the place a move freed
    # The name was on the waiting list already, and the add (or hold) gave it its place.
    was_waiting: bool = False


def director_add(
    *,
    event: Event,
    site: str = "",
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
    regular claims it by signing up. Contact details are optional here; a name given with an
    email address gets the confirmation mail with its private link, as a player signing up
    does."""
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
        sheet = locked_sheet(event)
        _refuse_if_over(event)
        player, partner = roster_match(event, d.name), roster_match(event, d.partner_name)
        existing = same_person(event, d.name, player)
        waiting = existing is not None and existing.status == WAITING
        if waiting and as_named(existing, d.name, player):
            # Waiting already, under this name: the tick (or a place free) gives the place
            # it waits for, as "Give a place" on its row does; what the list says after
            # "The list is full: tick “Even past the cap”" must then work.
            if past_cap or fits(event, sheet, existing.places):
                _give_place(existing, site)
                renumber(event)
                existing.refresh_from_db()
                return Added(existing, counts(event, sheet).over, was_waiting=True)
            where = on_the_list(existing, d.name, player, you=False)
            tick = "“Even past the cap”" if held else "“Give a place even past the cap”"
            raise ValidationError(
                {
                    "name": f"{where}: to give {existing.name} a place, tick {tick}, or "
                    f"press “Give a place” on {existing.name}'s row below."
                }
            )
        if existing is not None:
            where = on_the_list(existing, d.name, player, you=False)
            raise ValidationError({"name": f"{where} (see the list below)."})
        existing = same_person(event, d.partner_name, partner) if d.partner_name else None
        if existing is not None:
            where = on_the_list(existing, d.partner_name, partner, you=False)
            raise ValidationError({"partner_name": f"{where} (see the list below)."})
        place = past_cap or fits(event, sheet, d.places)
        signup = put_down(event, d, player, partner, place=place, held=held)
        if signup.email:
            mail_link(signup, site)
        return Added(signup, counts(event, sheet).over)


def hold(*, event: Event, name: str, past_cap: bool = False, site: str = "") -> Added:
    """Hold a place for a regular, by name (counts against the cap until they claim it)."""
    return director_add(event=event, site=site, name=name, held=True, past_cap=past_cap)


MOVES = ("up", "down", "to-waiting", "give-place")


def move(*, signup: SignUp, direction: str, site: str = "") -> Added:
    """Up or down within the places or the waiting list; to the front of the waiting list;
    or a place for a waiting name (even past the cap: the page says how far)."""
    if direction not in MOVES:
        raise Refused("Choose up, down, to the waiting list, or give a place.")
    promoted: list[SignUp] = []
    with transaction.atomic():
        sheet = locked_sheet(signup.event)
        row = SignUp.objects.select_related("event").get(pk=signup.pk)
        event = row.event
        _refuse_if_over(event)
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
                # The front of the waiting list (numbered so by renumber): first in line for
                # the next place that frees. The place it leaves goes at once to the names
                # that were waiting, as a cancellation's does: left empty, the next stranger
                # to sign up would take it ahead of them all.
                row.status, row.held, row.position = WAITING, False, 0
                row.save(update_fields=["status", "held", "position", "changed"])
                renumber(event)
                promoted = promote(event=event, sheet=sheet, site=site, passed_over=row.pk)
                renumber(event)
                row.refresh_from_db()
                if row.email:
                    mail_to_waiting(row, site)
        elif row.status == WAITING:  # give-place: the end of the places
            _give_place(row, site)
        renumber(event)
        row.refresh_from_db()
        return Added(row, counts(event, sheet).over, promoted)


@dataclass
class Paired:
    team: SignUp  # the sign-up kept, now a team of two
    folded: SignUp  # the other's sign-up, cancelled as paired by the director


def pair(*, signup: SignUp, other: str) -> Paired:
    """Two players looking for a partner made one team by the director (pairs and bracket
    nights): the one higher on the list keeps their sign-up, now with the other as partner
    (2 places); the other's is cancelled, marked "paired with …", so the list's figures stay
    right (one team, two places) and the cancelled list says where they went. `other`: the
    pk of the other's sign-up, as the page's choice posted it. A team needs two places:
    where one of the two waits and no place is left, refused in words (the director gives
    it a place first)."""
    with transaction.atomic():
        sheet = locked_sheet(signup.event)
        row = SignUp.objects.select_related("event").get(pk=signup.pk)
        event = row.event
        _refuse_if_over(event)
        if not pairs_event(event):
            raise Refused(
                "On a progressive night partners change every round: nobody is paired on its list."
            )
        choose = f"Choose {row.name}'s partner from those looking for one, then press Pair."
        mate = (
            SignUp.objects.filter(event=event, pk=int(other)).exclude(pk=row.pk).first()
            if other.isascii() and other.isdigit() and len(other) < 10
            else None
        )
        if mate is None:
            raise Refused(choose)
        for s in (mate, row):
            if s.status == CANCELLED:
                raise Refused(f"{s.name} is no longer on the list (the page was old). {choose}")
        for s in (mate, row):
            if s.partner_name or not s.find_partner:
                with_ = f" (with {s.partner_name})" if s.partner_name else ""
                raise Refused(
                    f"{s.name} is not looking for a partner any more{with_} (the page was "
                    f"old). {choose}"
                )
        for s in (mate, row):
            if s.arrival or s.entry_id:
                # Checked in, each is an entry of the night already: cancelling one's sign-up
                # would take a player at the tables off the check-in page.
                raise Refused(
                    f"{s.name} is checked in already: pair them as partners on the event's "
                    "page instead."
                )
        team, folded = sorted((row, mate), key=lambda s: (s.status != IN, s.position, s.pk))
        if team.status == IN and folded.status == WAITING and not fits(event, sheet, 1):
            raise Refused(
                f"{folded.name} is on the waiting list and the night has no place left for a "
                f"partner of {team.name}: press “Give a place” on {folded.name}'s row first "
                "(even past the cap), then pair them."
            )
        team.partner_name, team.partner = folded.name, folded.player
        team.find_partner, team.places = False, 2
        team.save(update_fields=["partner_name", "partner", "find_partner", "places", "changed"])
        folded.status, folded.cancelled_at = CANCELLED, timezone.now()
        folded.removed_by_director, folded.paired_with = True, team.name
        folded.save(
            update_fields=[
                "status",
                "cancelled_at",
                "removed_by_director",
                "paired_with",
                "changed",
            ]
        )
        renumber(event)
        team.refresh_from_db()
        return Paired(team, folded)


def remove(*, signup: SignUp, site: str = "") -> list[SignUp]:
    """The director takes a name off the list: as a cancellation (the place goes to the first
    waiting names that fit, who are mailed); the player is mailed that the director took
    their name off."""
    _refuse_if_over(signup.event)
    return cancel(signup=signup, site=site, by_director=True)


def paid_ahead(*, signup: SignUp, paid: bool) -> SignUp:
    """The director records that a player paid ahead, where the club takes money ahead."""
    with transaction.atomic():
        sheet = locked_sheet(signup.event)
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
        sheet = locked_sheet(event)
        sheet.open, sheet.cap, sheet.closes_at = open, cap, closes_at
        sheet.starts_at, sheet.money_ahead = starts_at, money_ahead
        sheet.save()
        # A night that is over gives no places (SheetForm refuses opening it): nobody is
        # mailed "you have a place" for a night gone by.
        promoted = [] if night_over(event) else promote(event=event, sheet=sheet, site=site)
        return Saved(sheet, promoted, counts(event, sheet).over)

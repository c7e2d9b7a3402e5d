"""The director's side: add, hold, move, remove, paid ahead, the sheet's settings."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from signup.models import Sheet, SignUp
from tournaments.models import Event

from .figures import CANCELLED, IN, WAITING, Refused, counts
from .lock import (
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


@dataclass
class Added:
    signup: SignUp
    past_cap: int = 0  # places taken past the cap after this one
    promoted: list[SignUp] = field(default_factory=list)  # given the place a move freed


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
        player, partner = roster_match(event, d.name), roster_match(event, d.partner_name)
        existing = same_person(event, d.name, player)
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


def hold(*, event: Event, name: str, past_cap: bool = False) -> Added:
    """Hold a place for a regular, by name (counts against the cap until they claim it)."""
    return director_add(event=event, name=name, held=True, past_cap=past_cap)


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
            row.status, row.position = IN, next_position(event)
            row.save(update_fields=["status", "position", "changed"])
            if row.email:
                mail_place_now(row, site)
        renumber(event)
        row.refresh_from_db()
        return Added(row, counts(event, sheet).over, promoted)


def remove(*, signup: SignUp, site: str = "") -> list[SignUp]:
    """The director takes a name off the list: as a cancellation (the place goes to the first
    waiting names that fit, who are mailed); the player is mailed that the director took
    their name off."""
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
        promoted = promote(event=event, sheet=sheet, site=site)
        return Saved(sheet, promoted, counts(event, sheet).over)

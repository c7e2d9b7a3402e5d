"""The players' side: signing up, changing, cancelling (no account: the private link)."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from clubs.services import normalise_name
from clubs.text import name_key
from signup.models import Sheet, SignUp
from tournaments.models import Event

from .figures import CANCELLED, IN, WAITING, Refused, closed_because, kept_because
from .lock import (
    fits,
    locked_sheet,
    on_the_list,
    promote,
    put_down,
    renumber,
    roster_match,
    roster_name,
    same_person,
)
from .mail import mail_link, mail_removed
from .typed import Details, details

# --- The players' side ----------------------------------------------------------------------


@dataclass
class Outcome:
    signup: SignUp
    # Already on the list: nothing new was made (and the link was mailed again if the
    # address given was theirs).
    already: bool = False
    # A place the director held under this name, now theirs.
    claimed: bool = False
    # Where they already were, in words ("You are on the list already, as Ann Lee's partner").
    said: str = ""


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
    try:
        d = details(
            event=event,
            name=name,
            email=email,
            phone=phone,
            partner_name=partner_name,
            find_partner=find_partner,
        )
    except ValidationError as error:
        # "Are you Earl Becker?" said with the other problems, not after they are fixed.
        typed = normalise_name(name or "")
        if typed and "name" not in error.message_dict:
            player = roster_match(event, typed)
            listed = same_person(event, typed, player)
            full = "" if listed else _first_name_of_one(event, typed, player)
            if full:
                raise ValidationError({**error.message_dict, "name": _are_you(full)}) from None
        raise
    player, partner = roster_match(event, d.name), roster_match(event, d.partner_name)
    with transaction.atomic():
        sheet = locked_sheet(event)
        why = closed_because(event, sheet)
        if why:
            raise Refused(why)
        existing = same_person(event, d.name, player)
        partner_there = None
        if existing is None and d.partner_name:
            partner_there = existing = same_person(event, d.partner_name, partner)
        full = _first_name_of_one(event, d.name, player) if existing is None else ""
        if full:
            raise ValidationError({"name": _are_you(full)})
        if existing is not None:
            if existing.held and not (existing.email or existing.phone):
                return Outcome(_claim(existing, d, player, partner, sheet, site), claimed=True)
            if partner_there is not None:
                # The partner named is on the list already, alone or with someone else: say
                # so by the partner's field; nothing is made.
                where = on_the_list(partner_there, d.partner_name, partner, you=False)
                raise ValidationError(
                    {
                        "partner_name": f"{where}. Name another partner, or tick “Find me a "
                        "partner”; or ask the director."
                    }
                )
            if d.email and existing.email and d.email.casefold() == existing.email.casefold():
                mail_link(existing, site, again=True)
            return Outcome(
                existing, already=True, said=on_the_list(existing, d.name, player, you=True)
            )
        signup = put_down(event, d, player, partner, place=fits(event, sheet, d.places))
        if signup.email:
            mail_link(signup, site)
    return Outcome(signup)


def _are_you(full: str) -> str:
    return (
        f"Are you {full}? Type your full name: “{full}” if that is you, or your first name and "
        "your last name if not."
    )


def _first_name_of_one(event: Event, name: str, player) -> str:
    """The full name this one-word name is the first name of ("Earl" → "Earl Becker"), when
    it is exactly one person's on the club's roster and the list together and matched no one
    as it is; "" otherwise. A first name alone would otherwise put a second Earl on the list
    beside Earl Becker, and the director could not tell them apart."""
    if player is not None or " " in name:
        return ""
    key = name_key(name)
    found = {}
    roster = event.club.players.filter(name__istartswith=f"{name} ").values_list("name", flat=True)
    listed = (
        SignUp.objects.filter(event=event, name__istartswith=f"{name} ")
        .exclude(status=CANCELLED)
        .values_list("name", flat=True)
    )
    for full in [*roster, *listed]:
        if name_key(full.split()[0]) == key:
            found[name_key(full)] = full
    return next(iter(found.values())) if len(found) == 1 else ""


def _claim(held: SignUp, d: Details, player, partner, sheet: Sheet, site: str) -> SignUp:
    more = d.places - held.places
    if more > 0 and held.status == IN and not fits(held.event, sheet, more):
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
        held.partner_name = roster_name(d.partner_name, partner)
        held.partner, held.find_partner = partner, d.find_partner
    held.places = max(held.places, d.places)
    held.save()
    if held.email:
        mail_link(held, site)
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
    player frees a place, which goes to the first waiting name that fits. A partner dropped or
    replaced is kept as `partner_was`, with when, for the director's list. Refused once the
    player is checked in or the night has begun."""
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
        sheet = locked_sheet(event)
        signup = SignUp.objects.get(pk=signup.pk)
        if signup.status == CANCELLED:
            raise Refused("This sign-up was cancelled: sign up again on the club's page.")
        why = kept_because(signup)
        if why:
            raise Refused(f"Nothing was changed. {why}")
        if d.partner_name and name_key(d.partner_name) != name_key(signup.partner_name):
            partner = roster_match(event, d.partner_name)
            other = same_person(event, d.partner_name, partner)
            if other is not None and other.pk != signup.pk:
                where = on_the_list(other, d.partner_name, partner, you=False)
                raise ValidationError(
                    {
                        "partner_name": f"{where}. Name another partner, or tick “Find me a "
                        "partner”; or ask the director."
                    }
                )
        more = d.places - signup.places
        if more > 0 and signup.status == IN and not fits(event, sheet, more):
            raise ValidationError(
                {
                    "partner_name": "The night has no place left for a partner: you keep your "
                    "place. To bring a partner, cancel and sign up again as a team (you would "
                    "go on the waiting list), or ask the director."
                }
            )
        if signup.partner_name and name_key(d.partner_name) != name_key(signup.partner_name):
            # The partner leaves the list with this change: the list keeps who and when.
            signup.partner_was, signup.partner_was_at = signup.partner_name, timezone.now()
        elif d.partner_name and name_key(d.partner_name) == name_key(signup.partner_was):
            signup.partner_was, signup.partner_was_at = "", None  # back with them after all
        signup.email, signup.phone = d.email, d.phone
        signup.partner = roster_match(event, d.partner_name)
        signup.partner_name = roster_name(d.partner_name, signup.partner)
        signup.find_partner = d.find_partner
        signup.places = d.places
        signup.save()
        if more < 0 or signup.status == WAITING:
            promote(event=event, sheet=sheet, site=site)
    return signup


def cancel(*, signup: SignUp, site: str = "", by_director: bool = False) -> list[SignUp]:
    """Off the list (the player's link, or the director's remove): the place freed goes to the
    first waiting names that fit, who are mailed. Cancelling twice changes nothing. The
    player's own cancel is refused (Refused) once they are checked in or the night has begun.
    Returns the names promoted."""
    with transaction.atomic():
        sheet = locked_sheet(signup.event)
        row = SignUp.objects.select_related("event__club").get(pk=signup.pk)
        if row.status == CANCELLED:
            return []
        why = "" if by_director else kept_because(row)
        if why:
            raise Refused(f"Not cancelled. {why}")
        had_place = row.status == IN
        row.status, row.cancelled_at = CANCELLED, timezone.now()
        row.removed_by_director = by_director
        row.save(update_fields=["status", "cancelled_at", "removed_by_director", "changed"])
        if by_director and row.email:
            # Told by us, not at the door: the player did not cancel.
            mail_removed(row, site)
        renumber(row.event)
        promoted = promote(event=row.event, sheet=sheet, site=site) if had_place else []
    signup.status = CANCELLED
    return promoted

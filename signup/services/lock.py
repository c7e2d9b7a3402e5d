"""Inside the lock: the Sheet's row held, the list numbered again, promotion when a place
frees."""

from __future__ import annotations

from clubs.models import Player
from clubs.text import name_key
from signup.models import Sheet, SignUp
from tournaments.models import Event

from .figures import CANCELLED, IN, WAITING, counts
from .mail import mail_place_now

# --- Inside the lock ------------------------------------------------------------------------


def locked_sheet(event: Event) -> Sheet:
    """The event's sheet, its row held until the transaction ends. Made first if it has none
    (a director adding names before opening the form)."""
    Sheet.objects.get_or_create(event=event)
    return Sheet.objects.select_for_update().get(event=event)


def renumber(event: Event) -> None:
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


def fits(event: Event, sheet: Sheet, places: int) -> bool:
    left = counts(event, sheet).left
    return left is None or left >= places


def same_person(event: Event, name: str, player: Player | None) -> SignUp | None:
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


def as_named(existing: SignUp, name: str, player: Player | None) -> bool:
    """Whether `existing` (what same_person found) is this person under its own name, not as
    someone's partner."""
    return name_key(existing.name) == name_key(name) or (
        player is not None and existing.player_id == player.pk
    )


def on_the_list(existing: SignUp, name: str, player: Player | None, *, you: bool) -> str:
    """Where this person already is on the list, as it is: "You are on the list already, as
    Gary Nowak's partner", "Gary Nowak is on the list already (with Ann Lee)"."""
    if as_named(existing, name, player):
        who = "You are" if you else f"{existing.name} is"
        with_ = f" (with {existing.partner_name})" if existing.partner_name else ""
        said = f"{who} on the list already{with_}"
    else:
        who = "You are" if you else f"{existing.partner_name} is"
        said = f"{who} on the list already, as {existing.name}'s partner"
    return said + (", with a place" if existing.status == IN else ", on the waiting list")


def roster_name(name: str, player: Player | None) -> str:
    """The name as the list keeps it: the roster's spelling when it is a roster player ("Pat
    O'Brien", not "pat obrien"), else as typed (cleaned as the roster cleans names)."""
    return player.name if player is not None else name


def roster_match(event: Event, name: str) -> Player | None:
    """The club's roster player this name is (clubs' duplicate rules: case, accents,
    apostrophes and spaces aside), or None. Signing up never adds anyone to the roster."""
    if not name:
        return None
    key = Player(name=name).name_key()
    return event.club.players.filter(sort_name=key).order_by("pk").first()


def promote(
    *, event: Event, sheet: Sheet, site: str = "", passed_over: int | None = None
) -> list[SignUp]:
    """Give the places that are free to the first waiting names that fit, in order (a team
    that needs two places lets a single player behind it have the one left), and mail them.
    Called inside the lock, after whatever freed a place. `passed_over`: a name the director
    has just moved to the waiting list, which must not get straight back the place it left."""
    promoted = []
    left = counts(event, sheet).left
    waiting_names = SignUp.objects.filter(event=event, status=WAITING).exclude(pk=passed_over)
    for waiting in waiting_names.order_by("position", "pk"):
        if left is not None and left <= 0:
            break
        if left is None or waiting.places <= left:
            waiting.status = IN
            waiting.save(update_fields=["status", "changed"])
            promoted.append(waiting)
            if left is not None:
                left -= waiting.places
    if promoted:
        renumber(event)
        for signup in promoted:
            if signup.email:
                mail_place_now(signup, site)
    return promoted


def next_position(event: Event) -> int:
    last = SignUp.objects.filter(event=event).exclude(status=CANCELLED)
    return (last.order_by("-position").values_list("position", flat=True).first() or 0) + 1


def put_down(event: Event, d, player, partner, *, place: bool, held: bool = False) -> SignUp:
    """A new name at the end of the list (with a place, or waiting), in the roster's spelling
    when it matched, and the list numbered again: the player's sign-up and the director's add."""
    signup = SignUp.objects.create(
        event=event,
        name=roster_name(d.name, player),
        player=player,
        email=d.email,
        phone=d.phone,
        partner_name=roster_name(d.partner_name, partner),
        partner=partner,
        find_partner=d.find_partner,
        places=d.places,
        held=held,
        status=IN if place else WAITING,
        position=next_position(event),
    )
    renumber(event)
    signup.refresh_from_db(fields=["position"])
    return signup

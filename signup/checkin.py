"""The night starts from the sign-up list: each name with a place is checked in ("Here"), or
marked as not come, on whichever machine runs the night (the club's server, or the hall's
laptop with its copies of the server's list, signup/sync.py).

Checking in finds the roster's player (the sign-up's match, else the roster's name rules,
else a new player, all through clubs/services.py) and enters them through tournaments'
own services, so an entry made here is the same as one made on the event page. A team of a
pairs or bracket event gets its partnership the same way. Each change runs in one
transaction with the sign-up's row locked: a double tap checks in once, and a refusal leaves
nothing half-saved. A walk-in (someone not on the list) is found or added and entered the
same way, with no sign-up."""

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from clubs import services as roster
from clubs.models import Player
from tournaments import services as nights
from tournaments.models import Event

from .models import SignUp

IN, WAITING, CANCELLED = SignUp.Status.IN, SignUp.Status.WAITING, SignUp.Status.CANCELLED
EXPECTED, HERE, NO_SHOW = SignUp.Arrival.EXPECTED, SignUp.Arrival.HERE, SignUp.Arrival.NO_SHOW


class CheckInRefused(Exception):
    """What cannot be done as asked, and what to do instead, in words."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def team_words(signup: SignUp) -> str:
    """The name as the list says it: "Mary Smith & Jim O'Brien", or the name alone."""
    partner = signup.partner_name or (signup.partner.name if signup.partner_id else "")
    return f"{signup.name} & {partner}" if partner else signup.name


def _is_team(signup: SignUp) -> bool:
    return bool(signup.partner_name or signup.partner_id)


@dataclass
class Night:
    """The check-in list of one event, and its figures: the page shows these and nothing else."""

    names: list[SignUp]  # with a place (held ones too), in the list's order
    waiting: list[SignUp]
    # The night's own figure: every entrant checked in, walk-ins and all (tournaments' count).
    players_tonight: int
    # Of the list's names with a place: checked in (here, or entered already on the event
    # page or as a walk-in), still expected, and marked as did not come.
    players_here: int
    players_expected: int
    players_no_show: int
    # Rounds played, or the night's date passed: a name kept after a cancellation played.
    played: bool
    # Checked in but on no name of the list (walk-ins, or added on the event page): each a
    # WalkedIn, partners together, by name.
    others: list["WalkedIn"]
    # What "Mark the rest as not coming" marks: names with a place still expected, none of
    # them checked in (a team one of whom came is not marked). Its box and its refusal say
    # rest_words, so they read the same.
    rest: list[SignUp]

    @property
    def rest_words(self) -> str:
        players = sum(s.places for s in self.rest)
        return f"Yes, mark {players} player{'s' if players != 1 else ''} as not coming"


def _people(signup: SignUp) -> list[tuple[int | None, str]]:
    """The roster players a name stands for (by the list's match), else their names."""
    people = [(signup.player_id, signup.name)]
    if _is_team(signup):
        partner = signup.partner_name or (signup.partner.name if signup.partner_id else "")
        people.append((signup.partner_id, partner))
    return people


@dataclass
class WalkedIn:
    """Players checked in who are no name of the list: one, or a pairs night's partners."""

    player_ids: list[int]
    words: str  # "Tom Newby", or "Tom Newby & Ann Lee"


def _mark_entered(event: Event, rows: list[SignUp]) -> list[WalkedIn]:
    """`entered_already` on each name not checked in from the list whose players are entered
    and checked in all the same (a walk-in, or added on the event page): they are here, and
    Here only links the name to their entry. Matched by the list's roster player, else by the
    roster's name rules (Player.name_key), as check-in itself finds them.

    Returns the checked-in players the list's names do not account for: the door's walk-ins,
    so the page can name them, not only count them."""
    present = {
        pk: (key, name, partnership)
        for pk, key, name, partnership in event.entries.filter(present=True).values_list(
            "player_id", "player__sort_name", "player__name", "partnership_id"
        )
    }
    by_key = {key: pk for pk, (key, _, _) in present.items()}
    accounted = set()
    for s in rows:
        people = [(pk, by_key.get(Player(name=name).name_key())) for pk, name in _people(s)]
        here = [pk if pk in present else None if pk else found for pk, found in people]
        s.entered_already = s.arrival != HERE and all(here)
        # One of a team checked in (entered on the event page), the other not yet: their
        # names, for the row to say so. Still a name of the list, so never a walk-in.
        s.partly_here = (
            []
            if s.arrival == HERE or s.entered_already
            else [present[pk][1] for pk in here if pk is not None]
        )
        accounted.update(pk for pk in here if pk is not None)
        if s.arrival == HERE:
            accounted.update(pk for pk, _ in people if pk)
    teams: dict[object, list[int]] = {}
    for pk in sorted(set(present) - accounted, key=lambda pk: present[pk][0]):
        teams.setdefault(present[pk][2] or f"p{pk}", []).append(pk)
    # Partners in the order they were added (as typed at the door), teams by the first's name.
    return [
        WalkedIn(player_ids=sorted(ids), words=" & ".join(present[pk][1] for pk in sorted(ids)))
        for ids in teams.values()
    ]


def night(event: Event, *, tonight: bool = True) -> Night:
    """`tonight`: with the night's own figure (the check-in page); the event page's card,
    which shows only the list's, does without its query."""
    rows = list(
        event.signups.exclude(status=CANCELLED)
        .select_related("player", "partner")
        .order_by("position", "pk")
    )
    others = _mark_entered(event, rows)
    names = [s for s in rows if s.status == IN]

    def players(arrival):
        return sum(s.places for s in names if (HERE if s.entered_already else s.arrival) == arrival)

    # Asked only when the page has a name kept after a cancellation to speak of.
    kept = any(s.cancelled_on_server for s in names)
    return Night(
        names=names,
        waiting=[s for s in rows if s.status == WAITING],
        players_tonight=nights.players_checked_in(event) if tonight else 0,
        players_here=players(HERE),
        players_expected=players(EXPECTED),
        players_no_show=players(NO_SHOW),
        played=kept and (event.date < timezone.localdate() or event.rounds.exists()),
        others=others,
        rest=[
            s
            for s in names
            if s.arrival == EXPECTED and not s.entered_already and not s.partly_here
        ],
    )


def counts(event: Event) -> dict[str, int]:
    """The event page's check-in card: players checked in from the list and still expected
    (the list's places and waiting list are signup.services.counts', on the sign-up card)."""
    found = night(event, tonight=False)
    return {
        "names": len(found.names),
        "here": found.players_here,
        "expected": found.players_expected,
    }


def _roster_player(event: Event, player: Player | None, name: str, **contact) -> Player:
    """The roster's player for a name on the list: the one it matched, else the roster's
    name rules (clubs.services.same_name), else a new player added as the roster adds one."""
    club = event.club
    if player is not None and player.club_id == club.pk:
        return player
    name = roster.normalise_name(name)
    if (found := roster.same_name(club, name)) is not None:
        return found
    for details in (contact, {}):  # a contact detail the roster refuses: the name alone
        try:
            return roster.player_add(club=club, name=name, **details)
        except ValidationError as refused:
            # Added at this moment by another page: that is the player.
            if (found := roster.same_name(club, name)) is not None:
                return found
            problems = refused.message_dict
            if "name" in problems:
                raise CheckInRefused(
                    f"{name} cannot be added to the roster: {' '.join(problems['name'])}"
                ) from None
    raise CheckInRefused(f"{name} cannot be added to the roster.")  # pragma: no cover


def _partners(event: Event, first: Player, second: Player) -> None:
    entries = {e.player_id: e for e in event.entries.filter(player__in=[first, second])}
    ids = {entries[first.pk].partnership_id, entries[second.pk].partnership_id}
    if ids == {None}:
        nights.partnership_register(event=event, first=first, second=second)
        return
    if len(ids) == 1:
        return  # already partners (checked in, undone, and checked in again)
    for player, other in ((first, second), (second, first)):
        if entries[player.pk].partnership_id is not None:
            raise CheckInRefused(
                f"{player.name} already has another partner in this event, not {other.name}: "
                "fix the partnerships on the event page, then check them in."
            )


def _locked(event: Event, pk: int) -> SignUp:
    signup = (
        # of=self: PostgreSQL locks no row of a nullable join (the player may be None).
        SignUp.objects.select_for_update(of=("self",))
        .select_related("player", "partner")
        .filter(event=event, pk=pk)
        .first()
    )
    if signup is None:
        raise CheckInRefused("That name is no longer on this event's list: reload the page.")
    return signup


def _enter(event: Event, players: list[Player]) -> None:
    """The players entered and checked in through tournaments' services (an entry already
    there is left as is, and checked in again after an undo); a team of a pairs event made
    partners."""
    try:
        nights.entries_add(event=event, players=players)
        ids = {p.pk for p in players}
        # Entered before and marked away (an undo): here again. Its UPDATE also locks their
        # entries until the commit, so the same players sent twice at once (a walk-in has no
        # sign-up row to lock) wait here, and the second finds the first's partnership.
        nights.entries_set_present(event=event, present_ids=ids, shown_ids=ids)
        if len(players) == 2 and event.is_pairs:
            _partners(event, *players)
    except nights.ActionRefused as refused:
        raise CheckInRefused(refused.message) from None


def _arrive(event: Event, signup: SignUp) -> SignUp:
    first = _roster_player(
        event, signup.player, signup.name, email=signup.email, phone=signup.phone
    )
    players = [first]
    if _is_team(signup):
        second = _roster_player(event, signup.partner, signup.partner_name or signup.partner.name)
        if second.pk == first.pk:
            raise CheckInRefused(
                f"{signup.name} is named twice in this team: change the partner on the list."
            )
        players.append(second)
    _enter(event, players)
    signup.player = first
    signup.partner = players[1] if len(players) == 2 else signup.partner
    signup.entry = event.entries.get(player=first)
    signup.arrival = HERE
    signup.save(update_fields=["player", "partner", "entry", "arrival", "changed"])
    return signup


@dataclass
class WalkIn:
    """Who came in at the door: their roster players, whether this call checked them in
    (False: a second press, already done), and the names new on the roster. A name of the
    list typed at the door is checked in from its row: `listed` is that row, and `placed`
    says it was waiting and was given a place."""

    players: list[Player]
    done: bool
    new: list[str]
    listed: SignUp | None = None
    placed: bool = False

    @property
    def words(self) -> str:
        if self.listed is not None:
            return team_words(self.listed)
        return " & ".join(p.name for p in self.players)


def _is_named(event: Event, name: str):
    """Whether one of the list's people (its roster player's id, its name) is the typed name:
    the roster player the row matched, else the roster's name rules (Player.name_key), as
    _mark_entered finds them."""
    key = Player(name=name).name_key()
    player = roster.same_name(event.club, name)

    def named(person: tuple[int | None, str]) -> bool:
        pk, listed = person
        return (pk is not None and player is not None and pk == player.pk) or (
            Player(name=listed).name_key() == key
        )

    return named


def _on_list(event: Event, names: list[str]) -> list[list[SignUp]]:
    """For each typed name, the list's names (not cancelled) it is, as a first name or as a
    partner, those with a place first."""
    rows = list(
        event.signups.exclude(status=CANCELLED)
        .select_related("player", "partner")
        .order_by("position", "pk")
    )
    rows.sort(key=lambda s: s.status != IN)  # stable: the list's order within each
    matchers = [_is_named(event, n) for n in names]
    return [[s for s in rows if any(map(named, _people(s)))] for named in matchers]


def _refuse_other_partner(event: Event, names: list[str], found: list[list[SignUp]]) -> None:
    """Two names typed as a team, not as the list has them. The list says who partners whom:
    a typed team that says otherwise is refused in words, with the way to do it, and nothing
    is entered. (Changing the list's partner at the door, or pairing two of its names here,
    would make this box a second list editor: the event page's partnerships do that.)"""
    for typed, other, rows in ((names[0], names[1], found[0]), (names[1], names[0], found[1])):
        if rows and _is_team(rows[0]):
            first, second = _people(rows[0])
            name, partner = (first, second) if _is_named(event, typed)(first) else (second, first)
            name, partner = name[1], partner[1]
            raise CheckInRefused(
                f"{name} is on the list with {partner}, not {other}: if {partner} came, check "
                f"the two in from their row; if not, check in {other} here alone, then enter "
                f"{name} and pair the two under Partnerships on the event page."
            )
    listed = [rows[0].name if rows else typed for typed, rows in zip(names, found, strict=True)]
    if found[0] and found[1]:
        raise CheckInRefused(
            f"{listed[0]} and {listed[1]} are each on the list on their own: check each in "
            "from their row, then pair the two under Partnerships on the event page."
        )
    name, other = listed if found[0] else reversed(listed)
    raise CheckInRefused(
        f"{name} is on the list on their own, not with {other}: check {name} in from their "
        f"row and {other} here alone, then pair the two under Partnerships on the event page."
    )


def _from_list(event: Event, names: list[str]) -> WalkIn | None:
    """A walk-in who is a name of the list: checked in from its row, as its Here does (the
    sign-up linked to their entry), so the row says "Checked in" and no walk-in is left
    beside it. None: no typed name is on the list, a walk-in indeed."""
    found = _on_list(event, names)
    if not any(found):
        return None
    together = [s for s in found[0] if all(s in rows for rows in found)]
    if not together:
        _refuse_other_partner(event, names, found)
    listed = together[0]
    if len(names) == 2 and not _is_team(listed):  # two typed names read as one of the list's
        _refuse_other_partner(event, names, [found[0], []])
    # A name waiting who came is given a place and checked in, with no second step: the
    # director typed them to have them play, as a walk-in not on the list at all would be
    # (past any cap); a refusal pointing at their row's button would only keep a queue
    # waiting at the door. The message says so, and the row's Undo takes it back.
    placed = listed.status == WAITING
    signup, done = (give_place_and_check_in if placed else check_in)(event=event, pk=listed.pk)
    players = [p for p in (signup.player, signup.partner) if p is not None]
    return WalkIn(players=players, done=done, new=[], listed=signup, placed=placed and done)


@transaction.atomic
def walk_in(*, event: Event, name: str, partner_name: str = "") -> WalkIn:
    """Someone not on the list came to play: the roster's player by the roster's name rules,
    else a new player on the roster, entered and checked in (with their partner, on a pairs
    night or a bracket, as partners). A name the list has is checked in from its row
    (_from_list). All of it or nothing: a refusal adds nobody."""
    names = [roster.normalise_name(name)]
    if partner_name and event.is_pairs:
        names.append(roster.normalise_name(partner_name))
    if not names[0]:
        raise CheckInRefused("Type the walk-in's name, e.g. Tom Newby.")
    if (
        len(names) == 2
        and names[1]
        and Player(name=names[0]).name_key() == Player(name=names[1]).name_key()
    ):
        raise CheckInRefused(
            f"{names[0]} is named twice: type their partner's name, or leave it empty."
        )
    if (listed := _from_list(event, [n for n in names if n])) is not None:
        return listed
    known = {n for n in names if n and roster.same_name(event.club, n) is not None}
    players = [_roster_player(event, None, n) for n in names if n]
    entered = set(
        event.entries.filter(player__in=players, present=True).values_list("player_id", flat=True)
    )
    _enter(event, players)
    return WalkIn(
        players=players,
        done=entered != {p.pk for p in players},
        new=[n for n in names if n and n not in known],
    )


@transaction.atomic
def check_in(*, event: Event, pk: int) -> tuple[SignUp, bool]:
    """ "Here": the name (and their partner) entered and checked in. Returns the sign-up and
    whether this call checked them in (False: a double tap, already done)."""
    signup = _locked(event, pk)
    if signup.arrival == HERE:
        return signup, False
    if signup.status != IN:
        raise CheckInRefused(
            f"{signup.name} has no place on the list"
            + (
                ": give them a place and check them in from the waiting list."
                if signup.status == WAITING
                else " (they cancelled): add them as a walk-in."
            )
        )
    return _arrive(event, signup), True


@transaction.atomic
def give_place_and_check_in(*, event: Event, pk: int) -> tuple[SignUp, bool]:
    """Someone waiting who came anyway: the director gives them a place at the door, and
    they are checked in. Nobody is mailed: the night has begun."""
    signup = _locked(event, pk)
    if signup.arrival == HERE:
        return signup, False
    if signup.status == CANCELLED:
        raise CheckInRefused(f"{signup.name} cancelled: add them as a walk-in.")
    signup.status = IN
    signup.save(update_fields=["status", "changed"])
    return _arrive(event, signup), True


@transaction.atomic
def not_coming(*, event: Event, pk: int) -> SignUp:
    """ "Did not come": a no-show, kept on the list."""
    signup = _locked(event, pk)
    if signup.arrival == HERE:
        raise CheckInRefused(
            f"{team_words(signup)} {'are' if _is_team(signup) else 'is'} checked in: "
            "undo that first if they did not come."
        )
    signup.arrival = NO_SHOW
    signup.save(update_fields=["arrival", "changed"])
    return signup


@transaction.atomic
def rest_not_coming(*, event: Event) -> int:
    """Everyone with a place still expected did not come; how many names. A name entered
    already (a walk-in, or added on the event page), or one of whose team is, is here, not
    one of the rest (Night.rest, as the page's box counts them)."""
    expected = SignUp.objects.select_for_update().filter(event=event, status=IN, arrival=EXPECTED)
    locked = set(expected.values_list("pk", flat=True))
    rest = [s.pk for s in night(event, tonight=False).rest if s.pk in locked]
    return SignUp.objects.filter(pk__in=rest).update(arrival=NO_SHOW)


@transaction.atomic
def walk_in_undo(*, event: Event, player_id: int) -> WalkedIn | None:
    """A walk-in checked in by mistake (or who left before the first round): not checked in
    any more, with their partner on a pairs night. Their entry stays, as an undo on the list
    leaves it, so rounds played keep their seats. None: no such walk-in is checked in."""
    others = {pk: team for team in night(event, tonight=False).others for pk in team.player_ids}
    team = others.get(player_id)
    if team is None:
        return None
    ids = set(team.player_ids)
    nights.entries_set_present(event=event, present_ids=set(), shown_ids=ids)
    return team


@transaction.atomic
def undo(*, event: Event, pk: int) -> SignUp:
    """A mistaken tap taken back: expected again. A check-in undone leaves the entry but not
    checked in (tournaments' own check-in), so the next round seats nobody who is not here,
    and rounds already played keep their seats."""
    signup = _locked(event, pk)
    if signup.arrival == HERE:
        ids = {pk for pk in (signup.player_id, signup.partner_id) if pk}
        nights.entries_set_present(event=event, present_ids=set(), shown_ids=ids)
    signup.arrival = EXPECTED
    if signup.cancelled_on_server:
        # Kept only because they were checked in here: undone, the server's word stands.
        signup.status, signup.cancelled_at = CANCELLED, timezone.now()
        signup.cancelled_on_server = False
    signup.save(
        update_fields=["arrival", "status", "cancelled_at", "cancelled_on_server", "changed"]
    )
    return signup

"""The rows each printout shows, built from the recorded night in a few queries. Plain data
(no reportlab here), so what a sheet says can be tested by value."""

from dataclasses import dataclass, field

import scoring
from clubs import dates
from clubs.text import name_key
from tournaments import history
from tournaments.models import SEAT_NAMES, Event, Hand, Round, Seat
from tournaments.seating import RoundSeating
from tournaments.standings import table_loners

PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}
# A blank sheet for a round played to game needs room for the longest game: every hand but a
# thrown-in deal gives someone a point, so two games' worth of points is always enough rows.
MAX_GAME_ROWS = 40


# --- Table score sheets ----------------------------------------------------------------------


@dataclass
class SheetHand:
    number: int
    dealer: str
    called: str = ""
    alone: str = ""
    tricks: str = ""
    ns: str = ""
    ew: str = ""
    ns_total: str = ""
    ew_total: str = ""
    note: str = ""


@dataclass
class ScoreSheet:
    table_number: int
    round_number: int
    seats: list[tuple[str, str]]  # (North, "Ada Baker"), in N E S W order
    captain: str
    captain_seat: str
    hands: list[SheetHand]
    filled: bool
    game_to: int | None
    hands_per_round: int | None
    ns_score: int = 0
    ew_score: int = 0
    # The loners counted at the table, side by side, as the standings count them.
    lone_hands: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    confirmed: str = ""
    corrections: list[str] = field(default_factory=list)
    minus_points: bool = False  # set scoring: a euchred side writes minus points
    time_called: str = ""  # "Time was called at 21:05: ..." for a round that ended on time


def _note(hand: Hand) -> str:
    if hand.irregularity:
        side = f" ({hand.offending_side})" if hand.offending_side else ""
        return f"{hand.get_irregularity_display()}{side}"
    if not hand.maker:
        return "Thrown in"
    return ""


def _dealers(first: str, count: int) -> list[str]:
    start = scoring.SEATS.index(first)
    return [scoring.SEATS[(start + i) % 4] for i in range(count)]


def set_scoring(event: Event) -> bool:
    """Whether the event's house plays set scoring: its sheets and cards leave room for minus
    points, and say how to write them."""
    rules = event.ruleset()
    return rules.euchred_makers < 0 or rules.lone_euchred_makers < 0


MINUS_POINTS = "Set scoring: a euchred side scores minus points. Write them with the sign (−2)."


def score_sheets(round_: Round, *, filled: bool) -> list[ScoreSheet]:
    """One sheet per table of the round. Blank: the players and each hand's dealer, to play on
    paper. Filled: every hand as entered, the points the engine gave it, the running score, and
    the director's corrections, and each side's loners as the standings count them
    (standings.table_loners: a lone hand made, or a lone march, as the event counts; a loner
    euchred is none). 4 queries, and table_loners' 4 when filled."""
    event = round_.event
    max_hands = event.max_hands()
    game_to = None if max_hands else event.ruleset().game_points
    tables = list(round_.tables.select_related("captain", "confirmed_by").order_by("number"))
    seats: dict[int, dict[str, str]] = {t.pk: {} for t in tables}
    captain_seat: dict[int, str] = {}
    captains = {t.pk: t.captain_id for t in tables}
    for seat in Seat.objects.filter(table__in=tables).values(
        "table_id", "position", "player_id", "player__name"
    ):
        seats[seat["table_id"]][seat["position"]] = seat["player__name"]
        if seat["player_id"] == captains[seat["table_id"]]:
            captain_seat[seat["table_id"]] = seat["position"]
    hands: dict[int, list[Hand]] = {t.pk: [] for t in tables}
    if filled:
        for hand in Hand.objects.filter(table__in=tables).order_by("table_id", "number"):
            hands[hand.table_id].append(hand)
    corrected = history.corrections(tables) if filled else {}
    loners = table_loners(round_) if filled else {}
    sheets = []
    for table in tables:
        sheet = ScoreSheet(
            table_number=table.number,
            round_number=round_.number,
            seats=[(SEAT_NAMES[p], seats[table.pk].get(p, "")) for p in "NESW"],
            captain=table.captain.name,
            captain_seat=SEAT_NAMES.get(captain_seat.get(table.pk, ""), ""),
            hands=[],
            filled=filled,
            game_to=game_to,
            hands_per_round=max_hands,
            minus_points=set_scoring(event),
            time_called=(
                f"Time was called at {dates.clock(round_.time_called_at, event)}: "
                "the hand in play was the table's last."
                if round_.time_called_at
                else ""
            ),
        )
        if filled:
            _fill(sheet, hands[table.pk])
            sheet.lone_hands = loners.get(table.number, sheet.lone_hands)
            corrections = corrected[table.pk]
            if table.confirmed_at is not None and table.confirmed_by is not None:
                sheet.confirmed = f"Confirmed at the table by {table.confirmed_by.name}" + (
                    ", before the director's correction" if corrections.after_confirmation else ""
                )
            sheet.corrections = corrections.lines(event)
        else:
            rows = max_hands or min(2 * game_to, MAX_GAME_ROWS)
            sheet.hands = [
                SheetHand(number=i + 1, dealer=d)
                for i, d in enumerate(_dealers(table.first_dealer, rows))
            ]
        sheets.append(sheet)
    return sheets


def _fill(sheet: ScoreSheet, hands: list[Hand]) -> None:
    ns = ew = 0
    for hand in hands:
        ns, ew = ns + hand.ns_points, ew + hand.ew_points
        alone = ""
        if hand.alone:
            alone = "alone v alone" if hand.lone_defender else "alone"
        sheet.hands.append(
            SheetHand(
                number=hand.number,
                dealer=hand.dealer,
                called=hand.maker or "-",
                alone=alone,
                tricks="" if hand.tricks is None else str(hand.tricks),
                ns=str(hand.ns_points),
                ew=str(hand.ew_points),
                ns_total=str(ns),
                ew_total=str(ew),
                note=_note(hand),
            )
        )
    sheet.ns_score, sheet.ew_score = ns, ew


# --- Tally cards -----------------------------------------------------------------------------


@dataclass
class TallyRow:
    round_number: int
    table: str = ""  # "" for a round not planned: the player writes it in
    seat: str = ""
    partner: str = ""
    missed: str = ""  # "arrived for round 2", "left after round 3": the round played without them

    def route(self) -> list:
        return [self.round_number, self.missed or self.table, self.seat, self.partner]


@dataclass
class TallyCard:
    player_id: int
    player: str
    rows: list[TallyRow]
    present: bool = True  # checked in now
    players_url: str = ""  # the event's public page (QR code), "" for a private club
    # The table a player who cannot move keeps (services.night_stays): the card says so.
    stays: int | None = None

    def route(self) -> list[list]:
        """What the card says of the player's night, to tell when a re-plan changed it."""
        return [row.route() for row in self.rows]


def _missed(number: int, seen: list[int], present: bool) -> str:
    """What a card says of round `number`, played without the player (`seen`: the rounds
    they are seated or sit out in, in order)."""
    if number < seen[0]:
        return f"arrived for round {seen[0]}"
    if number > seen[-1] and not present:
        return f"left after round {seen[-1]}"
    return "not here"


def tally_cards(
    event: Event,
    night: list[RoundSeating],
    *,
    players_url: str = "",
    stays: dict[int, int] | None = None,
) -> list[TallyCard]:
    """One card per entrant (checked in, or seated at some point), by name, with their whole
    route: the rounds seated, then the rounds the movement plans (`night`, from
    services.night_plan), the rounds played without them ("arrived for round 2"), and blank
    rows for any round not planned. `stays`: each player who stays at one table, and its
    number (services.night_stays). 2 or 3 queries: the entrants, and where the event's table
    numbers start (Event.table_offset)."""
    entries = list(event.entries.order_by().values("player_id", "player__name", "present"))
    names = {e["player_id"]: e["player__name"] for e in entries}
    rows: dict[int, dict[int, TallyRow]] = {}
    first_table = event.table_offset() + 1  # after another event's tables in play
    # Each seat's name and its partner's place at the table, looked up once: the event page
    # builds every card (4,800 rows at 400 players) on each load once cards are printed.
    places = [(i, SEAT_NAMES[p], "NESW".index(PARTNER[p])) for i, p in enumerate("NESW")]
    for number, seating in enumerate(night, start=1):
        for table_number, table in enumerate(seating.tables, start=first_table):
            if len(table) != 4:
                raise ValueError(f"a table of {len(table)} players: {table}")
            table_name = str(table_number)
            for i, seat, partner in places:
                rows.setdefault(table[i], {})[number] = TallyRow(
                    number, table_name, seat, names.get(table[partner], "")
                )
        for player in seating.sit_out:
            rows.setdefault(player, {})[number] = TallyRow(
                number, table="sits out", seat="-", partner="-"
            )
    rounds = max(event.rounds_planned, len(night))
    players = [e for e in entries if e["present"] or e["player_id"] in rows]
    players.sort(key=lambda e: name_key(e["player__name"]))
    cards = []
    for e in players:
        mine = rows.get(e["player_id"], {})
        seen = sorted(mine)
        card_rows = []
        for n in range(1, rounds + 1):
            row = mine.get(n)
            if row is None and seen and n <= len(night):
                row = TallyRow(n, missed=_missed(n, seen, e["present"]))
            card_rows.append(row or TallyRow(n))
        cards.append(
            TallyCard(
                player_id=e["player_id"],
                player=e["player__name"],
                rows=card_rows,
                present=e["present"],
                players_url=players_url,
                stays=(stays or {}).get(e["player_id"]),
            )
        )
    return cards


@dataclass
class CardChanges:
    """The tally cards of players here tonight that the night's plan has overtaken."""

    to_print: list[TallyCard] = field(default_factory=list)  # never printed (a late arrival)
    moved: list[TallyCard] = field(default_factory=list)  # printed, now sent to another seat
    new_partner: list[TallyCard] = field(default_factory=list)  # same seats, a partner's name

    def __bool__(self) -> bool:
        return bool(self.to_print or self.moved or self.new_partner)

    @property
    def printing(self) -> list[TallyCard]:
        """The cards the event page's button prints: a player without the right seats."""
        return self.to_print + self.moved


def _seats(route: list[list]) -> list[list]:
    """Where a route sends the player each round, without the partners' names."""
    return [row[:3] for row in route]


def card_changes(cards: list[TallyCard], printed: dict[str, list]) -> CardChanges:
    """Which cards of the players here a late arrival or an early leaver has made wrong: the
    seat (or sitting out) of a round differs from the card's, or only a partner's name does;
    and the players who never had a card."""
    changes = CardChanges()
    for card in cards:
        if not card.present:
            continue
        route = printed.get(str(card.player_id))
        if route is None:
            changes.to_print.append(card)
            continue
        now = card.route()  # once: the event page asks this of every card on every load
        if route == now:
            continue
        if _seats(route) != _seats(now):
            changes.moved.append(card)
        else:
            changes.new_partner.append(card)
    return changes


# --- Table cards ---------------------------------------------------------------------------


@dataclass
class PrintedTableCard:
    number: int
    url: str  # the card's link (its QR code): table N of whichever round is in play
    code: str
    code_url: str  # where the code is typed
    players_url: str  # the club's public page, or "" when the club keeps results private


def table_cards(cards, *, url_for_token, code_url: str, players_url: str) -> list[PrintedTableCard]:
    """The club's cards (models.TableCard) as printed: no round, no seats, since one set
    serves every night."""
    return [
        PrintedTableCard(
            number=card.number,
            url=url_for_token(card.token),
            code=card.code,
            code_url=code_url,
            players_url=players_url,
        )
        for card in cards
    ]

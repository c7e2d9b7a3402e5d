"""A late arrival or an early leaver changes as few routes as the night allows.

Every player's route for the rest of the night is printed on their tally card, so when someone
arrives or leaves, the rounds still to play are kept as they were planned and changed only where
they must be:

- a leaver's seat goes to a player who was to sit out that round (the one who meets the fewest
  of the leaver's table-mates again, has sat out most, ...), or, where that would partner two
  players again, to another player whose seat the one sitting out takes; where nobody sits
  out, three must: the last table's players, one of them taking the leaver's seat;
- a newcomer takes over a seat, and its player sits out (as `grow.py` does for a whole night),
  or sits out where someone must; where three sit out, they and the newcomer make a new table;
- a leaver and a newcomer at the same time: the newcomer takes the leaver's route whole.

Each round's choice weighs, as the planner does (`planner.py`), a partner again far above a
meeting again (by the square of the meetings so far, as there), an uneven or back-to-back
sit-out as much as a partner again, and a changed card least: the rounds are chosen one after
another, then each again against all the others. A round the player missed counts as a round
sat out, so a late arrival plays before anyone sits out twice. Where that still seats a pair
together more often than the night must, `repaired` swaps a few players; the caller
(`seating._after_change`) compares both with a full re-plan (`individual.replan`) and keeps the
fairest, the one that changes fewer cards on a tie. Pure Python, deterministic.
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .core import Round

PARTNER_AGAIN = 1000  # a partnership again
UNFAIR_REST = 1000  # sitting out in two rounds running
REST = 100  # sitting out, per round already sat out (or missed): (2 * rests + 1) * REST
MEET_AGAIN = 20  # times the square of the earlier meetings of two players at a table
CHANGED = 50  # a card printed again: more than two meetings again, far less than a partner
SWEEPS = 1  # each round chosen again once, against all the others


@dataclass(frozen=True)
class _Option:
    """One way to seat a round: the tables it takes away from the kept round and puts in
    their place, who sits out, and whose card changes."""

    removed: tuple[tuple[int, ...], ...]
    added: tuple[tuple[int, ...], ...]
    sit_out: tuple[int, ...]
    changed: int

    def applied(self, kept: Round) -> Round:
        tables = list(kept.tables)
        for gone, new in zip(self.removed, self.added, strict=False):
            tables[tables.index(gone)] = new
        tables += list(self.added[len(self.removed) :])
        for gone in self.removed[len(self.added) :]:
            tables.remove(gone)
        return Round(tables=tables, sit_out=sorted(self.sit_out))


def _pairs(table: Sequence[int]):
    n, e, s, w = table
    return ((n, s), (e, w)), ((n, e), (e, s), (s, w), (w, n))


class _Night:
    """Who partnered, met and sat out how often, over the rounds played and the rounds kept."""

    def __init__(self, played: Sequence[Round], players: set[int]):
        self.partners: Counter = Counter()
        self.met: Counter = Counter()
        self.rests: Counter = Counter()
        for r in played:
            self.add(r, 1)
            # A round missed counts as one sat out: a late arrival plays before anyone rests
            # twice.
            self.rests.update(players - set(r.players()))
        self.last_rest = set(played[-1].sit_out) if played else set()

    def add(self, r: Round, sign: int) -> None:
        for table in r.tables:
            across, beside = _pairs(table)
            for a, b in across:
                self.partners[_pair(a, b)] += sign
            for a, b in (*across, *beside):
                self.met[_pair(a, b)] += sign
        for p in r.sit_out:
            self.rests[p] += sign

    def table_cost(self, table: Sequence[int]) -> int:
        across, beside = _pairs(table)
        return PARTNER_AGAIN * sum(
            self.partners[_pair(a, b)] for a, b in across
        ) + MEET_AGAIN * sum(self.met[_pair(a, b)] ** 2 for a, b in (*across, *beside))

    def partners_again(self, tables) -> bool:
        return any(self.partners[_pair(a, b)] for t in tables for a, b in _pairs(t)[0])

    def rest_cost(self, player: int, beside: set[int]) -> int:
        return REST * (2 * self.rests[player] + 1) + UNFAIR_REST * (player in beside)


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _choose(played: Sequence[Round], kept: list[Round], options: list[list], players):
    """The rounds with one option each, the cheapest night found (see the module's docstring).
    Each round's options: a list of them, then functions giving the ones that change more
    cards, asked only where the first would partner two players again."""
    night = _Night(played, set(players))
    rounds: list[Round] = list(kept)

    def beside(number: int) -> set[int]:
        before = set(rounds[number - 1].sit_out) if number else night.last_rest
        after = set(rounds[number + 1].sit_out) if number + 1 < len(rounds) else set()
        return before | after

    def choose(number: int) -> _Option:
        # The options of a round share most of their tables and sit-outs: each costed once.
        near = beside(number)
        tables: dict[tuple, int] = {}
        rests: dict[int, int] = {}

        def table(t: tuple) -> int:
            if t not in tables:
                tables[t] = night.table_cost(t)
            return tables[t]

        def rest(p: int) -> int:
            if p not in rests:
                rests[p] = night.rest_cost(p, near)
            return rests[p]

        def cost(o: _Option) -> int:
            return (
                sum(map(table, o.added))
                - sum(map(table, o.removed))
                + sum(map(rest, o.sit_out))
                + CHANGED * o.changed
            )

        first, *more = options[number]
        best = min(first, key=cost)
        if more and night.partners_again(best.added):
            # Only then the options that change more cards (a leaver's seat passed on twice).
            best = min([best, *(o for tier in more for o in tier())], key=cost)
        return best

    # First the kept rounds alone count (the newcomer not yet anywhere); then round by round.
    for r in kept:
        night.add(r, 1)
    for sweep in range(1 + SWEEPS):
        for number, r in enumerate(kept):
            if len(options[number]) == 1 and len(options[number][0]) == 1 and sweep:
                continue
            night.add(rounds[number], -1)
            rounds[number] = choose(number).applied(r)
            night.add(rounds[number], 1)
    return rounds


def _arrival_options(r: Round, newcomer: int) -> list:
    if len(r.sit_out) == 3:
        # Four players make a table: the three sitting out and the newcomer, partnered as
        # suits them best.
        a, b, c = r.sit_out
        x = newcomer
        return [
            [
                _Option(removed=(), added=(table,), sit_out=(), changed=3)
                for table in ((x, a, b, c), (x, b, a, c), (x, a, c, b))
            ]
        ]
    options = [_Option(removed=(), added=(), sit_out=(*r.sit_out, newcomer), changed=0)]
    for table in r.tables:
        for player in table:
            options.append(
                _Option(
                    removed=(table,),
                    added=(tuple(newcomer if p == player else p for p in table),),
                    sit_out=(*r.sit_out, player),
                    changed=1,
                )
            )
    return [options]


def _leaver_options(r: Round, leaver: int) -> list:
    if leaver in r.sit_out:
        rest = tuple(p for p in r.sit_out if p != leaver)
        return [[_Option(removed=(), added=(), sit_out=rest, changed=0)]]
    table = next((t for t in r.tables if leaver in t), None)
    if table is None:
        return [[_Option(removed=(), added=(), sit_out=tuple(r.sit_out), changed=0)]]
    if not r.sit_out:
        # Three must sit out: the last table's players, one of them taking the leaver's
        # seat, so no other table is numbered again (the leaver's table-mates, if it is last).
        last = r.tables[-1]
        if table == last:
            mates = tuple(p for p in table if p != leaver)
            return [[_Option(removed=(table,), added=(), sit_out=mates, changed=3)]]
        return [
            [
                _Option(
                    removed=(table, last),
                    added=(tuple(player if p == leaver else p for p in table),),
                    sit_out=tuple(p for p in last if p != player),
                    changed=4,
                )
                for player in last
            ]
        ]

    def passed_on() -> list[_Option]:
        # One card more: another player moves to the leaver's seat and the one sitting out
        # takes theirs, where the leaver's partner would otherwise be a partner again.
        return [
            _Option(
                removed=removed,
                added=added,
                sit_out=tuple(p for p in r.sit_out if p != player),
                changed=2,
            )
            for player in r.sit_out
            for removed, added in _moves(r, table, leaver, player)
        ]

    taken = [
        _Option(
            removed=(table,),
            added=(tuple(player if p == leaver else p for p in table),),
            sit_out=tuple(p for p in r.sit_out if p != player),
            changed=1,
        )
        for player in r.sit_out
    ]
    return [taken, passed_on]


def _moves(r: Round, table: tuple, leaver: int, comer: int):
    """Each seated player moved to `leaver`'s seat, with `comer` in theirs: (tables taken
    away, tables put in their place)."""
    seat = table.index(leaver)
    for other in r.tables:
        for place, mover in enumerate(other):
            if mover == leaver:
                continue
            if other is table:
                moved = list(table)
                moved[seat], moved[place] = mover, comer
                yield (table,), (tuple(moved),)
            else:
                to = list(table)
                to[seat] = mover
                back = list(other)
                back[place] = comer
                yield (table, other), (tuple(to), tuple(back))


def _swapped(r: Round, leaver: int, newcomer: int) -> Round:
    def swap(p: int) -> int:
        return newcomer if p == leaver else p

    return Round(
        tables=[tuple(swap(p) for p in t) for t in r.tables],
        sit_out=sorted(swap(p) for p in r.sit_out),
    )


def kept_for(
    played: Sequence[Round],
    planned: Sequence[Round],
    *,
    arrivals: Sequence[int],
    leavers: Sequence[int],
) -> list[Round]:
    """The `planned` rounds (planned after `played` for the players before) changed for
    `arrivals` and `leavers`, keeping everyone else's route where the night allows."""
    rounds = list(planned)
    players = {p for r in [*played, *rounds] for p in r.players()}
    paired = min(len(arrivals), len(leavers))
    for leaver, newcomer in zip(leavers[:paired], arrivals[:paired], strict=True):
        rounds = [_swapped(r, leaver, newcomer) for r in rounds]
        players = (players - {leaver}) | {newcomer}
    for leaver in leavers[paired:]:
        players.discard(leaver)
        options = [_leaver_options(r, leaver) for r in rounds]
        rounds = _choose(played, rounds, options, players)
    for newcomer in arrivals[paired:]:
        players.add(newcomer)
        options = [_arrival_options(r, newcomer) for r in rounds]
        rounds = _choose(played, rounds, options, players)
    return rounds


# A repair moves at most this many pairs of players a round still to play: each move changes
# two tally cards, so past that a plan made afresh is as good.
REPAIR_SWAPS = 2


def repaired(played: Sequence[Round], rest: Sequence[Round], worst: int) -> list[Round]:
    """`rest` (after `played`) with a few players swapped, two at a time in one round, so that
    no two players meet more than `worst` times where a swap can help: each swap lowers how far
    pairs go over `worst` and never partners two players again. A swap with a player sitting
    out makes the seated one sit out instead, only where that is as fair: they have sat out no
    more than the other, and not in the round before or after."""
    night = _Night(played, {p for r in [*played, *rest] for p in r.players()})
    rounds = [Round(tables=list(r.tables), sit_out=list(r.sit_out)) for r in rest]
    for r in rounds:
        night.add(r, 1)

    def excess(table: Sequence[int]) -> int:
        """How far the table's pairs go over `worst`, its round taken out of `night`."""
        across, beside = _pairs(table)
        return sum(max(0, night.met[_pair(a, b)] + 1 - worst) for a, b in (*across, *beside))

    swaps = [0] * len(rounds)
    while True:
        # The tables of the rounds to play that seat a pair over `worst` times.
        over = [
            (number, t)
            for number, r in enumerate(rounds)
            if swaps[number] < REPAIR_SWAPS
            for t, table in enumerate(r.tables)
            if any(
                night.met[_pair(a, b)] > worst for a, b in (*_pairs(table)[0], *_pairs(table)[1])
            )
        ]
        best = None
        for number, t in over:
            r = rounds[number]
            night.add(r, -1)
            for u, other in enumerate(r.tables):
                if u == t:
                    continue
                before = excess(r.tables[t]) + excess(other)
                for i in range(4):
                    for j in range(4):
                        one, two = list(r.tables[t]), list(other)
                        one[i], two[j] = two[j], one[i]
                        if night.partners_again((one, two)):
                            continue
                        gain = before - excess(one) - excess(two)
                        if gain > 0 and (best is None or gain > best[0]):
                            best = (gain, number, t, u, tuple(one), tuple(two), r.sit_out)
            beside = (rounds[number - 1].sit_out if number else night.last_rest) or ()
            after = rounds[number + 1].sit_out if number + 1 < len(rounds) else ()
            for out in r.sit_out:
                for i, seated in enumerate(r.tables[t]):
                    fair = night.rests[seated] <= night.rests[out]
                    if not fair or seated in beside or seated in after:
                        continue
                    one = list(r.tables[t])
                    one[i] = out
                    if night.partners_again((one,)):
                        continue
                    gain = excess(r.tables[t]) - excess(one)
                    if gain > 0 and (best is None or gain > best[0]):
                        resting = [seated if p == out else p for p in r.sit_out]
                        best = (gain, number, t, t, tuple(one), tuple(one), resting)
            night.add(r, 1)
        if best is None:
            return rounds
        _gain, number, t, u, one, two, resting = best
        r = rounds[number]
        night.add(r, -1)
        tables = list(r.tables)
        tables[t], tables[u] = one, two
        rounds[number] = Round(tables=tables, sit_out=sorted(resting))
        night.add(rounds[number], 1)
        swaps[number] += 1

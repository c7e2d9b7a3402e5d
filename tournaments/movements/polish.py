"""Clear a short night's repeated meetings by tabu search over the tables of each round.

A short night (3R <= n - 1) can often be seated so that no two players ever meet twice, a
"social golfer" schedule; where it cannot, a pair meeting a third time is far worse than
another pair meeting a second time. Starting from a planned movement, this keeps every round's
sit-outs and swaps two players at different tables of one round. Each step tries every swap
that moves a player of a pair meeting twice, out of a round where they meet, and makes the
best one (a player just moved stays put in that round for a few steps unless moving them beats
the best found). The cost, kept incrementally, charges a pair's second meeting 1, its third
STEEP, its fourth STEEP squared: the worst pair first, then the repeats in all. After a while
without progress a couple of random swaps kick the search elsewhere. Rounds already played
(`history`) count, and stay as they were.

Deterministic: seeded random numbers and a budget counted in evaluated swaps, never the clock.
"""

import random
from collections.abc import Sequence

from .core import Round
from .planner import _arranger, _Counts

# Swaps evaluated per movement (about 2 microseconds each): keeps the polish near half a second.
BUDGET = 350_000
TENURE = 10  # steps a moved player stays where they are in that round
STALL = 200  # steps without a new best before a kick
KICK = 2  # random swaps in a kick
STEEP = 200  # a pair's third meeting costs this many second meetings: more than a night has


class _State:
    def __init__(self, size: int, tables: list[list[list[int]]], steep: int):
        self.size = size
        self.tables = tables
        # The cost of a pair's m-th meeting (at most one a round).
        self.step = [0, 0, *(steep**k for k in range(len(tables)))]
        self.seat = []
        self.met = [0] * (size * size)
        self.repeated: dict[tuple[int, int], None] = {}
        self.cost = 0
        for round_tables in tables:
            seat = [-1] * size
            for t, table in enumerate(round_tables):
                for p in table:
                    seat[p] = t
                for i in range(4):
                    for j in range(i + 1, 4):
                        self._bump(table[i], table[j], 1)
            self.seat.append(seat)

    def _bump(self, u: int, v: int, sign: int) -> None:
        size, met = self.size, self.met
        old = met[u * size + v]
        met[u * size + v] = met[v * size + u] = old + sign
        key = (u, v) if u < v else (v, u)
        if sign > 0:
            self.cost += self.step[old + 1]
            if old >= 1:
                self.repeated[key] = None
        else:
            self.cost -= self.step[old]
            if old == 2:
                del self.repeated[key]

    def delta(self, one: list[int], two: list[int], a: int, b: int) -> int:
        met, size, step = self.met, self.size, self.step
        an, bn = a * size, b * size
        d = 0
        for x in one:
            if x != a:
                d += step[met[bn + x] + 1] - step[met[an + x]]
        for y in two:
            if y != b:
                d += step[met[an + y] + 1] - step[met[bn + y]]
        return d

    def swap(self, r: int, a: int, b: int) -> None:
        seat = self.seat[r]
        ta, tb = seat[a], seat[b]
        one, two = self.tables[r][ta], self.tables[r][tb]
        for x in one:
            if x != a:
                self._bump(a, x, -1)
                self._bump(b, x, 1)
        for y in two:
            if y != b:
                self._bump(b, y, -1)
                self._bump(a, y, 1)
        one[one.index(a)] = b
        two[two.index(b)] = a
        seat[a], seat[b] = tb, ta


def polish(
    rounds: Sequence[Round],
    players: int,
    *,
    seed: int = 0,
    history: Sequence[Round] = (),
    budget: int = BUDGET,
    target: int = 0,
    steep: int = STEEP,
    frozen: frozenset[int] = frozenset(),
) -> list[Round] | None:
    """The rounds (players 1..players) with a lower worst pair or fewer repeated meetings,
    after the rounds of `history`, or None if no better; `budget`: swaps evaluated, and the
    search stops early at a cost of `target` (with no pair met three times, the repeats).
    `steep` 1 counts every repeat alike: where a night with none may exist, that clears them
    more often (59 players over 15 rounds: to none, where STEEP leaves 2). The players of
    `frozen` never change tables (players who stay at one table, `stays.py`)."""
    fixed = len(history)
    frozen = frozenset(p - 1 for p in frozen)
    tables = [[[p - 1 for p in t] for t in r.tables] for r in [*history, *rounds]]
    if len(tables) == fixed or len(tables[fixed]) < 2:
        return None
    state = _State(players, tables, steep)
    start = state.cost
    if start == 0:
        return None
    rng = random.Random(seed)
    count = len(tables)
    tabu = [[0] * players for _ in range(count)]
    best, best_tables, last = start, None, 0
    evaluated = step = 0
    while evaluated < budget and state.cost > target:
        step += 1
        if step - last > STALL:
            last = step
            for _ in range(KICK):
                r = rng.randrange(fixed, count)
                one, two = rng.sample(range(len(tables[r])), 2)
                a, b = tables[r][one][rng.randrange(4)], tables[r][two][rng.randrange(4)]
                if a not in frozen and b not in frozen:
                    state.swap(r, a, b)
            continue
        # Every player of a repeated pair, in every round where the pair sits together.
        movable = set()
        for p, q in state.repeated:
            for r in range(fixed, count):
                seat = state.seat[r]
                if seat[p] >= 0 and seat[p] == seat[q]:
                    movable.update(((r, p), (r, q)))
        lowest, moves = None, []
        for r, a in sorted(movable):
            if a in frozen:
                continue
            seat, round_tables, banned = state.seat[r], tables[r], tabu[r]
            one = round_tables[seat[a]]
            for t, two in enumerate(round_tables):
                if t == seat[a]:
                    continue
                evaluated += 4
                for b in two:
                    if b in frozen:
                        continue
                    d = state.delta(one, two, a, b)
                    if (banned[a] > step or banned[b] > step) and state.cost + d >= best:
                        continue
                    if lowest is None or d < lowest:
                        lowest, moves = d, [(r, a, b)]
                    elif d == lowest:
                        moves.append((r, a, b))
        if not moves:
            continue
        r, a, b = moves[rng.randrange(len(moves))]
        state.swap(r, a, b)
        tabu[r][a] = step + TENURE + rng.randrange(5)
        tabu[r][b] = step + TENURE + rng.randrange(5)
        if state.cost < best:
            best, last = state.cost, step
            best_tables = [[list(t) for t in rt] for rt in tables]
    if best_tables is None:
        return None
    sit_outs = [r.sit_out for r in [*history, *rounds]]
    return _seated(best_tables, sit_outs, players, fixed)[fixed:]


def polish_around(
    played: Sequence[Round],
    plan: Sequence[Round],
    *,
    seed: int = 0,
    budget: int = BUDGET,
    frozen: frozenset[int] = frozenset(),
) -> list[Round] | None:
    """`polish` for a plan after the rounds played, with any player ids (late arrivals,
    leavers): the plan with a lower worst pair or fewer repeats, or None if no better."""
    ids = sorted({p for r in [*played, *plan] for p in r.players()})
    index = {p: i for i, p in enumerate(ids, start=1)}
    back = dict(enumerate(ids, start=1))

    def renamed(r: Round, name: dict[int, int]) -> Round:
        return Round(
            tables=[tuple(name[p] for p in t) for t in r.tables],
            sit_out=sorted(name[p] for p in r.sit_out),
        )

    found = polish(
        [renamed(r, index) for r in plan],
        len(ids),
        seed=seed,
        history=[renamed(r, index) for r in played],
        budget=budget,
        frozen=frozenset(index[p] for p in frozen),
    )
    return None if found is None else [renamed(r, back) for r in found]


def _seated(
    tables: list[list[list[int]]], sit_outs: list, players: int, fixed: int = 0
) -> list[Round]:
    """Seat each table (who partners whom) as the planner would, against all other rounds;
    the first `fixed` rounds (played already) stay as they are."""
    counts = _Counts(players)
    for round_tables in tables:
        counts.add_round(round_tables, 1)
    for round_tables in tables[fixed:]:
        counts.add_round(round_tables, -1)
        arrange = _arranger(counts)
        round_tables[:] = [list(arrange(t)[1]) for t in round_tables]
        counts.add_round(round_tables, 1)
    return [
        Round(tables=[tuple(p + 1 for p in t) for t in rt], sit_out=list(out))
        for rt, out in zip(tables, sit_outs, strict=True)
    ]

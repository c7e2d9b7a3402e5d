"""Plan rounds for any number of players, around rounds already played.

Used where no design applies: short nights, counts a design does not cover, nights longer
than a full rotation, and re-planning after late arrivals or early leavers.

Round by round: the players who have sat out least rest (never twice in a row when someone
else can), the rest are dealt to tables, and swaps between tables are kept when they lower the
cost of the round against every other round. Then each round is re-optimized in turn against
all the others, which undoes the greedy start's worst choices. The cost of a round weighs, per
pair of players, a repeated partnership far above a repeated meeting of any kind, and that
above sitting on the same side of an opponent again. A meeting costs the square of the pair's
meetings so far: a third meeting costs four times a second, so two players who already met
twice are pushed apart before anyone meets a second time (what a player notices is the same
face round after round, not how many faces come back once).

Everything is driven by a seeded random generator and fixed iteration counts (never the
clock), so the same arguments give the same plan on every machine.
"""

import random
from collections.abc import Sequence

from .core import Round, Table

# Weights of the round's cost, per pair of players at a table, for what they already have.
PARTNER_AGAIN = 1000  # per earlier partnership of two new partners
MEET_AGAIN = 20  # times the square of the earlier meetings of two players at a table
OPPOSE_AGAIN = 6  # per earlier opposition of two new opponents: spreads opponents evenly
SAME_SIDE = 1  # an opponent again on the side where they already were more often
BAD_TABLE = MEET_AGAIN // 2  # a table costing this much has a repeat worth moving a player for

# (arrangement of positions a, b, c, d into N, E, S, W) for the three partnerships, both ways.
ARRANGEMENTS = [
    (0, 1, 2, 3),
    (0, 3, 2, 1),
    (0, 2, 1, 3),
    (0, 3, 1, 2),
    (0, 1, 3, 2),
    (0, 2, 3, 1),
]


class _Counts:
    """Pair counts as flat lists indexed x * size + y (symmetrical, except `left`)."""

    def __init__(self, size: int):
        self.size = size
        self.partners = [0] * (size * size)
        self.met = [0] * (size * size)
        self.opposed = [0] * (size * size)
        self.left = [0] * (size * size)  # left[x * size + y]: y sat on x's left

    def add_table(self, table: Sequence[int], sign: int) -> None:
        size = self.size
        n, e, s, w = table
        for a, b in ((n, s), (e, w)):
            self.partners[a * size + b] += sign
            self.partners[b * size + a] += sign
            self.met[a * size + b] += sign
            self.met[b * size + a] += sign
        for a, b in ((n, e), (e, s), (s, w), (w, n)):
            self.opposed[a * size + b] += sign
            self.opposed[b * size + a] += sign
            self.met[a * size + b] += sign
            self.met[b * size + a] += sign
            self.left[a * size + b] += sign

    def add_round(self, tables: Sequence[Sequence[int]], sign: int) -> None:
        for table in tables:
            self.add_table(table, sign)


def _arranger(counts: _Counts):
    size = counts.size
    partners, met, opposed, left = counts.partners, counts.met, counts.opposed, counts.left

    def best(four: Sequence[int]) -> tuple[int, Table]:
        """The cheapest seating of four players at one table, and its cost."""
        best_cost = None
        best_table = None
        for order in ARRANGEMENTS:
            n, e, s, w = (four[i] for i in order)
            cost = 0
            for a, b in ((n, s), (e, w)):
                k = a * size + b
                cost += PARTNER_AGAIN * partners[k] + MEET_AGAIN * met[k] * met[k]
            for a, b in ((n, e), (e, s), (s, w), (w, n)):
                k = a * size + b
                cost += (
                    MEET_AGAIN * met[k] * met[k]
                    + OPPOSE_AGAIN * opposed[k]
                    + SAME_SIDE * 2 * (left[k] - left[b * size + a])
                )
            if best_cost is None or cost < best_cost:
                best_cost, best_table = cost, (n, e, s, w)
        return best_cost, best_table

    return best


def _improve(tables: list[list[int]], counts: _Counts, rng: random.Random, steps: int) -> None:
    """Swap players between tables while that lowers the round's cost (in place)."""
    best = _arranger(counts)
    if len(tables) < 2:
        return
    costs = [best(t)[0] for t in tables]
    count = len(tables)
    for _ in range(steps):
        bad = [i for i, c in enumerate(costs) if c >= BAD_TABLE]
        if not bad:
            return
        t1 = rng.choice(bad)
        t2 = rng.randrange(count - 1)
        t2 += t2 >= t1
        i, j = rng.randrange(4), rng.randrange(4)
        one, two = tables[t1], tables[t2]
        one[i], two[j] = two[j], one[i]
        c1, c2 = best(one)[0], best(two)[0]
        delta = c1 + c2 - costs[t1] - costs[t2]
        # Sideways moves too (a third of them), so the search can walk off a plateau.
        if delta < 0 or (delta == 0 and rng.random() < 0.3):
            costs[t1], costs[t2] = c1, c2
        else:
            one[i], two[j] = two[j], one[i]


def plan_rounds(
    players: Sequence[int],
    rounds: int,
    *,
    history: Sequence[Round] = (),
    seed: int = 0,
    sweeps: int = 2,
    steps: int | None = None,
) -> list[Round]:
    """`rounds` new rounds for `players`, after the rounds in `history` (any player ids)."""
    rng = random.Random(seed)
    ids = sorted({*players, *(p for r in history for p in r.players())})
    index = {p: i for i, p in enumerate(ids)}
    counts = _Counts(len(ids))
    rested = [0] * len(ids)
    for r in history:
        counts.add_round([[index[p] for p in t] for t in r.tables], 1)
        for p in r.sit_out:
            rested[index[p]] += 1
    last_rest = {index[p] for p in history[-1].sit_out} if history else set()
    present = [index[p] for p in sorted(set(players))]
    resting_count = len(present) % 4
    table_count = len(present) // 4
    if steps is None:
        # Enough swaps to clear a short night's repeats, capped for long nights (where repeats
        # cannot be avoided anyway) so every plan the app asks for stays well under 2 s.
        steps = min(40 * table_count + 200, max(200, 12_000 // max(rounds, 1)))

    planned: list[tuple[list[list[int]], list[int]]] = []
    for _ in range(rounds):
        order = sorted(present, key=lambda p: (rested[p], p in last_rest, rng.random()))
        resting = order[:resting_count]
        playing = order[resting_count:]
        rng.shuffle(playing)
        tables = [playing[i : i + 4] for i in range(0, len(playing), 4)]
        _improve(tables, counts, rng, steps)
        arrange = _arranger(counts)
        tables = [list(arrange(t)[1]) for t in tables]
        counts.add_round(tables, 1)
        for p in resting:
            rested[p] += 1
        last_rest = set(resting)
        planned.append((tables, resting))

    # Each round again, against all the others (later rounds now count too).
    for _ in range(sweeps if rounds > 1 else 0):
        for tables, _resting in planned:
            counts.add_round(tables, -1)
            _improve(tables, counts, rng, steps // 2)
            arrange = _arranger(counts)
            tables[:] = [list(arrange(t)[1]) for t in tables]
            counts.add_round(tables, 1)

    return [
        Round(
            tables=[tuple(ids[p] for p in t) for t in tables],
            sit_out=sorted(ids[p] for p in resting),
        )
        for tables, resting in planned
    ]

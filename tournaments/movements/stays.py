"""Players who stay at one table: a night where some players keep their table every round.

Clubs of older players keep a seat for a player who cannot walk from table to table. Such a
player keeps their table every round (they may change seat and partner), and never sits out:
they would have nowhere to go. Everyone else moves as the movement says. Pure Python.

Two steps, both deterministic so that the night is the same each time it is planned:

- `numbers_to_stay`: on a night not yet begun the players' numbers are free, so the players
  who stay take the numbers that already suit staying put: never sitting out, never at a table
  together. Where the night has such numbers, staying costs it nothing: each round's tables are
  only put in another order (`kept_in_place`).
- `kept_in_place`: from a given round on, each round where a player who stays would sit out,
  or share a table with another who stays, is changed as little as it can be: the player who
  stays takes a mover's seat (the mover sits out instead), or changes tables with a mover; then
  players are swapped between that round's tables while that lowers the night's repeats.
  Where the movers' sit-outs come out uneven they are shared out afresh; then the polish
  (`polish.py`, those who stay frozen) clears what repeats it can. No clock and seeded random
  numbers only: planning again later, from the same round, finds the same rounds.
"""

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import combinations

from .core import Round
from .polish import polish_around
from .quality import movement_report

__all__ = ["kept_in_place", "numbers_to_stay", "stay_targets"]

# Weight of a pair's next meeting by how often it met: a third meeting is worse than many
# second ones, as the planner weighs them (`planner.py`); a partner again outweighs all.
_MEET = (0, 1, 20, 400, 8000, 160000)
_PARTNER_AGAIN = 10**7
# Swaps the polish may weigh (`polish.BUDGET` is about half a second); this one runs once
# each time a night with players who stay is planned, beside the night without them.
BUDGET = 100_000
# The polish does not weigh partners: of a few runs, the fairest night is kept.
SEEDS = 3


def _pairs(table: Sequence[int]) -> list[tuple[int, int]]:
    return [tuple(sorted(p)) for p in combinations(table, 2)]


def _partners(table: Sequence[int]) -> list[tuple[int, int]]:
    n, e, s, w = table
    return [tuple(sorted((n, s))), tuple(sorted((e, w)))]


def numbers_to_stay(rounds: Sequence[Round], count: int) -> list[int]:
    """`count` of the night's numbers that best suit staying put: never sitting out and never
    at a table together where the night has such, else the fewest sit-outs and meetings."""
    if count <= 0:
        return []
    everyone = sorted({p for r in rounds for p in r.players()})
    rests = Counter(p for r in rounds for p in r.sit_out)
    met: Counter = Counter(pair for r in rounds for t in r.tables for pair in _pairs(t))
    calm = [p for p in everyone if not rests[p]]

    # A set that never meets among those who never sit out, found by a small backtracking.
    def extend(chosen: list[int], rest: list[int]) -> list[int] | None:
        if len(chosen) == count:
            return chosen
        for i, p in enumerate(rest):
            if all(not met[tuple(sorted((p, q)))] for q in chosen):
                found = extend([*chosen, p], rest[i + 1 :])
                if found is not None:
                    return found
        return None

    if len(calm) <= 40 or count <= 3:
        found = extend([], calm)
        if found is not None:
            return found
    # Otherwise the greedy best: fewest sit-outs, then fewest meetings with those chosen.
    chosen: list[int] = []
    for _ in range(min(count, len(everyone))):
        best = min(
            (p for p in everyone if p not in chosen),
            key=lambda p: (
                rests[p],
                sum(met[tuple(sorted((p, q)))] for q in chosen),
                p,
            ),
        )
        chosen.append(best)
    return chosen


def stay_targets(stays: Sequence[int], before: Round | None, tables: int) -> dict[int, int]:
    """Each player who stays, and the table (its index in the round) they keep: the one they
    sat at in the round `before`, unless one before them in `stays` sat there too; else the
    lowest table no one keeps."""
    targets: dict[int, int] = {}
    for player in stays:
        index = None
        if before is not None:
            index = next((i for i, t in enumerate(before.tables) if player in t), None)
        if index is not None and index < tables and index not in targets.values():
            targets[player] = index
    for player in stays:
        if player not in targets:
            targets[player] = min(i for i in range(tables) if i not in targets.values())
    return {player: targets[player] for player in stays}


def kept_in_place(
    night: Sequence[Round],
    targets: Mapping[int, int],
    start: int,
    past: Sequence[Round] = (),
) -> list[Round] | None:
    """`night` with each player of `targets` at their table in every round from `start` on.

    Rounds before `start` are kept. With `past` (the rounds played), None as soon as a round
    played is not what this gives: the caller then tries the night from a later round."""
    fewest = min((len(r.tables) for r in night[start:]), default=len(targets))
    if len(targets) > fewest or any(i >= fewest for i in targets.values()):
        raise ValueError("more players stay than there are tables")
    for i in range(start, len(past)):
        # Cheap first: a round played from `start` on seats each of them at their table.
        tables = past[i].tables
        if any(not (0 <= k < len(tables) and p in tables[k]) for p, k in targets.items()):
            return None
    result, changed = _each_round_kept(night, targets, start)
    if _unfair_rests(result, start, targets):
        # Moving the sit-outs of those who stay to others round by round left some sitting
        # out twice before everyone has once: share the sit-outs out afresh among those who
        # move, then seat each round again.
        result, changed = _each_round_kept(_rested_afresh(night, start, targets), targets, start)
    if changed:
        # Rounds were changed for those who stay: the polish clears what repeats it can,
        # moving everyone else (`polish.py`), and each table is seated afresh. It does not
        # weigh partners, so it is kept only where the night is fairer for it.
        for seed in range(SEEDS):
            polished = polish_around(
                result[:start], result[start:], seed=seed, budget=BUDGET, frozen=frozenset(targets)
            )
            if polished is not None:
                polished = [
                    _ordered([list(t) for t in r.tables], r.sit_out, targets) for r in polished
                ]
                if _fairness([*result[:start], *polished]) < _fairness(result):
                    result[start:] = polished
    for i in range(start, min(len(past), len(result))):
        if _normal(result[i]) != _normal(past[i]):
            return None
    return result


def _each_round_kept(
    night: Sequence[Round], targets: Mapping[int, int], start: int
) -> tuple[list[Round], bool]:
    result = list(night[:start])
    changed = False
    for i in range(start, len(night)):
        kept, broken = _round_kept(night[i], result, list(night[i + 1 :]), targets)
        changed |= broken
        result.append(kept)
    return result, changed


def _unfair_rests(night: Sequence[Round], start: int, stays: Mapping[int, int]) -> bool:
    report = movement_report(night, {p for r in night for p in r.players()}, stays=stays)
    low, high = report.sit_out_range
    return high - low > 1 or bool(set(report.twice_in_a_row) - set(stays))


def _rested_afresh(night: Sequence[Round], start: int, stays: Mapping[int, int]) -> list[Round]:
    """The night from `start` with each round's sit-outs given to those who move and have sat
    out least (never twice running; of those as rested, who sat out there already). Whoever
    no longer sits out takes a seat of one who now does."""
    result = list(night[:start])
    rested = Counter(p for r in night[:start] for p in r.sit_out)
    last = set(night[start - 1].sit_out) if start else set()
    for r in night[start:]:
        movers = [p for p in r.players() if p not in stays]
        base = set(r.sit_out)
        chosen = sorted(movers, key=lambda p: (p in last, rested[p], p not in base, p))
        out = set(chosen[: len(r.sit_out)])
        coming = [p for p in r.sit_out if p not in out]
        tables = [tuple(coming.pop(0) if p in out else p for p in t) for t in r.tables]
        result.append(Round(tables=tables, sit_out=sorted(out)))
        rested.update(out)
        last = out
    return result


def _fairness(night: Sequence[Round]) -> tuple[int, int, int]:
    report = movement_report(night, {p for r in night for p in r.players()})
    return report.partner_repeats, report.most_meetings, report.repeat_meetings


def _normal(r: Round) -> tuple:
    return tuple(tuple(t) for t in r.tables), tuple(sorted(r.sit_out))


class _Counts:
    """Meetings, partnerships and sit-outs in every round but the one being changed."""

    def __init__(self, rounds: Sequence[Round]):
        self.met: Counter = Counter()
        self.partners: Counter = Counter()
        self.rests: Counter = Counter()
        for r in rounds:
            for t in r.tables:
                self.met.update(_pairs(t))
                self.partners.update(_partners(t))
            self.rests.update(r.sit_out)

    def table_cost(self, table: Sequence[int]) -> int:
        meet = sum(_MEET[min(self.met[pair], len(_MEET) - 1)] for pair in _pairs(table))
        again = sum(self.partners[pair] for pair in _partners(table))
        return meet + _PARTNER_AGAIN * again


def _round_kept(
    here: Round, before: list[Round], after: list[Round], targets: Mapping[int, int]
) -> tuple[Round, bool]:
    """The round with those who stay seated at their tables, and whether it had to change."""
    stays = set(targets)
    tables = [list(t) for t in here.tables]
    out = list(here.sit_out)
    if not _broken(tables, out, stays):
        return _ordered(tables, out, targets), False
    counts = _Counts([*before, *after])
    previous_out = set(before[-1].sit_out) if before else set()
    rested = Counter(p for r in before for p in r.sit_out)
    next_out = set(after[0].sit_out) if after else set()

    # A player who stays and would sit out takes the seat of a mover, who sits out instead:
    # the mover who has sat out least, never one sitting out the round before or after.
    for player in [p for p in out if p in stays]:
        seats = [(i, j) for i, t in enumerate(tables) for j, p in enumerate(t) if p not in stays]

        def fairness(seat: tuple[int, int], player: int = player) -> tuple:
            mover = tables[seat[0]][seat[1]]
            twice = mover in previous_out or mover in next_out
            table = [player if p == mover else p for p in tables[seat[0]]]
            # Fewest sit-outs in the night, then so far, so that no one sits out twice
            # before everyone else has once; then not a table where another stays.
            crowded = any(q in stays for q in tables[seat[0]])
            return (
                twice,
                counts.rests[mover],
                rested[mover],
                crowded,
                counts.table_cost(table),
                seat,
            )

        i, j = min(seats, key=fairness)
        out[out.index(player)] = tables[i][j]
        tables[i][j] = player

    # Two who stay at one table: the later moves to a table with no one who stays, changing
    # seats with the mover there that makes the fewest repeats.
    for _ in range(len(tables)):
        crowded = next((t for t in tables if sum(p in stays for p in t) > 1), None)
        if crowded is None:
            break
        a = tables.index(crowded)
        player = [p for p in crowded if p in stays][-1]
        x = crowded.index(player)
        options = []
        for b, other in enumerate(tables):
            if any(p in stays for p in other):
                continue
            for y, mover in enumerate(other):
                first = list(crowded)
                second = list(other)
                first[x], second[y] = mover, player
                cost = counts.table_cost(first) + counts.table_cost(second)
                options.append((cost, b, y))
        _, b, y = min(options)
        tables[a][x], tables[b][y] = tables[b][y], tables[a][x]

    _improved(tables, stays, counts)
    return _ordered(tables, out, targets), True


def _broken(tables: list[list[int]], out: list[int], stays: set[int]) -> bool:
    return any(p in stays for p in out) or any(sum(p in stays for p in t) > 1 for t in tables)


def _improved(tables: list[list[int]], stays: set[int], counts: _Counts) -> None:
    """Swap players between two tables, or seats at one (a new partner), while that lowers
    the cost; a player who stays never leaves their table, and no table gets two of them."""
    for _ in range(4):
        better = False
        for a, b in combinations(range(len(tables)), 2):
            for x in range(4):
                for y in range(4):
                    p, q = tables[a][x], tables[b][y]
                    if p in stays or q in stays:
                        continue
                    now = counts.table_cost(tables[a]) + counts.table_cost(tables[b])
                    tables[a][x], tables[b][y] = q, p
                    if counts.table_cost(tables[a]) + counts.table_cost(tables[b]) < now:
                        better = True
                    else:
                        tables[a][x], tables[b][y] = p, q
        for t in tables:
            for x, y in ((0, 1), (1, 2)):
                now = counts.table_cost(t)
                t[x], t[y] = t[y], t[x]
                if counts.table_cost(t) < now:
                    better = True
                else:
                    t[x], t[y] = t[y], t[x]
        if not better:
            break


def _ordered(tables: list[list[int]], out: list[int], targets: Mapping[int, int]) -> Round:
    """The round's tables in an order that puts each player who stays at their table; the
    other tables keep their order in the free places."""
    placed: dict[int, list[int]] = {}
    rest = []
    for t in tables:
        who = next((p for p in t if p in targets), None)
        if who is None:
            rest.append(t)
        else:
            placed[targets[who]] = t
    ordered = []
    for i in range(len(tables)):
        ordered.append(placed[i] if i in placed else rest.pop(0))
    return Round(tables=[tuple(t) for t in ordered], sit_out=sorted(out))

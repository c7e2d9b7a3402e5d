"""Pairs (fixed partnership) movements: round robin, Swiss and king's table.

Pure functions of what happened: the partnerships present, the rounds played (seatings with
player ids) and each played round's points per player (what `services.round_player_points`
gives). A table's pairs are (first, second): the first sits North-South. With an odd number of
pairs one pair has a bye; byes go to the pairs that have had fewest, and are shown as the
round's sit-outs.
"""

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from .core import MovementError, Round

Pair = tuple[int, int]
ROUND_ROBIN, SWISS, KINGS = "round_robin", "swiss", "kings"
PAIRS_MOVEMENTS = (ROUND_ROBIN, SWISS, KINGS)


def round_robin(count: int) -> list[list[tuple[int, int | None]]]:
    """The circle method for pairs 0..count-1: every pair meets every other once. With an odd
    count a pair meets None (its bye) once each."""
    slots: list[int | None] = list(range(count)) + ([None] if count % 2 else [])
    size = len(slots)
    rounds = []
    for _ in range(size - 1):
        rounds.append([(slots[i], slots[size - 1 - i]) for i in range(size // 2)])
        slots = [slots[0], slots[-1], *slots[1:-1]]
    # The bye (None) second, so a table's first pair is always a real one.
    return [[(a, b) if a is not None else (b, a) for a, b in r] for r in rounds]


def _matches(past: Sequence[Round]) -> list[list[tuple[Pair, Pair]]]:
    return [
        [(tuple(sorted((n, s))), tuple(sorted((e, w)))) for n, e, s, w in r.tables] for r in past
    ]


def _seat(matches: Sequence[tuple[Pair, Pair]], bye: Pair | None) -> Round:
    tables = [(a[0], b[0], a[1], b[1]) for a, b in matches]
    return Round(tables=tables, sit_out=sorted(bye) if bye else [])


def _winner(match: tuple[Pair, Pair], points: Mapping[int, int]) -> tuple[Pair, Pair]:
    """(winner, loser); on equal points (or no hands) the North-South pair keeps its place."""
    first, second = match
    if points.get(second[0], 0) > points.get(first[0], 0):
        return second, first
    return first, second


def _pair_off(order: list[Pair], met: Counter) -> list[tuple[Pair, Pair]]:
    """Pair down the order, each with the next one it has met least (backtracking to avoid a
    rematch when that is possible at all)."""

    def solve(rest: list[Pair], allowed: int) -> list | None:
        if not rest:
            return []
        first, others = rest[0], rest[1:]
        for i, other in enumerate(others):
            if met[frozenset((first, other))] > allowed:
                continue
            tail = solve(others[:i] + others[i + 1 :], allowed)
            if tail is not None:
                return [(first, other), *tail]
        return None

    for allowed in range(len(order)):
        found = solve(order, allowed)
        if found is not None:
            return found
    raise AssertionError("a pairing with unlimited rematches always exists")


def _bye(order: list[Pair], byes: Counter, last_bye: set) -> Pair:
    """Fewest byes first, then not the pair that just had one, then the lowest placed."""
    return min(reversed(order), key=lambda p: (byes[p], p in last_bye, -order.index(p)))


def pairs_round(
    *,
    pairs: Sequence[Pair],
    past: Sequence[Round] = (),
    results: Sequence[Mapping[int, int]] = (),
    kind: str = ROUND_ROBIN,
    seed: int = 0,
) -> Round:
    """The next round for the partnerships present (in registration order)."""
    if kind not in PAIRS_MOVEMENTS:
        raise MovementError(f"Unknown pairs movement {kind!r}.")
    pairs = [tuple(sorted(p)) for p in pairs]
    if len(pairs) < 2:
        raise MovementError(
            f"{len(pairs)} complete partnership(s) are present: a table needs 2. "
            "Register or check in more partnerships."
        )
    played = _matches(past)
    met: Counter = Counter(frozenset(m) for r in played for m in r)
    byes: Counter = Counter(tuple(sorted(r.sit_out)) for r in past if r.sit_out)
    last_bye = {tuple(sorted(past[-1].sit_out))} if past and past[-1].sit_out else set()

    if kind == ROUND_ROBIN:
        schedule = round_robin(len(pairs))
        number = len(played)
        follows = all(
            {frozenset(m) for m in r}
            == {
                frozenset((pairs[a], pairs[b]))
                for a, b in schedule[i % len(schedule)]
                if b is not None
            }
            for i, r in enumerate(played)
        )
        if follows:
            matches = schedule[number % len(schedule)]
            bye = next((pairs[a] for a, b in matches if b is None), None)
            return _seat([(pairs[a], pairs[b]) for a, b in matches if b is not None], bye)
        # Pairs came or went: those who have met least meet now.
        order = list(pairs)
    elif kind == SWISS:
        wins: Counter = Counter()
        scored: Counter = Counter()
        for r, points in zip(played, results, strict=False):
            for match in r:
                winner, loser = _winner(match, points)
                wins[winner] += 1
                for p in match:
                    scored[p] += points.get(p[0], 0)
        order = list(pairs)
        if not played:
            random.Random(seed).shuffle(order)
        order.sort(key=lambda p: (-wins[p], -scored[p]))
    else:
        order = _ladder(pairs, played, results, seed)
    bye = _bye(order, byes, last_bye) if len(order) % 2 else None
    playing = [p for p in order if p != bye]
    if kind == KINGS:
        # The ladder decides the tables: no avoiding a rematch at the king's table.
        matches = [(playing[i], playing[i + 1]) for i in range(0, len(playing), 2)]
    else:
        matches = _pair_off(playing, met)
    return _seat(matches, bye)


def _ladder(
    pairs: list[Pair],
    played: list[list[tuple[Pair, Pair]]],
    results: Sequence[Mapping[int, int]],
    seed: int,
) -> list[Pair]:
    """King's table: winners move up a table, losers down; table 1's winner stays, the last
    table's loser stays. Pairs who had a bye, or just arrived, join at the bottom."""
    present = set(pairs)
    if not played:
        order = list(pairs)
        random.Random(seed).shuffle(order)
        return order
    last = played[-1]
    points = results[len(played) - 1] if len(results) >= len(played) else {}
    outcome = [_winner(m, points) for m in last]
    count = len(outcome)
    order: list[Pair] = []
    for t in range(count):
        if count == 1:
            order += list(outcome[0])
        elif t == 0:
            order += [outcome[0][0], outcome[1][0]]
        elif t == count - 1:
            order += [outcome[t - 1][1], outcome[t][1]]
        else:
            order += [outcome[t - 1][1], outcome[t + 1][0]]
    order = [p for p in order if p in present]
    return order + [p for p in pairs if p not in order]

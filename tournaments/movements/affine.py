"""Short nights with no repeats for 2^d players, from planes of the space GF(2)^d.

A 2-dimensional subspace {0, a, b, a + b} and its translates split the 2^d players into
tables of four. Two subspaces that share only 0 have translates sharing at most one player,
so rounds built from such subspaces (a "partial spread") never seat two players together
twice. For even d the spread is complete (every pair meets once); 32 players get 9 rounds.
"""

import random
from functools import cache

from .core import Round


def _planes(d: int, wanted: int) -> list[tuple[int, int, int]]:
    """Up to `wanted` planes (a, b, a ^ b) meeting only in 0, by randomized greedy."""
    size = 1 << d
    best: list[tuple[int, int, int]] = []
    rng = random.Random(d)
    for _ in range(200):
        points = list(range(1, size))
        rng.shuffle(points)
        used: set[int] = set()
        planes = []
        for a in points:
            if a in used:
                continue
            for b in points:
                if b == a or b in used or (a ^ b) in used:
                    continue
                planes.append((a, b, a ^ b))
                used.update((a, b, a ^ b))
                break
        if len(planes) > len(best):
            best = planes
        if len(best) >= wanted:
            break
    return best[:wanted]


@cache
def spread_rounds(players: int, rounds: int) -> list[Round] | None:
    """`rounds` rounds for `players` = 2^d (d >= 4) in which no two players meet twice, or
    None if this construction does not reach that many rounds."""
    d = players.bit_length() - 1
    if players < 16 or players != 1 << d:
        return None
    planes = _planes(d, rounds)
    if len(planes) < rounds:
        return None
    result = []
    for a, b, c in planes:
        seen: set[int] = set()
        tables = []
        for v in range(players):
            if v in seen:
                continue
            table = (v, v ^ a, v ^ c, v ^ b)
            seen.update(table)
            tables.append(tuple(p + 1 for p in table))
        result.append(Round(tables=tables, sit_out=[]))
    return result

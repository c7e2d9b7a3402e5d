"""Small nights where repeats cannot be avoided: seatings found offline by search.

`small_data.py` holds, for 8 to 28 players over 3 to 8 rounds, the nights that
`small_search.py` found (a simulated annealing in C, `csearch/fewest.c`) where they beat what
the app builds otherwise, and for every such size the best figures known: partners again, the
most times one pair meets, and the repeated meetings in all. `tests/test_small.py` checks
every shipped night and every size against them.
"""

from functools import cache

from .core import Round
from .small_data import BEST_KNOWN, NIGHTS

__all__ = ["BEST_KNOWN", "NIGHTS", "small_night"]


@cache
def _decoded(players: int, rounds: int) -> tuple[Round, ...] | None:
    rows = NIGHTS.get((players, rounds))
    if rows is None:
        return None
    everyone = set(range(1, players + 1))
    decoded = []
    for line in rows:
        tables = [tuple(int(p) for p in table.split("-")) for table in line.split()]
        seated = {p for t in tables for p in t}
        decoded.append(Round(tables=tables, sit_out=sorted(everyone - seated)))
    return tuple(decoded)


def small_night(players: int, rounds: int) -> list[Round] | None:
    """The shipped night for `players` (1..players) over `rounds` rounds, or None."""
    found = _decoded(players, rounds)
    return None if found is None else [Round(list(r.tables), list(r.sit_out)) for r in found]

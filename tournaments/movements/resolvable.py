"""Short nights in which no two players ever share a table twice, for n = 3q + 1 players with
q = 4t + 1: 16, 28, 40, 52 and 64, for any number of rounds up to (n - 1) / 3.

Every round each player meets 3 others, so (n - 1) / 3 rounds is the most any night can have
without a repeat, and reaching it means every two players share a table exactly once: a
resolvable (n, 4, 1) design. They exist for every n = 4 (mod 12) (Hanani, Ray-Chaudhuri and
Wilson); any of their first rounds make a shorter night with no repeat.

The construction (1-rotational, and unchanged by turning the three classes):

- the players are (x, i), x in an abelian group G of order q and i in Z_3, plus one fixed
  player, infinity;
- the base round seats {infinity, (0, 0), (0, 1), (0, 2)}, and for each base quadruple
  (a, b, c, d) and each s in Z_3 the table {(a, s), (b, s), (c, s + 1), (d, s + 1)};
- round g adds g to every x (infinity stays), so there are q = (n - 1) / 3 rounds.

Adding g keeps differences, so two players (x, i) and (y, j) share a table in exactly one
round when the base round has the difference y - x between classes i and j exactly once.
The first table gives difference 0 between any two classes. The quadruples give the rest
when, together,

1. a, b, c, d run over the non-zero elements of G once (the base round seats everyone once);
2. the within-class differences +-(a - b), +-(c - d) run over the non-zero elements once
   (each table gives a - b in class s and c - d in class s + 1, so every class gets them all);
3. the across-class differences c - a, d - a, c - b, d - b run over the non-zero elements
   once (each class pair s, s + 1 gets them all).

`find_quadruples` finds such quadruples by backtracking in a second or so for q up to 17 (25 s
for q = 21); `QUADRUPLES` holds what it found, and `python -m
tournaments.movements.resolvable` finds them again and checks them. `tests/test_resolvable.py`
expands every shipped design and counts the meetings.

One player fewer (15, 27, 39, 51, 63) plays the same rounds without infinity
(`core.without_player`): infinity's three table-mates sit out, each player once in q rounds.
"""

import sys
import time
from functools import cache
from itertools import combinations

from .core import Round
from .group import Group

# Found by `find_quadruples(moduli)` (the first solution in its order); q = 9 needs the
# group Z_3 x Z_3: Z_9 has none of this form.
QUADRUPLES: dict[int, dict] = {
    16: {"group": (5,), "quadruples": [(1, 4, 2, 3)]},
    28: {"group": (3, 3), "quadruples": [(1, 2, 3, 6), (4, 8, 5, 7)]},
    40: {"group": (13,), "quadruples": [(1, 12, 5, 8), (2, 11, 3, 10), (4, 9, 6, 7)]},
    52: {
        "group": (17,),
        "quadruples": [(1, 16, 4, 13), (2, 15, 8, 9), (3, 14, 5, 12), (6, 11, 7, 10)],
    },
    64: {
        "group": (21,),
        "quadruples": [
            (1, 4, 14, 16),
            (2, 11, 7, 8),
            (3, 18, 5, 19),
            (6, 17, 10, 15),
            (9, 13, 12, 20),
        ],
    },
}


def find_quadruples(moduli: tuple[int, ...]) -> list[tuple[int, int, int, int]] | None:
    """Base quadruples meeting conditions 1-3 of the module docstring, or None."""
    group = Group(moduli)
    sub = group.sub_table
    neg = sub[0]

    def extend(free: list[int], within: set[int], across: set[int], found: list) -> bool:
        if not free:
            return True
        a, rest = free[0], free[1:]
        for b in rest:
            first = sub[a][b]
            if first == neg[first] or first in within or neg[first] in within:
                continue
            others = [x for x in rest if x != b]
            for c, d in combinations(others, 2):
                pure = {first, neg[first], sub[c][d], neg[sub[c][d]]}
                cross = {sub[c][a], sub[d][a], sub[c][b], sub[d][b]}
                if len(pure) < 4 or len(cross) < 4 or pure & within or cross & across:
                    continue
                found.append((a, b, c, d))
                left = [x for x in others if x not in (c, d)]
                if extend(left, within | pure, across | cross, found):
                    return True
                found.pop()
        return False

    found: list[tuple[int, int, int, int]] = []
    return found if extend(list(range(1, group.order)), set(), set(), found) else None


@cache
def _all_rounds(n: int) -> list[Round]:
    """The q rounds of the design for n = 3q + 1 players; player (x, i) is i * q + x + 1 and
    infinity is n."""
    entry = QUADRUPLES[n]
    group = Group(entry["group"])
    q, add = group.order, group.add_table

    def number(x: int, i: int) -> int:
        return (i % 3) * q + x + 1

    rounds = []
    for g in range(q):
        tables = [(n, number(g, 0), number(g, 1), number(g, 2))]
        for s in range(3):
            for a, b, c, d in entry["quadruples"]:
                # Seated N, E, S, W as (a, c, b, d): the pairs within a class sit as partners.
                tables.append(
                    (
                        number(add[a][g], s),
                        number(add[c][g], s + 1),
                        number(add[b][g], s),
                        number(add[d][g], s + 1),
                    )
                )
        rounds.append(Round(tables=tables, sit_out=[]))
    return rounds


def most_rounds(players: int) -> int:
    """How many rounds the construction gives `players` with no repeat (0: it does not apply)."""
    return (players - 1) // 3 if players in QUADRUPLES else 0


def resolvable_rounds(players: int, rounds: int) -> list[Round] | None:
    """`rounds` rounds for `players` in which no two players share a table twice, or None if
    the construction does not reach that many."""
    if not 0 < rounds <= most_rounds(players):
        return None
    return _all_rounds(players)[:rounds]


def main(argv: list[str]) -> int:
    """Find the quadruples again for the sizes given (default: all shipped) and compare."""
    sizes = [int(a) for a in argv] or sorted(QUADRUPLES)
    failed = 0
    for n in sizes:
        moduli = QUADRUPLES[n]["group"] if n in QUADRUPLES else ((n - 1) // 3,)
        started = time.perf_counter()
        found = find_quadruples(moduli)
        seconds = time.perf_counter() - started
        same = n in QUADRUPLES and found == QUADRUPLES[n]["quadruples"]
        failed += not same
        print(f"{n} players, group {moduli}: {found} in {seconds:.1f} s; shipped: {same}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The first round's draw balanced by rating (Event.balanced_draw). Pure Python, no Django.

A progressive night seats round 1 by its movement, players in entry order: a plain draw, where
the club's four best players may all land at table 1, two and two. Balanced, the same players
take the same round-1 seats among themselves so that at each table the North-South and the
East-West partnerships are as even as the ratings allow; whoever sits out still sits out, so
the movement (and so the rest of the night) is only renumbered, never changed.

How even a round is (`unevenness`): each table's gap, the difference between its two
partnerships' summed ratings, widest first; of two rounds the more even has the narrower
widest gap, then the narrower next one, and so on. The balanced round is never less even than
the plain draw by that measure, and where it is no more even the plain draw is kept.
"""

from collections.abc import Mapping, Sequence

from .movements import Round

# Passes of swaps over every two seats; a pass that swaps no one ends the search sooner. The
# snake is close already (a few passes settle 100 tables); this bounds a pathological case.
MAX_PASSES = 12


def table_gap(table: Sequence[int], rating: Mapping[int, float]) -> float:
    """How far apart a table's partnerships are: North-South's ratings summed against
    East-West's."""
    north, east, south, west = table
    return abs(rating[north] + rating[south] - rating[east] - rating[west])


def unevenness(round_: Round, rating: Mapping[int, float]) -> tuple[float, ...]:
    """The tables' gaps, widest first: smaller (compared in turn) is more even."""
    return tuple(sorted((table_gap(t, rating) for t in round_.tables), reverse=True))


def balanced_first_round(plain: Round, rating: Mapping[int, float]) -> Round:
    """Round 1 with its seated players moved among its seats so each table's partnerships are
    as even as can be found: the strongest partners the weakest, partnerships of like strength
    face each other, then single swaps of two players while one makes the two tables more
    even. Sit-outs are kept. `rating` must hold every seated player. Returns `plain` itself
    when the balancing would not make the round more even (for instance, everyone rated the
    same); ties in rating keep the draw's order, so the same night always balances the same."""
    seated = [p for t in plain.tables for p in t]
    if not plain.tables or any(len(t) != 4 for t in plain.tables):
        return plain
    order = {p: i for i, p in enumerate(seated)}
    strongest_first = sorted(seated, key=lambda p: (-rating[p], order[p]))
    # Snake: the strongest with the weakest, the second with the second weakest, and so on.
    half = len(seated) // 2
    partnerships = [(strongest_first[i], strongest_first[-1 - i]) for i in range(half)]
    # Partnerships whose sums are next to each other meet (the pairing that keeps each gap
    # smallest); the stronger of each table's two sits North-South, North its stronger player.
    partnerships.sort(key=lambda pair: (-(rating[pair[0]] + rating[pair[1]]), order[pair[0]]))
    tables = [
        [ns[0], ew[0], ns[1], ew[1]]
        for ns, ew in zip(partnerships[::2], partnerships[1::2], strict=True)
    ]
    _swap_while_better(tables, rating)
    balanced = Round(tables=[tuple(t) for t in tables], sit_out=list(plain.sit_out))
    if unevenness(balanced, rating) < unevenness(plain, rating):
        return balanced
    return plain


def _swap_while_better(tables: list[list[int]], rating: Mapping[int, float]) -> None:
    """Swap two players wherever that makes their tables more even: the two tables' wider gap
    narrower, or as wide with the other narrower. Each swap makes the whole round strictly more
    even by `unevenness` (the widest gaps are replaced by narrower ones), so this ends."""
    # Seat by seat (table by table, N, E, S, W): its player's rating, its table, and +1 for
    # North-South, -1 for East-West; each table's North-South sum less its East-West sum (the
    # gap with its sign), kept as players move rather than summed again for every swap tried.
    seats = [(t, place) for t in range(len(tables)) for place in range(4)]
    value = [rating[tables[t][place]] for t, place in seats]
    table = [t for t, _ in seats]
    side = [1 - 2 * (place % 2) for _, place in seats]
    diff = [
        value[4 * t] + value[4 * t + 2] - value[4 * t + 1] - value[4 * t + 3]
        for t in range(len(tables))
    ]
    count = len(seats)
    for _ in range(MAX_PASSES):
        swapped = False
        for i in range(count):
            ti, si = table[i], side[i]
            for j in range(i + 1, count):
                tj, sj = table[j], side[j]
                change = value[j] - value[i]
                if ti == tj:
                    if si == sj:
                        continue  # partners trading places changes nothing
                    new = diff[ti] + 2 * si * change
                    if abs(new) >= abs(diff[ti]):
                        continue
                    diff[ti] = new
                else:
                    di, dj = diff[ti] + si * change, diff[tj] - sj * change
                    g1, g2, h1, h2 = abs(diff[ti]), abs(diff[tj]), abs(di), abs(dj)
                    if (max(h1, h2), h1 + h2) >= (max(g1, g2), g1 + g2):
                        continue
                    diff[ti], diff[tj] = di, dj
                value[i], value[j] = value[j], value[i]
                a, b = seats[i], seats[j]
                tables[a[0]][a[1]], tables[b[0]][b[1]] = tables[b[0]][b[1]], tables[a[0]][a[1]]
                swapped = True
        if not swapped:
            return

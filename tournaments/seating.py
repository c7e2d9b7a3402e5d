"""Seat one round: who sits where, and who sits out. Pure Python, no Django.

`seat_round` is the one function the app calls to seat a round, so real movements (which plan
the whole night ahead) replace it without touching the views or the models. Until then it is a
good placeholder: sit-outs go to whoever has sat out least (never twice in a row when it can be
helped), and among many shuffles it keeps the one with the fewest repeated partners, then the
fewest repeated opponents.
"""

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

TABLE_SIZE = 4
TRIES = 300


@dataclass(frozen=True)
class RoundSeating:
    """Tables as (N, E, S, W) player ids (N-S and E-W are partners) and the ids sitting out."""

    tables: list[tuple[int, int, int, int]]
    sit_out: list[int] = field(default_factory=list)


class SeatingError(ValueError):
    pass


def seat_round(
    *,
    players: Sequence[int],
    past: Sequence[RoundSeating] = (),
    partnerships: Sequence[tuple[int, int]] | None = None,
    seed: int = 0,
) -> RoundSeating:
    """Seat the players present for the next round, given the rounds already played.

    With `partnerships` (a pairs event) the pairs stay together and a whole pair sits out.
    """
    rng = random.Random(seed)
    if partnerships is not None:
        return _seat_pairs(list(partnerships), past, rng)
    players = sorted(set(players))
    if len(players) < TABLE_SIZE:
        raise SeatingError(
            f"{len(players)} players are checked in: a table needs 4. Check in more players."
        )
    resting = _choose_sit_outs(players, len(players) % TABLE_SIZE, past, rng)
    playing = [p for p in players if p not in resting]
    partners, opponents = _meetings(past)

    def cost(order: list[int]) -> tuple[int, int]:
        repeat_partners = repeat_opponents = 0
        for i in range(0, len(order), TABLE_SIZE):
            n, e, s, w = order[i : i + TABLE_SIZE]
            repeat_partners += partners[frozenset((n, s))] + partners[frozenset((e, w))]
            for a in (n, s):
                for b in (e, w):
                    repeat_opponents += opponents[frozenset((a, b))]
        return repeat_partners, repeat_opponents

    best = None
    for _ in range(TRIES):
        rng.shuffle(playing)
        score = cost(playing)
        if best is None or score < best[0]:
            best = (score, list(playing))
        if score == (0, 0):
            break
    order = best[1]
    tables = [tuple(order[i : i + TABLE_SIZE]) for i in range(0, len(order), TABLE_SIZE)]
    return RoundSeating(tables=tables, sit_out=sorted(resting))


def _seat_pairs(pairs, past, rng) -> RoundSeating:
    if len(pairs) < 2:
        raise SeatingError(
            f"{len(pairs)} complete partnership(s) are present: a table needs 2. "
            "Register or check in more partnerships."
        )
    by_first = {pair[0]: pair for pair in pairs}
    resting_ids = _choose_sit_outs(sorted(by_first), len(pairs) % 2, past, rng)
    playing = [by_first[p] for p in sorted(by_first) if p not in resting_ids]
    _, opponents = _meetings(past)

    def cost(order) -> int:
        return sum(
            opponents[frozenset((order[i][0], order[i + 1][0]))] for i in range(0, len(order), 2)
        )

    best = None
    for _ in range(TRIES):
        rng.shuffle(playing)
        score = cost(playing)
        if best is None or score < best[0]:
            best = (score, list(playing))
        if score == 0:
            break
    order = best[1]
    tables = [
        (order[i][0], order[i + 1][0], order[i][1], order[i + 1][1])
        for i in range(0, len(order), 2)
    ]
    sit_out = sorted(p for first in resting_ids for p in by_first[first])
    return RoundSeating(tables=tables, sit_out=sit_out)


def _choose_sit_outs(candidates, count, past, rng) -> set[int]:
    """Whoever has sat out least rests; among them, not someone who rested last round."""
    if count == 0:
        return set()
    rested = Counter(p for r in past for p in r.sit_out)
    last = set(past[-1].sit_out) if past else set()
    order = sorted(candidates, key=lambda p: (rested[p], p in last, rng.random()))
    return set(order[:count])


def _meetings(past: Sequence[RoundSeating]) -> tuple[Counter, Counter]:
    """How often each pair of players has been partners, and opponents, so far."""
    partners: Counter = Counter()
    opponents: Counter = Counter()
    for r in past:
        for n, e, s, w in r.tables:
            partners[frozenset((n, s))] += 1
            partners[frozenset((e, w))] += 1
            for a, b in combinations((n, e, s, w), 2):
                if {a, b} not in ({n, s}, {e, w}):
                    opponents[frozenset((a, b))] += 1
    return partners, opponents

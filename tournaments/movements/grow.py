"""One player more on a night where no two players meet twice: n + 1 players from n.

Each round one player sits out and the new player takes their seat. The new player then meets
that round's three table-mates of the one sitting out, so the night stays free of repeats when
those triples are disjoint from round to round; choosing a different player to sit out each
round keeps sit-outs fair (once each at most, never twice running). That needs 3 * rounds <=
n, and a choice that fits: a backtracking search over the rounds, the round with the fewest
choices first, within a fixed budget of steps (never the clock, so the same night comes out on
every machine). It finds one for 29, 33, 37, 41, 45 and 49 players for as many rounds as the
night they grow from; for 17 there is none from the 16-player design, and 25, 53 and 65 need
more steps than the budget allows at full length (25 and 53 fit one round shorter).
"""

from .core import Round

BUDGET = 300  # search steps; a night the search has found needed at most 124 (49 players)


def with_one_more(rounds: list[Round], players: int) -> list[Round] | None:
    """`rounds` for players 1..`players` (no sit-outs, no two meeting twice) with player
    `players` + 1 added, or None if the search finds no way within its budget."""
    if 3 * len(rounds) > players or any(r.sit_out for r in rounds):
        return None
    newcomer = players + 1
    seat = [{p: table for table in r.tables for p in table} for r in rounds]
    met: set[int] = set()
    rested: set[int] = set()
    chosen: dict[int, int] = {}
    steps = 0

    def choices(number: int) -> list[tuple[int, frozenset]]:
        found = []
        for player in sorted(seat[number]):
            if player in rested:
                continue
            mates = frozenset(seat[number][player]) - {player}
            if not mates & met:
                found.append((player, mates))
        return found

    def extend() -> bool:
        nonlocal steps
        open_rounds = [number for number in range(len(rounds)) if number not in chosen]
        if not open_rounds:
            return True
        steps += 1
        if steps > BUDGET:
            return False
        number, options = min(
            ((number, choices(number)) for number in open_rounds), key=lambda c: len(c[1])
        )
        for player, mates in options:
            met.update(mates)
            rested.add(player)
            chosen[number] = player
            if extend():
                return True
            met.difference_update(mates)
            rested.discard(player)
            del chosen[number]
            if steps > BUDGET:
                return False
        return False

    if not extend():
        return None
    return [
        Round(
            tables=[tuple(newcomer if p == chosen[number] else p for p in t) for t in r.tables],
            sit_out=[chosen[number]],
        )
        for number, r in enumerate(rounds)
    ]

"""How many rounds a night can have before two players must share a table again.

Each round a player meets three others, so a player can play at most (n - 1) // 3 rounds
without meeting anyone twice; with n // 4 tables a round, the seats over R rounds,
4 * (n // 4) * R, cannot exceed n * ((n - 1) // 3). That counting bound is exact where a design
reaches it (`resolvable.py`: n = 4 or 3 mod 12, from 15 on) or a night found by search does
(`searched.py`: 24, 36 and 48), and for a few sizes the literature, or a short argument, gives
the true figure below it.
"""

from dataclasses import dataclass

from .searched import NIGHTS, most_searched_rounds

# Known exactly, where the counting bound says more. 20 players: 5 rounds, and a 6th is
# impossible (there is no resolvable packing of 20 players in tables of 4 with 6 rounds). 32
# players: the counting bound of 10 is reached (the social golfers' problem, solved by Aguado
# in 2004), although the app builds 9 (`affine.py`).
KNOWN = {20: 5, 32: 10}


@dataclass(frozen=True)
class Limit:
    players: int
    rounds: int  # the most rounds with no pair at a table twice, or a bound on it
    exact: bool  # True: a night that long exists, and no longer one can

    def words(self) -> str:
        """In a player's words: how long the night can go before two players share a table
        again; where that is only the counting bound, that it may come sooner (the counting
        itself is the module's docstring, not a player's business)."""
        most = (
            f"{self.players} players can play at most {_rounds(self.rounds)} before two of "
            "them must share a table again"
        )
        if self.exact:
            return most
        return f"{most}, perhaps fewer: no seating that long is known"


def _rounds(number: int) -> str:
    return f"{number} round{'' if number == 1 else 's'}"


def repeat_free_limit(players: int) -> Limit:
    """The most rounds `players` can play with no two of them at a table twice."""
    tables, sit_out = divmod(players, 4)
    if tables == 0:
        return Limit(players, 0, exact=True)
    # Round 2 may take at most one player from each table of round 1 at each of its tables:
    # with 2 or 3 tables that seats at most tables * tables + sit_out players.
    if tables <= 3 and tables * tables + sit_out < 4 * tables:
        return Limit(players, 1, exact=True)
    if players in KNOWN:
        return Limit(players, KNOWN[players], exact=True)
    bound = players * ((players - 1) // 3) // (4 * tables)
    designed = players >= 15 and players % 12 in (3, 4)
    # A night found by search that reaches the bound (`searched.py`) settles it too.
    found = players in NIGHTS and most_searched_rounds(players) == bound
    return Limit(players, bound, exact=designed or found)


# Where repeats cannot be avoided: how low the worst pair and the repeats in all can go.
#
# Counting, for n players over r rounds with n // 4 tables a round: the seats of all the rounds,
# shared as evenly as they can be, give the player who plays most P rounds; they meet 3P others
# among n - 1, so some pair of them meets at least ceil(3P / (n - 1)) times, and every meeting
# past the (n - 1)th is a repeat. With three tables or fewer, two rounds must also share pairs:
# round 2's tables take their players from round 1's tables (those sitting out round 1 aside),
# and C(x, 2) pairs of the x players who came from one table meet again. Spread as evenly as
# the tables allow, that is at least `_overlap` pairs for every two rounds. A pair meeting m
# times is counted in C(m, 2) pairs of rounds: with no pair over W times, that needs enough
# pairs over once, which bounds the worst pair and the repeats.


@dataclass(frozen=True)
class SmallBounds:
    """What no night of `players` over `rounds` can beat. `repeats` holds for the nights
    whose worst pair is no worse than `worst` (fewer repeats in all could come only with a
    worse worst pair, which comes first)."""

    players: int
    rounds: int
    partners: int  # partnerships again that no night avoids
    worst: int  # the most times one pair meets: no night has less
    repeats: int  # repeated meetings in all: no night with that worst pair has fewer


def _plays(players: int, rounds: int) -> list[int]:
    """Rounds played by each player, the seats shared as evenly as they can be."""
    seats = 4 * (players // 4) * rounds
    most, extra = divmod(seats, players)
    return [most + 1] * extra + [most] * (players - extra)


def _pairs_of(count: int) -> int:
    return count * (count - 1) // 2


def _overlap(players: int) -> int:
    """Pairs that two rounds must have in common (0 from four tables up)."""
    tables, sit_out = divmod(players, 4)
    # Players of round 2's tables who sat at round 1's tables: all but those who sat out
    # round 1 (at best all of them play round 2), spread evenly over tables x tables.
    came = 4 * tables - sit_out
    each, more = divmod(came, tables * tables)
    return more * _pairs_of(each + 1) + (tables * tables - more) * _pairs_of(each)


def _most_shared(players: int, rounds: int, worst: int) -> int:
    """The most pairs of rounds that meetings could have in common with no pair over `worst`:
    each player's 3P meetings bunched into as few others as `worst` allows."""
    total = 0
    for played in _plays(players, rounds):
        full, rest = divmod(3 * played, worst)
        total += full * _pairs_of(worst) + _pairs_of(rest)
    return total // 2


def small_bounds(players: int, rounds: int, worst: int | None = None) -> SmallBounds:
    """Lower bounds for a night; `worst`: the repeats' bound for nights with that worst pair
    (default: the lowest worst pair this can rule out)."""
    plays = _plays(players, rounds)
    partners = -(-sum(max(0, p - (players - 1)) for p in plays) // 2)
    shared = _pairs_of(rounds) * _overlap(players)
    least = 1 if rounds and players >= 4 else 0
    least = max(least, -(-3 * max(plays) // (players - 1)))
    if rounds > repeat_free_limit(players).rounds:
        least = max(least, 2)
    while least > 1 and _most_shared(players, rounds, least) < shared:
        least += 1
    worst = least if worst is None else max(worst, least)
    repeats = -(-sum(max(0, 3 * p - (players - 1)) for p in plays) // 2)
    if worst > 1:
        # Each repeated meeting of a pair met m <= worst times accounts for at most m / 2 of
        # the pairs of rounds it is counted in.
        repeats = max(repeats, -(-2 * shared // worst))
    return SmallBounds(players, rounds, partners, least, repeats)

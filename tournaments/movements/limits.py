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

"""The shapes every movement shares: a round is tables in seat order plus who sits out."""

from dataclasses import dataclass, field

Table = tuple[int, int, int, int]


@dataclass(frozen=True)
class Round:
    """Tables as (N, E, S, W) players (N-S and E-W are partners) and the players sitting out.

    Going N -> E -> S -> W is going round the table to each player's left, so at (N, E, S, W)
    North has East on their left and West on their right.
    """

    tables: list[Table]
    sit_out: list[int] = field(default_factory=list)

    def players(self) -> list[int]:
        return [p for table in self.tables for p in table] + list(self.sit_out)


@dataclass(frozen=True)
class Movement:
    """A night's seating for players numbered 1..players, and how it was made."""

    players: int
    rounds: list[Round]
    # How the rounds were made ("whist design", "left/right whist design", "planned", ...).
    method: str = "planned"
    # What the planner could not reach (for example "no schedule without repeats was found").
    notes: list[str] = field(default_factory=list)


class MovementError(ValueError):
    """Asked for a movement that cannot exist (too few players, a negative round count)."""


def without_player(rounds: list[Round], player: int) -> list[Round]:
    """The same rounds with `player` gone: their three table-mates sit out instead. On a night
    where no two players meet twice, each of them sits out at most once, never twice running."""
    result = []
    for r in rounds:
        short = next((t for t in r.tables if player in t), None)
        if short is None:
            result.append(
                Round(tables=list(r.tables), sit_out=[p for p in r.sit_out if p != player])
            )
            continue
        result.append(
            Round(
                tables=[t for t in r.tables if t is not short],
                sit_out=sorted([*r.sit_out, *(p for p in short if p != player)]),
            )
        )
    return result

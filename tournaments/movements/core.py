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

"""Movements: who sits where, round after round, so the night is fair; and the report that
proves it. Pure Python: importable and testable without configuring Django.

- `individual_movement(players, rounds=None, seed=0)`: progressive events (partners change).
- `replan(played, players, rounds)`: the rest of the night planned afresh around the rounds played.
- `arrivals.kept_for(played, planned, arrivals=, leavers=)`: the rest of the night as planned,
  changed only where a newcomer or a leaver must change it (the tally cards stay right).
- `pairs_round(...)`: fixed partnerships: round robin, Swiss, king's table.
- `movement_report(movement)`: partners, opponents, sit-outs, left/right, and the problems.

Whist designs come from `designs.py`, written offline by `python -m tournaments.movements.search`.
"""

from .core import Movement, MovementError, Round
from .individual import full_rotation, full_rotation_length, individual_movement, replan
from .pairs import PAIRS_MOVEMENTS, pairs_round
from .quality import Report, movement_report

__all__ = [
    "PAIRS_MOVEMENTS",
    "Movement",
    "MovementError",
    "Report",
    "Round",
    "full_rotation",
    "full_rotation_length",
    "individual_movement",
    "movement_report",
    "pairs_round",
    "replan",
]

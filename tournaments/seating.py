"""Seat one round: who sits where, and who sits out. Pure Python, no Django.

`plan_round` is what the app calls, for the round to seat next and the rest of the night as
planned; `seat_round` is its next round. The seating follows a movement
(`tournaments.movements`):

- Progressive events follow the night's movement for the players checked in, numbered in the
  order given (entry order): player 1 is the first entrant present, and so on. When someone
  arrives or leaves, the remaining rounds are re-planned from the first round played with
  tonight's current players, around every round already played; later rounds then follow that
  plan as long as the players stay the same.
- Pairs events follow the event's pairs movement (round robin, Swiss or king's table); the last
  two need each played round's points per player (`results`), so they stay pure functions.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .movements import (
    MovementError,
    Report,
    Round,
    individual_movement,
    movement_report,
    pairs_round,
    replan,
)
from .movements.pairs import ROUND_ROBIN

# A round as the app stores it: tables of (N, E, S, W) player ids, and the ids sitting out.
RoundSeating = Round


class SeatingError(ValueError):
    pass


@dataclass(frozen=True)
class RoundPlan:
    """The next round, and the whole night as it stands: rounds played, then planned."""

    next: RoundSeating
    night: list[RoundSeating]
    method: str
    played: int

    def report(self, players: Sequence[int] | None = None) -> Report:
        return movement_report(self.night, players)


def seat_round(**kwargs) -> RoundSeating:
    """The next round only; see `plan_round` for the arguments."""
    return plan_round(**kwargs).next


def plan_round(
    *,
    players: Sequence[int],
    past: Sequence[RoundSeating] = (),
    partnerships: Sequence[tuple[int, int]] | None = None,
    seed: int = 0,
    rounds: int | None = None,
    pairs_movement: str = ROUND_ROBIN,
    results: Sequence[Mapping[int, int]] = (),
) -> RoundPlan:
    """Plan the next round for the players present, given the rounds already played.

    `rounds` is the night's length (None: just this one more). With `partnerships` (a pairs
    event) the pairs stay together, a whole pair has the bye, and `pairs_movement` with
    `results` (each played round's points per player) decides who meets whom.
    """
    past = [_normalized(r) for r in past]
    try:
        if partnerships is not None:
            seating = pairs_round(
                pairs=partnerships, past=past, results=results, kind=pairs_movement, seed=seed
            )
            return RoundPlan(
                next=seating, night=[*past, seating], method=pairs_movement, played=len(past)
            )
        return _plan_progressive(list(dict.fromkeys(players)), past, rounds, seed)
    except MovementError as exc:
        raise SeatingError(str(exc)) from exc


def _plan_progressive(
    players: list[int], past: list[RoundSeating], rounds: int | None, seed: int
) -> RoundPlan:
    if len(players) < 4:
        raise SeatingError(
            f"{len(players)} players are checked in: a table needs 4. Check in more players."
        )
    played = len(past)
    total = max(rounds or 0, played + 1)
    roster = set(players)
    # The first round of the current stretch with these same players.
    start = played
    while start > 0 and set(past[start - 1].players()) == roster:
        start -= 1
    if start == 0:
        movement = individual_movement(len(players), total, seed=seed)
        name = dict(enumerate(players, start=1))
        plan = [_normalized(_renamed(r, name)) for r in movement.rounds]
        method = movement.method
    else:
        plan = [*past[:start], *replan(past[:start], players, total - start, seed=seed)]
        method = "re-planned for the players present"
    if plan[:played] != past:
        # The rounds played did not follow this plan (the night's length changed, or a round
        # was seated another way): plan the rest around what was actually played.
        plan = [*past, *replan(past, players, total - played, seed=seed)]
        method = "re-planned around the rounds played"
    return RoundPlan(next=plan[played], night=plan, method=method, played=played)


def _renamed(r: RoundSeating, name: Mapping[int, int]) -> RoundSeating:
    return RoundSeating(
        tables=[tuple(name[p] for p in t) for t in r.tables], sit_out=[name[p] for p in r.sit_out]
    )


def _normalized(r: RoundSeating) -> RoundSeating:
    """Tables as tuples in table order, sit-outs sorted: how a round reads back from the
    database, so a played round compares equal to the plan it followed."""
    return RoundSeating(tables=[tuple(t) for t in r.tables], sit_out=sorted(r.sit_out))

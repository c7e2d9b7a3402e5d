"""Seat one round: who sits where, and who sits out. Pure Python, no Django.

`plan_round` is what the app calls, for the round to seat next and the rest of the night as
planned; `seat_round` is its next round. The seating follows a movement
(`tournaments.movements`):

- Progressive events follow the night's movement for the players checked in, numbered in the
  order given (entry order): player 1 is the first entrant present, and so on. When someone
  arrives or leaves, the rounds still to play keep the plan the night had (printed on the tally
  cards), changed only where the newcomer or the leaver's seat must change it
  (`movements.arrivals`), unless a plan made afresh around the rounds played is fairer; later
  rounds then follow that plan as long as the players stay the same.
- With `ratings` (the event's "balance the first round's tables by rating"), round 1 seats the
  same players in the same seats among themselves so each table's partnerships are even
  (`draw.balanced_first_round`): the players are numbered in the movement by where round 1
  put them, so every later round follows the movement as it would have, renumbered.
- Pairs events follow the event's pairs movement (round robin, Swiss or king's table); the last
  two need each played round's points per player (`results`), so they stay pure functions.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from .draw import balanced_first_round
from .movements import (
    MovementError,
    Report,
    Round,
    individual_movement,
    movement_report,
    pairs_round,
    replan,
)
from .movements.arrivals import kept_for, repaired
from .movements.limits import small_bounds
from .movements.pairs import ROUND_ROBIN
from .movements.small import BEST_KNOWN
from .movements.stays import kept_in_place, numbers_to_stay, stay_targets

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
    # Round 1 seated by the balanced draw rather than in entry order (the preview says so).
    balanced: bool = False
    # Each player who stays at one table, and the table they keep (its index in the round).
    stays: dict[int, int] = field(default_factory=dict)
    # The night as it would be planned if nobody stayed (None when nobody stays): what
    # staying costs is the difference between the two reports.
    without: list[RoundSeating] | None = None

    def report(self, players: Sequence[int] | None = None) -> Report:
        return movement_report(self.night, players, stays=self.stays)


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
    entrants: Sequence[int] = (),
    ratings: Mapping[int, float] | None = None,
    stays: Sequence[int] = (),
    without: bool = True,
) -> RoundPlan:
    """Plan the next round for the players present, given the rounds already played.

    `rounds` is the night's length (None: just this one more). With `partnerships` (a pairs
    event) the pairs stay together, a whole pair has the bye, and `pairs_movement` with
    `results` (each played round's points per player) decides who meets whom.
    `entrants`: every entrant in entry order, present or not, so the plan the night had before
    someone arrived or left is found again with the same numbering.
    `ratings` (a progressive event's balanced first round): each player's rating, for round 1;
    once it is played, its seats number the players, and the ratings are not read (an empty
    mapping will do). None: the plain draw, players numbered in entry order.
    `stays`: the players who stay at one table (a progressive event), in entry order: each
    keeps a table every round from the next on, and never sits out (`movements.stays`).
    `without`: also plan the night as if nobody stayed (`RoundPlan.without`, what staying
    costs); False where only the night is wanted (the tally cards).
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
        players = list(dict.fromkeys(players))
        plan = _plan_progressive(players, past, rounds, seed, list(entrants), ratings, stays)
        if plan.stays and without:
            moving = _plan_progressive(players, past, rounds, seed, list(entrants), ratings)
            plan = replace(plan, without=moving.night)
        return plan
    except MovementError as exc:
        raise SeatingError(str(exc)) from exc


def _plan_progressive(
    players: list[int],
    past: list[RoundSeating],
    rounds: int | None,
    seed: int,
    entrants: Sequence[int] = (),
    ratings: Mapping[int, float] | None = None,
    stays: Sequence[int] = (),
) -> RoundPlan:
    if len(players) < 4:
        raise SeatingError(
            f"{len(players)} players are checked in: a table needs 4. Check in more players."
        )
    played = len(past)
    total = max(rounds or 0, played + 1)
    roster = set(players)
    stays = [p for p in dict.fromkeys(stays) if p in roster]
    if len(stays) > len(players) // 4:
        raise SeatingError(
            f"{len(stays)} players stay at one table, but the {len(players)} players checked "
            f"in make {len(players) // 4} tables: at most one a table. Let one of them move, "
            "or check in more players."
        )
    # The first round of the current stretch with these same players.
    start = played
    while start > 0 and set(past[start - 1].players()) == roster:
        start -= 1
    balanced = False
    kept = None
    if start == 0:
        movement = individual_movement(len(players), total, seed=seed)
        name = dict(enumerate(players, start=1))
        if ratings is not None:
            drawn = _drawn(movement.rounds[0], name, past[0] if past else None, ratings)
            balanced, name = drawn != name, drawn
        elif stays:
            # Before the night the numbers are free: those who stay take the numbers that
            # suit staying put. A night already begun without them keeps its numbers.
            staying = _named_to_stay(movement.rounds, players, stays)
            kept = _kept_for_stays(
                [_normalized(_renamed(r, staying)) for r in movement.rounds], past, 0, stays
            )
        plan = [_normalized(_renamed(r, name)) for r in movement.rounds]
        method = movement.method
    else:
        plan, method = _after_change(
            players, past[:start], rounds, total, seed, entrants, ratings, stays
        )
    if stays and kept is None:
        kept = _kept_for_stays(plan, past, start, stays)
    if kept is not None:
        plan, targets = kept
    else:
        targets = {}
    if plan[:played] != past:
        # The rounds played did not follow this plan (the night's length changed, or a round
        # was seated another way): plan the rest around what was actually played.
        plan = [*past, *replan(past, players, total - played, seed=seed)]
        method = "re-planned around the rounds played"
        if stays:
            targets = stay_targets(stays, past[-1] if past else None, len(players) // 4)
            plan = kept_in_place(plan, targets, played)
    return RoundPlan(
        next=plan[played],
        night=plan,
        method=method,
        played=played,
        balanced=balanced,
        stays=targets,
    )


def _named_to_stay(
    rounds: Sequence[RoundSeating], players: list[int], stays: list[int]
) -> dict[int, int]:
    """Movement numbers -> players, those who stay on the numbers that suit it best
    (`movements.stays.numbers_to_stay`), everyone else in entry order on the rest."""
    numbers = numbers_to_stay(rounds, len(stays))
    others = [n for n in range(1, len(players) + 1) if n not in numbers]
    movers = [p for p in players if p not in stays]
    return {**dict(zip(numbers, stays, strict=True)), **dict(zip(others, movers, strict=True))}


def _kept_for_stays(
    plan: list[RoundSeating], past: list[RoundSeating], start: int, stays: list[int]
) -> tuple[list[RoundSeating], dict[int, int]] | None:
    """`plan` with those who stay kept at their tables from the earliest round (from `start`,
    the stretch's first) that gives the rounds played, with the tables they keep; None when
    no round does. Staying takes effect from the round after it was asked for, and the rounds
    played since then were changed the same way, so the earliest such round is found again
    each time the night is planned."""
    tables = len(plan[-1].tables)
    for first in range(start, len(past) + 1):
        if plan[:first] != past[:first]:
            return None
        targets = stay_targets(stays, plan[first - 1] if first else None, tables)
        kept = kept_in_place(plan, targets, first, past)
        if kept is not None:
            return [_normalized(r) for r in kept], targets
    return None


def _after_change(
    players: list[int],
    played: list[RoundSeating],
    rounds: int | None,
    total: int,
    seed: int,
    entrants: Sequence[int],
    ratings: Mapping[int, float] | None = None,
    stays: Sequence[int] = (),
) -> tuple[list[RoundSeating], str]:
    """The night after someone arrived or left once `played` was over: the plan the night
    had then, for the players of its last round (their tally cards print it), kept for
    everyone it can be kept for (`movements.kept_for`); or, where that is less fair, the
    fairest of a few changes to it and a plan made afresh (`_fairest`)."""
    start = len(played)
    order = {p: i for i, p in enumerate(dict.fromkeys([*entrants, *players]))}
    before = sorted(played[-1].players(), key=lambda p: (order.get(p, len(order)), p))
    if len(before) >= 4:
        previous = _plan_progressive(
            before,
            played,
            rounds,
            seed,
            entrants,
            ratings,
            [p for p in stays if p in before][: len(before) // 4],
        ).night
        arrivals = [p for p in players if p not in set(before)]
        leavers = [p for p in before if p not in set(players)]
        rest = kept_for(played, previous[start:total], arrivals=arrivals, leavers=leavers)
        if len(rest) < total - start:
            rest += replan([*played, *rest], players, total - start - len(rest), seed=seed)
        if _seats_everyone(rest, set(players)):
            return _fairest(played, previous[start:total], rest, players, total, seed)
    return [*played, *replan(played, players, total - start, seed=seed)], (
        "re-planned for the players present"
    )


def _fairest(
    played: list[RoundSeating],
    planned: list[RoundSeating],
    rest: list[RoundSeating],
    players: list[int],
    total: int,
    seed: int,
) -> tuple[list[RoundSeating], str]:
    """Of the plan kept (`rest`, from the rounds `planned` before the change), the same with a
    few players swapped (`arrivals.repaired`), or a plan made afresh (`replan`): the fairest,
    and of two as fair the one that changes fewer tally cards. Each is tried only where those
    before it leave the night less fair than the rounds played force, or a pair meeting more
    often than the best known night of this many players (`small.BEST_KNOWN`) or its lower
    bound."""
    start = len(played)
    floor = _unfairness(played, players)
    known = BEST_KNOWN.get((len(players), total))
    worst = max(floor[3], known[1] if known else small_bounds(len(players), total).worst)
    here = set(planned[0].players()) & set(players) if planned else set()

    def enough(night: list[RoundSeating]) -> bool:
        *found, meets = _unfairness(night, players)
        return all(a <= b for a, b in zip(found, floor[:3], strict=True)) and meets <= worst

    def key(option: tuple[list[RoundSeating], str]) -> tuple:
        return (*_unfairness(option[0], players), _moved(planned, option[0][start:], here))

    kept = [*played, *(_normalized(r) for r in rest)]
    options = [(kept, "kept for the players already here")]
    if not enough(kept):
        swapped = [*played, *(_normalized(r) for r in repaired(played, rest, worst))]
        options.append((swapped, "kept for the players already here, a few moved"))
    if not enough(min(options, key=key)[0]):
        fresh = [*played, *replan(played, players, total - start, seed=seed)]
        options.append((fresh, "re-planned for the players present"))
    return min(options, key=key)


def _moved(before: Sequence[RoundSeating], after: Sequence[RoundSeating], players) -> int:
    """How many of `players` find another table or seat (or sit out) in some round: their
    tally cards change."""

    def route(night: Sequence[RoundSeating], player: int) -> list:
        return [
            next(((n, t.index(player)) for n, t in enumerate(r.tables) if player in t), None)
            for r in night
        ]

    return sum(route(before, p) != route(after, p) for p in players)


def _seats_everyone(rounds: Sequence[RoundSeating], players: set[int]) -> bool:
    return all(
        sorted(r.players()) == sorted(players) and all(len(t) == 4 for t in r.tables)
        for r in rounds
    )


def _unfairness(night: list[RoundSeating], players: Sequence[int]) -> tuple[int, int, int, int]:
    """What a re-plan must avoid, most important first: partners again, a player sitting out
    twice running, sit-outs more than one apart, then two players meeting more often than
    they must (the most times one pair meets): a plan that changes more cards is taken only
    for one of these."""
    report = movement_report(night, {p for r in night for p in r.players()})
    rests = [report.sit_outs[p] for p in players]
    return (
        report.partner_repeats,
        len(set(report.twice_in_a_row) & set(players)),
        max(0, max(rests) - min(rests) - 1),
        report.most_meetings,
    )


def _drawn(
    first: RoundSeating,
    name: dict[int, int],
    played: RoundSeating | None,
    ratings: Mapping[int, float],
) -> dict[int, int]:
    """The movement's numbers (`name`: number -> player, entry order) as the balanced draw
    gives them: by round 1 as played, or, before it is, as `balanced_first_round` seats it.
    Each seat of the movement's first round (`first`, in numbers) names its player; whoever
    sits out keeps their number. A round 1 played with other players sitting out, or other
    tables, names no one: the entry order stands, and the plan is made around what was played
    (`_plan_progressive`).
    """
    plain = _renamed(first, name)
    if played is not None:
        drawn = played
    elif plain.tables and all(p in ratings for t in plain.tables for p in t):
        drawn = balanced_first_round(plain, ratings)
    else:
        return name  # no ratings (none kept at the club): the plain draw
    if sorted(drawn.sit_out) != sorted(plain.sit_out) or [len(t) for t in drawn.tables] != [
        len(t) for t in plain.tables
    ]:
        return name
    numbers = dict(name)
    for seats, players in zip(first.tables, drawn.tables, strict=True):
        numbers.update(zip(seats, players, strict=True))
    if sorted(numbers.values()) != sorted(name.values()):
        return name
    return numbers


def _renamed(r: RoundSeating, name: Mapping[int, int]) -> RoundSeating:
    return RoundSeating(
        tables=[tuple(name[p] for p in t) for t in r.tables], sit_out=[name[p] for p in r.sit_out]
    )


def _normalized(r: RoundSeating) -> RoundSeating:
    """Tables as tuples in table order, sit-outs sorted: how a round reads back from the
    database, so a played round compares equal to the plan it followed."""
    return RoundSeating(tables=[tuple(t) for t in r.tables], sit_out=sorted(r.sit_out))

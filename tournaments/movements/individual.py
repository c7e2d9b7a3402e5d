"""Individual (progressive) movements: partners change every round.

`individual_movement` builds the candidates that apply and keeps the best by the quality
report: a full rotation from a whist design (or one derived from the design of a neighbouring
count), a resolvable design's rounds (no repeat at all, for 16, 28, 40, 52 and 64 players and
one fewer), a night found by search (no repeat, for 24, 36, 44 and 48 and one fewer), the
no-repeat planes for 2^d players, a design's rounds in the order that repeats least, a small
night found by search where repeats cannot be avoided (`small.py`: 8 to 28 players over 3 to 8
rounds), and the planner, which handles everything else; then, where the worst pair is above
its lower bound, the polish.
"""

import random
from functools import cache

from .affine import spread_rounds
from .core import Movement, MovementError, Round, without_player
from .group import Group
from .grow import with_one_more
from .limits import small_bounds
from .planner import plan_rounds
from .polish import STEEP, polish, polish_around
from .quality import Report, movement_report
from .resolvable import resolvable_rounds
from .searched import searched_rounds
from .small import BEST_KNOWN, small_night
from .whist import design_for, expand_design

PLANNER_RUNS = 1
POLISH_UP_TO = 64  # players: polish a night, or a re-plan, whose worst pair could be lower


def full_rotation_length(players: int) -> int:
    """n - 1 rounds for an even count, n for an odd one: enough for everyone to partner
    everyone (n % 4 in (0, 1)), or nearly (the other counts sit two or three out a round)."""
    return players if players % 2 else players - 1


def _quality_key(report: Report) -> tuple:
    """Most important first: a sound chart with fair sit-outs, no partner twice, then the
    fewest times any one pair meets (what a player notices: the same face round after round),
    then the fewest repeated meetings in all."""
    sit_low, sit_high = report.sit_out_range
    return (
        len(report.errors),
        max(0, sit_high - sit_low - 1) + len(report.twice_in_a_row),
        report.partner_repeats,
        report.most_meetings,
        report.repeat_meetings,
        sum(c - 2 for c in report.opponents.values() if c > 2),
        report.left_right_unbalanced,
        report.left_right_gap,
    )


def _flawless(report: Report) -> bool:
    """Nothing the planner could improve on: no problem, and no repeat on a short night."""
    return not report.problems and not (report.short_night and report.repeat_meetings)


def _fair_all_night(rounds: list[Round], players: int) -> bool:
    """Sit-outs within one of each other after every round, and never twice in a row: then
    every night shorter than the full rotation, taken from its start, is fair too."""
    rested = [0] * (players + 1)
    for number, r in enumerate(rounds):
        if number and set(r.sit_out) & set(rounds[number - 1].sit_out):
            return False
        for p in r.sit_out:
            rested[p] += 1
        if max(rested[1:]) - min(rested[1:]) > 1:
            return False
    return True


def _units(m: int) -> list[int]:
    return [t for t in range(1, m) if all(t % q or m % q for q in range(2, t + 1))]


def _without_fixed_player(n: int) -> Movement | None:
    """n = 4k + 3 from the design for n + 1: the fixed player's three table-mates sit out.

    The fixed player meets everyone three times, so everyone sits out exactly three times.
    The rounds are taken in the order g = t * i for the first t that keeps sit-outs fair
    after every round (the three sit-outs of each player spread through the night)."""
    design = design_for(n + 1)
    if design is None or len(design["group"]) != 1:
        return None
    full = expand_design(n + 1)
    ghost = n + 1
    rounds = []
    for r in full.rounds:
        ghost_table = next(t for t in r.tables if ghost in t)
        rounds.append(
            Round(
                tables=[t for t in r.tables if t is not ghost_table],
                sit_out=sorted(p for p in ghost_table if p != ghost),
            )
        )
    m = len(rounds)
    orders = [[rounds[t * i % m] for i in range(m)] for t in _units(m)]
    # Fair after every round if some order allows it, else at least never twice in a row.
    for ordered in orders:
        if _fair_all_night(ordered, n):
            return Movement(players=n, rounds=ordered, method="whist design less one player")
    for ordered in orders:
        if not movement_report(ordered).twice_in_a_row:
            return Movement(players=n, rounds=ordered, method="whist design less one player")
    return None


def _with_extra_player(n: int) -> Movement | None:
    """n = 4k + 2 from the design for n - 1 (one sit-out a round) plus player n.

    In round g player n takes the seat of player g + c (who sits out with g's own sit-out),
    except in round g0 when player n sits out. Player n's partners are then the base partner
    of c moved by g: all different. Everyone else only loses meetings, so nobody partners
    anyone twice. Over Z_m, c = (m - 1) / 2 and g0 = 0 keep sit-outs fair after every round
    (each player's two sit-outs half a night apart); otherwise the first c, g0 that do."""
    design = design_for(n - 1)
    if design is None:
        return None
    full = expand_design(n - 1)
    add = Group(tuple(design["group"])).add_table
    m = len(full.rounds)
    tries = [((m - 1) // 2, 0), ((m + 1) // 2, 0)]
    tries += [(c, g0) for c in range(1, m) for g0 in range(m)]
    fallback = None
    for c, g0 in tries:
        rounds = []
        for g, r in enumerate(full.rounds):
            if g == g0:
                rounds.append(Round(tables=list(r.tables), sit_out=sorted([*r.sit_out, n])))
                continue
            out = add[c][g] + 1
            tables = [tuple(n if p == out else p for p in t) for t in r.tables]
            rounds.append(Round(tables=tables, sit_out=sorted([*r.sit_out, out])))
        movement = Movement(players=n, rounds=rounds, method="whist design plus one player")
        if _fair_all_night(rounds, n):
            return movement
        if fallback is None and not movement_report(movement).problems:
            fallback = movement
    return fallback


@cache
def full_rotation(players: int) -> Movement | None:
    """The best full rotation we can build without search, or None."""
    if players % 4 in (0, 1):
        return expand_design(players) if design_for(players) else None
    if players % 4 == 3:
        return _without_fixed_player(players)
    return _with_extra_player(players)


def _reordered_prefixes(full: Movement, rounds: int) -> list[list[Round]]:
    """The first rounds of a design taken in the orders g = t * i: which rounds come first
    decides how many meetings repeat on a short night."""
    m = len(full.rounds)
    orders = []
    # A dozen orders find most of what all of them would, at a fraction of the time.
    for t in range(1, min(m, 24)):
        if any(t % q == 0 and m % q == 0 for q in range(2, t + 1)):
            continue
        orders.append([full.rounds[t * i % m] for i in range(rounds)])
    return orders[:12]


def _relabel(rounds: list[Round], players: int, seed: int) -> list[Round]:
    """Another seed, another labelling of the same movement (seed 0 keeps the numbers)."""
    if seed == 0:
        return rounds
    labels = list(range(1, players + 1))
    random.Random(seed).shuffle(labels)
    name = dict(zip(range(1, players + 1), labels, strict=True))
    return [
        Round(
            tables=[tuple(name[p] for p in t) for t in r.tables],
            sit_out=sorted(name[p] for p in r.sit_out),
        )
        for r in rounds
    ]


@cache
def _movement(players: int, rounds: int) -> Movement:
    everyone = list(range(1, players + 1))
    full = full_rotation(players) if players <= 101 else None
    candidates: list[Movement] = []
    if full is not None and rounds >= len(full.rounds):
        extra = rounds - len(full.rounds)
        more = plan_rounds(everyone, extra, history=full.rounds) if extra else []
        method = full.method + (f", then {extra} planned rounds" if extra else "")
        return Movement(players=players, rounds=full.rounds + more, method=method)
    free = _no_repeat(players, rounds)
    if free is not None:
        return free
    if full is not None and players % 4 in (2, 3):
        # A night cut short must still be fair after every round; reordering would undo the
        # order chosen for that, so only the first rounds as they are, and only if fair.
        if _fair_all_night(full.rounds[:rounds], players):
            candidates.append(
                Movement(players, full.rounds[:rounds], full.method + ", first rounds")
            )
    elif full is not None:
        for prefix in _reordered_prefixes(full, rounds):
            candidates.append(Movement(players, prefix, method=full.method + ", first rounds"))
    shipped = small_night(players, rounds)
    if shipped is not None:
        candidates.append(Movement(players, shipped, method="night found by search"))
    longest = next((r for r in range(rounds - 1, 0, -1) if _no_repeat(players, r)), 0)
    if longest:
        # A night a little longer than one with no repeat: its rounds first, so no one meets
        # anyone twice before they run out, then planned rounds around them.
        free = _no_repeat(players, longest)
        extra = rounds - longest
        more = plan_rounds(everyone, extra, history=free.rounds)
        method = f"{free.method}, then {extra} planned round{'s' if extra > 1 else ''}"
        candidates.append(Movement(players, free.rounds + more, method=method))
    best = min(candidates, key=lambda m: _quality_key(movement_report(m)), default=None)
    # Planner runs from different starts while none is flawless; each stays well under half a
    # second up to 400 players and 12 rounds. One run, then the polish below, does better on a
    # short night than two runs in the same time; on a long night repeats are certain anyway.
    short_night = 3 * rounds <= players - 1
    for attempt in range(PLANNER_RUNS if short_night else 1):
        if best is not None and _flawless(movement_report(best)):
            break
        planned = plan_rounds(everyone, rounds, seed=attempt)
        candidates.append(Movement(players, planned, method="planned"))
        best = min(candidates, key=lambda m: _quality_key(movement_report(m)))
    report = movement_report(best)
    bounds = small_bounds(players, rounds, report.most_meetings)
    # Tabu search on the repeats, from the best so far (same sit-outs): on a short night
    # with repeats above the least possible, and on any night of up to POLISH_UP_TO players
    # whose worst pair is above it (partners again, if it made any, lose it the comparison);
    # never where the night is already the best that the offline search knows (`small.py`).
    known = BEST_KNOWN.get((players, rounds))
    figures = (report.partner_repeats, report.most_meetings, report.repeat_meetings)
    if (known is None or figures > known) and (
        (short_night and not _flawless(report) and report.repeat_meetings > bounds.repeats)
        or (players <= POLISH_UP_TO and report.most_meetings > bounds.worst)
    ):
        # The best known, where no pair meets three times, is a cost polish can stop at.
        target = known[2] if known and known[:2] == (0, 2) else 0
        # Beyond the searched sizes, where a night with no repeat may exist, every repeat
        # counts alike, as the polish always did: it clears more there (59 x 15 to none,
        # where the steep cost leaves 2). The searched sizes' best known came from STEEP.
        steep = 1 if known is None and bounds.worst == 1 else STEEP
        polished = polish(best.rounds, players, target=target, steep=steep)
        if polished is not None:
            method = best.method + ", then polished"
            candidates.append(Movement(players, polished, method=method))
            best = min(candidates, key=lambda m: _quality_key(movement_report(m)))
    report = movement_report(best)
    notes = []
    if report.short_night and report.repeat_meetings:
        notes.append(
            f"No schedule without repeats was found for {players} players in {rounds} rounds; "
            f"the fewest found: {report.repeat_meetings} repeated meeting(s)."
        )
    return Movement(players=players, rounds=best.rounds, method=best.method, notes=notes)


# Nights in which no two players share a table twice: built, or shipped from a search.
NO_REPEAT = (
    (resolvable_rounds, "resolvable design"),
    (searched_rounds, "night found by search"),
    (spread_rounds, "planes of GF(2)^d"),
)


def _no_repeat(players: int, rounds: int) -> Movement | None:
    """A night of `rounds` rounds with no repeat for `players`; or from one for a player more,
    whose seat then stays empty (their table-mates sit out: each once, never twice running);
    or from one for a player fewer, with a newcomer taking a different seat each round
    (`grow.py`)."""
    if rounds < 1:
        return None
    for build, name in NO_REPEAT:
        found = build(players, rounds)
        if found is not None:
            return Movement(players, found, method=f"{name}, no repeats")
    for build, name in NO_REPEAT:
        found = build(players + 1, rounds)
        if found is not None:
            method = f"{name} less one player, no repeats"
            return Movement(players, without_player(found, players + 1), method=method)
    for build, name in NO_REPEAT:
        found = build(players - 1, rounds)
        grown = with_one_more(found, players - 1) if found is not None else None
        if grown is not None:
            return Movement(players, grown, method=f"{name} plus one player, no repeats")
    return None


def individual_movement(players: int, rounds: int | None = None, *, seed: int = 0) -> Movement:
    """Seat `players` (numbered 1..players) for `rounds` rounds; None means a full rotation."""
    if players < 4:
        raise MovementError(f"{players} players cannot fill a table: a table needs 4.")
    if rounds is None:
        rounds = full_rotation_length(players)
    if rounds < 0:
        raise MovementError("The number of rounds cannot be negative.")
    movement = _movement(players, rounds)
    return Movement(
        players=players,
        rounds=_relabel(movement.rounds, players, seed),
        method=movement.method,
        notes=list(movement.notes),
    )


# A re-plan is planned from other seeds too, up to this many times in all, for a night small
# enough that each try is quick: the planner is a heuristic, and about 1 seed in 13 left a late
# arrival at 14 players with a partner repeat that another seed avoids. The seeds follow from
# the event's, so the same night always gets the same plan. Up to POLISH_UP_TO players the best
# try is then polished (`polish.py`) around the rounds played, with a smaller budget than a
# whole night's (a late arrival waits on it), and fewer tries before it.
REPLAN_TRIES = 8
REPLAN_TRIES_POLISHED = 4
REPLAN_TRIES_UP_TO = 100  # players
REPLAN_POLISH = 200_000  # swaps evaluated


def replan(played: list[Round], players: list[int], rounds: int, *, seed: int = 0) -> list[Round]:
    """The remaining `rounds` rounds for `players` (any ids), around the rounds played: late
    arrivals and early leavers change who is in, the counts of who met whom carry over. Ranked
    as a night is: partners again, then the worst pair, then the repeats in all, counting the
    rounds played."""
    if len(players) < 4:
        raise MovementError(f"{len(players)} players cannot fill a table: a table needs 4.")
    tries = REPLAN_TRIES if len(players) <= REPLAN_TRIES_UP_TO else 1
    if len(players) <= POLISH_UP_TO:
        tries = REPLAN_TRIES_POLISHED
    best: tuple[tuple, list[Round]] | None = None
    for attempt in range(tries):
        plan = plan_rounds(players, rounds, history=played, seed=seed + 7919 * attempt)
        key = _night_key([*played, *plan])
        if best is None or key < best[0]:
            best = (key, plan)
        if key[:2] == (0, 1) or (key[0] == 0 and len(players) > POLISH_UP_TO):
            break
    key, plan = best
    if len(players) <= POLISH_UP_TO and key[1] > 1 and plan:
        polished = polish_around(played, plan, seed=seed, budget=REPLAN_POLISH)
        if polished is not None and _night_key([*played, *polished]) < key:
            plan = polished
    return plan


def _night_key(rounds: list[Round]) -> tuple[int, int, int]:
    report = movement_report(rounds)
    return report.partner_repeats, report.most_meetings, report.repeat_meetings

"""Time every movement the app can ask for: `.venv/bin/python bench/movements.py`.

Prints one line per size: seconds to build it (first call, nothing cached), and the quality
figures that matter. The app's limit is 2 s for anything up to 400 players and 12 rounds;
the last column says whether that holds.

Then, for every size from 8 to 64 players, the longest night the app builds with no two
players at a table twice (trying 1, 2, ... rounds until one has a repeat), against the most
possible (`movements.limits`: exact where known, else the counting bound). With
`--repeat-free` it prints only that part.

`--small`: every night of 8 to 28 players over 3 to 8 rounds, each cell "partners again /
most times one pair meets / repeated meetings in all": the app's night, the lower bound
(`limits.small_bounds`), the best known (`small_data.py`) and a plain simulated annealing
written for this bench (fixed seed and budget), with the seconds to seat the night. A size
passes when the app's worst pair is no worse than the annealing's, and its repeats no more
where the worst pair ties.
"""

import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.movements import individual as individual_module  # noqa: E402
from tournaments.movements import individual_movement, movement_report, replan  # noqa: E402
from tournaments.movements.limits import repeat_free_limit, small_bounds  # noqa: E402
from tournaments.movements.small import BEST_KNOWN  # noqa: E402

LIMIT = 2.0


def fresh() -> None:
    # Each size timed as the first request a server process would see.
    individual_module._movement.cache_clear()
    individual_module.full_rotation.cache_clear()


def line(label: str, seconds: float, report, limit: bool = True) -> None:
    low, high = report.opponent_range
    sit_low, sit_high = report.sit_out_range
    verdict = ("ok" if seconds < LIMIT else "SLOW") if limit else "-"
    print(
        f"{label:<28} {seconds:6.2f} s  partners again {report.partner_repeats:>3}  "
        f"met again {report.repeat_meetings:>5}  opponents {low}-{high}  "
        f"sit-outs {sit_low}-{sit_high}  left/right gap {report.left_right_gap}  {verdict}",
        flush=True,
    )


def timed(players: int, rounds: int | None) -> tuple[float, object]:
    fresh()
    started = time.perf_counter()
    movement = individual_movement(players, rounds)
    return time.perf_counter() - started, movement


def repeat_free() -> None:
    print("Rounds without a repeat (no two players at a table twice), against the most possible")
    reached = 0
    sizes = range(8, 65)
    for n in sizes:
        limit = repeat_free_limit(n)
        found = 0
        for rounds in range(1, limit.rounds + 1):
            if movement_report(individual_movement(n, rounds)).first_repeat is not None:
                break
            found = rounds
        most = f"{limit.rounds} ({'known exactly' if limit.exact else 'counting bound'})"
        verdict = "the most possible" if found == limit.rounds else f"{limit.rounds - found} short"
        reached += found == limit.rounds
        word = "round " if found == 1 else "rounds"
        print(f"{n:>3} players: {found:>2} {word}, most possible {most:<22} {verdict}", flush=True)
    print(f"{reached} of {len(sizes)} sizes reach the most possible.")


def annealed(n: int, rounds: int, seed: int = 1, moves: int = 100_000) -> tuple[int, int, int]:
    """A plain simulated annealing, for comparison: sit-outs rotated, random tables, then
    swaps of two players of one round, kept by the Metropolis rule on 50 per partnership
    again plus the sum over pairs of meetings squared. Returns partners / worst / repeats."""
    rng = random.Random(seed)
    out = n % 4
    night = []
    for k in range(rounds):
        resting = {(k * out + i) % n for i in range(out)}
        seated = [p for p in range(n) if p not in resting]
        rng.shuffle(seated)
        night.append(seated)  # seat i: table i // 4; partners are seats 0-2 and 1-3
    met = [[0] * n for _ in range(n)]
    part = [[0] * n for _ in range(n)]

    def table(row: list[int], t: int, sign: int) -> int:
        seats, cost = row[4 * t : 4 * t + 4], 0
        for i in range(4):
            for j in range(i + 1, 4):
                a, b = seats[i], seats[j]
                cost += sign * (2 * met[a][b] + sign)  # (m + sign)^2 - m^2
                met[a][b] = met[b][a] = met[a][b] + sign
        for a, b in ((seats[0], seats[2]), (seats[1], seats[3])):
            cost += 50 * sign * (part[a][b] + (sign > 0) - 1 > 0)
            part[a][b] = part[b][a] = part[a][b] + sign
        return cost

    for row in night:
        for t in range(len(row) // 4):
            table(row, t, 1)
    heat = 3.0
    for step in range(moves):
        temperature = heat * (0.01 / heat) ** (step / moves)
        row = night[rng.randrange(rounds)]
        i, j = rng.sample(range(len(row)), 2)
        tables = {i // 4, j // 4}
        delta = sum(table(row, t, -1) for t in tables)
        row[i], row[j] = row[j], row[i]
        delta += sum(table(row, t, 1) for t in tables)
        if delta > 0 and rng.random() >= math.exp(-delta / temperature):
            for t in tables:
                table(row, t, -1)
            row[i], row[j] = row[j], row[i]
            for t in tables:
                table(row, t, 1)
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    return (
        sum(max(0, part[a][b] - 1) for a, b in pairs),
        max(met[a][b] for a, b in pairs),
        sum(max(0, met[a][b] - 1) for a, b in pairs),
    )


def small() -> None:
    print("Small nights: partners again / most times one pair meets / repeated meetings in all")
    print(f"{'size':>7}  {'app':>9}  {'bound':>9}  {'known':>9}  {'annealing':>9}  seconds")
    passed = better = at_bound = 0
    slowest = 0.0
    sizes = [(n, r) for n in range(8, 29) for r in range(3, 9)]
    for n, rounds in sizes:
        seconds, movement = timed(n, rounds)
        slowest = max(slowest, seconds)
        report = movement_report(movement)
        ours = (report.partner_repeats, report.most_meetings, report.repeat_meetings)
        bound = small_bounds(n, rounds, ours[1])
        theirs = annealed(n, rounds)
        ok = ours[1] < theirs[1] or (ours[1] == theirs[1] and ours[2] <= theirs[2])
        passed += ok
        better += ours[1:] < theirs[1:]
        at_bound += ours == (bound.partners, bound.worst, bound.repeats)
        cells = [
            "/".join(map(str, c))
            for c in (ours, (bound.partners, bound.worst, bound.repeats), BEST_KNOWN[(n, rounds)])
        ]
        print(
            f"{n:>3} x {rounds}  {cells[0]:>9}  {cells[1]:>9}  {cells[2]:>9}  "
            f"{'/'.join(map(str, theirs)):>9}  {seconds:5.2f}  {'ok' if ok else 'WORSE'}",
            flush=True,
        )
    print(
        f"{passed} of {len(sizes)} sizes at least as good as the annealing ({better} better); "
        f"the slowest took {slowest:.2f} s to seat."
    )
    print(f"{at_bound} of {len(sizes)} sizes at the lower bound on all three figures.")


def main() -> None:
    if "--repeat-free" in sys.argv[1:]:
        repeat_free()
        return
    if "--small" in sys.argv[1:]:
        small()
        return
    print("Full rotations, whist counts (n % 4 in 0, 1)")
    for n in [n for n in range(8, 65) if n % 4 in (0, 1)]:
        seconds, movement = timed(n, None)
        report = movement_report(movement)
        whist = "whist" if report.is_whist else "NOT whist"
        # Full rotations are longer than the app's 40-round limit from 41 players up.
        line(f"{n} players, full ({whist})", seconds, report, limit=n <= 40)
    print("Full rotations, other counts")
    for n in [10, 11, 14, 15, 22, 23, 30, 31, 38, 39, 46, 47, 54, 55, 62, 63]:
        seconds, movement = timed(n, None)
        line(f"{n} players, full", seconds, movement_report(movement), limit=n <= 40)
    print("Short nights")
    short = [(16, 5), (17, 5), (20, 6), (24, 6), (30, 8), (32, 8), (40, 8), (48, 8)]
    for n, rounds in [*short, (64, 12), (100, 12), (21, 6), (28, 9), (36, 11), (40, 10), (40, 13)]:
        seconds, movement = timed(n, rounds)
        line(f"{n} players, {rounds} rounds", seconds, movement_report(movement))
    print("Large and odd counts")
    for n, rounds in [(200, 12), (398, 12), (399, 12), (400, 12), (401, 12), (62, 40), (9, 40)]:
        seconds, movement = timed(n, rounds)
        line(f"{n} players, {rounds} rounds", seconds, movement_report(movement))
    print("Re-plans (a late arrival after round 4, the rest of the night)")
    for n, rounds in [(32, 8), (100, 12), (400, 12)]:
        played = individual_movement(n, rounds).rounds[:4]
        started = time.perf_counter()
        rest = replan(played, list(range(1, n + 2)), rounds - 4)
        seconds = time.perf_counter() - started
        line(f"{n}+1 players, {rounds} rounds", seconds, movement_report(played + rest))
    repeat_free()


if __name__ == "__main__":
    main()

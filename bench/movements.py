"""Time every movement the app can ask for: `.venv/bin/python bench/movements.py`.

Prints one line per size: seconds to build it (first call, nothing cached), and the quality
figures that matter. The app's limit is 2 s for anything up to 400 players and 12 rounds;
the last column says whether that holds.

Then, for every size from 8 to 64 players, the longest night the app builds with no two
players at a table twice (trying 1, 2, ... rounds until one has a repeat), against the most
possible (`movements.limits`: exact where known, else the counting bound). With
`--repeat-free` it prints only that part.
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.movements import individual as individual_module  # noqa: E402
from tournaments.movements import individual_movement, movement_report, replan  # noqa: E402
from tournaments.movements.limits import repeat_free_limit  # noqa: E402

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


def main() -> None:
    if "--repeat-free" in sys.argv[1:]:
        repeat_free()
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

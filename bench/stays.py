"""Time the plan of a night with players who stay at one table: `.venv/bin/python bench/stays.py`.

What the director waits for: `seating.plan_round` with `stays`, as the round preview and the
seating call it (the night with them staying, and the night without them for the cost),
before round 1 and before round 5 (four rounds played as planned). Beside each, in the same
run and interleaved, the same call with nobody staying (the anchor, warmed by a first call):
its ratio says what staying adds on this machine, whatever its load. Each line also gives
the figures (partners again / most times two meet / repeats in all) with them staying and
with everyone moving. The aim: every plan under 2 s, the app's limit for a movement
(`bench/movements.py`), with room for a busy machine.
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.movements import individual as individual_module  # noqa: E402
from tournaments.movements import movement_report  # noqa: E402
from tournaments.seating import plan_round  # noqa: E402

LIMIT = 2.0
SIZES = [(8, 6, 2), (11, 6, 2), (13, 6, 3), (17, 8, 2), (17, 8, 4), (20, 8, 4), (24, 8, 4)]
SIZES += [(33, 8, 3), (40, 8, 4), (52, 10, 4), (64, 10, 4)]


def fresh() -> None:
    individual_module._movement.cache_clear()
    individual_module.full_rotation.cache_clear()


def timed(**kwargs) -> tuple[float, object]:
    started = time.perf_counter()
    result = plan_round(**kwargs)
    return time.perf_counter() - started, result


def figures(night) -> str:
    report = movement_report(night)
    return f"{report.partner_repeats}/{report.most_meetings}/{report.repeat_meetings}"


def main() -> None:
    print("Plans with players who stay at one table, beside the same plan with nobody staying")
    print(f"{'night':<18} {'before':>7} {'staying':>8} {'anchor':>7} {'ratio':>6}  with / without")
    slowest = 0.0
    for players, rounds, count in SIZES:
        ids = list(range(1, players + 1))
        stays = ids[:count]
        for played in (0, 4):
            fresh()
            plan = plan_round(players=ids, rounds=rounds, stays=stays)
            past = plan.night[:played]
            # Warm the anchor (the movement is cached after a first call, as in a server).
            plan_round(players=ids, past=past, rounds=rounds)
            anchor, _ = timed(players=ids, past=past, rounds=rounds)
            seconds, plan = timed(players=ids, past=past, rounds=rounds, stays=stays)
            slowest = max(slowest, seconds)
            verdict = "ok" if seconds < LIMIT else "SLOW"
            label = f"{players} x {rounds}, {count} stay"
            print(
                f"{label:<18} {'round ' + str(played + 1):>7} {seconds:7.2f}s {anchor:6.2f}s "
                f"{seconds / max(anchor, 1e-4):6.0f}  {figures(plan.night)} / "
                f"{figures(plan.without)}  {verdict}",
                flush=True,
            )
    print(f"The slowest plan with players staying took {slowest:.2f} s (aim: under {LIMIT} s).")


if __name__ == "__main__":
    main()

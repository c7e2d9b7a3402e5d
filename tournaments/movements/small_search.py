"""Search small nights offline; write the ones that beat the app's own into `small_data.py`.

    python -m tournaments.movements.small_search search FOUND.jsonl   # the C search
    python -m tournaments.movements.small_search write FOUND.jsonl    # compare, write the data

(`write` takes several files, the nights of every run: `write FOUND.jsonl MORE.jsonl`.)

`search` builds `csearch/fewest.c` (a simulated annealing, its header says how) and runs it
for every night of 8 to 28 players over 3 to 8 rounds that the app's own night leaves above
its lower bounds: first aiming at the lower bound on the worst pair (`limits.small_bounds`,
but never below 2: aiming at 1 makes every repeat cost so much that the annealing freezes,
while aiming at 2 counts each repeat as one and still finds the nights with none), then one
more each time no run reached it, with SEEDS runs a size (seeds FIRST_SEED on). It keeps, a
size, the night with the fewest partners again, then the lowest worst pair, then the fewest
repeats in all, in FOUND.jsonl, each line naming its seed, aim and the search's settings.

Options (csearch/README.md gives the runs the shipped nights came from): --seeds N,
--first-seed K, --moves M (a run), --restarts R (coolings a run), --hot T (the temperature
each cooling starts at), --fixed (the sit-outs rotated and never moved, as before issue 41),
--sizes 19x6,22x6 (only these sizes; by default every size above its bounds).

`write` seats each table found as the planner would (who faces whom, for left and right),
compares it with what `individual_movement` builds without it and with the night shipped
today, and writes into `small_data.py` the nights that are better than the app's own, with
BEST_KNOWN: for every size, the best of them. A shipped night stays, unchanged, unless a
night found is strictly better. The app never runs this; `tests/test_small.py` checks every
shipped night and every size.
"""

import argparse
import json
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .core import Round
from .limits import small_bounds
from .polish import _seated
from .quality import movement_report

HERE = Path(__file__).resolve().parent
SIZES = [(n, r) for n in range(8, 29) for r in range(3, 9)]
SEEDS = 8
MOVES = 20_000_000
RESTARTS = 1
HOT = 2.0


def _run(binary: Path, players: int, rounds: int, worst: int, seed: int, how: dict) -> tuple:
    out = subprocess.run(
        [
            str(binary),
            *map(str, (players, rounds, worst, seed, how["moves"])),
            *map(str, (0 if how["fixed"] else 1, how["restarts"], how["hot"])),
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    score = tuple(int(x) for x in out[0].split())
    night = [[int(x) for x in line.split()] for line in out[1 : rounds + 1]]
    return score, night


def _search_size(binary: Path, players: int, rounds: int, how: dict) -> dict:
    bounds = small_bounds(players, rounds)
    best = None
    # Aiming at 1 (no repeat) freezes the annealing; aiming at 2 finds the nights with none.
    worst = max(bounds.worst, 2)
    while True:
        for seed in range(how["first_seed"], how["first_seed"] + how["seeds"]):
            score, night = _run(binary, players, rounds, worst, seed, how)
            if best is None or score < best[0]:
                best = (score, night, worst, seed)
        if best[0][1] <= worst or worst >= rounds:
            break
        worst += 1
    (partners, found, repeats), night, aim, seed = best
    print(f"{players} x {rounds}: {partners}/{found}/{repeats} (aim {aim}, seed {seed})")
    sys.stdout.flush()
    return {
        "players": players,
        "rounds": rounds,
        "aim": aim,
        "seed": seed,
        "moves": how["moves"],
        "free": not how["fixed"],
        "restarts": how["restarts"],
        "hot": how["hot"],
        "night": night,
    }


def _at_bound(players: int, rounds: int) -> bool:
    """The app's own night can be beaten by no search."""
    from .individual import individual_movement

    figures = score(individual_movement(players, rounds).rounds, players)
    bounds = small_bounds(players, rounds, figures[1])
    return figures == (bounds.partners, bounds.worst, bounds.repeats)


def search(path: Path, how: dict) -> None:
    """Each size's night as a line of FOUND (JSON lines), sizes already there kept."""
    done = set()
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            entry = json.loads(line)
            done.add((entry["players"], entry["rounds"]))
    sizes = how["sizes"] or SIZES
    todo = [size for size in sizes if size not in done and not _at_bound(*size)]
    with tempfile.TemporaryDirectory() as folder, path.open("a", encoding="utf-8") as out:
        binary = Path(folder) / "fewest"
        subprocess.run(
            ["cc", "-O2", "-o", str(binary), str(HERE / "csearch" / "fewest.c"), "-lm"],
            check=True,
        )

        def one(size: tuple[int, int]) -> None:
            entry = _search_size(binary, *size, how)
            out.write(json.dumps(entry) + "\n")
            out.flush()

        with ThreadPoolExecutor(max_workers=2) as pool:
            list(pool.map(one, todo))


def _rounds(players: int, seats: list[list[int]]) -> list[Round]:
    rounds = []
    for row in seats:
        out = sorted(set(range(1, players + 1)) - set(row))
        tables = [tuple(row[i : i + 4]) for i in range(0, len(row), 4)]
        rounds.append(Round(tables=tables, sit_out=out))
    return _seated(
        [[[p - 1 for p in t] for t in r.tables] for r in rounds],
        [r.sit_out for r in rounds],
        players,
    )


def score(rounds: list[Round], players: int) -> tuple[int, int, int]:
    """(partners again, the most times one pair meets, repeated meetings in all)."""
    report = movement_report(rounds, range(1, players + 1))
    return report.partner_repeats, report.most_meetings, report.repeat_meetings


def _encode(rounds: list[Round]) -> list[str]:
    return [" ".join("-".join(map(str, t)) for t in r.tables) for r in rounds]


def write(paths: list[Path]) -> None:
    from . import individual, small, small_data

    # The nights shipped today stay, as they are, unless a night found is strictly better.
    found: dict[tuple[int, int], list[Round]] = {
        size: small.small_night(*size) for size in small_data.NIGHTS
    }
    # What the app builds without the shipped nights (`small` caches what it decoded).
    small_data.NIGHTS.clear()
    small._decoded.cache_clear()
    lines = [line for path in paths for line in path.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        entry = json.loads(line)
        players, count = entry["players"], entry["rounds"]
        rounds = _rounds(players, entry["night"])
        report = movement_report(rounds, range(1, players + 1))
        assert not report.errors and not report.twice_in_a_row, (players, count)
        # A size searched more than once (another run): the best night.
        if (players, count) not in found or score(rounds, players) < score(
            found[(players, count)], players
        ):
            found[(players, count)] = rounds
    nights, best = {}, {}
    for players, count in SIZES:
        ours = score(individual.individual_movement(players, count).rounds, players)
        night = found.get((players, count))
        if night is not None and score(night, players) < ours:
            nights[(players, count)] = _encode(night)
            best[(players, count)] = score(night, players)
        else:
            best[(players, count)] = ours
    lines = [
        '"""Small nights found by search (`small_search.py`), where they beat what the app builds',
        "otherwise, and the best known figures for every small night (`small.py` reads them).",
        "Written by `python -m tournaments.movements.small_search write FOUND.jsonl`: do not edit",
        "by hand.",
        '"""',
        "",
        "# (players, rounds): a night, a string a round, tables split by spaces, seats N-E-S-W.",
        "NIGHTS = {",
        *(
            line
            for size, rows in sorted(nights.items())
            for line in [f"    {size}: (", *(f'        "{row}",' for row in rows), "    ),"]
        ),
        "}",
        "",
        "# (players, rounds): (partners again, most times one pair meets, repeats in all), the",
        "# best known: shipped here or built by the app.",
        "BEST_KNOWN = {",
        *(f"    {size}: {figures}," for size, figures in sorted(best.items())),
        "}",
        "",
    ]
    (HERE / "small_data.py").write_text("\n".join(lines), encoding="utf-8")
    print(f"{len(nights)} nights shipped of {len(best)} sizes.")


def _size(text: str) -> tuple[int, int]:
    players, rounds = text.lower().split("x")
    return int(players), int(rounds)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("command", choices=("search", "write"))
    parser.add_argument("found", type=Path, nargs="+")
    parser.add_argument("--seeds", type=int, default=SEEDS)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--moves", type=int, default=MOVES)
    parser.add_argument("--restarts", type=int, default=RESTARTS)
    parser.add_argument("--hot", type=float, default=HOT)
    parser.add_argument("--fixed", action="store_true")
    parser.add_argument("--sizes", type=lambda t: [_size(x) for x in t.split(",")], default=None)
    args = parser.parse_args(argv)
    if args.command == "write":
        write(args.found)
    elif len(args.found) != 1:
        parser.error("search writes one FOUND file")
    else:
        search(args.found[0], vars(args))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

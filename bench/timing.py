"""The one timing rule every benchmark here uses: the best of several runs, as the least
disturbed by the rest of the machine (2 cores, other work)."""

import statistics
import time


def best(function, runs: int = 3) -> float:
    """The fastest of `runs` calls of `function`, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def turns(
    asks: list, runs: int, *, at_least: float = 0.0, most: int | None = None
) -> list[list[float]]:
    """Every ask timed `runs` times, in turns (A, B, C, A, B, C...), so whatever else the
    machine does at a moment weighs on each alike; every time is kept, for a best and a
    median. Quick asks are taken again until `at_least` seconds have gone by, as more
    samples make a steadier median; `most` caps the turns in all (it wins over `runs`, for an
    ask that can be made only so many times)."""
    most = runs if most is None else most
    times = [[] for _ in asks]
    started = time.perf_counter()
    done = 0
    while done < most and (done < runs or time.perf_counter() - started < at_least):
        for ask, spent in zip(asks, times, strict=True):
            start = time.perf_counter()
            ask()
            spent.append(time.perf_counter() - start)
        done += 1
    return times


def page_report(rows: list[tuple[str, int | None]], times, sizes: dict, runs: int) -> list[str]:
    """Print each page's best and median of its turns beside the anchor (the first row, with
    no aim), its queries and size, and whether its median met its aim in ms; return the names
    of the pages that missed."""
    health = min(times[0])
    print(f"best and median of {runs} turns; /health/ best {health * 1000:.2f} ms")
    print(
        f"{'page':28} {'best ms':>9} {'median ms':>10} {'×health':>9} {'queries':>8} {'KB':>7}  aim"
    )
    failed = []
    for (name, aim), spent in zip(rows, times, strict=True):
        fastest, middle = min(spent), statistics.median(spent)
        queries, size = sizes[name]
        verdict = ""
        if aim is not None:
            ok = middle * 1000 <= aim
            verdict = f"median within {aim} ms: {'yes' if ok else 'NO'}"
            failed += [] if ok else [name]
        print(
            f"{name:28} {fastest * 1000:9.1f} {middle * 1000:10.1f} {fastest / health:9.1f} "
            f"{queries:8d} {size / 1024:7.0f}  {verdict}"
        )
    return failed

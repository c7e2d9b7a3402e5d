"""The one timing rule every benchmark here uses: the best of several runs, as the least
disturbed by the rest of the machine (2 cores, other work)."""

import time


def best(function, runs: int = 3) -> float:
    """The fastest of `runs` calls of `function`, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def turns(asks: list, runs: int) -> list[list[float]]:
    """Every ask timed `runs` times, in turns (A, B, C, A, B, C...), so whatever else the
    machine does at a moment weighs on each alike; every time is kept, for a best and a
    median."""
    times = [[] for _ in asks]
    for _ in range(runs):
        for ask, spent in zip(asks, times, strict=True):
            start = time.perf_counter()
            ask()
            spent.append(time.perf_counter() - start)
    return times

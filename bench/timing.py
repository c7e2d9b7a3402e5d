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

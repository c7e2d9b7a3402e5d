"""Does a SQLite backup make captains wait? One step against pages with pauses, during play.

    .venv/bin/python bench/backup.py

Builds throwaway SQLite databases of a few MB and of 50 MB, in WAL mode as the app runs them
(config/settings.py), and keeps four writers committing a row every 5 ms, as captains entering
hands do. Then prints, for each size:

- `manage.py backup`'s way (config/backups.py: the backup API in one step): its seconds, and
  the slowest commit while it ran beside the slowest commit with no backup running;
- the backup API a hundred pages at a time with a 10 ms pause between steps (the usual advice
  for not blocking writers): a hand committed between two steps makes it start over, so it is
  given 30 seconds, then the number of restarts is printed.
"""

import sqlite3
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from config import backups  # noqa: E402  (plain Python: needs no Django settings)

WRITERS = 4
PAUSE = 0.005
GIVE_UP = 30.0


def build(path: Path, megabytes: int) -> None:
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("CREATE TABLE hand (id INTEGER PRIMARY KEY, note TEXT)")
    rows = megabytes * 1_000_000 // 250
    db.executemany("INSERT INTO hand (note) VALUES (?)", (("x" * 200,) for _ in range(rows)))
    db.commit()
    db.close()


class Captains:
    """Writers committing one row each, every PAUSE seconds; the slowest commit is kept."""

    def __init__(self, path: Path):
        self.path, self.stop, self.slowest = path, threading.Event(), 0.0
        self.threads = [threading.Thread(target=self.write) for _ in range(WRITERS)]

    def write(self):
        db = sqlite3.connect(self.path, timeout=20, isolation_level=None)
        db.execute("PRAGMA synchronous=NORMAL")
        while not self.stop.is_set():
            start = time.perf_counter()
            db.execute("BEGIN IMMEDIATE")
            db.execute("INSERT INTO hand (note) VALUES ('a hand')")
            db.execute("COMMIT")
            self.slowest = max(self.slowest, time.perf_counter() - start)
            time.sleep(PAUSE)
        db.close()

    def __enter__(self):
        for thread in self.threads:
            thread.start()
        time.sleep(0.3)  # under way before anything is measured
        self.slowest = 0.0
        return self

    def __exit__(self, *exc):
        self.stop.set()
        for thread in self.threads:
            thread.join()


def paged(path: Path, target: Path) -> tuple[float, int, bool]:
    """The backup API 100 pages a step, 10 ms between steps; (seconds, restarts, finished)."""
    restarts, last, start = 0, None, time.perf_counter()

    def progress(status, remaining, total):
        nonlocal restarts, last
        if last is not None and remaining > last:
            restarts += 1
        last = remaining
        if time.perf_counter() - start > GIVE_UP:
            raise TimeoutError
        time.sleep(0.01)

    source, copy = sqlite3.connect(path, timeout=20), sqlite3.connect(target)
    try:
        source.backup(copy, pages=100, progress=progress)
        finished = True
    except TimeoutError:
        finished = False
    source.close()
    copy.close()
    return time.perf_counter() - start, restarts, finished


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="euchre-bench-") as tmp:
        for megabytes in (5, 50):
            path = Path(tmp) / f"{megabytes}.sqlite3"
            build(path, megabytes)
            with Captains(path) as captains:
                time.sleep(1)
                idle = captains.slowest
                captains.slowest = 0.0
                start = time.perf_counter()
                backups.sqlite_backup(path, Path(tmp) / "one-step.backup")
                seconds = time.perf_counter() - start
                during = captains.slowest
            size = (Path(tmp) / "one-step.backup").stat().st_size / 1_000_000
            print(
                f"{size:.0f} MB, one step (manage.py backup): {seconds:.3f} s; slowest commit "
                f"{during * 1000:.1f} ms during it, {idle * 1000:.1f} ms with no backup"
            )
            with Captains(path):
                seconds, restarts, finished = paged(path, Path(tmp) / "paged.backup")
            outcome = f"done in {seconds:.1f} s" if finished else f"not done after {seconds:.0f} s"
            print(f"{size:.0f} MB, 100 pages a step, 10 ms pauses: {outcome}, {restarts} restarts")
    return 0


if __name__ == "__main__":
    sys.exit(main())

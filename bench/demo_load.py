"""Time `manage.py load_demo` on a fresh, empty SQLite database (the issue's target: < 10 s).

    .venv/bin/python bench/demo_load.py

Migrates a scratch database in a temporary folder (not timed), then times the command as a
newcomer runs it, in its own process (Django's start-up included), and prints the seconds.
The scratch database is deleted afterwards.
"""

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_SECONDS = 10


def manage(*args: str, env: dict) -> None:
    subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="euchre-bench-") as tmp:
        env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        env["SQLITE_PATH"] = str(Path(tmp) / "demo.sqlite3")
        manage("migrate", "--noinput", "-v", "0", env=env)
        start = time.perf_counter()
        manage("load_demo", env=env)
        seconds = time.perf_counter() - start
    print(f"load_demo on an empty database: {seconds:.2f} s (target: under {TARGET_SECONDS} s)")
    return 0 if seconds < TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())

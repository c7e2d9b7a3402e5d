"""The club's database readable by its owner only (issue 39, found by attack, item 6): the
database and its -wal and -shm were made 0644 in a 0755 data folder, though they hold the
directors' password hashes and sessions. On POSIX systems the data folder is now 0700 and the
files 0600, for a new database and for one an earlier version made, as the app opens it (its
`migrate` and `serve` open it the same way). Windows is left as it is."""

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")

# Run by the app (manage.py shell) with its database connection open, as while serving: a
# session written, then the mode of each file as the app leaves them while it runs.
MODES_WHILE_OPEN = """
import json, os, stat
from pathlib import Path
from django.contrib.sessions.backends.db import SessionStore
s = SessionStore(); s["director"] = 1; s.save()
data = Path(os.environ["DATA_DIR"])
paths = [data, *(data / f"euchre.sqlite3{x}" for x in ("", "-wal", "-shm"))]
print(json.dumps({p.name: oct(stat.S_IMODE(p.stat().st_mode)) for p in paths}))
"""


def manage(data: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SQLITE_PATH")}
    env.update(DATA_DIR=str(data))
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
        preexec_fn=lambda: os.umask(0o022),  # the usual umask, which made them 0644 and 0755
    )
    return done.stdout


def modes_while_open(data: Path) -> dict[str, str]:
    return json.loads(manage(data, "shell", "-c", MODES_WHILE_OPEN).strip().splitlines()[-1])


OWNERS_ALONE = {
    "data": "0o700",
    "euchre.sqlite3": "0o600",
    "euchre.sqlite3-wal": "0o600",
    "euchre.sqlite3-shm": "0o600",
}


def test_a_new_database_and_its_folder_are_the_owners_alone(tmp_path):
    data = tmp_path / "data"
    manage(data, "migrate", "--verbosity", "0")
    assert modes_while_open(data) == OWNERS_ALONE


def test_a_database_an_earlier_version_made_readable_by_all_is_made_the_owners(tmp_path):
    data = tmp_path / "data"
    manage(data, "migrate", "--verbosity", "0")
    database = data / "euchre.sqlite3"
    # As an earlier version left them, with a connection still open, so the -wal and -shm stay.
    with sqlite3.connect(database) as earlier:
        earlier.execute("PRAGMA journal_mode=WAL")
        earlier.execute("CREATE TABLE kept (x)")
        data.chmod(0o755)
        for suffix in ("", "-wal", "-shm"):
            Path(f"{database}{suffix}").chmod(0o644)
        assert modes_while_open(data) == OWNERS_ALONE
    earlier.close()


LOCK_FROM_ANOTHER_PROCESS = """
import sqlite3, sys
other = sqlite3.connect(sys.argv[1], timeout=0)
try:
    other.execute("BEGIN IMMEDIATE")
except sqlite3.OperationalError as error:
    print(error)
else:
    print("written through the lock")
"""


def test_opening_a_connection_keeps_the_locks_another_connection_holds(tmp_path):
    """Closing any descriptor of a file drops every POSIX lock the process holds on it: the
    check of the files' modes, made as each connection opens, must never open the database
    itself, or a thread's write lock is lost and another process writes through it (the hall
    served 500s, "database disk image is malformed", while a second command wrote)."""
    from config.private import owner_only_database

    path = tmp_path / "euchre.sqlite3"
    owner_only_database(path)  # a new database: made here, 0600
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN IMMEDIATE")  # this process holds the write lock
    holder.execute("INSERT INTO t VALUES (1)")

    owner_only_database(path)  # as a second thread's connection opens

    done = subprocess.run(
        [sys.executable, "-c", LOCK_FROM_ANOTHER_PROCESS, str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "database is locked"
    holder.execute("ROLLBACK")
    holder.close()

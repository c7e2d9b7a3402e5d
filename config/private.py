"""The club's data readable by its owner only, on POSIX systems: the data folder 0700, the
SQLite database and the files beside it 0600 (they hold the directors' password hashes and
sessions, and a laptop or server may have other users; the backups are 0600 already). Windows
is left as it is: the user's profile folder is already theirs alone, and chmod there only sets
read-only. Never an error: a disk without such permissions (a FAT USB stick) is left as it is.
No Django here: settings.py uses it before Django is set up."""

import contextlib
import os
from pathlib import Path

# SQLite makes a new database by the umask (0644 as a rule) and gives its -wal, -shm and
# -journal the database's own mode: a database made 0600 keeps them so, but files an earlier
# version made are changed too.
BESIDE = ("", "-wal", "-shm", "-journal")


def owner_only_folder(folder: Path) -> None:
    """Make `folder` if missing, and make it its owner's alone. OSError if it cannot be made."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if os.name == "posix":
        _owner_only(folder, 0o700)


def owner_only_database(database: str | os.PathLike) -> None:
    """Make the SQLite database `database` (if missing, as an empty file: SQLite's new database)
    and the files beside it its owner's alone, before SQLite opens it."""
    if os.name != "posix" or str(database) in ("", ":memory:"):
        return
    # Only a database not there yet is opened here, and only if this call makes it (O_EXCL):
    # closing any descriptor of a file drops every POSIX lock this process holds on it, so
    # opening an existing database while another thread's connection holds its lock would
    # let a second process write through that lock and corrupt the database.
    with contextlib.suppress(OSError):  # there already, or a missing folder: SQLite says so
        os.close(os.open(database, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    for suffix in BESIDE:
        _owner_only(Path(f"{database}{suffix}"), 0o600)


def _owner_only(path: Path, mode: int) -> None:
    with contextlib.suppress(OSError):  # missing, or not ours to change
        if path.stat().st_mode & 0o077:
            path.chmod(mode)

"""Updating the app never loses a club's history.

Two guards, run each time the hall or the demo starts (`manage.py serve`):

- An earlier version kept the club's database in the app's folder (db.sqlite3), where a new copy
  of the folder in place of the old one would lose it. It is copied once into the data folder
  (through SQLite's backup API, which reads its -wal file too), checked, and only then removed.
- Migrations change the database. Before any is applied to a database that holds a club, a
  backup is written to the data folder's backups/, and the newest KEEP of them are kept.
"""

import contextlib
import datetime
import os
from collections.abc import Callable
from pathlib import Path

from django.db import DatabaseError
from django.db.migrations.executor import MigrationExecutor

from config import backups

KEEP = 5  # backups taken before an update, newest first
PREFIX = "before-update-"


def command() -> str:
    """How the person at the keyboard started the app, to repeat in advice (euchre.py sets it)."""
    return os.getenv("EUCHRE_COMMAND", "python3 euchre.py")


def adopt_app_folder_database(app_folder: Path, database: Path, say: Callable[[str], None]):
    """Move an earlier version's db.sqlite3 from the app's folder to `database`, once."""
    old = app_folder / "db.sqlite3"
    if not old.is_file() or old.resolve() == database.resolve():
        return
    if database.exists():
        say(
            f"An older copy of the club's database is still in the app's folder ({old}). "
            f"The app uses {database}. To use the older one instead, stop the app and run:\n"
            f'    {command()} manage restore "{old}" --force'
        )
        return
    backups.sqlite_backup(old, database)  # checked before it appears under its name
    for suffix in ("", "-wal", "-shm"):
        Path(f"{old}{suffix}").unlink(missing_ok=True)
    say(
        f"The club's database has moved from the app's folder to {database}, where an update "
        "of the app never touches it."
    )


def pending_migrations(connection) -> list:
    executor = MigrationExecutor(connection)
    return executor.migration_plan(executor.loader.graph.leaf_nodes())


def holds_a_club(connection) -> bool:
    if "clubs_club" not in connection.introspection.table_names():
        return False
    with connection.cursor() as cursor:
        # Plain SQL: the model may already have columns the old table has not.
        cursor.execute("SELECT 1 FROM clubs_club LIMIT 1")
        return cursor.fetchone() is not None


def backup_before_migrating(connection, folder: Path, say: Callable[[str], None]) -> Path | None:
    """A backup of the database in `folder` when migrations are due and it holds a club; the
    backup's path, or None when none was needed. Refused (BackupError) if it cannot be made:
    then nothing is migrated."""
    try:
        if not pending_migrations(connection) or not holds_a_club(connection):
            return None
    except DatabaseError as exc:
        raise backups.BackupError(f"Cannot read the database ({exc}).") from exc
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise backups.BackupError(
            f"Cannot make the backups folder {folder} ({exc.strerror}): set DATA_DIR to a "
            "folder you may write to."
        ) from exc
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    suffix = "sqlite3" if connection.vendor == "sqlite" else "pgdump"
    path = folder / f"{PREFIX}{stamp}.{suffix}"
    backups.backup(connection, path)
    say(f"The app is newer than the club's database: before updating it, a backup: {path}")
    for old in sorted(folder.glob(f"{PREFIX}*"), reverse=True)[KEEP:]:
        with contextlib.suppress(OSError):
            old.unlink()
    return path

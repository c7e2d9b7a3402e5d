"""Backups that are safe while a night is in play: `manage.py backup PATH` and `restore PATH`.

Copying db.sqlite3 during play loses hands: the latest ones live in the WAL file beside it until
SQLite folds them in. So SQLite is copied through its online backup API, which reads through
the WAL, and PostgreSQL through pg_dump, which reads one snapshot; neither makes a captain wait.

A backup is written to a hidden file beside PATH and renamed into place only once complete and
checked, so a file at PATH is always a whole backup. Every refusal is a `BackupError` whose
message says what is wrong and what to do.
"""

import contextlib
import glob
import os
import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path

from django.db import DatabaseError
from django.db.backends.postgresql.client import DatabaseClient

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_DUMP_MAGIC = b"PGDMP"  # the start of pg_dump's custom format
# A backup of this app holds its hands; any other database does not.
HANDS_TABLE = "tournaments_hand"
# Where Debian's PostgreSQL packages put pg_dump and pg_restore, when they are not on PATH.
PG_BIN_DIRS = "/usr/lib/postgresql/*/bin"
# As long as the app itself waits for a lock (config/settings.py), then gives up.
WAIT_SECONDS = 20


class BackupError(Exception):
    """A backup or restore refused or failed; the message is for the person at the keyboard."""


def backup(connection, path: Path) -> None:
    """Back up the database behind Django's `connection` to the file `path`."""
    if connection.vendor == "sqlite":
        sqlite_backup(connection.settings_dict["NAME"], path)
    elif connection.vendor == "postgresql":
        postgres_backup(connection.settings_dict, path)
    else:
        raise BackupError(f"Backups cover SQLite and PostgreSQL, not {connection.vendor}.")


def restore(connection, path: Path, *, force: bool = False) -> None:
    """Replace everything in the database behind `connection` with the backup at `path`.

    Unless `force`, only into a database that holds nothing yet: a restore throws away every
    hand entered since the backup, so it must never happen by a slip of the keyboard.
    """
    if connection.vendor not in ("sqlite", "postgresql"):
        raise BackupError(f"Backups cover SQLite and PostgreSQL, not {connection.vendor}.")
    path = Path(path)
    check_restorable(path, connection.vendor)
    held = holdings(connection)
    if held and not force:
        raise BackupError(
            f"The database already holds {held}: restoring replaces all of it with the "
            "backup, and hands entered since the backup are lost. Stop the app (Ctrl-C on the hall "
            "or the demo, or stop gunicorn), then run the restore again with --force."
        )
    # Nothing of ours may hold the database open while it is replaced.
    connection.close()
    if connection.vendor == "sqlite":
        sqlite_restore(path, connection.settings_dict["NAME"])
    else:
        postgres_restore(connection.settings_dict, path)


def holdings(connection) -> str:
    """What the database holds, in words ("2 clubs, 1 account and 412 hands"); empty if
    nothing."""
    name = connection.settings_dict["NAME"]
    if connection.vendor == "sqlite" and not Path(name).is_file():
        return ""  # not created yet: connecting would create it, or fail on a missing folder
    counts = []
    try:
        tables = set(connection.introspection.table_names())
        for table, word in (
            ("clubs_club", "club"),
            ("auth_user", "account"),
            (HANDS_TABLE, "hand"),
        ):
            if table in tables:
                with connection.cursor() as cursor:
                    cursor.execute(f"SELECT count(*) FROM {table}")  # our own table names
                    number = cursor.fetchone()[0]
                if number:
                    counts.append(f"{number} {word}{'' if number == 1 else 's'}")
    except DatabaseError as exc:
        raise BackupError(
            f"Cannot read the database to restore into ({exc}). For PostgreSQL, create it "
            "first (createdb); check DATABASE_URL or SQLITE_PATH."
        ) from exc
    return (
        " and ".join([", ".join(counts[:-1]), counts[-1]]) if len(counts) > 1 else "".join(counts)
    )


def kind_of(path: Path) -> str | None:
    """'sqlite' or 'postgresql' as the file's first bytes say, None for anything else."""
    with open(path, "rb") as file:
        start = file.read(len(SQLITE_MAGIC))
    if start == SQLITE_MAGIC:
        return "sqlite"
    if start.startswith(PG_DUMP_MAGIC):
        return "postgresql"
    return None


@contextlib.contextmanager
def written_into_place(path: Path):
    """Yield a temporary file beside `path`, moved to `path` only if the block succeeds.

    Beside, not in /tmp, so the final rename stays on one file system and is atomic; hidden
    and ending in .partial, so a schedule keeping the last few backups never counts it.
    """
    if path.is_dir():
        raise BackupError(
            f"{path} is a folder: give the backup a file name, e.g. {path / 'euchre.backup'}."
        )
    folder = path.parent
    if not folder.is_dir():
        raise BackupError(
            f"Cannot write {path}: the folder {folder} does not exist. Create it, or choose "
            "another place."
        )
    try:
        handle, name = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".partial")
    except OSError as exc:
        raise BackupError(
            f"Cannot write in {folder} ({exc.strerror}): choose a folder you may write to."
        ) from exc
    os.close(handle)
    partial = Path(name)
    try:
        yield partial
        # On disk before the rename, so a power cut never leaves a named but empty backup.
        with open(partial, "rb+") as file:
            os.fsync(file.fileno())
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


def check_restorable(path: Path, engine: str) -> None:
    """Refuse a path that is not a backup this engine can restore."""
    if not path.exists():
        raise BackupError(f"No backup at {path}: check the path and the file name.")
    if path.is_dir():
        raise BackupError(f"{path} is a folder: give the backup file inside it.")
    kind = kind_of(path)
    if kind is None:
        raise BackupError(
            f"{path} is not a backup made by `manage.py backup`: it is neither a SQLite "
            "database nor a pg_dump archive."
        )
    if kind != engine:
        made, here = (
            ("PostgreSQL (pg_dump)", "SQLite") if kind == "postgresql" else ("SQLite", "PostgreSQL")
        )
        raise BackupError(
            f"{path} is a {made} backup, and this app runs on {here}: restore it where "
            f"DATABASE_URL points at a {made.split()[0]} database."
        )


# --- SQLite -----------------------------------------------------------------------------------


def _sqlite_connect(path: Path, mode: str) -> sqlite3.Connection:
    # A URI with a mode, so that a missing file is an error instead of a new empty database.
    uri = Path(path).resolve().as_uri() + f"?mode={mode}"
    return sqlite3.connect(uri, uri=True, timeout=WAIT_SECONDS)


def sqlite_backup(database: Path, path: Path) -> None:
    """Copy the live SQLite database `database` to `path`, while captains keep entering hands.

    One step of the backup API: it reads one snapshot in one read transaction, which in WAL
    mode never blocks a writer (a few MB take milliseconds). Copying a few pages at a time with
    pauses would start over each time a hand lands between two steps, and during play may never
    finish (bench/backup.py measures both).
    """
    database, path = Path(database), Path(path)
    if not database.is_file():
        raise BackupError(f"No database at {database}: nothing to back up yet.")
    if path.exists() and path.resolve() == database.resolve():
        raise BackupError(f"{path} is the live database itself: write the backup elsewhere.")
    with written_into_place(path) as partial:
        source = _sqlite_connect(database, "rw")
        target = sqlite3.connect(partial)
        try:
            source.backup(target)
            # One self-contained file: the copy needs no -wal beside it to be read or restored.
            target.execute("PRAGMA journal_mode=DELETE")
            if target.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise BackupError(f"The copy of {database} failed its check: nothing written.")
        except sqlite3.Error as exc:
            raise BackupError(f"Could not back up {database}: {exc}.") from exc
        finally:
            target.close()
            source.close()


def sqlite_restore(path: Path, database: Path) -> None:
    """Replace the SQLite database `database` with the backup at `path`.

    Through the backup API too, so the live file, its WAL and any connection still open all see
    the restored data at once, never a mix of old pages and new.
    """
    path, database = Path(path), Path(database)
    check_restorable(path, "sqlite")
    if not database.parent.is_dir():
        raise BackupError(f"Cannot restore into {database}: its folder does not exist.")
    try:
        with contextlib.closing(_sqlite_connect(path, "ro")) as backup:
            tables = {row[0] for row in backup.execute("SELECT name FROM sqlite_master")}
            if backup.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise BackupError(f"{path} is damaged (SQLite's check failed): use an older one.")
            if HANDS_TABLE not in tables:
                raise BackupError(f"{path} is a SQLite database, but not a backup of this app.")
            with contextlib.closing(sqlite3.connect(database, timeout=WAIT_SECONDS)) as target:
                backup.backup(target)
    except sqlite3.Error as exc:
        raise BackupError(f"Could not restore {path} into {database}: {exc}.") from exc


# --- PostgreSQL -------------------------------------------------------------------------------


def pg_tool(name: str) -> str:
    """The path of pg_dump or pg_restore: on PATH (Debian's wrapper picks the newest installed
    version), else the newest of Debian's PostgreSQL folders."""
    on_path = shutil.which(name)
    if on_path:
        return on_path
    # /usr/lib/postgresql/<major version>/bin/<name>
    installed = sorted(
        glob.glob(os.path.join(PG_BIN_DIRS, name)), key=lambda p: int(p.split("/")[-3])
    )
    if not installed:
        raise BackupError(
            f"{name} is not installed: install Debian's postgresql-client package "
            "(sudo apt-get install postgresql-client), of the server's version or newer."
        )
    return installed[-1]


def _pg_run(tool: str, db: dict, options: list[str]) -> str:
    """Run pg_dump or pg_restore against Django's connection settings; return its output.

    Host, port, user and database as options; the password and TLS settings in the
    environment, as Django's own dbshell passes them, so no password is ever on a command line
    (where `ps` would show it) or in a message.
    """
    args = [
        f"--{option}={db[key]}"
        for option, key in (("host", "HOST"), ("port", "PORT"), ("username", "USER"))
        if db.get(key)
    ]
    _, env = DatabaseClient.settings_to_cmd_args_env(db, [])
    result = subprocess.run(
        [pg_tool(tool), "--no-password", *args, *options],
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        raise BackupError(f"{tool} failed: {result.stderr.strip() or result.returncode}")
    return result.stdout


def postgres_backup(db: dict, path: Path) -> None:
    """pg_dump's custom format: one consistent snapshot, taken without blocking any captain
    (it only takes locks that wait for a change of the tables' structure, never for a hand)."""
    path = Path(path)
    with written_into_place(path) as partial:
        _pg_run(
            "pg_dump",
            db,
            [
                "--format=custom",
                f"--lock-wait-timeout={WAIT_SECONDS * 1000}",
                f"--file={partial}",
                f"--dbname={db['NAME']}",
            ],
        )


def postgres_restore(db: dict, path: Path) -> None:
    """Replace the app's tables in Django's database with the backup's, all or nothing."""
    path = Path(path)
    check_restorable(path, "postgresql")
    contents = _pg_run("pg_restore", db, ["--list", str(path)])
    if not any(" TABLE " in line and f" {HANDS_TABLE} " in line for line in contents.splitlines()):
        raise BackupError(f"{path} is a PostgreSQL backup, but not a backup of this app.")
    _pg_run(
        "pg_restore",
        db,
        [
            "--clean",
            "--if-exists",
            # The backup's owner and grants may name roles this server does not have.
            "--no-owner",
            "--no-privileges",
            # One transaction, stopping at the first error: a failed restore changes nothing.
            "--single-transaction",
            "--exit-on-error",
            f"--dbname={db['NAME']}",
            str(path),
        ],
    )

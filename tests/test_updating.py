"""Updating the app never loses a club's history, as a director updates it: the hall started
(`python3 euchre.py hall`) on a database an earlier version made.

- A database with migrations still to apply is backed up before they run, and the backup
  restores with `manage.py restore`.
- An earlier version's db.sqlite3, left in the app's folder, is moved to the data folder once,
  with nothing lost.
- `manage.py backup` with no path writes into the data folder and keeps the newest few.
"""

import io
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from django.core.management import call_command
from hallrun import ROOT, Hall, copy_app

FIXTURE = ROOT / "tests" / "fixtures" / "history-v1.sqlite3"
HANDS_IN_FIXTURE = 408


def _count(database: Path, sql: str) -> int:
    with closing(sqlite3.connect(database)) as db:
        return db.execute(sql).fetchone()[0]


def _migrations(database: Path, app: str) -> list[str]:
    with closing(sqlite3.connect(database)) as db:
        rows = db.execute("SELECT name FROM django_migrations WHERE app = ? ORDER BY name", [app])
        return [name for (name,) in rows]


# A tournaments migration that rebuilds the events' table on SQLite (a new column with a
# default): the failing update below makes it fail, and nothing after it may then run.
REBUILDS_EVENTS = "0013_event_form_token"


def _one_step_back(data: Path, *, before: str | None = None) -> tuple[Hall, Path, list[str]]:
    """A hall whose database is the fixture one migration back (or back to just before the
    tournaments' migration `before`): the app is then newer than its database. The hall, its
    database and the tournaments' migrations."""
    data.mkdir()
    database = data / "euchre.sqlite3"
    shutil.copy(FIXTURE, database)
    hall = Hall(ROOT, data)
    latest = sorted(p.stem for p in (ROOT / "tournaments" / "migrations").glob("0*.py"))
    target = latest[latest.index(before) - 1] if before else latest[-2]
    back = hall.manage("migrate", "tournaments", target, "-v", "0")
    assert back.returncode == 0, back.stderr
    return hall, database, latest


def test_a_backup_is_taken_before_migrating_and_restores(tmp_path):
    data = tmp_path / "data"
    hall, database, latest = _one_step_back(data)
    assert latest[-1] not in _migrations(database, "tournaments")

    hall.start()
    hall.interrupt()
    made = sorted((data / "backups").glob("before-update-*.sqlite3"))
    assert len(made) == 1, hall.output
    assert f"before updating it, a backup: {made[0]}" in hall.output
    assert latest[-1] in _migrations(database, "tournaments")  # then it migrated
    assert _count(database, "SELECT count(*) FROM tournaments_hand") == HANDS_IN_FIXTURE

    # The backup is the database as it was before the update, and restores.
    restored = tmp_path / "restored.sqlite3"
    result = hall.manage("restore", str(made[0]), SQLITE_PATH=str(restored))
    assert result.returncode == 0, result.stderr
    assert latest[-1] not in _migrations(restored, "tournaments")
    assert _count(restored, "SELECT count(*) FROM tournaments_hand") == HANDS_IN_FIXTURE

    # Started again, with nothing left to migrate: no second backup.
    hall.start()
    hall.interrupt()
    assert len(list((data / "backups").glob("before-update-*"))) == 1


def test_a_migration_that_fails_leaves_the_database_as_it_was_and_says_how_to_restore(
    tmp_path,
):
    data = tmp_path / "data"
    hall, database, latest = _one_step_back(data, before=REBUILDS_EVENTS)
    # Every other app's migrations too (the clubs' own), so the tournaments' are the ones
    # left to run (and those of the apps above them, such as the brackets').
    assert hall.manage("migrate", "clubs", "-v", "0").returncode == 0
    # Something that migration does not expect: on SQLite it rebuilds the events' table under
    # the name new__tournaments_event, and a table of that name is already there.
    with closing(sqlite3.connect(database)) as db:
        db.execute("CREATE TABLE new__tournaments_event (id integer)")
        db.commit()
        columns = list(db.execute("PRAGMA table_info(tournaments_event)"))
    before = _count(database, "SELECT count(*) FROM django_migrations")

    result = hall.manage("serve", HALL="true")
    assert result.returncode == 1
    made = sorted((data / "backups").glob("before-update-*.sqlite3"))
    assert len(made) == 1
    assert "Updating the club's database failed:" in result.stderr
    assert f'manage restore "{made[0]}" --force' in result.stderr
    # The failed migration left nothing behind; the hands are all there.
    assert _count(database, "SELECT count(*) FROM django_migrations") == before
    assert REBUILDS_EVENTS not in _migrations(database, "tournaments")
    assert latest[-1] not in _migrations(database, "tournaments")
    with closing(sqlite3.connect(database)) as db:
        assert list(db.execute("PRAGMA table_info(tournaments_event)")) == columns
    assert _count(database, "SELECT count(*) FROM tournaments_hand") == HANDS_IN_FIXTURE


def test_an_earlier_versions_database_in_the_app_folder_moves_to_the_data_folder(tmp_path):
    folder = copy_app(tmp_path / "euchre-scores")
    shutil.copy(FIXTURE, folder / "db.sqlite3")
    data = tmp_path / "data"
    hall = Hall(folder, data).start()
    hall.interrupt()
    moved = data / "euchre.sqlite3"
    assert f"The club's database has moved from the app's folder to {moved}" in hall.output
    assert not (folder / "db.sqlite3").exists()
    assert _count(moved, "SELECT count(*) FROM tournaments_hand") == HANDS_IN_FIXTURE
    assert _count(moved, "SELECT count(*) FROM clubs_club") == 2
    assert _count(moved, "SELECT count(*) FROM tournaments_historicalhand") > 0

    # An older copy turning up later is never merged or overwritten: the app says how to use it.
    shutil.copy(FIXTURE, folder / "db.sqlite3")
    hall.start()
    hall.interrupt()
    assert "An older copy of the club's database is still in the app's folder" in hall.output
    assert "manage restore" in hall.output
    assert (folder / "db.sqlite3").exists()


@pytest.mark.django_db
def test_backup_with_no_path_writes_to_the_data_folder_and_keeps_the_newest(tmp_path, settings):
    settings.DATA_DIR = tmp_path
    folder = tmp_path / "backups"
    folder.mkdir()
    older = ["euchre-20261101-200000.sqlite3", "euchre-20261102-200000.sqlite3"]
    for name in older:
        (folder / name).write_bytes(b"an older backup")
    (folder / "before-update-20261101-190000.sqlite3").write_bytes(b"kept apart")
    out = io.StringIO()
    call_command("backup", keep=2, stdout=out)
    names = sorted(p.name for p in folder.iterdir())
    assert len(names) == 3, names
    assert names[0] == "before-update-20261101-190000.sqlite3"
    assert names[1] == older[1]
    assert names[2].startswith("euchre-2") and names[2] not in older
    assert f"Backup written to {folder / names[2]}" in out.getvalue()

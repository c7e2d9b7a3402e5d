"""Backups taken while a night is in play (`manage.py backup`, `manage.py restore`), on the
suite's database (SQLite, then PostgreSQL): a backup taken while eight phones enter hands holds
every hand acknowledged before it started, and restored into an empty database gives the same
standings; and each wrong path, file or setup is refused in plain words, with nothing written.

The restored database is read by `manage.py` in its own process, pointed at it by the same
environment variables a club would set, so it is the app itself that reads it back.
"""

import io
import json
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import quote

import pytest
from conftest import at_once
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test import Client
from django.urls import reverse
from test_captain_concurrency import HANDS

from clubs.models import Player
from config import backups
from tournaments import services
from tournaments.models import Event, Hand

ROOT = Path(__file__).resolve().parent.parent
PHONES = 8
HANDS_PER_TABLE = 40  # the most an event allows: far more than play needs before the backup
BACKUP_AFTER = 2 * PHONES  # hands acknowledged before the backup starts
HANDS_AFTER = 3  # hands each phone enters once the backup is done

# The night as the app reads it from a database: every hand with its points, and the standings
# from tournaments/standings.py. Printed as JSON so two databases compare as plain values.
NIGHT = """
import json
from tournaments.models import Event, Hand
from tournaments.standings import event_standings
lines = event_standings(Event.objects.get()).players
print(json.dumps({
    "hands": sorted(Hand.objects.values_list("table_id", "number", "ns_points", "ew_points")),
    "standings": [
        [line.place, line.name, str(line.total),
         sorted((n, str(p)) for n, p in line.rounds.items()), line.lone_made, line.euchred]
        for line in lines
    ],
}))
"""


def database_env(name: str) -> dict:
    """The environment pointing manage.py at the database `name` of the suite's engine."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SQLITE_PATH")}
    if connection.vendor == "sqlite":
        env["SQLITE_PATH"] = name
    else:
        db = connection.settings_dict
        login = quote(db["USER"]) + (f":{quote(db['PASSWORD'])}" if db["PASSWORD"] else "")
        env["DATABASE_URL"] = f"postgres://{login}@{db['HOST']}:{db['PORT']}/{name}"
    return env


def manage(*args: str, env: dict, ok: bool = True) -> str:
    """Run manage.py in its own process; its output, or its error when `ok` is False."""
    result = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert (result.returncode == 0) == ok, result.stderr
    return result.stdout if ok else result.stderr


def night(database: str) -> dict:
    return json.loads(manage("shell", "-v", "0", "-c", NIGHT, env=database_env(database)))


@pytest.fixture
def empty_database(tmp_path):
    """A second, empty database beside the suite's: a file, or a database on the same server."""
    if connection.vendor == "sqlite":
        yield str(tmp_path / "restored.sqlite3")
        return
    name = f"euchre_restored_{os.getpid()}"
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}"')
        cursor.execute(f'CREATE DATABASE "{name}"')
    yield name
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def tables(club, players):
    """A night of eight tables, long rounds, so phones keep entering hands across a backup."""
    event = Event.objects.create(
        club=club,
        name="Tuesday progressive",
        date="2026-11-24",
        rounds_planned=4,
        round_end=Event.RoundEnd.HANDS,
        hands_per_round=HANDS_PER_TABLE,
    )
    more = [Player.objects.create(club=club, name=f"Late Comer {i}") for i in range(1, 9)]
    services.entries_add(event=event, players=players + more)  # 32 players: eight tables
    return list(services.round_seat(event=event, seed=3).tables.order_by("number"))


def hand_url(table) -> str:
    return reverse("tournaments:captain-hand", args=[table.card().token]) + f"?table={table.pk}"


@pytest.mark.django_db(transaction=True)
def test_backup_during_play_holds_every_acknowledged_hand_and_restores_the_standings(
    tables, tmp_path, empty_database
):
    path = tmp_path / "night.backup"
    lock = threading.Lock()
    acknowledged: list[tuple[int, int]] = []
    before_backup: set[tuple[int, int]] = set()
    play_under_way, backup_done = threading.Event(), threading.Event()

    def phone(table):
        def job():
            captain, url, after = Client(), hand_url(table), 0
            for number in range(1, HANDS_PER_TABLE + 1):
                data = {"number": number, "action": "confirm", **HANDS[number % len(HANDS)]}
                response = captain.post(url, data)
                assert response.status_code == 302, (table.number, number, response)
                with lock:  # the captain has the answer: this hand is acknowledged
                    acknowledged.append((table.pk, number))
                    if len(acknowledged) >= BACKUP_AFTER:
                        play_under_way.set()
                if backup_done.is_set():
                    after += 1
                    if after == HANDS_AFTER:
                        break
            return after

        return job

    def take_backup():
        assert play_under_way.wait(timeout=60), "no hand was acknowledged"
        with lock:
            before_backup.update(acknowledged)
        try:
            call_command("backup", str(path), stdout=io.StringIO())
        finally:
            backup_done.set()
        return "backed up"

    results = at_once([phone(table) for table in tables] + [take_backup])
    # Every phone went on entering hands after the backup: it was taken in the middle of play.
    assert results == [HANDS_AFTER] * PHONES + ["backed up"], results
    assert len(before_backup) >= BACKUP_AFTER

    manage("restore", str(path), env=database_env(empty_database))
    restored = night(empty_database)
    held = {(table_id, number) for table_id, number, *_ in restored["hands"]}
    assert before_backup <= held, sorted(before_backup - held)
    assert held < set(Hand.objects.values_list("table_id", "number"))
    for table in tables:  # one moment of the night: each table's hands up to some hand
        numbers = sorted(number for table_id, number in held if table_id == table.pk)
        assert numbers == list(range(1, len(numbers) + 1))

    # The live night as it stood when the backup was taken: the hands entered since, taken back.
    for table in tables:
        last = max((number for table_id, number in held if table_id == table.pk), default=0)
        Hand.objects.filter(table=table, number__gt=last).delete()
    live = night(connection.settings_dict["NAME"])
    assert any(line[2] != "0" for line in live["standings"])
    assert restored == live


@pytest.mark.django_db(transaction=True)
def test_restore_with_force_puts_the_night_back_as_it_was(tables, tmp_path):
    table = tables[0]
    Client().post(hand_url(table), {"number": 1, "action": "confirm", **HANDS[0]})
    path = tmp_path / "night.backup"
    call_command("backup", str(path), stdout=io.StringIO())
    Client().post(hand_url(table), {"number": 2, "action": "confirm", **HANDS[1]})

    with pytest.raises(CommandError, match="already holds 1 club and 2 hands.*--force"):
        call_command("restore", str(path))
    assert Hand.objects.count() == 2  # refused: nothing changed

    out = io.StringIO()
    call_command("restore", str(path), "--force", stdout=out)
    assert "the database now holds 1 club and 1 hand" in out.getvalue()
    assert list(Hand.objects.values_list("table_id", "number")) == [(table.pk, 1)]


# --- Refusals ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_restore_refuses_a_missing_file(tmp_path):
    with pytest.raises(CommandError, match="No backup at .*nightly.backup: check the path"):
        call_command("restore", str(tmp_path / "nightly.backup"))


@pytest.mark.django_db
def test_restore_refuses_a_file_that_is_not_a_backup(tmp_path):
    path = tmp_path / "standings.csv"
    path.write_text("Place,Player,Total\n1,Ada Baker,42\n")
    with pytest.raises(CommandError, match="not a backup made by `manage.py backup`"):
        call_command("restore", str(path), "--force")


@pytest.mark.django_db
def test_restore_refuses_the_other_databases_kind_of_backup(tmp_path):
    path = tmp_path / "other.backup"
    if connection.vendor == "sqlite":
        path.write_bytes(b"PGDMP\x01\x0f\x00" + bytes(64))
        expected = "is a PostgreSQL \\(pg_dump\\) backup, and this app runs on SQLite"
    else:
        with sqlite3.connect(path) as other:
            other.execute("CREATE TABLE tournaments_hand (id integer)")
        expected = "is a SQLite backup, and this app runs on PostgreSQL"
    with pytest.raises(CommandError, match=expected):
        call_command("restore", str(path), "--force")


@pytest.mark.django_db
def test_restore_refuses_another_apps_database(tmp_path):
    path = tmp_path / "other-app.backup"
    if connection.vendor == "sqlite":
        with sqlite3.connect(path) as other:
            other.execute("CREATE TABLE invoices (id integer)")
        other.close()
    else:
        # A real pg_dump archive, of the server's own empty maintenance database.
        backups.postgres_backup({**connection.settings_dict, "NAME": "postgres"}, path)
    with pytest.raises(CommandError, match="but not a backup of this app"):
        call_command("restore", str(path), "--force")


@pytest.mark.django_db
def test_restore_refuses_a_database_it_cannot_reach(tmp_path):
    path = tmp_path / "night.backup"
    call_command("backup", str(path), stdout=io.StringIO())
    if connection.vendor == "sqlite":
        missing, expected = str(tmp_path / "gone" / "db.sqlite3"), "its folder does not exist"
    else:
        missing, expected = "no_such_club", 'database "no_such_club" does not exist'
    error = manage("restore", str(path), env=database_env(missing), ok=False)
    assert error.startswith("CommandError: ") and expected in error, error
    assert "Traceback" not in error


@pytest.mark.django_db
@pytest.mark.parametrize(
    "where, message",
    [
        ("no-such-folder/night.backup", "the folder .*no-such-folder does not exist"),
        (".", "is a folder: give the backup a file name"),
        # A folder nobody may write in, root included.
        ("/sys/night.backup", "Cannot write in /sys \\(Permission denied\\)"),
    ],
)
def test_backup_refuses_a_path_it_cannot_write(tmp_path, where, message):
    with pytest.raises(CommandError, match=message):
        call_command("backup", str(tmp_path / where))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.django_db
def test_backup_refuses_to_overwrite_the_live_database():
    if connection.vendor != "sqlite":
        pytest.skip("only SQLite keeps its database in a file of its own")
    live = Path(connection.settings_dict["NAME"])
    with pytest.raises(CommandError, match="is the live database itself"):
        call_command("backup", str(live))
    assert live.exists()


@pytest.mark.django_db
def test_failed_backup_leaves_the_previous_backup_whole(tmp_path):
    path = tmp_path / "night.backup"
    path.write_bytes(b"last night's backup")
    with pytest.raises(backups.BackupError):
        if connection.vendor == "sqlite":
            broken = tmp_path / "broken.sqlite3"
            broken.write_bytes(b"SQLite format 3\x00" + bytes(200))  # a header and no pages
            backups.sqlite_backup(broken, path)
        else:
            backups.postgres_backup({**connection.settings_dict, "NAME": "no_such_club"}, path)
    assert path.read_bytes() == b"last night's backup"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["night.backup"] + (["broken.sqlite3"] if connection.vendor == "sqlite" else [])
    )


@pytest.mark.django_db
def test_backup_without_pg_dump_names_the_debian_package(tmp_path, monkeypatch):
    if connection.vendor != "postgresql":
        pytest.skip("SQLite backups need no pg_dump")
    nowhere = tmp_path / "bin"
    nowhere.mkdir()
    monkeypatch.setenv("PATH", str(nowhere))
    monkeypatch.setattr(backups, "PG_BIN_DIRS", str(nowhere / "postgresql/*/bin"))
    with pytest.raises(CommandError, match="pg_dump is not installed: install Debian's "):
        call_command("backup", str(tmp_path / "night.backup"))
    assert list(tmp_path.iterdir()) == [nowhere]

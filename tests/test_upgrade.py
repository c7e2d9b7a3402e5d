"""Updating the app never loses a club's history: each database an earlier version made, kept in
tests/fixtures/ (its README says what they hold), is migrated with today's code and read back by
it, and must still hold what it held then: every event's standings, every table's hands, every
hand's versions, item by item as its manifest lists them.

On SQLite a copy of the fixture is migrated where it lies. On PostgreSQL (the suite's second
pass: bin/with-postgres sets DATABASE_URL) it is loaded the same way into a scratch database on
that server: migrated to the fixture's own migrations, every row copied across, then migrated
forward.

Each database is migrated by manage.py and read by tests/fixtures/manifest.py in their own
processes, pointed at it by the variables a club sets, never through pytest-django's test
database.
"""

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
SHIPPED = sorted(FIXTURES.glob("*.sqlite3"))
ON_POSTGRES = os.getenv("DATABASE_URL", "")

each_fixture = pytest.mark.parametrize("fixture", SHIPPED, ids=[p.stem for p in SHIPPED])


def described(fixture: Path) -> dict:
    return json.loads(fixture.with_suffix(".json").read_text())


def environment(tmp_path: Path, **database: str) -> dict:
    """The environment of a club's app pointed at one database (SQLITE_PATH or DATABASE_URL),
    with its data folder in tmp_path, so nothing is written where a real club keeps its own."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SQLITE_PATH")}
    return {**env, "DATA_DIR": str(tmp_path / "data"), **database}


def run(*args: str, env: dict) -> str:
    result = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, f"{' '.join(args)} failed:\n{result.stdout}\n{result.stderr}"
    return result.stdout


def read_manifest(env: dict, tmp_path: Path) -> dict:
    out = tmp_path / f"manifest-{uuid.uuid4().hex}.json"
    run(str(FIXTURES / "manifest.py"), str(out), env=env)
    return json.loads(out.read_text())


def differences(expected, found, path: str = "") -> list[str]:
    """Every item that differs, by where it is: "clubs/maple-grove/events/.../by_hand/3/ns"."""
    if isinstance(expected, dict) and isinstance(found, dict):
        lines = []
        for key in expected.keys() | found.keys():
            where = f"{path}/{key}"
            if key not in found:
                lines.append(f"{where}: missing (was {json.dumps(expected[key])[:120]})")
            elif key not in expected:
                lines.append(f"{where}: new ({json.dumps(found[key])[:120]})")
            else:
                lines += differences(expected[key], found[key], where)
        return sorted(lines)
    if isinstance(expected, list) and isinstance(found, list) and len(expected) == len(found):
        return [
            line
            for index, (was, now) in enumerate(zip(expected, found, strict=True))
            for line in differences(was, now, f"{path}[{index}]")
        ]
    if expected != found:
        return [f"{path}: was {json.dumps(expected)}, now {json.dumps(found)}"]
    return []


def as_ranked_today(manifest: dict) -> dict:
    """The manifest with the ranking rules changed on purpose since it was made applied to the
    figures it recorded then, so the test still checks that every row survived, not that an old
    rule lives on. Each change is derived from the manifest's own figures, never typed in:

    - A pairs night's players take their partnership's place (partners play every hand together,
      so their own totals never ranked them apart)."""
    manifest = json.loads(json.dumps(manifest))
    for club in manifest["clubs"].values():
        for event in club["events"].values():
            if "teams" not in event:
                continue
            place_of = {
                name: place for place, team, *_ in event["teams"] for name in team.split(" & ")
            }
            event["standings"] = [
                [place_of.get(name, place), name, total]
                for place, name, total in event["standings"]
            ]
    return manifest


def assert_same_history(expected: dict, found: dict) -> None:
    lines = differences(as_ranked_today(expected), found)
    shown = "\n".join(lines[:40]) + (f"\n... and {len(lines) - 40} more" if len(lines) > 40 else "")
    assert not lines, f"{len(lines)} items of the manifest changed:\n{shown}"


# --- The fixtures themselves ------------------------------------------------------------------


def test_a_fixture_of_this_version_is_shipped():
    assert "history-v1" in [p.stem for p in SHIPPED]


def test_every_manifest_has_its_fixture():
    for manifest in FIXTURES.glob("*.json"):
        assert manifest.with_suffix(".sqlite3").exists(), f"{manifest.name} has no database"


@each_fixture
def test_a_shipped_fixture_is_described_and_never_changed(fixture):
    info = described(fixture)
    assert info["fixture"] == fixture.name
    # Rebuilt or opened by the app (which turns on WAL), it no longer stands for the databases
    # clubs have: add a newer fixture beside it instead (tests/fixtures/README.md).
    assert hashlib.sha256(fixture.read_bytes()).hexdigest() == info["sqlite_sha256"]
    # One file: a rollback journal (1, 1 at offset 18), not WAL, whose rows may sit beside it.
    assert fixture.read_bytes()[18:20] == b"\x01\x01"
    assert len(info["built"]["commit"]) == 40 and info["built"]["command"]
    db = sqlite3.connect(f"file:{fixture}?mode=ro&immutable=1", uri=True)
    try:
        applied = db.execute("SELECT app, name FROM django_migrations ORDER BY id").fetchall()
    finally:
        db.close()
    assert [list(m) for m in applied] == info["migrations"]
    clubs = info["manifest"]["clubs"]
    assert clubs and all(club["events"] for club in clubs.values())


# --- Migrated with today's code -----------------------------------------------------------------


@each_fixture
def test_sqlite_database_of_an_earlier_version_keeps_its_history_once_migrated(fixture, tmp_path):
    copy = tmp_path / fixture.name
    shutil.copyfile(fixture, copy)
    env = environment(tmp_path, SQLITE_PATH=str(copy))
    run("manage.py", "migrate", "--no-input", env=env)
    assert_same_history(described(fixture)["manifest"], read_manifest(env, tmp_path))


def test_a_changed_hand_or_a_lost_version_is_found(tmp_path):
    """The comparison above can fail: a copy with one hand's points changed and one version
    of another hand gone is reported, item by item."""
    fixture = FIXTURES / "history-v1.sqlite3"
    copy = tmp_path / fixture.name
    shutil.copyfile(fixture, copy)
    db = sqlite3.connect(copy)
    with db:
        db.execute(
            "UPDATE tournaments_hand SET ns_points = ns_points + 1 "
            "WHERE id = (SELECT MIN(id) FROM tournaments_hand)"
        )
        db.execute(
            "DELETE FROM tournaments_historicalhand WHERE history_id = "
            "(SELECT MAX(history_id) FROM tournaments_historicalhand)"
        )
    db.close()
    env = environment(tmp_path, SQLITE_PATH=str(copy))
    run("manage.py", "migrate", "--no-input", env=env)
    found = read_manifest(env, tmp_path)
    lines = differences(described(fixture)["manifest"], found)
    assert any(line.endswith("/by_hand/1/ns: was 0, now 1") for line in lines), lines
    assert any("/by_hand/" in line and "/history: was 2, now 1" in line for line in lines), lines
    assert any("/standings[" in line for line in lines), lines
    with pytest.raises(AssertionError, match="items of the manifest changed"):
        assert_same_history(described(fixture)["manifest"], found)


# --- PostgreSQL: the same rows, loaded the same way --------------------------------------------


@pytest.fixture
def scratch_postgres():
    """A database of its own on the suite's PostgreSQL server, dropped afterwards."""
    import psycopg

    name = f"euchre_upgrade_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(ON_POSTGRES, autocommit=True) as server:
        server.execute(f'CREATE DATABASE "{name}"')
    yield urlsplit(ON_POSTGRES)._replace(path=f"/{name}").geturl()
    with psycopg.connect(ON_POSTGRES, autocommit=True) as server:
        server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


# Migrates to each app's last migration in the fixture, in the order they were applied there.
MIGRATE_TO = """
import json, os
from django.core.management import call_command
for app, name in json.loads(os.environ["MIGRATE_TO"]):
    call_command("migrate", app, name, interactive=False, verbosity=0)
"""


def copy_rows(source: sqlite3.Connection, url: str) -> dict[str, int]:
    """Every row of every table of the SQLite database into the PostgreSQL one, which has the
    same tables (same migrations); returns the rows copied per table."""
    import psycopg
    from psycopg import sql

    tables = [
        name
        for (name,) in source.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' "
            "AND name NOT LIKE 'sqlite_%' AND name != 'django_migrations' ORDER BY name"
        )
    ]
    copied = {}
    # One transaction: Django makes PostgreSQL's foreign keys deferred, checked at the commit,
    # so the tables may be filled in any order.
    with psycopg.connect(url) as pg:
        pg.execute("SET TIME ZONE 'UTC'")  # SQLite's times are UTC, written without a zone
        columns = pg.execute(
            "SELECT table_name, column_name, data_type, is_identity, column_default "
            "FROM information_schema.columns WHERE table_schema = 'public'"
        ).fetchall()
        assert {c[0] for c in columns} - {"django_migrations"} == set(tables)
        # What migrate wrote by itself (content types, permissions) gives way to the fixture's.
        pg.execute(sql.SQL("TRUNCATE {}").format(sql.SQL(", ").join(map(sql.Identifier, tables))))
        booleans = {(t, c) for t, c, kind, *_ in columns if kind == "boolean"}
        for table in tables:
            cursor = source.execute(f'SELECT * FROM "{table}"')
            names = [d[0] for d in cursor.description]
            # SQLite keeps booleans as 0 and 1; everything else goes as SQLite holds it (dates
            # and JSON as text), for PostgreSQL to read as the column's type.
            rows = [
                [
                    bool(value) if value is not None and (table, name) in booleans else value
                    for name, value in zip(names, row, strict=True)
                ]
                for row in cursor
            ]
            if rows:
                insert = sql.SQL("INSERT INTO {} ({}) VALUES ({})").format(
                    sql.Identifier(table),
                    sql.SQL(", ").join(map(sql.Identifier, names)),
                    sql.SQL(", ").join(sql.Placeholder() * len(names)),
                )
                with pg.cursor() as cursor_pg:
                    cursor_pg.executemany(insert, rows)
            copied[table] = len(rows)
        # The next id of every table follows the rows copied in, as after the app's own inserts.
        for table, column, _, identity, default in columns:
            if table in copied and (identity == "YES" or (default or "").startswith("nextval")):
                pg.execute(
                    sql.SQL(
                        "SELECT setval(pg_get_serial_sequence(%s, %s), COALESCE(MAX({}), 0) + 1, "
                        "false) FROM {}"
                    ).format(sql.Identifier(column), sql.Identifier(table)),
                    [table, column],
                )
    return copied


@pytest.mark.every_database
@pytest.mark.skipif(
    not ON_POSTGRES, reason="PostgreSQL: the suite's second pass sets DATABASE_URL (bin/test)"
)
@each_fixture
def test_postgresql_database_of_an_earlier_version_keeps_its_history_once_migrated(
    fixture, tmp_path, scratch_postgres
):
    import psycopg

    copy = tmp_path / fixture.name
    shutil.copyfile(fixture, copy)
    source = sqlite3.connect(f"file:{copy}?mode=ro", uri=True)
    applied = source.execute("SELECT app, name FROM django_migrations ORDER BY id").fetchall()
    env = environment(tmp_path, DATABASE_URL=scratch_postgres)

    last = dict(applied)  # each app's last applied migration, in the order first applied
    targets = json.dumps(list(last.items()))
    run("manage.py", "shell", "-c", MIGRATE_TO, env={**env, "MIGRATE_TO": targets})
    with psycopg.connect(scratch_postgres) as pg:
        here = pg.execute("SELECT app, name FROM django_migrations").fetchall()
    assert sorted(here) == sorted(applied), "not migrated to the fixture's own migrations"

    copied = copy_rows(source, scratch_postgres)
    source.close()
    rows = described(fixture)["rows"]
    assert copied == {t: n for t, n in rows.items() if t != "django_migrations"}

    run("manage.py", "migrate", "--no-input", env=env)
    assert_same_history(described(fixture)["manifest"], read_manifest(env, tmp_path))

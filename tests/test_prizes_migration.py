"""Updating moves each event's prize table settings to the night's money (issue 42): the
shipped database of an earlier version (tests/fixtures/history-v1.sqlite3: its Thursday night
had a $5 entry fee, a 10% house share, 60/40 and a $2.50 prize for most loners) is migrated by
manage.py, as test_upgrade.py does, and its NightMoney read back."""

import shutil
import sqlite3

from test_upgrade import FIXTURES, environment, run


def test_an_events_prize_table_becomes_its_nights_money(tmp_path):
    copy = tmp_path / "history-v1.sqlite3"
    shutil.copyfile(FIXTURES / "history-v1.sqlite3", copy)
    env = environment(tmp_path, SQLITE_PATH=str(copy))
    run("manage.py", "migrate", "--no-input", env=env)
    db = sqlite3.connect(copy)
    try:
        db.row_factory = sqlite3.Row
        rows = db.execute(
            "SELECT e.name, m.* FROM money_nightmoney m JOIN tournaments_event e "
            "ON e.id = m.event_id ORDER BY e.id"
        ).fetchall()
        events = db.execute("SELECT count(*) FROM tournaments_event").fetchone()[0]
        columns = [r[1] for r in db.execute("PRAGMA table_info(tournaments_event)")]
    finally:
        db.close()
    # Only the event that had a prize table; the old table's terms, in cents, paid as before:
    # every player in the standings paid the fee (the door not kept), one tier of places.
    assert events > 1 and [r["name"] for r in rows] == ["Thursday Night Euchre"]
    (money,) = rows
    expected = {
        "door_kept": 0,
        "entry_fee": 500,
        "club_percent": 10,
        "club_share_for": "expenses",
        "places_paid": "60/40",
        "small_under": 0,
        "prize_most_loners": 250,
        "prize_best_round": 0,
        "prize_booby": 0,
        "show_prizes": 0,
    }
    assert {key: money[key] for key in expected} == expected
    # And the event keeps none of the old fields.
    for gone in ("entry_fee", "house_percent", "places_paid", "prize_booby", "prizes_public"):
        assert gone not in columns

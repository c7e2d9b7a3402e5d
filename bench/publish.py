"""Time publishing a 400-player night: the laptop's snapshot, and the club's server applying it.

    bin/with-postgres .venv/bin/python bench/publish.py                # both parts, PostgreSQL
    .venv/bin/python bench/publish.py --apply-only                     # SQLite, throwaway
    bin/with-postgres .venv/bin/python bench/publish.py --apply-only   # PostgreSQL, as a server

The first part (`--apply-only`): builds, in a throwaway database (not
timed), a night of 400 players (names as varied as a real club's) at 100 tables, 12 rounds of
8 hands (9,600 hands), every round closed, as bench/standings.py builds it. Then prints:

- the laptop's snapshot of it (publishing.snapshot.event_snapshot with club_snapshot), and
  its size as JSON, plain and gzip-compressed (what the sender posts);
- the server applying it in-process (publishing.snapshot.apply, one transaction): first as a
  new night (its players made), then again after a correction (the round it changed
  rewritten, the ratings replayed), then with the night's own fields changed (every round
  rewritten), best of several turns. The players' ratings are
  worked out again in each, by the same code a laptop runs when its rounds close.

The second part is bench/publish_captains.py, run after it in a process of its own (it sets up
its own database and servers): one club's 100 captains on two gunicorn servers sharing one
PostgreSQL, their hands' p50/p99 in slices with and without another club's laptop publishing
the same 400-player night, and the apply's time as served (the signed POST's round trip). Its
options (--quick, --gap N, ...) are passed on.
"""

import argparse
import gzip
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from pages import names  # noqa: E402  (bench/, beside this script)
from standings import build_event  # noqa: E402
from timing import best  # noqa: E402

# bench/ holds a brackets.py too: out of the way of the app's own brackets package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

TURNS = 3


def setup_django() -> str:
    tmp = tempfile.mkdtemp(prefix="euchre-bench-")
    if not os.environ.get("DATABASE_URL"):
        os.environ["SQLITE_PATH"] = str(Path(tmp) / "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    return connection.vendor


def apply_only() -> None:
    vendor = setup_django()
    from django.db import connection

    from clubs.models import Club, Player
    from publishing.models import PublishingKey
    from publishing.snapshot import apply, club_snapshot, event_snapshot
    from ratings.models import PlayerRating
    from tournaments.models import Event, Hand

    rng = random.Random(1887)
    club = Club.objects.create(name="Bench Euchre Club", slug="bench", results_public=True)
    start = time.perf_counter()
    night = build_event(
        club, name="Spring tournament", tables=100, rounds=12, hands=8, rng=rng,
        player_names=names(400),
    )  # fmt: skip
    hands = Hand.objects.filter(table__round__event=night).count()
    print(f"Built on {vendor}: a night of 400 players, {hands:,} hands, in "
          f"{time.perf_counter() - start:.1f} s.")  # fmt: skip

    def snapshot() -> dict:
        return {
            "format": 1,
            "club": club_snapshot(club),
            "events": [event_snapshot(night)],
            "deleted_events": [],
            "club_uid": str(club.uid),
        }

    t_snapshot = best(snapshot, TURNS)
    body = json.dumps(snapshot()).encode()
    packed = gzip.compress(body)
    print(f"Laptop: the snapshot in {t_snapshot * 1000:.0f} ms; {len(body) / 1e6:.1f} MB as "
          f"JSON, {len(packed) / 1e6:.2f} MB gzip-compressed.")  # fmt: skip

    # The server is this same database: the laptop's night and players go, so the apply makes
    # them again, as a server that never saw them would.
    payload = json.loads(gzip.decompress(packed))
    uid = night.uid
    Event.objects.filter(pk=night.pk).delete()
    Player.objects.filter(club=club).delete()
    key = PublishingKey.objects.create(
        club=club, laptop_name="Hall laptop", key_id="bench", secret="s", source_club_uid=club.uid
    )
    start = time.perf_counter()
    summary = apply(key, payload)
    t_first = time.perf_counter() - start
    assert summary["hands"] == hands and Event.objects.filter(uid=uid).count() == 1
    rated = PlayerRating.objects.filter(player__club=club).count()
    assert rated == 400, rated
    # A correction on the laptop: a hand of the last round, 3 tricks made 4 (the same point),
    # published again and again, in turns with the night as it was: one round rewritten each.
    corrected = json.loads(json.dumps(payload))
    hand = next(
        h
        for t in corrected["events"][0]["rounds"][-1]["tables"]
        for h in t["hands"]
        if h["tricks"] in (3, 4) and not h["alone"] and not h["irregularity"]
    )
    hand["tricks"] = 7 - hand["tricks"]
    # The night's own fields changed (its name here; its rules alike): every round rewritten.
    renamed = json.loads(json.dumps(payload))
    renamed["events"][0]["name"] += " (corrected)"
    turns = iter([corrected, payload] * TURNS)
    t_round = best(lambda: apply(key, json.loads(json.dumps(next(turns)))), TURNS)
    turns = iter([renamed, payload] * TURNS)
    t_whole = best(lambda: apply(key, json.loads(json.dumps(next(turns)))), TURNS)
    assert Event.objects.filter(uid=uid).count() == 1
    assert Hand.objects.filter(table__round__event__uid=uid).count() == hands
    print(f"Server ({connection.vendor}), in-process, one transaction each:")
    print(f"  apply a new 400-player night (players made, ratings worked out): {t_first:.2f} s")
    print(f"  apply it again after a correction (its round rewritten, ratings replayed): "
          f"{t_round:.2f} s (best of {TURNS})")  # fmt: skip
    print(f"  apply it again with the night's own fields changed (every round rewritten): "
          f"{t_whole:.2f} s (best of {TURNS})")  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--apply-only", action="store_true", help="only the in-process apply (the first part)"
    )
    args, rest = parser.parse_known_args()
    if args.apply_only:
        apply_only()
        return 0
    # Each part in its own process: each sets Django up on its own database.
    here = Path(__file__).resolve().parent
    first = subprocess.call([sys.executable, str(here / "publish.py"), "--apply-only"], cwd=ROOT)
    second = subprocess.call([sys.executable, str(here / "publish_captains.py"), *rest], cwd=ROOT)
    return first or second


if __name__ == "__main__":
    raise SystemExit(main())

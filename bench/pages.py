"""Server time of every director, captain and public page at a big event, as the roster grows.

    .venv/bin/python bench/pages.py                       # SQLite (a throwaway file)
    bin/with-postgres .venv/bin/python bench/pages.py     # PostgreSQL
    .venv/bin/python bench/pages.py --rosters 200,2000,20000 --runs 5

For each roster size it builds, in the same database (not timed), a club whose roster holds
the event's 400 players plus that many more who are not entered (the players the event page's
"add players" search looks through), and its big event: 400 players at 100 tables, 12 rounds
of 8 hands. Rounds are seated by the app's own service (services.round_seat) and closed by
services.round_close; the hands are written straight to the database, each scored by the
engine (entering 9,600 hands one request at a time would take longer than everything timed
here). Tally cards are printed before round 1, rounds 1-11 are closed and round 12 is in
play, 4 hands in at every table, so the captains' pages open a live table.

Then every page is requested in-process with django.test.Client (server time: middleware,
view, queries, template; no network; what the script built is set aside from the garbage
collector with gc.freeze(), as a server's heap would not hold it), best of --runs or more
(a quick page is asked again for a second at least), the roster sizes in turns (so whatever
else the machine does weighs on each alike), beside the minimal view /health/ timed in the
same run. It prints, per page and roster size: milliseconds, the multiple of /health/, the
queries and the size of the answer; then the ratio of the largest roster to the smallest,
and whether each aim holds:

- captain pages within 10x /health/;
- director pages (HTML) within 100 ms; the PDFs and the CSV are printed beside them as
  downloads, with the time they take;
- no page slower as the roster grows (at most 25% and 2 ms slower, the same number of queries).

The round preview is timed just before round 12 is seated (it needs the last round closed).
On PostgreSQL the tables are analyzed after building, as autovacuum would.
"""

import argparse
import datetime
import gc
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The app's folder first: bench/brackets.py and bench/seasons.py would otherwise stand in for
# the apps of the same names. This script's own folder stays on the path, after it (timing).
sys.path.insert(0, str(ROOT))
from timing import best  # noqa: E402  (bench/, beside this script)

TABLES = 100
ROUNDS = 12
HANDS = 8
HANDS_IN_PLAY = 4  # entered so far at each table of round 12
CAPTAIN_AIM = 10  # times /health/
DIRECTOR_AIM_MS = 100
# Letters that match more than the search lists (50) at every roster size: the sizes then
# compare the search itself, not lists of different lengths ("mar" matched 12 names at 200
# and 50 at 2,000).
SEARCH = "ar"
GROWTH_SLACK = 1.25  # "no slower": within 25% (and 2 ms) of the small roster, noise allowed

# fmt: off
FIRST = [
    "Ada", "Al", "Ann", "Arlene", "Barb", "Ben", "Bud", "Carol", "Cora", "Dale", "Darlene", "Deb",
    "Doug", "Duane", "Earl", "Edna", "Élise", "Floyd", "Gail", "Gary", "Gloria", "Hank", "Harold",
    "Ida", "Jack", "Janice", "Jerry", "Joyce", "Judy", "Kay", "Ken", "Lorraine", "Lyle", "Mae",
    "Marv", "Marlene", "Mary", "Ned", "Norm", "Opal", "Pat", "Pete", "Phyllis", "Ray", "Rich",
    "Rita", "Ron", "Sharon", "Shirley", "Zoë",
]
LAST = [
    "Abbott", "Baker", "Bauer", "Becker", "Brandt", "Brontë", "Carter", "DeWitt", "Dubé", "Dunn",
    "Dykstra", "Evans", "Fischer", "Fox", "Gray", "Halvorsen", "Hanson", "Hart", "Hoffman",
    "Irwin", "Jansen", "Jones", "Kaminski", "Klein", "Kowalski", "Krueger", "Kuehn", "Lindquist",
    "Lowe", "Lutz", "Marsh", "Meyer", "Moss", "Mueller", "Nash", "Nowak", "Nygaard", "Olson",
    "Ostrowski", "Owens", "Petersen", "Price", "Quinn", "Ross", "Schmidt", "Sorensen", "Tate",
    "Upton", "Vance", "Voss", "Wojcik", "Zimmerman",
]
# fmt: on


def names(count: int, *, offset: int = 0) -> list[str]:
    """`count` distinct roster names, as varied as a real club's (accents included)."""
    out = []
    for i in range(offset, offset + count):
        first = FIRST[i % len(FIRST)]
        last = LAST[(i // len(FIRST)) % len(LAST)]
        initial = chr(ord("A") + i // (len(FIRST) * len(LAST)))
        out.append(f"{first} {initial}. {last}")
    return out


@dataclass
class World:
    roster: int
    club: object
    event: object
    director: object
    preview: tuple[float, int, int] = (0.0, 0, 0)  # the round preview's (seconds, queries, bytes)


def seat_and_play(event, rng, *, before_last_round) -> None:
    """Seat every round through the app's services; write each round's hands (scored by the
    engine) straight to the database, then close it; leave the last round in play.
    `before_last_round()` runs once, between rounds 11 and 12."""
    import scoring
    from tournaments import services
    from tournaments.management.commands.load_demo import deal
    from tournaments.models import Hand

    rules = event.ruleset()
    for number in range(1, ROUNDS + 1):
        if number == ROUNDS:
            before_last_round()
        round_ = services.round_seat(event=event)
        count = HANDS if number < ROUNDS else HANDS_IN_PLAY
        hands = []
        for table in round_.tables.all():
            for n in range(1, count + 1):
                hand = Hand(table=table, number=n, dealer="NESW"[(n - 1) % 4])
                for name, value in deal(rng, rules).items():
                    setattr(hand, name, value)
                hand.apply_score(scoring.score_hand(hand.to_engine_hand(), rules))
                hands.append(hand)
        Hand.objects.bulk_create(hands, batch_size=2000)
        if number < ROUNDS:
            numbers = set(round_.tables.values_list("number", flat=True))
            services.round_close(round=round_, unconfirmed_ok=numbers)


def build(roster: int, user_model, rng, runs: int) -> World:
    from django.urls import reverse

    from clubs.models import Club, ClubDirector, Player
    from tournaments import services
    from tournaments.models import Event
    from tournaments.printouts import data

    club = Club.objects.create(name=f"Big Roster Club {roster}", slug=f"big-{roster}")
    director = user_model.objects.create_user(f"director{roster}", password="bench-pass-123")
    ClubDirector.objects.create(club=club, user=director)
    entrants = Player.objects.bulk_create(
        Player(club=club, name=name) for name in names(TABLES * 4)
    )
    Player.objects.bulk_create(
        Player(club=club, name=name) for name in names(roster, offset=TABLES * 4)
    )
    event = Event.objects.create(
        club=club,
        name="Spring tournament",
        date=datetime.date(2026, 4, 18),
        rounds_planned=ROUNDS,
        hands_per_round=HANDS,
    )
    services.entries_add(event=event, players=entrants)
    # Tally cards are printed before round 1, as a director does: from then on the event page
    # checks on every load whose printed route the night has changed.
    cards = data.tally_cards(event, services.night_plan(event=event))
    services.tally_print_record(event=event, routes={c.player_id: c.route() for c in cards})
    world = World(roster, club, event, director)

    def time_preview():
        # The preview is shown only between rounds: timed after round 11, before round 12.
        url = reverse("tournaments:round-preview", args=[event.pk])
        world.preview = measure(client_for(director), url, {}, runs)

    seat_and_play(event, rng, before_last_round=time_preview)
    return world


def client_for(user=None):
    from django.test import Client

    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def first_look(client, url: str, headers: dict) -> tuple[int, int]:
    """(queries, bytes) of one page, asked once."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers=headers)
    assert response.status_code == 200, (url, response.status_code)
    size = len(b"".join(response) if response.streaming else response.content)
    return len(queries), size


def measure(client, url: str, headers: dict, runs: int) -> tuple[float, int, int]:
    """(best seconds, queries, bytes) of one page."""
    count, size = first_look(client, url, headers)
    return best(lambda: client.get(url, headers=headers), runs), count, size


def side_by_side(asks: list, runs: int, *, at_least: float = 1.0) -> list[float]:
    """Best of `runs` or more for each of `asks`, taken in turns (A, B, A, B...), so that
    whatever else the machine does at the moment weighs on every roster size alike. A quick
    page is asked again until `at_least` seconds have gone by (at most 20 times `runs`): the
    best of many is steadier than the best of a few on a busy machine."""
    times = [[] for _ in asks]
    start_all = time.perf_counter()
    while len(times[0]) < runs or (
        time.perf_counter() - start_all < at_least and len(times[0]) < 20 * runs
    ):
        for ask, spent in zip(asks, times, strict=True):
            start = time.perf_counter()
            ask()
            spent.append(time.perf_counter() - start)
    return [min(spent) for spent in times]


def pages(world: World) -> list[tuple[str, str, str, dict]]:
    """(group, page, url, headers) for every GET page a director, captain or player opens."""
    from django.urls import reverse

    from tournaments.models import Hand, TableCard

    event, club = world.event, world.club
    round_ = event.rounds.get(number=ROUNDS)
    closed = event.rounds.get(number=ROUNDS - 1)
    table = round_.tables.get(number=1)
    hand = Hand.objects.filter(table=table).order_by("number").first()
    player = table.captain
    card = TableCard.objects.get(club=club, number=1)
    htmx = {"HX-Request": "true"}
    find = f"?find={SEARCH}"

    def at(name, *args, query=""):
        return reverse(name, args=args) + query

    t, d, c, p, dl = "tournaments", "director", "captain", "public", "download"
    return [
        (d, "event page", at(f"{t}:event-detail", event.pk), {}),
        (d, f"event page, search '{SEARCH}'", at(f"{t}:event-detail", event.pk, query=find), {}),
        (d, "  its htmx part (search)", at(f"{t}:event-detail", event.pk, query=find), htmx),
        (d, "event settings", at(f"{t}:event-edit", event.pk), {}),
        (d, "round in play", at(f"{t}:round-detail", round_.pk), {}),
        (d, "  its htmx part (tables)", at(f"{t}:round-detail", round_.pk), htmx),
        (d, "closed round", at(f"{t}:round-detail", closed.pk), {}),
        (d, "table", at(f"{t}:table-detail", table.pk), {}),
        (d, "table history", at(f"{t}:table-history", table.pk), {}),
        (d, "hand correction", at(f"{t}:hand-correct", hand.pk), {}),
        (d, "standings", at(f"{t}:standings", event.pk), {}),
        (d, "standings projector", at(f"{t}:standings-projector", event.pk), {}),
        (d, "player's night", at(f"{t}:player-night", event.pk, player.pk), {}),
        (d, "season standings", at("seasons:standings", club.slug), {}),
        (d, "club page", at("clubs:club-detail", club.slug), {}),
        (
            d,
            "club page, last roster page",
            at("clubs:club-detail", club.slug, query="?page=9999"),
            {},
        ),
        (d, "club settings", at("clubs:club-settings", club.slug), {}),
        (dl, "standings CSV", at(f"{t}:standings-csv", event.pk), {}),
        (dl, "standings PDF", at(f"{t}:printout-standings", event.pk), {}),
        (dl, "score sheets PDF", at(f"{t}:printout-sheets", event.pk), {}),
        (dl, "tally cards PDF", at(f"{t}:printout-tally", event.pk), {}),
        (dl, "table cards PDF", at(f"{t}:printout-table-cards", club.slug), {}),
        (c, "code entry /t/", at(f"{t}:captain-code"), {}),
        (c, "table page", at(f"{t}:captain-table", card.token), {}),
        (c, "fix a hand", at(f"{t}:captain-fix", card.token, query="?hand=1"), {}),
        (p, "club", at("public:club", club.slug), {}),
        (p, "event", at("public:event", club.slug, event.pk), {}),
        (p, "player", at("public:player", club.slug, event.pk, player.pk), {}),
        (p, "projector", at("public:projector", club.slug, event.pk), {}),
    ]


def setup_django() -> str:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if not os.environ.get("DATABASE_URL"):
        folder = tempfile.mkdtemp(prefix="euchre-bench-")
        os.environ["SQLITE_PATH"] = str(Path(folder) / "bench.sqlite3")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    # The test client's host; the real hasher is slow on purpose and only logins use it.
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    call_command("migrate", verbosity=0)
    from django.db import connection

    return connection.vendor


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rosters", default="200,2000", help="players not entered, e.g. 200,2000")
    parser.add_argument("--runs", type=int, default=7, help="best of this many requests a page")
    args = parser.parse_args()
    rosters = [int(n) for n in args.rosters.split(",")]
    vendor = setup_django()

    from django.contrib.auth import get_user_model

    rng = random.Random(1887)
    worlds = []
    for roster in rosters:
        start = time.perf_counter()
        worlds.append(build(roster, get_user_model(), rng, args.runs))
        print(
            f"Built roster {roster:,} (+{TABLES * 4} entered): {ROUNDS} rounds, "
            f"{TABLES} tables, in {time.perf_counter() - start:.0f} s",
            flush=True,
        )

    # What this script built (the worlds, thousands of model instances it keeps) is no part of
    # a server's heap, but Python's garbage collector would scan it again and again during the
    # timed requests: set aside, as a server process that loads its code first does.
    gc.collect()
    gc.freeze()
    if vendor == "postgresql":
        from django.db import connection

        # A server's autovacuum gathers the planner's statistics soon after a bulk load; without
        # them PostgreSQL guesses one row per table and picks nested loops (8 ms for a search
        # that takes 0.4 ms once it knows the tables' sizes).
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    health_client = client_for()
    health = statistics.median(
        best(lambda: health_client.get("/health/"), args.runs * 5) for _ in range(3)
    )
    results: dict[str, list] = {}
    groups: dict[str, str] = {}
    clients = [(client_for(w.director), client_for()) for w in worlds]
    for at_each in zip(*(pages(w) for w in worlds), strict=True):
        group, name = at_each[0][:2]
        asks, looks = [], []
        for (_, _, url, headers), (director, public) in zip(at_each, clients, strict=True):
            client = director if group in ("director", "download") else public
            looks.append(first_look(client, url, headers))
            asks.append(lambda c=client, u=url, h=headers: c.get(u, headers=h))
        times = side_by_side(asks, args.runs)
        results[name] = [(t, *look) for t, look in zip(times, looks, strict=True)]
        groups[name] = group
    results["round preview"] = [w.preview for w in worlds]
    groups["round preview"] = "director"
    health_again = best(lambda: health_client.get("/health/"), args.runs * 5)

    print(
        f"\n{vendor}: /health/ {health * 1000:.2f} ms (again at the end: "
        f"{health_again * 1000:.2f} ms); best of {args.runs} or more, roster sizes in turns; "
        "roster = players not entered"
    )
    head = "".join(f" | roster {r:>6,}: ms   ×health  q    KB" for r in rosters)
    print(f"{'page':<30}{head} | ratio")
    failures = []
    order = ["director", "download", "captain", "public"]
    for group in order:
        print(f"-- {group}")
        for name, cells in results.items():
            if groups[name] != group:
                continue
            row = f"{name:<30}"
            for seconds, queries, size in cells:
                row += f" | {seconds * 1000:20.1f} {seconds / health:8.1f} {queries:3d}"
                row += f" {size / 1024:5.0f}"
            (t_small, q_small, _), (t_big, q_big, _) = cells[0], cells[-1]
            ratio = t_big / t_small
            notes = []
            if t_big > t_small * GROWTH_SLACK and t_big - t_small > 0.002 or q_big != q_small:
                notes.append("SLOWER WITH ROSTER")
            if group == "captain" and t_big / health > CAPTAIN_AIM:
                notes.append(f"over {CAPTAIN_AIM}x")
            if group == "director" and t_big * 1000 > DIRECTOR_AIM_MS:
                notes.append(f"over {DIRECTOR_AIM_MS} ms")
            failures += [f"{name}: {n}" for n in notes]
            print(f"{row} | {ratio:5.2f} {' '.join(notes)}")
    print()
    print(f"Aim: captain pages within {CAPTAIN_AIM}x /health/: ", end="")
    print("holds" if not [f for f in failures if f"{CAPTAIN_AIM}x" in f] else "MISSED")
    print(f"Aim: director pages within {DIRECTOR_AIM_MS} ms: ", end="")
    print("holds" if not [f for f in failures if f"{DIRECTOR_AIM_MS} ms" in f] else "MISSED")
    print("Aim: no page slower as the roster grows: ", end="")
    print("holds" if not [f for f in failures if "ROSTER" in f] else "MISSED")
    for failure in failures:
        print(f"  missed: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

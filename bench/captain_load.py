"""100 table captains entering hands at once, against the app on loopback under each server it
runs on: gunicorn (Linux servers) and waitress (the hall and the demo, `manage.py serve`).

    .venv/bin/python bench/captain_load.py              # SQLite, then PostgreSQL
    .venv/bin/python bench/captain_load.py --only sqlite

For each database: a scratch database gets a club of 400 players and two events of 100 tables
(one round each, fixed hands) for each server, the server serves the app on a free loopback
port, and a small asyncio load script plays 100 captains. It prints, in one run:

- the minimal view (`/health/`, Django with no work) under the same 100 clients: requests/s;
- full speed: every captain confirms its hands back to back (closed loop, 100 in flight):
  hands/s, p50/p99 latency, errors, and hands/s as a share of the minimal view's rate. The
  two are measured in turns (a burst of /health/, a slice of 6 hands a table, and again,
  four times), after both were warmed alike, and each prints its median: a cold /health/
  timed once at the start ran at half its warm rate and flattered the share;
- a steady pace: captains confirm at half the full-speed rate, spread out as at a real
  night (open loop): p50/p99 latency and errors, the figure a captain feels;
- a check that the database holds exactly the hands that were acknowledged (302 responses),
  numbered 1..n at every table.

A hand is the captain's Confirm (POST, answered by a redirect that is not followed); the
Check step before it is the same work without the write. PostgreSQL runs under
bin/with-postgres, which starts a throwaway server.
"""

import argparse
import asyncio
import datetime
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
from hallrun import send  # noqa: E402 (the phones' client, shared with the hall's tests)

CAPTAINS = 100
SLICES = 4  # the full-speed hands in turns with the minimal view: 6 hands a table each
HEALTH_EACH = 10  # requests per client in a burst of the minimal view: 1,000 a burst
HANDS_PER_TABLE = 24  # per event; a fixed-hands round, so every entry below stays valid
WORKERS = 2 * (os.cpu_count() or 1) + 1  # gunicorn's own advice for sync workers
HANDS = [
    {"maker": "N", "tricks": "3"},
    {"maker": "E", "tricks": "5", "alone": "on"},
    {"maker": "S", "tricks": "1"},
    {"maker": "W", "tricks": "4"},
    {"maker": "N", "tricks": "5"},
    {"maker": "E", "tricks": "3"},
    {"maker": "S", "tricks": "4"},
    {"maker": "W", "tricks": "0"},
]


# --- A tiny HTTP client, the hall tests' own: servers here close every connection anyway ----

http = send


async def timed(port, method, path, body=b"", cookie=""):
    start = time.perf_counter()
    try:
        status, _ = await http(port, method, path, body, cookie)
    except OSError:
        status = 0
    return status, time.perf_counter() - start


def summary(latencies: list[float]) -> str:
    q = statistics.quantiles(latencies, n=100)
    return f"p50 {q[49] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms"


async def minimal_view(port: int, requests_each: int = 40, *, say: bool = True) -> float:
    latencies, errors = [], 0

    async def client():
        nonlocal errors
        for _ in range(requests_each):
            status, seconds = await timed(port, "GET", "/health/")
            latencies.append(seconds)
            errors += status != 200

    start = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(CAPTAINS)))
    rate = len(latencies) / (time.perf_counter() - start)
    if say:
        print(
            f"  minimal view /health/:   {rate:7.0f} requests/s, {summary(latencies)}, "
            f"errors {errors}"
        )
    return rate


async def captain_session(port: int, token: tuple[str, int]) -> tuple[str, str]:
    """Open the table page as a phone does, by its table card: the CSRF cookie and the form's
    token."""
    card, table = token
    status, data = await http(port, "GET", f"/t/{card}/?table={table}")
    assert status == 200, data[:500]
    cookie = re.search(rb"csrftoken=([^;]+)", data).group(1).decode()
    form_token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', data).group(1)
    return f"csrftoken={cookie}", form_token.decode()


async def open_tables(ports: list[int], tokens: list[tuple[str, int]]) -> list[tuple[str, str]]:
    """Every captain opens its table's page (its session), spread over the servers."""
    return await asyncio.gather(
        *(captain_session(ports[i % len(ports)], t) for i, t in enumerate(tokens))
    )


async def play(
    ports: list[int],
    tokens: list[tuple[str, int]],
    pace: float | None,
    numbers: range = range(1, HANDS_PER_TABLE + 1),
    sessions: list[tuple[str, str]] | None = None,
) -> tuple[float, list, int, int]:
    """Every captain confirms its table's hands `numbers`; with `pace` (hands/s for the whole
    room) each captain waits its turn on a schedule instead of going back to back. With
    several ports (app servers, bench/scale_out.py), each captain's requests go to each in
    turn, as a proxy dealing requests round robin sends them."""
    if sessions is None:
        sessions = await open_tables(ports, tokens)
    latencies, acknowledged, errors = [], 0, 0
    start = time.perf_counter()

    async def captain(i: int, token: tuple[str, int], cookie: str, form_token: str):
        nonlocal acknowledged, errors
        for turn, number in enumerate(numbers):
            if pace:
                # Captain i's n-th hand is due at a fixed time: arrivals spread evenly.
                due = start + (turn * len(tokens) + i) / pace
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
            hand = HANDS[(number - 1) % len(HANDS)]
            body = urlencode(
                {"csrfmiddlewaretoken": form_token, "number": number, "action": "confirm", **hand}
            ).encode()
            path = f"/t/{token[0]}/hand/?table={token[1]}"
            port = ports[(i + number) % len(ports)]
            status, seconds = await timed(port, "POST", path, body, cookie)
            latencies.append(seconds)
            if status == 302:
                acknowledged += 1
            else:
                errors += 1

    await asyncio.gather(
        *(captain(i, t, *s) for i, (t, s) in enumerate(zip(tokens, sessions, strict=True)))
    )
    return time.perf_counter() - start, latencies, acknowledged, errors


# --- The scratch world and the server ---------------------------------------------------------


def build_world(server: str) -> list[list[tuple[str, int]]]:
    """Two clubs with an event of 100 tables each, seated; returns each event's tables as
    (table card token, table id), the way a captain's phone reaches them."""
    from django.utils.text import slugify

    from clubs.models import Club, Player
    from tournaments import services
    from tournaments.models import Event

    tokens = []
    for name in ("Full speed", "Steady pace"):
        # A club each: a table card opens its club's one table in play without asking.
        club = Club.objects.create(
            name=f"Bench club, {name}, {server}", slug=slugify(f"{name} {server}")
        )
        players = Player.objects.bulk_create(
            Player(club=club, name=f"Player {n:03}") for n in range(1, CAPTAINS * 4 + 1)
        )
        event = Event.objects.create(
            club=club,
            name=name,
            date=datetime.date(2026, 11, 24),
            rounds_planned=1,
            hands_per_round=HANDS_PER_TABLE,
        )
        services.entries_add(event=event, players=players)
        round_ = services.round_seat(event=event)
        tokens.append([(t.card().token, t.pk) for t in round_.tables.order_by("number")])
    return tokens


def check_database(tokens: list[tuple[str, int]], acknowledged: int) -> str:
    from tournaments.models import Hand, Table

    ids = [table for _, table in tokens]
    stored = Hand.objects.filter(table__in=ids).count()
    gaps = 0
    for table in Table.objects.filter(pk__in=ids):
        numbers = list(table.hands.order_by("number").values_list("number", flat=True))
        gaps += numbers != list(range(1, len(numbers) + 1))
    verdict = "exactly" if stored == acknowledged and not gaps else "NOT"
    return (
        f"  database: {stored} hands stored, {acknowledged} acknowledged: {verdict} the "
        f"acknowledged hands ({gaps} tables with gaps)"
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(kind: str, env: dict, port: int) -> subprocess.Popen:
    if kind == "gunicorn":
        command = [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi",
            f"--workers={WORKERS}",
            f"--bind=127.0.0.1:{port}",
            "--backlog=2048",
            "--log-level=warning",
        ]
    else:  # the hall's own server, as `euchre.py hall` starts it (here on 127.0.0.1 only)
        command = [sys.executable, "manage.py", "serve"]
        env = {**env, "PORT": str(port), "HALL": "false"}
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    for _ in range(200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return server
        except OSError:
            time.sleep(0.05)
    server.kill()
    raise SystemExit(f"{kind} did not start")


def full_speed(port: int, tokens: list[tuple[str, int]]) -> float:
    """Every captain confirms its hands back to back, in SLICES slices, each beside a burst of
    the minimal view in turn (health, hands, health, hands...): both sides warmed alike first
    (every table page opened, the minimal view asked as often), so neither is measured cold and
    whatever else the machine does weighs on both. Prints each side's median and the median of
    the slices' shares; returns the hands' median rate."""
    sessions = asyncio.run(open_tables([port], tokens))
    asyncio.run(minimal_view(port, HEALTH_EACH, say=False))
    health, hands, shares, latencies, acknowledged, errors = [], [], [], [], 0, 0
    size = HANDS_PER_TABLE // SLICES
    for start in range(1, HANDS_PER_TABLE + 1, size):
        health.append(asyncio.run(minimal_view(port, HEALTH_EACH, say=False)))
        numbers = range(start, start + size)
        seconds, spent, done, failed = asyncio.run(play([port], tokens, None, numbers, sessions))
        hands.append(done / seconds)
        shares.append(hands[-1] / health[-1])
        latencies += spent
        acknowledged += done
        errors += failed
    rate = statistics.median(hands)
    print(
        f"  minimal view /health/:   {statistics.median(health):7.0f} requests/s (median of "
        f"{SLICES} bursts in turn with the hands; best {max(health):.0f})"
    )
    print(
        f"  full speed, 100 at once: {rate:7.0f} hands/s (median of {SLICES} slices; best "
        f"{max(hands):.0f}), {summary(latencies)}, errors {errors}; "
        f"{statistics.median(shares):.0%} of the minimal view (median of the slices)"
    )
    print(check_database(tokens, acknowledged))
    return rate


def migrate_and_set_up(env: dict) -> None:
    """The scratch database migrated by manage.py (as a server would find it), then Django
    set up in this process, on the same environment."""
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    import django

    django.setup()


def run(label: str, env: dict) -> None:
    os.environ.update(env)
    if "DATABASE_URL" not in env:
        os.environ.pop("DATABASE_URL", None)
    migrate_and_set_up(env)
    for kind in ("gunicorn", "waitress"):
        tokens = build_world(kind)
        port = free_port()
        server = start_server(kind, env, port)
        try:
            if kind == "gunicorn":
                print(f"{label}: gunicorn, {WORKERS} sync workers; {CAPTAINS} captains")
            else:
                threads = env.get("THREADS", "8")
                print(f"{label}: waitress (the hall's), {threads} threads; {CAPTAINS} captains")
            rate = full_speed(port, tokens[0])
            pace = rate / 2
            seconds, latencies, acknowledged, errors = asyncio.run(play([port], tokens[1], pace))
            print(
                f"  steady pace, {pace:.0f} hands/s offered: {acknowledged / seconds:5.0f} "
                f"hands/s, {summary(latencies)}, errors {errors}"
            )
            print(check_database(tokens[1], acknowledged))
        finally:
            server.terminate()  # SIGTERM: both servers finish what is in flight
            server.wait(timeout=30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=["sqlite", "postgres"])
    args = parser.parse_args()
    base = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "false",
        "ALLOWED_HOSTS": "127.0.0.1",
        "LOG_LEVEL": "ERROR",
    }
    if args.only == "postgres":
        if not os.environ.get("DATABASE_URL"):
            # A throwaway server for the run; this script runs again inside it.
            return subprocess.call(["bin/with-postgres", sys.executable, __file__, *sys.argv[1:]])
        run("PostgreSQL", base)
        return 0
    if args.only == "sqlite":
        with tempfile.TemporaryDirectory(prefix="euchre-bench-") as tmp:
            env = {k: v for k, v in base.items() if k != "DATABASE_URL"}
            run("SQLite", {**env, "SQLITE_PATH": str(Path(tmp) / "bench.sqlite3")})
        return 0
    # Each database in its own process: Django is set up once per process.
    for only in ("sqlite", "postgres"):
        code = subprocess.call([sys.executable, __file__, "--only", only], cwd=ROOT)
        if code:
            return code
    return 0


if __name__ == "__main__":
    sys.exit(main())

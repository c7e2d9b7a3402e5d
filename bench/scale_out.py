"""Past one machine: two gunicorn app servers sharing one PostgreSQL, as the README's "Serving
many clubs from one server" grows a club server.

    bin/with-postgres .venv/bin/python bench/scale_out.py

It needs PostgreSQL, which every app server shares (SQLite is one file on one machine), and a
database of its own: bin/with-postgres starts a throwaway server and sets DATABASE_URL. The
script migrates it, builds bench/captain_load.py's world (events of 100 tables, 24 fixed hands
a table) and starts two gunicorn servers, A and B, on two loopback ports, each with
captain_load's number of sync workers, sharing SECRET_KEY, DATABASE_URL, ALLOWED_HOSTS and
PUBLIC_URL. It prints:

- hands/s, p50/p99 latency and errors as 100 captains confirm their hands back to back
  (captain_load's full speed) through server A alone, then through A and B, each captain's
  requests going to each server in turn as a round-robin proxy deals them; three rounds, each
  on fresh tables, the order of the two swapped every round, and the median rate of each;
- the two servers' rate as a share of one's. The aim is that two servers lose nothing: at
  least 0.8× one server's rate. No speedup is expected here: the machine has 2 cores, and one
  server's 5 workers (with PostgreSQL and this script's clients) already keep both busy, so a
  second server adds processes but no processor. On a second machine it would bring its own
  cores; what this run shows is that sharing the database costs nothing that grows with the
  servers (no lock or count held on one server that the other must wait for);
- yes/NO for each thing that must hold across servers: every acknowledged hand (302) stored
  once, with no gap; a table's hands stored in the order sent, as sent, while its phone
  alternates servers; the typed-code limit (10 wrong codes a phone, README) counted once for
  both servers, not 10 each; the login lockout (10 wrong passwords) the same, after which the
  right password is refused on either server; a director's session, logged in on A, working
  on B, and a change made through B showing on A.

It exits with 1 if the aim or any check fails.
"""

import asyncio
import os
import re
import secrets
import statistics
import sys
from itertools import groupby
from urllib.parse import urlencode, urlsplit

from captain_load import (
    CAPTAINS,
    HANDS,
    HANDS_PER_TABLE,
    WORKERS,
    build_world,
    free_port,
    migrate_and_set_up,
    play,
    start_server,
    summary,
)
from hallrun import send  # tests/ is on the path by captain_load, whose client this is too

ROUNDS = 3
AIM = 0.8  # two servers' hands/s as a share of one's
DIRECTOR = ("dora", "dora-pass-123")  # logs in on A, works on B
LOCKED_DIRECTOR = ("lena", "lena-pass-456")  # the account the wrong passwords lock
WRONG_PASSWORD = "Please enter a correct username and password"
LOCKED = "Login locked for 15 minutes"
PHONE_REFUSED = "Too many wrong codes from this phone"


# --- A browser (or a phone) that keeps its cookies, whichever server answers ------------------


class Browser:
    def __init__(self):
        self.cookies: dict[str, str] = {}

    async def go(self, port: int, method: str, path: str, fields: dict | None = None):
        """One request; the status, the headers and the page. Cookies set by the answer are
        kept for the next request, to either server."""
        body = urlencode(fields).encode() if fields else b""
        cookie = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        status, data = await send(port, method, path, body, cookie)
        head, _, page = data.partition(b"\r\n\r\n")
        head = head.decode("latin-1")
        for name, value in re.findall(r"(?im)^set-cookie: ([^=]+)=([^;\r\n]*)", head):
            if value in ("", '""'):  # a cookie deleted
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = value
        return status, head, page.decode("utf-8", "replace")


def form_field(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', page)
    return found.group(1) if found else ""


def answers(statuses: list[int]) -> str:
    """Statuses in runs, in the order they came: "404 ×10, 429 ×2"."""
    return ", ".join(f"{status} ×{len(list(run))}" for status, run in groupby(statuses))


def verdict(ok: bool) -> str:
    return "yes" if ok else "NO"


# --- The world: captain_load's events, and a club with two directors ------------------------


def build_club() -> str:
    from django.contrib.auth import get_user_model

    from clubs.models import Club, ClubDirector

    club = Club.objects.create(name="Scale-out club", slug="scale-out")
    for username, password in (DIRECTOR, LOCKED_DIRECTOR):
        user = get_user_model().objects.create_user(username, password=password)
        ClubDirector.objects.create(club=club, user=user)
    return club.slug


def wrong_codes(count: int) -> list[str]:
    """Well-formed table codes that open nothing: what a guesser types."""
    from tournaments.models import TABLE_CODE_ALPHABET, TABLE_CODE_LENGTH, TableCard

    taken = set(TableCard.objects.values_list("code", flat=True))
    codes: set[str] = set()
    while len(codes) < count:
        code = "".join(secrets.choice(TABLE_CODE_ALPHABET) for _ in range(TABLE_CODE_LENGTH))
        if code not in taken:
            codes.add(code)
    return sorted(codes)


# --- Hands per second, one server and two -----------------------------------------------------


def throughput(a: int, b: int, worlds: list[list[list[tuple[str, int]]]]) -> tuple[bool, int]:
    """Each round plays one event through A alone and another through A and B; the aim, and
    the hands acknowledged in all."""
    rates: dict[str, list[float]] = {"one server": [], "two servers": []}
    acknowledged_in_all = 0
    for number, (one_tables, two_tables) in enumerate(worlds, 1):
        runs = [("one server", [a], one_tables), ("two servers", [a, b], two_tables)]
        if number % 2 == 0:
            runs.reverse()  # whichever runs second gets a warmer or a busier machine
        for label, ports, tables in runs:
            seconds, latencies, acknowledged, errors = asyncio.run(play(ports, tables, None))
            rate = acknowledged / seconds
            rates[label].append(rate)
            acknowledged_in_all += acknowledged
            print(
                f"  round {number}, {label + ':':12} {rate:5.0f} hands/s, {summary(latencies)}, "
                f"errors {errors}"
            )
    one, two = (statistics.median(rates[label]) for label in ("one server", "two servers"))
    ok = two >= AIM * one
    print(
        f"  median of {len(worlds)} rounds: one server {one:.0f} hands/s, two servers "
        f"{two:.0f} hands/s: {two / one:.2f}× (aim: at least {AIM}×, two servers lose nothing): "
        f"{verdict(ok)}"
    )
    return ok, acknowledged_in_all


# --- What must hold across servers ------------------------------------------------------------


def stored_once(worlds, acknowledged: int) -> bool:
    from tournaments.models import Hand

    ids = [table for world in worlds for tables in world for _, table in tables]
    numbers: dict[int, list[int]] = {}
    for table, number in Hand.objects.filter(table__in=ids).values_list("table", "number"):
        numbers.setdefault(table, []).append(number)
    stored = sum(len(n) for n in numbers.values())
    # Sorted, a table's numbers are 1..n only with no number missing and none twice.
    broken = sum(sorted(n) != list(range(1, len(n) + 1)) for n in numbers.values())
    ok = stored == acknowledged and not broken
    print(
        f"  every acknowledged hand stored once: {acknowledged} acknowledged (302), {stored} "
        f"stored, {broken} tables with a gap or a hand twice: {verdict(ok)}"
    )
    return ok


def in_order_sent(worlds) -> bool:
    """Every table played through both servers: its hands, in the order they were stored,
    are 1..24, each as its captain sent it (bench/captain_load.py's HANDS)."""
    from tournaments.models import Hand

    ids = [table for _, two_tables in worlds for _, table in two_tables]
    stored: dict[int, list[tuple]] = {table: [] for table in ids}
    rows = Hand.objects.filter(table__in=ids).order_by("pk")  # pk: the order of the inserts
    for row in rows.values_list("table", "number", "maker", "tricks", "alone"):
        stored[row[0]].append(row[1:])
    sent = []
    for number in range(1, HANDS_PER_TABLE + 1):
        hand = HANDS[(number - 1) % len(HANDS)]
        sent.append((number, hand["maker"], int(hand["tricks"]), "alone" in hand))
    wrong = sum(hands != sent for hands in stored.values())
    ok = not wrong
    print(
        f"  a table's hands in the order sent, as sent, its phone alternating servers: "
        f"{len(ids)} tables of {HANDS_PER_TABLE} hands, {wrong} otherwise: {verdict(ok)}"
    )
    return ok


async def code_limit(a: int, b: int, codes: list[str]) -> bool:
    """One phone types 12 wrong codes at /t/, to A and B in turn: the 10th is still answered
    (no such table, 404), the 11th and 12th, one on each server, are refused (429)."""
    phone = Browser()
    status, _, page = await phone.go(a, "GET", "/t/")
    token = form_field(page, "csrfmiddlewaretoken")
    has_id = "captain_phone" in phone.cookies
    statuses, last = [], ""
    for n, code in enumerate(codes):
        port = (a, b)[n % 2]
        fields = {"csrfmiddlewaretoken": token, "code": code}
        status, _, last = await phone.go(port, "POST", "/t/", fields)
        statuses.append(status)
    ok = has_id and statuses == [404] * 10 + [429] * 2 and PHONE_REFUSED in last
    print(
        f"  typed-code limit across both: 12 wrong codes from one phone, A and B in turn, "
        f"answered {answers(statuses)} ('{PHONE_REFUSED}' on B at last): {verdict(ok)}"
    )
    return ok


async def login_lockout(a: int, b: int) -> bool:
    """Ten wrong passwords for one account, to A and B in turn: nine are refused as wrong, the
    tenth's answer is already the locked page (as tests/test_login_limit.py has it); then the
    right password is refused on both servers."""
    browser = Browser()
    _, _, page = await browser.go(a, "GET", "/accounts/login/")
    token = form_field(page, "csrfmiddlewaretoken")
    username, password = LOCKED_DIRECTOR
    statuses, as_wrong, as_locked = [], 0, 0
    for n in range(10):
        fields = {"csrfmiddlewaretoken": token, "username": username, "password": f"guess-{n}"}
        status, _, page = await browser.go((a, b)[n % 2], "POST", "/accounts/login/", fields)
        statuses.append(status)
        as_wrong += WRONG_PASSWORD in page
        as_locked += LOCKED in page
    right = []
    for port in (a, b):
        fields = {"csrfmiddlewaretoken": token, "username": username, "password": password}
        status, _, page = await browser.go(port, "POST", "/accounts/login/", fields)
        right.append(status == 429 and LOCKED in page)
    ok = (
        statuses == [200] * 9 + [429]
        and (as_wrong, as_locked) == (9, 1)
        and all(right)
        and "sessionid" not in browser.cookies
    )
    print(
        f"  login lockout across both: 10 wrong passwords for one account, A and B in turn, "
        f"answered {answers(statuses)} (the 10th the locked page); then the right password "
        f"refused on A: {verdict(right[0])}, on B: {verdict(right[1])}: {verdict(ok)}"
    )
    return ok


async def director_session(a: int, b: int, slug: str) -> bool:
    """Logged in on A, the director opens the club's page (its events) on B and creates an
    event there; A's club page lists it."""
    browser = Browser()
    _, _, page = await browser.go(a, "GET", "/accounts/login/")
    username, password = DIRECTOR
    fields = {
        "csrfmiddlewaretoken": form_field(page, "csrfmiddlewaretoken"),
        "username": username,
        "password": password,
    }
    login, _, _ = await browser.go(a, "POST", "/accounts/login/", fields)
    club_on_b, _, page = await browser.go(b, "GET", f"/clubs/{slug}/")
    opened = club_on_b == 200 and "Scale-out club" in page
    _, _, form = await browser.go(b, "GET", f"/clubs/{slug}/events/new/")
    name = "Made through server B"
    fields = {
        "csrfmiddlewaretoken": form_field(form, "csrfmiddlewaretoken"),
        "form_token": form_field(form, "form_token"),
        # The fields a director fills in (tests/test_director_night.py's create_event).
        "name": name,
        "date": "2026-11-24",
        "format": "progressive",
        "rules_preset": "hoyle-2001",
        "game_points": 10,
        "rounds_planned": 3,
        "round_end": "hands",
        "hands_per_round": 4,
    }
    made, head, _ = await browser.go(b, "POST", f"/clubs/{slug}/events/new/", fields)
    made_ok = made == 302 and re.search(r"(?im)^location: /events/\d+/", head) is not None
    club_on_a, _, page = await browser.go(a, "GET", f"/clubs/{slug}/")
    shown = club_on_a == 200 and name in page
    ok = login == 302 and opened and made_ok and shown
    print(
        f"  a director's session on either server: logged in on A ({login}), the club's page "
        f"on B ({club_on_b}), an event created through B ({made}) and listed on A's club "
        f"page ({'listed' if shown else 'missing'}): {verdict(ok)}"
    )
    return ok


# --- The run ----------------------------------------------------------------------------------


def main() -> int:
    url = os.environ.get("DATABASE_URL", "")
    if urlsplit(url).scheme not in ("postgres", "postgresql", "pgsql"):
        print(
            "scale_out.py needs PostgreSQL, shared by both app servers, in a database of its "
            f"own (DATABASE_URL is {'not a postgres:// address' if url else 'not set'}). "
            "Run it as:\n"
            "    bin/with-postgres .venv/bin/python bench/scale_out.py",
            file=sys.stderr,
        )
        return 2
    # What every app server must share (README, "Serving many clubs from one server"); the
    # public address is the one a proxy in front of both would answer on.
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "false",
        "LOG_LEVEL": "ERROR",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DATABASE_URL": url,
        "ALLOWED_HOSTS": "127.0.0.1",
        "PUBLIC_URL": "http://127.0.0.1",
        # WhiteNoise looks for collected static files, which no request here needs (the same
        # filter as the tests'): one warning per worker otherwise.
        "PYTHONWARNINGS": "ignore:No directory at:UserWarning",
    }
    os.environ.update(env)
    migrate_and_set_up(env)
    # captain_load's world, once a round: of its two events, one is played through one server
    # and the other through two.
    worlds = [build_world(f"round {number}") for number in range(1, ROUNDS + 1)]
    slug = build_club()

    a, b = free_port(), free_port()
    servers = [start_server("gunicorn", env, port) for port in (a, b)]
    try:
        print(
            f"PostgreSQL; gunicorn A on 127.0.0.1:{a} and B on 127.0.0.1:{b}, {WORKERS} sync "
            f"workers each; {CAPTAINS} captains, {HANDS_PER_TABLE} hands each"
        )
        aim, acknowledged = throughput(a, b, worlds)
        print("across both servers:")
        checks = [
            stored_once(worlds, acknowledged),
            in_order_sent(worlds),
            asyncio.run(code_limit(a, b, wrong_codes(12))),
            asyncio.run(login_lockout(a, b)),
            asyncio.run(director_session(a, b, slug)),
        ]
    finally:
        for server in servers:
            server.terminate()  # SIGTERM: gunicorn finishes what is in flight
        for server in servers:
            server.wait(timeout=30)
    failed = (not aim) + checks.count(False)
    print("Aim and checks held." if not failed else f"{failed} of {len(checks) + 1} failed.")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""Two real servers on loopback, for the publishing test (tests/test_publish_two_servers.py):

- the LAPTOP: the hall's `manage.py serve` (waitress) in hall mode, on SQLite in a folder of
  its own, on a free port;
- the SERVER: gunicorn serving `config.wsgi` on PostgreSQL, as two app servers (two processes
  on two ports) sharing one database made for the run, as the README's "Serving many clubs
  from one server" runs it.

Each is its own process group, so a `kill -9` takes it whole, and each restarts on the same
data. Only 127.0.0.1 is ever talked to (the hall binds every interface, as a hall does; its
hall address is a documentation address nothing answers on).

The PostgreSQL server: the test run's own when DATABASE_URL names one (a database of the run's
own is created on it and dropped at the end), else a throwaway one started here as
bin/with-postgres starts it.

Run as a script, it does the worlds' work inside one side's database, as the app's services do
(`python tests/two_servers.py '[["night", {...}], ["round", {...}]]'`), and prints what each
step answered as a JSON list.
"""

import contextlib
import gzip
import hashlib
import hmac
import http.client
import http.cookiejar
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SECRET_KEY = "two-servers-test-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz"
DIRECTOR = ("dora", "dora-pass-123")
RIVAL_DIRECTOR = ("otto", "otto-pass-123")
HALL_ADDRESS = "192.0.2.7"  # a documentation address: nothing ever talks to it
ANSWER = "@@answer "  # the world process's answer line, apart from anything else it prints


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _base_env() -> dict[str, str]:
    """The test run's environment without what picks a database, a key or a mode."""
    dropped = (
        "DATABASE_URL",
        "SECRET_KEY",
        "HALL",
        "HALL_ADDRESS",
        "PUBLIC_URL",
        "ALLOWED_HOSTS",
        "DATA_DIR",
        "SQLITE_PATH",
        "PORT",
        "DEBUG",
        "HTTPS",
        "DJANGO_ALLOW_ASYNC_UNSAFE",
        "DATABASE_TESTS_ONLY",
    )
    env = {k: v for k, v in os.environ.items() if k not in dropped and not k.startswith("PYTEST")}
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    env["SECRET_KEY"] = SECRET_KEY
    return env


def _killpg(process: subprocess.Popen | None, sig: int) -> None:
    if process is None:
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, sig)


def _wait_healthy(port: int, process: subprocess.Popen, log: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            raise AssertionError(
                f"the server on port {port} stopped ({process.returncode}):\n"
                + log.read_text(errors="replace")[-4000:]
            )
        with contextlib.suppress(OSError):
            if http_get(port, "/health/")[0] == 200:
                return
        if time.monotonic() > deadline:
            _killpg(process, signal.SIGKILL)
            raise AssertionError(
                f"the server on port {port} did not answer in {timeout} s:\n"
                + log.read_text(errors="replace")[-4000:]
            )
        time.sleep(0.2)


def http_get(port: int, path: str, headers: dict | None = None) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path, headers={"Host": f"127.0.0.1:{port}", **(headers or {})})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def http_post(port: int, path: str, body: bytes, headers: dict) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request(
            "POST", path, body=body, headers={"Host": f"127.0.0.1:{port}", **(headers or {})}
        )
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def _sockets_of(pid: int) -> set[str]:
    found = set()
    with contextlib.suppress(OSError):
        for fd in os.listdir(f"/proc/{pid}/fd"):
            with contextlib.suppress(OSError):
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
                if target.startswith("socket:["):
                    found.add(target[8:-1])
    return found


def wait_connected(process: subprocess.Popen, port: int, timeout: float = 60) -> bool:
    """Wait until `process` holds a TCP connection to 127.0.0.1:`port` (it is sending): True,
    or False if it ended first or the time ran out. Linux's /proc tells, without touching the
    process, so a kill -9 can land while a request is on its way or being applied."""
    wanted = f"0100007F:{port:04X}"
    deadline = time.monotonic() + timeout
    while process.poll() is None and time.monotonic() < deadline:
        with contextlib.suppress(OSError), open("/proc/net/tcp") as table:
            inodes = {
                fields[9]
                for fields in (line.split() for line in table.readlines()[1:])
                if fields[2] == wanted
            }
            if inodes & _sockets_of(process.pid):
                return True
        time.sleep(0.005)
    return False


class Side:
    """What the laptop and the server have in common: an environment, and the world script."""

    name = "side"

    def __init__(self, folder: Path):
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.env = _base_env()
        self.worker: subprocess.Popen | None = None

    def run(self, *steps: tuple[str, dict], timeout: float = 300) -> list:
        """The world's steps done in this side's database; their answers. One process of the
        side's own does them all, Django set up once (a fresh one for each would cost seconds
        a step on a busy machine)."""
        if self.worker is None or self.worker.poll() is not None:
            self.worker = subprocess.Popen(
                [sys.executable, str(Path(__file__)), "--worker"],
                cwd=ROOT,
                env=self.env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                start_new_session=True,
            )
        self.worker.stdin.write(json.dumps(steps) + "\n")
        self.worker.stdin.flush()
        while True:
            line = self.worker.stdout.readline()
            assert line, f"{self.name}'s world process ended ({self.worker.poll()}) at {steps}"
            if line.startswith(ANSWER):
                answer = json.loads(line[len(ANSWER) :])
                break
        assert "error" not in answer, f"{self.name}: {steps}\n{answer.get('error')}"
        return answer["done"]

    def close(self) -> None:
        """The world's process ends."""
        if self.worker is not None:
            _killpg(self.worker, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.worker.wait(timeout=15)
            self.worker = None

    def manage(self, *arguments: str, timeout: float = 300) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "manage.py", *arguments],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=timeout,
        )

    def manage_started(self, *arguments: str) -> subprocess.Popen:
        """A manage.py command started and left running (to be killed by the test)."""
        return subprocess.Popen(
            [sys.executable, "manage.py", *arguments],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )


class Laptop(Side):
    """The hall's laptop: `manage.py serve` with HALL=true, on SQLite in its folder."""

    name = "laptop"

    def __init__(self, folder: Path):
        super().__init__(folder)
        self.port = free_port()
        self.env.update(
            HALL="true",
            HALL_ADDRESS=HALL_ADDRESS,
            PORT=str(self.port),
            DATA_DIR=str(folder),
            SQLITE_PATH=str(folder / "euchre.sqlite3"),
            THREADS="4",
            # A key of its own: the laptop and the server share nothing but the publishing key.
            SECRET_KEY=SECRET_KEY + "-laptop",
        )
        self.log = folder / "laptop.log"
        self.process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 120, wait: bool = True) -> "Laptop":
        """Start the hall (and wait until it answers, unless told not to: `ready()` then)."""
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "manage.py", "serve"],
                cwd=ROOT,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        if wait:
            self.ready(timeout)
        return self

    def ready(self, timeout: float = 120) -> "Laptop":
        _wait_healthy(self.port, self.process, self.log, timeout)
        return self

    def kill(self) -> None:
        """kill -9 of the laptop's server, and of anything it started."""
        _killpg(self.process, signal.SIGKILL)
        if self.process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=15)
        self.process = None

    def stop(self) -> None:
        _killpg(self.process, signal.SIGINT)
        if self.process is not None:
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None


class Postgres:
    """The PostgreSQL the server's database lives on: the test run's (DATABASE_URL), else one
    started here in a temporary folder, as bin/with-postgres does."""

    def __init__(self):
        self.url = os.environ.get("DATABASE_URL", "")
        self.folder: Path | None = None
        self.as_pg: list[str] = []
        self.pgbin = ""

    def start(self) -> "Postgres":
        if self.url:
            return self
        found = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: p.parent.name)
        if not found:
            raise AssertionError("PostgreSQL is not installed: run bin/setup postgresql")
        self.pgbin = str(found[-1])
        self.folder = Path(tempfile.mkdtemp(prefix="euchre-pg-two-"))
        if os.getuid() == 0:
            # initdb refuses to run as root: the server runs as Debian's postgres user.
            shutil.chown(self.folder, "postgres")
            self.as_pg = ["runuser", "-u", "postgres", "--"]
        port = free_port()
        data = self.folder / "data"
        subprocess.run(
            [*self.as_pg, f"{self.pgbin}/initdb", "-D", str(data), "-U", "postgres"]
            + ["--auth=trust", "-E", "UTF8"],
            check=True,
            capture_output=True,
        )
        options = f"-c listen_addresses=127.0.0.1 -p {port} -k {self.folder} -c fsync=off"
        subprocess.run(
            [*self.as_pg, f"{self.pgbin}/pg_ctl", "-D", str(data), "-l"]
            + [str(self.folder / "server.log"), "-w", "-o", options, "start"],
            check=True,
            capture_output=True,
        )
        self.url = f"postgres://postgres@127.0.0.1:{port}/postgres"
        return self

    def stop(self) -> None:
        if self.folder is None:
            return
        subprocess.run(
            [*self.as_pg, f"{self.pgbin}/pg_ctl", "-D", str(self.folder / "data")]
            + ["-m", "immediate", "-w", "stop"],
            capture_output=True,
        )
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None

    def _admin(self, sql: str) -> None:
        """One statement on the server's maintenance database (no transaction: CREATE
        DATABASE refuses one)."""
        import psycopg

        parts = urllib.parse.urlsplit(self.url)
        admin = parts._replace(path="/postgres").geturl()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(sql)

    def database(self, name: str) -> str:
        """A fresh database of that name; its address."""
        self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        self._admin(f'CREATE DATABASE "{name}"')
        return urllib.parse.urlsplit(self.url)._replace(path=f"/{name}").geturl()

    def drop(self, name: str) -> None:
        with contextlib.suppress(Exception):
            self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class Server(Side):
    """The club's server: gunicorn `config.wsgi` on PostgreSQL, `app_servers` processes (each
    on its own port) sharing the one database."""

    name = "server"

    def __init__(self, folder: Path, database_url: str, app_servers: int = 2):
        super().__init__(folder)
        self.env.update(
            DATABASE_URL=database_url,
            DATA_DIR=str(folder),
            ALLOWED_HOSTS="127.0.0.1",
            CONN_MAX_AGE="0",
        )
        self.ports = [free_port() for _ in range(app_servers)]
        self.processes: list[subprocess.Popen | None] = [None] * app_servers

    def base(self, n: int = 0) -> str:
        return f"http://127.0.0.1:{self.ports[n]}"

    def log(self, n: int) -> Path:
        return self.folder / f"server-{n}.log"

    def migrate(self) -> None:
        done = self.manage("migrate", "--no-input", "-v", "0")
        assert done.returncode == 0, done.stdout + done.stderr

    def start(self, n: int | None = None, timeout: float = 120) -> "Server":
        """Start app server `n`, or every one not running."""
        numbers = [n] if n is not None else range(len(self.ports))
        for i in numbers:
            if self.processes[i] is not None and self.processes[i].poll() is None:
                continue
            with self.log(i).open("ab") as out:
                self.processes[i] = subprocess.Popen(
                    [sys.executable, "-m", "gunicorn", "config.wsgi"]
                    + ["--bind", f"127.0.0.1:{self.ports[i]}", "--workers", "1"]
                    + ["--threads", "4", "--timeout", "120", "--graceful-timeout", "5"],
                    cwd=ROOT,
                    env=self.env,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL,
                    start_new_session=True,
                )
        for i in numbers:
            _wait_healthy(self.ports[i], self.processes[i], self.log(i), timeout)
        return self

    def kill(self, n: int | None = None) -> None:
        """kill -9 of app server `n` (its master and its workers), or of every one."""
        for i in [n] if n is not None else range(len(self.ports)):
            _killpg(self.processes[i], signal.SIGKILL)
            if self.processes[i] is not None:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.processes[i].wait(timeout=15)
            self.processes[i] = None

    def stop(self) -> None:
        for i in range(len(self.ports)):
            _killpg(self.processes[i], signal.SIGTERM)
        for i in range(len(self.ports)):
            if self.processes[i] is not None:
                try:
                    self.processes[i].wait(timeout=20)
                except subprocess.TimeoutExpired:
                    self.kill(i)
            self.processes[i] = None


# --- A person at a browser, in plain urllib ------------------------------------------------


class Form(HTMLParser):
    """The forms of a page: each its action, method, fields (name -> value, the hidden and
    prefilled ones) and buttons (text, name, value)."""

    def __init__(self, html: str):
        super().__init__()
        self.forms: list[dict] = []
        self._button: dict | None = None
        self._label: dict | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append(
                {
                    "action": a.get("action", ""),
                    "method": a.get("method", "get").lower(),
                    "fields": {},
                    "inputs": [],
                    "buttons": [],
                    "labels": [],
                }
            )
        if not self.forms:
            return
        form = self.forms[-1]
        if tag == "input":
            kind = a.get("type", "text").lower()
            if kind in ("submit", "button"):
                form["buttons"].append(
                    {
                        "text": a.get("value", ""),
                        "name": a.get("name", ""),
                        "value": a.get("value", ""),
                    }
                )
            elif kind in ("checkbox", "radio"):
                if "checked" in a and a.get("name"):
                    form["fields"][a["name"]] = a.get("value", "on")
                form["inputs"].append((a.get("name", ""), kind, a.get("id", "")))
            elif a.get("name"):
                form["fields"][a["name"]] = a.get("value", "")
                form["inputs"].append((a["name"], kind, a.get("id", "")))
        elif tag in ("textarea", "select") and a.get("name"):
            form["fields"].setdefault(a["name"], "")
            form["inputs"].append((a["name"], tag, a.get("id", "")))
        elif tag == "button":
            self._button = {"text": "", "name": a.get("name", ""), "value": a.get("value", "")}
            form["buttons"].append(self._button)
        elif tag == "label":
            self._label = {"for": a.get("for", ""), "text": ""}
            form["labels"].append(self._label)

    def handle_endtag(self, tag):
        if tag == "button":
            self._button = None
        elif tag == "label":
            self._label = None

    def handle_data(self, data):
        if self._button is not None:
            self._button["text"] += data
        if self._label is not None:
            self._label["text"] += data


class Browser:
    """A director at a browser, in plain urllib: cookies kept, forms filled as shown."""

    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect
        )
        self.url = base

    def open(self, path: str, data: dict | None = None) -> tuple[int, str]:
        """GET (or POST the fields), following redirects as a browser does; (status, page)."""
        url = urllib.parse.urljoin(self.url, path)
        body = urllib.parse.urlencode(data, doseq=True).encode() if data is not None else None
        for _ in range(10):
            request = urllib.request.Request(url, data=body)
            if body is not None:
                request.add_header("Referer", self.url)
            try:
                with self.opener.open(request, timeout=60) as response:
                    self.url = url
                    return response.status, response.read().decode("utf-8", "replace")
            except urllib.error.HTTPError as answer:
                if answer.code in (301, 302, 303, 307, 308):
                    url = urllib.parse.urljoin(url, answer.headers["Location"])
                    if answer.code in (301, 302, 303):
                        body = None
                    continue
                self.url = url
                return answer.code, answer.read().decode("utf-8", "replace")
        raise AssertionError(f"too many redirects from {path}")

    def log_in(self, user: tuple[str, str]) -> None:
        status, page = self.open("/accounts/login/")
        assert status == 200, page[:500]
        status, page = self.submit(page, {"username": user[0], "password": user[1]})
        assert status == 200 and 'name="password"' not in page, f"login refused:\n{page[:2000]}"

    def submit(
        self, page: str, values: dict, *, button: str | None = None, having: str | None = None
    ) -> tuple[int, str]:
        """Fill and send the page's form: the one with a field named `having` (or with all of
        `values`' fields), by its button whose text has `button` (else its first). `values`'
        keys are field names, or words of a field's label (matched without case)."""
        forms = Form(page).forms
        wanted = having or next(iter(values), None)
        chosen = None
        for form in forms:
            if form["method"] != "post":
                continue
            names = self._names(form, values)
            has_fields = (
                wanted is None
                or (having and having in form["fields"])
                or (not having and all(n is not None for n in names.values()))
            )
            pressed = button is None or any(
                button.lower() in b["text"].lower() for b in form["buttons"]
            )
            if has_fields and pressed:
                chosen = form
                break
        assert chosen is not None, f"no form with {values}, {button!r} on the page:\n{page[:3000]}"
        fields = dict(chosen["fields"])
        for key, name in self._names(chosen, values).items():
            fields[name] = values[key]
        press = None
        if button is not None:
            press = next(b for b in chosen["buttons"] if button.lower() in b["text"].lower())
        elif chosen["buttons"]:
            press = chosen["buttons"][0]
        if press and press["name"]:
            fields[press["name"]] = press["value"]
        return self.open(chosen["action"] or self.url, fields)

    @staticmethod
    def _names(form: dict, values: dict) -> dict:
        """Each of `values`' keys -> the form's field name it means (None: not on the form)."""
        found = {}
        for key in values:
            found[key] = None
            # "server_url|address": the first of the names, else of the labels' words, found.
            for word in key.split("|"):
                if word in form["fields"] or any(word == n for n, _, _ in form["inputs"]):
                    found[key] = word
                    break
            for word in key.split("|"):
                if found[key]:
                    break
                for label in form["labels"]:
                    if word.lower() in " ".join(label["text"].split()).lower():
                        for name, _, ident in form["inputs"]:
                            if ident and ident == label["for"]:
                                found[key] = name
                        if found[key]:
                            break
        return found


# --- Signed requests, crafted as the wire format says ----------------------------------------


def signed(key_id: str, secret: str, payload: dict, *, when: int | None = None) -> tuple:
    """A publishing request's (body, headers): gzip JSON, signed over time, nonce and body."""
    body = gzip.compress(json.dumps(payload).encode())
    when = int(time.time()) if when is None else when
    nonce = secrets.token_hex(16)
    signature = hmac.new(
        secret.encode(), f"{when}\n{nonce}\n".encode() + body, hashlib.sha256
    ).hexdigest()
    return body, {
        "Content-Type": "application/json",
        "Content-Encoding": "gzip",
        "X-Euchre-Key": key_id,
        "X-Euchre-Time": str(when),
        "X-Euchre-Nonce": nonce,
        "X-Euchre-Signature": signature,
    }


# --- The page's figures ---------------------------------------------------------------------


class _Tables(HTMLParser):
    """Every table of a page as rows of cell texts (links and markup dropped, spaces folded)."""

    def __init__(self, html: str):
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self.cell: list[str] | None = None
        self.depth = 0
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self.tables[-1].append([])
        elif tag in ("td", "th") and self.tables and self.tables[-1]:
            self.cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.tables[-1][-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def figures(html: str) -> list[list[list[str]]]:
    """The page's tables' text: what must agree between the laptop and the server."""
    return [[row for row in table if row] for table in _Tables(html).tables]


# --- The world, done inside one side's database (run as a script) -----------------------------

# A round's hands at a table, turned by the table's number so that the totals differ.
HANDS = [
    {"maker": "N", "tricks": 3},
    {"maker": "E", "tricks": 5, "alone": True},
    {"maker": "S", "tricks": 1},
    {"maker": "W", "tricks": 4},
    {"maker": "N", "tricks": 5},
    {"maker": "E", "tricks": 2},
]


def _steps(steps: list) -> list:
    import datetime

    import django

    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    django.setup()
    from django.contrib.auth import get_user_model
    from django.db.models import Count

    from brackets import services as bracket_services
    from brackets.models import Bracket, Match
    from clubs.models import Club, ClubDirector, Player
    from tournaments import services
    from tournaments.models import Entry, Event, Hand, Partnership, Round, Table

    def club_of(slug):
        return Club.objects.get(slug=slug)

    def do_club(slug, name, director):
        club, _ = Club.objects.get_or_create(slug=slug, defaults={"name": name})
        user = get_user_model().objects.filter(username=director[0]).first()
        if user is None:
            user = get_user_model().objects.create_user(director[0], password=director[1])
        ClubDirector.objects.get_or_create(club=club, user=user)
        return {"club": str(club.uid), "pk": club.pk}

    def do_night(slug, name, players, rounds, hands=4, hidden=False, day=26):
        club = club_of(slug)
        people = [
            Player.objects.get_or_create(club=club, name=f"Player {n:02}")[0]
            for n in range(1, players + 1)
        ]
        event = Event.objects.create(
            club=club,
            name=name,
            date=datetime.date(2026, 11, day),
            rounds_planned=rounds,
            hands_per_round=hands,
            standings_hidden=hidden,
            award_most_loners=True,
            award_high_night=True,
        )
        services.entries_add(event=event, players=people)
        return {"event": str(event.uid)}

    def do_round(event, seed=1):
        event = Event.objects.get(uid=event)
        round_ = services.round_seat(event=event, seed=seed)
        for turn, table in enumerate(round_.tables.order_by("number")):
            for number in range(1, event.hands_per_round + 1):
                data = HANDS[(number + turn + round_.number) % len(HANDS)]
                services.hand_record(table=table, number=number, data=data)
        numbers = set(round_.tables.values_list("number", flat=True))
        services.round_close(round=round_, unconfirmed_ok=numbers)
        return {"round": round_.number}

    def do_bracket(slug, name, teams, day=27):
        club = club_of(slug)
        event = Event.objects.create(
            club=club, name=name, date=datetime.date(2026, 11, day), format="bracket"
        )
        for n in range(teams):
            first, second = (
                Player.objects.get_or_create(club=club, name=f"Bracket {n + 1}{letter}")[0]
                for letter in "ab"
            )
            team = Partnership.objects.create(event=event, name=f"Team {n + 1}")
            Entry.objects.create(event=event, player=first, partnership=team)
            Entry.objects.create(event=event, player=second, partnership=team)
        bracket = bracket_services.bracket_for(event)
        order = list(event.partnerships.order_by("pk").values_list("pk", flat=True))
        bracket_services.bracket_seed(bracket=bracket, order=order)
        return {"event": str(event.uid)}

    def do_bracket_play(event, matches):
        """Play `matches` of the bracket's ready matches, each won by a slot chosen from its
        code, so both sides of every run see the same results."""
        played = []
        for _ in range(matches):
            bracket = Bracket.objects.get(event__uid=event)
            now = bracket_services.bracket_now(bracket)
            ready = now.ready_to_call() if now else []
            if not ready:
                break
            code = ready[0].match.id
            table = bracket_services.lowest_free_table(bracket.event)
            match = bracket_services.match_call(bracket=bracket, code=code, table=table)
            slot = sum(map(ord, code)) % 2
            for _game in range(bracket.games_to_win):
                table_ = Table.objects.get(
                    round__bracket_game__match=match, round__status=Round.Status.IN_PLAY
                )
                _win_game(table_, slot)
                match = Match.objects.get(pk=match.pk)
                if match.winner_slot is not None:
                    break
            played.append(code)
        return {"played": played}

    def _win_game(table, slot):
        ns, ew = {"maker": "N", "tricks": 3}, {"maker": "E", "tricks": 3}
        points = table.rules().game_points
        hands = [ns, ew] * (points - 1) + [ns if slot == 0 else ew]
        for number, hand in enumerate(hands, start=1):
            services.hand_record(table=table, number=number, data=hand)
        opponent = table.seats.get(position="E").player
        services.table_confirm(
            table=table,
            player=opponent,
            seen=services.table_fingerprint(table.hands.order_by("number")),
        )

    def do_correct(event, maker="W", tricks=4):
        """The director's correction of round 1's first hand at the first table."""
        hand = (
            Hand.objects.filter(table__round__event__uid=event, table__round__number=1)
            .order_by("table__number", "number")
            .first()
        )
        user = get_user_model().objects.get(username=DIRECTOR[0])
        services.hand_correct(
            hand=hand, data={"maker": maker, "tricks": tricks}, reason="Misread", user=user
        )
        return {"hand": hand.pk}

    def do_ids(slug):
        club = club_of(slug)
        return {
            "club": str(club.uid),
            "events": {str(e.uid): e.pk for e in Event.objects.filter(club=club)},
            "players": {str(p.uid): p.pk for p in Player.objects.filter(club=club)},
            "played": {
                str(e.uid): sorted(str(u) for u in e.entries.values_list("player__uid", flat=True))
                for e in Event.objects.filter(club=club)
            },
        }

    def do_counts(uids):
        """Per event uid: how many copies, rounds and hands the database holds."""
        found = {}
        for uid in uids:
            events = Event.objects.filter(uid=uid)
            found[uid] = {
                "copies": events.count(),
                "rounds": Round.objects.filter(event__uid=uid).count(),
                "hands": Hand.objects.filter(table__round__event__uid=uid).count(),
                "entries": Entry.objects.filter(event__uid=uid).count(),
            }
        found["*players_by_uid_doubled"] = list(
            Player.objects.values("uid").annotate(n=Count("pk")).filter(n__gt=1).values("uid")
        )
        return found

    def do_key(slug, laptop):
        from publishing.models import PublishingKey

        key = PublishingKey.objects.filter(club__slug=slug, laptop_name=laptop).latest("pk")
        return {"key_id": key.key_id, "secret": key.secret, "revoked": bool(key.revoked_at)}

    def do_queue(slug):
        from publishing.models import Link, Pending

        link = Link.objects.filter(club__slug=slug).first()
        return {
            "pending": Pending.objects.filter(club__slug=slug).count(),
            "linked": link is not None,
            "last_error": link.last_error if link else "",
        }

    def do_snapshot(event):
        """The laptop's snapshot of one night, as the sender builds it (for crafted requests)."""
        from publishing import snapshot

        event = Event.objects.get(uid=event)
        found = {
            "club": snapshot.club_snapshot(event.club),
            "event": snapshot.event_snapshot(event),
        }
        return json.loads(json.dumps(found, default=str))

    def do_figures(event):
        """The night's public page's tables, as the laptop serves it, read without its server
        running (while a test keeps it stopped)."""
        from django.test import Client

        event = Event.objects.get(uid=event)
        page = Client().get(f"/c/{event.club.slug}/events/{event.pk}/", HTTP_HOST="127.0.0.1")
        assert page.status_code == 200, page.status_code
        return figures(page.content.decode())

    def do_published(slug):
        from publishing.models import Published

        return {
            str(p.event.uid): {"laptop": p.laptop_name, "changes": p.changes}
            for p in Published.objects.filter(event__club__slug=slug).select_related("event")
        }

    def do_player(slug, name):
        """A roster player (the laptop's roster is published to the server with the club)."""
        player, _ = Player.objects.get_or_create(club=club_of(slug), name=name)
        return {"player": str(player.uid)}

    def do_signups(event):
        """A night's sign-ups as this side keeps them."""
        from signup.models import SignUp

        return [
            {
                "uid": str(s.uid),
                "name": s.name,
                "status": s.status,
                "arrival": s.arrival,
                "pk": s.pk,
                "copy": s.token is None,
                "player": str(s.player.uid) if s.player_id else None,
                "entered": bool(s.entry_id),
            }
            for s in SignUp.objects.filter(event__uid=event).select_related("player")
        ]

    actions = {name[3:]: f for name, f in locals().items() if name.startswith("do_")}
    # A process of the app keeps which clubs are linked for a few seconds (publishing/queue.py)
    # and forgets it when it links one itself; this one never does, so it forgets each time.
    with contextlib.suppress(ImportError):
        from publishing import queue

        queue.forget_links()
    return [actions[name](**arguments) for name, arguments in steps]


def _worker() -> None:
    """Steps read one batch a line from stdin, each batch's answer written as one line."""
    import traceback

    for line in sys.stdin:
        try:
            answer = {"done": _steps(json.loads(line))}
        except Exception:
            answer = {"error": traceback.format_exc()}
        finally:
            from django.db import connections

            # Nothing held between batches: the laptop's SQLite is the hall's too.
            connections.close_all()
        print(ANSWER + json.dumps(answer), flush=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--worker"]:
        _worker()
    else:
        print(json.dumps(_steps(json.loads(sys.argv[1]))))

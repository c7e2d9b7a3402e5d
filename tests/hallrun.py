"""The hall as a director starts it (`python3 euchre.py hall`), for the tests that need the
real thing: its own server, in its own process group, stopped as a terminal's Ctrl-C stops it
or killed outright. And the phones that talk to it over loopback.

Run as a script, it builds a club night in the database SQLITE_PATH names, and prints the
tables as JSON: `python tests/hallrun.py world TABLES`.
"""

import asyncio
import contextlib
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
HALL_ADDRESS = "192.0.2.7"  # a documentation address: nothing ever talks to it
DIRECTOR = ("dora", "dora-pass-123")
HANDS = [
    {"maker": "N", "tricks": "3"},
    {"maker": "E", "tricks": "5", "alone": "on"},
    {"maker": "S", "tricks": "1"},
    {"maker": "W", "tricks": "4"},
    {"maker": "N", "tricks": "5"},
    {"maker": "E", "tricks": "3"},
    {"maker": "S", "tricks": "4"},
    {"maker": "W", "tricks": "2"},
]
# Names in the two right-to-left scripts the roster accepts, for the printouts.
ARABIC, HEBREW = "ليلى حداد", "נועה כהן"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def base_python() -> Path:
    """The Python the suite's environment was made from: what a director would have."""
    return Path(getattr(sys, "_base_executable", sys.executable))


def copy_app(target: Path) -> Path:
    """The app's folder as a director would download it: no environment, database or caches."""
    skip = shutil.ignore_patterns(
        ".git", ".venv*", "node_modules", "staticfiles", "*.sqlite3*", "__pycache__", ".*cache"
    )
    shutil.copytree(ROOT, target, ignore=skip)
    return target


class Hall:
    """`euchre.py hall` in `folder`, with its data in `data`, on a free loopback port."""

    def __init__(self, folder: Path, data: Path, port: int | None = None, **env: str):
        self.folder, self.data, self.port = folder, data, port or free_port()
        self.log = data / f"hall-{self.port}.log"
        self.env = {
            **{k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SECRET_KEY")},
            "PORT": str(self.port),
            "HALL_ADDRESS": HALL_ADDRESS,
            "DATA_DIR": str(data),
            # The suite's own packages: the hall needs no network to install them again.
            "EUCHRE_VENV": sys.prefix,
            "THREADS": "8",
            **env,
        }
        for name in ("SQLITE_PATH", "PDF_FONT_DIR", "HALL", "PUBLIC_URL"):
            if name not in env:
                self.env.pop(name, None)
        if folder == ROOT and "SQLITE_PATH" not in env:
            # Named, so the hall never takes a developer's db.sqlite3 from the app's folder
            # for an earlier version's (only a copy of the app tests that).
            self.env["SQLITE_PATH"] = str(data / "euchre.sqlite3")
        self.process = None

    @property
    def database(self) -> Path:
        return Path(self.env.get("SQLITE_PATH") or self.data / "euchre.sqlite3")

    @property
    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def start(self, timeout: float = 90) -> "Hall":
        self.data.mkdir(parents=True, exist_ok=True)
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [str(base_python()), "euchre.py", "hall"],
                cwd=self.folder,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                # Its own process group, as a terminal's foreground job: Ctrl-C reaches all.
                start_new_session=True,
            )
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                raise AssertionError(
                    f"the hall stopped ({self.process.returncode}):\n{self.output}"
                )
            with contextlib.suppress(OSError):
                if get(self.port, "/health/").status == 200:
                    return self
            if time.monotonic() > deadline:
                self.kill()
                raise AssertionError(f"the hall did not answer in {timeout} s:\n{self.output}")
            time.sleep(0.2)

    def signal(self, sig: int) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, sig)

    def interrupt(self, timeout: float = 30) -> int:
        """Ctrl-C, as the terminal sends it to the whole foreground group; the exit code."""
        self.signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=timeout)
        finally:
            self.kill()

    def kill(self) -> None:
        """kill -9 of the launcher, the server and anything else of theirs."""
        if self.process is not None:
            self.signal(signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=15)

    def manage(self, *arguments: str, **env: str) -> subprocess.CompletedProcess:
        """A manage.py command against the hall's database, as `euchre.py manage` runs it."""
        command = [str(base_python()), "euchre.py", "manage", *arguments]
        process = subprocess.Popen(
            command,
            cwd=self.folder,
            env={**self.env, **env},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            start_new_session=True,  # on a timeout, everything it started goes too
        )
        try:
            out, err = process.communicate(timeout=300)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            out, err = process.communicate()
            raise AssertionError(f"{arguments} did not end:\n{out}\n{err}") from None
        return subprocess.CompletedProcess(command, process.returncode, out, err)

    def build_world(self, tables: int) -> dict:
        result = subprocess.run(
            [sys.executable, str(ROOT / "tests" / "hallrun.py"), "world", str(tables)],
            cwd=self.folder,
            env={**self.env, "SQLITE_PATH": str(self.database)},
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=300,
        )
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)


def get(port: int, path: str, host: str | None = None, headers: dict | None = None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        conn.request("GET", path, headers={"Host": host or f"127.0.0.1:{port}", **(headers or {})})
        response = conn.getresponse()
        response.body = response.read()
        return response
    finally:
        conn.close()


# --- Phones over loopback: a tiny HTTP client, many at once ----------------------------------


async def send(port: int, method: str, path: str, body: bytes = b"", cookie: str = ""):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close"]
    if cookie:
        head.append(f"Cookie: {cookie}")
    if body:
        head += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
    writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
    await writer.drain()
    data = await reader.read()
    writer.close()
    if not data:
        raise ConnectionError("no answer")
    return int(data.split(b" ", 2)[1]), data


class Captain:
    """One table's phone: it opens the table by its card, then enters hands in order."""

    def __init__(self, port: int, card: str, table: int):
        self.port, self.card, self.table = port, card, table
        self.cookie = self.form_token = ""

    async def open(self) -> None:
        status, data = await send(self.port, "GET", f"/t/{self.card}/?table={self.table}")
        assert status == 200, data[:300]
        self.cookie = "csrftoken=" + re.search(rb"csrftoken=([^;]+)", data).group(1).decode()
        token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', data).group(1)
        self.form_token = token.decode()

    def _body(self, number: int, **more) -> bytes:
        hand = HANDS[(number - 1) % len(HANDS)]
        fields = {"csrfmiddlewaretoken": self.form_token, "number": number, **hand, **more}
        return urlencode(fields).encode()

    async def confirm(self, number: int) -> int:
        """The captain's Confirm of hand `number`: 302 once recorded."""
        path = f"/t/{self.card}/hand/?table={self.table}"
        status, _ = await send(
            self.port, "POST", path, self._body(number, action="confirm"), self.cookie
        )
        return status

    async def send_kept(self, number: int) -> str:
        """A hand kept on the phone, sent again: the app's JSON answer's state."""
        path = f"/t/{self.card}/send/?table={self.table}"
        status, data = await send(self.port, "POST", path, self._body(number), self.cookie)
        return json.loads(data.split(b"\r\n\r\n", 1)[1])["state"]


def hands_stored(database: Path) -> dict[int, list[int]]:
    """Each table's hand numbers in the database, in order."""
    import sqlite3

    with contextlib.closing(sqlite3.connect(database)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        stored: dict[int, list[int]] = {}
        for table, number in db.execute(
            "SELECT table_id, number FROM tournaments_hand ORDER BY table_id, number"
        ):
            stored.setdefault(table, []).append(number)
    return stored


# --- The night, built in the hall's database ---------------------------------------------------


def build_world(tables: int) -> dict:
    import datetime

    import django

    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.contrib.auth import get_user_model

    from clubs.models import Club, ClubDirector, Player
    from tournaments import services
    from tournaments.models import Event

    club = Club.objects.create(name="Maple Hall Euchre Club", slug="maple-hall")
    user = get_user_model().objects.create_user(DIRECTOR[0], password=DIRECTOR[1])
    ClubDirector.objects.create(club=club, user=user)
    names = [ARABIC, HEBREW] + [f"Player {n:03}" for n in range(3, tables * 4 + 1)]
    players = Player.objects.bulk_create(Player(club=club, name=name) for name in names)
    event = Event.objects.create(
        club=club,
        name="Thursday night",
        date=datetime.date(2026, 11, 26),
        rounds_planned=1,
        hands_per_round=len(HANDS),
    )
    services.entries_add(event=event, players=players)
    round_ = services.round_seat(event=event, seed=1)
    return {
        "event": event.pk,
        "tables": [[t.card().token, t.pk] for t in round_.tables.order_by("number")],
    }


if __name__ == "__main__":
    if sys.argv[1:2] == ["world"]:
        print(json.dumps(build_world(int(sys.argv[2]))))

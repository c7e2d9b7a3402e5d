"""`make hall`: the laptop serves a club night to the phones on the room's Wi-Fi.

The settings are read fresh in a subprocess for each environment. The end-to-end test starts
bin/hall itself with a documentation address (192.0.2.7) as the hall address, so nothing ever
talks to a real network: every request goes to 127.0.0.1.
"""

import contextlib
import http.client
import io
import ipaddress
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings

from config.hall import lan_address

HALL_VARIABLES = ("HALL", "HALL_ADDRESS", "PORT", "PUBLIC_URL", "ALLOWED_HOSTS")
SECRET = "t3st-hall-key-Zq8vN_w9pLx2TfYb7RcUe5HsJm4GaDn6VoQi1KzXyWlPrEtBuCdFg"
QR_CHARACTERS = set("█▀▄ ")


def _clean_env(**env: str) -> dict[str, str]:
    dropped = (*HALL_VARIABLES, "DEBUG", "HTTPS", "SECRET_KEY", "DATABASE_URL")
    return {**{k: v for k, v in os.environ.items() if k not in dropped}, **env}


def _settings(**env: str) -> subprocess.CompletedProcess:
    """config/settings.py imported fresh under the given environment; its answers as JSON."""
    code = (
        "import json; from config import settings as s; "
        "print(json.dumps({'PUBLIC_URL': s.PUBLIC_URL, 'ALLOWED_HOSTS': s.ALLOWED_HOSTS}))"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=settings.BASE_DIR,
        env=_clean_env(**env),
        capture_output=True,
        text=True,
        timeout=60,
    )


def _read(**env: str) -> dict:
    result = _settings(**env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_public_url_is_empty_by_default_so_links_follow_the_request():
    assert _read()["PUBLIC_URL"] == ""


def test_hall_mode_serves_at_the_hall_address_and_allows_it():
    found = _read(HALL="true", HALL_ADDRESS="192.0.2.7", PORT="8123", SECRET_KEY=SECRET)
    assert found["PUBLIC_URL"] == "http://192.0.2.7:8123"
    assert "192.0.2.7" in found["ALLOWED_HOSTS"]
    assert "127.0.0.1" in found["ALLOWED_HOSTS"]
    assert found["ALLOWED_HOSTS"].count("192.0.2.7") == 1


def test_an_ipv6_hall_address_is_bracketed():
    found = _read(HALL="true", HALL_ADDRESS="2001:db8::7", SECRET_KEY=SECRET)
    assert found["PUBLIC_URL"] == "http://[2001:db8::7]:8000"
    assert "[2001:db8::7]" in found["ALLOWED_HOSTS"]


def test_an_explicit_public_url_loses_its_slash_and_its_host_is_allowed():
    found = _read(PUBLIC_URL="https://euchre.example.org/")
    assert found["PUBLIC_URL"] == "https://euchre.example.org"
    assert "euchre.example.org" in found["ALLOWED_HOSTS"]


def test_an_explicit_public_url_wins_over_the_hall_address():
    found = _read(
        HALL="true", HALL_ADDRESS="192.0.2.7", PUBLIC_URL="http://euchre.lan", SECRET_KEY=SECRET
    )
    assert found["PUBLIC_URL"] == "http://euchre.lan"
    assert {"192.0.2.7", "euchre.lan"} <= set(found["ALLOWED_HOSTS"])


@pytest.mark.parametrize("value", ["euchre.example.org", "ftp://euchre.example.org", "http://"])
def test_a_public_url_that_is_not_a_web_address_is_refused(value):
    result = _settings(PUBLIC_URL=value)
    assert result.returncode != 0
    assert f"PUBLIC_URL is {value!r}: use a full address" in result.stderr


def test_hall_mode_refuses_the_public_development_key():
    result = _settings(HALL="true", HALL_ADDRESS="192.0.2.7")
    assert result.returncode != 0
    assert "HALL is on but SECRET_KEY is not set" in result.stderr


def test_lan_address_is_an_ipv4_address():
    address = lan_address()
    assert isinstance(address, str)
    assert isinstance(ipaddress.ip_address(address), ipaddress.IPv4Address)


# --- bin/hall, end to end ------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _get(port: int, path: str, host: str | None = None) -> http.client.HTTPResponse:
    """A GET to the server on loopback; `host` is the Host header a phone would send."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers={"Host": host or f"127.0.0.1:{port}"})
    response = conn.getresponse()
    response.read()
    conn.close()
    return response


class Hall:
    def __init__(self, port: int, log: Path, secret_file: Path):
        self.port, self.log, self.secret_file = port, log, secret_file

    @property
    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hall")
    port = _free_port()
    log = folder / "output.txt"
    secret_file = folder / "secret-key"
    env = _clean_env(
        PORT=str(port),
        WORKERS="2",
        HALL_ADDRESS="192.0.2.7",
        SQLITE_PATH=str(folder / "hall.sqlite3"),
        HALL_SECRET_FILE=str(secret_file),
    )
    with log.open("wb") as out:
        proc = subprocess.Popen(
            ["bin/hall"],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,  # its own process group: gunicorn and workers go together
        )
    try:
        deadline = time.monotonic() + 60
        last = "no answer"
        while True:
            if proc.poll() is not None:
                pytest.fail(f"bin/hall stopped ({proc.returncode}):\n{log.read_text()}")
            try:
                last = _get(port, "/health/").status
                if last == 200:
                    break
            except OSError as error:
                last = repr(error)
            if time.monotonic() > deadline:
                pytest.fail(f"bin/hall did not answer within 60 s ({last}):\n{log.read_text()}")
            time.sleep(0.3)
        yield Hall(port, log, secret_file)
    finally:
        # The whole group: bin/hall's exec'd gunicorn and its workers (and migrate, if early).
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(proc.pid, sig)
            except ProcessLookupError:
                break
            try:
                proc.wait(timeout=15)
                break
            except subprocess.TimeoutExpired:
                continue
        with contextlib.suppress(ProcessLookupError):  # any worker left behind
            os.killpg(proc.pid, signal.SIGKILL)


def test_hall_prints_the_address_and_a_qr_code_for_phones(hall):
    output = hall.output
    assert f"Phones on this Wi-Fi: http://192.0.2.7:{hall.port}/" in output
    # Lines of the code's own characters, with ink on them (a log line of blanks is no part
    # of the code: one came by when the machine was busy).
    qr_lines = [
        line for line in output.splitlines() if set(line) <= QR_CHARACTERS and set(line) - {" "}
    ]
    assert len(qr_lines) >= 10, output
    assert len({len(line) for line in qr_lines}) == 1, "the QR code's lines are one width"
    # A fresh database: the banner says how to make the director's account.
    assert ".venv/bin/python manage.py createsuperuser" in output


def test_hall_answers_phones_that_name_the_hall_address(hall):
    assert _get(hall.port, "/health/", host=f"192.0.2.7:{hall.port}").status == 200


def test_hall_refuses_a_host_it_does_not_serve(hall):
    assert _get(hall.port, "/health/", host="evil.example").status == 400


def test_hall_serves_collected_static_files_under_gunicorn(hall):
    response = _get(hall.port, "/static/euchre.css")
    assert response.status == 200
    assert "gunicorn" in (response.getheader("Server") or "").lower()


def test_hall_listens_on_every_interface(hall):
    """The phones reach the laptop on its Wi-Fi address, so the socket is bound to 0.0.0.0."""
    listening = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        if state == "0A":  # LISTEN
            address, port = local.split(":")
            listening.add((address, int(port, 16)))
    assert ("00000000", hall.port) in listening


def test_hall_makes_its_own_secret_key_readable_only_by_its_owner(hall):
    assert hall.secret_file.stat().st_mode & 0o777 == 0o600
    key = hall.secret_file.read_text().strip()
    assert len(key) >= 50
    assert key != "dev-only-insecure-key-change-me"


def test_the_banner_leads_players_to_each_clubs_page(club, settings):
    from django.core.management import call_command

    settings.PUBLIC_URL = "http://192.0.2.7:8000"
    out = io.StringIO()
    call_command("hall_banner", stdout=out)
    assert "http://192.0.2.7:8000/c/maple-hall/  (Maple Hall Euchre Club)" in out.getvalue()

"""`python3 euchre.py hall`: the laptop serves a club night to the phones on the room's Wi-Fi.

The settings are read fresh in a subprocess for each environment. The end-to-end tests copy the
app to a new folder and start `euchre.py hall` there, as a director would, with a documentation
address (192.0.2.7) as the hall address, so nothing ever talks to a real network: every request
goes to 127.0.0.1 (tests/hallrun.py).
"""

import contextlib
import http.client
import io
import ipaddress
import json
import os
import re
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.conf import settings
from hallrun import ARABIC, DIRECTOR, HALL_ADDRESS, HEBREW, Hall, base_python, copy_app, get
from pypdf import PdfReader

from config.hall import lan_address

HALL_VARIABLES = ("HALL", "HALL_ADDRESS", "PORT", "PUBLIC_URL", "ALLOWED_HOSTS", "DATA_DIR")
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
    result = _settings(
        HALL="true", HALL_ADDRESS="192.0.2.7", SECRET_KEY="dev-only-insecure-key-change-me"
    )
    assert result.returncode != 0
    assert "HALL is on with the public development key" in result.stderr


def test_hall_mode_makes_a_key_once_and_keeps_it(tmp_path):
    first = _key(tmp_path)
    assert len(first) >= 50
    assert _key(tmp_path) == first
    assert (tmp_path / "hall-secret-key").read_text().strip() == first


def test_hall_mode_takes_over_an_earlier_versions_key_from_the_app_folder(tmp_path):
    """An update logs no one out: the key an earlier version kept in the app's folder."""
    from config.hall import secret_key

    app = tmp_path / "app"
    app.mkdir()
    (app / ".hall-secret-key").write_text("an-earlier-key-" + "x" * 50 + "\n")
    assert secret_key(tmp_path / "data" / "hall-secret-key", app) == "an-earlier-key-" + "x" * 50
    assert (tmp_path / "data" / "hall-secret-key").read_text().startswith("an-earlier-key-")


def _key(data_dir) -> str:
    result = subprocess.run(
        [sys.executable, "-c", "from config import settings as s; print(s.SECRET_KEY)"],
        cwd=settings.BASE_DIR,
        env=_clean_env(HALL="true", HALL_ADDRESS="192.0.2.7", DATA_DIR=str(data_dir)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_lan_address_is_an_ipv4_address():
    address = lan_address()
    assert isinstance(address, str)
    assert isinstance(ipaddress.ip_address(address), ipaddress.IPv4Address)


# --- `python3 euchre.py hall`, end to end, from a copy of the app ----------------------------


def _login(port: int) -> str:
    """The director logs in over loopback, as on the laptop; the session's cookies."""
    page = get(port, "/accounts/login/")
    csrf = re.search(rb"csrftoken=([^;]+)", page.getheader("Set-Cookie").encode()).group(1)
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page.body).group(1)
    body = urlencode(
        {"csrfmiddlewaretoken": token, "username": DIRECTOR[0], "password": DIRECTOR[1]}
    )
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    conn.request(
        "POST",
        "/accounts/login/",
        body=body,
        headers={
            "Host": f"127.0.0.1:{port}",
            "Cookie": f"csrftoken={csrf.decode()}",
            "Content-Type": "application/x-www-form-urlencoded",
        },
    )
    response = conn.getresponse()
    response.read()
    conn.close()
    assert response.status == 302, response.status
    session = re.search(r"sessionid=([^;]+)", response.getheader("Set-Cookie")).group(1)
    return f"csrftoken={csrf.decode()}; sessionid={session}"


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    """The app copied to a new folder and started there with `euchre.py hall`, with nothing on
    PATH but a Python interpreter's folder: no make, no bash, no apt."""
    folder = copy_app(tmp_path_factory.mktemp("download") / "euchre-scores")
    python_only = str(base_python().parent)
    started = Hall(folder, tmp_path_factory.mktemp("data"), PATH=python_only)
    started.start()
    started.world = started.build_world(tables=2)
    yield started
    started.kill()


def test_the_hall_starts_with_nothing_but_python_on_path(hall):
    path = hall.env["PATH"]
    assert os.pathsep not in path
    for tool in ("make", "bash", "sh", "apt-get", "dpkg", "sudo", "gcc"):
        assert shutil.which(tool, path=path) is None, tool
    assert "PDF_FONT_DIR" not in hall.env


def test_hall_prints_the_address_and_a_qr_code_for_phones(hall):
    output = hall.output
    assert f"Phones on this Wi-Fi: http://{HALL_ADDRESS}:{hall.port}/" in output
    # Lines of the code's own characters, with ink on them (a log line of blanks is no part
    # of the code: one came by when the machine was busy).
    qr_lines = [
        line for line in output.splitlines() if set(line) <= QR_CHARACTERS and set(line) - {" "}
    ]
    assert len(qr_lines) >= 10, output
    assert len({len(line) for line in qr_lines}) == 1, "the QR code's lines are one width"
    # A fresh database: the banner says how to make the director's account, and where the
    # club's data lives (the data folder, not the app's folder).
    assert "euchre.py manage createsuperuser" in output
    assert f"The club's data: {hall.data / 'euchre.sqlite3'}" in output


def test_hall_answers_the_home_page_a_captains_table_and_phones_naming_its_address(hall):
    assert get(hall.port, "/").status == 200
    assert get(hall.port, "/health/", host=f"{HALL_ADDRESS}:{hall.port}").status == 200
    card, table = hall.world["tables"][0]
    page = get(hall.port, f"/t/{card}/?table={table}", host=f"{HALL_ADDRESS}:{hall.port}")
    assert page.status == 200
    assert b'id="captain"' in page.body


def test_hall_prints_tally_cards_in_any_script_with_its_own_font(hall):
    cookies = _login(hall.port)
    pdf = get(
        hall.port,
        f"/events/{hall.world['event']}/print/tally-cards.pdf",
        headers={"Cookie": cookies},
    )
    assert pdf.status == 200, pdf.body[:300]
    reader = PdfReader(io.BytesIO(pdf.body))
    text = unicodedata.normalize("NFKC", " ".join(p.extract_text() for p in reader.pages))
    assert ARABIC in text and HEBREW in text
    fonts = {
        str(font.get_object()["/BaseFont"])
        for page in reader.pages
        for font in page["/Resources"]["/Font"].values()
    }
    assert any(f.endswith("+DejaVuSans") for f in fonts), fonts
    # The font files drawn are the copy's own: the hall's settings point inside it.
    found = hall.manage(
        "shell", "-c", "from django.conf import settings as s; print(s.PDF_FONT_DIR)"
    )
    assert found.returncode == 0, found.stderr
    fonts = hall.folder / "tournaments" / "printouts" / "fonts"
    assert Path(found.stdout.splitlines()[-1]) == fonts


def test_hall_refuses_a_host_it_does_not_serve(hall):
    assert get(hall.port, "/health/", host="evil.example").status == 400


def test_hall_serves_collected_static_files_with_waitress(hall):
    response = get(hall.port, "/static/euchre.css")
    assert response.status == 200
    assert (response.getheader("Server") or "").lower() == "waitress"
    assert (hall.folder / "staticfiles" / "euchre.css").is_file()


def test_hall_listens_on_every_interface(hall):
    """The phones reach the laptop on its Wi-Fi address, so the socket is bound to 0.0.0.0."""
    listening = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        if state == "0A":  # LISTEN
            address, port = local.split(":")
            listening.add((address, int(port, 16)))
    assert ("00000000", hall.port) in listening


def test_hall_makes_its_own_secret_key_in_the_data_folder_readable_by_its_owner(hall):
    secret_file = hall.data / "hall-secret-key"
    assert secret_file.stat().st_mode & 0o777 == 0o600
    key = secret_file.read_text().strip()
    assert len(key) >= 50
    assert key != "dev-only-insecure-key-change-me"
    assert not (hall.folder / ".hall-secret-key").exists()


def test_the_banner_leads_players_to_each_clubs_page(club, settings):
    from django.core.management import call_command

    settings.PUBLIC_URL = "http://192.0.2.7:8000"
    out = io.StringIO()
    call_command("hall_banner", stdout=out)
    assert "http://192.0.2.7:8000/c/maple-hall/  (Maple Hall Euchre Club)" in out.getvalue()


def _banner(settings) -> str:
    from django.core.management import call_command

    settings.PUBLIC_URL = "http://192.0.2.7:8000"
    out = io.StringIO()
    call_command("hall_banner", stdout=out)
    return out.getvalue()


@pytest.mark.parametrize(
    "name, value, printed",
    [
        (
            "SQLITE_PATH",
            "/srv/club data/euchre.sqlite3",
            "SQLITE_PATH='/srv/club data/euchre.sqlite3' ",
        ),
        (
            "DATABASE_URL",
            "postgres://dora:s3cret@db:5432/euchre",
            "DATABASE_URL=postgres://dora:s3cret@db:5432/euchre ",
        ),
        ("DATA_DIR", "/srv/euchre-data", "DATA_DIR=/srv/euchre-data "),
    ],
)
def test_the_banners_createsuperuser_reaches_the_database_the_hall_serves(
    db, settings, monkeypatch, name, value, printed
):
    """Without the setting, the account would land in the default database and the login at
    the hall would fail with only "Please enter a correct username and password"."""
    for variable in ("DATABASE_URL", "SQLITE_PATH", "DATA_DIR"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv(name, value)
    monkeypatch.setenv("EUCHRE_COMMAND", "python3 euchre.py")
    assert f"    {printed}python3 euchre.py manage createsuperuser\n" in _banner(settings)


def test_the_banners_createsuperuser_names_the_setting_that_wins(db, settings, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://db/euchre")
    monkeypatch.setenv("SQLITE_PATH", "/x/y.sqlite3")
    banner = _banner(settings)
    assert "DATABASE_URL=postgres://db/euchre " in banner
    assert "SQLITE_PATH" not in banner


def test_the_banners_createsuperuser_on_the_default_database_carries_no_setting(
    db, settings, monkeypatch
):
    for variable in ("DATABASE_URL", "SQLITE_PATH", "DATA_DIR"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("EUCHRE_COMMAND", "python3 euchre.py")
    assert "\n    python3 euchre.py manage createsuperuser\n" in _banner(settings)


def test_the_banner_on_a_fresh_database_says_how_the_players_page_comes(db, settings):
    lines = _banner(settings).splitlines()
    at = next(i for i, line in enumerate(lines) if "Players find their seat" in line)
    assert not lines[at].endswith(":")
    assert lines[at + 1] == "    http://192.0.2.7:8000/"
    assert "set up the club" in lines[at + 2]


def test_the_banner_with_only_private_clubs_says_where_to_show_the_results(club, settings):
    club.results_public = False
    club.save()
    banner = _banner(settings)
    assert "/c/maple-hall/" not in banner
    assert "once a club shows its results to players (Club settings)" in banner


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_serves_the_demo_on_the_port_it_is_given(tmp_path):
    """`make run` takes PORT as `make hall` does (README: PORT=8001 picks another port)."""
    import signal
    import time

    from hallrun import free_port

    port = free_port()
    env = {
        **_clean_env(),
        "PORT": str(port),
        "PYTHON": str(base_python()),
        "SQLITE_PATH": str(tmp_path / "demo.sqlite3"),
        "DATA_DIR": str(tmp_path / "data"),
        "EUCHRE_VENV": sys.prefix,  # the suite's packages: nothing to install
    }
    log = tmp_path / "run.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            ["make", "run"],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,  # its own group: Ctrl-C reaches make, euchre.py, the server
        )
    try:
        deadline = time.monotonic() + 120
        while True:
            assert process.poll() is None, log.read_text(errors="replace")
            with contextlib.suppress(OSError):
                if get(port, "/health/").status == 200:
                    break
            assert time.monotonic() < deadline, log.read_text(errors="replace")
            time.sleep(0.2)
        assert f"Serving on http://127.0.0.1:{port}/" in log.read_text(errors="replace")
        assert get(port, "/").status == 200
    finally:
        os.killpg(process.pid, signal.SIGINT)
        try:
            process.wait(timeout=30)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)

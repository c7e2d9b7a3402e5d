"""`euchre.py`, the one command on every system, when something is wrong: each case answers in
words that say what to do, and nothing is left half done."""

import ast
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from hallrun import ROOT, Hall, base_python

LAUNCHER = ROOT / "euchre.py"


def _older_pythons() -> list[Path]:
    found = []
    for folder in sorted(Path.home().glob(".pyenv/versions/3.*/bin")):
        python = folder / "python3"
        if python.is_file():
            version = subprocess.run(
                [str(python), "-c", "import sys; print(sys.version_info[1])"],
                capture_output=True,
                text=True,
            ).stdout.strip()
            if version.isdigit() and 6 <= int(version) < 11:
                found.append(python)
    return found


def test_the_launcher_parses_on_python_3_6_so_an_old_python_hears_what_it_needs():
    ast.parse(LAUNCHER.read_text(encoding="utf-8"), feature_version=(3, 6))


@pytest.mark.parametrize("python", _older_pythons() or [None], ids=lambda p: str(p))
def test_an_older_python_is_told_the_version_needed(python, tmp_path):
    if python is None:
        pytest.skip("no Python older than 3.11 on this machine (the parse test covers it)")
    result = subprocess.run(
        [str(python), str(LAUNCHER), "hall"], capture_output=True, text=True, cwd=tmp_path
    )
    assert result.returncode == 1
    assert "This app needs Python 3.11 or newer, and this is Python 3." in result.stderr
    assert "python.org" in result.stderr


def test_a_port_in_use_is_named_with_what_to_do(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        hall = Hall(ROOT, tmp_path, port=port)
        result = hall.manage("serve", HALL="true")
    assert result.returncode == 1
    assert f"Port {port} is already in use on this computer" in result.stderr
    assert f"PORT={port + 1}" in result.stderr
    # It stopped before touching the database.
    assert not hall.database.exists()


def test_a_data_folder_that_cannot_be_written_is_named(tmp_path):
    in_the_way = tmp_path / "a-file"
    in_the_way.write_text("not a folder")
    data = in_the_way / "data"
    hall = Hall(ROOT, tmp_path, DATA_DIR=str(data), SQLITE_PATH=str(data / "euchre.sqlite3"))
    result = hall.manage("serve", HALL="true")
    assert result.returncode == 1
    assert result.stderr.startswith("Cannot start: The hall's secret key cannot be kept in")
    assert "Set DATA_DIR to a folder you may write to" in result.stderr
    assert "Traceback" not in result.stderr
    # The same folder for the database alone (no hall, so no key to keep).
    result = hall.manage("serve")
    assert result.returncode == 1
    assert "The club's database cannot be kept in" in result.stderr
    assert "Set DATA_DIR (or SQLITE_PATH) to a folder you may write to" in result.stderr


def test_an_app_folder_that_cannot_be_written_is_named(tmp_path, capsys):
    sys.path.insert(0, str(ROOT))
    try:
        import euchre
    finally:
        sys.path.remove(str(ROOT))
    not_a_folder = tmp_path / "a-file"
    not_a_folder.write_text("")
    with pytest.raises(SystemExit) as stopped:
        euchre.check_writable(not_a_folder)
    assert "The app cannot write in its folder" in str(stopped.value)
    assert "Documents folder" in str(stopped.value)


def test_no_package_index_on_the_first_start_says_to_connect_once(tmp_path):
    """The first start with the package index out of reach: a clear word, no half-made
    install (the next start tries again), and no database made."""
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        index = f"http://127.0.0.1:{closed.getsockname()[1]}/simple/"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "EUCHRE_"))}
    env.update(
        PIP_CONFIG_FILE=os.devnull,
        PIP_INDEX_URL=index,
        PIP_RETRIES="0",
        EUCHRE_VENV=str(tmp_path / "venv"),
        DATA_DIR=str(tmp_path / "data"),
        PATH=str(base_python().parent),
    )
    result = subprocess.run(
        [str(base_python()), str(LAUNCHER), "hall"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 1, result.stdout
    assert "The app's packages could not be installed" in result.stderr
    assert "connect this computer to the internet and run the same command again" in (result.stderr)
    assert not (tmp_path / "venv" / ".euchre-installed").exists()
    assert not (tmp_path / "data").exists()


@pytest.mark.skipif(not shutil.which("unshare"), reason="util-linux's unshare is missing")
def test_a_laptop_with_no_network_is_told_phones_cannot_reach_it(tmp_path):
    """With no network at all (loopback alone, in a network namespace of its own), the hall's
    banner says so, and how the laptop itself still reaches the app."""
    env = {k: v for k, v in os.environ.items() if k not in ("HALL_ADDRESS", "DATABASE_URL")}
    env.update(HALL="true", DATA_DIR=str(tmp_path), PORT="8000", PYTHONUTF8="1")
    python = sys.executable
    script = (
        f"ip link set lo up && {python} manage.py migrate -v 0 && {python} manage.py hall_banner"
    )
    result = subprocess.run(
        ["unshare", "--net", "sh", "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "No network found: phones cannot reach this address." in result.stdout
    assert "http://127.0.0.1:8000/" in result.stdout


@pytest.mark.parametrize("arguments", [["--help"], ["-h"], ["demo", "--help"], ["hall", "-h"]])
def test_asking_for_help_says_what_each_command_does_and_starts_nothing(arguments):
    # Before, `euchre.py demo --help` started the demo server (and never returned).
    result = subprocess.run(
        [str(base_python()), str(LAUNCHER), *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "python3 euchre.py demo" in result.stdout + result.stderr
    assert "Starting" not in result.stdout + result.stderr

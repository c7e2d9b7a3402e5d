"""Start the euchre score app on any computer with Python 3.11 or newer: Windows, macOS, Linux.

    python3 euchre.py hall        serve a club night to the phones in the room
    python3 euchre.py demo        serve the demo club on http://127.0.0.1:8000/
    python3 euchre.py manage ...  a manage.py command, e.g. `manage createsuperuser`
    python3 euchre.py prepare     only install (--test: with the test tools)

On Windows, type `py` in place of `python3`. Run from the app's folder. It needs nothing but
Python: no make, bash, compiler or administrator rights. The first start makes the app's own
Python environment in .venv and downloads its packages there (the internet is needed once);
every later start works with no internet at all.

Written for the Python that starts it, before any package is installed: the standard library
only, and no syntax newer than Python 3.6, so that an older Python is told what it needs
instead of failing on the file itself.
"""

import sys

if sys.version_info < (3, 11):  # noqa: UP036 (this file runs before any check of the version)
    sys.exit(
        "This app needs Python 3.11 or newer, and this is Python {}.{}. Install a newer Python "
        "(python.org has it for Windows and macOS), then run the same command with it.".format(
            *sys.version_info[:2]
        )
    )

import os  # noqa: E402 (after the version check, on purpose)
import shutil  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import tomllib  # noqa: E402
import venv  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent
USAGE = __doc__.split("\n\n")[1]
STAMP = ".euchre-installed"  # in the environment: the requirements installed there


def say(text: str) -> None:
    print(text, flush=True)


def fail(text: str) -> None:
    sys.exit(f"\n{text}")


def environment() -> Path:
    # EUCHRE_VENV puts it elsewhere: the suite runs a second Python beside the first.
    return Path(os.environ.get("EUCHRE_VENV") or ROOT / ".venv").resolve()


def interpreter(folder: Path) -> Path | None:
    # bin/python on macOS and Linux, Scripts/python.exe on Windows: look for both.
    for sub in ("bin", "Scripts"):
        for name in ("python", "python.exe"):
            candidate = folder / sub / name
            if candidate.is_file():
                return candidate
    return None


def check_writable(folder: Path) -> None:
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        fail(
            f"The app cannot write in its folder {folder} ({exc.strerror}). Copy the whole "
            "folder somewhere of your own, such as your Documents folder, and run the same "
            "command there."
        )


def runs(python: Path) -> bool:
    try:
        return subprocess.run([str(python), "-c", "pass"], capture_output=True).returncode == 0
    except OSError:
        return False


def make_environment(folder: Path) -> Path:
    """The app's own Python environment, made once; made again if its Python is gone."""
    python = interpreter(folder)
    if python and runs(python):
        return python
    if (folder / "pyvenv.cfg").is_file():
        say(f"The app's Python environment in {folder} no longer works: making it again.")
        shutil.rmtree(folder)
    say(f"Making the app's own Python environment in {folder} (once).")
    try:
        venv.EnvBuilder(with_pip=True).create(folder)
    except (OSError, subprocess.CalledProcessError) as exc:
        shutil.rmtree(folder, ignore_errors=True)
        fail(
            f"Python could not make the environment ({exc}). On Debian or Ubuntu, install "
            "Python's venv module first: sudo apt install python3-venv"
        )
    python = interpreter(folder)
    if python is None:
        fail(f"Python made {folder} without a python in it: delete that folder and try again.")
    return python


def requirements(extras: list[str]) -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = list(project["dependencies"])
    for extra in extras:
        wanted += project["optional-dependencies"][extra]
    return wanted


def install(python: Path, folder: Path, extras: list[str]) -> None:
    """The packages pyproject.toml names, installed once; again only when it changes."""
    stamp = folder / STAMP
    done = set(stamp.read_text(encoding="utf-8").splitlines()) if stamp.is_file() else set()
    wanted = requirements(extras)
    if set(wanted) <= done:
        return
    say("Installing the app's packages (once; this needs the internet and takes a minute).")
    command = [str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    result = subprocess.run([*command, "--retries", "2", *wanted])
    if result.returncode != 0:
        fail(
            "The app's packages could not be installed (pip says why, above). The first start "
            "downloads them once: connect this computer to the internet and run the same "
            "command again. Nothing else was changed."
        )
    stamp.write_text("\n".join(sorted(done | set(wanted))) + "\n", encoding="utf-8")


def prepare(extras: list[str]) -> Path:
    folder = environment()
    check_writable(folder.parent)
    check_writable(ROOT)  # the static files are collected here
    python = make_environment(folder)
    install(python, folder, extras)
    return python


def child_environment() -> dict:
    env = dict(os.environ)
    # Names in any script, the QR code's blocks: UTF-8 on every system, whatever the console.
    env["PYTHONUTF8"] = "1"
    # How the user started the app, to repeat in the app's advice ("python3 euchre.py ...").
    env.setdefault("EUCHRE_COMMAND", f"{Path(sys.executable).stem} euchre.py")
    return env


def run(python: Path, arguments: list[str], env: dict) -> int:
    """manage.py in the app's environment, until it ends. Ctrl-C reaches it as well as this
    process; it finishes what is in flight and ends, and this process waits for it."""
    process = subprocess.Popen([str(python), "manage.py", *arguments], cwd=ROOT, env=env)
    while True:
        try:
            return process.wait()
        except KeyboardInterrupt:
            continue


HELP = ("-h", "--help", "help")


def main(arguments: list[str]) -> int:
    if arguments and arguments[0] in HELP:
        say(USAGE)
        return 0
    if not arguments or arguments[0] not in ("hall", "demo", "run", "manage", "prepare"):
        say(USAGE)
        return 2
    verb, rest = arguments[0], arguments[1:]
    # `demo --help` asks what the command does: say it, never start a server. A manage
    # command's own --help is manage.py's to answer.
    if verb != "manage" and any(word in HELP for word in rest):
        say(USAGE)
        return 0
    if verb == "prepare":
        prepare(["test"] if "--test" in rest else [])
        return 0
    python = prepare([])
    env = child_environment()
    if verb == "hall":
        env["HALL"] = "true"
        return run(python, ["serve"], env)
    if verb in ("demo", "run"):
        # The demo's own database, in the app's folder: the club's data stays apart.
        env.setdefault("SQLITE_PATH", str(ROOT / "demo.sqlite3"))
        return run(python, ["serve", "--demo"], env)
    return run(python, rest, env)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

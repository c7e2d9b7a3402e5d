"""Hall mode (`python3 euchre.py hall`): the laptop serves a club night to the phones on the
room's Wi-Fi. Read by the settings, so nothing here imports Django."""

import contextlib
import os
import secrets
import socket
from pathlib import Path


def lan_address() -> str:
    """The laptop's IPv4 address on its local network, the one phones on the same Wi-Fi reach.

    Connecting a UDP socket sends nothing: the kernel only picks the route, and with it the
    local address it would send from, which getsockname() reads. The destination is a private
    address, so no packet leaves the laptop and no outside server is asked. With no network at
    all (no route), connect() fails and the answer is loopback, which only the laptop reaches.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.connect(("10.255.255.255", 1))
            return sock.getsockname()[0]
    except OSError:
        return "127.0.0.1"


def secret_key(path: Path, app_folder: Path) -> str:
    """The hall's secret key, kept in the file `path`: made once (random), then read at every
    start, so directors stay logged in through a restart.

    The key file of an earlier version, in the app's folder, is taken over once, so an update
    logs no one out. Written whole under another name, then renamed: a key file is never half
    there. Readable by its owner only where the system has such permissions; elsewhere (a
    Windows disk, a USB stick) the attempt is skipped, never an error.
    """
    with contextlib.suppress(OSError):
        key = path.read_text(encoding="utf-8").strip()
        if key:
            return key
    old = app_folder / ".hall-secret-key"
    key = old.read_text(encoding="utf-8").strip() if old.is_file() else ""
    key = key or secrets.token_urlsafe(50)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".new")
    handle = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with open(handle, "w", encoding="utf-8", newline="\n") as file:
        file.write(key + "\n")
    with contextlib.suppress(OSError, NotImplementedError):
        os.chmod(partial, 0o600)
    os.replace(partial, path)
    return key

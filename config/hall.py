"""Hall mode (`make hall`): the laptop serves a club night to the phones on the room's Wi-Fi."""

import socket


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

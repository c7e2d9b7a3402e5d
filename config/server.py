"""The web server of the hall and the demo: waitress, which runs the same on Windows, macOS and
Linux (gunicorn, for Linux servers, needs fork).

Ctrl-C stops it gracefully. Waitress's own `run()` stops its loop at once on Ctrl-C, so answers
being written at that moment were never sent, and a phone never learnt whether its hand
counted. Here the first Ctrl-C (or SIGTERM) closes the listening socket, closes the connections
that carry no request (a browser opens some in advance: closed unused, the phone sees a failed
connection and keeps its hand), and goes on serving the requests in flight until their answers
are sent, for at most GRACE seconds. A second Ctrl-C stops at once.
"""

import signal
import socket
import time

from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer, create_server

GRACE = 10.0  # seconds for the requests in flight after Ctrl-C
TICK = 0.25  # seconds between looks at the stop flag while serving
# A hall's phones each keep a connection or two open: far more than waitress's default of 100
# before it stops accepting. Under 512, the most sockets select() watches on Windows.
CONNECTION_LIMIT = 500


class PortTaken(Exception):
    """The port is in use or cannot be opened; the message says what to do."""


def check_port(port: int) -> None:
    """Refuse early, in words, a port that another program (or another hall) already serves."""
    # A connection that succeeds means something answers there; binding a probe socket instead
    # would also fail on a port a closed server's recent connections still hold for a minute.
    with socket.socket() as probe:
        probe.settimeout(1)
        if probe.connect_ex(("127.0.0.1", port)) == 0:
            raise PortTaken(_taken(port))


def _taken(port: int) -> str:
    return (
        f"Port {port} is already in use on this computer: the app may already be running in "
        "another window (use that one, or stop it with Ctrl-C there). To use another port, set "
        f"PORT, e.g. PORT={port + 1}."
    )


def serve(application, host: str, port: int, threads: int, announce=print) -> None:
    """Serve `application` on host:port until Ctrl-C, then finish what is in flight."""
    map_ = {}
    try:
        server = create_server(
            application,
            map=map_,
            host=host,
            port=port,
            threads=threads,
            connection_limit=CONNECTION_LIMIT,
            asyncore_use_poll=True,  # no 1024-socket limit where poll() exists; select() elsewhere
            ident="waitress",
        )
    except OSError as exc:
        raise PortTaken(f"{_taken(port)} ({exc.strerror or exc})") from exc

    stops = []

    def stop(signum, frame):
        stops.append(signum)
        if len(stops) > 1:
            raise KeyboardInterrupt  # a second Ctrl-C: at once

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        while not stops:
            server.asyncore.loop(timeout=TICK, map=map_, use_poll=True, count=1)
        announce("Stopping: finishing the requests in flight (Ctrl-C again stops at once).")
        _finish(server, map_)
    except KeyboardInterrupt:
        pass
    finally:
        server.task_dispatcher.shutdown(cancel_pending=True, timeout=GRACE)
        for dispatcher in list(map_.values()):
            dispatcher.close()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    announce("Stopped.")


def _busy(channel: HTTPChannel) -> bool:
    # A request read in part, queued or being answered, or an answer not yet all sent.
    return bool(channel.request is not None or channel.requests or channel.total_outbufs_len)


def _finish(server, map_: dict) -> None:
    for dispatcher in list(map_.values()):
        if isinstance(dispatcher, BaseWSGIServer):
            dispatcher.close()  # no new connections
    deadline = time.monotonic() + GRACE
    while time.monotonic() < deadline:
        channels = [d for d in list(map_.values()) if isinstance(d, HTTPChannel)]
        for channel in channels:
            if not _busy(channel) and not channel.will_close:
                channel.handle_close()
        if not any(_busy(channel) for channel in channels):
            return
        server.asyncore.loop(timeout=0.05, map=map_, use_poll=True, count=1)

"""The web server of the hall and the demo: waitress, which runs the same on Windows, macOS and
Linux (gunicorn, for Linux servers, needs fork).

Ctrl-C stops it gracefully. Waitress's own `run()` stops its loop at once on Ctrl-C, so answers
being written at that moment were never sent, and a phone never learnt whether its hand
counted. Here the first Ctrl-C (or SIGTERM) closes the listening socket, closes the connections
that carry no request (a browser opens some in advance: closed unused, the phone sees a failed
connection and keeps its hand), and goes on serving the requests in flight until their answers
are sent, for at most GRACE seconds. A second Ctrl-C stops at once.

Anyone on the hall's Wi-Fi could lock every phone out by opening connections and sending
nothing: waitress stops accepting at its connection limit, and dropped an idle connection only
after 120 s. So the hall's server (`HallServer`) keeps at most IDLE_PER_ADDRESS idle connections
from one address, closing that address's longest idle ones as it opens more, closes a connection
that has sent nothing at all after SILENT_SECONDS, and any other idle one after IDLE_SECONDS.
Only idle connections are closed (no whole request in it, none being answered, no bytes waiting
to be read): a browser opens another when it needs one, and no request is refused. A request
begun and left unfinished counts as idle once its address is over the limit (a phone never is),
so trickling a byte now and then does not get around it.

In a hall each phone has its own address on the Wi-Fi. Behind a proxy every client would share
the proxy's address; the app serves there with gunicorn (README), but were waitress behind one,
the limit would only trim the proxy's own idle connections, which it reopens as needed (a proxy
that buffers requests, as nginx does, never holds one half sent), and limiting each client would
be the proxy's job (nginx: limit_conn).
"""

import signal
import socket
import time
from collections import defaultdict

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer, TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

GRACE = 10.0  # seconds for the requests in flight after Ctrl-C
TICK = 0.25  # seconds between looks at the stop flag while serving
# A hall's phones each keep a connection or two open: far more than waitress's default of 100
# before it stops accepting. Under 512, the most sockets select() watches on Windows.
CONNECTION_LIMIT = 500
# A phone's browser opens up to 6 connections to a site; the director's laptop a few more.
# (settings.IDLE_PER_ADDRESS, from the environment, is what the hall uses.)
IDLE_PER_ADDRESS = 16
# Chrome itself gives up a connection opened in advance and still unused after 10 s.
SILENT_SECONDS = 10
IDLE_SECONDS = 30  # between a browser's requests (waitress: 120)


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


class HallServer(TcpWSGIServer):
    """Waitress's server, that no one address can fill with idle connections (see above)."""

    idle_per_address = IDLE_PER_ADDRESS

    def handle_accept(self):
        super().handle_accept()
        self.close_idle_beyond_limit()

    def maintenance(self, now):
        super().maintenance(now)  # idle for IDLE_SECONDS (its channel_timeout)
        for channel in list(self.active_channels.values()):
            silent = channel.last_activity == channel.creation_time  # never read or written
            if silent and now - channel.creation_time > SILENT_SECONDS and _closable(channel):
                channel.handle_close()

    def close_idle_beyond_limit(self) -> None:
        by_address = defaultdict(list)
        for channel in self.active_channels.values():
            if _idle(channel):
                by_address[channel.addr[0] if channel.addr else ""].append(channel)
        for channels in by_address.values():
            extra = len(channels) - self.idle_per_address
            # The longest idle first; one with a request just arrived is not idle after all.
            for channel in sorted(channels, key=lambda c: c.last_activity):
                if extra <= 0:
                    break
                if _closable(channel):
                    channel.handle_close()
                    extra -= 1


def _idle(channel: HTTPChannel) -> bool:
    # No whole request to answer and nothing to send. A request begun and never finished counts
    # too: one address holding more than a phone ever does, trickling a byte now and then,
    # would otherwise lock the hall as surely as silent ones.
    return not (channel.requests or channel.total_outbufs_len or channel.will_close)


def _closable(channel: HTTPChannel) -> bool:
    """Idle, and nothing arrived since it was last read: closing it loses no whole request."""
    if not _idle(channel):
        return False
    try:
        return not channel.socket.recv(1, socket.MSG_PEEK)  # b"": the other end closed it
    except (BlockingIOError, InterruptedError):
        return True  # nothing sent
    except OSError:
        return True  # a broken connection


def serve(
    application,
    host: str,
    port: int,
    threads: int,
    announce=print,
    idle_per_address: int = IDLE_PER_ADDRESS,
) -> None:
    """Serve `application` on host:port until Ctrl-C, then finish what is in flight."""
    map_ = {}
    adjustments = Adjustments(
        host=host,
        port=port,
        threads=threads,
        connection_limit=CONNECTION_LIMIT,
        asyncore_use_poll=True,  # no 1024-socket limit where poll() exists; select() elsewhere
        ident="waitress",
        channel_timeout=IDLE_SECONDS,
        cleanup_interval=1,  # how often silent and idle connections are looked for, in s
    )
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(threads)
    try:
        # What waitress's create_server() makes for one address (ours is always a number).
        server = HallServer(
            application,
            map_,
            dispatcher=dispatcher,
            adj=adjustments,
            sockinfo=adjustments.listen[0],
        )
    except OSError as exc:
        raise PortTaken(f"{_taken(port)} ({exc.strerror or exc})") from exc
    server.idle_per_address = idle_per_address

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

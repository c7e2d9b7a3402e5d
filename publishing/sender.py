"""The laptop's side: send what waits (publishing/queue.py) to the club's server, signed
(publishing/signing.py), with the standard library's urllib.

A batch's rows are deleted only once the server said it applied them, and only if no change
bumped them while they were on their way (that change goes in the next batch). A failure is
recorded on the Link in words, for the status line, and the next try waits longer each time:
30 s, doubling, at most 15 min. `manage.py publish` sends at once (force); a daemon thread of the
serving laptop wakes every few seconds (start_in_background)."""

import gzip
import http.client
import ipaddress
import json
import logging
import re
import socket
import ssl
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field

from django.core.serializers.json import DjangoJSONEncoder
from django.db import close_old_connections
from django.db.models import Q
from django.utils import timezone

from publishing import keys, queue, signing
from publishing.models import Link, Pending
from publishing.snapshot import club_snapshot, event_snapshot
from tournaments.models import Event, Hand

log = logging.getLogger(__name__)

TIMEOUT_SECONDS = 30
# "Try the connection" on the link page: a director waits for it, so a wrong address is said
# after 10 s, not after the background sends' 30 s.
HELLO_TIMEOUT_SECONDS = 10
EVENTS_PER_BATCH = 5
FIRST_WAIT_SECONDS = 30
LONGEST_WAIT_SECONDS = 15 * 60
WAKE_SECONDS = 3
# The background sender sends a change once it has been quiet this long, or waited that long.
QUIET_SECONDS = 5
GATHER_SECONDS = 60
# A batch's longest send: the request's timeout, with room to build the batch.
LEASE_SECONDS = 3 * TIMEOUT_SECONDS
_ANSWER_LIMIT = 1024 * 1024

UNREACHABLE = "the server could not be reached"
REFUSED = "the server refused them"
NO_SERVER = "there is no club's server at that address"


class SendFailed(Exception):
    """`what` happened ("the server could not be reached"), `why` in the server's or the
    network's words."""

    def __init__(self, what: str, why: str):
        super().__init__(f"{what} ({why})" if what == UNREACHABLE else f"{what}: {why}")
        self.what, self.why = what, why


def wait_after(failures: int) -> int:
    """Seconds to wait after `failures` failures in a row."""
    return min(FIRST_WAIT_SECONDS * 2 ** max(failures - 1, 0), LONGEST_WAIT_SECONDS)


# --- The address and the request ---------------------------------------------------------


def _loopback_host(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


_HOST = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$")
_LIKE = "like https://euchre.example.org"


def _ip_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def server_address(text: str) -> str:
    """The server's address as typed, tidied ("https://euchre.example.org"), or ValueError
    saying what is wrong. Only a plain address (a scheme, a host, maybe a port): whatever else
    is typed would be sent as is and fail far from where it was typed. http only to this
    computer (127.0.0.1, localhost, [::1])."""
    text = (text or "").strip()
    if not text:
        raise ValueError(f"Type the club's server's address, {_LIKE}.")
    if any(c.isspace() or not c.isprintable() for c in text):
        raise ValueError(
            f"A server's address has no spaces in it: type only its start, {_LIKE}, "
            "as its administrator gave it."
        )
    if "://" not in text:
        text = f"https://{text}"
    not_an_address = ValueError(f"That is not a server's address: type it {_LIKE}.")
    try:
        parts = urllib.parse.urlsplit(text)
        host = (parts.hostname or "").lower()
        parts.port  # noqa: B018  (raises on a port that is not a number)
    except ValueError:
        raise not_an_address from None
    if parts.scheme not in ("http", "https") or not host or parts.username is not None:
        raise not_an_address
    if not _ip_address(host):
        try:
            ascii_host = host.encode("idna").decode("ascii")
        except UnicodeError:
            raise not_an_address from None
        if not _HOST.match(ascii_host) or ("." not in host and host != "localhost"):
            raise not_an_address
    if parts.scheme == "http" and not _loopback_host(host):
        raise ValueError(
            "The club's server must be reached over https (its address starts with https://): "
            "over plain http, anyone on the way could read or change what the laptop sends."
        )
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError(
            f"Type only the start of the address, {_LIKE}, not a page's address: "
            "the laptop finds its way from there."
        )
    return f"{parts.scheme}://{parts.netloc}"


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    # A redirect would turn the POST into a GET: say where the server points instead.
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        raise SendFailed(
            REFUSED,
            f"it answered from another address ({newurl}): write that address in place of this one",
        )


_opener = urllib.request.build_opener(_NoRedirects)


def post(
    server_url: str, key_text: str, path: str, payload: dict, timeout: int = TIMEOUT_SECONDS
) -> dict:
    """POST `payload` signed to the server; its JSON answer, or SendFailed. Whatever the
    address or the network does, nothing else is raised."""
    key = keys.parse(key_text)
    body = gzip.compress(json.dumps(payload, cls=DjangoJSONEncoder).encode())
    try:
        request = urllib.request.Request(
            f"{server_url}/publish/v1/{path}",
            data=body,
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Content-Encoding": "gzip",
                "User-Agent": "euchre-scores laptop",
                **signing.headers(key.key_id, key.secret, body),
            },
        )
        with _opener.open(request, timeout=timeout) as answer:
            text = answer.read(_ANSWER_LIMIT)
    except urllib.error.HTTPError as refusal:
        raise SendFailed(REFUSED, _server_sentence(refusal)) from None
    except urllib.error.URLError as failure:
        raise SendFailed(UNREACHABLE, _words(failure.reason, timeout)) from None
    except OSError as failure:  # a timeout, a connection reset mid-answer
        raise SendFailed(UNREACHABLE, _words(failure, timeout)) from None
    except (http.client.HTTPException, ValueError) as failure:
        # An address urllib cannot send to (InvalidURL), or an answer that is not HTTP.
        raise SendFailed(NO_SERVER, f"{_CHECK} ({type(failure).__name__})") from None
    try:
        answer = json.loads(text)
    except ValueError:
        answer = None
    if not isinstance(answer, dict):  # another site's JSON, a page: not the app's answer
        raise SendFailed(NO_SERVER, f"{_CHECK} (its answer is not the app's)")
    return answer


_CHECK = f"check it, and type only its start, {_LIKE}"


def _words(reason, timeout: int = TIMEOUT_SECONDS) -> str:
    """The network's failure in a director's words, the technical reason in brackets."""
    if isinstance(reason, TimeoutError):
        return f"no answer within {timeout} second{'s' if timeout != 1 else ''}"
    if isinstance(reason, ssl.SSLError):
        # ("wrong version number": a plain-http server, or another service on that port.)
        return "that address does not answer over https: check it with the server's administrator"
    if isinstance(reason, ConnectionRefusedError):
        return "it may be stopped: connection refused"
    if isinstance(reason, socket.gaierror):
        return "no server has that name: check the address, and that this laptop is online"
    # "Connection reset by peer", not "[Errno 104] Connection reset by peer".
    return getattr(reason, "strerror", None) or str(reason) or type(reason).__name__


def _server_sentence(refusal: urllib.error.HTTPError) -> str:
    """The server's refusal in its words, or SendFailed(NO_SERVER) if it is not the app's."""
    try:
        error = json.loads(refusal.read(_ANSWER_LIMIT)).get("error")
    except (ValueError, AttributeError, OSError, http.client.HTTPException):
        error = None
    if isinstance(error, str) and error:
        return error
    raise SendFailed(NO_SERVER, f"{_CHECK} ({refusal.code} {refusal.reason})")


def hello(server_url: str, key_text: str, club) -> dict:
    return post(
        server_url,
        key_text,
        "hello",
        {"hello": True, "club_uid": club.uid, "club_name": club.name},
        timeout=HELLO_TIMEOUT_SECONDS,
    )


# --- Sending what waits ------------------------------------------------------------------


@dataclass
class ClubSent:
    club: str
    server: str
    club_sent: bool = False
    nights: list[tuple[str, int]] = field(default_factory=list)
    deleted: int = 0
    error: str = ""

    def sentence(self) -> str:
        if self.error:
            return f"{self.club}: nothing more could be sent to {self.server}: {self.error}."
        what = ["the club"] if self.club_sent else []
        if self.nights:
            what.append(f"{len(self.nights)} night{'s' if len(self.nights) != 1 else ''}")
        if self.deleted:
            what.append(f"{self.deleted} deleted night{'s' if self.deleted != 1 else ''}")
        if not what:
            return f"{self.club}: nothing waits; {self.server} is up to date."
        said = f"Sent {' and '.join(what)} to {self.server}"
        if self.nights:
            said += ": " + ", ".join(
                f"{name} ({hands} hand{'s' if hands != 1 else ''})" for name, hands in self.nights
            )
        return said + "."


@dataclass
class Report:
    clubs: list[ClubSent] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(c.error for c in self.clubs)

    def sentences(self) -> list[str]:
        return [c.sentence() for c in self.clubs]


_sending = threading.Lock()


def send_pending(club=None, force: bool = False) -> Report:
    """Send what waits, for `club` or every linked club. Not forced, a club whose last try
    failed waits for its next_try_at."""
    report = Report()
    links = Link.objects.select_related("club")
    if club is not None:
        links = links.filter(club=club)
    with _sending:  # one sender at a time in this process: batches go in order
        for link in links:
            now = timezone.now()
            if not force and link.next_try_at and link.next_try_at > now:
                continue
            if not force and not _settled(link, now):
                continue
            if not _claim(link, now):
                busy = ClubSent(club=link.club.name, server=link.server_url)
                busy.error = "another send from this laptop is under way: try again in a minute"
                if force:
                    report.clubs.append(busy)
                continue
            try:
                report.clubs.append(_send_club(link))
            finally:
                Link.objects.filter(pk=link.pk).update(sending_since=None)
    return report


def _settled(link: Link, now) -> bool:
    """Something waits that is worth sending now: quiet for QUIET_SECONDS, or waiting since
    GATHER_SECONDS. While a big night's tables are confirmed one after another, its snapshot
    is then built about once a minute, not at every wake: the hall's server, which builds it,
    keeps its time for the captains."""
    return (
        Pending.objects.filter(club_id=link.club_id)
        .filter(
            Q(last_at__lte=now - timezone.timedelta(seconds=QUIET_SECONDS))
            | Q(first_at__lte=now - timezone.timedelta(seconds=GATHER_SECONDS))
        )
        .exists()
    )


def _claim(link: Link, now) -> bool:
    """Take the link's send for this process, unless another holds it. A claim older than a
    send can last (a process killed mid-send) is taken over."""
    stale = now - timezone.timedelta(seconds=LEASE_SECONDS)
    return bool(
        Link.objects.filter(pk=link.pk)
        .filter(Q(sending_since__isnull=True) | Q(sending_since__lt=stale))
        .update(sending_since=now)
    )


def _send_club(link: Link) -> ClubSent:
    sent = ClubSent(club=link.club.name, server=link.server_url)
    rows = list(Pending.objects.filter(club_id=link.club_id).order_by("first_at", "pk"))
    club_rows = [r for r in rows if r.subject == queue.CLUB]
    event_rows = [r for r in rows if r.subject != queue.CLUB]
    try:
        batches = [
            event_rows[i : i + EVENTS_PER_BATCH]
            for i in range(0, len(event_rows), EVENTS_PER_BATCH)
        ]
        if club_rows and not batches:
            batches = [[]]
        for number, batch in enumerate(batches):
            with_club = number == 0 and bool(club_rows)
            events = {
                str(e.uid): e
                for e in Event.objects.filter(club=link.club, uid__in=[r.subject for r in batch])
            }
            payload = {
                "format": 1,
                "club_uid": link.club.uid,
                "club": club_snapshot(link.club) if with_club else None,
                "events": [
                    event_snapshot(events[r.subject])
                    for r in batch
                    if r.subject in events and not r.deleted
                ],
                "deleted_events": [
                    r.subject for r in batch if r.subject not in events or r.deleted
                ],
            }
            post(link.server_url, link.key, "apply", payload)
            done = (club_rows if with_club else []) + batch
            for row in done:
                # Bumped while on its way: that change is not on the server yet, the row stays.
                Pending.objects.filter(pk=row.pk, bumps=row.bumps).delete()
            sent.club_sent |= with_club
            sent.deleted += len(payload["deleted_events"])
            for row in batch:
                if row.subject in events and not row.deleted:
                    event = events[row.subject]
                    sent.nights.append(
                        (event.name, Hand.objects.filter(table__round__event=event).count())
                    )
    except SendFailed as failure:
        _failed(link, failure)
        sent.error = str(failure)
        return sent
    except keys.BadKey as bad:
        _failed(link, SendFailed(REFUSED, str(bad)))
        sent.error = str(bad)
        return sent
    now = timezone.now()
    Link.objects.filter(pk=link.pk).update(
        last_ok_at=now,
        last_tried_at=now,
        failing_since=None,
        last_error="",
        failures=0,
        next_try_at=None,
    )
    return sent


def _failed(link: Link, failure: SendFailed) -> None:
    now = timezone.now()
    failures = link.failures + 1
    Link.objects.filter(pk=link.pk).update(
        last_tried_at=now,
        failing_since=link.failing_since or now,
        last_error=f"{failure.what}\n{failure.why}",
        failures=failures,
        next_try_at=now + timezone.timedelta(seconds=wait_after(failures)),
    )


# --- In the background, on a serving laptop ----------------------------------------------

_started = False
_start_lock = threading.Lock()

# What else a wake does once the sending is done, each given the wake's Report: the apps above
# publishing register here when they start (signup/apps.py fetches the sign-ups), so
# publishing never imports them. Each runs alone: its failure is logged and stops nothing.
EACH_WAKE: list = []


def start_in_background() -> None:
    global _started
    with _start_lock:
        if _started:
            return
        _started = True
    # A claim left by a send that was killed (the laptop closed or switched off mid-send) would
    # hold the club's sending for LEASE_SECONDS: a hall starting knows no send of its own is
    # under way, so it publishes at once.
    Link.objects.filter(sending_since__isnull=False).update(sending_since=None)
    threading.Thread(target=_loop, name="publishing-sender", daemon=True).start()


def wake_once() -> None:
    """One wake of the background sender: whatever fails is logged, never raised, so the
    thread lives on and the next wake tries again."""
    report = None
    try:
        try:
            report = send_pending()
        except Exception:
            log.exception("Publishing: sending what waits failed")
        for also in EACH_WAKE:
            try:
                also(report)
            except Exception:
                log.exception("Publishing: %s failed", getattr(also, "__name__", also))
    finally:
        close_old_connections()


def _loop() -> None:
    while True:
        time.sleep(WAKE_SECONDS)
        wake_once()

"""Sending the queue: post_office's send_queued, one sender at a time, with waits that grow
between a failed mail's tries (post_office's own wait is fixed)."""

from __future__ import annotations

import contextlib
import logging
import threading

from django.conf import settings
from django.db import connection, connections
from post_office.lockfile import FileLock, FileLocked, default_lockfile
from post_office.mail import get_queued, send_queued
from post_office.models import STATUS, Email
from post_office.settings import get_retry_timedelta

log = logging.getLogger(__name__)

# PostgreSQL's advisory lock key (any fixed number): app servers sharing one database send
# one at a time; post_office's file lock alone holds one machine only.
LOCK_KEY = 4343_0005
LONGEST_WAIT_FACTOR = 64  # 5 minutes doubling stops at about 5 hours between tries


@contextlib.contextmanager
def _one_sender(lockfile: str):
    """Yields whether this process may send now: no other sender on this machine (the file
    lock) nor, on PostgreSQL, on any app server (a session advisory lock)."""
    try:
        with FileLock(lockfile):
            if connection.vendor != "postgresql":
                yield True
                return
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_try_advisory_lock(%s)", [LOCK_KEY])
                got = cursor.fetchone()[0]
            try:
                yield got
            finally:
                if got:
                    with connection.cursor() as cursor:
                        cursor.execute("SELECT pg_advisory_unlock(%s)", [LOCK_KEY])
    except FileLocked:
        yield False


def stretch_waits() -> None:
    """Each mail waiting to be tried again waits twice as long as after its previous failure:
    5 minutes, 10, 20, ... from its last failure (post_office waits the same each time). Set
    from the failure's time, so running it again changes nothing."""
    base = get_retry_timedelta()
    for email in Email.objects.filter(status=STATUS.requeued, number_of_retries__gt=1).only(
        "pk", "number_of_retries", "last_updated", "scheduled_time"
    ):
        factor = min(2 ** (email.number_of_retries - 1), LONGEST_WAIT_FACTOR)
        wanted = email.last_updated + base * factor
        if email.scheduled_time != wanted:
            Email.objects.filter(pk=email.pk).update(scheduled_time=wanted)


def send_now(lockfile: str = default_lockfile, log_level: int | None = None) -> tuple[int, int]:
    """Send what waits and is due, batch after batch: (sent, to try again or failed). Does
    nothing if another sender is at it (it sends these too)."""
    sent = failed = 0
    with _one_sender(lockfile) as mine:
        if not mine:
            return 0, 0
        while True:
            done, gave_up, requeued = send_queued(1, log_level)
            sent, failed = sent + done, failed + gave_up + requeued
            stretch_waits()
            if not done or not get_queued().exists():
                break
    return sent, failed


def kick() -> None:
    """Send the queue now, beside the request that queued it (after its transaction has
    committed): a results mail goes minutes earlier than the timer would send it. A thread,
    so nobody waits on the mail server; the timer sends whatever this misses."""
    if not getattr(settings, "RESULTS_MAIL_KICK", True):
        return

    # The machine's one file lock (post_office's), unless MAIL_LOCKFILE names another: the
    # tests give each test its own, so one test's sender never finds another test's holding it.
    lockfile = getattr(settings, "MAIL_LOCKFILE", "") or default_lockfile

    def run():
        try:
            send_now(lockfile)
        except Exception:  # a mail server down is the timer's to retry; never a crash
            log.exception("results mail: sending after a publish failed")
        finally:
            connections.close_all()

    threading.Thread(target=run, name="results-mail", daemon=True).start()

"""The shared world: a club with its director and players, and a rival club whose director must
see nothing of ours; and the browser the browser tests drive. Pure scoring tests use none of
this and need no database."""

import datetime
import os
import shutil
import threading
from collections import Counter
from itertools import combinations

import pytest
from django.db import connection
from playwright.sync_api import sync_playwright

from clubs.models import Club, ClubDirector, Player
from tournaments.models import Event

PLAYER_NAMES = [
    "Ada Baker",
    "Ben Carter",
    "Cora Dunn",
    "Dale Evans",
    "Edna Fox",
    "Floyd Gray",
    "Gail Hart",
    "Hank Irwin",
    "Ida Jones",
    "Jack Klein",
    "Kay Lowe",
    "Lyle Moss",
    "Mae Nash",
    "Ned Owens",
    "Opal Price",
    "Pete Quinn",
    "Rita Ross",
    "Sam Tate",
    "Tess Upton",
    "Vern Vance",
    "Wanda West",
    "Xavier Young",
    "Yvonne Zane",
    "Zeke Abbott",
]


# Parallel runs (bin/test, pytest-xdist): a test file to a worker, so that its module-wide
# fixtures (a browser, a night built once) are made once; but the fuzz test's tests go to
# whichever worker is free: it is a third of the suite's time, and on one worker it alone
# outlasted every other file together.
SPREAD_OVER_WORKERS = {"tests/test_fuzz.py"}


def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    class FileByFile(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            file = nodeid.split("::", 1)[0]
            return nodeid if file in SPREAD_OVER_WORKERS else file

    return FileByFile(config, log)


def pytest_collection_modifyitems(config, items):
    """DATABASE_TESTS_ONLY=1 (bin/test's PostgreSQL pass): only the tests that use the test
    database, or are marked every_database. The others (scoring, movements, brackets' plans,
    the hall and the launcher, which run the app on SQLite whatever the suite's database)
    would only repeat, word for word, what the SQLite pass ran."""
    if os.environ.get("DATABASE_TESTS_ONLY") != "1":
        return
    keep, drop = [], []
    for item in items:
        on_database = "django_db_setup" in getattr(item, "fixturenames", ()) or any(
            item.get_closest_marker(name) for name in ("django_db", "every_database")
        )
        (keep if on_database else drop).append(item)
    config.hook.pytest_deselected(items=drop)
    items[:] = keep


@pytest.fixture(autouse=True, scope="session")
def _fast_password_hashing():
    # The real hasher is slow on purpose; tests log in many times and test no password strength.
    # Session-wide, so passwords set in module-scoped fixtures are checked by the same hasher.
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def club(db):
    return Club.objects.create(name="Maple Hall Euchre Club", slug="maple-hall")


@pytest.fixture
def director(db, club, django_user_model):
    user = django_user_model.objects.create_user("dora", password="dora-pass-123")
    ClubDirector.objects.create(club=club, user=user)
    return user


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


@pytest.fixture
def players(club):
    return [Player.objects.create(club=club, name=name) for name in PLAYER_NAMES]


@pytest.fixture
def other_club(db):
    return Club.objects.create(name="Riverside Euchre", slug="riverside")


@pytest.fixture
def other_director(db, other_club, django_user_model):
    """A director of another club: must never see or change Maple Hall's data."""
    user = django_user_model.objects.create_user("otto", password="otto-pass-123")
    ClubDirector.objects.create(club=other_club, user=user)
    return user


@pytest.fixture
def event(club):
    return Event.objects.create(
        club=club,
        name="Tuesday progressive",
        date=datetime.date(2026, 11, 24),
        rounds_planned=4,
        hands_per_round=8,
    )


# --- The browser tests: Debian's chromium, driven by Playwright -------------------------------

CHROMIUM = "/usr/bin/chromium"
HALL_NAME = "hall.test"


@pytest.fixture(scope="module")
def _sync_orm_beside_playwright():
    # Playwright's sync API runs an event loop in this thread; the test's own database work
    # (and its teardown) is still plain synchronous code, which Django allows once told so.
    # Only while this module's browser lives: the deploy check refuses the variable elsewhere.
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        yield


# What chromium said about the Content-Security-Policy during the current browser test: a page
# that breaks it has lost a style or a script, so every browser test fails on any of these.
CSP_VIOLATIONS: list[str] = []


def _watch_for_csp_violations(context) -> None:
    def note(text: str, where: str = "") -> None:
        if "Content Security Policy" in text or "Refused to" in text:
            CSP_VIOLATIONS.append(f"{where}: {text}" if where else text)

    context.on("console", lambda message: note(message.text, message.location.get("url", "")))
    context.on("weberror", lambda error: note(str(error.error)))


class _WatchedBrowser:
    """The browser, with every context it opens watched for CSP violations."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        context = self._browser.new_context(**options)
        _watch_for_csp_violations(context)
        return context

    def new_page(self, **options):
        return self.new_context(**options).new_page()

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture(autouse=True)
def _no_csp_violations(request):
    if "browser" not in request.fixturenames:
        yield
        return
    CSP_VIOLATIONS.clear()
    yield
    found = list(CSP_VIOLATIONS)
    CSP_VIOLATIONS.clear()
    assert not found, "Content-Security-Policy violations in chromium's console:\n" + "\n".join(
        found
    )


@pytest.fixture(scope="module")
def browser(_sync_orm_beside_playwright):
    # The test command installs Debian's chromium; without it this must fail, not skip.
    assert shutil.which(CHROMIUM), f"{CHROMIUM} is missing: run the README's test command"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
                # A hall's laptop as the phones reach it, by a name rather than loopback: a page
                # there is plain http and not a "secure context", as on the hall's Wi-Fi
                # (test_captain_offline_browser.py). The name leads to 127.0.0.1 and nowhere else.
                f"--host-resolver-rules=MAP {HALL_NAME} 127.0.0.1",
            ],
        )
        yield _WatchedBrowser(browser)
        browser.close()


PHONE = {"width": 360, "height": 740}


@pytest.fixture
def phone(browser):
    """A captain's phone: a 360x740 touch screen."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def log_in(page, base: str) -> None:
    """Log the `director` fixture's account in, as a person does, in a browser page."""
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("dora")
    page.get_by_label("Password").fill("dora-pass-123")
    page.get_by_role("button", name="Log in").click()


def close_round(round_, reason: str = ""):
    """Close a round for a test's setup, as a director who ticked "Close without their
    confirmation" for every finished table no opponent confirmed."""
    from tournaments import services

    numbers = set(round_.tables.values_list("number", flat=True))
    return services.round_close(round=round_, reason=reason, unconfirmed_ok=numbers)


def at_once(jobs) -> list:
    """Run the callables in threads released together, each on its own database connection;
    return what each returned (or raised). The concurrency tests' many phones at one moment."""
    barrier = threading.Barrier(len(jobs))
    results = [None] * len(jobs)

    def run(i, job):
        try:
            barrier.wait(timeout=30)
            results[i] = job()
        except BaseException as exc:  # reported by the test, not lost in the thread
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a phone never got an answer"
    return results


def meetings(rounds) -> Counter:
    """How often each two players share a table, counted from the seats alone (not by the
    movement report that the checks of movements are about)."""
    met: Counter = Counter()
    for r in rounds:
        for table in r.tables:
            met.update(frozenset(pair) for pair in combinations(table, 2))
    return met

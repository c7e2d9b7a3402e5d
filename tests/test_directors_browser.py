"""Issue 44's director, in Debian's chromium: signs up on the club's server, reads the mail (a
real SMTP server on loopback), confirms, lands in the new club and invites an assistant, who
opens the invitation's mail, sets a password, seats a round and closes it, and is refused the
club's settings in words. Then the four new pages at 360 px, 1280 px, and 360 px with the text
at 200%, each fitting its width (shots in SHOTS when set, to look at)."""

import datetime
import os
import re
from pathlib import Path

import pytest
from conftest import PLAYER_NAMES
from django.core.management import call_command
from playwright.sync_api import expect
from test_every_page_browser import AXE, OPTIONS, violations_said
from test_results_mail import Inbox, _free_port

from clubs.models import Club, Player
from tournaments import services as night_services
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)

DESK = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
PASSWORD = "a-long-pass-phrase-9"
SHOTS = os.environ.get("SHOTS", "")


@pytest.fixture
def mail(settings, live_server, tmp_path):
    inbox = Inbox()
    inbox.start(_free_port())
    backend = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_BACKEND = backend
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", inbox.controller.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.DEFAULT_FROM_EMAIL = "clubs@euchre.example.org"
    settings.POST_OFFICE = {**settings.POST_OFFICE, "BACKENDS": {"default": backend}}
    settings.PUBLIC_URL = live_server.url
    settings.PASSWORD_RESET_BY_MAIL = True
    # The queue sent by the test, with a lock file of its own: a machine's other test runs
    # share post_office's default one.
    settings.RESULTS_MAIL_KICK = False

    def link_to(address: str, path: str) -> str:
        call_command("send_queued_mail", lockfile=str(tmp_path / "mail"))
        (message,) = inbox.to(address)
        text = message.get_body(("plain",)).get_content()
        return re.search(rf"{re.escape(live_server.url)}{path}\S+", text).group(0)

    yield link_to
    if inbox.controller.loop.is_running():
        inbox.controller.stop()


def new_page(browser, viewport=DESK, **options):
    page = browser.new_context(viewport=viewport, **options).new_page()
    page.set_default_timeout(10_000)
    return page


def test_a_director_signs_up_invites_an_assistant_who_runs_a_round_but_not_the_club(
    browser, live_server, mail
):
    base = live_server.url
    desk = new_page(browser)
    desk.goto(base + "/")
    desk.get_by_role("link", name="Directors: set up your club here").click()
    desk.get_by_label("Your email address").fill("nora@example.org")
    desk.get_by_label("A password").fill(PASSWORD)
    desk.get_by_label("Your club's name").fill("Oak Street Euchre")
    desk.get_by_role("button", name="Mail me the link").click()
    expect(desk.locator("h1")).to_have_text("Look in your mail")
    assert not Club.objects.exists()

    desk.goto(mail("nora@example.org", "/directors/join/"))
    desk.get_by_role("button", name="Yes, set up my club").click()
    expect(desk.locator("h1")).to_have_text("Oak Street Euchre")
    expect(desk.locator(".messages")).to_contain_text("Oak Street Euchre is set up")
    club = Club.objects.get()

    desk.get_by_role("link", name="The club's directors").click()
    expect(desk.locator("h1")).to_have_text("Directors")
    desk.get_by_label("Their email address").fill("al@example.org")
    desk.locator("#field-role label", has_text="Assistant director").click()
    desk.get_by_role("button", name="Send the invitation").click()
    expect(desk.locator(".messages")).to_contain_text("Invitation sent to al@example.org")
    expect(desk.locator("#pending")).to_contain_text("al@example.org, as assistant director")

    # A night ready for its first round: the club's players checked in.
    event = Event.objects.create(
        club=club, name="Tuesday night", date=datetime.date(2026, 12, 1), hands_per_round=8
    )
    players = [Player.objects.create(club=club, name=n) for n in PLAYER_NAMES[:8]]
    night_services.entries_add(event=event, players=players)

    helper = new_page(browser, PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    helper.goto(mail("al@example.org", "/directors/invite/"))
    expect(helper.locator("h1")).to_contain_text("Join Oak Street Euchre's staff")
    helper.get_by_label("Choose a password").fill(PASSWORD)
    helper.get_by_label("The same password again").fill(PASSWORD)
    helper.get_by_role("button", name="Join the staff").click()
    expect(helper.locator(".messages")).to_contain_text("as assistant director")
    # No card to the Directors page for an assistant.
    expect(helper.locator("#directors")).to_have_count(0)

    helper.goto(f"{base}/events/{event.pk}/")
    helper.get_by_role("button", name="Seat round 1").click()
    expect(helper.locator("h1")).to_contain_text("Round 1")
    helper.get_by_label("Why close before every table has finished?").fill(
        "A short night: time called to try the app"
    )
    helper.get_by_role("button", name="Close round 1 now").click()
    expect(helper.get_by_role("button", name="Close round 1 now")).to_have_count(0)
    assert event.rounds.get(number=1).is_closed

    helper.goto(f"{base}/clubs/{club.slug}/directors/")
    expect(helper.locator("main")).to_contain_text(
        "Only the club's directors invite or remove directors and assistants."
    )
    # The club's settings: engineer roles' enforcement (clubs/roles.py through clubs/views.py).
    helper.goto(f"{base}/clubs/{club.slug}/settings/")
    expect(helper.locator("main")).to_contain_text("Only the club's directors change its settings.")
    assert Club.objects.get().name == "Oak Street Euchre"


def fits(page) -> None:
    """Nothing wider than the screen: no sideways scrolling, on a phone at 200% too."""
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= page.viewport_size["width"], f"{page.url} is {wide}px wide"


@pytest.mark.parametrize(
    "size, text", [("360", "100%"), ("1280", "100%"), ("360", "200%")], ids=["phone", "desk", "big"]
)
def test_the_new_pages_fit_phones_and_big_text(
    browser, live_server, mail, director, club, size, text
):
    base = live_server.url
    viewport = PHONE if size == "360" else DESK
    page = new_page(browser, viewport)

    def shot(name: str) -> None:
        if text != "100%":
            page.evaluate(f"document.documentElement.style.fontSize = '{text}'")
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            label = f"{size}{'-200' if text != '100%' else ''}"
            page.screenshot(path=f"{SHOTS}/{name}-{label}.png", full_page=True)
        fits(page)
        # As every page of the app is checked (tests/test_every_page_browser.py): axe finds no
        # WCAG A or AA violation.
        violations = AXE.run(page, options=OPTIONS).response["violations"]
        assert not violations, f"{name} at {size} px:\n{violations_said(violations)}"

    page.goto(base + "/directors/join/")
    page.get_by_label("Your email address").fill("nora@example.org")
    page.get_by_label("A password").fill("123")
    page.get_by_label("Your club's name").fill("Oak Street Euchre")
    page.get_by_role("button", name="Mail me the link").click()
    expect(page.locator("#field-password")).to_contain_text("This password is too short.")
    shot("join")
    page.get_by_label("A password").fill(PASSWORD)
    page.get_by_role("button", name="Mail me the link").click()
    page.goto(mail("nora@example.org", "/directors/join/"))
    shot("join-confirm")
    page.context.clear_cookies()

    page.goto(base + "/accounts/login/")
    page.get_by_label("Username").fill("dora")
    page.get_by_label("Password").fill("dora-pass-123")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{base}/clubs/{club.slug}/directors/")
    page.get_by_label("Their email address").fill("al@example.org")
    page.get_by_role("button", name="Send the invitation").click()
    page.get_by_label("Their email address").fill("al@example.org")
    page.get_by_role("button", name="Send the invitation").click()  # twice: refused in words
    expect(page.locator("#refusal")).to_contain_text("al@example.org was invited on")
    shot("directors")
    link = mail("al@example.org", "/directors/invite/")
    page.context.clear_cookies()
    page.goto(link)
    page.get_by_label("Choose a password").fill(PASSWORD)
    page.get_by_label("The same password again").fill(PASSWORD + "x")
    page.get_by_role("button", name="Join the staff").click()
    expect(page.locator("#field-password2")).to_contain_text("The two passwords differ")
    shot("accept")
    # The links to the sign-up, where it works.
    for where in ("", "/accounts/login/"):
        page.goto(base + where)
        expect(page.locator("#join-link")).to_be_visible()
        shot("home" if not where else "login")


# --- Walk 45: the header, the summaries at the top, the targets -------------------------------

ROSE = "rose.director@example.org"


def big_phone(browser):
    """360 px, the text at 200% on every page it opens (the pages follow the root's size)."""
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(
        "document.addEventListener('DOMContentLoaded', () =>"
        " { document.documentElement.style.fontSize = '200%'; });"
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def log_in_as(page, base: str, username: str, password: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()


def test_a_long_email_login_fits_the_header_at_200_percent_on_a_phone(
    browser, live_server, club, event, django_user_model
):
    from clubs.models import ClubDirector

    rose = django_user_model.objects.create_user(ROSE, email=ROSE, password=PASSWORD)
    ClubDirector.objects.create(club=club, user=rose)
    page = big_phone(browser)
    log_in_as(page, live_server.url, ROSE, PASSWORD)
    paths = ["/", f"/clubs/{club.slug}/", f"/clubs/{club.slug}/directors/", f"/events/{event.pk}/"]
    for path in paths:
        page.goto(live_server.url + path)
        assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "32px"
        fits(page)
        out = page.get_by_role("button", name=re.compile("Log out"))
        box = out.bounding_box()
        assert box["height"] >= 44 and box["x"] + box["width"] <= PHONE["width"], (path, box)
        # The words on lines the header's width, not a column of letters.
        assert box["width"] > PHONE["width"] / 2 and box["height"] < 5 * 44, (path, box)
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/header-{path.strip('/').replace('/', '-')}-360-200.png")


def test_a_refused_invitation_is_on_the_first_screen_and_focused(
    browser, live_server, mail, club, director, django_user_model
):
    from clubs.models import ClubDirector

    sue = django_user_model.objects.create_user("sue@example.org", password=PASSWORD)
    ClubDirector.objects.create(club=club, user=sue, role="assistant")
    page = big_phone(browser)
    log_in_as(page, live_server.url, "dora", "dora-pass-123")
    page.goto(f"{live_server.url}/clubs/{club.slug}/directors/")
    page.get_by_label("Their email address").fill("sue@example.org")
    page.get_by_role("button", name="Send the invitation").click()
    summary = page.locator("#error-summary")
    expect(summary).to_contain_text("sue@example.org is already on the club's staff")
    expect(summary).to_be_focused()
    assert summary.bounding_box()["y"] + 44 < PHONE["height"]
    fits(page)
    # Its link takes the eyes and the keyboard to the box.
    summary.get_by_role("link").click()
    expect(page.get_by_label("Their email address")).to_be_focused()


def test_a_weak_password_at_the_sign_up_is_on_the_first_screen(browser, live_server, mail):
    page = big_phone(browser)
    page.goto(live_server.url + "/directors/join/")
    page.get_by_label("Your email address").fill("nora@example.org")
    page.get_by_label("A password").fill("123")
    page.get_by_label("Your club's name").fill("Oak Street Euchre")
    page.get_by_role("button", name="Mail me the link").click()
    summary = page.locator("#error-summary")
    expect(summary).to_contain_text("A password: This password is too short.")
    expect(summary).to_be_focused()
    assert summary.bounding_box()["y"] + 44 < PHONE["height"]
    fits(page)


def test_a_back_link_standing_alone_is_a_44px_target(browser, live_server, event, director):
    page = new_page(browser, PHONE)
    log_in_as(page, live_server.url, "dora", "dora-pass-123")
    page.goto(f"{live_server.url}/events/{event.pk}/")
    back = page.get_by_role("link", name=f"← {event.club.name}")
    assert back.bounding_box()["height"] >= 44
    # The site's icon, linked from every page, is there.
    icon = page.locator("link[rel=icon]").get_attribute("href")
    assert page.request.get(live_server.url + icon).status == 200

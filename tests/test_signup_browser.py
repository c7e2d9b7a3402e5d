"""Issue 44's players' browser test: on a 360-pixel phone with the text at 200% (Debian's
chromium through Playwright), a player signs up from the club's public page and has a place;
a second fills the last place and a third waits; the first cancels through the private link
the page showed, and the third has the place (and the mail saying so, through a real SMTP
server on loopback). Every page: no sideways scrolling, every target at least 44px. Each
page is shot at 360, at 360 with 200% text, and at 1280 wide in $SHOTS (/tmp/shots/signup)."""

import datetime
import os
import re

import pytest
from conftest import PHONE
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import expect
from test_results_mail import Inbox, smtp  # noqa: F401 (the fixture)

from signup.models import Sheet, SignUp
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SHOTS", "/tmp/shots/signup")

# What a thumb cannot hit: a link, button or field under 44px either way. A tick box counts
# by its label, the whole of which is the target (label.check).
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'main a[href], main button, main input:not([type=hidden]), main select, main textarea')]
  .filter(e => e.offsetParent !== null)
  .map(e => (e.type === 'checkbox' && e.closest('label')) || e)
  .map(e => { const r = e.getBoundingClientRect();
    return {what: e.tagName.toLowerCase() + ' ' + (e.innerText || e.name || '').trim().slice(0, 40),
            w: Math.round(r.width), h: Math.round(r.height)}; })
  .filter(t => t.w < 44 || t.h < 44)"""


def phone_with_big_text(browser):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    # The phone's text size setting at 200%: chromium's default font size, which rem follows.
    cdp = context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    return page


def check(page, name: str) -> None:
    """No sideways scrolling, no small target; the page shot as the phone shows it."""
    page.wait_for_load_state("load")
    wide = """() => [...document.querySelectorAll('body *')]
      .filter(e => e.getBoundingClientRect().right > 361)
      .map(e => e.tagName + '.' + e.className + '#' + e.id)"""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], (
        name,
        page.evaluate(wide),
    )
    assert page.evaluate(SMALL_TARGETS) == [], name
    os.makedirs(SHOTS, exist_ok=True)
    size = page.viewport_size
    height = page.evaluate("document.documentElement.scrollHeight")
    # A window as tall as the page, not full_page, which drops the DevTools text size.
    page.set_viewport_size({"width": PHONE["width"], "height": max(height, 200)})
    page.screenshot(path=f"{SHOTS}/{name}-360-200.png")
    page.set_viewport_size(size)


def shoot_plain(browser, url: str, name: str) -> None:
    """The same page at the usual text size, on a phone and on a laptop."""
    for width in (360, 1280):
        page = browser.new_page(viewport={"width": width, "height": 800})
        page.goto(url)
        assert page.evaluate("document.documentElement.scrollWidth") <= width, (name, width)
        page.screenshot(path=f"{SHOTS}/{name}-{width}.png", full_page=True)
        page.context.close()


def sign_up(page, base, club, name, **contact) -> str:
    page.goto(f"{base}/c/{club.slug}/")
    page.get_by_role("link", name=re.compile("^(Sign up|Join the waiting list) for")).click()
    page.get_by_label("Your name").fill(name)
    if "email" in contact:
        page.get_by_label("Email address").fill(contact["email"])
    if "phone" in contact:
        page.get_by_label("Phone number").fill(contact["phone"])
    page.get_by_role("button", name=re.compile("^(Sign up|Join the waiting list)$")).click()
    expect(page.get_by_role("heading", name="Keep this link")).to_be_visible()
    return base + page.locator(".private-link a").inner_text().removeprefix(
        "https://euchre.example.org"
    )


def test_players_sign_up_wait_and_a_cancellation_gives_the_place_on_a_phone(
    browser,
    live_server,
    club,
    smtp,  # noqa: F811
    tmp_path,
):
    base = live_server.url
    event = Event.objects.create(
        club=club,
        name="Friday progressive",
        date=timezone.localdate() + datetime.timedelta(days=5),
    )
    Sheet.objects.create(event=event, open=True, cap=2)

    ada = phone_with_big_text(browser)
    ada.goto(f"{base}/c/{club.slug}/")
    expect(ada.locator("#signup")).to_contain_text("2 places left of 2")
    check(ada, "club")
    shoot_plain(browser, ada.url, "club")
    ada.get_by_role("link", name="Sign up for Friday progressive").click()
    expect(ada.get_by_role("heading", name="Sign up: Friday progressive")).to_be_visible()
    check(ada, "form")
    shoot_plain(browser, ada.url, "form")
    # A mistake first: said in words, next to the field.
    ada.get_by_label("Your name").fill("Ada Baker")
    ada.get_by_role("button", name="Sign up").click()
    expect(ada.locator("main")).to_contain_text("Give an email address or a phone number")
    check(ada, "form-error")
    ada.get_by_label("Email address").fill("ada@example.org")
    ada.get_by_role("button", name="Sign up").click()
    expect(ada.get_by_role("heading", name="You have a place")).to_be_visible()
    ada_link = ada.locator(".private-link a").inner_text()
    # The server's public address (PUBLIC_URL), as the mail has it; here, the live server.
    assert re.fullmatch(r"https://euchre.example.org/signup/[A-Za-z0-9_-]{43}/", ada_link)
    ada_link = base + ada_link.removeprefix("https://euchre.example.org")
    check(ada, "mine")
    shoot_plain(browser, ada.url, "mine")

    ben = phone_with_big_text(browser)
    sign_up(ben, base, club, "Ben Carter", phone="555 0101")
    expect(ben.get_by_role("heading", name="You have a place")).to_be_visible()

    cora = phone_with_big_text(browser)
    cora.goto(f"{base}/c/{club.slug}/")
    expect(cora.locator("#signup")).to_contain_text("Full: you can join the waiting list")
    check(cora, "club-full")
    cora_link = sign_up(cora, base, club, "Cora Dunn", email="cora@example.org")
    expect(cora.get_by_role("heading", name="You are 1st on the waiting list")).to_be_visible()
    check(cora, "mine-waiting")

    # Ada, later, opens her link: a visit changes nothing; the button cancels.
    later = phone_with_big_text(browser)
    later.goto(ada_link)
    expect(later.get_by_role("heading", name="You have a place")).to_be_visible()
    later.get_by_role("button", name="Cancel my sign-up").click()
    expect(later.locator("#cancel")).to_contain_text("Tick “Yes, cancel my sign-up” first")
    assert SignUp.objects.get(name="Ada Baker").status == "in"
    later.get_by_label("Yes, cancel my sign-up").check()
    later.get_by_role("button", name="Cancel my sign-up").click()
    expect(later.get_by_role("heading", name="Your sign-up is cancelled")).to_be_visible()
    check(later, "mine-cancelled")

    cora.goto(cora_link)
    expect(cora.get_by_role("heading", name="You have a place")).to_be_visible()
    call_command("send_queued_mail", lockfile=str(tmp_path / "mail"))
    subjects = sorted(m["Subject"] for m in smtp.to("cora@example.org"))
    assert any(s.startswith("You have a place now") for s in subjects), subjects
    for page in (ada, ben, cora, later):
        page.context.close()


def test_the_directors_list_on_a_phone_and_a_laptop(browser, live_server, club, director):
    """The director's list with places, a held place, a team, a waiting list and paid ahead:
    no sideways scrolling at 360 (usual and 200% text), its buttons 44px high; shot at 360,
    360 with 200% text, and 1280."""
    from conftest import log_in

    from signup import services

    event = Event.objects.create(
        club=club,
        name="Pairs cup",
        date=timezone.localdate() + datetime.timedelta(days=5),
        format=Event.Format.PAIRS,
    )
    Sheet.objects.create(event=event, open=True, cap=6, money_ahead=True)
    services.director_add(event=event, name="Ada Baker", partner_name="Bernadette Oberhausen-W")
    services.director_add(
        event=event, name="Cora Dunn", find_partner=True, email="cora.dunn@example.org"
    )
    services.hold(event=event, name="Mae Nash")
    services.director_add(event=event, name="Dale Evans", phone="555 0101", find_partner=True)
    services.director_add(event=event, name="Edna Fox", partner_name="Floyd Gray")
    services.director_add(event=event, name="Gail Hart", find_partner=True)
    services.paid_ahead(signup=SignUp.objects.get(name="Ada Baker"), paid=True)
    for width, big in ((360, False), (360, True), (1280, False)):
        context = browser.new_context(viewport={"width": width, "height": 800})
        page = context.new_page()
        page.set_default_timeout(10_000)
        if big:
            cdp = context.new_cdp_session(page)
            cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
        log_in(page, live_server.url)
        for name, url in (
            ("list", f"{live_server.url}/events/{event.pk}/signup/"),
            ("event-card", f"{live_server.url}/events/{event.pk}/"),
            ("pairs-form", f"{live_server.url}/c/{club.slug}/events/{event.pk}/signup/"),
        ):
            page.goto(url)
            page.wait_for_load_state("load")
            assert page.evaluate("document.documentElement.scrollWidth") <= width, (name, width)
            buttons = page.evaluate(
                """() => [...document.querySelectorAll('main button, main a.button')]
                  .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 44)
                  .map(e => e.innerText)"""
            )
            assert buttons == [], (name, buttons)
            if name == "list" and not big:
                # A mistake in the settings: said in words beside the field, nothing saved.
                page.get_by_label("Places").fill("5000")
                page.get_by_role("button", name="Save the settings").click()
                expect(page.locator("#settings")).to_contain_text("At most 1000 places")
                page.screenshot(path=f"{SHOTS}/director-list-error-{width}.png", full_page=True)
                assert Sheet.objects.get(event=event).cap == 6
            suffix = "-200" if big else ""
            if big:
                height = page.evaluate("document.documentElement.scrollHeight")
                page.set_viewport_size({"width": width, "height": height})
                page.screenshot(path=f"{SHOTS}/director-{name}-{width}{suffix}.png")
                page.set_viewport_size({"width": width, "height": 800})
            else:
                page.screenshot(path=f"{SHOTS}/director-{name}-{width}.png", full_page=True)
        context.close()


def test_the_pages_that_say_no_on_a_phone_and_a_laptop(browser, live_server, club):
    """Already on the list, closed, an unknown link, an expired link: said in words, with no
    sideways scrolling at 360 (usual and 200% text); shot at 360, 360 with 200% text, 1280."""
    from django.test import Client

    base = live_server.url
    soon = timezone.localdate() + datetime.timedelta(days=5)
    event = Event.objects.create(club=club, name="Friday progressive", date=soon)
    Sheet.objects.create(event=event, open=True, cap=8)
    form = f"/c/{club.slug}/events/{event.pk}/signup/"
    Client().post(form, {"name": "Ada Baker", "phone": "555 0100"})
    past = Event.objects.create(
        club=club, name="Last Friday", date=timezone.localdate() - datetime.timedelta(days=3)
    )
    Sheet.objects.create(event=past, open=True)
    old = SignUp.objects.create(event=past, name="Ben Carter", phone="555 0100")
    closed = Event.objects.create(club=club, name="Winter cup", date=soon)
    Sheet.objects.create(event=closed, open=True, closes_at=timezone.now())
    for width, big in ((360, False), (360, True), (1280, False)):
        context = browser.new_context(viewport={"width": width, "height": 800})
        page = context.new_page()
        page.set_default_timeout(10_000)
        if big:
            cdp = context.new_cdp_session(page)
            cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
        page.goto(base + form)
        page.get_by_label("Your name").fill("ada  baker")
        page.get_by_label("Phone number").fill("555 0100")
        page.get_by_role("button", name="Sign up").click()
        expect(page.get_by_role("heading", name="Already on the list")).to_be_visible()
        pages = [("already", None)]
        pages += [
            ("closed", f"{base}/c/{club.slug}/events/{closed.pk}/signup/"),
            ("unknown", f"{base}/signup/{'x' * 43}/"),
            ("expired", f"{base}/signup/{old.token}/"),
        ]
        for name, url in pages:
            if url:
                page.goto(url)
            page.wait_for_load_state("load")
            assert page.evaluate("document.documentElement.scrollWidth") <= width, (name, width)
            os.makedirs(SHOTS, exist_ok=True)
            if big:
                height = page.evaluate("document.documentElement.scrollHeight")
                page.set_viewport_size({"width": width, "height": height})
                page.screenshot(path=f"{SHOTS}/{name}-{width}-200.png")
                page.set_viewport_size({"width": width, "height": 800})
            else:
                page.screenshot(path=f"{SHOTS}/{name}-{width}.png", full_page=True)
        expect(page.locator("main")).to_contain_text("stopped working after that day")
        context.close()


def test_the_error_summary_wraps_a_long_message_on_a_phone_with_big_text(
    browser, live_server, club
):
    """Walk 45, item 9: a bad email address at 200% text on a 360-pixel phone. The summary's
    link "…e.g. ann@example.com." ran past its box and made the page 387px wide; now it wraps,
    and nothing is wider than the screen."""
    soon = timezone.localdate() + datetime.timedelta(days=5)
    event = Event.objects.create(club=club, name="Friday Night Euchre", date=soon)
    Sheet.objects.create(event=event, open=True, cap=8)
    page = phone_with_big_text(browser)
    page.goto(f"{live_server.url}/c/{club.slug}/events/{event.pk}/signup/")
    page.get_by_label("Your name").fill("Lou Bad Email")
    page.get_by_label("Email address").fill("lou@")
    page.get_by_role("button", name="Sign up").click()
    summary = page.locator("#error-summary")
    expect(summary).to_contain_text("e.g. ann@example.com.")
    box = summary.bounding_box()
    assert box["x"] + box["width"] <= PHONE["width"]
    link = summary.locator("a").first.evaluate("a => a.scrollWidth <= a.clientWidth + 1")
    assert link
    check(page, "error-summary")
    page.context.close()

"""The browser walk's findings on a 360-pixel phone with the text at 200% (Debian's chromium
through Playwright): a refused form says so at the top, on the first screen, with focus there
and a link to each field in error (the public form, the private link's page, the director's
list); the sign-up's closing time shows its time, not the date alone. Each page is shot at
360, 360 with 200% text and 1280 in $SHOTS."""

import datetime
import os

import pytest
from conftest import PHONE, log_in
from django.utils import timezone
from playwright.sync_api import expect
from test_signup_browser import phone_with_big_text

from signup.models import Sheet, SignUp
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SHOTS", "/tmp/shots/signup")

# Where the summary is, whether it has the focus, and where its links go.
SUMMARY = """() => { const s = document.getElementById('error-summary');
  if (!s) return null; const r = s.getBoundingClientRect();
  return {top: r.top, focused: document.activeElement === s, role: s.getAttribute('role'),
          links: [...s.querySelectorAll('a')].map(a => a.getAttribute('href'))}; }"""


def on_first_screen(page, name):
    summary = page.evaluate(SUMMARY)
    assert summary is not None, name
    assert summary["role"] == "alert" and summary["focused"], (name, summary)
    assert 0 <= summary["top"] < PHONE["height"] - 100, (name, summary)
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}-360-200-first-screen.png")
    return summary["links"]


def shots(browser, url, name, login=None):
    for width, big in ((360, False), (360, True), (1280, False)):
        context = browser.new_context(viewport={"width": width, "height": 800})
        page = context.new_page()
        if big:
            cdp = context.new_cdp_session(page)
            cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
        if login:
            log_in(page, login)
        page.goto(url)
        page.wait_for_load_state("load")
        assert page.evaluate("document.documentElement.scrollWidth") <= width, (name, width)
        suffix = "-200" if big else ""
        if big:
            height = page.evaluate("document.documentElement.scrollHeight")
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=f"{SHOTS}/{name}-{width}{suffix}.png")
        else:
            page.screenshot(path=f"{SHOTS}/{name}-{width}.png", full_page=True)
        context.close()


def test_a_refusal_is_said_at_the_top_with_focus_and_links_to_the_fields(
    browser, live_server, club, director
):
    base = live_server.url
    event = Event.objects.create(
        club=club,
        name="Friday progressive",
        date=timezone.localdate() + datetime.timedelta(days=5),
    )
    Sheet.objects.create(event=event, open=True, cap=4, money_ahead=True)

    ada = phone_with_big_text(browser)
    ada.goto(f"{base}/c/{club.slug}/events/{event.pk}/signup/")
    ada.get_by_role("button", name="Sign up").click()
    links = on_first_screen(ada, "form-summary")
    assert links == ["#id_name"], links
    expect(ada.locator("#error-summary")).to_contain_text("Not signed up")
    ada.locator("#error-summary a").first.click()
    assert ada.evaluate("document.activeElement.id") == "id_name"

    ada.get_by_label("Your name").fill("Ada Baker")
    ada.get_by_label("Phone number").fill("555 0100")
    ada.get_by_role("button", name="Sign up").click()
    expect(ada.get_by_role("heading", name="You have a place")).to_be_visible()
    mine = ada.url.split("?")[0]
    # Cancel without the tick: back at the page's own address, told at the top.
    ada.get_by_role("button", name="Cancel my sign-up").click()
    ada.wait_for_load_state("load")
    assert ada.url.split("?")[0].split("#")[0] == mine, ada.url
    links = on_first_screen(ada, "mine-summary")
    assert links == ["#cancel-confirm"]
    assert SignUp.objects.get().status == "in"

    director_page = phone_with_big_text(browser)
    log_in(director_page, base)
    director_page.goto(f"{base}/events/{event.pk}/signup/")
    director_page.get_by_role("button", name="Add", exact=True).click()
    links = on_first_screen(director_page, "list-summary")
    assert links == ["#id_add-name"], links

    # The closing time: a date box and a time box, both whole at 360px with 200% text.
    director_page.goto(f"{base}/events/{event.pk}/signup/")
    date = director_page.get_by_label("Sign-up closes", exact=True)
    time = director_page.get_by_label("Sign-up closes: time")
    for box in (date, time):
        box.scroll_into_view_if_needed()
        right = box.evaluate("e => e.getBoundingClientRect().right")
        assert right <= PHONE["width"], right
    when = timezone.localdate() + datetime.timedelta(days=2)
    date.fill(when.isoformat())
    time.fill("18:30")
    director_page.get_by_role("button", name="Save the settings").click()
    expect(director_page.locator(".messages")).to_contain_text("settings are saved")
    closes = timezone.localtime(Sheet.objects.get(event=event).closes_at)
    assert (closes.date(), closes.hour, closes.minute) == (when, 18, 30)
    director_page.locator("#settings").scroll_into_view_if_needed()
    director_page.screenshot(path=f"{SHOTS}/list-settings-360-200-screen.png")

    # The list's cancelled names, and the page of a player the director took off.
    from signup import services

    ada = SignUp.objects.get()
    ben = services.director_add(event=event, name="Ben Carter", email="ben@example.org").signup
    services.cancel(signup=ben)
    services.remove(signup=ada)
    mine_removed = f"{base}/signup/{ada.token}/"
    for url, name, login in (
        (mine_removed, "mine-removed", None),
        (f"{base}/c/{club.slug}/events/{event.pk}/signup/", "form", None),
        (mine, "mine", None),
        (f"{base}/events/{event.pk}/signup/", "list", base),
        (f"{base}/c/{club.slug}/events/{event.pk}/", "event", None),
        (f"{base}/c/{club.slug}/", "club", None),
    ):
        shots(browser, url, name, login)

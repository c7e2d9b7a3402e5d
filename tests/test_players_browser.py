"""A player finds their own page from the club's public page on a 360-pixel phone (Debian's
chromium through Playwright) and sees their nights, partners and the chart; the page is shot
at a phone, a laptop and with the phone's text at 200% (/tmp/shots/players-*)."""

import os
import re

import pytest
from conftest import PHONE
from playwright.sync_api import expect
from test_players import build_night, second_night

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = "/tmp/shots"


def test_a_player_finds_their_own_page_on_a_phone(browser, live_server, club):
    first, nine = build_night(club)
    second_night(club, nine)
    ada = nine["A"]
    ada.name = "Ada Lovelace"
    ada.save()
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{live_server.url}/c/{club.slug}/")
    page.get_by_label("Your name").fill("ada")
    page.get_by_role("button", name="Find").click()
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/players-club-360.png", full_page=True)
    page.get_by_role("link", name="Ada Lovelace").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Ada Lovelace")
    nights = page.locator("#nights li")
    expect(nights).to_have_count(2)
    expect(nights.first).to_contain_text("1st= of 9")
    expect(nights.first).to_contain_text("Next night")
    partners = page.get_by_role("list", name="Partners")
    expect(partners.get_by_role("listitem").first).to_have_text(
        re.compile(r"^C\s+4 rounds · 3\.5 points a round$")
    )
    chart = page.get_by_role("figure", name=re.compile("2 nights from"))
    expect(chart).to_be_visible()
    # Nothing wider than the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=f"{SHOTS}/players-page-360.png", full_page=True)
    cdp = context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.reload()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # A window as tall as the page, not full_page: with the text size set through the
    # DevTools protocol, full_page lays the page out again wider (test_brackets_browser.py).
    height = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": PHONE["width"], "height": height})
    page.screenshot(path=f"{SHOTS}/players-page-360-200.png")
    page.set_viewport_size({"width": 1280, "height": 900})
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
    page.reload()
    page.screenshot(path=f"{SHOTS}/players-page-1280.png", full_page=True)
    context.close()

"""The cash sheet and the club's money page in chromium, as a director past seventy reads them
on a phone: nothing wider than the 360px screen at the usual text size and at 200%, every
amount whole on its line; screenshots at 360, 360 with 200% text and 1280 wide go to $SHOTS
(/tmp/shots/sheet by default)."""

import datetime
import os

from conftest import PHONE, log_in
from test_money_sheet import finished_night

from money.night import night_money_of
from tournaments.models import Event

SHOTS = os.environ.get("SHOTS", "/tmp/shots/sheet")


# What reaches past a phone's edge, to say so when something does.
WIDE = """[...document.querySelectorAll('main *')]
  .filter(e => e.getBoundingClientRect().right > 361).slice(0, 8)
  .map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))"""


# Every link and button shown, under 44px tall: a thumb's target on these pages (issue 42).
SMALL_TARGETS = """[...document.querySelectorAll('a[href], button, summary, [role=button]')]
  .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map(e => [e.textContent.trim().slice(0, 40), Math.round(e.getBoundingClientRect().height)])
  .filter(([, h]) => h < 44)"""


def shoot(page, cdp, name: str) -> None:
    """The whole page at 360 wide, then at 200% text (a window as tall as the page: the text
    size set through DevTools would be laid out again by full_page), then 1280 wide. At each
    phone size, nothing may reach past the screen's edge."""
    os.makedirs(SHOTS, exist_ok=True)
    page.set_viewport_size(PHONE)
    page.reload()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=f"{SHOTS}/{name}-360.png", full_page=True)
    assert page.evaluate(SMALL_TARGETS) == [], name
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.reload()
    height = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": PHONE["width"], "height": height})
    page.screenshot(path=f"{SHOTS}/{name}-360-text-200.png")
    wide = page.evaluate(WIDE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], wide
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
    page.set_viewport_size({"width": 1280, "height": 800})
    page.reload()
    page.screenshot(path=f"{SHOTS}/{name}-1280.png", full_page=True)
    assert page.evaluate(SMALL_TARGETS) == [], name
    # On a wide screen too, no table scrolls sideways (the club's nights with every column).
    boxes = "[...document.querySelectorAll('.scroll')].filter(b => b.scrollWidth > b.clientWidth)"
    assert page.evaluate(f"{boxes}.length") == 0, name


def test_the_sheet_and_the_club_money_fit_a_phone_at_any_text_size(
    browser, live_server, club, director
):
    night = finished_night(club)
    later = Event.objects.create(
        club=club, name="Next Tuesday", date=datetime.date(2026, 12, 1), rounds_planned=2
    )
    night_money_of(later)
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    cdp = context.new_cdp_session(page)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{night.pk}/money/sheet/")
    balance = page.locator("#balance")
    assert balance.inner_text().startswith("Balanced: money in $49.50")
    # Every amount whole on one line (CLDR's no-break spaces, and the cells' nowrap).
    heights = page.eval_on_selector_all(
        "table.sheet td.num", "cells => cells.map(c => c.getClientRects().length)"
    )
    assert heights and all(n == 1 for n in heights)
    shoot(page, cdp, "sheet")
    page.goto(f"{live_server.url}/events/{later.pk}/money/sheet/")
    shoot(page, cdp, "sheet-waiting")
    page.goto(f"{live_server.url}/clubs/{club.slug}/money/")
    assert "Perfect hand pool" in page.locator("#carried").inner_text()
    shoot(page, cdp, "club")
    context.close()


# The prize table's every cell inside the card, and no box in it scrolling sideways.
PRIZES_FIT = """() => {
  const card = document.querySelector('#prizes');
  const edge = Math.min(card.getBoundingClientRect().right, window.innerWidth) + 0.5;
  const out = [...card.querySelectorAll('td, th')]
    .filter(c => c.getBoundingClientRect().right > edge)
    .map(c => c.textContent.trim() + ' ' + Math.round(c.getBoundingClientRect().right));
  const scrolls = [...card.querySelectorAll('*')].filter(e => e.scrollWidth > e.clientWidth + 1)
    .map(e => e.tagName + '.' + e.className);
  return {out, scrolls};
}"""


def test_the_prize_table_fits_a_phone_with_its_text_doubled(browser, live_server, club, director):
    """Issue 42 (tester): on a 360px phone at 200% text the amounts were pushed into a box
    scrolling sideways and cut off as "$1". The players' event page and the director's
    standings: every amount in view, under its name when it must."""
    from prize_money import set_prizes
    from test_standings import play_round

    from tournaments.models import Entry

    names = {
        "A": "Margaret Richardson",
        "B": "Bartholomew Hutchinson",
        "C": "Christopher Fitzgerald",
        "D": "Dorothy Montgomery",
        "E": "Evangeline Whitmore",
        "F": "Frederick Castellano",
        "G": "Gwendolyn Abernathy",
        "H": "Harold Worthington",
    }
    from clubs.models import Player

    players = {x: Player.objects.create(club=club, name=n) for x, n in names.items()}
    event = Event.objects.create(
        club=club,
        name="Prize night",
        date=datetime.date(2026, 11, 24),
        rounds_planned=1,
        hands_per_round=2,
        award_most_loners=True,
        award_booby=True,
    )
    set_prizes(event, fee=125, club_percent=10, places="60/40", booby=1, public=True)
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in players.values())
    one = [{"maker": "N", "tricks": 5, "alone": True}, {"maker": "N", "tricks": 3}]
    two = [{"maker": "E", "tricks": 3}, {"maker": "N", "tricks": 3}]
    play_round(event, 1, {1: ("ABCD", one), 2: ("EFGH", two)}, by_name=players)

    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    cdp = context.new_cdp_session(page)
    log_in(page, live_server.url)
    os.makedirs(SHOTS, exist_ok=True)
    for name, path in (
        ("prizes-public", f"/c/{club.slug}/events/{event.pk}/"),
        ("prizes-standings", f"/events/{event.pk}/standings/"),
    ):
        page.goto(live_server.url + path)
        assert page.locator("#prizes thead").inner_text().split() == ["Prize", "Wins"]
        for px in (16, 32):
            cdp.send("Page.setFontSizes", {"fontSizes": {"standard": px, "fixed": px * 13 // 16}})
            page.reload()
            height = page.evaluate("document.documentElement.scrollHeight")
            page.set_viewport_size({"width": PHONE["width"], "height": height})
            page.locator("#prizes").screenshot(path=f"{SHOTS}/{name}-360-text-{px}.png")
            page.set_viewport_size(PHONE)
            assert page.evaluate(PRIZES_FIT) == {"out": [], "scrolls": []}, (name, px)
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
    context.close()

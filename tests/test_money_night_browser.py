"""The night's money pages in chromium: nothing wider than a 360 px phone, every button a 44 px
target, at the phone's text size and at 200%; screenshots of the settings and the night's page
at 360 and 1280 px and at 360 px with the text doubled, for looking at (/work/shots/night/)."""

import datetime
import os

import pytest
from conftest import log_in
from playwright.sync_api import expect
from test_standings import ROUND_1, ROUND_2, play_round

from clubs.models import Player
from money.models import DoorRecord, NightMoney, PaidMark
from money.night import night_ledger, night_money_of
from tournaments import services
from tournaments.models import Entry, Event, Hand

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SHOTS", "/work/shots/night")

NAMES = {
    "A": "Bernadette Oberhausen-Williams",
    "B": "Cora Dunn",
    "C": "Jim O’Brien",
    "D": "Ann Lee",
    "E": "Élise Marchand",
    "F": "Hal Moss",
    "G": "Ida Park",
    "H": "Joe Ray",
    "I": "Kay Fox",
}

TOO_WIDE = "() => document.documentElement.scrollWidth > window.innerWidth"
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'main button, main summary, main input:not([type=hidden]), main a[href], main label.choice')]
  .filter(e => e.offsetParent !== null)
  .map(e => { const r = e.getBoundingClientRect();
    return {what: e.tagName.toLowerCase() + ' ' + (e.innerText || e.name || '').trim().slice(0, 40),
            w: Math.round(r.width), h: Math.round(r.height)}; })
  .filter(t => (t.w < 44 || t.h < 44) && !t.what.startsWith('input '))"""


IN_VIEW = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return r.bottom > 0 && r.top < window.innerHeight; }"""


def text_doubled(page) -> None:
    """The phone's text size setting at 200% (as tests/test_brackets_browser.py sets it)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})


@pytest.fixture
def money_night(club, director):
    """A played night: seven paid (one ahead, one by card, one refunded $1), one plays free,
    one still owes; payouts handed out, then a correction that makes A alone 1st."""
    by = {x: Player.objects.create(club=club, name=name) for x, name in NAMES.items()}
    event = Event.objects.create(
        club=club,
        name="Tuesday night",
        date=datetime.date(2026, 11, 24),
        rounds_planned=2,
        hands_per_round=2,
    )
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in by.values())
    money = night_money_of(event)
    money.entry_fee, money.ahead_fee, money.loner_buy_in = 500, 400, 50
    money.euchre_fine, money.fines_to = 25, "club"
    money.save()
    for x in "ABCEFG":
        DoorRecord.objects.create(event=event, player=by[x], method="cash", amount=500)
    DoorRecord.objects.create(event=event, player=by["D"], method="ahead", amount=400)
    DoorRecord.objects.create(event=event, player=by["H"], method="card", amount=500)
    DoorRecord.objects.create(event=event, player=by["H"], kind="refund", method="card", amount=100)
    DoorRecord.objects.create(event=event, player=by["I"], kind="waived", amount=0)
    play_round(event, 1, ROUND_1, sit_out="I", by_name=by)
    play_round(event, 2, ROUND_2, sit_out="H", by_name=by)
    return event, by


def test_screenshots_of_the_night_money_pages(browser, live_server, money_night, director):
    event, by = money_night
    base = live_server.url
    pages = {
        "settings": f"{base}/events/{event.pk}/money/settings/",
        "night": f"{base}/events/{event.pk}/money/",
        "event": f"{base}/events/{event.pk}/",
    }
    os.makedirs(SHOTS, exist_ok=True)
    for stage in ("before", "after"):
        if stage == "after":
            # The payouts handed out (the fines paid noted, as the first one does), then a
            # correction: round 2, table 1, hand 2 (C alone, 3 tricks) was 2 tricks, so C is
            # euchred once more and owes another fine.
            NightMoney.objects.filter(event=event).update(
                fines_paid=night_ledger(event).fines_noted()
            )
            for x in "AC":
                PaidMark.objects.create(event=event, player=by[x], amount=1800)
            hand = Hand.objects.get(table__round__number=2, table__number=1, number=2)
            services.hand_correct(hand=hand, data={"tricks": 2}, reason="2 tricks", user=director)
        for name, address in pages.items():
            for width, doubled in ((360, False), (1280, False), (360, True)):
                context = browser.new_context(viewport={"width": width, "height": 800})
                page = context.new_page()
                page.set_default_timeout(10_000)
                log_in(page, base)
                if doubled:
                    text_doubled(page)
                assert page.goto(address).status == 200
                assert not page.evaluate(TOO_WIDE), f"{name} at {width}: wider than the screen"
                if width == 360 and name != "event":
                    assert page.evaluate(SMALL_TARGETS) == [], name
                height = page.evaluate("document.documentElement.scrollHeight")
                page.set_viewport_size({"width": width, "height": max(height, 200)})
                tag = f"{name}-{stage}-{width}{'-200' if doubled else ''}"
                page.screenshot(path=f"{SHOTS}/{tag}.png")
                context.close()
    # A row's other records (another amount, a refund, plays free), on a page of their own,
    # on a phone with the text doubled; a refund recorded there lands back on the row.
    context = browser.new_context(viewport={"width": 360, "height": 800})
    page = context.new_page()
    log_in(page, base)
    page.goto(pages["night"])
    row = page.locator(f"#player-{by['H'].pk}")
    row.get_by_role("link", name="Another amount, a refund, or plays free: Joe Ray").click()
    text_doubled(page)
    expect(page.get_by_role("button", name="Record for Joe Ray")).to_be_visible()
    assert not page.evaluate(TOO_WIDE) and page.evaluate(SMALL_TARGETS) == []
    page.screenshot(path=f"{SHOTS}/night-door-player-360-200.png", full_page=True)
    context.close()
    # A refusal, as the director sees it: the percentages beside their field.
    context = browser.new_context(viewport={"width": 360, "height": 800})
    page = context.new_page()
    log_in(page, base)
    page.goto(pages["settings"])
    page.get_by_label("Places paid (% of the prize pot)").fill("60/30/20")
    page.get_by_role("button", name="Save the night's money").click()
    expect(page.locator("#field-places_paid .errorlist")).to_contain_text("add up to 110")
    assert not page.evaluate(TOO_WIDE)
    height = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": 360, "height": height})
    page.screenshot(path=f"{SHOTS}/settings-refused-360.png")
    context.close()
    assert NightMoney.objects.get(event=event).places_paid == "50/30/20"


def test_a_refusal_is_seen_where_the_browser_lands(browser, live_server, money_night):
    """A refused door post (from the player's own page) lands on their row, far below the
    top: the refusal is in that row, on screen. A refused walk-in is drawn again scrolled to
    its form, the summary on screen; reloading it goes back to the page, not to "405"."""
    event, by = money_night
    base = live_server.url
    context = browser.new_context(viewport={"width": 360, "height": 800})
    page = context.new_page()
    page.set_default_timeout(10_000)
    log_in(page, base)
    page.goto(f"{base}/events/{event.pk}/money/")
    row = page.locator(f"#player-{by['A'].pk}")
    row.get_by_role("link", name="Another amount, a refund, or plays free").click()
    page.get_by_label("Refund (given back)").check()
    page.get_by_label("Amount").fill("9.00")
    page.get_by_role("button", name="Record for").click()
    page.wait_for_url(f"**#player-{by['A'].pk}")
    alert = row.get_by_role("alert")
    expect(alert).to_contain_text("Not recorded: ")
    assert page.evaluate(IN_VIEW, f"#player-{by['A'].pk} .refusal")
    assert page.evaluate("window.scrollY") > 1000  # far below the top, where it landed
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/night-row-refused-360.png")
    page.get_by_label("Name").fill("Olive Over")
    page.locator("#walk-in").get_by_label("Amount paid").fill("90.00")
    page.get_by_role("button", name="Check in and record the payment").click()
    page.wait_for_load_state()
    assert page.url.endswith("/money/walk-in/#walk-in")
    expect(page.locator("#walk-in .refusal")).to_have_count(1)
    expect(page.locator("#walk-in .refusal")).to_contain_text(
        "Not recorded: that would make $90.00 from Olive Over"
    )
    assert page.evaluate(IN_VIEW, "#walk-in .refusal")
    page.screenshot(path=f"{SHOTS}/night-walk-in-refused-360.png")
    # The address bar's address opened again (a reload re-posts the form): the page, no 405.
    assert page.goto(page.url.split("#")[0]).status == 200
    assert page.url.endswith(f"/events/{event.pk}/money/#walk-in")
    assert not DoorRecord.objects.filter(player__name="Olive Over").exists()
    context.close()

"""Where the match stands, on a captain's phone in a real browser (Debian's chromium through
Playwright): in game 2 of a best of three, the match, the game and who leads are read on the
first screen, at the usual text size and at 200% (Chromium's Page.setFontSizes); once the
match is over, the table card's page gives the result and where each team goes next. Shots
of each at 360x740, 200% text and 1280 wide go to $SHOTS (/tmp/shots/bracket by default)."""

import datetime
import os

import pytest
from conftest import PHONE
from playwright.sync_api import expect

from brackets import services
from clubs.models import Player
from tests.test_brackets_night import table_of, win_game
from tournaments.models import Entry, Event, Partnership, TableCard

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SHOTS", "/tmp/shots/bracket")
# Unnamed partnerships: the bracket calls each team by its players ("Smith & Jones").
PLAYERS = [
    ("Margaret Smith", "Dorothy Jones"),  # called "Dorothy Jones & Margaret Smith": by surname
    ("Bernadette Oberhausen-Williams", "Maximilian Brown"),
    ("Walter Green", "Harold White"),
    ("Edna Black", "Irene Gray"),
]


def best_of_three(club):
    event = Event.objects.create(
        club=club, name="Winter knockout", date=datetime.date(2026, 11, 26), format="bracket"
    )
    for first, second in PLAYERS:
        team = Partnership.objects.create(event=event)
        for name in (first, second):
            player = Player.objects.create(club=club, name=name)
            Entry.objects.create(event=event, player=player, partnership=team)
    bracket = services.bracket_for(event)
    bracket.best_of = 3
    bracket.save()
    order = list(event.partnerships.order_by("pk").values_list("pk", flat=True))
    return services.bracket_seed(bracket=bracket, order=order)


def shoot(page, cdp, name: str) -> None:
    """The first screen and the whole page at the usual text size, then both at 200%, then the
    whole page 1280 wide. With the text size set through the DevTools protocol, a window as
    tall as the page rather than full_page (which lays the page out again at its own size)."""
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}-360.png")
    page.screenshot(path=f"{SHOTS}/{name}-360-full.png", full_page=True)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.reload()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=f"{SHOTS}/{name}-360-text-200.png")
    height = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": PHONE["width"], "height": height})
    page.screenshot(path=f"{SHOTS}/{name}-360-text-200-full.png")
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
    page.set_viewport_size({"width": 1280, "height": 800})
    page.reload()
    page.screenshot(path=f"{SHOTS}/{name}-1280.png", full_page=True)
    page.set_viewport_size(PHONE)
    page.reload()


def in_first_screen(locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def test_a_phone_reads_where_the_match_stands_and_where_each_team_goes(browser, live_server, club):
    bracket = best_of_three(club)
    match = services.match_call(bracket=bracket, code="W1-1", table=2)
    win_game(table_of(match), 1)  # seed 4 (East-West) takes game 1

    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    cdp = context.new_cdp_session(page)
    card = TableCard.objects.get(club=club, number=2)
    page.goto(f"{live_server.url}/t/{card.token}/")
    heading = page.locator("#match-now")
    expect(heading).to_have_text("Match W1-1 · Game 2 · Edna Black & Irene Gray leads 1–0")
    # Read before anything else: on the first screen, at the usual text size and at 200%.
    assert in_first_screen(heading)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(page, cdp, "captain-game-2")
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.reload()
    assert in_first_screen(heading)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})

    win_game(table_of(match), 0)
    page.reload()
    expect(heading).to_have_text("Match W1-1 · Game 3 · tied 1–1")
    win_game(table_of(match), 1)
    page.reload()
    ended = page.locator("#match-ended")
    expect(ended.locator("h2")).to_have_text("Match W1-1 is over")
    expect(ended).to_contain_text(
        "Edna Black & Irene Gray won the match 2–1 against Dorothy Jones & Margaret Smith."
    )
    lines = ended.locator(".goes-next")
    expect(lines.nth(0)).to_have_text(
        "Edna Black & Irene Gray plays match F1 next, and waits for its opponent, the winner "
        "of W1-2."
    )
    expect(lines.nth(1)).to_have_text("Dorothy Jones & Margaret Smith is out: 3rd–4th place.")
    assert in_first_screen(ended.locator("h2"))
    shoot(page, cdp, "card-match-over")
    context.close()

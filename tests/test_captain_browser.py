"""A whole round at one table, played in a real browser: Debian's chromium, driven by
Playwright, at a 360-pixel phone viewport, against the app served by pytest-django's live
server. The captain types the table code, enters eight hands (a loner, a euchre, a revoke),
has a bad entry refused, fixes a hand, an opponent confirms, and the director's round page
shows the confirmed result. No script is needed by the pages; the browser only taps.
"""

import re

import pytest
from conftest import PHONE, log_in
from playwright.sync_api import expect

from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(event, players):
    services.entries_add(event=event, players=players[:8])
    return services.round_seat(event=event, seed=1).tables.get(number=1)


def names_by_seat(table) -> dict[str, str]:
    return {s.position: s.player.name for s in table.seats.select_related("player")}


SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def fill_hand(page, names, *, maker, tricks=None, alone=False, lone_defender=None, revoke=None):
    form = page.locator("#hand-form")
    form.locator("#field-maker label", has_text=f"{names[maker]} ({SEAT_WORDS[maker]})").click()
    if alone:
        form.locator("#field-alone label").click()
    if lone_defender:
        label = f"{names[lone_defender]} ({SEAT_WORDS[lone_defender]})"
        form.locator("#field-lone_defender select").select_option(label=label)
    if tricks is not None:
        form.locator("#field-tricks label", has_text=re.compile(rf"^\s*{tricks}\s*$")).click()
    if revoke:
        form.locator("#irregular summary").click()
        form.locator("#field-irregularity select").select_option("revoke")
        form.locator("#field-offending_side select").select_option(revoke)


def check_and_confirm(page, number, result, *, fixing=False):
    page.locator("#hand-form").get_by_role("button", name=f"Check hand {number}").first.click()
    expect(page.locator("#result")).to_have_text(result)
    confirm = "Confirm the fix" if fixing else f"Confirm hand {number}"
    page.get_by_role("button", name=confirm).click()
    done = "fixed" if fixing else "recorded"
    expect(page.locator(".messages")).to_contain_text(f"Hand {number} {done}: {result}.")


def assert_fits_the_phone(page):
    # Nothing wider than the screen: no sideways scrolling at the table.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a {PHONE['width']}px phone"


def test_a_captain_plays_a_round_on_a_phone_and_the_director_sees_it(
    browser, phone, live_server, table, director, tmp_path
):
    page = phone
    names = names_by_seat(table)

    # The table card's code, typed the way people type it.
    page.goto(f"{live_server.url}/t/")
    code = table.card().code.lower()
    page.get_by_label("Table code").fill(f"{code[:3]}-{code[3:]}")
    page.get_by_role("button", name="Open my table").click()
    expect(page.locator("h1")).to_contain_text("Table 1")
    expect(page.locator("h1")).to_contain_text("round 1")
    for position in "NESW":
        expect(page.locator("#seats")).to_contain_text(names[position])
    expect(page.locator("#entry h2")).to_contain_text(f"{names['N']} (North) deals")
    assert_fits_the_phone(page)

    # Hand 1: North-South make it with 3 tricks.
    fill_hand(page, names, maker="N", tricks=3)
    check_and_confirm(page, 1, "North-South made it with 3 tricks: 1 point")
    expect(page.locator("#entry h2")).to_contain_text(f"{names['E']} (East) deals")

    # Hand 2: a bad entry first (a lone defender who is the loner's partner), refused with
    # the engine's message beside the field; nothing is saved; then the right entry, a loner.
    fill_hand(page, names, maker="E", tricks=5, alone=True, lone_defender="W")
    page.locator("#hand-form").get_by_role("button", name="Check hand 2").first.click()
    expect(page.locator("#field-lone_defender")).to_contain_text(
        "is the maker's partner, not an opponent"
    )
    assert table.hands.count() == 1
    page.locator("#field-lone_defender select").select_option(label="No one")
    check_and_confirm(page, 2, "East-West march alone: 4 points")

    # Hand 3: South is euchred.
    fill_hand(page, names, maker="S", tricks=1)
    check_and_confirm(page, 3, "East-West euchred North-South: 2 points to East-West")

    # The captain meant 2 tricks? Still a euchre; fix it anyway to prove the path, then the
    # score is unchanged and the hand's history keeps the old value.
    page.get_by_role("link", name="Fix hand 3").click()
    expect(page.locator("#entry h2")).to_have_text("Fix hand 3")
    fill_hand(page, names, maker="S", tricks=2)
    check_and_confirm(page, 3, "East-West euchred North-South: 2 points to East-West", fixing=True)
    assert table.hands.get(number=3).tricks == 2

    # Hand 4: a revoke by North-South while East-West made it.
    fill_hand(page, names, maker="W", tricks=4, revoke="NS")
    check_and_confirm(page, 4, "North-South revoked: 2 points to East-West")

    for number, maker, tricks, result in [
        (5, "N", 5, "North-South march: 2 points"),
        (6, "E", 3, "East-West made it with 3 tricks: 1 point"),
        (7, "S", 4, "North-South made it with 4 tricks: 1 point"),
        (8, "W", 0, "North-South euchred East-West: 2 points to North-South"),
    ]:
        fill_hand(page, names, maker=maker, tricks=tricks)
        check_and_confirm(page, number, result)

    # Eight hands: the table has finished. The score box shows it, and East confirms.
    expect(page.locator("#score")).to_contain_text("8 hands played of 8")
    expect(page.locator("#hand-form")).to_have_count(0)
    assert_fits_the_phone(page)
    page.screenshot(path=str(tmp_path / "captain-finished.png"), full_page=True)
    page.get_by_role("button", name=f"I am {names['E']} (East): I confirm").click()
    expect(page.locator("#confirmed")).to_contain_text(f"Result confirmed by {names['E']}")
    expect(page.locator("a.fix")).to_have_count(0)

    # What the browser saw is what the database holds, scored by the engine.
    assert table.hands.count() == 8
    assert table.game().score == {"NS": 6, "EW": 9}
    table.refresh_from_db()
    assert table.confirmed_by.name == names["E"]

    # The director, on their own device, sees the confirmed table on the round's page.
    desk = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
    log_in(desk, live_server.url)
    desk.goto(f"{live_server.url}/rounds/{table.round_id}/")
    card = desk.locator("#tables .card", has_text="Table 1")
    expect(card).to_contain_text("confirmed")
    expect(card).to_contain_text(f"Confirmed by {names['E']}")
    expect(card).to_contain_text("North-South 6")
    expect(card).to_contain_text("East-West 9")
    desk.context.close()

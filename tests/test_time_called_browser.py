"""A round that ends when time is called, played in real browsers (Debian's chromium through
Playwright): the director calls time on the round page at a desk, the captain's phone says to
finish the hand in play and takes it, an opponent confirms, and the round closes as finished
with no reason asked. Every page is checked for CSP violations by the browser fixture."""

import pytest
from conftest import log_in
from playwright.sync_api import expect
from test_captain_browser import (
    assert_fits_the_phone,
    check_and_confirm,
    fill_hand,
    names_by_seat,
)

from tournaments import services
from tournaments.models import Round

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def round_one(event, players):
    services.entries_add(event=event, players=players[:4])
    return services.round_seat(event=event, seed=1)


def test_a_round_ends_on_time_and_closes_as_finished(
    browser, phone, live_server, round_one, director, tmp_path
):
    table = round_one.tables.get(number=1)
    names = names_by_seat(table)
    phone.goto(f"{live_server.url}/t/{table.card().token}/")
    fill_hand(phone, names, maker="N", tricks=3)
    check_and_confirm(phone, 1, "North-South made it with 3 tricks: 1 point")
    fill_hand(phone, names, maker="E", tricks=5)
    check_and_confirm(phone, 2, "East-West march: 2 points")

    desk = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    log_in(desk, live_server.url)
    desk.goto(f"{live_server.url}/rounds/{round_one.pk}/")
    desk.get_by_role("button", name="Call time in round 1").click()
    expect(desk.locator(".messages")).to_contain_text("Time called in round 1 at")
    expect(desk.locator("#time-called")).to_contain_text("each table still playing finishes")
    desk.screenshot(path=str(tmp_path / "round-time-called.png"), full_page=True)

    # The captain's next look at the page: one more hand, the one in play.
    phone.reload()
    expect(phone.locator("#time-called")).to_contain_text(
        "Time is called: finish the hand in play."
    )
    assert_fits_the_phone(phone)
    phone.screenshot(path=str(tmp_path / "captain-time-called.png"), full_page=True)
    fill_hand(phone, names, maker="S", tricks=1)
    check_and_confirm(phone, 3, "East-West euchred North-South: 2 points to East-West")
    expect(phone.locator("#time-called")).to_have_count(0)
    expect(phone.locator("#hand-form")).to_have_count(0)
    expect(phone.locator("#score")).to_contain_text("3 hands played of 3")
    phone.get_by_role("button", name=f"I am {names['E']} (East): I confirm").click()
    expect(phone.locator("#confirmed")).to_contain_text(f"Result confirmed by {names['E']}")

    # Every table has finished: the director closes the round, no reason asked.
    desk.goto(f"{live_server.url}/rounds/{round_one.pk}/")
    expect(desk.locator("#close")).to_contain_text("Every table has finished.")
    desk.get_by_role("button", name="Close round 1").click()
    expect(desk.locator(".messages")).to_contain_text("Round 1 closed.")
    expect(desk.locator("#rounds")).to_contain_text("ended when time was called at")
    round_one.refresh_from_db()
    assert round_one.status == Round.Status.CLOSED and round_one.close_reason == ""
    assert table.hands.count() == 3
    desk.goto(f"{live_server.url}/events/{round_one.event_id}/standings/")
    expect(desk.locator("#standings-status")).to_contain_text("Round 1 ended when time was called.")
    desk.context.close()

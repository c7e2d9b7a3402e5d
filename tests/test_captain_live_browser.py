"""What the director does reaches a captain's page that is already open, in a real browser
(Debian's chromium at a 360x740 phone): time called, a round closed, within 20 seconds and with
no reload; when the captain has started on a hand, nothing chosen is wiped. And the director's
round page says so when its refresh cannot reach the app, until the app answers again."""

import re

import pytest
from conftest import close_round, log_in
from django.test import Client
from playwright.sync_api import expect
from test_captain import play_round
from test_captain_browser import SEAT_WORDS, check_and_confirm, fill_hand, names_by_seat

from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)

LIVE_MS = 20_000  # the promise: within 20 seconds


@pytest.fixture
def round_one(event, players):
    services.entries_add(event=event, players=players[:4])
    return services.round_seat(event=event, seed=1)


@pytest.fixture
def table(round_one):
    return round_one.tables.get(number=1)


def open_table(phone, base, table) -> list[str]:
    """The captain's page, open; the list fills with every page the phone loads after this."""
    phone.goto(f"{base}/t/{table.card().token}/")
    loads: list[str] = []
    phone.on("load", lambda: loads.append(phone.url))
    return loads


def maker_choice(phone, names, seat):
    return phone.locator("#field-maker label", has_text=f"{names[seat]} ({SEAT_WORDS[seat]})")


def test_time_called_reaches_an_open_page_and_its_next_hand_is_the_last(
    phone, live_server, round_one, table
):
    names = names_by_seat(table)
    loads = open_table(phone, live_server.url, table)
    fill_hand(phone, names, maker="N", tricks=3)
    check_and_confirm(phone, 1, "North-South made it with 3 tricks: 1 point")
    expect(phone.locator("#time-called")).to_have_count(0)

    services.round_call_time(round=round_one)  # the director, at the desk

    banner = phone.locator("#time-called")
    expect(banner).to_contain_text("Time is called: finish the hand in play.", timeout=LIVE_MS)
    expect(banner).to_be_in_viewport()
    expect(phone.locator("#said")).to_contain_text("Time is called")
    assert loads == [], "the page was reloaded"
    fill_hand(phone, names, maker="E", tricks=3)
    check_and_confirm(phone, 2, "East-West made it with 3 tricks: 1 point")
    expect(phone.locator("#hand-form")).to_have_count(0)
    expect(phone.locator("#score")).to_contain_text("2 hands played of 2")


def test_time_called_while_the_captain_has_chosen_wipes_nothing(
    browser, phone, live_server, round_one, table, director
):
    names = names_by_seat(table)
    loads = open_table(phone, live_server.url, table)
    fill_hand(phone, names, maker="N", tricks=3)
    check_and_confirm(phone, 1, "North-South made it with 3 tricks: 1 point")
    maker_choice(phone, names, "W").click()  # the next hand, begun

    desk = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    log_in(desk, live_server.url)
    desk.goto(f"{live_server.url}/rounds/{round_one.pk}/")
    desk.get_by_role("button", name="Call time in round 1").click()
    expect(desk.locator(".messages")).to_contain_text("Time called in round 1 at")
    desk.context.close()

    expect(phone.locator("#time-called")).to_contain_text(
        "it is this table's last hand", timeout=LIVE_MS
    )
    expect(phone.locator("#said")).to_contain_text("Time is called")
    expect(maker_choice(phone, names, "W").locator("input")).to_be_checked()
    assert loads == []
    # The hand begun is entered as usual, and is the table's last.
    fill_hand(phone, names, maker="W", tricks=4)
    check_and_confirm(phone, 2, "East-West made it with 4 tricks: 1 point")
    expect(phone.locator("#score")).to_contain_text("2 hands played of 2")
    expect(phone.locator("#hand-form")).to_have_count(0)


def test_a_hand_the_director_corrects_reaches_a_page_with_a_hand_begun(
    phone, live_server, table, director
):
    names = names_by_seat(table)
    open_table(phone, live_server.url, table)
    fill_hand(phone, names, maker="N", tricks=3)
    check_and_confirm(phone, 1, "North-South made it with 3 tricks: 1 point")
    maker_choice(phone, names, "E").click()

    hand = table.hands.get(number=1)
    services.hand_correct(
        hand=hand, data={"maker": "N", "tricks": 5}, reason="North took all five", user=director
    )

    expect(phone.locator("#hands")).to_contain_text("North-South march", timeout=LIVE_MS)
    expect(phone.locator("#score")).to_contain_text("2")
    expect(phone.locator("#said")).to_contain_text("This table's hands changed")
    expect(maker_choice(phone, names, "E").locator("input")).to_be_checked()


def test_a_result_confirmed_on_another_phone_reaches_the_open_page(phone, live_server, table):
    play_round(Client(), table)  # the table's eight hands, from another phone
    loads = open_table(phone, live_server.url, table)
    expect(phone.locator("#confirm")).to_contain_text("This table has finished")
    opponent = table.seats.get(position="E").player
    seen = services.table_fingerprint(table.hands.order_by("number"))
    services.table_confirm(table=table, player=opponent, seen=seen)

    expect(phone.locator("#confirmed")).to_contain_text(
        f"Result confirmed by {opponent.name}", timeout=LIVE_MS
    )
    expect(phone.locator("#confirm")).to_have_count(0)
    expect(phone.locator("#said")).to_contain_text(f"Result confirmed by {opponent.name}")
    assert loads == []


def test_a_round_closed_stops_a_hand_begun_with_a_notice(phone, live_server, round_one, table):
    names = names_by_seat(table)
    loads = open_table(phone, live_server.url, table)
    fill_hand(phone, names, maker="N", tricks=3)
    check_and_confirm(phone, 1, "North-South made it with 3 tricks: 1 point")
    fill_hand(phone, names, maker="S", tricks=2)

    close_round(round_one, reason="The hall closes early")

    notice = phone.locator("#ended")
    expect(notice).to_contain_text(
        "This round is closed: nothing more can be entered at this table.", timeout=LIVE_MS
    )
    expect(phone.locator("#said")).to_contain_text("This round is closed")
    assert loads == []
    # What was chosen stays in sight, to tell the director; it can no longer be sent.
    expect(notice).to_contain_text("The hand on this page was not recorded")
    expect(maker_choice(phone, names, "S").locator("input")).to_be_checked()
    expect(phone.locator("#hand-form button").first).to_be_disabled()
    notice.get_by_role("link").click()
    expect(phone.locator("#closed")).to_contain_text("Round 1 is closed")
    expect(phone.locator("#card-state")).to_contain_text("Round 2 is being seated")


def test_a_round_closed_takes_an_untouched_page_to_the_cards_page(
    phone, live_server, round_one, table
):
    names = names_by_seat(table)
    open_table(phone, live_server.url, table)
    fill_hand(phone, names, maker="N", tricks=3)
    check_and_confirm(phone, 1, "North-South made it with 3 tricks: 1 point")

    close_round(round_one, reason="The hall closes early")

    # What a reload shows: the round closed, the next being seated (that page looks again).
    expect(phone.locator("#closed")).to_contain_text("Round 1 is closed", timeout=LIVE_MS)
    expect(phone.locator("#card-state")).to_contain_text("Round 2 is being seated")


def test_the_next_rounds_table_replaces_an_untouched_page(
    phone, live_server, event, round_one, table
):
    loads = open_table(phone, live_server.url, table)
    close_round(round_one, reason="Time")
    following = services.round_seat(event=event, seed=2).tables.get(number=1)
    expect(phone.locator("h1")).to_contain_text("round 2", timeout=LIVE_MS)
    expect(phone.locator("#captain")).to_have_attribute("data-table", str(following.pk))
    expect(phone.locator("#said")).to_contain_text("The next round is in play")
    assert loads == []


# --- The director's round page, when the app cannot be reached -------------------------------


@pytest.mark.parametrize("failure", ["no connection", "proxy error"])
def test_the_round_page_says_it_is_stale_until_the_app_answers(
    browser, live_server, round_one, director, failure
):
    desk = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    desk.clock.install()  # the page's 20-second refresh, without waiting 20 seconds
    log_in(desk, live_server.url)
    desk.goto(f"{live_server.url}/rounds/{round_one.pk}/")
    as_of = desk.locator("#as-of").inner_text()
    stale = desk.locator("#stale")
    expect(stale).to_be_hidden()

    refreshes = re.compile(rf"/rounds/{round_one.pk}/$")
    if failure == "no connection":
        desk.route(refreshes, lambda route: route.abort("connectionrefused"))
    else:
        desk.route(refreshes, lambda route: route.fulfill(status=502, body="Bad Gateway"))
    desk.clock.run_for(21_000)
    expect(stale).to_be_visible()
    expect(stale).to_have_text(f"Not updated since {as_of}: the app cannot be reached.")
    expect(stale).to_have_attribute("role", "status")
    desk.clock.run_for(21_000)  # still down: still the last good time
    expect(stale).to_have_text(f"Not updated since {as_of}: the app cannot be reached.")

    desk.evaluate("document.getElementById('live').dataset.old = 'yes'")
    desk.unroute(refreshes)
    desk.clock.run_for(21_000)
    expect(stale).to_be_hidden()
    expect(stale).to_be_empty()
    expect(desk.locator("#live")).not_to_have_attribute("data-old", "yes")  # swapped afresh
    desk.context.close()

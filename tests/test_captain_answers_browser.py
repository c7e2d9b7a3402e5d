"""A hand is kept on the phone until the app itself says it is recorded, whatever else answers,
in a real browser (Debian's chromium, as in test_captain_offline_browser.py). When the server
is stopping (gunicorn's bare "Internal Server Error" on Ctrl-C), a proxy answers with its own
error page, or the body comes back empty or cut off, static/captain.js keeps the captain's page
and the hand, and sends the hand later as after a dropped connection. Playwright answers for
the app here (`page.route`), as those would; then it stops, and the app answers again."""

import json
import re
import time

import pytest
from django.test import RequestFactory
from django.views.defaults import server_error
from playwright.sync_api import expect
from test_captain_browser import fill_hand, names_by_seat
from test_captain_offline_browser import (
    KEPT,
    both_phones_enter,
    check,
    hands_of,
    keep,
    open_phone,
    table_url,
)

from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)

HAND_1 = "North-South made it with 3 tricks: 1 point"
RECORDED_1 = f"Hand 1 recorded: {HAND_1}. Score: North-South 1, East-West 0."
# A captain's Check and Confirm, and the sends of kept hands: not the page itself.
POSTS = re.compile(r"/(hand|send)/\?")
SENDS = re.compile(r"/send/\?")

NGINX_502 = (
    "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n"
    "<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n"
    "</body>\r\n</html>\r\n"
)
NGINX_404 = NGINX_502.replace("502 Bad Gateway", "404 Not Found")


def django_500() -> str:
    """The page the app itself answers when a view raises (its handler500)."""
    return server_error(RequestFactory().get("/")).content.decode()


def cut_off(page) -> str:
    """The captain's page as the phone shows it, cut off before the hands played: it holds the
    page's root, but not the whole page."""
    html = page.content()
    return html[: html.index('id="hands"')]


# What answers instead of the app: status, content type, and body (or what makes it, from the
# page the phone shows, just before it is needed).
ANSWERS = {
    "server stopping": (500, "text/plain", "Internal Server Error"),
    "proxy page": (502, "text/html", NGINX_502),
    "empty body": (200, "text/html; charset=utf-8", ""),
    "django 500": (500, "text/html; charset=utf-8", lambda page: django_500()),
    "cut off": (200, "text/html; charset=utf-8", cut_off),
}


def answering(status: int, content_type: str, body: str):
    """A route handler that answers so, in place of the app; it notes each request it answers."""
    answered: list[str] = []

    def answer(route):
        answered.append(route.request.url)
        route.fulfill(status=status, content_type=content_type, body=body)

    answer.answered = answered
    return answer


def wait_until(page, condition, seconds: float = 15) -> None:
    """Let the page run (and Playwright's route handlers with it) until `condition()` holds."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        page.wait_for_timeout(100)


def kept_on_the_phone(page) -> list[tuple]:
    kept = json.loads(page.evaluate("localStorage.getItem('euchre-kept-hands')") or "[]")
    return [(entry["number"], entry["state"]) for entry in kept]


def back_online(page) -> None:
    # What the phone does when its connection is back; here, at once rather than in 5 seconds.
    page.evaluate("window.dispatchEvent(new Event('online'))")


# The captain's page, not an error page in its place: its table, round, event and club.
CAPTAINS_TITLE = "Table 1 · round 1 · Tuesday progressive · Maple Hall Euchre Club"


@pytest.fixture
def table(event, players):
    services.entries_add(event=event, players=players[:8])
    return services.round_seat(event=event, seed=1).tables.get(number=1)


@pytest.mark.parametrize("step", ["check", "confirm"])
@pytest.mark.parametrize("answer", list(ANSWERS))
def test_a_hand_is_kept_on_the_phone_whatever_else_answers(
    browser, live_server, table, answer, step
):
    page = open_phone(browser)
    names = names_by_seat(table)
    page.goto(table_url(live_server.url, table))
    fill_hand(page, names, maker="N", tricks=3)
    if step == "confirm":
        check(page, 1)
        expect(page.locator("#result")).to_have_text(HAND_1)
    status, content_type, body = ANSWERS[answer]
    failing = answering(status, content_type, body(page) if callable(body) else body)
    page.route(POSTS, failing)
    if step == "check":
        # No answer from the app: the phone's own check step, then its Confirm keeps the hand.
        keep(page, 1)
    else:
        page.get_by_role("button", name="Confirm hand 1").click()

    # Still the captain's page, moved on to hand 2, with hand 1 kept on the phone.
    expect(page.locator("#waiting .news")).to_have_text(KEPT.format(1))
    expect(page.locator("#captain #entry h2")).to_contain_text("Hand 2")
    expect(page).to_have_title(CAPTAINS_TITLE)
    assert kept_on_the_phone(page) == [(1, "waiting")]
    # The phone's own send meets the same answer: the hand stays, waiting.
    wait_until(page, lambda: any(SENDS.search(url) for url in failing.answered))
    expect(page.locator("#waiting li.kept-waiting")).to_have_count(1)
    assert kept_on_the_phone(page) == [(1, "waiting")]
    assert hands_of(table) == []

    page.unroute(POSTS)
    back_online(page)
    expect(page.locator("#waiting .sent")).to_have_text(RECORDED_1)
    expect(page.locator("#waiting li")).to_have_count(0)
    expect(page.locator("#hands li")).to_have_count(1)
    assert kept_on_the_phone(page) == []
    assert hands_of(table) == [(1, "N", 3)]


def test_change_it_with_no_answer_from_the_app_keeps_the_check(browser, live_server, table):
    page = open_phone(browser)
    names = names_by_seat(table)
    page.goto(table_url(live_server.url, table))
    fill_hand(page, names, maker="N", tricks=3)
    check(page, 1)
    expect(page.locator("#result")).to_have_text(HAND_1)
    page.route(POSTS, answering(*ANSWERS["server stopping"]))
    change = page.get_by_role("button", name="Change it")
    change.click()
    expect(page.locator("#waiting .news")).to_have_text(
        "No connection: tap Change it again when it is back."
    )
    expect(page.locator("#check #result")).to_have_text(HAND_1)
    expect(change).to_be_enabled()
    expect(page.get_by_role("button", name="Confirm hand 1")).to_be_enabled()
    assert kept_on_the_phone(page) == []

    page.unroute(POSTS)
    change.click()
    expect(page.locator("#entry h2")).to_contain_text("Hand 1")
    expect(page.locator("#field-maker input[value='N']")).to_be_checked()


def keep_a_hand_offline(page, table):
    page.context.set_offline(True)
    fill_hand(page, names_by_seat(table), maker="N", tricks=3)
    keep(page, 1)


def test_a_proxys_404_leaves_a_kept_hand_waiting_to_be_sent(browser, live_server, table):
    page = open_phone(browser)
    page.goto(table_url(live_server.url, table))
    keep_a_hand_offline(page, table)
    not_found = answering(404, "text/html", NGINX_404)
    page.route(SENDS, not_found)
    page.context.set_offline(False)
    back_online(page)
    wait_until(page, lambda: len(not_found.answered) >= 2)  # tried, and tried again
    kept = page.locator("#waiting li[data-number='1']")
    expect(kept).to_have_class("kept-waiting")
    expect(kept).to_contain_text("waiting to be sent")
    assert kept_on_the_phone(page) == [(1, "waiting")]

    page.unroute(SENDS)
    back_online(page)
    expect(page.locator("#waiting .sent")).to_have_text(RECORDED_1)
    expect(page.locator("#waiting li")).to_have_count(0)
    assert hands_of(table) == [(1, "N", 3)]


def test_a_reissued_cards_kept_hand_is_refused_in_the_apps_own_words(browser, live_server, table):
    page = open_phone(browser)
    page.goto(table_url(live_server.url, table))
    keep_a_hand_offline(page, table)
    services.table_cards_reissue(club=table.round.event.club)
    with page.expect_response(SENDS) as sent:
        page.context.set_offline(False)
        back_online(page)
    assert sent.value.status == 404
    assert sent.value.headers["content-type"] == "application/json"
    refused = page.locator("#waiting li.kept-refused")
    expect(refused).to_contain_text(
        "This table card no longer opens a table (it was reissued): tell the director."
    )
    assert kept_on_the_phone(page) == [(1, "refused")]
    assert hands_of(table) == []


def test_the_table_is_not_replaced_by_a_proxys_page_once_kept_hands_are_sent(
    browser, live_server, table
):
    page = open_phone(browser)
    page.goto(table_url(live_server.url, table))
    keep_a_hand_offline(page, table)
    # The table page itself, which the phone reloads once nothing is kept.
    the_page = re.compile(rf"/t/{table.card().token}/\?table=")
    proxy = answering(*ANSWERS["proxy page"])
    page.route(the_page, proxy)
    page.context.set_offline(False)
    back_online(page)
    expect(page.locator("#waiting .sent")).to_have_text(RECORDED_1)
    wait_until(page, lambda: proxy.answered)
    page.wait_for_timeout(200)  # what the phone did with the proxy's page
    expect(page.locator("#captain #waiting .sent")).to_have_text(RECORDED_1)
    expect(page).to_have_title(CAPTAINS_TITLE)
    assert hands_of(table) == [(1, "N", 3)]


def test_a_fix_to_the_kept_hand_keeps_it_until_the_app_answers(browser, live_server, table):
    names = names_by_seat(table)
    offline, online = open_phone(browser), open_phone(browser)
    for page in (offline, online):
        page.goto(table_url(live_server.url, table))
    conflict = both_phones_enter(
        offline,
        online,
        names,
        1,
        kept=("N", 3),
        recorded=("S", 4),
        result="North-South made it with 4 tricks: 1 point",
    )
    offline.route(re.compile(r"/fix/\?"), answering(*ANSWERS["proxy page"]))
    conflict.get_by_role("button", name="Fix hand 1 to this phone's version").click()
    expect(offline.locator("#waiting .news")).to_have_text(
        "No connection: tap Fix again when it is back."
    )
    expect(offline.locator("#waiting li.kept-conflict")).to_have_count(1)
    assert kept_on_the_phone(offline) == [(1, "conflict")]

    offline.unroute(re.compile(r"/fix/\?"))
    conflict.get_by_role("button", name="Fix hand 1 to this phone's version").click()
    expect(offline.locator("#result")).to_have_text(HAND_1)
    assert kept_on_the_phone(offline) == []
    offline.get_by_role("button", name="Confirm the fix").click()
    expect(offline.locator(".messages")).to_contain_text(f"Hand 1 fixed: {HAND_1}")
    assert hands_of(table) == [(1, "N", 3)]

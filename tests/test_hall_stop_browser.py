"""Stopping the hall never costs a hand, in a real browser: a captain's page is open on the hall
(`python3 euchre.py hall`, waitress) when the director presses Ctrl-C. The hall finishes what
is in flight and stops; the captain's next hand is kept on the phone, and once the hall is back
the phone sends it by itself and it is recorded once."""

import re
import time

import pytest
from conftest import PHONE
from hallrun import ROOT, Hall, hands_stored
from playwright.sync_api import expect

KEPT = "Hand {} is saved on this phone and will be sent when the connection is back."
SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}


@pytest.fixture
def hall(tmp_path):
    hall = Hall(ROOT, tmp_path).start()
    hall.world = hall.build_world(tables=2)
    yield hall
    hall.kill()


def enter(page, number: int, maker: str, tricks: int):
    form = page.locator("#hand-form")
    form.locator("#field-maker label", has_text=f"({SEATS[maker]})").click()
    form.locator("#field-tricks label", has_text=re.compile(rf"^\s*{tricks}\s*$")).click()
    form.get_by_role("button", name=f"Check hand {number}").first.click()


def test_ctrl_c_with_a_captains_page_open_loses_no_hand(browser, hall):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    card, table = hall.world["tables"][0]
    page.goto(f"http://127.0.0.1:{hall.port}/t/{card}/?table={table}")

    enter(page, 1, "N", 3)
    page.get_by_role("button", name="Confirm hand 1").click()
    expect(page.locator(".messages")).to_contain_text("Hand 1 recorded")
    # The phone's browser keeps connections open to the hall, as phones do; Ctrl-C now.
    page.evaluate("fetch('/health/')")
    assert hall.interrupt() == 0
    assert "Stopped." in hall.output

    enter(page, 2, "E", 5)
    # No answer: the phone's own check step, whose Confirm keeps the hand.
    expect(page.locator("#check-title")).to_have_text("Hand 2: is this right?")
    page.locator("#check").get_by_role("button", name="Confirm hand 2").click()
    expect(page.locator("#waiting .news")).to_have_text(KEPT.format(2))
    expect(page.locator("#hand-form")).to_be_visible()  # the captain plays on
    assert hands_stored(hall.database)[table] == [1]

    hall.start()  # the same address and port: the phone finds it by itself
    expect(page.locator("#waiting .sent")).to_contain_text("Hand 2 recorded", timeout=30_000)
    time.sleep(6)  # another round of the phone's retries: still once
    assert hands_stored(hall.database)[table] == [1, 2]
    assert page.evaluate("localStorage.getItem('euchre-kept-hands')") == "[]"
    context.close()


def test_ctrl_c_finishes_a_request_in_flight_before_stopping(hall):
    """Answers under way at Ctrl-C are sent whole, then the hall stops: a phone gets either
    the whole page or no connection at all (which it treats as a dropped Wi-Fi), never an
    error page or half a page."""
    import http.client
    import signal
    import threading

    card, table = hall.world["tables"][0]
    answers, failed = [], []

    def ask():
        conn = http.client.HTTPConnection("127.0.0.1", hall.port, timeout=30)
        try:
            conn.request("GET", f"/t/{card}/?table={table}")
            response = conn.getresponse()
            answers.append((response.status, response.read()))
        except (OSError, http.client.HTTPException):
            failed.append(True)  # refused or closed before any answer: as if offline

    # Many at once, so some are in flight when the signal lands.
    threads = [threading.Thread(target=ask) for _ in range(40)]
    for thread in threads:
        thread.start()
    time.sleep(0.05)
    hall.signal(signal.SIGINT)
    for thread in threads:
        thread.join(timeout=30)
    assert hall.process.wait(timeout=30) == 0
    assert len(answers) + len(failed) == len(threads)
    assert answers, "no request got in before Ctrl-C"
    for status, body in answers:
        assert status == 200
        assert b'id="captain"' in body and body.rstrip().endswith(b"</html>")

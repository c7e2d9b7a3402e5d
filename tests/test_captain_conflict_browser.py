"""The second phone's conflict view shows the table as it now stands (issue 23), in Debian's
chromium at 360 px: a phone kept hand 2 while offline and moved on to hand 3; another phone
recorded a different hand 2. Back online, the kept hand waits for its captain beside the
recorded one, and the score, the count of hands played and the list of hands are the
table's own (hand 2 in them), not what the phone showed before it went offline. The same
when the captain had already started on hand 3: what they chose stays.

Also here: a right-to-left name never moves the bracket or the score around it in the score
box ("East-West (Dottie Kramer & فاطمة الزهراء) 9").

Screenshots: /tmp/shots/issue23-ui/captain-*.png.
"""

import os

import pytest
from playwright.sync_api import expect
from test_captain_browser import check_and_confirm, fill_hand, names_by_seat
from test_captain_offline_browser import keep, open_phone, table_url

from clubs.models import Player
from tournaments import services

SHOTS = "/tmp/shots/issue23-ui"

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(event, players):
    services.entries_add(event=event, players=players[:8])
    table = services.round_seat(event=event, seed=1).tables.get(number=1)
    services.hand_record(table=table, number=1, data={"maker": "N", "tricks": 3})  # N-S 1
    return table


def conflict_on_hand_2(browser, live_server, table, *, start_hand_3=False):
    """Returns the offline phone once its kept hand 2 has met the recorded one."""
    os.makedirs(SHOTS, exist_ok=True)
    names = names_by_seat(table)
    offline, online = open_phone(browser), open_phone(browser)
    for page in (offline, online):
        page.goto(table_url(live_server.url, table))
    offline.context.set_offline(True)
    fill_hand(offline, names, maker="E", tricks=5)
    keep(offline, 2)
    expect(offline.locator("#entry-title")).to_contain_text("Hand 3")
    if start_hand_3:
        fill_hand(offline, names, maker="S")
    fill_hand(online, names, maker="W", tricks=3)
    check_and_confirm(online, 2, "East-West made it with 3 tricks: 1 point")
    offline.context.set_offline(False)
    expect(offline.locator("#waiting li.kept-conflict")).to_contain_text(
        "Another phone entered hand 2 first"
    )
    return offline


@pytest.mark.parametrize("started", [False, True], ids=["form-untouched", "hand-3-started"])
def test_the_conflict_view_shows_the_table_as_it_now_stands(browser, live_server, table, started):
    phone = conflict_on_hand_2(browser, live_server, table, start_hand_3=started)
    # The table as the server has it: 1-1 after two hands, hand 2 in the list.
    expect(phone.locator("#score p.played")).to_contain_text("2 hands played of 8")
    expect(phone.locator("#score strong")).to_have_text(["1", "1"])
    expect(phone.locator("#hands ol.hands > li")).to_have_count(2)
    expect(phone.locator("#hands ol.hands > li").nth(1)).to_contain_text("East-West made it")
    expect(phone.locator("#entry-title")).to_contain_text("Hand 3")
    # The kept hand still waits for the captain's choice.
    expect(phone.locator("#waiting li.kept-conflict")).to_have_count(1)
    if started:
        checked = phone.locator("#field-maker input:checked")
        expect(checked).to_have_count(1)
    phone.screenshot(path=f"{SHOTS}/captain-conflict-{'started' if started else 'untouched'}.png")
    phone.context.close()


# Where each piece of the side's label and its score lie on the screen, left to right: the
# bracket after the right-to-left name must come after that name, and the score below the label
# or on its right (issue 40: one low row), never among the names.
PIECES = """(box) => {
  const label = box.querySelector('span');
  const rect = node => node.getBoundingClientRect();
  const names = [...label.querySelectorAll('bdi')].map(rect);
  const text = label.lastChild;  // ")" after the last name
  const range = document.createRange();
  range.setStart(text, text.data.indexOf(')'));
  range.setEnd(text, text.data.indexOf(')') + 1);
  return {
    names: names.map(r => [r.left, r.right, r.top]),
    close: [range.getBoundingClientRect().left, range.getBoundingClientRect().top],
    score: [rect(box.querySelector('strong')).top, rect(label).bottom,
            rect(box.querySelector('strong')).left, rect(label).right],
    text: label.textContent + ' ' + box.querySelector('strong').textContent,
  };
}"""


def test_a_right_to_left_name_keeps_the_bracket_and_score_in_place(
    browser, live_server, event, players
):
    services.entries_add(event=event, players=players[:8])
    table = services.round_seat(event=event, seed=1).tables.get(number=1)
    for position, name in (("E", "Dottie Kramer"), ("W", "فاطمة الزهراء")):
        Player.objects.filter(pk=table.seats.get(position=position).player_id).update(name=name)
    for number in range(1, 5):
        services.hand_record(table=table, number=number, data={"maker": "E", "tricks": 5})
    phone = open_phone(browser)
    phone.goto(table_url(live_server.url, table))
    os.makedirs(SHOTS, exist_ok=True)
    phone.locator("#score").screenshot(path=f"{SHOTS}/captain-score-rtl.png")
    east_west = phone.locator("#score > div").nth(1)
    seen = east_west.evaluate(PIECES)
    phone.context.close()

    assert seen["text"] == "East-West (Dottie Kramer & فاطمة الزهراء) 8", seen
    (dottie_left, dottie_right, dottie_top), (rtl_left, rtl_right, rtl_top) = seen["names"]
    close_left, close_top = seen["close"]
    # In reading order on the line: Dottie, then the Arabic name, then ")".
    if abs(rtl_top - dottie_top) < 2:
        assert dottie_right <= rtl_left + 1, seen
    if abs(close_top - rtl_top) < 2:
        assert rtl_right <= close_left + 1, seen
    # The score under the label or wholly on its right, not beside a name inside it.
    top, label_bottom, left, label_right = seen["score"]
    assert top >= label_bottom - 1 or left >= label_right - 1, seen

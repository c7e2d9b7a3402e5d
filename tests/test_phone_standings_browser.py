"""The players' standings on a 360-pixel phone (issue 23), in Debian's chromium: every player's
place, name and total are on screen without scrolling sideways, the rounds come under them,
and the table starts right under its heading. Also at the default text size doubled.

Screenshots: /tmp/shots/issue23-ui/phone-standings-*.png.
"""

import os

import pytest
from conftest import close_round
from django.urls import reverse
from test_projector_browser import player_names

from clubs.models import Player
from tournaments import services

SHOTS = "/tmp/shots/issue23-ui"
PHONE = {"width": 360, "height": 740}
DESK = {"width": 1280, "height": 800}

pytestmark = pytest.mark.django_db(transaction=True)


def three_rounds_played(event):
    """16 players, among them the long names, three rounds seated with hands played (some
    euchres, so some negative totals are possible under the house's rules) and closed."""
    players = Player.objects.bulk_create(
        Player(club=event.club, name=name) for name in player_names(16)
    )
    services.entries_add(event=event, players=players)
    hands = [
        {"maker": "N", "tricks": 5},
        {"maker": "E", "tricks": 2},
        {"maker": "S", "tricks": 3},
        {"maker": "W", "tricks": 4},
    ]
    for _ in range(3):
        round_ = services.round_seat(event=event, seed=1)
        for table in round_.tables.order_by("number"):
            for number, data in enumerate(hands[: 1 + table.number % 4], start=1):
                services.hand_record(table=table, number=number, data=data)
        close_round(round_, "Time called for the test")


# Each standings row's place, name and total cells: whether each lies wholly inside the window,
# and how far the page (or the table's box) scrolls sideways.
ROWS = """() => {
  const W = window.innerWidth;
  const rows = [...document.querySelectorAll('#standings table.standings tbody tr')];
  const inside = el => { const r = el.getBoundingClientRect();
                         return r.width > 0 && r.left >= -0.5 && r.right <= W + 0.5; };
  const table = document.querySelector('#standings table.standings');
  const heading = document.querySelector('#standings h2');
  return {
    rows: rows.map(tr => {
      const name = tr.querySelector('td bdi');
      const place = tr.querySelector('td');
      const total = tr.querySelector('td.total');
      return {
        name: name.textContent,
        place: inside(place), nameInside: inside(name), total: total && inside(total),
        totalText: total && total.textContent.trim(),
      };
    }),
    pageScroll: document.documentElement.scrollWidth - W,
    boxScroll: table.parentElement.scrollWidth - table.parentElement.clientWidth,
    gap: table.getBoundingClientRect().top - heading.getBoundingClientRect().bottom,
    rem: parseFloat(getComputedStyle(document.documentElement).fontSize),
  };
}"""


@pytest.mark.parametrize("doubled", [False, True], ids=["default-text", "text-200"])
def test_place_name_and_total_are_on_a_phone_screen(browser, live_server, event, doubled):
    three_rounds_played(event)
    os.makedirs(SHOTS, exist_ok=True)
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    if doubled:
        cdp = page.context.new_cdp_session(page)
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    url = live_server.url + reverse("public:event", args=[event.club.slug, event.pk])
    page.goto(url)
    page.locator("#standings").scroll_into_view_if_needed()
    suffix = "200" if doubled else "100"
    page.locator("#standings").screenshot(path=f"{SHOTS}/phone-standings-360-{suffix}.png")
    page.screenshot(path=f"{SHOTS}/phone-event-360-{suffix}.png", full_page=True)
    seen = page.evaluate(ROWS)
    context.close()

    assert len(seen["rows"]) == 16
    for row in seen["rows"]:
        assert row["place"] and row["nameInside"] and row["total"], row
    assert seen["pageScroll"] <= 0, "the page scrolls sideways"
    # No blank gap between the heading (and its status line) and the table.
    assert seen["gap"] <= 4 * seen["rem"], seen["gap"]


def test_the_desk_still_shows_the_rounds_in_columns(browser, live_server, event):
    three_rounds_played(event)
    context = browser.new_context(viewport=DESK)
    page = context.new_page()
    page.goto(live_server.url + reverse("public:event", args=[event.club.slug, event.pk]))
    page.locator("#standings").screenshot(path=f"{SHOTS}/phone-standings-1280.png")
    headers = page.locator("#standings table.standings thead th").all_text_contents()
    context.close()
    assert [h.strip() for h in headers[:2]] == ["Place", "Player"]
    assert {"R1", "R2", "R3", "Total"} <= {h.strip() for h in headers}

"""The projector read from the back of the hall (issue 23), in Debian's chromium: at 1920x1080
and 1280x720, with 60 players and every side award, each screen and page it turns to fills the
window (the content spans at least 80% of its width), the names are at least 40 px high at
1080p, and no text leaves the window, overflows its box or breaks inside a word, even for a
name as long as the roster allows. Hidden standings say nothing of "current standings", and a
private club's projector says its results may be private (a 404, as for an unknown club).

Screenshots: /tmp/shots/issue23-ui/projector-fill-*.png.
"""

import os
import re
import time

import pytest
from django.urls import reverse
from test_projector_browser import FULL_HD, HD, build_night, projector_url

from clubs.models import Player
from tournaments import services

SHOTS = "/tmp/shots/issue23-ui"
PATIENCE_SECONDS = 40

pytestmark = pytest.mark.django_db(transaction=True)


# What the screen shows now, measured: every name's font size; how much of the window's width
# the items of the screen showing span (its tables, rows or awards, as far as they are on
# screen); every element that crosses the window's edge; every text box whose text runs out of
# it; and every word laid out on two lines.
MEASURE = """() => {
  const W = window.innerWidth, H = window.innerHeight;
  const shown = [...document.querySelectorAll('.screen')].filter(s => !s.hidden);
  const screen = shown[0];
  const items = [...screen.querySelectorAll('.tablebox, .row')];
  const onScreen = items.map(el => el.getBoundingClientRect())
    .filter(r => r.right > 0 && r.left < screen.getBoundingClientRect().right && r.width > 0);
  const left = Math.min(...onScreen.map(r => r.left));
  const right = Math.max(...onScreen.map(r => r.right));
  const names = [...screen.querySelectorAll('.tablebox li bdi, .row .name, .row .name bdi')]
    .filter(el => { const r = el.getBoundingClientRect();
                    return r.right > 0 && r.left < screen.getBoundingClientRect().right; });
  // What the screen clips away (the next page's columns, to the right) is not on screen.
  const clip = screen.getBoundingClientRect();
  const texts = [...document.querySelectorAll(
    '.bar h1, .bar p, .bar figcaption, h2, h3, .tablebox li, .tablebox bdi, .row > *')]
    .filter(el => el.closest('.screen') === null || el.closest('.screen') === screen)
    .filter(el => { const r = el.getBoundingClientRect();
                    return r.width > 0 && r.right > clip.left && r.left < clip.right; });
  const outside = [], overflowing = [], broken = [];
  for (const el of texts) {
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) {
      outside.push(el.textContent.trim().slice(0, 60));
    }
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      overflowing.push(el.textContent.trim().slice(0, 60));
    }
  }
  // A word on two lines: its range has more than one line box. A hyphenated name may break
  // after its hyphen, as people write it.
  for (const el of names) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /[^\\s-]+-?/g;
      let m;
      while ((m = re.exec(node.data))) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter(r => r.width > 0)
          .map(r => Math.round(r.top)));
        if (lines.size > 1) broken.push(m[0]);
      }
    }
  }
  return {
    id: screen.id,
    label: (screen.querySelector('.page-of') || {}).textContent || '',
    span: onScreen.length ? (right - left) / W : 0,
    sizes: names.map(el => [el.textContent, parseFloat(getComputedStyle(el).fontSize)]),
    outside, overflowing, broken,
    docWidth: document.documentElement.scrollWidth,
  };
}"""


def turn_through(page, prefix):
    """Every screen and page the projector turns to, measured once each, in order."""
    seen, order = {}, []
    deadline = time.monotonic() + PATIENCE_SECONDS
    while time.monotonic() < deadline:
        now = page.evaluate(MEASURE)
        key = (now["id"], now["label"])
        if key in seen:
            if key == order[0] and len(order) > 1:
                break  # a whole turn
        else:
            seen[key] = now
            order.append(key)
            number = re.sub(r"\D+", "-", now["label"]).strip("-") or "1"
            page.screenshot(path=f"{SHOTS}/projector-fill-{prefix}-{now['id']}-{number}.png")
        page.wait_for_timeout(200)
    return [seen[key] for key in order]


def night_with_awards(event, count=60):
    event.award_most_loners = event.award_best_round = True
    event.award_high_night = event.award_booby = True
    event.save()
    return build_night(event, count)


@pytest.fixture
def screen(browser):
    contexts = []

    def open_screen(viewport):
        context = browser.new_context(viewport=viewport)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    os.makedirs(SHOTS, exist_ok=True)
    yield open_screen
    for context in contexts:
        context.close()


@pytest.mark.parametrize("viewport", [FULL_HD, HD], ids=["1920x1080", "1280x720"])
def test_every_screen_fills_the_window_in_big_unbroken_type(screen, live_server, event, viewport):
    night_with_awards(event)
    page = screen(viewport)
    page.goto(projector_url(live_server, event))
    pages = turn_through(page, f"{viewport['width']}x{viewport['height']}")

    ids = [p["id"] for p in pages]
    assert {"screen-seating", "screen-standings", "screen-awards"} <= set(ids), ids
    for now in pages:
        where = f"{now['id']} {now['label']}"
        assert not now["outside"], f"{where}: off the screen: {now['outside']}"
        assert not now["overflowing"], f"{where}: text out of its box: {now['overflowing']}"
        assert not now["broken"], f"{where}: words broken across lines: {now['broken']}"
        assert now["docWidth"] <= viewport["width"], where
        if viewport == FULL_HD:
            small = [(name, size) for name, size in now["sizes"] if size < 40]
            assert not small, f"{where}: names under 40 px: {small[:5]}"
    # The first page of each screen uses the width; a last page may hold only a few.
    for now in pages:
        if "page" not in now["label"] or "page 1 " in now["label"]:
            assert now["span"] >= 0.8, f"{now['id']} {now['label']} spans {now['span']:.0%}"


def test_a_name_as_long_as_the_roster_allows_never_leaves_its_box(screen, live_server, event):
    night_with_awards(event, 16)
    longest = Player._meta.get_field("name").max_length
    words = "Featherstonehaugh-Worthington " * 5
    long_words = Player.objects.create(club=event.club, name=words[:longest].strip())
    one_word = Player.objects.create(club=event.club, name="W" * longest)
    services.entries_add(event=event, players=[long_words, one_word])
    round_ = event.rounds.order_by("-number").first()
    # At table 1 in the round in play, in place of two players there.
    seats = round_.tables.order_by("number").first().seats.order_by("position")
    for seat, player in zip(seats, (long_words, one_word), strict=False):
        seat.player = player
        seat.save()
    for viewport in (FULL_HD, HD):
        page = screen(viewport)
        page.goto(projector_url(live_server, event))
        pages = turn_through(page, f"longest-{viewport['width']}x{viewport['height']}")
        for now in pages:
            where = f"{viewport['width']} {now['id']} {now['label']}"
            assert not now["outside"], f"{where}: off the screen: {now['outside']}"
            assert not now["broken"], f"{where}: words broken across lines: {now['broken']}"
            assert now["docWidth"] <= viewport["width"], where


def test_hidden_standings_do_not_say_current_standings(client, event):
    event.standings_hidden = True
    event.save()
    build_night(event, 16)
    page = client.get(reverse("public:projector", args=[event.club.slug, event.pk]))
    text = page.content.decode()
    assert page.status_code == 200
    assert "Current standings" not in text
    assert "standings show when the last round closes" in text


def test_a_private_clubs_projector_says_the_results_may_be_private(client, event):
    # A 404, as for an unknown club (tests/test_private_club.py), that says why it may be.
    event.club.results_public = False
    event.club.save()
    page = client.get(reverse("public:projector", args=[event.club.slug, event.pk]))
    text = page.content.decode()
    assert page.status_code == 404
    assert "keeps its results to its directors" in text
    assert event.name not in text

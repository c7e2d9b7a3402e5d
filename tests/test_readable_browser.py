"""Every page readable by older eyes and big-text phones (issue 29), in Debian's chromium.

With the phone's default text doubled (32 px) on a 360-pixel screen, no page scrolls sideways:
only a data table may, inside its own box, and that box is named, reachable by keyboard and
shows that it scrolls. On the captain's and the players' pages at the default text size, no
text is under 16 px, every link and button is at least 44x44 px and every text has a contrast
of at least 7:1 against what is behind it.

With READABLE_SHOTS=<folder> in the environment, each page is also saved there as a picture.
"""

import datetime
import os
import re
from dataclasses import dataclass

import pytest
from conftest import close_round, log_in
from django.urls import reverse
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 740}
SHOTS = os.environ.get("READABLE_SHOTS", "")


@dataclass
class World:
    club: object
    playing: Event  # round 1 closed, round 2 in play
    finished: Event  # its one round closed
    waiting: Event  # players entered, no round yet: check-in and the round preview
    round_in_play: object
    table: object  # a table of round_in_play, for its captain
    player: object


@pytest.fixture
def world(club, players, event):
    club.results_public = True
    club.save()
    services.entries_add(event=event, players=players[:12])
    first = services.round_seat(event=event, seed=1)
    for table in first.tables.order_by("number"):
        services.hand_record(table=table, number=1, data={"maker": "N", "tricks": 5})
        services.hand_record(table=table, number=2, data={"maker": "E", "tricks": 2})
    close_round(first, "Time called for the test")
    second = services.round_seat(event=event, seed=2)
    table = second.tables.get(number=1)
    services.hand_record(table=table, number=1, data={"maker": "S", "tricks": 3})

    finished = Event.objects.create(
        club=club, name="Friday night euchre", date=datetime.date(2026, 11, 20), rounds_planned=1
    )
    services.entries_add(event=finished, players=players[:8])
    only = services.round_seat(event=finished, seed=1)
    for table_ in only.tables.all():
        services.hand_record(table=table_, number=1, data={"maker": "W", "tricks": 4})
    close_round(only, "Time called for the test")

    waiting = Event.objects.create(
        club=club, name="Monday partners night", date=datetime.date(2026, 11, 30)
    )
    services.entries_add(event=waiting, players=players[:16])
    return World(club, event, finished, waiting, second, table, players[0])


def captain_url(world) -> str:
    return reverse("tournaments:captain-table", args=[world.table.card().token])


def _fill_nothing(page):
    pass


def _refused(page):
    # North called trump, the tricks forgotten: refused, the problems shown above the form.
    page.locator("#field-maker label").first.click()
    page.locator("#hand-form button[value=check]").first.click()
    expect(page.locator("#problems")).to_be_visible()


def _checked(page):
    page.locator("#field-maker label").first.click()
    page.locator("#field-tricks label", has_text=re.compile(r"^\s*3\s*$")).click()
    page.locator("#hand-form button[value=check]").first.click()
    expect(page.locator("#result")).to_be_visible()


# Every page that must read well, as (name, who reads it, its address for the world, what to do
# on it before measuring). "players" and "captain" pages carry the stricter figures.
PAGES = [
    ("home", "site", lambda w: reverse("tournaments:home"), None),
    ("login", "site", lambda w: reverse("login"), None),
    ("rules", "site", lambda w: reverse("tournaments:rules"), None),
    ("table code", "captain", lambda w: reverse("tournaments:captain-code"), None),
    ("club", "players", lambda w: reverse("public:club", args=[w.club.slug]), None),
    (
        "event in play",
        "players",
        lambda w: reverse("public:event", args=[w.club.slug, w.playing.pk]),
        None,
    ),
    (
        "event finished",
        "players",
        lambda w: reverse("public:event", args=[w.club.slug, w.finished.pk]),
        None,
    ),
    (
        "player",
        "players",
        lambda w: reverse("public:player", args=[w.club.slug, w.playing.pk, w.player.pk]),
        None,
    ),
    ("captain", "captain", captain_url, _fill_nothing),
    ("captain refused", "captain", captain_url, _refused),
    ("captain check", "captain", captain_url, _checked),
    ("director club", "director", lambda w: reverse("clubs:club-detail", args=[w.club.slug]), None),
    (
        "director event",
        "director",
        lambda w: reverse("tournaments:event-detail", args=[w.waiting.pk]),
        None,
    ),
    (
        "director round",
        "director",
        lambda w: reverse("tournaments:round-detail", args=[w.round_in_play.pk]),
        None,
    ),
    (
        "director preview",
        "director",
        lambda w: reverse("tournaments:round-preview", args=[w.waiting.pk]),
        None,
    ),
    (
        "director standings",
        "director",
        lambda w: reverse("tournaments:standings", args=[w.playing.pk]),
        None,
    ),
]


def open_page(browser, live_server, world, entry, *, text_px=16, width=360):
    name, who, url, prepare = entry
    context = browser.new_context(
        viewport={"width": width, "height": 740}, is_mobile=width < 800, has_touch=width < 800
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    if text_px != 16:
        # The phone's text size setting: Chromium's default font size, which `rem` follows.
        cdp = context.new_cdp_session(page)
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": text_px, "fixed": 26}})
    if who == "director":
        log_in(page, live_server.url)
        expect(page.get_by_role("button", name=re.compile("Log out"))).to_be_visible()
    page.goto(live_server.url + url(world))
    if prepare:
        prepare(page)
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        shot = f"{SHOTS}/{name.replace(' ', '-')}-{width}-{text_px}.png"
        # A window as tall as the page rather than full_page=True, which drops the text size.
        height = page.evaluate("document.documentElement.scrollHeight")
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=shot)
        page.set_viewport_size({"width": width, "height": 740})
    return context, page


# An element as a selector, to name it in a failure: "span.badge", "a#history-link".
DESCRIBE = """const describe = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + (typeof el.className === 'string' && el.className.trim()
       ? '.' + el.className.trim().split(/\\s+/).join('.') : '');"""

# How far the page reaches past the screen's right edge, the elements that stick out, and every
# box that scrolls sideways, with what makes it usable (a name, a place in the tab order).
SIDEWAYS = """(W) => {
  DESCRIBE
  const out = [];
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > W + 0.5) {
      let inBox = false;
      for (let p = el.parentElement; p; p = p.parentElement) {
        if (p.scrollWidth > p.clientWidth && /auto|scroll/.test(getComputedStyle(p).overflowX)) {
          inBox = true; break;
        }
      }
      if (!inBox) out.push(describe(el) + ' ' + Math.round(r.right) + 'px');
    }
  }
  const boxes = [...document.querySelectorAll('*')].filter(el =>
    el.scrollWidth > el.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(el).overflowX)
  ).map(el => ({
    role: el.getAttribute('role'),
    named: !!(el.getAttribute('aria-label') ||
              (el.getAttribute('aria-labelledby') &&
               document.getElementById(el.getAttribute('aria-labelledby')))),
    tabindex: el.getAttribute('tabindex'),
    html: el.outerHTML.slice(0, 80),
  }));
  return {
    width: document.documentElement.scrollWidth,
    out: out.slice(0, 8),
    boxes,
    bodyFont: parseFloat(getComputedStyle(document.body).fontSize),
  };
}""".replace("DESCRIBE", DESCRIBE)


@pytest.mark.parametrize("entry", PAGES, ids=[p[0] for p in PAGES])
def test_no_page_scrolls_sideways_with_the_text_doubled(
    browser, live_server, director, world, entry
):
    context, page = open_page(browser, live_server, world, entry, text_px=32)
    seen = page.evaluate(SIDEWAYS, PHONE["width"])
    context.close()

    # The phone's setting reaches the page: the body's text follows it (17 px at the default).
    assert seen["bodyFont"] >= 32, f"the text ignores the phone's setting: {seen['bodyFont']}px"
    assert seen["width"] <= PHONE["width"], (
        f"{entry[0]} is {seen['width']}px wide at 360px with 32px text; sticking out: {seen['out']}"
    )
    for box in seen["boxes"]:
        assert box["role"] == "region" and box["named"] and box["tabindex"] == "0", box


def test_the_captain_enters_a_hand_by_tapping_with_the_text_doubled(
    browser, live_server, director, world
):
    entry = next(p for p in PAGES if p[0] == "captain")
    context, page = open_page(browser, live_server, world, entry, text_px=32)
    _checked(page)
    page.get_by_role("button", name="Confirm hand 2").click()
    expect(page.locator(".messages")).to_contain_text("Hand 2 recorded")
    width = page.evaluate("document.documentElement.scrollWidth")
    context.close()
    assert world.table.hands.count() == 2
    assert width <= PHONE["width"]


# On the captain's and the players' pages: every visible text's size and contrast against the
# first background behind it that is not transparent, and every link's and button's size (a
# radio or a checkbox is tapped through its label, which is measured instead).
READING = """() => {
  DESCRIBE
  const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
  const lin = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = c => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  const behind = el => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || c[3] > 0) return c;
    }
    return [255, 255, 255];
  };
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    const range = document.createRange();
    range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    // Hidden, or only for screen readers (a 1px clipped header row).
    if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
    if (el.closest('[hidden], thead') && el.closest('thead') &&
        el.closest('thead').getBoundingClientRect().height <= 1) continue;
    const style = getComputedStyle(el);
    const fg = rgb(style.color), bg = behind(el);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    texts.push({
      text: node.textContent.trim().slice(0, 30), where: describe(el),
      size: parseFloat(style.fontSize), contrast: Math.round((a + 0.05) / (b + 0.05) * 100) / 100,
      fg: style.color, bg: bg.join(','),
    });
  }
  const targets = [];
  for (let el of document.querySelectorAll('a[href], button, summary, select, input, textarea')) {
    if (el.type === 'hidden') continue;
    if (el.type === 'radio' || el.type === 'checkbox') el = el.closest('label') || el;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
    targets.push({what: describe(el), text: (el.textContent || el.value || '').trim().slice(0, 30),
                  width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10});
  }
  return {texts, targets};
}""".replace("DESCRIBE", DESCRIBE)


def reading(page) -> dict:
    seen = page.evaluate(READING)
    seen["smallest"] = min(t["size"] for t in seen["texts"])
    seen["lowest"] = min(t["contrast"] for t in seen["texts"])
    seen["tightest"] = min(min(t["width"], t["height"]) for t in seen["targets"])
    return seen


STRICT = [p for p in PAGES if p[1] in ("players", "captain")]


@pytest.mark.parametrize("entry", STRICT, ids=[p[0] for p in STRICT])
def test_the_players_and_the_captains_pages_read_well_at_the_default_text(
    browser, live_server, director, world, entry
):
    context, page = open_page(browser, live_server, world, entry)
    seen = reading(page)
    context.close()
    # The figures, for a run with -s: smallest text, lowest contrast, smallest target.
    print(entry[0], seen["smallest"], seen["lowest"], seen["tightest"])

    small = [t for t in seen["texts"] if t["size"] < 16]
    faint = [t for t in seen["texts"] if t["contrast"] < 7]
    tiny = [t for t in seen["targets"] if t["width"] < 44 or t["height"] < 44]
    assert not small, f"text under 16px on {entry[0]}: {small[:10]}"
    assert not faint, f"text under 7:1 on {entry[0]}: {faint[:10]}"
    assert not tiny, f"links or buttons under 44x44 on {entry[0]}: {tiny[:10]}"


DIRECTOR = [p for p in PAGES if p[1] in ("director", "site")]


@pytest.mark.parametrize("entry", DIRECTOR, ids=[p[0] for p in DIRECTOR])
def test_the_directors_pages_read_well_at_the_default_text(
    browser, live_server, director, world, entry
):
    context, page = open_page(browser, live_server, world, entry)
    seen = reading(page)
    context.close()
    print(entry[0], seen["smallest"], seen["lowest"], seen["tightest"])

    faint = [t for t in seen["texts"] if t["contrast"] < 4.5]
    tiny = [t for t in seen["targets"] if t["width"] < 24 or t["height"] < 24]
    assert not faint, f"text under 4.5:1 on {entry[0]}: {faint[:10]}"
    assert not tiny, f"links or buttons under 24x24 on {entry[0]}: {tiny[:10]}"


# The focused element's top and bottom, and the bottom of the problems' box above it.
UNDER_PROBLEMS = """() => {
  const box = document.getElementById('problems').getBoundingClientRect();
  const el = document.activeElement;
  if (el === document.body) return null;
  const target = el.closest('label') || el;
  const r = target.getBoundingClientRect();
  return {name: el.name || el.textContent.trim().slice(0, 30), top: r.top, bottom: r.bottom,
          boxBottom: box.bottom, boxTop: box.top, inBox: !!el.closest('#problems')};
}"""


@pytest.mark.parametrize("text_px", [16, 32], ids=["default-text", "text-200"])
def test_the_problems_box_never_covers_the_field_in_focus(
    browser, live_server, director, world, text_px
):
    entry = next(p for p in PAGES if p[0] == "captain refused")
    context, page = open_page(browser, live_server, world, entry, text_px=text_px)
    # From the button under the form, back up through every field to the top, as a keyboard
    # user does to change the trump caller.
    check = page.locator("#hand-form button[value=check]").first
    check.focus()
    # The button at the top of the screen (under the box): each field above it is then out of
    # sight when it gets focus, and the browser scrolls it in at the top.
    check.evaluate("b => window.scrollBy(0, b.getBoundingClientRect().top - 4)")
    seen = []
    for _ in range(10):
        page.keyboard.press("Shift+Tab")
        seen.append(page.evaluate(UNDER_PROBLEMS))
    context.close()

    covered = [
        s
        for s in seen
        if s and not s["inBox"] and s["top"] < s["boxBottom"] and s["bottom"] > s["boxTop"]
    ]
    assert not covered, f"the problems' box covers the field in focus: {covered}"

"""Every page and state of the app (tests/every_page.py), walked in Debian's chromium as the
hall's readers see it (issue 29):
- axe-core at a phone's 360 px and a laptop's 1280 px: no WCAG 2.0, 2.1 or 2.2 A or AA
  violation axe can find, one h1, and a title that names the page's event or table and the
  club or the site;
- on the captain's and the players' pages at the default text size, no text under 16 px, a
  contrast of at least 7:1 for every text, and every link and button at least 44x44 px (4.5:1
  and 24x24 px on the others);
- with the phone's default text doubled (32 px) at 360 px, no page scrolls sideways: only a
  data table may, inside its own box, and that box is named and reached by keyboard.
One walk per page: the world is built once for all three.

axe-core comes inside the axe-playwright-python package and is put into the page by
Playwright (not by a <script> tag), so the app's Content-Security-Policy stays as it is and
the CSP watch in conftest.py still guards every page.

With EVERY_PAGE_SHOTS=<folder> in the environment, each page is also saved there as a picture
at 360 px (16 and 32 px text) and 1280 px."""

import os
import re

import pytest
from axe_playwright_python.base import AXE_SCRIPT
from axe_playwright_python.sync_playwright import Axe
from conftest import PHONE, log_in
from every_page import PAGES, build_world, captain_check_step
from playwright.sync_api import expect

pytestmark = pytest.mark.django_db(transaction=True)

# WCAG 2.0, 2.1 and 2.2 at levels A and AA; axe 4.12 tags no rule "wcag22a" (its 2.2 rules
# are all AA), so that tag is asked for only once a bundled axe knows it. axe's best practices
# too: landmarks (content inside <main>), one h1, named table headers.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
if '"wcag22a"' in AXE_SCRIPT:
    TAGS.append("wcag22a")
OPTIONS = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
WIDE = 1280
SITE = "Euchre scores"
SHOTS = os.environ.get("EVERY_PAGE_SHOTS", "")

AXE = Axe()

# What each reader's pages must meet: smallest text, lowest contrast, smallest target side.
FIGURES = {
    "players": (16, 7, 44),
    "captain": (16, 7, 44),
    "director": (0, 4.5, 24),
    "site": (0, 4.5, 24),
    "hall": (0, 4.5, 24),
}


@pytest.fixture
def world(club, players, director):
    return build_world(club, players)


def violations_said(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"]:
            target = " ".join(str(t) for t in node["target"])
            summary = (node.get("failureSummary") or "").replace("\n", " ")
            lines.append(f"    {target}: {summary}")
    return "\n".join(lines)


def text_size(page, px: int) -> None:
    """The phone's text size setting: Chromium's default font size, which `rem` follows."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": px, "fixed": round(px * 13 / 16)}})


def open_page(browser, live_server, world, shown, *, text_px=16):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    if text_px != 16:
        text_size(page, text_px)
    if shown.director:
        log_in(page, live_server.url)
        expect(page.get_by_role("button", name=re.compile("Log out"))).to_be_visible()
    page.goto(live_server.url + shown.url(world))
    if shown.action:
        shown.action(page, world)
    return context, page


def shot(page, name: str) -> None:
    if not SHOTS:
        return
    os.makedirs(SHOTS, exist_ok=True)
    width = page.viewport_size["width"]
    font = page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
    path = f"{SHOTS}/{re.sub(r'[^a-z0-9]+', '-', name.lower())}-{width}-{round(font)}.png"
    # A window as tall as the page rather than full_page=True, which drops the text size.
    height = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": width, "height": height})
    page.screenshot(path=path)
    page.set_viewport_size({"width": width, "height": PHONE["height"]})


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
      if (!inBox) out.push(describe(el) + ' ' + Math.round(r.right) + 'px "'
                           + el.textContent.trim().slice(0, 30) + '"');
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
    return page.evaluate(READING)


@pytest.mark.parametrize("shown", PAGES, ids=[p.name for p in PAGES])
def test_every_reader_can_read_and_use_the_page(browser, live_server, world, shown):
    context, page = open_page(browser, live_server, world, shown)
    problems = []

    title = page.title()
    if not (world.club.name in title or SITE in title):
        problems.append(f"the title {title!r} names neither the club nor the site")
    if shown.title_names and shown.title_names(world) not in title:
        problems.append(f"the title {title!r} does not name {shown.title_names(world)!r}")
    if (h1s := page.locator("h1").count()) != 1:
        problems.append(f"{h1s} h1 on the page")

    # At the default text size on a phone: the reader's figures.
    smallest, contrast, side = FIGURES[shown.readers]
    seen = reading(page)
    small = [t for t in seen["texts"] if t["size"] < smallest]
    faint = [t for t in seen["texts"] if t["contrast"] < contrast]
    tiny = [t for t in seen["targets"] if t["width"] < side or t["height"] < side]
    if small:
        problems.append(f"text under {smallest}px: {small[:8]}")
    if faint:
        problems.append(f"text under {contrast}:1: {faint[:8]}")
    if tiny:
        problems.append(f"links or buttons under {side}x{side}: {tiny[:8]}")
    shot(page, shown.name)

    for width in (PHONE["width"], WIDE):
        page.set_viewport_size({"width": width, "height": PHONE["height"]})
        violations = AXE.run(page, options=OPTIONS).response["violations"]
        if violations:
            problems.append(f"axe at {width} px:\n{violations_said(violations)}")
    shot(page, shown.name)

    # The phone's text doubled, on the same page in the same state.
    page.set_viewport_size(PHONE)
    text_size(page, 32)
    sideways = page.evaluate(SIDEWAYS, PHONE["width"])
    shot(page, shown.name)
    context.close()
    # The phone's setting reaches the page: the body's text follows it (17 px at the default).
    # The projector's text follows the screen's height instead, to fill the wall it is shown on.
    if sideways["bodyFont"] < 32 and shown.readers != "hall":
        problems.append(f"the text ignores the phone's setting: {sideways['bodyFont']}px")
    if sideways["width"] > PHONE["width"]:
        problems.append(
            f"{sideways['width']}px wide with 32px text; sticking out: {sideways['out']}"
        )
    for box in sideways["boxes"]:
        if not (box["role"] == "region" and box["named"] and box["tabindex"] == "0"):
            problems.append(f"a box scrolls sideways without a name or a tab stop: {box}")

    assert not problems, f"{shown.name}:\n" + "\n".join(problems)


def test_the_event_pages_titles_say_which_page_they_are(client, director, event):
    # Three tabs open on one night (the players' page, the director's, the projector) must not
    # read alike in a browser's tab list or to a screen reader.
    client.force_login(director)
    pages = [
        f"/c/{event.club.slug}/events/{event.pk}/",
        f"/events/{event.pk}/",
        f"/c/{event.club.slug}/events/{event.pk}/projector/",
        f"/events/{event.pk}/standings/",
    ]
    titles = [re.search(r"<title>(.*?)</title>", client.get(url).text, re.S)[1] for url in pages]
    assert len(set(titles)) == len(pages), titles
    assert all(event.name in t and event.club.name in t for t in titles), titles


def test_the_captain_enters_a_hand_by_tapping_with_the_text_doubled(browser, live_server, world):
    shown = next(p for p in PAGES if p.name == "captain, empty")
    context, page = open_page(browser, live_server, world, shown, text_px=32)
    captain_check_step(page, world)
    page.get_by_role("button", name="Confirm hand 1").click()
    expect(page.locator(".messages")).to_contain_text("Hand 1 recorded")
    width = page.evaluate("document.documentElement.scrollWidth")
    context.close()
    assert world.fresh_table.hands.count() == 1
    assert width <= PHONE["width"]


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
def test_the_problems_box_never_covers_the_field_in_focus(browser, live_server, world, text_px):
    shown = next(p for p in PAGES if p.name == "captain, refused")
    context, page = open_page(browser, live_server, world, shown, text_px=text_px)
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


def test_long_names_fit_the_captains_page_with_the_text_doubled(browser, live_server, world):
    # Names as long as a hall's: the score boxes and "At this table" stack rather than run off
    # the screen (they did, 412 px wide, with the text doubled).
    long = ["Marlene Sorensen", "Ken Zimmerman", "Harold Brandt", "Janice Wojcik"]
    for seat, name in zip(world.fresh_table.seats.select_related("player"), long, strict=True):
        seat.player.name = name
        seat.player.save()
    shown = next(p for p in PAGES if p.name == "captain, empty")
    context, page = open_page(browser, live_server, world, shown, text_px=32)
    sideways = page.evaluate(SIDEWAYS, PHONE["width"])
    shot(page, "captain, long names")
    context.close()
    assert sideways["width"] <= PHONE["width"], sideways["out"]

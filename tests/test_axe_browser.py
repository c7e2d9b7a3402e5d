"""Every page and state of the app (tests/every_page.py) checked by axe-core in Debian's
chromium, at a phone's 360 px and a laptop's 1280 px: no WCAG 2.2 A or AA violation axe can
find, one h1, and a title that names the page's event or table and the club or the site.

axe-core comes inside the axe-playwright-python package and is put into the page by
Playwright (not by a <script> tag), so the app's Content-Security-Policy stays as it is and
the CSP watch in conftest.py still guards every page."""

import re

import pytest
from axe_playwright_python.base import AXE_SCRIPT
from axe_playwright_python.sync_playwright import Axe
from conftest import PHONE, log_in
from every_page import PAGES, build_world

pytestmark = pytest.mark.django_db(transaction=True)

# WCAG 2.0, 2.1 and 2.2 at levels A and AA; axe 4.12 tags no rule "wcag22a" (its 2.2 rules
# are all AA), so that tag is asked for only once a bundled axe knows it. axe's best practices
# too: landmarks (content inside <main>), one h1, named table headers.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
if '"wcag22a"' in AXE_SCRIPT:
    TAGS.append("wcag22a")
OPTIONS = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
WIDTHS = [PHONE["width"], 1280]
SITE = "Euchre scores"

AXE = Axe()


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


@pytest.mark.parametrize("shown", PAGES, ids=[p.name for p in PAGES])
def test_the_page_has_no_accessibility_violation(browser, live_server, world, shown):
    context = browser.new_context(viewport={"width": WIDTHS[0], "height": 740})
    page = context.new_page()
    page.set_default_timeout(15_000)
    if shown.director:
        log_in(page, live_server.url)
    page.goto(live_server.url + shown.url(world))
    if shown.action:
        shown.action(page, world)

    problems = []
    title = page.title()
    if not (world.club.name in title or SITE in title):
        problems.append(f"the title {title!r} names neither the club nor the site")
    if shown.title_names and shown.title_names(world) not in title:
        problems.append(f"the title {title!r} does not name {shown.title_names(world)!r}")
    if (h1s := page.locator("h1").count()) != 1:
        problems.append(f"{h1s} h1 on the page")

    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 740})
        violations = AXE.run(page, options=OPTIONS).response["violations"]
        if violations:
            problems.append(f"at {width} px:\n{violations_said(violations)}")
    context.close()
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

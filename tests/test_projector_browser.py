"""The hall's projector in a real browser (Debian's chromium, driven by Playwright, against
pytest-django's live server). Nobody touches the screen on the night: the page must turn its
own pages until every player and every table of the round in play has been fully on screen,
at 1920x1080 and at 1280x720, in type big enough for the back of the room, with no links, and
the QR code of the players' page in a corner. Without a script it still shows everything.

Each test leaves screenshots of what it saw in /tmp/projector-*.png.
"""

import re
import time

import pytest
from conftest import close_round
from django.urls import reverse

from clubs.models import Player
from tournaments import services
from tournaments.printouts.qr import qr_svg

FULL_HD = {"width": 1920, "height": 1080}
HD = {"width": 1280, "height": 720}
# Pages turn every 3 s in these tests; a whole turn of every page must come well within this.
PATIENCE_SECONDS = 40

FIRST = [
    "Ada",
    "Ben",
    "Cora",
    "Dale",
    "Edna",
    "Floyd",
    "Gail",
    "Hank",
    "Ida",
    "Jack",
    "Kay",
    "Lyle",
    "Mae",
    "Ned",
    "Opal",
    "Pete",
    "Rita",
    "Sam",
    "Tess",
    "Vern",
    "Wanda",
    "Xavier",
    "Yvonne",
    "Zeke",
    "Alma",
    "Boyd",
    "Clara",
    "Dwight",
    "Elsie",
    "Franklin",
    "Greta",
    "Homer",
    "Irene",
    "Jasper",
    "Lena",
    "Marvin",
    "Nora",
    "Otis",
    "Pearl",
    "Roscoe",
    "Stella",
    "Thaddeus",
    "Una",
    "Virgil",
    "Winifred",
    "Della",
    "Everett",
    "Hazel",
    "Lloyd",
    "Myrtle",
]
LAST = [
    "Baker",
    "Carter",
    "Dunn",
    "Evans",
    "Fox",
    "Gray",
    "Hart",
    "Irwin",
    "Jones",
    "Klein",
    "Lowe",
    "Moss",
    "Nash",
    "Owens",
    "Price",
    "Quinn",
    "Ross",
    "Tate",
    "Upton",
    "Vance",
    "West",
    "Young",
    "Zane",
    "Abbott",
    "Brennan",
    "Castillo",
    "Dubois",
    "Eriksen",
    "Fitzgerald",
    "Gallagher",
    "Holmberg",
    "Iverson",
    "Jablonski",
    "Kowalczyk",
    "Lindqvist",
    "MacDonald",
    "Novak",
    "O'Sullivan",
    "Petrakis",
    "Rasmussen",
    "Schneider",
    "Thibodeaux",
    "Urquhart",
    "Vasquez",
    "Whitaker",
    "Yamamoto",
    "Zimmerman",
    "Abernathy",
    "Bianchi",
    "Donnelly",
]
# The names a projector must not cut off: long, hyphenated, accented.
LONG_NAMES = [
    "Maximiliana Featherstonehaugh-Smythe",
    "Bartholomew Worthington-Fairweather",
    "Anastasia Papadopoulou-Konstantinidou",
    "Guðrún Sigurðardóttir",
    "Siobhán Ní Mhaoldomhnaigh",
    "Nguyễn Thị Minh Khai",
    "Jean-Baptiste Delacroix-Beaumont",
    "Wilhelmina Vanderhoeven",
]


def player_names(count: int) -> list[str]:
    names = LONG_NAMES + [f"{f} {s}" for f, s in zip(FIRST, LAST, strict=True)]
    names += [f"{f} {s}" for f, s in zip(FIRST, reversed(LAST), strict=True)]
    assert len(set(names)) == len(names) >= count
    return names[:count]


def build_night(event, count: int):
    """`count` players entered, round 1 seated with a few hands played at some tables and
    closed, round 2 seated and in play. Returns round 2."""
    players = Player.objects.bulk_create(
        Player(club=event.club, name=name) for name in player_names(count)
    )
    services.entries_add(event=event, players=players)
    first = services.round_seat(event=event, seed=1)
    hands = [
        {"maker": "N", "tricks": 3},
        {"maker": "E", "tricks": 5},
        {"maker": "S", "tricks": 1},
        {"maker": "W", "tricks": 4},
    ]
    for table in first.tables.order_by("number")[:6]:
        for number, data in enumerate(hands[: 1 + table.number % 4], start=1):
            services.hand_record(table=table, number=number, data=data)
    close_round(first, "Time called for the test")
    return services.round_seat(event=event, seed=1)


pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def screen(browser):
    """A page in a fresh context; the test sets the viewport."""
    contexts = []

    def open_screen(viewport, **options):
        context = browser.new_context(viewport=viewport, **options)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield open_screen
    for context in contexts:
        context.close()


def projector_url(live_server, event, seconds=3) -> str:
    path = reverse("public:projector", args=[event.club.slug, event.pk])
    return f"{live_server.url}{path}?seconds={seconds}"


# What is on screen right now, judged the way a player at the back would: the element's screen
# is the one showing, and its whole box lies inside the window and inside every box that clips
# it (a column slid off to the next page is laid out but not seen). A name counts only when it
# is not cut off (an ellipsis, or a box too narrow for it).
ON_SCREEN = """() => {
  const W = window.innerWidth, H = window.innerHeight;
  function inside(r, box) {
    return r.left >= box.left - 0.5 && r.top >= box.top - 0.5
      && r.right <= box.right + 0.5 && r.bottom <= box.bottom + 0.5;
  }
  function seen(el) {
    const screen = el.closest('.screen');
    if (!screen || screen.hidden || getComputedStyle(screen).display === 'none') return false;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    if (!inside(r, {left: 0, top: 0, right: W, bottom: H})) return false;
    for (let up = el.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.visibility === 'hidden' || style.opacity === '0') return false;
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        if (!inside(r, up.getBoundingClientRect())) return false;
      }
    }
    return true;
  }
  function cut(el) {
    return el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
  }
  const names = [], cuts = [], tables = [];
  for (const el of document.querySelectorAll('#screen-standings .row .name')) {
    if (!seen(el.closest('.row'))) continue;
    if (cut(el)) cuts.push(el.textContent);
    else names.push(el.textContent);
  }
  for (const el of document.querySelectorAll('#screen-seating .tablebox')) {
    if (!seen(el)) continue;
    tables.push(el.querySelector('h3').textContent);
    for (const li of el.querySelectorAll('li')) if (cut(li)) cuts.push(li.textContent);
  }
  const shown = [...document.querySelectorAll('.screen')].filter(s => !s.hidden);
  return {
    names, cuts, tables,
    shown: shown.map(s => s.id),
    label: shown.map(s => (s.querySelector('.page-of') || {}).textContent || '').join(''),
    scrollY: window.scrollY,
    scrollTop: document.scrollingElement.scrollTop,
  };
}"""


def watch(page, *, names, tables, shot_prefix):
    """Poll the untouched screen until every name and table has been fully on screen.
    Returns what was seen; screenshots the first sight of each screen and page."""
    seen_names, seen_tables, cut, labels, shot = set(), set(), set(), set(), set()
    deadline = time.monotonic() + PATIENCE_SECONDS
    while time.monotonic() < deadline:
        now = page.evaluate(ON_SCREEN)
        # Nobody scrolled: the page turned itself, inside its own boxes.
        assert now["scrollY"] == 0 and now["scrollTop"] == 0, now
        assert len(now["shown"]) == 1, f"one screen at a time, not {now['shown']}"
        seen_names.update(now["names"])
        seen_tables.update(now["tables"])
        cut.update(now["cuts"])
        labels.add(now["label"])
        key = (now["shown"][0], now["label"])
        if key not in shot:
            shot.add(key)
            number = re.sub(r"\D+", "-", now["label"]).strip("-") or "1"
            page.screenshot(path=f"/tmp/projector-{shot_prefix}-{now['shown'][0]}-{number}.png")
        if seen_names >= set(names) and seen_tables >= set(tables):
            break
        page.wait_for_timeout(250)
    return {"names": seen_names, "tables": seen_tables, "cut": cut, "labels": labels}


@pytest.mark.parametrize("viewport", [FULL_HD, HD], ids=["1920x1080", "1280x720"])
def test_every_player_and_table_comes_up_without_anyone_touching_the_screen(
    screen, live_server, event, viewport
):
    round_2 = build_night(event, 60)
    tables = [f"Table {n}" for n in round_2.tables.values_list("number", flat=True)]
    assert len(tables) == 15
    names = player_names(60)

    page = screen(viewport)
    page.goto(projector_url(live_server, event))
    seen = watch(
        page,
        names=names,
        tables=tables,
        shot_prefix=f"{viewport['width']}x{viewport['height']}",
    )

    assert not seen["cut"], f"names cut off: {sorted(seen['cut'])}"
    assert set(names) - seen["names"] == set(), "players never fully on screen"
    assert set(tables) - seen["tables"] == set(), "tables never fully on screen"


def test_type_is_big_and_there_is_nothing_to_click(screen, live_server, event):
    build_night(event, 60)
    page = screen(FULL_HD)
    page.goto(projector_url(live_server, event))
    page.locator("#screen-standings .row .name").first.wait_for(state="attached")
    size = page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('#screen-standings .row .name'))"
        ".fontSize)"
    )
    assert size >= 40, f"standings names are {size}px high at 1080p"
    seat_size = page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('#screen-seating li')).fontSize)"
    )
    assert seat_size >= 40, f"seating names are {seat_size}px high at 1080p"
    assert page.locator("body a").count() == 0
    assert page.locator("th a").count() == 0
    assert page.locator("th").count() == 0  # no sortable table headers either
    for arrow in "▲▼↑↓⇅":
        assert arrow not in page.locator("body").inner_text()


def assert_whole_code(qr):
    """The code is drawn whole inside its box, not cropped by it: a code sized by CSS without
    a viewBox shows only its top left corner, and no phone reads that."""
    code, box = qr.locator("path").bounding_box(), qr.bounding_box()
    assert code["x"] >= box["x"] - 1 and code["y"] >= box["y"] - 1, (code, box)
    assert code["x"] + code["width"] <= box["x"] + box["width"] + 1, (code, box)
    assert code["y"] + code["height"] <= box["y"] + box["height"] + 1, (code, box)
    # The modules fill the box but for the quiet zone (4 modules a side of some 30 to 40).
    assert code["width"] >= 0.7 * box["width"], (code, box)


def test_the_qr_code_of_the_players_page_is_on_screen(screen, live_server, event):
    build_night(event, 60)
    page = screen(FULL_HD)
    page.goto(projector_url(live_server, event))
    public_url = f"{live_server.url}{reverse('public:event', args=[event.club.slug, event.pk])}"

    qr = page.locator(".qr svg")
    assert_whole_code(qr)
    box = qr.bounding_box()
    assert box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= FULL_HD["width"]
    assert box["y"] + box["height"] <= FULL_HD["height"]
    # Big enough to scan from a few metres: the whole code, quiet zone included.
    assert box["width"] >= 150 and box["height"] >= 150, box
    # ... and scaled to the screen, not a banner pushing the players off it.
    assert box["height"] <= 0.2 * FULL_HD["height"], box
    assert abs(box["width"] - box["height"]) < 1
    # In a corner: the top right.
    assert box["x"] + box["width"] > FULL_HD["width"] * 0.9 and box["y"] < FULL_HD["height"] * 0.1
    # It encodes the players' page: the same modules as a code made for that address.
    expected = re.search(r'<path[^>]* d="([^"]+)"', str(qr_svg(public_url))).group(1)
    assert qr.locator("path").get_attribute("d") == expected
    caption = page.locator(".qr figcaption")
    assert public_url in caption.inner_text()
    assert caption.is_visible()


def test_a_big_night_turns_pages_until_everyone_has_been_up(screen, live_server, event):
    round_2 = build_night(event, 100)
    tables = [f"Table {n}" for n in round_2.tables.values_list("number", flat=True)]
    assert len(tables) == 25
    names = player_names(100)

    page = screen(HD)
    page.goto(projector_url(live_server, event))
    seen = watch(page, names=names, tables=tables, shot_prefix="100-1280x720")

    pages = {
        int(m.group(1)) for label in seen["labels"] if (m := re.search(r"page \d+ of (\d+)", label))
    }
    assert pages and min(pages) >= 2, seen["labels"]
    assert any("page 1 of" in label for label in seen["labels"])
    assert not seen["cut"], f"names cut off: {sorted(seen['cut'])}"
    assert set(names) - seen["names"] == set()
    assert set(tables) - seen["tables"] == set()


def test_without_a_script_every_screen_is_stacked_and_readable(screen, live_server, event):
    build_night(event, 60)
    page = screen(FULL_HD, java_script_enabled=False)
    page.goto(projector_url(live_server, event))
    page.screenshot(path="/tmp/projector-noscript-1920x1080.png", full_page=True)

    assert page.locator("html.paged").count() == 0
    standings = page.locator("#screen-standings")
    assert standings.is_visible()
    assert page.locator("#screen-seating").is_visible()
    rows = page.locator("#screen-standings .row .name")
    assert sorted(rows.all_text_contents()) == sorted(player_names(60))
    for i in range(rows.count()):
        row = rows.nth(i)
        row.scroll_into_view_if_needed()
        assert row.is_visible()
        assert row.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), row.text_content()
    assert page.locator("#screen-seating .tablebox").count() == 15
    assert_whole_code(page.locator(".qr svg"))
    # No script to turn pages, so the browser reloads the page for fresh numbers.
    assert page.locator('meta[http-equiv="refresh"]').get_attribute("content") == "30"

"""The bracket on the hall's projector (brackets/projector.py): the bracket cut into regions a
screen each, by value; the page for a 32-team double elimination half played; and in Debian's
chromium at 1920x1080 and 1280x720, every team name of a region at least 40 px high and inside
the window, the screens turning by themselves.

Screenshots: /tmp/shots/bracket-projector-{1920,1280}-{screen}.png.
"""

import datetime
import os
from collections import Counter
from html import unescape

import pytest
from django.test import RequestFactory
from django.urls import reverse
from test_brackets_night import make_bracket, play_match, table_of

from brackets import projector as bracket_projector
from brackets import services
from brackets.drawing import Box, Column, Line
from brackets.models import Bracket
from tournaments import brackets as engine
from tournaments.models import Partnership
from tournaments.services import hand_record

SHOTS = "/tmp/shots"
FULL_HD = {"width": 1920, "height": 1080}
HD = {"width": 1280, "height": 720}
PATIENCE_SECONDS = 100

# Club team names, each on one line of a region's box at 40 px, so a region shows 4 matches a
# column (brackets/projector.py `rows_for`).
TEAM_NAMES = [
    "Aces High",
    "Left Bowers",
    "Next in Trump",
    "The Loners",
    "Stick Shifters",
    "Green Deal",
    "Farmers' Hand",
    "Euchred Again",
    "Queen's Court",
    "Marchers",
    "Right Bowers",
    "Nines and Tens",
    "Trump Tight",
    "Go Alone Gang",
    "Kitty Cats",
    "Reneged Not",
    "Shortsuited",
    "Maple Leafers",
    "Three Tricks",
    "Passing Clubs",
    "Ordering Up",
    "Dealer's Pick",
    "Black Jacks",
    "Red Jacks",
    "Bower Power",
    "Hall Monitors",
    "Sweep Stakes",
    "Point Makers",
    "Lone Wolves",
    "Table Talkers",
    "Card Sharks",
    "Full March",
]


# --- The regions, by value -------------------------------------------------------------------


def columns_of(teams: int, kind: str = "double") -> list[Column]:
    """The drawing's columns for a plan, every match a box waiting (the regions read only the
    columns' shape and the boxes' order)."""
    columns = []
    for side, round_, matches in engine.plan(teams, kind).columns():
        boxes = [
            Box(m.id, side, round_, "waiting", [Line("Winner of X"), Line("Winner of Y")])
            for m in matches
        ]
        columns.append(Column(side, round_, boxes))
    return columns


@pytest.mark.parametrize("teams", [8, 32, 128])
@pytest.mark.parametrize("rows", [4, 2])
def test_every_match_is_in_exactly_one_region_and_no_column_passes_the_row_limit(teams, rows):
    columns = columns_of(teams)
    regions = bracket_projector.regions(columns, rows=rows)
    shown = Counter(code for region in regions for code in region.codes)
    codes = [box.code for column in columns for box in column.boxes]
    assert shown == Counter(codes)
    for region in regions:
        assert 1 <= len(region.columns) <= bracket_projector.REGION_COLUMNS
        assert len(region.columns[0].boxes) <= rows
        assert all(len(column.boxes) <= rows for column in region.columns)
        # One side of the bracket a region, consecutive rounds.
        assert len({box.side for column in region.columns for box in column.boxes}) == 1


def test_a_32_team_double_elimination_in_regions_of_two_rounds_and_four_rows():
    regions = bracket_projector.regions(columns_of(32))
    assert [(r.title, [len(c.boxes) for c in r.columns]) for r in regions] == [
        ("Winners' bracket · rounds 1–2 · part 1 of 4", [4, 2]),
        ("Winners' bracket · rounds 1–2 · part 2 of 4", [4, 2]),
        ("Winners' bracket · rounds 1–2 · part 3 of 4", [4, 2]),
        ("Winners' bracket · rounds 1–2 · part 4 of 4", [4, 2]),
        ("Winners' bracket · rounds 3–4", [4, 2]),
        ("Winners' bracket · round 5", [1]),
        ("Final", [1, 1]),
        ("Losers' bracket · rounds 1–2 · part 1 of 2", [4, 4]),
        ("Losers' bracket · rounds 1–2 · part 2 of 2", [4, 4]),
        ("Losers' bracket · rounds 3–4", [4, 4]),
        ("Losers' bracket · rounds 5–6", [2, 2]),
        ("Losers' bracket · rounds 7–8", [1, 1]),
    ]
    # Part k of a column of m matches: [k·m/K, (k+1)·m/K), so a match sits beside its feeders.
    second = regions[1]
    assert [b.code for b in second.columns[0].boxes] == ["W1-5", "W1-6", "W1-7", "W1-8"]
    assert [b.code for b in second.columns[1].boxes] == ["W2-3", "W2-4"]
    assert [c.joins for c in second.columns] == ["halves", ""]
    assert [c.joins for c in regions[7].columns] == ["straight", ""]
    assert [c.heading for c in regions[6].columns] == ["Final", "Final, if necessary"]
    # The final's two matches: the second is played only if needed, no line from the first.
    assert regions[6].columns[0].joins == "straight"


def test_an_8_team_bracket_and_single_eliminations_final_beside_its_semi_finals():
    double = bracket_projector.regions(columns_of(8))
    assert [(r.title, [len(c.boxes) for c in r.columns]) for r in double] == [
        ("Winners' bracket · rounds 1–2", [4, 2]),
        ("Winners' bracket · round 3", [1]),
        ("Final", [1, 1]),
        ("Losers' bracket · rounds 1–2", [2, 2]),
        ("Losers' bracket · rounds 3–4", [1, 1]),
    ]
    single = bracket_projector.regions(columns_of(16, "single"))
    assert [(r.title, [c.joins for c in r.columns]) for r in single] == [
        ("Bracket · rounds 1–2 · part 1 of 2", ["halves", ""]),
        ("Bracket · rounds 1–2 · part 2 of 2", ["halves", ""]),
        ("Bracket · round 3 and the final", ["halves", ""]),
    ]


def test_128_teams_in_parts_that_keep_a_match_beside_the_two_that_feed_it():
    regions = bracket_projector.regions(columns_of(128), rows=4)
    first = [r for r in regions if r.title.startswith("Winners' bracket · rounds 1–2")]
    assert len(first) == 16 and first[0].title.endswith("part 1 of 16")
    plan = engine.plan(128, "double")
    for region in regions:
        for column, following in zip(region.columns, region.columns[1:], strict=False):
            if column.joins == "halves":
                for i, box in enumerate(following.boxes):
                    feeders = {s.winner_of for s in plan.match(box.code).slots}
                    assert feeders == {column.boxes[2 * i].code, column.boxes[2 * i + 1].code}


def test_irregular_losers_rounds_draw_no_line_that_would_lie():
    # 24 teams: the first losers' round has fewer matches than the second (byes above).
    regions = bracket_projector.regions(columns_of(22))
    losers = [r for r in regions if r.side == "losers"]
    first = losers[0]
    assert [len(c.boxes) for c in first.columns] != [len(c.boxes) for c in first.columns][::-1]
    assert first.columns[0].joins == ""


def test_the_row_limit_falls_when_a_name_takes_two_lines_or_more():
    columns = columns_of(8)
    assert bracket_projector.rows_for(columns) == 4
    columns[0].boxes[0].lines[0] = Line("Xavier Young & Yvonne Zane", seed=1)
    assert bracket_projector.rows_for(columns) == 2
    columns[1].boxes[0].lines[1] = Line("Maximilian Featherstonehaugh & Bartholomew Cholmondeley")
    assert bracket_projector.rows_for(columns) == 1


# --- The page --------------------------------------------------------------------------------


def name_teams(bracket: Bracket, names: list[str] | None = None) -> None:
    for team, name in zip(
        Partnership.objects.filter(event=bracket.event).order_by("pk"),
        names or TEAM_NAMES,
        strict=False,
    ):
        team.name = name
        team.save(update_fields=["name"])


def half_played(club, names: list[str] | None = None) -> Bracket:
    """A 32-team double elimination half played: the winners' first two rounds, the losers'
    first round and every other match of its second decided (so a team of the third waits for
    its opponent), 4 matches at their tables with a few hands played."""
    bracket = make_bracket(club, 32, kind="double")
    name_teams(bracket, names)
    decided = 0
    for side, round_ in [("winners", 1), ("losers", 1), ("winners", 2), ("losers", 2)]:
        now = services.bracket_now(bracket)
        for state in now.ready_to_call():
            if (state.match.side, state.match.round) != (side, round_):
                continue
            if side == "losers" and round_ == 2 and state.match.id.endswith(("2", "4", "6", "8")):
                continue
            play_match(bracket, state.match.id, slot=decided % 2)
            decided += 1
    now = services.bracket_now(bracket)
    for number, state in enumerate(now.ready_to_call()[:4], start=1):
        match = services.match_call(bracket=bracket, code=state.match.id, table=number)
        for hand in range(1, number + 1):
            hand_record(table=table_of(match), number=hand, data={"maker": "N", "tricks": 3})
    return bracket


def render(event, **params):
    request = RequestFactory().get("/projector/", params)
    return bracket_projector.projector(request, event)


@pytest.mark.django_db
def test_the_page_for_a_32_team_double_half_played(club):
    club.results_public = True
    club.save()
    bracket = half_played(club)
    response = render(bracket.event, seconds="5")
    assert response.status_code == 200
    html = response.content.decode()
    text = unescape(html)  # Jinja2 writes an apostrophe as &#39;, Django as &#x27;
    for name in TEAM_NAMES:
        assert name in text
    assert 'data-seconds="5"' in html and 'data-refresh="30"' in html
    assert '<link rel="stylesheet" href="/static/bracket-projector.css">' in html
    assert "<svg" in html  # the QR code of the players' page
    # No inline style or script: the Content-Security-Policy has no 'unsafe-inline'.
    assert "style=" not in html and "<style" not in html
    assert "<script src=" in html and "<script>" not in html
    # Now playing: the four tables, by number, big.
    playing = html.split('id="screen-playing"')[1].split("</section>")[0]
    for number in range(1, 5):
        assert f'<span class="table-number"><small>Table</small>{number}</span>' in playing
    assert '<span class="total first">4</span>' in playing
    assert 'id="screen-next"' in html and "Waiting on" in html
    assert html.count('class="screen region"') == 12
    assert "Winners' bracket · rounds 1–2 · part 1 of 4" in text
    # Winners bold with a tick, every match once across the regions.
    assert html.count('class="tick"') == 16 + 8 + 8 + 4
    now = services.bracket_now(bracket)
    for code in now.matches:
        assert html.count(f'id="match-{code}"') == 1
    assert 'id="screen-placings"' in html and "25th–32nd" in html


@pytest.mark.django_db
def test_a_single_elimination_with_byes_third_place_and_consolation_shows_every_match_once(club):
    bracket = make_bracket(club, 14, third_place=True, consolation=True)
    html = render(bracket.event).content.decode()
    now = services.bracket_now(bracket)
    for code in now.matches:
        assert html.count(f'id="match-{code}"') == 1
    assert html.count(">Bye</span>") == 2  # seeds 1 and 2 go through
    for title in ("Bracket · rounds 1–2 · part 2 of 2", "Bracket · round 3 and the final"):
        assert f"<h2>{title}</h2>" in html
    assert "<h2>Third place</h2>" in html and "Consolation bracket · round 3" in html
    assert 'id="screen-playing"' not in html and 'id="screen-placings"' not in html


@pytest.mark.django_db
def test_before_seeding_the_screen_says_the_bracket_is_being_drawn(club):
    from tournaments.models import Event

    club.results_public = False
    club.save()
    event = Event.objects.create(
        club=club, name="Spring bracket", date="2026-04-01", format=Event.Format.BRACKET
    )
    response = render(event)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('class="screen') == 1
    assert "The bracket is being drawn" in html
    assert "<svg" not in html  # a club that keeps its results private shows no QR code


# --- In the browser ------------------------------------------------------------------------

# What a region screen shows now: every team name's font size and box, against the window; a
# name cut off (its text wider or taller than its box); boxes that overlap.
MEASURE = """() => {
  const W = window.innerWidth, H = window.innerHeight;
  const shown = [...document.querySelectorAll('.screen')].filter(s => !s.hidden);
  const screen = shown[0];
  const names = [...screen.querySelectorAll('.name')].map(el => {
    const r = el.getBoundingClientRect();
    return {text: el.textContent.trim(), size: parseFloat(getComputedStyle(el).fontSize),
            left: r.left, top: r.top, right: r.right, bottom: r.bottom,
            cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1};
  });
  const boxes = [...screen.querySelectorAll('.match')].map(el => el.getBoundingClientRect());
  let overlaps = 0;
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    const apart = a.right - 1 <= b.left || b.right - 1 <= a.left
      || a.bottom - 1 <= b.top || b.bottom - 1 <= a.top;
    if (!apart) overlaps++;
  }
  return {id: screen.id, count: shown.length, title: screen.querySelector('h2').textContent.trim(),
          names, overlaps, W, H, scrollY: window.scrollY};
}"""


def projector_url(live_server, event, seconds=3) -> str:
    path = reverse("public:projector", args=[event.club.slug, event.pk])
    return f"{live_server.url}{path}?seconds={seconds}"


def paused_clock(page) -> None:
    """The page's clock installed and paused: its screens turn only when the test runs the
    clock on. An installed clock alone still runs in real time, so a slow screenshot on a busy
    machine let a screen turn unseen, and a whole turn then ended in the live page's reload."""
    start = datetime.datetime(2026, 11, 24, 19, 0)
    page.clock.install(time=start)
    page.clock.pause_at(start + datetime.timedelta(seconds=1))


def watch(page, viewport, regions: int, label: str, seconds: int = 3) -> dict[str, dict]:
    """Let the screens turn, untouched, until every region screen has come up; measure and
    photograph each screen the first time it shows. The page's clock (installed before it
    loaded) is run on a screen's time at a time: the same turns, without waiting them out."""
    seen: dict[str, dict] = {}
    order = []
    for _ in range(PATIENCE_SECONDS // seconds):
        now = page.evaluate(MEASURE)
        assert now["count"] == 1 and now["scrollY"] == 0, now
        if now["id"] not in seen:
            seen[now["id"]] = now
            order.append(now["id"])
            page.screenshot(path=f"{SHOTS}/bracket-projector-{label}-{now['id']}.png")
        if sum(1 for key in seen if key.startswith("screen-region")) == regions:
            break
        page.clock.run_for(seconds * 1000)
    return {key: seen[key] for key in order}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("viewport", "label"), [(FULL_HD, "1920"), (HD, "1280")])
def test_the_bracket_turns_region_by_region_in_names_read_from_the_back(
    club, browser, live_server, viewport, label
):
    club.results_public = True
    club.save()
    bracket = half_played(club)
    os.makedirs(SHOTS, exist_ok=True)
    page = browser.new_page(viewport=viewport)
    page.set_default_timeout(10_000)
    paused_clock(page)
    page.goto(projector_url(live_server, bracket.event))
    screens = watch(page, viewport, regions=12, label=label)
    regions = {key: value for key, value in screens.items() if key.startswith("screen-region")}
    assert len(regions) == 12, list(screens)
    # The screens turned by themselves: now playing and up next, then the regions.
    assert list(screens)[:2] == ["screen-playing", "screen-next"]
    every_name = set()
    for key, screen in regions.items():
        assert screen["names"], key
        assert screen["overlaps"] == 0, (key, screen["overlaps"])
        for name in screen["names"]:
            assert name["size"] >= 40, (key, name)
            assert not name["cut"], (key, name)
            assert name["left"] >= 0 and name["top"] >= 0, (key, name)
            assert name["right"] <= viewport["width"] and name["bottom"] <= viewport["height"], (
                key,
                name,
            )
            every_name.add(name["text"])
    assert set(TEAM_NAMES) <= every_name
    page.context.close()


# Teams named for their players, as a partnership with no name of its own is: two lines a name,
# so a region shows 2 matches a column.
FIRST = ["Ada Baker", "Ben Carter", "Cora Dunn", "Dale Evans", "Edna Fox", "Floyd Gray"]
SECOND = ["Gail Hart", "Hank Irwin", "Ida Jones", "Jack Klein", "Kay Lowe", "Lyle Moss"]
LONG_NAMES = [f"{first} & {second}" for first in FIRST for second in SECOND][:32]


@pytest.mark.django_db(transaction=True)
def test_long_names_take_two_lines_in_regions_of_two_matches(club, browser, live_server):
    bracket = half_played(club, LONG_NAMES)
    os.makedirs(SHOTS, exist_ok=True)
    page = browser.new_page(viewport=HD)
    page.set_default_timeout(10_000)
    paused_clock(page)
    page.goto(projector_url(live_server, bracket.event))
    screens = watch(page, HD, regions=20, label="1280-long")
    regions = {key: value for key, value in screens.items() if key.startswith("screen-region")}
    assert len(regions) == 20, list(screens)
    assert regions["screen-region-1"]["title"] == "Winners' bracket · rounds 1–2 · part 1 of 8"
    every_name = set()
    for key, screen in regions.items():
        assert screen["overlaps"] == 0, key
        for name in screen["names"]:
            assert name["size"] >= 40 and not name["cut"], (key, name)
            assert name["top"] >= 0 and name["bottom"] <= HD["height"], (key, name)
            every_name.add(name["text"])
    assert set(LONG_NAMES) <= every_name
    page.context.close()

"""Bracket events played in a real browser (Debian's chromium through Playwright), as the hall
lives them: the director chooses the format and draws the seeds on the bracket page, calls each
ready match to the table the page proposes; a phone opens the club's table card for that
table, the captain (North) enters the hands and an East-West opponent confirms; the bracket
advances by itself. An 8-team double elimination with a correction that changes a winner, a
correction refused once the next match started, and the grand final's second match; a 6-team
single elimination with byes and a third-place match; the players' page while matches play;
and screenshots of the pages at a phone, a laptop and a hall's screen (/tmp/shots/brackets-*).

Every game is played in the fewest hands: a lone march (4 points) and a march (2) make a game
to 5. A game whose deciding hand a director corrects is played closer: each side's loner, then
the winners' march, 6 to 4, so the corrected march makes the other side win 6 to 4.
"""

import datetime
import os
import re

import pytest
from conftest import PHONE, log_in
from playwright.sync_api import expect
from test_captain_browser import check_and_confirm, fill_hand, names_by_seat

from brackets import services
from brackets.models import Bracket, Match
from clubs.models import Player
from tests.test_brackets_night import make_bracket, play_match
from tournaments.models import Entry, Event, Partnership, Round, Table, TableCard

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = "/tmp/shots"
SIZES = [(360, 800), (1280, 800), (1920, 1080)]
SIDE_WORDS = {"N": "North-South", "E": "East-West"}


# --- The world ------------------------------------------------------------------------------


def bracket_event(club, names: list[str], name: str = "Winter knockout") -> Event:
    """A bracket event with a registered partnership per name (the director's event page
    does this part; the bracket page starts from here)."""
    event = Event.objects.create(
        club=club, name=name, date=datetime.date(2026, 12, 3), format=Event.Format.BRACKET
    )
    for n, team_name in enumerate(names):
        team = Partnership.objects.create(event=event, name=team_name)
        for letter in "ab":
            player = Player.objects.create(club=club, name=f"{team_name.split()[-1]} {n}{letter}")
            Entry.objects.create(event=event, player=player, partnership=team)
    return event


EIGHT = [
    "Left Bowers",
    "Right Bowers",
    "Farmer's Hands",
    "Loners",
    "Green Bay Euchres",
    "Next Callers",
    "Stick the Dealers",
    "Going Alones",
]
SIX = ["Aces", "Kings", "Queens", "Jacks", "Tens", "Nines"]


@pytest.fixture
def public_club(club):
    club.results_public = True
    club.save()
    return club


def desk_page(browser, base):
    """The director's laptop, logged in."""
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(10_000)
    log_in(page, base)
    return page


def phone_page(browser):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def now_of(event) -> services.Now:
    return services.bracket_now(Bracket.objects.get(event=event))


def seeds_of(event, code: str) -> tuple[int, int]:
    return now_of(event).state.matches[code].teams


def name_of(event, seed: int) -> str:
    return str(now_of(event).teams[seed].partnership)


# --- The director's bracket page --------------------------------------------------------------


def bracket_url(base, event) -> str:
    return f"{base}/events/{event.pk}/bracket/"


def said(page):
    return page.locator(".messages")


def choose_format(desk, label: str, *, third_place=False) -> None:
    settings = desk.locator("#settings")
    settings.get_by_label(label).check()
    if third_place:
        settings.get_by_label("a match for third place").check()
    settings.get_by_role("button", name="Save the format").click()
    expect(said(desk)).to_contain_text("Bracket settings saved.")


def draw_seeds(desk) -> None:
    seeding = desk.locator("#seeding")
    expect(seeding.get_by_role("button", name="Draw the seeds")).to_be_visible()
    seeding.get_by_role("button", name="Draw the seeds").click()
    expect(said(desk)).to_contain_text(re.compile(r"Teams drawn: draw number \d+\."))


def call_every_ready_match(desk, base, event) -> dict[str, int]:
    """Call each match in "Ready to call" to the table the page proposes; {code: table}."""
    called = {}
    desk.goto(bracket_url(base, event))
    while desk.locator("#ready form").count():
        first = desk.locator("#ready .match-list > li").first
        table = int(first.get_by_label("Table").input_value())
        first.get_by_role("button", name="Call to this table").click()
        expect(said(desk)).to_contain_text(f"called to table {table}: table card {table} opens")
        # "Match W1-2 called…", or for a final "The final (F1) called…".
        found = re.search(r"(?:Match (\S+)|\((\S+)\)) called to table", said(desk).inner_text())
        code = found.group(1) or found.group(2)
        called[code] = table
        expect(desk.locator("#playing")).to_contain_text(f"Table {table}")
    return called


# --- A table: the captain's phone and the opponent's confirmation ----------------------------

QUICK = ["lone", "march"]  # the winners: 4 + 2 = 6 of 5, in two hands
CLOSE = ["lone", "other lone", "march"]  # 4, the others' 4, then the winners' march: 6 to 4


def play_game(phone, base, club, number: int, winner: str, hands=QUICK) -> Table:
    """The captain opens table card `number`, enters the hands of a game `winner` ("N": the
    first team, North-South; "E": the second) wins, and East confirms it."""
    card = TableCard.objects.get(club=club, number=number)
    phone.goto(f"{base}/t/{card.token}/")
    expect(phone.locator("h1")).to_contain_text(f"Table {number}")
    expect(phone.locator("h1")).to_contain_text("bracket match")
    table = Table.objects.get(
        number=number, round__event__club=club, round__status=Round.Status.IN_PLAY
    )
    names = names_by_seat(table)
    loser = "E" if winner == "N" else "N"
    for number_, hand in enumerate(hands, start=1):
        maker = loser if hand == "other lone" else winner
        alone = hand != "march"
        fill_hand(phone, names, maker=maker, tricks=5, alone=alone)
        side = SIDE_WORDS[maker]
        points = "march alone: 4 points" if alone else "march: 2 points"
        check_and_confirm(phone, number_, f"{side} {points}")
    phone.get_by_role("button", name=f"I am {names['E']} (East): I confirm").click()
    # Confirmed, the game's round closes: the card no longer opens it.
    expect(said(phone)).to_contain_text(f"Result confirmed by {names['E']}")
    expect(phone.locator("#card-state")).to_be_visible()
    return table


def better_seed_wins(event, code: str) -> str:
    first, second = seeds_of(event, code)
    return "N" if first < second else "E"


def play_called(phone, base, club, event, called: dict[str, int], winners=None, close=()):
    """Play every called match at its table: the better seed wins unless `winners` says."""
    winners = winners or {}
    for code, table in called.items():
        winner = winners.get(code) or better_seed_wins(event, code)
        play_game(phone, base, club, table, winner, CLOSE if code in close else QUICK)
        assert Match.objects.get(bracket__event=event, code=code).winner_slot == (
            0 if winner == "N" else 1
        )


# --- The director's correction of a hand ----------------------------------------------------


def correct_last_hand(desk, base, event, code: str, maker_seat: str, reason: str):
    """The director's click path: the bracket page's "Played" list, the match's hands, its
    last hand's "Correct": `maker_seat`'s side made the march."""
    table = Table.objects.get(round__bracket_game__match__code=code, round__event=event)
    desk.goto(bracket_url(base, event))
    played = desk.locator("#decided .match-list > li", has_text=f"Match {code}:")
    played.get_by_role("link", name="Its hands").click()
    expect(desk.locator("h1")).to_contain_text(f"Table {table.number}")
    desk.locator("table.hands tbody tr").last.get_by_role("link", name="Correct").click()
    expect(desk.locator("h1")).to_contain_text("Correct hand")
    names = names_by_seat(table)
    seat = {"N": "North", "E": "East"}[maker_seat]
    form = desk.locator("#correct-form")
    form.get_by_label(f"{names[maker_seat]} ({seat})").check()
    form.get_by_label("Why is this hand corrected?").fill(reason)
    form.get_by_role("button", name="Save correction").click()
    return table


def box(desk, code: str):
    return desk.locator(f"#match-{code}")


# --- 1. Eight teams, double elimination -------------------------------------------------------


def test_an_eight_team_double_elimination_played_through_the_pages(
    browser, live_server, public_club, director
):
    club, base = public_club, live_server.url
    event = bracket_event(club, EIGHT)
    desk = desk_page(browser, base)
    phone = phone_page(browser)

    # The director opens the bracket from the event page, chooses the format, draws.
    desk.goto(f"{base}/events/{event.pk}/")
    desk.get_by_role("link", name="Open the bracket").click()
    expect(desk.locator("#teams")).to_contain_text("8 teams registered")
    choose_format(desk, "Double elimination (two losses: a losers' bracket)")
    draw_seeds(desk)
    for name in EIGHT:
        expect(desk.locator(".bracket")).to_contain_text(name)
    expect(desk.locator("#settings")).to_have_count(1)  # the format may change until a call

    # Round 1: the four matches, to tables 1 to 4 as the page proposes them.
    called = call_every_ready_match(desk, base, event)
    assert called == {"W1-1": 1, "W1-2": 2, "W1-3": 3, "W1-4": 4}
    expect(desk.locator("#settings")).to_have_count(0)  # the format stands once called

    # W1-1: seed 1 (North-South) beats seed 8, 6 to 4 ...
    play_called(phone, base, club, event, {"W1-1": 1}, close={"W1-1"})
    seed_1, seed_8 = name_of(event, 1), name_of(event, 8)
    desk.goto(bracket_url(base, event))
    expect(box(desk, "W1-1").locator(".team.won")).to_contain_text(seed_1)
    expect(box(desk, "W2-1")).to_contain_text(seed_1)

    # ... but the last hand was East-West's march: the director corrects it before W2-1 starts,
    # and the other team advances (seed 1 drops to the losers' bracket).
    correct_last_hand(desk, base, event, "W1-1", "E", "East-West made the march, not North")
    expect(said(desk)).to_contain_text("Hand 3 corrected: East-West march: 2 points.")
    expect(said(desk)).to_contain_text(f"Match W1-1 changed hands: {seed_8} won it, not {seed_1}.")
    desk.goto(bracket_url(base, event))
    expect(box(desk, "W1-1").locator(".team.won")).to_contain_text(seed_8)
    # Seed 1 lost, but plays on in the losers' bracket: not struck through as out.
    expect(box(desk, "W1-1").locator(".team:not(.won)")).to_contain_text(seed_1)
    expect(box(desk, "W1-1").locator(".team.lost")).to_have_count(0)
    expect(box(desk, "W2-1")).to_contain_text(seed_8)
    expect(box(desk, "W2-1")).not_to_contain_text(seed_1)
    expect(box(desk, "L1-1")).to_contain_text(seed_1)
    assert Match.objects.get(bracket__event=event, code="W1-1").winner_slot == 1

    # The rest of round 1; W1-2 closely, so its deciding hand could change the winner.
    rest = {c: t for c, t in called.items() if c != "W1-1"}
    play_called(phone, base, club, event, rest, close={"W1-2"})
    # Round 2 called: W2-1 and W2-2, L1-1 and L1-2, at tables 1 to 4 again.
    w1_2 = Match.objects.get(bracket__event=event, code="W1-2")
    called = call_every_ready_match(desk, base, event)
    assert sorted(called) == ["L1-1", "L1-2", "W2-1", "W2-2"]
    assert sorted(called.values()) == [1, 2, 3, 4]

    # The players' page while the matches play: every team, and where each match is.
    players_page_shows_the_bracket(browser, base, club, event, called)

    # A correction of W1-2 now would change who plays W2-1 and L1-1 (its winner and its loser),
    # both called: refused, naming them, the latest to reset first, and nothing changes.
    table = Table.objects.get(round__bracket_game__match=w1_2)
    before = list(table.hands.order_by("number").values_list("ns_points", "ew_points"))
    w1_2_loser_seat = "E" if w1_2.winner_slot == 0 else "N"
    correct_last_hand(desk, base, event, "W1-2", w1_2_loser_seat, "Wrong side, said West")
    refusal = desk.locator("#correct-form")
    expect(refusal).to_contain_text(
        "would change who won match W1-2, but matches W2-1 and L1-1 have been played or called"
    )
    expect(refusal).to_contain_text("Reset match L1-1, then match W2-1, then correct this hand.")
    assert list(table.hands.order_by("number").values_list("ns_points", "ew_points")) == before
    w1_2_after = Match.objects.get(pk=w1_2.pk)
    assert w1_2_after.winner_slot == w1_2.winner_slot
    w1_2_winner = name_of(event, seeds_of(event, "W1-2")[w1_2.winner_slot])
    desk.goto(bracket_url(base, event))
    expect(desk.locator("#playing")).to_contain_text(f"Table {called['W2-1']}")
    expect(box(desk, "W1-2").locator(".team.won")).to_contain_text(w1_2_winner)
    expect(box(desk, "W2-1")).to_contain_text(w1_2_winner)

    # Play on, calling what is ready, until the final: the losers' bracket team wins the first
    # final (it sits East-West), so the second final is played.
    play_called(phone, base, club, event, called)
    rounds = 2
    while True:
        called = call_every_ready_match(desk, base, event)
        if not called:
            break
        rounds += 1
        assert rounds < 10, "the bracket never finishes"
        if "F1" in called:
            losers_team = seeds_of(event, "F1")[1]
            play_called(phone, base, club, event, called, winners={"F1": "E"})
            desk.goto(bracket_url(base, event))
            expect(desk.locator("#ready")).to_contain_text("Final, second match")
            assert now_of(event).state.matches["F2"].status == "ready"
        else:
            play_called(phone, base, club, event, called)
    desk.goto(bracket_url(base, event))
    expect(desk.locator("#ready")).to_contain_text("The bracket is finished.")
    now = now_of(event)
    assert now.state.finished
    assert now.matches["F2"].winner_slot is not None
    assert losers_team in now.state.matches["F2"].teams
    rows = desk.locator("#placings tbody tr")
    labels = [row.locator("td").first.inner_text() for row in rows.all()]
    assert labels == ["1st", "2nd", "3rd", "4th", "5th–6th", "7th–8th"]
    expect(rows.first).to_contain_text(name_of(event, now.state.champion))
    # 15 matches, one game each.
    assert Round.objects.filter(event=event).count() == 15
    desk.context.close()
    phone.context.close()


def players_page_shows_the_bracket(browser, base, club, event, called: dict[str, int]):
    player = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    player.goto(f"{base}/c/{club.slug}/events/{event.pk}/")
    expect(player.locator(".bracket")).to_be_visible()
    for name in EIGHT:
        expect(player.locator(".bracket")).to_contain_text(name)
    playing = player.locator("#playing")
    expect(playing).to_contain_text("Now playing")
    for table in called.values():
        expect(playing).to_contain_text(f"Table {table}")
    assert "/login" not in player.url
    player.context.close()


# --- 2. Six teams, single elimination, byes and third place -----------------------------------


def test_six_teams_single_elimination_with_byes_and_a_third_place_match(
    browser, live_server, public_club, director
):
    club, base = public_club, live_server.url
    event = bracket_event(club, SIX, name="Six-team knockout")
    desk = desk_page(browser, base)
    phone = phone_page(browser)
    desk.goto(bracket_url(base, event))
    choose_format(desk, "Single elimination (one loss and a team is out)", third_place=True)
    draw_seeds(desk)

    # Seeds 1 and 2 have byes: their first-round boxes say so.
    now = now_of(event)
    byes = {c: s for c, s in now.state.matches.items() if s.status == "bye"}
    assert sorted(s.winner for s in byes.values()) == [1, 2]
    for code, state in byes.items():
        expect(box(desk, code)).to_contain_text("Bye")
        expect(box(desk, code)).to_contain_text(name_of(event, state.winner))
    expect(desk.locator(".bracket")).to_contain_text("Third place")

    rounds = 0
    while called := call_every_ready_match(desk, base, event):
        rounds += 1
        assert rounds < 5, "the bracket never finishes"
        if "3P" in called or "F1" in called:
            assert set(called) == {"3P", "F1"}  # the final and third place at once
        play_called(phone, base, club, event, called)
    assert rounds == 3
    now = now_of(event)
    assert now.state.finished and now.state.matches["3P"].status == "done"
    desk.goto(bracket_url(base, event))
    rows = desk.locator("#placings tbody tr")
    expect(rows).to_have_count(5)
    labels = [rows.nth(i).locator("td").first.inner_text() for i in range(5)]
    assert labels == ["1st", "2nd", "3rd", "4th", "5th–6th"]
    expect(rows.nth(0)).to_contain_text(name_of(event, 1))  # the better seed won every match
    expect(rows.nth(2)).to_contain_text(name_of(event, 3))
    desk.context.close()
    phone.context.close()


def test_a_table_card_between_calls_waits_for_the_next_match_after_eight_games(
    browser, live_server, club
):
    bracket = make_bracket(club, 8, kind="double")
    for code in ["W1-1", "W1-2", "W1-3", "W1-4", "W2-1", "W2-2", "L1-1", "L1-2"]:
        play_match(bracket, code, slot=0, table=1)
    assert [s.match.id for s in services.bracket_now(bracket).ready_to_call()]
    phone = phone_page(browser)
    card = TableCard.objects.get(club=club, number=1)
    phone.goto(f"{live_server.url}/t/{card.token}/")
    expect(phone.locator("#card-state h2")).to_have_text("No match at table 1 now")
    phone.context.close()


# --- 3 and 4. The players' page, the projector; screenshots -----------------------------------

LONG = [
    "The Left Bowers of Maple Hall",
    "Bernadette & Maximilian Oberhausen-Williams",
    "Farmer's Hands",
    "Loners",
    "Green Bay Euchres",
    "Next Callers",
    "Stick the Dealers",
    "Going Alones",
]


def text_doubled(page) -> None:
    """The phone's text size setting at 200%: chromium's default font size, which `rem`
    follows (as tests/test_every_page_browser.py sets it)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})


def shoot(page, name: str, width: int, text="") -> str:
    """The whole page. With the text size set through the DevTools protocol, a window as tall
    as the page rather than full_page=True, which drops that text size (but then the screen's
    height, the most a side of the bracket takes before it scrolls inside, is the page's)."""
    os.makedirs(SHOTS, exist_ok=True)
    path = f"{SHOTS}/brackets-{name}-{width}{text}.png"
    if not text:
        page.screenshot(path=path, full_page=True)
        return path
    size = page.viewport_size
    height = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": width, "height": max(height, 200)})
    page.screenshot(path=path)
    page.set_viewport_size(size)
    return path


SMALL_TARGETS = """() => [...document.querySelectorAll(
    'main a[href], main button, main summary, main input, main select, main textarea')]
  .filter(e => e.offsetParent !== null)
  .map(e => { const r = e.getBoundingClientRect();
    return {what: e.tagName.toLowerCase() + ' ' + (e.innerText || e.name || '').trim().slice(0, 40),
            w: Math.round(r.width), h: Math.round(r.height)}; })
  .filter(t => t.w < 44 || t.h < 44)"""


def test_screenshots_of_a_bracket_in_play(browser, live_server, public_club, director):
    """A double elimination half played (the long names in it), three matches at tables: the
    director's page, the players' page and the projector, for looking at."""
    club, base = public_club, live_server.url
    bracket = make_bracket(club, 8, kind="double")
    for partnership, name in zip(bracket.event.partnerships.order_by("pk"), LONG, strict=True):
        partnership.name = name
        partnership.save()
    event = bracket.event
    event.name = "Winter knockout"
    event.save()
    for code in ["W1-1", "W1-2", "W1-3", "W1-4", "W2-1", "L1-1"]:
        play_match(bracket, code, slot=0)
    for code in ["W2-2", "L1-2"]:
        services.match_call(bracket=bracket, code=code, table=services.lowest_free_table(event))

    pages = {
        "director": bracket_url(base, event),
        "public": f"{base}/c/{club.slug}/events/{event.pk}/",
        "projector": f"{base}/c/{club.slug}/events/{event.pk}/projector/",
    }
    shots = []
    for name, url in pages.items():
        for width, height in SIZES:
            context = browser.new_context(viewport={"width": width, "height": height})
            page = context.new_page()
            page.set_default_timeout(10_000)
            if name == "director":
                log_in(page, base)
            response = page.goto(url)
            if response.status == 404 and name == "projector":
                context.close()
                break
            assert response.status == 200, f"{url}: {response.status}"
            if name != "projector":
                expect(page.locator(".bracket")).to_be_visible()
            if width == 360:
                assert not page.evaluate(SMALL_TARGETS), f"{name}: targets under 44px"
            shots.append(shoot(page, name, width))
            context.close()
    # The projector turns its screens by itself (static/projector.js): the clock run on, one
    # shot a screen.
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.clock.install()
    if page.goto(pages["projector"]).status == 200:
        seconds = int(page.locator("body").get_attribute("data-seconds") or 12)
        for turn in range(1, 9):
            shots.append(shoot(page, f"projector-screen-{turn}", 1920))
            page.clock.run_for(seconds * 1000)
    context.close()

    # The players' page on a phone with its text at 200%; then the winners' bracket scrolled
    # down and sideways: its round headings stay in sight.
    context = browser.new_context(viewport={"width": 360, "height": 800})
    page = context.new_page()
    text_doubled(page)
    page.goto(pages["public"])
    assert page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)") > 30
    winners = page.get_by_role("region", name=re.compile("^Winners' bracket"))
    expect(winners).to_be_visible()
    assert not page.evaluate(SMALL_TARGETS), "targets under 44px with the text doubled"
    shots.append(shoot(page, "public", 360, "-text-200"))
    winners.evaluate("b => { b.scrollTop = 500; b.scrollLeft = 400; }")
    heading = winners.locator(".round-heading").nth(1)
    box, seen = heading.bounding_box(), winners.bounding_box()
    assert abs(box["y"] - seen["y"]) < 3, "the round headings scrolled away"
    winners.screenshot(path=f"{SHOTS}/brackets-public-360-text-200-scrolled.png")
    context.close()
    assert len(shots) >= 8

"""The check-in page at the door, in chromium: a phone at 360 px with its text at 200%, and a
laptop at 1280: nothing wider than the screen, each button at least 44 px tall, and a tap on
"Here" checks the name in. With SHOTS set (a folder), each is saved there as a picture."""

import datetime
import os

import pytest
from conftest import PHONE, log_in
from playwright.sync_api import expect
from test_every_page_browser import AXE, OPTIONS, violations_said

from clubs.models import ClubDirector, Player
from publishing.models import Link
from signup.models import Fetched, SignUp
from tournaments.models import Entry, Event

SHOTS = os.environ.get("SHOTS", "")


@pytest.fixture
def door(club, director):
    ClubDirector.objects.filter(user=director).update(role=ClubDirector.Role.DIRECTOR)
    event = Event.objects.create(
        club=club, name="Saturday pairs", date=datetime.date(2026, 11, 28), format="pairs"
    )
    mary = Player.objects.create(club=club, name="Mary O’Brien")
    rows = [
        (
            "Mary O’Brien",
            {
                "player": mary,
                "partner_name": "Jim Hardy",
                "places": 2,
                "email": "mary.obrien@example.org",
                "phone": "555-0101",
                "paid_ahead": True,
            },
        ),
        ("Bartholomew Featherstonehaugh-Cholmondeley", {"find_partner": True}),
        ("Ann Lee", {"held": True, "partner_name": "Bea Lee", "places": 2}),
        ("Sam Early", {"arrival": SignUp.Arrival.HERE}),
        ("Nora Nope", {"arrival": SignUp.Arrival.NO_SHOW}),
        ("Kept Karl", {"arrival": SignUp.Arrival.HERE, "cancelled_on_server": True}),
        ("Wes Waiting", {"status": SignUp.Status.WAITING, "phone": "555-0199"}),
        ("Vera Waits", {"status": SignUp.Status.WAITING, "partner_name": "Val Waits"}),
    ]
    for position, (name, fields) in enumerate(rows, start=1):
        signup = SignUp.objects.create(event=event, name=name, position=position, **fields)
        if signup.arrival == SignUp.Arrival.HERE:  # checked in: entered, as Here enters them
            signup.player = Player.objects.create(club=club, name=name)
            signup.entry = Entry.objects.create(event=event, player=signup.player)
            signup.save()
    # As on a linked laptop: the time the list was fetched.
    Link.objects.create(club=club, server_url="https://euchre.example.org", key="euk_x")
    Fetched.objects.create(club=club, at=datetime.datetime.now(datetime.UTC))
    return event


def shot(page, name: str) -> None:
    if not SHOTS:
        return
    os.makedirs(SHOTS, exist_ok=True)
    width = page.viewport_size["width"]
    height = page.evaluate("document.documentElement.scrollHeight")
    # A window as tall as the page, not full_page=True, which drops the text size.
    page.set_viewport_size({"width": width, "height": max(height, 200)})
    page.screenshot(path=f"{SHOTS}/{name}.png")


@pytest.mark.parametrize(
    ("viewport", "text_px", "name"),
    [
        (PHONE, 16, "checkin-360"),
        (PHONE, 32, "checkin-360-200"),
        ({"width": 1280, "height": 800}, 16, "checkin-1280"),
    ],
)
def test_the_check_in_page_fits_and_a_tap_checks_in(
    browser, live_server, door, viewport, text_px, name
):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    if text_px != 16:
        cdp = page.context.new_cdp_session(page)
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": text_px, "fixed": text_px}})
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{door.pk}/signup/check-in/")
    expect(page.get_by_text("Sign-ups fetched at")).to_be_visible()
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= viewport["width"], f"the page is {wide} px wide on a {viewport['width']} screen"
    heights = page.locator("main button").evaluate_all(
        "buttons => buttons.map(b => b.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 44, heights
    shot(page, name)
    mary = page.locator("li", has_text="Mary O’Brien")
    mary.get_by_role("button", name="Here").click()
    expect(page.locator(".messages")).to_contain_text("Mary O’Brien & Jim Hardy: checked in.")
    expect(
        page.locator("li", has_text="Mary O’Brien").get_by_role("button", name="Undo")
    ).to_be_visible()
    # A walk-in team at the door, new to the roster: entered and checked in as partners.
    walk_in = page.locator("#walk-in")
    walk_in.get_by_label("Name").fill("Tom Newby")
    walk_in.get_by_label("Partner (optional)").fill("Tess Newby")
    walk_in.get_by_role("button", name="Check in the walk-in").click()
    expect(page.locator(".messages")).to_contain_text(
        "Walk-in Tom Newby & Tess Newby: Tom Newby and Tess Newby added to the roster; "
        "entered and checked in as partners."
    )
    # The night's figure counts them; the list's own figures do not. They are named below.
    expect(page.locator("#figures")).to_contain_text("6 players checked in tonight")
    expect(page.locator("#walked-in li")).to_have_count(1)
    expect(page.locator("#walked-in li")).to_contain_text("Tom Newby & Tess Newby")
    expect(page.locator("#figures")).to_contain_text("From the list: 4 checked in")
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= viewport["width"], f"the page is {wide} px wide after the walk-in"
    shot(page, f"{name}-after-walk-in")
    # Wes, who waits on the list, typed as a walk-in: given a place, checked in from the list.
    walk_in.get_by_label("Name").fill("wes waiting")
    walk_in.get_by_role("button", name="Check in the walk-in").click()
    expect(page.locator(".messages")).to_contain_text(
        "Wes Waiting was on the waiting list: given a place and checked in."
    )
    wes = page.locator("#has-a-place li", has_text="Wes Waiting")
    expect(wes).to_contain_text("Checked in")
    expect(wes.get_by_role("button", name="Undo")).to_be_visible()
    expect(page.locator("#walked-in")).not_to_contain_text("Wes")
    # The rest, pressed without its tick: refused in the box's words, nobody marked.
    page.locator("#rest").get_by_role("button", name="Mark the rest as not coming").click()
    expect(page.locator("#rest").get_by_role("alert")).to_contain_text(
        "Nobody was marked: tick “Yes, mark 3 players as not coming” first."
    )
    expect(page.locator("#figures")).to_contain_text("3 still expected")
    shot(page, f"{name}-refused")
    # Ann, on the list with Bea, typed with another partner: refused in words, in the box.
    walk_in.get_by_label("Name").fill("Ann Lee")
    walk_in.get_by_label("Partner (optional)").fill("Tom Newby")
    walk_in.get_by_role("button", name="Check in the walk-in").click()
    refusal = walk_in.get_by_role("alert")
    expect(refusal).to_contain_text(
        "Ann Lee is on the list with Bea Lee, not Tom Newby: if Bea Lee came, check the two "
        "in from their row"
    )
    # On the screen, not far below the page's top: its first line takes the focus, in the
    # screen's upper half (at 200% text the whole of it is taller than a phone's screen).
    first = refusal.locator("p").first
    expect(first).to_have_text("Nobody was checked in:")
    expect(first).to_be_focused()
    where = first.bounding_box()
    assert 0 <= where["y"] <= page.viewport_size["height"] / 2, where
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= viewport["width"], f"the page is {wide} px wide with the walk-in refused"
    shot(page, f"{name}-walk-in-other-partner")
    # No name at all: the Name box takes the focus, its words above it on the screen.
    walk_in.get_by_label("Name").fill("")
    walk_in.get_by_label("Partner (optional)").fill("")
    walk_in.get_by_role("button", name="Check in the walk-in").click()
    expect(walk_in.get_by_label("Name")).to_be_focused()
    expect(walk_in.get_by_text("Type the walk-in's name, e.g. Tom Newby.")).to_be_in_viewport()
    # Bea typed alone: their team is checked in from its row.
    walk_in.get_by_label("Name").fill("bea lee")
    walk_in.get_by_label("Partner (optional)").fill("")
    walk_in.get_by_role("button", name="Check in the walk-in").click()
    expect(page.locator(".messages")).to_contain_text(
        "Ann Lee & Bea Lee are on the list: checked in from it."
    )
    expect(
        page.locator("li", has_text="Ann Lee & Bea Lee").get_by_role("button", name="Undo")
    ).to_be_visible()
    # The walk-in team was a mistake: undone together, the figure back down.
    page.locator("#walked-in").get_by_role("button", name="Undo").click()
    expect(page.locator(".messages")).to_contain_text("not checked in any more (undone)")
    expect(page.locator("#figures")).to_contain_text("7 players checked in tonight")
    expect(page.locator("#walked-in")).to_have_count(0)
    # The event page's cards: check-in's figures, and the sign-up kept on the club's server.
    page.goto(f"{live_server.url}/events/{door.pk}/")
    card = page.locator("#check-in-from-list")
    expect(card).to_contain_text("7 players checked in from the list, 1 still expected.")
    signup_card = page.locator("#signup-list")
    expect(signup_card).to_contain_text("The list is kept on the club's server")
    expect(signup_card).to_contain_text("8 names on the list here (sign-ups fetched at")
    expect(signup_card).not_to_contain_text("Players are not signing up")
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= viewport["width"], f"the event page is {wide} px wide"
    if SHOTS:
        card.screenshot(path=f"{SHOTS}/event-card-{name}.png")
        signup_card.screenshot(path=f"{SHOTS}/event-signup-card-{name}.png")
    signup_card.get_by_role("link", name="Check in from the list").click()
    expect(page.get_by_role("heading", name="Check-in from the list")).to_be_visible()
    context.close()


def test_the_rest_refused_is_on_screen_beside_its_box(browser, live_server, door):
    """The walk (item 15b): "Mark the rest as not coming" pressed without its tick put the
    refusal at the page's top, far above the box and the button. On a phone at 360 px with
    its text at 200%, the refusal, the box and the button are on the screen together, the
    focus on the refusal, and a tick and a press there marks the rest."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 32}})
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{door.pk}/signup/check-in/")
    rest = page.locator("#rest")
    rest.get_by_role("button", name="Mark the rest as not coming").click()
    refusal = rest.get_by_role("alert")
    expect(refusal).to_have_text(
        "Nobody was marked: tick “Yes, mark 5 players as not coming” first."
    )
    box = rest.get_by_label("Yes, mark 5 players as not coming")
    button = rest.get_by_role("button", name="Mark the rest as not coming")
    expect(refusal).to_be_focused()
    if SHOTS:  # the screen as the director sees it
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/checkin-rest-refused-360-200.png")
    screen = PHONE["height"]
    tops = {}
    for name, part in (("refusal", refusal), ("box", box), ("button", button)):
        where = part.bounding_box()
        assert where["y"] >= 0 and where["y"] + where["height"] <= screen, (name, where)
        tops[name] = where
    # Beside it: the box's words start right under the refusal, not a screen away.
    words = rest.locator("label").bounding_box()
    gap = words["y"] - (tops["refusal"]["y"] + tops["refusal"]["height"])
    assert 0 <= gap <= 32, gap
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= PHONE["width"], f"the page is {wide} px wide"
    # Read by axe as refused (the every-page walk reads the page as it first opens).
    violations = AXE.run(page, options=OPTIONS).response["violations"]
    assert not violations, violations_said(violations)
    box.check()
    button.click()
    expect(page.locator(".messages")).to_contain_text("3 names marked as did not come.")
    # The walk-in refused (a team the list pairs otherwise), read by axe too.
    walk_in = page.locator("#walk-in")
    walk_in.get_by_label("Name").fill("Zed New")
    walk_in.get_by_label("Partner (optional)").fill("Mary O'Brien")
    walk_in.get_by_role("button", name="Check in the walk-in").click()
    expect(walk_in.get_by_role("alert")).to_contain_text("Mary O’Brien is on the list with")
    violations = AXE.run(page, options=OPTIONS).response["violations"]
    assert not violations, violations_said(violations)
    context.close()

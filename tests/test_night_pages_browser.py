"""What a captain and a director see in a real browser (Debian's chromium through Playwright):
the captain's first screen on a 360x740 phone, a refused entry's summary and focus, the round
page refreshing its tables without wiping a half-typed reason, and the event form showing the
pairs-only fields only for a pairs event."""

import re

import pytest
from conftest import log_in
from playwright.sync_api import expect

from tournaments import services

DESK = {"width": 1280, "height": 800}

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def round_one(event, players):
    services.entries_add(event=event, players=players[:8])
    return services.round_seat(event=event, seed=1)


@pytest.fixture
def desk(browser, live_server, director):
    context = browser.new_context(viewport=DESK)
    page = context.new_page()
    page.set_default_timeout(10_000)
    log_in(page, live_server.url)
    expect(page.get_by_role("button", name=re.compile("Log out"))).to_be_visible()
    yield page
    context.close()


def in_viewport(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def captain_url(live_server, table) -> str:
    return f"{live_server.url}/t/{table.card().token}/"


def test_the_captains_first_screen_is_the_score_and_the_next_hands_form(
    phone, live_server, round_one
):
    table = round_one.tables.get(number=1)
    services.hand_record(table=table, number=1, data={"maker": "N", "tricks": 3})
    phone.goto(captain_url(live_server, table))

    assert phone.evaluate("window.scrollY") == 0
    assert in_viewport(phone, "#score")
    assert in_viewport(phone, "#entry h2")
    assert in_viewport(phone, "#field-maker")
    # The seats and the hands played come after the form.
    order = phone.evaluate(
        "['#hand-form', '#hands', '#seats'].map(s => document.querySelector(s)"
        ".getBoundingClientRect().top)"
    )
    assert order == sorted(order)


def test_a_refused_entry_shows_its_summary_first_and_moves_to_the_field(
    phone, live_server, round_one
):
    table = round_one.tables.get(number=1)
    names = {s.position: s.player.name for s in table.seats.select_related("player")}
    phone.goto(captain_url(live_server, table))

    # North called trump; the captain forgot the tricks.
    phone.locator("#field-maker label", has_text=f"{names['N']} (North)").click()
    phone.locator("#hand-form button[value=check]").first.click()

    problems = phone.locator("#problems")
    expect(problems).to_contain_text("Hand 1 was not checked")
    expect(problems).to_contain_text("Enter how many tricks the makers took (0 to 5).")
    assert in_viewport(phone, "#problems")
    # The focus is on the question with the problem (its message read with it), in view.
    assert phone.evaluate("document.activeElement.id") == "field-tricks"
    assert in_viewport(phone, "#field-tricks")

    # The lone defender shows only once the maker went alone. Chosen, then "alone" unticked:
    # the choice is still sent, refused, and shown with words that fit a drop-down.
    phone.locator("#field-tricks label", has_text=re.compile(r"^\s*3\s*$")).click()
    defender = phone.locator("#field-lone_defender")
    expect(defender).to_be_hidden()
    phone.locator("#field-alone label").click()
    defender.locator("select").select_option(label=f"{names['E']} (East)")
    phone.locator("#field-alone label").click()
    expect(defender).to_be_hidden()
    phone.locator("#hand-form button[value=check]").first.click()
    expect(defender).to_be_visible()
    expect(problems).to_contain_text("choose “No one” under “Defended alone against the loner”")
    expect(problems).not_to_contain_text("untick")
    assert in_viewport(phone, "#problems")
    assert phone.evaluate("document.activeElement.name") == "lone_defender"
    assert table.hands.count() == 0


def test_the_round_page_refreshes_its_tables_and_keeps_a_half_typed_reason(
    desk, live_server, round_one
):
    desk.clock.install()
    desk.goto(f"{live_server.url}/rounds/{round_one.pk}/")
    reason = "Time called: the hall closes at ten"
    desk.locator("#close textarea[name=reason]").fill(reason)
    card = desk.locator("#table-1")
    expect(card).to_contain_text("Hands 0 of 8")

    table = round_one.tables.get(number=1)
    services.hand_record(table=table, number=1, data={"maker": "N", "tricks": 3})
    desk.clock.run_for(21_000)

    expect(card).to_contain_text("Hands 1 of 8")
    expect(card).to_contain_text("North-South 1")
    expect(desk.locator("#close textarea[name=reason]")).to_have_value(reason)


def test_the_event_form_shows_the_pairs_movement_only_for_a_pairs_event(desk, live_server, club):
    desk.goto(f"{live_server.url}/clubs/{club.slug}/events/new/")
    pairs_movement = desk.locator("#field-pairs_movement")
    desk.locator("#field-format label", has_text="Progressive").click()
    expect(pairs_movement).to_be_hidden()
    desk.locator("#field-format label", has_text="Pairs").click()
    expect(pairs_movement).to_be_visible()

    hands = desk.locator("#field-hands_per_round")
    desk.locator("#field-round_end label", has_text="When a side wins the game").click()
    expect(hands).to_be_hidden()
    desk.locator("#field-round_end label", has_text="After a fixed number of hands").click()
    expect(hands).to_be_visible()

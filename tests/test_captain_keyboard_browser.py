"""The captain's page by keyboard alone, as a screen reader's user or a captain with a
keyboard on a tablet takes it, and on an old phone whose browser does not say which button
sent a form. Debian's chromium at a phone's viewport: only keys are pressed (Tab, arrows,
Space, Enter), and after each step the test asks where the focus is and what the page's live
region says; the hands must be recorded in the database, not only shown."""

import pytest
from conftest import PHONE
from playwright.sync_api import expect
from test_captain_browser import check_and_confirm, fill_hand, names_by_seat
from test_captain_offline_browser import NO_CONNECTION, hands_of, open_phone, table_url

from tournaments import services
from tournaments.models import Hand

pytestmark = pytest.mark.django_db(transaction=True)

RECORDED = "Hand {} recorded:"
KEPT = "Hand {} is saved on this phone and will be sent when the connection is back."


@pytest.fixture
def table(event, players):
    services.entries_add(event=event, players=players[:8])
    return services.round_seat(event=event, seed=1).tables.get(number=1)


def focused(page, selector: str) -> bool:
    return page.evaluate("s => document.activeElement.matches(s)", selector)


def tab_to(page, selector: str, limit: int = 60) -> None:
    """Press Tab until the focus is on `selector`, as a person tabs through the page."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if focused(page, selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def choose(page, group: str, index: int) -> None:
    """In a radio group, the `index`th choice, by keys: Tab into the group (its first choice
    when none is chosen), then Space for the first or the arrow keys for a later one."""
    if not focused(page, f"{group} input"):
        tab_to(page, f"{group} input")
    assert page.evaluate(f"document.querySelector('{group} input:checked')") is None
    if index == 0:
        page.keyboard.press("Space")
    for _ in range(index):
        page.keyboard.press("ArrowDown")
    chosen = page.evaluate(
        f"[...document.querySelectorAll('{group} input')].indexOf(document.activeElement)"
    )
    assert chosen == index
    assert focused(page, f"{group} input:checked")


def key_in_hand(page, *, maker: int, tricks: int) -> None:
    """A hand by keys: the maker (0 North, 1 East, ...) and the tricks, then Enter on Check."""
    choose(page, "#field-maker", maker)
    choose(page, "#field-tricks", tricks)
    tab_to(page, "#hand-form button[value=check]")
    page.keyboard.press("Enter")


def first_question_focused(page) -> None:
    expect(page.locator("#field-maker input").first).to_be_focused()


def test_a_hand_by_keyboard_with_focus_and_the_live_region_at_each_step(phone, live_server, table):
    page = phone
    page.goto(table_url(live_server.url, table))

    # The one live region, there and empty from the first load; marked, to know it later as
    # the very same element (a screen reader follows the region it knows).
    said = page.locator("#said")
    expect(said).to_have_attribute("role", "status")
    expect(said).to_have_attribute("aria-live", "polite")
    expect(said).to_have_text("")
    assert page.evaluate("document.getElementById('said').hidden") is False
    page.evaluate("document.getElementById('said').markedAtLoad = true")
    assert page.evaluate("document.querySelectorAll('[aria-live]').length") == 1

    def same_region() -> bool:
        return page.evaluate("document.getElementById('said').markedAtLoad === true")

    # Hand 1, North with 3 tricks: Check takes the focus to the check step's heading, in sight
    # with the Confirm button under it (issue 40: the page moves only as far as that needs).
    key_in_hand(page, maker=0, tricks=3)
    heading = page.locator("#check-title")
    expect(heading).to_be_focused()
    expect(heading).to_contain_text("Hand 1: is this right?")
    top, bottom = page.evaluate(
        "[document.getElementById('check-title').getBoundingClientRect().top,"
        " document.querySelector('#check button[value=confirm]').getBoundingClientRect().bottom]"
    )
    assert top >= 0 and bottom <= PHONE["height"], (top, bottom)
    # The next Tab is the Confirm button; Enter records the hand.
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Confirm hand 1")).to_be_focused()
    page.keyboard.press("Enter")
    expect(said).to_contain_text(RECORDED.format(1))
    assert same_region()
    expect(page.locator("#entry h2")).to_contain_text("Hand 2")
    first_question_focused(page)
    assert hands_of(table) == [(1, "N", 3)]

    # Check with nothing chosen: the focus goes to the first question with a problem, which
    # is described by its message, in sight below the list of problems.
    tab_to(page, "#hand-form button[value=check]")
    page.keyboard.press("Enter")
    group = page.locator("#field-maker")
    expect(group).to_be_focused()
    described = group.get_attribute("aria-describedby")
    assert described == "id_maker_error"
    message = page.locator(f"#{described}")
    expect(message).to_be_visible()
    expect(message).not_to_have_text("")
    choices = page.locator("#field-maker input").count()
    assert choices >= 4
    expect(page.locator("#field-maker input[aria-invalid=true]")).to_have_count(choices)
    problems = page.locator("#problems").bounding_box()
    box = group.bounding_box()
    assert box["y"] >= problems["y"] + problems["height"], (box, problems)
    assert box["y"] < PHONE["height"]
    assert hands_of(table) == [(1, "N", 3)]

    # No connection: Check takes the focus to the phone's own check step, said in the same
    # live region; the list of problems, answered, is gone. Change it goes back to the form,
    # on the captain's choice.
    page.context.set_offline(True)
    key_in_hand(page, maker=1, tricks=5)
    expect(heading).to_be_focused()
    expect(heading).to_have_text("Hand 2: is this right?")
    expect(said).to_contain_text(NO_CONNECTION)
    assert same_region()
    expect(page.locator("#problems")).to_have_count(0)
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Change it")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#field-maker input:checked")).to_be_focused()
    expect(page.locator("#field-maker input[aria-invalid]")).to_have_count(0)
    assert (
        page.evaluate(
            "[...document.querySelectorAll('#field-maker input')].indexOf(document.activeElement)"
        )
        == 1
    )

    # Checked again and confirmed by keys: hand 2 (East, 5 tricks) is kept on the phone, said
    # in the same live region, and the focus is on hand 3's first question.
    tab_to(page, "#hand-form button[value=check]")
    page.keyboard.press("Enter")
    expect(heading).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Confirm hand 2")).to_be_focused()
    page.keyboard.press("Enter")
    expect(said).to_contain_text(KEPT.format(2))
    assert same_region()
    expect(page.locator("#entry h2")).to_contain_text("Hand 3")
    first_question_focused(page)
    assert hands_of(table) == [(1, "N", 3)]

    # Back online: the kept hand is sent by itself and the table shown anew (the whole page
    # replaced); the focus is still on the next hand's first question, not lost to the page.
    page.context.set_offline(False)
    expect(said).to_contain_text(RECORDED.format(2))
    expect(page.locator("#hands li")).to_have_count(2)
    expect(page.locator("#waiting li")).to_have_count(0)
    assert same_region()
    first_question_focused(page)
    assert hands_of(table) == [(1, "N", 3), (2, "E", 5)]


def test_after_the_rounds_last_hand_the_focus_is_on_the_table_finished(phone, live_server, table):
    for number in range(1, 8):
        services.hand_record(table=table, number=number, data={"maker": "N", "tricks": 3})
    page = phone
    page.goto(table_url(live_server.url, table))
    key_in_hand(page, maker=1, tricks=4)
    expect(page.locator("#check-title")).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#said")).to_contain_text(RECORDED.format(8))
    expect(page.locator("#confirm h2")).to_be_focused()
    expect(page.locator("#confirm h2")).to_have_text("This table has finished")
    assert Hand.objects.filter(table=table).count() == 8


def test_without_the_script_a_refused_hand_opens_on_its_first_problem(browser, live_server, table):
    page = open_phone(browser, java_script_enabled=False)
    page.goto(table_url(live_server.url, table))
    tab_to(page, "#hand-form button[value=check]")
    page.keyboard.press("Enter")
    expect(page.locator("#problems")).to_be_visible()
    # The page opens focused on the first choice of the first question with a problem (no
    # script: autofocus); the question is described by its message.
    first = page.locator("#field-maker input").first
    expect(first).to_be_focused()
    expect(first).to_have_attribute("aria-invalid", "true")
    described = page.locator("#field-maker").get_attribute("aria-describedby")
    expect(page.locator(f"#{described}")).to_be_visible()
    expect(page.locator(f"#{described}")).not_to_have_text("")
    # And the hand then goes in by keys.
    key_in_hand(page, maker=2, tricks=4)
    expect(page.locator("#check-title")).to_be_visible()
    page.get_by_role("button", name="Confirm hand 1").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text(RECORDED.format(1))
    assert hands_of(table) == [(1, "S", 4)]


def test_a_browser_that_does_not_name_the_button_records_every_kind_of_hand(
    browser, live_server, table
):
    # Safari before iOS 15.4: a submit event with no `submitter`.
    page = open_phone(browser)
    page.add_init_script("delete SubmitEvent.prototype.submitter;")
    names = names_by_seat(table)
    page.goto(table_url(live_server.url, table))
    assert page.evaluate("'submitter' in new SubmitEvent('submit')") is False
    assert page.evaluate("new SubmitEvent('submit').submitter") is None  # undefined

    # Hand 1 by keys, Enter in the tricks (the form's first button sends it), then Confirm.
    choose(page, "#field-maker", 0)
    choose(page, "#field-tricks", 3)
    page.keyboard.press("Enter")
    expect(page.locator("#check-title")).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#said")).to_contain_text(RECORDED.format(1))
    assert hands_of(table) == [(1, "N", 3)]

    # Hand 2: checked, then "Change it" goes back to the form with what was entered, and
    # nothing is recorded; then checked and confirmed by taps.
    fill_hand(page, names, maker="E", tricks=2)
    page.locator("#hand-form").get_by_role("button", name="Check hand 2").first.click()
    expect(page.locator("#result")).to_have_text(
        "North-South euchred East-West: 2 points to North-South"
    )
    page.get_by_role("button", name="Change it").click()
    expect(page.locator("#entry h2")).to_contain_text("Hand 2")
    expect(page.locator("#field-tricks input:checked")).to_have_value("2")
    first = page.locator("#field-maker input:checked")
    expect(first).to_be_focused()
    assert hands_of(table) == [(1, "N", 3)]
    page.locator("#field-tricks label", has_text="4").click()
    check_and_confirm(page, 2, "East-West made it with 4 tricks: 1 point")
    assert hands_of(table) == [(1, "N", 3), (2, "E", 4)]

    # Hand 3: thrown in, by its own button, then confirmed.
    page.locator("#irregular summary").click()
    page.get_by_role("button", name="Thrown in: no score").click()
    expect(page.locator("#check-title")).to_be_focused()
    expect(page.locator("#check")).to_contain_text("Thrown in")
    page.get_by_role("button", name="Confirm hand 3").click()
    expect(page.locator("#said")).to_contain_text(RECORDED.format(3))
    hand = Hand.objects.get(table=table, number=3)
    assert (hand.maker, hand.tricks, hand.ns_points, hand.ew_points) == ("", None, 0, 0)
    assert Hand.objects.filter(table=table).count() == 3

"""A hand entered on a phone is never lost to a weak connection, in a real browser: Debian's
chromium at a 360x740 phone viewport, with Playwright's offline switch and a connection lost
between the request and its answer. static/captain.js keeps hands on the phone, sends them in
order when the connection is back, never twice, and shows the captain a different hand that
another phone recorded first. Without JavaScript the page records hands as before."""

import re

import pytest
from conftest import HALL_NAME, PHONE
from playwright.sync_api import expect
from test_captain_browser import check_and_confirm, fill_hand, names_by_seat

from tournaments import services
from tournaments.models import Hand

pytestmark = pytest.mark.django_db(transaction=True)

KEPT = "Hand {} is saved on this phone and will be sent when the connection is back."


@pytest.fixture
def table(event, players):
    services.entries_add(event=event, players=players[:8])
    return services.round_seat(event=event, seed=1).tables.get(number=1)


def open_phone(browser, **options):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, **options
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def table_url(base: str, table) -> str:
    return f"{base}/t/{table.card().token}/"


def hands_of(table) -> list[tuple]:
    return list(Hand.objects.filter(table=table).values_list("number", "maker", "tricks"))


def check(page, number):
    page.locator("#hand-form").get_by_role("button", name=f"Check hand {number}").first.click()


NO_CONNECTION = "No connection: not sent yet."
CONFIRM_KEEPS = (
    "Confirm keeps hand {} on this phone, and it is sent by itself when the connection is back."
)
NO_SCORE = "This phone cannot work out the score: the app does, once it has the hand."


def keep(page, number):
    """Check with no connection: the phone's own check step, then Confirm keeps the hand."""
    check(page, number)
    expect(page.locator("#check-title")).to_have_text(f"Hand {number}: is this right?")
    page.locator("#check").get_by_role("button", name=f"Confirm hand {number}").click()
    expect(page.locator("#waiting .news")).to_have_text(KEPT.format(number))


@pytest.mark.parametrize("reached_at", ["loopback", "hall Wi-Fi name"])
def test_three_hands_entered_offline_are_recorded_once_in_order(
    browser, live_server, table, settings, reached_at
):
    base = live_server.url
    if reached_at != "loopback":
        # Plain http at a name, as a phone reaches the hall's laptop: not a secure context,
        # so no service worker could run; the kept hands must not need one.
        settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, HALL_NAME]
        base = re.sub(r"//[^:/]+", f"//{HALL_NAME}", base)
    page = open_phone(browser)
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    names = names_by_seat(table)
    page.goto(table_url(base, table))
    secure = page.evaluate("window.isSecureContext")
    assert secure is (reached_at == "loopback")
    assert page.evaluate("'serviceWorker' in navigator") is secure

    page.context.set_offline(True)
    entered = [("N", 3), ("E", 5), ("S", 1)]
    for number, (maker, tricks) in enumerate(entered, start=1):
        fill_hand(page, names, maker=maker, tricks=tricks)
        keep(page, number)
        kept = page.locator(f"#waiting li[data-number='{number}']")
        expect(kept).to_contain_text("waiting to be sent")
        expect(kept).to_contain_text(f"{names[maker]}")
    expect(page.locator("#waiting li.kept-waiting")).to_have_count(3)
    # The form moved on to hand 4, dealt by West (the deal passes left from North).
    expect(page.locator("#entry h2")).to_have_text(f"Hand 4 · {names['W']} (West) deals")
    assert hands_of(table) == []

    page.context.set_offline(False)
    expect(page.locator("#waiting .sent")).to_have_count(3)
    for number in (1, 2, 3):
        expect(page.locator("#waiting .sent").nth(number - 1)).to_contain_text(
            f"Hand {number} recorded:"
        )
    expect(page.locator("#waiting li")).to_have_count(0)
    expect(page.locator("#hands li")).to_have_count(3)
    expect(page.locator("#entry h2")).to_contain_text("Hand 4")
    assert hands_of(table) == [(1, "N", 3), (2, "E", 5), (3, "S", 1)]
    assert page.evaluate("localStorage.getItem('euchre-kept-hands')") == "[]"

    # Everything the page loaded came from the app itself, its script among it.
    assert f"{base}/static/captain.js" in asked
    assert all(url.startswith(base) for url in asked), asked


def test_an_answer_lost_after_the_server_recorded_the_hand(browser, live_server, table):
    page = open_phone(browser)
    names = names_by_seat(table)
    page.goto(table_url(live_server.url, table))
    fill_hand(page, names, maker="N", tricks=3)
    check(page, 1)
    expect(page.locator("#result")).to_have_text("North-South made it with 3 tricks: 1 point")

    lost = []

    def lose_the_answer(route):
        route.fetch()  # the hand reaches the server and is recorded...
        lost.append(route.request.url)
        route.abort("connectionreset")  # ...and the answer never reaches the phone

    page.route(re.compile(r"/hand/\?"), lose_the_answer)
    page.get_by_role("button", name="Confirm hand 1").click()
    expect(page.locator("#waiting .news")).to_have_text(KEPT.format(1))
    assert len(lost) == 1
    # Sent again by itself: the server knows it, and says so; the phone keeps nothing.
    expect(page.locator("#waiting .sent")).to_have_text(
        f"Hand 1 was already entered: {Hand.objects.get().description}. It counts once."
    )
    expect(page.locator("#waiting li")).to_have_count(0)
    expect(page.locator("#hands li")).to_have_count(1)
    assert hands_of(table) == [(1, "N", 3)]


def test_a_reopened_page_carries_on_after_the_hands_it_keeps(browser, live_server, table):
    page = open_phone(browser)
    names = names_by_seat(table)
    page.goto(table_url(live_server.url, table))
    page.route(re.compile(r"/send/"), lambda route: route.abort("connectionrefused"))
    page.context.set_offline(True)
    fill_hand(page, names, maker="N", tricks=3)
    keep(page, 1)
    page.context.set_offline(False)  # the page loads again, but kept hands still cannot go
    page.reload()
    expect(page.locator("#waiting li.kept-waiting")).to_have_count(1)
    expect(page.locator("#entry h2")).to_have_text(f"Hand 2 · {names['E']} (East) deals")
    assert hands_of(table) == []
    page.unroute(re.compile(r"/send/"))
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#waiting .sent")).to_contain_text("Hand 1 recorded")
    assert hands_of(table) == [(1, "N", 3)]


def test_offline_check_shows_the_hand_for_a_last_look_before_it_is_kept(
    browser, live_server, table
):
    page = open_phone(browser)
    names = names_by_seat(table)
    page.goto(table_url(live_server.url, table))
    page.context.set_offline(True)
    fill_hand(page, names, maker="N", tricks=5, alone=True)
    check(page, 1)

    # The phone's own check step, as the app's: the facts entered, nothing kept yet.
    step = page.locator("#check")
    title = page.locator("#check-title")
    expect(title).to_have_text("Hand 1: is this right?")
    expect(title).to_be_focused()
    expect(step.locator(".entered li")).to_have_text(
        [f"{names['N']} (North) called trump, alone.", "The makers took 5 tricks."]
    )
    expect(step.locator(".news")).to_have_text(NO_CONNECTION)
    expect(step).to_contain_text(CONFIRM_KEEPS.format(1))
    expect(step).to_contain_text(NO_SCORE)
    expect(page.locator("#said")).to_have_text(
        f"{NO_CONNECTION} {CONFIRM_KEEPS.format(1)} {NO_SCORE}"
    )
    expect(page.locator("#entry")).to_have_count(0)
    assert page.evaluate("localStorage.getItem('euchre-kept-hands')") in (None, "[]")
    for name in ("Confirm hand 1", "Change it"):
        box = step.get_by_role("button", name=name).bounding_box()
        assert box["height"] >= 48, (name, box)

    # Change it: back to the form, the captain's choices still chosen, nothing kept.
    step.get_by_role("button", name="Change it").click()
    expect(page.locator("#check")).to_have_count(0)
    form = page.locator("#hand-form")
    expect(page.locator("#entry-title")).to_contain_text("Hand 1")
    expect(form.locator("#field-maker input:checked")).to_have_count(1)
    expect(form.locator("#field-maker label:has(input:checked)")).to_contain_text(names["N"])
    expect(form.locator("#field-alone input")).to_be_checked()
    expect(form.locator("#field-tricks label:has(input:checked)")).to_have_text("5")
    expect(form.locator("#field-maker input:checked")).to_be_focused()
    expect(page.locator("#waiting li")).to_have_count(0)

    # Two tricks after all: checked again, confirmed, kept, and the form moves on to hand 2.
    fill_hand(page, names, maker="E", tricks=2)
    check(page, 1)
    expect(step.locator(".entered li")).to_have_text(
        [f"{names['E']} (East) called trump, alone.", "The makers took 2 tricks."]
    )
    step.get_by_role("button", name="Confirm hand 1").click()
    expect(page.locator("#waiting .news")).to_have_text(KEPT.format(1))
    expect(page.locator("#waiting li[data-number='1']")).to_contain_text(
        f"{names['E']} (East) called trump, alone. The makers took 2 tricks."
    )
    expect(page.locator("#entry h2")).to_have_text(f"Hand 2 · {names['E']} (East) deals")
    assert hands_of(table) == []

    # Back online: sent by itself and recorded once.
    page.context.set_offline(False)
    expect(page.locator("#waiting .sent")).to_contain_text("Hand 1 recorded: North-South euchred")
    expect(page.locator("#hands li")).to_have_count(1)
    assert hands_of(table) == [(1, "E", 2)]


def test_the_connection_back_while_the_phone_checks_a_hand_sends_each_once_in_order(
    browser, live_server, table
):
    page = open_phone(browser)
    names = names_by_seat(table)
    page.goto(table_url(live_server.url, table))
    page.context.set_offline(True)
    fill_hand(page, names, maker="N", tricks=3)
    keep(page, 1)
    fill_hand(page, names, maker="E", tricks=5)
    check(page, 2)
    step = page.locator("#check")
    expect(step.locator(".news")).to_have_text("Hands kept on this phone are not sent yet.")
    expect(step).to_contain_text(
        "Confirm keeps hand 2 on this phone too, and it is sent after them."
    )

    # The connection comes back while hand 2 is looked over: hand 1 goes by itself, and the
    # step stays as it is, the captain's to confirm.
    page.context.set_offline(False)
    expect(page.locator("#waiting .sent")).to_contain_text("Hand 1 recorded")
    expect(page.locator("#hands li")).to_have_count(1)
    expect(page.locator("#check-title")).to_have_text("Hand 2: is this right?")
    assert hands_of(table) == [(1, "N", 3)]

    step.get_by_role("button", name="Confirm hand 2").click()
    expect(page.locator("#waiting .sent")).to_contain_text("Hand 2 recorded: East-West march")
    expect(page.locator("#hands li")).to_have_count(2)
    expect(page.locator("#entry h2")).to_contain_text("Hand 3")
    expect(page.locator("#waiting li")).to_have_count(0)
    assert hands_of(table) == [(1, "N", 3), (2, "E", 5)]


def test_offline_a_thrown_in_deal_is_looked_over_then_kept_and_recorded(
    browser, live_server, table
):
    page = open_phone(browser)
    page.goto(table_url(live_server.url, table))
    page.context.set_offline(True)
    page.locator("#irregular summary").click()
    page.get_by_role("button", name="Thrown in: no score").click()
    expect(page.locator("#check-title")).to_have_text("Hand 1: is this right?")
    expect(page.locator("#check .entered li")).to_have_text(["Thrown in: no one called trump."])
    page.get_by_role("button", name="Confirm hand 1").click()
    expect(page.locator("#waiting .news")).to_have_text(KEPT.format(1))
    page.context.set_offline(False)
    expect(page.locator("#waiting .sent")).to_contain_text("Hand 1 recorded")
    assert hands_of(table) == [(1, "", None)]


def test_offline_an_entry_with_nothing_chosen_lists_all_that_is_missing(
    browser, live_server, table
):
    page = open_phone(browser)
    page.goto(table_url(live_server.url, table))
    page.context.set_offline(True)
    check(page, 1)
    expect(page.locator("#waiting .news")).to_have_text(
        "Say who called trump. Enter how many tricks the makers took (0 to 5). Then tap Check "
        "again: with no connection, the hand is kept on this phone."
    )
    expect(page.locator("#waiting li")).to_have_count(0)


def both_phones_enter(offline, online, names, number, *, kept, recorded, result):
    """The offline phone keeps hand `number` as `kept` (maker, tricks) while the other phone
    records `recorded`; back online, the kept hand meets the recorded one. Returns the conflict
    as the offline phone shows it."""
    offline.context.set_offline(True)
    fill_hand(offline, names, maker=kept[0], tricks=kept[1])
    keep(offline, number)
    fill_hand(online, names, maker=recorded[0], tricks=recorded[1])
    check_and_confirm(online, number, result)
    offline.context.set_offline(False)
    conflict = offline.locator("#waiting li.kept-conflict")
    expect(conflict).to_contain_text(f"Another phone entered hand {number} first: {result}.")
    return conflict


def test_two_phones_at_one_table_one_offline(browser, live_server, table):
    names = names_by_seat(table)
    offline = open_phone(browser)
    online = open_phone(browser)
    for page in (offline, online):
        page.goto(table_url(live_server.url, table))

    # Hand 1: the offline phone keeps North's 3 tricks; the other phone records South's 4.
    conflict = both_phones_enter(
        offline,
        online,
        names,
        1,
        kept=("N", 3),
        recorded=("S", 4),
        result="North-South made it with 4 tricks: 1 point",
    )
    expect(conflict).to_contain_text(
        f"This phone has: {names['N']} (North) called trump. The makers took 3 tricks."
    )
    # The captain keeps the recorded hand: nothing changes on the server.
    conflict.get_by_role("button", name="Keep the recorded hand 1").click()
    expect(offline.locator("#waiting li")).to_have_count(0)
    expect(offline.locator("#waiting .sent")).to_contain_text("Hand 1 stays as recorded")
    assert hands_of(table) == [(1, "S", 4)]

    # Hand 2: again both phones; this time the captain fixes it to the phone's version.
    offline.goto(table_url(live_server.url, table))
    online.goto(table_url(live_server.url, table))
    conflict = both_phones_enter(
        offline,
        online,
        names,
        2,
        kept=("E", 5),
        recorded=("W", 3),
        result="East-West made it with 3 tricks: 1 point",
    )
    assert hands_of(table) == [(1, "S", 4), (2, "W", 3)]
    conflict.get_by_role("button", name="Fix hand 2 to this phone's version").click()
    expect(offline.locator("#result")).to_have_text("East-West march: 2 points")
    offline.get_by_role("button", name="Confirm the fix").click()
    expect(offline.locator(".messages")).to_contain_text("Hand 2 fixed: East-West march")
    expect(offline.locator("#waiting li")).to_have_count(0)
    assert hands_of(table) == [(1, "S", 4), (2, "E", 5)]


def test_without_javascript_the_page_records_hands_as_before(browser, live_server, table):
    page = open_phone(browser, java_script_enabled=False)
    names = names_by_seat(table)
    page.goto(table_url(live_server.url, table))
    for number, (maker, tricks, result) in enumerate(
        [
            ("N", 3, "North-South made it with 3 tricks: 1 point"),
            ("E", 0, "North-South euchred East-West: 2 points to North-South"),
        ],
        start=1,
    ):
        fill_hand(page, names, maker=maker, tricks=tricks)
        check_and_confirm(page, number, result)
    expect(page.locator("#waiting")).to_be_hidden()
    assert hands_of(table) == [(1, "N", 3), (2, "E", 0)]

"""The captain's flow in WebKit, the engine of every iPhone's Safari: Debian's WebKitGTK driven
through Selenium at a 360x740 phone screen (tests/webkit.py). A hand entered, checked and
confirmed is recorded; with the hall's Wi-Fi cut, the next hand is shown for a last look (Change
it goes back to the form with its choices), then kept on the phone, and once the Wi-Fi is back it
is sent by itself and recorded once; the captain carries on."""

import pytest
from selenium.webdriver.common.by import By
from test_captain_browser import SEAT_WORDS, names_by_seat
from test_captain_scrolls_browser import HANDS
from webkit import (
    WATCH_ERRORS,
    HallWifi,
    _quoted,
    errors_seen,
    no_longer_see,
    see,
    shown_text,
    tap_button,
    tap_choice,
    virtual_screen,
    wait_for,
    webkit_phone,
)

from tournaments import services
from tournaments.models import Hand

pytestmark = [
    pytest.mark.django_db(transaction=True),
    # Selenium's own WebKitGTK class starts its session the way Selenium itself deprecates.
    pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning"),
]


@pytest.fixture(scope="module")
def webkit():
    # The test command installs WebKitWebDriver and Xvfb; without them this fails, not skips.
    with virtual_screen() as display, webkit_phone(display) as driver:
        yield driver


@pytest.fixture
def wifi(live_server):
    wifi = HallWifi(live_server.url)
    yield wifi
    wifi.close()


@pytest.fixture
def table(event, players):
    services.entries_add(event=event, players=players[:8])
    return services.round_seat(event=event, seed=1).tables.get(number=1)


def hands_of(table) -> list[tuple]:
    return list(Hand.objects.filter(table=table).values_list("number", "maker", "tricks"))


def enter(driver, names, number, maker, tricks):
    tap_choice(driver, "Who called trump", f"{names[maker]} ({SEAT_WORDS[maker]})")
    tap_choice(driver, "Tricks the makers took", str(tricks))
    tap_button(driver, f"Check hand {number}")


def confirm(driver, number, result):
    see(driver, result)
    tap_button(driver, f"Confirm hand {number}")
    see(driver, f"Hand {number} recorded: {result}")


def test_a_captain_on_an_iphone_engine_keeps_a_hand_while_the_wifi_is_down(webkit, wifi, table):
    driver = webkit
    names = names_by_seat(table)
    driver.get(f"{wifi.url}/t/{table.card().token}/")
    see(driver, f"Hand 1 · {names['N']} (North) deals")
    assert driver.execute_script("return window.innerWidth") == 360
    driver.execute_script(WATCH_ERRORS)

    # Hand 1 with the Wi-Fi up: checked, confirmed, recorded.
    enter(driver, names, 1, "N", 3)
    confirm(driver, 1, "North-South made it with 3 tricks: 1 point")
    assert hands_of(table) == [(1, "N", 3)]
    # No error, and the page never reloaded (a new page has no list): the captain's script
    # sent the hand in the background.
    assert errors_seen(driver) == []

    # The Wi-Fi drops. Check shows hand 2 for a last look, built on the phone: nothing is
    # kept yet. Change it brings the form back with the captain's choices.
    wifi.cut()
    enter(driver, names, 2, "E", 4)
    see(driver, "Hand 2: is this right?")
    see(driver, f"{names['E']} (East) called trump.")
    see(driver, "The makers took 4 tricks.")
    see(driver, "No connection: not sent yet.")
    see(driver, "Confirm keeps hand 2 on this phone")
    assert driver.execute_script("return document.activeElement.id") == "check-title"
    assert "waiting to be sent" not in shown_text(driver)
    tap_button(driver, "Change it")
    see(driver, f"Hand 2 · {names['E']} (East) deals")
    assert (
        driver.execute_script("return document.querySelector('#field-tricks input:checked').value")
        == "4"
    )
    assert (
        driver.execute_script("return document.querySelector('#field-maker input:checked').value")
        == "E"
    )
    # Five tricks after all: checked again, confirmed, kept on the phone; the form moves on.
    tap_choice(driver, "Tricks the makers took", "5")
    tap_button(driver, "Check hand 2")
    see(driver, "The makers took 5 tricks.")
    tap_button(driver, "Confirm hand 2")
    see(driver, "Hand 2 is saved on this phone")
    see(driver, "waiting to be sent")
    see(driver, f"Hand 3 · {names['S']} (South) deals")
    # The phone tries again by itself while the Wi-Fi is down, and keeps the hand.
    tried = wifi.refused
    wait_for(driver, lambda _: wifi.refused > tried, message="the phone never tried again")
    assert "waiting to be sent" in shown_text(driver)
    assert hands_of(table) == [(1, "N", 3)]

    # The Wi-Fi is back. The captain does nothing: the kept hand goes by itself, once.
    wifi.restore()
    see(driver, "Hand 2 recorded: East-West march: 2 points")
    no_longer_see(driver, "waiting to be sent")
    assert hands_of(table) == [(1, "N", 3), (2, "E", 5)]

    # And carries on with hand 3 as usual.
    see(driver, f"Hand 3 · {names['S']} (South) deals")
    enter(driver, names, 3, "S", 1)
    confirm(driver, 3, "East-West euchred North-South: 2 points to East-West")
    assert hands_of(table) == [(1, "N", 3), (2, "E", 5), (3, "S", 1)]
    assert errors_seen(driver) == []


def test_time_called_reaches_an_open_page_on_an_iphone_engine(webkit, wifi, table):
    # The director calls time while the captain has begun the next hand: within 20 seconds the
    # banner shows, with no reload, and the choice made is still chosen.
    driver = webkit
    names = names_by_seat(table)
    driver.get(f"{wifi.url}/t/{table.card().token}/")
    see(driver, f"Hand 1 · {names['N']} (North) deals")
    driver.execute_script(WATCH_ERRORS)
    tap_choice(driver, "Who called trump", f"{names['W']} (West)")

    services.round_call_time(round=table.round)

    see(driver, "Time is called: finish the hand in play.", seconds=20)
    chosen = driver.execute_script("return document.querySelector('#field-maker :checked').value")
    assert chosen == "W"
    assert errors_seen(driver) == []  # the same page all along (a new page has no list)


# Where an element is on the screen: its top and bottom, and the screen's height.
ON_SCREEN = """const r = arguments[0].getBoundingClientRect();
return [r.top, r.bottom, window.innerHeight];"""


def tap_in_sight(driver, path: str, what: str) -> None:
    """Tap what is at `path`, after checking it is wholly on the screen, as the captain sees it:
    a captain who would have to scroll to it fails the test (WebDriver's own click would have
    scrolled it into view)."""

    def shown(driver):
        found = [e for e in driver.find_elements(By.XPATH, path) if e.is_displayed()]
        return found[0] if found else False

    element = wait_for(driver, shown, seconds=15, message=f"no {what} on the screen")
    top, bottom, height = driver.execute_script(ON_SCREEN, element)
    assert top >= 0 and bottom <= height, f"{what} at {top:.0f}-{bottom:.0f} of {height}px"
    element.click()


def test_a_whole_round_needs_no_scroll_on_an_iphone_engine(webkit, live_server, table):
    # Issue 40: at 360x740 and the usual text size, who called, alone, the tricks, Check and
    # Confirm are each on the screen when the captain taps them, hand after hand.
    driver = webkit
    names = names_by_seat(table)
    driver.get(f"{live_server.url}/t/{table.card().token}/")
    see(driver, f"Hand 1 · {names['N']} (North) deals")
    driver.execute_script(WATCH_ERRORS)
    # A whole table's round, as in chromium (tests/test_captain_scrolls_browser.py).
    for number, (maker, alone, tricks) in enumerate(HANDS, start=1):
        see(driver, f"Hand {number} · ")
        who = f"{names[maker]} ({SEAT_WORDS[maker]})"
        tap_in_sight(
            driver,
            "//fieldset[legend[contains(normalize-space(), 'Who called trump')]]"
            f"//label[normalize-space()={_quoted(who)}]",
            f"hand {number}: {who}",
        )
        if alone:
            tap_in_sight(driver, "//div[@id='field-alone']//label", f"hand {number}: alone")
        tap_in_sight(
            driver,
            f"//fieldset[@id='field-tricks']//label[normalize-space()={_quoted(str(tricks))}]",
            f"hand {number}: {tricks} tricks",
        )
        tap_in_sight(
            driver, f"//button[normalize-space()='Check hand {number}']", f"Check hand {number}"
        )
        see(driver, f"Hand {number}: is this right?")
        tap_in_sight(
            driver,
            f"//button[normalize-space()='Confirm hand {number}']",
            f"Confirm hand {number}",
        )
        see(driver, f"Hand {number} recorded")
    assert [n for n, _, _ in hands_of(table)] == list(range(1, 9))
    assert errors_seen(driver) == []

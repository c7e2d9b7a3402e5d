"""A captain's thumb on a 360x740 phone (Debian's chromium): a whole table's eight hands of a
progressive night, entered as a captain does, counting the scrolls the captain needed (issue
40). Before each tap, a control that is not wholly on the screen is scrolled to with the mouse
wheel, and that is one scroll; then the control must be inside the screen and the first thing
under its centre (not under a bar stuck to the top), and the tap lands there, at its centre.
No control is ever clicked by the program where the captain could not see it.

At the usual text size a plain hand (who called, alone or not, tricks, Check, Confirm) needs no
scroll at all. With the phone's text at 200% the page brings each next question into view by
itself: every control is in view when tapped, at most one scroll a question, and the score and
the dealer stay in sight. The list of problems after a refused Check covers neither the hand's
heading nor the question to fix."""

import re
from collections import Counter

import pytest
from conftest import PHONE
from playwright.sync_api import expect
from test_captain_browser import SEAT_WORDS, names_by_seat

from clubs.models import Player
from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)

# A night's eight hands at one table: the maker, alone or not, and the tricks. The dealer moves
# round the table; hand 8 is the round's last, after which the table has finished.
HANDS = [
    ("N", False, 3),
    ("E", False, 5),
    ("S", False, 1),
    ("W", True, 5),
    ("N", False, 4),
    ("E", True, 3),
    ("S", False, 0),
    ("W", False, 2),
]


@pytest.fixture
def table(event, players):
    services.entries_add(event=event, players=players[:8])
    return services.round_seat(event=event, seed=1).tables.get(number=1)


def open_phone(browser, text_px: int):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    if text_px != 16:
        # The phone's text size setting: chromium's default font size, which `rem` follows.
        cdp = context.new_cdp_session(page)
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": text_px, "fixed": 26}})
    return page


# Where a control is, and whether the captain sees it: wholly inside the screen, and itself
# (or what it holds) the first thing under its centre, not a bar stuck over it.
WHERE = """el => {
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = (y >= 0 && y < innerHeight) ? document.elementFromPoint(x, y) : null;
  return {top: r.top, bottom: r.bottom, x: x, y: y, height: innerHeight, scrolled: scrollY,
          clear: !!hit && (el === hit || el.contains(hit) || hit.contains(el))};
}"""

# The page still: no scroll running (a smooth one, or the page's own after an answer).
STILL = """() => new Promise(done => {
  let last = -1, same = 0;
  const look = () => {
    if (scrollY === last && ++same >= 3) { done(scrollY); return; }
    if (scrollY !== last) same = 0;
    last = scrollY;
    requestAnimationFrame(look);
  };
  look();
})"""


def in_view(where) -> bool:
    return where["top"] >= 0 and where["bottom"] <= where["height"] and where["clear"]


class Thumb:
    """The captain's thumb: scrolls (counted) to a control it cannot see, then taps it."""

    def __init__(self, page):
        self.page = page
        self.scrolls: Counter = Counter()
        # Each control's place when tapped, and how far down the page was then.
        self.seen: list[tuple[str, int, int, int]] = []

    def where(self, control):
        return control.evaluate(WHERE)

    def tap(self, control, step: str) -> None:
        page = self.page
        control.wait_for(state="visible")
        page.evaluate(STILL)
        for _ in range(6):
            where = self.where(control)
            if in_view(where):
                break
            # One swipe: the control to the middle of the screen.
            page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
            page.mouse.wheel(0, where["y"] - PHONE["height"] / 2)
            page.evaluate(STILL)
            self.scrolls[step] += 1
        where = self.where(control)
        assert in_view(where), f"{step}: not in view when it was to be tapped: {where}"
        self.seen.append((step, round(where["top"]), round(where["bottom"]), where["scrolled"]))
        page.mouse.click(where["x"], where["y"])


def answer(thumb, names, number, maker, alone, tricks, *, last=False) -> None:
    page = thumb.page
    form = page.locator("#hand-form")
    expect(page.locator("#entry h2")).to_contain_text(f"Hand {number} ")
    label = f"{names[maker]} ({SEAT_WORDS[maker]})"
    thumb.tap(form.locator("#field-maker label", has_text=label), f"{number} who called")
    expect(form.locator("#field-maker input:checked")).to_have_count(1)
    if alone:
        thumb.tap(form.locator("#field-alone label"), f"{number} alone")
        expect(form.locator("#field-alone input")).to_be_checked()
    trick = form.locator("#field-tricks label", has_text=re.compile(rf"^\s*{tricks}\s*$"))
    thumb.tap(trick, f"{number} tricks")
    expect(form.locator("#field-tricks input:checked")).to_have_value(str(tricks))
    thumb.tap(form.locator("button[value=check]").first, f"{number} check")
    expect(page.locator("#check-title")).to_be_focused()
    thumb.tap(page.get_by_role("button", name=f"Confirm hand {number}"), f"{number} confirm")
    expect(page.locator(".messages")).to_contain_text(f"Hand {number} recorded")
    if last:
        expect(page.locator("#confirm h2")).to_be_focused()
    else:
        expect(page.locator("#entry h2")).to_contain_text(f"Hand {number + 1} ")
        expect(page.locator("#field-maker input").first).to_be_focused()


# Names as long as a hall's: who called then takes three lines a choice, and the page brings
# Check into view by itself once the maker is chosen.
LONG_NAMES = ["Marlene Sorensen", "Ken Zimmerman", "Harold Brandt", "Janice Wojcik"]


@pytest.mark.parametrize("long_names", [False, True], ids=["names", "long-names"])
def test_a_whole_round_at_the_usual_text_size_needs_no_scroll(
    browser, live_server, table, long_names
):
    if long_names:
        seats = table.seats.select_related("player")
        for seat, name in zip(seats, LONG_NAMES, strict=True):
            Player.objects.filter(pk=seat.player_id).update(name=name)
    page = open_phone(browser, 16)
    names = names_by_seat(table)
    page.goto(f"{live_server.url}/t/{table.card().token}/")
    thumb = Thumb(page)
    for number, (maker, alone, tricks) in enumerate(HANDS, start=1):
        answer(thumb, names, number, maker, alone, tricks, last=number == 8)
    page.context.close()
    assert table.hands.count() == 8
    assert sum(thumb.scrolls.values()) == 0, (dict(thumb.scrolls), thumb.seen)


def test_a_whole_round_with_the_text_doubled_one_question_at_a_time(browser, live_server, table):
    page = open_phone(browser, 32)
    names = names_by_seat(table)
    page.goto(f"{live_server.url}/t/{table.card().token}/")
    assert page.evaluate("getComputedStyle(document.body).fontSize") == "34px"
    # The site's header is the brand alone, one line (it took 270 px); its links are in the
    # page's foot, one tap each.
    assert page.locator("header.site").bounding_box()["height"] <= 100
    expect(page.locator("header.site nav")).to_be_hidden()
    foot = page.locator("footer.site-foot")
    for link in ("Captains", "Rules", "Directors: log in"):
        box = foot.get_by_role("link", name=link).bounding_box()
        assert box and box["height"] >= 44, (link, box)
    thumb = Thumb(page)
    sticky = []
    original_tap = thumb.tap

    def tap_and_look(control, step):
        original_tap(control, step)
        # The score and the dealer in sight at each tap on the hand's form.
        if "check" in step or "confirm" in step:
            return
        for what in ("#score", "#entry h2"):
            box = page.locator(what).evaluate("e => e.getBoundingClientRect().toJSON()")
            if not (box["top"] >= -1 and box["bottom"] <= PHONE["height"]):
                sticky.append((step, what, round(box["top"]), round(box["bottom"])))

    thumb.tap = tap_and_look
    for number, (maker, alone, tricks) in enumerate(HANDS, start=1):
        answer(thumb, names, number, maker, alone, tricks, last=number == 8)
    page.context.close()
    assert table.hands.count() == 8
    too_many = {step: n for step, n in thumb.scrolls.items() if n > 1}
    assert not too_many, (too_many, thumb.seen)
    assert not sticky, f"the score or the dealer out of sight: {sticky}"


def test_the_list_of_problems_covers_neither_the_heading_nor_the_question(
    browser, live_server, table
):
    page = open_phone(browser, 16)
    names = names_by_seat(table)
    services.hand_record(table=table, number=1, data={"maker": "N", "tricks": 3})
    page.goto(f"{live_server.url}/t/{table.card().token}/")
    # Who called, then Check without the tricks; then Check with nothing at all.
    for tap_maker, question in ((True, "#field-tricks"), (False, "#field-maker")):
        if tap_maker:
            page.locator("#field-maker label", has_text=names["E"]).click()
        page.locator("#hand-form button[value=check]").first.click()
        expect(page.locator("#problems")).to_be_visible()
        expect(page.locator(question)).to_be_focused()
        page.evaluate(STILL)
        problems = page.locator("#problems").evaluate("e => e.getBoundingClientRect().toJSON()")
        for what in ("#entry h2", question):
            box = page.locator(what).evaluate("e => e.getBoundingClientRect().toJSON()")
            assert box["top"] >= problems["bottom"] - 0.5, (what, box, problems)
            assert box["bottom"] <= PHONE["height"], (what, box)
        if not tap_maker:
            break
        # Start again from a clean form, for the second case.
        page.goto(f"{live_server.url}/t/{table.card().token}/")
    page.context.close()


def test_an_answered_problem_leaves_the_page(browser, live_server, table):
    # Check with nothing chosen: two problems, listed at the top and under each question. Each
    # goes once its question is answered; the list goes with the last, and Check is clear.
    page = open_phone(browser, 16)
    names = names_by_seat(table)
    page.goto(f"{live_server.url}/t/{table.card().token}/")
    page.locator("#hand-form button[value=check]").first.click()
    expect(page.locator("#problems li")).to_have_count(2)
    page.locator("#field-maker label", has_text=names["E"]).click()
    expect(page.locator("#problems li")).to_have_count(1)
    expect(page.locator("#problems")).to_contain_text("tricks")
    expect(page.locator("#field-maker .errorlist")).to_have_count(0)
    expect(page.locator("#field-maker [aria-invalid]")).to_have_count(0)
    page.locator("#field-tricks label", has_text=re.compile(r"^\s*4\s*$")).click()
    expect(page.locator("#problems")).to_have_count(0)
    expect(page.locator("#field-tricks .errorlist")).to_have_count(0)
    page.locator("#hand-form button[value=check]").first.click()
    expect(page.locator("#check-title")).to_have_text("Hand 1: is this right?")
    page.context.close()


def test_with_big_text_the_bar_says_what_the_phone_did_and_that_time_is_called(
    browser, live_server, table
):
    # With big text the notes at the page's top are above the screen once the next question is
    # brought in: the bar stuck to the top says it, in a line.
    page = open_phone(browser, 32)
    names = names_by_seat(table)
    page.goto(f"{live_server.url}/t/{table.card().token}/")
    bar = page.locator("#score")
    answer(Thumb(page), names, 1, "N", False, 3)
    expect(page.locator("#bar-phone")).to_have_text("Hand 1 recorded.")
    assert bar.bounding_box()["y"] <= 0.5  # stuck to the top, in sight
    # Scrolled on, the hand's heading sticks under the bar, never over its note.
    page.mouse.wheel(0, 400)
    page.evaluate(STILL)
    heading = page.locator("#entry h2").bounding_box()
    assert heading["y"] >= bar.bounding_box()["y"] + bar.bounding_box()["height"] - 1
    page.mouse.wheel(0, -400)
    page.evaluate(STILL)
    # The next hand kept on the phone, the connection gone.
    page.context.set_offline(True)
    thumb = Thumb(page)
    thumb.tap(page.locator("#field-maker label", has_text=names["E"]), "who called")
    thumb.tap(page.locator("#field-tricks label", has_text=re.compile(r"^\s*5\s*$")), "tricks")
    thumb.tap(page.locator("#hand-form button[value=check]").first, "check")
    expect(page.locator("#check-title")).to_have_text("Hand 2: is this right?")
    page.locator("#check").get_by_role("button", name="Confirm hand 2").click()
    expect(page.locator("#bar-phone")).to_have_text("Hand 2 is kept on this phone, not sent yet.")
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#bar-phone")).to_have_text("Hand 2 recorded.")
    # Time called by the director reaches the bar too, with the page's live look.
    services.round_call_time(round=table.round)
    expect(page.locator("#bar-time")).to_have_text(
        "Time is called: this hand is the table's last.", timeout=20_000
    )
    assert page.locator("#bar-time").bounding_box()["y"] < PHONE["height"] / 2
    page.context.close()


def test_with_big_text_a_fix_opens_on_its_form_and_its_check(browser, live_server, table):
    page = open_phone(browser, 32)
    names = names_by_seat(table)
    for number, (maker, _, tricks) in enumerate(HANDS[:2], start=1):
        services.hand_record(table=table, number=number, data={"maker": maker, "tricks": tricks})
    page.goto(f"{live_server.url}/t/{table.card().token}/")
    page.goto(live_server.url + page.locator("a.fix").first.get_attribute("href"))
    expect(page.locator("#entry h2")).to_have_text("Fix hand 1")
    thumb = Thumb(page)
    thumb.tap(page.locator("#field-maker label", has_text=names["S"]), "who called")
    thumb.tap(page.locator("#field-tricks label", has_text=re.compile(r"^\s*4\s*$")), "tricks")
    thumb.tap(page.locator("#hand-form button[value=check]").first, "check")
    expect(page.locator("#check-title")).to_have_text("Fix hand 1: is this right?")
    thumb.tap(page.get_by_role("button", name="Confirm the fix"), "confirm")
    expect(page.locator(".messages")).to_contain_text("Hand 1 fixed")
    page.context.close()
    # The fix's page opened on its question, and its check step on Confirm: no swipe needed.
    assert sum(thumb.scrolls.values()) == 0, (dict(thumb.scrolls), thumb.seen)

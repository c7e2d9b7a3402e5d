""" "Copy the results" in a real browser (Debian's chromium through Playwright): the button puts
the night's text on the clipboard and says "Copied" where a screen reader hears it; where the
clipboard cannot be used (the hall laptop's plain http on the Wi-Fi), the text is selected in
its box for a copy by hand. The card at 360 px, 1280 px and 360 px with text at 200%: nothing
wider than the phone, the button a 44 px target. Screenshots go to $SHOTS (/tmp/shots/copy by
default), for looking at."""

import os
import re

import pytest
from conftest import HALL_NAME, log_in
from django.urls import reverse
from test_standings import build_night

from publishing.results_text import results_text

SHOTS = os.environ.get("SHOTS", "/tmp/shots/copy")
SIZES = [("360", 360, False), ("1280", 1280, False), ("360-text200", 360, True)]


@pytest.fixture
def night(club):
    event, _ = build_night(club)
    event.rounds_planned = 2
    event.award_most_loners = event.award_high_night = event.award_booby = True
    event.save()
    return event


def _event_page(browser, base: str, event, doubled: bool = False, **options):
    context = browser.new_context(**options)
    page = context.new_page()
    page.set_default_timeout(10_000)
    if doubled:
        # The phone's text at 200%, set before the page opens, as a reader's own setting is.
        cdp = page.context.new_cdp_session(page)
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    log_in(page, base)
    page.goto(base + reverse("tournaments:event-detail", args=[event.pk]))
    return context, page


@pytest.mark.django_db(transaction=True)
def test_the_button_copies_the_text_and_says_so(browser, live_server, director, night):
    context, page = _event_page(
        browser,
        live_server.url,
        night,
        viewport={"width": 360, "height": 740},
        permissions=["clipboard-read", "clipboard-write"],
    )
    said = page.locator("#copy-results-said")
    assert said.get_attribute("aria-live") == "polite"
    assert said.inner_text() == ""
    page.get_by_role("button", name="Copy the results").click()
    page.wait_for_function("document.getElementById('copy-results-said').textContent !== ''")
    assert said.inner_text() == "Copied"
    os.makedirs(SHOTS, exist_ok=True)
    page.locator("#copy-results").screenshot(path=f"{SHOTS}/card-copied-360.png")
    copied = page.evaluate("navigator.clipboard.readText()")
    # The address of the players' page is the one the browser reached the app by.
    address = f"{live_server.url}/c/maple-hall/events/{night.pk}/"
    assert copied == f"{results_text(night)}\n\nFull standings: {address}"
    assert copied.startswith("Maple Hall Euchre Club: Small night, Tue, Nov 24, 2026\n")
    context.close()


@pytest.mark.django_db(transaction=True)
def test_without_the_clipboard_the_text_is_selected_to_copy_by_hand(
    browser, live_server, director, night, settings
):
    # The hall laptop on the Wi-Fi: plain http by a name, no secure context, no clipboard API.
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, HALL_NAME]
    base = re.sub(r"//[^:/]+", f"//{HALL_NAME}", live_server.url)
    context, page = _event_page(browser, base, night, viewport={"width": 360, "height": 740})
    assert page.evaluate("window.isSecureContext") is False
    page.get_by_role("button", name="Copy the results").click()
    page.wait_for_function("document.getElementById('copy-results-said').textContent !== ''")
    # Chromium still copies a selection on a click ("Copied"); a browser that refuses says
    # how to copy by hand. Either way the whole text is selected in its box.
    assert page.locator("#copy-results-said").inner_text() in (
        "Copied",
        "Selected: copy it with Ctrl+C (⌘C on a Mac) or a long press.",
    )
    selected = page.evaluate(
        "(() => { const box = document.getElementById('results-text');"
        " return box.value.substring(box.selectionStart, box.selectionEnd); })()"
    )
    assert (
        selected
        == results_text(night) + f"\n\nFull standings: {base}/c/maple-hall/events/{night.pk}/"
    )
    assert page.evaluate("document.activeElement.id") == "results-text"
    context.close()


@pytest.mark.django_db(transaction=True)
def test_the_card_at_every_size(browser, live_server, director, night):
    os.makedirs(SHOTS, exist_ok=True)
    for label, width, doubled in SIZES:
        context, page = _event_page(
            browser, live_server.url, night, doubled, viewport={"width": width, "height": 740}
        )
        if doubled:
            assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "32px"
        assert page.evaluate("document.documentElement.scrollWidth") <= width, label
        box = page.locator("#copy-results-button").bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, label
        # The box as wide as the card's inside, every line of the text in sight without a
        # scroll bar.
        inside = page.evaluate(
            "(() => { const card = document.getElementById('copy-results');"
            " const style = getComputedStyle(card);"
            " return card.clientWidth - parseFloat(style.paddingLeft)"
            " - parseFloat(style.paddingRight); })()"
        )
        assert page.locator("#results-text").bounding_box()["width"] >= inside - 1, label
        assert page.evaluate(
            "(() => { const box = document.getElementById('results-text');"
            " return box.scrollHeight <= box.clientHeight + 1; })()"
        ), label
        if doubled:
            # A screenshot of the whole page, or of one element, drops the DevTools text size:
            # a window as tall as the page instead, and the card cut out of it.
            height = page.evaluate("document.documentElement.scrollHeight")
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=f"{SHOTS}/event-{label}.png")
            clip = page.locator("#copy-results").bounding_box()
            page.screenshot(path=f"{SHOTS}/card-{label}.png", clip=clip)
        else:
            page.screenshot(path=f"{SHOTS}/event-{label}.png", full_page=True)
            page.locator("#copy-results").screenshot(path=f"{SHOTS}/card-{label}.png")
        context.close()

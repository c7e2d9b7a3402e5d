"""A player who cannot move, in a real browser (Debian's chromium through Playwright): the
event page's control, the round preview with what staying costs, the players' seat list and
the projector, at 360 px, 1280 px and 360 px with text at 200%. Every control of the director's
pages is a 44 px target, and nothing is wider than the phone. Screenshots go to $SHOTS
(/tmp/shots/stays by default), for looking at."""

import os

import pypdfium2 as pdfium
import pytest
from conftest import log_in
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Entry

SHOTS = os.environ.get("SHOTS", "/tmp/shots/stays")
SIZES = [("360", 360, False), ("1280", 1280, False), ("360-text200", 360, True)]

# Every visible control in `scope` (the stays card, the preview's page) smaller than a thumb.
SMALL_TARGETS = """scope => [...document.querySelectorAll(
    `${scope} button, ${scope} input:not([type=hidden]), ${scope} select`)]
  .filter(e => e.offsetParent !== null)
  .map(e => { const r = e.getBoundingClientRect();
    return {what: e.tagName.toLowerCase() + ' ' + (e.innerText || e.name || '').trim().slice(0, 40),
            w: Math.round(r.width), h: Math.round(r.height)}; })
  .filter(t => t.w < 44 || t.h < 44)"""


def shoot(page, name: str, width: int, doubled: bool) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    path = f"{SHOTS}/{name}-{width}{'-text200' if doubled else ''}.png"
    if not doubled:
        page.screenshot(path=path, full_page=True)
        return
    # full_page drops the DevTools text size: a window as tall as the page instead.
    height = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": width, "height": max(height, 200)})
    page.screenshot(path=path)


@pytest.mark.django_db(transaction=True)
def test_the_stays_pages_at_every_size(browser, live_server, director, event, players):
    event.name = "Tuesday progressive"
    event.save()
    for player in players[:13]:
        Entry.objects.create(event=event, player=player)
    Entry.objects.filter(event=event, player__in=players[:2]).update(stays=True)
    base = live_server.url
    director_pages = {
        "event": (reverse("tournaments:event-detail", args=[event.pk]), "#stays"),
        "preview": (reverse("tournaments:round-preview", args=[event.pk]), "main"),
    }
    public_pages = {
        "seats": reverse("public:event", args=[event.club.slug, event.pk]),
        "projector": reverse("public:projector", args=[event.club.slug, event.pk]) + "?seconds=60",
    }

    for label, width, doubled in SIZES:
        context = browser.new_context(viewport={"width": width, "height": 740})
        page = context.new_page()
        if doubled:
            cdp = page.context.new_cdp_session(page)
            cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
        log_in(page, base)
        for name, (path, scope) in director_pages.items():
            page.goto(base + path)
            assert page.evaluate("document.documentElement.scrollWidth") <= width, (name, label)
            assert page.evaluate(SMALL_TARGETS, scope) == [], (name, label)
            shoot(page, name, width, doubled)
            # The card itself, close up: a long page's screenshot shrinks it out of sight.
            page.locator("#stays").screenshot(path=f"{SHOTS}/{name}-card-{label}.png")
            page.set_viewport_size({"width": width, "height": 740})
        context.close()

    services.round_seat(event=event)
    # The tally cards as printed, page 1 (Ada Baker's card first) as a picture to look at.
    client = Client()
    client.force_login(director)
    pdf = client.get(reverse("tournaments:printout-tally", args=[event.pk]))
    document = pdfium.PdfDocument(b"".join(pdf.streaming_content))
    document[0].render(scale=1.5).to_pil().save(f"{SHOTS}/tally-cards-page-1.png")
    document.close()
    for label, width, doubled in SIZES:
        context = browser.new_context(viewport={"width": width, "height": 740})
        page = context.new_page()
        if doubled:
            cdp = page.context.new_cdp_session(page)
            cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
        for name, path in public_pages.items():
            if name == "projector" and width < 1280:
                continue  # the hall's screen is 1280 or 1920 wide
            page.goto(base + path)
            # The seat list says "Stays at table 3"; the projector's box "Table 3  Ada Baker".
            said = "stays-at" if name == "projector" else "tays at table"
            assert said in page.content(), (name, label)
            shoot(page, name, width, doubled)
            page.set_viewport_size({"width": width, "height": 740})
        context.close()

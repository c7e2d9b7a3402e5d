"""A club night as the hall lives it, in a real browser (Debian's chromium through Playwright):
the director prints the club's table cards once and seats round 1; four captains' phones open
the card addresses and enter every hand, an opponent confirms each table; the director closes
the round and seats round 2, and the same card addresses now open the round 2 tables; a player
who never logs in finds their seat and the standings on the club's public page."""

import io
import re

import pytest
from conftest import PHONE, log_in
from playwright.sync_api import expect
from pypdf import PdfReader
from test_captain_browser import check_and_confirm, fill_hand

from clubs.models import Player
from tournaments import services
from tournaments.models import Table

pytestmark = pytest.mark.django_db(transaction=True)

HANDS = [("N", 3, "North-South made it with 3 tricks: 1 point"), ("E", 5, None)]


@pytest.fixture
def night(event, club):
    players = [Player.objects.create(club=club, name=f"Player {n:02d}") for n in range(1, 17)]
    players[0].name = "Zoë Brontë"
    players[0].save()
    event.rounds_planned = 2
    event.hands_per_round = len(HANDS)
    event.save()
    services.entries_add(event=event, players=players)
    return event


def names_at(table: Table) -> dict[str, str]:
    return {s.position: s.player.name for s in table.seats.select_related("player")}


def test_a_night_in_the_hall_with_cards_printed_once(
    browser,
    live_server,
    night,
    director,
    settings,
):
    base = live_server.url
    # The address printed on the cards is the hall's (here the test server, on loopback).
    settings.PUBLIC_URL = base
    desk = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    desk.set_default_timeout(10_000)
    log_in(desk, base)

    # The director prints the club's set of cards once.
    desk.goto(f"{base}/clubs/maple-hall/")
    desk.locator("#table-cards input[name=tables]").fill("4")
    # The browser's own PDF viewer would take the download over: fetch what the form asks for,
    # with the director's session, as the Print button does.
    asked = desk.locator("#table-cards form[method=get]").evaluate(
        "f => f.action + '?' + new URLSearchParams(new FormData(f))"
    )
    printed = desk.request.get(asked)
    assert printed.headers["content-type"] == "application/pdf"
    pdf = PdfReader(io.BytesIO(printed.body()))
    text = " ".join(page.extract_text() for page in pdf.pages)
    card_urls = re.findall(rf"{re.escape(base)}/t/[\w-]+/", text)
    assert len(card_urls) == 4 and len(set(card_urls)) == 4

    # ...then seats round 1 from the event page.
    desk.goto(f"{base}/events/{night.pk}/")
    desk.get_by_role("button", name="Seat round 1").click()
    expect(desk.locator("h1")).to_contain_text("Round 1")

    phones = []
    for number, url in enumerate(card_urls, start=1):
        context = browser.new_context(
            viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
        )
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(url)
        expect(page.locator("h1")).to_contain_text(f"Table {number}")
        expect(page.locator("h1")).to_contain_text("round 1")
        phones.append(page)

    # Every captain enters every hand; an opponent taps their name to confirm.
    round_1 = night.rounds.get(number=1)
    for number, page in enumerate(phones, start=1):
        names = names_at(round_1.tables.get(number=number))
        for hand, (maker, tricks, result) in enumerate(HANDS, start=1):
            fill_hand(page, names, maker=maker, tricks=tricks)
            check_and_confirm(page, hand, result or "East-West march: 2 points")
        page.get_by_role("button", name=f"I am {names['E']} (East): I confirm").click()
        expect(page.locator("#confirmed")).to_contain_text(f"Result confirmed by {names['E']}")
    assert sum(t.hands.count() for t in round_1.tables.all()) == 4 * len(HANDS)

    # The director closes round 1 and seats round 2.
    desk.goto(f"{base}/rounds/{round_1.pk}/")
    desk.get_by_role("button", name="Close round 1").click()
    desk.get_by_role("button", name="Seat round 2").click()
    expect(desk.locator("h1")).to_contain_text("Round 2")
    round_2 = night.rounds.get(number=2)

    # The same cards, the same addresses: each now opens its round 2 table.
    for number, (page, url) in enumerate(zip(phones, card_urls, strict=True), start=1):
        page.goto(url)
        expect(page.locator("h1")).to_contain_text(f"Table {number}")
        expect(page.locator("h1")).to_contain_text("round 2")
        names = names_at(round_2.tables.get(number=number))
        expect(page.locator("#seats")).to_contain_text(names["N"])
        expect(page.locator("#hand-form")).to_be_visible()
        page.context.close()

    # A player, not logged in, finds their seat and the standings on the club's page.
    player = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    player.goto(f"{base}/c/maple-hall/")
    player.get_by_role("link", name=night.name).click()
    player.get_by_label("Your name").fill("zoe")
    player.get_by_role("button", name="Find").click()
    zoe = night.club.players.get(name="Zoë Brontë")
    seat = round_2.seats.select_related("table").get(player=zoe)
    where = (
        f"Table {seat.table.number}, {seat.get_position_display()}" if seat.table else "sits out"
    )
    expect(player.locator(".seat-list")).to_contain_text("Zoë Brontë")
    expect(player.locator(".seat-list")).to_contain_text(where)
    expect(player.locator("#standings table")).to_contain_text("Zoë Brontë")
    expect(player.locator("#standings-status")).to_contain_text("round 2 in play")
    assert "/login" not in player.url
    player.context.close()
    desk.context.close()

"""The director's pages during a night (issue: the director's night without snags): closing a
round with unconfirmed tables, corrections everyone can see, a live round page that never wipes
what is typed, and forms that look like the rest of the app."""

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tournaments import services
from tournaments.models import Event, Round

NS_MADE = {"maker": "N", "tricks": 3}
EW_MADE = {"maker": "E", "tricks": 3}


@pytest.fixture
def round_one(event, players):
    services.entries_add(event=event, players=players[:12])
    return services.round_seat(event=event, seed=1)


def finish(table, hands=8):
    for number in range(1, hands + 1):
        services.hand_record(table=table, number=number, data=NS_MADE if number % 2 else EW_MADE)


def confirm(table):
    east = table.seats.get(position="E").player
    fingerprint = services.table_fingerprint(table.hands.order_by("number"))
    services.table_confirm(table=table, player=east, seen=fingerprint)
    table.refresh_from_db()
    return east


def round_page(client, round_) -> str:
    html = client.get(reverse("tournaments:round-detail", args=[round_.pk])).content.decode()
    return re.sub(r"\s+", " ", html)


def close(client, round_, **data):
    return client.post(reverse("tournaments:round-close", args=[round_.pk]), data)


# --- 1. Closing a round with unconfirmed tables -----------------------------------------------


def test_the_round_page_names_the_unconfirmed_tables_and_asks_to_close_on_purpose(
    director_client, round_one
):
    first, second, third = round_one.tables.order_by("number")
    for table in (first, second, third):
        finish(table)
    confirm(second)

    page = round_page(director_client, round_one)
    notice = page[page.index('id="unconfirmed"') :]
    assert "Tables 1 and 3 have finished, but no opponent has confirmed their result." in notice
    assert '<input type="checkbox" name="unconfirmed" value="1,3">' in notice
    assert "Close without their confirmation" in notice
    assert page.count('class="card attention"') == 2

    # Closing without the tick: refused, said on the page, nothing closed.
    response = close(director_client, round_one)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Tables 1 and 3 have finished, but no opponent has confirmed the result." in html
    round_one.refresh_from_db()
    assert round_one.status == Round.Status.IN_PLAY

    response = close(director_client, round_one, unconfirmed="1,3")
    assert response.status_code == 302
    round_one.refresh_from_db()
    assert round_one.is_closed


def test_a_refused_forced_close_keeps_the_reason_typed(director_client, round_one):
    first, second, _ = round_one.tables.order_by("number")
    finish(first)
    finish(second, hands=2)
    reason = "The hall closes at ten and table 2 has gone home"

    response = close(director_client, round_one, reason=reason)

    html = response.content.decode()
    assert "Table 1 has finished, but no opponent has confirmed the result." in html
    assert f"{reason}</textarea>" in html
    round_one.refresh_from_db()
    assert not round_one.is_closed


def test_a_round_with_every_table_confirmed_closes_without_a_question(director_client, round_one):
    for table in round_one.tables.all():
        finish(table)
        confirm(table)
    page = round_page(director_client, round_one)
    assert 'name="unconfirmed"' not in page
    assert close(director_client, round_one).status_code == 302


def test_crafted_unconfirmed_values_are_a_form_error(director_client, round_one):
    for value in ("1;3", "²", "9" * 50, "-1"):
        response = close(director_client, round_one, unconfirmed=value)
        assert response.status_code == 200
        assert "Reload the page and tick the box again." in response.content.decode()


# --- 2. Corrections everyone can see ----------------------------------------------------------


@pytest.fixture
def corrected(director, round_one):
    """Table 1 finished and confirmed by Darlene-at-East, then the director corrected hand 3."""
    table = round_one.tables.get(number=1)
    finish(table)
    east = confirm(table)
    hand = table.hands.get(number=3)
    services.hand_correct(
        hand=hand, data={"tricks": 5}, reason="North-South took all five", user=director
    )
    return table, east


def test_a_correction_after_the_confirmation_is_marked_on_the_captains_page(client, corrected):
    table, east = corrected
    url = reverse("tournaments:captain-table", args=[table.card().token])
    html = client.get(url).content.decode()
    assert "Corrected by the director</strong> after the result was confirmed" in html
    assert "North-South took all five" in html
    assert f"Result confirmed by <strong><bdi>{east.name}</bdi></strong>" in html
    assert "before the director's correction: the score above is the corrected one" in html
    # A captain has no login: the history page is the director's.
    assert "History of this table" not in html


def test_a_correction_is_marked_on_the_round_and_table_pages_with_the_history_a_click_away(
    director_client, corrected
):
    table, east = corrected
    page = round_page(director_client, table.round)
    card = page[page.index('id="table-1"') : page.index('id="table-2"')]
    assert "Corrected by the director</strong> after the result was confirmed" in card
    assert "Hand 3 at" in card and "North-South took all five" in card
    assert f"Confirmed by <bdi>{east.name}</bdi>" in card and "before the director" in card
    history_url = reverse("tournaments:table-history", args=[table.pk])
    assert history_url in card
    other = page[page.index('id="table-2"') :]
    assert "Corrected by the director" not in other

    page = director_client.get(reverse("tournaments:table-detail", args=[table.pk])).content
    page = page.decode()
    assert "Corrected by the director" in page
    assert f'href="{history_url}" id="history-link"' in page

    history = director_client.get(history_url).content.decode()
    hand3 = history[history.index('id="hand-3"') : history.index('id="hand-4"')]
    assert "Corrected" in hand3 and "by the director (" in hand3
    assert "North-South took all five" in hand3
    assert "Makers&#x27; tricks: 3 → 5" in hand3
    assert "Entered" in history[history.index('id="hand-1"') :]


def test_a_correction_is_marked_on_the_filled_score_sheet(director_client, corrected):
    table, _ = corrected
    event = table.round.event
    response = director_client.get(
        reverse("tournaments:printout-sheets", args=[event.pk]) + "?filled=1"
    )
    content = b"".join(response.streaming_content)
    text = " ".join(
        re.sub(r"\s+", " ", p.extract_text()) for p in PdfReader(io.BytesIO(content)).pages
    )
    assert "before the director's correction" in text
    assert "Hand 3 corrected by the director at" in text
    assert "North-South took all five" in text


def test_a_captains_own_fix_is_not_taken_for_a_directors_correction(client, round_one):
    table = round_one.tables.get(number=1)
    finish(table, hands=2)
    services.hand_fix(
        table=table,
        number=1,
        data={"maker": "N", "tricks": 5},
        seen=services.table_fingerprint(table.hands.order_by("number")),
    )
    url = reverse("tournaments:captain-table", args=[table.card().token])
    assert "Corrected by the director" not in client.get(url).content.decode()


def test_another_clubs_director_cannot_read_a_tables_history(client, other_director, corrected):
    table, _ = corrected
    client.force_login(other_director)
    response = client.get(reverse("tournaments:table-history", args=[table.pk]))
    assert response.status_code == 404


# --- 3. The live round page -------------------------------------------------------------------


def test_the_round_page_refreshes_only_its_tables(director_client, round_one):
    page = round_page(director_client, round_one)
    assert '<meta http-equiv="refresh"' not in page
    live = re.search(r'<div id="live"[^>]*>', page).group(0)
    assert f'hx-get="{reverse("tournaments:round-detail", args=[round_one.pk])}"' in live
    assert 'hx-trigger="every 20s"' in live
    # The forms are outside the part that is swapped.
    assert page.index('id="close"') > page.index('id="sit-outs"') > page.index('id="live"')

    # htmx's own request gets the live part alone: no form, no page around it.
    table = round_one.tables.get(number=1)
    finish(table, hands=1)
    part = director_client.get(
        reverse("tournaments:round-detail", args=[round_one.pk]), headers={"HX-Request": "true"}
    ).content.decode()
    assert part.strip().startswith('<div id="live"')
    assert "<form" not in part and "<html" not in part
    assert "Hands 1 of 8" in part


def test_htmx_is_served_by_the_app_itself(director_client, round_one):
    from django.contrib.staticfiles import finders

    page = round_page(director_client, round_one)
    src = re.search(r'<script src="([^"]+htmx[^"]*)"', page).group(1)
    assert src.startswith("/static/")
    assert finders.find(src.removeprefix("/static/")) is not None
    # Its indicator styles would be an inline <style>, which a Content-Security-Policy refuses.
    assert '"includeIndicatorStyles": false' in page


def test_a_closed_round_does_not_poll(director_client, round_one):
    from conftest import close_round

    close_round(round_one, "Time called")
    page = round_page(director_client, round_one)
    assert "hx-trigger" not in page and "django_htmx/" not in page


# --- 4. Director forms --------------------------------------------------------------------------


def test_the_event_form_has_sections_labels_and_help_under_the_field(director_client, club):
    html = director_client.get(reverse("tournaments:event-create", args=[club.slug])).content
    html = html.decode()
    legends = re.findall(r'<fieldset class="section">\s*<legend>([^<]+)</legend>', html)
    assert legends == [
        "The event",
        "Rules",
        "House rules",
        "Rounds",
        "Sitting out",
        "Results",
        "Side awards",
        # No "Prizes": the night's money is set on the money page (issue 42).
    ]
    hands = html[html.index('id="field-hands_per_round"') :]
    hands = hands[: hands.index("</div>")]
    # Label, then the field, then its help.
    assert hands.index("<label") < hands.index("<input") < hands.index('class="help"')
    # The format is a set of radio buttons inside their labels, under a legend.
    fmt = html[html.index('id="field-format"') :]
    assert fmt.index("<legend>") < fmt.index('<label class="choice"><input type="radio"')


def test_a_started_progressive_night_does_not_show_the_pairs_movement(
    director_client, event, players
):
    services.entries_add(event=event, players=players[:8])
    services.round_seat(event=event)
    html = director_client.get(reverse("tournaments:event-edit", args=[event.pk])).content
    assert b"pairs_movement" not in html

    event.format = Event.Format.PAIRS
    event.save()
    html = director_client.get(reverse("tournaments:event-edit", args=[event.pk])).content
    assert b'id="field-pairs_movement"' in html


def test_a_progressive_event_can_still_be_saved_without_the_pairs_field(
    director_client, event, players
):
    services.entries_add(event=event, players=players[:8])
    services.round_seat(event=event)
    response = director_client.post(
        reverse("tournaments:event-edit", args=[event.pk]),
        {"name": "Renamed night", "date": "2026-11-24", "rounds_planned": 5, "hands_per_round": 8},
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.name, event.rounds_planned) == ("Renamed night", 5)


def test_the_correction_form_names_the_players_as_the_captains_form_does(
    director_client, round_one
):
    table = round_one.tables.get(number=1)
    finish(table, hands=1)
    names = {s.position: s.player.name for s in table.seats.select_related("player")}
    hand = table.hands.get()
    html = director_client.get(reverse("tournaments:hand-correct", args=[hand.pk])).content
    html = html.decode()
    maker = html[html.index('id="field-maker"') :]
    for position, seat in (("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")):
        assert f"{names[position]} ({seat})" in maker
    defender = html[html.index('id="field-lone_defender"') :]
    assert f'<option value="E">{names["E"]} (East)</option>' in defender
    # The table page's entry form too.
    html = director_client.get(reverse("tournaments:table-detail", args=[table.pk])).content
    assert f"{names['N']} (North)".encode() in html


def test_a_thrown_in_deal_can_be_entered_over_a_ticked_tricks_button(director_client, round_one):
    """A radio button cannot be unticked without a script: "thrown in" wins over it."""
    table = round_one.tables.get(number=1)
    finish(table, hands=1)
    hand = table.hands.get()
    response = director_client.post(
        reverse("tournaments:hand-correct", args=[hand.pk]),
        {"maker": "-", "tricks": "3", "reason": "All four passed twice, in fact"},
    )
    assert response.status_code == 302
    hand.refresh_from_db()
    assert (hand.maker, hand.tricks, hand.ns_points, hand.ew_points) == ("", None, 0, 0)


def _queries(client, url, **headers) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as done:
        assert client.get(url, headers=headers).status_code == 200
    return len(done)


@pytest.mark.parametrize("entrants", [8, 24])
def test_the_round_page_asks_the_same_few_queries_whatever_the_tables(
    director_client, event, players, entrants
):
    # The round's seats and hands in one query each, never one per table (views._round_rows).
    services.entries_add(event=event, players=players[:entrants])
    round_ = services.round_seat(event=event, seed=1)
    for table in round_.tables.all()[:2]:
        finish(table)
    url = reverse("tournaments:round-detail", args=[round_.pk])
    assert _queries(director_client, url) == 9
    assert _queries(director_client, url, HX_Request="true") == 8


@pytest.mark.parametrize("entrants", [8, 24])
def test_the_event_page_asks_the_same_few_queries_whatever_the_entrants(
    director_client, event, players, entrants
):
    services.entries_add(event=event, players=players[:entrants])
    services.round_seat(event=event, seed=1)
    url = reverse("tournaments:event-detail", args=[event.pk])
    # 9, and the money card's one: is the night's money set (money/templatetags/money_door.py);
    # the results card's 5 (publishing/results_text.py): the standings' 3, the club's hidden
    # players' names, and whether the laptop is linked to a server (no address then); and the
    # publishing status line's one: is the club linked (publishing/status.py); and whether the
    # night was published here from a laptop, its money kept there (publishing/locks.py); and
    # the sign-up card's one: has the night a sign-up sheet (signup/templatetags/signup_tags.py);
    # and the check-in card's two: is the club linked to a server that keeps the list (asked
    # once for both cards, signup.access.kept_on), and has the night names on its list
    # (signup/templatetags/checkin_tags.py). A night with names asks more (the list's figures,
    # and who is checked in, for names entered as walk-ins), and so does a linked laptop's
    # sign-up card (the names fetched, and when): none of them here.
    assert _queries(director_client, url) == 20

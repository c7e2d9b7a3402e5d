"""A player who cannot move: the director marks them on the event page, and they keep one
table every round; the preview says what it costs the night, and the tally card, the hall's
screen and the players' seat page say "stays at table 3"."""

import html
import io
import re

import pytest
from conftest import close_round
from django.urls import reverse
from pypdf import PdfReader

from tournaments import services
from tournaments.models import Entry, Event, Round
from tournaments.movements import movement_report
from tournaments.printouts import data


@pytest.fixture
def night(event, players):
    """Thirteen players checked in (three tables, one sits out), four rounds."""
    for player in players[:13]:
        Entry.objects.create(event=event, player=player)
    return event


def mark(client, event, player, stays=True):
    return client.post(
        reverse("tournaments:entry-stays", args=[event.pk]),
        {"player": player.pk, "stays": "yes" if stays else "no"},
        follow=True,
    )


def seat(client, event) -> Round:
    response = client.post(reverse("tournaments:round-seat", args=[event.pk]))
    assert response.status_code == 302, response
    round_ = event.rounds.order_by("-number").first()
    assert f"/rounds/{round_.pk}/" in response["Location"]
    return round_


def table_of(round_: Round, player) -> int | None:
    seat_ = round_.seats.select_related("table").get(player=player)
    return seat_.table.number if seat_.table else None


def text_of(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


# --- Marking on the event page ----------------------------------------------------------------


def test_the_director_marks_a_player_who_stays_and_lets_them_move_again(
    director_client, night, players
):
    page = director_client.get(reverse("tournaments:event-detail", args=[night.pk]))
    assert "A player who cannot move" in page.content.decode()

    response = mark(director_client, night, players[2])

    assert Entry.objects.get(event=night, player=players[2]).stays
    text = text_of(response)
    assert "Cora Dunn stays at one table from the next round seated." in text
    assert "Cora Dunn stays at one table" in text and "Let them move again" in text

    response = mark(director_client, night, players[2], stays=False)

    assert not Entry.objects.get(event=night, player=players[2]).stays
    assert "Cora Dunn moves with everyone else" in text_of(response)


def test_one_more_player_staying_than_the_tables_checked_in_is_refused(
    director_client, night, players
):
    # Nine checked in make two tables: two may stay, a third may not.
    Entry.objects.filter(event=night, player__in=players[9:13]).update(present=False)
    mark(director_client, night, players[0])
    mark(director_client, night, players[1])

    response = mark(director_client, night, players[2])

    assert not Entry.objects.get(event=night, player=players[2]).stays
    assert (
        "Cora Dunn cannot stay at one table: at most one player stays at a table. The 9 "
        "players checked in make 2 tables, and Ada Baker and Ben Carter already stay."
    ) in text_of(response)


def test_another_clubs_director_and_a_stranger_cannot_mark_anyone(
    client, other_director, night, players
):
    address = reverse("tournaments:entry-stays", args=[night.pk])
    data = {"player": players[0].pk, "stays": "yes"}

    assert client.post(address, data)["Location"].startswith("/accounts/login/")
    client.force_login(other_director)
    assert client.post(address, data).status_code == 404
    assert client.get(address).status_code == 405
    assert not Entry.objects.filter(stays=True).exists()


def test_a_player_of_another_event_or_nonsense_is_refused_in_words(director_client, night, players):
    response = mark(director_client, night, players[20])  # not entered
    assert "Choose one of this event's players" in text_of(response)
    response = director_client.post(
        reverse("tournaments:entry-stays", args=[night.pk]),
        {"player": "x" * 50, "stays": "maybe"},
        follow=True,
    )
    assert response.status_code == 200
    assert not Entry.objects.filter(stays=True).exists()


def test_a_pairs_event_has_no_one_staying(director_client, night, players):
    night.format = Event.Format.PAIRS
    night.save()

    page = director_client.get(reverse("tournaments:event-detail", args=[night.pk]))
    assert "A player who cannot move" not in page.content.decode()
    response = mark(director_client, night, players[0])
    assert "partners move together" in text_of(response)
    assert not Entry.objects.filter(stays=True).exists()


# --- The preview: who stays where, and what it costs ------------------------------------------


def test_the_preview_says_who_stays_where_and_the_cost_beside_the_night_without(
    director_client, night, players
):
    mark(director_client, night, players[0])
    plan = services.round_preview(event=night)
    table = plan.stays[players[0].pk] + 1  # the first event in play: tables from 1

    response = director_client.get(reverse("tournaments:round-preview", args=[night.pk]))

    text = text_of(response)
    assert f"Stays at table {table}: Ada Baker" in text
    assert "The whole night with Ada Baker staying" in text
    now, before = movement_report(plan.night), movement_report(plan.without)
    rows = response.context["stays_cost"]
    assert rows[0] == ("The most times two players meet", now.most_meetings, before.most_meetings)
    assert rows[1] == ("Repeated meetings in all", now.repeat_meetings, before.repeat_meetings)
    assert (len(rows) == 3) == bool(now.partner_repeats or before.partner_repeats)
    assert (
        f"The most times two players meet: {now.most_meetings} (without: {before.most_meetings})"
        in text
    )
    assert (
        f"Repeated meetings in all: {now.repeat_meetings} (without: {before.repeat_meetings})"
        in text
    )


def test_the_preview_without_anyone_staying_says_nothing_of_it(director_client, night):
    response = director_client.get(reverse("tournaments:round-preview", args=[night.pk]))
    assert response.context["stays_cost"] == []
    assert "Stays at table" not in text_of(response)


def test_more_players_staying_than_tables_after_leavers_refuses_seating_in_words(
    director_client, night, players
):
    for p in players[:3]:
        mark(director_client, night, p)
    # Four leave: nine make two tables, and three stay.
    Entry.objects.filter(event=night, player__in=players[9:13]).update(present=False)

    response = director_client.post(reverse("tournaments:round-seat", args=[night.pk]), follow=True)

    assert response.status_code == 200
    assert not night.rounds.exists()
    assert "3 players stay at one table, but the 9 players checked in make 2 tables" in text_of(
        response
    )


# --- A whole night: the table kept through rounds seated and closed ---------------------------


def test_a_player_who_stays_keeps_their_table_all_night_through_an_arrival_and_a_leaver(
    director_client, event, players
):
    event.rounds_planned = 5
    event.save()
    for player in players[:13]:
        Entry.objects.create(event=event, player=player)
    late = Entry.objects.create(event=event, player=players[13], present=False)
    stayer, other = players[4], players[9]
    mark(director_client, event, stayer)
    mark(director_client, event, other)
    check_in = reverse("tournaments:entries-check-in", args=[event.pk])

    tables = {stayer.pk: [], other.pk: []}
    for number in range(1, 6):
        if number == 2:  # a late arrival
            here = list(event.entries.filter(present=True).values_list("player_id", flat=True))
            director_client.post(check_in, {"present": [*here, late.player_id]})
        if number == 4:  # a leaver
            here = event.entries.filter(present=True).exclude(player=players[0])
            director_client.post(
                check_in, {"present": list(here.values_list("player_id", flat=True))}
            )
        round_ = seat(director_client, event)
        for p in (stayer, other):
            tables[p.pk].append(table_of(round_, p))
        close_round(round_, reason="the test plays no hands")

    assert event.rounds.count() == 5
    for found in tables.values():
        assert None not in found  # never sits out
        assert len(set(found)) == 1, found
    assert tables[stayer.pk] != tables[other.pk]


# --- What the players read: the tally card, the hall's screen, the seat page ------------------


def test_the_tally_card_the_projector_and_the_seat_page_say_stays_at_table(
    director_client, client, night, players
):
    mark(director_client, night, players[0])
    round_ = seat(director_client, night)
    number = table_of(round_, players[0])

    # The card's data by value: the table the plan keeps for her, and no one else's.
    plan_night, stays = services.night_stays(event=night)
    assert stays == {players[0].pk: number}
    cards = data.tally_cards(night, plan_night, stays=stays)
    assert [(c.player, c.stays) for c in cards if c.stays] == [("Ada Baker", number)]
    ada = next(c for c in cards if c.player == "Ada Baker")
    assert {row.table for row in ada.rows} == {str(number)}

    pdf = director_client.get(reverse("tournaments:printout-tally", args=[night.pk]))
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(b"".join(pdf.streaming_content))).pages]
    # Her card comes first (by name): from her name to the line under its grid.
    card = pages[0][pages[0].index("Ada Baker") :]
    card = card[: card.index("Stays at table") + 20]
    assert f"Total\nStays at table {number}" in card
    assert sum(p.count("Stays at table") for p in pages) == 1
    # The rounds' rows still say the table, round by round.
    for r in range(1, night.rounds_planned + 1):
        assert f"\n{r}\n{number}\n" in card

    page = director_client.get(reverse("tournaments:event-detail", args=[night.pk]))
    assert f"Ada Baker stays at table {number}" in text_of(page)

    projector = client.get(reverse("public:projector", args=[night.club.slug, night.pk]))
    box = re.search(r'id="staying".*?</div>', projector.content.decode(), re.S).group(0)
    # The table first and as big as the name, read across the hall.
    assert re.search(rf'class="stays-at">Table {number}</span> <bdi>Ada Baker</bdi>', box)

    seats = client.get(reverse("public:event", args=[night.club.slug, night.pk]))
    ada = re.search(r"Ada Baker.*?</li>", seats.content.decode(), re.S).group(0)
    assert f"Stays at table <strong>{number}</strong>" in ada
    ben = re.search(r"Ben Carter.*?</li>", seats.content.decode(), re.S).group(0)
    assert "Stays at" not in ben


def test_the_last_rounds_tally_card_still_says_where_she_stays(director_client, night, players):
    # Nothing is left to plan once the last round is seated: the table she sits at says it.
    night.rounds_planned = 1
    night.save()
    mark(director_client, night, players[0])
    round_ = seat(director_client, night)

    plan_night, stays = services.night_stays(event=night)

    assert stays == {players[0].pk: table_of(round_, players[0])}


def test_the_event_page_says_the_table_the_plan_keeps_and_warns_when_too_many_stay(
    director_client, night, players
):
    # Marked during the night, at a table another who stays already keeps: the page names
    # the table the plan gives her (as the preview and her tally card do), not the one she
    # sat at last round.
    mark(director_client, night, players[0])
    first = seat(director_client, night)
    close_round(first, reason="the walk's test: no hands needed")
    ada = table_of(first, players[0])
    mate = next(
        s.player
        for s in first.seats.select_related("table", "player")
        if s.table and s.table.number == ada and s.player != players[0]
    )
    mark(director_client, night, mate)
    _, keeps = services.night_stays(event=night)
    assert keeps[players[0].pk] == ada and keeps[mate.pk] != ada
    text = text_of(director_client.get(reverse("tournaments:event-detail", args=[night.pk])))
    assert f"{mate.name} stays at table {keeps[mate.pk]}" in text
    assert f"Ada Baker stays at table {ada}" in text
    preview = text_of(director_client.get(reverse("tournaments:round-preview", args=[night.pk])))
    assert f"Stays at table {keeps[mate.pk]}: {mate.name}" in preview

    # Players leave until there are fewer tables than players who stay: the page says so
    # before the director tries to seat.
    assert "cannot be seated" not in text
    staying = {players[0].pk, mate.pk}
    movers = [p for p in players[:13] if p.pk not in staying]
    Entry.objects.filter(event=night, player__in=movers[:6]).update(present=False)  # 7 left
    text = text_of(director_client.get(reverse("tournaments:event-detail", args=[night.pk])))
    assert "More players stay than the 1 table the players checked in make" in text


def test_a_refusal_brings_the_director_to_the_message(director_client, night, players):
    Entry.objects.filter(event=night, player__in=players[4:13]).update(present=False)  # 1 table
    mark(director_client, night, players[0])
    response = director_client.post(
        reverse("tournaments:entry-stays", args=[night.pk]),
        {"player": players[1].pk, "stays": "yes"},
    )
    # The page's top, where the message shows: not the card, where nothing changed.
    assert response["Location"] == reverse("tournaments:event-detail", args=[night.pk])
    assert "cannot stay at one table" in text_of(director_client.get(response["Location"]))
    ok = mark(director_client, night, players[0], stays=False)
    assert ok.redirect_chain[-1][0].endswith("#stays")


def test_the_previews_report_judges_the_sit_outs_among_those_who_move(
    director_client, event, players
):
    # 19 players over 8 rounds: 24 sit-outs, for the 17 who move (1 or 2 each); the two who
    # stay never sit out, and the report does not call that uneven.
    for player in players[:19]:
        Entry.objects.create(event=event, player=player)
    Event.objects.filter(pk=event.pk).update(rounds_planned=8)
    mark(director_client, event, players[0])
    mark(director_client, event, players[1])
    text = text_of(director_client.get(reverse("tournaments:round-preview", args=[event.pk])))
    assert "2 players stay at one table and never sit out." in text
    assert "uneven" not in text

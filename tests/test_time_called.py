"""A round ends when time is called: the director calls it on the round page, each captain's
page says "Time is called: finish the hand in play" and takes one more hand, and the director then
closes the round as finished, with nothing forced. The standings and the printouts say which rounds
ended on time."""

import pytest
from django.urls import reverse
from test_printouts import get_pdf, pdf_text, words

from tournaments import services
from tournaments.models import Event, Round, Table
from tournaments.services import ActionRefused


@pytest.fixture
def round_one(event, players):
    services.entries_add(event=event, players=players[:8])
    return services.round_seat(event=event, seed=1)


def captain_page(client, table: Table, name: str = "table") -> str:
    url = reverse(f"tournaments:captain-{name}", args=[table.card().token])
    return f"{url}?table={table.pk}"


def enter(client, table: Table, number: int, **hand):
    data = {"number": number, "action": "confirm", "maker": "N", "tricks": "3", **hand}
    return client.post(captain_page(client, table, "hand"), data)


def test_each_table_still_playing_finishes_the_hand_in_play(director_client, client, round_one):
    first, second = round_one.tables.order_by("number")
    for number in (1, 2, 3):
        assert enter(client, first, number).status_code == 302
    assert enter(client, second, 1).status_code == 302
    response = director_client.post(reverse("tournaments:round-call-time", args=[round_one.pk]))
    assert response.status_code == 302
    round_one.refresh_from_db()
    assert round_one.time_called_at is not None
    first.refresh_from_db(), second.refresh_from_db()
    assert (first.hands_at_time, second.hands_at_time) == (3, 1)

    html = client.get(captain_page(client, first)).content.decode()
    assert "Time is called: finish the hand in play." in html
    # The table's count ends with the hand in play, and the phone's script is told so.
    assert "3 hands played of 4" in html and 'data-max-hands="4"' in html
    assert 'id="hand-form"' in html
    assert enter(client, first, 4).status_code == 302
    html = client.get(captain_page(client, first)).content.decode()
    assert "Time is called" not in html and 'id="hand-form"' not in html
    assert "This table has finished" in html and "4 hands played of 4" in html
    refused = enter(client, first, 5)
    assert refused.status_code == 409
    assert "Time was called, and this table has played the hand that was in play" in (
        refused.content.decode()
    )
    assert first.hands.count() == 4

    enter(client, second, 2)
    # Every table has finished: the round closes with no reason to give (unconfirmed ones on
    # purpose, as the director ticks them).
    closed = services.round_close(round=round_one, unconfirmed_ok={1, 2})
    assert closed.is_closed and closed.close_reason == ""


def test_a_table_that_had_finished_is_left_as_it_was(event, players, director_client, client):
    Event.objects.filter(pk=event.pk).update(hands_per_round=2)
    event.refresh_from_db()
    services.entries_add(event=event, players=players[:8])
    round_ = services.round_seat(event=event, seed=1)
    first, second = round_.tables.order_by("number")
    enter(client, first, 1), enter(client, first, 2)
    services.round_call_time(round=round_)
    first.refresh_from_db(), second.refresh_from_db()
    assert first.hands_at_time is None and second.hands_at_time == 0
    assert first.game().finished and not second.game().finished
    enter(client, second, 1)
    second.refresh_from_db()
    assert second.game().finished and second.hands.count() == 1


def test_a_round_played_to_game_ends_after_the_hand_in_play(event, players, client):
    Event.objects.filter(pk=event.pk).update(round_end=Event.RoundEnd.GAME)
    event.refresh_from_db()
    services.entries_add(event=event, players=players[:8])
    round_ = services.round_seat(event=event, seed=1)
    table = round_.tables.get(number=1)
    enter(client, table, 1)
    services.round_call_time(round=round_)
    table.refresh_from_db()
    assert table.hand_limit() == 2 and not table.game().finished
    enter(client, table, 2)
    assert table.game().finished


def test_time_is_called_once_and_only_in_play(round_one, director_client):
    services.round_call_time(round=round_one)
    with pytest.raises(ActionRefused, match="Time was already called in round 1, at"):
        services.round_call_time(round=round_one)
    response = director_client.post(
        reverse("tournaments:round-call-time", args=[round_one.pk]), follow=True
    )
    assert "Time was already called in round 1" in response.content.decode()
    Round.objects.filter(pk=round_one.pk).update(status=Round.Status.CLOSED)
    round_one.refresh_from_db()
    with pytest.raises(ActionRefused, match="Round 1 is closed: there is no time to call."):
        services.round_call_time(round=round_one)


def test_only_the_clubs_director_calls_time(round_one, client, other_director):
    url = reverse("tournaments:round-call-time", args=[round_one.pk])
    assert client.post(url).status_code == 302  # to the login page
    client.force_login(other_director)
    assert client.post(url).status_code == 404
    assert (
        client.get(reverse("tournaments:round-call-time", args=[round_one.pk])).status_code == 405
    )
    round_one.refresh_from_db()
    assert round_one.time_called_at is None


def test_the_standings_and_the_printouts_say_which_rounds_ended_on_time(
    director_client, client, round_one, event
):
    for table in round_one.tables.all():
        enter(client, table, 1)
    page = director_client.get(reverse("tournaments:round-detail", args=[round_one.pk]))
    assert "Call time in round 1" in page.content.decode()
    director_client.post(reverse("tournaments:round-call-time", args=[round_one.pk]))
    page = director_client.get(reverse("tournaments:round-detail", args=[round_one.pk]))
    assert "Time was called at" in page.content.decode()
    assert "Call time in round 1" not in page.content.decode()
    for table in round_one.tables.all():
        enter(client, table, 2)
    services.round_close(round=round_one, unconfirmed_ok={1, 2})
    said = "Round 1 ended when time was called."
    standings = director_client.get(reverse("tournaments:standings", args=[event.pk]))
    assert said in standings.content.decode()
    assert said in words(pdf_text(get_pdf(director_client, "printout-standings", event))[0])
    sheets = words(" ".join(pdf_text(get_pdf(director_client, "printout-sheets", event))))
    assert "Time was called at" in sheets and "the hand in play was the table's last." in sheets
    detail = director_client.get(reverse("tournaments:event-detail", args=[event.pk]))
    assert "ended when time was called at" in detail.content.decode()


def test_the_round_page_says_the_director_closes_the_round_once_time_is_called(
    director_client, client, round_one
):
    """A round never closes by itself (closing asks about unconfirmed tables), so the page
    promises nothing of the kind: it says who closes it, and when."""
    page = reverse("tournaments:round-detail", args=[round_one.pk])
    call_time = director_client.get(page).content.decode()
    assert "closes as finished" not in call_time and "close the round below" in call_time
    services.round_call_time(round=round_one)
    html = director_client.get(page).content.decode()
    notice = html.split('id="time-called">', 1)[1].split("</p>", 1)[0]
    assert "the round closes" not in notice
    assert "Once every table has finished, close the round below" in " ".join(notice.split())
    for table in round_one.tables.order_by("number"):
        enter(client, table, 1)
    round_one.refresh_from_db()
    assert not round_one.is_closed  # the director's to close
    html = director_client.get(page).content.decode()
    notice = " ".join(html.split('id="time-called">', 1)[1].split("</p>", 1)[0].split())
    assert notice.endswith("and every table has finished: close the round below.")
    assert "Every table has finished." in html and 'id="close"' in html

"""A hand kept on a phone while the connection was down, sent again by static/captain.js to
/t/<token>/send/: recorded once whatever the number of sends, a different hand under the same
number shown to the captain and never overwritten, and every refusal said in words, in JSON
the script reads. Also: the round page names the tables that have gone quiet."""

import datetime
import re

import pytest
from conftest import close_round
from django.urls import reverse
from django.utils import timezone
from test_captain import enter, fingerprint, hand_post, url

from tournaments import services
from tournaments.models import Hand


@pytest.fixture
def table(event, players):
    services.entries_add(event=event, players=players[:8])
    return services.round_seat(event=event, seed=1).tables.get(number=1)


def send(client, table, number, **hand):
    data = hand_post(number, **hand)
    data.pop("action", None)  # the phone sends the hand, not a button
    return client.post(url("send", table), data)


def test_a_kept_hand_is_recorded_as_the_next_hand(client, table):
    response = send(client, table, 1, maker="N", tricks=3)
    assert response.status_code == 201
    answer = response.json()
    assert answer["state"] == "recorded"
    assert answer["message"] == (
        "Hand 1 recorded: North-South made it with 3 tricks: 1 point. "
        "Score: North-South 1, East-West 0."
    )
    assert list(table.hands.values_list("number", "maker", "tricks")) == [(1, "N", 3)]


def test_sending_the_same_hand_again_counts_once(client, table):
    """The answer to a send was lost: the phone sends again, and is told it already counts."""
    assert send(client, table, 1, maker="E", tricks=5, alone=True).status_code == 201
    again = send(client, table, 1, maker="E", tricks=5, alone=True)
    assert again.status_code == 200
    assert again.json() == {
        "state": "already",
        "message": (
            f"Hand 1 was already entered: {Hand.objects.get().description}. It counts once."
        ),
    }
    assert table.hands.count() == 1


def test_a_thrown_in_deal_sent_twice_counts_once(client, table):
    assert send(client, table, 1, thrown_in="True").status_code == 201
    assert send(client, table, 1, thrown_in="True").json()["state"] == "already"
    assert table.hands.count() == 1


def test_another_phones_different_hand_is_a_conflict_and_stays(client, table):
    enter(client, table, 1, maker="S", tricks=4)  # the other phone, online
    response = send(client, table, 1, maker="N", tricks=3)  # this phone's kept hand
    assert response.status_code == 409
    answer = response.json()
    recorded = Hand.objects.get()
    assert answer["state"] == "conflict"
    assert answer["recorded"] == recorded.description
    assert answer["message"] == f"Another phone entered hand 1 first: {recorded.description}."
    # What the phone needs to fix the hand to its own version: the table as it now stands.
    assert answer["seen"] == fingerprint(table)
    assert (recorded.maker, recorded.tricks) == ("S", 4)


def test_a_conflict_is_fixed_to_the_kept_version_through_the_fix_flow(client, table):
    enter(client, table, 1, maker="S", tricks=4)
    seen = send(client, table, 1, maker="N", tricks=3).json()["seen"]
    data = {**hand_post(1, "confirm", maker="N", tricks=3), "seen": seen}
    assert client.post(url("fix", table), data).status_code == 302
    assert list(table.hands.values_list("maker", "tricks")) == [("N", 3)]


def test_a_kept_hand_after_the_next_one_is_refused_in_words(client, table):
    response = send(client, table, 3, maker="N", tricks=3)
    assert response.status_code == 409
    assert response.json() == {
        "state": "refused",
        "message": "The next hand at this table is hand 1, not 3.",
    }
    assert not table.hands.exists()


def test_a_kept_hand_the_form_refuses_says_what_is_wrong(client, table):
    response = send(client, table, 1, tricks=3)
    assert response.status_code == 422
    assert response.json() == {"state": "refused", "message": "Say who called trump."}
    assert not table.hands.exists()


def test_a_kept_hand_the_rules_refuse_says_why(client, table):
    # A lone defender against a maker who did not go alone.
    response = send(client, table, 1, maker="N", tricks=3, lone_defender="E")
    assert response.status_code == 422
    assert response.json()["state"] == "refused"
    assert response.json()["message"]
    assert not table.hands.exists()


def test_a_kept_hand_for_a_closed_round_is_refused_not_moved_to_the_next(client, table):
    for number in range(1, 9):
        enter(client, table, number, maker="N", tricks=3)
    close_round(table.round, reason="Time")
    response = send(client, table, 9, maker="N", tricks=3)
    assert response.status_code == 409
    assert response.json()["state"] == "refused"
    assert "no longer in play" in response.json()["message"]
    assert table.hands.count() == 8


def test_a_hand_already_there_counts_even_after_the_table_closed(client, table):
    """The answer to hand 8 was lost; by the time the phone sends it again, an opponent has
    confirmed, or the round has closed: the phone hears that its hand counts."""
    for number in range(1, 9):
        enter(client, table, number, maker="N", tricks=3)
    opponent = table.seats.get(position="E").player
    client.post(url("confirm", table), {"player": opponent.pk, "seen": fingerprint(table)})
    assert send(client, table, 8, maker="N", tricks=3).json()["state"] == "already"
    close_round(table.round, reason="Time")
    assert send(client, table, 8, maker="N", tricks=3).json()["state"] == "already"
    assert send(client, table, 8, maker="S", tricks=3).json()["state"] == "refused"
    assert table.hands.count() == 8


def test_a_confirmed_tables_kept_hand_is_refused(client, table):
    for number in range(1, 9):
        enter(client, table, number, maker="N", tricks=3)
    opponent = table.seats.get(position="E").player
    client.post(url("confirm", table), {"player": opponent.pk, "seen": fingerprint(table)})
    response = send(client, table, 8, maker="S", tricks=3)
    assert response.json() == {
        "state": "refused",
        "message": "Table 1's result was confirmed: only the director can change it now.",
    }


def test_send_needs_a_post_and_a_real_card(client, table):
    assert client.get(url("send", table)).status_code == 405
    unknown = reverse("tournaments:captain-send", args=["x" * 24]) + f"?table={table.pk}"
    assert client.post(unknown, hand_post(1, maker="N", tricks=3)).status_code == 404
    assert not table.hands.exists()


def test_the_table_page_loads_the_script_from_the_app_and_says_where_to_send(client, table):
    html = client.get(url("table", table)).content.decode()
    assert '<script src="/static/captain.js" defer></script>' in html
    assert f'data-send="{url("send", table).replace("&", "&amp;")}"' in html
    # Nothing from elsewhere: every script and style the page loads is the app's own.
    for source in re.findall(r'(?:src|href)="([^"]+)"', html):
        assert source.startswith(("/", "#")), source


# --- The round page: which tables have gone quiet -----------------------------------------


def test_round_page_names_a_table_that_has_not_reported_for_ten_minutes(
    client, director_client, table
):
    enter(client, table, 1, maker="N", tricks=3)
    Hand.objects.filter(table=table).update(
        entered_at=timezone.now() - datetime.timedelta(minutes=14)
    )
    # Table 2 was seated 12 minutes ago and has reported nothing since.
    table.round.__class__.objects.filter(pk=table.round.pk).update(
        seated_at=timezone.now() - datetime.timedelta(minutes=12)
    )
    other = table.round.tables.get(number=2)
    enter(client, other, 1, maker="N", tricks=3)  # table 2 reports now
    html = director_client.get(reverse("tournaments:round-detail", args=[table.round.pk]))
    html = html.content.decode()
    assert "No report for 10 minutes or more from table 1: check the captain's phone." in html
    card_1 = html.split('id="table-1"')[1].split("</section>")[0]
    assert "Quiet for 14 minutes:" in card_1
    assert "Last report at" in card_1
    card_2 = html.split('id="table-2"')[1].split("</section>")[0]
    assert "Quiet" not in card_2


def test_round_page_counts_a_table_with_no_hand_from_the_seating(director_client, table):
    table.round.__class__.objects.filter(pk=table.round.pk).update(
        seated_at=timezone.now() - datetime.timedelta(minutes=11)
    )
    html = director_client.get(reverse("tournaments:round-detail", args=[table.round.pk]))
    html = html.content.decode()
    assert "from tables 1 and 2: check" in html
    card_1 = html.split('id="table-1"')[1].split("</section>")[0]
    assert "Quiet for 11 minutes:" in card_1 and "No report yet, seated at" in card_1


def test_a_finished_or_closed_table_is_never_quiet(client, director_client, table):
    for number in range(1, 9):
        enter(client, table, number, maker="N", tricks=3)
    Hand.objects.update(entered_at=timezone.now() - datetime.timedelta(hours=1))
    table.round.__class__.objects.filter(pk=table.round.pk).update(
        seated_at=timezone.now() - datetime.timedelta(hours=1)
    )
    page = reverse("tournaments:round-detail", args=[table.round.pk])
    html = director_client.get(page).content.decode()
    assert "from table 2: check" in html  # table 2 still plays and has said nothing
    assert "Quiet" not in html.split('id="table-1"')[1].split("</section>")[0]
    close_round(table.round, reason="Time")
    assert "Quiet" not in director_client.get(page).content.decode()


def test_a_kept_hand_with_nothing_chosen_says_all_that_is_missing(client, table):
    response = send(client, table, 1)
    assert response.status_code == 422
    assert response.json() == {
        "state": "refused",
        "message": "Say who called trump. Enter how many tricks the makers took (0 to 5).",
    }

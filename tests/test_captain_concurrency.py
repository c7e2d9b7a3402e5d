"""Phones at once, through the captain's views in real threads against the configured database
(the suite runs on SQLite, then on PostgreSQL): the same hand from several phones is recorded
exactly once, and many tables entering at the same moment lose nothing.

Each thread has its own database connection, so the tests need real transactions
(`transaction=True`) and a database file the threads can share (settings: SQLite's TEST NAME).
"""

import pytest
from conftest import at_once
from django.test import Client
from django.urls import reverse
from hallrun import HANDS  # the hall's own load tests play the same hands

from tournaments import services
from tournaments.models import Hand

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = 8


def post_hand(token: str, number: int, hand: dict):
    def job():
        data = {"number": number, "action": "confirm", **hand}
        response = Client().post(
            reverse("tournaments:captain-hand", args=[token[0]]) + f"?table={token[1]}", data
        )
        return response.status_code, response.content.decode()

    return job


@pytest.fixture
def tables(event, players):
    services.entries_add(event=event, players=players)  # 24 players: six tables
    return list(services.round_seat(event=event, seed=3).tables.order_by("number"))


def test_same_hand_from_several_phones_is_recorded_once(tables):
    table = tables[0]
    results = at_once(
        [post_hand((table.card().token, table.pk), 1, HANDS[0]) for _ in range(PHONES)]
    )
    statuses = sorted(status for status, _ in results)
    assert statuses == [302] + [409] * (PHONES - 1), results
    for status, html in results:
        if status == 409:
            assert "Hand 1 was already entered: North-South made it with 3 tricks" in html
    assert Hand.objects.filter(table=table).count() == 1


def test_different_hands_from_phones_at_one_table_never_overwrite(tables):
    table = tables[0]
    # Four phones, four different versions of hand 1: one wins, the others are told which.
    results = at_once([post_hand((table.card().token, table.pk), 1, hand) for hand in HANDS[:4]])
    assert sorted(status for status, _ in results) == [302, 409, 409, 409], results
    recorded = Hand.objects.get(table=table)
    for status, html in results:
        if status == 409:
            message = f"Hand 1 was already entered: {recorded.description}."
            assert message.replace("'", "&#x27;") in html


def test_many_tables_entering_at_once_lose_no_hand(tables):
    def play(table):
        def job():
            phone = Client()
            url = (
                reverse("tournaments:captain-hand", args=[table.card().token])
                + f"?table={table.pk}"
            )
            return [
                phone.post(url, {"number": n, "action": "confirm", **hand}).status_code
                for n, hand in enumerate(HANDS, start=1)
            ]

        return job

    results = at_once([play(table) for table in tables])
    assert results == [[302] * len(HANDS)] * len(tables), results
    for table in tables:
        assert list(table.hands.values_list("number", flat=True)) == list(range(1, 9))
        assert table.game().finished


def test_double_tapped_delete_removes_one_hand(tables):
    table = tables[0]
    for number, hand in enumerate(HANDS[:3], start=1):
        data = {k: v for k, v in hand.items() if k != "alone"}
        services.hand_record(
            table=table, number=number, data={**data, "tricks": int(hand["tricks"])}
        )
    seen = services.table_fingerprint(table.hands.order_by("number"))

    def delete():
        response = Client().post(
            reverse("tournaments:captain-delete", args=[table.card().token]) + f"?table={table.pk}",
            {"number": 3, "seen": seen},
        )
        return response.status_code

    assert sorted(at_once([delete for _ in range(PHONES)])) == [302] + [409] * (PHONES - 1)
    assert list(table.hands.values_list("number", flat=True)) == [1, 2]

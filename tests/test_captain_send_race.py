"""One phone sends a kept hand again and again while another phone fixes and deletes that very
hand, in real threads against the configured database (like tests/test_captain_concurrency.py):
every send is answered in the JSON the phone's script reads, never a 500, and hand 1 is never
recorded twice. The same race, made to happen at the worst moment: tests/test_attack_found.py."""

import pytest
from conftest import at_once
from django.test import Client
from test_captain import hand_post, url

from tournaments import services
from tournaments.models import Hand
from tournaments.services import ActionRefused

pytestmark = pytest.mark.django_db(transaction=True)

SENDS = 60
KEPT = {"maker": "N", "tricks": 3}
FIXED = {"maker": "E", "tricks": 5}


@pytest.fixture
def table(event, players):
    services.entries_add(event=event, players=players[:8])
    table = services.round_seat(event=event, seed=1).tables.get(number=1)
    services.hand_record(table=table, number=1, data=KEPT)
    return table


def test_a_resend_racing_another_phones_fixes_and_deletes_is_always_answered(table):
    def resending_phone():
        phone = Client(raise_request_exception=False)
        data = hand_post(1, **KEPT)
        data.pop("action")
        answers = []
        for _ in range(SENDS):
            response = phone.post(url("send", table), data)
            is_json = response.headers.get("Content-Type") == "application/json"
            answers.append((response.status_code, response.json()["state"] if is_json else ""))
        return answers

    def fixing_phone():
        done = 0
        for i in range(SENDS):
            seen = services.table_fingerprint(table.hands.order_by("number"))
            try:
                if i % 3 == 0:
                    services.hand_delete_last(table=table, number=1, seen=seen)
                elif i % 3 == 1:
                    services.hand_record(table=table, number=1, data=KEPT)
                else:
                    data = FIXED if i % 2 else KEPT
                    services.hand_fix(table=table, number=1, data=data, seen=seen)
                done += 1
            except ActionRefused:
                pass  # the resending phone got there first: nothing to do this time
        return done

    answers, changes = at_once([resending_phone, fixing_phone])

    assert not isinstance(answers, BaseException), answers
    assert not isinstance(changes, BaseException), changes
    assert changes > 0
    allowed = {(201, "recorded"), (200, "already"), (409, "conflict")}
    assert [a for a in answers if a not in allowed] == []
    assert Hand.objects.filter(table=table).count() <= 1

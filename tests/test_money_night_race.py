"""Two presses of the same door button (or mark-paid button) arriving at the same moment, each
on its own connection: the night's money row is held while one is checked and saved, so the
other finds the record made and adds nothing (money/views/common.py `_locked_money`)."""

import pytest
from conftest import at_once
from django.test import Client
from django.urls import reverse
from test_money_night import night, nine  # noqa: F401  (fixtures)

from money.models import DoorRecord

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_presses_at_once_record_one_payment(director, night, nine):  # noqa: F811
    address = reverse("money:door", args=[night.pk])
    post = {"player": nine["A"].pk, "kind": "paid", "method": "cash", "amount": "2", "seen": 0}

    def press():
        phone = Client(raise_request_exception=False)
        phone.force_login(director)
        return phone.post(address, post).status_code

    assert at_once([press, press, press]) == [302, 302, 302]
    assert DoorRecord.objects.filter(event=night).count() == 1

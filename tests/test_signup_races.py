"""The sign-up list under requests at the same moment, through the public form: real threads,
each on its own database connection, on SQLite and on PostgreSQL (the suite runs on both).
Each change holds the event's Sheet row (signup/services.py), so the list stays whole: two
sign-ups for the last place give it to one and put the other first on the waiting list; a
cancellation racing a sign-up gives the freed place to the one already waiting."""

import datetime

import pytest
from conftest import at_once
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from signup import services
from signup.models import Sheet, SignUp
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def night(club):
    event = Event.objects.create(
        club=club, name="Friday progressive", date=timezone.localdate() + datetime.timedelta(7)
    )
    Sheet.objects.create(event=event, open=True, cap=4)
    return event


def signing_up(event, name):
    url = reverse("signup:form", args=[event.club.slug, event.pk])
    phone = Client(raise_request_exception=False)

    def job():
        return phone.post(url, {"name": name, "phone": "555 0100"}).status_code

    return job


def cancelling(token):
    url = reverse("signup:mine-cancel", args=[token])
    phone = Client(raise_request_exception=False)

    def job():
        return phone.post(url, {"confirm": "yes"}).status_code

    return job


def fill(event, names):
    for name in names:
        assert signing_up(event, name)() == 302


def test_two_sign_ups_for_the_last_place_one_gets_it_the_other_waits(night):
    fill(night, ["Ada Baker", "Ben Carter", "Cora Dunn"])
    for _ in range(3):
        results = at_once([signing_up(night, "Dale Evans"), signing_up(night, "Edna Fox")])
        assert results == [302, 302], results
        rows = {
            s.name: s.status for s in SignUp.objects.filter(name__in=["Dale Evans", "Edna Fox"])
        }
        assert sorted(rows.values()) == ["in", "waiting"], rows
        c = services.counts(night)
        assert (c.taken, c.waiting) == (4, 1)
        SignUp.objects.filter(name__in=["Dale Evans", "Edna Fox"]).delete()


def test_many_sign_ups_at_once_never_pass_the_cap_and_the_waiting_list_is_numbered(night):
    results = at_once([signing_up(night, f"Player {n}") for n in range(8)])
    assert results == [302] * 8, results
    places, waiting = services.the_list(night)
    assert (len(places), len(waiting)) == (4, 4)
    assert [s.position for s in places + waiting] == list(range(1, 9))
    assert [services.waiting_position(s) for s in waiting] == [1, 2, 3, 4]


def test_a_cancellation_racing_a_sign_up_gives_the_place_to_the_one_already_waiting(night):
    for _ in range(3):
        SignUp.objects.filter(event=night).delete()
        fill(night, ["Ada Baker", "Ben Carter", "Cora Dunn", "Dale Evans", "Edna Fox"])
        ada = SignUp.objects.get(name="Ada Baker").token
        results = at_once([cancelling(ada), signing_up(night, "Floyd Gray")])
        assert results == [302, 302], results
        status = dict(SignUp.objects.filter(event=night).values_list("name", "status"))
        # Whichever came first: Edna waited before Floyd came, so the place is hers.
        assert status["Ada Baker"] == "cancelled"
        assert status["Edna Fox"] == "in" and status["Floyd Gray"] == "waiting", status
        c = services.counts(night)
        assert (c.taken, c.waiting) == (4, 1)
        places, waiting = services.the_list(night)
        assert [s.position for s in places + waiting] == list(range(1, 6))

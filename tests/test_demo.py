"""`manage.py load_demo`: a live club night and a finished pairs event, all scored by the engine."""

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import transaction

from clubs.models import Club, ClubDirector, Player
from scoring import score_hand
from tournaments.models import Entry, Event, Hand, Partnership, Round, Seat, Table

pytestmark = pytest.mark.django_db

MODELS = (Club, ClubDirector, Player, Event, Entry, Partnership, Round, Table, Seat, Hand)


def load(*args) -> str:
    out = StringIO()
    call_command("load_demo", *args, stdout=out)
    return out.getvalue()


def counts() -> dict[str, int]:
    return {m.__name__: m.objects.count() for m in (*MODELS, get_user_model())}


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker):
    """The demo loaded once for this module (a few seconds), rolled back at the end; each
    test runs in its own savepoint inside, so a test's changes never reach the next."""
    with django_db_blocker.unblock(), transaction.atomic():
        load()
        yield Club.objects.get(slug="maple-grove")
        transaction.set_rollback(True)


def test_demo_club_has_a_roster_and_a_director(demo):
    assert demo.name == "Maple Grove Euchre Club"
    assert demo.players.count() == 30
    user = get_user_model().objects.get(username="demo")
    assert user.check_password("euchre-demo")
    assert (user.is_staff, user.is_superuser) == (False, False)
    assert list(Club.objects.directed_by(user)) == [demo]


def test_the_progressive_night_is_in_round_four(demo):
    night = demo.events.get(format=Event.Format.PROGRESSIVE)
    assert (night.rounds_planned, night.round_end, night.hands_per_round) == (8, "hands", 8)
    assert night.entries.filter(present=True).count() == 29
    rounds = list(night.rounds.order_by("number"))
    assert [(r.number, r.status) for r in rounds] == [
        (1, "closed"),
        (2, "closed"),
        (3, "closed"),
        (4, "in_play"),
    ]
    for round_ in rounds:
        assert round_.tables.count() == 7
        assert round_.seats.filter(table=None).count() == 1
    for round_ in rounds[:3]:
        assert all(table.is_finished() for table in round_.tables.all())
    in_play = [table.hands.count() for table in rounds[3].tables.order_by("number")]
    assert in_play[-1] == 0  # a table that has not entered a hand yet
    assert sum(n > 0 for n in in_play) >= 4
    assert not all(table.is_finished() for table in rounds[3].tables.all())


def test_the_pairs_event_is_finished(demo):
    pairs = demo.events.get(format=Event.Format.PAIRS)
    assert pairs.partnerships.count() == 6
    assert pairs.entries.count() == 12
    assert pairs.round_end == "game"
    rounds = list(pairs.rounds.all())
    assert len(rounds) == pairs.rounds_planned == 5
    assert all(r.is_closed and r.close_reason == "" for r in rounds)
    for table in Table.objects.filter(round__event=pairs):
        game = table.game()
        assert game.winner is not None
        assert max(game.score.values()) >= pairs.ruleset().game_points


def test_every_demo_point_is_the_engines(demo):
    hands = Hand.objects.select_related("table__round__event")
    assert hands.count() > 200
    for hand in hands:
        points = score_hand(hand.to_engine_hand(), hand.table.round.event.ruleset()).points
        assert points == {"NS": hand.ns_points, "EW": hand.ew_points}
    outcomes = set(hands.values_list("outcome", flat=True))
    # Plausible nights: made, marched, euchred hands and some loners.
    assert {"made", "march", "euchred"} <= outcomes
    assert outcomes & {"lone_made", "lone_march", "lone_euchred"}


def test_the_demo_shows_a_corrected_hand(demo):
    corrected = Hand.history.filter(history_type="~").exclude(history_change_reason=None)
    assert corrected.count() == 1
    assert corrected.get().history_user.username == "demo"


def test_loading_twice_changes_nothing(demo):
    before = counts()

    out = load()

    assert "already loaded; nothing changed" in out
    assert counts() == before


def test_reset_loads_the_same_demo_again(demo):
    before = counts()

    out = load("--reset")

    assert "Deleted the demo club" in out
    assert counts() == before
    assert Club.objects.filter(slug="maple-grove").count() == 1

"""The shared world: a club with its director and players, and a rival club whose director must
see nothing of ours. Pure scoring tests use none of this and need no database."""

import datetime

import pytest

from clubs.models import Club, ClubDirector, Player
from tournaments.models import Event

PLAYER_NAMES = [
    "Ada Baker",
    "Ben Carter",
    "Cora Dunn",
    "Dale Evans",
    "Edna Fox",
    "Floyd Gray",
    "Gail Hart",
    "Hank Irwin",
    "Ida Jones",
    "Jack Klein",
    "Kay Lowe",
    "Lyle Moss",
    "Mae Nash",
    "Ned Owens",
    "Opal Price",
    "Pete Quinn",
    "Rita Ross",
    "Sam Tate",
    "Tess Upton",
    "Vern Vance",
    "Wanda West",
    "Xavier Young",
    "Yvonne Zane",
    "Zeke Abbott",
]


@pytest.fixture(autouse=True, scope="session")
def _fast_password_hashing():
    # The real hasher is slow on purpose; tests log in many times and test no password strength.
    # Session-wide, so passwords set in module-scoped fixtures are checked by the same hasher.
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def club(db):
    return Club.objects.create(name="Maple Hall Euchre Club", slug="maple-hall")


@pytest.fixture
def director(db, club, django_user_model):
    user = django_user_model.objects.create_user("dora", password="dora-pass-123")
    ClubDirector.objects.create(club=club, user=user)
    return user


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


@pytest.fixture
def players(club):
    return [Player.objects.create(club=club, name=name) for name in PLAYER_NAMES]


@pytest.fixture
def other_club(db):
    return Club.objects.create(name="Riverside Euchre", slug="riverside")


@pytest.fixture
def other_director(db, other_club, django_user_model):
    """A director of another club: must never see or change Maple Hall's data."""
    user = django_user_model.objects.create_user("otto", password="otto-pass-123")
    ClubDirector.objects.create(club=other_club, user=user)
    return user


@pytest.fixture
def event(club):
    return Event.objects.create(
        club=club,
        name="Tuesday progressive",
        date=datetime.date(2026, 11, 24),
        rounds_planned=4,
        hands_per_round=8,
    )

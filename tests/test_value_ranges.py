"""Every number a form or the admin can write is refused outside the range a euchre night needs,
with a message that says the range, and the same on SQLite and PostgreSQL: SQLite used to store
`sit_out_points=99999999`, a club's march of 70000 or euchre of 10**15 that PostgreSQL's columns
refused with another message (or a crash). Text longer than a column is kept whole, never a
500 on PostgreSQL (a reason on a corrected hand or a closed round)."""

import pytest
from django.contrib import admin
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.forms.models import model_to_dict
from django.forms.widgets import MultiWidget
from django.test import RequestFactory
from django.urls import reverse

from clubs.models import Club
from tournaments import services
from tournaments.models import Event, Round, Seat, Table

APPS = ("clubs", "tournaments")
HOUSE_POINTS = ("march", "lone_march", "euchre", "lone_euchre")
HOUSE_RANGE = "Enter a number from 0 to 10."
SIT_OUT_RANGE = "Enter a number from 0 to 99."

# The column each integer field has on PostgreSQL; SQLite holds 64 bits in any of them.
COLUMN = {
    "SmallIntegerField": (-32768, 32767),
    "PositiveSmallIntegerField": (0, 32767),
    "IntegerField": (-2147483648, 2147483647),
    "PositiveIntegerField": (0, 2147483647),
    "BigIntegerField": (-(2**63), 2**63 - 1),
    "PositiveBigIntegerField": (0, 2**63 - 1),
}

CLUB_POST = {
    "name": "Maple Hall Euchre Club",
    "rules_preset": "hoyle-2001",
    "game_points": "",
    "march": "",
    "lone_march": "",
    "euchre": "",
    "lone_euchre": "",
    "paper_size": "letter",
    "results_public": "on",
}

EVENT_POST = {
    "name": "Tuesday progressive",
    "date": "2026-11-24",
    "format": "progressive",
    "rules_preset": "hoyle-2001",
    "game_points": "",
    "march": "",
    "lone_march": "",
    "euchre": "",
    "lone_euchre": "",
    "rounds_planned": "4",
    "round_end": "hands",
    "hands_per_round": "8",
    "sit_out_rule": "fixed",
    "sit_out_points": "0",
}


def house_values(obj) -> dict:
    return {name: getattr(obj, name) for name in ("game_points", *HOUSE_POINTS)}


# --- The club's house rules -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("march", "70000"),  # the three first
        ("euchre", str(10**15)),
        ("lone_march", "11"),
        ("lone_euchre", "-1"),
        ("euchre", str(10**20)),  # past 64 bits: SQLite could not even store it
    ],
)
def test_club_settings_refuse_house_points_out_of_range_then_take_the_edges(
    director_client, club, field, value
):
    url = reverse("clubs:club-settings", args=[club.slug])
    response = director_client.post(url, {**CLUB_POST, field: value})
    assert response.status_code == 200
    assert response.context["form"].errors == {field: [HOUSE_RANGE]}
    assert HOUSE_RANGE in response.content.decode()
    club.refresh_from_db()
    assert house_values(club) == dict.fromkeys(("game_points", *HOUSE_POINTS))

    edges = {"march": "0", "lone_march": "10", "euchre": "10", "lone_euchre": "0"}
    response = director_client.post(url, {**CLUB_POST, **edges})
    assert response.status_code == 302
    club.refresh_from_db()
    assert house_values(club) == {"game_points": None, **{k: int(v) for k, v in edges.items()}}


def test_club_settings_name_the_games_a_club_may_play_to(director_client, club):
    url = reverse("clubs:club-settings", args=[club.slug])
    response = director_client.post(url, {**CLUB_POST, "game_points": "70000"})
    assert response.context["form"].errors == {
        "game_points": ["Pick 5, 7 or 10 points, or the rule set's own."]
    }
    club.refresh_from_db()
    assert club.game_points is None


def test_a_new_club_with_a_euchre_of_10_to_the_15_is_refused_and_not_created(
    client, django_user_model
):
    user = django_user_model.objects.create_user("nell", password="nell-pass-123")
    client.force_login(user)
    url = reverse("clubs:club-create")
    new_club = {**CLUB_POST, "name": "Cedar Lodge", "slug": ""}
    response = client.post(url, {**new_club, "euchre": str(10**15)})
    assert response.status_code == 200
    assert response.context["form"].errors == {"euchre": [HOUSE_RANGE]}
    assert not Club.objects.filter(name="Cedar Lodge").exists()

    response = client.post(url, {**new_club, "euchre": "10"})
    assert response.status_code == 302
    assert Club.objects.get(name="Cedar Lodge").euchre == 10


def test_the_house_points_say_their_range_to_the_browser_too(director_client, club):
    html = director_client.get(reverse("clubs:club-settings", args=[club.slug])).content.decode()
    for name in HOUSE_POINTS:
        assert f'name="{name}" min="0" max="10"' in html
    html = director_client.get(reverse("tournaments:event-create", args=[club.slug])).content
    assert 'name="sit_out_points" value="0" min="0" max="99"' in html.decode()


# --- An event's settings ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("sit_out_points", "99999999", SIT_OUT_RANGE),  # the first
        ("sit_out_points", "100", SIT_OUT_RANGE),
        ("sit_out_points", "-1", SIT_OUT_RANGE),
        ("march", "70000", HOUSE_RANGE),
        ("lone_euchre", str(10**15), HOUSE_RANGE),
    ],
)
def test_a_new_event_refuses_numbers_out_of_range_then_takes_the_edges(
    director_client, club, field, value, message
):
    url = reverse("tournaments:event-create", args=[club.slug])
    response = director_client.post(url, {**EVENT_POST, field: value})
    assert response.status_code == 200
    assert response.context["form"].errors == {field: [message]}
    assert not Event.objects.exists()

    edges = {"sit_out_points": "99", "march": "10", "lone_euchre": "0"}
    response = director_client.post(url, {**EVENT_POST, **edges})
    assert response.status_code == 302
    event = Event.objects.get()
    assert (event.sit_out_points, event.march, event.lone_euchre) == (99, 10, 0)


def test_an_event_under_way_refuses_a_sit_out_score_it_cannot_hold(director_client, event, players):
    round_ = Round.objects.create(event=event, number=1)
    url = reverse("tournaments:event-edit", args=[event.pk])
    response = director_client.post(url, {**EVENT_POST, "sit_out_points": "99999999"})
    assert response.context["form"].errors == {"sit_out_points": [SIT_OUT_RANGE]}
    event.refresh_from_db()
    assert event.sit_out_points == 0

    response = director_client.post(url, {**EVENT_POST, "sit_out_points": "99"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.sit_out_points, event.rounds.get()) == (99, round_)


# --- The admin: the same models, its own forms ------------------------------------------------


@pytest.fixture
def hand(event, players):
    round_ = Round.objects.create(event=event, number=1)
    table = Table.objects.create(round=round_, number=1, captain=players[0])
    for position, player in zip("NESW", players[:4], strict=True):
        Seat.objects.create(round=round_, table=table, position=position, player=player)
    return services.hand_record(table=table, number=1, data={"maker": "N", "tricks": 3})


def admin_form(admin_user, obj, **changes):
    """The admin's change form for `obj`, bound to its current values with `changes`."""
    model_admin = admin.site._registry[type(obj)]
    request = RequestFactory().get("/")
    request.user = admin_user
    form_class = model_admin.get_form(request, obj)
    data = {}
    for name, value in {**model_to_dict(obj), **changes}.items():
        if name not in form_class.base_fields:
            continue
        widget = form_class.base_fields[name].widget
        if isinstance(widget, MultiWidget):  # the admin's date and time, split in two
            parts = [value.date(), value.time()] if value else ["", ""]
            data.update({f"{name}_{i}": part for i, part in enumerate(parts)})
        elif value is None:
            data[name] = ""
        elif value is True or value is False:
            if value:
                data[name] = "on"
        else:
            data[name] = value
    return form_class(data, instance=obj)


@pytest.mark.parametrize(
    ("what", "field", "value", "message", "edge"),
    [
        ("club", "euchre", 10**15, HOUSE_RANGE, 10),
        ("club", "march", 70000, HOUSE_RANGE, 0),
        ("event", "sit_out_points", 99999999, SIT_OUT_RANGE, 99),
        ("event", "rounds_planned", 41, "At most 40 rounds: split a longer event in two.", 40),
        ("event", "hands_per_round", 0, "A round has at least 1 hand.", 1),
        ("round", "number", 70000, "Enter a number from 1 to 40.", 40),
        ("table", "number", 70000, "Enter a number from 1 to 32767.", 32767),
        ("hand", "number", 70000, "Enter a number from 1 to 32767.", 32767),
        ("hand", "tricks", 6, "The makers took 0 to 5 tricks: enter a number from 0 to 5.", 5),
    ],
)
def test_the_admin_refuses_what_the_columns_cannot_hold_with_the_same_words(
    admin_user, hand, what, field, value, message, edge
):
    obj = {
        "club": hand.table.round.event.club,
        "event": hand.table.round.event,
        "round": hand.table.round,
        "table": hand.table,
        "hand": hand,
    }[what]
    before = getattr(obj, field)
    form = admin_form(admin_user, obj, **{field: value})
    assert not form.is_valid()
    assert form.errors == {field: [message]}
    obj.refresh_from_db()
    assert getattr(obj, field) == before
    assert admin_form(admin_user, obj, **{field: edge}).is_valid()


def test_every_number_a_form_or_the_admin_writes_has_its_own_range_within_its_column():
    """The range comes from the field itself, never from the database's column, which is what
    made SQLite and PostgreSQL disagree."""
    # The app's own models; the libraries' (login attempts, users) the app never writes by hand.
    models_written = {m for m in admin.site._registry if m._meta.app_label in APPS} | {Club, Event}
    checked = []
    for model in models_written:
        for field in model._meta.get_fields():
            if not isinstance(field, models.IntegerField) or not field.editable:
                continue
            if field.primary_key or field.choices:
                continue
            own = field.deconstruct()[3].get("validators", [])
            lows = [v.limit_value for v in own if isinstance(v, MinValueValidator)]
            highs = [v.limit_value for v in own if isinstance(v, MaxValueValidator)]
            name = f"{model.__name__}.{field.name}"
            assert lows and highs, f"{name} has no range of its own"
            low, high = COLUMN[field.get_internal_type()]
            assert low <= max(lows) and min(highs) <= high, f"{name} overflows its column"
            checked.append(name)
    assert len(checked) >= 13


# --- Text longer than a column ----------------------------------------------------------------


def test_a_long_correction_reason_is_kept_whole(director_client, hand):
    reason = "The captain entered three tricks; " + "North-South took all five. " * 17
    assert 100 < len(reason) <= 500
    response = director_client.post(
        reverse("tournaments:hand-correct", args=[hand.pk]),
        {"maker": "N", "tricks": "5", "irregularity": "", "offending_side": "", "reason": reason},
    )
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.tricks == 5
    assert hand.history.latest("history_date").history_change_reason == reason.strip()


def test_a_long_reason_for_closing_a_round_early_is_kept_whole(director_client, hand):
    round_ = hand.table.round
    reason = "The hall closes at ten tonight and table one is still playing. " * 7
    assert 100 < len(reason) <= 500
    response = director_client.post(
        reverse("tournaments:round-close", args=[round_.pk]), {"reason": reason}
    )
    assert response.status_code == 302
    round_.refresh_from_db()
    assert round_.is_closed and round_.close_reason == reason.strip()
    assert round_.history.latest("history_date").history_change_reason == reason.strip()

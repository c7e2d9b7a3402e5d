"""The captain's pages read in hand-written SQL (tournaments/reads.py) and draw their widgets in
Python (tournaments/captain/forms.py): both must give exactly what Django's own ORM and widget
templates give, or the page would show something else than the director's pages."""

import datetime

import pytest
from django.forms.renderers import Jinja2
from django.urls import reverse
from django.utils import timezone

from clubs.models import Player
from tournaments import reads, services
from tournaments.captain.forms import WIDGETS, CaptainFixForm, CaptainHandForm
from tournaments.captain.views import _addresses
from tournaments.models import Hand, Round, Table, TableCard


@pytest.fixture
def table(event, players) -> Table:
    services.entries_add(event=event, players=players[:8])
    return services.round_seat(event=event, seed=1).tables.get(number=1)


def field_values(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def test_the_table_in_play_reads_as_the_orm_reads_it(table):
    # A confirmed table: its datetimes and booleans come back converted, as the ORM's do.
    confirmer = table.seats.get(position="E").player
    Table.objects.filter(pk=table.pk).update(confirmed_by=confirmer, confirmed_at=timezone.now())
    expected = Table.objects.select_related("round__event__club", "captain", "confirmed_by").get(
        pk=table.pk
    )
    card, tables = reads.tables_in_play(table.card().token)
    assert field_values(card) == field_values(TableCard.objects.get(pk=table.card().pk))
    assert [t.pk for t in tables] == [table.pk]
    (found,) = tables
    for ours, orms in [
        (found, expected),
        (found.round, expected.round),
        (found.round.event, expected.round.event),
        (found.round.event.club, expected.round.event.club),
        (found.captain, expected.captain),
        (found.confirmed_by, expected.confirmed_by),
        (card.club, expected.round.event.club),
    ]:
        assert type(ours) is type(orms)
        assert field_values(ours) == field_values(orms)
    assert isinstance(found.confirmed_at, datetime.datetime)
    assert found.confirmed_at.tzinfo is not None
    assert found.round.event.ruleset() == expected.round.event.ruleset()


def test_a_card_with_no_round_in_play_and_an_unknown_card(table):
    card = table.card()
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.CLOSED)
    found, tables = reads.tables_in_play(card.token)
    assert (found.pk, found.club.name, tables) == (card.pk, card.club.name, [])
    assert reads.tables_in_play("no-such-token") == (None, [])


def test_seats_hands_and_corrections_read_as_the_orm_reads_them(table, director):
    services.hand_record(table=table, number=1, data={"maker": "N", "tricks": 3})
    services.hand_record(table=table, number=2, data={"maker": "E", "tricks": 5, "alone": True})
    # A captain's fix is no director's correction: it has no user.
    seen = services.table_fingerprint(table.hands.order_by("number"))
    services.hand_fix(table=table, number=2, data={"maker": "E", "tricks": 4}, seen=seen)
    hand = table.hands.get(number=1)
    hand.tricks = 4
    hand._change_reason = "wrong tricks"
    hand._history_user = director
    hand.save()
    assert reads.seats(table) == {s.position: s.player for s in table.seats.all()}
    assert all(type(p) is Player for p in reads.seats(table).values())
    ours = reads.hands(table)
    assert [field_values(h) for h in ours] == [
        field_values(h) for h in Hand.objects.filter(table=table).order_by("number")
    ]
    ((table_id, number, when, reason),) = reads.corrections([table.pk])
    assert (table_id, number, reason) == (table.pk, 1, "wrong tricks")
    assert isinstance(when, datetime.datetime) and when.tzinfo is not None
    assert reads.corrections([]) == []


def test_the_page_addresses_are_the_url_patterns(table):
    card = table.card()
    addresses = _addresses(card, table)
    assert set(addresses) == {"table", "hand", "fix", "delete", "confirm", "send"}
    for name, address in addresses.items():
        expected = reverse(f"tournaments:captain-{name}", args=[card.token])
        assert address == f"{expected}?table={table.pk}"


def every_widget(form) -> list:
    """Each field's widget, each radio button on its own, and each label, as the page draws
    them."""
    drawn = []
    for field in form:
        drawn.append(str(field))
        drawn.append(str(field.label_tag()))
        if hasattr(field.field, "choices"):
            drawn.extend(str(option.tag()) for option in field)
            drawn.extend(str(option) for option in field)  # wrapped in its label
    return drawn


@pytest.mark.parametrize(
    "data",
    [
        None,  # the fresh form
        {"number": "3", "maker": "E", "alone": "on", "tricks": "5", "lone_defender": "N"},
        # refused: errors beside fields, the first problem focused
        {"number": "3", "maker": "X", "tricks": "9", "irregularity": "<b>&'\""},
        {"number": "3", "thrown_in": "True"},
    ],
)
@pytest.mark.parametrize("form_class", [CaptainHandForm, CaptainFixForm])
def test_the_widgets_drawn_in_python_match_djangos_templates(table, data, form_class):
    seats = reads.seats(table)
    # Names that need escaping, and a right-to-left one.
    seats["E"].name = 'Zoë "Z" <O\'Neil> & Co'
    seats["W"].name = "نور"

    def drawn(renderer):
        form = form_class(data, table=table, seats=seats, initial={"number": 3}, renderer=renderer)
        if data is not None:
            form.is_valid()
            form.focus_first_problem()
        return every_widget(form)

    ours, djangos = drawn(WIDGETS), drawn(Jinja2())
    assert len(ours) > 20
    assert ours == djangos
    assert any("&lt;O&#39;Neil&gt;" in html for html in ours)

"""The captain's table page reads in hand-written SQL (tournaments/reads.py) and draws its form
fields as plain HTML (templates/tournaments/captain/_inputs.jinja): both must give exactly what
Django's own ORM and widgets give, or the page would show, or post, something else."""

import datetime
import re
from html.parser import HTMLParser

import pytest
from django.db import connection
from django.forms import CheckboxInput, RadioSelect, Select
from django.template import engines
from django.urls import reverse
from django.utils import timezone

from clubs.models import Player
from tournaments import reads, services
from tournaments.captain.forms import CaptainFixForm, CaptainHandForm
from tournaments.captain.views import _addresses
from tournaments.models import Event, Hand, Round, Table, TableCard


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
    assert set(addresses) == {"table", "hand", "fix", "delete", "confirm", "send", "state"}
    for name, address in addresses.items():
        expected = reverse(f"tournaments:captain-{name}", args=[card.token])
        assert address == f"{expected}?table={table.pk}"


class Elements(HTMLParser):
    """The form elements of some HTML: (tag, attributes as a set, text) for every input,
    select and option, in order; labels are left aside (the page wraps radios its own way)."""

    def __init__(self, html: str):
        super().__init__()
        self.found: list = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if tag in ("input", "select", "option"):
            self.found.append([tag, frozenset(attrs), ""])

    def handle_data(self, data):
        if self.found and self.found[-1][0] == "option":
            self.found[-1][2] += data.strip()


def drawn_by_the_page(field, drawn) -> str:
    macros = engines["jinja2"].env.get_template("tournaments/captain/_inputs.jinja").module
    ours = drawn[field.name]
    if field.is_hidden:
        return str(macros.hidden(ours))
    widget = field.field.widget
    if isinstance(widget, RadioSelect):
        return str(macros.radios(ours))
    if isinstance(widget, CheckboxInput):
        return str(macros.checkbox(ours))
    assert isinstance(widget, Select), widget
    return str(macros.label(ours)) + str(macros.select(ours))


@pytest.mark.parametrize(
    "data",
    [
        None,  # the fresh form
        {"number": "3", "maker": "E", "alone": "on", "tricks": "5", "lone_defender": "N"},
        # refused: errors beside fields, the first problem focused
        {"number": "3", "maker": "X", "tricks": "9", "irregularity": "<b>&'\""},
        {"number": "3", "maker": "S", "tricks": "0", "irregularity": "revoke"},
        {"number": "3", "thrown_in": "True"},
    ],
)
@pytest.mark.parametrize("form_class", [CaptainHandForm, CaptainFixForm])
def test_the_page_draws_each_field_as_djangos_widget_does(table, data, form_class):
    seats = reads.seats(table)
    # Names that need escaping, and a right-to-left one.
    seats["E"].name = 'Zoë "Z" <O\'Neil> & Co'
    seats["W"].name = "نور"
    form = form_class(data, table=table, seats=seats, initial={"number": 3, "seen": "abc"})
    if data is not None:
        form.is_valid()
        form.focus_first_problem()
    compared, drawn = 0, form.drawn()
    for field in form:
        ours = Elements(drawn_by_the_page(field, drawn)).found
        djangos = Elements(str(field)).found
        assert ours == djangos, field.name
        compared += len(ours)
        if isinstance(field.field.widget, Select) and not isinstance(
            field.field.widget, RadioSelect
        ):
            label = field.label_tag()
            assert drawn_by_the_page(field, drawn).startswith(str(label)), field.name
    assert compared > 20
    if data and data.get("maker") == "X":
        # The state carries: the first problem is focused, every problem marked invalid.
        marked = Elements(drawn_by_the_page(form["maker"], drawn)).found
        assert all(("aria-invalid", "true") in attrs for _, attrs, _ in marked)
        assert all(("autofocus", None) in attrs for _, attrs, _ in marked)


def site_frame(html: str) -> str:
    """A page's frame from base.html: the head up to the stylesheet, and the site header."""
    head = re.search(r"<head>.*?euchre\.css.*?>", html, re.S).group(0)
    head = re.sub(r"<title>.*</title>", "", head)
    header = re.search(r'<header class="site">.*?</header>', html, re.S).group(0)
    return head + re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", header)


@pytest.mark.parametrize("logged_in", [False, True])
def test_the_captain_page_has_the_same_frame_as_every_other_page(
    client, director, table, logged_in
):
    """base.jinja mirrors base.html: the same head and site header, logged in or not."""
    if logged_in:
        client.force_login(director)
    captain = client.get(_addresses(table.card(), table)["table"]).content.decode()
    rules = client.get(reverse("tournaments:rules")).content.decode()
    # But for the login link's words, shorter on a captain's one-line header (issue 40).
    rules = rules.replace(">Directors: log in</a>", ">Log in</a>")
    assert site_frame(captain) == site_frame(rules)
    assert ("Log out" in site_frame(captain)) is logged_in


def test_the_captain_page_shows_messages_as_other_pages_do(client, table):
    services.hand_record(table=table, number=1, data={"maker": "N", "tricks": 3})
    hand = {"number": 2, "maker": "E", "tricks": "5", "action": "confirm"}
    response = client.post(_addresses(table.card(), table)["hand"], hand, follow=True)
    assert (
        '<ul class="messages"><li class="success">Hand 2 recorded: East-West march: 2 points.'
        in (response.content.decode())
    )


@pytest.mark.django_db
def test_the_table_in_play_is_planned_once_on_postgresql(table, club):
    """A captain's every request reads the table in play with a seven-table join, which
    PostgreSQL takes over a millisecond to plan and a tenth of one to run: prepared, it must be
    planned once (a generic plan), not afresh for each request, at a club whose past nights
    leave few rounds in play among many."""
    if connection.vendor != "postgresql":
        pytest.skip("prepared statements are PostgreSQL's")
    for night in range(30):
        past = Event.objects.create(
            club=club, name=f"Night {night}", date=datetime.date(2025, 1, 1), rounds_planned=12
        )
        rounds = Round.objects.bulk_create(
            Round(event=past, number=n, status=Round.Status.CLOSED) for n in range(1, 13)
        )
        Table.objects.bulk_create(
            Table(round=r, number=n, captain=table.captain) for r in rounds for n in range(1, 26)
        )
    token = table.card().token
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")  # as autovacuum would, after the nights were played
        cursor.execute("DEALLOCATE ALL")
        for _ in range(12):
            card, tables = reads.tables_in_play(token)
            assert [t.pk for t in tables] == [table.pk]
        cursor.execute(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements "
            "WHERE statement LIKE %s",
            ["%card.token%"],
        )
        [(generic, custom)] = cursor.fetchall()
    # Prepared at its third run; PostgreSQL then tries five custom plans before it settles.
    assert generic >= 4, (generic, custom)

"""The standings tables, the event's check-in list and the club's roster draw their rows
themselves (clubs/tables.py, QuickRows) rather than cell by cell through django-tables2's
template, for speed: the HTML must be django-tables2's own, cell for cell, whatever the names,
points, marks, sort and page."""

import re
from decimal import Decimal

import pytest
from django.template import RequestContext, Template
from django.test import RequestFactory

from tournaments.standings import (
    PlayerLine,
    Standings,
    TeamLine,
    pairs_key,
    progressive_key,
    rank,
)
from tournaments.tables import standings_tables

STOCK = "django_tables2/bootstrap5.html"
NAMES = [
    "Ada Baker",
    '<b>Bold</b> & "Quoted"',
    "שרה לוי",
    "Zoë O'Neil",
    "=HYPERLINK(1)",
]


def _players(count: int) -> list[PlayerLine]:
    lines = []
    for i in range(count):
        rounds = {1: (i * 7) % 13 - 3, 2: (i * 5) % 11, 3: Decimal("6.333") if i % 4 else 4}
        line = PlayerLine(
            100 + i,
            f"{NAMES[i % len(NAMES)]} {i // len(NAMES)}",
            rounds=rounds,
            lone_made=i % 3,
            euchred=i % 2,
        )
        if i % 4 == 0:
            line.sat_out = {3}
        if i % 9 == 0:
            line.missed = {1}
        lines.append(line)
    return rank(lines, progressive_key)


def _teams(count: int) -> list[TeamLine]:
    teams = [
        TeamLine(
            500 + i,
            f"{NAMES[i % len(NAMES)]} & partner",
            rounds={1: i % 10, 2: 10 - i % 10},
            games_won=i % 3,
            points_for=20 + i,
            points_against=25 - i % 7,
        )
        for i in range(count)
    ]
    return rank(teams, pairs_key)


def _tags_apart(html: str) -> str:
    # The two differ only in the blank lines and indents between tags, which no one sees.
    return re.sub(r">\s+<", "><", html).strip()


def _both(table, request) -> tuple[str, str]:
    quick = table.as_html(request)
    table.template_name = STOCK
    return _tags_apart(quick), _tags_apart(table.as_html(request))


@pytest.mark.parametrize(
    "query",
    ["", "?page=2", "?page=3", "?sort=-name", "?sort=total&page=2", "?sort=r3", "?page=999"],
)
def test_the_rows_are_django_tables2s_own(event, query):
    request = RequestFactory().get(f"/standings/{query}")
    standings = Standings(event=event, rounds=[1, 2, 3], in_play=[3], players=_players(120))
    table = standings_tables(request, standings)["players_table"]
    quick, stock = _both(table, request)
    assert quick == stock
    assert "<tbody" in quick and quick.count("<tr") > 15
    assert "<b>Bold" not in quick  # a name is text, never markup


def test_a_name_is_escaped_as_django_tables2_escapes_it(event):
    request = RequestFactory().get("/")
    standings = Standings(event=event, rounds=[1], in_play=[], players=_players(5))
    quick, stock = _both(standings_tables(request, standings)["players_table"], request)
    assert quick == stock
    assert "<bdi>&lt;b&gt;Bold&lt;/b&gt; &amp; &quot;Quoted&quot; 0</bdi>" in quick


def test_the_partnerships_rows_and_the_players_page_are_django_tables2s_own(event):
    request = RequestFactory().get("/?pairs-sort=-difference")
    standings = Standings(
        event=event, rounds=[1, 2], in_play=[], players=_players(10), teams=_teams(30)
    )
    tables = standings_tables(request, standings, lambda pk: f"/players/{pk}/", sortable=False)
    for table in tables.values():
        quick, stock = _both(table, request)
        assert quick == stock
        assert quick.count("<tr") > 10


def test_an_empty_table_says_so_as_django_tables2_does(event):
    request = RequestFactory().get("/")
    standings = Standings(event=event, rounds=[], in_play=[], players=[])
    quick, stock = _both(standings_tables(request, standings)["players_table"], request)
    assert quick == stock
    assert "No round seated yet." in quick


# --- The check-in list and the club's roster: model instances, a tick box, a form per row ----

_CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def _same_but_tokens(table, request) -> tuple[str, str]:
    # Each {% csrf_token %} is masked afresh: the token differs between any two drawings.
    quick, stock = _both(table, request)
    return _CSRF.sub("", quick), _CSRF.sub("", stock)


def _entries(club, event, count: int, *, pairs: bool = False):
    from clubs.models import Player
    from tournaments.models import Entry, Partnership

    entries = []
    for i in range(count):
        player = Player.objects.create(club=club, name=f"{NAMES[i % len(NAMES)]} {i}")
        partnership = None
        if pairs and i % 3:
            partnership = Partnership.objects.create(event=event, name=f"Pair <{i}>" * (i % 2))
        entries.append(
            Entry.objects.create(
                event=event, player=player, present=bool(i % 4), partnership=partnership
            )
        )
    return event.entries.select_related("player", "partnership")


@pytest.mark.parametrize("query", ["", "?page=2", "?sort=status", "?sort=-player&page=2"])
@pytest.mark.parametrize("exclude", [("partnership",), ("partnership", "present"), ()])
def test_the_check_in_rows_are_django_tables2s_own(club, event, query, exclude):
    from django_tables2 import RequestConfig

    from clubs.tables import pages_of
    from tournaments.tables import EntryTable

    request = RequestFactory().get(f"/events/{query}")
    table = EntryTable(_entries(club, event, 130, pairs=not exclude), exclude=exclude)
    RequestConfig(request, paginate={"paginator_class": pages_of(100)}).configure(table)
    quick, stock = _same_but_tokens(table, request)
    assert quick == stock
    assert quick.count("<tr") > 25
    assert "<b>Bold" not in quick


def test_an_empty_check_in_list_says_so_as_django_tables2_does(event):
    from tournaments.tables import EntryTable

    request = RequestFactory().get("/")
    quick, stock = _both(EntryTable([]), request)
    assert quick == stock
    assert "No one entered yet" in quick


@pytest.mark.parametrize("query", ["", "?page=2", "?sort=-active", "?sort=shown_publicly"])
def test_the_roster_rows_are_django_tables2s_own(club, query):
    from django_tables2 import RequestConfig

    from clubs.models import Player
    from clubs.tables import PlayerTable, pages_of

    for i in range(130):
        Player.objects.create(
            club=club,
            name=f"{NAMES[i % len(NAMES)]} {i}",
            email=f"p{i}@example.com" if i % 3 else "",
            phone="555 0100" if i % 2 else "",
            active=bool(i % 5),
            shown_publicly=bool(i % 7),
        )
    request = RequestFactory().get(f"/clubs/{query}")
    table = PlayerTable(club.players.all())
    RequestConfig(request, paginate={"paginator_class": pages_of(100)}).configure(table)
    # As the club page draws it: its cells' forms read the club from the page's context.
    page = Template("{% load render_table from django_tables2 %}{% render_table table %}")

    def drawn() -> str:
        html = page.render(RequestContext(request, {"club": club, "table": table}))
        return _CSRF.sub("", _tags_apart(html))

    quick = drawn()
    table.template_name = STOCK
    stock = drawn()
    assert quick == stock
    assert quick.count("<form") > 25
    assert "<b>Bold" not in quick


def test_a_check_in_tick_is_django_tables2s_own_tick_box(club, event):
    from django_tables2 import CheckBoxColumn

    from tournaments.tables import EntryTable

    table = EntryTable(_entries(club, event, 12))
    bound = table.columns["present"]
    for entry in table.data:
        quick = bound.column.render(value=entry.player.pk, bound_column=bound, record=entry)
        stock = CheckBoxColumn.render(
            bound.column, value=entry.player.pk, bound_column=bound, record=entry
        )
        assert quick == stock
        assert ('checked="checked"' in quick) == entry.present
        assert "<b>" not in quick


def test_the_roster_forms_are_django_tables2s_template_column_own(club, monkeypatch):
    from django_tables2 import TemplateColumn

    from clubs.models import Player
    from clubs.tables import PageTemplateColumn, PlayerTable

    for i, name in enumerate(NAMES):
        Player.objects.create(club=club, name=name, shown_publicly=bool(i % 2))
    request = RequestFactory().get("/clubs/")
    page = Template("{% load render_table from django_tables2 %}{% render_table table %}")

    def drawn() -> str:
        html = page.render(
            RequestContext(request, {"club": club, "table": PlayerTable(club.players.all())})
        )
        return _CSRF.sub("", _tags_apart(html))

    quick = drawn()
    monkeypatch.setattr(PageTemplateColumn, "render", TemplateColumn.render)
    assert quick == drawn()
    assert quick.count("<form") == len(NAMES)
    assert "Show initials only for &lt;b&gt;Bold&lt;/b&gt;" in quick

"""The standings tables draw their rows themselves (clubs/tables.py, QuickRows) rather than
cell by cell through django-tables2's template, for speed: the HTML must be django-tables2's
own, cell for cell, whatever the names, points, marks, sort and page."""

import re
from decimal import Decimal

import pytest
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

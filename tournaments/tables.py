from functools import partial

import django_tables2 as tables
from django.http import HttpRequest
from django.urls import reverse
from django.utils.encoding import force_str
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django_tables2 import RequestConfig
from django_tables2.rows import BoundRow
from django_tables2.utils import AttributeDict, signature

from clubs.tables import QUICK_ROWS, NameColumn, QuickRows, pages_of
from clubs.text import name_key

from .models import Entry, Hand
from .standings import Standings, fmt, fmt_place, fmt_round
from .text import minus, signed


class CheckInColumn(tables.CheckBoxColumn):
    """A tick per entrant, inside the check-in form; no select-all box (it needs JavaScript)."""

    header = "Here"

    def render(self, value, bound_column, record):
        # CheckBoxColumn's own tag (tests/test_quick_rows.py compares them), without what made
        # it the dearest cell of the check-in list: for each tick, its attributes' callables
        # called through signature inspection, and a format_html per attribute. Here the
        # callables take the record, as EntryTable's do.
        attrs = {"type": "checkbox", "name": bound_column.name, "value": value}
        if self.is_checked(value, record):
            attrs["checked"] = "checked"
        given = self.attrs.get("td__input") or self.attrs.get("input") or {}
        attrs.update((k, v(record) if callable(v) else v) for k, v in given.items())
        html = " ".join(
            f'{conditional_escape(k)}="{conditional_escape(v)}"'
            for k, v in attrs.items()
            if v is not None and k not in AttributeDict.blacklist
        )
        return mark_safe(f"<input {html} />")  # every name and value escaped above


class EntryTable(QuickRows, tables.Table):
    present = CheckInColumn(
        accessor="player__pk",
        checked=lambda value, record: record.present,
        # The name is in the next cell: a screen reader on the tick alone must still hear whose.
        attrs={"td__input": {"aria-label": lambda record: f"{record.player.name} is here"}},
    )
    # Sorted as a person reads names, "Élise" before "Zoë" (Player.sort_name).
    player = NameColumn(verbose_name="Player", order_by="player__sort_name")
    status = tables.Column(
        accessor="present", verbose_name="Checked in", orderable=True, order_by="-present"
    )
    partnership = NameColumn(
        verbose_name="Partnership", default="— no partner yet", order_by="partnership_id"
    )

    class Meta:
        model = Entry
        fields = ["present", "player", "status", "partnership"]
        order_by = "player"
        empty_text = "No one entered yet: add club players below."
        # A page of the check-in list is 100 rows of 4 cells: drawn in one pass (QuickRows).
        template_name = QUICK_ROWS

    def __init__(self, entries, **kwargs):
        # A list sorted in Python, so the player column sorts by Player.sort_name and any
        # other column's ties stay in that order; the view's queryset is read once, and its
        # cache serves the page's counts too.
        super().__init__(sorted(entries, key=lambda e: e.player.sort_name), **kwargs)

    def render_status(self, value):
        return "Checked in" if value else "Not here"


class HandTable(tables.Table):
    number = tables.Column(verbose_name="Hand")
    dealer = tables.Column(verbose_name="Dealer")
    description = tables.Column(verbose_name="What happened")
    ns_points = tables.Column(verbose_name="N-S", attrs={"td": {"class": "num"}})
    ew_points = tables.Column(verbose_name="E-W", attrs={"td": {"class": "num"}})
    correct = tables.Column(
        accessor="pk",
        # A column with an empty header is announced as nothing at all.
        verbose_name="Correction",
        linkify=lambda record: reverse("tournaments:hand-correct", args=[record.pk]),
    )

    class Meta:
        model = Hand
        fields = ["number", "dealer", "description", "ns_points", "ew_points", "correct"]
        orderable = False
        empty_text = "No hands entered yet."
        attrs = {"class": "hands"}

    def __init__(self, hands, *, seats=None, corrected=(), **kwargs):
        super().__init__(hands, **kwargs)
        self.seats = seats or {}
        self.corrected = set(corrected)  # hand numbers the director corrected

    def render_dealer(self, value, record):
        player = self.seats.get(record.dealer)
        return format_html("<bdi>{}</bdi>", player.name) if player else value

    def render_ns_points(self, value):
        return signed(value)

    def render_ew_points(self, value):
        return signed(value)

    def render_description(self, value, record):
        if record.number in self.corrected:
            return format_html('{} <em class="mark">(corrected by the director)</em>', value)
        return value

    def render_correct(self, value):
        return "Correct"


# --- Standings (tournaments/standings.py builds the rows; these only show them) ---------------


class PointsColumn(tables.Column):
    """Points as standings.fmt prints them, so the page, the CSV and the PDF agree."""

    def __init__(self, *args, cell_class: str = "num", short: str = "", **kwargs):
        # Each cell carries its column's name (or a `short` one): on a phone the players'
        # standings show the rounds under the name, each labelled, without the header row
        # (euchre.css).
        label = short or str(kwargs.get("verbose_name", ""))
        kwargs.setdefault(
            "attrs", {"td": {"class": cell_class, "data-label": label}, "th": {"class": "num"}}
        )
        super().__init__(*args, **kwargs)

    def render(self, value):
        return minus(fmt(value))

    def value(self, value):
        return fmt(value)


class RoundColumn(PointsColumn):
    """One round's points; a sit-out round is marked, its points being the sit-out rule's."""

    def __init__(self, number: int, **kwargs):
        self.number = number
        # No value is "empty" here: a round a late arrival missed still goes through
        # fmt_round (""), where django-tables2's as_values() would give None for it, and
        # the PDF cannot print None.
        super().__init__(
            accessor=f"r{number}", verbose_name=f"R{number}", empty_values=(), **kwargs
        )

    def render(self, value, record):
        return minus(fmt_round(record["line"], self.number))

    def value(self, value, record):
        return fmt_round(record["line"], self.number)


class RoundPointsColumn(RoundColumn):
    """One round's points alone, for the CSV: a number a spreadsheet can add ("6.3", never
    "6.3*"); which rounds were sat out or missed is a column of its own (MarkedRoundsColumn)."""

    def value(self, value, record):
        return fmt(record["line"].rounds.get(self.number))


class MarkedRoundsColumn(tables.Column):
    """The rounds a player sat out (`sat_out`) or missed arriving late (`missed`) that scored
    points, as "3 4": the CSV's stand-in for the mark beside those rounds on the page."""

    def __init__(self, rounds: str, **kwargs):
        self.rounds = rounds
        super().__init__(accessor="line", empty_values=(), orderable=False, **kwargs)

    def value(self, record):
        line = record["line"]
        marked = sorted(getattr(line, self.rounds))
        return " ".join(str(n) for n in marked if line.rounds.get(n) is not None)

    render = value


class PlaceColumn(tables.Column):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("attrs", {"td": {"class": "place"}})
        super().__init__(*args, **kwargs)

    def render(self, record):
        return fmt_place(record["line"])

    def value(self, record):
        return fmt_place(record["line"])


class StandingsTable(QuickRows, tables.Table):
    """Individual standings; the round columns are added per event (`round_columns`)."""

    place = PlaceColumn(verbose_name="Place")
    # Sorted by name as a person reads names, "Élise" before "Zoë" (text.name_key).
    name = NameColumn(
        verbose_name="Player", linkify=lambda record: record["url"](), order_by="sort_name"
    )
    total = PointsColumn(
        verbose_name="Total", order_by=("total", "lone_made", "-euchred"), cell_class="num total"
    )
    lone_made = PointsColumn(verbose_name="Loners made", short="Loners")
    euchred = PointsColumn(verbose_name="Euchred as makers", short="Euchred")

    class Meta:
        order_by = "place"
        empty_text = "No round seated yet."
        attrs = {"class": "standings"}
        template_name = QUICK_ROWS

    round_column = RoundColumn

    @classmethod
    def round_columns(cls, numbers) -> list[tuple[str, tables.Column]]:
        return [(f"r{n}", cls.round_column(n)) for n in numbers]

    def __init__(self, data, *, rounds=(), extra_columns=(), last_columns=(), **kwargs):
        super().__init__(
            data,
            extra_columns=[*self.round_columns(rounds), *extra_columns, *last_columns],
            sequence=(
                "place",
                "name",
                "...",
                "total",
                "lone_made",
                "euchred",
                *(name for name, _ in last_columns),
            ),
            **kwargs,
        )


class StandingsCsvTable(StandingsTable):
    """The standings as the CSV has them: numbers alone in the round columns, and the rounds
    sat out (or missed by a late arrival) in columns of their own at the end, their headers
    saying what those rounds scored."""

    round_column = RoundPointsColumn

    def __init__(self, data, *, sat_out_header="", missed_header="", **kwargs):
        last = []
        if sat_out_header:
            last.append(("sat_out", MarkedRoundsColumn("sat_out", verbose_name=sat_out_header)))
        if missed_header:
            last.append(("missed", MarkedRoundsColumn("missed", verbose_name=missed_header)))
        super().__init__(data, last_columns=last, **kwargs)


class TeamStandingsTable(QuickRows, tables.Table):
    """Pairs standings: games won, then points for minus against, then points for."""

    place = PlaceColumn(verbose_name="Place")
    name = NameColumn(verbose_name="Partnership", order_by="sort_name")
    # A bracket's (brackets/figures.py); no column for any other event.
    matches_won = PointsColumn(verbose_name="Matches won")
    games_won = PointsColumn(verbose_name="Games won")
    difference = PointsColumn(verbose_name="+/-")
    points_for = PointsColumn(verbose_name="Points for")
    points_against = PointsColumn(verbose_name="Points against")

    class Meta:
        order_by = "place"
        empty_text = "No round seated yet."
        attrs = {"class": "standings"}
        template_name = QUICK_ROWS

    def __init__(self, data, *, rounds=(), **kwargs):
        super().__init__(
            data,
            extra_columns=[
                (f"r{n}", PointsColumn(accessor=f"r{n}", verbose_name=f"R{n}", default=""))
                for n in rounds
            ],
            sequence=(
                "place",
                "name",
                "...",
                "matches_won",
                "games_won",
                "difference",
                "points_for",
                "points_against",
            ),
            **kwargs,
        )


# --- The standings tables, for the director's pages, the players' event page and the PDF ------


def player_rows(standings: Standings, player_url=None) -> list[dict]:
    """The table's rows; each name links to `player_url(player_id)`, by default the
    director's page of the player's night."""
    event = standings.event
    if player_url is None:
        # The address looked up once and each player's id set in its place: reverse() walks
        # the URL patterns again on each call, for each of the 50 names a page shows.
        mark = "9081726354"
        head, tail = reverse("tournaments:player-night", args=[event.pk, mark]).split(mark)

        def player_url(player_id: int) -> str:
            return f"{head}{player_id}{tail}"

    return [
        {
            "line": line,
            "place": line.place,
            "name": line.name,
            "sort_name": name_key(line.name),
            # Made for the rows shown only (a page of 50 of 400): a link costs a reverse().
            "url": partial(player_url, line.player_id),
            "total": line.total,
            "lone_made": line.lone_made,
            "euchred": line.euchred,
            **{f"r{n}": points for n, points in line.rounds.items()},
        }
        for line in standings.players
    ]


def team_rows(standings: Standings) -> list[dict]:
    return [
        {
            "line": line,
            "place": line.place,
            "name": line.name,
            "sort_name": name_key(line.name),
            "matches_won": line.matches_won,
            "games_won": line.games_won,
            "difference": line.difference,
            "points_for": line.points_for,
            "points_against": line.points_against,
            **{f"r{n}": points for n, points in line.rounds.items()},
        }
        for line in standings.teams or []
    ]


# Standings rows a page: a row is 15 or more cells with the round columns, and 50 rows keep
# a 400-player night's page as quick as a club night's (bench/pages.py).
STANDINGS_PAGE = 50


def standings_tables(
    request: HttpRequest | None, standings: Standings, player_url=None, *, sortable=None
) -> dict:
    """The standings tables. With the request, a page at a time (?page=), and sortable unless
    told otherwise (the players' page, where sort arrows would only confuse); without it, whole
    and in place order (the PDF)."""
    sortable = request is not None if sortable is None else sortable
    # A bracket's "rounds" are its games, each played by two teams: no column for each.
    rounds = () if standings.event.is_bracket else standings.rounds
    players = StandingsTable(player_rows(standings, player_url), rounds=rounds, orderable=sortable)
    teams = (
        TeamStandingsTable(
            team_rows(standings),
            rounds=rounds,
            orderable=sortable,
            exclude=() if standings.event.is_bracket else ("matches_won",),
        )
        if standings.is_pairs
        else None
    )
    if request is not None:
        paginate = {"paginator_class": pages_of(STANDINGS_PAGE)}
        RequestConfig(request, paginate=paginate).configure(players)
        if teams is not None:
            # Two tables on one page: each needs its own sort and page parameters.
            teams.prefix = "pairs-"
            RequestConfig(request, paginate=paginate).configure(teams)
    return {"players_table": players, "teams_table": teams}


def let_go(*tables: tables.Table | None) -> None:
    """Free at once the rows of tables that are done with (a page drawn, a download's values
    read). A django-tables2 table and its data refer to each other, so its rows (a
    1,600-player night's lines, 11,000 objects) otherwise wait for Python's cycle collector,
    which then spends milliseconds on them in whichever request comes next."""
    for table in tables:
        if table is not None:
            table.data.data = []


# What django-tables2 offers a column's value function for each cell (BoundRow).
CELL_ARGUMENTS = ("value", "record", "column", "bound_column", "bound_row", "table")


def table_values(table: tables.Table) -> list[list]:
    """`list(table.as_values())` (the header, then each row's export values) for a table of
    dict rows, such as the standings: the same columns, value functions and empty values.
    django-tables2 reads a value function's signature again for every cell (inspect.signature):
    at 400 players that was half the standings PDF's time. Here it is read once a column, and
    each cell calls the function as django-tables2 would."""
    columns = [c for c in table.columns.iterall() if not c.column.exclude_from_export]
    calls = []
    for bound in columns:
        wanted, catch_all = signature(bound.value)
        if catch_all:
            names = CELL_ARGUMENTS
        elif all(name in CELL_ARGUMENTS for name in wanted):
            names = wanted
        else:
            names = None  # asks for what no cell is given: as_values() gives None
        calls.append((bound, names))
    values = [[force_str(bound.header, strings_only=True) for bound in columns]]
    # A row's BoundRow only for a value function that asks for it: each one and its cell
    # accessor refer to each other, 3,200 objects at 1,600 players for the collector to find.
    bound_rows = any(names and "bound_row" in names for _, names in calls)
    for record in table.data:  # in the table's order, as table.rows gives them
        if not isinstance(record, dict):
            # A model's row may show a field's choice label, which as_values() looks up.
            raise TypeError(f"table_values() reads dict rows, not {type(record).__name__}")
        row = BoundRow(record, table=table) if bound_rows else None
        cells = []
        for bound, names in calls:
            try:
                value = bound.accessor.resolve(record)
            except Exception:  # as as_values(): a key the row lacks is no value
                value = None
            if names is None or value in bound.column.empty_values:
                cells.append(None)
                continue
            given = {
                "value": value,
                "record": record,
                "column": bound.column,
                "bound_column": bound,
                "bound_row": row,
                "table": table,
            }
            cells.append(force_str(bound.value(**{n: given[n] for n in names}), strings_only=True))
        values.append(cells)
    return values

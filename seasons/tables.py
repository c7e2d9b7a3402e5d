"""The season's table, as the director's page shows it; its CSV and PDF are the same table's
values, so the three agree to the character."""

import django_tables2 as tables

from clubs.tables import QUICK_ROWS, NameColumn, QuickRows
from clubs.text import name_key
from tournaments.tables import PointsColumn

from . import counting


class PlaceColumn(tables.Column):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("attrs", {"td": {"class": "place"}})
        super().__init__(*args, **kwargs)

    def render(self, record):
        return counting.fmt_place(record["line"])

    def value(self, record):
        # A spreadsheet gets words where the page shows a dash.
        return counting.fmt_place(record["line"]).replace("—", "not ranked")


class ScoreColumn(PointsColumn):
    def render(self, value):
        return counting.fmt(value)

    def value(self, value):
        return counting.fmt(value)


class SeasonTable(QuickRows, tables.Table):
    # Its rows drawn in one pass (clubs/tables.py, QuickRows): a page is 100 rows of 7 cells.
    place = PlaceColumn(verbose_name="Place", order_by="order")
    name = NameColumn(verbose_name="Player", order_by="sort_name")
    events = PointsColumn(verbose_name="Nights")
    score = ScoreColumn(verbose_name="Total", order_by=("score", "order"))
    total = PointsColumn(verbose_name="All nights' points")
    lone_made = PointsColumn(verbose_name="Loners made")
    euchred = PointsColumn(verbose_name="Euchred as makers")

    class Meta:
        order_by = "place"
        empty_text = "No rounds played in these dates."
        attrs = {"class": "standings"}
        template_name = QUICK_ROWS

    def __init__(self, data, *, score_words: str = "Total", **kwargs):
        super().__init__(data, **kwargs)
        # The season's number is named as the club counts it ("Best 10 nights").
        self.columns["score"].column.verbose_name = score_words


def season_rows(lines: list[counting.SeasonLine]) -> list[dict]:
    return [
        {
            "line": line,
            "order": i,
            "place": i,
            "name": line.name,
            "sort_name": name_key(line.name),
            "events": line.played,
            "score": line.score,
            "total": line.total,
            "lone_made": line.lone_made,
            "euchred": line.euchred,
        }
        for i, line in enumerate(lines)
    ]


def season_table(season, **kwargs) -> SeasonTable:
    exclude = ("total",) if season.rules.counting == counting.TOTAL else ()
    return SeasonTable(
        season_rows(season.lines), score_words=season.score_words, exclude=exclude, **kwargs
    )

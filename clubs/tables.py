from html import escape as escape_text

import django_tables2 as tables
from django.core.paginator import Paginator
from django.template.loader import get_template
from django.utils.formats import localize
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django_tables2.utils import Accessor, AttributeDict, signature

from .models import Player


class NameColumn(tables.Column):
    """A person's name (or a partnership's), in <bdi> on the page so a right-to-left name
    cannot turn the cells' punctuation around it; as plain text in a CSV or a PDF."""

    def render(self, value):
        return format_html("<bdi>{}</bdi>", value)

    def value(self, value):
        return str(value)


QUICK_ROWS = "tables/quick_rows.html"


class QuickRows:
    """A django-tables2 table whose rows are drawn here, in one pass, rather than cell by cell
    through the template: the same HTML, a fraction of the time. For each of its cells
    django-tables2 inspects the column's render method's signature and rebuilds the column's
    attributes; a standings page is 50 rows of 17 cells, and those two were most of its time.
    Here both are worked out once per column. For tables whose <td> attributes are fixed (no
    callables; a cell's own content may still depend on its record, as the check-in list's
    tick box does): the standings and the season's, the event's check-in list, the club's
    roster. tests/test_quick_rows.py checks each against django-tables2's own drawing. A table
    using it names QUICK_ROWS as its Meta.template_name."""

    def quick_body(self) -> SafeString:
        columns = [_QuickColumn(self, column) for column in self.columns]
        html = [f"<tbody {AttributeDict(self.attrs.get('tbody', {})).as_html()}>"]
        for row in self.paginated_rows:
            html.append(f"<tr {row.attrs.as_html()}>")
            html += [f"<td {c.td}>{c.cell(row)}</td>" for c in columns]
            html.append("</tr>")
        if len(html) == 1 and self.empty_text:
            empty = conditional_escape(self.empty_text)
            html.append(f'<tr><td colspan="{len(columns)}">{empty}</td></tr>')
        html.append("</tbody>")
        return mark_safe("\n".join(html))  # every cell and attribute escaped above


class _QuickColumn:
    """What django-tables2 works out for every cell of a column, worked out once."""

    def __init__(self, table, bound_column):
        self.bound = bound_column
        self.column = bound_column.column
        self.table = table
        self.accessor = Accessor(bound_column.accessor)
        self.key = str(self.accessor)
        self.td = bound_column.attrs["td"].as_html()
        self.args, self.any_args = signature(bound_column.render)
        # Whether every argument the render method asks for is one a cell is given.
        self.callable = self.any_args or all(arg in CELL_ARGUMENTS for arg in self.args)
        self.render = bound_column.render
        self.link = bound_column.link
        self.empty_values = self.column.empty_values
        self.default = bound_column.default
        self.empty = conditional_escape(self.default)  # an empty cell's, the same each time

    def cell(self, row) -> str:
        # As django-tables2's BoundRow.get_cell: the value by the accessor, the column's
        # default for an empty one, else its render method (and link), escaped as {{ cell }}.
        record = row.record
        if isinstance(record, dict) and self.key in record:
            # Accessor.resolve's own first step for a dict row that has the key, taken here.
            value = record[self.key]
        else:
            try:
                value = self.accessor.resolve(record)
            except Exception:
                value = None
        if value in self.empty_values:
            return self.empty
        given = {
            "value": value,
            "record": record,
            "column": self.column,
            "bound_column": self.bound,
            "bound_row": row,
            "table": self.table,
        }
        if self.any_args:
            content = self.render(**given)
        elif self.callable:
            content = self.render(**{arg: given[arg] for arg in self.args})
        else:
            content = None  # as django-tables2 does for a method wanting what it lacks
        if self.link:
            content = self.link(content, **given)
        # What {{ cell }} writes, conditional_escape(localize(content)), without the check for
        # lazy text that Django's escaping functions make on each call (it cost more than the
        # escaping, 850 cells a page): markup (format_html's) as it is, a number localized,
        # plain text escaped as django.utils.html.escape writes it.
        if type(content) is SafeString:
            return content
        if type(content) is not str:
            content = localize(content)
            if type(content) is not str:
                return conditional_escape(content)
        return escape_text(content)


class PageTemplateColumn(tables.TemplateColumn):
    """A TemplateColumn whose template is drawn inside the page's own context, as an
    {% include %} is. django-tables2 flattens the page's whole context for each cell and
    makes a new one from it, running every context processor again: on a roster page of 100
    rows, most of the page's time. The same template and variables, so the same HTML (but
    for the CSRF token, masked once for the page rather than once per form); outside
    {% render_table %} (no page context) it is django-tables2's own drawing."""

    def render(self, record, table, value, bound_column, **kwargs):
        page = getattr(table, "context", None)
        if page is None or self.template_code:
            return super().render(record, table, value, bound_column, **kwargs)
        context = self.get_context_data(
            record=record, table=table, value=value, bound_column=bound_column, **kwargs
        )
        with page.update(context):
            return get_template(self.template_name).template.render(page)


# What django-tables2 gives a column's render method for each cell (BoundRow._call_render).
CELL_ARGUMENTS = ("value", "record", "column", "bound_column", "bound_row", "table")


def pages_of(size: int) -> type[Paginator]:
    """A paginator of `size` rows a page, whatever the address says: django-tables2 hands
    ?per_page= to the paginator as typed, and a negative number crashed the page. Big tables
    come a page at a time because each cell costs django-tables2 some 50 µs to draw: the
    standings of a 400-player night are 7,200 cells, a third of a second."""

    class Pages(Paginator):
        def __init__(self, object_list, per_page, *args, **kwargs):
            super().__init__(object_list, size, *args, **kwargs)

    return Pages


class RosterNameColumn(NameColumn):
    """A roster's name, a link to the director's page of the player (rename, retire, merge)
    when the table knows its address (`player_address`, the player's id as "{}")."""

    def render(self, value, record, table):
        address = getattr(table, "player_address", None)
        if address is None:
            return super().render(value)
        return format_html('<a href="{}"><bdi>{}</bdi></a>', address.format(record.pk), value)


class PlayerTable(QuickRows, tables.Table):
    # The players' pages' address, "…/players/{}/": set by the roster page.
    player_address: str | None = None
    # Sorted as a person reads names, "Élise" before "Zoë" (Player.sort_name).
    name = RosterNameColumn(order_by="sort_name")
    # Sorted by the database, one page at a time (a big club has 20,000 players); players
    # with the same email, phone or state stay in name order.
    email = tables.EmailColumn(verbose_name="Email", order_by=("email", "sort_name"))
    phone = tables.Column(verbose_name="Phone", order_by=("phone", "sort_name"))
    # For a player who asks: public pages show their initials only, and no page of theirs.
    shown_publicly = PageTemplateColumn(
        template_name="clubs/_shown_publicly.html",
        verbose_name="Public pages",
        order_by=("shown_publicly", "sort_name"),
    )

    class Meta:
        model = Player
        # No "active" column: the roster lists the players still playing, and the retired
        # players apart (RetiredTable).
        fields = ["name", "email", "phone", "shown_publicly"]
        order_by = "name"
        empty_text = "No players yet: add them one at a time or paste the whole list below."
        # A page of the roster is 100 rows of 4 cells: drawn in one pass (QuickRows).
        template_name = QUICK_ROWS


class RetiredTable(QuickRows, tables.Table):
    """The retired players: off the roster's main list and the players a night adds, each with
    every night of their history, and a button to bring them back."""

    # The name and its button in one cell, the button wrapping under the name on a phone
    # with big text rather than off the side of the table.
    name = PageTemplateColumn(template_name="clubs/_bring_back.html", order_by="sort_name")

    class Meta:
        model = Player
        fields = ["name"]
        order_by = "name"
        empty_text = "No retired players."
        template_name = QUICK_ROWS

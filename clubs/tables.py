import django_tables2 as tables
from django.core.paginator import Paginator
from django.utils.html import format_html

from .models import Player


class NameColumn(tables.Column):
    """A person's name (or a partnership's), in <bdi> on the page so a right-to-left name
    cannot turn the cells' punctuation around it; as plain text in a CSV or a PDF."""

    def render(self, value):
        return format_html("<bdi>{}</bdi>", value)

    def value(self, value):
        return str(value)


def pages_of(size: int) -> type[Paginator]:
    """A paginator of `size` rows a page, whatever the address says: django-tables2 hands
    ?per_page= to the paginator as typed, and a negative number crashed the page. Big tables
    come a page at a time because each cell costs django-tables2 some 50 µs to draw: the
    standings of a 400-player night are 7,200 cells, a third of a second."""

    class Pages(Paginator):
        def __init__(self, object_list, per_page, *args, **kwargs):
            super().__init__(object_list, size, *args, **kwargs)

    return Pages


class PlayerTable(tables.Table):
    # Sorted as a person reads names, "Élise" before "Zoë" (Player.sort_name).
    name = NameColumn(order_by="sort_name")
    # Sorted by the database, one page at a time (a big club has 20,000 players); players
    # with the same email, phone or state stay in name order.
    email = tables.EmailColumn(verbose_name="Email", order_by=("email", "sort_name"))
    phone = tables.Column(verbose_name="Phone", order_by=("phone", "sort_name"))
    active = tables.BooleanColumn(
        verbose_name="Active", yesno="yes,no", order_by=("active", "sort_name")
    )
    # For a player who asks: public pages show their initials only, and no page of theirs.
    shown_publicly = tables.TemplateColumn(
        template_name="clubs/_shown_publicly.html",
        verbose_name="Public pages",
        order_by=("shown_publicly", "sort_name"),
    )

    class Meta:
        model = Player
        fields = ["name", "email", "phone", "active", "shown_publicly"]
        order_by = "name"
        empty_text = "No players yet: add them one at a time or paste the whole list below."

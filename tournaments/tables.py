import django_tables2 as tables
from django.urls import reverse

from .models import Entry, Hand


class CheckInColumn(tables.CheckBoxColumn):
    """A tick per entrant, inside the check-in form; no select-all box (it needs JavaScript)."""

    header = "Here"


class EntryTable(tables.Table):
    present = CheckInColumn(accessor="player__pk", checked=lambda value, record: record.present)
    player = tables.Column(verbose_name="Player", order_by="player__name")
    status = tables.Column(
        accessor="present", verbose_name="Checked in", orderable=True, order_by="-present"
    )
    partnership = tables.Column(verbose_name="Partnership", default="— no partner yet")

    class Meta:
        model = Entry
        fields = ["present", "player", "status", "partnership"]
        order_by = "player"
        empty_text = "No one entered yet: add club players below."

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
        verbose_name="",
        linkify=lambda record: reverse("tournaments:hand-correct", args=[record.pk]),
    )

    class Meta:
        model = Hand
        fields = ["number", "dealer", "description", "ns_points", "ew_points", "correct"]
        orderable = False
        empty_text = "No hands entered yet."

    def render_correct(self, value):
        return "Correct"

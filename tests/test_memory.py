"""What a server holds on to after a page: nothing of the page's context (config/templates.py)
nor of its tables' rows (tournaments/tables.let_go),
so a big night's pages are freed as they end, not by Python's collector later."""

import gc
import weakref

from django.template import engines
from django.test import RequestFactory


class Night:
    """Stands in for what a page's context holds: the standings, a movement's report."""

    name = "Tuesday progressive"


def test_a_drawn_pages_context_is_freed_at_once_not_left_to_the_collector():
    template = engines["django"].from_string(
        "{% for night in nights %}{% with name=night.name %}{{ name }}{% endwith %}{% endfor %}"
    )
    night = Night()
    alive = weakref.ref(night)
    gc.disable()  # only what reference counting frees counts
    try:
        html = template.render({"nights": [night]}, request=RequestFactory().get("/"))
        del night
        assert html == "Tuesday progressive"
        assert alive() is None
    finally:
        gc.enable()


def _left_for_the_collector(ask) -> int:
    """How many of the night's standings lines `ask()` leaves in reference cycles, for
    Python's collector to find later (and freeze a later request while it does)."""
    from tournaments.standings import PlayerLine

    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what the collector finds is kept in gc.garbage to count
    try:
        ask()
        gc.collect()
        # type(), not isinstance(): a lazy object in the garbage would be worked out by it.
        return sum(type(o) is PlayerLine for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


def test_the_standings_downloads_and_pages_let_their_rows_go(director_client, club):
    """A django-tables2 table and its data refer to each other: each view lets go of its
    tables' rows once drawn (tables.let_go), so a big night's lines are freed as the page
    ends. 200 players here: at most the page's 50 are left, with its paginator."""
    from django.urls import reverse
    from test_standings import bulk_event

    event = bulk_event(club, tables=50, rounds=2, hands=1)
    for name, most in [
        ("tournaments:standings", 50),
        ("tournaments:standings-csv", 0),
        ("tournaments:printout-standings", 0),
    ]:
        url = reverse(name, args=[event.pk])

        def ask(url=url):
            response = director_client.get(url)
            assert response.status_code == 200
            b"".join(response) if response.streaming else response.content
            # The test client keeps a copy of each context drawn on its response, which a
            # server never makes: not counted.
            response.context = None

        left = _left_for_the_collector(ask)
        assert left <= most, (name, left)


def test_a_pdf_is_freed_as_it_is_made():
    """A PDF's document and canvas refer to each other, and each page's state to the list of
    pages: printouts' layout.build parts them, so none of the PDF's objects is left to the
    collector (19,000 for 1,600 players' tally cards)."""
    import datetime

    from reportlab.pdfbase.pdfdoc import PDFPage
    from reportlab.platypus import PageBreak, Paragraph

    from tournaments.printouts.layout import STYLES, DocInfo, build

    info = DocInfo(
        title="Standings", club="Maple Club", event="Tuesday", date=datetime.date(2026, 11, 28)
    )
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        body = STYLES["Body"]
        pdf = build(info, [Paragraph("Page one", body), PageBreak(), Paragraph("Two", body)])
        gc.collect()
        left = sum(type(o) is PDFPage for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert pdf.startswith(b"%PDF")
    assert left == 0

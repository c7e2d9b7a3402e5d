"""The cash sheet (page, PDF, CSV: the same rows, money/sheet_rows.py) and the club's money
over time (page with the currency setting, CSV), all for the club's directors only
(money/access.py: a 404 for anyone else). Every figure is the night's ledger's
(money/night.py `night_ledger`)."""

import io

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django_tables2 import RequestConfig

from clubs.roles import Right
from money.access import club_for_director, event_for_director
from money.club_money import CurrencyForm, NightsTable, carried_now, club_nights, nights_csv_table
from money.models import ClubMoney
from money.night import night_ledger
from money.sheet_csv import csv_download, sheet_table
from money.sheet_pdf import sheet_pdf as render_sheet_pdf
from money.sheet_rows import ledger_rows
from tournaments.printouts.layout import DocInfo


def _file_name(event, what: str) -> str:
    return f"{slugify(event.name)}-{event.date:%Y-%m-%d}-{what}"


def _ready(request: HttpRequest, pk: int):
    """The event's ledger and its sheet's rows; a 404 (with the reason) while not ready, for
    the downloads, whose links the page shows only once it is."""
    event = event_for_director(request, pk)
    ledger = night_ledger(event)
    rows = ledger_rows(ledger)
    if rows is None:
        raise Http404(ledger.error or ledger.waiting)
    return event, rows


@login_required
def sheet_page(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_for_director(request, pk)
    ledger = night_ledger(event)
    rows = ledger_rows(ledger)
    context = {
        "event": event,
        "ledger": ledger,
        "rows": rows,
        "sides": [rows.section("in"), rows.section("out")] if rows else [],
        "details": [s for s in rows.sections if s.key not in ("in", "out")] if rows else [],
    }
    return render(request, "money/sheet.html", context)


@login_required
def sheet_pdf(request: HttpRequest, pk: int) -> FileResponse:
    event, rows = _ready(request, pk)
    info = DocInfo(
        club=event.club.name,
        event=event.name,
        date=event.date,
        title="Cash sheet",
        paper=event.club.paper_size,
        date_style=event.club.date_style,
    )
    content = render_sheet_pdf(info, rows)
    # Inline: the browser shows it, and its own print button prints it.
    return FileResponse(
        io.BytesIO(content),
        as_attachment=False,
        filename=_file_name(event, "cash-sheet.pdf"),
        content_type="application/pdf",
    )


@login_required
def sheet_csv(request: HttpRequest, pk: int) -> HttpResponse:
    event, rows = _ready(request, pk)
    return csv_download(sheet_table(rows), _file_name(event, "cash-sheet.csv"))


@login_required
def club_page(request: HttpRequest, slug: str) -> HttpResponse:
    # The nights' sheets are for the club's staff; its currency is the club's setting.
    right = Right.RUN_NIGHTS if request.method in ("GET", "HEAD") else Right.CHANGE_SETTINGS
    club = club_for_director(request, slug, right)
    money = ClubMoney.of(club)
    form = CurrencyForm(request.POST or None, instance=money, club=club)
    if request.method == "POST" and form.is_valid():
        form.save()
        chosen = dict(form.fields["currency"].choices)[form.instance.currency]
        messages.success(
            request, f"Saved: the club plays for {chosen}, on every page and printout."
        )
        return redirect("money:club", slug=club.slug)
    nights = club_nights(club)
    table = NightsTable(nights)
    RequestConfig(request, paginate={"per_page": NightsTable.PER_PAGE}).configure(table)
    return render(
        request,
        "money/club.html",
        {
            "club": club,
            "form": form,
            "table": table,
            "nights": nights,
            "carried": carried_now(nights),
        },
    )


@login_required
def club_csv(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_for_director(request, slug)
    nights = club_nights(club)
    table = nights_csv_table(nights, ClubMoney.of(club).currency)
    return csv_download(table, f"{club.slug}-money-nights.csv")

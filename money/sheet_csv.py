"""The cash sheet and the club's nights for a spreadsheet: the sheet's own rows
(money/sheet_rows.py), the amounts as machine decimals ("12.50") with the currency's code, and
every cell a player could have typed guarded against formula injection, as the app's other
CSVs are (tournaments/standings_views.spreadsheet_safe)."""

import csv

from django.http import HttpResponse

from tournaments.standings_views import spreadsheet_safe

from .sheet_rows import SheetRows

SHEET_HEADER = ["section", "label", "player", "amount", "currency"]


def sheet_table(rows: SheetRows) -> list[list[str]]:
    """Header first; one line a row of each section, then the balance."""
    out = [list(SHEET_HEADER)]
    for section in rows.sections:
        for row in section.rows:
            amount = rows.decimal(row)
            out.append(
                [section.title, row.label, row.player, amount, rows.currency if amount else ""]
            )
    out.append(["Balance", rows.balance, "", "", ""])
    return out


def csv_download(table: list[list[str]], filename: str) -> HttpResponse:
    """The header as the app writes it; every other cell through the formula guard (a plain
    decimal such as "-4.00" stays a number)."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    writer = csv.writer(response)
    writer.writerow(table[0])
    for line in table[1:]:
        writer.writerow([spreadsheet_safe(cell) for cell in line])
    return response

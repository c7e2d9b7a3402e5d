"""`manage.py money_report --event <pk> [--json]`: a night's cash sheet for other programs
(--json: the ledger's own `as_json()`, amounts as decimal strings) or for a person (the
sheet's rows as text, the same rows as the page, the PDF and the CSV: money/sheet_rows.py).
An unknown event, or a sheet not ready (the standings not final, settings that do not go
together), is an error saying why, with a non-zero exit."""

import json

from django.core.management.base import BaseCommand, CommandError

from clubs import dates
from money.night import night_ledger
from money.sheet_rows import ledger_rows
from tournaments.models import Event


class Command(BaseCommand):
    help = "Print a night's cash sheet: as JSON for other programs (--json), or as text."

    def add_arguments(self, parser):
        parser.add_argument("--event", required=True, help="The event's number (its pk).")
        parser.add_argument(
            "--json", action="store_true", help="The ledger as JSON, amounts as decimal strings."
        )

    def handle(self, *args, **options):
        raw = str(options["event"]).strip()
        if not raw.isdigit():
            raise CommandError(f"--event takes an event's number, such as 12, not {raw!r}.")
        event = Event.objects.select_related("club").filter(pk=int(raw)).first()
        if event is None:
            raise CommandError(f"There is no event {raw}: check the number on the event's page.")
        ledger = night_ledger(event)
        rows = ledger_rows(ledger)
        if rows is None:
            why = ledger.error or ledger.waiting
            raise CommandError(f"The cash sheet of {event.name} is not ready: {why}")
        if options["json"]:
            self.stdout.write(json.dumps(ledger.sheet.as_json(), indent=2, ensure_ascii=False))
            return
        self.stdout.write(text_sheet(event, rows))


def text_sheet(event, rows) -> str:
    """The sheet's rows as plain text: label, player and amount, the amounts right-aligned."""
    # For people: the date as the club writes it (clubs/dates.py); the JSON keeps machine values.
    when = dates.day(event.date, event.club.date_style)
    lines = [f"Cash sheet: {event.club.name}, {event.name}, {when}", ""]
    width = max((len(_what(row)) for section in rows.sections for row in section.rows), default=20)
    amount = max((len(row.amount) for s in rows.sections for row in s.rows), default=8)
    for section in rows.sections:
        lines.append(section.title)
        lines.append("-" * len(section.title))
        for row in section.rows:
            lines.append(f"  {_what(row):<{width}}  {row.amount:>{amount}}".rstrip())
        if section.note:
            lines.append(f"  ({section.note})")
        lines.append("")
    lines += [rows.balance, "", "The rules tonight:"]
    lines += [f"- {rule}" for rule in rows.rules]
    return "\n".join(lines)


def _what(row) -> str:
    return f"{row.label}: {row.player}" if row.player else row.label

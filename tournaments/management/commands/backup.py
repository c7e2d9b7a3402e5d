"""`manage.py backup PATH`: a whole, consistent backup, safe while a night is in play
(config/backups.py says how, for SQLite and for PostgreSQL)."""

import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from config import backups


class Command(BaseCommand):
    # It needs the database alone: no check of views or URLs may stand between a club and its
    # backup, and the schedule's every few minutes pays no start-up for them.
    requires_system_checks = []
    help = (
        "Back up the database to PATH while captains keep entering hands. PATH appears only "
        "once the backup is complete."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="the backup file to write, e.g. backups/euchre.backup")

    def handle(self, *args, path, **options):
        path = Path(path)
        start = time.perf_counter()
        try:
            backups.backup(connection, path)
        except backups.BackupError as exc:
            raise CommandError(str(exc)) from exc
        seconds = time.perf_counter() - start
        size = path.stat().st_size / 1_000_000
        self.stdout.write(f"Backup written to {path}: {size:.1f} MB in {seconds:.2f} s.")

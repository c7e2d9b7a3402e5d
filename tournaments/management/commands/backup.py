"""`manage.py backup PATH`: a whole, consistent backup, safe while a night is in play
(config/backups.py says how, for SQLite and for PostgreSQL)."""

import datetime
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from config import backups

PREFIX = "euchre-"  # the backups this command names itself


class Command(BaseCommand):
    # It needs the database alone: no check of views or URLs may stand between a club and its
    # backup, and the schedule's every few minutes pays no start-up for them.
    requires_system_checks = []
    help = (
        "Back up the database to PATH while captains keep entering hands. PATH appears only "
        "once the backup is complete."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "path",
            nargs="?",
            help="the backup file to write, e.g. backups/euchre.backup; without it, a new "
            "file named by the time in the data folder's backups/",
        )
        parser.add_argument(
            "--keep",
            type=int,
            metavar="N",
            help="with no PATH: keep the newest N backups there and delete older ones",
        )

    def handle(self, *args, path, keep, **options):
        if keep is not None and (path or keep < 1):
            raise CommandError("--keep needs no PATH, and a number of backups of 1 or more.")
        folder = settings.DATA_DIR / "backups"
        if path is None:
            folder.mkdir(parents=True, exist_ok=True)
            stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
            suffix = "sqlite3" if connection.vendor == "sqlite" else "pgdump"
            path = folder / f"{PREFIX}{stamp}.{suffix}"
        path = Path(path)
        start = time.perf_counter()
        try:
            backups.backup(connection, path)
        except backups.BackupError as exc:
            raise CommandError(str(exc)) from exc
        seconds = time.perf_counter() - start
        size = path.stat().st_size / 1_000_000
        self.stdout.write(f"Backup written to {path}: {size:.1f} MB in {seconds:.2f} s.")
        if keep:
            # Names sort by their time; the backups taken before an update are named apart.
            for old in sorted(folder.glob(f"{PREFIX}*"), reverse=True)[keep:]:
                old.unlink(missing_ok=True)

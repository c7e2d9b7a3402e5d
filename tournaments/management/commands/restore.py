"""`manage.py restore PATH`: put a backup made by `manage.py backup` back in place of the
database (config/backups.py). Stop the server first: hands entered after the backup are lost."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from config import backups


class Command(BaseCommand):
    # It needs the database alone: no check of views or URLs may stand between a club and its
    # restore, and the schedule's every few minutes pays no start-up for them.
    requires_system_checks = []
    help = (
        "Replace everything in the database with the backup at PATH. Stop the server first. "
        "A database that already holds data is replaced only with --force."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="a file written by `manage.py backup`")
        parser.add_argument(
            "--force",
            action="store_true",
            help="replace a database that already holds clubs, accounts or hands",
        )

    def handle(self, *args, path, force, **options):
        try:
            backups.restore(connection, Path(path), force=force)
        except backups.BackupError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(
            f"Restored {path}: the database now holds {backups.holdings(connection)}."
        )
        executor = MigrationExecutor(connection)
        if executor.migration_plan(executor.loader.graph.leaf_nodes()):
            # A backup from an older version of the app lacks the newer tables and columns.
            self.stdout.write(
                self.style.WARNING(
                    "The backup is older than this version of the app: run "
                    "`manage.py migrate` before serving."
                )
            )

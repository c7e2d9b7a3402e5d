"""`manage.py serve`: what `python3 euchre.py hall` and `python3 euchre.py demo` run once the
app's packages are there. It checks the port, prepares the database (an earlier version's
database adopted, a backup before any migration, then the migrations), collects the static
files, and serves with waitress (config/server.py) until Ctrl-C.

In hall mode (HALL=true) it serves every interface, for the phones on the room's Wi-Fi, and
prints their address and QR code; otherwise 127.0.0.1 alone.
"""

import os
import tempfile
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.core.wsgi import get_wsgi_application
from django.db import connection

from config import backups, heap, server, upgrade
from tournaments import signals


class Command(BaseCommand):
    help = (
        "Serve the app with waitress until Ctrl-C: the hall to the phones (HALL=true), else on "
        "127.0.0.1; --demo loads the demo club first."
    )

    def add_arguments(self, parser):
        parser.add_argument("--demo", action="store_true", help="load the demo club first")

    def handle(self, *args, demo: bool = False, **options):
        host = "0.0.0.0" if settings.HALL else "127.0.0.1"
        try:
            server.check_port(settings.PORT)
        except server.PortTaken as taken:
            raise CommandError(str(taken)) from None
        self._database()
        call_command("collectstatic", interactive=False, verbosity=0)
        if demo:
            call_command("load_demo")
        if settings.HALL:
            call_command("hall_banner")
        else:
            self.stdout.write(f"Serving on http://127.0.0.1:{settings.PORT}/ (Ctrl-C stops it).")
        application = get_wsgi_application()
        heap.settle()  # before the first request (config/heap.py)
        signals.serving.send(sender=self.__class__)
        try:
            server.serve(
                application,
                host,
                settings.PORT,
                settings.THREADS,
                announce=self.stdout.write,
                idle_per_address=settings.IDLE_PER_ADDRESS,
            )
        except server.PortTaken as taken:
            raise CommandError(str(taken)) from None

    def _database(self) -> None:
        say = self.stdout.write
        if connection.vendor == "sqlite":
            database = Path(connection.settings_dict["NAME"])
            _check_writable(database.parent)
            if not os.getenv("SQLITE_PATH"):
                try:
                    upgrade.adopt_app_folder_database(settings.BASE_DIR, database, say)
                except backups.BackupError as exc:
                    raise CommandError(f"{exc} The database stays in the app's folder.") from exc
        try:
            backup = upgrade.backup_before_migrating(connection, settings.DATA_DIR / "backups", say)
        except backups.BackupError as exc:
            raise CommandError(
                f"{exc} No backup could be made before updating the club's database, so it "
                "was not updated and the app did not start."
            ) from exc
        try:
            call_command("migrate", interactive=False, verbosity=1 if backup else 0)
        except Exception as exc:
            # Each migration is one transaction: the one that failed left nothing behind.
            advice = (
                f" To go back to the database as it was before the update, run:\n"
                f'    {upgrade.command()} manage restore "{backup}" --force'
                if backup
                else ""
            )
            raise CommandError(f"Updating the club's database failed: {exc}.{advice}") from exc


def _check_writable(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise CommandError(
            f"The club's database cannot be kept in {folder} ({exc.strerror}). Set DATA_DIR "
            "(or SQLITE_PATH) to a folder you may write to."
        ) from exc

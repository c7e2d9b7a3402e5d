"""What `python3 euchre.py hall` prints before serving: the address phones use, as text and as a
QR code."""

import io
import ipaddress
import os
import shlex
from urllib.parse import urlsplit

import segno
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from clubs.models import Club
from config import upgrade


class Command(BaseCommand):
    help = "Print the address phones on the room's Wi-Fi use (PUBLIC_URL) and its QR code."

    def handle(self, *args, **options):
        if not settings.PUBLIC_URL:
            raise CommandError(
                "PUBLIC_URL is empty: run `python3 euchre.py hall`, or set HALL=true or PUBLIC_URL."
            )
        url = settings.PUBLIC_URL + "/"
        out = self.stdout
        out.write("")
        out.write(f"Phones on this Wi-Fi: {url}")
        out.write(self._qr(url), ending="")
        # Cards are printed once and laminated (README): they carry this address, so they only
        # need printing again if the laptop's address on the hall's Wi-Fi changes.
        out.write(
            "Captains scan the QR code on their table card (the club's cards, printed once: they"
        )
        clubs = Club.objects.filter(results_public=True).order_by("name")
        if clubs:
            out.write("carry this address). Players find their seat and the standings at:")
            for club in clubs:
                out.write(f"    {url}c/{club.slug}/  ({club.name})")
        else:
            # No club's page to list yet (a fresh database, or results kept private): the
            # address itself, whose home page lists each club once it shows its results.
            out.write("carry this address). Players find their seat and the standings at")
            out.write(f"    {url}")
            if Club.objects.exists():  # every club keeps its results to itself
                out.write("once a club shows its results to players (Club settings).")
            else:
                out.write("once the director has set up the club (log in below: Set up a club).")
        out.write(
            f"Director: log in on this laptop at http://127.0.0.1:{settings.PORT}/ "
            "(it never crosses the Wi-Fi)."
        )
        if self._only_this_laptop(url):
            out.write(
                self.style.WARNING(
                    "No network found: phones cannot reach this address. Join the Wi-Fi and "
                    "start again, or set HALL_ADDRESS to the laptop's address on it."
                )
            )
        if connection.vendor == "sqlite":
            out.write(f"The club's data: {connection.settings_dict['NAME']}")
        if not get_user_model().objects.exists():
            out.write(
                "No account yet. Create the director's account (in another terminal, in this "
                f"folder):\n    {_same_database()}{upgrade.command()} manage createsuperuser"
            )
        out.write("Ctrl-C stops the server.")
        out.write("")

    @staticmethod
    def _qr(url: str) -> str:
        """The QR code in half-block characters, two rows of modules a line."""
        buffer = io.StringIO()
        segno.make(url, micro=False).terminal(out=buffer, compact=True)
        return buffer.getvalue()

    @staticmethod
    def _only_this_laptop(url: str) -> bool:
        host = urlsplit(url).hostname or ""
        try:
            return ipaddress.ip_address(host).is_loopback
        except ValueError:
            return host == "localhost"


def _same_database() -> str:
    """The setting that chose this hall's database, to put before a command so that it reaches
    the same one: without it, `manage createsuperuser` would make the account in the default
    database, and the director's login at the hall would fail. Printed as it is set (a
    password in DATABASE_URL included): it is the director's own terminal."""
    for name in ("DATABASE_URL", "SQLITE_PATH", "DATA_DIR"):  # the order settings.py reads
        value = os.getenv(name)
        if value:
            if os.name == "nt":  # Command Prompt: set it first, on its own line
                return f'set "{name}={value}"\n    '
            return f"{name}={shlex.quote(value)} "
    return ""

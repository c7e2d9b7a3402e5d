"""What `python3 euchre.py hall` prints before serving: the address phones use, as text and as a
QR code."""

import io
import ipaddress
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
        out.write("Captains scan the QR code on their table card (print the cards now: they")
        out.write("carry this address). Players find their seat and the standings at:")
        for club in Club.objects.filter(results_public=True).order_by("name"):
            out.write(f"    {url}c/{club.slug}/  ({club.name})")
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
                f"folder):\n    {upgrade.command()} manage createsuperuser"
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

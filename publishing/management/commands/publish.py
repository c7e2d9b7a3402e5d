"""`manage.py publish`: send what waits to the club's server now, whatever the waits after
earlier failures; print what was sent; exit non-zero with the reason when it could not."""

from django.core.management.base import BaseCommand, CommandError

from clubs.models import Club
from publishing.models import Link
from publishing.sender import send_pending


class Command(BaseCommand):
    help = "Send the linked clubs' changes to the club's server now, and say what was sent."

    def add_arguments(self, parser):
        parser.add_argument("--club", help="only this club (its slug)")

    def handle(self, *args, club: str | None = None, **options):
        only = None
        if club:
            only = Club.objects.filter(slug=club).first()
            if only is None:
                raise CommandError(f'No club has the slug "{club}".')
        links = Link.objects.filter(club=only) if only else Link.objects.all()
        if not links.exists():
            raise CommandError(
                "No club on this laptop is linked to a server: link it in the club's settings, "
                "Put the club online."
            )
        report = send_pending(club=only, force=True)
        for sentence in report.sentences():
            self.stdout.write(sentence)
        if not report.ok:
            raise CommandError(
                "Not everything was sent: " + " ".join(c.error for c in report.clubs if c.error)
            )

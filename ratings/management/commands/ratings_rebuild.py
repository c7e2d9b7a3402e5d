"""`manage.py ratings_rebuild --club SLUG`: count a club's whole history again, from nothing.
Round closes and corrections keep the ratings up to date by themselves; this is for a club
whose nights were played before the ratings existed (`--all`, once, after upgrading), or to
check that nothing has drifted."""

import time

from django.core.management.base import BaseCommand, CommandError

from clubs.models import Club
from ratings import services


class Command(BaseCommand):
    help = "Rebuild a club's player ratings from every closed round of its history."

    def add_arguments(self, parser):
        which = parser.add_mutually_exclusive_group(required=True)
        which.add_argument("--club", metavar="SLUG", help="the club's slug")
        which.add_argument("--all", action="store_true", help="every club, one after another")

    def handle(self, *args, club=None, all=False, **options):
        if all:
            clubs = list(Club.objects.order_by("slug"))
        else:
            found = Club.objects.filter(slug=club).first()
            if found is None:
                raise CommandError(
                    f"No club has the slug “{club}”. The slug is the club's name in its web "
                    "address, as in /c/maple-hall/."
                )
            clubs = [found]
        for each in clubs:
            started = time.perf_counter()
            done = services.rebuild(each)
            seconds = time.perf_counter() - started
            self.stdout.write(
                f"{each.name}: {done['players']} players rated from {done['games']} games "
                f"({done['rounds']} rounds over {done['nights']} nights) in {seconds:.1f} s."
            )

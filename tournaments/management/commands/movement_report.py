"""Print a movement's quality report: `python manage.py movement_report --players 17`.

Add `--rounds R` for a night of R rounds (a full rotation without it), `--show` to print the
rounds themselves, one line per round, and `--chart` for the chart a director can check by
hand: the rounds by table, then how often each two players partner and oppose each other.
"""

from django.core.management.base import BaseCommand, CommandError

from tournaments.movements import MovementError, individual_movement, movement_report
from tournaments.movements.chart import movement_chart


class Command(BaseCommand):
    help = "Build the progressive movement for N players and R rounds and report its quality."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--rounds", type=int, default=None, help="default: a full rotation")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--show", action="store_true", help="print every round too")
        parser.add_argument(
            "--chart", action="store_true", help="print the chart and the pair counts too"
        )

    def handle(self, *args, players, rounds, seed, show, chart, **options):
        try:
            movement = individual_movement(players, rounds, seed=seed)
        except MovementError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Movement: {movement.method}.")
        for line in movement_report(movement).lines():
            self.stdout.write(line)
        for note in movement.notes:
            self.stdout.write(note)
        if show:
            for number, r in enumerate(movement.rounds, start=1):
                tables = "  ".join("-".join(str(p) for p in t) for t in r.tables)
                out = f"  out: {' '.join(map(str, r.sit_out))}" if r.sit_out else ""
                self.stdout.write(f"Round {number:>2}: {tables}{out}")
        if chart:
            self.stdout.write("")
            for line in movement_chart(movement.rounds, range(1, players + 1)).lines():
                self.stdout.write(line)

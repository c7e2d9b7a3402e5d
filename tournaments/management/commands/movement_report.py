"""Print a movement's quality report: `python manage.py movement_report --players 17`.

Add `--rounds R` for a night of R rounds (a full rotation without it), `--show` to print the
rounds themselves, one line per round, and `--chart` for the chart a director can check by
hand: the rounds by table, then how often each two players partner and oppose each other.
`--stays K`: players 1..K stay at one table all night (and never sit out); the report then
says what that costs, beside the night without it. `--json` prints the night and its figures
as JSON instead, for another program to check: the players numbered 1..N, each table in seat
order N, E, S, W.
"""

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.movements import MovementError, individual_movement, movement_report
from tournaments.movements.chart import movement_chart
from tournaments.seating import SeatingError, plan_round


def _figures(report) -> dict:
    low, high = report.sit_out_range
    return {
        "partners_again": report.partner_repeats,
        "most_meetings": report.most_meetings,
        "repeated_meetings": report.repeat_meetings,
        "sit_outs": [low, high],
        "sits_out_twice_running": report.twice_in_a_row,
        "problems": report.problems,
    }


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
        parser.add_argument(
            "--stays",
            type=int,
            default=0,
            help="players 1..K stay at one table all night (at most one a table)",
        )
        parser.add_argument("--json", action="store_true", help="print the night as JSON")

    def handle(self, *args, players, rounds, seed, show, chart, stays, json, **options):
        try:
            movement = individual_movement(players, rounds, seed=seed)
        except MovementError as exc:
            raise CommandError(str(exc)) from exc
        night, method, without, targets = movement.rounds, movement.method, None, {}
        if stays:
            if stays < 0 or stays > players // 4:
                raise CommandError(
                    f"--stays {stays}: {players} players make {players // 4} tables, and at "
                    f"most one player a table stays: give 1 to {players // 4}."
                )
            try:
                plan = plan_round(
                    players=range(1, players + 1),
                    rounds=len(night),
                    seed=seed,
                    stays=range(1, stays + 1),
                )
            except SeatingError as exc:
                raise CommandError(str(exc)) from exc
            night, without, targets = plan.night, night, plan.stays
            method = f"{method}, with {stays} staying at one table"
        report = movement_report(night, range(1, players + 1), stays=targets)
        if json:
            self._json(night, report, without, targets)
            return
        self.stdout.write(f"Movement: {method}.")
        for player, index in sorted(targets.items()):
            self.stdout.write(f"Player {player} stays at table {index + 1}.")
        for line in report.lines():
            self.stdout.write(line)
        if without is not None:
            for line in _cost_lines(report, movement_report(without, range(1, players + 1))):
                self.stdout.write(line)
        for note in movement.notes:
            self.stdout.write(note)
        if show:
            for number, r in enumerate(night, start=1):
                tables = "  ".join("-".join(str(p) for p in t) for t in r.tables)
                out = f"  out: {' '.join(map(str, r.sit_out))}" if r.sit_out else ""
                self.stdout.write(f"Round {number:>2}: {tables}{out}")
        if chart:
            self.stdout.write("")
            for line in movement_chart(night, range(1, players + 1)).lines():
                self.stdout.write(line)

    def _json(self, night, report, without, targets) -> None:
        out = {
            "rounds": [
                {"tables": [list(t) for t in r.tables], "sit_out": sorted(r.sit_out)} for r in night
            ],
            "report": _figures(report),
        }
        if without is not None:
            out["stays"] = {str(p): i + 1 for p, i in sorted(targets.items())}
            out["without_stays"] = _figures(movement_report(without))
        self.stdout.write(json.dumps(out))


def _cost_lines(report, without) -> list[str]:
    """What staying costs the night: its figures beside the night where everyone moves."""
    return [
        "What staying costs the night (with them staying / everyone moving):",
        f"  partners again: {report.partner_repeats} / {without.partner_repeats}",
        f"  most times two players meet: {report.most_meetings} / {without.most_meetings}",
        f"  repeated meetings in all: {report.repeat_meetings} / {without.repeat_meetings}",
    ]

"""Print a bracket's plan: `python manage.py bracket_report --teams 12 --format double`.

A director can read the whole bracket before the night, one line a match, with the count of
matches to play and who has the byes. `--third-place`, `--consolation` and `--no-reset` are the
plan's options; `--json` prints the plan as one JSON object instead, for a program to read.
"""

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.brackets import Plan, PlanError, plan


class Command(BaseCommand):
    help = "Draw the single or double elimination bracket for N teams and print its plan."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, required=True)
        # Not argparse choices: the plan's own message says what the formats are, in words.
        parser.add_argument("--format", default="single", help='"single" (default) or "double"')
        parser.add_argument(
            "--third-place", action="store_true", help="single: a match for third place"
        )
        parser.add_argument(
            "--consolation",
            action="store_true",
            help="single: a bracket among the first round's losers",
        )
        parser.add_argument(
            "--no-reset",
            dest="reset",
            action="store_false",
            help="double: one final only, even when the team from the losers' side wins it",
        )
        parser.add_argument(
            "--json", dest="as_json", action="store_true", help="print the plan as JSON"
        )

    def handle(self, *args, teams, format, third_place, consolation, reset, as_json, **options):
        try:
            bracket = plan(
                teams, format, third_place=third_place, consolation=consolation, reset=reset
            )
        except PlanError as exc:
            raise CommandError(str(exc)) from exc
        if as_json:
            self.stdout.write(json.dumps(bracket.to_json()))
            return
        self.stdout.write(heading(bracket))
        for line in bracket.in_words():
            self.stdout.write(line)


def heading(bracket: Plan) -> str:
    """ "12 teams, double elimination: 22 or 23 matches to play, 4 byes (seeds 1–4)." """
    kind = f"{bracket.format} elimination"
    extras = []
    if bracket.third_place:
        extras.append("a third-place match")
    if bracket.consolation:
        extras.append("a consolation bracket")
    if extras:
        kind += " with " + " and ".join(extras)
    if bracket.format == "double" and not bracket.reset:
        kind += ", one final (no reset)"
    played = [m for m in bracket.matches if not m.is_bye()]
    certain = sum(1 for m in played if not m.if_necessary)
    count = f"{certain} or {len(played)}" if certain < len(played) else f"{certain}"
    byes = bracket.size() - bracket.teams
    if byes == 0:
        bye_words = "no byes"
    elif byes == 1:
        bye_words = "1 bye (seed 1)"
    else:
        bye_words = f"{byes} byes (seeds 1\N{EN DASH}{byes})"
    return f"{bracket.teams} teams, {kind}: {count} matches to play, {bye_words}."

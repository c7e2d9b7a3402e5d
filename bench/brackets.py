"""The bracket's pages at their biggest: a 128-team double elimination with half its matches
played, each page as its user gets it, beside the minimal view /health/ asked in turns in the
same run (bench/pages.py's side_by_side), so a busy machine weighs on both alike.

Prints, per page: the best and the median of its turns in milliseconds, the multiple of
/health/, queries and size; then the aims, which leave room for a busy machine:
- the director's bracket page, the players' bracket page and the projector within 100 ms;
- the bracket sheet PDF (filled, as the bracket page links it) within 1 s.

    .venv/bin/python bench/brackets.py [--runs 7] [--teams 128]
    bin/with-postgres .venv/bin/python bench/brackets.py   # on PostgreSQL
"""

import argparse
import datetime
import random
import sys
import time
from pathlib import Path

from pages import client_for, first_look, setup_django
from timing import page_report, turns

# This script's own name is the app's: the app's package, not this file, is `brackets` below.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

HTML_AIM_MS = 100
PDF_AIM_MS = 1000
NS_MARCH = {"maker": "N", "tricks": 5}
EW_MARCH = {"maker": "E", "tricks": 5}


def build(teams: int, rng: random.Random):
    """A club whose bracket event has `teams` teams, double elimination, half its matches
    played through the services a captain's phone uses (hands entered, an opponent confirms),
    and a few more called to tables and in play."""
    from django.contrib.auth import get_user_model

    from brackets import services
    from clubs.models import Club, ClubDirector, Player
    from tournaments.models import Entry, Event, Partnership, Round, Table
    from tournaments.services import hand_record, table_confirm, table_fingerprint

    club = Club.objects.create(name="Bench Bracket Club", slug="bench-bracket", results_public=True)
    user = get_user_model().objects.create_user("bench-director", password="x" * 20)
    ClubDirector.objects.create(club=club, user=user)
    event = Event.objects.create(
        club=club, name="State championship", date=datetime.date(2026, 11, 26), format="bracket"
    )
    for n in range(teams):
        team = Partnership.objects.create(event=event, name=f"Team {n + 1:03d} Aces and Kings")
        for letter in "ab":
            player = Player.objects.create(club=club, name=f"Player {n + 1:03d}{letter}")
            Entry.objects.create(event=event, player=player, partnership=team)
    bracket = services.bracket_for(event)
    bracket.kind = "double"
    bracket.save()
    bracket = services.bracket_seed(bracket=bracket, draw_number=20261126)
    total = len(bracket.plan().matches)
    played = 0
    while played < total // 2:
        now = services.bracket_now(bracket)
        ready = now.ready_to_call()
        if not ready:
            break
        match = services.match_call(
            bracket=bracket, code=ready[0].match.id, table=services.lowest_free_table(event)
        )
        table = Table.objects.get(round__bracket_game__match=match, round__status="in_play")
        hand = NS_MARCH if rng.random() < 0.6 else EW_MARCH
        number = 1
        while not table.game().finished:
            hand_record(table=table, number=number, data=hand)
            number += 1
        opponent = table.seats.get(position="E").player
        table_confirm(table=table, player=opponent, seen=table_fingerprint(table.hands.all()))
        played += 1
    # Some matches at their tables now, a hand or two in: the hall's "now playing".
    for state in services.bracket_now(bracket).ready_to_call()[:8]:
        match = services.match_call(
            bracket=bracket, code=state.match.id, table=services.lowest_free_table(event)
        )
        table = Table.objects.get(round__bracket_game__match=match, round__status="in_play")
        hand_record(table=table, number=1, data=NS_MARCH)
    in_play = Round.objects.filter(event=event, status="in_play").count()
    return club, event, user, played, total, in_play


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="turns of every page")
    parser.add_argument("--teams", type=int, default=128)
    args = parser.parse_args()
    vendor = setup_django()
    from django.urls import reverse

    started = time.perf_counter()
    club, event, director, played, total, in_play = build(args.teams, random.Random(7))
    print(
        f"{vendor}: {args.teams} teams, double elimination: {played} of {total} matches played, "
        f"{in_play} in play; built in {time.perf_counter() - started:.1f} s"
    )
    as_director, anyone = client_for(director), client_for()
    pages = [
        ("/health/ (anchor)", anyone, "/health/", None),
        (
            "director's bracket page",
            as_director,
            reverse("brackets:bracket", args=[event.pk]),
            HTML_AIM_MS,
        ),
        (
            "players' bracket page",
            anyone,
            reverse("public:event", args=[club.slug, event.pk]),
            HTML_AIM_MS,
        ),
        ("projector", anyone, reverse("public:projector", args=[club.slug, event.pk]), HTML_AIM_MS),
        ("bracket sheet PDF", as_director, reverse("brackets:sheet", args=[event.pk]), PDF_AIM_MS),
    ]
    sizes = {}
    for name, client, url, _ in pages:
        sizes[name] = first_look(client, url, {})  # also warms each page before timing

    def ask(client, url):
        # The whole body, as the browser gets it (a PDF is streamed).
        return lambda: b"".join(client.get(url))

    times = turns([ask(client, url) for _, client, url, _ in pages], args.runs)
    failed = page_report([(name, aim) for name, _, _, aim in pages], times, sizes, args.runs)
    print("Aims held." if not failed else f"Aims missed: {', '.join(failed)}.")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""The club between nights at five years' size: 250 weekly nights of 40 players (10 tables, 8
rounds of 8 hands: 160,000 hands), a roster of 60 with a core of 20 who came every week.

Prints, beside the minimal view /health/ asked in turns in the same run (so a busy machine
weighs on both alike), the best and the median of each page as a player gets it:
- the public season page (/c/<club>/season/), a core player's page (250 nights) and the club's
  public page. Aim: each median within 100 ms.
Then:
- `manage.py ratings_rebuild --club <slug>`, the whole history, as a director runs it.
  Aim: within 30 s.
- closing a round of a new night as the director's Close button does (tournaments' round_close,
  its ratings update inside it), in turns with the same close where nothing hears the round
  closing: the difference is what the ratings add. Aim: the median difference within 50 ms.

    .venv/bin/python bench/seasons.py [--nights 250] [--runs 7]
    bin/with-postgres .venv/bin/python bench/seasons.py   # on PostgreSQL
"""

import argparse
import datetime
import random
import statistics
import sys
import time
from pathlib import Path

from pages import client_for, first_look, setup_django
from timing import page_report, turns

# This script's own name is an app's: the app's package, not this file, is `seasons` below.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

PAGE_AIM_MS = 100
REBUILD_AIM_S = 30
CLOSE_AIM_MS = 50
PLAYERS_A_NIGHT, TABLES, ROUNDS, HANDS = 40, 10, 8, 8


def night(club, players, date, rng, *, closed: bool):
    """One progressive night, written in bulk (as a club's five years would have been typed
    in, night by night, through the captains' phones), every hand scored by the engine."""
    from django.utils.timezone import now as django_now

    import scoring
    from tournaments.management.commands.load_demo import deal
    from tournaments.models import Entry, Event, Hand, Round, Seat, Table

    event = Event.objects.create(
        club=club, name="Tuesday progressive", date=date, rounds_planned=ROUNDS,
        hands_per_round=HANDS,
    )  # fmt: skip
    rules = event.ruleset()
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in players)
    status = Round.Status.CLOSED if closed else Round.Status.IN_PLAY
    rounds = Round.objects.bulk_create(
        Round(event=event, number=n, status=status) for n in range(1, ROUNDS + 1)
    )
    now = django_now()
    tables = Table.objects.bulk_create(
        Table(round=r, number=t, captain=players[0], confirmed_at=now, confirmed_by=players[1])
        for r in rounds
        for t in range(1, TABLES + 1)
    )
    seats, hands = [], []
    order = list(players)
    for r in rounds:
        rng.shuffle(order)
        for t in tables[(r.number - 1) * TABLES : r.number * TABLES]:
            for i, position in enumerate("NESW"):
                seats.append(
                    Seat(round=r, table=t, position=position, player=order[t.number * 4 - 4 + i])
                )
            for number in range(1, HANDS + 1):
                hand = Hand(table=t, number=number, dealer="NESW"[(number - 1) % 4])
                for name, value in deal(rng, rules).items():
                    setattr(hand, name, value)
                hand.apply_score(scoring.score_hand(hand.to_engine_hand(), rules))
                hands.append(hand)
    Seat.objects.bulk_create(seats, batch_size=2000)
    Hand.objects.bulk_create(hands, batch_size=2000)
    return event


def build(nights: int, rng: random.Random):
    from django.contrib.auth import get_user_model

    from clubs.models import Club, ClubDirector, Player

    club = Club.objects.create(name="Bench Season Club", slug="bench-season", results_public=True)
    user = get_user_model().objects.create_user("bench-director", password="x" * 20)
    ClubDirector.objects.create(club=club, user=user)
    roster = Player.objects.bulk_create(
        Player(club=club, name=f"Player {n:02d} Euchre") for n in range(1, 61)
    )
    core, others = roster[:20], roster[20:]
    # Five years of Tuesdays, ending this week: this season and four before it.
    last = datetime.date.today() - datetime.timedelta(days=1)
    for n in range(nights):
        date = last - datetime.timedelta(weeks=nights - 1 - n)
        night(club, core + rng.sample(others, PLAYERS_A_NIGHT - 20), date, rng, closed=True)
    return club, user, core[0]


def close_rounds(club, rng, runs: int) -> tuple[list[float], list[float]]:
    """Round_close of a new night's rounds, in turns with and without its ratings update (every
    receiver of round_closed is set aside for the second of each pair): the new night is the
    club's latest, as on a club night."""
    from clubs.models import Player
    from tournaments import signals
    from tournaments.services import round_close

    players = list(Player.objects.filter(club=club).order_by("pk")[:PLAYERS_A_NIGHT])
    with_ratings, without = [], []
    left = runs
    while left > 0:
        # Up to 8 rounds a night: a fresh night when this one's rounds run out.
        event = night(club, players, datetime.date.today(), rng, closed=False)
        rounds = list(event.rounds.order_by("number"))
        while len(rounds) >= 2 and left > 0:
            for spent, hushed in ((with_ratings, False), (without, True)):
                kept = signals.round_closed.receivers
                if hushed:
                    signals.round_closed.receivers = []
                    signals.round_closed.sender_receivers_cache.clear()
                try:
                    start = time.perf_counter()
                    round_close(round=rounds.pop(0))
                    spent.append(time.perf_counter() - start)
                finally:
                    signals.round_closed.receivers = kept
                    signals.round_closed.sender_receivers_cache.clear()
            left -= 1
    return with_ratings, without


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nights", type=int, default=250)
    parser.add_argument("--runs", type=int, default=7, help="turns of every page")
    args = parser.parse_args()
    vendor = setup_django()
    from django.core.management import call_command
    from django.urls import reverse

    rng = random.Random(2026)
    started = time.perf_counter()
    club, director, regular = build(args.nights, rng)
    print(
        f"{vendor}: {args.nights} nights of {PLAYERS_A_NIGHT} players ({TABLES} tables, "
        f"{ROUNDS} rounds of {HANDS} hands); built in {time.perf_counter() - started:.0f} s",
        flush=True,
    )

    started = time.perf_counter()
    call_command("ratings_rebuild", club=club.slug, verbosity=0)
    rebuild = time.perf_counter() - started

    anyone = client_for()
    pages = [
        ("/health/ (anchor)", "/health/", None),
        ("season page", reverse("seasons:season", args=[club.slug]), PAGE_AIM_MS),
        (
            f"player's page ({args.nights} nights)",
            reverse("players:player", args=[club.slug, regular.pk]),
            PAGE_AIM_MS,
        ),
        ("club page", reverse("public:club", args=[club.slug]), PAGE_AIM_MS),
    ]
    sizes = {name: first_look(anyone, url, {}) for name, url, _ in pages}  # and warms them
    times = turns([lambda url=url: anyone.get(url).content for _, url, _ in pages], args.runs)
    failed = page_report([(name, aim) for name, _, aim in pages], times, sizes, args.runs)

    ok = rebuild <= REBUILD_AIM_S
    failed += [] if ok else ["ratings_rebuild"]
    print(
        f"ratings_rebuild, {args.nights} nights: {rebuild:.1f} s  "
        f"within {REBUILD_AIM_S} s: {'yes' if ok else 'NO'}"
    )

    with_ratings, without = close_rounds(club, rng, args.runs)
    added = statistics.median(a - b for a, b in zip(with_ratings, without, strict=True))
    closing = statistics.median(with_ratings) * 1000
    ok = added * 1000 <= CLOSE_AIM_MS
    failed += [] if ok else ["closing a round"]
    print(
        f"closing a round of {TABLES} tables: median {closing:.1f} ms "
        f"with its ratings update, {statistics.median(without) * 1000:.1f} ms without; "
        f"the update adds {added * 1000:.1f} ms  within {CLOSE_AIM_MS} ms: {'yes' if ok else 'NO'}"
    )
    print("Aims held." if not failed else f"Aims missed: {', '.join(failed)}.")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""Load a demo club so a newcomer lands on a live night: `python manage.py load_demo`.

Everything goes through the same services the director's pages use (entries, seating, hand
entry, corrections, closing rounds), so every point in the demo is the scoring engine's. The
hands come from a seeded random generator: the same demo on every machine.
"""

import datetime
import random

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from clubs.models import Club, ClubDirector, Player
from scoring import RuleSet, side_of
from tournaments.models import Event, Hand, Table
from tournaments.services import (
    entries_add,
    entries_set_present,
    hand_correct,
    hand_record,
    partnership_register,
    round_close,
    round_seat,
    table_confirm,
    table_fingerprint,
)
from tournaments.signals import demo_loaded

CLUB_NAME = "Maple Grove Euchre Club"
CLUB_SLUG = "maple-grove"
PRESET = "hoyle-2001"
DIRECTOR_USERNAME = "demo"
DIRECTOR_PASSWORD = "euchre-demo"
SEED = 1887

PLAYER_NAMES = [
    "Arlene Schmidt",
    "Bud Kowalski",
    "Carol Jansen",
    "Dale Hoffman",
    "Darlene Meyer",
    "Deb Lindquist",
    "Doug Van Dyke",
    "Duane Olson",
    "Earl Becker",
    "Gary Nowak",
    "Gloria Petersen",
    "Harold Brandt",
    "Janice Wojcik",
    "Jerry Halvorsen",
    "Joyce Mueller",
    "Judy Krueger",
    "Ken Zimmerman",
    "Lorraine Fischer",
    "Marv Kuehn",
    "Marlene Sorensen",
    "Norm DeWitt",
    "Pat O'Brien",
    "Phyllis Nygaard",
    "Ray Lutz",
    "Rich Kaminski",
    "Ron Bauer",
    "Sharon Voss",
    "Shirley Dykstra",
    "Vern Hanson",
    "Wayne Ostrowski",
]

NIGHT_PLAYERS = 29  # checked in tonight: 7 tables and one sit-out a round
NIGHT_ROUNDS = 8
NIGHT_CLOSED_ROUNDS = 3
# Round 4 is in play: hands entered so far at tables 1-7 (a table stops early if it finishes).
NIGHT_ROUND_IN_PLAY = [8, 8, 6, 5, 3, 1, 0]
PAIRS = 6
PAIRS_ROUNDS = 5
PAIRS_GAME_POINTS = 10  # Hoyle: "7 or 10 by agreement"; tournaments like a longer game


def deal(rng: random.Random, rules: RuleSet) -> dict:
    """One plausible hand as a captain would enter it."""
    if rules.thrown_in_allowed and rng.random() < 0.04:
        return {}  # all four passed twice
    maker = rng.choice("NESW")
    data = {"maker": maker}
    if rng.random() < 0.10:
        data["alone"] = True
        if rules.lone_defence and rng.random() < 0.2:
            data["lone_defender"] = rng.choice("EW" if side_of(maker) == "NS" else "NS")
            weights = [6, 14, 20, 26, 20, 14]  # a defender only goes alone on a strong hand
        else:
            weights = [2, 5, 12, 24, 27, 30]
    else:
        weights = [2, 5, 13, 42, 25, 13]  # tricks 0..5: mostly 3 or 4, a fifth euchred
    data["tricks"] = rng.choices(range(6), weights=weights)[0]
    if rng.random() < 0.012:
        data["irregularity"] = "revoke"
        data["offending_side"] = rng.choice(["NS", "EW"])
        if rules.revoke_choice and rng.random() < 0.3:
            data["revoke_penalty"] = "deduct"
    return data


def play(table: Table, rng: random.Random, limit: int | None = None) -> int:
    """Enter hands at a table until it finishes (or `limit` hands); returns how many."""
    game = table.game()
    rules = game.rules
    number = 0
    while not game.finished and (limit is None or number < limit):
        number += 1
        hand = hand_record(table=table, number=number, data=deal(rng, rules))
        game.add(hand.to_engine_hand())
    return number


def confirm(table: Table) -> None:
    """East, an opponent of North's captain, checks the hands and confirms the result."""
    east = table.seats.get(position="E").player
    table_confirm(table=table, player=east, seen=table_fingerprint(table.hands.order_by("number")))


class Command(BaseCommand):
    help = (
        f"Load the demo club ({CLUB_NAME}): 30 players, a progressive night in progress and a "
        f"finished pairs event. Its director logs in as {DIRECTOR_USERNAME} / "
        f"{DIRECTOR_PASSWORD}. Does nothing if the demo club exists, unless --reset."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--reset",
            action="store_true",
            help="Delete the demo club and its events first, then load it afresh.",
        )

    def handle(self, *args, reset: bool = False, **options):
        with transaction.atomic():
            existing = Club.objects.filter(slug=CLUB_SLUG).first()
            if existing is not None and not reset:
                self.stdout.write(
                    f"The demo club ({existing.name}) is already loaded; nothing changed. "
                    "Use --reset to delete it and load it afresh."
                )
                return
            if existing is not None:
                # Events first: their seats and entries protect the club's players.
                existing.events.all().delete()
                existing.delete()
                self.stdout.write("Deleted the demo club and its events.")
            lines = self.load(random.Random(SEED))
        self.stdout.write("\n".join(lines))

    def load(self, rng: random.Random) -> list[str]:
        club = Club.objects.create(name=CLUB_NAME, slug=CLUB_SLUG, rules_preset=PRESET)
        director = self.director(club)
        roster = Player.objects.bulk_create(
            # Not everyone gives an email address or a phone number.
            Player(
                club=club,
                name=name,
                email=self.email(name) if rng.random() < 0.7 else "",
                phone=self.phone(rng) if rng.random() < 0.6 else "",
            )
            for name in PLAYER_NAMES
        )
        today = timezone.localdate()
        pairs = self.pairs_event(club, roster, rng, today - datetime.timedelta(days=9))
        night = self.night(club, roster, rng, today, director)
        demo_loaded.send(sender=self.__class__, club=club, night=night, pairs=pairs)
        return [
            f"Loaded {club.name} ({club.ruleset().title}): {len(roster)} players.",
            self.describe(night),
            self.describe(pairs),
            f"Log in as {DIRECTOR_USERNAME} / {DIRECTOR_PASSWORD}.",
        ]

    def director(self, club: Club):
        user, _ = get_user_model().objects.get_or_create(
            username=DIRECTOR_USERNAME,
            defaults={"first_name": "Donna", "last_name": "Kessler", "email": "demo@example.org"},
        )
        user.set_password(DIRECTOR_PASSWORD)
        user.is_staff = user.is_superuser = False
        user.save()
        ClubDirector.objects.create(club=club, user=user, role=ClubDirector.Role.DIRECTOR)
        return user

    @staticmethod
    def email(name: str) -> str:
        first, *_, last = name.lower().replace("'", "").split()
        return f"{first}.{last.replace(' ', '')}@example.org"

    @staticmethod
    def phone(rng: random.Random) -> str:
        return f"(616) 555-{rng.randrange(100, 200):04d}"

    def event(self, club: Club, **fields) -> Event:
        # An event starts with its club's rules, as the event form does.
        return Event.objects.create(
            club=club, rules_preset=club.rules_preset, **{**club.house_rules(), **fields}
        )

    def night(self, club, roster, rng, date, director) -> Event:
        """Tonight's progressive: rounds 1-3 closed, round 4 in play with some hands in."""
        event = self.event(
            club,
            name="Weekly Progressive Night",
            date=date,
            format=Event.Format.PROGRESSIVE,
            rounds_planned=NIGHT_ROUNDS,
            round_end=Event.RoundEnd.HANDS,
            hands_per_round=8,
        )
        entries_add(event=event, players=roster)
        # One regular signed up but has not come in (yet): entered, not checked in.
        entries_set_present(event=event, present_ids={p.pk for p in roster[:NIGHT_PLAYERS]})
        for number in range(1, NIGHT_CLOSED_ROUNDS + 1):
            round_ = round_seat(event=event, seed=SEED + number)
            for table in round_.tables.all():
                play(table, rng)
                confirm(table)
            if number == 2:
                # After the confirmation, so the demo shows a "corrected by the director" mark.
                self.correct_one(round_, director)
            round_close(round=round_)
        round_ = round_seat(event=event, seed=SEED + NIGHT_CLOSED_ROUNDS + 1)
        for table, limit in zip(round_.tables.all(), NIGHT_ROUND_IN_PLAY, strict=True):
            play(table, rng, limit=limit)
        return event

    def correct_one(self, round_, director) -> None:
        """A director's correction, so the demo shows one in a hand's history."""
        hand = (
            Hand.objects.filter(
                table__round=round_, alone=False, irregularity="", tricks__in=[3, 4]
            )
            .order_by("table__number", "number")
            .first()
        )
        # 3 and 4 tricks score the same, so the table's game is unchanged.
        was, now = hand.tricks, 7 - hand.tricks
        hand_correct(
            hand=hand,
            data={"tricks": now},
            reason=f"Captain entered {was} tricks; the makers took {now} (checked at the table).",
            user=director,
        )

    def pairs_event(self, club, roster, rng, date) -> Event:
        """Last week's pairs tournament, every round played to game and closed."""
        event = self.event(
            club,
            name="Harvest Pairs Tournament",
            date=date,
            format=Event.Format.PAIRS,
            rounds_planned=PAIRS_ROUNDS,
            round_end=Event.RoundEnd.GAME,
            game_points=PAIRS_GAME_POINTS,
        )
        players = rng.sample(roster, 2 * PAIRS)
        entries_add(event=event, players=players)
        for first, second in zip(players[::2], players[1::2], strict=True):
            partnership_register(event=event, first=first, second=second)
        for number in range(1, PAIRS_ROUNDS + 1):
            round_ = round_seat(event=event, seed=SEED + 100 + number)
            for table in round_.tables.all():
                play(table, rng)
                confirm(table)
            round_close(round=round_)
        return event

    @staticmethod
    def describe(event: Event) -> str:
        rounds = list(event.rounds.all())
        closed = sum(r.is_closed for r in rounds)
        hands = Hand.objects.filter(table__round__event=event).count()
        state = (
            "finished"
            if closed == event.rounds_planned
            else f"round {rounds[-1].number} of {event.rounds_planned} in play"
        )
        return (
            f"{event.name} ({event.format}, {event.date:%Y-%m-%d}): "
            f"{event.entries.filter(present=True).count()} players, {closed} rounds closed, "
            f"{hands} hands, {state}."
        )

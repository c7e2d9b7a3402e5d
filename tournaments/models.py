"""What a euchre night records: events, who came, rounds, tables, seats and every hand.

Points are never typed: a Hand's points are set from the scoring engine each time it is saved,
and the checks that need the whole table (game already won, round's hand count reached) run in
`services.hand_record` / `services.hand_correct` through `Table.replay`.
"""

import secrets
import uuid

from django.conf import settings
from django.db import models
from django.db.models import Max, Min, Q
from django.utils import timezone
from simple_history.models import HistoricalRecords

import scoring
from clubs.models import Club, Player, RulesChoice, number_range

from .prizes import AWARDS

SEAT_CHOICES = [("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")]
SIDE_CHOICES = [("NS", "North-South"), ("EW", "East-West")]
SEAT_NAMES = dict(SEAT_CHOICES)
SIDE_NAMES = dict(SIDE_CHOICES)
SIDE_OF = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}

# The most rounds an event, and hands a round, may have (the check constraints below hold it).
MAX_ROUNDS = 40
MAX_HANDS_PER_ROUND = 40
# Numbers the app gives itself (a table's, a hand's, a table card's), typed only in the admin:
# only the column, a smallint, bounds them.
NUMBERED = number_range(1, 32767)


def percents_valid(text: str) -> None:
    """Kept for migration 0011's history only: the places paid moved to the money app
    (money.models.NightMoney, checked by money.ledger.Tier)."""


def history_with_reasons() -> HistoricalRecords:
    """Every version of a row, with why it changed: a director's reason runs to 500 characters
    (and a round closed early adds the unconfirmed tables), more than simple-history's own
    100-character column, which PostgreSQL enforced with a crash and SQLite not at all."""
    return HistoricalRecords(history_change_reason_field=models.TextField(null=True))


class EventQuerySet(models.QuerySet):
    def for_club(self, club):
        return self.filter(club=club)

    def directed_by(self, user):
        return self.filter(club__in=Club.objects.directed_by(user))


class Event(RulesChoice):
    """A club night or a tournament. Its rules are copied from the club when it is created, so
    changing the club's house rules later does not re-score past nights."""

    class Format(models.TextChoices):
        PROGRESSIVE = "progressive", "Progressive (partners change every round)"
        PAIRS = "pairs", "Pairs (fixed partnerships)"
        # Its matches are called to tables one by one, not seated in rounds (brackets/).
        BRACKET = "bracket", "Bracket (fixed partnerships, single or double elimination)"

    class RoundEnd(models.TextChoices):
        HANDS = "hands", "After a fixed number of hands"
        GAME = "game", "When a side wins the game"

    class PairsMovement(models.TextChoices):
        ROUND_ROBIN = "round_robin", "Round robin (every pair meets every other pair once)"
        SWISS = "swiss", "Swiss (pairs with similar records meet, never twice)"
        KINGS = "kings", "King's table (winners move up a table, losers down)"

    class SitOutRule(models.TextChoices):
        AVERAGE = "average", "The average of their other rounds"
        FIXED = "fixed", "A fixed number of points"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(max_length=120)
    date = models.DateField()
    format = models.CharField(max_length=16, choices=Format.choices, default=Format.PROGRESSIVE)
    # Who meets whom in a pairs event (tournaments/movements/pairs.py).
    pairs_movement = models.CharField(
        "pairs movement",
        max_length=16,
        choices=PairsMovement.choices,
        default=PairsMovement.ROUND_ROBIN,
        help_text="Pairs events only.",
    )
    rounds_planned = models.PositiveSmallIntegerField(
        "number of rounds",
        default=8,
        validators=number_range(
            1,
            MAX_ROUNDS,
            too_low="An event has at least 1 round.",
            too_high=f"At most {MAX_ROUNDS} rounds: split a longer event in two.",
        ),
    )
    round_end = models.CharField(
        "a round ends", max_length=8, choices=RoundEnd.choices, default=RoundEnd.HANDS
    )
    hands_per_round = models.PositiveSmallIntegerField(
        "hands per round",
        default=8,
        validators=number_range(
            1,
            MAX_HANDS_PER_ROUND,
            too_low="A round has at least 1 hand.",
            too_high=f"At most {MAX_HANDS_PER_ROUND} hands per round.",
        ),
        help_text="Used when a round ends after a fixed number of hands.",
    )
    # A progressive night's round 1 seated so each table's partnerships are even by the
    # players' ratings (tournaments/draw.py); the movement, and so every later round, unchanged.
    balanced_draw = models.BooleanField(
        "balance the first round's tables by rating",
        default=False,
        help_text="Progressive nights: round 1 pairs strong players with weaker partners so "
        "each table's two sides are as even as the ratings allow (a player not yet rated counts "
        "as a new player). The rounds after it follow the movement as usual. With no ratings "
        "at the club yet, the draw is the usual one.",
    )
    # What a player who sits out a round scores for it (tournaments/standings.py).
    sit_out_rule = models.CharField(
        "a player sitting out scores",
        max_length=8,
        choices=SitOutRule.choices,
        default=SitOutRule.AVERAGE,
    )
    sit_out_points = models.SmallIntegerField(
        "points for sitting out",
        default=0,
        # A round's score: 8 hands rarely make 20 points; 99 leaves room for long rounds.
        validators=number_range(0, 99),
        help_text="Used when a player sitting out scores a fixed number of points.",
    )
    # Bridge directors may hide the live ranks until the end; the players' pages then show the
    # seating and no points at all (tournaments/projector.py points_shown).
    standings_hidden = models.BooleanField(
        "hide the standings from players until the last round closes", default=False
    )
    # Side awards the club gives this night (tournaments/prizes.py); a tie is named, not broken.
    award_most_loners = models.BooleanField("most loners", default=False)
    award_best_round = models.BooleanField("best round", default=False)
    award_high_night = models.BooleanField("high night", default=False)
    award_booby = models.BooleanField("booby prize (last place)", default=False)
    created = models.DateTimeField(auto_now_add=True)
    # The "New event" form's one-time token: a double click, or the form sent again, finds the
    # event the first post made instead of making a second (event_made_once_per_form).
    form_token = models.CharField(max_length=32, blank=True, default="", editable=False)
    # The same night on the hall's laptop and on the club's server it is published to
    # (publishing/): published twice, it is one night there.
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(rounds_planned__gte=1) & Q(rounds_planned__lte=MAX_ROUNDS),
                name="event_rounds_1_to_40",
            ),
            models.CheckConstraint(
                condition=Q(hands_per_round__gte=1) & Q(hands_per_round__lte=MAX_HANDS_PER_ROUND),
                name="event_hands_1_to_40",
            ),
            models.UniqueConstraint(
                fields=["club", "form_token"],
                condition=~Q(form_token=""),
                name="event_made_once_per_form",
            ),
        ]

    def __str__(self):
        return f"{self.name} ({self.date:%Y-%m-%d})"

    @property
    def is_pairs(self) -> bool:
        """Fixed partnerships: a pairs event, or a bracket of teams."""
        return self.format in (self.Format.PAIRS, self.Format.BRACKET)

    @property
    def is_bracket(self) -> bool:
        return self.format == self.Format.BRACKET

    def house_rules_in_words(self) -> list[str]:
        """The club's words, less what a bracket never meets: a team plays its matches as
        they are called, so no one arrives late for a round (clubs/models.py's last line)."""
        lines = super().house_rules_in_words()
        if self.is_bracket:
            lines = [line for line in lines if not line.startswith("A late arrival scores")]
        return lines

    def team_names(self, players) -> dict[int, str]:
        """The named partnerships of these players, by player id, so the captain's page and
        the round page call a pairs event's sides as the players registered them ("The
        Aces"). Nothing for a progressive event (no query) or an unnamed partnership."""
        if not self.is_pairs:
            return {}
        return dict(
            Entry.objects.filter(event=self, player__in=players, partnership__isnull=False)
            .exclude(partnership__name="")
            .values_list("player_id", "partnership__name")
        )

    def awards_chosen(self) -> list[str]:
        """The side awards given this night, as tournaments/prizes.py names them: none for a
        bracket, which pays its places only (standings.night_prizes)."""
        if self.is_bracket:
            return []
        return [key for key in AWARDS if getattr(self, f"award_{key}")]

    def prizes_in_words(self) -> list[str]:
        """The side awards given, for the event page (a bracket gives none). Their prizes and
        the rest of the night's money are set on the money page (money/)."""
        if self.is_bracket:
            return []
        chosen = [AWARDS[key].lower() for key in self.awards_chosen()]
        return [f"Side awards: {', '.join(chosen)}." if chosen else "No side awards."]

    def max_hands(self) -> int | None:
        return self.hands_per_round if self.round_end == self.RoundEnd.HANDS else None

    def current_round(self):
        return self.rounds.order_by("-number").first()

    def table_offset(self) -> int:
        """How many table numbers come before this event's first table (0: it starts at 1).

        A club's table card N opens table N of every round in play at the club, so two events
        in play at once would each have a table 1 and the card would ask which. The event
        seated while another is in play continues after that event's tables instead: card 5
        opens its first table. Fixed by its first round (its tables keep their numbers all
        night); before that, what seating it now would give, for the preview and tally cards.
        """
        tables = Table.objects.filter(round__event=self)
        first = tables.aggregate(first=Min("number"))["first"]
        if first is not None:
            return first - 1
        in_play = Table.objects.filter(
            round__event__club_id=self.club_id, round__status=Round.Status.IN_PLAY
        ).exclude(round__event=self)
        return in_play.aggregate(last=Max("number"))["last"] or 0


class TallyPrint(models.Model):
    """The routes printed on an event's tally cards, player by player, so that when a late
    arrival or an early leaver re-plans the night the director sees whose printed card is now
    wrong and prints just those (tournaments/printouts/data.py)."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="tally_print")
    # {player id: [[round, table, seat, partner], ...]} as printed, one entry per player.
    routes = models.JSONField(default=dict)
    printed_at = models.DateTimeField(auto_now=True)


def side_teams(seats: dict, names: dict[int, str]) -> dict[str, str]:
    """A table's sides ("NS", "EW") by the partnership names (Event.team_names) of the players
    in its seats (by position)."""
    return {
        SIDE_OF[position]: names[player.pk]
        for position, player in seats.items()
        if player.pk in names
    }


class Partnership(models.Model):
    """Two players who play together all event long (pairs events)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="partnerships")
    name = models.CharField(max_length=120, blank=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self):
        return self.name or " & ".join(e.player.name for e in self.entries.all())


class Entry(models.Model):
    """A player entered in an event; `present` is the check-in, changed between rounds for
    late arrivals and early leavers; `stays`, a player who keeps one table all night."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    present = models.BooleanField("checked in", default=True)
    partnership = models.ForeignKey(
        Partnership, on_delete=models.SET_NULL, null=True, blank=True, related_name="entries"
    )
    # A player who cannot walk from table to table keeps one table every round of a
    # progressive night (seating.plan_round's `stays`); set on the event page.
    stays = models.BooleanField("stays at one table", default=False)

    class Meta:
        verbose_name_plural = "entries"
        ordering = ["player__name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="player_enters_event_once")
        ]

    def __str__(self):
        return f"{self.player} in {self.event}"


class Round(models.Model):
    class Status(models.TextChoices):
        IN_PLAY = "in_play", "In play"
        CLOSED = "closed", "Closed"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(validators=number_range(1, MAX_ROUNDS))
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.IN_PLAY)
    # When the round was seated: a table with no hand since then has not reported yet.
    seated_at = models.DateTimeField(default=timezone.now, editable=False)
    closed_at = models.DateTimeField(null=True, blank=True)
    close_reason = models.TextField(
        blank=True, help_text="Why the round was closed before every table finished."
    )
    # When the director called time: each table still playing finishes the hand in play
    # (Table.hands_at_time), and the round then closes as finished.
    time_called_at = models.DateTimeField(null=True, blank=True, editable=False)
    history = history_with_reasons()

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_round_number_per_event"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_from_1"),
        ]

    def __str__(self):
        return f"Round {self.number}"

    @property
    def is_closed(self) -> bool:
        return self.status == self.Status.CLOSED


# Table codes are typed on a phone: no 0/O, 1/I/L to misread. 31**6 is about 900 million
# codes, and wrong guesses are limited (tournaments/guesses.py).
TABLE_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
TABLE_CODE_LENGTH = 6
# A club prints at most this many table cards in one set (a big tournament hall).
MAX_TABLE_CARDS = 200


def new_table_token() -> str:
    """The secret in a table card's link (its QR code): 144 random bits, never guessed."""
    return secrets.token_urlsafe(18)


def new_table_code() -> str:
    return "".join(secrets.choice(TABLE_CODE_ALPHABET) for _ in range(TABLE_CODE_LENGTH))


class TableCardQuerySet(models.QuerySet):
    def ensure(self, club: Club, count: int) -> list["TableCard"]:
        """The club's cards 1..count, making the missing ones; existing cards keep their
        codes, so cards already printed and laminated go on working. Call it in a transaction
        holding the club's table numbers (services.table_numbers_locked): two writes making
        the same missing card would break the one card per table number."""
        have = {c.number: c for c in self.filter(club=club, number__lte=count)}
        for number in range(1, count + 1):
            if number not in have:
                have[number] = TableCard.objects.create(club=club, number=number)
        return [have[n] for n in range(1, count + 1)]


class TableCard(models.Model):
    """The card on table N at a club, printed once and used every week, like a bridge club's
    table terminal. Its link (QR code) and short code open table N of whichever round is in
    play at the club now (tournaments/captain/), never a director page."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="table_cards")
    number = models.PositiveSmallIntegerField(validators=NUMBERED)
    token = models.CharField(max_length=32, unique=True, default=new_table_token, editable=False)
    code = models.CharField(max_length=8, unique=True, default=new_table_code, editable=False)
    issued = models.DateTimeField(auto_now=True)

    objects = TableCardQuerySet.as_manager()

    class Meta:
        ordering = ["club", "number"]
        constraints = [
            models.UniqueConstraint(fields=["club", "number"], name="one_card_per_table_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="card_number_from_1"),
        ]

    def __str__(self):
        return f"Table card {self.number} ({self.club})"

    def save(self, *args, **kwargs):
        # Six characters are few enough to collide one day: draw again rather than fail.
        while TableCard.objects.filter(code=self.code).exclude(pk=self.pk).exists():
            self.code = new_table_code()
        super().save(*args, **kwargs)

    def reissue(self) -> None:
        """New link and code: the old card stops working (a photo of it went round)."""
        self.token = new_table_token()
        self.code = new_table_code()
        self.save()


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(validators=NUMBERED)
    captain = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    first_dealer = models.CharField(max_length=1, choices=SEAT_CHOICES, default="N")
    confirmed_by = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # The hands this table had played when time was called (counted as the round counts
    # them): it may enter one more, the hand in play, and has then finished. None while time
    # has not been called, or for a table that had finished by then.
    hands_at_time = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    history = history_with_reasons()

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_table_number_per_round"),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_from_1"),
        ]

    def __str__(self):
        return f"Table {self.number}, round {self.round.number}"

    def card(self) -> TableCard:
        """The club's card for this table number: the captain's way in, every round."""
        return TableCard.objects.get_or_create(club=self.round.event.club, number=self.number)[0]

    def rules(self):
        return self.round.event.ruleset()

    def replay(self, hands) -> scoring.Game:
        """Play `hands` (Hand rows, in order) through the engine as one game at this table.

        Raises scoring.HandError at the first hand the rules refuse, so a correction that
        would leave a later hand impossible (after the game was won) is refused whole.
        """
        event = self.round.event
        game = scoring.Game(
            event.ruleset(), first_dealer=self.first_dealer, max_hands=self.hand_limit()
        )
        for hand in hands:
            game.add(hand.to_engine_hand())
        return game

    def hand_limit(self) -> int | None:
        """How many hands this table plays: the event's hands per round, or (time called) the
        hands it had then and the one in play, whichever comes first; None for a game."""
        limit = self.round.event.max_hands()
        if self.hands_at_time is not None:
            after_time = self.hands_at_time + 1
            limit = after_time if limit is None else min(limit, after_time)
        return limit

    def game(self) -> scoring.Game:
        return self.replay(self.hands.order_by("number"))

    def is_finished(self, game: scoring.Game | None = None) -> bool:
        game = game or self.game()
        return game.finished


class Seat(models.Model):
    """A player's place in a round: at a table in seat N/E/S/W, or, with no table, sitting out.

    One row per player per round, so the database itself guarantees nobody is seated twice.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, null=True, blank=True, related_name="seats"
    )
    position = models.CharField(max_length=1, choices=SEAT_CHOICES, blank=True)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["round", "table__number", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "player"], name="player_seated_once_per_round"
            ),
            models.UniqueConstraint(
                fields=["table", "position"],
                condition=Q(table__isnull=False),
                name="one_player_per_seat",
            ),
            models.CheckConstraint(
                condition=(Q(table__isnull=True) & Q(position=""))
                | (Q(table__isnull=False) & Q(position__in=["N", "E", "S", "W"])),
                name="seat_has_table_and_position_or_sits_out",
            ),
        ]

    def __str__(self):
        if self.table_id is None:
            return f"{self.player} sits out round {self.round.number}"
        return f"{self.player} {self.get_position_display()} at table {self.table.number}"

    @property
    def sits_out(self) -> bool:
        return self.table_id is None

    @property
    def side(self) -> str:
        return scoring.side_of(self.position)


# What a captain or director enters for a hand; everything else the engine works out.
HAND_FIELDS = (
    "maker",
    "alone",
    "lone_defender",
    "tricks",
    "irregularity",
    "offending_side",
    "revoke_penalty",
)


TRICKS_RANGE = "The makers took 0 to 5 tricks: enter a number from 0 to 5."


class Hand(models.Model):
    """One deal as the table captain entered it, with the points the scoring engine gave it."""

    class Irregularity(models.TextChoices):
        NONE = "", "None"
        REVOKE = "revoke", "Revoke (renege)"
        SHORT_HAND = "short_hand", "Wrong number of cards"
        TABLE_TALK = "table_talk", "Table talk"
        ABANDONED = "abandoned", "Lone hand abandoned by a defender"

    class Penalty(models.TextChoices):
        NONE = "", "Not chosen"
        SCORE = "score", "Score 2"
        DEDUCT = "deduct", "Deduct from the revoking side"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField(validators=NUMBERED)
    dealer = models.CharField(max_length=1, choices=SEAT_CHOICES)
    # An empty maker is a thrown-in deal: all four passed twice.
    maker = models.CharField("called trump", max_length=1, choices=SEAT_CHOICES, blank=True)
    alone = models.BooleanField("went alone", default=False)
    lone_defender = models.CharField(max_length=1, choices=SEAT_CHOICES, blank=True)
    tricks = models.PositiveSmallIntegerField(
        "makers' tricks",
        null=True,
        blank=True,
        validators=number_range(0, 5, too_low=TRICKS_RANGE, too_high=TRICKS_RANGE),
    )
    irregularity = models.CharField(
        max_length=12, choices=Irregularity.choices, blank=True, default=""
    )
    offending_side = models.CharField(
        max_length=4, choices=[*SIDE_CHOICES, ("both", "Both sides")], blank=True
    )
    revoke_penalty = models.CharField(max_length=8, choices=Penalty.choices, blank=True, default="")
    # Set by save() from the scoring engine, never from a form.
    ns_points = models.SmallIntegerField(editable=False)
    ew_points = models.SmallIntegerField(editable=False)
    outcome = models.CharField(max_length=32, editable=False)
    description = models.CharField(max_length=200, editable=False)
    entered_at = models.DateTimeField(auto_now_add=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The director who entered it; empty when a table captain did.",
    )
    history = history_with_reasons()

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_hand_number_per_table"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_from_1"),
            models.CheckConstraint(
                condition=Q(tricks__isnull=True) | Q(tricks__lte=5), name="tricks_0_to_5"
            ),
            # A thrown-in deal has no tricks; a played one always has them.
            models.CheckConstraint(
                condition=(Q(maker="") & Q(tricks__isnull=True))
                | (~Q(maker="") & Q(tricks__isnull=False)),
                name="tricks_iff_played",
            ),
        ]

    def __str__(self):
        return f"Hand {self.number} at {self.table}"

    def to_engine_hand(self) -> scoring.Hand:
        """Translate seats into the engine's sides. The engine checks the rules; the seat
        checks it cannot see (a lone defender must be one of the maker's opponents) are here."""
        if not self.maker:
            return scoring.Hand(
                makers=None,
                tricks=self.tricks,
                alone=self.alone,
                defended_alone=bool(self.lone_defender),
                **self._irregularity_fields(),
            )
        makers = scoring.side_of(self.maker)
        if self.lone_defender and scoring.side_of(self.lone_defender) == makers:
            raise scoring.HandError(
                "bad_seat",
                f"{SEAT_NAMES[self.lone_defender]} is the maker's partner, not an opponent: "
                "the lone defender must be East or West when North or South called, and "
                "the other way round.",
                field="lone_defender",
            )
        return scoring.Hand(
            makers=makers,
            tricks=self.tricks,
            alone=self.alone,
            defended_alone=bool(self.lone_defender),
            **self._irregularity_fields(),
        )

    def _irregularity_fields(self) -> dict:
        side = self.offending_side or None
        needs_side = (
            self.Irregularity.REVOKE,
            self.Irregularity.SHORT_HAND,
            self.Irregularity.TABLE_TALK,
        )
        if self.irregularity in needs_side and side is None:
            raise scoring.HandError(
                "side_missing",
                f"Say which side committed the {self.get_irregularity_display().lower()}.",
                field="offending_side",
            )
        if side is not None and self.irregularity not in needs_side:
            raise scoring.HandError(
                "side_without_irregularity",
                "An offending side was given but no revoke, wrong number of cards or table "
                "talk: pick the irregularity, or clear the offending side.",
                field="offending_side",
            )
        match self.irregularity:
            case self.Irregularity.REVOKE:
                return {"revoke": side, "revoke_penalty": self.revoke_penalty or None}
            case self.Irregularity.SHORT_HAND:
                return {"short_hand": side}
            case self.Irregularity.TABLE_TALK:
                return {"table_talk": side}
            case self.Irregularity.ABANDONED:
                return {"abandoned": True}
        return {"revoke_penalty": self.revoke_penalty or None}

    def apply_score(self, result: scoring.HandScore) -> None:
        self.ns_points = result.points["NS"]
        self.ew_points = result.points["EW"]
        self.outcome = result.outcome
        self.description = result.description

    def save(self, *args, **kwargs):
        # Whatever path saves a hand (service, admin, shell), its points come from the engine.
        self.apply_score(scoring.score_hand(self.to_engine_hand(), self.table.rules()))
        super().save(*args, **kwargs)


class CodeGuessCount(models.Model):
    """Wrong table codes typed from one phone or one address (`kind`, `key`) in the window of
    time that ends at `window_end`, and in the window before it (tournaments/guesses.py). A
    row in the database, not a cache entry, so every gunicorn worker and every app server
    sees the same count, and a restart does not reset it."""

    kind = models.CharField(max_length=16)
    key = models.CharField(max_length=64)
    # Indexed so that deleting the expired windows stays cheap.
    window_end = models.DateTimeField(db_index=True)
    count = models.PositiveIntegerField(default=0)
    # The window before's count: a wrong code must fit within the budget with it.
    prev_count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["kind", "key"], name="one_guess_count_per_key"),
        ]

    def __str__(self):
        return f"{self.count} wrong codes from {self.kind} {self.key} until {self.window_end}"

"""Workflows that span several models: seating a round, recording and correcting hands,
closing a round. Each runs in one transaction, so a refusal leaves nothing half-saved.

Refusals raise `ActionRefused` (a clear message for the director or captain) or
`scoring.HandError` (the engine's message about a hand, with the field it concerns).
"""

import hashlib
from collections.abc import Callable, Collection, Mapping, Sequence

from django.db import IntegrityError, transaction
from django.utils import timezone

import scoring
from clubs import dates
from clubs.models import Club, Player

from . import reads, signals
from .models import (
    HAND_FIELDS,
    Entry,
    Event,
    Hand,
    Partnership,
    Round,
    Seat,
    Table,
    TableCard,
    TallyPrint,
)
from .movements import movement_report
from .printouts import data
from .seating import RoundPlan, RoundSeating, SeatingError, plan_round

# What a captain or director may say about a hand; everything else is the engine's.
HAND_DEFAULTS = {
    "maker": "",
    "alone": False,
    "lone_defender": "",
    "tricks": None,
    "irregularity": "",
    "offending_side": "",
    "revoke_penalty": "",
}


# Each of these players' ratings, for a progressive night's first round balanced by rating
# (Event.balanced_draw): a player not yet rated counts as a new player, and nothing at all when
# none of them is rated (the plain draw). Set by ratings/ when it starts: it sits above events,
# and tournaments never imports it. None: no ratings kept, every draw is the plain one.
ratings_for_draw: Callable[[Club, Sequence[int]], Mapping[int, float]] | None = None


class ActionRefused(Exception):
    """A request that cannot be carried out as asked; the message says why and what to do."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class HandTaken(ActionRefused):
    """Hand `number` was already entered at the table: `hand` is what was recorded, and `same`
    says whether the refused entry says the same thing (a repeat, harmless) or something else
    (another phone got there first with a different hand: the captain must choose)."""

    def __init__(self, message: str, *, hand: Hand, same: bool):
        super().__init__(message)
        self.hand, self.same = hand, same


def _past_seatings(event: Event) -> list[RoundSeating]:
    rounds: dict[int, RoundSeating] = {}
    # Plain values, not Seat objects: a 400-player night has 4,800 seats, and the event page
    # asks for them on every load once tally cards are printed (tally_card_changes).
    seats = Seat.objects.filter(round__event=event).order_by("round__number")
    tables: dict[tuple[int, int], dict[str, int]] = {}
    # A round made at its first seat, not a spare one for each seat (setdefault's default).
    for round_number, table_number, position, player_id in seats.values_list(
        "round__number", "table__number", "position", "player_id"
    ):
        r = rounds.get(round_number)
        if r is None:
            r = rounds[round_number] = RoundSeating(tables=[], sit_out=[])
        if table_number is None:
            r.sit_out.append(player_id)
        else:
            places = tables.get((round_number, table_number))
            if places is None:
                places = tables[round_number, table_number] = {}
            places[position] = player_id
    for (number, _), places in sorted(tables.items()):
        rounds[number].tables.append((places["N"], places["E"], places["S"], places["W"]))
    return [rounds[n] for n in sorted(rounds)]


def event_partnerships_present(event: Event) -> list[tuple[int, int]]:
    """Pairs whose two players are both checked in; a pair with one missing cannot play."""
    pairs = []
    for partnership in event.partnerships.prefetch_related("entries"):
        members = [e for e in partnership.entries.all() if e.present]
        if len(members) == 2:
            pairs.append(tuple(sorted(e.player_id for e in members)))
    return pairs


def _entrants(event: Event) -> list[int]:
    """Every entrant in entry order, present or not: after an arrival or a departure, the
    movement finds the plan the night had before, numbered as it was (seating.plan_round)."""
    return list(event.entries.order_by("pk").values_list("player_id", flat=True))


def _stays(event: Event) -> list[int]:
    """The players checked in who stay at one table (Entry.stays), in entry order: the
    movement keeps each at one table from the next round seated. Never in a pairs event, where
    partners move together."""
    if event.is_pairs:
        return []
    stays = event.entries.filter(present=True, stays=True).order_by("pk")
    return list(stays.values_list("player_id", flat=True))


def _draw_ratings(
    event: Event, players: Sequence[int], past: Sequence[RoundSeating]
) -> Mapping[int, float] | None:
    """What `plan_round` needs for the event's draw: None for the plain draw; the players'
    ratings before round 1 of a night balanced by rating; after it, nothing to read (round 1's
    seats number the players, whatever the ratings have become since)."""
    if not event.balanced_draw or event.is_pairs:
        return None
    if past or ratings_for_draw is None:
        return {}
    return ratings_for_draw(event.club, players)


def _round_plan(event: Event, *, seed: int | None = None) -> tuple[int, RoundPlan]:
    """The checks before seating and the plan for the next round: one function for the
    preview and the seating, so the director starts exactly the round they were shown."""
    last = event.rounds.order_by("-number").first()
    if last is not None and not last.is_closed:
        raise ActionRefused(
            f"Round {last.number} is still in play: close it before seating the next."
        )
    number = 1 if last is None else last.number + 1
    if number > event.rounds_planned:
        raise ActionRefused(
            f"All {event.rounds_planned} rounds have been played. Raise the number of rounds "
            "in the event's settings to play another."
        )
    # Entry order numbers the players in the movement, so the same players keep the same
    # numbers all night and each round follows the plan made for the first.
    present = list(
        event.entries.filter(present=True).order_by("pk").values_list("player_id", flat=True)
    )
    partnerships = event_partnerships_present(event) if event.is_pairs else None
    if event.is_pairs:
        unpaired = event.entries.filter(present=True, partnership__isnull=True)
        if unpaired.exists():
            names = ", ".join(e.player.name for e in unpaired.select_related("player"))
            raise ActionRefused(
                f"In a pairs event everyone needs a partner; not yet paired: {names}. "
                "Register their partnerships or check them out."
            )
    results = (
        [round_player_points(r) for r in event.rounds.order_by("number")] if event.is_pairs else []
    )
    past = _past_seatings(event)
    try:
        plan = plan_round(
            players=present,
            past=past,
            partnerships=partnerships,
            rounds=event.rounds_planned,
            pairs_movement=event.pairs_movement,
            results=results,
            # One seed for the whole event: every round must come from the same plan.
            seed=event.pk if seed is None else seed,
            entrants=_entrants(event),
            ratings=_draw_ratings(event, present, past),
            stays=_stays(event),
        )
    except SeatingError as exc:
        raise ActionRefused(str(exc)) from exc
    return number, plan


def night_plan(*, event: Event) -> list[RoundSeating]:
    """The whole night as it stands: the rounds seated, then the rest as the movement plans
    them for the players checked in now (what `round_seat` will seat if nobody arrives or
    leaves). Rounds that cannot be planned yet are left out: a pairs event's next rounds
    depend on results, and fewer than four players make no table."""
    return _night(event)[0]


def night_stays(*, event: Event) -> tuple[list[RoundSeating], dict[int, int]]:
    """The night as `night_plan` plans it, and the table number each player who stays keeps
    (the tally cards say "Stays at table 3"). Once the last round is seated there is nothing
    left to plan: each player marked to stay keeps the table they sit at in it."""
    night, plan = _night(event)
    if plan is not None:
        return night, stay_tables(event, plan)
    stays = set(event.entries.filter(stays=True).values_list("player_id", flat=True))
    offset = event.table_offset()
    last = night[-1] if night and not event.is_pairs else None
    return night, {
        p: offset + index + 1
        for index, table in enumerate(last.tables if last else ())
        for p in table
        if p in stays
    }


def _night(event: Event) -> tuple[list[RoundSeating], RoundPlan | None]:
    """`night_plan`, and the plan it comes from (None: nothing left that can be planned)."""
    past = _past_seatings(event)
    if len(past) >= event.rounds_planned or event.is_pairs:
        return past, None
    present = list(
        event.entries.filter(present=True).order_by("pk").values_list("player_id", flat=True)
    )
    try:
        plan = plan_round(
            players=present,
            past=past,
            rounds=event.rounds_planned,
            seed=event.pk,
            entrants=_entrants(event),
            ratings=_draw_ratings(event, present, past),
            stays=_stays(event),
            without=False,  # the night alone: what staying costs is the preview's
        )
    except SeatingError:
        return past, None
    return plan.night, plan


def stay_tables(event: Event, plan: RoundPlan) -> dict[int, int]:
    """Each player who stays, and the number of the table they keep, as `round_seat` numbers
    tables (after another event's tables in play)."""
    offset = event.table_offset()
    return {player: offset + index + 1 for player, index in plan.stays.items()}


def stays_cost(plan: RoundPlan) -> list[tuple[str, int, int]]:
    """What keeping players at one table costs the night, beside the same night if nobody
    stayed: rows of (what, with them staying, without). Empty when nobody stays. The round
    preview shows these rows and nothing else of it."""
    if plan.without is None:
        return []
    now, before = movement_report(plan.night), movement_report(plan.without)
    rows = [
        ("The most times two players meet", now.most_meetings, before.most_meetings),
        ("Repeated meetings in all", now.repeat_meetings, before.repeat_meetings),
    ]
    if now.partner_repeats or before.partner_repeats:
        rows.append(("Partners again", now.partner_repeats, before.partner_repeats))
    return rows


def round_preview(*, event: Event) -> RoundPlan:
    """The next round as it would be seated now, and the night's plan; nothing is saved."""
    return _round_plan(event)[1]


def table_numbers_locked(club_id: int) -> None:
    """Hold the club's table numbers until the transaction ends, for a write that gives tables
    their numbers (a round seated, a bracket's match called): card N opens table N of every
    round in play at the club, so two events' writes at the same moment must not both take a
    number each found free. On PostgreSQL each reads only what was committed, so they take
    turns on the club's row, after their own event's (brackets/services.py: the order of
    locks). FOR NO KEY UPDATE: a new player, event or card of the club does not wait for it.
    A unique constraint could not say this (a table's club, and whether its round is in play,
    are in other tables). SQLite already runs one writer at a time."""
    Club.objects.select_for_update(no_key=True).values_list("pk", flat=True).get(pk=club_id)


@transaction.atomic
def table_cards_ensure(*, club: Club, count: int) -> list[TableCard]:
    """The club's cards 1..count for printing, the missing ones made while holding the club's
    table numbers, as seating a round and calling a match do when they make their tables'
    cards: two printouts, or a printout and a seating, at the same moment would each make the
    cards each found missing, and the second to make card N was refused by the one card per
    table number (a 500). Now the second waits, then finds the first's cards."""
    table_numbers_locked(club.pk)
    return TableCard.objects.ensure(club, count)


@transaction.atomic
def round_seat(*, event: Event, seed: int | None = None) -> Round:
    """Seat the next round with the players checked in now."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    table_numbers_locked(event.club_id)
    if event.is_bracket:
        raise ActionRefused(
            "A bracket is not seated in rounds: call each match to a table from the bracket page."
        )
    number, plan = _round_plan(event, seed=seed)
    seating = plan.next

    offset = event.table_offset()  # another event in play: its tables come first
    round_ = Round.objects.create(event=event, number=number)
    for table_number, players in enumerate(seating.tables, start=offset + 1):
        # North captains the table: the seat named first on the table card.
        table = Table.objects.create(round=round_, number=table_number, captain_id=players[0])
        Seat.objects.bulk_create(
            Seat(round=round_, table=table, position=pos, player_id=pid)
            for pos, pid in zip("NESW", players, strict=True)
        )
    Seat.objects.bulk_create(Seat(round=round_, player_id=pid) for pid in seating.sit_out)
    # The club's table cards open these tables: make any card the club has never needed.
    TableCard.objects.ensure(event.club, offset + len(seating.tables))
    return round_


def _table_locked(pk: int) -> Table:
    """Table `pk` read afresh with its round and event, the three locked until the transaction
    ends (reads.table_locked), or refused in words when it is gone: a bracket's reset deletes
    its match's games, and a phone (or a director's page) that showed the table a moment
    before sends to one no longer there, once the reset it waited for is committed."""
    try:
        return reads.table_locked(pk)
    except Table.DoesNotExist:
        raise ActionRefused(
            "This game was cleared just now: the director reset its match. Open the table "
            "card again to see what is being played."
        ) from None


def _check_table_open(table: Table) -> None:
    if table.round.is_closed:
        raise ActionRefused(
            f"Round {table.round.number} is closed: its hands can no longer change here."
        )
    if table.confirmed_at is not None:
        raise ActionRefused(
            f"Table {table.number}'s result was confirmed: only the director can change it now."
        )


def _clean_hand_data(data: Mapping) -> dict:
    unknown = set(data) - set(HAND_FIELDS)
    if unknown:
        raise ValueError(f"Unknown hand fields: {sorted(unknown)}")
    return {**HAND_DEFAULTS, **data}


def _next_hand(
    table: Table, number: int, data: Mapping, *, existing: list[Hand] | None = None, user=None
) -> tuple[Hand, scoring.Game]:
    """Hand `number` built as the table's next hand and played through the engine, unsaved.

    `number` is what the entering phone believes is the next hand: a double tap, a retried
    request or a second phone sending the same hand finds it already taken and is refused
    with what was entered. Raises ActionRefused, or HandError for what the rules refuse.

    With `existing` (the table's hands, as the caller has just read them with `table`, its
    round and event), nothing is read again: a check that saves nothing. Without, the table is
    read afresh and locked, with its hands, for a hand about to be saved.
    """
    if existing is None:
        # The captain's reads in hand-written SQL (tournaments/reads.py): the ORM's building
        # of this join cost more than the rest of a Confirm's reads together.
        table = _table_locked(table.pk)
        existing = reads.hands(table)
    _check_table_open(table)
    _refuse_unless_next(number, existing, data)
    game = table.replay(existing)
    hand = Hand(
        table=table, number=number, dealer=game.dealer, entered_by=user, **_clean_hand_data(data)
    )
    try:
        hand.apply_score(game.add(hand.to_engine_hand()))
    except scoring.HandError as err:
        if err.code == "round_over" and table.hands_at_time is not None:
            raise scoring.HandError(
                "round_over",
                "Time was called, and this table has played the hand that was in play: no "
                "more hands can be entered.",
            ) from err
        raise
    return hand, game


def _refuse_unless_next(number: int, existing: list[Hand], data: Mapping) -> None:
    if number != len(existing) + 1:
        if 1 <= number <= len(existing):
            hand = existing[number - 1]
            raise HandTaken(
                # No "refresh to see the score": each page that says this shows the table as
                # it now stands (the captain's page, the director's table page).
                f"Hand {number} was already entered: {hand.description}.",
                hand=hand,
                same=same_hand(hand, data),
            )
        raise ActionRefused(
            f"The next hand at this table is hand {len(existing) + 1}, not {number}."
        )


@transaction.atomic
def hand_record(*, table: Table, number: int, data: Mapping, user=None) -> Hand:
    """Record hand `number` at `table`, as the next hand, if the rules allow it (`_next_hand`
    says what a repeated or out-of-turn number gets)."""
    hand, game = _next_hand(table, number, data, user=user)
    hand.save()
    # The table's score after this hand, so a caller can show it without replaying the table.
    hand.score_after = game.score
    return hand


@transaction.atomic
def hand_correct(*, hand: Hand, data: Mapping, reason: str, user) -> Hand:
    """A director's correction of any hand, re-scored by the engine and kept in the history.

    The whole table is replayed with the corrected hand, so a change that would make a later
    hand impossible (the game was already won before it) is refused whole.
    """
    reason = (reason or "").strip()
    if not reason:
        raise ActionRefused("Say why the hand is corrected: the reason is kept with the change.")
    table = _table_locked(hand.table_id)
    hand = table.hands.get(pk=hand.pk)
    for name, value in _clean_hand_data({**_hand_data(hand), **data}).items():
        setattr(hand, name, value)
    hands = [hand if h.pk == hand.pk else h for h in table.hands.order_by("number")]
    table.replay(hands)  # raises HandError
    hand._change_reason = reason
    if user is not None:
        # The history's "who": outside a request the middleware cannot tell simple-history.
        hand._history_user = user
    hand.save()
    said = signals.table_changed.send(sender=Table, table=table, reason="corrected")
    # What the correction changed beyond the table, in words (a bracket match changing
    # hands says so): each receiver may answer a sentence for the director.
    hand.changed_words = " ".join(words for _, words in said if isinstance(words, str) and words)
    return hand


def _hand_data(hand: Hand) -> dict:
    return {name: getattr(hand, name) for name in HAND_FIELDS}


def same_hand(hand: Hand, data: Mapping) -> bool:
    """Whether `data` says what `hand` was recorded as (a repeat of the same entry)."""
    return _clean_hand_data(data) == _hand_data(hand)


@transaction.atomic
def round_close(*, round: Round, reason: str = "", unconfirmed_ok: Collection[int] = ()) -> Round:
    """Close a round when every table has finished, or force it with a reason.

    A table that has finished but that no opponent has confirmed is closed only on purpose:
    `unconfirmed_ok` names the tables the director saw unconfirmed and closes anyway. A table
    that finishes unconfirmed after the page was shown is therefore still refused.
    """
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    if round_.is_closed:
        raise ActionRefused(f"Round {round_.number} is already closed.")
    tables = list(round_.tables.order_by("number"))
    unfinished = [t.number for t in tables if not t.is_finished()]
    reason = (reason or "").strip()
    if unfinished and not reason:
        raise ActionRefused(
            f"{_tables_words(unfinished)} not finished. Wait for "
            f"{'it' if len(unfinished) == 1 else 'them'}, or give a reason to close the round now."
        )
    unconfirmed = [
        t.number for t in tables if t.confirmed_at is None and t.number not in unfinished
    ]
    if set(unconfirmed) - set(unconfirmed_ok):
        raise ActionRefused(
            f"{_tables_words(unconfirmed)} finished, but no opponent has confirmed the result. "
            "Ask an opponent there to confirm it, or tick “Close without their confirmation”."
        )
    round_.status = Round.Status.CLOSED
    round_.closed_at = timezone.now()
    round_.close_reason = reason if unfinished else ""
    round_._change_reason = reason or "All tables finished"
    if unconfirmed:
        round_._change_reason += f"; closed with {tables_list(unconfirmed)} unconfirmed"
    round_.save()
    signals.round_closed.send(sender=Round, round=round_)
    return round_


@transaction.atomic
def round_call_time(*, round: Round) -> Round:
    """Time is called ("finish the hand already dealt"): each table still playing may enter one
    more hand, the one in play, and has then finished, so the director closes the round as
    finished with nothing forced (never by itself: closing asks the director about unconfirmed
    tables). A table that had finished already is left as it is."""
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    if round_.is_closed:
        raise ActionRefused(f"Round {round_.number} is closed: there is no time to call.")
    if round_.time_called_at is not None:
        called = dates.clock(round_.time_called_at, round_.event)
        raise ActionRefused(f"Time was already called in round {round_.number}, at {called}.")
    round_.time_called_at = timezone.now()
    round_._change_reason = "Time called"
    round_.save()
    # Locked as a captain's entry locks them: a hand being recorded now is counted first.
    for table in round_.tables.select_for_update().order_by("number"):
        table.round = round_
        game = table.game()
        if not game.finished:
            table.hands_at_time = game.hands_counted
            table._change_reason = "Time called: one more hand"
            table.save(update_fields=["hands_at_time"])
    return round_


def tables_list(numbers: Collection[int]) -> str:
    """ "table 3", "tables 3 and 5", "tables 2, 3 and 5"."""
    numbers = [str(n) for n in sorted(numbers)]
    if len(numbers) == 1:
        return f"table {numbers[0]}"
    return f"tables {', '.join(numbers[:-1])} and {numbers[-1]}"


def _tables_words(numbers: Collection[int]) -> str:
    """ "Table 3 has", "Tables 3 and 5 have": the start of a sentence about them."""
    words = tables_list(numbers)
    return f"{words[0].upper()}{words[1:]} {'has' if len(numbers) == 1 else 'have'}"


def entries_set_present(
    *, event: Event, present_ids: set[int], shown_ids: set[int] | None = None
) -> None:
    """Check-in: the given players are present, every other entrant listed is not (all of
    them, unless `shown_ids` names the ones the director's page listed)."""
    listed = (
        event.entries.all() if shown_ids is None else event.entries.filter(player_id__in=shown_ids)
    )
    with transaction.atomic():
        listed.filter(player_id__in=present_ids).update(present=True)
        listed.exclude(player_id__in=present_ids).update(present=False)
        signals.entries_changed.send(sender=Event, event=event)


def players_checked_in(event: Event) -> int:
    """How many of the night's entrants are checked in: the one count the pages say (the event
    page's check-in, the check-in from the sign-up list), walk-ins and all."""
    return event.entries.filter(present=True).count()


@transaction.atomic
def entry_set_stays(*, event: Event, player_id: int, stays: bool) -> Entry:
    """Mark an entrant as staying at one table all night (a player who cannot walk from table
    to table), or let them move again. Taken from the next round seated. At most one a table:
    two who stay at one table would both have to keep it."""
    # Two directors marking at once must not both find a table free.
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.is_pairs:
        raise ActionRefused(
            "In a pairs event partners move together: no one can stay at one table."
        )
    entry = event.entries.select_related("player").get(player_id=player_id)
    if stays and not entry.stays:
        others = list(
            event.entries.filter(present=True, stays=True)
            .exclude(pk=entry.pk)
            .select_related("player")
            .order_by("pk")
        )
        here = players_checked_in(event)
        tables = here // 4
        if len(others) + 1 > tables:
            names = [e.player.name for e in others]
            names = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
            made = (
                f"The {here} players checked in make {tables} table{'s' if tables != 1 else ''}"
                if tables
                else f"Only {here} player{'s are' if here != 1 else ' is'} checked in: "
                "that makes no table yet"
            )
            already = (
                f", and {names} already stay{'s' if len(others) == 1 else ''}" if others else ""
            )
            raise ActionRefused(
                f"{entry.player.name} cannot stay at one table: at most one player stays at a "
                f"table. {made}{already}. Check in more players, or let someone move again."
            )
    entry.stays = stays
    entry.save(update_fields=["stays"])
    return entry


def event_create(*, form) -> tuple[Event, bool]:
    """Save a new event from a valid EventForm; returns it and whether this post made it. The
    same form sent twice (a double click, or sent again from the browser's history) finds the
    event the first post made: its token is unique in the club, so of two posts at the same
    moment one inserts and the other's insert fails here and reads the first's event."""
    token = form.cleaned_data.get("form_token", "")
    made = Event.objects.filter(club=form.instance.club, form_token=token)
    if token and (event := made.first()) is not None:
        return event, False
    form.instance.form_token = token
    try:
        with transaction.atomic():
            return form.save(), True
    except IntegrityError:
        event = made.first() if token else None
        if event is None:
            raise
        return event, False


# Tries at adding players while others add some to the same event at the same moment.
_ADD_TRIES = 3


def entries_add(*, event: Event, players) -> int:
    """Enter club players in the event (checked in); already-entered players are left as is.
    Returns how many this call entered."""
    for p in players:
        if p.club_id != event.club_id:
            raise ActionRefused(f"{p.name} is not a player of {event.club.name}.")
    for _ in range(_ADD_TRIES):
        already = set(event.entries.values_list("player_id", flat=True))
        new = [Entry(event=event, player=p) for p in players if p.pk not in already]
        try:
            # Another page (a double click, a second director) entered some of them between
            # the read and this insert: read again, in a fresh savepoint, and add the rest.
            with transaction.atomic():
                Entry.objects.bulk_create(new)
                if new:
                    signals.entries_changed.send(sender=Event, event=event)
        except IntegrityError:
            continue
        return len(new)
    raise ActionRefused(
        "Players were being added to this event from another page at the same moment. "
        "Look at the list of entrants and add anyone still missing."
    )


@transaction.atomic
def partnership_register(
    *, event: Event, first: Player, second: Player, name: str = ""
) -> Partnership:
    """Pair two entrants of a pairs event; each player has one partnership per event."""
    if not event.is_pairs:
        raise ActionRefused("Partnerships are for pairs events; this is a progressive event.")
    if first.pk == second.pk:
        raise ActionRefused("Pick two different players for a partnership.")
    entries = {e.player_id: e for e in event.entries.filter(player__in=[first, second])}
    for player in (first, second):
        entry = entries.get(player.pk)
        if entry is None:
            raise ActionRefused(f"{player.name} is not entered in this event: add them first.")
        if entry.partnership_id is not None:
            raise ActionRefused(f"{player.name} already has a partner in this event.")
    partnership = Partnership.objects.create(event=event, name=name.strip())
    Entry.objects.filter(pk__in=[e.pk for e in entries.values()]).update(partnership=partnership)
    return partnership


def round_player_points(round_: Round) -> dict[int, int]:
    """Each seated player's points in a round: the points their side scored at their table."""
    points: dict[int, int] = {}
    tables = round_.tables.prefetch_related("hands", "seats")
    for table in tables:
        totals = {"NS": 0, "EW": 0}
        for hand in table.hands.all():
            totals["NS"] += hand.ns_points
            totals["EW"] += hand.ew_points
        for seat in table.seats.all():
            points[seat.player_id] = totals[scoring.side_of(seat.position)]
    return points


# --- At the table: the captain's phone ------------------------------------------------------
# The captain may check a hand before recording it, fix or delete the last hand, and have an
# opponent confirm the result. Each request carries what the phone saw (the hand number, or
# the table's fingerprint), so a stale page or a second phone is refused, never silently
# obeyed.


def table_fingerprint(hands) -> str:
    """A short digest of a table's hands as entered: a phone sends back the one it was shown,
    and a fix, a delete or a confirmation made from a page gone stale is refused."""
    text = repr([(h.number, *(getattr(h, name) for name in HAND_FIELDS)) for h in hands])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _refuse_if_changed(table: Table, hands: list[Hand], seen: str) -> None:
    if table_fingerprint(hands) != seen:
        raise ActionRefused(
            f"Table {table.number}'s hands changed since this page was loaded (another phone, "
            "or the director): check them below and try again."
        )


def hand_preview(
    *, table: Table, number: int, data: Mapping, hands: list[Hand]
) -> tuple[Hand, scoring.Game]:
    """What hand `number` would score, and the table's score after it, without saving.

    The captain's check before confirming, on the table (with its round and event) and its
    `hands` as the caller read them for this request; the same refusals as `hand_record`,
    which still makes every check again, on the locked table, when the hand is confirmed.
    """
    return _next_hand(table, number, data, existing=hands)


def _replace(table: Table, hands: list[Hand], number: int, data: Mapping) -> scoring.Game:
    """Put `data` into hand `number` (in memory) and replay the whole table, as a director's
    correction does; raises HandError where a later hand becomes impossible."""
    hand = next((h for h in hands if h.number == number), None)
    if hand is None:
        raise ActionRefused(f"There is no hand {number} at this table to fix.")
    for name, value in _clean_hand_data(data).items():
        setattr(hand, name, value)
    game = table.replay(hands)
    hand.apply_score(game.results[number - 1])
    return game


def score_after(game: scoring.Game, number: int) -> dict[str, int]:
    """The table's score just after hand `number`."""
    totals = {"NS": 0, "EW": 0}
    for result in game.results[:number]:
        totals = {side: totals[side] + result.points[side] for side in totals}
    return totals


def hand_fix_preview(
    *, table: Table, number: int, data: Mapping, seen: str
) -> tuple[Hand, scoring.Game]:
    """Hand `number` as it would be fixed, and the table's score after it, without saving."""
    table = Table.objects.select_related("round__event").get(pk=table.pk)
    _check_table_open(table)
    hands = list(table.hands.order_by("number"))
    _refuse_if_changed(table, hands, seen)
    game = _replace(table, hands, number, data)
    return hands[number - 1], game


@transaction.atomic
def hand_fix(*, table: Table, number: int, data: Mapping, seen: str) -> Hand:
    """The captain's fix of any hand, until an opponent confirms the table's result.

    The whole table is replayed with the fixed hand, so a fix that would leave a later hand
    impossible (the game was already won before it) is refused whole. A hand's points depend
    on that hand alone, so no other hand changes. The page the fix was made on (`seen`) must
    still be current, so two phones cannot fix over each other. The old values stay in the
    hand's history.
    """
    table = _table_locked(table.pk)
    _check_table_open(table)
    hands = list(table.hands.order_by("number"))
    _refuse_if_changed(table, hands, seen)
    game = _replace(table, hands, number, data)
    hand = hands[number - 1]
    hand._change_reason = "Fixed at the table by the captain"
    hand.save()
    hand.score_after = score_after(game, number)  # as in hand_record
    return hand


@transaction.atomic
def hand_delete_last(*, table: Table, number: int, seen: str) -> Hand:
    """Delete the last hand (entered by mistake), until the table's result is confirmed.

    `number` must be the last hand: a double tap must not delete the hand before it too.
    """
    table = _table_locked(table.pk)
    _check_table_open(table)
    hands = list(table.hands.order_by("number"))
    _refuse_if_changed(table, hands, seen)
    if not hands or hands[-1].number != number:
        raise ActionRefused(
            f"Only the last hand entered can be deleted at the table, and hand {number} is not it."
        )
    hand = hands[-1]
    hand._change_reason = "Deleted at the table by the captain"
    hand.delete()
    return hand


@transaction.atomic
def table_confirm(*, table: Table, player: Player, seen: str) -> Table:
    """An opponent of the captain confirms the table's result; then only the director can
    change it. The table must have finished (hand count reached, or game won)."""
    table = _table_locked(table.pk)
    _check_table_open(table)
    hands = list(table.hands.order_by("number"))
    _refuse_if_changed(table, hands, seen)
    game = table.replay(hands)
    if not game.finished:
        raise ActionRefused(
            f"Table {table.number} has not finished: play and enter the remaining hands first."
        )
    seats = {s.player_id: s.position for s in table.seats.all()}
    captain_side = scoring.side_of(seats.get(table.captain_id, "N"))
    if player.pk not in seats or scoring.side_of(seats[player.pk]) == captain_side:
        raise ActionRefused(
            f"{player.name} cannot confirm: the result is confirmed by one of the captain's "
            "opponents at this table."
        )
    table.confirmed_by = player
    table.confirmed_at = timezone.now()
    table._change_reason = f"Result confirmed at the table by {player.name}"
    table.save(update_fields=["confirmed_by", "confirmed_at"])
    signals.table_changed.send(sender=Table, table=table, reason="confirmed")
    return table


@transaction.atomic
def table_cards_reissue(*, club) -> int:
    """Every card of the club gets a new link and code; returns how many."""
    cards = list(TableCard.objects.select_for_update().filter(club=club))
    for card in cards:
        card.reissue()
    return len(cards)


@transaction.atomic
def tally_print_record(*, event: Event, routes: Mapping[int, list]) -> TallyPrint:
    """Remember the routes just printed on these players' tally cards (the others' stay as
    they were printed before)."""
    printed, _ = TallyPrint.objects.select_for_update().get_or_create(event=event)
    printed.routes = {**printed.routes, **{str(pid): route for pid, route in routes.items()}}
    printed.save()
    return printed


def tally_card_changes(
    *, event: Event, night: list[RoundSeating] | None = None
) -> tuple[TallyPrint | None, data.CardChanges]:
    """When tally cards were printed, and which cards of the players here the night's plan has
    overtaken since (data.card_changes): none before any card is printed. `night`: the plan
    already made for the same request (`night_plan`), not made twice."""
    printed = TallyPrint.objects.filter(event=event).first()
    if printed is None:
        return None, data.CardChanges()
    cards = data.tally_cards(event, night_plan(event=event) if night is None else night)
    return printed, data.card_changes(cards, printed.routes)

"""A bracket's workflows: seeding it, calling a match to a table, a game's result advancing
the bracket, corrections, resets and withdrawals. Each either completes or changes nothing
(services.ActionRefused says why, in words).

The order of locks. PostgreSQL reads what was committed when each statement began (read
committed): a write that takes no lock in common with another reads the bracket as it stood
before that other, and acts on it. A call read a bracket that a correction was changing and
seated the team that lost; two brackets' calls each found table 10 free. So every write here
locks, in this order and no other (so that no two ever wait on each other in a circle):

1. the tables and rounds of the games it changes (`_lock_games`). A captain's hand, a
   confirmation and a director's correction lock a table with its round and its event in one
   statement (tournaments/reads.table_locked), so a write that held the event and then wanted
   a table a captain was writing at would wait on the captain, who waits on the event.
2. the event's row (`_locked`): what every write at the event's tables locks, so a correction
   or a confirmation and a bracket write take turns, the second reading what the first did;
3. the bracket's row, then its matches and teams;
4. the club's row, only to give a match a table number (tournaments.services
   .table_numbers_locked): two events choose from the club's one set of numbers in turn.

SQLite runs one writer at a time (IMMEDIATE transactions) and has no row locks to take.
"""

import random
import secrets
from dataclasses import dataclass

from django.db import OperationalError, transaction
from django.db.models import Max
from django.utils import timezone

from ratings import services as ratings
from tournaments import brackets as engine
from tournaments.models import Entry, Event, Hand, Partnership, Round, Seat, Table, TableCard
from tournaments.services import ActionRefused, table_numbers_locked
from tournaments.standings import event_standings

from .models import Bracket, Game, Match, Team

SEATS = "NESW"
# The first team sits North-South (its first player captains), the second East-West.
SLOT_SIDE = ("NS", "EW")


def bracket_for(event: Event) -> Bracket:
    """The event's bracket settings, made with the defaults the first time they are needed.
    A bracket's game is played to the game points, whatever the event form said."""
    if event.round_end != Event.RoundEnd.GAME:
        event.round_end = Event.RoundEnd.GAME
        event.save(update_fields=["round_end"])
    return Bracket.objects.get_or_create(event=event)[0]


@dataclass(frozen=True)
class Now:
    """A bracket as it stands: the plan played through its results, and its rows by seed and
    by match id, for the pages."""

    bracket: Bracket
    plan: engine.Plan
    state: engine.State
    teams: dict[int, Team]
    matches: dict[str, Match]

    def team(self, seed: int | None) -> Team | None:
        return self.teams.get(seed) if seed is not None else None

    def playing(self) -> list[Match]:
        return [
            m
            for m in self.matches.values()
            if m.called_at
            and m.winner_slot is None
            and self.state.matches[m.code].status == "ready"
        ]

    def ready_to_call(self) -> list[engine.MatchState]:
        return [s for s in self.state.ready() if not self.matches[s.match.id].called_at]


def _locked(bracket: Bracket) -> Bracket:
    """The bracket read afresh, its event's row and then its own locked until the transaction
    ends (steps 2 and 3 of the order of locks). FOR NO KEY UPDATE: a new round or team naming
    them does not wait for it, but a write at one of the event's tables does."""
    Event.objects.select_for_update(no_key=True).values_list("pk", flat=True).get(
        pk=bracket.event_id
    )
    return (
        Bracket.objects.select_for_update(no_key=True, of=("self",))
        .select_related("event")
        .get(pk=bracket.pk)
    )


def _table_rows(round_ids, *, nowait: bool = False) -> None:
    list(
        Table.objects.select_for_update(of=("self", "round"), nowait=nowait)
        .select_related("round")
        .filter(round_id__in=round_ids)
        .order_by("pk")
    )


def _lock_games(rounds) -> set[int]:
    """Lock the tables and rounds of these games, before anything of the bracket (step 1 of
    the order of locks), waiting for a hand or a confirmation being written there; returns
    their round ids. Not their event's row: a captain at another of them, holding that table,
    may be waiting for it."""
    ids = set(rounds.values_list("pk", flat=True))
    _table_rows(ids)
    return ids


def _lock_games_seated_since(rounds, locked: set[int], refused: str) -> None:
    """Once the bracket is locked: lock the games of `rounds` seated while this write waited
    for it (a call or a confirmation just before), without waiting. A captain entering the
    first hand there holds the table and waits for the event this write holds: waiting for
    the table would leave each waiting on the other, so this write is refused instead."""
    seated = set(rounds.values_list("pk", flat=True)) - locked
    if not seated:
        return
    try:
        with transaction.atomic():
            _table_rows(seated, nowait=True)
    except OperationalError as exc:
        raise ActionRefused(refused) from exc


def _results(matches) -> dict[str, int]:
    return {m.code: m.winner_slot for m in matches if m.winner_slot is not None}


def bracket_now(bracket: Bracket) -> Now | None:
    """The bracket played through its results, or None before its teams are seeded."""
    if bracket.seeded_at is None:
        return None
    teams = {t.seed: t for t in bracket.teams.select_related("partnership")}
    matches = {m.code: m for m in bracket.matches.all()}
    plan = bracket.plan(len(teams))
    withdrawn = [seed for seed, t in teams.items() if t.withdrawn_at is not None]
    state = engine.play(plan, _results(matches.values()), withdrawn)
    return Now(bracket, plan, state, teams, matches)


# --- Seeding --------------------------------------------------------------------------------


def _partnerships(event: Event) -> list[Partnership]:
    """The event's teams, each with its two players (a team short of a partner is refused)."""
    partnerships = list(event.partnerships.prefetch_related("entries__player").order_by("pk"))
    for p in partnerships:
        if p.entries.count() != 2:
            raise ActionRefused(
                f"The team “{p}” has {p.entries.count()} player(s): a team is two partners. "
                "Give it a partner, or remove it."
            )
    return partnerships


@transaction.atomic
def bracket_seed(
    *,
    bracket: Bracket,
    order: list[int] | None = None,
    draw_number: int | None = None,
    why: str = "Seeded in the director's order",
) -> Bracket:
    """Seed the bracket's teams: in `order` (partnership ids, seed 1 first) or, without one,
    by a draw from `draw_number` (a new one when None), shown so the draw can be checked.
    Refused once a match has been called: the bracket then stands as drawn."""
    bracket = _locked(bracket)
    if bracket.matches.filter(called_at__isnull=False).exists():
        raise ActionRefused(
            "Matches have been called: the seeds stand. Reset the called matches first to "
            "draw again."
        )
    partnerships = _partnerships(bracket.event)
    try:
        plan = bracket.plan(len(partnerships) if order is None else len(order))
    except engine.PlanError as exc:
        raise ActionRefused(str(exc)) from exc
    by_id = {p.pk: p for p in partnerships}
    if order is not None:
        if len(set(order)) != len(order) or not set(order) <= set(by_id):
            raise ActionRefused(
                "Give every team one seed, 1 to "
                f"{len(by_id)}, each number once: the page was out of date, reload it."
            )
        seeded = [by_id[pk] for pk in order]
        bracket.draw_number = None
    else:
        bracket.draw_number = (
            secrets.randbelow(900_000) + 100_000 if draw_number is None else draw_number
        )
        seeded = list(partnerships)
        random.Random(bracket.draw_number).shuffle(seeded)
    bracket.teams.all().delete()
    bracket.matches.all().delete()
    Team.objects.bulk_create(
        Team(bracket=bracket, partnership=p, seed=seed) for seed, p in enumerate(seeded, start=1)
    )
    Match.objects.bulk_create(Match(bracket=bracket, code=m.id) for m in plan.matches)
    bracket.seeded_at = timezone.now()
    bracket._change_reason = (
        f"Seeded by draw number {bracket.draw_number}" if order is None else why
    )
    bracket.save()
    return bracket


FORMAT_STANDS = "Matches have been called: the bracket's format stands."
FORMAT_FIELDS = ("kind", "best_of", "third_place", "consolation", "reset")


@transaction.atomic
def bracket_format_save(*, bracket: Bracket, **fields) -> Bracket:
    """Save the bracket's format (`FORMAT_FIELDS`); a bracket already seeded is seeded again
    in the same order, its matches made for the new format. All or nothing: a format its
    teams cannot be drawn in (a third-place match with 3 teams) is refused in words and the
    old format stands with its matches. Refused once a match has been called, as read with
    the bracket locked (a call at the same moment comes before or after, never between)."""
    bracket = _locked(bracket)
    if bracket.matches.filter(called_at__isnull=False).exists():
        raise ActionRefused(FORMAT_STANDS)
    for name in FORMAT_FIELDS:
        setattr(bracket, name, fields[name])
    bracket.save(update_fields=FORMAT_FIELDS)
    if bracket.seeded_at is not None:
        order = list(bracket.teams.order_by("seed").values_list("partnership_id", flat=True))
        bracket = bracket_seed(bracket=bracket, order=order)
    return bracket


@dataclass(frozen=True)
class RatedTeam:
    """A team as seeding by rating sees it: each partner's shown rating (a player not yet
    rated counts as a new player) and the team's, the two partners' average."""

    partnership: Partnership
    partners: tuple[tuple[str, int, bool], ...]  # (name, shown rating, provisional)

    @property
    def total(self) -> int:
        return sum(value for _, value, _ in self.partners)

    @property
    def average(self) -> int:
        return round(self.total / len(self.partners)) if self.partners else 0


def teams_by_rating(event: Event) -> list[RatedTeam]:
    """The event's teams, best rated first: by the partners' average rating, then by the
    better partner's, then in the order they registered."""
    shown = ratings.shown_ratings(event.club)
    new = ratings.Shown(ratings.engine.NEW.shown, True, 0)
    teams = []
    for p in event.partnerships.prefetch_related("entries__player").order_by("pk"):
        partners = [(e.player.name, shown.get(e.player_id, new)) for e in p.entries.all()]
        teams.append(RatedTeam(p, tuple((name, s.value, s.provisional) for name, s in partners)))
    return sorted(
        teams,
        key=lambda t: (-t.total, -max((v for _, v, _ in t.partners), default=0), t.partnership.pk),
    )


@transaction.atomic
def bracket_seed_by_rating(*, bracket: Bracket) -> Bracket:
    """Seed every team by its players' ratings: the best rated team is seed 1."""
    _partnerships(bracket.event)  # refuses a team short of a partner, in words
    order = [t.partnership.pk for t in teams_by_rating(bracket.event)]
    return bracket_seed(bracket=bracket, order=order, why="Seeded by the players' ratings")


@transaction.atomic
def bracket_seed_from_standings(*, bracket: Bracket, source: Event, top: int) -> Bracket:
    """Seed the top `top` teams of a pairs event's standings (its qualifying rounds), in their
    order: each team is entered in the bracket's event as it was partnered there."""
    bracket = _locked(bracket)  # before it is written below: the order of locks
    event = bracket.event
    if source.club_id != event.club_id or not source.is_pairs or source.is_bracket:
        raise ActionRefused("Choose a pairs event of this club to seed from.")
    lines = event_standings(source).teams or []
    if len(lines) < top:
        raise ActionRefused(
            f"{source.name} has {len(lines)} teams in its standings: choose at most {len(lines)}."
        )
    if len(lines) > top and lines[top].place == lines[top - 1].place:
        raise ActionRefused(
            f"Places {top} and {top + 1} of {source.name} are tied: choose a number of teams "
            "that does not split a tie, or seed in your own order."
        )
    entered = {e.player_id: e for e in event.entries.all()}
    order = []
    for line in lines[:top]:
        first, second = line.player_ids[:2]
        have = [entered.get(first), entered.get(second)]
        if (
            all(have)
            and have[0].partnership_id
            and have[0].partnership_id == have[1].partnership_id
        ):
            order.append(have[0].partnership_id)
            continue
        for entry in have:
            if entry is not None and entry.partnership_id is not None:
                raise ActionRefused(
                    f"{entry.player.name} already has a partner in this event, but played "
                    f"{source.name} as {line.name}: remove that partnership, or seed by hand."
                )
        partnership = Partnership.objects.create(
            event=event,
            name=source.partnerships.filter(pk=line.partnership_id)
            .values_list("name", flat=True)
            .first()
            or "",
        )
        for player_id in (first, second):
            Entry.objects.update_or_create(
                event=event, player_id=player_id, defaults={"partnership": partnership}
            )
        order.append(partnership.pk)
    bracket.source_event = source
    bracket.save(update_fields=["source_event"])
    return bracket_seed(bracket=bracket, order=order)


# --- Calling a match ------------------------------------------------------------------------


def tables_in_use(event: Event) -> set[int]:
    """Table numbers with a round in play at the club now (any event): a card opens one."""
    return set(
        Table.objects.filter(
            round__event__club_id=event.club_id, round__status=Round.Status.IN_PLAY
        ).values_list("number", flat=True)
    )


def free_tables(event: Event, count: int) -> list[int]:
    """The `count` lowest table numbers with nothing in play at the club now."""
    used = tables_in_use(event)
    return [n for n in range(1, len(used) + count + 1) if n not in used][:count]


def lowest_free_table(event: Event) -> int:
    return free_tables(event, 1)[0]


def _players(team: Team) -> list:
    return [e.player for e in team.partnership.entries.order_by("pk").select_related("player")]


def _open_game(
    match: Match, number: int, table_number: int, teams: tuple[Team, Team], dealer: str
) -> Game:
    """Seat game `number` of `match` as a one-table round of the event."""
    event = match.bracket.event
    last = event.rounds.aggregate(last=Max("number"))["last"] or 0
    round_ = Round.objects.create(event=event, number=last + 1)
    first, second = (_players(t) for t in teams)
    seated = dict(zip(SEATS, [first[0], second[0], first[1], second[1]], strict=True))
    table = Table.objects.create(
        round=round_, number=table_number, captain=first[0], first_dealer=dealer
    )
    Seat.objects.bulk_create(
        Seat(round=round_, table=table, position=pos, player=player)
        for pos, player in seated.items()
    )
    TableCard.objects.ensure(event.club, table_number)
    return Game.objects.create(match=match, number=number, round=round_)


@transaction.atomic
def match_call(*, bracket: Bracket, code: str, table: int) -> Match:
    """Call a ready match to table `table`: the club's card N opens it for the captains.
    Read only once a correction, confirmation, reset or withdrawal being written is committed
    (the order of locks), so the teams seated are those the bracket names; a call to the
    same table in another event at the same moment waits, then finds the table in use."""
    bracket = _locked(bracket)
    table_numbers_locked(bracket.event.club_id)
    now = bracket_now(bracket)
    if now is None or code not in now.matches:
        raise ActionRefused("There is no such match in this bracket: reload the bracket page.")
    match = now.matches[code]
    state = now.state.matches[code]
    if match.called_at is not None:
        raise ActionRefused(f"Match {code} is already called, to table {match.table}.")
    if state.status != "ready":
        raise ActionRefused(_not_ready_words(now, state))
    if not 1 <= table <= 200:
        raise ActionRefused("Choose a table number from 1 to 200.")
    if table in tables_in_use(bracket.event):
        raise ActionRefused(
            f"Table {table} is in use by another match or round now: choose a free table "
            f"(table {lowest_free_table(bracket.event)} is free)."
        )
    teams = tuple(now.teams[s] for s in state.teams)
    players = [p.pk for t in teams for p in _players(t)]
    busy = (
        Seat.objects.filter(
            player_id__in=players,
            table__isnull=False,
            round__status=Round.Status.IN_PLAY,
            round__event__club_id=bracket.event.club_id,
        )
        .select_related("player", "table", "round__event")
        .first()
    )
    if busy is not None:
        raise ActionRefused(
            f"{busy.player.name} is still playing at table {busy.table.number} "
            f"({busy.round.event.name}): call this match when that table has finished."
        )
    match.table, match.called_at = table, timezone.now()
    match._change_reason = f"Called to table {table}"
    match.save()
    _open_game(match, 1, table, teams, "N")
    return match


def _not_ready_words(now: Now, state: engine.MatchState) -> str:
    code = state.match.id
    if state.status == "walkover":
        # Also what a director calling it hears as its team withdraws (the order of locks).
        return f"Match {code} is a walkover: a team in it withdrew, so it is not played."
    if state.status == "done":
        return f"Match {code} has been decided already."
    if state.status == "bye":
        return f"Match {code} is a bye: its team goes on without playing."
    if state.status == "not_needed":
        return f"Match {code} is not needed: the final was won by the winners' side team."
    waiting = [
        slot.in_words()
        for slot, team in zip(state.match.slots, state.teams, strict=True)
        if team is None
    ]
    return f"Match {code} cannot be called yet: the {' and the '.join(waiting)} is not known."


# --- Results --------------------------------------------------------------------------------


def _game_winner(table: Table) -> int | None:
    """The slot (0: North-South) that won the game at `table`, or None while unfinished."""
    game = table.game()
    if not game.finished or game.winner is None:
        return None
    return SLOT_SIDE.index(game.winner)


def _match_outcome(match: Match, bracket: Bracket) -> tuple[int | None, list[int | None]]:
    """The match's winning slot from its confirmed games (None: undecided), and each game's."""
    winners = []
    for game in match.games.select_related("round").order_by("number"):
        table = game.round.tables.get()
        winners.append(_game_winner(table) if table.confirmed_at else None)
    need = bracket.games_to_win
    for slot in (0, 1):
        if winners.count(slot) >= need:
            return slot, winners
    return None, winners


def _next_dealer(table: Table) -> str:
    """The deal passes on: the next game's first dealer sits after the last hand's dealer."""
    last = table.hands.order_by("-number").first()
    dealer = last.dealer if last else table.first_dealer
    return SEATS[(SEATS.index(dealer) + 1) % 4]


def table_confirmed(table: Table) -> None:
    """A game's result was confirmed at the table: close its round, then either the match is
    decided (the bracket advances, as it is worked out from the results) or the next game
    starts at once on the same table."""
    game = Game.objects.filter(round_id=table.round_id).select_related("match__bracket").first()
    if game is None:
        return
    # The table, its round and event are locked already (tournaments/services.table_confirm).
    bracket = _locked(game.match.bracket)
    match = Match.objects.select_for_update().get(pk=game.match_id)
    round_ = table.round
    round_.status, round_.closed_at = Round.Status.CLOSED, timezone.now()
    round_._change_reason = f"Game {game.number} of match {match.code} confirmed"
    round_.save()
    winner, winners = _match_outcome(match, bracket)
    if winner is not None:
        match.winner_slot, match.decided_at = winner, timezone.now()
        match._change_reason = f"Won at table {match.table}"
        match.save()
        return
    now = bracket_now(bracket)
    state = now.state.matches[match.code]
    if state.status != "ready":  # a team withdrew meanwhile: a walkover, nothing more to play
        return
    teams = tuple(now.teams[s] for s in state.teams)
    _open_game(match, game.number + 1, match.table, teams, _next_dealer(table))


def table_corrected(table: Table) -> str:
    """A director corrected a hand of a confirmed game: if that changes who won the match, the
    bracket re-advances, unless a match the change would alter has started (refused whole,
    naming it: reset that match first). Says in words what changed in the bracket ("" when
    the match kept its winner)."""
    game = Game.objects.filter(round_id=table.round_id).select_related("match__bracket").first()
    if game is None or table.confirmed_at is None:
        return ""
    # The table, its round and event are locked already (tournaments/services.hand_correct):
    # a call of the match this one feeds waits for the correction, and seats its winner.
    bracket = _locked(game.match.bracket)
    match = Match.objects.select_for_update().get(pk=game.match_id)
    winner, winners = _match_outcome(match, bracket)
    played = len(winners)
    if None in winners:
        raise ActionRefused(
            f"This correction leaves game {winners.index(None) + 1} of match {match.code} without "
            "a winner: a game ends when a side reaches the game points. Check the hands."
        )
    if match.winner_slot is None:
        return ""  # the match is still being played: its next game is already seated
    decided_at = next(
        (i + 1 for i in range(played) if winners[: i + 1].count(winner) >= bracket.games_to_win),
        None,
    )
    if winner is None or decided_at != played:
        raise ActionRefused(
            f"This correction changes who won game {game.number} so that match {match.code} "
            f"would not have ended after the {played} games played. Reset match {match.code} "
            "and play it again, or check the hands."
        )
    if winner == match.winner_slot:
        return ""
    before = bracket_now(bracket)
    match.winner_slot = winner
    results = _results(before.matches.values())
    results[match.code] = winner
    withdrawn = [s for s, t in before.teams.items() if t.withdrawn_at is not None]
    after = engine.play(before.plan, results, withdrawn)
    started = [
        row
        for code, row in before.matches.items()
        if row.called_at and before.state.matches[code].teams != after.matches[code].teams
    ]
    if started:
        raise ActionRefused(_started_words(match, started))
    match._change_reason = "A corrected hand changed the winner"
    match.save()
    return _changed_hands_words(before, after, match.code)


def _changed_hands_words(before: Now, after: engine.State, code: str) -> str:
    """ "Match W1-1 changed hands: Team 4 won it, not Team 1. In the bracket: Team 4 now
    plays in W2-1 in place of Team 1; Team 1 in L1-1 in place of Team 4." """

    def name(seed: int | None) -> str:
        return str(before.teams[seed].partnership) if seed is not None else "no team"

    was, now = before.state.matches[code], after.matches[code]
    words = f"Match {code} changed hands: {name(now.winner)} won it, not {name(was.winner)}."
    moved = []
    for m in before.plan.matches:
        old, new = before.state.matches[m.id].teams, after.matches[m.id].teams
        for slot in (0, 1):
            if m.id != code and old[slot] != new[slot] and new[slot] is not None:
                moved.append(f"{name(new[slot])} now plays in {m.id} in place of {name(old[slot])}")
    if after.champion != before.state.champion and after.champion is not None:
        moved.append(f"{name(after.champion)} are champions")
    return f"{words} In the bracket: {'; '.join(moved)}." if moved else words


def _started_words(match: Match, started: list[Match]) -> str:
    """Why a correction of `match` is refused: the matches called with the teams it decides,
    to reset the latest first (the plan lists a match after those that feed it)."""
    if len(started) == 1:
        row = started[0]
        return (
            f"This correction would change who won match {match.code}, but match {row.code} "
            f"has started (table {row.table}). Reset match {row.code} first, then correct this "
            "hand."
        )
    codes = [row.code for row in started]
    resets = ", then ".join(f"match {code}" for code in reversed(codes))
    return (
        f"This correction would change who won match {match.code}, but matches "
        f"{', '.join(codes[:-1])} and {codes[-1]} have been played or called since with the "
        f"teams it decides. Reset {resets}, then correct this hand."
    )


@transaction.atomic
def match_reset(*, match: Match, reason: str) -> Match:
    """Clear a match's hands and games, the reason kept in the history: it is ready to be
    called again (to its table or another) and played from its first game. Refused while a
    match that depends on its result has started."""
    reason = (reason or "").strip()
    if not reason:
        raise ActionRefused("Say why the match is reset: the reason is kept with the change.")
    match = Match.objects.select_related("bracket").get(pk=match.pk)
    games = Round.objects.filter(bracket_game__match=match)
    locked = _lock_games(games)
    bracket = _locked(match.bracket)
    match = Match.objects.select_for_update().get(pk=match.pk)
    _lock_games_seated_since(
        games,
        locked,
        f"A game of match {match.code} was seated just now: reload the bracket page, then "
        "reset the match again.",
    )
    if match.called_at is None:
        raise ActionRefused(f"Match {match.code} has not been called: there is nothing to reset.")
    now = bracket_now(bracket)
    if now.state.matches[match.code].status == "walkover":
        raise ActionRefused(
            f"Match {match.code} is a walkover: a team in it withdrew, so it is not played again."
        )
    results = _results(now.matches.values())
    results.pop(match.code, None)
    withdrawn = [s for s, t in now.teams.items() if t.withdrawn_at is not None]
    after = engine.play(now.plan, _drop_dependent(now.plan, results, match.code), withdrawn)
    for code, row in now.matches.items():
        if (
            code != match.code
            and row.called_at
            and now.state.matches[code].teams != after.matches[code].teams
        ):
            raise ActionRefused(
                f"Match {code} has started with the winner or loser of match {match.code}: "
                f"reset match {code} first."
            )
    why = f"Match {match.code} reset: {reason}"
    for game in match.games.select_related("round"):
        # One by one, so each cleared hand's history keeps the reason.
        for hand in Hand.objects.filter(table__round=game.round):
            hand._change_reason = why
            hand.delete()
        game.round._change_reason = why
        game.round.delete()
    match.table, match.called_at = None, None
    match.winner_slot, match.decided_at = None, None
    match._change_reason = f"Reset: {reason}"
    match.save()
    return match


def _drop_dependent(plan: engine.Plan, results: dict[str, int], code: str) -> dict[str, int]:
    """The results without those of matches fed, directly or not, by match `code`."""
    fed = {code}
    for m in plan.matches:
        if any((s.winner_of in fed) or (s.loser_of in fed) for s in m.slots):
            fed.add(m.id)
    return {c: w for c, w in results.items() if c not in fed}


@transaction.atomic
def team_withdraw(*, team: Team, reason: str) -> Team:
    """The team leaves: it forfeits its next match (a walkover) and every later one. A game it
    is playing now is closed as it stands."""
    reason = (reason or "").strip()
    if not reason:
        raise ActionRefused("Say why the team withdraws: the reason is kept with the change.")
    team = Team.objects.select_related("bracket", "partnership").get(pk=team.pk)
    players = list(team.partnership.entries.values_list("player_id", flat=True))
    playing = Round.objects.filter(
        bracket_game__match__bracket=team.bracket,
        status=Round.Status.IN_PLAY,
        seats__player_id__in=players,
    ).distinct()
    locked = _lock_games(playing)
    _locked(team.bracket)
    team = Team.objects.select_for_update().get(pk=team.pk)
    _lock_games_seated_since(
        playing,
        locked,
        f"{team.partnership} was called to a table just now: reload the bracket page, then "
        "withdraw the team again.",
    )
    if team.withdrawn_at is not None:
        raise ActionRefused(f"{team.partnership} has already withdrawn.")
    team.withdrawn_at = timezone.now()
    team._change_reason = f"Withdrew: {reason}"
    team.save()
    for round_ in playing:
        round_.status, round_.closed_at = Round.Status.CLOSED, timezone.now()
        round_.close_reason = f"{team.partnership} withdrew: {reason}"
        round_._change_reason = round_.close_reason
        round_.save()
    return team

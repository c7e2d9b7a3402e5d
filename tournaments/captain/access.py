"""Which table a card opens now, and what its page says when it opens none."""

import datetime

from django.db.models import Count, F, Max, Min, Q
from django.http import Http404, HttpRequest
from django.utils import timezone

from tournaments import edit_locks, format_pages, reads
from tournaments.inputs import db_id
from tournaments.models import Event, Round, Table, TableCard

# A card between two rounds says "being seated" this long after a round closed.
BETWEEN_ROUNDS = datetime.timedelta(hours=6)


class NoTableNow(Exception):
    """The card opens no table for this request: none, or several, are in play now, or the
    form posted was shown for a table no longer in play (`refusal` says so)."""

    def __init__(self, card: TableCard, tables: list[Table], refusal: str = ""):
        self.card, self.tables, self.refusal = card, tables, refusal


NUMBERS = {2: "Two", 3: "Three", 4: "Four"}


class ChooseEvent(NoTableNow):
    """A form posted without naming its table while the card opens one in each of several
    events in play: which event the captain meant is not known, so nothing is recorded and
    `refusal` names the events to choose from."""

    def __init__(self, card: TableCard, tables: list[Table]):
        choices = [f"{t.round.event.name} (round {t.round.number})" for t in tables]
        events = ", ".join(choices[:-1]) + f" and {choices[-1]}"
        how_many = NUMBERS.get(len(tables), len(tables))
        super().__init__(
            card,
            tables,
            f"{how_many} events are in play, and table card {card.number} opens a table in "
            f"each: {events}. Nothing was saved: open the card's page, choose your event, and "
            "enter the hand there.",
        )


class TableLocked(NoTableNow):
    """A post for a table of a night this server must not change (edit_locks.py: a night
    published from the hall's laptop): nothing is recorded, and `refusal` says where to
    change it."""


STALE_PAGE = (
    "This page was for a round that has closed, or for another table: here is the table as it "
    "is now. Nothing was saved; enter the hand again if it is still needed."
)


def table_for_card(request: HttpRequest, token: str) -> tuple[TableCard, Table]:
    """The table this card opens now: table N of the round in play at the card's club.

    A form names the table it was shown for (`?table=`); a post for any other table (its round
    closed) is refused with the card's page as it now stands. Raises Http404 for an unknown
    card (a reissued card is unknown), NoTableNow when the card opens no single table now
    (ChooseEvent for a post that names no table while several events are in play).
    """
    card, tables = reads.tables_in_play(token)
    if card is None:
        raise Http404("No such table card.")
    wanted = int_or_none(request.GET.get("table"))
    chosen = next((t for t in tables if t.pk == wanted), None)
    if request.method == "POST" and chosen is None:
        if wanted is None and len(tables) > 1:
            raise ChooseEvent(card, tables)
        raise NoTableNow(card, tables, STALE_PAGE)
    if chosen is not None:
        if request.method == "POST" and (why := edit_locks.refusal(chosen.round.event)):
            raise TableLocked(card, [chosen], why)
        return card, chosen
    if len(tables) == 1:
        if request.method == "POST" and (why := edit_locks.refusal(tables[0].round.event)):
            raise TableLocked(card, tables, why)
        return card, tables[0]
    raise NoTableNow(card, tables)


def card_status(card: TableCard, tables: list[Table]) -> dict:
    """Why card N opens no table now, for its page: which event (several in play), or that
    a round is being seated, or that nothing is in play."""
    club = card.club
    in_play = list(
        Event.objects.filter(club=club, rounds__status=Round.Status.IN_PLAY)
        .distinct()
        .order_by("date", "name")
    )
    if len(in_play) > 1:
        return {
            "state": "choose",
            "choices": [{"event": t.round.event, "round": t.round, "table": t} for t in tables],
            "missing": [e for e in in_play if e.pk not in {t.round.event_id for t in tables}],
        }
    if in_play:
        # A bracket has a round in play for each match being played: the first named, with
        # the table numbers of them all.
        playing = in_play[0].rounds.filter(status=Round.Status.IN_PLAY).order_by("number")
        round_ = playing.first()
        # Its tables may not start at 1: it may continue after another event's (Event.table_offset).
        numbers = Table.objects.filter(round__in=playing).aggregate(
            first=Min("number"), last=Max("number")
        )
        return {
            "state": "unused",
            "event": in_play[0],
            "round": round_,
            "match_ended": format_pages.match_ended(in_play[0], card.number),
            **numbers,
        }
    # Between rounds: an event of today not yet started, or one whose last round closed in the
    # last few hours with rounds still to play (a night may run past midnight).
    recent = timezone.now() - BETWEEN_ROUNDS
    waiting = (
        Event.objects.filter(club=club)
        .filter(Q(date=timezone.localdate()) | Q(rounds__closed_at__gte=recent))
        .annotate(seated=Count("rounds", distinct=True))
        # A bracket seats a round for each game, as many as its matches need.
        .filter(Q(seated__lt=F("rounds_planned")) | Q(format=Event.Format.BRACKET))
        .order_by("-date", "name")
        .first()
    )
    if waiting is not None:
        return {
            "state": "seating",
            "event": waiting,
            "last_round": waiting.seated,
            # The match just over at this table, and where its teams go (a bracket's).
            "match_ended": format_pages.match_ended(waiting, card.number),
        }
    return {"state": "idle"}


def int_or_none(value) -> int | None:
    """An id or a hand number from the address or a form, or None (tournaments/inputs.py)."""
    return db_id(value)

"""One night's ledger, built from what the event recorded: the one place the money pages, the
cash sheet PDF and CSV, the club's money page and `manage.py money_report` get their figures
from, so they cannot disagree.

- settings: the event's NightMoney, in the club's currency, written the club's way (its
  `date_style` is its country: clubs/dates.py);
- the door: its DoorRecords (or, when the door is not kept, every player in the standings paid
  the entry fee in cash: NightMoney.door_kept);
- the result: the final standings (tournaments/standings.py), loners made and euchres suffered
  as the standings count them, the pool's and the 50/50's winners, who left early.

Players are named in the ledger by their names (unique in a club: clubs/models.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from clubs.models import Club
from tournaments.models import Entry, Event
from tournaments.standings import Standings, event_standings, night_prizes

from .ledger import (
    AwardResult,
    CashSheet,
    Door,
    NightResult,
    NightSettings,
    Payment,
    Placing,
    Refund,
    cash_sheet,
)
from .models import DEFAULT_FIELDS, ClubMoney, DoorRecord, NightMoney, PaidMark


def locale_of(club: Club) -> str:
    """The club's country's way of writing money: its dates' style ("en-GB"), as babel reads
    it."""
    return club.date_style.replace("-", "_")


def night_money_of(event: Event) -> NightMoney:
    """The event's money settings, made the first time from the club's defaults, with the
    rolling pool carried from the club's last night before it (`carried_pool`)."""
    found = NightMoney.objects.filter(event=event).first()
    if found is not None:
        return found
    defaults = ClubMoney.of(event.club).defaults
    values = {name: defaults[name] for name in DEFAULT_FIELDS if name in defaults}
    with transaction.atomic():
        found, _ = NightMoney.objects.get_or_create(
            event=event, defaults={**values, "pool_carried_in": carried_pool(event)}
        )
    return found


def pool_source(event: Event) -> tuple[Event | None, int]:
    """The club's last night before this one with a rolling pool, and what it carried to the
    next (its pool with no winner; 0 while its sheet is not ready): the treasurer brings it to
    this night (money.ledger POOL_RULE). (None, 0) when no earlier night had a pool."""
    earlier = (
        NightMoney.objects.filter(event__club_id=event.club_id)
        .exclude(event=event)
        .filter(event__date__lte=event.date)
        .exclude(pool_buy_in=0, pool_carried_in=0)
        .select_related("event__club")
        .order_by("-event__date", "-event__pk")
    )
    for money in earlier:
        if (money.event.date, money.event.pk) > (event.date, event.pk):
            continue
        ledger = night_ledger(money.event, money=money)
        return money.event, (ledger.sheet.carried if ledger.sheet is not None else 0)
    return None, 0


def carry_forward(event: Event) -> tuple[Event, int] | None:
    """After this night's pool changed (its winners, its buy-ins, its settings): the club's
    next night that took its pool as carried in takes what it carries now, unless that night
    has handed out payouts already (its own sheet is then the treasurer's to correct). The
    next night and the amount when it changed, for the page to say; else None."""
    later = (
        NightMoney.objects.filter(event__club_id=event.club_id, event__date__gte=event.date)
        .exclude(event=event)
        .select_related("event__club")
        .order_by("event__date", "event__pk")
    )
    following = next(
        (m for m in later if (m.event.date, m.event.pk) > (event.date, event.pk)), None
    )
    if following is None or PaidMark.objects.filter(event=following.event).exists():
        return None
    source, carried = pool_source(following.event)
    if source is None or source.pk != event.pk or following.pool_carried_in == carried:
        return None
    following.pool_carried_in = carried
    following.save(update_fields=["pool_carried_in"])
    return following.event, carried


def carried_pool(event: Event) -> int:
    """What the club's last night with a pool carried to this one (`pool_source`)."""
    return pool_source(event)[1]


@dataclass
class NightLedger:
    """Everything the money pages show of one night. `sheet` is None until the standings are
    final (`waiting` says why) or when the figures cannot be worked out (`error`, in words)."""

    event: Event
    money: NightMoney
    currency: str
    locale: str
    settings: NightSettings | None
    door: Door
    standings: Standings
    result: NightResult | None = None
    sheet: CashSheet | None = None
    error: str = ""
    waiting: str = ""
    paid: dict[str, int] = field(default_factory=dict)  # handed out so far, by player

    def format(self, minor: int) -> str:
        from .currency import format_money

        return format_money(minor, self.currency, self.locale)

    def owed(self) -> dict[str, int]:
        """Who still owes at the door, and how much: entrants checked in, and anyone the door
        took less than their price from."""
        if self.settings is None or not self.money.door_kept:
            return {}
        playing = Entry.objects.filter(event=self.event, present=True).values_list(
            "player__name", flat=True
        )
        playing = sorted(playing)
        try:
            owed = self.door.owed(self.settings, playing=playing)
        except ValueError:
            return {}
        # Checked in with nothing recorded at the door yet: owes the door price.
        recorded = set(self.door.players())
        price = self.settings.price(paid_ahead=False)
        for name in playing:
            if name not in recorded and price:
                owed[name] = price
        return owed

    def settle(self) -> list[tuple[str, int, int]]:
        """Each winner's (name, won on the sheet now, handed out so far), for everyone with
        either: after a correction the two differ, and the difference is owed to them (or
        by them, to give back)."""
        won = self.sheet.won_by() if self.sheet is not None else {}
        names = list(won) + [name for name in self.paid if name not in won]
        return [(name, won.get(name, 0), self.paid.get(name, 0)) for name in names]

    def fines_by(self) -> dict[str, int]:
        """Each player's euchre fines as the sheet counts them (euchres suffered, as the
        standings count them, times the fine): empty until the sheet is worked out."""
        if self.sheet is None or self.result is None or self.settings is None:
            return {}
        fine = self.settings.euchre_fine
        return {name: n * fine for name, n in self.result.euchres.items() if n * fine}

    def fines_noted(self) -> dict[str, int]:
        """`fines_by` keyed by each player's id (as text, JSON's keys): what the first payout
        notes (NightMoney.fines_paid), by id so that a player renamed since is still found."""
        ids = {line.name: line.player_id for line in self.standings.players}
        return {str(ids[name]): minor for name, minor in self.fines_by().items()}

    def fines_settle(self) -> list[tuple[str, int, int]]:
        """Each player whose fines on the sheet now differ from what they paid at the table
        (the snapshot taken at the first payout, NightMoney.fines_paid): (name, fines paid,
        fines on the sheet now). Less now: give the difference back; more: they owe it.
        Empty before any payout, and while the sheet cannot be worked out."""
        if self.money.fines_paid is None or self.sheet is None:
            return []
        names = {str(line.player_id): line.name for line in self.standings.players}
        snapshot = {names.get(pk, pk): minor for pk, minor in self.money.fines_paid.items()}
        now = self.fines_by()
        names = sorted(set(snapshot) | set(now), key=str.casefold)
        return [
            (name, snapshot.get(name, 0), now.get(name, 0))
            for name in names
            if snapshot.get(name, 0) != now.get(name, 0)
        ]

    def to_settle(self) -> int:
        """How many payouts a correction left to settle once payouts began: winners owed or
        giving back, and fines to give back or still owed."""
        if not self.paid:
            return 0
        owed = sum(1 for _, won, handed in self.settle() if won != handed)
        return owed + len(self.fines_settle())


def _door(event: Event, money: NightMoney, standings: Standings, settings) -> Door:
    if not money.door_kept:
        price = settings.entry_fee if settings is not None else money.entry_fee
        names = [line.name for line in standings.players]
        return Door(payments=tuple(Payment(name, "cash", price) for name in names if price))
    payments, refunds, waived = [], [], []
    records = DoorRecord.objects.filter(event=event).select_related("player")
    for record in records:
        name = record.player.name
        if record.kind == DoorRecord.Kind.PAID:
            payments.append(Payment(name, record.method, record.amount))
        elif record.kind == DoorRecord.Kind.REFUND:
            refunds.append(Refund(name, record.amount, record.method))
        else:
            waived.append(name)
    return Door(
        payments=tuple(payments),
        refunds=tuple(refunds),
        waived=frozenset(waived),
        fifty_fifty_sales=money.fifty_fifty_sales,
    )


def _left_early(line) -> bool:
    there = [n for n in (*line.rounds, *line.sat_out) if n not in line.absent]
    return bool(there) and any(n > max(there) for n in line.absent)


def _result(event: Event, money: NightMoney, standings: Standings) -> NightResult:
    if standings.is_pairs:
        names = {line.player_id: line.name for line in standings.players}
        entries = [
            (team.place, tuple(names[pk] for pk in team.player_ids if pk in names))
            for team in standings.teams
            if team.place
        ]
        # A team that withdrew before playing has nobody in the standings: passed over, the
        # places below it moving up (a place is 1 + the entries ranked above it, ties kept).
        kept = [(place, players) for place, players in entries if players]
        placings, previous, number = [], None, 0
        for above, (place, players) in enumerate(kept):
            if place != previous:
                number, previous = above + 1, place
            placings.append(Placing(number, players))
        placings = tuple(placings)
    else:
        placings = tuple(Placing(line.place, (line.name,)) for line in standings.players)
    lines = standings.players
    return NightResult(
        awards=_awards(event, money, standings),
        standings=placings,
        loners={line.name: line.lone_made for line in lines if line.lone_made},
        euchres={line.name: line.euchred for line in lines if line.euchred},
        pool_winners=tuple(money.pool_winners.order_by("name").values_list("name", flat=True)),
        fifty_fifty_winner=money.fifty_fifty_winner,
        # A bracket's teams knocked out miss the later rounds without leaving early.
        left_early=frozenset(
            () if event.is_bracket else (line.name for line in lines if _left_early(line))
        ),
    )


def _awards(event: Event, money: NightMoney, standings: Standings) -> tuple[AwardResult, ...]:
    """The side awards won tonight with a prize set (money.ledger AWARD_PRIZES_RULE), as the
    standings pages name them (tournaments.standings.night_prizes). A pairs night's awards
    but most loners are a partnership's: its partners, by name."""
    prized = {key for key, amount in money.award_prizes().items() if amount > 0}
    if not prized:
        return ()
    names = {line.player_id: line.name for line in standings.players}
    teams = {
        team.name: tuple(names[pk] for pk in team.player_ids if pk in names)
        for team in standings.teams or ()
    }
    found = []
    for award in night_prizes(event, standings)["awards"]:
        if award.key not in prized:
            continue
        by_team = standings.is_pairs and award.key != "most_loners"
        winners = tuple(teams[name] if by_team else (name,) for name in award.winners)
        found.append(AwardResult(award.key, award.title, winners))
    return tuple(found)


def _final(event: Event, standings: Standings) -> bool:
    if event.is_bracket:
        return bool(standings.teams) and all(team.place for team in standings.teams)
    return standings.final


def night_ledger(
    event: Event, money: NightMoney | None = None, standings: Standings | None = None
) -> NightLedger:
    """The night's ledger now. The cash sheet waits for the final standings; the door's
    figures (who still owes) are there from the first check-in. `standings`: the event's, when
    the caller has them already (the standings page)."""
    money = money or night_money_of(event)
    currency = ClubMoney.of(event.club).currency
    locale = locale_of(event.club)
    standings = standings if standings is not None else event_standings(event)
    error = ""
    try:
        settings = money.settings(currency, locale)
    except ValueError as exc:
        settings, error = None, str(exc)
    door = _door(event, money, standings, settings)
    paid: dict[str, int] = {}
    for name, amount in PaidMark.objects.filter(event=event).values_list("player__name", "amount"):
        paid[name] = paid.get(name, 0) + amount
    ledger = NightLedger(
        event=event,
        money=money,
        currency=currency,
        locale=locale,
        settings=settings,
        door=door,
        standings=standings,
        error=error,
        paid=paid,
    )
    if settings is None:
        return ledger
    if not _final(event, standings):
        ledger.waiting = "The payouts and the cash sheet are worked out when the last round closes."
        return ledger
    try:
        ledger.result = _result(event, money, standings)
        ledger.sheet = cash_sheet(settings, door, ledger.result)
    except ValueError as exc:
        ledger.error = str(exc)
    return ledger

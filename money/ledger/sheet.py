"""The night's arithmetic: the places paid from the prize pot, the side pots, the cash sheet
that balances to the minor unit, and what a correction after the night leaves owed. Pure
functions of night.py's settings, door and result; every rule is stated in rules.py."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from money.amounts import by_percent, split, to_decimal

from .night import METHODS, Door, NightResult, NightSettings, Placing


class _Shared:
    """What a place's and a side award's payouts have alike: entries, and each player's share."""

    entries: tuple[tuple[str, ...], ...]
    shares: tuple[tuple[str, int], ...]

    @property
    def tied(self) -> bool:
        return len(self.entries) > 1

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.shares)

    @property
    def amount(self) -> int:
        return sum(amount for _, amount in self.shares)


@dataclass(frozen=True)
class PlacePayout(_Shared):
    """A paid place: its entries (one when not tied) and each player's prize."""

    place: int
    entries: tuple[tuple[str, ...], ...]
    shares: tuple[tuple[str, int], ...]  # (player, amount), in the standings' order

    @property
    def label(self) -> str:
        """ "1", "2=" (tied), as results sheets write places."""
        return f"{self.place}{'=' if self.tied else ''}"


@dataclass(frozen=True)
class AwardPayout(_Shared):
    """A side award's prize: its winners (entries, several when tied) and each player's
    share (rules.AWARD_PRIZES_RULE)."""

    key: str
    title: str
    entries: tuple[tuple[str, ...], ...]
    shares: tuple[tuple[str, int], ...]  # (player, amount), in the standings' order

    @property
    def label(self) -> str:
        return self.title


def award_payouts(
    settings: NightSettings, result: NightResult, prize_pot: int
) -> tuple[AwardPayout, ...]:
    """rules.AWARD_PRIZES_RULE: each side award won tonight with a prize set, shared among its
    winners. ValueError in words when they come to more than the prize pot. An award nobody
    won (no loner made) pays nothing: its prize stays in the pot for the places."""
    paid = []
    for award in result.awards:
        amount = settings.award_prizes.get(award.key, 0)
        if amount <= 0 or not award.winners:
            continue
        shares = []
        for entry, each in zip(award.winners, split(amount, len(award.winners)), strict=True):
            shares += _entry_shares(entry, each)
        paid.append(AwardPayout(award.key, award.title, award.winners, tuple(shares)))
    total = sum(p.amount for p in paid)
    if total > prize_pot:
        raise ValueError(
            f"The side awards' prizes come to {settings.money(total)}, more than the prize pot "
            f"of {settings.money(prize_pot)} left after the club's share: lower them, or the "
            "club's share."
        )
    return tuple(paid)


def _entry_shares(entry: tuple[str, ...], amount: int) -> list[tuple[str, int]]:
    # rules.PARTNERSHIP_RULE: split between the partners, the odd cent to the first named.
    return list(zip(entry, split(amount, len(entry)), strict=True))


def payouts(
    settings: NightSettings, result: NightResult, prize_pot: int
) -> tuple[PlacePayout, ...]:
    """Each paid place with its players and amounts; together they are exactly `prize_pot`.
    ValueError when there is a prize pot but nobody in the standings to pay it."""
    standings = result.paid_standings(settings.early_leavers_paid)
    if not standings:
        if prize_pot and result.standings:
            raise ValueError(
                f"Every entry in the standings left early, and early leavers are not paid: the "
                f"prize pot of {settings.money(prize_pot)} has nobody to go to. Pay early "
                "leavers their places (the night's setting), or check who left early."
            )
        if prize_pot:
            raise ValueError(
                f"The prize pot holds {settings.money(prize_pot)} but nobody in the final "
                "standings can be paid: enter the standings before the payouts."
            )
        return ()
    percents = settings.percents_for(len(result.players()))  # rules.TURNOUT_RULE
    # rules.FEWER_ENTRIES_RULE, then rules.ODD_CENTS_RULE: by_percent rounds each place down
    # and gives the units left over to the first.
    prizes = by_percent(prize_pot, percents[: len(standings)])
    by_place: dict[int, list[Placing]] = {}
    for placing in standings:
        by_place.setdefault(placing.place, []).append(placing)
    paid = []
    for place, entries in by_place.items():
        covered = prizes[place - 1 : place - 1 + len(entries)]
        if not covered:
            break
        # rules.TIE_RULE: the covered places' prizes combined, split in the standings' order.
        shares = []
        for entry, amount in zip(entries, split(sum(covered), len(entries)), strict=True):
            shares += _entry_shares(entry.players, amount)
        paid.append(PlacePayout(place, tuple(e.players for e in entries), tuple(shares)))
    return tuple(paid)


@dataclass(frozen=True)
class SidePot:
    """A side pot's night: what came in, who was paid, and where the rest went."""

    key: str  # "loner_basket", "euchre_fines", "pool", "fifty_fifty"
    name: str
    took_in: int = 0
    carried_in: int = 0
    paid: tuple[tuple[str, int], ...] = ()  # (player, amount)
    to_prize_pot: int = 0
    to_basket: int = 0
    to_club: int = 0
    carried_out: int = 0
    short: int = 0  # what it could not pay (the loner basket), not money anywhere

    @property
    def paid_out(self) -> int:
        return sum(amount for _, amount in self.paid)


@dataclass(frozen=True)
class CashSheet:
    """The night's money, balanced: the one source of every figure on the cash sheet's page,
    its PDF, the CSV and money_report --json."""

    currency: str
    digits: int
    collected: dict[str, int]  # entries, by method (METHODS)
    euchre_fines: int  # cash
    fifty_fifty_tickets: int  # cash
    refunds: dict[str, int]  # by method
    club_share: int  # all the club keeps: its share of the entries, and fines or 50/50 if so
    club_share_of_entries: int
    club_share_for: str
    prize_pot: int
    payouts: tuple[PlacePayout, ...]
    side_pots: tuple[SidePot, ...]
    carried_in: int
    carried: int  # to the next night
    owed: dict[str, int]  # still owed by players: not in the sheet's money until paid
    cash_in_box: int  # rules.BOX_RULE
    # The side awards' prizes, paid from the prize pot before the places (the places share
    # what is left): part of prizes_paid.
    award_payouts: tuple[AwardPayout, ...] = ()
    # The entry money the club's percentage is taken from (rules.CLUB_SHARE_RULE: after the
    # loner basket and the pool buy-ins), so the sheet can say "10% of $40.00".
    club_share_base: int = 0

    @property
    def money_in(self) -> int:
        return (
            sum(self.collected.values())
            + self.euchre_fines
            + self.fifty_fifty_tickets
            + self.carried_in
        )

    @property
    def prizes_paid(self) -> int:
        return sum(p.amount for p in (*self.payouts, *self.award_payouts))

    @property
    def awards_paid(self) -> int:
        return sum(p.amount for p in self.award_payouts)

    @property
    def side_pots_paid(self) -> int:
        return sum(s.paid_out for s in self.side_pots)

    @property
    def money_out(self) -> int:
        return sum(self.refunds.values()) + self.prizes_paid + self.side_pots_paid

    @property
    def cash_after_payouts(self) -> int:
        """What is left in the box once prizes and side pots are paid from it in cash; below
        zero, what the treasurer must add from the club's account."""
        return self.cash_in_box - self.prizes_paid - self.side_pots_paid

    @property
    def balanced(self) -> bool:
        """rules.BALANCE_RULE, summed from the figures themselves rather than trusted."""
        return self.money_in == self.money_out + self.carried + self.club_share

    def won_by(self) -> dict[str, int]:
        """Each winner's total: places and side pots."""
        won: dict[str, int] = {}
        rows = [s for p in (*self.payouts, *self.award_payouts) for s in p.shares]
        rows += [row for pot in self.side_pots for row in pot.paid]
        for name, amount in rows:
            won[name] = won.get(name, 0) + amount
        return won

    def decimal(self, minor: int) -> str:
        return str(to_decimal(minor, self.digits))

    def as_json(self) -> dict:
        """The ledger for other programs (money_report --json): amounts as decimal strings."""
        d = self.decimal

        def rows(pairs):
            return [{"player": name, "amount": d(amount)} for name, amount in pairs]

        return {
            "currency": self.currency,
            "collected": {m: d(self.collected[m]) for m in METHODS},
            "euchre_fines": d(self.euchre_fines),
            "fifty_fifty_tickets": d(self.fifty_fifty_tickets),
            "refunds": d(sum(self.refunds.values())),
            "refunds_by_method": {m: d(self.refunds[m]) for m in METHODS},
            "club_share": d(self.club_share),
            "club_share_of_entries": d(self.club_share_of_entries),
            "club_share_for": self.club_share_for,
            "prize_pot": d(self.prize_pot),
            "payouts": [
                {
                    "place": str(p.place),
                    "tied": p.tied,
                    "players": list(p.players),
                    "entries": [list(e) for e in p.entries],
                    "amount": d(p.amount),
                    "shares": rows(p.shares),
                }
                for p in self.payouts
            ],
            "awards": [
                {
                    "award": a.key,
                    "title": a.title,
                    "tied": a.tied,
                    "players": list(a.players),
                    "entries": [list(e) for e in a.entries],
                    "amount": d(a.amount),
                    "shares": rows(a.shares),
                }
                for a in self.award_payouts
            ],
            "side_pots": [
                {
                    "pot": s.key,
                    "name": s.name,
                    "took_in": d(s.took_in),
                    "carried_in": d(s.carried_in),
                    "paid": rows(s.paid),
                    "to_prize_pot": d(s.to_prize_pot),
                    "to_basket": d(s.to_basket),
                    "to_club": d(s.to_club),
                    "carried_out": d(s.carried_out),
                    "short": d(s.short),
                }
                for s in self.side_pots
            ],
            "prizes_paid": d(self.prizes_paid),
            "side_pots_paid": d(self.side_pots_paid),
            "carried_in": d(self.carried_in),
            "carried": d(self.carried),
            "owed": rows(self.owed.items()),
            "cash_in_box": d(self.cash_in_box),
            "cash_after_payouts": d(self.cash_after_payouts),
            "balanced": self.balanced,
        }


def _loner_basket(settings: NightSettings, result: NightResult, basket: int):
    """rules.LONER_BASKET_RULE: (rows paid, short, left over for the prize pot)."""
    loners = [(name, n) for name, n in result.loners.items() if n > 0]
    made = sum(n for _, n in loners)
    # No basket tonight (nothing fills it, no prize per loner): no loner is paid from it.
    kept = settings.loner_buy_in or settings.loner_prize or settings.fines_to == "basket"
    if not made or not kept:
        return (), 0, basket
    want = made * settings.loner_prize
    if settings.loner_prize and want <= basket:
        per_loner = [settings.loner_prize] * made
    else:  # shared equally among the loners made, odd units in the order given
        per_loner = list(split(basket, made))
    rows, i = [], 0
    for name, n in loners:
        rows.append((name, sum(per_loner[i : i + n])))
        i += n
    paid = sum(per_loner)
    short = max(0, want - paid)
    return tuple(rows), short, basket - paid


def cash_sheet(settings: NightSettings, door: Door, result: NightResult) -> CashSheet:
    """The night's cash sheet. ValueError in words for anything that cannot balance: money the
    door cannot have taken (Door.check), a player in the standings who never checked in, a
    fixed club share larger than the entry money, a 50/50 sold without a winner."""
    door.check(settings)
    checked_in = set(door.players())
    for name in result.players():
        if name not in checked_in:
            raise ValueError(
                f"{name} is in the standings but never checked in: check them in (paid or "
                "waived) first."
            )
    sales, winner = door.fifty_fifty_sales, result.fifty_fifty_winner.strip()
    if sales and not winner:
        raise ValueError(
            f"50/50 tickets were sold ({settings.money(sales)}) but no winner is named: draw "
            "the winner first."
        )
    if winner and not sales:
        raise ValueError(f"{winner} won the 50/50 but no tickets were sold: enter the sales.")

    collected = {m: sum(p.amount for p in door.payments if p.method == m) for m in METHODS}
    refunds = {m: sum(r.amount for r in door.refunds if r.method == m) for m in METHODS}

    # rules.SHARES_RULE: each player's money fills the loner basket, the pool, then the pot.
    basket_in = pool_in = entries = 0
    for player in door.players():
        net = door.net(player)
        loner = min(net, settings.loner_buy_in)
        pool = min(net - loner, settings.pool_buy_in)
        basket_in += loner
        pool_in += pool
        entries += net - loner - pool

    # rules.CLUB_SHARE_RULE
    if settings.club_fixed > entries:
        raise ValueError(
            f"The club's fixed share of {settings.money(settings.club_fixed)} is more than the "
            f"{settings.money(entries)} of entry money tonight: lower it, or use a percentage."
        )
    club_entries = settings.club_fixed or entries * settings.club_percent // 100

    fines = sum(n for n in result.euchres.values()) * settings.euchre_fine
    fines_to = settings.fines_to
    basket = basket_in + (fines if fines_to == "basket" else 0)
    loner_rows, short, basket_left = _loner_basket(settings, result, basket)

    pool_total = settings.pool_carried_in + pool_in
    if result.pool_winners:
        shares = split(pool_total, len(result.pool_winners))
        pool_rows = tuple(zip(result.pool_winners, shares, strict=True))
        carried = 0
    else:
        pool_rows, carried = (), pool_total

    winner_half = sales // 2
    other_half = sales - winner_half
    to_club = settings.fifty_fifty_to == "club"

    prize_pot = (
        entries
        - club_entries
        + basket_left
        + (fines if fines_to == "pot" else 0)
        + (0 if to_club else other_half)
    )
    club_share = (
        club_entries + (fines if fines_to == "club" else 0) + (other_half if to_club else 0)
    )

    awards = award_payouts(settings, result, prize_pot)

    side_pots = []
    if basket_in or settings.loner_prize or fines_to == "basket":
        side_pots.append(
            SidePot(
                "loner_basket",
                "Loner basket",
                took_in=basket,
                paid=loner_rows,
                to_prize_pot=basket_left,
                short=short,
            )
        )
    if fines or settings.euchre_fine:
        side_pots.append(
            SidePot(
                "euchre_fines",
                "Euchre fines",
                took_in=fines,
                to_prize_pot=fines if fines_to == "pot" else 0,
                to_basket=fines if fines_to == "basket" else 0,
                to_club=fines if fines_to == "club" else 0,
            )
        )
    if pool_total or settings.pool_buy_in:
        side_pots.append(
            SidePot(
                "pool",
                settings.pool_name,
                took_in=pool_in,
                carried_in=settings.pool_carried_in,
                paid=pool_rows,
                carried_out=carried,
            )
        )
    if sales:
        side_pots.append(
            SidePot(
                "fifty_fifty",
                "50/50 draw",
                took_in=sales,
                paid=((winner, winner_half),),
                to_club=other_half if to_club else 0,
                to_prize_pot=0 if to_club else other_half,
            )
        )

    return CashSheet(
        currency=settings.currency,
        digits=settings.digits,
        collected=collected,
        euchre_fines=fines,
        fifty_fifty_tickets=sales,
        refunds=refunds,
        club_share=club_share,
        club_share_of_entries=club_entries,
        club_share_base=entries,
        club_share_for=settings.club_share_for,
        prize_pot=prize_pot,
        # rules.AWARD_PRIZES_RULE: the awards first, the places share what is left.
        award_payouts=awards,
        payouts=payouts(settings, result, prize_pot - sum(a.amount for a in awards)),
        side_pots=tuple(side_pots),
        carried_in=settings.pool_carried_in,
        carried=carried,
        owed=door.owed(settings, playing=result.players()),
        # rules.BOX_RULE: tonight's cash only.
        cash_in_box=collected["cash"] + fines + sales - refunds["cash"],
    )


@dataclass(frozen=True)
class Change:
    player: str
    was: int  # what the sheet before paid them
    now: int  # what the corrected sheet pays them

    @property
    def difference(self) -> int:
        """Above zero: the club owes the player; below zero: the player gives it back."""
        return self.now - self.was


@dataclass(frozen=True)
class Correction:
    """What a correction after the night leaves owed (rules.CORRECTION_RULE)."""

    currency: str
    digits: int
    changes: tuple[Change, ...]  # only players whose winnings changed

    @property
    def owed_to(self) -> tuple[tuple[str, int], ...]:
        """Players the club now owes, and how much."""
        return tuple((c.player, c.difference) for c in self.changes if c.difference > 0)

    @property
    def overpaid(self) -> tuple[tuple[str, int], ...]:
        """Players paid more than they won, and how much each gives back."""
        return tuple((c.player, -c.difference) for c in self.changes if c.difference < 0)

    @property
    def net(self) -> int:
        """What the club pays out net: zero when the correction only moves prizes around."""
        return sum(c.difference for c in self.changes)

    def as_json(self) -> dict:
        d = lambda minor: str(to_decimal(minor, self.digits))  # noqa: E731
        return {
            "currency": self.currency,
            "owed_to": [{"player": p, "amount": d(a)} for p, a in self.owed_to],
            "overpaid": [{"player": p, "amount": d(a)} for p, a in self.overpaid],
            "net": d(self.net),
        }


def correction(before: CashSheet, after: CashSheet) -> Correction:
    """Compare what each player was paid (`before`, the sheet the payouts were made from) with
    what the corrected night pays them (`after`)."""
    if before.currency != after.currency:
        raise ValueError(
            f"The sheets are in {before.currency} and {after.currency}: compare sheets of the "
            "same currency."
        )
    was, now = before.won_by(), after.won_by()
    order: Iterable[str] = dict.fromkeys([*now, *was])
    changes = tuple(
        Change(name, was.get(name, 0), now.get(name, 0))
        for name in order
        if was.get(name, 0) != now.get(name, 0)
    )
    return Correction(after.currency, after.digits, changes)

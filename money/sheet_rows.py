"""The cash sheet as rows of words: the one thing the sheet's page, its PDF, its CSV and
`manage.py money_report` draw, so the four cannot disagree.

Pure: it reads a night's ledger (money.ledger's CashSheet and NightSettings, and the
settle() rows of what was handed out) and writes every amount through the `format` it is
given (the club's way, money/currency.py). No figure is worked out here: each row carries the
ledger's own amount, in minor units for the CSV's machine decimals and in words for people.
The only sums are the out side of the balance (refunds + prizes + side pots, carried, the
club's share), which the ledger's `balanced` checks against money in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from money.amounts import to_decimal
from money.ledger import CashSheet, NightSettings

COLLECTED_WORDS = {
    "cash": "Entries paid in cash",
    "card": "Entries paid by card",
    "ahead": "Entries paid ahead",
}
REFUND_WORDS = {
    "cash": "Refunded in cash, from the box",
    "card": "Refunded to a card",
    "ahead": "Refunded from money paid ahead",
}


@dataclass(frozen=True)
class Row:
    """One line of the sheet: what it is, whose (a player, or nobody), and the amount written
    the club's way; `minor` is the same amount for machines (None: a line of words only)."""

    label: str
    player: str = ""
    amount: str = ""
    minor: int | None = None
    total: bool = False  # a total or the line that matters most: printed in bold


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    rows: tuple[Row, ...]
    note: str = ""  # a sentence under the rows (why a figure is what it is)


@dataclass(frozen=True)
class SheetRows:
    currency: str
    digits: int
    sections: tuple[Section, ...]
    balanced: bool
    balance: str  # "Balanced: money in $X = money out $Y + carried $Z + the club's share $W"
    rules: tuple[str, ...] = field(default=())

    def section(self, key: str) -> Section | None:
        return next((s for s in self.sections if s.key == key), None)

    def decimal(self, row: Row) -> str:
        """The row's amount for a spreadsheet or a program: "12.50" (empty for words)."""
        return "" if row.minor is None else str(to_decimal(row.minor, self.digits))


def ordinal(place: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th", 22 -> "22nd"."""
    teens = 10 <= place % 100 <= 20
    suffix = "th" if teens else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def sheet_rows(
    sheet: CashSheet,
    settings: NightSettings,
    settle: Sequence[tuple[str, int, int]],
    format: Callable[[int], str],  # noqa: A002 (the ledger's own name for it)
    fines_settle: Sequence[tuple[str, int, int]] = (),
) -> SheetRows:
    """The sheet's sections, in the order the page and the PDF print them. `settle` and
    `fines_settle` are NightLedger's: (name, handed or paid so far, on the sheet now)."""
    money = format

    def row(label: str, minor: int, player: str = "", total: bool = False) -> Row:
        return Row(label, player, money(minor), minor, total)

    # Money in and money out: the two sides of the balance, each with its total.
    money_in = [row(COLLECTED_WORDS[m], sheet.collected[m]) for m in sheet.collected]
    money_in += [
        row("Euchre fines (cash)", sheet.euchre_fines),
        row("50/50 tickets sold (cash)", sheet.fifty_fifty_tickets),
    ]
    if sheet.carried_in:
        money_in.append(row("Pool carried in from the last night", sheet.carried_in))
    money_in.append(row("Money in", sheet.money_in, total=True))

    refunds = sum(sheet.refunds.values())
    out_total = sheet.money_out + sheet.carried + sheet.club_share
    money_out = [
        row("Refunds", refunds),
        row("Prizes paid", sheet.prizes_paid),
        row("Side pots paid", sheet.side_pots_paid),
        row("Carried to the next night", sheet.carried),
        row(f"The club's share ({sheet.club_share_for})", sheet.club_share),
        row("Money out, carried and kept", out_total, total=True),
    ]

    # The order the page and the paper print them: the two sides of the balance, then what
    # the treasurer counts at the table (the box), then where the money went.
    sections = [
        Section("in", "Money in", tuple(money_in)),
        Section("out", "Money out", tuple(money_out)),
        _box_section(sheet, row, money),
    ]
    corrections = _correction_section(settle, fines_settle, money)
    if corrections is not None:
        sections.append(corrections)
    sections.append(_prize_section(sheet, row))
    pots = _side_pot_section(sheet, row)
    if pots is not None:
        sections.append(pots)
    sections.append(_club_section(sheet, settings, row, money))
    refund_rows = [row(REFUND_WORDS[m], amount) for m, amount in sheet.refunds.items() if amount]
    if refund_rows:
        refund_rows.append(row("Refunds", refunds, total=True))
        sections.append(Section("refunds", "Refunds, by how they were paid", tuple(refund_rows)))
    if sheet.owed:
        owed = [
            row("Still owes at the door", amount, player=name)
            for name, amount in sheet.owed.items()
        ]
        sections.append(
            Section(
                "owed",
                "Still owed at the door",
                tuple(owed),
                note="Not in the figures above until it is paid.",
            )
        )

    word = "Balanced" if sheet.balanced else "NOT balanced"
    balance = (
        f"{word}: money in {money(sheet.money_in)} = money out {money(sheet.money_out)} "
        f"+ carried {money(sheet.carried)} + the club's share {money(sheet.club_share)}"
    )
    if not sheet.balanced:
        balance += f" (the right side comes to {money(out_total)})"
    return SheetRows(
        currency=sheet.currency,
        digits=sheet.digits,
        sections=tuple(sections),
        balanced=sheet.balanced,
        balance=balance,
        rules=tuple(settings.rules_in_words()),
    )


def club_share_words(sheet: CashSheet, settings: NightSettings, money) -> str:
    """How the club's share of the entries is worked out, so the treasurer can check it by
    hand (rules.CLUB_SHARE_RULE): "10% of $40.00 (the entries after the loner basket and the
    pool), for expenses"."""
    after = [
        what
        for what, taken in (
            ("the loner basket", settings.loner_buy_in),
            ("the pool", settings.pool_buy_in),
        )
        if taken
    ]
    base = f"the {money(sheet.club_share_base)} of entries"
    if after:
        base = f"{money(sheet.club_share_base)} (the entries after {' and '.join(after)})"
    if settings.club_fixed:
        return f"A fixed sum from {base}, for {sheet.club_share_for}"
    return f"{settings.club_percent}% of {base}, for {sheet.club_share_for}"


def _club_section(sheet: CashSheet, settings: NightSettings, row, money) -> Section:
    words = club_share_words(sheet, settings, money)
    rows = [row(words, sheet.club_share_of_entries)]
    for pot in sheet.side_pots:
        if pot.to_club:
            rows.append(row(f"From the {pot.name.lower()}", pot.to_club))
    rows.append(row("The club's share", sheet.club_share, total=True))
    return Section("club", "The club's share", tuple(rows))


def _prize_section(sheet: CashSheet, row) -> Section:
    rows = [row("Prize pot", sheet.prize_pot)]
    for payout in sheet.payouts:
        label = ordinal(payout.place) + ("=" if payout.tied else "")
        partners = {name: entry for entry in payout.entries if len(entry) > 1 for name in entry}
        for name, amount in payout.shares:
            entry = partners.get(name)
            what = label
            if entry is not None:  # a partnership: each partner's half, with the other named
                what = f"{label} (with {' & '.join(n for n in entry if n != name)})"
            rows.append(row(what, amount, player=name))
    # The side awards' prizes, paid from the pot before the places (AWARD_PRIZES_RULE).
    for award in sheet.award_payouts:
        what = f"{award.title} (shared)" if award.tied else award.title
        for name, amount in award.shares:
            rows.append(row(what, amount, player=name))
    rows.append(row("Prizes paid", sheet.prizes_paid, total=True))
    note = ""
    if any(p.tied for p in sheet.payouts):
        note = "= a tie: the tied share the prizes of the places they cover."
    return Section("prizes", "Prizes", tuple(rows), note=note)


# Where a side pot's money went, besides to its winners: each said as such, so money passed
# on to the prize pot is not read as paid out twice (it is paid in the prizes above).
WENT_WORDS = (
    ("to_prize_pot", "went to the prize pot (paid in the prizes above)"),
    ("to_basket", "went to the loner basket"),
    ("to_club", "went to the club's share"),
    ("carried_out", "carried to the next night"),
)


def _side_pot_section(sheet: CashSheet, row) -> Section | None:
    if not sheet.side_pots:
        return None
    rows = []
    for pot in sheet.side_pots:
        name = pot.name
        if pot.key == "fifty_fifty":
            rows.append(row(f"{name}: tickets sold", pot.took_in))
        else:
            rows.append(row(f"{name}: took in tonight", pot.took_in))
        if pot.carried_in:
            rows.append(row(f"{name}: carried in from the last night", pot.carried_in))
        for player, amount in pot.paid:
            rows.append(row(f"{name}: paid to", amount, player=player))
        if pot.key == "pool" and not pot.paid:
            rows.append(Row(f"{name}: nobody won it tonight"))
        for attr, what in WENT_WORDS:
            amount = getattr(pot, attr)
            if amount:
                rows.append(row(f"{name}: {what}", amount))
        if pot.short:
            rows.append(row(f"{name}: short (could not pay every loner in full)", pot.short))
    rows.append(row("Side pots paid to winners", sheet.side_pots_paid, total=True))
    note = (
        "Each pot's money goes to its winners or where it says: only what is paid to winners "
        "counts as side pots paid."
    )
    return Section("side_pots", "Side pots", tuple(rows), note=note)


def _box_section(sheet: CashSheet, row, money) -> Section:
    rows = [
        row("Cash that must be in the box", sheet.cash_in_box, total=True),
        row("Prizes paid from it", sheet.prizes_paid),
        row("Side pots paid from it", sheet.side_pots_paid),
        row("Cash left after payouts", sheet.cash_after_payouts, total=True),
    ]
    if sheet.cash_after_payouts < 0:
        # Its amount in the amount column too, so the CSV's treasurer can add it up.
        rows.append(
            row(
                "The treasurer adds from the club's account",
                -sheet.cash_after_payouts,
                total=True,
            )
        )
    if sheet.carried:
        rows.append(row("Carried to the next night (the treasurer holds it)", sheet.carried))
    note = "Card and paid-ahead money is in the club's account, not in the box."
    return Section("box", "The cash box", tuple(rows), note=note)


def _correction_section(settle, fines_settle, money) -> Section | None:
    """rules.CORRECTION_RULE: once anything is handed out, each player whose winnings on the
    sheet now differ from what they were handed: who gives back, who is owed; then each whose
    euchre fines a correction changed since they paid them at the table (the box holds what
    was paid: the sheet counts the fines as they are now)."""
    if not any(handed for _, _, handed in settle) and not fines_settle:
        return None  # nothing handed out yet: the payouts above are simply still to pay
    rows = []
    for name, won, handed in settle:
        if won == handed:
            continue
        if handed > won:
            back = handed - won
            words = (
                f"{name} was paid {money(handed)} and now wins {money(won)}: "
                f"gives back {money(back)}"
            )
            rows.append(Row(words, name, money(back), -back, total=True))
        else:
            owed = won - handed
            words = f"{name} is owed {money(owed)}"
            if handed:
                words = (
                    f"{name} was paid {money(handed)} and now wins {money(won)}: "
                    f"is owed {money(owed)}"
                )
            rows.append(Row(words, name, money(owed), owed, total=True))
    # Signed as the payouts above: positive is money the club hands the player.
    for name, was, now in fines_settle:
        paid = f"{name} paid {money(was)} in euchre fines" if was else f"{name} paid no fine"
        due = f"{money(now)} is due now" if now else "none is due now"
        if was > now:
            words = f"{paid}, {due}: hand {name} back {money(was - now)}"
        else:
            words = f"{paid}, {due}: collect {money(now - was)} more from {name}"
        rows.append(Row(words, name, money(abs(was - now)), was - now, total=True))
    if not rows:
        return None
    return Section(
        "corrections",
        "Owed, and to give back",
        tuple(rows),
        note="What each player was handed so far, against what the sheet pays now; the euchre "
        "fines each paid at the table, against what the sheet counts now.",
    )


__all__ = ["Row", "Section", "SheetRows", "ordinal", "sheet_rows"]


def ledger_rows(ledger) -> SheetRows | None:
    """The rows of a NightLedger (money/night.py), or None while its sheet is not ready (its
    `waiting` or `error` says why)."""
    if ledger.sheet is None or ledger.settings is None:
        return None
    return sheet_rows(
        ledger.sheet, ledger.settings, ledger.settle(), ledger.format, ledger.fines_settle()
    )

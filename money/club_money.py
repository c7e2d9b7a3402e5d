"""The club's money over time, for its directors: every night with money settings, newest
first, each night's figures from its own ledger (money/night.py `night_ledger`, never worked
out again here); the pool carried now; the club's currency setting. The page's table and the
treasurer's CSV are the same rows."""

from __future__ import annotations

import functools
from dataclasses import dataclass

import django_tables2 as tables
from django import forms
from django.urls import reverse
from django.utils.html import format_html

from clubs import dates
from clubs.models import Club

from .amounts import to_decimal
from .currency import currency_choices
from .models import ClubMoney, NightMoney
from .night import NightLedger, locale_of, night_ledger


class ClubNight:
    """One night's line: its ledger (worked out when first asked, so a page of the table
    works out only the nights it shows), and its sheet's figures (None while not ready)."""

    def __init__(self, money: NightMoney):
        self.money = money
        self.event = money.event

    @functools.cached_property
    def ledger(self) -> NightLedger:
        return night_ledger(self.event, money=self.money)

    @property
    def sheet(self):
        return self.ledger.sheet

    @property
    def why_not(self) -> str:
        return self.ledger.error or self.ledger.waiting

    @functools.cached_property
    def to_settle(self) -> int | None:
        """How many players' money is not yet settled: winners handed other than what they
        win now (after a correction, or not yet paid), and fines not yet paid (once the night
        keeps them: `fines_settle`). None while the sheet is not ready. From the ledger already
        worked out for the row: no query of its own."""
        if self.sheet is None:
            return None
        unsettled = [name for name, won, handed in self.ledger.settle() if won != handed]
        fines = getattr(self.ledger, "fines_settle", lambda: [])()
        for line in fines:
            # (name, due, paid) rows count when the two differ; any other row is one to settle.
            if isinstance(line, tuple) and len(line) == 3 and line[1] == line[2]:
                continue
            unsettled.append(line)
        return len(unsettled)

    def figure(self, name: str) -> int | None:
        sheet = self.sheet
        if sheet is None:
            return None
        if name == "collected":
            return sum(sheet.collected.values())
        return getattr(sheet, name)


# The table's columns of money, in order: (the CashSheet's figure, the header).
FIGURES = (
    ("collected", "Collected"),
    ("club_share", "Club's share"),
    ("prizes_paid", "Prizes paid"),
    ("side_pots_paid", "Side pots paid"),
    ("carried", "Carried"),
    ("cash_in_box", "Cash in box"),
)


def club_nights(club: Club) -> list[ClubNight]:
    """Every night of the club with money settings, newest first."""
    monies = (
        NightMoney.objects.filter(event__club=club)
        .select_related("event__club")
        .order_by("-event__date", "-event__pk")
    )
    return [ClubNight(money) for money in monies]


@dataclass(frozen=True)
class CarriedNow:
    """The rolling pool the club's treasurer holds now: what its newest night with a pool
    carried to the next; or, while that night is still to finish, what it was brought (its
    `pool_carried_in`, made from the night before: money/night.py `carried_pool`)."""

    pool: str
    amount: int
    night: ClubNight
    finished: bool  # from the night's sheet; else held for the night, not yet played out


def carried_now(nights: list[ClubNight]) -> CarriedNow | None:
    for night in nights:
        money = night.money
        if not (money.pool_buy_in or money.pool_carried_in):
            continue
        name = money.pool_name or "Pool"
        if night.sheet is None:
            return CarriedNow(name, money.pool_carried_in, night, finished=False)
        return CarriedNow(name, night.sheet.carried, night, finished=True)
    return None


class MoneyColumn(tables.Column):
    """An amount the club's way on the page; a machine decimal in the CSV."""

    def __init__(self, figure: str, **kwargs):
        self.figure = figure
        header = kwargs.get("verbose_name", "")
        kwargs.setdefault(
            "attrs", {"td": {"class": "num", "data-label": header}, "th": {"class": "num"}}
        )
        super().__init__(accessor="ledger", orderable=False, **kwargs)

    def render(self, record):
        minor = record.figure(self.figure)
        return "—" if minor is None else record.ledger.format(minor)

    def value(self, record):
        minor = record.figure(self.figure)
        return "" if minor is None else str(to_decimal(minor, record.sheet.digits))


class NightsTable(tables.Table):
    # A page of nights, each worked out from its hands (money/night.py) as it is shown.
    PER_PAGE = 25

    date = tables.Column(
        accessor="ledger", verbose_name="Date", orderable=False, attrs={"td": {"class": "date"}}
    )
    event = tables.Column(
        accessor="ledger", verbose_name="Night", orderable=False, attrs={"td": {"class": "night"}}
    )

    class Meta:
        empty_text = "No night has money settings yet: set a night's money from its event page."
        attrs = {"class": "club-nights"}

    def __init__(self, data, **kwargs):
        extra = [(f, MoneyColumn(f, verbose_name=header)) for f, header in FIGURES]
        balanced = tables.Column(
            accessor="ledger",
            verbose_name="Balanced",
            orderable=False,
            attrs={"td": {"class": "balanced", "data-label": "Balanced"}},
        )
        extra.append(("balanced", balanced))
        # Balanced is on paper; settled is in hand: every winner handed what they win now.
        settled = tables.Column(
            accessor="ledger",
            verbose_name="Settled",
            orderable=False,
            attrs={"td": {"class": "settled", "data-label": "Settled"}},
        )
        extra.append(("settled", settled))
        super().__init__(data, extra_columns=extra, **kwargs)

    def render_date(self, record):
        return dates.day(record.event.date, record.event.club.date_style)

    def value_date(self, record):
        return record.event.date.isoformat()  # machines keep ISO dates (clubs/dates.py)

    def render_event(self, record):
        url = reverse("money:sheet", args=[record.event.pk])
        return format_html('<a href="{}">{}</a>', url, record.event.name)

    def value_event(self, record):
        return record.event.name

    def render_balanced(self, record):
        # The reason is on the night's sheet, a tap away: the column stays narrow.
        if record.sheet is None:
            return "Not ready"
        return "Yes" if record.sheet.balanced else "NO"

    def value_balanced(self, record):
        if record.sheet is None:
            return f"Not ready: {record.why_not}"
        return self.render_balanced(record)

    def render_settled(self, record):
        count = record.to_settle
        if count is None:
            return "—"
        if not count:
            return "Yes"
        url = reverse("money:night", args=[record.event.pk])
        return format_html('<a href="{}">{} to settle</a>', url, count)

    def value_settled(self, record):
        count = record.to_settle
        if count is None:
            return ""
        return "Yes" if not count else f"{count} to settle"


def nights_csv_table(nights: list[ClubNight], currency: str) -> list[list[str]]:
    """The treasurer's CSV: one line a night, amounts as decimals, newest first."""
    table = NightsTable(nights)
    header = ["date", "event", *(f for f, _ in FIGURES), "currency", "balanced", "settled"]
    out = [header]
    for night in nights:
        figures = [table.columns[f].column.value(night) for f, _ in FIGURES]
        out.append(
            [
                night.event.date.isoformat(),
                night.event.name,
                *figures,
                currency,
                table.value_balanced(night),
                table.value_settled(night),
            ]
        )
    return out


class CurrencyForm(forms.ModelForm):
    """The club's currency: each choice shows its sign as the club will see it."""

    class Meta:
        model = ClubMoney
        fields = ["currency"]
        widgets = {"currency": forms.RadioSelect}

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["currency"].choices = currency_choices(locale_of(club))
        self.fields["currency"].label = "The club plays for"

"""The prize table the standings page, the players' pages and the standings PDF show: the
night's ledger (money/night.py `night_ledger`), never worked out again. Registered with
tournaments (tournaments/prize_pages.py) when the app starts (money/apps.py).

Players see only what the club shows them (NightMoney.show_prizes): the places paid, the side
awards' prizes and the side pots' winners, with names and amounts; never who paid, never the
door's figures, never an error (that is the director's to fix on the money page).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse

from tournaments.models import Event

from . import ledger as rules
from .models import NightMoney
from .night import night_ledger
from .sheet_rows import ordinal


@dataclass(frozen=True)
class PrizeRow:
    label: str  # "1st", "2nd=", an award's title, a side pot's name; "" below the first
    name: str  # the player paid (a partnership's partners, one row each)
    amount: str  # in the club's currency, the club's way
    team: str = ""  # a named partnership's name ("The Aces"), beside its first partner

    @property
    def words(self) -> str:
        return f"{self.name} ({self.team})" if self.team else self.name


@dataclass(frozen=True)
class PrizeTable:
    rows: tuple[PrizeRow, ...]
    paid_out: str
    pot: str  # the prize pot, in words
    legend: str  # the ledger's rules the table follows


def _rows(label: str, shares, fmt, teams: dict[str, str]) -> list[PrizeRow]:
    rows, named = [], set()
    for i, (name, amount) in enumerate(shares):
        team = teams.get(name, "")
        rows.append(
            PrizeRow(label if i == 0 else "", name, fmt(amount), "" if team in named else team)
        )
        named.add(team)
    return rows


def _team_names(standings) -> dict[str, str]:
    """Each partner's partnership by its own name ("Team 4", "The Aces"), for a table that
    pays partners one by one; none for a partnership named only by its partners."""
    if not standings.teams:
        return {}
    names = {line.player_id: line.name for line in standings.players}
    found = {}
    for team in standings.teams:
        partners = [names[pk] for pk in team.player_ids if pk in names]
        if team.name and team.name != " & ".join(sorted(partners)):
            found.update(dict.fromkeys(partners, team.name))
    return found


def _legend(ledger) -> str:
    """The rules the table follows, as the ledger states them."""
    settings, sheet = ledger.settings, ledger.sheet
    percents = settings.percents_for(len(ledger.result.players()))
    said = [
        f"Places paid {'/'.join(map(str, percents))}% of the prize pot"
        + (" left after the side awards' prizes." if sheet.award_payouts else "."),
        rules.ODD_CENTS_RULE,
        rules.TIE_RULE,
    ]
    if any(len(p.players) > 1 for p in ledger.result.standings):
        said.append(rules.PARTNERSHIP_RULE)
    if len(ledger.result.standings) < len(percents):
        said.append(rules.FEWER_ENTRIES_RULE)
    if sheet.award_payouts:
        said.append(rules.AWARD_PRIZES_RULE)
    return " ".join(said)


def night_prize_table(event: Event, standings, for_players: bool) -> dict:
    """tournaments.prize_pages.prize_table's answer for one night (see there)."""
    money = NightMoney.objects.filter(event=event).first()
    # No money kept for this night (none set on the money page): no prize table. Never made
    # here: a page's look does not create the night's settings.
    if money is None or (for_players and not money.show_prizes):
        return {}
    ledger = night_ledger(event, money=money, standings=standings)
    found = {
        "prizes_public": money.show_prizes,
        # Where the director changes it (the money page): tournaments names no money URL.
        "prizes_settings_url": reverse("money:night-settings", args=[event.pk]),
    }
    if ledger.sheet is None:
        # The director is told why the prizes cannot be worked out, once there is money.
        priced = money.entry_fee or any(money.award_prizes().values())
        if ledger.error and priced and not for_players:
            found["prize_error"] = ledger.error
        return found
    sheet, fmt, teams = ledger.sheet, ledger.format, _team_names(ledger.standings)
    rows: list[PrizeRow] = []
    for place in sheet.payouts:
        label = ordinal(place.place) + ("=" if place.tied else "")
        rows += _rows(label, place.shares, fmt, teams)
    for award in sheet.award_payouts:
        rows += _rows(award.title, award.shares, fmt, teams)
    for pot in sheet.side_pots:
        rows += _rows(pot.name, pot.paid, fmt, {})
    if not rows:
        return found
    pot = f"Prize pot: {fmt(sheet.prize_pot)}"
    if sheet.club_share_of_entries:
        pot += (
            f", after the club's share of {fmt(sheet.club_share_of_entries)} "
            f"({sheet.club_share_for})"
        )
    found["prizes"] = PrizeTable(
        rows=tuple(rows),
        paid_out=fmt(sheet.prizes_paid + sheet.side_pots_paid),
        pot=pot + ".",
        legend=_legend(ledger),
    )
    return found

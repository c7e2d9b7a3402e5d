"""The director's night money page (issue 42, points 1-3): the night's settings, and the page
of the door (who paid, how, refunds, plays free, who still owes, walk-ins), the draws and the
payouts marked paid, with what a correction after the night leaves owed. What they post is
recorded by views/door.py and views/payouts.py; what they share is views/common.py.

Every figure shown is money.night.night_ledger's; a record is checked by the ledger itself
(`Door.check`) with the new record added before anything is saved, so a refusal is the
ledger's own words and nothing is half-saved. Only the club's directors (money/access.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from clubs.dates import day
from money.access import event_for_director
from money.forms import (
    DrawsForm,
    NightSettingsForm,
    WalkInForm,
)
from money.ledger import METHODS, Door
from money.models import DoorRecord
from money.night import (
    NightLedger,
    night_ledger,
    night_money_of,
    pool_source,
)
from money.sheet_rows import ordinal
from tournaments.models import Entry, Event
from tournaments.prizes import AWARDS

from .common import (
    METHOD_WORDS,
    _carry_forward,
    _night_url,
    _row_anchor,
)

# --- Settings --------------------------------------------------------------------------------


def _pool_source(event: Event, ledger: NightLedger) -> str:
    """Where the pool carried in came from, in words: the club's last night before this one
    that had a pool (money.night.pool_source)."""
    source, carried = pool_source(event)
    if source is None:
        return "No earlier night of the club carried a pool. The treasurer may correct it."
    return (
        f"From {source.name} ({day(source.date, event.club)}), which carried "
        f"{ledger.format(carried)} with no winner. The treasurer may correct it."
    )


@login_required
def night_settings(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_for_director(request, pk)
    money = night_money_of(event)
    ledger = night_ledger(event, money=money)
    source = _pool_source(event, ledger)
    form = NightSettingsForm(request.POST or None, instance=money, event=event, pool_source=source)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            form.save()
            if form.cleaned_data["make_default"]:
                form.save_defaults()
        said = "The night's money is saved"
        if form.cleaned_data["make_default"]:
            said += ", and made the club's defaults for new events"
        messages.success(request, said + ".")
        _carry_forward(request, event)
        return redirect("money:night", pk=event.pk)
    return render(
        request,
        "money/night_settings.html",
        {"event": event, "form": form, "ledger": ledger},
        status=400 if form.is_bound else 200,
    )


# --- The night's page ------------------------------------------------------------------------


@dataclass
class DoorRow:
    """One player at the door, every figure from the ledger's door."""

    player_id: int
    name: str
    entered: bool
    present: bool
    records: int
    paid: list[tuple[str, int]] = field(default_factory=list)  # (method words, amount)
    refunded: list[tuple[str, int]] = field(default_factory=list)
    waived: bool = False
    owes: int = 0
    buttons: list[tuple[str, str, int]] = field(default_factory=list)  # (method, words, amount)
    refusals: list[str] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        return _row_anchor(self.player_id)


def _still_to_pay(settings, door: Door, name: str, method: str) -> int:
    """The price this way of paying asks (the ahead price when paying ahead), less what the
    player has paid already: the ledger's price rule (Door.price)."""
    return settings.price(method == "ahead" or door.paid_ahead(name)) - door.net(name)


def _door_rows(ledger: NightLedger) -> list[DoorRow]:
    event, door, settings = ledger.event, ledger.door, ledger.settings
    owed = ledger.owed()
    entries = Entry.objects.filter(event=event).select_related("player")
    rows: dict[int, DoorRow] = {}
    for entry in entries:
        p = entry.player
        rows[p.pk] = DoorRow(p.pk, p.name, True, entry.present, 0)
    counts: dict[int, int] = {}
    for record in DoorRecord.objects.filter(event=event).select_related("player"):
        counts[record.player_id] = counts.get(record.player_id, 0) + 1
        if record.player_id not in rows:
            rows[record.player_id] = DoorRow(record.player_id, record.player.name, False, False, 0)
    for row in rows.values():
        row.records = counts.get(row.player_id, 0)
        if not ledger.money.door_kept:
            continue
        name = row.name
        row.paid = [(METHOD_WORDS[m], door.paid(name, m)) for m in METHODS if door.paid(name, m)]
        row.refunded = [
            (METHOD_WORDS[m], door.refunded(name, m)) for m in METHODS if door.refunded(name, m)
        ]
        row.waived = name in door.waived
        row.owes = owed.get(name, 0)
        if settings is None or row.waived:
            continue
        for method in METHODS:
            due = _still_to_pay(settings, door, name, method)
            if due > 0:
                # Short, so a phone holds two buttons a line; the button's label names the player.
                words = {"cash": "Cash", "card": "Card", "ahead": "Paid ahead"}
                row.buttons.append((method, words[method], due))
    return sorted(rows.values(), key=lambda r: (not r.entered, r.name.casefold()))


@dataclass
class PayoutRow:
    player_id: int | None
    name: str
    won: int
    handed: int
    parts: list[tuple[str, int]]
    refusals: list[str] = field(default_factory=list)

    @property
    def difference(self) -> int:
        return self.won - self.handed

    @property
    def given_back(self) -> int:
        return self.handed - self.won

    @property
    def anchor(self) -> str:
        return f"payout-{self.player_id}"


def _payout_rows(ledger: NightLedger) -> list[PayoutRow]:
    """Each winner from `ledger.settle()`, with the sheet's breakdown of what they won."""
    parts: dict[str, list[tuple[str, int]]] = {}
    if ledger.sheet is not None:
        for payout in ledger.sheet.payouts:
            words = f"{ordinal(payout.place)} place" + (" (tied, shared)" if payout.tied else "")
            for name, amount in payout.shares:
                parts.setdefault(name, []).append((words, amount))
        for award in ledger.sheet.award_payouts:
            words = award.title + (" (tied, shared)" if award.tied else "")
            for name, amount in award.shares:
                parts.setdefault(name, []).append((words, amount))
        for pot in ledger.sheet.side_pots:
            for name, amount in pot.paid:
                parts.setdefault(name, []).append((pot.name, amount))
    ids = dict(ledger.event.club.players.values_list("name", "pk"))
    return [
        PayoutRow(ids.get(name), name, won, handed, parts.get(name, []))
        for name, won, handed in ledger.settle()
    ]


@dataclass
class FinesRow:
    """A player whose euchre fines a correction changed after the payouts (fines_settle)."""

    player_id: int | None
    name: str
    paid: int
    now: int
    refusals: list[str] = field(default_factory=list)

    @property
    def difference(self) -> int:
        """What the player owes (positive) or is given back (negative)."""
        return self.now - self.paid

    @property
    def given_back(self) -> int:
        return self.paid - self.now

    @property
    def anchor(self) -> str:
        return f"fines-{self.player_id}"


def _fines_rows(ledger: NightLedger) -> list[FinesRow]:
    ids = dict(ledger.event.club.players.values_list("name", "pk"))
    return [FinesRow(ids.get(name), name, paid, now) for name, paid, now in ledger.fines_settle()]


def _row_refusals(request: HttpRequest) -> dict[str, list[str]]:
    """The refusals of the last post, by the row they concern (`_refuse`). Reading them leaves
    them for the top of the page too: the storage keeps them to the end of the request."""
    found: dict[str, list[str]] = {}
    for message in messages.get_messages(request):
        for tag in message.extra_tags.split():
            if tag.startswith("row:"):
                found.setdefault(tag[4:], []).append(message.message)
    return found


def _settings_words(ledger: NightLedger) -> list[str]:
    """The night's settings in a few plain lines."""
    money, s = ledger.money, ledger.settings
    if s is None:
        return []
    f = ledger.format
    lines = [
        f"Entry {f(s.entry_fee)}"
        + (f", {f(s.ahead_fee)} paid ahead" if s.ahead_fee is not None else "")
        + ("" if money.door_kept else " (the door is not recorded: everyone counts as paid)")
        + "."
    ]
    if s.club_percent:
        lines.append(f"The club keeps {s.club_percent}% for {s.club_share_for}.")
    elif s.club_fixed:
        lines.append(f"The club keeps {f(s.club_fixed)} for {s.club_share_for}.")
    for tier, after in zip(s.tiers, [*s.tiers[1:], None], strict=True):
        who = f"From {tier.from_players} players" if tier.from_players > 1 else "Always"
        if after is not None:
            who = f"Under {after.from_players} players" if tier.from_players <= 1 else who
        places = "/".join(f"{p}%" for p in tier.percents)
        lines.append(f"{who}: places paid {places} of the prize pot.")
    if s.loner_buy_in:
        lines.append(
            f"Loner basket {f(s.loner_buy_in)} from each entry"
            + (f", {f(s.loner_prize)} a loner." if s.loner_prize else ", shared by the loners.")
        )
    awards = [f"{AWARDS[k].lower()} {f(v)}" for k, v in s.award_prizes.items() if v and k in AWARDS]
    if awards:
        lines.append(f"Side awards' prizes: {', '.join(awards)}.")
    if s.euchre_fine:
        lines.append(f"Euchre fine {f(s.euchre_fine)}, to {money.get_fines_to_display()}.")
    if s.pool_buy_in or s.pool_carried_in:
        lines.append(
            f"{s.pool_name}: {f(s.pool_buy_in)} from each entry, {f(s.pool_carried_in)} carried in."
        )
    return lines


def _render_night(request: HttpRequest, event: Event, status: int = 200, **extra) -> HttpResponse:
    ledger = night_ledger(event)
    money = ledger.money
    rows = _door_rows(ledger)
    payouts = _payout_rows(ledger) if ledger.sheet is not None or ledger.paid else []
    fines = _fines_rows(ledger)
    refusals = _row_refusals(request)
    for row in (*rows, *payouts, *fines):
        row.refusals = refusals.get(row.anchor, [])
    owed = ledger.owed()
    anchors = {row.name: row.anchor for row in rows}
    context = {
        "event": event,
        "ledger": ledger,
        "settings_words": _settings_words(ledger),
        "rows": rows,
        "owed": owed,
        # The banner's names, each a link to its row (a night of 80 players).
        "owing": [(name, amount, anchors.get(name, "")) for name, amount in owed.items()],
        "payouts": payouts,
        "fines": fines,
        # A refusal of a post about no one row (a tampered form): beside its section.
        "section_refusals": {k: refusals.get(k, []) for k in ("door", "payouts")},
        "walk_in_form": extra.pop("walk_in_form", None) or WalkInForm(event=event),
        "draws_form": extra.pop("draws_form", None) or DrawsForm(instance=money, event=event),
        "price": ledger.settings.price(False) if ledger.settings is not None else 0,
        **extra,
    }
    return render(request, "money/night.html", context, status=status)


@login_required
def door_player(request: HttpRequest, pk: int, player_pk: int) -> HttpResponse:
    """One player's door: another amount, a refund, plays free (posted to `door_record`).
    A page of its own: these forms in every row of the night's page made a 400-player
    night's page a megabyte (bench/pages.py)."""
    event = event_for_director(request, pk)
    ledger = night_ledger(event)
    if ledger.settings is None or not ledger.money.door_kept:
        return redirect(_night_url(event, "door"))
    row = next((r for r in _door_rows(ledger) if r.player_id == player_pk), None)
    if row is None:
        raise Http404("Not a player at this night's door.")
    context = {
        "event": event,
        "ledger": ledger,
        "row": row,
        "methods": DoorRecord.Method.choices,
        "price": ledger.settings.price(False),
    }
    return render(request, "money/night_door_player.html", context)


@login_required
def night_page(request: HttpRequest, pk: int) -> HttpResponse:
    return _render_night(request, event_for_director(request, pk))

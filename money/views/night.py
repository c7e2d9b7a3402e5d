"""The director's night money page (issue 42, points 1-3): the night's settings, the door (who
paid, how, refunds, plays free, who still owes, walk-ins), the draws, and the payouts marked
paid, with what a correction after the night leaves owed.

Every figure shown is money.night.night_ledger's; a record is checked by the ledger itself
(`Door.check`) with the new record added before anything is saved, so a refusal is the
ledger's own words and nothing is half-saved. Only the club's directors (money/access.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.urls import reverse

from clubs import services as club_services
from clubs.dates import day
from money.access import event_for_director
from money.currency import format_money
from money.forms import (
    DoorForm,
    DrawsForm,
    FinesForm,
    NightSettingsForm,
    PaidForm,
    WalkInForm,
)
from money.ledger import METHODS, Door, Payment, Refund
from money.models import ClubMoney, DoorRecord, NightMoney, PaidMark
from money.night import (
    NightLedger,
    carry_forward,
    locale_of,
    night_ledger,
    night_money_of,
    pool_source,
)
from money.sheet_rows import ordinal
from tournaments import services as tournament_services
from tournaments.models import Entry, Event
from tournaments.prizes import AWARDS
from tournaments.services import ActionRefused

METHOD_WORDS = dict(DoorRecord.Method.choices)


class Refused(Exception):
    """A record the ledger refuses: its message is shown, and the transaction rolls back."""


class AtTheirRow(Refused):
    """A walk-in who is already at the door: said in their row."""

    def __init__(self, player, message: str):
        super().__init__(message)
        self.player, self.message = player, message


def _night_url(event: Event, anchor: str = "") -> str:
    return reverse("money:night", args=[event.pk]) + (f"#{anchor}" if anchor else "")


def _row_anchor(player_id: int) -> str:
    return f"player-{player_id}"


# A refusal starts by saying nothing was recorded: the ledger's words alone ("Darlene Meyer
# has paid $25.00, ...") read as if the record was made.
NOT_RECORDED = "Not recorded: "


def _carry_forward(request: HttpRequest, event: Event) -> None:
    """The club's next night takes this night's pool as it is now (money.night.carry_forward),
    and the director is told: a winner named late, or a buy-in changed, must not leave the
    same money in two nights' sheets."""
    moved = carry_forward(event)
    if moved is not None:
        later, carried = moved
        amount = format_money(carried, ClubMoney.of(event.club).currency, locale_of(event.club))
        messages.info(
            request,
            f"{later.name} ({day(later.date, later.club)}) now starts with "
            f"{amount} carried in from this night's pool.",
        )


def _refuse(request: HttpRequest, anchor: str, message: str) -> None:
    """A refusal for the row at `anchor`: shown in that row, where the redirect lands (and at
    the top of the page too), by the anchor carried in the message's tags."""
    messages.error(request, NOT_RECORDED + message, extra_tags=f"row:{anchor}")


def _post_only(anchor: str):
    """A view that records on POST. A GET (the address bar left on it after a refusal, then
    a reload) goes back to the night's page at `anchor`, for the club's directors only."""

    def decorate(view):
        @wraps(view)
        def wrapped(request: HttpRequest, pk: int) -> HttpResponse:
            if request.method in ("GET", "HEAD"):
                event = event_for_director(request, pk)
                return redirect(_night_url(event, anchor))
            if request.method != "POST":
                return HttpResponseNotAllowed(["POST"])
            return view(request, pk)

        return wrapped

    return decorate


def _locked_money(event: Event) -> NightMoney:
    """The night's money row, held until the transaction ends: two posts for the same night
    (a double click, two directors) are checked and saved one after the other, each seeing
    what the other saved. (SQLite's IMMEDIATE transactions already take one write at a
    time: config/settings.py.)"""
    night_money_of(event)
    return NightMoney.objects.select_for_update().get(event=event)


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


# --- The door --------------------------------------------------------------------------------


def _check_door(ledger: NightLedger, door: Door, name: str = "", kind: str = "") -> None:
    """The ledger's word on the door with the new record added: Refused in words. The ledger
    speaks of a door as it stands ("has paid $20.00"); what the director tried is not
    recorded, so the two refusals a tap meets most are said as what it would have done."""
    settings = ledger.settings
    if settings is None:
        raise Refused(f"The night's money settings need fixing first: {ledger.error}")
    try:
        door.check(settings)
    except ValueError as exc:
        net, price = door.net(name), door.price(settings, name) if name else 0
        if kind == DoorRecord.Kind.WAIVED and ledger.door.net(name) > 0:
            raise Refused(
                f"{name} has paid {ledger.format(ledger.door.net(name))}: refund it first, "
                "then mark them as playing free."
            ) from None
        if kind == DoorRecord.Kind.PAID and name in door.waived:
            raise Refused(
                f'{name} plays free: take off "plays free" first if they are paying after all.'
            ) from None
        if kind == DoorRecord.Kind.PAID and net > price:
            owes = max(0, price - ledger.door.net(name))
            raise Refused(
                f"that would make {ledger.format(net)} from {name}, "
                f"{ledger.format(net - price)} more than the price of {ledger.format(price)}: "
                + (f"take {ledger.format(owes)} at most." if owes else "they owe nothing more.")
            ) from None
        raise Refused(str(exc)) from None


def _with_record(door: Door, name: str, kind: str, method: str, amount: int) -> Door:
    try:
        if kind == DoorRecord.Kind.PAID:
            return Door(
                payments=(*door.payments, Payment(name, method, amount)),
                refunds=door.refunds,
                waived=door.waived,
                fifty_fifty_sales=door.fifty_fifty_sales,
            )
        if kind == DoorRecord.Kind.REFUND:
            return Door(
                payments=door.payments,
                refunds=(*door.refunds, Refund(name, amount, method)),
                waived=door.waived,
                fifty_fifty_sales=door.fifty_fifty_sales,
            )
        waived = (*door.waived, name) if kind == DoorRecord.Kind.WAIVED else door.waived
        if kind == "unwaive":
            waived = tuple(n for n in door.waived if n != name)
        return Door(
            payments=door.payments,
            refunds=door.refunds,
            waived=waived,
            fifty_fifty_sales=door.fifty_fifty_sales,
        )
    except ValueError as exc:
        raise Refused(str(exc)) from None


def _form_errors(form) -> str:
    return " ".join(str(e) for errors in form.errors.values() for e in errors)


@login_required
@_post_only("door")
def door_record(request: HttpRequest, pk: int) -> HttpResponse:
    """POST player, kind (paid/refund/waived), method (cash/card/ahead), amount, seen."""
    event = event_for_director(request, pk)
    form = DoorForm(request.POST, event=event)
    if not form.is_valid():
        player = form.cleaned_data.get("player")
        anchor = _row_anchor(player.pk) if player else "door"
        _refuse(request, anchor, _form_errors(form))
        return redirect(_night_url(event, anchor))
    player, kind = form.cleaned_data["player"], form.cleaned_data["kind"]
    method = form.cleaned_data["method"] or DoorRecord.Method.CASH
    amount = form.cleaned_data["amount"] or 0
    anchor = _row_anchor(player.pk)
    try:
        with transaction.atomic():
            money = _locked_money(event)
            if not money.door_kept:
                raise Refused(
                    "This night does not record the door (its settings): everyone in the "
                    "standings counts as paid. Tick “Record who paid at the door” first."
                )
            # Two quick clicks post the same form twice: each carries how many records the
            # player had when the page was drawn, and the second finds one more and is
            # refused. A count, not a time window: a real second payment after the page is
            # drawn again is recorded, and nothing depends on the clock.
            records = DoorRecord.objects.filter(event=event, player=player).count()
            if records != form.cleaned_data["seen"]:
                raise Refused(
                    f"Something was recorded for {player.name} since this page was drawn "
                    "(a second click?): nothing more is recorded. Look at their row again."
                )
            ledger = night_ledger(event, money=money)
            if kind == DoorRecord.Kind.PAID and not amount and form.cleaned_data["owed"]:
                # A row's one-tap button: what the player still owes, paid this way, worked
                # out now (the `seen` count above stands for the row the director saw).
                if ledger.settings is None:
                    raise Refused(f"The night's money settings need fixing first: {ledger.error}")
                amount = _still_to_pay(ledger.settings, ledger.door, player.name, method)
                if amount <= 0:
                    raise Refused(f"{player.name} owes nothing more.")
            if kind in (DoorRecord.Kind.WAIVED, "unwaive") and amount:
                raise Refused("“Plays free” takes no amount: leave the amount empty.")
            door = _with_record(ledger.door, player.name, kind, method, amount)
            _check_door(ledger, door, player.name, kind)
            if kind == "unwaive":
                waivers = DoorRecord.objects.filter(event=event, player=player, kind="waived")
                if not waivers.delete()[0]:
                    raise Refused(f"{player.name} does not play free: nothing to take off.")
            else:
                DoorRecord.objects.create(
                    event=event,
                    player=player,
                    kind=kind,
                    method=method,
                    amount=amount if kind != DoorRecord.Kind.WAIVED else 0,
                    by=request.user,
                )
    except Refused as exc:
        _refuse(request, anchor, str(exc))
        return redirect(_night_url(event, anchor))
    if kind == DoorRecord.Kind.WAIVED:
        said = f"{player.name} plays free."
    elif kind == "unwaive":
        said = f"{player.name} no longer plays free."
    else:
        verb = "paid" if kind == DoorRecord.Kind.PAID else "was refunded"
        said = f"{player.name} {verb} {ledger.format(amount)} ({METHOD_WORDS[method]})."
    messages.success(request, said)
    return redirect(_night_url(event, anchor))


@login_required
@_post_only("walk-in")
def walk_in(request: HttpRequest, pk: int) -> HttpResponse:
    """POST name, method, amount: the player (found on the roster as the club page finds a
    name, or added to it) is entered and checked in, and their payment recorded, together.
    Someone entered and already recorded at the door (paid ahead) but not checked in is
    checked in, and their payment recorded only if they still owe."""
    event = event_for_director(request, pk)
    form = WalkInForm(request.POST, event=event)
    if not form.is_valid():
        return _render_night(request, event, walk_in_form=form, status=400)
    name, method = form.cleaned_data["name"], form.cleaned_data["method"]
    amount = form.cleaned_data["amount"]
    try:
        with transaction.atomic():
            money = _locked_money(event)
            if not money.door_kept:
                raise Refused(
                    "This night does not record the door (its settings): add the player on "
                    "the event page instead."
                )
            player = club_services.same_name(event.club, name)
            at_door = False
            if player is None:
                try:
                    player = club_services.player_add(club=event.club, name=name)
                except ValidationError as exc:
                    raise Refused(" ".join(exc.messages)) from None
            elif DoorRecord.objects.filter(event=event, player=player).exists():
                # Checked in already: also what stops a second click from recording the
                # walk-in twice.
                if Entry.objects.filter(event=event, player=player, present=True).exists():
                    raise AtTheirRow(
                        player,
                        f"{player.name} is already at the door tonight: record more on their "
                        "row, here.",
                    )
                at_door = True
            try:
                tournament_services.entries_add(event=event, players=[player])
            except ActionRefused as exc:
                raise Refused(exc.message) from None
            # Checked in as the event page checks a player in (only this player's entry).
            tournament_services.entries_set_present(
                event=event, present_ids={player.pk}, shown_ids={player.pk}
            )
            ledger = night_ledger(event, money=money)
            if at_door and not ledger.owed().get(player.name):
                said = (
                    f"{player.name} is checked in. They owe nothing more (already recorded at "
                    "the door): no payment was recorded."
                )
                messages.success(request, said)
                return redirect(_night_url(event, _row_anchor(player.pk)))
            door = _with_record(ledger.door, player.name, "paid", method, amount)
            _check_door(ledger, door, player.name, "paid")
            DoorRecord.objects.create(
                event=event,
                player=player,
                kind="paid",
                method=method,
                amount=amount,
                by=request.user,
            )
    except AtTheirRow as exc:
        # Said in the player's own row, where the browser lands, rather than on the form
        # thousands of pixels below it.
        _refuse(request, _row_anchor(exc.player.pk), exc.message)
        return redirect(_night_url(event, _row_anchor(exc.player.pk)))
    except Refused as exc:
        form.add_error(None, NOT_RECORDED + str(exc))
        return _render_night(request, event, walk_in_form=form, status=400)
    messages.success(
        request,
        f"{player.name} is checked in and paid {ledger.format(amount)} ({METHOD_WORDS[method]}).",
    )
    return redirect(_night_url(event, _row_anchor(player.pk)))


@login_required
@_post_only("draws")
def draws(request: HttpRequest, pk: int) -> HttpResponse:
    """POST fifty_fifty_sales, fifty_fifty_winner, pool_winners (player ids, repeated)."""
    event = event_for_director(request, pk)
    with transaction.atomic():
        money = _locked_money(event)
        form = DrawsForm(request.POST, instance=money, event=event)
        if form.is_valid():
            form.save()
    if not form.is_valid():
        return _render_night(request, event, draws_form=form, status=400)
    messages.success(request, "The draws are saved.")
    _carry_forward(request, event)
    return redirect(_night_url(event, "draws"))


# --- Payouts ---------------------------------------------------------------------------------


@login_required
@_post_only("payouts")
def mark_paid(request: HttpRequest, pk: int) -> HttpResponse:
    """POST player, amount (minor units, signed: what the page showed as the difference
    between won and handed out; negative is money given back)."""
    event = event_for_director(request, pk)
    form = PaidForm(request.POST, event=event)
    if not form.is_valid():
        _refuse(request, "payouts", _form_errors(form))
        return redirect(_night_url(event, "payouts"))
    player, amount = form.cleaned_data["player"], form.cleaned_data["amount"]
    anchor = f"payout-{player.pk}"
    try:
        with transaction.atomic():
            money = _locked_money(event)
            ledger = night_ledger(event, money=money)
            if ledger.sheet is None:
                raise Refused(ledger.error or ledger.waiting)
            won = {n: (w, h) for n, w, h in ledger.settle()}
            w, h = won.get(player.name, (0, 0))
            # Recorded only if it is still the difference the page showed: a second click
            # (or another director who recorded it first) finds it settled and adds nothing.
            if w - h != amount or not amount:
                raise Refused(
                    f"{player.name}'s payout was already recorded (a second click?), or changed "
                    f"since this page was drawn: they have won {ledger.format(w)} and been "
                    f"handed {ledger.format(h)}. Look at their row again."
                )
            if money.fines_paid is None:
                # The first payout of the night: the fines paid at the table are the sheet's
                # now. A correction later that changes them leaves a fine to settle.
                money.fines_paid = ledger.fines_noted()
                money.save(update_fields=["fines_paid"])
            PaidMark.objects.create(event=event, player=player, amount=amount, by=request.user)
    except Refused as exc:
        _refuse(request, anchor, str(exc))
        return redirect(_night_url(event, anchor))
    if amount > 0:
        messages.success(request, f"{player.name} was handed {ledger.format(amount)}.")
    else:
        messages.success(request, f"{player.name} gave back {ledger.format(-amount)}.")
    return redirect(_night_url(event, anchor))


@login_required
@_post_only("payouts")
def fines_settled(request: HttpRequest, pk: int) -> HttpResponse:
    """POST player, amount (minor units, signed: the difference the page showed between the
    fines on the sheet now and those paid at the table; negative is a fine given back)."""
    event = event_for_director(request, pk)
    form = FinesForm(request.POST, event=event)
    if not form.is_valid():
        _refuse(request, "payouts", _form_errors(form))
        return redirect(_night_url(event, "payouts"))
    player, amount = form.cleaned_data["player"], form.cleaned_data["amount"]
    anchor = f"fines-{player.pk}"
    try:
        with transaction.atomic():
            money = _locked_money(event)
            ledger = night_ledger(event, money=money)
            found = {name: (paid, now) for name, paid, now in ledger.fines_settle()}
            paid, now = found.get(player.name, (0, 0))
            # As a payout: recorded only if it is still the difference the page showed.
            if player.name not in found or now - paid != amount:
                raise Refused(
                    f"{player.name}'s euchre fines were already settled (a second click?), or "
                    "changed since this page was drawn. Look at the payouts again."
                )
            fines = dict(money.fines_paid or {})
            fines[str(player.pk)] = now
            money.fines_paid = {key: minor for key, minor in fines.items() if minor}
            money.save(update_fields=["fines_paid"])
    except Refused as exc:
        _refuse(request, anchor, str(exc))
        return redirect(_night_url(event, anchor))
    if amount < 0:
        said = f"{player.name} was given back {ledger.format(-amount)} of euchre fines."
    else:
        said = f"{player.name} paid {ledger.format(amount)} more in euchre fines."
    messages.success(request, said)
    # The fines still to settle, where the next button is; the payouts once none are left.
    return redirect(_night_url(event, "fines" if len(found) > 1 else "payouts"))

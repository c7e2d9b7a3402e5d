"""What the door records (views/night.py draws the page): a payment, a refund or "plays
free"; a walk-in checked in and paid at once; the night's draws. Each is checked by the
ledger with the new record added before anything is saved (`Door.check`)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from clubs import services as club_services
from money.access import event_for_director
from money.forms import (
    DoorForm,
    DrawsForm,
    WalkInForm,
)
from money.ledger import Door, Payment, Refund
from money.models import DoorRecord
from money.night import (
    NightLedger,
    night_ledger,
)
from tournaments import services as tournament_services
from tournaments.models import Entry
from tournaments.services import ActionRefused

from .common import (
    METHOD_WORDS,
    NOT_RECORDED,
    AtTheirRow,
    Refused,
    _carry_forward,
    _form_errors,
    _locked_money,
    _night_url,
    _post_only,
    _refuse,
    _row_anchor,
)
from .night import _render_night, _still_to_pay

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

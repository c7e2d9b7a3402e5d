"""The payouts handed out, and the euchre fines a correction changed, recorded (views/night.py
draws them): each post carries the difference the page showed, recorded only if it is still
the difference."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from money.access import event_for_director
from money.forms import (
    FinesForm,
    PaidForm,
)
from money.models import PaidMark
from money.night import (
    night_ledger,
)

from .common import (
    Refused,
    _carry_forward,
    _form_errors,
    _locked_money,
    _night_url,
    _post_only,
    _refuse,
)

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
    # Handing out is the end of the night: a next night made before it ended (its pool then
    # unknown) takes what this night's pool carries now.
    _carry_forward(request, event)
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

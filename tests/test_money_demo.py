"""The demo's money (money/receivers.py): the money pages have something on them from the
first `euchre.py demo`, built through the same builder as a real night's (money/night.py)."""

import pytest
from django.core.management import call_command

from money.models import NightMoney
from money.night import night_ledger
from tournaments.models import Event


@pytest.fixture
def demo(db):
    call_command("load_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115
    return {e.format: e for e in Event.objects.all()}


def test_last_weeks_pairs_night_balances_and_is_paid_out(demo):
    ledger = night_ledger(demo["pairs"])
    assert ledger.error == "" and ledger.sheet is not None
    assert ledger.sheet.balanced and ledger.sheet.prize_pot > 0
    # Every winner was handed what they won, to the cent.
    assert ledger.settle() and all(won == paid for _, won, paid in ledger.settle())
    assert ledger.owed() == {}


def test_tonights_door_is_half_taken_and_carries_last_weeks_pool(demo):
    ledger = night_ledger(demo["progressive"])
    assert ledger.sheet is None and "last round" in ledger.waiting
    assert len(ledger.owed()) == 3 and set(ledger.owed().values()) == {500}
    carried = night_ledger(demo["pairs"]).sheet.carried
    assert carried > 0
    assert NightMoney.objects.get(event=demo["progressive"]).pool_carried_in == carried


def test_the_demos_paid_out_night_noted_the_fines_paid(demo):
    """Paid out as the night's page pays out: the euchre fines paid at the table are noted, so
    a correction to last week's night would say whose fine to give back."""
    paid_out = [m for m in NightMoney.objects.all() if m.fines_paid is not None]
    assert len(paid_out) == 1
    ledger = night_ledger(paid_out[0].event)
    assert paid_out[0].fines_paid == ledger.fines_noted() and ledger.fines_by()
    assert ledger.fines_settle() == []

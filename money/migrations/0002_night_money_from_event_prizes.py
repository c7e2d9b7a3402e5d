"""The prize table's settings move from the event (tournaments' entry fee, house share, places
paid, side awards' prizes, shown to players) to the night's money (NightMoney), so the one
ledger pays them (issue 42). Every event that had an entry fee, a side award's prize or its
prize table shown gets a NightMoney that pays as the old table did: the door not kept (every
player in the standings paid the entry fee), one tier of places (the old table had none), the
house share as the club's, for expenses. tournaments 0017 then removes the old fields."""

from decimal import Decimal

from django.db import migrations

AWARD_KEYS = ("most_loners", "best_round", "high_night", "booby")


def cents(amount) -> int:
    return int((Decimal(amount or 0) * 100).to_integral_value())


def to_night_money(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    NightMoney = apps.get_model("money", "NightMoney")
    made = []
    for event in Event.objects.all().iterator():
        prizes = {key: cents(getattr(event, f"prize_{key}")) for key in AWARD_KEYS}
        fee = cents(event.entry_fee)
        if not (fee or any(prizes.values()) or event.prizes_public):
            continue
        if NightMoney.objects.filter(event_id=event.pk).exists():
            continue  # set on the money page already: the director's settings win
        made.append(
            NightMoney(
                event_id=event.pk,
                door_kept=False,
                entry_fee=fee,
                club_percent=event.house_percent,
                club_share_for="expenses",
                places_paid=event.places_paid or "100",
                small_under=0,
                show_prizes=event.prizes_public,
                **{f"prize_{key}": amount for key, amount in prizes.items()},
            )
        )
    NightMoney.objects.bulk_create(made, batch_size=500)


def back_to_events(apps, schema_editor):
    """Undone: the NightMoneys this made (door not kept) give the events their fields back."""
    Event = apps.get_model("tournaments", "Event")
    NightMoney = apps.get_model("money", "NightMoney")
    for money in NightMoney.objects.filter(door_kept=False):
        Event.objects.filter(pk=money.event_id).update(
            entry_fee=Decimal(money.entry_fee) / 100,
            house_percent=money.club_percent,
            places_paid=money.places_paid,
            prizes_public=money.show_prizes,
            **{
                f"prize_{key}": Decimal(getattr(money, f"prize_{key}")) / 100
                for key in AWARD_KEYS
            },
        )


class Migration(migrations.Migration):
    dependencies = [
        ("money", "0001_night_money"),
        ("tournaments", "0016_entry_stays_at_one_table"),
    ]

    operations = [migrations.RunPython(to_night_money, back_to_events)]

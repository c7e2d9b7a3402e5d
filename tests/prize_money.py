"""A night's prize table set as the old event fields set it (issue 42 moved them to the money
app): the door not kept (every player in the standings paid the entry fee), one tier of places,
the side awards' prizes. Amounts in whole units of the currency, as the tests wrote them."""

from decimal import Decimal

from money.models import NightMoney


def cents(amount) -> int:
    return int(Decimal(str(amount)) * 100)


def set_prizes(event, fee=0, places="50/30/20", club_percent=0, public=False, **prizes):
    """The event's NightMoney: `prizes` are `booby=1`, `most_loners=2.5`..."""
    money, _ = NightMoney.objects.update_or_create(
        event=event,
        defaults={
            "door_kept": False,
            "entry_fee": cents(fee),
            "club_percent": club_percent,
            "places_paid": places,
            "small_under": 0,
            "show_prizes": public,
            **{f"prize_{key}": cents(amount) for key, amount in prizes.items()},
        },
    )
    return money

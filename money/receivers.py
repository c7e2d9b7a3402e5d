"""What money hears from the apps below it (they never import it).

The demo's money (tournaments.signals.demo_loaded): the club's defaults, tonight's door
half taken (two paid ahead, most at the door in cash or by card, a few still to pay), and
last week's pairs night paid out, so a newcomer sees the money pages with something on them.
Seeded by the players' order alone: the same demo on every machine."""

from django.dispatch import receiver

from clubs.signals import player_merging, player_nights
from tournaments.models import Entry
from tournaments.signals import demo_loaded

from .models import ClubMoney, DoorRecord, NightMoney, PaidMark

DEMO_DEFAULTS = {
    "entry_fee": 500,
    "ahead_fee": 400,
    "club_percent": 10,
    "club_share_for": "the hall's rent",
    "places_paid": "50/30/20",
    "small_places_paid": "100",
    "small_under": 12,
    "loner_buy_in": 100,
    "euchre_fine": 25,
    "pool_buy_in": 50,
    "pool_name": "Perfect hand pool",
    "door_kept": True,
    "show_prizes": True,
}


@receiver(demo_loaded)
def demo_money(sender, *, club, night, pairs, **kwargs):
    from .night import night_ledger, night_money_of

    ClubMoney.objects.update_or_create(
        club=club, defaults={"currency": "USD", "defaults": DEMO_DEFAULTS}
    )
    # Last week's pairs night first: its pool, with no perfect hand, is carried to tonight
    # (night_money_of carries it, as for any night).
    _door(pairs, night_money_of(pairs), owing=0)
    ledger = night_ledger(pairs)
    ids = dict(Entry.objects.filter(event=pairs).values_list("player__name", "player_id"))
    PaidMark.objects.bulk_create(
        PaidMark(event=pairs, player_id=ids[name], amount=won)
        for name, won, _ in ledger.settle()
        if won
    )
    # As the first payout does (money/views/payouts.py mark_paid): the fines paid at the table.
    NightMoney.objects.filter(event=pairs).update(fines_paid=ledger.fines_noted())
    _door(night, night_money_of(night), owing=3)


def _door(event, money: NightMoney, owing: int) -> None:
    """Two paid ahead, then cash and card in turn, the last `owing` checked in not yet."""
    entries = list(Entry.objects.filter(event=event, present=True).order_by("player__name"))
    paying = entries[: len(entries) - owing] if owing else entries
    records = []
    for i, entry in enumerate(paying):
        if i < 2:
            method, amount = "ahead", money.ahead_fee
        else:
            method, amount = ("cash", "card")[i % 3 == 0], money.entry_fee
        records.append(
            DoorRecord(event=event, player_id=entry.player_id, method=method, amount=amount)
        )
    DoorRecord.objects.bulk_create(records)


# --- A merge of two players (clubs/services.py player_merge) ---------------------------------


@receiver(player_nights)
def nights_at_the_door(sender, players, **kwargs) -> dict[int, set[int]]:
    """The nights each player was at the door of, paid or handed a prize: a night they had a
    part in (the merge refuses two players who both had a part in one night)."""
    ids = [p.pk for p in players]
    found: dict[int, set[int]] = {pk: set() for pk in ids}
    for model in (DoorRecord, PaidMark):
        for player_id, event_id in model.objects.filter(player_id__in=ids).values_list(
            "player_id", "event_id"
        ):
            found[player_id].add(event_id)
    for player_id, event_id in NightMoney.pool_winners.through.objects.filter(
        player_id__in=ids
    ).values_list("player_id", "nightmoney__event_id"):
        found[player_id].add(event_id)
    return found


@receiver(player_merging)
def move_money(sender, keep, other, merge, **kwargs):
    """What the door took from `other`, what they were handed, and the pools they won become
    `keep`'s. The nights receiver (tournaments/merging.py) has already refused two players of
    one night, so no night's door counts one person twice."""
    paid = DoorRecord.objects.filter(player=other).update(player=keep)
    merge.count("payments at the door", paid, "{} payment at the door", "{} payments at the door")
    handed = PaidMark.objects.filter(player=other).update(player=keep)
    merge.count("prizes handed out", handed, "{} prize handed out", "{} prizes handed out")
    NightMoney.pool_winners.through.objects.filter(player=other).update(player=keep)
    # The fines noted at a night's first payout are kept by the player's id.
    for money in NightMoney.objects.filter(
        event__club_id=other.club_id, fines_paid__has_key=str(other.pk)
    ):
        money.fines_paid[str(keep.pk)] = money.fines_paid.pop(str(other.pk))
        money.save(update_fields=["fines_paid"])

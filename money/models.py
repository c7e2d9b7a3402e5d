"""What the director records about a night's money. Amounts are whole minor units of the
club's currency (cents; money/amounts.py), never floats; the arithmetic is money/ledger/.

- `ClubMoney`: the club's currency and its defaults for a new event's money.
- `NightMoney`: one event's settings (money.ledger.NightSettings), and what the night drew
  (the 50/50's tickets and winner, the pool's winners).
- `DoorRecord`: each payment, refund or waiver at the door.
- `PaidMark`: money handed to a player at the end (a payout marked paid, or given back after a
  correction): what was paid, against what the sheet now says is won (money/night.py).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q

from clubs.models import Club, Player
from tournaments.models import Event
from tournaments.prizes import AWARDS

from .currency import CLUB_CURRENCIES, currency_choices
from .ledger import METHODS, NightSettings, Tier, tiers_from

# The side awards a night may give a prize for: a field `prize_<key>` each.
AWARD_KEYS = tuple(AWARDS)

# The settings a club's defaults carry to a new event (ClubMoney.defaults), by field name.
DEFAULT_FIELDS = (
    "entry_fee",
    "ahead_fee",
    "club_percent",
    "club_fixed",
    "club_share_for",
    "places_paid",
    "small_places_paid",
    "small_under",
    "loner_buy_in",
    "loner_prize",
    "euchre_fine",
    "fines_to",
    "pool_buy_in",
    "pool_name",
    "fifty_fifty_to",
    "early_leavers_paid",
    "door_kept",
    "show_prizes",
    "prize_most_loners",
    "prize_best_round",
    "prize_high_night",
    "prize_booby",
)


def amount_field(label: str, **kwargs) -> models.PositiveIntegerField:
    """An amount in the currency's minor unit (cents): forms write and read it the club's
    way (money/forms.py)."""
    return models.PositiveIntegerField(label, default=0, **kwargs)


def recorded_by() -> models.ForeignKey:
    """The director who recorded a row (kept if their account goes)."""
    return models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )


class ClubMoney(models.Model):
    """The club's currency, and the money settings a new event starts from."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="money_settings")
    currency = models.CharField(
        "currency",
        max_length=3,
        default="USD",
        choices=[(code, code) for code in CLUB_CURRENCIES],
        help_text="Written as your country writes money, on every page and printout.",
    )
    # NightMoney's settings fields (DEFAULT_FIELDS) as a new event takes them.
    defaults = models.JSONField(default=dict, blank=True)

    class Meta:
        verbose_name = "club's money"
        verbose_name_plural = "clubs' money"

    def __str__(self):
        return f"{self.club}: {self.currency}"

    @classmethod
    def of(cls, club: Club) -> "ClubMoney":
        """The club's money settings, made with the defaults the first time they are asked."""
        found, _ = cls.objects.get_or_create(club=club)
        return found

    def choices(self):
        return currency_choices(self.club.date_style.replace("-", "_"))


class NightMoney(models.Model):
    """An event's money: what it costs, what the club keeps, what is paid and how, and what
    the night's draws gave. The fields map one to one onto money.ledger.NightSettings
    (`settings()`), which checks them together and says what is wrong in words."""

    class FinesTo(models.TextChoices):
        POT = "pot", "the prize pot"
        BASKET = "basket", "the loner basket"
        CLUB = "club", "the club"

    class FiftyFiftyTo(models.TextChoices):
        CLUB = "club", "the club"
        POT = "pot", "the prize pot"

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="night_money")
    # Off: the door is not recorded, and every player in the standings counts as paid the
    # entry fee in cash (the prize table as the app always worked it out).
    door_kept = models.BooleanField("record who paid at the door", default=True)
    entry_fee = amount_field("entry fee")
    ahead_fee = models.PositiveIntegerField(
        "price for those who paid ahead",
        null=True,
        blank=True,
        help_text="Leave empty when paying ahead costs the same.",
    )
    club_percent = models.PositiveSmallIntegerField("club's share (%)", default=0)
    club_fixed = amount_field("club's share (a fixed sum)")
    club_share_for = models.CharField(
        "the club's share is for",
        max_length=80,
        default="expenses",
        help_text="Expenses, or a charity's name.",
    )
    places_paid = models.CharField("places paid (%)", max_length=80, default="50/30/20")
    # Fewer players than `small_under` pay `small_places_paid` instead (0: one tier only).
    small_under = models.PositiveSmallIntegerField("with fewer players than", default=12)
    small_places_paid = models.CharField("pay instead (%)", max_length=80, default="100")
    loner_buy_in = amount_field("loner basket, from each entry")
    loner_prize = amount_field("paid per loner made")
    euchre_fine = amount_field("fine per euchre suffered")
    fines_to = models.CharField(
        "the fines go to", max_length=8, choices=FinesTo.choices, default=FinesTo.POT
    )
    pool_buy_in = amount_field("rolling pool, from each entry")
    pool_carried_in = amount_field("pool carried from the last night")
    pool_name = models.CharField("the pool's name", max_length=60, default="Perfect hand pool")
    pool_winners = models.ManyToManyField(
        Player, blank=True, related_name="pools_won", verbose_name="won the pool tonight"
    )
    fifty_fifty_to = models.CharField(
        "the 50/50's other half goes to",
        max_length=8,
        choices=FiftyFiftyTo.choices,
        default=FiftyFiftyTo.CLUB,
    )
    fifty_fifty_sales = amount_field("50/50 tickets sold")
    fifty_fifty_winner = models.CharField("50/50 winner", max_length=120, blank=True)
    early_leavers_paid = models.BooleanField(
        "a player who left early is paid on their place", default=True
    )
    show_prizes = models.BooleanField("show the prizes won to players", default=False)
    # A side award's prize, paid from the prize pot before the places (tournaments/prizes.py
    # names the awards; the event chooses which it gives).
    prize_most_loners = amount_field("prize for most loners")
    prize_best_round = amount_field("prize for best round")
    prize_high_night = amount_field("prize for high night")
    prize_booby = amount_field("booby prize")
    # Each player's euchre fines as the sheet counted them when the first payout was handed
    # out ({name: minor}), updated as a director settles a fine a correction changed: fines
    # are paid in cash at the table, so a correction that takes a euchre away leaves a fine to
    # give back (money/night.py `fines_settle`). None until the first payout.
    fines_paid = models.JSONField("euchre fines paid", null=True, blank=True, default=None)

    class Meta:
        verbose_name = "night's money"
        verbose_name_plural = "nights' money"

    def __str__(self):
        return f"Money of {self.event}"

    def tiers(self) -> tuple[Tier, ...]:
        """The places paid by turnout; ValueError in words, naming the tier as a director says
        it ("Under 12 players: ...": money.ledger.tiers_from)."""
        main = (self.small_under if self.small_under > 1 else 0, _percents(self.places_paid))
        if self.small_under <= 1:
            return tiers_from([main])
        return tiers_from([(0, _percents(self.small_places_paid)), main])

    def award_prizes(self) -> dict[str, int]:
        """Each side award's prize by its key (tournaments/prizes.py AWARDS): `prize_<key>`."""
        return {key: getattr(self, f"prize_{key}") for key in AWARD_KEYS}

    def settings(self, currency: str, locale: str) -> NightSettings:
        """The ledger's settings; ValueError in words when they do not go together."""
        return NightSettings(
            entry_fee=self.entry_fee,
            ahead_fee=self.ahead_fee,
            club_percent=self.club_percent,
            club_fixed=self.club_fixed,
            club_share_for=self.club_share_for or "expenses",
            tiers=self.tiers(),
            loner_buy_in=self.loner_buy_in,
            loner_prize=self.loner_prize,
            euchre_fine=self.euchre_fine,
            fines_to=self.fines_to,
            pool_buy_in=self.pool_buy_in,
            pool_carried_in=self.pool_carried_in,
            pool_name=self.pool_name or "Pool",
            fifty_fifty_to=self.fifty_fifty_to,
            early_leavers_paid=self.early_leavers_paid,
            award_prizes=self.award_prizes(),
            currency=currency,
            locale=locale,
        )


def _percents(text: str) -> tuple[int, ...]:
    """ "50/30/20" (or "50, 30, 20") as whole numbers; the ledger's Tier checks the rest."""
    parts = [p.strip() for p in text.replace(",", "/").split("/") if p.strip()]
    if not parts:
        raise ValueError("Give each paid place's percentage, for example 50/30/20.")
    if not all(p.isascii() and p.isdigit() for p in parts):
        raise ValueError("Write the percentages as whole numbers, for example 50/30/20.")
    return tuple(int(p) for p in parts)


class DoorRecord(models.Model):
    """A payment, a refund or a waiver, as the door took it. A refund goes back the way it was
    paid (money.ledger REFUND_RULE); a waiver lets a player play free."""

    class Kind(models.TextChoices):
        PAID = "paid", "paid"
        REFUND = "refund", "refunded"
        WAIVED = "waived", "plays free"

    class Method(models.TextChoices):
        CASH = "cash", "cash"
        CARD = "card", "card"
        AHEAD = "ahead", "paid ahead"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="door_records")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="door_records")
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.PAID)
    method = models.CharField(max_length=8, choices=Method.choices, default=Method.CASH)
    amount = amount_field("amount")
    at = models.DateTimeField(auto_now_add=True)
    by = recorded_by()

    class Meta:
        ordering = ["at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=["paid", "refund", "waived"]) & Q(method__in=list(METHODS)),
                name="door_record_kind_and_method",
            )
        ]

    def __str__(self):
        return f"{self.player} {self.get_kind_display()} {self.amount} ({self.method})"


class PaidMark(models.Model):
    """Money handed to a player at the end of the night (or, negative, handed back after a
    correction). What a player was paid is the sum of their marks; what they are owed is the
    sheet's winnings less that (money/night.py `settle`)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="paid_marks")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="paid_marks")
    amount = models.IntegerField("amount")
    at = models.DateTimeField(auto_now_add=True)
    by = recorded_by()

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self):
        return f"{self.player} paid {self.amount} for {self.event}"

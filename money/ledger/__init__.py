"""The ledger of a night's money: pure arithmetic in whole minor units (cents), Decimal only at
the edges. `night` holds what the night is made of (settings, door, result), `sheet` the
arithmetic (payouts, the cash sheet, corrections), `rules` every rule in words."""

from money.amounts import by_percent, split, to_decimal, to_minor

from .night import (
    DEFAULT_TIERS,
    FIFTY_FIFTY_TO,
    FINES_TO,
    METHODS,
    AwardResult,
    Door,
    NightResult,
    NightSettings,
    Payment,
    Placing,
    Refund,
    Tier,
    tier_names,
    tiers_from,
    tiers_in_words,
)
from .rules import *  # noqa: F403
from .sheet import (
    AwardPayout,
    CashSheet,
    Change,
    Correction,
    PlacePayout,
    SidePot,
    award_payouts,
    cash_sheet,
    correction,
    payouts,
)

__all__ = [
    "DEFAULT_TIERS",
    "FIFTY_FIFTY_TO",
    "FINES_TO",
    "METHODS",
    "AwardPayout",
    "AwardResult",
    "CashSheet",
    "Change",
    "Correction",
    "Door",
    "NightResult",
    "NightSettings",
    "Payment",
    "PlacePayout",
    "Placing",
    "Refund",
    "SidePot",
    "Tier",
    "award_payouts",
    "tier_names",
    "tiers_from",
    "tiers_in_words",
    "by_percent",
    "cash_sheet",
    "correction",
    "payouts",
    "split",
    "to_decimal",
    "to_minor",
]

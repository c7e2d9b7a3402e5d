"""Amounts of money as integers of the currency's minor unit (cents), never floats; Decimal only
at the edges, where a director types an amount or a program reads one.

This module imports nothing of the app, so both the ledger and the currency formatting use it.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

# CLDR's currencies have 0 (JPY), 2 (USD) or 3 (BHD) digits after the point; 4 leaves room.
MAX_DIGITS = 4


def _check_digits(digits: int) -> None:
    if isinstance(digits, bool) or not isinstance(digits, int) or not 0 <= digits <= MAX_DIGITS:
        raise ValueError(
            f"A currency has 0 to {MAX_DIGITS} digits after the point, not {digits!r}."
        )


def to_minor(amount: Decimal | str | int, digits: int = 2) -> int:
    """ "12.50" (or Decimal("12.5"), or 12 for whole units) as 1250 minor units. ValueError in
    words for a float, text that is not a plain amount, or more decimals than the currency has
    (half a cent is not money anyone can hand over)."""
    _check_digits(digits)
    if isinstance(amount, bool | float) or not isinstance(amount, Decimal | str | int):
        # A float has already lost the exact amount (0.1 + 0.2): refuse it rather than guess.
        raise ValueError(
            f'Give the amount {amount!r} as text or a Decimal, for example "12.50", never as a '
            "float."
        )
    try:
        value = Decimal(amount.strip()) if isinstance(amount, str) else Decimal(amount)
    except InvalidOperation:
        raise ValueError(
            f"{amount!r} is not an amount of money: write it with digits and a point, for "
            "example 12.50 (no currency sign, no thousands separator)."
        ) from None
    if not value.is_finite():
        raise ValueError(f"{amount!r} is not an amount of money: write it like 12.50.")
    scaled = value.scaleb(digits)
    if scaled != scaled.to_integral_value():
        places = "no decimals" if digits == 0 else f"at most {digits} digits after the point"
        raise ValueError(f"{amount} has more decimals than the currency: write it with {places}.")
    return int(scaled)


def to_decimal(minor: int, digits: int = 2) -> Decimal:
    """1250 minor units as Decimal("12.50"): exactly `digits` decimals, so str() gives the
    decimal string machines read (money_report --json, the CSV)."""
    _check_digits(digits)
    if isinstance(minor, bool) or not isinstance(minor, int):
        raise ValueError(f"An amount inside the ledger is a whole number of cents, not {minor!r}.")
    return Decimal(minor).scaleb(-digits)


def split(total: int, count: int) -> tuple[int, ...]:
    """`total` in `count` shares as equal as the minor unit allows: the odd units one each to
    the first shares (the order given), so two shares never differ by more than one unit."""
    if count <= 0:
        return ()
    base, odd = divmod(total, count)
    return tuple(base + (1 if i < odd else 0) for i in range(count))


def by_percent(total: int, percents: tuple[int, ...]) -> tuple[int, ...]:
    """`total` by the percentages (weights) given: each share rounded down to the minor unit,
    the units left over to the first share. The shares always add up to `total`."""
    weight = sum(percents)
    if not percents or weight <= 0:
        return ()
    shares = [total * p // weight for p in percents]
    shares[0] += total - sum(shares)
    return tuple(shares)

"""Money written the way the club's country writes it, from Unicode's CLDR through babel: the
one place a page, a PDF or a CSV gets an amount's text from.

The club picks its currency (CLUB_CURRENCIES) and its country's way of writing (a locale such
as "en_US" or "en-GB", the same codes clubs/dates.py uses). Where the locale's own currency is
another, babel names the currency plainly: an en_US club playing for Canadian dollars reads
"CA$1,234.50", a New Zealand club "$1,234.50" for its own dollars.
"""

from __future__ import annotations

import functools

from babel import Locale, UnknownLocaleError
from babel.numbers import format_currency, get_currency_name, get_currency_precision, is_currency

from .amounts import to_decimal

# The currencies a club may pick, in the order the setting lists them. Any ISO 4217 code babel
# knows works in the functions below; this is the short list for the club's form.
CLUB_CURRENCIES = ("USD", "CAD", "GBP", "EUR", "NZD", "AUD")


@functools.lru_cache(maxsize=64)
def _locale(locale: str) -> Locale:
    try:
        return Locale.parse(str(locale).replace("-", "_"))
    except (UnknownLocaleError, ValueError, TypeError):
        raise ValueError(
            f"{locale!r} is not a country's way of writing money: give a locale such as en_US, "
            "en_GB, en_NZ, fr_CA or de_DE."
        ) from None


def _currency(currency: str) -> str:
    if not isinstance(currency, str) or not is_currency(currency):
        raise ValueError(
            f"{currency!r} is not a currency code: give its three capital letters, such as "
            f"{', '.join(CLUB_CURRENCIES)}."
        )
    return currency


def minor_digits(currency: str) -> int:
    """How many digits the currency writes after the point (2 for USD, 0 for JPY): its minor
    unit is 10 ** -digits of the major one."""
    return get_currency_precision(_currency(currency))


def format_money(minor: int, currency: str, locale: str) -> str:
    """1234_50 cents of USD in en_US as "$1,234.50"; in fr_CA CAD "1 234,50 $" (the spaces are
    no-break spaces, as CLDR writes them); negative amounts with a minus sign."""
    digits = minor_digits(currency)
    return format_currency(to_decimal(minor, digits), currency, locale=_locale(locale))


def currency_name(currency: str, locale: str = "en_US") -> str:
    """ "US Dollar", "Canadian Dollar": the currency's name in the club's language."""
    return get_currency_name(_currency(currency), locale=_locale(locale))


def currency_choices(locale: str = "en_US") -> list[tuple[str, str]]:
    """The club's currency setting's choices: (code, "Canadian Dollar (CA$1.00)") with the
    amount as the club's country would write it, so the director sees the sign they will get."""
    choices = []
    for code in CLUB_CURRENCIES:
        one = format_money(10 ** minor_digits(code), code, locale)
        choices.append((code, f"{currency_name(code, locale)} ({one})"))
    return choices

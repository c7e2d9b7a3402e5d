"""An amount typed the club's way ("12.50", "1,234.50", "12,50 €" in Germany) read into whole
minor units (cents): babel parses by the club's locale, money.amounts.to_minor refuses what
the currency cannot hold. Every refusal says what is wrong and how to write it."""

from babel.numbers import NumberFormatError, format_decimal, parse_decimal
from django import forms
from django.core.validators import MaxLengthValidator

from .amounts import to_decimal, to_minor
from .currency import format_money, minor_digits


def parse_amount(text: str, currency: str, locale: str) -> int:
    """The typed amount in minor units; ValueError in words. A currency sign or code typed
    with it is allowed and dropped."""
    digits = minor_digits(currency)
    example = format_money(1250 if digits == 2 else 12 * 10**digits, currency, locale)
    cleaned = text.strip()
    for mark in ("$", "£", "€", currency, "US", "CA", "NZ", "A", "C", "\u00a0"):
        cleaned = cleaned.replace(mark, "")
    cleaned = cleaned.strip()
    if not cleaned:
        raise ValueError(f"Type an amount, for example {example}.")
    if cleaned.startswith("-"):
        raise ValueError("An amount cannot be negative: type 0 or more.")
    try:
        number = parse_decimal(cleaned, locale=locale, strict=True)
    except NumberFormatError:
        raise ValueError(f"“{text.strip()}” is not an amount: type it as {example}.") from None
    if number < 0:
        raise ValueError("An amount cannot be negative: type 0 or more.")
    try:
        minor = to_minor(str(number), digits)
    except ValueError as exc:
        raise ValueError(str(exc)) from None
    if minor > 99_999_999:
        most = format_money(99_999_999, currency, locale)
        raise ValueError(f"That is more than a club night handles: type at most {most}.")
    return minor


class AmountField(forms.CharField):
    """A form field for an amount: shows minor units as a plain decimal ("12.50"), cleans to
    minor units. `currency` and `locale` are set by the form from the club."""

    def __init__(self, *args, currency: str = "USD", locale: str = "en_US", **kwargs):
        self.currency, self.locale = currency, locale
        kwargs.setdefault("max_length", 40)
        super().__init__(*args, **kwargs)
        self.widget.attrs.setdefault("inputmode", "decimal")
        # CharField's length check would run on the cleaned amount (an int): the text's length
        # is checked in to_python instead.
        self.validators = [v for v in self.validators if not isinstance(v, MaxLengthValidator)]

    def prepare_value(self, value):
        # Written back the way the club types it ("12.50"; "12,50" in Germany), with no
        # grouping, so an untouched field reads back as the same amount.
        if isinstance(value, int) and not isinstance(value, bool):
            digits = minor_digits(self.currency)
            pattern = "0." + "0" * digits if digits else "0"
            return format_decimal(
                to_decimal(value, digits),
                format=pattern,
                locale=self.locale,
                group_separator=False,
            )
        return value

    def to_python(self, value):
        text = super().to_python(value)
        if text in self.empty_values:
            return None
        if self.max_length is not None and len(text) > self.max_length:
            raise forms.ValidationError(f"Type an amount of at most {self.max_length} characters.")
        try:
            return parse_amount(text, self.currency, self.locale)
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None

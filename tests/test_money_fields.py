"""An amount as a club types it (money/fields.py): read the club's way into whole cents, and
written back the same way, so a form sent back untouched keeps its amounts, in any currency
and country."""

import pytest
from django import forms

from money.fields import AmountField, parse_amount


class Fee(forms.Form):
    def __init__(self, *args, currency: str, locale: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["fee"] = AmountField(currency=currency, locale=locale)


@pytest.mark.parametrize(
    ("currency", "locale", "minor", "shown"),
    [
        ("USD", "en_US", 123450, "1234.50"),
        ("GBP", "en_GB", 500, "5.00"),
        ("EUR", "de_DE", 123450, "1234,50"),
        ("CAD", "fr_CA", 1250, "12,50"),
        ("JPY", "ja_JP", 1500, "1500"),
    ],
)
def test_an_untouched_amount_reads_back_as_itself(currency, locale, minor, shown):
    form = Fee(initial={"fee": minor}, currency=currency, locale=locale)
    assert f'value="{shown}"' in str(form["fee"])
    sent = Fee({"fee": shown}, currency=currency, locale=locale)
    assert sent.is_valid(), sent.errors
    assert sent.cleaned_data["fee"] == minor


@pytest.mark.parametrize(
    ("text", "minor"),
    [("5", 500), ("5.00", 500), ("$5.00", 500), ("1,234.50", 123450), (" 12.5 ", 1250)],
)
def test_amounts_typed_the_american_way(text, minor):
    assert parse_amount(text, "USD", "en_US") == minor


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("-5", "cannot be negative"),
        ("abc", "is not an amount: type it as $12.50"),
        ("12.505", "12.505"),
        ("", "Type an amount, for example $12.50."),
    ],
)
def test_what_is_not_an_amount_is_refused_in_words(text, message):
    with pytest.raises(ValueError, match=None) as refused:
        parse_amount(text, "USD", "en_US")
    assert message in str(refused.value)

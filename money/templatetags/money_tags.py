"""Amounts on the money pages, written the club's way (a NightLedger or ClubMoney formats)."""

from django import template

register = template.Library()


@register.filter
def money_in(minor, ledger) -> str:
    """{{ amount|money_in:ledger }}: minor units as the club writes money ("£12.50")."""
    if minor is None or minor == "":
        return ""
    return ledger.format(int(minor))

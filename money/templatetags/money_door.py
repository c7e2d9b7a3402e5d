"""The event page's money card: `{% load money_door %}{% money_door event %}`, who still owes
at the door (issue 42, point 2). It lives in money so that tournaments never imports money;
the figures are money.night.night_ledger's."""

from django import template

from money.models import NightMoney
from money.night import night_ledger
from tournaments import edit_locks

register = template.Library()

SHOWN = 8


@register.inclusion_tag("money/_night_door_card.html")
def money_door(event) -> dict:
    # A night published here from the hall's laptop: its door and payouts are the laptop's.
    if why := edit_locks.refusal(event):
        return {"event": event, "elsewhere": f"The money of this night is kept there. {why}"}
    # A night whose money was never opened has no settings yet: the card only links to them,
    # rather than fixing the club's defaults into the event from a look at its page.
    if not NightMoney.objects.filter(event=event).exists():
        return {"event": event, "ledger": None, "owed": {}}
    ledger = night_ledger(event)
    owed = list(ledger.owed().items())
    # A big night's first few by name, and how many more: the card stays a card.
    return {
        "event": event,
        "ledger": ledger,
        "owed": owed,
        "shown": owed[:SHOWN],
        "more": len(owed) - SHOWN,
        # Winners owed or giving back, fines to settle: after a correction, once paid out.
        "to_settle": ledger.to_settle(),
    }

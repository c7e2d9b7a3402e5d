"""The prize table of a night published here from the hall's laptop. Its money stays on the
laptop, which works the table out (money/prizes.py) and publishes it as the players see it,
in words: the server shows that, on the standings pages and the wall sheet alike, through
tournaments' registry (tournaments/prize_pages.py), as the money app's own table would be."""

from money.prizes import PrizeRow, PrizeTable

from .locks import published_here
from .models import Published


def published_prize_table(event, standings, for_players: bool) -> dict:
    # Only a night published here has one: the lock's answer is kept in the process
    # (publishing/locks.py), so another night's page asks nothing more.
    if published_here(event) is None:
        return {}
    prizes = Published.objects.filter(event_id=event.pk).values_list("prizes", flat=True).first()
    if not prizes:
        return {}
    return {
        "prizes": PrizeTable(
            rows=tuple(PrizeRow(**row) for row in prizes["rows"]),
            paid_out=prizes["paid_out"],
            pot=prizes["pot"],
            legend=prizes["legend"],
        ),
        "prizes_public": True,
    }

"""The prize table of a night, as the standings page, the players' pages and the standings PDF
show it. The money of a night (fees, the club's share, the places paid, the side awards'
prizes, the side pots) is kept by the app above tournaments (money/): it registers here, when
it starts (money/apps.py `ready`), the one function that says what the pages show, so
tournaments never imports it (the pattern of format_pages.py).

A registered function takes (event, standings, for_players) and returns what the pages show:
`prizes` (an object with `rows`, each `label`, `name`, `amount`, `team` and `words`;
`paid_out`, `pot` and `legend`, in words and the club's currency) or None, `prize_error` (in
words, for the director only), `prizes_public` (whether players are shown it) and
`prizes_settings_url` (where the director sets it). With `for_players`, only what the club
shows players: never who paid, never an error.
"""

from collections.abc import Callable

from .models import Event

PrizeTable = Callable[[Event, object, bool], dict]

PRIZE_TABLES: list[PrizeTable] = []


def prize_table(event: Event, standings, *, for_players: bool) -> dict:
    """What the pages show of the night's prizes: nothing until an app keeps the money."""
    found = {"prizes": None, "prize_error": "", "prizes_public": False, "prizes_settings_url": ""}
    for table in PRIZE_TABLES:
        found.update(table(event, standings, for_players))
    return found

from django.apps import AppConfig


class MoneyConfig(AppConfig):
    """The money of a night: fees at the door, pots, payouts and the cash sheet. It sits above
    clubs and tournaments (it reads their events, entries and standings); nothing below imports
    it. The arithmetic is `money/ledger/` (pure Python); this app stores what the director
    records and builds the ledger's inputs from an event (money/night.py)."""

    name = "money"
    verbose_name = "Money"

    def ready(self):
        # The prize table of the standings pages and PDF is the ledger's (money/prizes.py):
        # tournaments asks for it through its registry, never importing money.
        from tournaments.prize_pages import PRIZE_TABLES

        from . import receivers  # noqa: F401  (the demo's money: tournaments.signals)
        from .prizes import night_prize_table

        if night_prize_table not in PRIZE_TABLES:
            PRIZE_TABLES.append(night_prize_table)

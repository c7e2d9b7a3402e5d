from django.apps import AppConfig


class PublishingConfig(AppConfig):
    """The club online: the hall's laptop publishes each night to the club's server, which shows
    it as if the night had been run there. It sits above clubs, tournaments, brackets, seasons
    and ratings (it reads and writes their rows); nothing below imports it.

    The same code runs in both places: a laptop has a `Link` and a queue of `Pending` changes; a
    server has `PublishingKey`s and marks each night it received `Published`."""

    name = "publishing"
    verbose_name = "Publishing"

    def ready(self):
        from tournaments.prize_pages import PRIZE_TABLES

        from . import (
            locks,  # noqa: F401  (the server refuses to edit a published night)
            receivers,  # noqa: F401  (the queue's receivers and the sender's start)
        )
        from .prizes import published_prize_table

        # After the money app's own (INSTALLED_APPS' order): a night published here has no
        # money here, so its table is the laptop's, as published.
        if published_prize_table not in PRIZE_TABLES:
            PRIZE_TABLES.append(published_prize_table)

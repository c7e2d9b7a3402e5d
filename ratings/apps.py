from django.apps import AppConfig


class RatingsConfig(AppConfig):
    """Each player's rating from every round played at the club (openskill), kept up to date as
    rounds close and corrected from the night of a past correction on. It sits above events:
    it hears of closed rounds and corrections by tournaments' signals."""

    name = "ratings"
    verbose_name = "Ratings"

    def ready(self):
        from . import receivers  # noqa: F401  (connects the signal receivers)

from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    """The club's season race: how the club counts a season, its standings for the players
    (/c/<club>/season/) and the director (page, CSV, PDF). It sits above events and reads the
    nights' numbers from tournaments/standings.py; nothing below imports it."""

    name = "seasons"
    verbose_name = "Seasons"

    def ready(self):
        from . import receivers  # noqa: F401  (drops kept nights as they change)

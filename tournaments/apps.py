from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Events"

    def ready(self):
        from . import merging  # noqa: F401  (a merged player's nights follow the kept player)

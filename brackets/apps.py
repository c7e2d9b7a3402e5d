from django.apps import AppConfig


class BracketsConfig(AppConfig):
    """Single and double elimination events (the plan itself: tournaments/brackets/). This app
    sits above tournaments: it hears of confirmed and corrected tables by a signal, and hands
    the public pages its bracket through tournaments' format pages, so nothing below imports it.
    """

    name = "brackets"
    verbose_name = "Brackets"

    def ready(self):
        from . import receivers  # noqa: F401  (connects the signal receivers)

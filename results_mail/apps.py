from django.apps import AppConfig


class ResultsMailConfig(AppConfig):
    """Results by mail: a player who asked (double opt-in on their page, or through the
    director with their consent) gets one mail after each night they played, on the club's
    server, through django-post-office's queue in the database. It sits above tournaments and
    publishing (it listens to their signals); nothing below imports it."""

    name = "results_mail"
    verbose_name = "Results by mail"

    def ready(self):
        from . import receivers  # noqa: F401

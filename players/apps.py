from django.apps import AppConfig


class PlayersConfig(AppConfig):
    """Each player's page across the club's nights (/c/<club>/players/<id>/): nights, partners,
    opponents and the rating. It uses the standings and the ratings; neither imports it."""

    name = "players"
    verbose_name = "Players' pages"

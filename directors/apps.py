from django.apps import AppConfig


class DirectorsConfig(AppConfig):
    """A club's staff on the club's server: a director signs up (the address confirmed by a
    link) and creates the club, then invites other directors and assistant directors by mail.
    The roles' rights are clubs/roles.py's table."""

    name = "directors"
    verbose_name = "Directors"

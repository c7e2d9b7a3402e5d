from django.apps import AppConfig


class SignupConfig(AppConfig):
    """Sign-up before the night: players put their names down on the club's public page (no
    account), up to a cap with a waitlist; the director keeps the list; check-in starts from
    it, on the club's server or on the hall's laptop linked to it. It sits above tournaments
    and publishing; nothing below imports it."""

    name = "signup"
    verbose_name = "Sign-up"

    def ready(self):
        from publishing import sender

        from . import receivers  # noqa: F401
        from .sync import fetch_due

        # A linked laptop's publishing sender fetches the sign-ups as it wakes (signup/sync.py).
        if fetch_due not in sender.EACH_WAKE:
            sender.EACH_WAKE.append(fetch_due)

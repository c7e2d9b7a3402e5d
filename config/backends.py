"""Logging in with the address as it comes to mind: a director who signed up as
"Jane@Example.org" logs in as "jane@example.org" too. Django's ModelBackend matches the
username exactly; this one falls back, when nothing matches exactly, to the one account whose
username or email address is the typed text in any case (none when two accounts would fit, so
it never picks between two people)."""

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.db.models import Q


class AnyCaseBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is not None or not username or password is None:
            return user
        model = get_user_model()
        found = list(
            model._default_manager.filter(
                Q(**{f"{model.USERNAME_FIELD}__iexact": username}) | Q(email__iexact=username)
            )[:2]
        )
        if len(found) != 1:
            return None
        candidate = found[0]
        if candidate.check_password(password) and self.user_can_authenticate(candidate):
            return candidate
        return None

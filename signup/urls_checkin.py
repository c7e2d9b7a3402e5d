"""Check-in from the sign-up list (signup/views_checkin.py), and the laptop's signed request
for the sign-ups (signup/sync.py), at publishing's address beside its two."""

from django.urls import path

from . import sync, views_checkin

urlpatterns = [
    path("publish/v1/signups", sync.signups, name="sync-signups"),
    path("events/<int:pk>/signup/check-in/", views_checkin.check_in_page, name="check-in"),
    path("events/<int:pk>/signup/check-in/tap/", views_checkin.tap, name="check-in-tap"),
    path(
        "events/<int:pk>/signup/check-in/rest/",
        views_checkin.rest_not_coming,
        name="check-in-rest",
    ),
    path("events/<int:pk>/signup/check-in/fetch/", views_checkin.fetch_now, name="check-in-fetch"),
]

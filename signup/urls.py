from django.urls import path  # noqa: F401

from .urls_checkin import urlpatterns as checkin_urls

app_name = "signup"

urlpatterns: list = []

# Check-in and the laptop's sign-ups (engineer checkin's part: signup/urls_checkin.py).
urlpatterns += checkin_urls

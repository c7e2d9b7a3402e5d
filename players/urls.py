"""players's pages."""

from django.urls import path  # noqa: F401

app_name = "players"

urlpatterns: list = []

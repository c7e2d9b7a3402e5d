"""seasons's pages."""

from django.urls import path  # noqa: F401

app_name = "seasons"

urlpatterns: list = []

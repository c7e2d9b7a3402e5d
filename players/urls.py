"""A player's page across the club's nights: no login, read-only, under /c/<club>/."""

from django.urls import path

from . import views

app_name = "players"

urlpatterns = [
    path("<slug:slug>/players/<int:player_pk>/", views.player_page, name="player"),
]

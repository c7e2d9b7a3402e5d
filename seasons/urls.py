"""seasons's pages: the players' season race under /c/<club>/ (no login), the director's
season standings, CSV, PDF and settings under /clubs/<club>/ (where the director's club pages
are; the season standings keep their old address, /clubs/<club>/standings/)."""

from django.urls import path

from . import views

app_name = "seasons"

urlpatterns = [
    path("c/<slug:slug>/season/", views.public_season, name="season"),
    path("clubs/<slug:slug>/standings/", views.director_season, name="standings"),
    path("clubs/<slug:slug>/standings/season.pdf", views.season_pdf, name="pdf"),
    path("clubs/<slug:slug>/season-settings/", views.season_settings, name="settings"),
]

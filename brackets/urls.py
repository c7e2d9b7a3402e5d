"""The director's bracket pages (brackets/views.py)."""

from django.urls import path

from . import sheet_views, views

app_name = "brackets"

urlpatterns = [
    path("events/<int:pk>/bracket/", views.bracket_page, name="bracket"),
    path("events/<int:pk>/bracket/settings/", views.bracket_settings, name="settings"),
    path("events/<int:pk>/bracket/seed/", views.bracket_seed, name="seed"),
    path("events/<int:pk>/bracket/matches/<str:code>/call/", views.match_call, name="match-call"),
    path("events/<int:pk>/bracket/reset/", views.match_reset, name="match-reset"),
    path("events/<int:pk>/bracket/withdraw/", views.team_withdraw, name="team-withdraw"),
    path("events/<int:pk>/bracket/sheet.pdf", sheet_views.bracket_sheet, name="sheet"),
    path(
        "events/<int:pk>/bracket/score-sheets.pdf",
        sheet_views.match_score_sheets,
        name="score-sheets",
    ),
]

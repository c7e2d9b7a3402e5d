"""The money pages, all for the club's directors (money/access.py)."""

from django.urls import path

from .views import night, sheet

app_name = "money"

urlpatterns = [
    # One night: its settings, the door, the draws, the payouts (views/night.py).
    path("events/<int:pk>/money/", night.night_page, name="night"),
    path("events/<int:pk>/money/settings/", night.night_settings, name="night-settings"),
    path("events/<int:pk>/money/door/", night.door_record, name="door"),
    path("events/<int:pk>/money/door/<int:player_pk>/", night.door_player, name="door-player"),
    path("events/<int:pk>/money/walk-in/", night.walk_in, name="walk-in"),
    path("events/<int:pk>/money/draws/", night.draws, name="draws"),
    path("events/<int:pk>/money/paid/", night.mark_paid, name="mark-paid"),
    path("events/<int:pk>/money/fines/", night.fines_settled, name="fines-settled"),
    # The cash sheet, three ways, and the club's money over time (views/sheet.py).
    path("events/<int:pk>/money/sheet/", sheet.sheet_page, name="sheet"),
    path("events/<int:pk>/money/sheet.pdf", sheet.sheet_pdf, name="sheet-pdf"),
    path("events/<int:pk>/money/sheet.csv", sheet.sheet_csv, name="sheet-csv"),
    path("clubs/<slug:slug>/money/", sheet.club_page, name="club"),
    path("clubs/<slug:slug>/money/nights.csv", sheet.club_csv, name="club-csv"),
]

"""The money pages, all for the club's directors (money/access.py)."""

from django.urls import path

from .views import door, night, payouts, sheet

app_name = "money"

urlpatterns = [
    # One night: its page and settings (views/night.py), what the door and the draws record
    # (views/door.py), the payouts handed out (views/payouts.py).
    path("events/<int:pk>/money/", night.night_page, name="night"),
    path("events/<int:pk>/money/settings/", night.night_settings, name="night-settings"),
    path("events/<int:pk>/money/door/", door.door_record, name="door"),
    path("events/<int:pk>/money/door/<int:player_pk>/", night.door_player, name="door-player"),
    path("events/<int:pk>/money/walk-in/", door.walk_in, name="walk-in"),
    path("events/<int:pk>/money/draws/", door.draws, name="draws"),
    path("events/<int:pk>/money/paid/", payouts.mark_paid, name="mark-paid"),
    path("events/<int:pk>/money/fines/", payouts.fines_settled, name="fines-settled"),
    # The cash sheet, three ways, and the club's money over time (views/sheet.py).
    path("events/<int:pk>/money/sheet/", sheet.sheet_page, name="sheet"),
    path("events/<int:pk>/money/sheet.pdf", sheet.sheet_pdf, name="sheet-pdf"),
    path("events/<int:pk>/money/sheet.csv", sheet.sheet_csv, name="sheet-csv"),
    path("clubs/<slug:slug>/money/", sheet.club_page, name="club"),
    path("clubs/<slug:slug>/money/nights.csv", sheet.club_csv, name="club-csv"),
]

from django.urls import path

from . import captain, standings_views, views
from .printouts import views as printouts

app_name = "tournaments"

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/", views.rules, name="rules"),
    path("clubs/<slug:slug>/events/new/", views.event_create, name="event-create"),
    path("events/<int:pk>/", views.event_detail, name="event-detail"),
    path("events/<int:pk>/edit/", views.event_edit, name="event-edit"),
    path("events/<int:pk>/entries/add/", views.entries_add, name="entries-add"),
    path("events/<int:pk>/entries/check-in/", views.entries_check_in, name="entries-check-in"),
    path("events/<int:pk>/entries/stays/", views.entry_stays, name="entry-stays"),
    path("events/<int:pk>/partnerships/add/", views.partnership_add, name="partnership-add"),
    path("events/<int:pk>/rounds/preview/", views.round_preview, name="round-preview"),
    path("events/<int:pk>/rounds/seat/", views.round_seat, name="round-seat"),
    path("rounds/<int:pk>/", views.round_detail, name="round-detail"),
    path("rounds/<int:pk>/close/", views.round_close, name="round-close"),
    path("rounds/<int:pk>/call-time/", views.round_call_time, name="round-call-time"),
    path("tables/<int:pk>/", views.table_detail, name="table-detail"),
    path("tables/<int:pk>/history/", views.table_history, name="table-history"),
    path("tables/<int:pk>/hands/add/", views.hand_add, name="hand-add"),
    path("hands/<int:pk>/correct/", views.hand_correct, name="hand-correct"),
    path("clubs/<slug:slug>/table-cards/reissue/", views.table_cards_reissue, name="cards-reissue"),
]

# The table captain's pages (tournaments/captain/): no login, the table's secret token is the
# key, and it opens that table in that round only.
urlpatterns += [
    path("t/", captain.code_entry, name="captain-code"),
    path("t/<slug:token>/", captain.table_page, name="captain-table"),
    path("t/<slug:token>/hand/", captain.hand_enter, name="captain-hand"),
    path("t/<slug:token>/send/", captain.hand_send, name="captain-send"),
    path("t/<slug:token>/state/", captain.table_state, name="captain-state"),
    path("t/<slug:token>/fix/", captain.hand_fix, name="captain-fix"),
    path("t/<slug:token>/delete/", captain.hand_delete, name="captain-delete"),
    path("t/<slug:token>/confirm/", captain.table_confirm, name="captain-confirm"),
]

# Standings and the printed night (tournaments/standings.py, tournaments/printouts/).
urlpatterns += [
    path("events/<int:pk>/standings/", standings_views.event_standings_page, name="standings"),
    path(
        "events/<int:pk>/standings/projector/",
        standings_views.event_standings_projector,
        name="standings-projector",
    ),
    path(
        "events/<int:pk>/standings/standings.csv",
        standings_views.event_standings_csv,
        name="standings-csv",
    ),
    path(
        "events/<int:pk>/players/<int:player_pk>/",
        standings_views.player_night_page,
        name="player-night",
    ),
    path("events/<int:pk>/print/score-sheets.pdf", printouts.score_sheets, name="printout-sheets"),
    path("events/<int:pk>/print/tally-cards.pdf", printouts.tally_cards, name="printout-tally"),
    path(
        "clubs/<slug:slug>/print/table-cards.pdf",
        printouts.club_table_cards,
        name="printout-table-cards",
    ),
    path("events/<int:pk>/print/standings.pdf", printouts.standings, name="printout-standings"),
]

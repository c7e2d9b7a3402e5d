from django.urls import path

from . import views

app_name = "tournaments"

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/", views.rules, name="rules"),
    path("clubs/<slug:slug>/events/new/", views.event_create, name="event-create"),
    path("events/<int:pk>/", views.event_detail, name="event-detail"),
    path("events/<int:pk>/edit/", views.event_edit, name="event-edit"),
    path("events/<int:pk>/entries/add/", views.entries_add, name="entries-add"),
    path("events/<int:pk>/entries/check-in/", views.entries_check_in, name="entries-check-in"),
    path("events/<int:pk>/partnerships/add/", views.partnership_add, name="partnership-add"),
    path("events/<int:pk>/rounds/seat/", views.round_seat, name="round-seat"),
    path("rounds/<int:pk>/", views.round_detail, name="round-detail"),
    path("rounds/<int:pk>/close/", views.round_close, name="round-close"),
    path("tables/<int:pk>/", views.table_detail, name="table-detail"),
    path("tables/<int:pk>/hands/add/", views.hand_add, name="hand-add"),
    path("hands/<int:pk>/correct/", views.hand_correct, name="hand-correct"),
]

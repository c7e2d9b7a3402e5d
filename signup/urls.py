from django.urls import path

from . import sync, views, views_calendar, views_checkin

app_name = "signup"

urlpatterns: list = []

# The players' sign-up (signup/views.py): no account; the private link is the key.
urlpatterns += [
    path("c/<slug:slug>/events/<int:pk>/signup/", views.signup_form, name="form"),
    path("signup/<str:token>/", views.mine, name="mine"),
    path("signup/<str:token>/cancel/", views.mine_cancel, name="mine-cancel"),
]

# The director's list (signup/views.py).
urlpatterns += [
    path("events/<int:pk>/signup/", views.sheet_list, name="list"),
    path("events/<int:pk>/signup/settings/", views.sheet_settings, name="list-settings"),
    path("events/<int:pk>/signup/add/", views.list_add, name="list-add"),
    path("events/<int:pk>/signup/hold/", views.list_hold, name="list-hold"),
    path("events/<int:pk>/signup/<int:signup_pk>/move/", views.list_move, name="list-move"),
    path("events/<int:pk>/signup/<int:signup_pk>/remove/", views.list_remove, name="list-remove"),
    path("events/<int:pk>/signup/<int:signup_pk>/paid/", views.list_paid, name="list-paid"),
    path("events/<int:pk>/signup/<int:signup_pk>/pair/", views.list_pair, name="list-pair"),
]

# The calendar (signup/views_calendar.py): one event's .ics file and the club's feed of its
# upcoming events, under the club's public pages (/c/<slug>/), no login.
urlpatterns += [
    path("c/<slug:slug>/events/<int:pk>/event.ics", views_calendar.event_ics, name="event-ics"),
    path("c/<slug:slug>/calendar.ics", views_calendar.club_ics, name="club-ics"),
]

# Check-in from the list (signup/views_checkin.py), and the laptop's signed request for the
# sign-ups (signup/sync.py), at publishing's address beside its two.
urlpatterns += [
    path("publish/v1/signups", sync.signups, name="sync-signups"),
    path("events/<int:pk>/signup/check-in/", views_checkin.check_in_page, name="check-in"),
    path("events/<int:pk>/signup/check-in/tap/", views_checkin.tap, name="check-in-tap"),
    path(
        "events/<int:pk>/signup/check-in/rest/",
        views_checkin.rest_not_coming,
        name="check-in-rest",
    ),
    path("events/<int:pk>/signup/check-in/fetch/", views_checkin.fetch_now, name="check-in-fetch"),
    path(
        "events/<int:pk>/signup/check-in/walk-in/", views_checkin.walk_in, name="check-in-walk-in"
    ),
    path(
        "events/<int:pk>/signup/check-in/walk-in/undo/",
        views_checkin.walk_in_undo,
        name="check-in-walk-in-undo",
    ),
]

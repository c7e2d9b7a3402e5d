from django.urls import path

from . import views_calendar

app_name = "signup"

urlpatterns: list = []

# The calendar (signup/views_calendar.py): one event's .ics file and the club's feed of its
# upcoming events, under the club's public pages (/c/<slug>/), no login.
urlpatterns += [
    path("c/<slug:slug>/events/<int:pk>/event.ics", views_calendar.event_ics, name="event-ics"),
    path("c/<slug:slug>/calendar.ics", views_calendar.club_ics, name="club-ics"),
]

"""The players' pages (tournaments/public.py): no login, read-only, under /c/<club>/."""

from django.urls import path

from . import public

app_name = "public"

urlpatterns = [
    path("<slug:slug>/", public.club_page, name="club"),
    path("<slug:slug>/events/<int:pk>/", public.event_page, name="event"),
    path("<slug:slug>/events/<int:pk>/players/<int:player_pk>/", public.player_page, name="player"),
    path("<slug:slug>/events/<int:pk>/projector/", public.projector, name="projector"),
]

from django.urls import path

from . import views

app_name = "clubs"

urlpatterns = [
    path("new/", views.club_create, name="club-create"),
    path("<slug:slug>/", views.club_detail, name="club-detail"),
    path("<slug:slug>/settings/", views.club_settings, name="club-settings"),
    path("<slug:slug>/players/add/", views.player_add, name="player-add"),
    path("<slug:slug>/players/import/", views.player_import, name="player-import"),
    path("<slug:slug>/players/<int:pk>/shown/", views.player_shown, name="player-shown"),
]

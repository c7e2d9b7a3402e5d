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
    path("<slug:slug>/players/<int:pk>/", views.player_detail, name="player-detail"),
    path("<slug:slug>/players/<int:pk>/rename/", views.player_rename, name="player-rename"),
    path("<slug:slug>/players/<int:pk>/retire/", views.player_retire, name="player-retire"),
    path(
        "<slug:slug>/players/<int:pk>/merge/<int:other_pk>/",
        views.player_merge,
        name="player-merge",
    ),
]

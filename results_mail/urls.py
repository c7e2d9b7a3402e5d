from django.urls import path

from . import views

app_name = "results_mail"

urlpatterns = [
    path("c/<slug:slug>/players/<int:player_pk>/", views.ask, name="ask"),
    path("confirm/<str:token>/", views.confirm, name="confirm"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("clubs/<slug:slug>/players/<int:pk>/", views.director, name="director"),
]

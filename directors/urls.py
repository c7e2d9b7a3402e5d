from django.urls import path

from . import views

app_name = "directors"

urlpatterns = [
    path("directors/join/", views.join, name="join"),
    path("directors/join/<str:token>/", views.join_confirm, name="join-confirm"),
    path("directors/invite/<str:token>/", views.invite, name="invite"),
    path("clubs/<slug:slug>/directors/", views.staff, name="staff"),
]

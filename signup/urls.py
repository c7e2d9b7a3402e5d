from django.urls import path

from . import views

app_name = "signup"

urlpatterns = [
    # --- The players' sign-up (signup/views.py): no account ---
    path("c/<slug:slug>/events/<int:pk>/signup/", views.signup_form, name="form"),
    path("signup/<str:token>/", views.mine, name="mine"),
    path("signup/<str:token>/cancel/", views.mine_cancel, name="mine-cancel"),
    # --- The director's list (signup/views.py) ---
    path("events/<int:pk>/signup/", views.sheet_list, name="list"),
    path("events/<int:pk>/signup/settings/", views.sheet_settings, name="list-settings"),
    path("events/<int:pk>/signup/add/", views.list_add, name="list-add"),
    path("events/<int:pk>/signup/hold/", views.list_hold, name="list-hold"),
    path("events/<int:pk>/signup/<int:signup_pk>/move/", views.list_move, name="list-move"),
    path("events/<int:pk>/signup/<int:signup_pk>/remove/", views.list_remove, name="list-remove"),
    path("events/<int:pk>/signup/<int:signup_pk>/paid/", views.list_paid, name="list-paid"),
]

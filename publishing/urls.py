"""Publishing's addresses: the laptop's two requests to the club's server, and the pages that
make keys (server) and link a club (laptop), for the club's directors."""

from django.urls import path

from publishing import api, views

app_name = "publishing"

urlpatterns = [
    path("publish/v1/hello", api.hello, name="hello"),
    path("publish/v1/apply", api.apply, name="apply"),
    path("clubs/<slug:slug>/publishing/", views.link_page, name="link"),
    path("clubs/<slug:slug>/publishing/unlink/", views.unlink, name="unlink"),
    path("clubs/<slug:slug>/publishing/send/", views.send_now, name="send-now"),
    path("clubs/<slug:slug>/publishing/keys/", views.keys_page, name="keys"),
    path("clubs/<slug:slug>/publishing/keys/<int:pk>/revoke/", views.revoke, name="revoke"),
]

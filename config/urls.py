from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.urls import include, path

from config.accounts import AdminLoginForm

# The admin's login refuses an overlong username as the directors' login does.
admin.site.login_form = AdminLoginForm


def health(request: HttpRequest) -> HttpResponse:
    """For uptime checks, and the benchmarks' yardstick: Django's cost with no work at all."""
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("health/", health, name="health"),
    path("admin/", admin.site.urls),
    path("accounts/", include("config.accounts")),
    # Before clubs/: its pages sit under /clubs/<slug>/publishing/ (and the laptop's requests).
    path("", include("publishing.urls")),
    path("clubs/", include("clubs.urls")),
    # The players' pages: no login, read-only.
    path("c/", include("tournaments.public_urls")),
    # An event's public page by its uid, the same on the hall laptop and the club's server.
    path("c/e/", include("publishing.addresses")),
    path("", include("seasons.urls")),
    path("c/", include("players.urls")),
    path("", include("ratings.urls")),
    path("", include("brackets.urls")),
    path("", include("money.urls")),
    path("", include("tournaments.urls")),
]

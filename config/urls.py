from django.conf import settings
from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.urls import include, path

from config.accounts import AdminLoginForm

# The admin's login refuses an overlong username as the directors' login does.
admin.site.login_form = AdminLoginForm


# The site's icon (a club, in the header's green): base.html links it, and browsers that ask
# for /favicon.ico anyway (a bookmark, an older browser) get it there, not a 404.
FAVICON = settings.BASE_DIR / "static" / "favicon.svg"


def favicon(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(FAVICON.read_bytes(), content_type="image/svg+xml")
    response["Cache-Control"] = "public, max-age=86400"
    return response


def health(request: HttpRequest) -> HttpResponse:
    """For uptime checks, and the benchmarks' yardstick: Django's cost with no work at all."""
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("health/", health, name="health"),
    path("favicon.ico", favicon, name="favicon"),
    path("admin/", admin.site.urls),
    path("accounts/", include("config.accounts")),
    # Before clubs/: its pages sit under /clubs/<slug>/publishing/ (and the laptop's requests).
    path("", include("publishing.urls")),
    # Sign-up before the night (the players' form, the list, check-in, the calendar) and the
    # club's staff (a director's own sign-up, invitations): before clubs/ too.
    path("", include("signup.urls")),
    path("", include("directors.urls")),
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
    # Results by mail: the ask, confirm and unsubscribe links (no login), the director's page.
    path("mail/", include("results_mail.urls")),
]

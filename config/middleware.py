"""`Cache-Control: private, no-store`, decided in one place for the whole site."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

_DOWNLOADS = ("text/csv", "application/pdf")


def _kept_out_of_caches(request: HttpRequest, response: HttpResponse) -> bool:
    # Whatever a director sees logged in, including a public page with their name in the header:
    # no proxy may hand it to the next visitor, and no browser keep it on a shared laptop.
    if request.user.is_authenticated:
        return True
    # The CSVs and PDFs hold a club's roster and results, whoever fetches them.
    if response.get("Content-Type", "").split(";")[0].strip() in _DOWNLOADS:
        return True
    # A captain's page holds the table's secret in its address; the code page is the way in.
    match = request.resolver_match
    if match and match.namespace == "tournaments" and (match.url_name or "").startswith("captain-"):
        return True
    # A refusal about this client alone (a locked login, too many wrong codes).
    return response.status_code == 429


def no_store(get_response: Callable[[HttpRequest], HttpResponse]):
    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if _kept_out_of_caches(request, response):
            response["Cache-Control"] = "private, no-store"
        return response

    return middleware

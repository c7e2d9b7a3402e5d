"""`Cache-Control: private, no-store`, decided in one place for the whole site."""

from collections.abc import Callable
from importlib import import_module

from django.conf import settings
from django.core.exceptions import (
    BadRequest,
    RequestDataTooBig,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.http import HttpRequest, HttpResponse
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render

_DOWNLOADS = ("text/csv", "application/pdf")
_FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


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


# What each way a form body cannot be read means for whoever sent it.
_UNREADABLE = {
    BadRequest: (
        "The form came in a character encoding other than UTF-8, the only one the site reads,"
        " so nothing was saved.",
        "A program posting here must send the form as UTF-8, or leave out the charset.",
    ),
    MultiPartParserError: (
        "The form's parts could not be told apart (its boundary is missing or broken),"
        " so nothing was saved.",
        "",
    ),
    RequestDataTooBig: ("The form was too large to read, so nothing was saved.", ""),
    TooManyFieldsSent: ("The form had too many fields to read, so nothing was saved.", ""),
    TooManyFilesSent: ("The form had too many files to read, so nothing was saved.", ""),
}


def unreadable_form(get_response: Callable[[HttpRequest], HttpResponse]):
    """A form body Django cannot read (a `charset=utf-16` form, a multipart body without its
    boundary, too many fields) answered in words. Django refuses a foreign charset every time
    request.POST is read, and its own 400, 403 and 404 views read the body again (their CSRF
    check), so such a post was a 500 on every address. Read it once here, before any view or
    CSRF check does."""

    def middleware(request: HttpRequest) -> HttpResponse:
        # The CSRF check reads every posted form anyway; nothing here reads any other body.
        if request.method == "POST" and request.content_type in _FORMS:
            try:
                request.POST  # noqa: B018 (read for its refusal)
            except tuple(_UNREADABLE) as refusal:
                why, fix = next(w for k, w in _UNREADABLE.items() if isinstance(refusal, k))
                return render(request, "400.html", {"why": why, "fix": fix}, status=400)
        return get_response(request)

    return middleware


def _holds_nul(query) -> bool:
    return any("\x00" in key or any("\x00" in v for v in values) for key, values in query.lists())


def nul_refused(get_response: Callable[[HttpRequest], HttpResponse]):
    """A NUL character in the address, any of its parameters, a form field or a header answered
    400 in words, for every view at once. No keyboard types one; PostgreSQL refuses to store or
    even compare text holding one (a 500 wherever a view used the value in a query), while
    SQLite went on."""

    def middleware(request: HttpRequest) -> HttpResponse:
        # A session cookie holding one (only a crafted one can: Django reads `"\000"` in a
        # quoted cookie as a NUL) would be looked up in the sessions' table: read it as no
        # session, and the answer tells the browser to forget it.
        if "\x00" in request.COOKIES.get(settings.SESSION_COOKIE_NAME, ""):
            request.session = import_module(settings.SESSION_ENGINE).SessionStore(None)
        # After unreadable_form: a body that cannot be read was answered there.
        posted = request.method == "POST" and request.content_type in _FORMS
        # A header too: a failed login stores the browser's name (django-axes).
        headers = (v for k, v in request.META.items() if k.startswith("HTTP_"))
        if (
            # In the address's path too: a token route (`/mail/confirm/<token>/`,
            # `/signup/<token>/`) looks its text up in the database.
            "\x00" in request.path
            or _holds_nul(request.GET)
            or (posted and _holds_nul(request.POST))
            or any("\x00" in v for v in headers if isinstance(v, str))
        ):
            why = "The request held a NUL character, which no name, number or header has."
            fix = "If you typed the address, type it again without the “%00”."
            return render(request, "400.html", {"why": why, "fix": fix}, status=400)
        return get_response(request)

    return middleware


def method_not_allowed_in_words(get_response: Callable[[HttpRequest], HttpResponse]):
    """A 405 (`require_POST` and its kin answer one with no body: a blank browser page) said in
    words, for every view at once: mostly a button's address opened from the history or the
    address bar. The status and the Allow header stay."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if response.status_code != 405 or response.content:
            return response
        allowed = response.get("Allow", "")
        said = render(request, "405.html", {"post_only": "POST" in allowed}, status=405)
        if allowed:
            said["Allow"] = allowed
        return said

    return middleware

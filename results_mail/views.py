"""Results by mail's pages, under /mail/: the player's ask (from their public page), the
confirmation and unsubscribe links (no login: the token is the key), and the director's
record of a player's address. Access: the player's public page's own helper for the public
form; `_get_player_for_director` for the director's page."""

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from clubs import roles
from clubs.models import Club, Player
from clubs.roles import Right
from players.views import _get_public_player

from . import services
from .forms import AskForm, RecordForm
from .models import ResultsWish


def _site(request: HttpRequest) -> str:
    return f"{request.scheme}://{request.get_host()}"


def _get_player_for_director(request: HttpRequest, slug: str, pk: int) -> tuple[Club, Player]:
    """The club, if the user is on its staff, and its player; anything else a 404. A player's
    address is a contact detail: a 403 in words for a role that may not see them."""
    club = roles.club_for(request, slug, Right.SEE_CONTACTS)
    return club, get_object_or_404(Player, club=club, pk=pk)


@require_POST
def ask(request: HttpRequest, slug: str, player_pk: int) -> HttpResponse:
    """The form on the player's page: a confirmation mail to the address typed."""
    if not settings.RESULTS_BY_MAIL:
        raise Http404
    # The player's page's own access helper: the form is where the page is, nowhere else.
    player = _get_public_player(slug, player_pk)
    form = AskForm(request.POST)
    refusal = ""
    if form.is_valid():
        try:
            asked = services.wish_ask(
                player=player, email=form.cleaned_data["email"], site=_site(request)
            )
        except services.Refused as refused:
            refusal = str(refused)
        else:
            return render(request, "results_mail/asked.html", {"player": player, "asked": asked})
    return render(
        request,
        "results_mail/ask.html",
        {"player": player, "club": player.club, "form": form, "refusal": refusal},
        status=400,
    )


@require_http_methods(["GET", "POST"])
def confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The confirmation link: a page with a button (a mail scanner that opens the link
    confirms nothing); its post confirms."""
    asked = services.asked_by_token(token)
    if asked is None:
        return render(request, "results_mail/confirm_unknown.html", status=404)
    if request.method == "POST":
        wish = services.wish_confirm(asked=asked)
        return render(request, "results_mail/confirmed.html", {"wish": wish, "player": wish.player})
    return render(request, "results_mail/confirm.html", {"asked": asked, "player": asked.player})


@csrf_exempt  # RFC 8058: a mail program posts here with no page, no cookie, no login
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """The unsubscribe link and one-click address: a post unsubscribes; a visit shows a page
    with the button (mail scanners follow links: a visit alone never unsubscribes)."""
    if request.method == "POST":
        services.wish_stop(token=token)
        # Once or again, the same answer: no more results mails from this link.
        return render(request, "results_mail/unsubscribed.html")
    wish = ResultsWish.objects.select_related("player__club").filter(token=token).first()
    if wish is None:
        return render(request, "results_mail/unsubscribe_unknown.html", status=404)
    return render(request, "results_mail/unsubscribe.html", {"wish": wish})


@login_required
def director(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The director records the player's address, with their consent; or stops the mails.
    Where no mail goes (a hall laptop: RESULTS_BY_MAIL off) there is no such page: the club's
    server, which sends the mails, keeps the addresses."""
    if not settings.RESULTS_BY_MAIL:
        raise Http404
    club, player = _get_player_for_director(request, slug, pk)
    wish = ResultsWish.objects.filter(player=player).first()
    form = RecordForm(initial={"email": wish.email if wish else player.email})
    if request.method == "POST":
        if request.POST.get("stop") and wish is not None:
            services.wish_stop(token=wish.token)
            return redirect("results_mail:director", slug=slug, pk=pk)
        form = RecordForm(request.POST)
        if form.is_valid():
            services.wish_record(
                player=player, email=form.cleaned_data["email"], site=_site(request)
            )
            return redirect("results_mail:director", slug=slug, pk=pk)
    return render(
        request,
        "results_mail/director.html",
        {"club": club, "player": player, "wish": wish, "form": form},
        status=400 if form.errors else 200,
    )

"""The director's club pages: roster, settings, adding and importing players."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from . import services
from .forms import ClubCreateForm, ClubSettingsForm, PlayerForm, RosterImportForm
from .models import Club, Player
from .tables import PlayerTable, pages_of
from .text import initials


def _get_club_for_user(request: HttpRequest, slug: str) -> Club:
    """The club, if the user directs it; any other club is a 404, so its name never leaks."""
    return get_object_or_404(Club.objects.directed_by(request.user), slug=slug)


def _render_club(
    request: HttpRequest,
    club: Club,
    *,
    player_form: PlayerForm | None = None,
    import_form: RosterImportForm | None = None,
    report=None,
) -> HttpResponse:
    roster = PlayerTable(club.players.all())
    RequestConfig(request, paginate={"paginator_class": pages_of(100)}).configure(roster)
    return render(
        request,
        "clubs/club_detail.html",
        {
            "club": club,
            "rules": club.ruleset(),
            "roster": roster,
            "player_count": club.players.count(),
            "card_count": club.table_cards.count(),
            "events": club.events.all()[:20],
            "player_form": player_form or PlayerForm(),
            "import_form": import_form or RosterImportForm(),
            "report": report,
        },
    )


@login_required
def club_create(request: HttpRequest) -> HttpResponse:
    form = ClubCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = services.club_create(form=form, user=request.user)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, f"{club.name} is set up, and you direct it. Add its players.")
            return redirect("clubs:club-detail", slug=club.slug)
    return render(request, "clubs/club_create.html", {"form": form})


@login_required
def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club = _get_club_for_user(request, slug)
    return _render_club(request, club)


@login_required
def club_settings(request: HttpRequest, slug: str) -> HttpResponse:
    club = _get_club_for_user(request, slug)
    form = ClubSettingsForm(request.POST or None, instance=club)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(
            request,
            f"Saved. New events will play {club.ruleset().title} "
            f"to {club.ruleset().game_points} points.",
        )
        return redirect("clubs:club-detail", slug=club.slug)
    return render(request, "clubs/club_settings.html", {"club": club, "form": form})


@login_required
@require_POST
def player_add(request: HttpRequest, slug: str) -> HttpResponse:
    club = _get_club_for_user(request, slug)
    form = PlayerForm(request.POST)
    if not form.is_valid():
        return _render_club(request, club, player_form=form)
    try:
        player = services.player_add(club=club, **form.cleaned_data)
    except ValidationError as exc:
        form.add_error(None, exc)
        return _render_club(request, club, player_form=form)
    messages.success(request, f"{player.name} is on the roster.")
    return redirect("clubs:club-detail", slug=club.slug)


@login_required
@require_POST
def player_import(request: HttpRequest, slug: str) -> HttpResponse:
    club = _get_club_for_user(request, slug)
    form = RosterImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return _render_club(request, club, import_form=form)
    report = services.roster_import(club=club, text=form.roster_text, is_csv=form.is_csv)
    if report.errors:
        messages.error(request, "Nothing was imported: fix the lines below and try again.")
        # Keep what was pasted so the director fixes it instead of typing it all again.
        return _render_club(request, club, import_form=form, report=report)
    added = len(report.created)
    messages.success(request, f"Added {added} player{pluralize(added)} to the roster.")
    return _render_club(request, club, report=report)


@login_required
@require_POST
def player_shown(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Show a player on the public pages, or (for a player who asks) show only their
    initials there, with no player page."""
    club = _get_club_for_user(request, slug)
    player = get_object_or_404(Player, club=club, pk=pk)
    shown = request.POST.get("shown")
    if shown not in ("yes", "no"):
        messages.error(request, "Nothing changed: choose to show or hide the player.")
        return redirect("clubs:club-detail", slug=club.slug)
    player.shown_publicly = shown == "yes"
    player.save(update_fields=["shown_publicly"])
    if player.shown_publicly:
        messages.success(
            request, f"{player.name} is shown on the public pages again, with their own page."
        )
    else:
        messages.success(
            request,
            f"{player.name} is not shown on public pages: they show as "
            f"{initials(player.name)}, with no player page.",
        )
    return redirect("clubs:club-detail", slug=club.slug)

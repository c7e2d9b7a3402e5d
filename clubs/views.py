"""The director's club pages: roster, settings, adding and importing players."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.urls import reverse
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from . import edit_locks, roles, services
from .forms import (
    ClubCreateForm,
    ClubSettingsForm,
    PlayerFindForm,
    PlayerForm,
    PlayerRenameForm,
    RosterImportForm,
)
from .models import Club, Player
from .roles import Right
from .signals import player_nights
from .tables import PlayerTable, RetiredTable, pages_of
from .text import initials

# How many players a merge's search lists (most rounds together first is not needed: by name).
FOUND_LIMIT = 20


def _get_club_for_user(request: HttpRequest, slug: str, right: str = Right.RUN_NIGHTS) -> Club:
    """The club, if the user is on its staff; any other club is a 404, so its name never
    leaks. A role without the `right` is told so, a 403 in words (clubs/roles.py)."""
    return roles.club_for(request, slug, right)


def _get_player_for_user(
    request: HttpRequest, slug: str, pk, right: str = Right.RUN_NIGHTS
) -> tuple[Club, Player]:
    """The club (as _get_club_for_user) and its player; another club's player is a 404."""
    club = _get_club_for_user(request, slug, right)
    return club, get_object_or_404(Player, club=club, pk=pk)


def _player_address(club: Club) -> str:
    # One reverse() for a page of 100 names.
    return reverse("clubs:player-detail", args=[club.slug, 999999999]).replace("999999999", "{}")


def _focus(form, name: str | None = None):
    """Give the form's field in error (or `name`) `autofocus`, so the page answering a post
    opens at the form, its message in sight, with no script: a roster is thousands of pixels
    long, and a message at its foot looked as if nothing had happened. Django links the
    field's errors to it (aria-describedby)."""
    in_error = next((f for f in form.errors if f in form.fields), None)
    form.fields[in_error or name or next(iter(form.fields))].widget.attrs["autofocus"] = True


def _render_club(
    request: HttpRequest,
    club: Club,
    *,
    player_form: PlayerForm | None = None,
    import_form: RosterImportForm | None = None,
    report=None,
) -> HttpResponse:
    if player_form is not None and player_form.errors:
        _focus(player_form)
    elif import_form is not None and import_form.errors:
        _focus(import_form, "text")
    # An import's report takes the focus itself (club_detail.html): the page opens at its top.
    # Players' email addresses and phone numbers only for a role that may see them.
    hidden = () if roles.may(club.staff_role, Right.SEE_CONTACTS) else ("email", "phone")
    roster = PlayerTable(club.players.filter(active=True), exclude=hidden)
    roster.player_address = _player_address(club)
    RequestConfig(request, paginate={"paginator_class": pages_of(100)}).configure(roster)
    retired = RetiredTable(club.players.filter(active=False), prefix="retired-")
    RequestConfig(request, paginate={"paginator_class": pages_of(100)}).configure(retired)
    return render(
        request,
        "clubs/club_detail.html",
        {
            "club": club,
            "rules": club.ruleset(),
            "roster": roster,
            "player_count": roster.paginator.count,
            "retired": retired,
            "retired_count": retired.paginator.count,
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
    club = _get_club_for_user(request, slug, Right.CHANGE_SETTINGS)
    form = ClubSettingsForm(request.POST or None, instance=club)
    # Settings the hall's laptop publishes here are changed there (edit_locks.py).
    locked = edit_locks.refusal(club)
    if locked and form.is_bound:
        form.add_error(None, f"Not saved: {locked}")
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(
            request,
            f"Saved. New events will play {club.ruleset().title} "
            f"to {club.ruleset().game_points} points.",
        )
        return redirect("clubs:club-detail", slug=club.slug)
    context = {"club": club, "form": form, "locked": locked}
    return render(
        request,
        "clubs/club_settings.html",
        context,
        status=400 if locked and form.is_bound else 200,
    )


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
            f"{initials(player.name)}, with no player page, and a team of theirs by its "
            "players, never by a team name typed for it.",
        )
    return redirect("clubs:club-detail", slug=club.slug)


def _render_player(
    request: HttpRequest,
    club: Club,
    player: Player,
    *,
    rename_form: PlayerRenameForm | None = None,
    status: int = 200,
) -> HttpResponse:
    """The director's page of one player: rename, retire or bring back, and merge."""
    find_form = PlayerFindForm(request.GET)
    found = None
    if find_form.is_valid() and find_form.cleaned_data["find"]:
        matching = club.players.matching(find_form.cleaned_data["find"]).exclude(pk=player.pk)
        found = list(matching.by_name()[: FOUND_LIMIT + 1])
    same_name = list(
        club.players.filter(sort_name=player.sort_name).exclude(pk=player.pk).order_by("pk")
    )
    together = _played_together(player, [*same_name, *(found or [])])
    return render(
        request,
        "clubs/player_detail.html",
        {
            "club": club,
            "player": player,
            "nights": player.entries.count(),
            # Names that read as this one (a duplicate from before apostrophes were folded).
            "same_name": [(p, p.pk in together) for p in same_name],
            "rename_form": rename_form or PlayerRenameForm(initial={"name": player.name}),
            "find_form": find_form,
            "found": (
                [(p, p.pk in together) for p in found[:FOUND_LIMIT]] if found is not None else None
            ),
            "more_found": found is not None and len(found) > FOUND_LIMIT,
        },
        status=status,
    )


def _played_together(player: Player, others: list[Player]) -> set[int]:
    """The ids of `others` who had a part in a night `player` had a part in: one person
    cannot play twice in a night, so the merge would refuse them (tournaments.merging)."""
    if not others:
        return set()
    nights: dict[int, set[int]] = {}
    for _, answer in player_nights.send(sender=Player, players=[player, *others]):
        for pk, events in (answer or {}).items():
            nights.setdefault(pk, set()).update(events)
    mine = nights.get(player.pk, set())
    return {p.pk for p in others if nights.get(p.pk, set()) & mine}


@login_required
def player_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club, player = _get_player_for_user(request, slug, pk)
    return _render_player(request, club, player)


@login_required
@require_POST
def player_rename(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club, player = _get_player_for_user(request, slug, pk)
    form = PlayerRenameForm(request.POST)
    if form.is_valid():
        old = player.name
        try:
            services.player_rename(player=player, name=form.cleaned_data["name"])
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(
                request, f"{old} is now {player.name}, with every night of their history."
            )
            return redirect("clubs:player-detail", slug=club.slug, pk=player.pk)
    player.refresh_from_db()
    return _render_player(request, club, player, rename_form=form)


@login_required
@require_POST
def player_retire(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    # Retiring and bringing back are one form: both a director's, as deleting is.
    club, player = _get_player_for_user(request, slug, pk, Right.DELETE)
    retired = request.POST.get("retired")
    if retired not in ("yes", "no"):
        messages.error(request, "Nothing changed: choose to retire the player or bring them back.")
        return redirect("clubs:player-detail", slug=club.slug, pk=player.pk)
    services.player_retire(player=player, retired=retired == "yes")
    if player.active:
        messages.success(request, f"{player.name} is back on the roster.")
    else:
        messages.success(
            request,
            f"{player.name} is retired: left off the roster's main list and the players you "
            "add to a night, with every night they played kept. Bring them back from the "
            "Retired list.",
        )
    return redirect("clubs:player-detail", slug=club.slug, pk=player.pk)


@login_required
def player_merge(request: HttpRequest, slug: str, pk: int, other_pk: int) -> HttpResponse:
    """Merge two players of the club who are one person: a preview of what moves each way,
    then, posted with the player to keep, the merge itself. A merge deletes one of the two:
    a director's (clubs/roles.py)."""
    club, player = _get_player_for_user(request, slug, pk, Right.DELETE)
    other = get_object_or_404(Player, club=club, pk=other_pk)
    if other.pk == player.pk:
        # Only a typed address asks this: said plainly, back where the director came from.
        messages.error(
            request,
            f"{player.name} cannot be merged with themselves: nothing was merged. To merge "
            "two players, find the other one under “Merge with another player”.",
        )
        return redirect("clubs:player-detail", slug=club.slug, pk=player.pk)
    pair = {player.pk: player, other.pk: other}
    error = ""
    if request.method == "POST":
        keep = pair.get(_whole(request.POST.get("keep")))
        if keep is None:
            error = "Nothing was merged: choose which of the two players to keep."
        else:
            gone = other if keep is player else player
            try:
                merge = services.player_merge(keep=keep, other=gone)
            except ValidationError as exc:
                error = " ".join(exc.messages)
            else:
                moved = "; ".join(merge.lines + merge.details) or "nothing to move"
                messages.success(request, f"{gone.name} is merged into {keep.name}: {moved}.")
                return redirect("clubs:player-detail", slug=club.slug, pk=keep.pk)
            # A refused merge changed nothing; the two are read again as they are now, and if
            # another post merged one of them away meanwhile, there is nothing left to merge.
            now = {p.pk: p for p in Player.objects.filter(club=club, pk__in=pair)}
            if len(now) < len(pair):
                messages.error(request, error)
                left = next(iter(now.values()), None)
                if left is None:
                    return redirect("clubs:club-detail", slug=club.slug)
                return redirect("clubs:player-detail", slug=club.slug, pk=left.pk)
            player, other = now[player.pk], now[other.pk]
    choices, refused = [], ""
    for keep, gone in ((player, other), (other, player)):
        try:
            preview = services.player_merge_preview(keep=keep, other=gone)
        except ValidationError as exc:
            refused = " ".join(exc.messages)
            break
        choices.append(
            {"keep": keep, "gone": gone, "moved": preview.lines, "details": preview.details}
        )
    return render(
        request,
        "clubs/player_merge.html",
        {
            "club": club,
            "player": player,
            "other": other,
            "choices": choices,
            "refused": refused,
            "error": error,
            # The one kept by default: the one with more nights (the roster's usual spelling).
            "checked": max((player, other), key=lambda p: (p.entries.count(), p is player)).pk,
        },
    )


def _whole(text) -> int | None:
    return int(text) if isinstance(text, str) and text.isascii() and text.isdigit() else None

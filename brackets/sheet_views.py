"""The bracket's printouts: the bracket sheet for the wall and the match score sheets. Director
pages: the event comes through the app's one access helper, so another club's director, or
an event that is not a bracket, gets a 404."""

import dataclasses

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import prefetch_related_objects
from django.http import Http404, HttpRequest, HttpResponse

from tournaments.hidden import for_print
from tournaments.printouts.views import _info, _pdf

from . import services, sheets
from .views import _get_bracket_for_user, _page

SEED_FIRST = (
    "Seed the bracket first: its sheets are drawn from the seeded teams. Seed it below, by a "
    "draw or in your own order, then print."
)


def _now_or_refusal(request: HttpRequest, pk: int):
    """The bracket as it stands, or the bracket page answering 400 with what to do first."""
    bracket = _get_bracket_for_user(request, pk)
    now = services.bracket_now(bracket)
    if now is None:
        messages.error(request, SEED_FIRST)
        return None, _page(request, bracket, status=400)
    # Every team's name at once: a team without a name of its own is named by its players.
    prefetch_related_objects([t.partnership for t in now.teams.values()], "entries__player")
    return now, None


@login_required
def bracket_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """The bracket drawn on landscape pages: as it stands, or `?blank=1` as seeded, to fill
    in by hand on the wall."""
    now, refusal = _now_or_refusal(request, pk)
    if refusal is not None:
        return refusal
    event = now.bracket.event
    blank = request.GET.get("blank") == "1"
    title = "Bracket sheet, blank" if blank else "Bracket sheet"
    # The printouts' header and paper (the club's, or ?paper=), turned sideways.
    info = sheets.SheetInfo(**dataclasses.asdict(_info(request, event, title)))
    size = sheets.SheetSize.of(info.paper)
    sheet = sheets.bracket_sheet(now, sheets.sheet_columns(now, blank=blank), size, blank=blank)
    # For the wall: players who asked not to be shown are by their initials.
    sheet = for_print(sheet, club_id=event.club_id, event_id=event.pk)
    content = sheets.bracket_sheet_pdf(info, sheet, size, seeds=len(now.teams))
    return _pdf(content, event, "bracket-blank" if blank else "bracket")


@login_required
def match_score_sheets(request: HttpRequest, pk: int) -> HttpResponse:
    """Half a page a match being played or ready to call, or `?match=W2-1` for that one."""
    now, refusal = _now_or_refusal(request, pk)
    if refusal is not None:
        return refusal
    event = now.bracket.event
    code = request.GET.get("match") or None
    try:
        codes = sheets.sheet_codes(now, code)
    except KeyError:
        raise Http404("There is no such match in this bracket.") from None
    status = now.state.matches[code].status if code is not None else ""
    if status in ("bye", "not_needed"):
        why = {
            "bye": "is a bye: its team goes on without playing",
            "not_needed": "is not needed: the final was won by the team from the winners' side",
        }[status]
        messages.error(request, f"Match {code} {why}, so it has no score sheet.")
        return _page(request, now.bracket, status=400)
    game_points = event.ruleset().game_points
    found = sheets.match_sheets(now, codes, sheets.team_players(now), game_points)
    # The players' sheets: initials, as above.
    found = for_print(found, club_id=event.club_id, event_id=event.pk)
    title = f"Score sheet, match {code}" if code else "Match score sheets"
    content = sheets.match_sheets_pdf(_info(request, event, title), found)
    return _pdf(content, event, f"score-sheet-{code}" if code else "score-sheets")

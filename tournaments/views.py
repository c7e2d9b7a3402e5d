"""The director's side of a club night: events, check-in, rounds, tables and hands.

Views are thin: validate a form, call a service (which refuses with a message), redirect.
Every lookup goes through a `_get_<thing>_for_user` helper, so another club's director gets a
404 for anything that is not theirs.
"""

import datetime
import re
from functools import cache
from typing import NamedTuple

import markdown
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.html import escape, format_html
from django.utils.http import urlencode
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

import scoring
from clubs import dates, roles
from clubs.models import Club
from clubs.roles import Right, staff_role
from clubs.tables import pages_of
from clubs.text import name_key
from scoring import RULESETS

from . import edit_locks, history, services
from .forms import (
    CheckInForm,
    EntriesAddForm,
    EventForm,
    HandCorrectForm,
    HandEntryForm,
    PartnershipForm,
    PlayerFindForm,
    RoundCloseForm,
    StaysForm,
)
from .inputs import whole_number
from .models import SEAT_NAMES, Event, Hand, Round, Seat, Table, TableCard, side_teams
from .movements import movement_report
from .night_chart import night_chart
from .projector import hides_standings
from .services import ActionRefused
from .tables import EntryTable, HandTable, let_go

# Entrants a page of the check-in list (a 400-player night has four pages).
CHECK_IN_PAGE = 100


@cache
def _rules_document() -> str:
    # docs/rules.md is our own text, written for players; rendering it once per process is enough.
    text = (settings.BASE_DIR / "docs" / "rules.md").read_text(encoding="utf-8")
    # The page has its own h1 above the presets: every heading of the document goes one level
    # down, so its title is a section of the page (one h1 per page) and its parts stay inside.
    text = re.sub(r"^(#+) ", r"#\1 ", text, flags=re.MULTILINE)
    return mark_safe(_tables_in_scroll_boxes(markdown.markdown(text, extensions=["tables"])))


def _tables_in_scroll_boxes(html: str) -> str:
    """Each table of the guide in a box of its own that scrolls sideways on a narrow phone (or
    with big text) instead of the page, named for screen readers by the heading above it and
    its first column ("What a hand scores, by preset"), and reached with the Tab key."""
    heading = ""
    parts = []
    for piece in re.split(r"(<h[1-6][^>]*>.*?</h[1-6]>|<table>.*?</table>)", html, flags=re.S):
        if piece.startswith("<h"):
            heading = re.sub(r"<[^>]+>", "", piece)
        elif piece.startswith("<table>"):
            first = re.search(r"<th(?:\s[^>]*)?>(.*?)</th>", piece, flags=re.S)
            label = f"{heading}, by {first.group(1)}" if first else heading
            # The text is already HTML: only the label's quotes need escaping for the attribute.
            label = label.replace('"', "&quot;")
            piece = (
                f'<div class="scroll" role="region" tabindex="0" aria-label="{label}">{piece}</div>'
            )
        parts.append(piece)
    return "".join(parts)


def home(request: HttpRequest) -> HttpResponse:
    clubs = Club.objects.directed_by(request.user).prefetch_related(
        Prefetch("events", queryset=Event.objects.order_by("-date", "name"))
    )
    return render(
        request,
        "tournaments/home.html",
        {
            "rulesets": RULESETS.values(),
            "clubs": clubs,
            # A phone that opens the hall's address lands here: the clubs showing their results.
            "public_clubs": Club.objects.filter(results_public=True).only("name", "slug")[:50],
        },
    )


def rules(request: HttpRequest) -> HttpResponse:
    """What every preset scores, straight from the scoring engine, then the players' guide."""
    return render(
        request,
        "tournaments/rules.html",
        {"rulesets": RULESETS.values(), "document": _rules_document()},
    )


# --- Access: every lookup below goes through one of these -----------------------------------


def _get_club_for_user(request: HttpRequest, slug: str, right: str = Right.RUN_NIGHTS) -> Club:
    """The club, if the user is on its staff (any other club is a 404, so its name never
    leaks) and their role has the `right` (else a 403 in words: clubs/roles.py)."""
    return roles.club_for(request, slug, right)


# Each helper below also refuses, in words, a post that would change a night this server must
# not change (edit_locks.py: a night published from the hall's laptop); reading stays open.
# Every one of them runs a night (clubs/roles.py): a right beyond that is asked by the view.


def _get_event_for_user(request: HttpRequest, pk: int, right: str = Right.RUN_NIGHTS) -> Event:
    events = Event.objects.directed_by(request.user).select_related("club")
    event = get_object_or_404(events.annotate(staff_role=staff_role(request.user, "club")), pk=pk)
    roles.allow(request, event.staff_role, right)
    edit_locks.refuse_writes(request, event)
    return event


def _get_round_for_user(request: HttpRequest, pk: int, right: str = Right.RUN_NIGHTS) -> Round:
    rounds = Round.objects.filter(event__in=Event.objects.directed_by(request.user))
    rounds = rounds.annotate(staff_role=staff_role(request.user, "event__club"))
    round_ = get_object_or_404(rounds.select_related("event__club"), pk=pk)
    roles.allow(request, round_.staff_role, right)
    edit_locks.refuse_writes(request, round_.event)
    return round_


def _get_table_for_user(request: HttpRequest, pk: int, right: str = Right.RUN_NIGHTS) -> Table:
    tables = Table.objects.filter(round__event__in=Event.objects.directed_by(request.user))
    tables = tables.annotate(staff_role=staff_role(request.user, "round__event__club"))
    table = get_object_or_404(tables.select_related("round__event__club", "captain"), pk=pk)
    roles.allow(request, table.staff_role, right)
    edit_locks.refuse_writes(request, table.round.event)
    return table


def _get_hand_for_user(request: HttpRequest, pk: int, right: str = Right.RUN_NIGHTS) -> Hand:
    hands = Hand.objects.filter(table__round__event__in=Event.objects.directed_by(request.user))
    hands = hands.annotate(staff_role=staff_role(request.user, "table__round__event__club"))
    hand = get_object_or_404(hands.select_related("table__round__event__club"), pk=pk)
    roles.allow(request, hand.staff_role, right)
    edit_locks.refuse_writes(request, hand.table.round.event)
    return hand


# --- The club's table cards -------------------------------------------------------------------


@login_required
@require_POST
def table_cards_reissue(request: HttpRequest, slug: str) -> HttpResponse:
    """New links and codes for every card of the club: the old cards stop working at once."""
    club = _get_club_for_user(request, slug, Right.REISSUE_CARDS)
    if request.POST.get("understood") != "yes":
        messages.error(
            request,
            "Tick the box to say you will print and hand out the new cards: the old ones stop "
            "working at once.",
        )
        return redirect(reverse("clubs:club-detail", args=[club.slug]) + "#table-cards")
    count = services.table_cards_reissue(club=club)
    messages.success(
        request,
        f"Reissued {count} table card{pluralize(count)}: the old cards no longer open any table. "
        "Print the new set and put them on the tables.",
    )
    return redirect(reverse("clubs:club-detail", args=[club.slug]) + "#table-cards")


# --- Events ---------------------------------------------------------------------------------


@login_required
def event_create(request: HttpRequest, slug: str) -> HttpResponse:
    club = _get_club_for_user(request, slug)
    # The club's rules (preset and house values) are the starting point; the event keeps a copy.
    event = Event(club=club, rules_preset=club.rules_preset, **club.house_rules())
    form = EventForm(request.POST or None, instance=event, initial={"date": timezone.localdate()})
    if request.method == "POST" and form.is_valid():
        event, made = services.event_create(form=form)
        if made:
            messages.success(request, f"{event.name} created. Add the players who came tonight.")
        else:
            messages.info(
                request,
                f"This form was sent twice: {event.name} was created once, and here it is.",
            )
        return redirect("tournaments:event-detail", pk=event.pk)
    return render(request, "tournaments/event_form.html", {"club": club, "form": form})


@login_required
def event_edit(request: HttpRequest, pk: int) -> HttpResponse:
    event = _get_event_for_user(request, pk)
    # The form itself is only for changing: refused before it is filled in, not after.
    edit_locks.refuse_changes(event)
    seated = event.rounds.count()
    scored = Hand.objects.filter(table__round__event=event).exists()
    form = EventForm(
        request.POST or None, instance=event, lock_rules=seated > 0, lock_points=scored
    )
    if request.method == "POST" and form.is_valid():
        if form.cleaned_data["rounds_planned"] < seated:
            form.add_error(
                "rounds_planned",
                f"{seated} rounds have already been seated: the event needs at least {seated}.",
            )
        else:
            form.save()
            messages.success(request, "Event saved.")
            return redirect("tournaments:event-detail", pk=event.pk)
    return render(
        request, "tournaments/event_form.html", {"club": event.club, "form": form, "event": event}
    )


def _render_event(
    request: HttpRequest,
    event: Event,
    *,
    find: str | None = None,
    add_form: EntriesAddForm | None = None,
    partnership_form: PartnershipForm | None = None,
) -> HttpResponse:
    """The event page. `find` is the add-players search (?find=, or the one a refused post
    was ticked from); an htmx request for the search gets the found players alone."""
    find_form = PlayerFindForm(request.GET if find is None else {"find": find})
    found = find_form.found(event)
    add_form = add_form or EntriesAddForm(event=event)
    add_form.show(found.players if found else [])
    add = {"event": event, "find_form": find_form, "found": found, "add_form": add_form}
    if request.htmx and not request.htmx.history_restore_request:
        # The search as the director types (htmx): only the list of players found is sent.
        return _vary_on_htmx(render(request, "tournaments/_add_players.html", add))
    entries = event.entries.select_related("player", "partnership").prefetch_related(
        "partnership__entries__player"
    )
    rounds = list(event.rounds.order_by("number"))
    last = rounds[-1] if rounds else None
    # The last round closed: nobody sits anywhere again, so no card can be wrong and no one
    # is checked in for a next round (until the director plans more rounds).
    night_over = (
        last is not None
        and last.is_closed
        and last.number >= event.rounds_planned
        and not event.is_bracket  # its rounds are its games, as many as its matches need
    )
    hidden = ("partnership",) if not event.is_pairs else ()
    # A bracket has no check-in: a team plays each match as it is called, partners together.
    if event.is_bracket:
        hidden = (*hidden, "present", "status")
    table = EntryTable(entries, exclude=(*hidden, "present") if night_over else hidden)
    RequestConfig(request, paginate={"paginator_class": pages_of(CHECK_IN_PAGE)}).configure(table)
    sit_outs: dict[int, list[str]] = {}
    for seat in Seat.objects.filter(round__event=event, table=None).select_related("player"):
        sit_outs.setdefault(seat.round_id, []).append(seat.player.name)
    for round_ in rounds:
        round_.sit_out_names = sorted(sit_outs.get(round_.pk, []), key=name_key)
    present = sum(1 for e in entries if e.present)
    # A player who cannot move (progressive nights only: pairs move together).
    stays, planned = None, None
    if not event.is_pairs and not night_over:
        by_name = sorted(entries, key=lambda e: e.player.sort_name)
        # The table each keeps, as the plan keeps it (and the tally cards and preview say);
        # planned only when someone stays.
        planned, at = (
            services.night_stays(event=event) if any(e.stays for e in entries) else (None, {})
        )
        for entry in by_name:
            entry.stays_at = at.get(entry.player_id) if entry.stays else None
        staying = [e for e in by_name if e.stays]
        stays = {
            "staying": staying,
            "choices": [e for e in by_name if not e.stays],
            "tables": present // 4,
            # More stay than the players checked in make tables: seating would refuse.
            "too_many": sum(e.present for e in staying) > present // 4,
        }
    tally_printed, card_changes = (
        (None, None)
        if night_over or event.is_bracket
        else services.tally_card_changes(event=event, night=planned)
    )
    response = _vary_on_htmx(
        render(
            request,
            "tournaments/event_detail.html",
            {
                **add,
                "rules": event.ruleset(),
                "entries": table,
                "entry_count": len(entries),
                "present_count": present,
                "sit_out_count": present % 4 if not event.is_pairs else None,
                "partnership_form": (partnership_form or PartnershipForm(event=event))
                if event.is_pairs
                else None,
                "partnerships": event.partnerships.prefetch_related("entries__player"),
                "stays": stays,
                "rounds": rounds,
                "next_round": (last.number + 1) if last else 1,
                "can_seat": (last is None or last.is_closed)
                and (last.number if last else 0) < event.rounds_planned,
                "round_in_play": last if last and not last.is_closed else None,
                "tally_printed": tally_printed,
                "card_changes": card_changes,
                "night_over": night_over,
                # Hidden until the last round closes, as the players' pages are (points_shown).
                "standings_hidden_now": hides_standings(event) and not night_over,
            },
        )
    )
    let_go(table)
    return response


def _vary_on_htmx(response: HttpResponse) -> HttpResponse:
    # The same address answers a whole page or its htmx part: a cache must keep them apart.
    patch_vary_headers(response, ["HX-Request"])
    return response


@login_required
def event_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _render_event(request, _get_event_for_user(request, pk))


@login_required
@require_POST
def entries_add(request: HttpRequest, pk: int) -> HttpResponse:
    event = _get_event_for_user(request, pk)
    # The search the players were ticked from: shown again, with what is left to add.
    find_form = PlayerFindForm({"find": request.POST.get("find", "")})
    find = find_form.cleaned_data["find"] if find_form.is_valid() else ""
    form = EntriesAddForm(request.POST, event=event)
    if not form.is_valid():
        return _render_event(request, event, find=find, add_form=form)
    try:
        added = services.entries_add(event=event, players=list(form.cleaned_data["players"]))
    except ActionRefused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"Added {added} player{pluralize(added)}, checked in.")
    address = reverse("tournaments:event-detail", args=[event.pk])
    return redirect(f"{address}?{urlencode({'find': find})}#add-players" if find else address)


@login_required
@require_POST
def entries_check_in(request: HttpRequest, pk: int) -> HttpResponse:
    event = _get_event_for_user(request, pk)
    form = CheckInForm(request.POST, event=event)
    if not form.is_valid():
        messages.error(request, "Only this event's entrants can be checked in: reload the page.")
        return redirect("tournaments:event-detail", pk=event.pk)
    present = {p.pk for p in form.cleaned_data["present"]}
    shown = {p.pk for p in form.cleaned_data["shown"]} or None
    services.entries_set_present(event=event, present_ids=present, shown_ids=shown)
    here, total = services.players_checked_in(event), event.entries.count()
    messages.success(request, f"Check-in saved: {here} of {total} here for the next round.")
    # Back to the page of the list the director was on.
    page = whole_number(request.GET.get("page", ""), low=2)
    query = f"?page={page}" if page else ""
    return redirect(reverse("tournaments:event-detail", args=[event.pk]) + query)


@login_required
@require_POST
def entry_stays(request: HttpRequest, pk: int) -> HttpResponse:
    """Mark an entrant as staying at one table all night, or let them move again."""
    event = _get_event_for_user(request, pk)
    form = StaysForm(request.POST, event=event)
    address = reverse("tournaments:event-detail", args=[event.pk]) + "#stays"
    if not form.is_valid():
        messages.error(request, "Choose one of this event's players: reload the page.")
        return redirect(address)
    player, stays = form.cleaned_data["player"], form.cleaned_data["stays"]
    try:
        services.entry_set_stays(event=event, player_id=player.pk, stays=stays)
    except ActionRefused as exc:
        messages.error(request, exc.message)
        # The page's top, where the message is: at the card it would look as if nothing
        # happened.
        return redirect("tournaments:event-detail", pk=event.pk)
    else:
        messages.success(
            request,
            f"{player.name} stays at one table from the next round seated."
            if stays
            else f"{player.name} moves with everyone else from the next round seated.",
        )
    return redirect(address)


@login_required
@require_POST
def partnership_add(request: HttpRequest, pk: int) -> HttpResponse:
    event = _get_event_for_user(request, pk)
    form = PartnershipForm(request.POST, event=event)
    if not form.is_valid():
        return _render_event(request, event, partnership_form=form)
    try:
        partnership = services.partnership_register(
            event=event,
            first=form.cleaned_data["first"],
            second=form.cleaned_data["second"],
            name=form.cleaned_data["name"],
        )
    except ActionRefused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"Partnership registered: {partnership}.")
    return redirect("tournaments:event-detail", pk=event.pk)


@login_required
def round_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """Who would sit where in the next round, and the movement's quality, before seating."""
    event = _get_event_for_user(request, pk)
    try:
        plan = services.round_preview(event=event)
    except ActionRefused as exc:
        messages.error(request, exc.message)
        return redirect("tournaments:event-detail", pk=event.pk)
    names = dict(event.entries.values_list("player_id", "player__name"))
    played = plan.played
    chart = night_chart(plan, event, names)
    night = _report_lines(plan.night, names, event, plan.stays)
    # Before the night's last round, the rounds so far are the whole night: one report.
    so_far = (
        night
        if played + 1 >= len(plan.night)
        else _report_lines(plan.night[: played + 1], names, event, plan.stays)
    )
    tables = [
        {
            "number": number,
            # North captains the table (services.round_seat).
            "seats": [
                (SEAT_NAMES[pos], names[pid], pos == "N")
                for pos, pid in zip("NESW", table, strict=True)
            ],
        }
        for number, table in enumerate(plan.next.tables, start=event.table_offset() + 1)
    ]
    stay_at = services.stay_tables(event, plan)
    staying = sorted((number, names[pid]) for pid, number in stay_at.items())
    for table in tables:
        table["stays"] = [name for number, name in staying if number == table["number"]]
    return render(
        request,
        "tournaments/round_preview.html",
        {
            "event": event,
            "number": played + 1,
            # Round 1 of a night balanced by rating: seated so, or the usual draw and why.
            "balanced": played == 0 and event.balanced_draw and not event.is_pairs,
            "drawn_by_rating": plan.balanced,
            "tables": tables,
            "sit_outs": sorted((names[pid] for pid in plan.next.sit_out), key=name_key),
            "staying": staying,
            # The night with them staying, beside the night if nobody stayed (services).
            "stays_cost": services.stays_cost(plan),
            "so_far": so_far,
            "night": night,
            "night_rounds": len(plan.night),
            "chart": chart,
            "chart_html": mark_safe(  # Jinja2 escapes every name (autoescape)
                render_to_string(
                    "tournaments/_chart.jinja",
                    {"chart": chart, "number": played + 1},
                    using="jinja2",
                )
            ),
        },
    )


# The movement report is plain text; a name goes in as this marker around the player's id, so
# the page can escape the words and set each name in <bdi>.
_NAME_MARK = re.compile("\ue000(\\d+)\ue001")


def _report_lines(rounds, names: dict[int, str], event: Event, stays=()) -> list[str]:
    # Partners stay together all night in a pairs event: its report is about partnerships.
    # Players who stay at one table never sit out: the sit-outs are judged among the others.
    marks = {pid: f"\ue000{pid}\ue001" for pid in names}
    lines = movement_report(rounds, stays=stays).lines(marks, fixed_partners=event.is_pairs)
    return [
        mark_safe(  # every piece is escaped here: the words, and each name inside its <bdi>
            "".join(
                format_html("<bdi>{}</bdi>", names[int(piece)]) if i % 2 else escape(piece)
                for i, piece in enumerate(_NAME_MARK.split(line))
            )
        )
        for line in lines
    ]


@login_required
@require_POST
def round_seat(request: HttpRequest, pk: int) -> HttpResponse:
    event = _get_event_for_user(request, pk)
    try:
        round_ = services.round_seat(event=event)
    except ActionRefused as exc:
        messages.error(request, exc.message)
        return redirect("tournaments:event-detail", pk=event.pk)
    sitting_out = [s.player.name for s in round_.seats.filter(table=None).select_related("player")]
    text = f"Round {round_.number} seated at {round_.tables.count()} tables."
    if sitting_out:
        text += f" Sitting out: {', '.join(sitting_out)}."
    messages.success(request, text)
    return redirect("tournaments:round-detail", pk=round_.pk)


# --- Rounds, tables and hands ---------------------------------------------------------------


def _hands_label(event: Event, count: int) -> str:
    max_hands = event.max_hands()
    return (
        f"{count} of {max_hands}"
        if max_hands
        else f"{count} (game to {event.ruleset().game_points})"
    )


def _addresses(name: str):
    """reverse(name, args=[key]) for many keys (ids, or tokens, which are slugs and need no
    quoting): the address is looked up once and the key set in its place, where reverse()
    walked the URL patterns again for each of a round page's 300 links."""
    mark = "9081726354"
    head, tail = reverse(name, args=[mark]).split(mark)
    return lambda key: f"{head}{key}{tail}"


def _clock(moment: datetime.datetime, event: Event) -> str:
    # As the Django templates' {{ moment|clock:event }}: where and as the club writes it.
    return dates.clock(moment, event)


class _Sitter(NamedTuple):
    """A seated player, as the round page shows them."""

    pk: int
    name: str


def _round_rows(round_: Round) -> list[dict]:
    """One row per table: who sits where, hands entered, running score, its state, and the
    director's corrections."""
    event = round_.event
    now = timezone.now()
    table_url = _addresses("tournaments:table-detail")
    history_url = _addresses("tournaments:table-history")
    captain_url = _addresses("tournaments:captain-table")
    cards = {c.number: c for c in TableCard.objects.filter(club_id=event.club_id)}
    tables = list(round_.tables.select_related("confirmed_by"))
    # The round's seats and hands in one query each, grouped here: prefetch_related with a
    # Prefetch queryset clones that queryset once per table (100 tables, 200 clones a load).
    # A seat's player is only a name here: 400 Seat and 400 Player objects were a third of
    # the page's time.
    seats_of: dict[int, dict] = {t.pk: {} for t in tables}
    seats = Seat.objects.filter(round=round_, table__isnull=False).order_by()
    for table_id, position, pk, name in seats.values_list(
        "table_id", "position", "player_id", "player__name"
    ):
        seats_of[table_id][position] = _Sitter(pk, name)
    hands_of: dict[int, list[Hand]] = {t.pk: [] for t in tables}
    for hand in Hand.objects.filter(table__round=round_).order_by("table_id", "number"):
        hands_of[hand.table_id].append(hand)
    corrected = history.corrections(tables)
    # A pairs event's named partnerships, one query for the round (none for a progressive one).
    names = event.team_names([p.pk for seats in seats_of.values() for p in seats.values()])
    rows = []
    for table in tables:
        table.round = round_  # replay() reads the event's rules through the round
        hands = hands_of[table.pk]
        game = table.replay(hands)
        seats = seats_of[table.pk]  # by position
        card = cards.get(table.number)
        last = _last_report(round_, table, hands, game.finished, now)
        rows.append(
            {
                "table": table,
                "url": table_url(table.pk),
                "card": card,
                "captain_url": f"{captain_url(card.token)}?table={table.pk}"
                if card and not round_.is_closed
                else "",
                "seats": [
                    (SEAT_NAMES[p], seats[p], seats[p].pk == table.captain_id)
                    for p in "NESW"
                    if p in seats
                ],
                "hands": _hands_label(event, len(hands)),
                **last,
                "reported_time": _clock(last["reported"], event) if last["reported"] else "",
                "confirmed_time": _clock(table.confirmed_at, event) if table.confirmed_at else "",
                "score": game.score,
                "teams": side_teams(seats, names),
                "finished": game.finished,
                # Finished, but no opponent has confirmed: the round closes only on purpose.
                "unconfirmed": game.finished and table.confirmed_at is None,
                "corrections": corrected[table.pk],
                # The partial the captain's page and the table page share, for the few
                # tables the director corrected.
                "corrections_html": render_to_string(
                    "tournaments/_corrections.html",
                    {
                        "corrections": corrected[table.pk],
                        "history_url": history_url(table.pk),
                        "round": round_,
                    },
                )
                if corrected[table.pk]
                else "",
            }
        )
    return rows


# A table still playing that has not reported for this long stands out on the round page: a
# hand takes a few minutes, so its phone has likely lost the connection (its captain's hands
# wait on the phone) or nobody is entering.
QUIET_AFTER = datetime.timedelta(minutes=10)


def _last_report(round_: Round, table, hands, finished: bool, now) -> dict:
    """When the table last reported (its last hand entered, or its result confirmed; the
    round's seating before either), and whether it has gone quiet while still playing."""
    reported = max(
        [h.entered_at for h in hands] + ([table.confirmed_at] if table.confirmed_at else []),
        default=None,
    )
    since = reported or round_.seated_at
    quiet = not round_.is_closed and not finished and now - since >= QUIET_AFTER
    return {
        "reported": reported,
        "quiet_minutes": int((now - since).total_seconds() // 60) if quiet else 0,
    }


def _render_round(request: HttpRequest, round_: Round, close_form=None) -> HttpResponse:
    rows = _round_rows(round_)
    unconfirmed = [r["table"].number for r in rows if r["unconfirmed"]]
    quiet = [r["table"].number for r in rows if r["quiet_minutes"]]
    context = {
        "round": round_,
        "event": round_.event,
        "tables": rows,
        "tables_html": mark_safe(  # Jinja2 escapes every name and reason (autoescape)
            render_to_string(
                "tournaments/_round_tables.jinja",
                {"tables": rows, "seated_time": _clock(round_.seated_at, round_.event)},
                using="jinja2",
            )
        ),
        "finished_count": sum(1 for r in rows if r["finished"]),
        "table_count": len(rows),
        "unconfirmed": unconfirmed,
        "unconfirmed_words": services.tables_list(unconfirmed) if unconfirmed else "",
        "unconfirmed_value": ",".join(map(str, unconfirmed)),
        "quiet_words": services.tables_list(quiet) if quiet else "",
        "quiet_after": int(QUIET_AFTER.total_seconds() // 60),
        "now": timezone.now(),
    }
    if request.htmx:
        # The page's live part asks for itself every 20 seconds (htmx): only the tables are
        # sent and swapped, so a reason being typed below is never wiped.
        return render(request, "tournaments/_round_live.html", context)
    sit_outs = sorted(
        round_.seats.filter(table=None).select_related("player"),
        key=lambda s: name_key(s.player.name),
    )
    context.update(sit_outs=sit_outs, close_form=close_form or RoundCloseForm())
    return render(request, "tournaments/round_detail.html", context)


@login_required
def round_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _render_round(request, _get_round_for_user(request, pk))


@login_required
@require_POST
def round_close(request: HttpRequest, pk: int) -> HttpResponse:
    round_ = _get_round_for_user(request, pk)
    form = RoundCloseForm(request.POST, tables=round_.tables.values_list("number", flat=True))
    if form.is_valid():
        try:
            services.round_close(
                round=round_,
                reason=form.cleaned_data["reason"],
                unconfirmed_ok=form.cleaned_data["unconfirmed"],
            )
        except ActionRefused as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, f"Round {round_.number} closed.")
            return redirect("tournaments:event-detail", pk=round_.event_id)
    # Shown again with what was typed and why it was refused, never a redirect that loses it.
    return _render_round(request, round_, close_form=form)


@login_required
@require_POST
def round_call_time(request: HttpRequest, pk: int) -> HttpResponse:
    round_ = _get_round_for_user(request, pk)
    try:
        round_ = services.round_call_time(round=round_)
    except ActionRefused as exc:
        messages.error(request, exc.message)
    else:
        called = dates.clock(round_.time_called_at, round_.event)
        messages.success(
            request,
            f"Time called in round {round_.number} at {called}: each table finishes the "
            "hand in play. Once every table has finished, close the round.",
        )
    return redirect("tournaments:round-detail", pk=round_.pk)


def _seats(table: Table) -> dict:
    return {s.position: s.player for s in table.seats.select_related("player")}


def _seat_words(seats: dict, position: str) -> str:
    player = seats.get(position)
    return f"{player.name} ({SEAT_NAMES[position]})" if player else SEAT_NAMES[position]


def _render_table(
    request: HttpRequest, table: Table, *, form: HandEntryForm | None = None
) -> HttpResponse:
    round_ = table.round
    event = round_.event
    hands = list(table.hands.order_by("number"))
    game = table.replay(hands)
    seats = _seats(table)
    corrections = history.corrections([table])[table.pk]
    open_for_entry = not round_.is_closed and not game.finished
    if form is None and open_for_entry:
        form = HandEntryForm(rules=event.ruleset(), seats=seats, initial={"number": len(hands) + 1})
    return render(
        request,
        "tournaments/table_detail.html",
        {
            "corrections": corrections,
            "table": table,
            "round": round_,
            "event": event,
            "seats": [(SEAT_NAMES[p], seats.get(p)) for p in "NESW"],
            "hands": HandTable(
                hands, seats=seats, corrected={c.hand_number for c in corrections.items}
            ),
            "hands_label": _hands_label(event, len(hands)),
            "game": game,
            "next_number": len(hands) + 1,
            "next_dealer": _seat_words(seats, game.dealer),
            "form": form if open_for_entry else None,
        },
    )


@login_required
def table_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _render_table(request, _get_table_for_user(request, pk))


@login_required
def table_history(request: HttpRequest, pk: int) -> HttpResponse:
    """Every version of every hand at the table: who entered, fixed or corrected it, and why."""
    table = _get_table_for_user(request, pk)
    return render(
        request,
        "tournaments/table_history.html",
        {
            "table": table,
            "round": table.round,
            "event": table.round.event,
            "hands": history.table_versions(table),
        },
    )


@login_required
@require_POST
def hand_add(request: HttpRequest, pk: int) -> HttpResponse:
    table = _get_table_for_user(request, pk)
    form = HandEntryForm(request.POST, rules=table.round.event.ruleset(), seats=_seats(table))
    if not form.is_valid():
        return _render_table(request, table, form=form)
    try:
        hand = services.hand_record(
            table=table,
            number=form.cleaned_data["number"],
            data=form.hand_data(),
            user=request.user,
        )
    except scoring.HandError as err:
        if err.code in ("game_over", "round_over"):
            # The table is done, so the page has no form to show the message in.
            messages.error(request, err.message)
            return redirect("tournaments:table-detail", pk=table.pk)
        form.add_hand_error(err)
        return _render_table(request, table, form=form)
    except ActionRefused as exc:
        messages.error(request, exc.message)
        return redirect("tournaments:table-detail", pk=table.pk)
    messages.success(request, f"Hand {hand.number}: {hand.description}.")
    return redirect("tournaments:table-detail", pk=table.pk)


@login_required
def hand_correct(request: HttpRequest, pk: int) -> HttpResponse:
    hand = _get_hand_for_user(request, pk)
    edit_locks.refuse_changes(hand.table.round.event)  # the form is only for changing
    table = hand.table
    rules = table.round.event.ruleset()
    seats = _seats(table)
    if request.method == "POST":
        form = HandCorrectForm(request.POST, rules=rules, seats=seats)
        if form.is_valid():
            try:
                hand = services.hand_correct(
                    hand=hand,
                    data=form.hand_data(),
                    reason=form.cleaned_data["reason"],
                    user=request.user,
                )
            except scoring.HandError as err:
                form.add_hand_error(err)
            except ActionRefused as exc:
                form.add_error(None, exc.message)
            else:
                said = f"Hand {hand.number} corrected: {hand.description}."
                messages.success(request, " ".join(filter(None, [said, hand.changed_words])))
                return redirect("tournaments:table-detail", pk=table.pk)
    else:
        form = HandCorrectForm(rules=rules, seats=seats, initial=HandCorrectForm.initial_from(hand))
    return render(
        request,
        "tournaments/hand_correct.html",
        {
            "hand": hand,
            "table": table,
            "round": table.round,
            "event": table.round.event,
            "form": form,
            "history": history.hand_versions(hand),
        },
    )

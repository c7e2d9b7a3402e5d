"""The table page and what a captain does on it: enter, check and confirm a hand, fix or delete
one, and have an opponent confirm the result."""

import functools
import hashlib
import json

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template import engines
from django.template.backends.utils import csrf_input
from django.template.loader import render_to_string
from django.urls import get_script_prefix, reverse
from django.utils.html import format_html, format_html_join
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

import scoring
from clubs import dates
from clubs.models import Player
from tournaments import format_pages, history, reads, services
from tournaments.models import SEAT_NAMES, SIDE_NAMES, Hand, Table, TableCard, side_teams
from tournaments.services import ActionRefused, HandTaken
from tournaments.text import signed

from .access import (
    ChooseEvent,
    NoTableNow,
    TableLocked,
    card_status,
    int_or_none,
    table_for_card,
)
from .forms import CaptainFixForm, CaptainHandForm, Drawn, LastHandForm

# A kept hand sent after its table stopped being in play (the round closed meanwhile).
STALE_SEND = (
    "Its round is no longer in play at this table, so it was not recorded: tell the director, "
    "who can enter it."
)

# A kept hand sent with a card that no longer opens anything (reissued: its old link is unknown).
REISSUED_SEND = "This table card no longer opens a table (it was reissued): tell the director."

# --- What the page shows ----------------------------------------------------------------------


def _side_label(side: str, seats: dict[str, Player], teams: dict[str, str] | None = None) -> str:
    # Each name in <bdi>, so a right-to-left name keeps its place beside the side's score.
    names = [(seats[p].name,) for p in side if p in seats]
    if not names:
        return SIDE_NAMES[side]
    players = format_html_join(" & ", "<bdi>{}</bdi>", names)
    team = (teams or {}).get(side)
    if team:  # a pairs event's named partnership, as the standings call it
        return format_html("{}: <bdi>{}</bdi> ({})", SIDE_NAMES[side], team, players)
    return format_html("{} ({})", SIDE_NAMES[side], players)


def _table_context(table: Table, seats: dict | None = None, hands: list | None = None) -> dict:
    """Everything the table page shows, read once: seats, hands with running score, state.
    A view that has read the seats or the hands already (and changed nothing) passes them."""
    seats = reads.seats(table) if seats is None else seats
    hands = reads.hands(table) if hands is None else hands
    game = table.replay(hands)
    rows, totals = [], {"NS": 0, "EW": 0}
    for hand in hands:
        totals = {"NS": totals["NS"] + hand.ns_points, "EW": totals["EW"] + hand.ew_points}
        rows.append({"hand": hand, "dealer": seats.get(hand.dealer), "score": totals})
    captain_seat = next((p for p, pl in seats.items() if pl.pk == table.captain_id), "N")
    captain_side = scoring.side_of(captain_seat)
    is_open = not table.round.is_closed and table.confirmed_at is None
    teams = side_teams(seats, table.round.event.team_names(list(seats.values())))
    return {
        "table": table,
        "round": table.round,
        "event": table.round.event,
        "seats": [
            {"name": SEAT_NAMES[p], "player": seats[p], "is_captain": p == captain_seat}
            for p in "NESW"
            if p in seats
        ],
        "sides": {side: _side_label(side, seats, teams) for side in ("NS", "EW")},
        "winner": _side_label(game.winner, seats, teams) if game.winner else "",
        "rows": rows,
        "game": game,
        "score": game.score,
        "last_hand": hands[-1] if hands else None,
        "next_number": len(hands) + 1,
        "dealer": {"seat": SEAT_NAMES[game.dealer], "player": seats.get(game.dealer)},
        # The table's own limit: the round's hands, or fewer once time is called.
        "max_hands": table.hand_limit(),
        "game_points": table.rules().game_points,
        "is_open": is_open,
        "can_enter": is_open and not game.finished,
        "can_confirm": is_open and game.finished,
        "opponents": [
            {"seat": SEAT_NAMES[p], "player": seats[p]}
            for p in "NESW"
            if p in seats and scoring.side_of(p) != captain_side
        ],
        "seen": services.table_fingerprint(hands),
        "seats_by_position": seats,
        # The dealers from the next hand on, for the page's script: a hand kept on the phone
        # while the connection is down moves the form on to the next hand and its dealer.
        "dealers": json.dumps(
            [[seats[p].name if p in seats else "", SEAT_NAMES[p]] for p in _deal_order(game.dealer)]
        ),
        "corrections": history.corrections([table])[table.pk],
        # A bracket's game: the match, the game and who leads ("" for a night's round).
        "match_now": format_pages.match_heading(table),
        # What others may change while the page is open, for static/captain.js to ask after.
        "state": page_state(table, hands),
    }


def page_state(table: Table, hands: list[Hand]) -> str:
    """A short fingerprint of what a captain's page shows that someone else can change while
    it is open: the director calling time or closing the round, an opponent confirming on
    another phone, a hand entered, fixed or corrected elsewhere. The page carries it
    (data-state) and `table_state` answers it as it is now, from the same two reads."""
    round_ = table.round
    moments = (round_.time_called_at, round_.closed_at, table.confirmed_at)
    text = repr(
        (
            table.pk,
            round_.status,
            *(moment.timestamp() if moment else None for moment in moments),
            table.hands_at_time,
            table.confirmed_by_id,
            services.table_fingerprint(hands),
        )
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _deal_order(first: str) -> list[str]:
    order = [first]
    while len(order) < 4:
        order.append(scoring.next_dealer(order[-1]))
    return order


def _entry_summary(form: CaptainHandForm, seats: dict[str, Player]) -> list[str]:
    """What the captain entered, in words, to read back before confirming."""
    data = form.cleaned_data
    if data.get("thrown_in"):
        return ["No one called trump: all four passed twice."]
    maker = seats.get(data["maker"])
    alone = ", alone" if data.get("alone") else ""
    if maker:
        who = format_html("<bdi>{}</bdi> ({})", maker.name, SEAT_NAMES[data["maker"]])
        lines = [format_html("{} called trump{}.", who, alone)]
    else:
        lines = [f"{data['maker']} called trump{alone}."]
    defender = seats.get(data.get("lone_defender") or "")
    if defender:
        lines.append(format_html("<bdi>{}</bdi> defended alone.", defender.name))
    if data.get("tricks") is not None:
        lines.append(f"The makers took {data['tricks']} trick{'s' if data['tricks'] != 1 else ''}.")
    if data.get("irregularity"):
        label = dict(Hand.Irregularity.choices)[data["irregularity"]]
        side = data.get("offending_side")
        side_text = {"both": " by both sides", **{s: f" by {n}" for s, n in SIDE_NAMES.items()}}
        lines.append(f"{label}{side_text.get(side, '')}.")
    return lines


@functools.lru_cache(maxsize=1024)
def _card_page(token: str, prefix: str) -> str:
    # Kept: reversing a URL costs a captain's request more than a query does, and a card's
    # address is the same on every request (for the site's one script prefix).
    return reverse("tournaments:captain-table", args=[token])


def _table_address(card: TableCard, table: Table, name: str = "table") -> str:
    """A captain page's address: the card's, naming the table the page was shown for."""
    return _addresses(card, table)[name]


def _addresses(card: TableCard, table: Table) -> dict[str, str]:
    """Every address the table page links or posts to. The card's own address is reversed
    once and the others follow it (tournaments/urls.py names each `captain-<name>` as
    `<name>/` under it, which the captain tests follow through every one)."""
    page = _card_page(card.token, get_script_prefix())
    query = f"?table={table.pk}"
    names = ("hand", "fix", "delete", "confirm", "send", "state")
    return {"table": page + query, **{name: f"{page}{name}/{query}" for name in names}}


def _render(
    request: HttpRequest,
    card: TableCard,
    table: Table,
    *,
    form: CaptainHandForm | None = None,
    preview: dict | None = None,
    refusal: str = "",
    fixing: Hand | None = None,
    status: int = 200,
    seats: dict | None = None,
    hands: list | None = None,
) -> HttpResponse:
    context = _table_context(table, seats, hands)
    if form is None and context["can_enter"] and fixing is None:
        form = CaptainHandForm(
            table=table,
            seats=context["seats_by_position"],
            initial={"number": context["next_number"]},
        )
    if not context["is_open"]:
        form = preview = fixing = None
    if form is not None and form.is_bound and form.errors:
        form.focus_first_problem()
    context.update(
        card=card,
        urls=_addresses(card, table),
        form=form,
        preview=preview,
        refusal=refusal,
        fixing=fixing,
    )
    return _page(request, context, status)


@functools.lru_cache(maxsize=4096)
def _field_html(kind: str, field: Drawn) -> str:
    """A field's markup from its macro in _inputs.jinja, kept by its whole input (a frozen
    Drawn). Between two hands most fields are drawn exactly as before (the same players, no
    irregularity, the tricks not yet chosen), so most are not drawn again."""
    macros = engines["jinja2"].env.get_template("tournaments/captain/_inputs.jinja").module
    return getattr(macros, kind)(field)


# A field's hidden input at the check step (`_hidden_html`), by what decides its markup.
_hidden_inputs: dict[tuple, str] = {}


def _hidden_html(field) -> str:
    """`field.as_hidden()`, kept. The check step carries every field of the entry as a hidden
    input, and Django draws each through its template engine (a third of a Check's time).
    Between two checks only the values change, among a few: its markup is kept by the
    form's class, the field's name and id, and its value (the attributes Django adds besides
    depend on the field alone). Bounded: values typed by hand could otherwise grow it."""
    value = field.value()
    try:
        key = (type(field.form), field.html_name, field.auto_id, type(value), value)
        html = _hidden_inputs.get(key)
    except TypeError:  # a value that cannot be a key (a list): drawn each time
        return field.as_hidden()
    if html is None:
        if len(_hidden_inputs) >= 4096:
            _hidden_inputs.clear()
        html = _hidden_inputs[key] = field.as_hidden()
    return html


def _page(request: HttpRequest, context: dict, status: int) -> HttpResponse:
    """The table page, from Jinja2 (table.jinja). The director's corrections share their
    partial with the director's pages, so they stay in Django's templates, rendered only when
    there are some."""
    corrections = context["corrections"]
    context["corrections_html"] = (
        render_to_string(
            "tournaments/_corrections.html", {"corrections": corrections, "round": context["round"]}
        )
        if corrections
        else ""
    )
    if context["table"].confirmed_at:
        context["confirmed_time"] = dates.clock(context["table"].confirmed_at, context["round"])
    # One token for the page's forms: the backend's `csrf_input` masks a new one at each use.
    context["csrf"] = csrf_input(request)
    context["field_html"] = _field_html
    context["hidden_html"] = _hidden_html
    page = render_to_string("tournaments/captain/table.jinja", context, request, using="jinja2")
    return HttpResponse(page, status=status)


def _refused(request: HttpRequest, card: TableCard, table: Table, message: str) -> HttpResponse:
    return _render(request, card, table, refusal=message, status=409)


def _back(card: TableCard, table: Table) -> HttpResponse:
    return redirect(_table_address(card, table))


def _preview(card, table, form, seats, hand: Hand, game: scoring.Game, name: str) -> dict:
    """The check step: what was entered in words, the engine's result, the score after, and
    where the Confirm button posts the same values."""
    return {
        "hand": hand,
        "lines": _entry_summary(form, seats),
        "score": game.score,
        "action": _table_address(card, table, name),
    }


def _score_words(score: dict[str, int]) -> str:
    return f"North-South {signed(score['NS'])}, East-West {signed(score['EW'])}"


def at_table(view):
    """Give `view` the card and the table it opens now; otherwise answer the phone in words:
    the card's page (which event? being seated? nothing in play?), or, for a form shown for a
    table that is no longer in play, a refusal with the table as it now stands."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, token: str) -> HttpResponse:
        try:
            card, table = table_for_card(request, token)
        except NoTableNow as none:
            if none.refusal and len(none.tables) == 1:
                return _refused(request, none.card, none.tables[0], none.refusal)
            return render(
                request,
                "tournaments/captain/card.html",
                {
                    "card": none.card,
                    "club": none.card.club,
                    "refusal": none.refusal,
                    **card_status(none.card, none.tables),
                },
                status=409 if none.refusal else 200,
            )
        return view(request, card, table)

    return wrapped


# --- Views --------------------------------------------------------------------------------


@at_table
def table_page(request: HttpRequest, card: TableCard, table: Table) -> HttpResponse:
    return _render(request, card, table)


@require_safe
@never_cache
def table_state(request: HttpRequest, token: str) -> HttpResponse:
    """What the card's page would show now, as `page_state`'s fingerprint, for an open page's
    script to compare with its own (static/captain.js, every few seconds while the page is in
    sight): two small queries and no template. `table` is the table the card opens now (the
    page's own while its round is in play, the next round's once that is seated), or None
    when it opens none (the round closed, nothing seated yet). An unknown or reissued card
    is a 404, as for the card's page; the address's `?table=` chooses only among this card's
    own tables in play, so nothing of another table is ever told."""
    try:
        _, table = table_for_card(request, token)
    except NoTableNow:
        return JsonResponse({"state": "", "table": None})
    return JsonResponse({"state": page_state(table, reads.hands(table)), "table": table.pk})


@require_POST
@at_table
def hand_enter(request: HttpRequest, card: TableCard, table: Table) -> HttpResponse:
    """Check a hand (action "check", the default) or record it (action "confirm")."""
    seats = reads.seats(table)
    form = CaptainHandForm(request.POST, table=table, seats=seats)
    action = request.POST.get("action", "check")
    if action == "change" or not form.is_valid():
        return _render(request, card, table, form=form, seats=seats)
    number = form.cleaned_data["number"]
    hands = None  # read for a check, and shown with it; a Confirm reads them locked
    try:
        if action == "confirm":
            hand = services.hand_record(table=table, number=number, data=form.hand_data())
        else:
            hands = reads.hands(table)
            hand, game = services.hand_preview(
                table=table, number=number, data=form.hand_data(), hands=hands
            )
    except scoring.HandError as err:
        if err.code in ("game_over", "round_over"):
            return _refused(request, card, table, err.message)
        form.add_hand_error(err)
        return _render(request, card, table, form=form, seats=seats, hands=hands)
    except ActionRefused as exc:
        return _refused(request, card, table, exc.message)
    if action == "confirm":
        score = _score_words(hand.score_after)
        messages.success(
            request, f"Hand {hand.number} recorded: {hand.description}. Score: {score}."
        )
        return _back(card, table)
    preview = _preview(card, table, form, seats, hand, game, "hand")
    return _render(request, card, table, form=form, preview=preview, seats=seats, hands=hands)


@at_table
def hand_fix(request: HttpRequest, card: TableCard, table: Table) -> HttpResponse:
    """Fix any hand (`?hand=N`, the last by default) or delete the last one, until an opponent
    confirms the result; the same check-then-confirm as entering a hand."""
    seats = reads.seats(table)
    hands = reads.hands(table)
    if request.method != "POST":
        wanted = int_or_none(request.GET.get("hand"))
        hand = next((h for h in hands if h.number == wanted), hands[-1] if hands else None)
        if hand is None:
            messages.info(request, "No hand has been entered yet: there is nothing to fix.")
            return _back(card, table)
        initial = {
            **CaptainFixForm.initial_from(hand),
            "number": hand.number,
            "seen": services.table_fingerprint(hands),
        }
        form = CaptainFixForm(table=table, seats=seats, initial=initial)
        return _render(request, card, table, form=form, fixing=hand, seats=seats, hands=hands)
    form = CaptainFixForm(request.POST, table=table, seats=seats)
    number = int_or_none(form["number"].value())
    fixing = next((h for h in hands if h.number == number), None)
    if fixing is None:
        return _refused(request, card, table, "That hand is not at this table: pick it again.")
    action = request.POST.get("action", "check")
    if action == "change" or not form.is_valid():
        return _render(request, card, table, form=form, fixing=fixing, seats=seats, hands=hands)
    seen = form.cleaned_data["seen"]
    try:
        if action == "confirm":
            hand = services.hand_fix(table=table, number=number, data=form.hand_data(), seen=seen)
        else:
            hand, game = services.hand_fix_preview(
                table=table, number=number, data=form.hand_data(), seen=seen
            )
    except scoring.HandError as err:
        form.add_hand_error(err)
        return _render(request, card, table, form=form, fixing=fixing, seats=seats, hands=hands)
    except ActionRefused as exc:
        return _refused(request, card, table, exc.message)
    if action == "confirm":
        score = _score_words(hand.score_after)
        messages.success(
            request, f"Hand {hand.number} fixed: {hand.description}. Score after it: {score}."
        )
        return _back(card, table)
    preview = _preview(card, table, form, seats, hand, game, "fix")
    preview["score"] = services.score_after(game, number)
    if number < len(hands):
        preview["total"] = game.score  # the table's score after its last hand
    read = {"seats": seats, "hands": hands}
    return _render(request, card, table, form=form, preview=preview, fixing=fixing, **read)


@require_POST
@at_table
def hand_delete(request: HttpRequest, card: TableCard, table: Table) -> HttpResponse:
    form = LastHandForm(request.POST)
    if not form.is_valid():
        return _refused(request, card, table, "Reload the page and try again.")
    try:
        hand = services.hand_delete_last(table=table, **form.cleaned_data)
    except ActionRefused as exc:
        return _refused(request, card, table, exc.message)
    messages.success(request, f"Hand {hand.number} deleted ({hand.description}).")
    return _back(card, table)


@require_POST
@at_table
def table_confirm(request: HttpRequest, card: TableCard, table: Table) -> HttpResponse:
    """One tap by an opponent: their name is on the button they press."""
    seen = request.POST.get("seen", "")
    # Only a player seated at this very table can be named; any other id is refused alike.
    seat = table.seats.filter(player_id=int_or_none(request.POST.get("player"))).first()
    if seat is None:
        return _refused(request, card, table, "Pick your own name to confirm the result.")
    try:
        table = services.table_confirm(table=table, player=seat.player, seen=seen)
    except ActionRefused as exc:
        return _refused(request, card, table, exc.message)
    messages.success(
        request,
        format_html(
            "Result confirmed by <bdi>{}</bdi>: {}. Only the director can change it now.",
            seat.player.name,
            _score_words(table.game().score),
        ),
    )
    return _back(card, table)


def _sent(status: int, state: str, message: str, **more) -> JsonResponse:
    return JsonResponse({"state": state, "message": message, **more}, status=status)


def _already_there(table: Table | None, post) -> JsonResponse | None:
    """The answer for a kept hand that this table already holds as entered, or None. A send
    whose answer was lost may be retried after the table was confirmed or its round closed:
    the phone must then hear that its hand counts, not that it was refused."""
    if table is None:
        return None
    form = CaptainHandForm(post, table=table, seats=reads.seats(table))
    if not form.is_valid():
        return None
    number = form.cleaned_data["number"]
    hand = table.hands.filter(number=number).first()
    if hand is None or not services.same_hand(hand, form.hand_data()):
        return None
    return _counts_once(hand)


def _counts_once(hand: Hand) -> JsonResponse:
    return _sent(
        200,
        "already",
        f"Hand {hand.number} was already entered: {hand.description}. It counts once.",
    )


@require_POST
def hand_send(request: HttpRequest, token: str) -> HttpResponse:
    """A hand the phone kept while the connection was down, sent again by static/captain.js
    and recorded as it was entered (the captain saw it in words before it was kept). Answers
    the script in JSON, one `state` of: "recorded"; "already" (this very hand was recorded
    before, perhaps from a send whose answer was lost: it counts once); "conflict" (another
    phone recorded a different hand under this number: the captain keeps it or fixes it);
    "refused" (the rules or the round refuse it, with the reason). Nothing is ever recorded
    twice, and every answer but "recorded" and "already" waits for the captain. Any answer
    not in this JSON (a proxy's page, a server stopping) leaves the hand on the phone, to be
    sent again."""
    try:
        _, table = table_for_card(request, token)
    except Http404:
        # In JSON like every other answer: a bare 404 page could be a proxy's, which says
        # nothing of the card, so the phone would have to keep the hand.
        return _sent(404, "refused", REISSUED_SEND)
    except (ChooseEvent, TableLocked) as choose:
        # Not the round's end: which event the hand is for is not known, or the night is
        # changed on the laptop it was published from.
        return _sent(409, "refused", choose.refusal)
    except NoTableNow as none:
        # The round closed since: only the table this card opened, as the phone named it.
        shown = Table.objects.filter(
            pk=int_or_none(request.GET.get("table")),
            number=none.card.number,
            round__event__club_id=none.card.club_id,
        ).first()
        return _already_there(shown, request.POST) or _sent(409, "refused", STALE_SEND)
    form = CaptainHandForm(request.POST, table=table, seats=reads.seats(table))
    if not form.is_valid():
        return _sent(422, "refused", " ".join(p["message"] for p in form.problems()))
    number = form.cleaned_data["number"]
    try:
        hand = services.hand_record(table=table, number=number, data=form.hand_data())
    except HandTaken as taken:
        if taken.same:
            # The hand as it was read under the table's lock, not read again: another phone may
            # fix or delete it the moment the lock is let go (the phone's fix comes after this
            # hand counted, as if it had come a second later).
            return _counts_once(taken.hand)
        hands = reads.hands(table)
        return _sent(
            409,
            "conflict",
            f"Another phone entered hand {number} first: {taken.hand.description}.",
            recorded=taken.hand.description,
            seen=services.table_fingerprint(hands),
        )
    except scoring.HandError as err:
        return _sent(422, "refused", err.message)
    except ActionRefused as exc:
        return _already_there(table, request.POST) or _sent(409, "refused", exc.message)
    score = _score_words(hand.score_after)
    return _sent(201, "recorded", f"Hand {number} recorded: {hand.description}. Score: {score}.")

"""The table captain's pages: a phone at the table, reached by the table card's link or code.

There is no login. A club's table cards are printed once and used every week (models.TableCard):
the unguessable token in card N's link opens table N of whichever round is in play at the club
now, and nothing else. Every view here finds its table through `_table_for_card`, and every
object it touches hangs off that table. A form carries the table it was shown for in its
address (`?table=`), so a page left open from a round that has since closed is refused, never
applied to the next round's table. Plain forms, no JavaScript: a hand is checked
first (the engine's result in words, with a Confirm button carrying the same values) and
recorded only when confirmed. Every refusal renders the table as it now stands, with the
reason, and status 409, so a retry or a second phone learns what was entered.

Typed table codes are rate-limited (tournaments/guesses.py): each phone may type 10 wrong codes
in 15 minutes, and each address 100 in an hour and 300 in a day, so a guesser is slow while a
hall's phones, all behind one router, are not locked out by a few typos. The counts live in the
database, so they hold exactly across gunicorn workers and app servers, and through a restart.
Scanning the card is never limited: its link's token cannot be guessed.
"""

import datetime
import functools

from django import forms
from django.conf import settings
from django.contrib import messages
from django.db.models import Count, F, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

import scoring
from clubs.models import Player

from . import guesses, history, services
from .forms import THROWN_IN, HandEntryForm
from .models import SEAT_NAMES, SIDE_NAMES, TABLE_CODE_LENGTH, Event, Hand, Round, Table, TableCard
from .services import ActionRefused

IRREGULAR_FIELDS = ("irregularity", "offending_side", "revoke_penalty")
# A card between two rounds says "being seated" this long after a round closed.
BETWEEN_ROUNDS = datetime.timedelta(hours=6)


class NoTableNow(Exception):
    """The card opens no table for this request: none, or several, are in play now, or the
    form posted was shown for a table no longer in play (`refusal` says so)."""

    def __init__(self, card: TableCard, tables: list[Table], refusal: str = ""):
        self.card, self.tables, self.refusal = card, tables, refusal


STALE_PAGE = (
    "This page was for a round that has closed, or for another table: here is the table as it "
    "is now. Nothing was saved; enter the hand again if it is still needed."
)


def _tables_in_play(card: TableCard):
    tables = Table.objects.select_related("round__event__club", "captain", "confirmed_by")
    return tables.filter(
        round__event__club_id=card.club_id,
        round__status=Round.Status.IN_PLAY,
        number=card.number,
    ).order_by("round__event__date", "round__event__name")


def _table_for_card(request: HttpRequest, token: str) -> tuple[TableCard, Table]:
    """The table this card opens now: table N of the round in play at the card's club.

    A form names the table it was shown for (`?table=`); a post for any other table (its round
    closed) is refused with the card's page as it now stands. Raises Http404 for an unknown
    card (a reissued card is unknown), NoTableNow when the card opens no single table now.
    """
    card = get_object_or_404(TableCard.objects.select_related("club"), token=token)
    tables = list(_tables_in_play(card))
    wanted = _int_or_none(request.GET.get("table"))
    chosen = next((t for t in tables if t.pk == wanted), None)
    if request.method == "POST" and chosen is None:
        raise NoTableNow(card, tables, STALE_PAGE)
    if chosen is not None:
        return card, chosen
    if len(tables) == 1:
        return card, tables[0]
    raise NoTableNow(card, tables)


def _card_status(card: TableCard, tables: list[Table]) -> dict:
    """Why card N opens no table now, for its page: which event (several in play), or that
    a round is being seated, or that nothing is in play."""
    club = card.club
    in_play = list(
        Event.objects.filter(club=club, rounds__status=Round.Status.IN_PLAY)
        .distinct()
        .order_by("date", "name")
    )
    if len(in_play) > 1:
        return {
            "state": "choose",
            "choices": [{"event": t.round.event, "round": t.round, "table": t} for t in tables],
            "missing": [e for e in in_play if e.pk not in {t.round.event_id for t in tables}],
        }
    if in_play:
        round_ = in_play[0].rounds.get(status=Round.Status.IN_PLAY)
        return {"state": "unused", "event": in_play[0], "round": round_}
    # Between rounds: an event of today not yet started, or one whose last round closed in the
    # last few hours with rounds still to play (a night may run past midnight).
    recent = timezone.now() - BETWEEN_ROUNDS
    waiting = (
        Event.objects.filter(club=club)
        .filter(Q(date=timezone.localdate()) | Q(rounds__closed_at__gte=recent))
        .annotate(seated=Count("rounds", distinct=True))
        .filter(seated__lt=F("rounds_planned"))
        .order_by("-date", "name")
        .first()
    )
    if waiting is not None:
        return {"state": "seating", "event": waiting, "last_round": waiting.seated}
    return {"state": "idle"}


# --- Forms ------------------------------------------------------------------------------------


class CaptainHandForm(HandEntryForm):
    """The director's hand form, worded for the table: the players by name, and the thrown-in
    deal as a button of its own among the irregularities, out of the way."""

    # Set by the thrown-in button (and carried through the check step as a hidden value).
    thrown_in = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, table: Table, seats: dict[str, Player], **kwargs):
        super().__init__(*args, rules=table.rules(), seats=seats, **kwargs)
        # Thrown in is a button of its own here, not one of the makers.
        self.fields["maker"].choices = [
            choice for choice in self.fields["maker"].choices if choice[0] != THROWN_IN
        ]
        self.fields["maker"].required = False
        self.fields["alone"].label = "Went alone"
        self.thrown_in_allowed = table.rules().thrown_in_allowed

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("thrown_in"):
            # The button says the whole story: no one called, nothing was played. Whatever
            # else the form holds (a radio cannot be unticked without a script) is not part of
            # this entry.
            for name in ("alone", "lone_defender", "tricks", *IRREGULAR_FIELDS):
                self.errors.pop(name, None)
        elif not cleaned.get("maker") and "maker" not in self.errors:
            self.add_error("maker", "Say who called trump.")
        return cleaned

    def hand_data(self) -> dict:
        if self.cleaned_data.get("thrown_in"):
            return {"maker": ""}
        return super().hand_data()

    def problems(self) -> list[dict]:
        """Every message on the form, in the order of the page, for the summary at its top:
        the whole-form ones first, then each field's, linking to the field."""
        found = [{"anchor": "hand-form", "message": m} for m in self.non_field_errors()]
        for field in self:
            found += [{"anchor": f"field-{field.name}", "message": m} for m in field.errors]
        return found

    def focus_first_problem(self) -> None:
        """Open the page on the first field with a problem (the browser scrolls to it), so a
        captain on a phone lands where the fix is, with no script."""
        for field in self:
            if field.errors and not field.is_hidden:
                field.field.widget.attrs["autofocus"] = True
                return

    def irregular_fields(self) -> list:
        return [self[name] for name in IRREGULAR_FIELDS if name in self.fields]

    def irregularity_open(self) -> bool:
        """Show the irregularities unfolded when one is entered or has a message."""
        if not self.is_bound:
            return False
        return any(f.errors or f.value() not in (None, "") for f in self.irregular_fields())


class CaptainFixForm(CaptainHandForm):
    seen = forms.CharField(widget=forms.HiddenInput, max_length=32)


class TableCodeForm(forms.Form):
    code = forms.CharField(
        label="Table code",
        max_length=20,
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )

    def clean_code(self) -> str:
        # People type "abc 23x" or "ABC-23X" for ABC23X.
        code = "".join(c for c in self.cleaned_data["code"].upper() if c.isalnum())
        if len(code) != TABLE_CODE_LENGTH:
            raise forms.ValidationError(
                f"A table code has {TABLE_CODE_LENGTH} letters and digits: check the table card."
            )
        return code


# --- What the page shows ----------------------------------------------------------------------


def _seats(table: Table) -> dict[str, Player]:
    return {s.position: s.player for s in table.seats.select_related("player")}


def _side_label(side: str, seats: dict[str, Player]) -> str:
    names = " & ".join(seats[p].name for p in side if p in seats)
    return f"{SIDE_NAMES[side]} ({names})" if names else SIDE_NAMES[side]


def _table_context(table: Table) -> dict:
    """Everything the table page shows, read once: seats, hands with running score, state."""
    seats = _seats(table)
    hands = list(table.hands.order_by("number"))
    game = table.replay(hands)
    rows, totals = [], {"NS": 0, "EW": 0}
    for hand in hands:
        totals = {"NS": totals["NS"] + hand.ns_points, "EW": totals["EW"] + hand.ew_points}
        rows.append({"hand": hand, "dealer": seats.get(hand.dealer), "score": totals})
    captain_seat = next((p for p, pl in seats.items() if pl.pk == table.captain_id), "N")
    captain_side = scoring.side_of(captain_seat)
    is_open = not table.round.is_closed and table.confirmed_at is None
    return {
        "table": table,
        "round": table.round,
        "event": table.round.event,
        "seats": [
            {"name": SEAT_NAMES[p], "player": seats[p], "is_captain": p == captain_seat}
            for p in "NESW"
            if p in seats
        ],
        "sides": {side: _side_label(side, seats) for side in ("NS", "EW")},
        "winner": _side_label(game.winner, seats) if game.winner else "",
        "rows": rows,
        "game": game,
        "score": game.score,
        "last_hand": hands[-1] if hands else None,
        "next_number": len(hands) + 1,
        "dealer": {"seat": SEAT_NAMES[game.dealer], "player": seats.get(game.dealer)},
        "max_hands": table.round.event.max_hands(),
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
        "corrections": history.corrections([table])[table.pk],
    }


def _entry_summary(form: CaptainHandForm, seats: dict[str, Player]) -> list[str]:
    """What the captain entered, in words, to read back before confirming."""
    data = form.cleaned_data
    if data.get("thrown_in"):
        return ["No one called trump: all four passed twice."]
    maker = seats.get(data["maker"])
    who = f"{maker.name} ({SEAT_NAMES[data['maker']]})" if maker else data["maker"]
    lines = [f"{who} called trump{', alone' if data.get('alone') else ''}."]
    defender = seats.get(data.get("lone_defender") or "")
    if defender:
        lines.append(f"{defender.name} defended alone.")
    if data.get("tricks") is not None:
        lines.append(f"The makers took {data['tricks']} trick{'s' if data['tricks'] != 1 else ''}.")
    if data.get("irregularity"):
        label = dict(Hand.Irregularity.choices)[data["irregularity"]]
        side = data.get("offending_side")
        side_text = {"both": " by both sides", **{s: f" by {n}" for s, n in SIDE_NAMES.items()}}
        lines.append(f"{label}{side_text.get(side, '')}.")
    return lines


def _table_address(card: TableCard, table: Table, name: str = "table") -> str:
    """A captain page's address: the card's, naming the table the page was shown for."""
    return f"{reverse(f'tournaments:captain-{name}', args=[card.token])}?table={table.pk}"


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
) -> HttpResponse:
    context = _table_context(table)
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
        urls={
            name: _table_address(card, table, name)
            for name in ("table", "hand", "fix", "delete", "confirm")
        },
        form=form,
        preview=preview,
        refusal=refusal,
        fixing=fixing,
    )
    return render(request, "tournaments/captain/table.html", context, status=status)


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
    return f"North-South {score['NS']}, East-West {score['EW']}"


def at_table(view):
    """Give `view` the card and the table it opens now; otherwise answer the phone in words:
    the card's page (which event? being seated? nothing in play?), or, for a form shown for a
    table that is no longer in play, a refusal with the table as it now stands."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, token: str) -> HttpResponse:
        try:
            card, table = _table_for_card(request, token)
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
                    **_card_status(none.card, none.tables),
                },
                status=409 if none.refusal else 200,
            )
        return view(request, card, table)

    return wrapped


# --- Views --------------------------------------------------------------------------------


@at_table
def table_page(request: HttpRequest, card: TableCard, table: Table) -> HttpResponse:
    return _render(request, card, table)


@require_POST
@at_table
def hand_enter(request: HttpRequest, card: TableCard, table: Table) -> HttpResponse:
    """Check a hand (action "check", the default) or record it (action "confirm")."""
    seats = _seats(table)
    form = CaptainHandForm(request.POST, table=table, seats=seats)
    action = request.POST.get("action", "check")
    if action == "change" or not form.is_valid():
        return _render(request, card, table, form=form)
    number = form.cleaned_data["number"]
    try:
        if action == "confirm":
            hand = services.hand_record(table=table, number=number, data=form.hand_data())
        else:
            hand, game = services.hand_preview(table=table, number=number, data=form.hand_data())
    except scoring.HandError as err:
        if err.code in ("game_over", "round_over"):
            return _refused(request, card, table, err.message)
        form.add_hand_error(err)
        return _render(request, card, table, form=form)
    except ActionRefused as exc:
        return _refused(request, card, table, exc.message)
    if action == "confirm":
        score = _score_words(hand.score_after)
        messages.success(
            request, f"Hand {hand.number} recorded: {hand.description}. Score: {score}."
        )
        return _back(card, table)
    preview = _preview(card, table, form, seats, hand, game, "hand")
    return _render(request, card, table, form=form, preview=preview)


@at_table
def hand_fix(request: HttpRequest, card: TableCard, table: Table) -> HttpResponse:
    """Fix any hand (`?hand=N`, the last by default) or delete the last one, until an opponent
    confirms the result; the same check-then-confirm as entering a hand."""
    seats = _seats(table)
    hands = list(table.hands.order_by("number"))
    if request.method != "POST":
        wanted = _int_or_none(request.GET.get("hand"))
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
        return _render(request, card, table, form=form, fixing=hand)
    form = CaptainFixForm(request.POST, table=table, seats=seats)
    number = _int_or_none(form["number"].value())
    fixing = next((h for h in hands if h.number == number), None)
    if fixing is None:
        return _refused(request, card, table, "That hand is not at this table: pick it again.")
    action = request.POST.get("action", "check")
    if action == "change" or not form.is_valid():
        return _render(request, card, table, form=form, fixing=fixing)
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
        return _render(request, card, table, form=form, fixing=fixing)
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
    return _render(request, card, table, form=form, preview=preview, fixing=fixing)


class _LastHandForm(forms.Form):
    number = forms.IntegerField(min_value=1)
    seen = forms.CharField(max_length=32)


@require_POST
@at_table
def hand_delete(request: HttpRequest, card: TableCard, table: Table) -> HttpResponse:
    form = _LastHandForm(request.POST)
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
    seat = table.seats.filter(player_id=_int_or_none(request.POST.get("player"))).first()
    if seat is None:
        return _refused(request, card, table, "Pick your own name to confirm the result.")
    try:
        table = services.table_confirm(table=table, player=seat.player, seen=seen)
    except ActionRefused as exc:
        return _refused(request, card, table, exc.message)
    messages.success(
        request,
        f"Result confirmed by {seat.player.name}: {_score_words(table.game().score)}. "
        "Only the director can change it now.",
    )
    return _back(card, table)


def _int_or_none(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


# --- Reaching a table by its code ---------------------------------------------------------------


def _client_address(request: HttpRequest) -> str:
    if getattr(settings, "BEHIND_PROXY", False):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded:
            # Our proxy appends the address it saw; anything before it the client could forge.
            return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR", "")


def _wait_words(seconds: int) -> str:
    minutes = -(-seconds // 60)  # rounded up: never "0 minutes"
    if minutes <= 90:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"about {round(minutes / 60)} hours"


def _too_many(guess: guesses.Guess) -> str:
    wait = _wait_words(guess.wait_seconds)
    if guess.refused is guesses.PHONE:
        return (
            f"Too many wrong codes from this phone: try again in {wait}. Scanning the QR code "
            "on the table card always works."
        )
    return (
        "Too many wrong codes from this network: typing codes is paused for every phone on it "
        f"for {wait}. Scanning the QR code on the table card always works, and the director "
        "can help."
    )


def code_entry(request: HttpRequest) -> HttpResponse:
    """Type the short code on the table card; it leads to that table's link. A typed code
    takes a slot in this phone's and this address's budgets before it is looked at, and only
    a wrong code keeps it (tournaments/guesses.py)."""
    form = TableCodeForm(request.POST or None)
    context = {"form": form, "refusal": ""}
    status = 200
    phone = guesses.phone_of(request)
    if request.method == "POST":
        guess = guesses.reserve(address=_client_address(request), phone=phone)
        if guess.refused:
            # Refused before the code is even looked at, so a guesser learns nothing more.
            context.update(form=TableCodeForm(), refusal=_too_many(guess))
            status = 429
        elif not form.is_valid():
            guess.give_back()  # too short or too long to look up: not a guess
        elif card := TableCard.objects.filter(code=form.cleaned_data["code"]).first():
            guess.give_back()
            return redirect("tournaments:captain-table", token=card.token)
        else:
            # A reissued card's old code is no longer stored: it answers as any unknown code.
            form.add_error("code", "No table has this code: check it on the table card.")
            status = 404
    response = render(request, "tournaments/captain/code.html", context, status=status)
    if status == 429:
        response["Retry-After"] = guess.wait_seconds
    guesses.remember_phone(response, phone)
    return response

"""PDF downloads from the event's page. Director pages: the event comes through the same
access helper as every other director view, so another club's director gets a 404."""

import io

from django.contrib.auth.decorators import login_required
from django.db.models import Max
from django.http import FileResponse, Http404, HttpRequest
from django.utils import timezone
from django.utils.text import slugify

from tournaments import services
from tournaments.hidden import for_print
from tournaments.inputs import whole_number
from tournaments.links import public_reverse
from tournaments.models import MAX_TABLE_CARDS, Table, TableCard, TallyPrint
from tournaments.prize_pages import prize_table
from tournaments.standings import (
    TIE_WORDS,
    away_legend,
    event_standings,
    loners_words,
    missed_legend,
    night_prizes,
    sit_out_legend,
)
from tournaments.tables import let_go, standings_tables, table_values
from tournaments.views import _get_club_for_user, _get_event_for_user

from . import data, documents
from .layout import PAPER, DocInfo


def _info(request: HttpRequest, event, title: str) -> DocInfo:
    # The director's choice for this download, else the club's paper.
    paper = request.GET.get("paper")
    return DocInfo(
        club=event.club.name,
        event=event.name,
        date=event.date,
        title=title,
        paper=paper if paper in PAPER else event.club.paper_size,
        date_style=event.club.date_style,
    )


def _round(request: HttpRequest, event):
    """The round asked for (?round=N), or the latest seated round."""
    rounds = event.rounds.order_by("-number")
    number = whole_number(request.GET.get("round"), low=1, high=32767)  # a small-integer column
    round_ = rounds.filter(number=number).first() if number is not None else None
    round_ = round_ or (None if number else rounds.first())
    if round_ is None:
        raise Http404("No such round seated in this event.")
    round_.event = event  # the sheets read the event's rules through the round
    return round_


def _pdf(content: bytes, event, what: str) -> FileResponse:
    name = f"{slugify(event.name)}-{event.date:%Y-%m-%d}-{what}.pdf"
    # Inline: the browser shows it, and its own print button prints it.
    return FileResponse(
        io.BytesIO(content), as_attachment=False, filename=name, content_type="application/pdf"
    )


@login_required
def score_sheets(request: HttpRequest, pk: int) -> FileResponse:
    event = _get_event_for_user(request, pk)
    round_ = _round(request, event)
    filled = request.GET.get("filled") == "1"
    # On the tables: players who asked not to be shown are by their initials (as below).
    sheets = for_print(
        data.score_sheets(round_, filled=filled), club_id=event.club_id, event_id=event.pk
    )
    title = f"Round {round_.number} score sheets" + (" (as entered)" if filled else "")
    content = documents.score_sheets_pdf(_info(request, event, title), sheets)
    return _pdf(
        content, event, f"round-{round_.number}-score-sheets" + ("-filled" if filled else "")
    )


@login_required
def tally_cards(request: HttpRequest, pk: int) -> FileResponse:
    """Each player's whole route for the night. `?changed=1`: only the cards never printed and
    those that now send their player to another seat (a late arrival or an early leaver
    changed the night); `?changed=partners`: those where only a partner's name changed.
    Either way, what is printed is recorded, so the event page can say whose card is wrong."""
    event = _get_event_for_user(request, pk)
    club = event.club
    players_url = (
        public_reverse(request, "public:event", club.slug, event.pk) if club.results_public else ""
    )
    night, stays = services.night_stays(event=event)
    cards = data.tally_cards(event, night, players_url=players_url, stays=stays)
    changed = request.GET.get("changed", "")
    if changed in ("1", "partners"):
        printed = TallyPrint.objects.filter(event=event).first()
        changes = data.card_changes(cards, printed.routes if printed else {})
        wanted = changes.new_partner if changed == "partners" else changes.printing
        chosen = {c.player_id for c in wanted}
        cards = [c for c in cards if c.player_id in chosen]  # still by name
    else:
        changed = ""
    services.tally_print_record(event=event, routes={c.player_id: c.route() for c in cards})
    title = "Tally cards, changed routes" if changed else "Tally cards"
    # In the players' hands: who asked not to be shown is by their initials, their own card
    # too (it is handed out by seat and initials), as on the public pages.
    content = documents.tally_cards_pdf(
        _info(request, event, title),
        for_print(cards, club_id=event.club_id, event_id=event.pk),
        minus_points=data.set_scoring(event),
    )
    return _pdf(content, event, "tally-cards-changed" if changed else "tally-cards")


def _card_count(request: HttpRequest, club) -> int:
    """How many cards to print: as asked (?tables=N), else the club's set, else the most
    tables any of its rounds has used, else ten."""
    asked = request.GET.get("tables", "")
    if asked.isascii() and asked.isdigit():
        # int() refuses more than 4,300 digits; a number that long is past the most anyway.
        digits = asked.lstrip("0") or "0"
        if len(digits) > 4:
            return MAX_TABLE_CARDS
        return max(1, min(int(digits), MAX_TABLE_CARDS))
    have = TableCard.objects.filter(club=club).count()
    used = Table.objects.filter(round__event__club=club).aggregate(most=Max("number"))["most"]
    return have or used or 10


@login_required
def club_table_cards(request: HttpRequest, slug: str) -> FileResponse:
    """The club's set of table cards: printed once, laminated, used every week."""
    club = _get_club_for_user(request, slug)
    cards = services.table_cards_ensure(club=club, count=_card_count(request, club))
    printed = data.table_cards(
        cards,
        url_for_token=lambda token: public_reverse(request, "tournaments:captain-table", token),
        code_url=public_reverse(request, "tournaments:captain-code"),
        players_url=public_reverse(request, "public:club", club.slug)
        if club.results_public
        else "",
    )
    paper = request.GET.get("paper")
    info = DocInfo(
        club=club.name,
        event="",
        date=timezone.localdate(),
        title="Table cards",
        paper=paper if paper in PAPER else club.paper_size,
        date_style=club.date_style,
    )
    content = documents.table_cards_pdf(info, printed)
    return FileResponse(
        io.BytesIO(content),
        as_attachment=False,
        filename=f"{club.slug}-table-cards.pdf",
        content_type="application/pdf",
    )


def standings_legend(event) -> str:
    if event.is_pairs:
        return (
            "Partnerships are ranked by games won, then points for minus against, then points "
            "for; partners play every hand together, so each player takes their partnership's "
            f"place. {TIE_WORDS}"
        )
    return (
        f"Ties are broken by {loners_words(event)}, then by fewest times euchred as makers; a "
        f"place still tied is shared (2=). {sit_out_legend(event)} {missed_legend(event)}"
    ).strip()


@login_required
def standings(request: HttpRequest, pk: int) -> FileResponse:
    event = _get_event_for_user(request, pk)
    result = event_standings(event)
    # The page's own tables, so the PDF prints the very strings the page shows. Its names link
    # nowhere: no address is made for each player.
    tables = standings_tables(None, result, player_url=lambda player_id: "")
    players, teams = tables["players_table"], tables["teams_table"]
    players_values = table_values(players)
    teams_values = table_values(teams) if teams is not None else None
    let_go(players, teams)
    title = "Final standings" if result.final else "Standings"
    # For the wall: players who asked not to be shown are by their initials, as on the
    # public pages (the director's CSV keeps their names).
    printed = for_print(
        {
            "players": players_values,
            "teams": teams_values,
            # The standings PDF goes on the hall's wall: the prizes as players may see them
            # (the night shows them), never the money's errors, which can say who has not
            # paid; the director's page shows those.
            **_prize_printout(
                night_prizes(event, result), prize_table(event, result, for_players=True)
            ),
            # Why a row's rounds are blank: names, so masked with the rest.
            "away": "" if result.is_pairs else away_legend(result),
        },
        club_id=event.club_id,
        event_id=event.pk,
    )
    away = printed.pop("away")
    content = documents.standings_pdf(
        _info(request, event, title),
        status=" ".join(filter(None, [result.status, result.on_time_words])),
        # A bracket's own ranking rule, as the standings page says it (brackets/figures.py).
        legend=result.bracket.ranking
        if result.bracket is not None
        else " ".join(filter(None, [standings_legend(event), away])),
        **printed,
    )
    return _pdf(content, event, "standings")


def _prize_printout(found: dict, table: dict) -> dict:
    """The side awards in words and the prize table's rows, as the standings page shows them
    (the money ledger's table: tournaments/prize_pages.py)."""
    awards = [award.words for award in found["awards"]]
    awards += found["award_notes"]  # the rules they follow, as the page says them
    heading = {"awards_heading": "Side awards so far" if found["so_far"] else "Side awards"}
    if table["prize_error"]:
        return {"awards": [*awards, f"Prizes: {table['prize_error']}"], **heading}
    prizes = table["prizes"]
    if prizes is None:
        return {"awards": awards, **heading}
    rows = [["Prize", "Player", "Wins"]]
    rows += [[row.label, row.words, row.amount] for row in prizes.rows]
    rows.append(["Paid out", "", prizes.paid_out])
    return {"awards": awards, "prizes": rows, "prize_notes": (prizes.pot, prizes.legend), **heading}

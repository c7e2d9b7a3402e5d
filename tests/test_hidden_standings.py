"""An event that hides its standings until the last round closes: every page a player can open
without logging in shows where everyone sits, with whom and against whom, and no points at
all (no totals, no places, no round points, no hand), until the last round closes; then all of
it shows. Built on the small night of tests/test_standings.py, with its last round in play."""

import datetime
import html as html_lib
import io
import re

import pytest
from conftest import close_round
from django.urls import reverse
from prize_money import set_prizes
from pypdf import PdfReader
from test_standings import ROUND_1, build_night, page_cells, play_round

from clubs import dates
from clubs.models import Player
from ratings import services as ratings
from tournaments.forms import EventForm
from tournaments.models import Entry, Event, Hand, Round
from tournaments.standings import event_standings, fmt, fmt_place, fmt_round, player_night
from tournaments.text import game_score

# Round 3: table 1 N=B E=D S=E W=G, table 2 N=A E=C S=H W=I, F sits out; one hand a table, so
# the round is in play with points at both tables.
ROUND_3 = {
    1: ("BDEG", [{"maker": "N", "alone": True, "tricks": 5}]),
    2: ("ACHI", [{"maker": "E", "tricks": 5}]),
}


@pytest.fixture
def hidden(club):
    event, nine = build_night(club)
    event.standings_hidden = True
    event.award_most_loners = event.award_high_night = event.award_booby = True
    event.save()
    set_prizes(event, fee=5, places="60,40", public=True)
    play_round(event, 3, ROUND_3, sit_out="F", by_name=nine, close=False)
    return event


def public_urls(event) -> list[str]:
    """Every page of the event a player reaches without logging in."""
    slug = event.club.slug
    players = sorted(event_standings(event).players, key=lambda p: p.player_id)
    return [
        reverse("public:club", args=[slug]),
        reverse("public:event", args=[slug, event.pk]),
        reverse("public:event", args=[slug, event.pk]) + "?name=a",
        reverse("public:projector", args=[slug, event.pk]),
        reverse("public:projector", args=[slug, event.pk]) + "?seconds=5",
        *(reverse("public:player", args=[slug, event.pk, p.player_id]) for p in players),
    ]


def page_text(page: str, event) -> str:
    """What a page says, less the words that hold numbers but no points: the house rules
    (game to 10), the projector's address for phones, round and table numbers, the date, the
    names a search found, and the notice saying when the points show."""
    page = re.sub(r'<section id="house".*?</section>', "", page, flags=re.S)
    page = re.sub(r'<figure class="qr">.*?</figure>', "", page, flags=re.S)
    # The notice that says the points are hidden.
    page = re.sub(r'<p id="(points|standings)-hidden">.*?</p>', "", page, flags=re.S)
    page = re.sub(r"<(script|style|title)\b.*?</\1>", "", page, flags=re.S)
    text = html_lib.unescape(re.sub(r"<[^>]+>", " ", page))
    text = text.replace(dates.day(event.date, event), " ")
    return re.sub(r"(?i)\b(round|table)\s+\d+|\b\d+ names? with", " ", text)


def hand_lines(event) -> list[str]:
    return list(
        Hand.objects.filter(table__round__event=event).values_list("description", flat=True)
    )


def test_no_public_page_shows_any_point_while_the_standings_are_hidden(client, hidden):
    standings = event_standings(hidden)
    assert standings.live and not standings.final
    # The night has points to hide: every player has some, and the round in play too.
    assert all(p.total > 0 for p in standings.players if p.name not in "BEG")
    assert any(p.rounds.get(3) for p in standings.players)
    descriptions = hand_lines(hidden)
    for url in public_urls(hidden):
        response = client.get(url)
        assert response.status_code == 200, url
        page = response.content.decode()
        text = page_text(page, hidden)
        # Not a number left once round and table numbers are out: no total, no round points,
        # no place, no score.
        assert re.findall(r"\d", text) == [], (url, text)
        assert "<table" not in page and 'class="total"' not in page, url
        assert not re.search(r"(?i)\bpoints?\b|\bscored\b|\bplace\b|side awards|prizes", text), url
        assert not [d for d in descriptions if d in page], url


def test_the_seating_still_shows_while_the_standings_are_hidden(client, hidden):
    slug = hidden.club.slug
    event_page = client.get(reverse("public:event", args=[slug, hidden.pk])).content.decode()
    a = re.search(r"<bdi>A</bdi>.*?</li>", event_page, re.S).group(0)
    assert "Table <strong>2</strong>, North" in a and "partner <bdi>H</bdi>" in a
    assert "against <bdi>C</bdi> and <bdi>I</bdi>" in a
    assert "sits out this round" in re.search(r"<bdi>F</bdi>.*?</li>", event_page, re.S).group(0)
    projector = client.get(reverse("public:projector", args=[slug, hidden.pk])).content.decode()
    assert 'id="table-1"' in projector and 'id="table-2"' in projector
    standings = event_standings(hidden)
    for line in standings.players:
        page = client.get(reverse("public:player", args=[slug, hidden.pk, line.player_id]))
        page = page.content.decode()
        _, rounds = player_night(hidden, line.player_id)
        for r in rounds:
            if r.sat_out:
                assert f'Round {r.number} <span class="muted">· sat out' in page
            else:
                assert f"table {r.table_number}, {r.seat_name}" in page
                assert f"Partner <bdi>{r.partner}</bdi>" in page
                assert " and ".join(f"<bdi>{o}</bdi>" for o in r.opponents) in page


def test_every_point_shows_once_the_last_round_closes(client, hidden):
    close_round(Round.objects.get(event=hidden, number=3), "The hall is closing")
    standings = event_standings(hidden)
    assert standings.final
    slug = hidden.club.slug
    event_page = client.get(reverse("public:event", args=[slug, hidden.pk])).content.decode()
    assert "Final standings" in event_page and 'id="awards"' in event_page
    assert 'id="prizes"' in event_page
    projector = client.get(reverse("public:projector", args=[slug, hidden.pk])).content.decode()
    # Place, name, rounds 1 to 3, total: the director's numbers.
    rows = page_cells(event_page.split('id="standings"')[1])
    assert [row[:6] for row in rows] == [
        [fmt_place(x), x.name, *(fmt_round(x, n) for n in (1, 2, 3)), fmt(x.total)]
        for x in standings.players
    ]
    for line in standings.players:
        assert f'<bdi class="name">{line.name}</bdi><span class="total">{fmt(line.total)}<' in (
            projector
        )
        page = client.get(reverse("public:player", args=[slug, hidden.pk, line.player_id]))
        page = page.content.decode()
        assert f"total <strong>{fmt(line.total)}</strong>" in page
        _, rounds = player_night(hidden, line.player_id)
        for r in rounds:
            if r.sat_out:
                assert f"Scored {fmt(r.points)} by the event's rule" in page
            else:
                assert f"<strong>{fmt(r.points)}</strong> point" in page
                for hand in r.hands:
                    assert f"<td>{hand.description}</td>" in page
                    score = game_score(hand.running_for, hand.running_against)
                    assert f">{score}</td>" in page


def test_a_shown_events_players_see_their_points_while_it_is_in_play(client, hidden):
    hidden.standings_hidden = False
    hidden.save()
    line = event_standings(hidden).players[0]
    page = client.get(reverse("public:player", args=[hidden.club.slug, hidden.pk, line.player_id]))
    assert f"total <strong>{fmt(line.total)}</strong>" in page.content.decode()


# --- Across nights: the player's page, its chart and rating, and the season race ------------

LAST_WEEK = datetime.date(2026, 11, 17)


@pytest.fixture
def with_last_week(hidden):
    """The hidden night, and a night a week before it that showed its standings: one round of
    ROUND_1's tables, I sitting out. Every player's page has that night to show."""
    club = hidden.club
    nine = {p.name: p for p in Player.objects.filter(club=club)}
    before = Event.objects.create(
        club=club, name="Last week", date=LAST_WEEK, rounds_planned=1, hands_per_round=2
    )
    Entry.objects.bulk_create(Entry(event=before, player=p) for p in nine.values())
    play_round(before, 1, ROUND_1, sit_out="I", by_name=nine)
    return hidden, before, nine


def _section(page: str, name: str) -> str:
    found = re.search(rf'<section id="{name}".*?</section>', page, re.S)
    return found.group(0) if found else ""


def _text(html: str) -> str:
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", html))


def _dd(page: str, title: str, term: str) -> str:
    block = page[page.index(f"<h3>{title}") :]
    return re.search(rf"<dt>{re.escape(term)}</dt><dd>(.*?)</dd>", block, re.S).group(1).strip()


def test_a_players_page_across_nights_shows_nothing_of_a_hidden_night(client, with_last_week):
    hidden, before, nine = with_last_week
    slug = hidden.club.slug
    shown = {x.player_id: x for x in event_standings(before).players}
    moved = 0
    for player in nine.values():
        page = client.get(reverse("players:player", args=[slug, player.pk])).content.decode()
        # The hidden night is listed, and no figure of it: no place, points, loners, euchres.
        night = re.search(rf'<li id="night-{hidden.pk}">.*?</li>', page, re.S).group(0)
        night = re.sub(r'<span class="when">.*?</span>', "", night)
        assert "when its last round closes" in night, player.name
        assert not re.search(r"\d|\bof\b|point|loner|euchred", _text(night)), (player, night)
        # The totals are last week's alone.
        line = shown[player.pk]
        assert _dd(page, "All time", "Nights") == "1", player.name
        assert _dd(page, "All time", "Loners made") == str(line.lone_made), player.name
        assert _dd(page, "All time", "Best night").startswith(f"{fmt(line.total)} points")
        assert _dd(page, "All time", "Wins (1st place)") == str(int(line.place == 1))
        # The chart draws no point of the hidden night.
        assert "24 Nov 2026" not in _section(page, "chart"), player.name
        # Partners and opponents: the one round of last week, never the hidden night's.
        for part in ("partners", "opponents"):
            listed = re.findall(r'<span class="how">(.*?)</span>', _section(page, part), re.S)
            counts = re.findall(r"(\d+) rounds?\b", _text(" ".join(listed)))
            assert set(counts) <= {"1"}, (player.name, part, counts)
        # The rating as it stood after last week, not after the hidden night's closed rounds.
        history = {p.event_id: p for p in ratings.rating_history(player)}
        rating = _section(page, "rating")
        if before.pk not in history:
            assert rating == "", player.name  # I sat last week out: rated only by tonight
            continue
        then, now = history[before.pk], ratings.shown_rating(player)
        moved += then.value != now.value
        assert f'<strong class="big">{then.value}</strong>' in rating, player.name
        assert f"after {then.rounds} round" in rating, player.name
    assert moved  # the hidden night's closed rounds did move ratings: there was one to hide


def test_the_season_race_counts_a_hidden_night_only_once_it_shows(client, with_last_week):
    hidden, before, nine = with_last_week
    url = reverse("seasons:season", args=[hidden.club.slug]) + "?season=2026"
    page = client.get(url).content.decode()
    assert "Small night (" in page and "its points join the season then" in page
    rows = page_cells(_section(page, "season"))
    shown = {x.name: x for x in event_standings(before).players}
    # Name, nights, points: last week's only.
    assert {row[1]: (row[2], row[3]) for row in rows} == {
        name: ("1", fmt(line.total)) for name, line in shown.items()
    }
    close_round(Round.objects.get(event=hidden, number=3), "The hall is closing")
    rows = page_cells(_section(client.get(url).content.decode(), "season"))
    assert {row[2] for row in rows} == {"2"}


def test_the_season_printout_for_the_wall_leaves_a_hidden_night_out(
    director_client, with_last_week
):
    hidden, before, nine = with_last_week
    slug = hidden.club.slug
    pdf = director_client.get(reverse("seasons:pdf", args=[slug]) + "?season=2026").getvalue()
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    text = " ".join(text.split())
    assert "1 night." in text
    when = dates.day(hidden.date, hidden)
    assert f"Small night ({when}) shows its standings when its last round closes" in text
    shown = {x.name: x for x in event_standings(before).players}
    for name, line in shown.items():
        # Place, name, nights, points: last week's alone.
        assert re.search(rf"\d+=? {name} 1 {fmt(line.total)} ", text), name
    # The director's own page counts the night, and says the printout does not yet.
    page = director_client.get(reverse("seasons:standings", args=[slug]) + "?season=2026")
    page = page.content.decode()
    assert "left out of the players' season page and the printout until then" in page
    assert {row[2] for row in page_cells(page)} == {"2"}


def test_every_figure_of_the_night_shows_on_the_players_page_once_its_last_round_closes(
    client, with_last_week
):
    hidden, before, nine = with_last_week
    close_round(Round.objects.get(event=hidden, number=3), "The hall is closing")
    final = {x.player_id: x for x in event_standings(hidden).players}
    for player in nine.values():
        page = client.get(reverse("players:player", args=[hidden.club.slug, player.pk]))
        page = page.content.decode()
        night = re.search(rf'<li id="night-{hidden.pk}">.*?</li>', page, re.S).group(0)
        assert f"{fmt(final[player.pk].total)} point" in night, player.name
        assert _dd(page, "All time", "Nights") == "2"
        now = ratings.shown_rating(player)
        assert f'<strong class="big">{now.value}</strong>' in _section(page, "rating")


def test_a_bracket_cannot_hide_its_standings(club):
    """A bracket's pages show every result as it comes (who is called next shows who won), so
    the box, hidden by the form's stylesheet for a bracket, is never kept for one; an older
    bracket that has it shows all the same."""
    from tournaments.projector import held_back  # new with this test

    blank = EventForm()
    data = {name: blank[name].value() for name in blank.fields}
    data = {k: v for k, v in data.items() if v is not None and v is not False}
    data.update(name="Cup", date="2026-11-28", format="bracket", standings_hidden="on")
    data.update(rounds_planned=8, hands_per_round=8)
    form = EventForm(data=data, instance=Event(club=club))
    assert form.is_valid(), form.errors
    assert form.cleaned_data["standings_hidden"] is False
    event = form.save()
    assert not Event.objects.get(pk=event.pk).standings_hidden
    Event.objects.filter(pk=event.pk).update(standings_hidden=True)
    assert held_back([Event.objects.get(pk=event.pk)]) == set()


HIDDEN_NOTE = (
    "standings until the last round closes: <strong>Hide the standings</strong> is on in the "
    "event's settings."
)


def test_the_director_is_told_the_standings_are_hidden_while_they_are(director_client, hidden):
    pages = [
        reverse("tournaments:event-detail", args=[hidden.pk]),
        reverse("tournaments:standings", args=[hidden.pk]),
    ]
    edit = reverse("tournaments:event-edit", args=[hidden.pk]) + "#field-standings_hidden"
    for url in pages:
        page = director_client.get(url).content.decode()
        assert "Players don't see" in page and HIDDEN_NOTE in page, url
        assert f'href="{edit}"' in page, url
    # Once the last round closes the players see them: nothing to say.
    close_round(Round.objects.get(event=hidden, number=3), "The hall is closing")
    for url in pages:
        assert "Players don't see" not in director_client.get(url).content.decode()
    # Nor for a night that shows them all along.
    Event.objects.filter(pk=hidden.pk).update(standings_hidden=False)
    Round.objects.filter(event=hidden, number=3).update(status=Round.Status.IN_PLAY)
    for url in pages:
        assert "Players don't see" not in director_client.get(url).content.decode()

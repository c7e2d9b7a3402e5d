"""Each player's page across the club's nights (players/): its numbers are the nights'
standings, partners and opponents worked out by hand, and a hidden player or a private club
shows nothing on any public page."""

import datetime
import re
import unicodedata
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st
from test_standings import ROUND_1, ROUND_2, play_round
from test_standings import build_night as night_in_play

from clubs import dates
from clubs.models import Club, Player
from clubs.text import initials, mask_names
from players import summary
from players.chart import chart
from players.nights import player_nights
from tournaments import services
from tournaments.models import Entry, Event, Hand
from tournaments.standings import event_standings

# --- Initials and names, by value ------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Mary Smith", "M. S."),
        ("  mary   smith ", "M. S."),
        ("Cher", "C."),
        ("Jean-Luc Picard", "J.-L. P."),
        ("Élise Ñúñez", "É. Ñ."),
        ("E\u0301lise Dubois", "É. D."),  # the accent as a mark of its own
        ("Mary O'Brien", "M. O."),
        ("王小明", "王."),
        ("محمد علي", "م. ع."),
        ("Jo\u200bse Nunez", "J. N."),  # a zero-width space pasted in
        ("🦄", "?"),
        ("", "?"),
    ],
)
def test_initials(name, shown):
    assert initials(name) == shown


@given(st.text(max_size=40))
def test_initials_never_show_two_letters_of_a_name_together(name):
    shown = initials(name)
    letters = [unicodedata.category(c)[0] == "L" for c in shown]
    assert not any(a and b for a, b in zip(letters, letters[1:], strict=False)), shown
    assert shown == "?" or shown.endswith(".")


def test_names_are_masked_as_whole_words_longest_first():
    names = {"Mary Smith": "M. S.", "Al": "A."}
    text = "Mary Smith & Al, Alice and Mary Smithers; Al."
    assert mask_names(text, names) == "M. S. & A., Alice and Mary Smithers; A.."
    assert mask_names(text, {}) == text


# --- Partners, opponents and totals by value --------------------------------------------------


def night(pk, place, points, rounds, of=8):
    return summary.Night(
        event_id=pk,
        event_name="N",
        date=datetime.date(2026, 1, pk),
        place=place,
        shared=False,
        of=of,
        teams=False,
        points=Decimal(points),
        lone_made=pk % 2,
        euchred=0,
        rounds=[summary.RoundPlayed(p, tuple(o), Decimal(x)) for p, o, x in rounds],
    )


def test_partners_and_opponents_are_counted_and_averaged_from_three_rounds():
    nights = [
        night(1, 1, 20, [(2, (3, 4), 6), (3, (2, 4), 1)]),
        night(2, 3, 9, [(2, (3, 5), 2), (None, (3,), "4.5")]),
    ]
    partners = {t.player_id: (t.rounds, t.average) for t in summary.partners(nights)}
    # Two rounds with player 2 (6 and 2 points), one with player 3: too few for an average.
    assert partners == {2: (2, None), 3: (1, None)}
    nights.append(night(3, 2, 12, [(2, (4, 5), 7)]))
    partners = {t.player_id: (t.rounds, t.average) for t in summary.partners(nights)}
    assert partners[2] == (3, Decimal("5.0"))  # (6 + 2 + 7) / 3
    opponents = {t.player_id: (t.rounds, t.average) for t in summary.opponents(nights)}
    # 3: rounds of 6, 2 and 4.5 points -> 4.2; 4: 6, 1, 7 -> 4.7; 5: 2 and 7, too few.
    assert opponents[3] == (3, Decimal("4.2"))
    assert opponents[4] == (3, Decimal("4.7"))
    assert opponents[5] == (2, None)
    assert opponents[2] == (1, None)
    assert [t.player_id for t in summary.opponents(nights)][:2] == [4, 3]  # 4.7 before 4.2


def test_totals_count_wins_the_average_place_and_the_best_night():
    nights = [night(1, 1, 20, []), night(2, 3, 9, []), night(3, 2, 20, [])]
    found = summary.totals(nights)
    assert (found.nights, found.wins, found.average_place, found.loners) == (3, 1, 2, 2)
    assert found.best.event_id == 3  # 20 points twice: the latest
    assert summary.totals([]).average_place is None


def test_a_bracket_night_is_worded_as_the_bracket_places_it():
    def bracket(label, place):
        return summary.Night(1, "Cup", datetime.date(2026, 3, 1), place, False, 6, True,
                             Decimal(0), 0, 0, bracket=label)  # fmt: skip

    assert summary.place_words(bracket("5th–6th", 5)) == "5th–6th of 6 teams"
    assert summary.place_words(bracket("still in", 0)) == "still in the bracket (6 teams)"
    # A team still in has no place yet: no night won, no place in the average.
    found = summary.totals([bracket("still in", 0), bracket("1st", 1), bracket("3rd", 3)])
    assert (found.wins, found.average_place) == (1, 2)


def test_a_night_still_played_is_so_far_no_win_no_place_and_no_best_night():
    playing = night(3, 1, 30, [])
    playing.so_far, playing.seated, playing.planned = True, 4, 8
    assert summary.place_words(playing) == "1st so far, after 4 of 8 rounds"
    playing.seated, playing.in_play = 5, True
    assert summary.place_words(playing) == "1st so far, round 5 of 8 in play"
    found = summary.totals([night(1, 3, 20, []), playing])
    # Played, and its loner made; but no night won, no place averaged, not the best night.
    assert (found.nights, found.wins, found.average_place, found.loners) == (2, 0, 3, 2)
    assert found.best.event_id == 1
    assert summary.totals([playing]).best is None


def test_the_chart_draws_places_top_to_bottom_and_says_it_in_words():
    day = datetime.date(2026, 3, 1)
    drawn = chart([(day, 1, 8), (day, 8, 8)], [(day, 50), (day, 40)], ["1st of 8", "8th of 8"])
    first, last = drawn.place_dots
    assert first.y == 6 and last.y == 84 - 6
    assert first.x < last.x
    assert "Rating 50 after the first night" in drawn.summary and "40 now" in drawn.summary
    assert "the best place 1st of 8" in drawn.summary
    assert chart([], None, []) is None


# --- The page against the nights' standings ----------------------------------------------------


def build_night(club):
    """tests/test_standings.py's night of 2 rounds, over: it planned 2 (that one, 3: a round
    still to play)."""
    event, nine = night_in_play(club)
    event.rounds_planned = 2
    event.save()
    return event, nine


def second_night(club, nine, date=datetime.date(2026, 12, 1), rounds_planned=2):
    """The same night again a week later (tests/test_standings.py's rounds)."""
    event = Event.objects.create(
        club=club, name="Next night", date=date, rounds_planned=rounds_planned, hands_per_round=2
    )
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in nine.values())
    play_round(event, 1, ROUND_1, sit_out="I", by_name=nine)
    play_round(event, 2, ROUND_2, sit_out="H", by_name=nine)
    return event


@pytest.fixture
def two_nights(club):
    first, nine = build_night(club)
    return [first, second_night(club, nine)], nine


def page(client, player):
    return reverse("players:player", args=[player.club.slug, player.pk])


def test_the_pages_numbers_are_the_nights_standings(client, two_nights):
    events, nine = two_nights
    for letter, player in nine.items():
        nights = {n.event_id: n for n in player_nights(player)}
        for event in events:
            line = next(x for x in event_standings(event).players if x.player_id == player.pk)
            got = nights[event.pk]
            assert (got.place, got.shared, got.points, got.lone_made, got.euchred) == (
                line.place,
                line.shared,
                Decimal(str(line.total)),
                line.lone_made,
                line.euchred,
            ), letter
            assert got.of == 9
    html = client.get(page(client, nine["A"])).content.decode()
    # A: 1st= of 9 both nights, 7 points, one loner each.
    listed = re.sub(r"\s+", " ", html.split('id="nights"')[1])
    assert listed.count("<strong>1st= of 9</strong> · 7 points · 1 loner made") == 2
    all_time = html.split("<h3>All time")[1]
    assert "<dt>Wins (1st place)</dt><dd>2</dd>" in all_time
    assert "<dt>Loners made</dt><dd>2</dd>" in all_time
    assert reverse("public:event", args=["maple-hall", events[0].pk]) in html
    # A player's night (the standings' and the seats' link) leads to all their nights.
    night = reverse("public:player", args=["maple-hall", events[0].pk, nine["A"].pk])
    assert (
        f'<p id="all-nights"><a href="{page(client, nine["A"])}">'
        in client.get(night).content.decode()
    )


def test_this_season_is_the_clubs_season_as_the_race_counts_it(client, club):
    # A club whose season starts on the 1st of this month: a night the day before is last
    # season's, though it may be this calendar year's.
    from seasons.models import SeasonRules

    today = datetime.date.today()
    start = today.replace(day=1)
    first, nine = build_night(club)
    Event.objects.filter(pk=first.pk).update(date=start - datetime.timedelta(days=1))
    second_night(club, nine, date=today)
    SeasonRules.objects.create(club=club, start_month=start.month, start_day=1)
    html = client.get(page(client, nine["A"])).content.decode()
    this_season = html.split("<h3>This season")[1].split("<h3>")[0]
    assert f"since {dates.day(start, club)}" in this_season
    assert "<dt>Nights</dt><dd>1</dd>" in this_season
    assert "<dt>Nights</dt><dd>2</dd>" in html.split("<h3>All time")[1]


def test_partners_and_opponents_on_the_page(client, two_nights):
    _, nine = two_nights
    html = client.get(page(client, nine["A"])).content.decode()
    partners = html.split('id="partners"')[1].split("</section>")[0]
    # A partnered C in every round: 6 and 1 points, twice -> 3.5 a round over 4 rounds.
    assert re.search(
        r"<bdi>C</bdi></a>\s*<span class=\"how\">4 rounds · <strong>3.5</strong>", partners
    )
    opponents = html.split('id="opponents"')[1].split("</section>")[0]
    # B opposed A in all four rounds (6, 1, 6, 1); D in round 1 of each night only: no average.
    b = re.search(r"<bdi>B</bdi></a>\s*<span class=\"how\">([^\n]*)</span>", opponents)
    d = re.search(r"<bdi>D</bdi></a>\s*<span class=\"how\">([^\n]*)</span>", opponents)
    assert b.group(1) == "4 rounds · <strong>3.5</strong> points a round"
    assert d.group(1) == "2 rounds"  # too few for an average


def test_a_corrected_hand_shows_on_the_page(client, two_nights, director):
    events, nine = two_nights
    client.get(page(client, nine["D"]))  # the nights are kept
    hand = Hand.objects.get(
        table__round__event=events[1], table__round__number=2, table__number=2, number=1
    )
    services.hand_correct(hand=hand, data={"tricks": 4}, reason="It was 4 tricks", user=director)
    nights = {n.event_id: n for n in player_nights(nine["D"])}
    # D's march became a 1-point hand: 1 point that night (tests/test_standings.py).
    assert nights[events[1].pk].points == 1 and nights[events[0].pk].points == 2


def queries(client, url) -> int:
    with CaptureQueriesContext(connection) as done:
        assert client.get(url).status_code == 200
    return len(done.captured_queries)


def test_the_page_reads_a_fixed_number_of_queries(client, club):
    first, nine = build_night(club)
    url = page(client, nine["A"])
    client.get(url)  # the night is kept
    one_night = queries(client, url)
    assert one_night <= 10
    for week in range(1, 5):
        second_night(club, nine, datetime.date(2026, 12, week))
    client.get(url)
    assert queries(client, url) == one_night


def test_a_night_with_a_round_to_play_reads_so_far_until_it_is_over(client, club):
    # Round 2 of 3 closed: A stands 1st= of 9 so far (tests/test_standings.py's night).
    event, nine = night_in_play(club)
    url = page(client, nine["A"])

    def shown():
        html = re.sub(r"\s+", " ", client.get(url).content.decode())
        all_time = html.split("<h3>All time")[1].split("</dl>")[0]
        return html, all_time

    html, all_time = shown()
    assert "<strong>1st= so far, after 2 of 3 rounds</strong>" in html
    assert "<dt>Wins (1st place)</dt><dd>0</dd>" in all_time
    assert "<dt>Average place</dt><dd>—</dd>" in all_time
    assert "<dt>Best night</dt><dd>—</dd>" in all_time
    assert "<dt>Nights</dt><dd>1</dd>" in all_time
    assert "is still being played: its place counts here once its last round is over" in html
    assert 'id="chart"' not in html  # no place yet to draw
    assert "1st= of 9" not in html
    # The last round seated: still so far, and says the round in play.
    last = services.round_seat(event=event)
    html, all_time = shown()
    assert "1st= so far, round 3 of 3 in play" in html or "so far, round 3 of 3 in play" in html
    assert "<dt>Wins (1st place)</dt><dd>0</dd>" in all_time
    # Over: its place counts.
    for table in last.tables.all():
        table.hands.all().delete()
    services.round_close(
        round=last, reason="Time", unconfirmed_ok=[t.pk for t in last.tables.all()]
    )
    html, all_time = shown()
    assert "so far" not in html
    assert (
        "<dt>Nights</dt><dd>1</dd>" in all_time
        and "<dt>Average place</dt><dd>—</dd>" not in all_time
    )
    assert 'id="chart"' in html


# --- Who sees what ---------------------------------------------------------------------------


def test_a_private_club_and_another_clubs_player_are_404(client, two_nights, other_club):
    _, nine = two_nights
    a = nine["A"]
    stranger = Player.objects.create(club=other_club, name="Stranger")
    assert client.get(reverse("players:player", args=["riverside", a.pk])).status_code == 404
    theirs = reverse("players:player", args=["maple-hall", stranger.pk])
    assert client.get(theirs).status_code == 404
    # On the roster, never played: no page, and the club page's search does not find her.
    ruby = Player.objects.create(club=a.club, name="Ruby Rosteronly")
    assert client.get(page(client, ruby)).status_code == 404
    found = client.get(reverse("public:club", args=["maple-hall"]) + "?player=ruby")
    assert "Rosteronly" not in found.content.decode()
    Club.objects.filter(pk=a.club_id).update(results_public=False)
    assert client.get(page(client, a)).status_code == 404
    assert client.get(reverse("public:club", args=["maple-hall"])).status_code == 404


def test_a_hidden_player_shows_as_initials_on_every_public_page(client, two_nights, director):
    events, nine = two_nights
    cora = nine["C"]
    cora.name, cora.shown_publicly = "Cora Hidden", False
    cora.save()
    assert client.get(page(client, cora)).status_code == 404
    night_url = reverse("public:player", args=["maple-hall", events[0].pk, cora.pk])
    assert client.get(night_url).status_code == 404
    events[1].rounds_planned = 3
    events[1].save()
    services.round_seat(event=events[1])  # round 3 in play: the seats and the projector
    pages = [
        reverse("public:club", args=["maple-hall"]) + "?player=cora",
        reverse("public:event", args=["maple-hall", events[1].pk]),
        reverse("public:event", args=["maple-hall", events[0].pk]),
        reverse("public:projector", args=["maple-hall", events[1].pk]),
        reverse("public:player", args=["maple-hall", events[0].pk, nine["A"].pk]),
        page(client, nine["A"]),
    ]
    for url in pages:
        html = client.get(url).content.decode()
        assert "Cora" not in html and "Hidden" not in html, url
        assert str(cora.pk) not in re.findall(r"/players/(\d+)/", html), url
    assert "C. H." in client.get(pages[2]).content.decode()
    # The event page's "Your name" search finds her by what it shows (her initials), never by
    # the name she asked not to show: that search would confirm where she sits.
    seats = reverse("public:event", args=["maple-hall", events[1].pk])
    for asked in ("Hidden", "cora"):
        html = client.get(seats, {"name": asked}).content.decode()
        found = html.split('role="search"')[1].split("</section>")[0]
        assert "No one in round 3 has" in found and "C. H." not in found, (asked, found)
    assert "1 name with" in client.get(seats, {"name": "C. H."}).content.decode()
    # The director's own projector is shown in the hall too.
    client.force_login(director)
    html = client.get(reverse("tournaments:standings-projector", args=[events[1].pk])).content
    assert b"Cora" not in html and b"C. H." in html
    client.logout()
    assert "<li><bdi>C. H.</bdi>" in client.get(pages[5]).content.decode()  # no link
    # Shown again: her page is back.
    cora.shown_publicly = True
    cora.save()
    assert "Cora Hidden" in client.get(page(client, cora)).content.decode()


def test_the_director_hides_a_player_and_shows_them_again(director_client, club, other_club):
    mary = Player.objects.create(club=club, name="Mary Smith")
    url = reverse("clubs:player-shown", args=["maple-hall", mary.pk])
    html = director_client.post(url, {"shown": "no"}, follow=True).content.decode()
    said = (
        "Mary Smith is not shown on public pages: they show as M. S., with no player page, "
        "and a team of theirs by its players, never by a team name typed for it."
    )
    assert said in html
    mary.refresh_from_db()
    assert not mary.shown_publicly
    html = director_client.post(url, {"shown": "yes"}, follow=True).content.decode()
    assert "shown on the public pages again" in html
    mary.refresh_from_db()
    assert mary.shown_publicly
    html = director_client.post(url, {"shown": "maybe"}, follow=True).content.decode()
    assert "Nothing changed" in html
    # Another club's player, or another club's address: 404, nothing changed.
    stranger = Player.objects.create(club=other_club, name="Stranger")
    bad = reverse("clubs:player-shown", args=["maple-hall", stranger.pk])
    assert director_client.post(bad, {"shown": "no"}).status_code == 404
    bad = reverse("clubs:player-shown", args=["riverside", mary.pk])
    assert director_client.post(bad, {"shown": "no"}).status_code == 404
    stranger.refresh_from_db()
    assert stranger.shown_publicly


def test_a_bracket_night_says_how_far_the_team_went(client, club):
    from test_brackets_night import make_bracket, now_of, play_match

    bracket = make_bracket(club, 6)
    while ready := now_of(bracket).ready_to_call():
        state = ready[0]
        # The better seed wins every match.
        play_match(bracket, state.match.id, 0 if state.teams[0] < state.teams[1] else 1)
    teams = {t.name: t for t in event_standings(bracket.event).teams}
    went = {}
    for name in ("Team 1", "Team 2", "Team 5", "Team 6"):
        player = Player.objects.get(pk=teams[name].player_ids[0])
        (night,) = player_nights(player)
        went[name] = night.bracket
    assert went == {
        "Team 1": "1st",
        "Team 2": "2nd",
        "Team 5": "5th–6th",
        "Team 6": "5th–6th",
    }
    html = client.get(page(client, player)).content.decode()
    assert "<strong>5th–6th of 6 teams</strong>" in html


def test_the_rating_shows_with_its_meaning_unless_the_club_keeps_it_to_directors(
    client, two_nights
):
    from ratings.services import RATING_MEANING, rating_history, shown_ratings

    events, nine = two_nights
    a = nine["A"]
    shown = shown_ratings(a.club)[a.pk]
    html = client.get(page(client, a)).content.decode()
    rating = html.split('id="rating"')[1].split("</section>")[0]
    assert f'<strong class="big">{shown.value}</strong>' in rating
    assert ("provisional" in rating) == shown.provisional
    assert RATING_MEANING.split(";")[0].replace("'", "&#x27;") in rating
    # The chart's words name the rating after the first night and now.
    first = rating_history(a)[0].value
    assert f"Rating {first} after the first night" in html and f"{shown.value} now" in html
    Club.objects.filter(pk=a.club_id).update(ratings_shown=False)
    html = client.get(page(client, a)).content.decode()
    assert 'id="rating"' not in html and "Rating " not in html and f">{shown.value}<" not in html


def test_the_club_pages_search_says_when_more_players_match_than_it_lists(client, two_nights):
    from tournaments.public import FOUND_AT_MOST

    events, nine = two_nights
    url = reverse("public:club", args=["maple-hall"])
    for n, player in enumerate(nine.values()):
        player.name = f"Pat Player {n}"
        player.save()
    html = client.get(url, {"player": "pat"}).content.decode()
    assert html.count("/players/") == len(nine) and "More players have" not in html
    assert len(nine) < FOUND_AT_MOST
    extra = FOUND_AT_MOST + 1 - len(nine)
    for n in range(extra):
        player = Player.objects.create(club=events[0].club, name=f"Pat Newcomer {n}")
        Entry.objects.create(event=events[1], player=player)
    events[1].rounds_planned = 3
    events[1].save()
    services.round_seat(event=events[1])  # the newcomers play: their pages exist
    html = client.get(url, {"player": "pat"}).content.decode()
    listed = html.split('id="players"')[1]
    assert listed.count("/players/") == FOUND_AT_MOST
    assert "More players have “pat” in their name: type more of yours" in listed

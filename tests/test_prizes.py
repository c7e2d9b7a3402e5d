"""Side awards and the prize table: by value on plain lines (no database), a hypothesis
property that every cent is accounted for, and the pages and the PDF that show them."""

import datetime
from dataclasses import dataclass, field
from decimal import Decimal

import pytest
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st
from test_figures_agree_nights import pairs_night  # noqa: F401 (a fixture)
from test_printouts import get_pdf, pdf_text, words
from test_standings import play_round

from clubs.models import Player
from tournaments.models import Entry, Event
from tournaments.prizes import (
    Award,
    PrizeError,
    money,
    parse_percents,
    prize_table,
    side_awards,
)


@dataclass
class Line:
    name: str
    place: int
    total: int = 0
    lone_made: int = 0
    rounds: dict = field(default_factory=dict)
    sat_out: set = field(default_factory=set)
    missed: set = field(default_factory=set)
    whole_night: bool = True


def ranked(*places) -> list[Line]:
    return [Line(chr(ord("A") + i), place) for i, place in enumerate(places)]


def paid(table) -> list[tuple[str, tuple[str, ...], tuple[int, ...]]]:
    return [(p.label, p.names, p.each) for p in table.places]


# --- The prize table by value -----------------------------------------------------------------


def test_a_pool_that_does_not_divide_evenly_is_paid_to_the_cent():
    # 7 players at $3: $21.00; the house keeps 15% ($3.15); $17.85 for the places.
    table = prize_table(
        ranked(1, 2, 3, 4, 5, 6, 7),
        fee=Decimal("3"),
        house_percent=15,
        percents=(50, 30, 20),
        side_prizes={},
        awards=[],
    )
    assert (table.pool, table.house) == (2100, 315)
    # 50% of 1785 is 892.5, 30% 535.5, 20% 357: rounded down, the odd cent to first place.
    assert paid(table) == [
        ("1st", ("A",), (893,)),
        ("2nd", ("B",), (535,)),
        ("3rd", ("C",), (357,)),
    ]
    assert table.house + table.paid == table.pool and table.unpaid == 0
    assert money(893) == "$8.93" and money(123456) == "$1,234.56"


def test_players_tied_at_a_money_place_share_the_places_they_cover():
    # 2= for three players covers places 2, 3 and 4: the prizes of 2 and 3 (4 is not paid).
    table = prize_table(
        ranked(1, 2, 2, 2, 5, 6),
        fee=Decimal("10"),
        house_percent=0,
        percents=(50, 30, 20),
        side_prizes={},
        awards=[],
    )
    # $60: 3000, 1800, 1200 cents; 2nd and 3rd make 3000 for three: 1000 each.
    assert paid(table) == [("1st", ("A",), (3000,)), ("2nd=", ("B", "C", "D"), (1000, 1000, 1000))]
    uneven = prize_table(
        ranked(1, 1, 3, 4),
        fee=Decimal("2.50"),
        house_percent=0,
        percents=(50, 30, 20),
        side_prizes={},
        awards=[],
    )
    # $10.00: 1st and 2nd tied share 500 + 300; 3rd 200; a share with an odd cent: 801 cents
    # below, to the tied player listed first.
    assert paid(uneven) == [("1st=", ("A", "B"), (400, 400)), ("3rd", ("C",), (200,))]
    odd = prize_table(
        ranked(1, 1, 1, 4),
        fee=Decimal("1"),
        house_percent=0,
        percents=(60, 40),
        side_prizes={},
        awards=[],
    )
    # $4.00: 240 + 160 = 400 cents for three: 134, 133, 133.
    assert paid(odd) == [("1st=", ("A", "B", "C"), (134, 133, 133))]
    assert odd.paid == odd.pool


def test_side_prizes_come_first_and_a_tied_award_is_shared():
    awards = [Award("most_loners", "Most loners", ("B", "C"), "2 loners")]
    table = prize_table(
        ranked(1, 2, 3, 4),
        fee=Decimal("5"),
        house_percent=10,
        percents=(100,),
        side_prizes={"most_loners": Decimal("3.01")},
        awards=awards,
    )
    # $20 pool, $2 house, $3.01 shared 151/150, $14.99 to first place.
    assert [(p.label, p.names, p.each) for p in table.side] == [
        ("Most loners", ("B", "C"), (151, 150))
    ]
    assert paid(table) == [("1st", ("A",), (1499,))]
    with pytest.raises(PrizeError, match=r"The side prizes come to \$30.00, more than the \$18.00"):
        prize_table(
            ranked(1, 2, 3, 4),
            fee=Decimal("5"),
            house_percent=10,
            percents=(100,),
            side_prizes={"most_loners": Decimal("30")},
            awards=awards,
        )


def test_places_with_no_player_are_not_paid_and_said_so():
    table = prize_table(
        ranked(1, 2),
        fee=Decimal("5"),
        house_percent=0,
        percents=(50, 30, 20),
        side_prizes={},
        awards=[],
    )
    assert paid(table) == [("1st", ("A",), (500,)), ("2nd", ("B",), (300,))]
    assert table.unpaid == 200
    assert "Not paid (no player for the place): $2.00." in table.legend


@pytest.mark.parametrize(
    "text, message",
    [
        ("50/30/10", "The percentages add up to 90, not 100."),
        ("50/30/x", "Write the percentages as whole numbers"),
        ("", "Give each paid place's percentage"),
        ("100/0", "Each place's percentage is from 1 to 100."),
        ("٥٠/٥٠", "Write the percentages as whole numbers"),
    ],
)
def test_bad_percentages_are_refused_in_words(text, message):
    with pytest.raises(ValueError, match=message):
        parse_percents(text)
    assert parse_percents("60, 40") == (60, 40)


@settings(max_examples=300, deadline=None)
@given(
    places=st.lists(st.integers(1, 3), min_size=1, max_size=30),
    fee=st.integers(0, 2000),
    house=st.integers(0, 100),
    percents=st.sampled_from([(100,), (50, 30, 20), (60, 40), (34, 33, 33), (40, 25, 15, 10, 10)]),
    side=st.integers(0, 500),
)
def test_every_cent_of_the_pool_is_accounted_for(places, fee, house, percents, side):
    # Ranked places as standings make them: 1, 1, 3, ... (a run of equal steps is a tie).
    numbers, place = [], 1
    for i, step in enumerate(places):
        if i and step != 1:
            place = i + 1
        numbers.append(place)
    lines = ranked(*numbers)
    awards = [Award("booby", "Booby prize", (lines[-1].name,), "0 points")]
    try:
        table = prize_table(
            lines,
            fee=Decimal(fee) / 100,
            house_percent=house,
            percents=percents,
            side_prizes={"booby": Decimal(side) / 100},
            awards=awards,
        )
    except PrizeError:
        assert side > fee * len(lines) - fee * len(lines) * house // 100
        return
    assert table.house + table.paid + table.unpaid == table.pool
    assert table.unpaid >= 0 and all(c >= 0 for p in table.places for c in p.each)
    for payout in table.places:
        assert max(payout.each) - min(payout.each) <= 1  # a tie shares to the cent
    if len(lines) >= len(percents):
        assert table.unpaid == 0


# --- Side awards by value ------------------------------------------------------------------


def test_side_awards_name_every_tied_player():
    lines = [
        Line("A", 1, total=14, lone_made=2, rounds={1: 9, 2: 5}),
        Line("B", 2, total=12, lone_made=2, rounds={1: 3, 2: 9}),
        Line("C", 3, total=9, lone_made=0, rounds={1: 9, 2: 0}, sat_out={1}),  # 9 sat out
        Line("D", 4, total=2, lone_made=1, rounds={1: 2, 2: 0}),
        Line("E", 4, total=2, lone_made=0, rounds={1: 9, 2: 2}, missed={1}),  # 9 missed
    ]
    awards = {
        a.key: a for a in side_awards(lines, ["most_loners", "best_round", "high_night", "booby"])
    }
    assert awards["most_loners"].winners == ("A", "B") and awards["most_loners"].tied
    assert awards["most_loners"].detail == "2 loners"
    assert awards["best_round"].winners == ("A", "B")
    assert awards["best_round"].where == ("round 1", "round 2")
    assert awards["best_round"].words == "Best round, 9 points: A (round 1) and B (round 2), shared"
    assert awards["high_night"].winners == ("A",) and not awards["high_night"].tied
    assert awards["booby"].winners == ("D", "E") and awards["booby"].detail == "2 points"
    # Only what is chosen, and no most-loners award when no one made a loner.
    none = [Line("A", 1, total=3, rounds={1: 3})]
    assert [a.key for a in side_awards(none, ["most_loners", "booby"])] == ["booby"]


# --- On the pages and in the PDF ------------------------------------------------------------


@pytest.fixture
def prize_night(club):
    eight = {x: Player.objects.create(club=club, name=x) for x in "ABCDEFGH"}
    event = Event.objects.create(
        club=club,
        name="Prize night",
        date=datetime.date(2026, 11, 24),
        rounds_planned=1,
        hands_per_round=2,
        award_most_loners=True,
        award_booby=True,
        entry_fee=Decimal("5"),
        house_percent=10,
        places_paid="60/40",
        prize_booby=Decimal("1"),
    )
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in eight.values())
    table_one = [{"maker": "N", "tricks": 5, "alone": True}, {"maker": "N", "tricks": 3}]
    table_two = [{"maker": "E", "tricks": 3}, {"maker": "N", "tricks": 3}]
    play_round(event, 1, {1: ("ABCD", table_one), 2: ("EFGH", table_two)}, by_name=eight)
    return event


def test_the_standings_show_the_awards_and_the_prize_table(director_client, client, prize_night):
    event = prize_night
    page = director_client.get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    # A and C (North-South at table 1) 5 points each, A first on the loner A made; B, D 0.
    assert "<strong>Most loners</strong>: <bdi>A</bdi>\n" in page and "(1 loner)" in page
    assert "<strong>Booby prize</strong>: <bdi>B</bdi> and <bdi>D</bdi>" in page
    assert "(0 points, tied: shared)" in page
    # $40 pool, $4 house, $1 booby shared 50/50, $35 to the places: 60% and 40%.
    assert "Pool: 8 players × $5.00 = <strong>$40.00</strong>;" in page
    assert "the house keeps $4.00" in page
    assert '>1st</td><td><bdi>A</bdi></td><td class="num">$21.00<' in page
    assert '>2nd</td><td><bdi>C</bdi></td><td class="num">$14.00<' in page
    assert page.count("$0.50") == 2 and "$36.00" in page
    assert "The prize table is not shown to players" in page

    public = client.get(reverse("public:event", args=[event.club.slug, event.pk])).content.decode()
    assert "Most loners" in public and 'id="prizes"' not in public
    Event.objects.filter(pk=event.pk).update(prizes_public=True)
    public = client.get(reverse("public:event", args=[event.club.slug, event.pk])).content.decode()
    assert 'id="prizes"' in public and "$21.00" in public
    projector = client.get(reverse("public:projector", args=[event.club.slug, event.pk]))
    assert 'id="screen-awards"' in projector.content.decode()

    text = words(" ".join(pdf_text(get_pdf(director_client, "printout-standings", event))))
    assert "Side awards Most loners: A (1 loner)" in text
    assert "Booby prize: B and D (0 points, tied: shared)" in text
    assert "Pool: 8 players × $5.00 = $40.00; the house keeps $4.00." in text
    assert "1st A $21.00 2nd C $14.00 Booby prize B $0.50 D $0.50 Paid out $36.00" in text


def test_the_event_page_says_the_awards_and_the_prize_terms(director_client, prize_night):
    event = prize_night
    assert event.prizes_in_words() == [
        "Side awards: most loners, booby prize.",
        "Prizes: an entry fee of $5.00, the house keeps 10%, places paid 60/40%; side prizes: "
        "booby prize $1.00.",
    ]
    page = director_client.get(reverse("tournaments:event-detail", args=[event.pk]))
    assert "Side awards: most loners, booby prize." in page.content.decode()
    Event.objects.filter(pk=event.pk).update(
        entry_fee=0, award_booby=False, award_most_loners=False
    )
    event.refresh_from_db()
    assert event.prizes_in_words() == ["No side awards.", "No prize table (no entry fee)."]


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("places_paid", "50/30/10", "The percentages add up to 90, not 100."),
        ("entry_fee", "-1", "Enter an amount of 0 or more."),
        ("prize_booby", "10000", "At most 9,999.99."),
        ("house_percent", "101", "Enter a number from 0 to 100."),
    ],
)
def test_bad_prize_terms_are_refused_in_words(director_client, prize_night, field, value, message):
    from test_house_rules import EVENT_FORM

    data = {**EVENT_FORM, "name": "Prize night", "rounds_planned": "1", field: value}
    response = director_client.post(reverse("tournaments:event-edit", args=[prize_night.pk]), data)
    assert response.status_code == 200
    assert message in response.context["form"].errors[field][0]
    prize_night.refresh_from_db()
    assert (prize_night.places_paid, prize_night.entry_fee) == ("60/40", Decimal("5"))


def test_the_booby_prize_goes_to_the_last_place_the_standings_give():
    # D and E level on 2 points, D ahead on a loner: the standings place E alone last.
    lines = [
        Line("A", 1, total=14, rounds={1: 14}),
        Line("D", 2, total=2, lone_made=1, rounds={1: 2}),
        Line("E", 3, total=2, rounds={1: 2}),
    ]
    (booby,) = side_awards(lines, ["booby"])
    assert booby.winners == ("E",) and booby.detail == "2 points"
    # A tie the standings leave (a shared place) is still shared.
    lines[1].place = 2
    lines[2].place = 2
    assert side_awards(lines, ["booby"])[0].winners == ("D", "E")


def test_the_booby_prize_follows_the_standings_tie_break_on_loners(director_client, club):
    """One round, two tables. Table 1: A marches (N-S 2), B marches (E-W 2): A, B, C, D 2 each.
    Table 2: E alone with 3 tricks (N-S 1, E's loner), F marches (E-W 2): E and G 1 each,
    F and H 2. E and G are level on points; E's loner places E 7th and G alone 8th."""
    eight = {x: Player.objects.create(club=club, name=x) for x in "ABCDEFGH"}
    event = Event.objects.create(
        club=club,
        name="Booby night",
        date=datetime.date(2026, 11, 24),
        rounds_planned=1,
        hands_per_round=2,
        award_booby=True,
        entry_fee=Decimal("5"),
        places_paid="100",
        prize_booby=Decimal("1"),
    )
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in eight.values())
    table_one = [{"maker": "N", "tricks": 5}, {"maker": "E", "tricks": 5}]
    table_two = [{"maker": "N", "tricks": 3, "alone": True}, {"maker": "E", "tricks": 5}]
    play_round(event, 1, {1: ("ABCD", table_one), 2: ("EFGH", table_two)}, by_name=eight)

    from tournaments.standings import event_standings, fmt_place, night_prizes

    standings = event_standings(event)
    last = standings.players[-2:]
    assert [(x.name, fmt_place(x), x.total) for x in last] == [("E", "7", 1), ("G", "8", 1)]
    found = night_prizes(event, standings)
    (booby,) = found["awards"]
    assert booby.winners == ("G",) and booby.detail == "1 point"
    assert [(p.label, p.names, p.each) for p in found["prizes"].side] == [
        ("Booby prize", ("G",), (100,))
    ]
    page = director_client.get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    assert "<strong>Booby prize</strong>: <bdi>G</bdi>" in page and "tied: shared" not in page


def test_the_booby_prize_passes_over_a_player_who_did_not_play_every_round():
    # L left after round 3 and J came late: last on fewer rounds, not on the night.
    lines = [
        Line("A", 1, total=20, rounds={1: 20}),
        Line("B", 2, total=9, rounds={1: 9}),
        Line("C", 2, total=9, rounds={1: 9}),
        Line("J", 4, total=6, rounds={1: 6}, whole_night=False),
        Line("L", 5, total=3, rounds={1: 3}, whole_night=False),
    ]
    (booby,) = side_awards(lines, ["booby"])
    assert booby.winners == ("B", "C") and booby.tied and booby.detail == "9 points"
    # Nobody played the whole night: no booby prize rather than one to a latecomer.
    for line in lines:
        line.whole_night = False
    assert side_awards(lines, ["booby"]) == []


# --- A pairs night's awards and prizes, partnership by partnership ---------------------------


def test_a_pairs_night_pays_its_partnerships_and_names_its_awards(
    director_client,
    client,
    pairs_night,  # noqa: F811 (the fixture imported above)
):
    """The tied pairs night (test_figures_agree_nights): M & O 1st (1.5 games, 4 points), Q & S
    2nd, R & T 3rd, N & P last (0.5 games). Its awards and prizes set through the event form."""
    from test_house_rules import EVENT_FORM

    event, _ = pairs_night
    data = {
        **EVENT_FORM,
        "name": "Pairs night",
        "format": "pairs",
        "rounds_planned": "2",
        "award_most_loners": "on",
        "award_best_round": "on",
        "award_high_night": "on",
        "award_booby": "on",
        "entry_fee": "5",
        "places_paid": "60/40",
        "prize_booby": "2",
    }
    response = director_client.post(reverse("tournaments:event-edit", args=[event.pk]), data)
    assert response.status_code == 302, response.context["form"].errors
    detail = director_client.get(reverse("tournaments:event-detail", args=[event.pk]))
    assert "Side awards: most loners, best round, high night, booby prize." in words(
        detail.content.decode()
    )
    Event.objects.filter(pk=event.pk).update(prizes_public=True)

    page = words(
        director_client.get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    )
    assert (
        "<strong>Best round, 2 points</strong>: <bdi>M &amp; O</bdi> "
        '<span class="muted">(rounds 1 and 2)</span>, <bdi>Q &amp; S</bdi> '
        '<span class="muted">(round 1)</span>'
    ) in page
    assert "<strong>High night</strong>: <bdi>M &amp; O</bdi> <span" in page
    assert "<strong>Booby prize</strong>: <bdi>N &amp; P</bdi>" in page
    assert "(0.5 games won)" in page
    assert "lowest place among the partnerships who played every round" in page
    # 4 partnerships × $10 (both partners' fees) = $40; $2 booby; $38 paid 60/40.
    assert "Pool: 4 partnerships × $10.00 = <strong>$40.00</strong>" in page
    assert '>1st</td><td><bdi>M &amp; O</bdi></td><td class="num">$22.80<' in page
    assert '>2nd</td><td><bdi>Q &amp; S</bdi></td><td class="num">$15.20<' in page

    public = words(
        client.get(reverse("public:event", args=[event.club.slug, event.pk])).content.decode()
    )
    assert "<strong>Booby prize</strong>: <bdi>N &amp; P</bdi>" in public and "$22.80" in public

    text = words(" ".join(pdf_text(get_pdf(director_client, "printout-standings", event))))
    assert (
        "Best round, 2 points: M & O (rounds 1 and 2), Q & S (round 1), R & T (round 2) and "
        "N & P (round 1), shared"
    ) in text
    assert "Booby prize: N & P (0.5 games won)" in text
    assert "Pool: 4 partnerships × $10.00 = $40.00." in text
    assert "1st M & O $22.80 2nd Q & S $15.20 Booby prize N & P $2.00 Paid out $40.00" in text


def test_a_bracket_is_offered_no_side_awards(director_client, club):
    """A bracket pays places only: awards ticked in its form are not kept nor listed."""
    from test_house_rules import EVENT_FORM

    data = {**EVENT_FORM, "name": "Cup", "format": "bracket", "award_booby": "on"}
    response = director_client.post(reverse("tournaments:event-create", args=[club.slug]), data)
    assert response.status_code == 302, response.context["form"].errors
    cup = Event.objects.get(name="Cup")
    assert not cup.award_booby and cup.awards_chosen() == []
    page = director_client.get(reverse("tournaments:event-detail", args=[cup.pk]))
    assert "Side awards" not in page.content.decode()


def test_the_best_round_names_each_winner_once_and_waits_for_a_round_in_play():
    lines = [
        Line("Bud", 1, rounds={1: 10, 2: 4, 3: 10, 4: 10}),
        Line("Ron", 2, rounds={1: 4, 2: 4, 3: 10, 4: 2}),
        Line("Vern", 3, rounds={1: 4, 2: 4, 3: 2, 4: 10}),
    ]
    (best,) = side_awards(lines, ["best_round"], in_play=[4])
    assert best.winners == ("Bud", "Ron") and best.where == ("rounds 1 and 3", "round 3")
    assert best.words == "Best round, 10 points: Bud (rounds 1 and 3) and Ron (round 3), shared"
    (best,) = side_awards(lines, ["best_round"])
    assert best.words == (
        "Best round, 10 points: Bud (rounds 1, 3 and 4), Ron (round 3) and Vern (round 4), shared"
    )

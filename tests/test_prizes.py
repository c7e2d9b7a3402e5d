"""Side awards by value on plain lines (no database); the prize table, which the money
ledger now pays (money/ledger/, its own tests and hypothesis properties in
tests/test_money_ledger.py), with the old table's figures by value; and the pages and the PDF
that show them, in the club's currency."""

import datetime
from dataclasses import dataclass, field

import pytest
from django.urls import reverse
from prize_money import set_prizes
from test_figures_agree_nights import pairs_night  # noqa: F401 (a fixture)
from test_printouts import get_pdf, pdf_text, words
from test_standings import play_round

from clubs.models import Player
from money.ledger import (
    AwardResult,
    Door,
    NightResult,
    NightSettings,
    Payment,
    Placing,
    Tier,
    cash_sheet,
)
from money.models import ClubMoney, NightMoney
from tournaments.models import Entry, Event
from tournaments.prize_pages import prize_table
from tournaments.prizes import side_awards


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


def night(players: int, fee: int, club_percent: int, percents, places=None, **prizes):
    """The old prize table's terms as the ledger's: every player paid the fee in cash."""
    names = [chr(ord("A") + i) for i in range(players)]
    places = places or list(range(1, players + 1))
    settings_ = NightSettings(
        entry_fee=fee,
        club_percent=club_percent,
        tiers=(Tier(0, tuple(percents)),),
        award_prizes=prizes,
    )
    door = Door(tuple(Payment(n, "cash", fee) for n in names))
    return settings_, door, tuple(Placing(p, (n,)) for p, n in zip(places, names, strict=True))


def paid(sheet) -> list[tuple[str, tuple[str, ...], tuple[int, ...]]]:
    return [(p.label, p.players, tuple(a for _, a in p.shares)) for p in sheet.payouts]


# --- The old prize table's figures, by the ledger ---------------------------------------------


def test_a_pool_that_does_not_divide_evenly_is_paid_to_the_cent():
    # 7 players at $3: $21.00; the club keeps 15% ($3.15); $17.85 for the places.
    settings_, door, standings = night(7, 300, 15, (50, 30, 20))
    sheet = cash_sheet(settings_, door, NightResult(standings))
    assert (sheet.club_share, sheet.prize_pot) == (315, 1785)
    # 50% of 1785 is 892.5, 30% 535.5, 20% 357: rounded down, the odd cent to first place.
    assert paid(sheet) == [("1", ("A",), (893,)), ("2", ("B",), (535,)), ("3", ("C",), (357,))]
    assert sheet.balanced


def test_players_tied_at_a_money_place_share_the_places_they_cover():
    # 2= for three players covers places 2, 3 and 4: the prizes of 2 and 3 (4 is not paid).
    settings_, door, standings = night(6, 1000, 0, (50, 30, 20), places=[1, 2, 2, 2, 5, 6])
    sheet = cash_sheet(settings_, door, NightResult(standings))
    assert paid(sheet) == [("1", ("A",), (3000,)), ("2=", ("B", "C", "D"), (1000, 1000, 1000))]
    # $4.00 at 60/40 for three tied first: 240 + 160 = 400 cents, 134, 133, 133.
    settings_, door, standings = night(4, 100, 0, (60, 40), places=[1, 1, 1, 4])
    sheet = cash_sheet(settings_, door, NightResult(standings))
    assert paid(sheet) == [("1=", ("A", "B", "C"), (134, 133, 133))]


def test_side_prizes_come_first_and_a_tied_award_is_shared():
    settings_, door, standings = night(4, 500, 10, (100,), most_loners=301)
    won = (AwardResult("most_loners", "Most loners", ("B", "C")),)
    sheet = cash_sheet(settings_, door, NightResult(standings, awards=won))
    # $20 pool, $2 house, $3.01 shared 151/150, $14.99 to first place.
    assert [(a.label, a.shares) for a in sheet.award_payouts] == [
        ("Most loners", (("B", 151), ("C", 150)))
    ]
    assert paid(sheet) == [("1", ("A",), (1499,))]
    settings_, door, standings = night(4, 500, 10, (100,), most_loners=3000)
    with pytest.raises(
        ValueError, match=r"prizes come to \$30.00, more than the prize pot of \$18"
    ):
        cash_sheet(settings_, door, NightResult(standings, awards=won))


def test_places_with_no_player_are_now_paid_in_proportion():
    # Changed with the ledger (FEWER_ENTRIES_RULE): the old table paid 1st $5 and 2nd $3 of
    # two players' $10 and left $2 unpaid; the ledger pays the whole pot over the places that
    # have a player, 50 and 30 of 80.
    settings_, door, standings = night(2, 500, 0, (50, 30, 20))
    sheet = cash_sheet(settings_, door, NightResult(standings))
    assert paid(sheet) == [("1", ("A",), (625,)), ("2", ("B",), (375,))]
    assert sheet.prizes_paid == sheet.prize_pot == 1000


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
    )
    set_prizes(event, fee=5, club_percent=10, places="60/40", booby=1)
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in eight.values())
    table_one = [{"maker": "N", "tricks": 5, "alone": True}, {"maker": "N", "tricks": 3}]
    table_two = [{"maker": "E", "tricks": 3}, {"maker": "N", "tricks": 3}]
    play_round(event, 1, {1: ("ABCD", table_one), 2: ("EFGH", table_two)}, by_name=eight)
    return event


def row(label: str, name: str, amount: str) -> str:
    """A row of the prize table's HTML: the prize heads the players it pays."""
    if label:
        head = f'<tr class="prize"><td><strong class="prize-label">{label}</strong> '
    else:
        head = "<tr><td>"
    return f'{head}<bdi>{name}</bdi></td><td class="num">{amount}</td></tr>'


def test_the_standings_show_the_awards_and_the_prize_table(director_client, client, prize_night):
    event = prize_night
    page = director_client.get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    # A and C (North-South at table 1) 5 points each, A first on the loner A made; B, D 0.
    assert "<strong>Most loners</strong>: <bdi>A</bdi>\n" in page and "(1 loner)" in page
    assert "<strong>Booby prize</strong>: <bdi>B</bdi> and <bdi>D</bdi>" in page
    assert "(0 points, tied: shared)" in page
    # $40 pool, $4 to the club, $1 booby shared 50/50, $35 to the places: 60% and 40%.
    assert "Prize pot: $36.00, after the club&#x27;s share of $4.00 (expenses)." in page
    assert row("1st", "A", "$21.00") in page and row("2nd", "C", "$14.00") in page
    assert row("Booby prize", "B", "$0.50") in page and row("", "D", "$0.50") in page
    assert '<th scope="row">Paid out</th><td class="num">$36.00</td></tr></tfoot>' in page
    # The legend says the ledger's rules, as the old one said its own.
    assert "Places paid 60/40% of the prize pot left after the side awards&#x27; prizes." in page
    assert "the cents left over go to first place" in page
    assert "Entries tied for a paid place share the prizes of all the places they cover" in page
    assert "The prize table is not shown to players" in page
    assert reverse("money:night-settings", args=[event.pk]) in page

    public = client.get(reverse("public:event", args=[event.club.slug, event.pk])).content.decode()
    assert "Most loners" in public and 'id="prizes"' not in public
    NightMoney.objects.filter(event=event).update(show_prizes=True)
    public = client.get(reverse("public:event", args=[event.club.slug, event.pk])).content.decode()
    assert 'id="prizes"' in public and row("1st", "A", "$21.00") in public
    # Players see the prizes won, never who paid nor the money page.
    assert "money/" not in public and "not shown to players" not in public
    projector = client.get(reverse("public:projector", args=[event.club.slug, event.pk]))
    assert 'id="screen-awards"' in projector.content.decode()

    text = words(" ".join(pdf_text(get_pdf(director_client, "printout-standings", event))))
    assert "Side awards Most loners: A (1 loner)" in text
    assert "Booby prize: B and D (0 points, tied: shared)" in text
    assert "Prize pot: $36.00, after the club's share of $4.00 (expenses)." in text
    assert "1st A $21.00 2nd C $14.00 Booby prize B $0.50 D $0.50 Paid out $36.00" in text
    assert "the cents left over go to first place" in text


def test_a_club_playing_for_pounds_sees_its_prizes_in_pounds(director_client, client, prize_night):
    event = prize_night
    club = event.club
    club.date_style = "en-GB"
    club.save()
    money = ClubMoney.of(club)
    money.currency = "GBP"
    money.save()
    NightMoney.objects.filter(event=event).update(show_prizes=True)
    page = director_client.get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    assert row("1st", "A", "£21.00") in page and "Prize pot: £36.00" in page
    assert "$" not in page.split('id="prizes"', 1)[1].split("</section>", 1)[0]
    public = client.get(reverse("public:event", args=[club.slug, event.pk])).content.decode()
    assert row("2nd", "C", "£14.00") in public
    text = words(" ".join(pdf_text(get_pdf(director_client, "printout-standings", event))))
    assert "1st A £21.00 2nd C £14.00 Booby prize B £0.50 D £0.50 Paid out £36.00" in text


def test_no_prize_table_without_the_nights_money(director_client, prize_night):
    """A night with no money settings has no prize table, and looking does not make them."""
    NightMoney.objects.filter(event=prize_night).delete()
    page = director_client.get(reverse("tournaments:standings", args=[prize_night.pk]))
    assert 'id="prizes"' not in page.content.decode() and "Most loners" in page.content.decode()
    assert not NightMoney.objects.filter(event=prize_night).exists()


def test_prizes_that_cannot_be_paid_are_said_to_the_director_only(
    director_client, client, prize_night
):
    set_prizes(prize_night, fee=1, places="60/40", booby=20, public=True)
    page = director_client.get(reverse("tournaments:standings", args=[prize_night.pk]))
    assert "The side awards&#x27; prizes come to $20.00, more than the prize pot of $8.00" in (
        page.content.decode()
    )
    slug = prize_night.club.slug
    public = client.get(reverse("public:event", args=[slug, prize_night.pk])).content.decode()
    assert 'id="prizes"' not in public and "$20.00" not in public


def test_the_event_page_says_the_awards(director_client, prize_night):
    event = prize_night
    # The prize terms moved to the money page: the event says its side awards only.
    assert event.prizes_in_words() == ["Side awards: most loners, booby prize."]
    page = director_client.get(reverse("tournaments:event-detail", args=[event.pk]))
    assert "Side awards: most loners, booby prize." in page.content.decode()
    assert "entry fee" not in page.content.decode()
    Event.objects.filter(pk=event.pk).update(award_booby=False, award_most_loners=False)
    event.refresh_from_db()
    assert event.prizes_in_words() == ["No side awards."]


def test_the_event_form_no_longer_sets_the_prizes(director_client, prize_night):
    from test_house_rules import EVENT_FORM

    page = director_client.get(reverse("tournaments:event-edit", args=[prize_night.pk]))
    for name in ("entry_fee", "house_percent", "places_paid", "prize_booby", "prizes_public"):
        assert f'name="{name}"' not in page.content.decode()
    data = {**EVENT_FORM, "name": "Prize night", "rounds_planned": "1", "entry_fee": "99"}
    response = director_client.post(reverse("tournaments:event-edit", args=[prize_night.pk]), data)
    assert response.status_code == 302
    assert NightMoney.objects.get(event=prize_night).entry_fee == 500


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
    )
    set_prizes(event, fee=5, places="100", booby=1)
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
    table = prize_table(event, standings, for_players=False)["prizes"]
    assert [(r.label, r.name, r.amount) for r in table.rows if r.label == "Booby prize"] == [
        ("Booby prize", "G", "$1.00")
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
    }
    response = director_client.post(reverse("tournaments:event-edit", args=[event.pk]), data)
    assert response.status_code == 302, response.context["form"].errors
    detail = director_client.get(reverse("tournaments:event-detail", args=[event.pk]))
    assert "Side awards: most loners, best round, high night, booby prize." in words(
        detail.content.decode()
    )
    # Its prizes on the money page: $5 a player, 60/40, a $2 booby prize, shown to players.
    set_prizes(event, fee=5, places="60/40", booby=2, public=True)

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
    # 8 players × $5 = $40; $2 booby; $38 paid 60/40: $22.80 and $15.20 a partnership, split
    # between the partners (the old table paid the partnership as one row).
    assert "Prize pot: $40.00." in page
    assert row("1st", "M", "$11.40") in page and row("", "O", "$11.40") in page
    assert row("2nd", "Q", "$7.60") in page and row("", "S", "$7.60") in page
    assert row("Booby prize", "N", "$1.00") in page and row("", "P", "$1.00") in page

    public = words(
        client.get(reverse("public:event", args=[event.club.slug, event.pk])).content.decode()
    )
    assert "<strong>Booby prize</strong>: <bdi>N &amp; P</bdi>" in public
    assert row("1st", "M", "$11.40") in public

    text = words(" ".join(pdf_text(get_pdf(director_client, "printout-standings", event))))
    assert (
        "Best round, 2 points: M & O (rounds 1 and 2), Q & S (round 1), R & T (round 2) and "
        "N & P (round 1), shared"
    ) in text
    assert "Booby prize: N & P (0.5 games won)" in text
    assert "Prize pot: $40.00." in text
    assert (
        "1st M $11.40 O $11.40 2nd Q $7.60 S $7.60 Booby prize N $1.00 P $1.00 Paid out $40.00"
    ) in text
    assert "A partnership's prize is split between the partners" in text


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


def test_the_wall_pdf_shows_the_prizes_only_as_players_may_see_them(director_client, prize_night):
    """The standings PDF goes on the hall's wall: no prize table while the night keeps its
    prizes to the directors, and never the money's error, which can name who has not paid
    (the director's standings page says it)."""
    text = words(" ".join(pdf_text(get_pdf(director_client, "printout-standings", prize_night))))
    assert "Side awards Most loners: A (1 loner)" in text
    assert "Prize pot" not in text and "$21.00" not in text
    set_prizes(prize_night, fee=1, places="60/40", booby=20, public=True)
    text = words(" ".join(pdf_text(get_pdf(director_client, "printout-standings", prize_night))))
    assert "Side awards" in text and "$20.00" not in text and "Prizes:" not in text

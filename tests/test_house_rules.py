"""House rules in the app: set scoring and thrown-in deals (they score the hands), which loners
count, and what a late arrival scores for a round missed. Set on the club, copied to each new
event, changed on the event's form, and said in words where the event's rules are shown."""

import datetime
import re

import pytest
from django.urls import reverse
from test_standings import page_cells, play_round

from clubs.models import Player
from tournaments import services
from tournaments.models import Entry, Event, Hand, Table
from tournaments.standings import event_standings, fmt_round

# Laws: euchre 2, lone euchre 4 (an event's own values decide below).
SET_SCORING = {"rules_preset": "laws-of-euchre", "euchred_makers": -2, "lone_euchred_makers": -4}


# The event form's other fields, as a director leaves them.
EVENT_FORM = {
    "date": "2026-11-24",
    "format": "progressive",
    "rules_preset": "hoyle-2001",
    "rounds_planned": "3",
    "round_end": "hands",
    "hands_per_round": "2",
}


def make_event(club, **rules) -> Event:
    return Event.objects.create(
        club=club,
        name="House night",
        date=datetime.date(2026, 11, 24),
        rounds_planned=3,
        hands_per_round=2,
        **rules,
    )


@pytest.fixture
def eight(club):
    return {x: Player.objects.create(club=club, name=x) for x in "ABCDEFGH"}


# --- Set by the club, copied to the event, changed on the event ------------------------------


def test_the_clubs_house_rules_are_copied_to_a_new_event(director_client, club):
    settings = {
        "name": club.name,
        "rules_preset": "laws-of-euchre",
        "euchred_makers": "-2",
        "lone_euchred_makers": "-4",
        "thrown_in_counts": "False",
        "loners_counted": "march",
        "missed_round": "fixed",
        "missed_round_points": "3",
        "paper_size": "letter",
        "results_public": "on",
    }
    response = director_client.post(reverse("clubs:club-settings", args=[club.slug]), settings)
    assert response.status_code == 302, response.content.decode()
    club.refresh_from_db()
    assert (club.euchred_makers, club.lone_euchred_makers, club.thrown_in_counts) == (-2, -4, False)
    page = director_client.get(reverse("tournaments:event-create", args=[club.slug]))
    event = {**EVENT_FORM, "name": "Friday", "date": "2026-11-27"}
    form = page.context["form"]
    assert form.initial["euchred_makers"] == -2 and form.initial["thrown_in_counts"] is False
    data = {**{k: v for k, v in settings.items() if k in form.fields}, **event}
    response = director_client.post(reverse("tournaments:event-create", args=[club.slug]), data)
    assert response.status_code == 302, response.context["form"].errors
    made = Event.objects.get(name="Friday")
    rules = made.ruleset()
    assert (rules.euchred_makers, rules.lone_euchred_makers, rules.thrown_in_counts) == (
        -2,
        -4,
        False,
    )
    assert (made.loners_counted, made.missed_round, made.missed_round_points) == (
        "march",
        "fixed",
        3,
    )


def test_a_form_posted_without_the_house_rules_keeps_them(director_client, club):
    event = make_event(club, **SET_SCORING, thrown_in_counts=False)
    data = {**EVENT_FORM, "name": "Renamed", "rules_preset": "laws-of-euchre"}
    response = director_client.post(reverse("tournaments:event-edit", args=[event.pk]), data)
    assert response.status_code == 302, response.content.decode()
    event.refresh_from_db()
    assert event.name == "Renamed"
    assert (event.euchred_makers, event.thrown_in_counts) == (-2, False)


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("euchred_makers", "1", "Enter 0 or a minus number."),
        ("lone_euchred_makers", "-11", "At most 10 points below zero."),
        ("missed_round_points", "100", "Enter a number from 0 to 99."),
        ("euchred_makers", "-2.5", "Enter a whole number."),
    ],
)
def test_house_values_out_of_range_are_refused_in_words(
    director_client, club, field, value, message
):
    event = make_event(club)
    data = {**EVENT_FORM, "name": "N"}
    response = director_client.post(
        reverse("tournaments:event-edit", args=[event.pk]), {**data, field: value}
    )
    assert response.status_code == 200
    assert response.context["form"].errors[field] == [message]
    event.refresh_from_db()
    assert event.name == "House night"  # nothing half-saved


def test_the_scoring_house_rules_are_locked_once_hands_are_scored(director_client, club, eight):
    event = make_event(club, **SET_SCORING)
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in eight.values())
    play_round(event, 1, {1: ("ABCD", [{"maker": "N", "tricks": 1}])}, by_name=eight, close=False)
    form = director_client.get(reverse("tournaments:event-edit", args=[event.pk])).context["form"]
    for name in ("euchred_makers", "lone_euchred_makers", "thrown_in_counts"):
        assert form.fields[name].disabled, name


POINTS_RULES = {
    "loners_counted": "march",
    "missed_round": "fixed",
    "missed_round_points": "3",
    "sit_out_rule": "fixed",
    "sit_out_points": "5",
}


def test_the_rules_that_change_the_standings_are_locked_from_the_first_hand(
    director_client, club, eight
):
    event = make_event(club)
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in eight.values())
    url = reverse("tournaments:event-edit", args=[event.pk])
    # Seated but no hand scored: the standings' rules can still change.
    round_ = play_round(event, 1, {1: ("ABCD", [])}, "EFGH", by_name=eight, close=False)
    form = director_client.get(url).context["form"]
    assert not any(form.fields[name].disabled for name in POINTS_RULES)
    table = Table.objects.get(round=round_)
    services.hand_record(table=table, number=1, data={"maker": "N", "tricks": 5, "alone": True})
    page = director_client.get(url)
    form = page.context["form"]
    for name in POINTS_RULES:
        assert form.fields[name].disabled, name
    html = page.content.decode()
    # Said in words on the page, and beside each field.
    assert "which loners count and what a sit-out or a missed round\n    scores are fixed" in html
    fixed = "Fixed now that hands are scored: changing it would change the standings already shown."
    assert html.count(fixed) == len(POINTS_RULES)
    # A post cannot change them either.
    response = director_client.post(url, {**EVENT_FORM, "name": "House night", **POINTS_RULES})
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.loners_counted, event.missed_round, event.sit_out_rule) == (
        "made",
        "zero",
        "average",
    )


# --- What they change --------------------------------------------------------------------------


def test_set_scoring_puts_minus_points_on_the_euchred_side(club, eight):
    event = make_event(club, **SET_SCORING)
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in eight.values())
    hands = [{"maker": "N", "tricks": 1}, {"maker": "E", "tricks": 2, "alone": True}]
    two_made = [{"maker": "N", "tricks": 3}, {"maker": "N", "tricks": 4}]
    play_round(event, 1, {1: ("ABCD", hands), 2: ("EFGH", two_made)}, by_name=eight)
    stored = list(
        Hand.objects.filter(table__number=1)
        .order_by("number")
        .values_list("ns_points", "ew_points")
    )
    assert stored == [(-2, 2), (4, -4)]
    totals = {line.name: line.total for line in event_standings(event).players}
    # A & C (North-South) -2 + 4; B & D (East-West) 2 - 4.
    assert totals == {"A": 2, "C": 2, "B": -2, "D": -2, "E": 2, "G": 2, "F": 0, "H": 0}


def test_thrown_in_deals_that_do_not_count_leave_the_round_its_hands(club, eight):
    event = make_event(club, thrown_in_counts=False)
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in eight.values())
    round_ = play_round(event, 1, {1: ("ABCD", [])}, by_name=eight, close=False)
    table = Table.objects.get(round=round_)
    services.hand_record(table=table, number=1, data={"maker": ""})
    services.hand_record(table=table, number=2, data={"maker": "N", "tricks": 3})
    assert not table.game().finished
    services.hand_record(table=table, number=3, data={"maker": "E", "tricks": 3})
    game = table.game()
    assert game.finished and len(game.hands) == 3 and game.hands_counted == 2
    with pytest.raises(Exception) as refused:
        services.hand_record(table=table, number=4, data={"maker": "N", "tricks": 3})
    assert "All 2 hands of this round" in str(refused.value)


@pytest.mark.parametrize("counted, a_loners", [("made", 2), ("march", 1)])
def test_the_loners_counted_are_the_houses(director_client, club, eight, counted, a_loners):
    event = make_event(club, loners_counted=counted)
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in eight.values())
    hands = [{"maker": "N", "tricks": 3, "alone": True}, {"maker": "N", "tricks": 5, "alone": True}]
    play_round(event, 1, {1: ("ABCD", hands), 2: ("EFGH", hands)}, by_name=eight)
    a = next(line for line in event_standings(event).players if line.name == "A")
    assert a.lone_made == a_loners
    page = director_client.get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    words = "lone marches" if counted == "march" else "lone hands made"
    assert f"Ties are broken by {words}, then" in page


@pytest.fixture
def late_arrival(club, eight):
    """Round 1 with A to H; I arrives for round 2, where E sits out."""
    event = make_event(club)
    nine = {**eight, "I": Player.objects.create(club=club, name="I")}
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in nine.values())
    hands = [{"maker": "N", "tricks": 3}, {"maker": "E", "tricks": 5}]
    play_round(event, 1, {1: ("ABCD", hands), 2: ("EFGH", hands)}, by_name=nine)
    play_round(event, 2, {1: ("ABCD", hands), 2: ("IFGH", hands)}, "E", by_name=nine)
    return event


@pytest.mark.parametrize(
    "rule, points, cell, legend",
    [
        ("zero", 0, "", ""),
        ("fixed", 3, "3†", "† arrived late: scored a fixed 3 points for each round missed."),
        # The sit-out rule (the average of the rounds played): I played one, scoring 1.
        ("sit_out", 0, "1†", "† arrived late: scored what a player sitting out scores"),
    ],
)
def test_a_late_arrival_scores_the_houses_value_for_a_round_missed(
    director_client, late_arrival, rule, points, cell, legend
):
    event = late_arrival
    Event.objects.filter(pk=event.pk).update(missed_round=rule, missed_round_points=points)
    event.refresh_from_db()
    i = next(line for line in event_standings(event).players if line.name == "I")
    assert i.missed == {1}
    assert fmt_round(i, 1) == cell
    page = director_client.get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    row = next(r for r in page_cells(page) if r[1] == "I")
    assert row[2] == cell
    if legend:
        assert legend in page
    else:
        assert "arrived late" not in page
    # The player who sat out round 2 is not a late arrival.
    e = next(line for line in event_standings(event).players if line.name == "E")
    assert e.missed == set()


# --- Said in words ---------------------------------------------------------------------------


def test_the_house_rules_are_said_on_the_event_the_public_pages_and_the_rules_page(
    director_client, client, club
):
    event = make_event(
        club, **SET_SCORING, thrown_in_counts=False, loners_counted="march", missed_round="sit_out"
    )
    expected = [
        "Set scoring: makers who are euchred score -2 points, a lone maker -4 points; the "
        "defenders still score 2 points (4 points against a lone hand).",
        "A thrown-in deal does not count: a round's hands are all played.",
        "Loners counted: lone marches only.",
        "A late arrival scores what a player sitting out scores for each round missed.",
    ]
    assert event.house_rules_in_words() == expected
    pages = [
        director_client.get(reverse("tournaments:event-detail", args=[event.pk])),
        client.get(reverse("public:event", args=[club.slug, event.pk])),
    ]
    for page in pages:
        html = page.content.decode().replace("&#x27;", "'")
        assert all(line in html for line in expected)
    plain = make_event(club)
    assert (
        plain.house_rules_in_words()[0] == "No set scoring: makers who are euchred score nothing."
    )
    club_page = client.get(reverse("public:club", args=[club.slug])).content.decode()
    assert "No set scoring" in club_page and "Loners counted: every lone hand made." in club_page
    rules = client.get(reverse("tournaments:rules")).content.decode()
    assert "House rules a club may play" in rules and "Set scoring." in rules


def test_the_captains_page_counts_the_hands_as_the_house_does(client, club, eight):
    event = make_event(club, thrown_in_counts=False)
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in eight.values())
    round_ = play_round(event, 1, {1: ("ABCD", [])}, by_name=eight, close=False)
    table = Table.objects.get(round=round_)
    services.hand_record(table=table, number=1, data={"maker": ""})
    services.hand_record(table=table, number=2, data={"maker": "N", "tricks": 3})
    page = reverse("tournaments:captain-table", args=[table.card().token])
    html = client.get(page).content.decode()
    assert "1 hand played of 2" in html
    assert 'id="hand-form"' in html  # the round goes on: one hand still to play


def test_the_printouts_leave_room_for_minus_points_under_set_scoring(director_client, club, eight):
    from test_printouts import get_pdf, pdf_text, words

    event = make_event(club, **SET_SCORING)
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in eight.values())
    hands = [{"maker": "N", "tricks": 1}, {"maker": "E", "tricks": 3}]
    play_round(event, 1, {1: ("ABCD", hands), 2: ("EFGH", hands)}, by_name=eight)
    note = "Set scoring: a euchred side scores minus points. Write them with the sign (−2)."
    blank = words(
        " ".join(pdf_text(get_pdf(director_client, "printout-sheets", event, "?round=1")))
    )
    assert note in blank
    filled = pdf_text(get_pdf(director_client, "printout-sheets", event, "?round=1&filled=1"))
    # Hand 1: North-South euchred, set back 2: "-2" in the N-S column and the running score.
    assert "1 N N 1 -2 2 -2 2" in words(filled[0])
    tally = words(" ".join(pdf_text(get_pdf(director_client, "printout-tally", event))))
    assert note in tally
    from tournaments.printouts.data import set_scoring

    assert set_scoring(event) and not set_scoring(make_event(club))


def test_the_clubs_page_says_its_house_rules_set_scoring_first(director_client, club):
    club.euchred_makers, club.lone_euchred_makers = -2, -4
    club.save()
    page = director_client.get(reverse("clubs:club-detail", args=[club.slug]))
    html = page.content.decode().replace("&#x27;", "'")
    assert all(line in html for line in club.house_rules_in_words())
    assert "Set scoring: makers who are euchred score -2 points, a lone maker -4 points" in html


def test_a_new_clubs_form_shows_the_thrown_in_default_chosen(director_client):
    html = director_client.get(reverse("clubs:club-create")).content.decode()
    chosen = re.search(
        r'<input type="radio" name="thrown_in_counts" value="(\w+)"[^>]*checked', html
    )
    assert chosen and chosen.group(1) == "True", "the club's default: a thrown-in deal counts"

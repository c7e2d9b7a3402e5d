"""The table captain's phone pages, through the test client: a table's link opens that table
only, a hand is checked then confirmed, bad entries are refused with the engine's words next to
the field, nothing is recorded twice, the last hand can be fixed or deleted until an opponent
confirms, and a table code typed on a phone opens its table (the limit on wrong codes:
test_code_limit.py)."""

import re
from html import unescape

import pytest
from conftest import close_round
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Event, Hand, Table

# Hoyle (the event fixture's rules), eight hands a round. Table captains sit North.
ROUND = [
    {"maker": "N", "tricks": 3},  # North-South 1
    {"maker": "E", "tricks": 5, "alone": True},  # East-West march alone: 4
    {"maker": "S", "tricks": 1},  # euchred: East-West 2
    {"maker": "W", "tricks": 4, "irregularity": "revoke", "offending_side": "NS"},  # EW 2
    {"maker": "N", "tricks": 5},  # North-South march: 2
    {"thrown_in": "True"},  # no score
    {"maker": "E", "tricks": 3},  # East-West 1
    {"maker": "S", "tricks": 4},  # North-South 1
]
ROUND_TOTAL = {"NS": 4, "EW": 9}


@pytest.fixture
def round_one(event, players):
    services.entries_add(event=event, players=players[:8])
    return services.round_seat(event=event, seed=1)


@pytest.fixture
def table(round_one) -> Table:
    return round_one.tables.get(number=1)


@pytest.fixture
def other_table(round_one) -> Table:
    return round_one.tables.get(number=2)


def seat_names(table: Table) -> dict[str, str]:
    return {s.position: s.player.name for s in table.seats.select_related("player")}


def hand_post(number: int, action: str = "confirm", **hand) -> dict:
    data = {
        "number": number,
        "action": action,
        "maker": hand.get("maker", ""),
        "tricks": hand.get("tricks", ""),
        "lone_defender": hand.get("lone_defender", ""),
        "irregularity": hand.get("irregularity", ""),
        "offending_side": hand.get("offending_side", ""),
        "revoke_penalty": hand.get("revoke_penalty", ""),
    }
    if hand.get("alone"):
        data["alone"] = "on"
    if hand.get("thrown_in"):
        data["thrown_in"] = hand["thrown_in"]
        del data["action"]  # the thrown-in button sends no action: it asks for the check
    return data


def url(name: str, table: Table) -> str:
    """A captain page as the table card reaches it, naming the table the page was shown for."""
    return reverse(f"tournaments:captain-{name}", args=[table.card().token]) + f"?table={table.pk}"


def enter(client, table: Table, number: int, action: str = "confirm", **hand):
    return client.post(url("hand", table), hand_post(number, action, **hand))


def play_round(client, table: Table) -> None:
    for number, hand in enumerate(ROUND, start=1):
        if hand.get("thrown_in"):
            # The thrown-in button asks for the check; its Confirm carries thrown_in along.
            data = {**hand_post(number, **hand), "action": "confirm"}
            response = client.post(url("hand", table), data)
        else:
            response = enter(client, table, number, **hand)
        assert response.status_code == 302, response.content.decode()


def field_block(html: str, field: str) -> str:
    """The markup of one field of the entry form, to check a message sits next to it."""
    match = re.search(rf'id="field-{field}".*?</(fieldset|div)>', html, re.S)
    assert match, f"no field {field} in the page"
    return match.group(0)


def fingerprint(table: Table) -> str:
    return services.table_fingerprint(table.hands.order_by("number"))


# --- The table page --------------------------------------------------------------------------


def test_table_link_shows_its_table_round_players_and_dealer(client, table):
    response = client.get(url("table", table))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Table 1" in html and "round 1" in html
    names = seat_names(table)
    for name in names.values():
        assert name in html
    # North deals first (the table's first dealer) and is named on the form.
    assert (
        f"<bdi data-dealer-name>{names['N']}</bdi> (<span data-dealer-seat>North</span>) deals"
        in html
    )
    # Who called trump is picked by player, seat beside the name.
    assert f"<bdi>{names['E']}</bdi> (East)" in field_block(html, "maker")


def test_dealer_rotates_left_after_each_hand(client, table):
    names = seat_names(table)
    enter(client, table, 1, maker="N", tricks=3)
    html = client.get(url("table", table)).content.decode()
    assert (
        f"<bdi data-dealer-name>{names['E']}</bdi> (<span data-dealer-seat>East</span>) deals"
        in html
    )
    enter(client, table, 2, maker="N", tricks=3)
    assert (
        f"<bdi data-dealer-name>{names['S']}</bdi> (<span data-dealer-seat>South</span>) deals"
        in client.get(url("table", table)).content.decode()
    )


def test_unknown_or_numeric_table_links_are_not_found(client, table):
    assert client.get("/t/not-a-real-token/").status_code == 404
    assert client.get(f"/t/{table.pk}/").status_code == 404
    # The short code is for the code page only; it is not a link.
    response = client.post(f"/t/{table.card().code}/hand/", hand_post(1, maker="N", tricks=3))
    assert response.status_code == 404
    assert not Hand.objects.exists()


def test_table_link_cannot_read_or_write_another_table(client, table, other_table):
    theirs = seat_names(other_table)
    html = client.get(url("table", table)).content.decode()
    for name in theirs.values():
        assert name not in html

    enter(client, table, 1, maker="N", tricks=5)
    enter(client, other_table, 1, maker="E", tricks=3)
    # Naming the other table's player, or the other table's hand, through our link: refused.
    east_there = other_table.seats.get(position="E").player
    response = client.post(
        url("confirm", table), {"player": east_there.pk, "seen": fingerprint(table)}
    )
    assert response.status_code == 409
    response = client.post(url("delete", table), {"number": 1, "seen": fingerprint(other_table)})
    assert response.status_code == 409
    table.refresh_from_db()
    assert table.confirmed_at is None
    assert list(table.hands.values_list("maker", "tricks")) == [("N", 5)]
    assert list(other_table.hands.values_list("maker", "tricks")) == [("E", 3)]
    # And the link is no key to the director's pages.
    director_page = reverse("tournaments:table-detail", args=[table.pk])
    assert client.get(director_page).status_code == 302  # to the login page


def test_the_card_opens_the_next_rounds_table_and_refuses_a_page_left_from_the_last(
    client, event, table, round_one
):
    play_round(client, table)
    close_round(round_one, "Testing the next round")
    round_two = services.round_seat(event=event, seed=2)
    card = reverse("tournaments:captain-table", args=[table.card().token])
    html = client.get(card).content.decode()
    assert "round 2" in html and "round 1" not in html
    assert 'id="hand-form"' in html
    # A phone still showing round 1's form sends hand 1, which would be a valid hand 1 for
    # round 2: it is refused, because the form was for round 1's table.
    response = enter(client, table, 1, maker="N", tricks=3)
    assert response.status_code == 409
    assert "a round that has closed" in response.content.decode()
    assert not Hand.objects.filter(table__round=round_two).exists()


# --- Entering a hand ---------------------------------------------------------------------------


def test_check_shows_points_in_words_and_saves_nothing(client, table):
    response = enter(client, table, 1, action="check", maker="N", tricks=5)
    html = response.content.decode()
    assert response.status_code == 200
    assert "North-South march: 2 points" in html
    assert "Score after this hand" in html
    assert 'value="confirm"' in html
    assert not Hand.objects.exists()


def test_confirm_records_the_hand_and_shows_the_running_score(client, table):
    response = enter(client, table, 1, maker="N", tricks=5)
    assert response.status_code == 302
    page = client.get(response.url).content.decode()
    assert "Hand 1 recorded: North-South march: 2 points. Score: North-South 2, East-West 0." in (
        page
    )
    hand = table.hands.get()
    assert (hand.number, hand.dealer, hand.ns_points, hand.entered_by) == (1, "N", 2, None)


def test_lone_hand_is_credited_to_the_player_who_called(client, table):
    names = seat_names(table)
    response = enter(client, table, 1, action="check", maker="E", tricks=5, alone=True)
    html = response.content.decode()
    assert f"<bdi>{names['E']}</bdi> (East) called trump, alone." in html
    assert "East-West march alone: 4 points" in html


def test_bad_entry_shows_the_engine_message_next_to_the_field_and_saves_nothing(client, table):
    for action in ("check", "confirm"):
        response = enter(client, table, 1, action=action, maker="N")
        html = response.content.decode()
        assert response.status_code == 200
        assert "Enter how many tricks the makers took (0 to 5)." in field_block(html, "tricks")
    assert not Hand.objects.exists()


def test_lone_defender_must_be_an_opponent(client, table):
    response = enter(client, table, 1, maker="N", tricks=1, alone=True, lone_defender="S")
    html = response.content.decode()
    assert "is the maker's partner, not an opponent" in unescape(field_block(html, "lone_defender"))
    assert not Hand.objects.exists()


def test_irregularities_stay_folded_until_used_and_unfold_on_their_error(client, table):
    html = client.get(url("table", table)).content.decode()
    assert '<details id="irregular">' in html
    response = enter(client, table, 1, maker="N", tricks=3, irregularity="revoke")
    html = response.content.decode()
    assert '<details id="irregular" open>' in html
    assert "Say which side committed the revoke (renege)." in field_block(html, "offending_side")
    assert not Hand.objects.exists()


def test_revoke_scores_the_penalty(client, table):
    enter(client, table, 1, maker="W", tricks=4, irregularity="revoke", offending_side="NS")
    assert table.hands.get().description == "North-South revoked: 2 points to East-West"


def test_thrown_in_button_records_a_deal_with_no_score(client, table):
    # Whatever radios were ticked before, the button means: no one called, nothing played.
    pressed = hand_post(1, maker="N", tricks=3, thrown_in="True")
    html = client.post(url("hand", table), pressed).content.decode()
    assert "Thrown in: all four passed twice, no score" in html
    assert not Hand.objects.exists()
    response = client.post(url("hand", table), {**pressed, "action": "confirm"})
    assert response.status_code == 302
    hand = table.hands.get()
    assert (hand.maker, hand.tricks, hand.ns_points, hand.ew_points) == ("", None, 0, 0)


def test_thrown_in_refused_under_stick_the_dealer(client, table):
    Event.objects.filter(pk=table.round.event_id).update(rules_preset="knock-euchre")
    html = client.get(url("table", table)).content.decode()
    assert 'id="thrown-in"' not in html
    response = client.post(url("hand", table), {"number": 1, "thrown_in": "True"})
    assert "stick-the-dealer" in response.content.decode()
    assert not Hand.objects.exists()


def test_lone_defender_is_offered_only_where_the_rules_have_one(client, table):
    assert 'id="field-lone_defender"' in client.get(url("table", table)).content.decode()
    Event.objects.filter(pk=table.round.event_id).update(rules_preset="laws-of-euchre")
    assert 'id="field-lone_defender"' not in client.get(url("table", table)).content.decode()
    # A forged lone defender is not part of the form under these rules: never stored.
    enter(client, table, 1, maker="N", tricks=1, alone=True, lone_defender="E")
    hand = table.hands.get()
    assert hand.lone_defender == ""
    assert hand.description == "East-West euchred North-South's lone hand: 4 points to East-West"


def test_double_submission_records_once_with_already_entered_message(client, table):
    first = enter(client, table, 1, maker="N", tricks=5)
    second = enter(client, table, 1, maker="N", tricks=5)
    assert first.status_code == 302
    assert second.status_code == 409
    assert "Hand 1 was already entered: North-South march: 2 points." in second.content.decode()
    assert table.hands.count() == 1


def test_second_phone_entering_the_same_hand_sees_what_was_entered(client, table):
    other_phone = Client()
    enter(client, table, 1, maker="N", tricks=5)
    response = enter(other_phone, table, 1, action="check", maker="E", tricks=3)
    assert response.status_code == 409
    assert "Hand 1 was already entered: North-South march: 2 points." in response.content.decode()
    assert list(table.hands.values_list("maker", "tricks")) == [("N", 5)]


def test_a_hand_number_from_the_future_is_refused(client, table):
    response = enter(client, table, 3, maker="N", tricks=3)
    assert response.status_code == 409
    assert "The next hand at this table is hand 1, not 3." in response.content.decode()
    assert not Hand.objects.exists()


def test_no_hand_after_the_round_is_complete(client, table):
    play_round(client, table)
    html = client.get(url("table", table)).content.decode()
    assert 'id="hand-form"' not in html
    response = enter(client, table, 9, maker="N", tricks=3)
    assert response.status_code == 409
    assert "All 8 hands of this round have been entered" in response.content.decode()
    assert table.hands.count() == 8


def test_full_round_totals(client, table):
    play_round(client, table)
    assert table.game().score == ROUND_TOTAL


# --- Fixing and deleting the last hand ---------------------------------------------------------


def test_fix_the_last_hand_check_then_confirm(client, table):
    enter(client, table, 1, maker="N", tricks=3)
    enter(client, table, 2, maker="E", tricks=3)
    page = client.get(url("fix", table)).content.decode()
    assert "Fix hand 2" in page and "Now: East-West made it with 3 tricks: 1 point" in page
    seen = fingerprint(table)
    data = {**hand_post(2, "check", maker="E", tricks=5), "seen": seen}
    html = client.post(url("fix", table), data).content.decode()
    assert "East-West march: 2 points" in html
    assert table.hands.get(number=2).tricks == 3  # the check saved nothing
    response = client.post(url("fix", table), {**data, "action": "confirm"})
    assert response.status_code == 302
    hand = table.hands.get(number=2)
    assert (hand.tricks, hand.ew_points) == (5, 2)
    assert hand.history.first().history_change_reason == "Fixed at the table by the captain"


def test_any_hand_can_be_fixed_until_an_opponent_confirms(client, table):
    enter(client, table, 1, maker="N", tricks=3)
    enter(client, table, 2, maker="E", tricks=3)
    enter(client, table, 3, maker="N", tricks=3)
    html = client.get(url("table", table)).content.decode()
    for number in (1, 2, 3):
        assert f'{url("fix", table)}&amp;hand={number}"' in html

    page = client.get(url("fix", table) + "&hand=1").content.decode()
    assert "Fix hand 1" in page and "Now: North-South made it with 3 tricks: 1 point" in page
    data = {**hand_post(1, "check", maker="N", tricks=5), "seen": fingerprint(table)}
    html = client.post(url("fix", table), data).content.decode()
    assert "North-South march: 2 points" in html
    # The score just after hand 1, then the table's score after its last hand.
    assert "Score after this hand: North-South (" in html
    assert "becomes North-South (" in html and "<strong>3</strong>" in html
    assert table.hands.get(number=1).tricks == 3  # the check saved nothing
    response = client.post(url("fix", table), {**data, "action": "confirm"})
    assert response.status_code == 302
    assert [h.tricks for h in table.hands.order_by("number")] == [5, 3, 3]
    assert table.game().score == {"NS": 3, "EW": 1}
    # Only the last hand can be deleted: deleting hand 1 would renumber every later hand.
    page = client.get(url("fix", table) + "&hand=1").content.decode()
    assert 'id="delete-form"' not in page
    page = client.get(url("fix", table) + "&hand=3").content.decode()
    assert 'id="delete-form"' in page


def test_a_fix_that_would_end_the_game_before_a_later_hand_is_refused_whole(client, table):
    event = table.round.event
    event.round_end = "game"
    event.save()
    target = table.rules().game_points
    hands = target - 2  # one point each: North-South one hand short of 2 below the target
    for number in range(1, hands + 1):
        assert enter(client, table, number, maker="N", tricks=3).status_code == 302
    # Hand 1 was a lone march (4 points, not 1): the game would be won before the last hand.
    data = {**hand_post(1, "confirm", maker="N", tricks=5, alone="on"), "seen": fingerprint(table)}
    html = client.post(url("fix", table), data).content.decode()
    assert 'id="problems"' in html
    assert [h.alone for h in table.hands.order_by("number")] == [False] * hands


def test_a_fix_after_the_opponent_confirmed_is_refused(client, table):
    play_round(client, table)
    east = table.seats.get(position="E").player
    client.post(url("confirm", table), {"player": east.pk, "seen": fingerprint(table)})
    data = {**hand_post(1, "confirm", maker="N", tricks=5), "seen": fingerprint(table)}
    response = client.post(url("fix", table), data)
    assert response.status_code == 409
    assert "only the director can change it now" in response.content.decode()


def test_fix_from_a_stale_page_is_refused(client, table):
    enter(client, table, 1, maker="N", tricks=3)
    stale = fingerprint(table)
    services.hand_fix(
        table=table, number=1, data={"maker": "N", "tricks": 4}, seen=stale
    )  # another phone got there first
    response = client.post(url("fix", table), {**hand_post(1, maker="N", tricks=5), "seen": stale})
    assert response.status_code == 409
    assert "changed since this page was loaded" in response.content.decode()
    assert table.hands.get().tricks == 4


def test_bad_fix_shows_the_message_and_changes_nothing(client, table):
    enter(client, table, 1, maker="N", tricks=3)
    data = {**hand_post(1, maker="N"), "seen": fingerprint(table)}
    html = client.post(url("fix", table), data).content.decode()
    assert "Enter how many tricks the makers took (0 to 5)." in field_block(html, "tricks")
    assert table.hands.get().tricks == 3


def test_delete_the_last_hand_once_even_on_a_double_tap(client, table):
    enter(client, table, 1, maker="N", tricks=3)
    enter(client, table, 2, maker="E", tricks=3)
    data = {"number": 2, "seen": fingerprint(table)}
    assert client.post(url("delete", table), data).status_code == 302
    assert client.post(url("delete", table), data).status_code == 409
    assert list(table.hands.values_list("number", flat=True)) == [1]


# --- Confirmation by an opponent -------------------------------------------------------------


def test_opponent_confirms_then_the_table_is_read_only(client, table):
    play_round(client, table)
    names = seat_names(table)
    html = client.get(url("table", table)).content.decode()
    assert f"I am <bdi>{names['E']}</bdi> (East): I confirm" in html
    assert f"I am <bdi>{names['W']}</bdi> (West): I confirm" in html
    assert f"I am {names['S']}" not in html  # the captain's partner

    east = table.seats.get(position="E").player
    response = client.post(url("confirm", table), {"player": east.pk, "seen": fingerprint(table)})
    assert response.status_code == 302
    html = client.get(url("table", table)).content.decode()
    # The message names the confirmer in <bdi> too (a message is markup, not escaped text).
    assert f"Result confirmed by <bdi>{names['E']}</bdi>: North-South 4" in html
    assert f"Result confirmed by <strong><bdi>{names['E']}</bdi></strong>" in html
    assert 'id="hand-form"' not in html and 'class="fix"' not in html
    table.refresh_from_db()
    assert table.confirmed_by == east and table.confirmed_at is not None

    fix = {**hand_post(8, maker="S", tricks=5), "seen": fingerprint(table)}
    assert client.post(url("fix", table), fix).status_code == 409
    delete = {"number": 8, "seen": fingerprint(table)}
    response = client.post(url("delete", table), delete)
    assert response.status_code == 409
    assert "only the director can change it now" in response.content.decode()
    assert 'id="hand-form"' not in client.get(url("fix", table)).content.decode()
    assert table.hands.count() == 8 and table.game().score == ROUND_TOTAL


def test_the_captains_side_cannot_confirm(client, table):
    play_round(client, table)
    for position in ("N", "S"):
        player = table.seats.get(position=position).player
        data = {"player": player.pk, "seen": fingerprint(table)}
        response = client.post(url("confirm", table), data)
        assert response.status_code == 409
        assert "one of the captain's opponents" in unescape(response.content.decode())
    table.refresh_from_db()
    assert table.confirmed_at is None


def test_cannot_confirm_before_the_table_finishes(client, table):
    enter(client, table, 1, maker="N", tricks=3)
    east = table.seats.get(position="E").player
    response = client.post(url("confirm", table), {"player": east.pk, "seen": fingerprint(table)})
    assert response.status_code == 409
    assert "has not finished" in response.content.decode()


def test_confirmation_of_a_result_that_changed_is_refused(client, table):
    play_round(client, table)
    stale = fingerprint(table)
    services.hand_fix(table=table, number=8, data={"maker": "S", "tricks": 5}, seen=stale)
    east = table.seats.get(position="E").player
    response = client.post(url("confirm", table), {"player": east.pk, "seen": stale})
    assert response.status_code == 409
    table.refresh_from_db()
    assert table.confirmed_at is None


def test_closed_round_is_read_only(client, table, round_one):
    enter(client, table, 1, maker="N", tricks=3)
    close_round(round_one, "Hall closing early")
    html = client.get(url("table", table)).content.decode()
    assert "Round 1 is closed" in html
    assert "Round 2 is being seated" in html
    assert 'id="hand-form"' not in html
    response = enter(client, table, 2, maker="N", tricks=3)
    assert response.status_code == 409
    assert "a round that has closed" in response.content.decode()
    data = {"number": 1, "seen": fingerprint(table)}
    assert client.post(url("delete", table), data).status_code == 409
    assert table.hands.count() == 1


# --- Table codes -------------------------------------------------------------------------------


def test_typing_the_table_code_opens_the_table(client, table):
    typed = f"{table.card().code[:3].lower()}-{table.card().code[3:]}"
    response = client.post(reverse("tournaments:captain-code"), {"code": typed})
    assert response.status_code == 302
    assert response.url == reverse("tournaments:captain-table", args=[table.card().token])


def test_table_codes_are_distinct_and_links_unguessable(round_one):
    tables = list(round_one.tables.all())
    assert len({t.card().code for t in tables}) == len(tables)
    assert all(len(t.card().token) >= 24 for t in tables)


def test_table_page_queries(client, table, django_assert_num_queries):
    play_round(client, table)
    page = url("table", table)
    # the card with its club and its table in play with round, event, captain and confirmer
    # (tournaments/reads.py); seats with players; hands; the director's corrections, if any.
    # The session and message storage read nothing for a fresh client.
    with django_assert_num_queries(4):
        client.get(page)


def test_a_checks_and_a_confirms_queries(client, table, django_assert_num_queries):
    for number, hand in enumerate(ROUND[:3], start=1):
        enter(client, table, number, **hand)
    client.get(url("table", table))  # the messages of the Confirms above, shown and gone
    address = url("hand", table)
    # A Check: the card and its table in play; seats; hands (read once, for the engine and
    # the page alike); the director's corrections. Nothing is written.
    with django_assert_num_queries(4):
        check = client.post(address, hand_post(4, "check", maker="N", tricks=3))
    assert check.status_code == 200 and b'id="check"' in check.content
    # A Confirm: the card and its table in play; seats; the table with its round and event
    # read afresh and locked, then its hands (tournaments/reads.py); the hand and its history
    # record written, inside a savepoint's two statements (the transaction of the request).
    with django_assert_num_queries(8):
        assert client.post(address, hand_post(4, maker="N", tricks=3)).status_code == 302
    assert table.hands.count() == 4


def test_the_check_steps_hidden_inputs_are_djangos_own(client, table):
    """The check step's hidden inputs are kept by what decides their markup
    (captain/views.py `_hidden_html`): each is exactly what Django draws, for every kind of
    entry, whatever was drawn before it."""
    from tournaments.captain.forms import CaptainHandForm
    from tournaments.captain.views import _hidden_html
    from tournaments.reads import seats

    entries = [
        ROUND[0],
        {"maker": "E", "tricks": 5, "alone": True},
        {"maker": "W", "tricks": 4, "irregularity": "revoke", "offending_side": "NS"},
        {"thrown_in": "True"},
        ROUND[0],
    ]
    for hand in entries * 2:
        data = hand_post(1, "check", **hand)
        form = CaptainHandForm(data, table=table, seats=seats(table))
        assert form.is_valid(), form.errors
        for field in form:
            assert str(_hidden_html(field)) == str(field.as_hidden())
    check = enter(client, table, 1, action="check", **ROUND[1]).content.decode()
    assert '<input type="hidden" name="alone" value="True" id="id_alone">' in check


def test_directors_round_page_gives_each_tables_link_and_code_and_follows_live(
    director_client, table, other_table
):
    page = director_client.get(reverse("tournaments:round-detail", args=[table.round_id]))
    html = page.content.decode()
    for t in (table, other_table):
        assert url("table", t) in html
        assert f'<strong class="code">{t.card().code}</strong>' in html
    # Live without reloading the page: htmx, served by the app, swaps the tables' part only.
    assert '<meta http-equiv="refresh"' not in html
    assert 'hx-trigger="every 20s"' in html
    assert "/static/django_htmx/htmx-2.min.js" in html


def test_directors_round_page_shows_who_confirmed(director_client, client, table):
    play_round(client, table)
    east = table.seats.get(position="E").player
    client.post(url("confirm", table), {"player": east.pk, "seen": fingerprint(table)})
    html = director_client.get(
        reverse("tournaments:round-detail", args=[table.round_id])
    ).content.decode()
    assert f"Confirmed by <bdi>{east.name}</bdi>" in html


def test_an_entry_with_nothing_chosen_lists_everything_missing(client, table):
    for action in ("check", "confirm"):
        html = enter(client, table, 1, action=action).content.decode()
        problems = re.search(r'id="problems".*?</ul>', html, re.S).group(0)
        assert re.findall(r'<a href="#([\w-]+)">([^<]*)</a>', problems) == [
            ("field-maker", "Say who called trump."),
            ("field-tricks", "Enter how many tricks the makers took (0 to 5)."),
        ]
    assert not table.hands.exists()


def test_a_hand_already_entered_is_said_beside_the_score_without_asking_for_a_refresh(
    client, table
):
    enter(client, table, 1, maker="N", tricks=5)
    response = enter(Client(), table, 1, action="check", maker="E", tricks=3)
    html = response.content.decode()
    refusal = re.search(r'id="refusal"[^>]*>(.*?)</p>', html, re.S).group(1)
    assert refusal == "Hand 1 was already entered: North-South march: 2 points."
    assert "Refresh" not in html
    # The page shows the table as it now stands: the hand, the score with it.
    score = re.search(r'id="score".*?</section>', html, re.S).group(0)
    assert re.findall(r"<strong>(\d+)</strong>", score) == ["2", "0"]

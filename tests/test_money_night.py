"""The director's night money page (issue 42, points 1-3): the settings and their refusals,
the door (payments, refunds, plays free, who still owes, walk-ins), the draws, the payouts
marked paid, and a correction after the payouts, through the Django test client. Every figure
on the pages is money.night.night_ledger's: the tests read the page and the ledger."""

import datetime

import pytest
from django.urls import reverse
from test_standings import ROUND_1, ROUND_2, play_round

from clubs.models import Player
from money.models import ClubMoney, DoorRecord, NightMoney, PaidMark
from money.night import night_ledger, night_money_of
from tournaments import services
from tournaments.models import Entry, Event, Hand


def url(name, event):
    return reverse(f"money:{name}", args=[event.pk])


def settings_post(**changes):
    """The settings form as the page posts it, the defaults unless changed."""
    data = {
        "entry_fee": "5.00",
        "ahead_fee": "",
        "door_kept": "on",
        "club_percent": "0",
        "club_fixed": "0",
        "club_share_for": "expenses",
        "places_paid": "50/30/20",
        "small_under": "12",
        "small_places_paid": "100",
        "loner_buy_in": "0",
        "loner_prize": "0",
        "euchre_fine": "0",
        "fines_to": "pot",
        "pool_name": "Perfect hand pool",
        "pool_buy_in": "0",
        "pool_carried_in": "0",
        "fifty_fifty_to": "club",
        "early_leavers_paid": "on",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


@pytest.fixture
def nine(club):
    return {x: Player.objects.create(club=club, name=x) for x in "ABCDEFGHI"}


@pytest.fixture
def night(club, nine):
    """Nine entrants A..I, checked in; no round played yet. $5 entry."""
    event = Event.objects.create(
        club=club,
        name="Small night",
        date=datetime.date(2026, 11, 24),
        rounds_planned=2,
        hands_per_round=2,
    )
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in nine.values())
    money = night_money_of(event)
    money.entry_fee = 500
    money.save()
    return event


def pay(client, event, player, method="cash", amount="5.00", kind="paid"):
    seen = DoorRecord.objects.filter(event=event, player=player).count()
    data = {"player": player.pk, "kind": kind, "method": method, "amount": amount, "seen": seen}
    return client.post(url("door", event), data, follow=True)


def page(client, event) -> str:
    return client.get(url("night", event)).content.decode()


# --- 1. The settings ---------------------------------------------------------------------------


def test_settings_are_saved_and_shown_in_words(director_client, night):
    response = director_client.post(
        url("night-settings", night),
        settings_post(entry_fee="6.50", ahead_fee="5", club_percent="10", places_paid="60/40"),
    )
    assert response.status_code == 302
    money = NightMoney.objects.get(event=night)
    assert (money.entry_fee, money.ahead_fee, money.club_percent) == (650, 500, 10)
    html = page(director_client, night)
    assert "Entry $6.50, $5.00 paid ahead." in html
    assert "The club keeps 10% for expenses." in html
    assert "places paid 60%/40% of the prize pot" in html


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        (
            {"places_paid": "60/30/20"},
            "places_paid",
            "From 12 players: the places&#x27; percentages add up to 110, not 100",
        ),
        ({"places_paid": "120"}, "places_paid", "each place&#x27;s percentage is from 1 to 100"),
        ({"places_paid": "40/30/20"}, "places_paid", "add up to 90, not 100"),
        (
            {"small_places_paid": "50/40"},
            "small_places_paid",
            "Under 12 players: the places&#x27; percentages add up to 90, not 100",
        ),
        ({"entry_fee": "-5"}, "entry_fee", "An amount cannot be negative"),
        ({"entry_fee": "five dollars"}, "entry_fee", "is not an amount"),
        (
            {"club_percent": "10", "club_fixed": "2.00"},
            "club_percent",
            "either a percentage or a fixed sum",
        ),
        ({"club_percent": "120"}, "club_percent", "at most 100%"),
        ({"loner_buy_in": "5", "pool_buy_in": "3"}, "pool_buy_in", "more than the entry fee"),
    ],
)
def test_a_bad_setting_is_refused_beside_its_field_and_nothing_is_saved(
    director_client, night, changes, field, message
):
    before = NightMoney.objects.filter(event=night).values().get()
    response = director_client.post(
        url("night-settings", night), settings_post(**{"entry_fee": "7.00", **changes})
    )
    assert response.status_code == 400
    html = response.content.decode()
    block = html.split(f'id="field-{field}"', 1)[1].split('class="field', 1)[0]
    assert message in block, block
    # Nothing half-saved: not even the good entry fee typed with it.
    assert NightMoney.objects.filter(event=night).values().get() == before


def test_the_settings_can_become_the_clubs_defaults(director_client, night, club):
    director_client.post(
        url("night-settings", night),
        settings_post(entry_fee="8.00", euchre_fine="0.25", make_default="on"),
    )
    defaults = ClubMoney.of(club).defaults
    assert defaults["entry_fee"] == 800 and defaults["euchre_fine"] == 25
    later = Event.objects.create(club=club, name="Next", date=datetime.date(2026, 12, 1))
    assert night_money_of(later).entry_fee == 800


def test_settings_left_alone_do_not_become_the_defaults(director_client, night, club):
    director_client.post(url("night-settings", night), settings_post(entry_fee="8.00"))
    assert NightMoney.objects.get(event=night).entry_fee == 800
    assert "entry_fee" not in ClubMoney.of(club).defaults


# --- 2. The door -------------------------------------------------------------------------------


def test_the_door_records_payments_and_shows_who_still_owes(director_client, night, nine):
    pay(director_client, night, nine["A"])
    pay(director_client, night, nine["B"], method="card", amount="2.00")
    pay(director_client, night, nine["C"], kind="waived", amount="")
    html = page(director_client, night)
    a, b = (html.split(f'id="player-{nine[x].pk}"', 1)[1].split("</li>", 1)[0] for x in "AB")
    assert "Paid $5.00 (cash)" in a and "Still owes" not in a
    assert "Paid $2.00 (card)" in b and "Still owes $3.00" in b
    assert "Plays free" in html
    # The six others are checked in and have paid nothing: they owe the entry fee.
    assert night_ledger(night).owed() == {"B": 300, **dict.fromkeys("DEFGHI", 500)}
    assert "7 still owe" in html


def test_the_event_page_says_who_still_owes(director_client, night, nine):
    event_page = reverse("tournaments:event-detail", args=[night.pk])
    for x in "ABCDEFGH":
        pay(director_client, night, nine[x])
    html = director_client.get(event_page).content.decode()
    assert "1 still owes" in html and "<bdi>I</bdi> $5.00" in html
    assert url("night", night) in html
    pay(director_client, night, nine["I"])
    html = director_client.get(event_page).content.decode()
    assert "Everyone has paid." in html


def test_a_refund_larger_than_what_was_paid_is_refused_and_nothing_saved(
    director_client, night, nine
):
    pay(director_client, night, nine["A"], amount="5.00")
    response = pay(director_client, night, nine["A"], kind="refund", amount="6.00")
    html = response.content.decode()
    assert "refund of $6.00 (cash) is more than the $5.00 they paid that way" in html
    assert DoorRecord.objects.filter(event=night, kind="refund").count() == 0
    # Refunded by card what was paid in cash: refused too.
    pay(director_client, night, nine["A"], kind="refund", method="card", amount="1.00")
    assert DoorRecord.objects.filter(event=night, kind="refund").count() == 0
    pay(director_client, night, nine["A"], kind="refund", amount="5.00")
    assert DoorRecord.objects.filter(event=night, kind="refund").count() == 1


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"amount": "6.00"}, "$1.00 more than the price of $5.00"),
        ({"amount": "lots"}, "is not an amount"),
        ({"amount": "-5"}, "cannot be negative"),
        ({"amount": ""}, "Type the amount, more than zero."),
        ({"method": "cheque"}, "Choose cash, card or paid ahead."),
        ({"seen": ""}, "Reload the page and press the button again."),
        ({"kind": "stolen"}, "Choose paid, refund or plays free."),
    ],
)
def test_a_bad_payment_is_refused_in_words(director_client, night, nine, data, message):
    post = {"player": nine["A"].pk, "kind": "paid", "method": "cash", "amount": "5", "seen": 0}
    response = director_client.post(url("door", night), {**post, **data}, follow=True)
    assert message in response.content.decode()
    assert not DoorRecord.objects.exists()


def test_a_player_of_another_club_or_not_in_the_event_is_refused(
    director_client, night, other_club, club
):
    stranger = Player.objects.create(club=other_club, name="Stranger")
    absent = Player.objects.create(club=club, name="Not tonight")
    for player in (stranger, absent):
        post = {"player": player.pk, "kind": "paid", "method": "cash", "amount": "5", "seen": 0}
        response = director_client.post(url("door", night), post, follow=True)
        assert "That player is not in this event" in response.content.decode()
    assert not DoorRecord.objects.exists()


def test_two_quick_clicks_record_the_payment_once(director_client, night, nine):
    post = {"player": nine["A"].pk, "kind": "paid", "method": "cash", "amount": "2", "seen": 0}
    director_client.post(url("door", night), post)
    response = director_client.post(url("door", night), post, follow=True)
    assert "since this page was drawn" in response.content.decode()
    assert DoorRecord.objects.filter(event=night).count() == 1


def test_the_ahead_price_is_offered_when_paying_ahead(director_client, night, nine):
    money = NightMoney.objects.get(event=night)
    money.ahead_fee = 400
    money.save()
    row = page(director_client, night).split(f'id="player-{nine["A"].pk}"', 1)[1]
    row = row.split("</li>", 1)[0]
    assert ">Cash $5.00<" in row and ">Paid ahead $4.00<" in row
    assert "A paid ahead, $4.00" in row  # the button says whose it is
    pay(director_client, night, nine["A"], method="ahead", amount="4.00")
    assert "A" not in night_ledger(night).owed()


def test_a_walk_in_is_entered_checked_in_and_paid(director_client, night, club):
    jim = Player.objects.create(club=club, name="Jim O’Brien")
    response = director_client.post(
        url("walk-in", night), {"name": "jim o'brien", "method": "card", "amount": "5.00"}
    )
    assert response.status_code == 302
    assert Entry.objects.get(event=night, player=jim).present
    record = DoorRecord.objects.get(event=night, player=jim)
    assert (record.kind, record.method, record.amount) == ("paid", "card", 500)
    # A new name joins the roster.
    director_client.post(
        url("walk-in", night), {"name": "Nora New", "method": "cash", "amount": "5"}
    )
    nora = Player.objects.get(club=club, name="Nora New")
    assert Entry.objects.get(event=night, player=nora).present
    assert Player.objects.filter(club=club, sort_name="jim obrien").count() == 1


def test_a_walk_in_refused_leaves_no_player_no_entry(director_client, night, club):
    response = director_client.post(
        url("walk-in", night), {"name": "Olive Over", "method": "cash", "amount": "9.00"}
    )
    assert response.status_code == 400
    assert "more than the price of $5.00" in response.content.decode()
    assert not Player.objects.filter(name="Olive Over").exists()
    assert not DoorRecord.objects.exists()


def test_a_second_click_on_a_walk_in_records_it_once(director_client, night):
    data = {"name": "Walt Walker", "method": "cash", "amount": "2.00"}
    director_client.post(url("walk-in", night), data)
    response = director_client.post(url("walk-in", night), data)
    # Said in the player's own row, where the browser lands.
    walt = Player.objects.get(name="Walt Walker")
    assert response.url.endswith(f"#player-{walt.pk}")
    row = page(director_client, night).split(f'id="player-{walt.pk}"', 1)[1].split("</li>")[0]
    assert "Not recorded: Walt Walker is already at the door tonight" in row
    assert DoorRecord.objects.count() == 1


# --- Access ------------------------------------------------------------------------------------

VIEWS = ["night", "night-settings", "door", "walk-in", "draws", "mark-paid", "fines-settled"]

# Where a GET on a view that records (a reload after a refusal) sends the director back to.
BACK_TO = {
    "door": "door",
    "walk-in": "walk-in",
    "draws": "draws",
    "mark-paid": "payouts",
    "fines-settled": "payouts",
}


@pytest.mark.parametrize("name", VIEWS)
def test_a_director_of_another_club_gets_404(client, other_director, director, night, name):
    client.force_login(other_director)
    assert client.get(url(name, night)).status_code == 404
    assert client.post(url(name, night), {"player": 1, "amount": "5"}).status_code == 404
    assert not DoorRecord.objects.exists() and not PaidMark.objects.exists()
    # The club's own director reaches the same address (a page, or a view that records).
    client.force_login(director)
    assert client.get(url(name, night)).status_code == (200 if "night" in name else 302)


@pytest.mark.parametrize("name", list(BACK_TO))
def test_reloading_a_view_that_records_goes_back_to_the_nights_page(director_client, night, name):
    """A refused walk-in leaves the address bar on .../money/walk-in/: a reload (a GET) goes
    back to the night's page at the form, not to "405 Method Not Allowed"."""
    response = director_client.get(url(name, night))
    assert response.status_code == 302
    assert response["Location"] == url("night", night) + "#" + BACK_TO[name]
    assert director_client.put(url(name, night)).status_code == 405


@pytest.mark.parametrize("name", VIEWS)
def test_anyone_not_logged_in_is_sent_to_log_in(client, night, name):
    for response in (client.get(url(name, night)), client.post(url(name, night), {})):
        assert response.status_code == 302 and "/login/" in response["Location"]


def test_the_event_pages_money_card_is_for_its_directors_only(
    client, other_director, director, night
):
    event_page = reverse("tournaments:event-detail", args=[night.pk])
    client.force_login(other_director)
    assert client.get(event_page).status_code == 404
    client.force_login(director)
    assert "The night's money</a>" in client.get(event_page).content.decode()


# --- 3. At the end: payouts --------------------------------------------------------------------


@pytest.fixture
def played(director_client, night, nine):
    """Everyone paid $5 cash, both rounds played: A and C tie for 1st on 7 (tests/
    test_standings.py), and under 12 players 1st only is paid, so they share the $45."""
    for p in nine.values():
        pay(director_client, night, p)
    play_round(night, 1, ROUND_1, sit_out="I", by_name=nine)
    play_round(night, 2, ROUND_2, sit_out="H", by_name=nine)
    return night


def payout_row(html, player):
    return html.split(f'id="payout-{player.pk}"', 1)[1].split('<li id="payout-', 1)[0]


def mark(client, event, player, amount):
    return client.post(
        url("mark-paid", event), {"player": player.pk, "amount": amount}, follow=True
    )


def test_payouts_wait_for_the_last_round(director_client, night):
    html = page(director_client, night)
    assert "worked out when the last round closes" in html


def test_payouts_are_marked_paid(director_client, played, nine):
    html = page(director_client, played)
    a = payout_row(html, nine["A"])
    assert "won $22.50" in a and "1st place (tied, shared): $22.50" in a
    assert "Hand over $22.50</button>" in a
    mark(director_client, played, nine["A"], 2250)
    # A second click is refused: the difference is no longer what the page showed.
    response = mark(director_client, played, nine["A"], 2250)
    assert "already recorded" in response.content.decode()
    assert PaidMark.objects.get(player=nine["A"]).amount == 2250
    a = payout_row(response.content.decode(), nine["A"])
    assert "Handed out $22.50" in a and "Paid in full</span>" in a and "<button" not in a


def test_a_correction_after_the_payouts_says_who_is_owed_and_who_gives_back(
    director_client, director, played, nine
):
    mark(director_client, played, nine["A"], 2250)
    mark(director_client, played, nine["C"], 2250)
    # Round 2, table 1, hand 2: C (West) went alone and took 3. Corrected: 2 tricks, so the
    # loner is euchred: A 6, C 6, H 6, and A's loner (round 1) breaks the tie: A alone 1st.
    hand = Hand.objects.get(table__round__number=2, table__number=1, number=2)
    services.hand_correct(hand=hand, data={"tricks": 2}, reason="West took 2", user=director)
    html = page(director_client, played)
    a, c = payout_row(html, nine["A"]), payout_row(html, nine["C"])
    assert "won $45.00" in a and "Is owed $22.50 more" in a and "Hand over the other $22.50" in a
    assert "won $0.00" in c and "Gives back $22.50" in c and "Record: got $22.50 back" in c
    mark(director_client, played, nine["A"], 2250)
    mark(director_client, played, nine["C"], -2250)
    assert night_ledger(played).settle() == [("A", 4500, 4500), ("C", 0, 0)]
    html = page(director_client, played)
    assert "Is owed" not in html and "Gives back" not in html


def test_a_payout_that_is_not_the_difference_is_refused(director_client, played, nine):
    response = mark(director_client, played, nine["A"], 9999)
    assert "already recorded" in response.content.decode()
    assert not PaidMark.objects.exists()


def test_the_draws_are_saved_and_a_pool_with_no_winner_is_refused_no_more(
    director_client, played, nine
):
    response = director_client.post(
        url("draws", played), {"fifty_fifty_sales": "20.00", "fifty_fifty_winner": ""}
    )
    assert response.status_code == 400
    assert "Type the 50/50 winner" in response.content.decode()
    assert NightMoney.objects.get(event=played).fifty_fifty_sales == 0
    director_client.post(
        url("draws", played),
        {"fifty_fifty_sales": "20.00", "fifty_fifty_winner": "Ticket 12", "pool_winners": []},
    )
    money = NightMoney.objects.get(event=played)
    assert (money.fifty_fifty_sales, money.fifty_fifty_winner) == (2000, "Ticket 12")
    assert night_ledger(played).sheet.fifty_fifty_tickets == 2000


def test_the_pools_winners_are_ticked_from_the_nights_players(
    director_client, played, nine, other_club
):
    money = NightMoney.objects.get(event=played)
    money.pool_buy_in = 100
    money.save()
    assert "Won the Perfect hand pool tonight" in page(director_client, played)
    stranger = Player.objects.create(club=other_club, name="Stranger")
    response = director_client.post(url("draws", played), {"pool_winners": [stranger.pk]})
    assert response.status_code == 400
    assert "is not a player of this night" in response.content.decode()
    director_client.post(url("draws", played), {"pool_winners": [nine["F"].pk]})
    ledger = night_ledger(played)
    assert ledger.result.pool_winners == ("F",)
    pool = next(p for p in ledger.sheet.side_pots if p.key == "pool")
    assert pool.paid == (("F", 900),)


def test_no_pool_no_list_of_players_to_tick(director_client, night):
    html = page(director_client, night)
    assert 'id="draws"' in html and "50/50 winner" in html
    assert "Won the" not in html


def test_a_walk_in_already_entered_but_not_here_is_checked_in(director_client, night, nine):
    Entry.objects.filter(event=night, player=nine["A"]).update(present=False)
    assert "A" not in night_ledger(night).owed()
    director_client.post(url("walk-in", night), {"name": "a", "method": "cash", "amount": "5"})
    assert Entry.objects.get(event=night, player=nine["A"]).present
    assert Entry.objects.filter(event=night).count() == 9


def test_the_demos_nights_show_their_money(client, director, db):
    """The demo's paid-out pairs night (partners' prizes split) and tonight's half-taken door:
    every money page of theirs draws, with the figures of the ledger."""
    from django.core.management import call_command

    from clubs.models import ClubDirector

    call_command("load_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115
    client.force_login(director)
    for event in Event.objects.all():
        ClubDirector.objects.get_or_create(club=event.club, user=director)
        ledger = night_ledger(event)
        for name in ("night", "night-settings"):
            assert client.get(url(name, event)).status_code == 200
        html = page(client, event)
        for name, amount in ledger.owed().items():
            assert f"Still owes {ledger.format(amount)}" in html, name
        for name, won, _ in ledger.settle():
            assert f"won {ledger.format(won)}" in html, name
        event_page = client.get(reverse("tournaments:event-detail", args=[event.pk]))
        assert event_page.status_code == 200


def test_plays_free_is_taken_off_again(director_client, night, nine):
    pay(director_client, night, nine["C"], kind="waived", amount="")
    assert "C" not in night_ledger(night).owed()
    # Paying while waived is refused, saying what to do.
    response = pay(director_client, night, nine["C"])
    assert "Not recorded: C plays free: take off &quot;plays free&quot; first" in (
        response.content.decode()
    )
    pay(director_client, night, nine["C"], kind="unwaive", amount="")
    assert not DoorRecord.objects.filter(player=nine["C"]).exists()
    assert night_ledger(night).owed()["C"] == 500
    pay(director_client, night, nine["C"])
    assert "C" not in night_ledger(night).owed()


def test_the_event_pages_money_card_asks_the_same_queries_whatever_the_entrants(
    director_client, club
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for size in (8, 40):
        event = Event.objects.create(club=club, name=f"{size}", date=datetime.date(2026, 11, 24))
        players = Player.objects.bulk_create(
            Player(club=club, name=f"P{size}-{i}") for i in range(size)
        )
        Entry.objects.bulk_create(Entry(event=event, player=p) for p in players)
        DoorRecord.objects.bulk_create(
            DoorRecord(event=event, player=p, amount=0, kind="waived") for p in players[::2]
        )
        NightMoney.objects.filter(pk=night_money_of(event).pk).update(entry_fee=500)
        address = reverse("tournaments:event-detail", args=[event.pk])
        with CaptureQueriesContext(connection) as done:
            html = director_client.get(address).content.decode()
        assert f"{size // 2} still owe" in html
        counts.append(len(done))
    assert counts[0] == counts[1]


def test_the_pool_carried_in_says_where_it_came_from(director_client, played, club):
    NightMoney.objects.filter(event=played).update(pool_buy_in=100)
    later = Event.objects.create(club=club, name="Next week", date=datetime.date(2026, 12, 1))
    html = director_client.get(url("night-settings", later)).content.decode()
    assert "From Small night (Tue, Nov 24, 2026), which carried $9.00 with no winner." in html
    assert NightMoney.objects.get(event=later).pool_carried_in == 900
    # The treasurer corrects it: saved as typed.
    director_client.post(url("night-settings", later), settings_post(pool_carried_in="8.50"))
    assert NightMoney.objects.get(event=later).pool_carried_in == 850


def test_a_side_awards_prize_is_set_here_and_paid_with_the_places(director_client, played, nine):
    """Most loners: A and C made one each (tests/test_standings.py), so they share its $4.00,
    paid from the prize pot before 1st place."""
    Event.objects.filter(pk=played.pk).update(award_most_loners=True)
    settings_page = director_client.get(url("night-settings", played)).content.decode()
    assert "Prize for most loners" in settings_page
    director_client.post(url("night-settings", played), settings_post(prize_most_loners="4.00"))
    assert NightMoney.objects.get(event=played).prize_most_loners == 400
    html = page(director_client, played)
    assert "Side awards&#x27; prizes: most loners $4.00." in html or "most loners $4.00" in html
    a = payout_row(html, nine["A"])
    assert "Most loners (tied, shared): $2.00" in a and "won $22.50" in a


# --- What a tester walking the night's page found (issue 42's follow-up) -----------------------


def door_row(html, player):
    return html.split(f'id="player-{player.pk}"', 1)[1].split("</li>", 1)[0]


def test_a_door_refusal_is_shown_in_the_row_it_concerns(director_client, night, nine):
    """The redirect lands on the player's row, 4,000 px below the top: the refusal is there,
    as an alert, and says first that nothing was recorded."""
    pay(director_client, night, nine["A"], amount="5.00")
    response = pay(director_client, night, nine["A"], kind="refund", amount="6.00")
    assert response.redirect_chain[-1][0].endswith(f"#player-{nine['A'].pk}")
    row = door_row(response.content.decode(), nine["A"])
    assert '<p class="refusal" role="alert">Not recorded: ' in row
    assert "refund of $6.00 (cash) is more than the $5.00 they paid that way" in row
    # Plays free for someone who paid: in their row too, and not in anyone else's.
    response = pay(director_client, night, nine["A"], kind="waived", amount="")
    html = response.content.decode()
    assert "Not recorded: " in door_row(html, nine["A"])
    assert "Not recorded" not in door_row(html, nine["B"])
    assert DoorRecord.objects.filter(event=night).count() == 1
    # Drawn again, the refusal is gone from the row.
    assert "Not recorded" not in page(director_client, night)


def test_an_overpayment_says_it_was_not_recorded(director_client, night, nine):
    response = pay(director_client, night, nine["A"], amount="25.00")
    html = response.content.decode()
    # Said as what the tap would have done: nothing was taken.
    said = (
        "Not recorded: that would make $25.00 from A, $20.00 more than the price of $5.00: "
        "take $5.00 at most."
    )
    assert said in html and said in door_row(html, nine["A"])
    assert not DoorRecord.objects.exists()


def test_a_refused_walk_in_or_draw_comes_back_at_its_form_with_a_summary(director_client, night):
    response = director_client.post(
        url("walk-in", night), {"name": "Olive Over", "method": "cash", "amount": "9.00"}
    )
    html = response.content.decode()
    assert response.status_code == 400
    walk_in = html.split('<section id="walk-in"', 1)[1].split("</section>", 1)[0]
    # The form posts to its own section: the page drawn again is scrolled to it.
    assert f'action="{url("walk-in", night)}#walk-in"' in walk_in
    # The refusal at the form's top, before its first field, said once.
    summary = walk_in.split('name="name"', 1)[0]
    assert 'class="refusal" role="alert"' in summary
    assert summary.count("Not recorded: that would make $9.00 from Olive Over") == 1
    response = director_client.post(url("walk-in", night), {"name": "", "method": "cash"})
    summary = response.content.decode().split('<section id="walk-in"', 1)[1].split("<form", 1)[0]
    assert "Not recorded." in summary and "Type the player&#x27;s name." in summary
    assert 'href="#id_name"' in summary
    response = director_client.post(
        url("draws", night), {"fifty_fifty_sales": "20.00", "fifty_fifty_winner": ""}
    )
    draws = response.content.decode().split('<section id="draws"', 1)[1].split("</section>", 1)[0]
    assert f'action="{url("draws", night)}#draws"' in draws
    assert "Not saved." in draws.split("<form", 1)[0]
    assert "Type the 50/50 winner" in draws.split("<form", 1)[0]


def test_a_walk_in_who_paid_ahead_is_checked_in_and_nothing_more_recorded(
    director_client, night, nine
):
    """Entered, paid ahead, not here yet: the walk-in form checks them in (their row cannot),
    records nothing when they owe nothing, and the rest when they paid part."""
    Entry.objects.filter(event=night, player__in=[nine["A"], nine["B"]]).update(present=False)
    DoorRecord.objects.create(event=night, player=nine["A"], method="ahead", amount=500)
    DoorRecord.objects.create(event=night, player=nine["B"], method="cash", amount=200)
    response = director_client.post(
        url("walk-in", night), {"name": "a", "method": "cash", "amount": "5.00"}, follow=True
    )
    assert "A is checked in. They owe nothing more" in response.content.decode()
    assert Entry.objects.get(event=night, player=nine["A"]).present
    assert DoorRecord.objects.filter(event=night, player=nine["A"]).count() == 1
    response = director_client.post(
        url("walk-in", night), {"name": "B", "method": "cash", "amount": "3.00"}, follow=True
    )
    assert "B is checked in and paid $3.00 (cash)." in response.content.decode()
    assert Entry.objects.get(event=night, player=nine["B"]).present
    assert "B" not in night_ledger(night).owed()
    # Checked in now: a second click is refused as before.
    response = director_client.post(
        url("walk-in", night), {"name": "B", "method": "cash", "amount": "3.00"}, follow=True
    )
    assert "already at the door tonight" in response.content.decode()
    assert DoorRecord.objects.filter(event=night, player=nine["B"]).count() == 2


def test_the_pools_winners_are_offered_from_those_checked_in(director_client, night, nine):
    import re

    NightMoney.objects.filter(event=night).update(pool_buy_in=100)
    Entry.objects.filter(event=night, player__in=[nine["A"], nine["B"]]).update(present=False)

    def offered():
        html = page(director_client, night)
        return {int(v) for v in re.findall(r'name="pool_winners" value="(\d+)"', html)}

    assert offered() == {nine[x].pk for x in "CDEFGHI"}
    # Chosen, then found not checked in: kept in the list (ticked), not silently dropped.
    NightMoney.objects.get(event=night).pool_winners.set([nine["A"]])
    assert offered() == {nine[x].pk for x in "ACDEFGHI"}


def test_the_still_owe_banner_links_each_name_to_its_row(director_client, night, nine):
    for x in "ABCDEFG":
        pay(director_client, night, nine[x])
    banner = page(director_client, night).split('class="owes-total"', 1)[1].split("</p>", 1)[0]
    assert "2 still owe" in banner
    for x in "HI":
        assert f'<a href="#player-{nine[x].pk}"><span><bdi>{x}</bdi> $5.00</span></a>' in banner


def test_the_settings_page_warns_once_the_payouts_were_handed_out(director_client, played, nine):
    warning = "The payouts of this night were handed out."
    assert warning not in director_client.get(url("night-settings", played)).content.decode()
    mark(director_client, played, nine["A"], 2250)
    html = director_client.get(url("night-settings", played)).content.decode()
    assert warning in html and "changes what each winner is owed" in html
    # A warning, not a refusal: the settings are still saved.
    response = director_client.post(url("night-settings", played), settings_post(entry_fee="6"))
    assert response.status_code == 302
    assert NightMoney.objects.get(event=played).entry_fee == 600


def test_the_event_pages_card_says_payouts_are_left_to_settle(
    director_client, director, played, nine
):
    event_page = reverse("tournaments:event-detail", args=[played.pk])
    mark(director_client, played, nine["A"], 2250)
    mark(director_client, played, nine["C"], 2250)
    html = director_client.get(event_page).content.decode()
    assert "Everyone has paid." in html and "still to settle" not in html
    hand = Hand.objects.get(table__round__number=2, table__number=1, number=2)
    services.hand_correct(hand=hand, data={"tricks": 2}, reason="West took 2", user=director)
    html = director_client.get(event_page).content.decode()
    assert "2 payouts still to settle" in html
    assert f'href="{url("night", played)}#payouts"' in html
    mark(director_client, played, nine["A"], 2250)
    mark(director_client, played, nine["C"], -2250)
    assert "still to settle" not in director_client.get(event_page).content.decode()


def test_a_correction_that_takes_a_euchre_away_gives_the_fine_back(
    director_client, director, played, nine
):
    """Fines are paid at the table. The first payout notes them as the sheet counted them; a
    correction after it that takes a euchre away says to give that fine back, once."""
    NightMoney.objects.filter(event=played).update(euchre_fine=50, fines_to="club")
    assert night_ledger(played).fines_settle() == []
    mark(director_client, played, nine["A"], 2250)
    paid = {
        Player.objects.get(pk=pk).name: minor
        for pk, minor in NightMoney.objects.get(event=played).fines_paid.items()
    }
    assert paid == dict.fromkeys("BDEG", 50)
    assert night_ledger(played).fines_settle() == []
    # Round 1, table 1, hand 2: East made it with 1 trick (B and D euchred). Corrected: 3.
    hand = Hand.objects.get(table__round__number=1, table__number=1, number=2)
    services.hand_correct(hand=hand, data={"tricks": 3}, reason="East took 3", user=director)
    assert night_ledger(played).fines_settle() == [("B", 50, 0), ("D", 50, 0)]
    # The cash sheet says it too, under what a correction left owed.
    sheet = director_client.get(reverse("money:sheet", args=[played.pk])).content.decode()
    assert "B paid $0.50 in euchre fines, none is due now: hand B back $0.50" in sheet
    html = page(director_client, played)
    b = html.split(f'id="fines-{nine["B"].pk}"', 1)[1].split("</li>", 1)[0]
    assert "paid $0.50 in euchre fines,\n        none is due now" in b
    assert "hand <bdi>B</bdi> back" in b
    assert "Record: gave $0.50 of fines back</button>" in b
    post = {"player": nine["B"].pk, "amount": -50}
    response = director_client.post(url("fines-settled", played), post, follow=True)
    assert "B was given back $0.50 of euchre fines." in response.content.decode()
    assert f'id="fines-{nine["B"].pk}"' not in response.content.decode()
    # A second click: nothing changes, and it says so in the row's place.
    response = director_client.post(url("fines-settled", played), post, follow=True)
    assert "Not recorded: B&#x27;s euchre fines were already settled" in response.content.decode()
    assert night_ledger(played).fines_settle() == [("D", 50, 0)]
    assert NightMoney.objects.get(event=played).fines_paid == {str(nine[x].pk): 50 for x in "DEG"}
    sheet = director_client.get(reverse("money:sheet", args=[played.pk])).content.decode()
    assert "B paid $0.50" not in sheet and "D paid $0.50 in euchre fines" in sheet


def test_fines_noted_at_the_first_payout_follow_a_player_renamed_since(
    director_client, director, played, nine
):
    """The fines paid are noted by the player's id: B renamed "Bea" after the payouts is one
    player owed her fine back, not a "B" who paid and a "Bea" who owes."""
    from clubs.services import player_rename

    NightMoney.objects.filter(event=played).update(euchre_fine=50, fines_to="club")
    mark(director_client, played, nine["A"], 2250)
    assert night_ledger(played).fines_settle() == []
    player_rename(player=nine["B"], name="Bea")
    assert night_ledger(played).fines_settle() == []
    hand = Hand.objects.get(table__round__number=1, table__number=1, number=2)
    services.hand_correct(hand=hand, data={"tricks": 3}, reason="East took 3", user=director)
    assert night_ledger(played).fines_settle() == [("Bea", 50, 0), ("D", 50, 0)]


def test_plays_free_for_a_player_who_paid_says_to_refund_first(director_client, night, nine):
    pay(director_client, night, nine["C"])
    response = pay(director_client, night, nine["C"], kind="waived", amount="")
    said = "Not recorded: C has paid $5.00: refund it first, then mark them as playing free."
    assert said in door_row(response.content.decode(), nine["C"])
    assert not DoorRecord.objects.filter(player=nine["C"], kind="waived").exists()


def test_a_players_other_records_are_on_a_page_of_their_own(
    client, director, other_director, night, nine
):
    """Another amount, a refund, plays free: one player's page, linked from their row (every
    row carrying those forms made a 400-player night's page a megabyte). Only the club's
    directors, only a player of this night."""
    address = reverse("money:door-player", args=[night.pk, nine["A"].pk])
    client.force_login(director)
    row = door_row(page(client, night), nine["A"])
    assert f'href="{address}"' in row and 'value="refund"' not in row
    html = client.get(address).content.decode()
    assert "Record for <bdi>A</bdi>" in html and "A plays free" in html
    assert f'action="{url("door", night)}"' in html
    # A refund posted from it lands on the player's row of the night's page.
    pay(client, night, nine["A"])
    seen = DoorRecord.objects.filter(player=nine["A"]).count()
    post = {"player": nine["A"].pk, "kind": "refund", "method": "cash", "amount": "2.00"}
    response = client.post(url("door", night), {**post, "seen": seen})
    assert response.url.endswith(f"#player-{nine['A'].pk}")
    assert night_ledger(night).door.refunded("A") == 200
    stranger = Player.objects.create(club=night.club, name="Not tonight")
    not_here = reverse("money:door-player", args=[night.pk, stranger.pk])
    assert client.get(not_here).status_code == 404
    client.force_login(other_director)
    assert client.get(address).status_code == 404
    client.logout()
    assert "/login/" in client.get(address)["Location"]


def test_a_pool_winner_named_late_takes_the_pool_from_the_next_nights_carried_in(
    director_client, played, club, nine
):
    """The next night took this night's pool as carried in; naming its winner afterwards
    moves the pool to the winner and the next night starts with nothing carried, so the same
    money is never in two sheets. Once the next night has handed out payouts, it is left to
    the treasurer (its sheet is settled)."""
    NightMoney.objects.filter(event=played).update(pool_buy_in=100)
    later = Event.objects.create(club=club, name="Next week", date=datetime.date(2026, 12, 1))
    assert night_money_of(later).pool_carried_in == 900
    response = director_client.post(
        url("draws", played), {"fifty_fifty_sales": "", "pool_winners": [nine["A"].pk]}, follow=True
    )
    assert "Next week (Tue, Dec 1, 2026) now starts with $0.00 carried in" in (
        response.content.decode()
    )
    assert NightMoney.objects.get(event=later).pool_carried_in == 0
    assert night_ledger(played).sheet.carried == 0
    # Unnamed again: carried again.
    director_client.post(url("draws", played), {"fifty_fifty_sales": ""})
    assert NightMoney.objects.get(event=later).pool_carried_in == 900
    # The next night paid out: its carried in is no longer moved.
    PaidMark.objects.create(event=later, player=nine["A"], amount=100)
    director_client.post(
        url("draws", played), {"fifty_fifty_sales": "", "pool_winners": [nine["A"].pk]}
    )
    assert NightMoney.objects.get(event=later).pool_carried_in == 900


def test_a_rows_one_tap_buttons_record_what_the_player_still_owes(director_client, night, nine):
    """One form a row, a button for each way of paying: the amount is worked out when it is
    recorded, what the player still owes paid that way (the ahead price when paying ahead)."""
    NightMoney.objects.filter(event=night).update(ahead_fee=400)
    row = door_row(page(director_client, night), nine["A"])
    assert row.count("<form") == 1 and 'name="owed" value="on"' in row
    assert 'name="method" value="cash"' in row and 'name="method" value="ahead"' in row
    tap = {"player": nine["A"].pk, "kind": "paid", "owed": "on", "seen": 0}
    director_client.post(url("door", night), {**tap, "method": "ahead"})
    assert night_ledger(night).door.paid("A", "ahead") == 400
    assert "A" not in night_ledger(night).owed()
    # Nothing left to pay: refused, nothing recorded.
    response = director_client.post(url("door", night), {**tap, "method": "cash", "seen": 1})
    assert response.status_code == 302
    assert "Not recorded: A owes nothing more." in page(director_client, night)
    assert DoorRecord.objects.filter(player=nine["A"]).count() == 1
    # Part paid: the button takes the rest.
    pay(director_client, night, nine["B"], amount="2.00")
    director_client.post(
        url("door", night), {**tap, "player": nine["B"].pk, "method": "card", "seen": 1}
    )
    assert night_ledger(night).door.paid("B", "card") == 300


def test_a_next_night_made_before_this_one_ended_takes_its_pool_at_the_payouts(
    director_client, club, night, nine
):
    """Next week's event is made while tonight is still played: its money starts with nothing
    carried (tonight's pool is not known yet). Handing out tonight's first payout carries the
    pool there, and says so."""
    NightMoney.objects.filter(event=night).update(pool_buy_in=100)
    later = Event.objects.create(club=club, name="Next week", date=datetime.date(2026, 12, 1))
    assert night_money_of(later).pool_carried_in == 0
    for p in nine.values():
        pay(director_client, night, p)
    play_round(night, 1, ROUND_1, sit_out="I", by_name=nine)
    play_round(night, 2, ROUND_2, sit_out="H", by_name=nine)
    assert night_ledger(night).sheet.carried == 900
    winner, won, _ = night_ledger(night).settle()[0]
    response = director_client.post(
        url("mark-paid", night), {"player": nine[winner].pk, "amount": won}, follow=True
    )
    assert "Next week (Tue, Dec 1, 2026) now starts with $9.00 carried in" in (
        response.content.decode()
    )
    assert NightMoney.objects.get(event=later).pool_carried_in == 900

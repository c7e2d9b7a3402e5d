"""The director's sign-up list (/events/<pk>/signup/), through its pages: what the browser walk
of the sign-up found (WALK45.md items 4, 8, 11, 13, 15 and 16): a hold or an add for a name
already waiting, a night that is over, pairing two players looking for a partner, the
private link of a player with no email address, the list's words, and its addresses opened
with a GET."""

# ruff: noqa: F811 (the fixtures imported from test_signup)
import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from post_office.models import Email
from test_signup import (  # noqa: F401 (the fixtures)
    assistant_client,
    list_url,
    night,
    page,
    pairs_night,
    sign_up,
    text,
    token_of,
)

from clubs.models import ClubDirector
from signup import services
from signup.models import Sheet, SignUp
from tournaments.models import Event

FOUR = ("Ada Baker", "Ben Carter", "Cora Dunn", "Dale Evans")


def shown_after(client, response) -> str:
    assert response.status_code == 302, text(response)[:3000]
    return text(client.get(response["Location"]))


# --- Item 4: a hold or an add for a name already waiting ---------------------------------


def test_holding_past_the_cap_for_a_name_already_waiting_gives_it_its_place(night, director_client):
    for name in FOUR:
        token_of(sign_up(night, name))
    hold = list_url(night, "signup:list-hold")
    said = shown_after(director_client, director_client.post(hold, {"hold-name": "Vern Vance"}))
    assert "The list is full: Vern Vance is 1st on the waiting list. Tick “Even past" in said
    # Doing what it says works: the waiting name gets its place (as "Give a place" does).
    response = director_client.post(hold, {"hold-name": "Vern Vance", "hold-past_cap": "on"})
    said = shown_after(director_client, response)
    assert "Vern Vance was on the waiting list: now has a place. That is 1 place past" in said
    vern = SignUp.objects.get(name="Vern Vance")
    assert (vern.status, vern.held) == ("in", True)
    assert services.counts(night).taken == 5 and services.counts(night).waiting == 0
    # Without the tick, a name waiting is told both ways out, by name.
    token_of(sign_up(night, "Edna Fox"))
    response = director_client.post(hold, {"hold-name": "edna fox"})
    assert response.status_code == 400
    assert (
        "Edna Fox is on the list already, on the waiting list: to give Edna Fox a place, tick "
        "“Even past the cap”, or press “Give a place” on Edna Fox's row below."
    ) in text(response)
    assert SignUp.objects.get(name="Edna Fox").status == "waiting"


def test_adding_past_the_cap_a_name_already_waiting_gives_it_its_place(night, director_client):
    for name in FOUR:
        token_of(sign_up(night, name))
    token_of(sign_up(night, "Edna Fox", email="edna@example.org"))
    add = list_url(night, "signup:list-add")
    response = director_client.post(add, {"add-name": "Edna Fox"})
    assert response.status_code == 400
    assert "tick “Give a place even past the cap”, or press “Give a place”" in text(response)
    response = director_client.post(add, {"add-name": "Edna Fox", "add-past_cap": "on"})
    said = shown_after(director_client, response)
    assert "Edna Fox was on the waiting list: now has a place (mailed). That is 1 place" in said
    assert SignUp.objects.filter(name="Edna Fox").count() == 1
    assert SignUp.objects.get(name="Edna Fox").status == "in"


# --- Item 8: a night that is over -----------------------------------------------------------


@pytest.fixture
def past_night(club):
    event = Event.objects.create(
        club=club, name="Harvest pairs", date=timezone.localdate() - datetime.timedelta(days=9)
    )
    Sheet.objects.create(event=event, open=False, cap=4)
    SignUp.objects.create(event=event, name="Ada Baker", email="ada@example.org", position=1)
    SignUp.objects.create(
        event=event, name="Ben Carter", email="ben@example.org", status="waiting", position=2
    )
    return event


def test_a_night_that_is_over_takes_no_names_and_nobody_is_mailed(past_night, director_client):
    over = f"Harvest pairs was on {services.figures.day(past_night.date, past_night)}"
    shown = page(director_client, list_url(past_night))
    assert "the night is over, so its list is kept as it was" in shown
    assert 'id="add"' not in shown and 'id="hold"' not in shown and "Remove" not in shown
    # A page opened before the night passed, posted after it: refused in words.
    ada, ben = SignUp.objects.order_by("position")
    posts = [
        ("signup:list-add", (), {"add-name": "Late Lois", "add-email": "lois@example.org"}),
        ("signup:list-add", (), {"add-name": "Ben Carter", "add-past_cap": "on"}),
        ("signup:list-hold", (), {"hold-name": "Lyle Moss", "hold-past_cap": "on"}),
        ("signup:list-move", (ben.pk,), {"direction": "give-place"}),
        ("signup:list-move", (ada.pk,), {"direction": "to-waiting"}),
        ("signup:list-remove", (ada.pk,), {"confirm": "yes"}),
    ]
    for name, args, data in posts:
        response = director_client.post(list_url(past_night, name, *args), data)
        assert response.status_code == 400, (name, data)
        assert f"{over}: the night is over" in text(response), (name, data)
    response = director_client.post(
        list_url(past_night, "signup:list-settings"), {"sheet-open": "on", "sheet-cap": ""}
    )
    assert response.status_code == 400
    assert f"{over}: its sign-up cannot open again" in text(response)
    # Nothing changed, nobody mailed; a higher cap saved with the sign-up left closed gives
    # no place either.
    response = director_client.post(list_url(past_night, "signup:list-settings"), {"sheet-cap": ""})
    assert response.status_code == 302
    assert [(s.name, s.status) for s in SignUp.objects.order_by("position")] == [
        ("Ada Baker", "in"),
        ("Ben Carter", "waiting"),
    ]
    assert not Sheet.objects.get(event=past_night).open
    assert not Email.objects.exists()


# --- Item 11: pairing two players looking for a partner -------------------------------------


def pair(client, event, signup, partner):
    return client.post(list_url(event, "signup:list-pair", signup.pk), {"partner": partner})


def test_the_director_pairs_two_players_looking_for_a_partner(pairs_night, director_client):
    Sheet.objects.filter(event=pairs_night).update(cap=6)
    token_of(sign_up(pairs_night, "Ada Baker", find_partner="on"))
    token_of(sign_up(pairs_night, "Cora Dunn", partner_name="Dale Evans"))
    token_of(sign_up(pairs_night, "Ben Carter", find_partner="on", email="ben@example.org"))
    ada, ben = SignUp.objects.get(name="Ada Baker"), SignUp.objects.get(name="Ben Carter")
    shown = page(director_client, list_url(pairs_night))
    assert (
        shown.count("Pair with") == 2 and f'<option value="{ben.pk}">Ben Carter</option>' in shown
    )
    assert services.counts(pairs_night).taken == 4
    said = shown_after(director_client, pair(director_client, pairs_night, ben, str(ada.pk)))
    # The one higher on the list keeps the sign-up; the other's is cancelled, as paired.
    assert "Ada Baker & Ben Carter are a team now, on Ada Baker's sign-up (2 places)" in said
    assert "Ben Carter · " in said and "paired with Ada Baker by the director" in said
    assert "Pair with" not in said
    ada.refresh_from_db()
    assert (ada.partner_name, ada.places, ada.find_partner, ada.status) == (
        "Ben Carter",
        2,
        False,
        "in",
    )
    assert SignUp.objects.get(pk=ben.pk).status == "cancelled"
    counts = services.counts(pairs_night)
    assert (counts.taken, counts.left, counts.waiting) == (4, 2, 0)
    # The same pairing posted again from an old page, and a choice that is no one's.
    response = pair(director_client, pairs_night, ada, str(ben.pk))
    assert response.status_code == 400
    assert "Ben Carter is no longer on the list (the page was old)" in text(response)
    token_of(sign_up(pairs_night, "Edna Fox", find_partner="on"))
    edna = SignUp.objects.get(name="Edna Fox")
    response = pair(director_client, pairs_night, edna, str(ada.pk))
    assert response.status_code == 400
    assert "Ada Baker is not looking for a partner any more (with Ben Carter)" in text(response)
    for junk in ("", "x", "999999", str(edna.pk), "1" * 40):
        response = pair(director_client, pairs_night, edna, junk)
        assert response.status_code == 400
        assert "Choose Edna Fox's partner from those looking for one, then press Pair." in text(
            response
        )
    assert services.counts(pairs_night).taken == 5
    # Checked in, each is the night's entry already: paired on the event's page instead.
    token_of(sign_up(pairs_night, "Floyd Gray", find_partner="on"))
    floyd = SignUp.objects.get(name="Floyd Gray")
    SignUp.objects.filter(pk=floyd.pk).update(arrival="here")
    response = pair(director_client, pairs_night, edna, str(floyd.pk))
    assert response.status_code == 400
    assert "Floyd Gray is checked in already: pair them as partners on the event's" in text(
        response
    )
    assert SignUp.objects.get(pk=floyd.pk).status == "in"


def test_a_pair_with_a_waiting_player_needs_a_place_for_the_partner(pairs_night, director_client):
    token_of(sign_up(pairs_night, "Ada Baker", find_partner="on"))
    token_of(sign_up(pairs_night, "Cora Dunn", partner_name="Dale Evans"))
    token_of(sign_up(pairs_night, "Ben Carter", find_partner="on"))
    token_of(sign_up(pairs_night, "Edna Fox", find_partner="on"))
    ada, edna = SignUp.objects.get(name="Ada Baker"), SignUp.objects.get(name="Edna Fox")
    assert edna.status == "waiting"
    response = pair(director_client, pairs_night, ada, str(edna.pk))
    assert response.status_code == 400
    assert "press “Give a place” on Edna Fox's row first" in text(response)
    assert SignUp.objects.get(pk=edna.pk).status == "waiting"
    # Two waiting players pair into one waiting team.
    token_of(sign_up(pairs_night, "Floyd Gray", find_partner="on"))
    floyd = SignUp.objects.get(name="Floyd Gray")
    shown_after(director_client, pair(director_client, pairs_night, floyd, str(edna.pk)))
    edna.refresh_from_db()
    assert (edna.status, edna.partner_name, edna.places) == ("waiting", "Floyd Gray", 2)
    assert services.counts(pairs_night).waiting == 1


def test_a_progressive_night_pairs_nobody(night, director_client):
    token_of(sign_up(night, "Ada Baker"))
    token_of(sign_up(night, "Ben Carter"))
    ada, ben = SignUp.objects.order_by("position")
    assert "Pair with" not in page(director_client, list_url(night))
    response = pair(director_client, night, ada, str(ben.pk))
    assert response.status_code == 400 and "nobody is paired on its list" in text(response)


# --- Item 13: the private link of a player with no email address ----------------------------


def test_the_list_shows_the_link_of_a_player_with_a_phone_and_no_email_to_directors(
    night, director_client, assistant_client
):
    dorothy = token_of(sign_up(night, "Dorothy Quinn", phone="555 0142"))
    ada = token_of(sign_up(night, "Ada Baker", email="ada@example.org", phone="555 0101"))
    shown = text(director_client.get(list_url(night)))
    assert (
        "Their link (no email address, so no mail) Read or text it to them, to change or "
        f"cancel: http://testserver/signup/{dorothy}/"
    ) in shown
    assert f"/signup/{ada}/" not in shown
    # The link opens her own page.
    assert "Dorothy Quinn" in text(Client().get(reverse("signup:mine", args=[dorothy])))
    # An assistant sees no contact details, and no link either.
    assert f"/signup/{dorothy}/" not in page(assistant_client, list_url(night))


# --- Item 15: the list's words ---------------------------------------------------------------


def test_the_lists_words_places_only_for_teams_and_no_waiting_list_for_a_hold(
    night, pairs_night, director_client
):
    Sheet.objects.filter(event=night).update(money_ahead=True)
    token_of(sign_up(night, "Ada Baker"))
    director_client.post(list_url(night, "signup:list-hold"), {"hold-name": "Mae Nash"})
    shown = text(director_client.get(list_url(night)))
    assert "Someone who phoned, or asked you at last week's game" in shown
    assert "word at the last night" not in shown
    assert "· 1 place" not in shown and "· 2 places" not in shown
    # The held place keeps "Mark paid ahead" (a regular may pay ahead); not "To the waiting
    # list", which would drop the hold.
    html = page(director_client, list_url(night))
    mae = SignUp.objects.get(name="Mae Nash")
    row = html.split(f'id="signup-{mae.pk}"')[1].split("</li>")[0]
    assert "Mark paid ahead" in row and 'value="to-waiting"' not in row
    assert html.count('value="to-waiting"') == 1  # Ada's
    token_of(sign_up(pairs_night, "Cora Dunn", partner_name="Dale Evans"))
    token_of(sign_up(pairs_night, "Ben Carter", find_partner="on"))
    shown = text(director_client.get(list_url(pairs_night)))
    assert "Cora Dunn & Dale Evans · 2 places" in shown
    assert "find a partner · 1 place" not in shown and "· 1 place" not in shown


# --- Item 16: the list's post-only addresses opened with a GET -------------------------------


@pytest.mark.parametrize(
    ("name", "row", "anchor"),
    [
        ("signup:list-settings", False, "settings"),
        ("signup:list-add", False, "add"),
        ("signup:list-hold", False, "hold"),
        ("signup:list-move", True, None),
        ("signup:list-remove", True, None),
        ("signup:list-paid", True, None),
        ("signup:list-pair", True, None),
    ],
)
def test_opening_a_post_only_address_goes_back_to_the_list(
    night, director_client, other_director, name, row, anchor
):
    token_of(sign_up(night, "Ada Baker"))
    ada = SignUp.objects.get()
    url = list_url(night, name, *([ada.pk] if row else []))
    # A refused remove renders the list at its own address; opened again, it is the list.
    response = director_client.get(url)
    assert response.status_code == 302
    assert response["Location"] == list_url(night) + f"#{anchor or f'signup-{ada.pk}'}"
    assert director_client.get(response["Location"]).status_code == 200
    assert director_client.put(url).status_code == 405
    other = Client()
    other.force_login(other_director)
    assert other.get(url).status_code == 404
    assert Client().get(url)["Location"].startswith(reverse("login"))
    assert SignUp.objects.get().status == "in"
    assert ClubDirector.objects.filter(user=other_director, club=night.club).count() == 0


def test_a_refused_remove_then_reopened_shows_the_list(night, director_client):
    token_of(sign_up(night, "Ada Baker"))
    ada = SignUp.objects.get()
    url = list_url(night, "signup:list-remove", ada.pk)
    assert director_client.post(url).status_code == 400
    response = director_client.get(url, follow=True)
    assert response.status_code == 200 and "Sign-up list" in text(response)

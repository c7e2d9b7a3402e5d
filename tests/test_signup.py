"""Sign-up before the night (signup/), through the pages: the players' form on the club's
public page (no account), the private link to change or cancel, the cap and the waiting list
with promotion by mail (a real SMTP server on loopback, aiosmtpd), and the director's list
(settings, add, hold, move, remove, paid ahead), each bad input answered in words."""

import datetime
import html
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from test_results_mail import Inbox, smtp  # noqa: F401 (the fixture)

from clubs.models import ClubDirector, Player
from signup import services
from signup.models import Sheet, SignUp
from tournaments.models import Event, Round

LINK = re.compile(r"https?://[^\s\"<>]+/signup/[A-Za-z0-9_-]{43}/")


@pytest.fixture
def send(tmp_path):
    from django.core.management import call_command

    def run():
        call_command("send_queued_mail", lockfile=str(tmp_path / "mail"))

    return run


def future(days=7) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=days)


@pytest.fixture
def night(club):
    """Next week's progressive night, its sign-up open with 4 places."""
    event = Event.objects.create(club=club, name="Friday progressive", date=future())
    Sheet.objects.create(event=event, open=True, cap=4)
    return event


@pytest.fixture
def pairs_night(club):
    event = Event.objects.create(
        club=club, name="Pairs cup", date=future(), format=Event.Format.PAIRS
    )
    Sheet.objects.create(event=event, open=True, cap=4)
    return event


def form_url(event) -> str:
    return reverse("signup:form", args=[event.club.slug, event.pk])


def sign_up(event, name, client=None, **fields):
    """The public form posted as a player does (a fresh phone unless a client is given)."""
    data = {"name": name, **fields}
    if "email" not in data and "phone" not in data:
        data["phone"] = "555 0100"
    return (client or Client()).post(form_url(event), data)


def token_of(response) -> str:
    assert response.status_code == 302, response.content.decode()[:2000]
    return re.search(r"/signup/([A-Za-z0-9_-]+)/", response["Location"]).group(1)


def mine(token) -> str:
    return reverse("signup:mine", args=[token])


def page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def text(response) -> str:
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))
    return html.unescape(re.sub(r" ([,.:;)])", r"\1", words))


# --- The club's public page -----------------------------------------------------------------


def test_the_club_page_shows_each_open_sign_up_with_its_places_left_then_full(club, night):
    shown = text(Client().get(reverse("public:club", args=[club.slug])))
    assert "Sign up" in shown and "4 places left of 4" in shown
    for name in ("Ada Baker", "Ben Carter", "Cora Dunn", "Dale Evans"):
        token_of(sign_up(night, name))
    shown = text(Client().get(reverse("public:club", args=[club.slug])))
    assert "Full: you can join the waiting list" in shown
    assert "Join the waiting list" in shown


def test_the_club_page_shows_no_sign_up_for_a_closed_sheet(club, night):
    Sheet.objects.filter(event=night).update(open=False)
    shown = text(Client().get(reverse("public:club", args=[club.slug])))
    assert "Sign up" not in shown
    response = Client().get(form_url(night))
    assert "Sign-up for Friday progressive is not open" in text(response)
    assert 'name="name"' not in response.content.decode()


# --- Signing up ----------------------------------------------------------------------------


def test_a_player_signs_up_gets_a_place_and_the_private_link_by_mail(night, smtp, send):  # noqa: F811
    response = sign_up(night, "Ada Baker", email="ada@example.org")
    token = token_of(response)
    shown = text(Client().get(response["Location"]))
    assert "You have a place" in shown and "Keep this link" in shown
    assert f"/signup/{token}/" in shown
    send()
    (message,) = smtp.to("ada@example.org")
    assert "you have a place" in message["Subject"]
    body = message.get_body(("plain",)).get_content()
    assert LINK.search(body).group(0) == f"https://euchre.example.org/signup/{token}/"


def test_the_name_is_matched_to_the_roster_without_adding_anyone(club, night):
    jim = Player.objects.create(club=club, name="Jim O’Brien")
    renee = Player.objects.create(club=club, name="Renée Lalonde")
    before = Player.objects.count()
    token_of(sign_up(night, "  jim   o'brien "))
    token_of(sign_up(night, "Renee LALONDE"))
    token_of(sign_up(night, "Walk In Newcomer"))
    rows = {s.name: s.player for s in SignUp.objects.filter(event=night)}
    # Kept in the roster's spelling; a new name as typed.
    assert rows == {"Jim O’Brien": jim, "Renée Lalonde": renee, "Walk In Newcomer": None}
    assert Player.objects.count() == before


def test_the_same_person_twice_is_told_they_are_on_the_list_and_gets_the_link_again(
    club,
    night,
    smtp,  # noqa: F811
    send,
):
    token = token_of(sign_up(night, "Jim O'Brien", email="jim@example.org"))
    send()
    response = sign_up(night, "JIM O’BRIEN", email="JIM@example.org")
    assert response.status_code == 200
    shown = text(response)
    assert "You are on the list already, with a place, for Friday progressive" in shown
    assert "jim@example.org" not in shown.casefold() and token not in shown
    # Another address: nothing goes there (nor to Jim's), and the page says the same.
    response = sign_up(night, "jim obrien", email="prankster@example.org")
    assert text(response) == shown
    send()
    assert len(smtp.to("jim@example.org")) == 2
    assert "again" in smtp.to("jim@example.org")[1].get_body(("plain",)).get_content()
    assert smtp.to("prankster@example.org") == []
    assert SignUp.objects.filter(event=night).count() == 1


def test_a_roster_player_signing_up_under_their_roster_name_twice_is_one(club, night):
    Player.objects.create(club=club, name="Élise Ñúñez")
    token_of(sign_up(night, "Elise Nunez"))
    assert "You are on the list already" in text(sign_up(night, "élise ñúñez"))


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"name": "", "phone": "555 0100"}, "Type your name, as the club knows you."),
        ({"name": "Ada"}, "Give an email address or a phone number"),
        ({"name": "Ada", "email": "ada-at-home"}, "That is not an email address"),
        ({"name": "Ada", "phone": "call me"}, "A phone number has at least 7 digits"),
        ({"name": "Ada\x00Baker", "phone": "555 0100"}, "This request could not be read"),
        ({"name": "A" * 121, "phone": "555 0100"}, "Too long: at most 120 characters."),
        ({"name": "Ada", "phone": "5" * 33}, "Too long: at most 32 characters."),
        ({"name": "   ", "email": "ada@example.org"}, "Type your name"),
    ],
)
def test_each_bad_input_is_said_in_words_and_nothing_is_saved(night, fields, said):
    response = Client().post(form_url(night), fields)
    assert response.status_code == 400
    assert said in text(response)
    assert not SignUp.objects.exists()


def test_contact_details_are_never_on_a_public_page(club, night):
    response = sign_up(night, "Ada Baker", email="ada@example.org", phone="555 0199")
    for url in (
        response["Location"],
        reverse("public:club", args=[club.slug]),
        reverse("public:event", args=[club.slug, night.pk]),
        form_url(night),
    ):
        shown = Client().get(url).content.decode()
        # The private page shows the owner's own details in its change form, nowhere else.
        if "/signup/" in url and "events" not in url:
            continue
        assert "ada@example.org" not in shown and "0199" not in shown


# --- The cap and the waiting list ------------------------------------------------------------


def test_past_the_cap_players_wait_with_their_position_and_a_cancellation_promotes_and_mails(
    night,
    smtp,  # noqa: F811
    send,
):
    for name in ("Ada Baker", "Ben Carter", "Cora Dunn", "Dale Evans"):
        token_of(sign_up(night, name))
    first = token_of(sign_up(night, "Edna Fox", email="edna@example.org"))
    second = token_of(sign_up(night, "Floyd Gray", email="floyd@example.org"))
    player = Client()
    assert "You are 1st on the waiting list" in text(player.get(mine(first)))
    assert "You are 2nd on the waiting list" in text(player.get(mine(second)))
    ada = SignUp.objects.get(name="Ada Baker").token
    # A visit never cancels, nor does a GET of the cancel address: it leads to the link's page.
    assert player.get(reverse("signup:mine-cancel", args=[ada]))["Location"] == mine(ada)
    assert SignUp.objects.get(token=ada).status == SignUp.Status.IN
    response = player.post(reverse("signup:mine-cancel", args=[ada]), follow=True)
    assert response.redirect_chain[-1][0].startswith(mine(ada))
    assert "Tick “Yes, cancel my sign-up” first" in text(response)
    assert SignUp.objects.get(token=ada).status == "in"
    response = player.post(reverse("signup:mine-cancel", args=[ada]), {"confirm": "yes"})
    assert "Your sign-up is cancelled" in text(player.get(response["Location"]))
    assert "You have a place" in text(player.get(mine(first)))
    assert "You are 1st on the waiting list" in text(player.get(mine(second)))
    send()
    edna = [m["Subject"] for m in smtp.to("edna@example.org")]
    assert len(edna) == 2 and any(s.startswith("You have a place now") for s in edna), edna
    floyd = [m["Subject"] for m in smtp.to("floyd@example.org")]
    assert len(floyd) == 1 and "you are on the waiting list" in floyd[0], floyd
    # Cancelling twice changes nothing.
    player.post(reverse("signup:mine-cancel", args=[ada]), {"confirm": "yes"})
    assert services.counts(night).taken == 4


def test_a_team_takes_two_places_and_a_player_looking_for_a_partner_one(pairs_night):
    token_of(sign_up(pairs_night, "Ada Baker", partner_name="Ben Carter"))
    token_of(sign_up(pairs_night, "Cora Dunn", find_partner="on"))
    assert services.counts(pairs_night).taken == 3
    # One place left: a team waits; a single behind it gets the place.
    team = token_of(sign_up(pairs_night, "Dale Evans", partner_name="Edna Fox"))
    single = token_of(sign_up(pairs_night, "Floyd Gray", find_partner="on"))
    assert SignUp.objects.get(token=team).status == "waiting"
    assert SignUp.objects.get(token=single).status == "in"
    # Ben is on the list as Ada's partner.
    assert "You are on the list already, as Ada Baker's partner" in text(
        sign_up(pairs_night, "ben carter", find_partner="on")
    )


def test_a_freed_single_place_goes_to_the_first_waiting_name_that_fits(pairs_night):
    for name, partner in (("Ada Baker", "Ben Carter"), ("Cora Dunn", "Dale Evans")):
        token_of(sign_up(pairs_night, name, partner_name=partner))
    team = token_of(sign_up(pairs_night, "Edna Fox", partner_name="Floyd Gray"))
    single = token_of(sign_up(pairs_night, "Gail Hart", find_partner="on"))
    ada = SignUp.objects.get(name="Ada Baker")
    # Ada's team now has one player looking for a partner: one place frees.
    response = Client().post(mine(ada.token), {"phone": "555 0100", "find_partner": "on"})
    assert response.status_code == 302
    assert SignUp.objects.get(token=team).status == "waiting"
    assert SignUp.objects.get(token=single).status == "in"
    assert services.counts(pairs_night).taken == 4


def test_a_pairs_sign_up_needs_a_partner_or_find_me_one_and_a_progressive_none(night, pairs_night):
    response = sign_up(pairs_night, "Ada Baker")
    assert response.status_code == 400
    assert "Type your partner's name, or tick “Find me a partner”" in text(response)
    response = sign_up(pairs_night, "Ada Baker", partner_name="Ben", find_partner="on")
    assert "not both" in text(response)
    response = sign_up(pairs_night, "Ada Baker", partner_name="ada baker")
    assert "Your partner is someone else" in text(response)
    assert 'name="partner_name"' not in Client().get(form_url(night)).content.decode()
    # A partner posted to a progressive night anyway is left out: one place.
    token = token_of(sign_up(night, "Cora Dunn", partner_name="Dale Evans"))
    assert SignUp.objects.get(token=token).places == 1


def test_a_partner_added_needs_a_place_and_is_refused_in_words_when_none_is_left(pairs_night):
    token_of(sign_up(pairs_night, "Ada Baker", partner_name="Ben Carter"))
    cora = token_of(sign_up(pairs_night, "Cora Dunn", find_partner="on"))
    token_of(sign_up(pairs_night, "Dale Evans", find_partner="on"))
    response = Client().post(mine(cora), {"phone": "555 0100", "partner_name": "Edna Fox"})
    assert response.status_code == 400
    assert "no place left for a partner: you keep your place" in text(response)
    row = SignUp.objects.get(token=cora)
    assert (row.places, row.partner_name, row.status) == (1, "", "in")


# --- Closed, private, expired -------------------------------------------------------------


def test_sign_up_closes_at_the_directors_time_and_when_the_night_starts(night):
    Sheet.objects.filter(event=night).update(
        closes_at=timezone.now() - datetime.timedelta(minutes=1)
    )
    response = sign_up(night, "Ada Baker")
    assert response.status_code == 200 and "Sign-up for Friday progressive closed on" in text(
        response
    )
    Sheet.objects.filter(event=night).update(closes_at=None)
    Round.objects.create(event=night, number=1)
    assert "has started: sign-up is over" in text(sign_up(night, "Ada Baker"))
    assert not SignUp.objects.exists()


def test_a_private_club_takes_no_public_sign_up(club, night):
    token = token_of(sign_up(night, "Ada Baker"))
    club.results_public = False
    club.save()
    assert Client().get(form_url(night)).status_code == 404
    assert sign_up(night, "Ben Carter").status_code == 404
    # The one who signed up before keeps their link.
    assert Client().get(mine(token)).status_code == 200


def test_the_private_link_expires_after_the_events_day(night):
    token = token_of(sign_up(night, "Ada Baker"))
    Event.objects.filter(pk=night.pk).update(date=timezone.localdate())
    assert Client().get(mine(token)).status_code == 200
    Event.objects.filter(pk=night.pk).update(date=timezone.localdate() - datetime.timedelta(1))
    response = Client().get(mine(token))
    assert response.status_code == 410 and "This link has expired" in text(response)
    response = Client().post(reverse("signup:mine-cancel", args=[token]), {"confirm": "yes"})
    assert response.status_code == 410
    assert SignUp.objects.get(token=token).status == "in"
    assert Client().get(mine("x" * 43)).status_code == 404
    assert Client().get(mine("x" * 500)).status_code == 404


def test_the_form_is_rate_limited_per_phone(night):
    phone = Client()
    phone.get(form_url(night))  # the form's page gives the phone its cookie
    for n in range(10):
        response = sign_up(night, f"Player {n}", client=phone)
        assert response.status_code == 302, n
    response = sign_up(night, "Player 10", client=phone)
    assert response.status_code == 429
    assert "Too many sign-ups from here: try again in" in text(response)
    assert int(response["Retry-After"]) > 0
    # A form with a mistake costs nothing.
    assert sign_up(night, "", client=Client()).status_code == 400


# --- The director's list ---------------------------------------------------------------------


def list_url(event, name="signup:list", *args) -> str:
    return reverse(name, args=[event.pk, *args])


@pytest.fixture
def assistant_client(club, django_user_model):
    user = django_user_model.objects.create_user("asa", password="asa-pass-123")
    ClubDirector.objects.create(club=club, user=user, role=ClubDirector.Role.ASSISTANT)
    client = Client()
    client.force_login(user)
    return client


def test_only_the_clubs_staff_see_the_list_and_only_directors_the_contacts(
    night, director_client, assistant_client, other_director
):
    token_of(sign_up(night, "Ada Baker", email="ada@example.org", phone="555 0199"))
    assert Client().get(list_url(night)).status_code == 302  # to the login
    other = Client()
    other.force_login(other_director)
    assert other.get(list_url(night)).status_code == 404
    ada = SignUp.objects.get()
    removing = list_url(night, "signup:list-remove", ada.pk)
    assert other.post(removing, {"confirm": "yes"}).status_code == 404
    shown = page(director_client, list_url(night))
    assert "Ada Baker" in shown and "ada@example.org" in shown and "555 0199" in shown
    shown = page(assistant_client, list_url(night))
    assert "Ada Baker" in shown and "ada@example.org" not in shown and "0199" not in shown


def test_the_event_page_has_a_card_with_the_counts(night, director_client):
    token_of(sign_up(night, "Ada Baker"))
    shown = text(director_client.get(reverse("tournaments:event-detail", args=[night.pk])))
    assert "1 place taken of 4, 3 left · 0 waiting" in shown
    assert (
        list_url(night)
        in director_client.get(
            reverse("tournaments:event-detail", args=[night.pk])
        ).content.decode()
    )


def settings_post(client, event, **fields):
    data = {"sheet-open": "on", "sheet-cap": "4", **{f"sheet-{k}": v for k, v in fields.items()}}
    return client.post(list_url(event, "signup:list-settings"), data)


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"cap": "99999999999999999999"}, "At most 1000 places"),
        ({"cap": "1"}, "At least 2 places"),
        ({"cap": "-3"}, "At least 2 places"),
        ({"cap": "twelve"}, "Type the number of places as a whole number"),
        ({"cap": "1\x002"}, "This request could not be read"),
        ({"closes_at": "2020-01-01T18:00"}, "That time has passed"),
        ({"closes_at": "tomorrow"}, "Pick both the date and the time"),
        ({"closes_at": "9999-12-31T23:59"}, "Type a date near the night's"),
        ({"starts_at": "25:00"}, "Type a time of day"),
    ],
)
def test_each_bad_setting_is_said_in_words_and_nothing_is_saved(
    night, director_client, fields, said
):
    response = settings_post(director_client, night, **fields)
    assert response.status_code == 400
    assert said in text(response)
    sheet = Sheet.objects.get(event=night)
    assert (sheet.cap, sheet.closes_at, sheet.starts_at) == (4, None, None)


def test_a_cap_below_the_places_taken_keeps_everyones_place_and_a_higher_one_promotes(
    night, director_client
):
    for name in ("Ada Baker", "Ben Carter", "Cora Dunn", "Dale Evans", "Edna Fox"):
        token_of(sign_up(night, name))
    response = settings_post(director_client, night, cap="2")
    shown = text(director_client.get(response["Location"]))
    assert "4 places are taken and the cap is 2: everyone keeps their place" in shown
    assert services.counts(night).taken == 4
    assert "Full: you can join the waiting list" in text(Client().get(form_url(night)))
    response = settings_post(director_client, night, cap="")
    assert "A place now for Edna Fox." in text(director_client.get(response["Location"]))
    assert services.counts(night).waiting == 0


def test_the_settings_save_the_closing_time_in_the_clubs_zone(night, director_client):
    when = timezone.localtime() + datetime.timedelta(days=2)
    typed = when.strftime("%Y-%m-%dT%H:%M")
    response = settings_post(
        director_client, night, closes_at=typed, starts_at="19:00", money_ahead="on"
    )
    assert response.status_code == 302
    sheet = Sheet.objects.get(event=night)
    assert timezone.localtime(sheet.closes_at).strftime("%Y-%m-%dT%H:%M") == typed
    assert sheet.starts_at == datetime.time(19, 0) and sheet.money_ahead
    # Saved again unchanged, a closing time that has since passed is no error.
    Sheet.objects.filter(pk=sheet.pk).update(closes_at=timezone.now() - datetime.timedelta(1))
    sheet.refresh_from_db()
    past = timezone.localtime(sheet.closes_at).strftime("%Y-%m-%dT%H:%M")
    assert settings_post(director_client, night, closes_at=past, cap="6").status_code == 302
    assert Sheet.objects.get(event=night).cap == 6


def test_the_director_adds_past_the_cap_only_when_told_and_says_so(night, director_client):
    for name in ("Ada Baker", "Ben Carter", "Cora Dunn", "Dale Evans"):
        token_of(sign_up(night, name))
    add = list_url(night, "signup:list-add")
    response = director_client.post(add, {"add-name": "Edna Fox"})
    assert "Edna Fox is 1st on the waiting list (the list is full" in text(
        director_client.get(response["Location"])
    )
    response = director_client.post(add, {"add-name": "Floyd Gray", "add-past_cap": "on"})
    assert "Floyd Gray has a place. That is 1 place past the cap." in text(
        director_client.get(response["Location"])
    )
    response = director_client.post(add, {"add-name": "ada  baker"})
    assert response.status_code == 400 and "Ada Baker is on the list already, with a place" in text(
        response
    )
    response = director_client.post(add, {"add-name": ""})
    assert response.status_code == 400 and "Type the player's name." in text(response)
    assert services.counts(night).taken == 5


def test_a_held_place_counts_and_the_regular_claims_it_by_signing_up(
    club,
    night,
    director_client,
    smtp,  # noqa: F811
    send,
):
    Player.objects.create(club=club, name="Mae Nash")
    response = director_client.post(list_url(night, "signup:list-hold"), {"hold-name": "Mae Nash"})
    assert "A place is held for Mae Nash." in text(director_client.get(response["Location"]))
    assert services.counts(night).held == 1
    assert "3 places left of 4" in text(Client().get(form_url(night)))
    response = sign_up(night, "mae nash", email="mae@example.org")
    assert "You have a place" in text(Client().get(response["Location"]))
    row = SignUp.objects.get()
    assert (row.held, row.email, row.status) == (False, "mae@example.org", "in")
    send()
    assert len(smtp.to("mae@example.org")) == 1


def test_the_director_moves_names_up_down_to_the_waiting_list_and_gives_places(
    night,
    director_client,
    smtp,  # noqa: F811
    send,
):
    for name in ("Ada Baker", "Ben Carter", "Cora Dunn", "Dale Evans"):
        token_of(sign_up(night, name))
    token_of(sign_up(night, "Edna Fox", email="edna@example.org"))
    token_of(sign_up(night, "Floyd Gray"))
    ids = {s.name: s.pk for s in SignUp.objects.all()}

    def move(name, direction):
        return director_client.post(
            list_url(night, "signup:list-move", ids[name]), {"direction": direction}
        )

    def order():
        places, waiting = services.the_list(night)
        return [s.name for s in places], [s.name for s in waiting]

    move("Cora Dunn", "up")
    assert order()[0] == ["Ada Baker", "Cora Dunn", "Ben Carter", "Dale Evans"]
    move("Ada Baker", "down")
    move("Floyd Gray", "up")
    assert order() == (
        ["Cora Dunn", "Ada Baker", "Ben Carter", "Dale Evans"],
        ["Floyd Gray", "Edna Fox"],
    )
    # The place Dale Evans leaves goes to the first waiting, Floyd Gray.
    move("Dale Evans", "to-waiting")
    assert order() == (
        ["Cora Dunn", "Ada Baker", "Ben Carter", "Floyd Gray"],
        ["Dale Evans", "Edna Fox"],
    )
    response = move("Edna Fox", "give-place")
    assert "Edna Fox has a place. That is 1 place past the cap." in text(
        director_client.get(response["Location"])
    )
    assert order() == (
        ["Cora Dunn", "Ada Baker", "Ben Carter", "Floyd Gray", "Edna Fox"],
        ["Dale Evans"],
    )
    response = move("Ada Baker", "sideways")
    assert response.status_code == 400 and "Choose up, down" in text(response)
    send()
    subjects = sorted(m["Subject"] for m in smtp.to("edna@example.org"))
    assert any(s.startswith("You have a place now") for s in subjects), subjects
    assert len(subjects) == 2


def test_removing_needs_the_tick_and_gives_the_place_to_the_first_waiting(night, director_client):
    for name in ("Ada Baker", "Ben Carter", "Cora Dunn", "Dale Evans", "Edna Fox"):
        token_of(sign_up(night, name))
    ada = SignUp.objects.get(name="Ada Baker")
    remove = list_url(night, "signup:list-remove", ada.pk)
    response = director_client.post(remove)
    assert response.status_code == 400 and "Tick “Yes, remove” beside Ada Baker first" in text(
        response
    )
    assert SignUp.objects.get(pk=ada.pk).status == "in"
    response = director_client.post(remove, {"confirm": "yes"})
    assert "Ada Baker is off the list. A place now for Edna Fox" in text(
        director_client.get(response["Location"])
    )
    assert director_client.post(list_url(night, "signup:list-remove", 999999)).status_code == 404


def test_paid_ahead_is_recorded_only_where_the_night_takes_money_ahead(night, director_client):
    token_of(sign_up(night, "Ada Baker"))
    ada = SignUp.objects.get()
    paid = list_url(night, "signup:list-paid", ada.pk)
    response = director_client.post(paid, {"paid": "yes"})
    assert response.status_code == 400 and "This night takes no money ahead" in text(response)
    Sheet.objects.filter(event=night).update(money_ahead=True)
    assert "Mark paid ahead" in page(director_client, list_url(night))
    director_client.post(paid, {"paid": "yes"})
    assert SignUp.objects.get().paid_ahead
    assert "paid ahead" in text(director_client.get(list_url(night)))
    # A player's own form has no such field: posting one changes nothing.
    Client().post(mine(ada.token), {"phone": "555 0100", "paid_ahead": "on"})
    director_client.post(paid, {"paid": "no"})
    assert not SignUp.objects.get().paid_ahead


def test_the_list_works_before_the_sign_up_is_ever_opened(club, director_client):
    event = Event.objects.create(club=club, name="Tuesday", date=future())
    shown = text(director_client.get(reverse("tournaments:event-detail", args=[event.pk])))
    assert "Players are not signing up for this night." in shown
    assert not Sheet.objects.exists()  # a look writes nothing
    response = director_client.post(list_url(event, "signup:list-add"), {"add-name": "Ada"})
    assert response.status_code == 302
    assert "1 place taken, no limit" in text(director_client.get(list_url(event)))


def test_a_team_claims_a_held_place_only_when_the_partner_has_one_too(pairs_night, director_client):
    director_client.post(list_url(pairs_night, "signup:list-hold"), {"hold-name": "Mae Nash"})
    token_of(sign_up(pairs_night, "Ada Baker", partner_name="Ben Carter"))
    token_of(sign_up(pairs_night, "Cora Dunn", find_partner="on"))
    response = sign_up(pairs_night, "Mae Nash", partner_name="Ned Owens")
    assert response.status_code == 400
    assert "The place held for Mae Nash is for one player" in text(response)
    mae = SignUp.objects.get(name="Mae Nash")
    assert (mae.held, mae.places, mae.partner_name) == (True, 1, "")
    token_of(sign_up(pairs_night, "Mae Nash", find_partner="on"))
    assert services.counts(pairs_night).taken == 4


def test_the_mails_say_where_the_player_stands_and_carry_the_private_link(
    night,
    smtp,  # noqa: F811
    send,
):
    for name in ("Ada Baker", "Ben Carter", "Cora Dunn", "Dale Evans"):
        token_of(sign_up(night, name))
    token_of(sign_up(night, "Edna Fox", phone="555 0100"))
    floyd = token_of(sign_up(night, "Floyd Gray", email="floyd@example.org"))
    send()
    (waiting,) = smtp.to("floyd@example.org")
    body = waiting.get_body(("plain",)).get_content()
    assert "you are number 2 on the waiting list for Friday progressive" in body
    assert f"https://euchre.example.org/signup/{floyd}/" in body
    html = waiting.get_body(("html",)).get_content()
    assert f'href="https://euchre.example.org/signup/{floyd}/"' in html
    for name in ("Ada Baker", "Ben Carter"):
        token = SignUp.objects.get(name=name).token
        Client().post(reverse("signup:mine-cancel", args=[token]), {"confirm": "yes"})
    send()
    promoted = [m for m in smtp.to("floyd@example.org") if m is not waiting]
    (place,) = promoted
    assert place["Subject"].startswith("You have a place now: Friday progressive")
    body = place.get_body(("plain",)).get_content()
    assert "a place freed, and it is yours" in body
    assert f"https://euchre.example.org/signup/{floyd}/" in body
    # Nothing went to a player who gave no address, and nothing was mailed twice.
    assert len(smtp.messages) == 2


def test_on_a_laptop_linked_to_the_server_the_list_is_read_only_and_says_where_it_is_kept(
    club, night, director_client
):
    from publishing.models import Link

    token_of(sign_up(night, "Ada Baker"))
    ada = SignUp.objects.get()
    Link.objects.create(club=club, server_url="https://euchre.example.org", key="euk_x")
    page_text = text(director_client.get(list_url(night)))
    assert "linked to the club's server, which keeps the sign-up list" in page_text
    assert "Add a name" not in page_text and "Yes, remove" not in page_text
    for url, data in (
        (list_url(night, "signup:list-add"), {"add-name": "Ben Carter"}),
        (list_url(night, "signup:list-remove", ada.pk), {"confirm": "yes"}),
        (list_url(night, "signup:list-settings"), {"sheet-cap": "4"}),
    ):
        response = director_client.post(url, data)
        assert response.status_code == 403
        assert "change it there" in text(response)
    assert list(SignUp.objects.values_list("name", "status")) == [("Ada Baker", "in")]

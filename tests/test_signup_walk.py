"""What a browser walk through the sign-up found, each fixed through the pages: a place a move
to the waiting list frees goes to those waiting (mailed, and the one moved is told), the words
the list and the form say, the form's limits for a hall's shared Wi-Fi."""

import datetime

from django.test import Client
from django.urls import reverse
from django.utils import timezone
from test_results_mail import Inbox, smtp  # noqa: F401 (the fixture)
from test_signup import (  # noqa: F401 (fixtures)
    form_url,
    list_url,
    mine,
    night,
    pairs_night,
    send,
    settings_post,
    sign_up,
    text,
    token_of,
)

from clubs.models import Player
from signup import limits, services
from signup.models import SignUp

NAMES = ("Ada Baker", "Ben Carter", "Cora Dunn", "Dale Evans")


def order(event):
    places, waiting = services.the_list(event)
    return [s.name for s in places], [s.name for s in waiting]


def test_to_the_waiting_list_gives_the_place_to_the_first_waiting_not_to_a_stranger(
    night,  # noqa: F811
    director_client,
    smtp,  # noqa: F811
    send,  # noqa: F811
):
    for name in NAMES:
        token_of(sign_up(night, name))
    dale = SignUp.objects.get(name="Dale Evans")
    SignUp.objects.filter(pk=dale.pk).update(email="dale@example.org")
    token_of(sign_up(night, "Edna Fox", email="edna@example.org"))
    response = director_client.post(
        list_url(night, "signup:list-move", dale.pk), {"direction": "to-waiting"}
    )
    shown = text(director_client.get(response["Location"]))
    said = "Dale Evans is first on the waiting list (mailed). A place now for Edna Fox (mailed)."
    assert said in shown
    assert order(night) == (
        ["Ada Baker", "Ben Carter", "Cora Dunn", "Edna Fox"],
        ["Dale Evans"],
    )
    # A stranger signing up now waits behind Dale Evans: the place was not left empty.
    token_of(sign_up(night, "Gus Hale"))
    assert order(night)[1] == ["Dale Evans", "Gus Hale"]
    send()
    edna = [m["Subject"] for m in smtp.to("edna@example.org")]
    assert any(s.startswith("You have a place now") for s in edna), edna
    (moved,) = smtp.to("dale@example.org")
    assert moved["Subject"].startswith("You are on the waiting list now")
    body = moved.get_body(("plain",)).get_content()
    assert "moved you from your place to the waiting list" in body
    assert f"/signup/{dale.token}/" in body
    # Raising the cap later gives Dale Evans a place, told by mail as a place freed.
    settings_post(director_client, night, cap="6")
    assert order(night)[1] == []
    send()
    assert smtp.to("dale@example.org")[-1]["Subject"].startswith("You have a place now")


def test_a_freed_place_is_said_once_by_name_and_mailed_only_when_it_can_be(
    night,  # noqa: F811
    director_client,
):
    for name in NAMES:
        token_of(sign_up(night, name))
    token_of(sign_up(night, "Pat Obrien", email="pat@example.org"))
    response = settings_post(director_client, night, cap="5")
    shown = text(director_client.get(response["Location"]))
    assert "A place now for Pat Obrien (mailed)." in shown
    assert "A place each" not in shown
    token_of(sign_up(night, "Quinn Ross"))
    ada = SignUp.objects.get(name="Ada Baker")
    response = director_client.post(
        list_url(night, "signup:list-remove", ada.pk), {"confirm": "yes"}
    )
    shown = text(director_client.get(response["Location"]))
    assert "Ada Baker is off the list. A place now for Quinn Ross." in shown
    assert "mailed if we can" not in shown


def test_a_name_sent_to_the_waiting_list_is_not_said_to_be_past_the_cap(
    night,  # noqa: F811
    director_client,
):
    for name in (*NAMES, "Edna Fox"):
        director_client.post(list_url(night, "signup:list-add"), {"add-name": name})
    director_client.post(
        list_url(night, "signup:list-add"), {"add-name": "Floyd Gray", "add-past_cap": "on"}
    )
    response = director_client.post(list_url(night, "signup:list-add"), {"add-name": "Gus Hale"})
    shown = text(director_client.get(response["Location"]))
    assert "Gus Hale is 2nd on the waiting list" in shown
    said = shown.split("Gus Hale is 2nd on the waiting list")[1].split("Sign-up list")[0]
    assert "That is 1 place past the cap" not in said


def test_the_list_says_a_closed_sign_up_is_closed_and_names_the_time_zone(
    night,  # noqa: F811
    director_client,
    settings,
):
    settings_post(director_client, night, open="")
    shown = text(director_client.get(list_url(night)))
    assert "Sign-up on the club's page is closed" in shown
    assert "cannot sign up on the club's page yet" not in shown
    assert "Times are UTC (world time)." in shown
    settings.TIME_ZONE = "America/Toronto"
    assert "Times are Eastern Time." in text(director_client.get(list_url(night)))


def test_a_halls_shared_wifi_signs_up_a_whole_room_and_the_wait_is_said_in_words(
    night,  # noqa: F811
):
    # Many players, each on their own phone, on one address (the hall's Wi-Fi): all get in.
    for n in range(40):
        assert sign_up(night, f"Player {n}").status_code == 302, n
    assert limits.wait_words(82 * 60) == "about an hour and a half"
    assert limits.wait_words(60 * 60) == "about an hour"
    assert limits.wait_words(5 * 60) == "5 minutes"
    assert limits.wait_words(150 * 60) == "about 2 and a half hours"
    assert limits.wait_words(datetime.timedelta(hours=20).seconds) == "about 20 hours"


def test_the_roster_spelling_is_kept_and_shown_on_the_page_the_list_and_the_mail(
    club,
    night,  # noqa: F811
    director_client,
    smtp,  # noqa: F811
    send,  # noqa: F811
):
    Player.objects.create(club=club, name="Pat O'Brien")
    token = token_of(sign_up(night, "pat obrien", email="pat@example.org"))
    assert "Pat O'Brien" in text(Client().get(mine(token)))
    shown = text(director_client.get(list_url(night)))
    assert "Pat O'Brien" in shown and "pat obrien" not in shown
    send()
    (message,) = smtp.to("pat@example.org")
    assert message.get_body(("plain",)).get_content().startswith("Pat O'Brien: you have a place")
    # A new name keeps the player's own typing, cleaned as the roster cleans names.
    token_of(sign_up(night, "  ann   LEE "))
    assert SignUp.objects.filter(name="ann LEE").exists()


def test_a_name_already_on_the_list_as_a_partner_is_told_as_it_is(
    club,
    pairs_night,  # noqa: F811
):
    Player.objects.create(club=club, name="Gary Nowak")
    token_of(sign_up(pairs_night, "Ann Lee", partner_name="gary nowak"))
    assert SignUp.objects.get().partner_name == "Gary Nowak"
    shown = text(sign_up(pairs_night, "gary nowak", find_partner="on"))
    assert "You are on the list already, as Ann Lee's partner, with a place" in shown
    response = sign_up(pairs_night, "Bob Moss", partner_name="GARY NOWAK")
    assert response.status_code == 400
    assert (
        "Gary Nowak is on the list already, as Ann Lee's partner, with a place. Name another "
        "partner" in text(response)
    )
    token_of(sign_up(pairs_night, "Cora Dunn", find_partner="on"))
    response = sign_up(pairs_night, "Dale Evans", partner_name="cora dunn")
    assert "Cora Dunn is on the list already, with a place. Name another partner" in text(response)
    assert SignUp.objects.count() == 2


def test_the_director_adding_or_removing_a_name_tells_the_player_and_the_list_keeps_who_cancelled(
    night,  # noqa: F811
    director_client,
    smtp,  # noqa: F811
    send,  # noqa: F811
):
    response = director_client.post(
        list_url(night, "signup:list-add"),
        {"add-name": "Ada Baker", "add-email": "ada@example.org"},
    )
    assert "Ada Baker has a place. We have mailed them their private link." in text(
        director_client.get(response["Location"])
    )
    ada = SignUp.objects.get(name="Ada Baker")
    ben = token_of(sign_up(night, "Ben Carter"))
    Client().post(reverse("signup:mine-cancel", args=[ben]), {"confirm": "yes"})
    response = director_client.post(
        list_url(night, "signup:list-remove", ada.pk), {"confirm": "yes"}
    )
    assert "Ada Baker is off the list (mailed)." in text(director_client.get(response["Location"]))
    send()
    confirm, removed = sorted(smtp.to("ada@example.org"), key=lambda m: m["Subject"])
    assert "you have a place" in confirm["Subject"]
    assert f"/signup/{ada.token}/" in confirm.get_body(("plain",)).get_content()
    assert removed["Subject"].startswith("Off the list")
    assert "the director of Maple Hall Euchre Club took your name off the list" in (
        removed.get_body(("plain",)).get_content()
    )
    shown = text(Client().get(mine(ada.token)))
    assert "The director took your name off the list" in shown
    assert "Your sign-up is cancelled" not in shown
    listed = text(director_client.get(list_url(night))).split("Cancelled (2)")[1]
    assert "Ada Baker ·" in listed and "taken off by the director" in listed
    assert "Ben Carter ·" in listed and "cancelled by the player" in listed


def test_the_nights_page_links_to_sign_up_and_the_list_to_check_in(
    club,
    night,  # noqa: F811
    director_client,
):
    event_page = reverse("public:event", args=[club.slug, night.pk])
    response = Client().get(event_page)
    assert form_url(night) in response.content.decode() and "Sign up" in text(response)
    for name in NAMES:
        token_of(sign_up(night, name))
    assert "Join the waiting list" in text(Client().get(event_page))
    settings_post(director_client, night, open="")
    assert form_url(night) not in Client().get(event_page).content.decode()
    listed = director_client.get(list_url(night)).content.decode()
    assert reverse("signup:check-in", args=[night.pk]) in listed


def test_the_cards_at_time_the_closing_time_and_paying_ahead_are_told_to_players(
    club,
    night,  # noqa: F811
    director_client,
    smtp,  # noqa: F811
    send,  # noqa: F811
):
    closes = (timezone.localtime() + datetime.timedelta(days=2)).replace(hour=18, minute=0)
    settings_post(
        director_client,
        night,
        starts_at="19:30",
        money_ahead="on",
        closes_at=closes.strftime("%Y-%m-%dT%H:%M"),
    )
    assert "You may pay ahead: ask the director." in text(Client().get(form_url(night)))
    shown = text(Client().get(reverse("public:club", args=[club.slug])))
    assert "Sign-up closes" in shown and "6:00" in shown.split("Sign-up closes")[1][:60]
    token = token_of(sign_up(night, "Ada Baker", email="ada@example.org"))
    assert "cards at 7:30" in text(Client().get(mine(token)))
    send()
    (message,) = smtp.to("ada@example.org")
    assert "cards at 7:30" in message.get_body(("plain",)).get_content()

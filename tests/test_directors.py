"""The club's staff (directors/): a director's own sign-up, confirmed by a link mailed through
a real SMTP server on loopback (aiosmtpd), which makes the account, the club and its director;
the club's Directors page (invite by mail, cancel, change a role, remove, never the last
director); an invitation's link. Every bad input through the pages, with nothing made."""

import datetime
import html
import re
import time

import pytest
from conftest import at_once
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import strip_tags
from test_results_mail import smtp_server

from clubs.models import Club, ClubDirector
from directors import services
from directors.models import Invitation, JoinRequest

User = get_user_model()
SITE = "https://euchre.example.org"
JOIN = "/directors/join/"
GOOD = "a-long-pass-phrase-9"


@pytest.fixture
def smtp(settings, tmp_path):
    with smtp_server(settings, tmp_path, "clubs@euchre.example.org") as inbox:
        settings.PASSWORD_RESET_BY_MAIL = True
        yield inbox


@pytest.fixture
def send(tmp_path):
    def run():
        call_command("send_queued_mail", lockfile=str(tmp_path / "mail"))

    return run


def text_of(message) -> str:
    return message.get_body(("plain",)).get_content()


def link_in(message, path: str) -> str:
    """The mail's link to `path`..., as the site's path (the test client's address)."""
    found = re.findall(rf"{re.escape(SITE)}({re.escape(path)}[^\s\"<]+)", text_of(message))
    assert found, text_of(message)
    html = message.get_body(("html",)).get_content()
    assert SITE + found[0] in html
    return found[0]


def raw(response) -> str:
    return " ".join(response.content.decode().split())


def page(response) -> str:
    """The page's words, as read: no tags, entities as the characters they stand for."""
    return " ".join(html.unescape(strip_tags(response.content.decode())).split())


def ask(client, email="ann@example.org", password=GOOD, club_name="Oak Street Euchre"):
    return client.post(JOIN, {"email": email, "password": password, "club_name": club_name})


# --- A director's own sign-up ----------------------------------------------------------------


@pytest.mark.django_db
def test_a_director_signs_up_confirms_by_the_mail_and_lands_in_the_new_club(client, smtp, send):
    answer = ask(client, email="Ann.Lee@Example.org")
    assert answer.status_code == 200
    assert "We sent a mail to Ann.Lee@Example.org" in page(answer)
    # Nothing is made until the address is confirmed.
    assert not User.objects.exists() and not Club.objects.exists()
    join = JoinRequest.objects.get()
    assert join.password.startswith("md5$") and GOOD not in join.password

    send()
    (mail,) = smtp.to("Ann.Lee@Example.org")
    assert mail["Subject"] == "Confirm your address to set up Oak Street Euchre"
    link = link_in(mail, "/directors/join/")

    # A mail scanner opening the link makes nothing: a page with a button.
    shown = client.get(link)
    assert shown.status_code == 200
    assert "Make Oak Street Euchre, directed by Ann.Lee@Example.org?" in page(shown)
    assert not User.objects.exists()

    made = client.post(link)
    club = Club.objects.get()
    assert made.status_code == 302 and made.url == f"/clubs/{club.slug}/"
    assert (club.name, club.slug) == ("Oak Street Euchre", "oak-street-euchre")
    user = User.objects.get()
    assert (user.username, user.email) == ("Ann.Lee@Example.org", "Ann.Lee@Example.org")
    assert ClubDirector.objects.get(club=club).user == user
    assert ClubDirector.objects.get(club=club).role == "director"
    # The hash is the account's now; the sign-up keeps no copy.
    assert JoinRequest.objects.get().password == ""
    landed = client.get(made.url)
    assert "Welcome: Oak Street Euchre is set up, and you direct it." in page(landed)
    # The club page's card to the Directors page.
    assert f"/clubs/{club.slug}/directors/" in raw(landed)

    # Logs in again with what they typed, through the login page.
    other = Client()
    answer = other.post(reverse("login"), {"username": "Ann.Lee@Example.org", "password": GOOD})
    assert answer.status_code == 302
    assert other.get(f"/clubs/{club.slug}/").status_code == 200
    # And in whatever case the address comes to mind (config/backends.py), never with a wrong
    # password.
    third = Client()
    answer = third.post(reverse("login"), {"username": "ann.lee@example.org", "password": GOOD})
    assert answer.status_code == 302
    assert third.get(f"/clubs/{club.slug}/").status_code == 200
    wrong = Client().post(reverse("login"), {"username": "ann.lee@example.org", "password": "x"})
    assert wrong.status_code == 200 and "_auth_user_id" not in Client().session


@pytest.mark.django_db
@pytest.mark.parametrize(
    "data, field, words",
    [
        ({"email": ""}, "email", "Type your email address"),
        ({"email": "ann"}, "email", "This is not an email address"),
        ({"email": "ann@"}, "email", "This is not an email address"),
        ({"password": ""}, "password", "Choose a password"),
        ({"password": "short1"}, "password", "This password is too short."),
        ({"password": "password123"}, "password", "This password is too common."),
        ({"password": "83920174659"}, "password", "This password is entirely numeric."),
        (
            {"email": "margaretwhitfield@example.org", "password": "margaretwhitfield"},
            "password",
            "The password is too similar to the",
        ),
        # An address becomes the username: 150 characters at most (PostgreSQL's column).
        (
            {"email": "a" * 139 + "@example.org"},
            "email",
            "An address here has at most 150 characters; this one has 151.",
        ),
        ({"club_name": ""}, "club_name", "Type your club's name."),
        ({"club_name": "   "}, "club_name", "Type your club's name."),
        ({"club_name": "!!! ???"}, "club_name", "at least one letter or number"),
        ({"club_name": "x" * 121}, "club_name", "at most 120 characters; this one has 121"),
    ],
)
def test_every_bad_sign_up_is_told_and_nothing_is_made_or_mailed(
    client, smtp, send, data, field, words
):
    posted = {"email": "ann@example.org", "password": GOOD, "club_name": "Oak Street", **data}
    answer = client.post(JOIN, posted)
    assert answer.status_code == 400
    assert words in page(answer)
    assert f'id="field-{field}"' in raw(answer)
    send()
    assert not smtp.messages
    assert not JoinRequest.objects.exists() and not User.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["dora@example.org", "DORA@example.ORG", "dora"])
def test_an_address_already_in_use_is_told_by_mail_and_the_page_reveals_nothing(
    client, smtp, send, director, typed
):
    director.email = "dora@example.org"
    director.save()
    address = typed if "@" in typed else "dora@example.org"
    if "@" not in typed:
        # An account whose username is the address (as a sign-up makes it).
        User.objects.create_user("dora@example.org", password="x-y-z-123456")
    answer = ask(client, email=address)
    # The same page as for a new address: it tells nobody which addresses have an account.
    assert answer.status_code == 200
    assert f"We sent a mail to {address}" in page(answer)
    assert not JoinRequest.objects.exists() and not Club.objects.exclude(slug="maple-hall").exists()
    send()
    (mail,) = smtp.to(address)
    text = text_of(mail)
    assert "This address already has an account there, so no other was made." in text
    assert f"{SITE}/accounts/login/" in text
    assert f"{SITE}/accounts/password_reset/" in text
    assert "/directors/join/" not in text


@pytest.mark.django_db
def test_wrong_expired_and_used_links_say_so_and_make_nothing(client, smtp, send):
    assert client.get(JOIN + "not-a-token/").status_code == 404
    wrong = client.post(JOIN + "not-a-token/")
    assert wrong.status_code == 404 and "It is not one we know" in page(wrong)

    ask(client)
    send()
    link = link_in(smtp.messages[-1][1], "/directors/join/")
    JoinRequest.objects.update(created=timezone.now() - datetime.timedelta(days=3, seconds=1))
    for method in (client.get, client.post):
        old = method(link)
        assert old.status_code == 410
        assert "It is more than 3 days old, so nothing was made." in page(old)
    assert not User.objects.exists() and not Club.objects.exists()
    # The next sign-up forgets an expired one's password hash.
    ask(Client(), email="bo@example.org")
    assert JoinRequest.objects.get(email="ann@example.org").password == ""
    JoinRequest.objects.filter(email="bo@example.org").delete()
    JoinRequest.objects.update(password="md5$x$y")  # as it was, to confirm it below

    JoinRequest.objects.update(created=timezone.now() - datetime.timedelta(days=2, hours=23))
    assert client.post(link).status_code == 302
    # Pressed again in the same browser: the club, not a second one.
    again = client.post(link)
    assert again.status_code == 302 and again.url == "/clubs/oak-street-euchre/"
    # Anyone else: used, in words.
    used = Client().get(link)
    assert used.status_code == 410 and "It was used already: the club is set up." in page(used)
    assert Club.objects.count() == 1 and User.objects.count() == 1


@pytest.mark.django_db
def test_two_sign_ups_for_one_address_make_one_account(client, smtp, send):
    ask(client, club_name="Oak Street")
    ask(client, club_name="Elm Street")
    send()
    links = {m["Subject"]: link_in(m, "/directors/join/") for _, m in smtp.messages}
    first = links["Confirm your address to set up Oak Street"]
    second = links["Confirm your address to set up Elm Street"]
    assert client.post(second).status_code == 302
    taken = Client().post(first)
    assert taken.status_code == 410
    assert "This address has an account here already, so no other is made." in page(taken)
    assert list(Club.objects.values_list("name", flat=True)) == ["Elm Street"]


@pytest.mark.django_db
def test_a_club_name_already_used_gets_the_next_free_web_address(smtp, send, club):
    # The fixture's club is Maple Hall Euchre Club at maple-hall.
    for email, name in [("a@example.org", "Maple  Hall"), ("b@example.org", "Maple-Hall")]:
        browser = Client()
        ask(browser, email=email, club_name=name)
        send()
        browser.post(link_in(smtp.messages[-1][1], "/directors/join/"))
    slugs = Club.objects.filter(name__startswith="Maple").order_by("pk").values_list("slug")
    assert [s for (s,) in slugs] == ["maple-hall", "maple-hall-2", "maple-hall-3"]
    # A name in another alphabet: a web address all the same.
    browser = Client()
    ask(browser, email="c@example.org", club_name="Ελληνικός Σύλλογος")
    send()
    browser.post(link_in(smtp.messages[-1][1], "/directors/join/"))
    assert Club.objects.get(name="Ελληνικός Σύλλογος").slug == "club"


TAKEN = (
    "A club named Maple Hall Euchre Club is on this server already: if it is yours, ask its "
    "director to invite you; otherwise add your town to the name, e.g. Maple Hall Euchre Club, "
    "Springfield."
)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name", ["Maple Hall Euchre Club", "maple hall EUCHRE club", "  Maple   Hall Euchre  Club "]
)
def test_a_name_another_club_has_is_refused_at_the_asking(client, smtp, send, club, name):
    answer = ask(client, club_name=name)
    assert answer.status_code == 400
    assert TAKEN in page(answer)
    # In the summary at the top too, a link to the name's box.
    assert 'href="#id_club_name"' in raw(answer)
    send()
    assert not smtp.messages and not JoinRequest.objects.exists()
    assert Club.objects.count() == 1


@pytest.mark.django_db
def test_a_name_taken_between_the_asking_and_the_confirming_makes_nothing(client, smtp, send):
    ask(client, club_name="Oak Street Euchre")
    send()
    link = link_in(smtp.messages[-1][1], "/directors/join/")
    Club.objects.create(name="OAK street  euchre", slug="oak")
    for answer in (client.get(link), client.post(link)):
        assert answer.status_code == 409
        assert "A club named OAK street euchre is on this server already" in page(answer)
    assert not User.objects.exists() and Club.objects.count() == 1
    assert JoinRequest.objects.get().used_at is None


@pytest.mark.django_db(transaction=True)
def test_a_name_taken_at_the_press_itself_makes_nothing(client, smtp, send):
    """Taken between the page's look and the service's own (the press's statement)."""
    ask(client, club_name="Oak Street Euchre")
    send()
    join = JoinRequest.objects.get()
    Club.objects.create(name="Oak Street Euchre", slug="oak")
    with pytest.raises(services.Refused, match="name_taken"):
        services.join_confirm(join=join)
    assert not User.objects.exists() and JoinRequest.objects.get().used_at is None


@pytest.mark.django_db
def test_the_sign_up_mails_an_address_only_a_few_times_an_hour(smtp, send):
    for _ in range(3):
        assert ask(Client()).status_code == 200
    refused = ask(Client(), email="ANN@example.org")
    assert refused.status_code == 429
    assert "A few mails went to this address in the last hour already" in page(refused)
    assert "or ask again in" in page(refused)
    # Another address from the same place still goes, until the place's own budget is spent.
    for n in range(7):
        assert ask(Client(), email=f"p{n}@example.org").status_code == 200
    refused = ask(Client(), email="q@example.org")
    assert refused.status_code == 429
    assert "Too many mails were asked for from here: ask again in" in page(refused)
    send()
    assert len(smtp.messages) == 10
    assert JoinRequest.objects.count() == 10


@pytest.mark.django_db(transaction=True)
def test_the_confirmation_mail_goes_at_once_beside_the_request(client, smtp, settings):
    # Committed for real: results mail's sender sends the queue in a thread of its own.
    settings.RESULTS_MAIL_KICK = True
    ask(client)
    for _ in range(100):
        if smtp.messages:
            break
        time.sleep(0.1)
    assert [r for r, _ in smtp.messages] == [["ann@example.org"]]


@pytest.mark.django_db
def test_where_no_mail_goes_the_sign_up_says_to_ask_and_nobody_links_to_it(client, settings):
    settings.PASSWORD_RESET_BY_MAIL = False
    shown = client.get(JOIN)
    assert shown.status_code == 404
    assert "This computer sends no mail, so nobody can sign up here by themselves." in page(shown)
    assert "createsuperuser" in page(shown) and "ask the site's admin" in page(shown)
    assert ask(client).status_code == 404
    assert not JoinRequest.objects.exists()
    for url in ("/", reverse("login")):
        assert JOIN not in raw(client.get(url))
    settings.PASSWORD_RESET_BY_MAIL = True
    for url in ("/", reverse("login")):
        assert f'href="{JOIN}"' in raw(client.get(url))


@pytest.mark.django_db
def test_a_logged_in_director_is_sent_to_set_up_a_club_not_a_new_account(director_client, smtp):
    shown = director_client.get(JOIN)
    assert "You are logged in as dora: you need no new account." in page(shown)
    assert 'href="/clubs/new/"' in raw(shown)
    assert JOIN not in raw(director_client.get("/"))
    director_client.post(JOIN, {"email": "x@example.org", "password": GOOD, "club_name": "X"})
    assert not JoinRequest.objects.exists()


# --- The Directors page ----------------------------------------------------------------------


def staff_url(club) -> str:
    return f"/clubs/{club.slug}/directors/"


def invite(client, club, email="al@example.org", role="assistant"):
    return client.post(staff_url(club), {"action": "invite", "email": email, "role": role})


@pytest.fixture
def assistant(club):
    user = User.objects.create_user("asa", email="asa@example.org", password="asa-pass-123")
    ClubDirector.objects.create(club=club, user=user, role="assistant")
    return user


@pytest.mark.django_db
def test_an_invited_assistant_sets_a_password_and_joins_once(director_client, club, smtp, send):
    listed = director_client.get(staff_url(club))
    assert listed.status_code == 200
    assert "dora (you)" in page(listed) and "None: every invitation was accepted" in page(listed)

    sent = invite(director_client, club, email="Al@Example.org")
    assert sent.status_code == 302
    shown = page(director_client.get(staff_url(club)))
    assert "Invitation sent to Al@Example.org: its link works for 7 days." in shown
    assert "Al@Example.org, as assistant director" in shown
    send()
    (mail,) = smtp.to("Al@Example.org")
    assert mail["Subject"] == "Maple Hall Euchre Club: you are invited to help run its nights"
    assert "dora invites you to Maple Hall Euchre Club's staff" in text_of(mail)
    link = link_in(mail, "/directors/invite/")

    helper = Client()
    form = helper.get(link)
    assert form.status_code == 200 and "You are invited as assistant director" in page(form)
    for bad, words in [
        ({}, "Choose a password"),
        ({"password1": GOOD}, "Type the password a second time"),
        ({"password1": GOOD, "password2": GOOD + "x"}, "The two passwords differ"),
        ({"password1": "abc", "password2": "abc"}, "This password is too short."),
    ]:
        refused = helper.post(link, bad)
        assert refused.status_code == 400 and words in page(refused)
    assert not User.objects.filter(username__iexact="al@example.org").exists()

    joined = helper.post(link, {"password1": GOOD, "password2": GOOD})
    assert joined.status_code == 302 and joined.url == "/clubs/maple-hall/"
    al = User.objects.get(username="Al@Example.org")
    assert al.email == "Al@Example.org" and al.check_password(GOOD)
    assert ClubDirector.objects.get(user=al).role == "assistant"
    assert "Welcome to Maple Hall Euchre Club's staff, as assistant director." in page(
        helper.get(joined.url)
    )
    # Pressed again: the club page, still one role; anyone else: accepted, in words.
    assert helper.post(link, {"password1": GOOD, "password2": GOOD}).url == "/clubs/maple-hall/"
    used = Client().post(link, {"password1": GOOD, "password2": GOOD})
    assert used.status_code == 410 and "It was accepted already." in page(used)
    assert ClubDirector.objects.filter(user=al).count() == 1
    shown = page(director_client.get(staff_url(club)))
    assert "Al@Example.org" in shown and "None: every invitation was accepted" in shown


@pytest.mark.django_db
def test_someone_with_an_account_logs_in_then_accepts_with_one_button(
    director_client, club, other_director, smtp, send
):
    other_director.email = "otto@example.org"
    other_director.save()
    invite(director_client, club, email="OTTO@example.org", role="director")
    send()
    link = link_in(smtp.messages[-1][1], "/directors/invite/")
    stranger = Client()
    shown = stranger.get(link)
    assert "That address has an account here: log in with it" in page(shown)
    assert stranger.post(link).status_code == 200  # the same page: nothing made
    assert not ClubDirector.objects.filter(user=other_director, club=club).exists()
    # Logged in as someone else (dora): told whose it is.
    wrong = director_client.get(link)
    assert "This invitation is for OTTO@example.org" in page(wrong)
    assert "You are logged in as dora. Log out" in page(wrong)
    director_client.post(link)
    assert not ClubDirector.objects.filter(user=other_director, club=club).exists()

    # Logging in from the page comes back to the link.
    otto = Client()
    logged_in = otto.post(
        f"{reverse('login')}?next={link}",
        {"username": "otto", "password": "otto-pass-123", "next": link},
    )
    assert logged_in.status_code == 302 and logged_in.url == link
    assert "You are logged in as otto." in page(otto.get(link))
    assert otto.post(link).url == "/clubs/maple-hall/"
    assert ClubDirector.objects.get(user=other_director, club=club).role == "director"
    assert User.objects.filter(email__iexact="otto@example.org").count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    "data, words",
    [
        ({"email": ""}, "Type the address to send the invitation to."),
        ({"email": "al at example"}, "This is not an email address"),
        ({"role": ""}, "Choose what they will be: assistant director or director."),
        ({"role": "owner"}, "Choose assistant director or director."),
        ({"email": "asa@example.org"}, "asa@example.org is already on the club's staff"),
        ({"email": "ASA"}, "ASA is not an email address"),
        ({"email": "a" * 139 + "@example.org"}, "at most 150 characters; this one has 151"),
    ],
)
def test_every_bad_invitation_is_told_and_nothing_is_sent(
    director_client, club, assistant, smtp, send, data, words
):
    posted = {"action": "invite", "email": "al@example.org", "role": "assistant", **data}
    answer = director_client.post(staff_url(club), posted)
    if words.endswith("is not an email address"):
        words = "This is not an email address"
    assert answer.status_code == 400 and words in page(answer)
    send()
    assert not smtp.messages and not Invitation.objects.exists()


@pytest.mark.django_db
def test_inviting_a_member_by_their_username_address_is_refused(director_client, club, smtp):
    user = User.objects.create_user("sue@example.org", password="sue-pass-123")
    ClubDirector.objects.create(club=club, user=user, role="director")
    refused = invite(director_client, club, email="Sue@Example.org")
    assert refused.status_code == 400
    assert "Sue@Example.org is already on the club's staff (director)" in page(refused)


@pytest.mark.django_db
def test_a_second_invitation_waits_for_the_first_to_be_cancelled(director_client, club, smtp, send):
    invite(director_client, club)
    again = invite(director_client, club, email="AL@example.org")
    assert again.status_code == 400
    assert "AL@example.org was invited on" in page(again)
    assert "cancel that invitation below to send a new one" in page(again)
    send()
    link = link_in(smtp.messages[-1][1], "/directors/invite/")
    pk = Invitation.objects.get().pk
    assert director_client.post(staff_url(club), {"action": "cancel", "pk": pk}).status_code == 302
    gone = Client().get(link)
    assert gone.status_code == 410 and "The club's directors cancelled it." in page(gone)
    assert Client().post(link, {"password1": GOOD, "password2": GOOD}).status_code == 410
    assert not User.objects.filter(username="al@example.org").exists()
    assert invite(director_client, club).status_code == 302
    # A cancel of something already cancelled, or of nothing: told, nothing else.
    for bad in (pk, 999999, "x", ""):
        answer = director_client.post(staff_url(club), {"action": "cancel", "pk": bad})
        assert "already accepted or cancelled" in page(director_client.get(answer.url))
    assert Invitation.objects.pending().count() == 1


@pytest.mark.django_db
def test_wrong_and_expired_invitation_links_say_so(director_client, club, smtp, send):
    wrong = Client().get("/directors/invite/nope/")
    assert wrong.status_code == 404 and "It is not one we know" in page(wrong)
    invite(director_client, club)
    send()
    link = link_in(smtp.messages[-1][1], "/directors/invite/")
    Invitation.objects.update(created=timezone.now() - datetime.timedelta(days=7, seconds=1))
    old = Client().post(link, {"password1": GOOD, "password2": GOOD})
    assert old.status_code == 410 and "It is more than 7 days old." in page(old)
    assert not User.objects.filter(username="al@example.org").exists()
    assert "None: every invitation was accepted" in page(director_client.get(staff_url(club)))


@pytest.mark.django_db
def test_nobody_but_the_clubs_directors_sees_or_changes_its_staff(
    client, club, director, assistant, other_director, smtp
):
    member = ClubDirector.objects.get(user=director)
    posts = [
        {"action": "invite", "email": "x@example.org", "role": "director"},
        {"action": "role", "pk": member.pk, "role": "assistant"},
        {"action": "remove", "pk": member.pk},
    ]
    client.force_login(other_director)
    assert client.get(staff_url(club)).status_code == 404
    for data in posts:
        assert client.post(staff_url(club), data).status_code == 404
    client.force_login(assistant)
    refused = client.get(staff_url(club))
    assert refused.status_code == 403
    assert "Only the club's directors invite or remove directors and assistants." in page(refused)
    for data in posts:
        answer = client.post(staff_url(club), data)
        assert answer.status_code == 403 and "Only the club's directors" in page(answer)
    # The club page shows assistants no card to it.
    assert staff_url(club) not in raw(client.get(f"/clubs/{club.slug}/"))
    client.logout()
    assert client.get(staff_url(club)).status_code == 302  # to the login page
    assert ClubDirector.objects.get(pk=member.pk).role == "director"
    assert not Invitation.objects.exists()


@pytest.mark.django_db
def test_the_last_director_is_never_removed_nor_made_an_assistant(
    director_client, club, director, assistant
):
    me = ClubDirector.objects.get(user=director)
    for data in ({"action": "role", "role": "assistant"}, {"action": "remove"}):
        refused = director_client.post(staff_url(club), {**data, "pk": me.pk})
        assert refused.status_code == 400
        assert "dora is the club's only director: make someone else a director first" in page(
            refused
        )
    assert ClubDirector.objects.get(pk=me.pk).role == "director"

    helper = ClubDirector.objects.get(user=assistant)
    for bad in ("", "owner"):
        answer = director_client.post(
            staff_url(club), {"action": "role", "pk": helper.pk, "role": bad}
        )
        assert answer.status_code == 400 and "Choose assistant director or director." in page(
            answer
        )
    nobody = director_client.post(staff_url(club), {"action": "remove", "pk": 999999})
    assert nobody.status_code == 400 and "no longer on the club's staff" in page(nobody)
    unknown = director_client.post(staff_url(club), {"action": "sell"})
    assert unknown.status_code == 400 and "use one of the page's buttons" in page(unknown)

    made = director_client.post(
        staff_url(club), {"action": "role", "pk": helper.pk, "role": "director"}
    )
    assert "asa is now director." in page(director_client.get(made.url))
    # Now dora may step down; she no longer manages the staff, so lands on the club page.
    down = director_client.post(
        staff_url(club), {"action": "role", "pk": me.pk, "role": "assistant"}
    )
    assert down.url == "/clubs/maple-hall/"
    assert director_client.get(staff_url(club)).status_code == 403
    asa = Client()
    asa.force_login(assistant)
    removed = asa.post(staff_url(club), {"action": "remove", "pk": me.pk})
    assert "dora is no longer on the club's staff" in page(asa.get(removed.url))
    assert list(club.directors.values_list("user__username", "role")) == [("asa", "director")]
    assert User.objects.filter(username="dora").exists()


@pytest.mark.django_db(transaction=True)
def test_two_directors_stepping_down_at_once_leave_one(club, django_user_model):
    users = [django_user_model.objects.create_user(n, password="p-p-p-123456") for n in "ab"]
    rows = [ClubDirector.objects.create(club=club, user=u, role="director") for u in users]

    def step_down(row):
        def run():
            try:
                services.role_change(club=club, pk=row.pk, role="assistant")
            except services.Refused as refused:
                return str(refused)
            return "done"

        return run

    results = at_once([step_down(row) for row in rows])
    assert sorted(r if r == "done" else "refused" for r in results) == ["done", "refused"]
    assert club.directors.filter(role="director").count() == 1


@pytest.mark.django_db
def test_an_empty_post_is_told_every_missing_field(client, smtp):
    answer = client.post(JOIN, {})
    assert answer.status_code == 400
    for words in ("Type your email address", "Choose a password", "Type your club's name."):
        assert words in page(answer)
    assert not JoinRequest.objects.exists()


@pytest.mark.django_db
def test_invitations_to_one_address_are_limited_however_often_cancelled(
    director_client, club, smtp, send
):
    for _ in range(3):
        assert invite(director_client, club).status_code == 302
        pk = Invitation.objects.pending().get().pk
        director_client.post(staff_url(club), {"action": "cancel", "pk": pk})
    refused = invite(director_client, club)
    assert refused.status_code == 400
    assert "A few mails went to this address in the last hour already" in page(refused)
    assert "or invite them again in" in page(refused)
    send()
    assert len(smtp.to("al@example.org")) == 3 and not Invitation.objects.pending().exists()


@pytest.mark.django_db
def test_where_no_mail_goes_the_directors_page_invites_nobody(director_client, club, settings):
    settings.PASSWORD_RESET_BY_MAIL = False
    shown = director_client.get(staff_url(club))
    assert "This computer sends no mail, so nobody is invited by mail from here" in page(shown)
    assert 'value="invite"' not in raw(shown)
    assert "Invitations waiting" not in page(shown)  # none can be sent, none are waiting
    refused = invite(director_client, club)
    assert refused.status_code == 400 and "nobody can be invited from here" in page(refused)
    assert not Invitation.objects.exists()


def add_here(client, club, username="ann", role="assistant", password=GOOD, again=None):
    return client.post(
        staff_url(club),
        {
            "action": "add_here",
            "username": username,
            "role": role,
            "password1": password,
            "password2": password if again is None else again,
        },
    )


@pytest.mark.django_db
def test_on_the_laptop_a_helper_is_added_at_the_computer_and_runs_a_night(
    director_client, club, event, settings
):
    settings.PASSWORD_RESET_BY_MAIL = False
    shown = director_client.get(staff_url(club))
    assert "Add someone to the staff" in page(shown) and 'value="add_here"' in raw(shown)

    added = add_here(director_client, club, username=" ann.lee ")
    assert added.status_code == 302
    said = page(director_client.get(added["Location"]))
    assert "ann.lee is on the staff, as assistant director: they log in on this computer" in said
    ann = User.objects.get(username="ann.lee")
    assert ClubDirector.objects.get(club=club, user=ann).role == "assistant"
    assert not Invitation.objects.exists()

    # Ann logs in (in any case) with the password she typed: she runs nights, not settings.
    client = Client()
    assert (
        client.post(reverse("login"), {"username": "Ann.Lee", "password": GOOD}).status_code == 302
    )
    assert client.get(reverse("signup:check-in", args=[event.pk])).status_code == 200
    refused = client.get(reverse("clubs:club-settings", args=[club.slug]))
    assert refused.status_code == 403
    assert client.get(staff_url(club)).status_code == 403
    # A director added the same way manages the staff.
    add_here(director_client, club, username="bo", role="director")
    assert ClubDirector.objects.get(club=club, user__username="bo").role == "director"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"username": ""}, "Type the name they will log in with, e.g. ann."),
        ({"username": "ann lee"}, "Use letters, digits and . @ + - _ only, with no spaces"),
        ({"username": "ann\u200b"}, "Use letters, digits and . @ + - _ only"),
        ({"username": "a" * 151}, "A username has at most 150 characters; this one has 151."),
        ({"password": ""}, "Hand them the keyboard to choose a password"),
        ({"again": "something-else-77"}, "The two passwords differ: type the same one twice."),
        ({"password": "12345678"}, "This password is entirely numeric."),
        ({"username": "annabelle", "password": "annabelle1"}, "too similar"),
        ({"role": "owner"}, "Choose assistant director or director."),
        ({"username": "ROSE"}, "An account named ROSE is on this computer already"),
        ({"username": "DORA"}, "is already on the club&#x27;s staff (director)"),
    ],
)
def test_adding_at_the_laptop_refuses_each_bad_input_in_words_and_saves_nothing(
    director_client, club, settings, director, fields, words
):
    settings.PASSWORD_RESET_BY_MAIL = False
    User.objects.create_user("rose", password="rose-pass-123")
    director.username = "dora"
    director.save()
    accounts = User.objects.count()
    refused = add_here(director_client, club, **fields)
    assert refused.status_code == 400
    assert words in refused.content.decode() or words in page(refused), page(refused)[:2000]
    assert User.objects.count() == accounts
    assert ClubDirector.objects.filter(club=club).count() == 1


@pytest.mark.django_db
def test_adding_at_the_computer_is_refused_where_mail_goes_and_to_an_assistant(
    director_client, club, smtp, client, assistant
):
    refused = add_here(director_client, club)
    assert refused.status_code == 400
    assert "This computer sends mail: invite them by their email address instead." in page(refused)
    client.force_login(assistant)
    assert add_here(client, club, username="sly").status_code == 403
    assert not User.objects.filter(username__in=["ann", "sly"]).exists()


@pytest.mark.django_db(transaction=True)
def test_two_presses_at_once_make_one_club_and_one_role(club, director, django_user_model):
    join = JoinRequest.objects.create(
        email="ann@example.org", password="md5$x$y", club_name="Oak Street", token_hash="a" * 64
    )
    made = at_once([lambda: services.join_confirm(join=join) for _ in range(2)])
    assert sorted(type(r).__name__ for r in made) == ["Refused", "tuple"]
    assert Club.objects.filter(name="Oak Street").count() == 1
    assert User.objects.filter(username="ann@example.org").count() == 1

    al = django_user_model.objects.create_user("al@example.org", password="al-pass-123456")
    invitation = Invitation.objects.create(
        club=club, email="al@example.org", role="assistant", token_hash="b" * 64
    )
    accepted = at_once(
        [lambda: services.invitation_accept(invitation=invitation, user=al) for _ in range(2)]
    )
    assert sorted(type(r).__name__ for r in accepted) == ["Refused", "tuple"]
    assert ClubDirector.objects.filter(club=club, user=al).count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    "first, last, email, said",
    [
        ("Dora", "Lane", "dora@example.org", "Dora Lane"),
        ("", "", "dora@example.org", "dora@example.org"),
        ("", "", "", "dora"),
    ],
)
def test_an_invitation_names_the_director_as_people_call_them(
    director_client, director, club, smtp, send, first, last, email, said
):
    director.first_name, director.last_name, director.email = first, last, email
    director.save()
    invite(director_client, club)
    send()
    (mail,) = smtp.to("al@example.org")
    assert f"{said} invites you to Maple Hall Euchre Club's staff" in text_of(mail)
    shown = page(Client().get(link_in(mail, "/directors/invite/")))
    assert f"You are invited as assistant director by {said}." in shown


@pytest.mark.django_db
def test_a_role_changed_to_itself_says_nothing_changed(director_client, director, club, assistant):
    me = ClubDirector.objects.get(user=director)
    answer = director_client.post(
        staff_url(club), {"action": "role", "pk": me.pk, "role": "director"}, follow=True
    )
    assert "dora is director already: nothing changed." in page(answer)
    assert "is now director" not in page(answer)
    asa = ClubDirector.objects.get(user=assistant)
    answer = director_client.post(
        staff_url(club), {"action": "role", "pk": asa.pk, "role": "director"}, follow=True
    )
    assert "asa is now director." in page(answer)


@pytest.mark.django_db
def test_a_refused_invitation_is_summed_up_at_the_top_with_a_link_to_the_address(
    director_client, club, assistant, smtp
):
    answer = invite(director_client, club, email="asa@example.org")
    assert answer.status_code == 400
    body = raw(answer)
    summary = body.index('id="error-summary"')
    assert summary < body.index("<h1>")
    assert 'href="#id_email">asa@example.org is already on the club' in body[summary:]
    # A bad address too: the summary names the field and links to it.
    answer = invite(director_client, club, email="asa@")
    body = raw(answer)
    assert body.index('id="error-summary"') < body.index("<h1>")
    assert '<a href="#id_email">Their email address: This is not an email address' in body


@pytest.mark.django_db
def test_an_assistant_is_not_offered_to_reissue_the_table_cards(
    client, director_client, club, assistant, event
):
    url = f"/events/{event.pk}/"
    assert "print or reissue them" in page(director_client.get(url))
    client.force_login(assistant)
    shown = page(client.get(url))
    assert "print them." in shown and "reissue them" not in shown

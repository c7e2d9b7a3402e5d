"""Results by mail (results_mail/), through a real SMTP server on loopback (aiosmtpd): one
mail per player who asked, per night, never doubled; none before the night's standings show;
the double opt-in; the one-click unsubscribe (RFC 8058); a failing mail server tried again
later, with no mail doubled."""

import contextlib
import datetime
import email
import re
import socket
import time
from email import policy

import pytest
from aiosmtpd.controller import Controller
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from post_office.models import STATUS, Email
from test_standings import ROUND_1, build_night, play_round

from clubs.models import Player
from publishing.models import Link
from publishing.signals import night_published
from results_mail import services
from results_mail.models import OptInAsked, ResultsSent, ResultsWish

SITE = "https://euchre.example.org"


class Inbox:
    """aiosmtpd's handler: keeps each message; `answer` set, refuses them with it."""

    def __init__(self):
        self.messages = []
        self.answer = ""

    async def handle_DATA(self, server, session, envelope):
        if self.answer:
            return self.answer
        message = email.message_from_bytes(envelope.content, policy=policy.default)
        self.messages.append((envelope.rcpt_tos, message))
        return "250 OK"

    def start(self, port):
        # A stopped Controller cannot start again (its event loop is closed): a new one.
        self.controller = Controller(self, hostname="127.0.0.1", port=port)
        self.controller.start()

    def to(self, address):
        return [m for rcpt, m in self.messages if address in rcpt]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def smtp_server(settings, tmp_path, sender: str):
    """A real SMTP server on loopback, and the settings that send the app's mail to it: the
    mail tests of results_mail, signup and directors share it."""
    inbox = Inbox()
    port = _free_port()
    inbox.start(port)
    backend = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_BACKEND = backend
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_TIMEOUT = 5
    settings.DEFAULT_FROM_EMAIL = sender
    settings.POST_OFFICE = {**settings.POST_OFFICE, "BACKENDS": {"default": backend}}
    settings.PUBLIC_URL = SITE
    settings.RESULTS_MAIL_KICK = False  # the tests send the queue themselves, in order
    # A test that turns the kick on sends under its own lock (the `send` fixture's file): the
    # machine's one lock may be held by another worker's test at that moment.
    settings.MAIL_LOCKFILE = str(tmp_path / "mail")
    try:
        yield inbox
    finally:
        if inbox.controller.loop.is_running():
            inbox.controller.stop()


@pytest.fixture
def smtp(settings, tmp_path):
    with smtp_server(settings, tmp_path, "results@euchre.example.org") as inbox:
        settings.RESULTS_BY_MAIL = True
        yield inbox


@pytest.fixture
def send(tmp_path):
    def run():
        call_command("send_queued_mail", lockfile=str(tmp_path / "mail"))

    return run


@pytest.fixture
def night(club):
    """The small night of tests/test_standings.py (A and C 1st= with 7 points, a loner
    each), ended after its 2 rounds, with the side awards most loners and high night."""
    event, nine = build_night(club)
    event.rounds_planned = 2
    event.award_most_loners = event.award_high_night = True
    event.save()
    return event, nine


def wish(player, address, confirmed=True):
    return ResultsWish.objects.create(
        player=player,
        email=address,
        made_by="director",
        confirmed_at=timezone.now() if confirmed else None,
    )


def publish(event):
    # As publishing's apply sends it once its transaction has committed.
    night_published.send(sender=None, event=event)


def test_one_mail_per_player_who_asked_none_for_the_others(smtp, send, night):
    event, nine = night
    wish(nine["A"], "ann@example.com")
    wish(nine["D"], "dan@example.com")
    wish(nine["E"], "eve@example.com", confirmed=False)  # asked, never confirmed
    outsider = Player.objects.create(club=event.club, name="Not tonight")
    wish(outsider, "out@example.com")

    publish(event)
    send()

    assert sorted(r[0] for r, _ in smtp.messages) == ["ann@example.com", "dan@example.com"]
    (ann,) = smtp.to("ann@example.com")
    text = ann.get_body(("plain",)).get_content()
    html = ann.get_body(("html",)).get_content()
    standings = f"{SITE}/c/maple-hall/events/{event.pk}/"
    for part in (text, html):
        assert "1st= of 9" in part
        assert "7 points" in part
        assert "Most loners (1 loner, shared)" in part
        assert "High night (7 points, shared)" in part
        assert standings in part
    assert ann["Subject"] == "Your night at Maple Hall Euchre Club: 1st= of 9"
    (dan,) = smtp.to("dan@example.com")
    assert "6th of 9" in dan.get_body(("plain",)).get_content()
    assert "Most loners" not in dan.get_body(("plain",)).get_content()


def test_the_unsubscribe_headers_and_link_in_every_mail(smtp, send, night):
    event, nine = night
    token = wish(nine["A"], "ann@example.com").token
    publish(event)
    send()
    (ann,) = smtp.messages[0][1:]
    link = f"{SITE}/mail/unsubscribe/{token}/"
    assert ann["List-Unsubscribe"].strip() == f"<{link}>"
    assert ann["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert link in ann.get_body(("plain",)).get_content()
    assert link in ann.get_body(("html",)).get_content()


def test_never_doubled(smtp, send, night):
    event, nine = night
    wish(nine["A"], "ann@example.com")
    publish(event)
    publish(event)
    send()
    publish(event)
    send()
    assert len(smtp.messages) == 1
    assert ResultsSent.objects.filter(event=event).count() == 1


def test_none_while_the_standings_are_hidden_then_sent_when_they_show(smtp, send, club):
    event, nine = build_night(club)  # 2 rounds of 3 played
    event.standings_hidden = True
    event.save()
    wish(nine["A"], "ann@example.com")
    publish(event)  # published after round 2: the standings still hidden
    send()
    assert smtp.messages == []
    assert not ResultsSent.objects.exists()

    event.rounds_planned = 2  # the director ends the night: its standings show
    event.save()
    publish(event)
    send()
    assert [r for r, _ in smtp.messages] == [["ann@example.com"]]


def test_a_private_club_mails_the_result_without_a_link_nobody_may_open(smtp, send, night):
    event, nine = night
    event.club.results_public = False
    event.club.save()
    wish(nine["A"], "ann@example.com")
    publish(event)
    send()
    (ann,) = smtp.to("ann@example.com")
    text = ann.get_body(("plain",)).get_content()
    assert "1st= of 9" in text
    assert "/events/" not in text
    assert "keeps its standings to its members" in text


def test_one_click_unsubscribe_by_post_without_a_page_or_cookie(smtp, send, night, club):
    event, nine = night
    token = wish(nine["A"], "ann@example.com").token
    client = Client(enforce_csrf_checks=True)
    url = f"/mail/unsubscribe/{token}/"
    answer = client.post(url, {"List-Unsubscribe": "One-Click"})
    assert answer.status_code == 200
    assert not ResultsWish.objects.exists()
    assert client.post(url).status_code == 200  # a second click: the same answer
    publish(event)
    send()
    assert smtp.messages == []


def test_unsubscribe_by_the_page_and_a_visit_alone_changes_nothing(client, night):
    event, nine = night
    token = wish(nine["A"], "ann@example.com").token
    url = f"/mail/unsubscribe/{token}/"
    page = client.get(url)  # a mail scanner following the link
    assert page.status_code == 200
    assert ResultsWish.objects.exists()
    html = page.content.decode()
    assert "ann@example.com" in html
    assert "Stop my results mails" in html
    assert client.post(url).status_code == 200
    assert not ResultsWish.objects.exists()
    gone = client.get(url)
    assert gone.status_code == 404
    assert "Nothing to stop from this link" in gone.content.decode()


def test_a_failing_mail_server_is_tried_again_later_without_doubles(smtp, send, night):
    event, nine = night
    wish(nine["A"], "ann@example.com")
    smtp.answer = "451 4.3.0 Try again later"
    publish(event)
    send()
    mail = Email.objects.get()
    assert mail.status == STATUS.requeued
    assert mail.scheduled_time > timezone.now()
    send()  # not due yet: nothing tried
    assert Email.objects.get().number_of_retries == 1

    # The server stopped altogether: refused, tried again later, and the wait grows.
    smtp.controller.stop()
    Email.objects.update(scheduled_time=timezone.now() - datetime.timedelta(seconds=1))
    send()
    mail = Email.objects.get()
    assert (mail.status, mail.number_of_retries) == (STATUS.requeued, 2)
    assert mail.scheduled_time - mail.last_updated == datetime.timedelta(minutes=10)

    smtp.start(smtp.controller.port)
    smtp.answer = ""
    Email.objects.update(scheduled_time=timezone.now() - datetime.timedelta(seconds=1))
    send()
    send()
    publish(event)
    send()
    assert [r for r, _ in smtp.messages] == [["ann@example.com"]]
    assert Email.objects.get().status == STATUS.sent


def _player_page(club, player):
    return reverse("players:player", args=[club.slug, player.pk])


def test_double_opt_in_from_the_players_page(smtp, send, night):
    event, nine = night
    club, ann = event.club, nine["A"]
    client = Client(enforce_csrf_checks=True)  # the form as a browser sends it
    page = client.get(_player_page(club, ann)).content.decode()
    assert "Get my results by mail" in page
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    ask = reverse("results_mail:ask", args=[club.slug, ann.pk])
    answer = client.post(ask, {"email": "ann@example.com", "csrfmiddlewaretoken": token})
    assert "Look in your mail" in answer.content.decode()
    assert not ResultsWish.objects.exists()  # nothing counts before the link is followed
    publish(event)
    send()
    (confirm,) = smtp.messages
    assert [r for r, _ in smtp.messages] == [["ann@example.com"]]
    body = confirm[1].get_body(("plain",)).get_content()
    link = re.search(r"https://\S+/mail/confirm/\S+/", body)
    path = link.group(0).removeprefix(SITE)
    shown = client.get(path)  # opening it (or a scanner) confirms nothing
    assert "Yes, send me my results" in shown.content.decode()
    assert not ResultsWish.objects.exists()
    page = client.get(path).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert "Confirmed" in client.post(path, {"csrfmiddlewaretoken": token}).content.decode()
    wished = ResultsWish.objects.get()
    assert (wished.player, wished.email, wished.made_by) == (ann, "ann@example.com", "player")

    publish(event)
    send()
    assert len(smtp.to("ann@example.com")) == 2  # the confirmation, then the night
    # The address never shows on the public page.
    assert "ann@example.com" not in client.get(_player_page(club, ann)).content.decode()
    # The link works once.
    assert client.get(path).status_code == 404


def test_the_form_cannot_flood_an_inbox(smtp, night, client):
    event, nine = night
    ask = reverse("results_mail:ask", args=[event.club.slug, nine["A"].pk])
    for _ in range(services.ASKS_PER_HOUR):
        assert client.post(ask, {"email": "victim@example.com"}).status_code == 200
    refused = client.post(ask, {"email": "Victim@Example.com"})
    assert refused.status_code == 400
    assert "ask again in an hour" in refused.content.decode()
    other = reverse("results_mail:ask", args=[event.club.slug, nine["B"].pk])
    assert client.post(other, {"email": "victim@example.com"}).status_code == 400
    assert OptInAsked.objects.count() == services.ASKS_PER_HOUR
    bad = client.post(ask, {"email": "not an address"})
    assert bad.status_code == 400
    assert "That is not an email address" in bad.content.decode()


def test_a_wrong_or_old_confirmation_link_says_what_to_do(smtp, night, client):
    event, nine = night
    unknown = client.get("/mail/confirm/not-a-token/")
    assert unknown.status_code == 404
    assert "This link no longer works" in unknown.content.decode()
    assert "type your address under" in unknown.content.decode()
    old = OptInAsked.objects.create(player=nine["A"], email="ann@example.com")
    OptInAsked.objects.update(at=timezone.now() - datetime.timedelta(days=3))
    assert client.post(f"/mail/confirm/{old.token}/").status_code == 404
    assert not ResultsWish.objects.exists()


def test_the_director_records_an_address_with_the_players_consent(
    smtp, send, night, director_client, other_director, client
):
    event, nine = night
    dan = nine["D"]
    url = reverse("results_mail:director", args=[event.club.slug, dan.pk])
    roster = director_client.get(reverse("clubs:player-detail", args=[event.club.slug, dan.pk]))
    assert url in roster.content.decode()
    refused = director_client.post(url, {"email": "dan@example.com"})
    assert refused.status_code == 400
    assert "a mail goes only to a player who asked" in refused.content.decode()
    assert not ResultsWish.objects.exists()
    director_client.post(url, {"email": "dan@example.com", "consent": "on"})
    assert ResultsWish.objects.get().made_by == "director"
    client.force_login(other_director)
    assert client.get(url).status_code == 404
    assert client.post(url, {"email": "x@example.com", "consent": "on"}).status_code == 404
    publish(event)
    send()
    assert [r for r, _ in smtp.messages] == [["dan@example.com"]]


@pytest.mark.django_db(transaction=True)
def test_a_publish_sends_its_mails_at_once_beside_the_request(smtp, settings, club):
    # Committed for real: the sending thread reads the queue on a connection of its own.
    event, nine = build_night(club)
    event.rounds_planned = 2
    event.save()
    wish(nine["C"], "cy@example.com")
    settings.RESULTS_MAIL_KICK = True
    publish(event)
    for _ in range(100):
        if smtp.messages:
            break
        time.sleep(0.1)
    assert [r for r, _ in smtp.messages] == [["cy@example.com"]]
    for _ in range(50):
        if Email.objects.get().status == STATUS.sent:
            break
        time.sleep(0.1)
    assert Email.objects.get().status == STATUS.sent


@pytest.mark.parametrize("linked", [False, True], ids=["server", "laptop-that-publishes"])
def test_a_night_run_here_mails_when_its_last_round_closes(
    smtp, send, club, linked, django_capture_on_commit_callbacks
):
    event, nine = build_night(club)  # 2 rounds of 3 played
    wish(nine["A"], "ann@example.com")
    if linked:
        # A laptop that publishes its club: the server mails the night once published.
        Link.objects.create(club=club, server_url="https://euchre.example.org", key="euk_x_y")
    with django_capture_on_commit_callbacks(execute=True):
        play_round(event, 3, ROUND_1, sit_out="I", by_name=nine)
    send()
    assert [r for r, _ in smtp.messages] == ([] if linked else [["ann@example.com"]])


@pytest.mark.django_db
def test_where_no_mail_goes_the_director_is_not_offered_to_record_an_address(
    settings, director_client, club, players
):
    """Found walking the two servers: on the hall laptop (no mail server) the director recorded
    a player's address and was told "On", though no mail could ever go from there."""
    settings.RESULTS_BY_MAIL = False
    player = players[0]
    url = reverse("results_mail:director", args=[club.slug, player.pk])
    roster = director_client.get(reverse("clubs:player-detail", args=[club.slug, player.pk]))
    assert roster.status_code == 200 and url not in roster.content.decode()
    assert director_client.get(url).status_code == 404
    assert director_client.post(url, {"email": "a@example.com", "consent": "on"}).status_code == 404
    assert not ResultsWish.objects.exists()

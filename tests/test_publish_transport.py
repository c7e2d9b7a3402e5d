"""Publishing's transport (issue 43): the keys, the signature, the server's two endpoints and
each refusal, the queue, the sender against a real server (Django's live_server on 127.0.0.1)
and `manage.py publish`. What the snapshot holds and how the server applies it is
tests/test_publish_snapshot.py's."""

import datetime
import gzip
import json
import secrets
import socket
import time
import uuid

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction
from django.test import Client
from django.utils import timezone

from clubs.models import Player
from publishing import keys, queue, sender, signing
from publishing.models import Link, Pending, PublishingKey, SeenRequest
from tournaments.models import Entry

HELLO = "/publish/v1/hello"
APPLY = "/publish/v1/apply"


@pytest.fixture(autouse=True)
def _fresh_links():
    # Which clubs are linked is kept per process (publishing/queue.py); a test's rows roll back
    # without telling it.
    queue.forget_links()
    yield
    queue.forget_links()


@pytest.fixture
def made(club, director):
    key, text = keys.make_key(club, "The hall laptop", director)
    return key, text


def packed(payload) -> bytes:
    return gzip.compress(json.dumps(payload, default=str).encode())


def send(client, path, key_text, payload=None, *, body=None, now=None, nonce=None, **extra):
    """A request as the laptop signs it; body (bytes as sent) overrides the payload."""
    parsed = keys.parse(key_text)
    body = packed(payload) if body is None else body
    headers = signing.headers(parsed.key_id, parsed.secret, body, now=now)
    if nonce:
        headers["X-Euchre-Nonce"] = nonce
        headers["X-Euchre-Signature"] = signing.signature(
            parsed.secret, headers["X-Euchre-Time"], nonce, body
        )
    extra.setdefault("HTTP_CONTENT_ENCODING", "gzip")
    return client.post(
        path,
        data=body,
        content_type="application/json",
        **{f"HTTP_{k.upper().replace('-', '_')}": v for k, v in headers.items()},
        **extra,
    )


def hello_body(club, name=None):
    return {"hello": True, "club_uid": str(club.uid), "club_name": name or club.name}


def error_of(response) -> str:
    return response.json()["error"]


# --- Keys and signatures ---------------------------------------------------------------------


def test_a_key_is_made_once_and_its_text_parses_back(made):
    key, text = made
    assert text.startswith(f"euk_{key.key_id}_")
    parsed = keys.parse(f"  {text[:20]}\n{text[20:]} ")  # copied over two lines
    assert (parsed.key_id, parsed.secret) == (key.key_id, key.secret)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "Paste the publishing key"),
        ("hello", 'starts with "euk_"'),
        ("euk_abc_x", "incomplete"),
    ],
)
def test_a_mistyped_key_is_refused_saying_why(text, said):
    with pytest.raises(keys.BadKey, match=said):
        keys.parse(text)


def test_a_signature_holds_only_for_the_same_time_nonce_and_body():
    headers = signing.headers("k", "secret", b"body")
    time_, nonce, given = (headers[f"X-Euchre-{h}"] for h in ("Time", "Nonce", "Signature"))
    assert signing.verify("secret", time_, nonce, b"body", given)
    assert not signing.verify("secret", time_, nonce, b"bodY", given)
    assert not signing.verify("secret", str(int(time_) + 1), nonce, b"body", given)
    assert not signing.verify("other", time_, nonce, b"body", given)
    assert not signing.verify("secret", time_, nonce, b"body", "é" + given[1:])


# --- The server's endpoints --------------------------------------------------------------------


def test_hello_answers_the_server_clubs_name_and_binds_the_laptops_club(client, club, made):
    key, text = made
    answer = send(client, HELLO, text, hello_body(club))
    assert answer.status_code == 200
    assert answer.json() == {
        "ok": True,
        "club": club.name,
        "laptop": "The hall laptop",
        "bound": True,
    }
    key.refresh_from_db()
    assert key.source_club_uid == club.uid and key.last_used_at is not None


def test_hello_from_a_club_of_another_name_binds_nothing(client, club, made):
    key, text = made
    answer = send(client, HELLO, text, hello_body(club, name="Riverside Euchre"))
    assert answer.json()["bound"] is False
    key.refresh_from_db()
    assert key.source_club_uid is None


def test_another_clubs_data_is_refused_once_the_key_is_bound(client, club, made):
    key, text = made
    send(client, HELLO, text, hello_body(club))
    answer = send(client, APPLY, text, {"club_uid": str(uuid.uuid4()), "format": 1})
    assert answer.status_code == 403
    assert "another club's laptop" in error_of(answer) and club.name in error_of(answer)


def test_an_unknown_key_is_refused(client, club):
    text = f"euk_{'0' * 12}_{'s' * 43}"
    answer = send(client, HELLO, text, hello_body(club))
    assert answer.status_code == 401
    assert "does not know this publishing key" in error_of(answer)


def test_a_revoked_key_is_refused_at_once(client, club, made):
    key, text = made
    assert send(client, HELLO, text, hello_body(club)).status_code == 200
    PublishingKey.objects.filter(pk=key.pk).update(revoked_at=timezone.now())
    for path in (HELLO, APPLY):
        answer = send(client, path, text, hello_body(club))
        assert answer.status_code == 403
        assert "was revoked" in error_of(answer) and "The hall laptop" in error_of(answer)


def test_a_wrong_secret_or_an_altered_body_is_refused(client, club, made):
    key, text = made
    wrong = str(keys.KeyText(key.key_id, "x" * 43))
    answer = send(client, HELLO, wrong, hello_body(club))
    assert answer.status_code == 401 and error_of(answer) == (
        "The server does not accept this key: paste it again from the server's keys page, "
        "whole, or make a new one there."
    )

    parsed = keys.parse(text)
    body = packed(hello_body(club))
    headers = signing.headers(parsed.key_id, parsed.secret, body)
    altered = packed(hello_body(club, name="Someone else"))
    answer = client.post(
        HELLO,
        data=altered,
        content_type="application/json",
        HTTP_CONTENT_ENCODING="gzip",
        **{f"HTTP_{k.upper().replace('-', '_')}": v for k, v in headers.items()},
    )
    assert answer.status_code == 401
    assert not PublishingKey.objects.get(pk=key.pk).source_club_uid


def test_a_replayed_request_is_refused(client, club, made):
    _, text = made
    nonce = "a" * 32
    assert send(client, HELLO, text, hello_body(club), nonce=nonce).status_code == 200
    for path in (HELLO, APPLY):
        again = send(client, path, text, hello_body(club), nonce=nonce)
        assert again.status_code == 409 and "replay" in error_of(again)


def test_a_stale_request_is_refused_and_old_nonces_forgotten(client, club, made):
    key, text = made
    answer = send(client, HELLO, text, hello_body(club), now=time.time() - 600)
    assert answer.status_code == 401 and "clock is 10 minutes away" in error_of(answer)
    SeenRequest.objects.create(
        key=key, nonce="b" * 32, at=timezone.now() - datetime.timedelta(hours=1)
    )
    assert send(client, HELLO, text, hello_body(club)).status_code == 200
    assert not SeenRequest.objects.filter(nonce="b" * 32).exists()


def test_an_oversize_body_is_refused_before_it_is_read(client, club, made, settings):
    _, text = made
    settings.PUBLISH_MAX_BYTES = 1000
    body = packed({**hello_body(club), "padding": secrets.token_hex(2000)})
    assert len(body) > 1000
    answer = send(client, HELLO, text, body=body)
    assert answer.status_code == 413 and "PUBLISH_MAX_BYTES" in error_of(answer)


def test_a_zip_bomb_is_refused_at_the_unpacked_cap(client, club, made, settings):
    _, text = made
    settings.PUBLISH_MAX_UNPACKED_BYTES = 1024 * 1024
    bomb = gzip.compress(b'{"club_uid": "' + b" " * (64 * 1024 * 1024) + b'"}')
    assert len(bomb) < 200 * 1024  # small as sent, 64 MB unpacked
    answer = send(client, HELLO, text, body=bomb)
    assert answer.status_code == 413 and "unpacks to more" in error_of(answer)


@pytest.mark.parametrize(
    "body",
    [
        b"not gzip at all",
        gzip.compress(b"{not json", mtime=0),
        gzip.compress(b"[1, 2]", mtime=0),
        gzip.compress(b'{"club_uid": "not a uid"}', mtime=0),
        gzip.compress(b'{"club_uid": "0b5a2b9e-4a57-4a0e-9d0e-2f1c3e4d5a6b"}', mtime=0)[:-6],
        gzip.compress('{"club_uid": "\xff"}'.encode("latin-1"), mtime=0),
    ],
    ids=["not gzip", "not json", "not an object", "no uid", "cut short", "not utf-8"],
)
def test_a_malformed_body_is_refused_saying_so(client, made, body):
    _, text = made
    answer = send(client, HELLO, text, body=body)
    assert answer.status_code == 400 and "could not read this batch" in error_of(answer)


def test_headers_missing_are_refused(client, made):
    key, _ = made
    answer = client.post(
        HELLO, data=b"{}", content_type="application/json", HTTP_X_EUCHRE_KEY=key.key_id
    )
    assert answer.status_code == 400 and "not a publishing request" in error_of(answer)


def test_http_is_refused_except_from_this_computer(club, made):
    _, text = made
    outside = Client(REMOTE_ADDR="203.0.113.9")
    answer = send(outside, HELLO, text, hello_body(club))
    assert answer.status_code == 403 and "only over https" in error_of(answer)
    assert send(outside, HELLO, text, hello_body(club), secure=True).status_code == 200
    assert send(Client(REMOTE_ADDR="::1"), HELLO, text, hello_body(club)).status_code == 200


def test_behind_a_proxy_on_loopback_plain_http_is_still_refused(club, made, settings):
    _, text = made
    settings.BEHIND_PROXY = True
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    proxied = Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9")
    answer = send(proxied, HELLO, text, hello_body(club), HTTP_X_FORWARDED_PROTO="http")
    assert answer.status_code == 403
    ok = send(proxied, HELLO, text, hello_body(club), HTTP_X_FORWARDED_PROTO="https")
    assert ok.status_code == 200


def test_the_endpoints_take_only_posts(client):
    assert client.get(HELLO).status_code == 405
    assert client.get(APPLY).json()["ok"] is False


def test_the_key_gives_no_login_and_no_reading(client, club, made, event):
    key, text = made
    for username, password in ((key.key_id, key.secret), (key.laptop_name, text)):
        client.post("/accounts/login/", {"username": username, "password": password})
        assert "_auth_user_id" not in client.session
    signed = {
        f"HTTP_{k.upper().replace('-', '_')}": v
        for k, v in signing.headers(key.key_id, key.secret, b"").items()
    }
    for page in (
        f"/clubs/{club.slug}/",
        f"/events/{event.pk}/",
        f"/clubs/{club.slug}/publishing/keys/",
    ):
        answer = client.get(page, **signed)
        assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]


# --- The queue ---------------------------------------------------------------------------------


@pytest.fixture
def linked(club):
    # The queue keeps each event's club and uid by pk (they never change in a database); a
    # test's rolled-back database hands the same pk to the next test's event.
    queue._events.clear()
    return Link.objects.create(
        club=club, server_url="http://127.0.0.1:9", key=f"euk_{'0' * 12}_{'s' * 43}"
    )


def pending(club) -> dict[str, int]:
    return dict(Pending.objects.filter(club=club).values_list("subject", "bumps"))


def test_a_change_is_queued_in_its_own_transaction(linked, club, players, event):
    Pending.objects.all().delete()
    with transaction.atomic():
        Entry.objects.create(event=event, player=players[0])
        assert pending(club) == {str(event.uid): 1}
    Entry.objects.create(event=event, player=players[1])
    assert pending(club) == {str(event.uid): 2}


def test_players_added_or_checked_in_at_once_are_queued(linked, club, players, event):
    """Adding entrants and the check-in write many rows at once (no model signals): the
    night is queued all the same, so the server shows who came before round 1 is seated."""
    from tournaments import services

    Pending.objects.all().delete()
    services.entries_add(event=event, players=players[:4])
    assert pending(club) == {str(event.uid): 1}
    services.entries_set_present(event=event, present_ids={players[0].pk})
    assert pending(club) == {str(event.uid): 2}
    services.entries_add(event=event, players=players[:4])  # all entered already: no change
    assert pending(club) == {str(event.uid): 2}


def test_a_change_rolled_back_leaves_nothing_queued(linked, club, event):
    Pending.objects.all().delete()
    with pytest.raises(RuntimeError), transaction.atomic():
        Player.objects.create(club=club, name="Zoe Rolled")
        raise RuntimeError("the change failed")
    assert pending(club) == {}


def test_a_deleted_event_is_queued_as_deleted(linked, club, players, event):
    Entry.objects.create(event=event, player=players[0])
    uid = str(event.uid)
    event.delete()
    assert Pending.objects.get(club=club, subject=uid).deleted


def test_an_unlinked_club_queues_nothing_and_costs_no_query(
    club, other_club, event, players, django_assert_num_queries
):
    Link.objects.create(club=other_club, server_url="http://127.0.0.1:9", key="k")
    queue.linked_club_ids()  # known for the next seconds
    entry = Entry.objects.create(event=event, player=players[0])
    with django_assert_num_queries(1):  # the entry's own UPDATE, nothing for publishing
        entry.save()
    assert not Pending.objects.filter(club=club).exists()


def test_linking_queues_the_club_and_every_event(club, event):
    Link.objects.create(club=club, server_url="http://127.0.0.1:9", key="k")
    queue.queue_everything(club)
    assert set(pending(club)) == {"club", str(event.uid)}


# --- The sender --------------------------------------------------------------------------------


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server(live_server) -> str:
    return live_server.url.replace("localhost", "127.0.0.1")


def test_the_waits_grow_from_30_seconds_to_15_minutes():
    assert [sender.wait_after(n) for n in range(1, 8)] == [30, 60, 120, 240, 480, 900, 900]


def test_an_unreachable_server_is_recorded_and_retried_later_and_later(club, event):
    link = Link.objects.create(
        club=club, server_url=f"http://127.0.0.1:{closed_port()}", key="k" * 60
    )
    queue.queue_everything(club)
    link.key = str(keys.KeyText("0" * 12, "s" * 43))
    link.save()
    report = sender.send_pending(force=True)
    assert not report.ok and "could not be reached" in report.sentences()[0]
    link.refresh_from_db()
    assert (
        link.failures == 1 and link.failing_since and link.last_error.startswith(sender.UNREACHABLE)
    )
    first_wait = (link.next_try_at - link.last_tried_at).total_seconds()
    assert first_wait == 30
    # Not forced, it waits its time: nothing is tried.
    assert sender.send_pending().clubs == []
    sender.send_pending(force=True)
    link.refresh_from_db()
    assert link.failures == 2 and (link.next_try_at - link.last_tried_at).total_seconds() == 60
    assert len(pending(club)) == 2  # nothing lost


def test_the_servers_refusal_is_recorded_in_its_words(live_server, club, made, event):
    key, text = made
    Link.objects.create(club=club, server_url=server(live_server), key=text)
    PublishingKey.objects.filter(pk=key.pk).update(revoked_at=timezone.now())
    queue.queue_everything(club)
    report = sender.send_pending(force=True)
    assert "was revoked" in report.clubs[0].error
    link = Link.objects.get(club=club)
    assert link.last_error.startswith(sender.REFUSED) and "was revoked" in link.last_error


def test_manage_py_publish_says_why_it_could_not(club, event):
    with pytest.raises(CommandError, match="No club on this laptop is linked"):
        call_command("publish")
    Link.objects.create(
        club=club,
        server_url=f"http://127.0.0.1:{closed_port()}",
        key=str(keys.KeyText("0" * 12, "s" * 43)),
    )
    queue.queue_everything(club)
    with pytest.raises(CommandError, match="could not be reached"):
        call_command("publish")


def test_the_background_senders_wake_never_raises(caplog):
    # No database here at all: the wake's failure is logged, and the thread would go on.
    sender.wake_once()
    assert "sending what waits failed" in caplog.text


def test_a_sent_batch_is_deleted_unless_bumped_on_its_way(live_server, club, made):
    _, text = made
    sender.hello(server(live_server), text, club)  # binds the key, as linking does
    link = Link.objects.create(club=club, server_url=server(live_server), key=text)
    gone = str(uuid.uuid4())
    Pending.objects.create(club=club, subject=gone, deleted=True)
    # The background sender waits for a change to settle (tables confirmed one after another
    # make one send, not one each): just made, it stays; quiet a few seconds, it goes.
    assert sender.send_pending().clubs == [] and pending(club) == {gone: 1}
    quiet = timezone.now() - datetime.timedelta(seconds=sender.QUIET_SECONDS + 1)
    Pending.objects.filter(club=club).update(last_at=quiet)
    report = sender.send_pending()
    assert report.ok and report.sentences() == [f"Sent 1 deleted night to {link.server_url}."]
    assert pending(club) == {}
    link.refresh_from_db()
    assert link.last_ok_at and not link.failures and not link.last_error
    # Here the server is this very database: applying the club saves the club, which bumps
    # its row while the batch is on its way, so the row stays for the next batch.
    queue.touch(club.pk, queue.CLUB)
    report = sender.send_pending(force=True)
    assert report.ok and report.clubs[0].club_sent
    assert pending(club) == {"club": 2}


def test_manage_py_publish_prints_what_it_sent(live_server, club, made, capsys):
    _, text = made
    sender.hello(server(live_server), text, club)
    Link.objects.create(club=club, server_url=server(live_server), key=text)
    Pending.objects.create(club=club, subject=str(uuid.uuid4()), deleted=True)
    call_command("publish")
    assert capsys.readouterr().out.startswith("Sent 1 deleted night to http://127.0.0.1:")


def test_a_batch_larger_than_djangos_form_limit_is_taken(client, club, made, settings):
    # A 400-player night packs to a few MB: past DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB), which
    # bounds forms, not this body (read with its own cap).
    _, text = made
    body = packed({**hello_body(club), "padding": secrets.token_hex(3 * 1024 * 1024)})
    assert len(body) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    assert send(client, HELLO, text, body=body).status_code == 200


def test_one_send_at_a_time_whatever_the_process(club, event):
    # Another process (the serving laptop's thread, or `manage.py publish`) is sending: this
    # one waits its turn, so batches reach the server in order; a claim left by a process
    # killed mid-send is taken over once no send can still be running.
    link = Link.objects.create(
        club=club,
        server_url=f"http://127.0.0.1:{closed_port()}",
        key=str(keys.KeyText("0" * 12, "s" * 43)),
        sending_since=timezone.now(),
    )
    queue.queue_everything(club)
    assert sender.send_pending().clubs == []
    busy = sender.send_pending(force=True)
    assert "another send from this laptop is under way" in busy.clubs[0].error
    link.refresh_from_db()
    assert link.failures == 0 and link.sending_since
    Link.objects.filter(pk=link.pk).update(
        sending_since=timezone.now() - datetime.timedelta(seconds=sender.LEASE_SECONDS + 1)
    )
    report = sender.send_pending(force=True)
    assert "could not be reached" in report.clubs[0].error
    link.refresh_from_db()
    assert link.failures == 1 and link.sending_since is None


# --- What the tester found (issue 43's link page walked in a browser) --------------------------


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("the club website", "has no spaces"),
        ("euchre.example.org/x\x00", "has no spaces"),
        ("https://euchre", "not a server's address"),
        ("https://euchre_club!.org", "not a server's address"),
        ("https://dora:pw@euchre.example.org", "not a server's address"),
        ("http://127.0.0.1:8732/c/maple-grove/", "type only the start of the address"),
        ("https://euchre.example.org/c/maple-grove/", "not a page's address"),
    ],
)
def test_only_a_plain_address_is_taken(typed, said):
    with pytest.raises(ValueError, match=f"(?i){said}"):
        sender.server_address(typed)


@pytest.mark.parametrize(
    ("typed", "tidied"),
    [
        ("euchre.example.org", "https://euchre.example.org"),
        ("https://Euchre.Example.org/", "https://Euchre.Example.org"),
        ("http://localhost:8732", "http://localhost:8732"),
        ("http://[::1]:8732/", "http://[::1]:8732"),
        ("https://10.0.0.5:8443", "https://10.0.0.5:8443"),
    ],
)
def test_a_plain_address_is_tidied(typed, tidied):
    assert sender.server_address(typed) == tidied


@pytest.mark.parametrize(
    "address", ["http://the club website", "http://a\nb", "http://[::1", "ftp://x.org", "x"]
)
def test_post_turns_any_bad_address_into_words(address, club):
    # An address that never went through server_address (an old link, a hand-made row).
    with pytest.raises(sender.SendFailed) as failed:
        sender.post(address, str(keys.KeyText("0" * 12, "s" * 43)), "hello", {})
    assert failed.value.what in (sender.UNREACHABLE, sender.NO_SERVER)


def test_https_to_a_plain_http_server_says_so(live_server, club):
    address = server(live_server).replace("http://", "https://")
    with pytest.raises(sender.SendFailed) as failed:
        sender.hello(address, str(keys.KeyText("0" * 12, "s" * 43)), club)
    assert "that address does not answer over https" in failed.value.why


def test_trying_the_connection_waits_less_than_the_background_sends(club, monkeypatch):
    # A server that takes the connection and never answers: hello gives up after its own,
    # shorter wait (10 s; 1 s here), the background sends keep theirs.
    monkeypatch.setattr(sender, "HELLO_TIMEOUT_SECONDS", 1)
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        address = f"http://127.0.0.1:{silent.getsockname()[1]}"
        started = time.monotonic()
        with pytest.raises(sender.SendFailed) as failed:
            sender.hello(address, str(keys.KeyText("0" * 12, "s" * 43)), club)
    assert time.monotonic() - started < 5
    assert failed.value.why == "no answer within 1 second"
    assert sender.HELLO_TIMEOUT_SECONDS < sender.TIMEOUT_SECONDS == 30


@pytest.mark.parametrize("answer", [b"[1, 2]", b"<html>A club's website</html>"])
def test_another_sites_answer_is_said_to_be_no_club_server(club, answer):
    # A web server that answers every POST with 200 and its own JSON or page.
    import http.server
    import threading

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers["Content-Length"]))
            self.send_response(200)
            self.end_headers()
            self.wfile.write(answer)

        def log_message(self, *args):
            pass

    other = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        with pytest.raises(sender.SendFailed) as failed:
            sender.hello(
                f"http://127.0.0.1:{other.server_port}", str(keys.KeyText("0" * 12, "s" * 43)), club
            )
    finally:
        other.shutdown()
        other.server_close()
    assert failed.value.what == sender.NO_SERVER

"""The sign-ups reach the hall's laptop (issue 44, point 4): the server's signed endpoint
`/publish/v1/signups` (publishing's own key, signature, nonce and refusals), the laptop's
fetch through publishing's sender against a real server (Django's live_server), and the
copies the laptop keeps: names and status from the server, arrivals its own, cancellations.

Here the laptop and the server are one database, so a fetch finds the server's own rows; the
copies on a laptop of its own are kept from answers in the wire format (signup/sync.py), and
end to end on two real servers in tests/test_signup_two_servers.py."""

import datetime
import gzip
import json
import socket
import uuid

import pytest
from django.urls import reverse
from django.utils import timezone

from clubs import dates
from clubs.models import Player
from publishing import keys, queue, sender, signing
from publishing.models import Link, PublishingKey
from signup import sync
from signup.models import Fetched, SignUp
from tournaments.models import Entry, Event

SIGNUPS = "/publish/v1/signups"


@pytest.fixture(autouse=True)
def _fresh_links():
    queue.forget_links()
    yield
    queue.forget_links()


@pytest.fixture
def tonight(club):
    return Event.objects.create(club=club, name="Tonight", date=timezone.localdate())


@pytest.fixture
def made(club, director):
    return keys.make_key(club, "The hall laptop", director)


def listed(event, name, **fields) -> SignUp:
    return SignUp.objects.create(
        event=event, name=name, position=event.signups.count() + 1, **fields
    )


def send(client, key_text, payload, *, secret=None):
    parsed = keys.parse(key_text)
    body = gzip.compress(json.dumps(payload, default=str).encode())
    headers = signing.headers(parsed.key_id, secret or parsed.secret, body)
    return client.post(
        SIGNUPS,
        data=body,
        content_type="application/json",
        HTTP_CONTENT_ENCODING="gzip",
        **{f"HTTP_{k.upper().replace('-', '_')}": v for k, v in headers.items()},
    )


def server(live_server) -> str:
    return live_server.url.replace("localhost", "127.0.0.1")


# --- The server's endpoint ---------------------------------------------------------------------


def test_the_endpoint_answers_the_clubs_signups_from_yesterday_on(
    live_server, club, made, tonight, other_club
):
    _, text = made
    mary = Player.objects.create(club=club, name="Mary Smith")
    listed(tonight, "Mary Smith", player=mary, email="mary@example.org", paid_ahead=True)
    listed(tonight, "Jim & co", partner_name="Ann Lee", places=2, phone="555-0101")
    gone = listed(tonight, "Gone Girl", status=SignUp.Status.CANCELLED, removed_by_director=True)
    last_week = Event.objects.create(
        club=club, name="Last week", date=timezone.localdate() - datetime.timedelta(days=7)
    )
    listed(last_week, "Old Name")
    yesterday = Event.objects.create(
        club=club, name="Yesterday", date=timezone.localdate() - datetime.timedelta(days=1)
    )
    listed(yesterday, "Late Night")
    theirs = Event.objects.create(club=other_club, name="Theirs", date=timezone.localdate())
    listed(theirs, "Not Ours")

    # A night with nobody on its list yet (or nobody left) is answered, its list empty.
    later = Event.objects.create(
        club=club, name="Next week", date=timezone.localdate() + datetime.timedelta(days=7)
    )

    answer = sender.post(server(live_server), text, "signups", {"club_uid": club.uid})
    assert answer["ok"] and answer["format"] == 1
    assert set(answer["events"]) == {str(tonight.uid), str(yesterday.uid), str(later.uid)}
    assert answer["events"][str(later.uid)] == []
    rows = answer["events"][str(tonight.uid)]
    assert [r["name"] for r in rows] == ["Mary Smith", "Jim & co", "Gone Girl"]
    assert rows[0] | {"uid": None} == {
        "uid": None,
        "name": "Mary Smith",
        "player": str(mary.uid),
        "partner_name": "",
        "partner": None,
        "find_partner": False,
        "places": 1,
        "status": "in",
        "held": False,
        "paid_ahead": True,
        "position": 1,
        "email": "mary@example.org",
        "phone": "",
        "cancelled_at": None,
        "removed_by_director": False,
        "paired_with": "",
    }
    assert rows[2]["uid"] == str(gone.uid) and rows[2]["status"] == "cancelled"
    assert rows[2]["removed_by_director"]
    assert rows[1]["partner_name"] == "Ann Lee" and rows[1]["places"] == 2
    # No private link ever travels.
    assert "token" not in json.dumps(answer)
    assert PublishingKey.objects.get(key_id=keys.parse(text).key_id).last_used_at


def test_the_endpoint_refuses_a_bad_signature_a_replay_and_a_get(client, club, made, tonight):
    _, text = made
    listed(tonight, "Mary Smith", email="mary@example.org")
    forged = send(client, text, {"club_uid": str(club.uid)}, secret="x" * 43)
    assert forged.status_code == 401
    assert "does not accept this key" in forged.json()["error"]
    assert "mary@example.org" not in forged.content.decode()
    assert client.get(SIGNUPS).status_code == 405
    # The same request sent again (a replay) is refused, whatever it asks.
    parsed = keys.parse(text)
    body = gzip.compress(json.dumps({"club_uid": str(club.uid)}).encode())
    headers = signing.headers(parsed.key_id, parsed.secret, body)
    meta = {f"HTTP_{k.upper().replace('-', '_')}": v for k, v in headers.items()}
    first, again = (
        client.post(
            SIGNUPS,
            data=body,
            content_type="application/json",
            HTTP_CONTENT_ENCODING="gzip",
            **meta,
        )
        for _ in range(2)
    )
    assert first.status_code == 200 and "mary@example.org" in first.content.decode()
    assert again.status_code == 409 and "a replay" in again.json()["error"]


def test_another_clubs_key_is_refused(client, club, other_club, director, tonight):
    listed(tonight, "Mary Smith")
    # Riverside's key, bound to Riverside's laptop by its first request.
    _, theirs = keys.make_key(other_club, "Riverside laptop", director)
    assert send(client, theirs, {"club_uid": str(uuid.uuid4())}).status_code == 200
    refused = send(client, theirs, {"club_uid": str(club.uid)})
    assert refused.status_code == 403
    assert "belongs to another club's laptop" in refused.json()["error"]
    # And what it answers for its own laptop is Riverside's list: nothing of Maple Hall's.
    bound = PublishingKey.objects.get(club=other_club).source_club_uid
    answer = send(client, theirs, {"club_uid": str(bound)}).json()
    assert answer == {"ok": True, "format": 1, "events": {}}


def test_a_revoked_key_is_refused_and_the_laptop_says_so(live_server, club, made, tonight):
    key, text = made
    link = Link.objects.create(club=club, server_url=server(live_server), key=text)
    PublishingKey.objects.filter(pk=key.pk).update(revoked_at=timezone.now())
    with pytest.raises(sync.FetchFailed, match="was revoked"):
        sync.fetch(link)
    fetched = Fetched.objects.get(club=club)
    assert fetched.at is None and fetched.tried_at and "was revoked" in fetched.error


# --- The laptop's fetch, through the pages and the sender ----------------------------------------


def test_fetch_now_on_the_check_in_page_and_the_time_it_was_fetched(
    live_server, director_client, club, made, tonight
):
    _, text = made
    Link.objects.create(club=club, server_url=server(live_server), key=text)
    listed(tonight, "Mary Smith")
    listed(tonight, "Wes Waiting", status=SignUp.Status.WAITING)
    page = reverse("signup:check-in", args=[tonight.pk])
    shown = director_client.get(page).content.decode()
    assert "Sign-ups not fetched yet" in shown
    said = director_client.post(
        reverse("signup:check-in-fetch", args=[tonight.pk]), follow=True
    ).content.decode()
    assert "Sign-ups fetched: 2 names for tonight." in said
    at = Fetched.objects.get(club=club).at
    assert f"Sign-ups fetched at {dates.clock(at, club)}" in said


def test_an_unreachable_server_is_said_on_the_page_and_stops_nothing(
    director_client, club, tonight
):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    Link.objects.create(
        club=club, server_url=f"http://127.0.0.1:{port}", key=str(keys.KeyText("0" * 12, "s" * 43))
    )
    said = director_client.post(
        reverse("signup:check-in-fetch", args=[tonight.pk]), follow=True
    ).content.decode()
    assert "The sign-ups could not be fetched from http://127.0.0.1:" in said
    assert "connection refused" in said
    assert "The last try failed" in said


def test_the_server_is_not_a_laptop_so_fetch_now_says_so(director_client, tonight):
    said = director_client.post(
        reverse("signup:check-in-fetch", args=[tonight.pk]), follow=True
    ).content.decode()
    assert "not linked to a club&#x27;s server" in said
    assert "Fetch the sign-ups now" not in said


def test_the_sender_fetches_after_a_send_and_every_two_minutes_otherwise(
    live_server, club, made, tonight, caplog
):
    _, text = made
    sender.hello(server(live_server), text, club)
    link = Link.objects.create(club=club, server_url=server(live_server), key=text)
    listed(tonight, "Mary Smith")
    assert sync.fetch_due in sender.EACH_WAKE  # registered when the app starts

    sender.wake_once()  # never fetched: fetched now
    first = Fetched.objects.get(club=club)
    assert first.at and not first.error
    sender.wake_once()  # fetched a moment ago, nothing sent: not again
    assert Fetched.objects.get(club=club).tried_at == first.tried_at
    # Something sent to the server: it is reachable, so the list is fetched again at once.
    sent = sender.Report(clubs=[sender.ClubSent(club=club.name, server=link.server_url)])
    sent.clubs[0].club_sent = True
    sync.fetch_due(sent)
    again = Fetched.objects.get(club=club).tried_at
    assert again > first.tried_at
    # Two minutes later, nothing sent: fetched again.
    Fetched.objects.filter(club=club).update(tried_at=again - sync.FETCH_EVERY)
    sender.wake_once()
    assert Fetched.objects.get(club=club).tried_at > again
    # A server gone: the wake logs it and goes on; publishing is not stopped.
    Link.objects.filter(pk=link.pk).update(server_url="http://127.0.0.1:9")
    Fetched.objects.filter(club=club).update(tried_at=again - sync.FETCH_EVERY)
    sender.wake_once()
    assert "could not be reached" in Fetched.objects.get(club=club).error


# --- The copies the laptop keeps ------------------------------------------------------------------


def row(uid=None, name="Mary Smith", **fields) -> dict:
    """A sign-up as the server's answer carries it."""
    return {
        "uid": str(uid or uuid.uuid4()),
        "name": name,
        "player": None,
        "partner_name": "",
        "partner": None,
        "find_partner": False,
        "places": 1,
        "status": "in",
        "held": False,
        "paid_ahead": False,
        "position": 1,
        "email": "",
        "phone": "",
        "cancelled_at": None,
        **fields,
    }


def test_copies_are_kept_by_uid_with_the_laptops_own_arrivals(director_client, club, tonight):
    # The server's roster came from this laptop: Mary is matched by her uid, whatever her
    # name there; Jim by the roster's name rules.
    mary = Player.objects.create(club=club, name="Mary Smith-Jones")
    jim = Player.objects.create(club=club, name="Jim O’Brien")
    m, j, w = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    answer = {
        str(tonight.uid): [
            row(m, "Mary Smith", player=str(mary.uid), email="m@x.org"),
            row(j, "jim o'brien", position=2, partner_name="Ann Lee", places=2),
            row(w, "Wes Waiting", status="waiting", position=3),
        ],
        str(uuid.uuid4()): [row(name="A night not on this laptop")],
    }
    kept = sync.keep(club, answer)
    assert kept.sentence() == "Sign-ups fetched: 3 names for tonight (3 new)."
    copies = {s.uid: s for s in SignUp.objects.filter(event=tonight)}
    assert set(copies) == {m, j, w}
    assert all(c.token is None for c in copies.values())
    assert copies[m].player == mary and copies[j].player == jim
    assert copies[m].email == "m@x.org"

    # Checked in here, then the server renames Mary and cancels Jim, who was checked in.
    tap = reverse("signup:check-in-tap", args=[tonight.pk])
    director_client.post(tap, {"signup": copies[m].pk, "action": "here"})
    director_client.post(tap, {"signup": copies[j].pk, "action": "here"})
    entry = Entry.objects.get(event=tonight, player=mary)
    answer[str(tonight.uid)] = [
        row(m, "Mary Smith-Jones", player=str(mary.uid), paid_ahead=True),
        row(j, "jim o'brien", status="cancelled", partner_name="Ann Lee", places=2),
        row(w, "Wes Waiting", status="in", position=3),
    ]
    kept = sync.keep(club, answer)
    assert "1 cancelled there after checking in here: kept it" in kept.sentence()
    copies = {s.uid: s for s in SignUp.objects.filter(event=tonight)}
    assert (copies[m].name, copies[m].paid_ahead) == ("Mary Smith-Jones", True)
    assert (copies[m].arrival, copies[m].entry) == (SignUp.Arrival.HERE, entry)
    assert (copies[j].status, copies[j].arrival) == (SignUp.Status.IN, SignUp.Arrival.HERE)
    assert copies[j].cancelled_on_server
    assert copies[w].status == SignUp.Status.IN  # moved up on the server
    shown = director_client.get(reverse("signup:check-in", args=[tonight.pk])).content.decode()
    # Tonight, before a round is played: still checked in, and Undo if they are not coming.
    assert "Checked in here, then cancelled on the club's server: still checked in" in shown
    assert "Undo if they are not coming." in shown
    # Fetched again, nothing new: nothing said twice, nothing doubled.
    assert sync.keep(club, answer).sentence() == "Sign-ups fetched: 3 names for tonight."
    assert SignUp.objects.filter(event=tonight).count() == 3
    assert Entry.objects.filter(event=tonight).count() == 3


def test_a_cancellation_or_a_name_gone_from_the_server_is_cancelled_here(club, tonight):
    a, b, c = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    local = listed(tonight, "Added on the laptop")  # the laptop's own: the server never had it
    sync.keep(club, {str(tonight.uid): [row(a, "Ann"), row(b, "Bob"), row(c, "Cy")]})
    SignUp.objects.filter(uid=c).update(arrival=SignUp.Arrival.NO_SHOW)
    kept = sync.keep(club, {str(tonight.uid): [row(a, "Ann", status="cancelled")]})
    assert kept.sentence() == "Sign-ups fetched: no names on the lists now (3 cancelled)."
    statuses = dict(SignUp.objects.filter(event=tonight).values_list("name", "status"))
    assert statuses == {
        "Ann": "cancelled",
        "Bob": "cancelled",
        "Cy": "cancelled",
        "Added on the laptop": "in",
    }
    assert SignUp.objects.get(pk=local.pk).token  # untouched
    # Who took a name off travels too: the laptop's list says it as the server's does.
    sync.keep(
        club, {str(tonight.uid): [row(b, "Bob", status="cancelled", removed_by_director=True)]}
    )
    assert SignUp.objects.get(uid=b).removed_by_director
    # Paired with another by the server's director: said so here too.
    sync.keep(
        club,
        {
            str(tonight.uid): [
                row(b, "Bob", status="cancelled", removed_by_director=True, paired_with="Cy Tull")
            ]
        },
    )
    assert SignUp.objects.get(uid=b).paired_with == "Cy Tull"
    assert not SignUp.objects.get(uid=a).removed_by_director
    # Every name removed there: the list answered empty cancels what is left here.
    SignUp.objects.filter(uid=a).update(status="in")
    assert sync.keep(club, {str(tonight.uid): []}).cancelled == 1
    assert not SignUp.objects.filter(event=tonight, token__isnull=True, status="in").exists()


def test_a_row_the_laptop_cannot_read_is_skipped_and_a_uid_never_moves_nights(club, tonight):
    other = Event.objects.create(club=club, name="Next week", date=timezone.localdate())
    theirs = listed(other, "Stays There")
    kept = sync.keep(
        club,
        {
            str(tonight.uid): [
                "not a row",
                row(status="gone away"),
                row(name=""),
                row(name=["a list"]),
                row(uid=theirs.uid, name="Moved?"),
                row(name="Fine", places=7, position=-3, cancelled_at="2026-13-45T10:00:00"),
            ],
            "not a uid": [row()],
        },
    )
    assert kept.new == 1
    fine = SignUp.objects.get(event=tonight)
    assert (fine.name, fine.places, fine.position) == ("Fine", 1, 0)
    assert SignUp.objects.get(pk=theirs.pk).name == "Stays There"


def test_a_linked_laptops_event_page_leads_to_the_list_before_any_is_fetched(
    director_client, club, tonight
):
    event_page = reverse("tournaments:event-detail", args=[tonight.pk])
    assert "Check in from the list" not in director_client.get(event_page).content.decode()
    Link.objects.create(club=club, server_url="https://euchre.example.org", key="euk_x")
    shown = director_client.get(event_page).content.decode()
    assert "No names on the list here yet" in shown
    assert reverse("signup:check-in", args=[tonight.pk]) in shown


def test_the_fetch_counts_only_the_nights_with_names(director_client, club, tonight):
    """Two names for one night, and the laptop's other nights with nobody on their list: "2
    names for Tuesday night", never "for 2 nights"."""
    today = timezone.localdate()
    soon = Event.objects.create(club=club, name="Soon", date=today + datetime.timedelta(days=3))
    later = Event.objects.create(club=club, name="Later", date=today + datetime.timedelta(days=14))
    answer = {
        str(tonight.uid): [],
        str(soon.uid): [row(name="Ann"), row(name="Bob", position=2)],
        str(later.uid): [row(name="Cy", status="cancelled")],
    }
    weekday = f"{soon.date:%A}"
    assert sync.keep(club, answer).sentence() == (
        f"Sign-ups fetched: 2 names for {weekday} night (2 new)."
    )
    answer[str(later.uid)] = [row(name="Cy")]
    assert sync.keep(club, answer).sentence() == "Sign-ups fetched: 3 names for 2 nights (1 new)."
    answer = {str(later.uid): [row(name="Dee")], str(soon.uid): []}
    said = sync.keep(club, answer).sentence()
    assert said.startswith(
        f"Sign-ups fetched: 1 name for the night of {dates.day(later.date, club)} (1 new"
    ), said
    assert sync.keep(club, {str(tonight.uid): []}).sentence() == (
        "The club's server has no sign-ups for this laptop's nights."
    )


def test_a_cancellation_kept_at_the_door_is_said_as_fits_the_night(director_client, club):
    """Checked in here, then cancelled on the server: a night still two weeks away has not
    been played; Undo lets the cancellation stand. A night played keeps them: they played."""
    today = timezone.localdate()
    ahead = Event.objects.create(club=club, name="Ahead", date=today + datetime.timedelta(days=14))
    played = Event.objects.create(club=club, name="Played", date=today - datetime.timedelta(days=1))
    for event in (ahead, played):
        uid = uuid.uuid4()
        sync.keep(club, {str(event.uid): [row(uid, "Kept Karl")]})
        copy = SignUp.objects.get(uid=uid)
        director_client.post(
            reverse("signup:check-in-tap", args=[event.pk]), {"signup": copy.pk, "action": "here"}
        )
        sync.keep(club, {str(event.uid): [row(uid, "Kept Karl", status="cancelled")]})
    page = {e: reverse("signup:check-in", args=[e.pk]) for e in (ahead, played)}
    shown = director_client.get(page[ahead]).content.decode()
    assert "they played" not in shown
    assert (
        "Checked in here, then cancelled on the club's server: still checked in here. "
        "Undo if they are not coming." in shown
    )
    shown = director_client.get(page[played]).content.decode()
    assert "Cancelled on the club's server after checking in here: kept, they played." in shown

    # Undo: they are not coming, as the server says; their entry is not checked in.
    karl = SignUp.objects.get(event=ahead)
    said = director_client.post(
        reverse("signup:check-in-tap", args=[ahead.pk]),
        {"signup": karl.pk, "action": "undo"},
        follow=True,
    ).content.decode()
    assert "Kept Karl: undone, and cancelled as on the club&#x27;s server." in said
    karl.refresh_from_db()
    assert (karl.status, karl.arrival, karl.cancelled_on_server) == ("cancelled", "", False)
    assert not Entry.objects.get(event=ahead).present
    assert "Kept Karl" not in director_client.get(page[ahead]).content.decode()


def test_a_linked_laptops_sign_up_card_says_the_list_is_the_servers(director_client, club, tonight):
    Link.objects.create(club=club, server_url="https://euchre.example.org", key="euk_x")
    sync.keep(club, {str(tonight.uid): [row(name="Ann"), row(name="Bob", position=2)]})
    shown = director_client.get(reverse("tournaments:event-detail", args=[tonight.pk]))
    card = shown.content.decode()
    card = card[card.index('id="signup-list"') :]
    card = card[: card.index("</section>")]
    assert "Players are not signing up" not in card
    assert "The list is kept on the club's server" in card
    assert "https://euchre.example.org" in card
    assert "<strong>2</strong> names on the list here" in card
    assert "(sign-ups not fetched yet)" in card  # kept by hand here, never fetched
    assert reverse("signup:check-in", args=[tonight.pk]) in card

"""Publishing's pages (issue 43): on the server, a club's keys (made for a named laptop, shown
once, revoked); on the laptop, "Put the club online", tried against a real server (Django's
live_server on 127.0.0.1) with a plain message for each thing that can be wrong; the status
line on the club and event pages. Only the club's directors see any of it."""

import datetime
import socket
import uuid

import pytest
from django.utils import timezone

from clubs import dates
from publishing import keys, queue, sender
from publishing.models import Link, Pending, PublishingKey


@pytest.fixture(autouse=True)
def _fresh_links():
    queue.forget_links()
    yield
    queue.forget_links()


def server(live_server) -> str:
    return live_server.url.replace("localhost", "127.0.0.1")


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def link_url(club) -> str:
    return f"/clubs/{club.slug}/publishing/"


def keys_url(club) -> str:
    return f"/clubs/{club.slug}/publishing/keys/"


# --- The server's keys -------------------------------------------------------------------------


def test_a_key_is_shown_once_then_listed_without_its_secret(director_client, club):
    made = director_client.post(keys_url(club), {"laptop_name": "The hall laptop"}, follow=True)
    key = PublishingKey.objects.get(club=club)
    text = str(keys.KeyText(key.key_id, key.secret))
    assert text in made.content.decode() and "shown only this once" in made.content.decode()
    again = director_client.get(keys_url(club)).content.decode()
    assert "The hall laptop" in again and key.secret not in again and "never used yet" in again


def test_reloading_the_page_that_shows_a_new_key_makes_no_other_key(
    director_client, club, other_club, other_director
):
    # The key is made by the POST, shown by the GET it redirects to: a reload is a GET.
    made = director_client.post(keys_url(club), {"laptop_name": "The hall laptop"})
    assert made.status_code == 302 and made["Location"] == keys_url(club)
    key = PublishingKey.objects.get(club=club)
    shown = director_client.get(keys_url(club)).content.decode()
    assert key.secret in shown and "shown only this once" in shown
    reloaded = director_client.get(keys_url(club)).content.decode()
    assert key.secret not in reloaded and "shown only this once" not in reloaded
    assert PublishingKey.objects.filter(club=club).count() == 1


def test_a_key_needs_a_laptops_name(director_client, club):
    answer = director_client.post(keys_url(club), {"laptop_name": "  "})
    assert "This field is required" in answer.content.decode()
    assert not PublishingKey.objects.exists()


def test_revoking_asks_for_the_tick_then_revokes(director_client, club, director):
    key, _ = keys.make_key(club, "Old laptop", director)
    revoke = f"{keys_url(club)}{key.pk}/revoke/"
    director_client.post(revoke)
    key.refresh_from_db()
    assert key.revoked_at is None
    answer = director_client.post(revoke, {"understood": "yes"}, follow=True)
    key.refresh_from_db()
    assert key.revoked_at and "can no longer publish" in answer.content.decode()


def test_only_the_clubs_directors_see_its_publishing_pages(client, club, other_director, director):
    key, _ = keys.make_key(club, "The hall laptop", director)
    assert client.get(keys_url(club)).status_code == 302  # to the login
    client.force_login(other_director)
    for page in (keys_url(club), link_url(club)):
        assert client.get(page).status_code == 404
    assert (
        client.post(f"{keys_url(club)}{key.pk}/revoke/", {"understood": "yes"}).status_code == 404
    )
    assert client.post(f"{link_url(club)}unlink/").status_code == 404
    key.refresh_from_db()
    assert key.revoked_at is None


def test_the_club_settings_lead_to_the_publishing_pages(director_client, club):
    page = director_client.get(f"/clubs/{club.slug}/settings/").content.decode()
    assert link_url(club) in page and keys_url(club) in page


# --- The laptop's link ---------------------------------------------------------------------------


def try_link(director_client, club, address, key_text):
    return director_client.post(
        link_url(club), {"server_url": address, "key": key_text}, follow=True
    )


def test_linking_tries_the_server_saves_the_link_and_queues_everything(
    live_server, director_client, club, director, event
):
    _, text = keys.make_key(club, "The hall laptop", director)
    answer = try_link(director_client, club, server(live_server), text)
    page = answer.content.decode()
    assert f"Linked to &quot;{club.name}&quot;" in page
    link = Link.objects.get(club=club)
    assert link.server_club_name == club.name and link.key == text
    assert set(Pending.objects.filter(club=club).values_list("subject", flat=True)) == {
        "club",
        str(event.uid),
    }
    assert "changes waiting" in page or "change waiting" in page


def test_another_clubs_key_is_refused_naming_both_clubs(
    live_server, director_client, club, other_club, other_director
):
    _, text = keys.make_key(other_club, "Their laptop", other_director)
    page = try_link(director_client, club, server(live_server), text).content.decode()
    assert "Riverside Euchre" in page and "Maple Hall Euchre Club" in page
    assert "its own key" in page and not Link.objects.exists()
    assert PublishingKey.objects.get(club=other_club).source_club_uid is None


def test_a_revoked_key_is_refused_in_the_servers_words(
    live_server, director_client, club, director
):
    key, text = keys.make_key(club, "The hall laptop", director)
    PublishingKey.objects.filter(pk=key.pk).update(revoked_at=timezone.now())
    page = try_link(director_client, club, server(live_server), text).content.decode()
    assert "refused the key" in page and "was revoked" in page and not Link.objects.exists()


def test_a_wrong_key_is_refused(live_server, director_client, club):
    text = str(keys.KeyText("0" * 12, "s" * 43))
    page = try_link(director_client, club, server(live_server), text).content.decode()
    assert "does not know this publishing key" in page and not Link.objects.exists()


def test_an_unreachable_server_is_said_plainly(director_client, club, director):
    _, text = keys.make_key(club, "The hall laptop", director)
    address = f"http://127.0.0.1:{closed_port()}"
    page = try_link(director_client, club, address, text).content.decode()
    assert (
        f"The server at {address} could not be reached (it may be stopped: connection "
        "refused). Check the address" in page
    )
    assert not Link.objects.exists()


@pytest.mark.parametrize(
    ("address", "said"),
    [
        ("http://euchre.example.org", "must be reached over https"),
        ("ftp://euchre.example.org", "not a server&#x27;s address"),
        ("https://", "not a server&#x27;s address"),
        ("", "This field is required"),
    ],
)
def test_a_wrong_address_is_refused_before_any_request(
    director_client, club, director, address, said
):
    _, text = keys.make_key(club, "The hall laptop", director)
    page = try_link(director_client, club, address, text).content.decode()
    assert said in page and not Link.objects.exists()


def test_a_mangled_key_is_refused_before_any_request(director_client, club):
    page = try_link(director_client, club, "https://euchre.example.org", "euk_12").content.decode()
    assert "incomplete or mistyped" in page


def test_unlinking_stops_publishing(director_client, club, event):
    Link.objects.create(club=club, server_url="http://127.0.0.1:9", key="k")
    queue.queue_everything(club)
    director_client.post(f"{link_url(club)}unlink/")
    assert not Link.objects.exists() and not Pending.objects.exists()


# --- The status line -------------------------------------------------------------------------


def test_the_status_line_on_the_club_and_event_pages(director_client, club, event):
    club_page, event_page = f"/clubs/{club.slug}/", f"/events/{event.pk}/"
    for page in (club_page, event_page):
        assert "publishing-status" not in director_client.get(page).content.decode()
    club.date_style = "en-GB"
    club.save()
    at = timezone.make_aware(datetime.datetime.combine(timezone.localdate(), datetime.time(21, 43)))
    link = Link.objects.create(club=club, server_url="http://127.0.0.1:9", key="k", last_ok_at=at)
    for page in (club_page, event_page):
        assert "Published at 21:43, up to date." in director_client.get(page).content.decode()
    queue.queue_everything(club)
    Link.objects.filter(pk=link.pk).update(
        failing_since=at.replace(hour=20, minute=10),
        last_error="the server could not be reached\nConnection refused",
        next_try_at=timezone.now() + datetime.timedelta(minutes=15),
    )
    next_try = dates.clock(timezone.now() + datetime.timedelta(minutes=15), club)
    for page in (club_page, event_page):
        assert (
            "2 changes waiting: the server could not be reached since 20:10 (it may be stopped: "
            f"connection refused). They wait on this laptop; next try at {next_try}."
            in director_client.get(page).content.decode()
        )


def test_one_change_refused_is_it_and_a_revoked_key_says_where_to_paste_the_new_one(
    live_server, director_client, club, director, event
):
    key, text = keys.make_key(club, "The hall laptop", director)
    Link.objects.create(club=club, server_url=server(live_server), key=text)
    PublishingKey.objects.filter(pk=key.pk).update(revoked_at=timezone.now())
    Pending.objects.create(club=club, subject=str(event.uid))
    sender.send_pending(force=True)
    page = director_client.get(f"/events/{event.pk}/").content.decode()
    status = page[page.index('id="publishing-status"') :]
    status = status[: status.index("</p>")]
    assert "1 change waiting: the server refused it since" in status
    assert "paste it here" not in status
    assert "paste it on the laptop&#x27;s Publishing page" in status
    assert f'href="{link_url(club)}"' in status and "It waits on this laptop" in status


def test_the_copy_button_copies_the_key_shown_once(browser, live_server, club, director):
    from tests.conftest import log_in

    base = server(live_server)
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, permissions=["clipboard-read", "clipboard-write"]
    )
    page = context.new_page()
    log_in(page, base)
    page.goto(base + keys_url(club))
    page.get_by_label("The laptop's name").fill("The hall laptop")
    page.get_by_role("button", name="Make the key").click()
    page.get_by_role("button", name="Copy the key").click()
    page.get_by_text("Copied.").wait_for()
    key = PublishingKey.objects.get(club=club)
    assert page.evaluate("navigator.clipboard.readText()") == str(
        keys.KeyText(key.key_id, key.secret)
    )
    context.close()


def test_an_address_that_is_not_the_apps_server_is_said_plainly(
    live_server, director_client, club, director
):
    _, text = keys.make_key(club, "The hall laptop", director)
    # A page's address is refused before anything is sent (it used to answer 404).
    page = try_link(director_client, club, server(live_server) + "/not-here", text).content.decode()
    assert "Type only the start of the address, like https://euchre.example.org" in page
    assert not Link.objects.exists()


def test_words_typed_as_the_address_are_refused_in_words(director_client, club, director):
    _, text = keys.make_key(club, "The hall laptop", director)
    answer = try_link(director_client, club, "the club website", text)
    assert answer.status_code == 200
    assert "has no spaces in it" in answer.content.decode() and not Link.objects.exists()


def test_the_club_pages_address_is_refused_keeping_only_its_start(
    live_server, director_client, club, director
):
    _, text = keys.make_key(club, "The hall laptop", director)
    page = try_link(director_client, club, f"{server(live_server)}/c/{club.slug}/", text)
    said = page.content.decode()
    assert "Type only the start of the address" in said and "not a page&#x27;s address" in said
    assert not Link.objects.exists()


def test_a_server_that_is_not_the_apps_is_said_plainly(director_client, club, director):
    # Another web server on loopback, answering 404 to everything.
    import http.server
    import threading

    other = http.server.HTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        _, text = keys.make_key(club, "The hall laptop", director)
        address = f"http://127.0.0.1:{other.server_port}"
        page = try_link(director_client, club, address, text).content.decode()
    finally:
        other.shutdown()
        other.server_close()
    assert (
        f"There is no club&#x27;s server at {address}: check it, and type only its start, like "
        "https://euchre.example.org (501 Unsupported method (&#x27;POST&#x27;))." in page
    )
    assert not Link.objects.exists()


def test_https_to_a_plain_http_server_is_said_on_the_link_page(
    live_server, director_client, club, director
):
    _, text = keys.make_key(club, "The hall laptop", director)
    address = server(live_server).replace("http://", "https://")
    page = try_link(director_client, club, address, text).content.decode()
    assert "that address does not answer over https: check it with the server&#x27;s" in page


def test_the_key_boxs_help_names_the_servers_menu_as_it_is(director_client, club):
    # The server's club settings have "Publishing keys" in their card "The club online";
    # "Put the club online" is the laptop's page, beside it, not a step on the way.
    page = director_client.get(link_url(club)).content.decode()
    assert "Made on the club&#x27;s server: Club settings, Publishing keys." in page
    settings = director_client.get(f"/clubs/{club.slug}/settings/").content.decode()
    assert "Publishing keys</a>" in settings


# --- Send now --------------------------------------------------------------------------------


def send_now_url(club) -> str:
    return f"{link_url(club)}send/"


def test_send_now_sends_what_waits_at_once_and_says_what(
    live_server, director_client, club, director
):
    _, text = keys.make_key(club, "The hall laptop", director)
    sender.hello(server(live_server), text, club)  # binds the key, as linking does
    link = Link.objects.create(
        club=club,
        server_url=server(live_server),
        key=text,
        failures=3,
        failing_since=timezone.now(),
        last_error=f"{sender.UNREACHABLE}\nthe server did not answer",
        next_try_at=timezone.now() + datetime.timedelta(minutes=15),
    )
    # Here the server is this very database: a night deleted on the laptop is what can go.
    Pending.objects.create(club=club, subject=str(uuid.uuid4()), deleted=True)
    club_page = director_client.get(f"/clubs/{club.slug}/").content.decode()
    assert f'action="{send_now_url(club)}"' in club_page and ">Send now</button>" in club_page
    answer = director_client.post(send_now_url(club), {"next": f"/clubs/{club.slug}/"})
    assert answer.status_code == 302 and answer["Location"] == f"/clubs/{club.slug}/"
    page = director_client.get(answer["Location"]).content.decode()
    assert f"Sent 1 deleted night to {link.server_url}." in page
    assert not Pending.objects.filter(club=club).exists()
    assert "Send now" not in page  # nothing waits


def test_send_now_says_why_it_could_not_and_keeps_what_waits(director_client, club, event):
    Link.objects.create(
        club=club,
        server_url=f"http://127.0.0.1:{closed_port()}",
        key=str(keys.KeyText("0" * 12, "s" * 43)),
    )
    queue.queue_everything(club)
    page = director_client.get(link_url(club)).content.decode()
    assert ">Send now</button>" in page  # changes wait, no failure yet: on this page only
    assert ">Send now</button>" not in director_client.get(f"/clubs/{club.slug}/").content.decode()
    # Somewhere else than this server is not followed.
    answer = director_client.post(send_now_url(club), {"next": "https://evil.example.org/"})
    assert answer["Location"] == link_url(club)
    page = director_client.get(link_url(club)).content.decode()
    assert "Nothing more could be sent" in page and "it may be stopped" in page
    assert "What waits stays on this laptop." in page
    assert Pending.objects.filter(club=club).count() == 2


def test_send_now_is_a_post_for_the_clubs_directors(client, club, other_director):
    Link.objects.create(club=club, server_url="http://127.0.0.1:9", key="k")
    client.force_login(other_director)
    assert client.post(send_now_url(club)).status_code == 404
    assert client.get(send_now_url(club)).status_code in (404, 405)


def test_the_new_key_shows_whole_on_a_phone_with_its_text_at_200_percent(
    browser, live_server, club, director
):
    from tests.conftest import log_in

    base = server(live_server)
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    log_in(page, base)
    page.goto(base + keys_url(club))
    page.get_by_label("The laptop's name").fill("The hall laptop")
    page.get_by_role("button", name="Make the key").click()
    box = page.locator("#key-text")
    box.wait_for()
    # All of the key in sight: the box as tall as its text and no wider than the page.
    sizes = box.evaluate(
        "b => [b.scrollHeight, b.clientHeight, b.scrollWidth, b.clientWidth,"
        " b.getBoundingClientRect().right]"
    )
    scroll_height, client_height, scroll_width, client_width, right = sizes
    assert scroll_height <= client_height + 1 and scroll_width <= client_width + 1, sizes
    assert right <= 360, sizes
    context.close()

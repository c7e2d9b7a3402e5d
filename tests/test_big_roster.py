"""A big club: the event page's "add club players" is a search (?find=, accents and case
aside, at most FIND_LIMIT tick boxes), plain HTML without JavaScript and refreshed by htmx as
the director types; the page keeps its size and its queries whatever the roster's size."""

import re

import pytest
from conftest import log_in
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from playwright.sync_api import expect

from clubs.models import Player
from tournaments.forms import FIND_LIMIT
from tournaments.models import Entry

ROSTER = ["Zoë Brontë", "Élise Marchand", "Mary Smith", "Omar Khan", "Ben Carter", "Ida Jones"]


@pytest.fixture
def roster(club):
    return {name: Player.objects.create(club=club, name=name) for name in ROSTER}


def event_url(event, find: str | None = None) -> str:
    url = reverse("tournaments:event-detail", args=[event.pk])
    return url if find is None else f"{url}?find={find}"


def listed(response) -> list[int]:
    """The players offered as tick boxes, in page order."""
    html = response.content.decode()
    return [int(pk) for pk in re.findall(r'name="players" value="(\d+)"', html)]


def ids(roster, *names) -> list[int]:
    return [roster[name].pk for name in names]


def test_the_search_finds_part_of_a_name_accents_and_case_aside(director_client, event, roster):
    # "mar" is in Élise Marchand, Mary Smith and Omar Khan; listed as a person sorts names.
    found = director_client.get(event_url(event, "MAR"))
    assert listed(found) == ids(roster, "Élise Marchand", "Mary Smith", "Omar Khan")
    assert "3 matches, not yet entered" in found.content.decode()

    assert listed(director_client.get(event_url(event, "zoe bronte"))) == ids(roster, "Zoë Brontë")
    assert listed(director_client.get(event_url(event, "ÉLISE"))) == ids(roster, "Élise Marchand")
    assert listed(director_client.get(event_url(event, "  khan "))) == ids(roster, "Omar Khan")


def test_players_already_entered_are_not_offered(director_client, event, roster):
    Entry.objects.create(event=event, player=roster["Mary Smith"])

    assert listed(director_client.get(event_url(event, "mar"))) == ids(
        roster, "Élise Marchand", "Omar Khan"
    )
    page = director_client.get(event_url(event, "smith")).content.decode()
    assert "Everyone on the roster matching ‘<bdi>smith</bdi>’ is already entered." in page


def test_with_nothing_typed_a_small_club_sees_everyone_to_add(director_client, event, roster):
    Entry.objects.create(event=event, player=roster["Ida Jones"])

    page = director_client.get(event_url(event))

    names = ["Ben Carter", "Élise Marchand", "Mary Smith", "Omar Khan", "Zoë Brontë"]
    assert listed(page) == ids(roster, *names)
    assert "Club players not yet entered:" in page.content.decode()


def test_no_match_says_so(director_client, event, roster):
    page = director_client.get(event_url(event, "xyz")).content.decode()

    assert "No player on the roster matches ‘<bdi>xyz</bdi>’." in page
    assert 'name="players"' not in page


def test_wildcards_are_letters_like_any_other(director_client, event, roster):
    # A database's LIKE wildcards must not turn the search into "everyone".
    for text in ("%25", "_", "%5C"):
        assert listed(director_client.get(event_url(event, text))) == []


def test_a_search_lists_at_most_the_cap_and_says_to_type_more(director_client, club, event):
    Player.objects.bulk_create(
        Player(club=club, name=f"Marla Number {n:03d}") for n in range(FIND_LIMIT + 12)
    )
    Player.objects.create(club=club, name="Ned Owens")

    page = director_client.get(event_url(event, "marla"))

    assert len(listed(page)) == FIND_LIMIT
    assert f"Showing the first {FIND_LIMIT} of {FIND_LIMIT + 12} matches: type more letters." in (
        " ".join(page.content.decode().split())
    )
    # With nothing typed, the first players by name, and the same note.
    everyone = director_client.get(event_url(event))
    assert len(listed(everyone)) == FIND_LIMIT
    assert f"Showing the first {FIND_LIMIT} of {FIND_LIMIT + 13} club players not yet entered" in (
        " ".join(everyone.content.decode().split())
    )


def test_a_search_too_long_or_with_a_nul_is_refused_in_words(director_client, event, roster):
    long = director_client.get(event_url(event, "m" * 61))
    assert long.status_code == 200
    assert "Type at most 60 letters of a name." in long.content.decode()
    assert listed(long) == []

    # A NUL is refused for the whole site before the page is made (tests/test_nul.py).
    nul = director_client.get(event_url(event, "ma%00ry"))
    assert nul.status_code == 400
    assert "held a NUL character" in nul.content.decode()


def test_ticked_players_are_added_and_the_page_comes_back_to_the_search(
    director_client, event, roster
):
    response = director_client.post(
        reverse("tournaments:entries-add", args=[event.pk]),
        {"players": ids(roster, "Élise Marchand", "Omar Khan"), "find": "mar"},
    )

    assert response.status_code == 302
    assert response["Location"] == event_url(event, "mar") + "#add-players"
    entered = set(event.entries.values_list("player__name", flat=True))
    assert entered == {"Élise Marchand", "Omar Khan"}
    assert event.entries.filter(present=True).count() == 2
    back = director_client.get(response["Location"])
    assert "Added 2 players, checked in." in back.content.decode()
    assert listed(back) == ids(roster, "Mary Smith")  # the search kept, with who is left


def test_another_clubs_player_is_refused_and_the_search_stays(
    director_client, event, roster, other_club
):
    stranger = Player.objects.create(club=other_club, name="Mary Stranger")

    response = director_client.post(
        reverse("tournaments:entries-add", args=[event.pk]),
        {"players": [roster["Mary Smith"].pk, stranger.pk], "find": "mar"},
    )

    assert response.status_code == 200
    page = response.content.decode()
    assert f"{stranger.pk} is not a club player who can still be added." in page
    assert not event.entries.exists()  # nothing half-saved
    # The same search, so the director ticks again without typing it again.
    assert listed(response) == ids(roster, "Élise Marchand", "Mary Smith", "Omar Khan")
    assert 'value="mar"' in page


def test_htmx_gets_only_the_players_found(director_client, event, roster):
    part = director_client.get(event_url(event, "mar"), headers={"HX-Request": "true"})

    html = part.content.decode()
    assert html.lstrip().startswith('<div id="found-players"')
    assert "<html" not in html
    assert listed(part) == ids(roster, "Élise Marchand", "Mary Smith", "Omar Khan")
    assert "HX-Request" in part["Vary"]
    # Going back in the browser's history asks for the whole page again.
    restore = {"HX-Request": "true", "HX-History-Restore-Request": "true"}
    assert "<html" in director_client.get(event_url(event, "mar"), headers=restore).content.decode()


def test_the_event_page_does_not_grow_with_the_roster(
    director_client, club, event, players, django_assert_max_num_queries
):
    # players: 24 on the roster; 8 entered.
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in players[:8])

    def look(find=None):
        with CaptureQueriesContext(connection) as queries:
            response = director_client.get(event_url(event, find))
        assert response.status_code == 200
        return len(queries), len(response.content)

    small = {find: look(find) for find in (None, "a")}
    Player.objects.bulk_create(
        Player(club=club, name=f"Member {n:03d} Alvarez") for n in range(300 - len(players))
    )
    for find, (queries, size) in small.items():
        with django_assert_max_num_queries(queries):
            now = look(find)
        # A few more bytes for bigger counts ("of 292"), never a row per roster player.
        assert now[1] < size + FIND_LIMIT * 200, find


# --- In a browser: the list follows the typing, with no page load --------------------------

live = pytest.mark.django_db(transaction=True)


@pytest.fixture
def director_phone(browser, live_server, director):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    log_in(page, live_server.url)
    expect(page.get_by_role("button", name=re.compile("Log out"))).to_be_visible()
    yield page
    context.close()


@live
def test_typing_a_few_letters_lists_the_players_without_a_page_load(
    director_phone, live_server, event, roster
):
    page = director_phone
    page.goto(live_server.url + event_url(event))
    page.evaluate("window.stillTheSamePage = true")
    found = page.locator("#found-players label")

    page.get_by_label("Find club players by name").press_sequentially("mar", delay=50)

    expect(found).to_have_text(["Élise Marchand", "Mary Smith", "Omar Khan"])
    assert page.evaluate("window.stillTheSamePage") is True
    assert page.url.endswith("?find=mar")  # a reload keeps the search
    page.get_by_label("Find club players by name").fill("zoe")
    expect(found).to_have_text(["Zoë Brontë"])

    found.first.click()
    page.get_by_role("button", name="Add ticked players").click()
    expect(page.locator(".messages")).to_contain_text("Added 1 player, checked in.")
    expect(page.locator("#found-none")).to_contain_text("already entered")
    assert event.entries.get().player == roster["Zoë Brontë"]


def test_the_admin_picks_a_player_by_typing_never_from_the_whole_roster(
    client, django_user_model, club, event, players
):
    from tournaments import services

    Player.objects.bulk_create(Player(club=club, name=f"Member {n:03d}") for n in range(300))
    services.entries_add(event=event, players=players[:4])
    table = services.round_seat(event=event, seed=1).tables.get()
    client.force_login(django_user_model.objects.create_superuser("root", password="x-pass-123"))

    for url in (
        reverse("admin:tournaments_table_change", args=[table.pk]),
        reverse("admin:tournaments_seat_add"),
    ):
        page = client.get(url)
        assert page.status_code == 200
        assert "Member 299" not in page.content.decode(), url

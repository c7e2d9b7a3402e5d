"""Names as a person reads them: "zoe bronte" is likely Zoë Brontë, already on the roster, and
"Élise" sorts beside "Elise", after "Aaron" and before "Zoë", on every list of players the
director picks from."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from clubs.models import Player
from clubs.services import player_add, roster_import
from tournaments import services
from tournaments.models import Entry, Event

# --- A likely duplicate, typed without its accents -------------------------------------------


@pytest.fixture
def zoe(club):
    return Player.objects.create(club=club, name="Zoë Brontë")


def test_adding_a_name_typed_without_accents_names_the_player_on_the_roster(club, zoe):
    with pytest.raises(ValidationError) as refused:
        player_add(club=club, name="zoe  bronte")

    assert refused.value.message_dict["name"][0].startswith("Zoë Brontë is already on the roster.")
    assert club.players.count() == 1


def test_the_club_page_refuses_the_likely_duplicate_and_says_who(director_client, club, zoe):
    response = director_client.post(
        reverse("clubs:player-add", args=[club.slug]), {"name": "Zoe Bronte"}
    )

    assert "Zoë Brontë is already on the roster." in response.content.decode()
    assert club.players.count() == 1


def test_importing_a_name_typed_without_accents_skips_it_and_says_who(club, zoe):
    result = roster_import(club=club, text="Ann Cole\nzoe bronte\nANN COLE\n")

    assert [p.name for p in result.created] == ["Ann Cole"]
    assert [d.message for d in result.duplicates] == [
        "Line 2: Zoë Brontë is already on the roster (typed “zoe bronte”).",
        "Line 3: Ann Cole is already on line 1 (typed “ANN COLE”).",
    ]
    assert result.errors == []


def test_the_import_report_names_the_player_on_the_roster(director_client, club, zoe):
    response = director_client.post(
        reverse("clubs:player-import", args=[club.slug]), {"text": "zoe bronte\nAnn Cole\n"}
    )

    page = response.content.decode()
    assert "Added 1 player to the roster." in page
    assert (
        "Line 1: <bdi>Zoë Brontë</bdi> is already on the roster (typed “<bdi>zoe bronte</bdi>”)."
        in page
    )
    assert sorted(club.players.values_list("name", flat=True)) == ["Ann Cole", "Zoë Brontë"]


# --- Sorted as a person would: accents folded -------------------------------------------------

# Created in this order so that neither the database's order nor the order of creation
# happens to be the right one.
ENTERED = ["Zoë Brontë", "Élise Roy", "Aaron Best"]
NOT_ENTERED = ["Zoë Adams", "Émile Dubé", "Abe Cole"]


def in_order(html: str, names: list[str]) -> bool:
    places = [html.index(name) for name in names]
    return places == sorted(places)


def section(html: str, marker: str) -> str:
    return html.split(marker, 1)[1]


@pytest.fixture
def pairs_event(club):
    event = Event.objects.create(
        club=club, name="Pairs cup", date=datetime.date(2026, 12, 1), format="pairs"
    )
    for name in ENTERED:
        Entry.objects.create(event=event, player=Player.objects.create(club=club, name=name))
    for name in NOT_ENTERED:
        Player.objects.create(club=club, name=name)
    return event


def test_the_roster_sorts_accented_names_as_a_person_would(director_client, club, pairs_event):
    url = reverse("clubs:club-detail", args=[club.slug])

    roster = section(director_client.get(url).content.decode(), 'id="roster"')
    by_name_down = section(director_client.get(url + "?sort=-name").content.decode(), 'id="roster"')

    assert in_order(roster, ["Aaron Best", "Abe Cole", "Élise Roy", "Émile Dubé", "Zoë Adams"])
    assert in_order(roster, ["Émile Dubé", "Zoë Brontë"])
    assert in_order(by_name_down, ["Zoë Brontë", "Émile Dubé", "Élise Roy", "Abe Cole"])


def test_the_event_page_lists_sort_accented_names_as_a_person_would(director_client, pairs_event):
    page = director_client.get(
        reverse("tournaments:event-detail", args=[pairs_event.pk])
    ).content.decode()

    check_in = section(page, 'id="check-in"').split("</form>", 1)[0]
    assert in_order(check_in, ["Aaron Best", "Élise Roy", "Zoë Brontë"])
    for select in ('name="first"', 'name="second"'):
        choices = section(page, select).split("</select>", 1)[0]
        assert in_order(choices, ["Aaron Best", "Élise Roy", "Zoë Brontë"])
    add_players = section(page, 'id="add-players"')
    assert in_order(add_players, ["Abe Cole", "Émile Dubé", "Zoë Adams"])


def test_the_standings_sorted_by_name_read_as_a_person_would(director_client, club, event):
    named = [Player.objects.create(club=club, name=n) for n in [*ENTERED, "Ben Carter"]]
    services.entries_add(event=event, players=named)
    services.round_seat(event=event)
    url = reverse("tournaments:standings", args=[event.pk])

    page = director_client.get(url + "?sort=name").content.decode()

    table = section(page, "<tbody")
    assert in_order(table, ["Aaron Best", "Ben Carter", "Élise Roy", "Zoë Brontë"])

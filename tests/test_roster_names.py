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


# --- Invisible characters (issue 23, item 8) ---------------------------------------------------

INVISIBLE = {
    "zero-width space": "\u200b",
    "zero-width joiner": "\u200d",
    "zero-width non-joiner": "\u200c",
    "byte-order mark": "\ufeff",
    "soft hyphen": "\u00ad",
    "right-to-left override": "\u202e",
    "left-to-right mark": "\u200e",
    "first-strong isolate": "\u2068",
}


@pytest.fixture
def jose(club):
    return Player.objects.create(club=club, name="José Núñez")


@pytest.mark.parametrize("invisible", INVISIBLE.values(), ids=INVISIBLE)
def test_a_name_with_an_invisible_character_is_the_player_on_the_roster(club, jose, invisible):
    with pytest.raises(ValidationError) as refused:
        player_add(club=club, name=f"Jo{invisible}se Nunez")
    assert refused.value.message_dict["name"][0].startswith("José Núñez is already on the roster.")
    result = roster_import(club=club, text=f"Jo{invisible}se Nunez\nAnn Cole")
    assert [d.existing for d in result.duplicates] == ["José Núñez"]
    assert club.players.count() == 2


def test_the_roster_form_stores_a_name_without_its_invisible_characters(director_client, club):
    url = reverse("clubs:player-add", args=[club.slug])
    director_client.post(url, {"name": "\ufeffMa\u00adry \u202eSmith\u200b"})
    assert list(club.players.values_list("name", "sort_name")) == [("Mary Smith", "mary smith")]


def test_the_import_stores_names_without_their_invisible_characters(club):
    result = roster_import(club=club, text="Ann\u200b Cole\n\u200b\u200e\nBen\u2066 Roy\u2069")
    assert [p.name for p in result.created] == ["Ann Cole", "Ben Roy"]


def test_a_name_of_invisible_characters_only_is_refused(club):
    with pytest.raises(ValidationError) as refused:
        player_add(club=club, name="\u200b\u200d\ufeff")
    assert refused.value.message_dict["name"] == ["A name is required."]


@pytest.mark.parametrize(
    "name",
    [
        "مریم می\u200cخواه",  # Persian: the ZWNJ keeps the two letters apart
        "Dev क्\u200dष",  # Devanagari: the ZWJ chooses the conjunct's form
        "Tommy 👨\u200d👩\u200d👧",  # one family emoji, not three people
    ],
)
def test_joiners_that_shape_a_script_or_an_emoji_are_kept(club, name):
    assert player_add(club=club, name=name).name == name
    # ...but never make a name differ from the same name without them.
    with pytest.raises(ValidationError, match="already on the roster"):
        player_add(club=club, name=name.replace("\u200c", "").replace("\u200d", ""))


def test_a_joiner_between_latin_letters_is_left_out(club):
    assert player_add(club=club, name="Jo\u200dse Pe\u200cna").name == "Jose Pena"

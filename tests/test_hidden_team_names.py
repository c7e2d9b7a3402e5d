"""A team's name typed by the director ("Zebulon & Brown", "The Zebulons") for a partnership
with a player shown by initials: the public pages (the event page, its standings and seats, the
players' pages, the projector, the bracket) never show it, and call the team by its players'
public names ("Carol Brown & Q. Z.") instead; the surname appeared there in full before. The
director's own pages keep the typed name."""

import pytest
from django.urls import reverse
from test_brackets_night import make_bracket, play_match
from test_standings import pairs_event

from brackets import services as bracket_services
from clubs.models import Player
from tournaments.models import Entry

HIDDEN, SHOWN_AS = "Quentin Zebulon", "Q. Z."


def public_urls(event) -> list[str]:
    """Every page of the event a player opens without logging in, and the hall's screen."""
    slug = event.club.slug
    shown = Entry.objects.filter(event=event, player__shown_publicly=True)
    first_shown = shown.order_by("player__name").first().player
    return [
        reverse("public:club", args=[slug]),
        reverse("public:event", args=[slug, event.pk]),
        reverse("public:event", args=[slug, event.pk]) + "?name=q",
        reverse("public:event", args=[slug, event.pk]) + f"?name={first_shown.name}",
        reverse("public:projector", args=[slug, event.pk]),
        reverse("tournaments:standings-projector", args=[event.pk]),
        *(
            reverse("public:player", args=[slug, event.pk, pk])
            for pk in shown.values_list("player_id", flat=True)
        ),
    ]


def assert_never_shown(client, event, typed: str, shown_as: str) -> None:
    seen = set()
    for url in public_urls(event):
        response = client.get(url)
        if response.status_code == 404:
            continue  # a bracket has no player pages
        assert response.status_code == 200, url
        page = response.content.decode()
        assert "zebulon" not in page.casefold(), (url, page)
        assert typed not in page, url
        if shown_as in page:
            seen.add(url)
    # The team is there, by its players' public names, on the event page and the hall's screen.
    assert reverse("public:event", args=[event.club.slug, event.pk]) in seen
    assert reverse("public:projector", args=[event.club.slug, event.pk]) in seen


@pytest.fixture
def public_club(club):
    club.results_public = True
    club.save()
    return club


@pytest.mark.django_db
@pytest.mark.parametrize("close", [False, True], ids=["in play", "over"])
def test_a_pairs_team_named_for_a_hidden_player_is_shown_by_its_players(
    director_client, public_club, close
):
    names = dict(zip("ABCDEFGHI", [HIDDEN, "Bob Baker", "Carol Brown"], strict=False))
    nine = {
        x: Player.objects.create(club=public_club, name=names.get(x, f"Player {x}"))
        for x in "ABCDEFGHI"
    }
    event = pairs_event(public_club, nine, close=close)
    nine["A"].shown_publicly = False
    nine["A"].save()
    team = event.partnerships.get(entries__player=nine["A"])
    team.name = "Zebulon & Brown"  # A & C
    team.save()
    other = event.partnerships.get(entries__player=nine["B"])
    other.name = "The Bakers"  # no hidden player: its name shows as typed
    other.save()

    assert_never_shown(director_client, event, "Zebulon & Brown", f"Carol Brown &amp; {SHOWN_AS}")
    page = director_client.get(reverse("public:event", args=[public_club.slug, event.pk]))
    assert "The Bakers" in page.content.decode()

    # The director's own pages keep the name typed.
    for url in [
        reverse("tournaments:event-detail", args=[event.pk]),
        reverse("tournaments:standings", args=[event.pk]),
    ]:
        assert "Zebulon &amp; Brown" in director_client.get(url).content.decode(), url


@pytest.mark.django_db
def test_a_bracket_team_named_for_a_hidden_player_is_shown_by_its_players(
    director_client, public_club
):
    bracket = make_bracket(public_club, 4)
    team = bracket.teams.get(seed=1).partnership
    team.name = "The Zebulons"
    team.save()
    hidden, partner = (e.player for e in team.entries.order_by("player__name"))
    hidden.name, hidden.shown_publicly = HIDDEN, False
    hidden.save()
    # Seed 1 plays seed 4 in W1-1, playing now; W1-2 is won, so its winner waits for W1-1.
    play_match(bracket, "W1-2", slot=0)
    bracket_services.match_call(bracket=bracket, code="W1-1", table=5)
    event = bracket.event

    shown_as = f"{partner.name} &amp; {SHOWN_AS}"
    assert_never_shown(director_client, event, "The Zebulons", shown_as)

    # The director's bracket page keeps the name typed.
    page = director_client.get(reverse("brackets:bracket", args=[event.pk])).content.decode()
    assert "The Zebulons" in page


@pytest.mark.django_db
def test_the_bracket_over_names_a_hidden_players_team_as_champion_by_its_players(
    director_client, public_club
):
    bracket = make_bracket(public_club, 4)
    team = bracket.teams.get(seed=1).partnership
    team.name = "The Zebulons"
    team.save()
    hidden, partner = (e.player for e in team.entries.order_by("player__name"))
    hidden.name, hidden.shown_publicly = HIDDEN, False
    hidden.save()
    for code in ("W1-1", "W1-2", "F1"):
        play_match(bracket, code, slot=0)
    assert_never_shown(director_client, bracket.event, "The Zebulons", f"&amp; {SHOWN_AS}")
    page = director_client.get(reverse("public:event", args=[public_club.slug, bracket.event_id]))
    assert "won. Thank you" in page.content.decode()


@pytest.mark.django_db
def test_another_nights_team_of_the_same_name_keeps_it(director_client, public_club):
    """ "The Aces" with a hidden player one night, and two other players' "The Aces" another:
    theirs is not called by the first team's players on their own night's pages."""
    brackets = []
    for prefix in ("First", "Second"):
        bracket = make_bracket(public_club, 4)
        brackets.append(bracket)
        for entry in Entry.objects.filter(event=bracket.event):
            entry.player.name = f"{prefix} {entry.player.name}"
            entry.player.save()
        team = bracket.teams.get(seed=1).partnership
        team.name = "The Aces"
        team.save()
    first, second = brackets
    hidden = first.teams.get(seed=1).partnership.entries.order_by("player__name").first().player
    hidden.name, hidden.shown_publicly = HIDDEN, False
    hidden.save()
    for url in [
        reverse("public:event", args=[public_club.slug, second.event_id]),
        reverse("public:projector", args=[public_club.slug, second.event_id]),
        reverse("tournaments:standings-projector", args=[second.event_id]),
    ]:
        page = director_client.get(url).content.decode()
        assert "The Aces" in page and SHOWN_AS not in page, url
    assert_never_shown(director_client, first.event, "The Aces", f"&amp; {SHOWN_AS}")

"""A club that keeps its results private is not told apart from a club that does not exist
(issue 39, found by attack, item 8): its projector answered 403 "results are private" where an
unknown club's answered 404, so anyone could learn which clubs use the app. Every public
address under /c/<club>/, taken from the URL resolver so that a page added later is checked
too, answers a private club exactly as it answers an unknown one."""

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from tournaments import services

UNKNOWN = "no-such-club"


def public_routes(patterns=None, prefix="") -> list[str]:
    """Every URL pattern under c/, as a route string such as `c/<slug:slug>/season/`."""
    found = []
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            found += public_routes(entry.url_patterns, route)
        elif isinstance(entry, URLPattern) and route.startswith("c/"):
            found.append(route)
    return found


def address(route: str, slug: str, values: dict[str, int]) -> str:
    def fill(match):
        name = match.group(2)
        return slug if name == "slug" else str(values[name])

    return "/" + re.sub(r"<(\w+:)?(\w+)>", fill, route)


def same_page(response) -> str:
    # What differs between any two answers: the CSP nonce and the CSRF token.
    text = response.content.decode()
    text = re.sub(r'nonce="[^"]*"', "", text)
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", text)


@pytest.fixture
def private_night(club, event, players):
    club.results_public = False
    club.save()
    services.entries_add(event=event, players=players[:8])
    services.round_seat(event=event, seed=1)
    return event


def test_the_check_covers_every_public_page():
    routes = public_routes()
    assert len(routes) >= 5, routes
    for expected in ["projector/", "players/<int:player_pk>/", "season/"]:
        assert any(r.endswith(expected) for r in routes), expected


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["anyone", "another club's director"])
@pytest.mark.parametrize("query", ["", "?player=ada", "?seconds=30", "?season=2026"])
def test_every_public_page_of_a_private_club_answers_as_an_unknown_club_does(
    client, private_night, players, other_director, who, query
):
    if who != "anyone":
        client.force_login(other_director)
    # uid: the night's stable address (/c/e/<uid>/, publishing/addresses.py), with no slug.
    values = {"pk": private_night.pk, "player_pk": players[0].pk, "uid": private_night.uid}
    for route in public_routes():
        private = client.get(address(route, private_night.club.slug, values) + query)
        unknown = client.get(address(route, UNKNOWN, values) + query)
        assert private.status_code == unknown.status_code == 404, (route, private.status_code)
        assert same_page(private) == same_page(unknown), route

"""Answers every page shares (config/): a button's address opened as a link says so in words
(405, its Allow header kept), and the site's icon is served where browsers look for it."""

import html

import pytest
from django.urls import reverse
from django.utils.html import strip_tags


def words(response) -> str:
    return " ".join(html.unescape(strip_tags(response.content.decode())).split())


@pytest.mark.django_db
def test_a_buttons_address_opened_as_a_link_says_so_in_words(client, director_client, event):
    for who, path in [
        (client, reverse("logout")),
        # A director's POST-only view (require_POST): a blank page before.
        (director_client, reverse("tournaments:round-seat", args=[event.pk])),
    ]:
        answer = who.get(path)
        assert answer.status_code == 405
        assert "POST" in answer["Allow"]
        assert "This address is a button's: go back to the page and press the button." in words(
            answer
        )


@pytest.mark.django_db
def test_a_405_with_words_of_its_own_keeps_them(rf):
    from django.http import HttpResponseNotAllowed

    from config.middleware import method_not_allowed_in_words

    said = HttpResponseNotAllowed(["POST"], content=b"only a post")
    answer = method_not_allowed_in_words(lambda request: said)(rf.get("/"))
    assert answer.content == b"only a post"


def test_the_sites_icon_is_served_where_browsers_look_and_linked(client, db):
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon["Content-Type"] == "image/svg+xml"
    assert b"<svg" in icon.content
    assert 'rel="icon"' in client.get("/").content.decode()

"""An address that leads nowhere gets a page in the app's own look, with a way back, and a
404 status (Django's bare "Not Found" page said nothing to a player holding an old link)."""

from django.urls import reverse


def test_an_unknown_address_gets_the_apps_not_found_page(client, db):
    response = client.get("/c/no-such-club/events/999/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "Nothing here" in page
    assert f'href="{reverse("tournaments:home")}"' in page
    assert 'href="/static/euchre' in page  # the app's own look


def test_a_clubs_missing_page_speaks_plainly_to_a_player(client, db):
    # A player holding an old link is told what may have happened and what to do, not how a
    # director sets up the hall's screen.
    page = client.get("/c/no-such-club/players/3/").content.decode()
    words = " ".join(page.split())
    assert (
        "This page isn't here. The club may have moved or ended the event, or keeps its results "
        "to its directors. Check the address, or ask the director." in words.replace("&#x27;", "'")
    )
    assert "Projector view" not in page and "settings" not in page

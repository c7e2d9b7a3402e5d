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

"""A big night's long lists come a page at a time: the standings 50 players a page (the page,
the players' page), the season 100, the check-in list 100 entrants. A check-in saved from one
page changes only the entrants that page listed."""

import re

from django.urls import reverse
from test_standings import bulk_event, page_cells

from clubs.models import Player
from tournaments.models import Entry


def shown(html: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'name="shown" value="(\d+)"', html)]


def ticks(html: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'name="present" value="(\d+)"', html)]


def test_the_standings_come_50_players_a_page(director_client, club):
    event = bulk_event(club, tables=20, rounds=1, hands=1)  # 80 players
    url = reverse("tournaments:standings", args=[event.pk])
    first = director_client.get(url).content.decode()
    second = director_client.get(f"{url}?page=2").content.decode()
    names = [r[1] for r in page_cells(first)] + [r[1] for r in page_cells(second)]
    assert len(page_cells(first)) == 50 and len(page_cells(second)) == 30
    assert len(set(names)) == 80
    assert "?page=2" in first
    # A page past the end, or no number at all, shows a page, not an error.
    for junk in ("999", "-1", "²", "x"):
        assert director_client.get(f"{url}?page={junk}").status_code == 200


def test_the_players_standings_come_a_page_at_a_time_too(client, club):
    club.results_public = True
    club.save()
    event = bulk_event(club, tables=20, rounds=1, hands=1)
    url = reverse("public:event", args=[club.slug, event.pk])
    assert len(page_cells(client.get(url).content.decode())) == 50
    assert len(page_cells(client.get(f"{url}?page=2").content.decode())) == 30


def test_the_check_in_list_comes_100_entrants_a_page(director_client, club, event):
    players = Player.objects.bulk_create(Player(club=club, name=f"P{i:03d}") for i in range(130))
    Entry.objects.bulk_create(Entry(event=event, player=p, present=True) for p in players)
    url = reverse("tournaments:event-detail", args=[event.pk])
    first = director_client.get(url).content.decode()
    second = director_client.get(f"{url}?page=2").content.decode()
    assert shown(first) == ticks(first) == [p.pk for p in players[:100]]
    assert shown(second) == ticks(second) == [p.pk for p in players[100:]]
    assert f'action="{reverse("tournaments:entries-check-in", args=[event.pk])}?page=2"' in second


def test_a_check_in_saved_from_one_page_leaves_the_other_pages_alone(director_client, club, event):
    players = Player.objects.bulk_create(Player(club=club, name=f"P{i:03d}") for i in range(130))
    Entry.objects.bulk_create(Entry(event=event, player=p, present=True) for p in players)
    on_page_2 = [p.pk for p in players[100:]]
    url = reverse("tournaments:entries-check-in", args=[event.pk])
    # Page 2: the first ten leave early (unticked), the rest stay ticked.
    response = director_client.post(
        f"{url}?page=2", {"shown": on_page_2, "present": on_page_2[10:]}, follow=True
    )
    assert response.redirect_chain[-1][0].endswith("?page=2")
    assert "Check-in saved: 120 of 130 here for the next round." in response.content.decode()
    here = set(event.entries.filter(present=True).values_list("player_id", flat=True))
    assert here == {p.pk for p in players} - set(on_page_2[:10])


def test_a_tick_for_someone_the_page_did_not_list_is_refused(director_client, club, event):
    players = Player.objects.bulk_create(Player(club=club, name=f"P{i:03d}") for i in range(3))
    Entry.objects.bulk_create(Entry(event=event, player=p, present=False) for p in players)
    url = reverse("tournaments:entries-check-in", args=[event.pk])
    response = director_client.post(
        url, {"shown": [players[0].pk], "present": [players[0].pk, players[1].pk]}, follow=True
    )
    assert "reload the page" in response.content.decode()
    assert not event.entries.filter(present=True).exists()


def test_without_the_list_shown_the_check_in_is_the_whole_nights(director_client, club, event):
    """A form from before the list came in pages (an open tab) still means every entrant."""
    players = Player.objects.bulk_create(Player(club=club, name=f"P{i:03d}") for i in range(3))
    Entry.objects.bulk_create(Entry(event=event, player=p, present=True) for p in players)
    url = reverse("tournaments:entries-check-in", args=[event.pk])
    director_client.post(url, {"present": [players[0].pk]})
    here = list(event.entries.filter(present=True).values_list("player_id", flat=True))
    assert here == [players[0].pk]

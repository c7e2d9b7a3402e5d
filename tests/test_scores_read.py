"""A game's score below zero (set scoring) reads as a score on every page that shows one: a
real minus sign and a spaced dash between the two sides ("−2 – 2"), never "-2–2" or "2–-2",
where the hyphen reads as a second dash. One function writes it (tournaments/text.py)."""

import datetime
import re

import pytest
from django.urls import reverse

from clubs.models import Player
from tournaments import services
from tournaments.models import Event, TableCard
from tournaments.text import game_score, signed

# A hyphen-minus before a digit, anywhere in a page's text: the way scores used to read.
HYPHEN_MINUS = re.compile(r"(?<![\w/#.=&;:-])-\d")


def test_a_score_below_zero_has_a_real_minus_and_a_spaced_dash():
    assert signed(-2) == "\u22122"
    assert signed(0) == "0" and signed(7) == "7"
    assert game_score(5, -1) == "5\u00a0\u2013\u00a0\u22121"
    assert game_score(-1, 8) == "\u22121\u00a0\u2013\u00a08"


@pytest.fixture
def set_back(club, django_user_model):
    """A set-scoring night (makers euchred score -2): at table 1, North-South are euchred."""
    event = Event.objects.create(
        club=club,
        name="Set night",
        date=datetime.date(2026, 11, 24),
        rounds_planned=2,
        hands_per_round=4,
        rules_preset="laws-of-euchre",
        euchred_makers=-2,
        lone_euchred_makers=-4,
    )
    players = [Player.objects.create(club=club, name=f"Player {n}") for n in range(8)]
    services.entries_add(event=event, players=players)
    round_ = services.round_seat(event=event, seed=1)
    table = round_.tables.get(number=1)
    services.hand_record(table=table, number=1, data={"maker": "N", "tricks": 2})
    return table


def page_text(response) -> str:
    assert response.status_code == 200, response.status_code
    html = response.content.decode()
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    # Split on spaces only: a score's non-breaking spaces stay in it.
    return " ".join(re.split(r"[ \t\n\r]+", re.sub(r"<[^>]+>", " ", html).strip()))


def test_every_page_with_a_game_score_shows_the_minus_sign(client, director_client, set_back):
    table = set_back
    event = table.round.event
    card = TableCard.objects.ensure(event.club, table.number)[-1]
    north = table.seats.get(position="N").player
    pages = {
        "captain": reverse("tournaments:captain-table", args=[card.token]) + f"?table={table.pk}",
        "round": reverse("tournaments:round-detail", args=[table.round.pk]),
        "table": reverse("tournaments:table-detail", args=[table.pk]),
        "director's player night": reverse("tournaments:player-night", args=[event.pk, north.pk]),
        "player's night": reverse("public:player", args=[event.club.slug, event.pk, north.pk]),
    }
    for what, url in pages.items():
        text = page_text(
            (client if what.startswith(("captain", "player")) else director_client).get(url)
        )
        assert not HYPHEN_MINUS.findall(text), (what, HYPHEN_MINUS.findall(text), text[:2000])
        assert "\u22122" in text, (what, text[:2000])
    captain = page_text(client.get(pages["captain"]))
    assert "\u22122\u00a0\u2013\u00a02" in captain  # the running score beside hand 1
    night = page_text(client.get(pages["player's night"]))
    assert "\u22122\u00a0\u2013\u00a02" in night

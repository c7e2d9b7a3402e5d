"""The rules page shows every preset with the scores the engine gives."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from scoring import RULESETS, Hand, score_hand


@pytest.mark.django_db
def test_home_page_lists_every_rule_set(client):
    response = client.get(reverse("tournaments:home"))
    assert response.status_code == 200
    for rules in RULESETS.values():
        assert escape(rules.title) in response.content.decode()


@pytest.mark.django_db
def test_rules_page_shows_what_each_preset_scores(client):
    page = client.get(reverse("tournaments:rules")).content.decode()
    for name, rules in RULESETS.items():
        assert f'id="{name}"' in page
        assert escape(rules.source) in page
        for situation, points in rules.summary_rows():
            assert escape(situation) in page and escape(points) in page


@pytest.mark.django_db
def test_rules_page_numbers_agree_with_the_engine(client):
    """Laws of Euchre: a euchred lone hand is worth 4; the page must say so, as the engine does."""
    laws = RULESETS["laws-of-euchre"]
    assert score_hand(Hand(makers="NS", tricks=2, alone=True), laws).points == {"NS": 0, "EW": 4}
    page = client.get(reverse("tournaments:rules")).content.decode()
    section = page[page.index('id="laws-of-euchre"') : page.index('id="somerset-1888"')]
    assert "Lone maker euchred</td><td>4 points to the defenders" in section


@pytest.mark.django_db
def test_rules_page_carries_the_players_guide(client):
    page = client.get(reverse("tournaments:rules")).content.decode()
    assert "<h2" in page and "chose" in page.lower()

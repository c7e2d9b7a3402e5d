"""A late arrival or an early leaver makes only a few tally cards wrong, and the event page names
just those: the cards never printed "to print", the ones now sending a player to another seat,
and the ones where only a partner's name changed. After the last round, nothing to reprint."""

import datetime
import re

import pytest
from conftest import close_round
from django.urls import reverse
from test_printouts import get_pdf, pdf_text, words

from clubs.models import Player
from tournaments import services
from tournaments.models import Entry, Event
from tournaments.movements import movement_report
from tournaments.movements.small import BEST_KNOWN
from tournaments.printouts import data


def names_in(html: str, span: str) -> list[str]:
    found = re.search(rf'id="{span}">(.*?)</span>', html)
    return re.findall(r"<bdi>(.*?)</bdi>", found.group(1)) if found else []


def night_of(club, count: int, rounds: int = 5) -> tuple[Event, list[Player]]:
    people = [Player.objects.create(club=club, name=f"Player {n:02}") for n in range(1, count + 1)]
    event = Event.objects.create(
        club=club,
        name="Tuesday progressive",
        date=datetime.date(2026, 11, 24),
        rounds_planned=rounds,
        hands_per_round=4,
    )
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in people)
    return event, people


def play(event: Event) -> None:
    close_round(services.round_seat(event=event), reason="Not played: a test of the seating")


def page(client, event) -> str:
    return client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()


def partner_repeats(event) -> int:
    return movement_report(services.night_plan(event=event)).partner_repeats


def test_a_17th_before_round_2_of_5_needs_her_card_and_one_more_a_round(director_client, club):
    event, _ = night_of(club, 16)
    get_pdf(director_client, "printout-tally", event)  # all 16 cards, before round 1
    play(event)
    assert 'id="routes-changed"' not in page(director_client, event)

    late = Player.objects.create(club=club, name="Zoë Late")
    services.entries_add(event=event, players=[late])
    html = page(director_client, event)

    assert names_in(html, "to-print-names") == ["Zoë Late"]
    moved = names_in(html, "changed-names")
    assert 1 <= len(moved) <= 4  # rounds 2 to 5: one player a round gives her a seat
    assert "Zoë Late" not in moved
    assert f"Print these {1 + len(moved)} cards" in html
    assert "Print all" not in html
    assert partner_repeats(event) == 0
    # Her card: round 1 was played before she came.
    card = next(
        c
        for c in data.tally_cards(event, services.night_plan(event=event))
        if c.player == "Zoë Late"
    )
    assert card.rows[0].missed == "arrived for round 2"
    assert all(row.table for row in card.rows[1:])


def test_a_leaver_before_round_3_moves_one_player_a_round_at_most(director_client, club):
    event, people = night_of(club, 17)
    get_pdf(director_client, "printout-tally", event)
    play(event)
    play(event)
    before = services.night_plan(event=event)
    leaver = people[0]
    services.entries_set_present(
        event=event, present_ids={p.pk for p in people[1:]}, shown_ids={leaver.pk}
    )
    after = services.night_plan(event=event)
    html = page(director_client, event)

    assert names_in(html, "to-print-names") == []
    moved = names_in(html, "changed-names")
    assert leaver.name not in moved
    # One player a round takes the leaver's seat (the one who was to sit out). A second
    # moves only in a round where that one would partner the leaver's partner again.
    second = 0
    for number in range(2, 5):
        table = next((t for t in before[number].tables if leaver.pk in t), None)
        if table is None:
            continue
        partner = table[(table.index(leaver.pk) + 2) % 4]
        (comer,) = before[number].sit_out
        others = [r for n, r in enumerate(after) if n != number]
        partners = {frozenset(t[i::2]) for r in others for t in r.tables for i in (0, 1)}
        second += frozenset((comer, partner)) in partners
    # Or, where keeping the printed plan would seat two players together more often than the
    # best known night of 16 players needs (the night's first measure after partners, issue
    # 30), a fresh plan that reaches it: more cards to print, each said so on the event page.
    # Which happens depends on the event's seed (its id, which differs from run to run).
    present = {p.pk for p in people[1:]}
    fresh = movement_report(after, present).most_meetings == BEST_KNOWN[(16, 5)][1]
    assert len(moved) <= 3 + second or fresh, moved
    assert partner_repeats(event) == 0

    cards = {c.player: c for c in data.tally_cards(event, after)}
    assert [r.missed for r in cards[leaver.name].rows] == ["", "", *["left after round 2"] * 3]


def test_the_rounds_missed_are_printed_on_the_card(director_client, club):
    event, people = night_of(club, 16, rounds=4)
    play(event)
    late = Player.objects.create(club=club, name="Zoë Late")
    services.entries_add(event=event, players=[late])
    play(event)
    services.entries_set_present(
        event=event, present_ids={p.pk for p in [*people[1:], late]}, shown_ids=None
    )

    text = words("".join(pdf_text(get_pdf(director_client, "printout-tally", event))))

    assert "Zoë Late" in text and "1 arrived for round 2" in text
    assert "3 left after round 2 4 left after round 2" in text


def test_after_the_last_round_nothing_asks_for_a_reprint_or_a_check_in(director_client, club):
    event, people = night_of(club, 17, rounds=2)
    get_pdf(director_client, "printout-tally", event)
    play(event)
    services.entries_set_present(
        event=event, present_ids={p.pk for p in people[1:]}, shown_ids=None
    )
    services.entries_add(event=event, players=[Player.objects.create(club=club, name="Zoë")])
    html = page(director_client, event)
    assert 'id="routes-changed"' in html and "Tick who is here for the next round" in html

    play(event)
    html = page(director_client, event)

    assert 'id="routes-changed"' not in html
    assert "tally cards again" not in html and "Print these" not in html
    assert "Tick who is here" not in html
    assert 'id="check-in"' not in html and "Save check-in" not in html
    assert "All 2 rounds are played" in html
    # The players are still listed, with who stayed to the end.
    assert "Player 02" in html and "Not here" in html


@pytest.mark.parametrize("changed", ["1", "partners"])
def test_a_reprint_records_what_it_printed(director_client, club, changed):
    event, people = night_of(club, 16)
    get_pdf(director_client, "printout-tally", event)
    play(event)
    services.entries_add(event=event, players=[Player.objects.create(club=club, name="Zoë")])
    html = page(director_client, event)
    wanted = (
        names_in(html, "to-print-names") + names_in(html, "changed-names")
        if changed == "1"
        else names_in(html, "new-partner-names")
    )

    text = "\n" + "".join(
        pdf_text(get_pdf(director_client, "printout-tally", event, f"?changed={changed}"))
    )

    assert all(f"\n{name}\n" in text for name in wanted)
    html = page(director_client, event)
    spans = ["to-print-names", "changed-names"] if changed == "1" else ["new-partner-names"]
    assert all(names_in(html, span) == [] for span in spans)

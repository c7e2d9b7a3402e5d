"""A bracket event run through the services, as the captains' phones and the director do:
calling matches to tables, games confirmed at the table advancing the bracket, best of three,
corrections, resets, withdrawals, and every refusal in words."""

import datetime

import pytest
from conftest import at_once

from brackets import services
from brackets.models import Bracket, Game, Match
from clubs.models import Player
from tournaments.models import Entry, Event, Partnership, Round, Table
from tournaments.services import (
    ActionRefused,
    hand_correct,
    hand_record,
    table_confirm,
    table_fingerprint,
)
from tournaments.standings import event_standings

NS_POINT = {"maker": "N", "tricks": 3}
EW_POINT = {"maker": "E", "tricks": 3}


def make_bracket(club, teams: int, **options) -> Bracket:
    event = Event.objects.create(
        club=club, name="Fall bracket", date=datetime.date(2026, 11, 26), format="bracket"
    )
    for n in range(teams):
        first, second = (
            Player.objects.create(club=club, name=f"Player {n}{letter}") for letter in "ab"
        )
        team = Partnership.objects.create(event=event, name=f"Team {n + 1}")
        Entry.objects.create(event=event, player=first, partnership=team)
        Entry.objects.create(event=event, player=second, partnership=team)
    bracket = services.bracket_for(event)
    for name, value in options.items():
        setattr(bracket, name, value)
    bracket.save()
    order = list(event.partnerships.order_by("pk").values_list("pk", flat=True))
    return services.bracket_seed(bracket=bracket, order=order)


def table_of(match: Match) -> Table:
    return Table.objects.get(round__bracket_game__match=match, round__status=Round.Status.IN_PLAY)


def win_game(table: Table, slot: int) -> Table:
    """Play the game at `table` to a win for the team in `slot` (0: North-South) by one point
    (the sides make a point in turn, the winners the last one), and confirm it as an opponent."""
    points = table.rules().game_points
    hands = [NS_POINT, EW_POINT] * (points - 1) + [NS_POINT if slot == 0 else EW_POINT]
    for number, hand in enumerate(hands, start=1):
        hand_record(table=table, number=number, data=hand)
    assert table.game().finished
    opponent = table.seats.get(position="E").player
    return table_confirm(
        table=table, player=opponent, seen=table_fingerprint(table.hands.order_by("number"))
    )


def flip_last_hand(match_code: str, bracket: Bracket, user) -> None:
    """The director corrects the deciding hand: the other side made the march."""
    table = Table.objects.get(
        round__bracket_game__match__code=match_code,
        round__bracket_game__number=1,
        round__event=bracket.event,
    )
    last = table.hands.order_by("-number").first()
    hand_correct(
        hand=last,
        data=EW_POINT if last.ns_points else NS_POINT,
        reason="Scored for the wrong side",
        user=user,
    )


def play_match(bracket: Bracket, code: str, slot: int, table: int | None = None) -> Match:
    table = table or services.lowest_free_table(bracket.event)
    match = services.match_call(bracket=bracket, code=code, table=table)
    for _ in range(bracket.games_to_win):
        win_game(table_of(match), slot)
    match.refresh_from_db()
    return match


def now_of(bracket):
    return services.bracket_now(Bracket.objects.get(pk=bracket.pk))


@pytest.mark.django_db
def test_a_confirmed_game_advances_the_winner_and_drops_the_loser(club):
    bracket = make_bracket(club, 8, kind="double")
    match = play_match(bracket, "W1-1", slot=1)
    assert match.winner_slot == 1
    now = now_of(bracket)
    state = now.state.matches["W1-1"]
    assert (state.status, state.winner, state.loser) == ("done", 8, 1)
    # The winner waits in the winners' round 2, the loser in the losers' round 1.
    assert 8 in now.state.matches["W2-1"].teams
    assert any(1 in s.teams for s in now.state.matches.values() if s.match.side == "losers")
    # The game's round closed when it was confirmed: the table is free for the next match.
    assert Round.objects.get(bracket_game__match=match).status == Round.Status.CLOSED
    assert services.lowest_free_table(bracket.event) == 1


@pytest.mark.django_db
def test_table_card_seats_the_first_team_north_south_captained_by_its_first_player(club):
    bracket = make_bracket(club, 4)
    match = services.match_call(bracket=bracket, code="W1-1", table=3)
    table = table_of(match)
    now = now_of(bracket)
    first, second = (now.teams[s].partnership for s in now.state.matches["W1-1"].teams)
    seats = {s.position: s.player for s in table.seats.all()}
    assert {seats["N"], seats["S"]} == {e.player for e in first.entries.all()}
    assert {seats["E"], seats["W"]} == {e.player for e in second.entries.all()}
    assert table.number == 3 and table.captain == seats["N"]
    assert table.card().number == 3


@pytest.mark.django_db
def test_best_of_three_plays_on_at_the_same_table_with_the_deal_passing_on(club):
    bracket = make_bracket(club, 4, best_of=3)
    match = services.match_call(bracket=bracket, code="W1-1", table=2)
    first = table_of(match)
    win_game(first, 0)
    second = table_of(match)
    assert second.pk != first.pk and second.number == 2
    last_dealer = first.hands.order_by("-number").first().dealer
    assert second.first_dealer == "NESW"["NESW".index(last_dealer) + 1 :][:1] or "N"
    win_game(second, 1)
    win_game(table_of(match), 1)
    match.refresh_from_db()
    assert match.winner_slot == 1
    assert match.games.count() == 3
    assert not Round.objects.filter(bracket_game__match=match, status=Round.Status.IN_PLAY).exists()


@pytest.mark.django_db
def test_a_single_elimination_finishes_with_placings_in_the_standings(club):
    bracket = make_bracket(club, 6, third_place=True)
    now = now_of(bracket)
    # Six teams: seeds 1 and 2 have byes, in the first round only.
    byes = [s for s in now.state.matches.values() if s.status == "bye"]
    assert sorted(s.winner for s in byes) == [1, 2]
    while ready := now_of(bracket).ready_to_call():
        state = ready[0]
        # The better seed wins every match.
        slot = 0 if state.teams[0] < state.teams[1] else 1
        play_match(bracket, state.match.id, slot)
    now = now_of(bracket)
    assert now.state.finished and now.state.champion == 1
    teams = event_standings(bracket.event).teams
    by_name = {line.name: line.place for line in teams}
    assert by_name["Team 1"] == 1 and by_name["Team 2"] == 2
    assert by_name["Team 3"] == 3 and by_name["Team 4"] == 4
    assert by_name["Team 5"] == by_name["Team 6"] == 5


@pytest.mark.django_db
def test_calling_is_refused_in_words_for_a_table_in_use_or_a_match_not_ready(club):
    bracket = make_bracket(club, 8, kind="double")
    services.match_call(bracket=bracket, code="W1-1", table=1)
    with pytest.raises(ActionRefused, match="Table 1 is in use"):
        services.match_call(bracket=bracket, code="W1-2", table=1)
    with pytest.raises(ActionRefused, match="W2-1 cannot be called yet"):
        services.match_call(bracket=bracket, code="W2-1", table=2)
    with pytest.raises(ActionRefused, match="already called"):
        services.match_call(bracket=bracket, code="W1-1", table=5)
    with pytest.raises(ActionRefused, match="no such match"):
        services.match_call(bracket=bracket, code="Z9-9", table=5)
    assert Match.objects.filter(bracket=bracket, called_at__isnull=False).count() == 1


@pytest.mark.django_db
def test_a_result_cannot_be_entered_by_the_captains_side_confirming(club):
    bracket = make_bracket(club, 4)
    match = services.match_call(bracket=bracket, code="W1-1", table=1)
    table = table_of(match)
    for n in range(1, table.rules().game_points + 1):
        hand_record(table=table, number=n, data=NS_POINT)
    partner = table.seats.get(position="S").player
    with pytest.raises(ActionRefused, match="cannot confirm"):
        table_confirm(table=table, player=partner, seen=table_fingerprint(table.hands.all()))
    match.refresh_from_db()
    assert match.winner_slot is None


@pytest.mark.django_db
def test_a_correction_that_changes_the_winner_re_advances_before_the_next_match_starts(
    club, director
):
    bracket = make_bracket(club, 4)
    play_match(bracket, "W1-1", slot=0)
    assert now_of(bracket).state.matches["F1"].teams[0] == 1
    flip_last_hand("W1-1", bracket, director)
    after = now_of(bracket)
    assert after.matches["W1-1"].winner_slot == 1
    assert after.state.matches["F1"].teams[0] == 4


@pytest.mark.django_db
def test_a_correction_is_refused_once_the_next_match_started_and_allowed_after_a_reset(
    club, director
):
    bracket = make_bracket(club, 4)
    play_match(bracket, "W1-1", slot=0)
    play_match(bracket, "W1-2", slot=0)
    final = services.match_call(bracket=bracket, code="F1", table=1)
    with pytest.raises(ActionRefused, match="match F1 has started"):
        flip_last_hand("W1-1", bracket, director)
    # Refused whole: the hand, the match and the final are as they were.
    table = Table.objects.get(round__bracket_game__match__code="W1-1", round__event=bracket.event)
    assert table.hands.order_by("-number").first().ns_points == 1
    assert now_of(bracket).matches["W1-1"].winner_slot == 0
    services.match_reset(match=final, reason="W1-1 was scored for the wrong side")
    flip_last_hand("W1-1", bracket, director)
    now = now_of(bracket)
    assert now.matches["W1-1"].winner_slot == 1
    assert now.state.matches["F1"].teams == (4, 2)
    # The reset final is ready to be called again, with the corrected team, from its first hand.
    assert now.matches["F1"].winner_slot is None and now.matches["F1"].called_at is None
    assert not Round.objects.filter(bracket_game__match=final).exists()
    assert [s.match.id for s in now.ready_to_call()] == ["F1"]


@pytest.mark.django_db
def test_a_reset_is_refused_while_a_later_match_has_started(club):
    bracket = make_bracket(club, 4)
    first = play_match(bracket, "W1-1", slot=0)
    play_match(bracket, "W1-2", slot=0)
    services.match_call(bracket=bracket, code="F1", table=1)
    with pytest.raises(ActionRefused, match="reset match F1 first"):
        services.match_reset(match=first, reason="Wrong side")
    with pytest.raises(ActionRefused, match="Say why"):
        services.match_reset(match=first, reason="  ")


@pytest.mark.django_db
def test_a_withdrawn_team_forfeits_its_next_match_as_a_walkover(club):
    bracket = make_bracket(club, 4, kind="double")
    now = now_of(bracket)
    seed4 = now.teams[4]
    services.team_withdraw(team=seed4, reason="Went home ill")
    now = now_of(bracket)
    state = now.state.matches["W1-1"]
    assert (state.status, state.winner) == ("walkover", 1)
    assert now.state.losses[4] == 1 and 4 not in now.state.eliminated()
    # Double elimination: the walkover is a loss, and the next one puts the team out.
    play_match(bracket, "W1-2", slot=0)
    now = now_of(bracket)
    assert now.state.matches["L1-1"].status == "walkover"
    assert now.state.losses[4] == 2 and now.state.eliminated()[4] == "L1-1"
    with pytest.raises(ActionRefused, match="already withdrawn"):
        services.team_withdraw(team=seed4, reason="Again")


@pytest.mark.django_db
def test_a_double_elimination_grand_final_reset_plays_the_second_final(club):
    bracket = make_bracket(club, 4, kind="double")
    while ready := now_of(bracket).ready_to_call():
        state = ready[0]
        code = state.match.id
        # The better seed wins, but in the finals the losers' side team wins the first.
        better = 0 if state.teams[0] < state.teams[1] else 1
        slot = 1 if code == "F1" else better
        play_match(bracket, code, slot)
    now = now_of(bracket)
    assert now.state.matches["F2"].status == "done"
    assert now.state.finished
    assert Game.objects.filter(match__bracket=bracket).count() == 2 * 4 - 1


@pytest.mark.django_db
def test_seeding_is_refused_in_words_for_too_few_teams_or_a_team_without_a_partner(club):
    event = Event.objects.create(
        club=club, name="Tiny", date=datetime.date(2026, 11, 26), format="bracket"
    )
    bracket = services.bracket_for(event)
    for n in range(2):
        team = Partnership.objects.create(event=event, name=f"T{n}")
        for letter in "ab":
            Entry.objects.create(
                event=event,
                player=Player.objects.create(club=club, name=f"P{n}{letter}"),
                partnership=team,
            )
    with pytest.raises(ActionRefused, match="at least 3 teams"):
        services.bracket_seed(bracket=bracket)
    lonely = Partnership.objects.create(event=event, name="Lonely")
    Entry.objects.create(
        event=event, player=Player.objects.create(club=club, name="Solo"), partnership=lonely
    )
    with pytest.raises(ActionRefused, match="a team is two partners"):
        services.bracket_seed(bracket=bracket)
    assert not bracket.matches.exists() and not bracket.teams.exists()


@pytest.mark.django_db
def test_a_draw_is_repeatable_from_its_number(club):
    bracket = make_bracket(club, 9)
    services.bracket_seed(bracket=bracket, draw_number=482113)
    first = list(bracket.teams.order_by("seed").values_list("partnership_id", flat=True))
    services.bracket_seed(bracket=bracket, draw_number=482113)
    again = list(bracket.teams.order_by("seed").values_list("partnership_id", flat=True))
    services.bracket_seed(bracket=bracket, draw_number=482114)
    other = list(bracket.teams.order_by("seed").values_list("partnership_id", flat=True))
    assert first == again and first != other


@pytest.mark.django_db(transaction=True)
def test_two_phones_confirming_a_match_at_once_decide_it_once(club):
    bracket = make_bracket(club, 4)
    match = services.match_call(bracket=bracket, code="W1-1", table=1)
    table = table_of(match)
    points = table.rules().game_points
    for number in range(1, points + 1):
        hand_record(table=table, number=number, data=NS_POINT)
    seen = table_fingerprint(table.hands.order_by("number"))
    east, west = (table.seats.get(position=p).player for p in "EW")
    results = at_once(
        [
            lambda: table_confirm(table=table, player=east, seen=seen),
            lambda: table_confirm(table=table, player=west, seen=seen),
        ]
    )
    refused = [r for r in results if isinstance(r, ActionRefused)]
    assert len(refused) == 1, results
    assert not [r for r in results if isinstance(r, Exception) and r not in refused]
    match.refresh_from_db()
    assert match.winner_slot == 0
    assert match.history.filter(history_change_reason__startswith="Won").count() == 1


def qualifying_event(club) -> Event:
    """A pairs event of four teams, one round played: the teams at table 1's North-South
    side and table 2's North-South side won their games."""
    from conftest import close_round

    from tournaments import services as night

    event = Event.objects.create(
        club=club,
        name="Qualifying",
        date=datetime.date(2026, 11, 19),
        format="pairs",
        rounds_planned=1,
        hands_per_round=2,
    )
    players = [Player.objects.create(club=club, name=f"Qualifier {n}") for n in range(8)]
    night.entries_add(event=event, players=players)
    for n in range(0, 8, 2):
        night.partnership_register(
            event=event, first=players[n], second=players[n + 1], name=f"Pair {n // 2 + 1}"
        )
    round_ = night.round_seat(event=event, seed=1)
    for table, hand in zip(
        round_.tables.order_by("number"), ({"maker": "N", "tricks": 5}, NS_POINT), strict=True
    ):
        for number in (1, 2):
            hand_record(table=table, number=number, data=hand)
    close_round(round_)
    return event


@pytest.mark.django_db
def test_seeding_from_a_qualifying_events_standings_takes_its_top_teams_in_order(club):
    source = qualifying_event(club)
    order = [line.name for line in event_standings(source).teams]
    event = Event.objects.create(
        club=club, name="Final four", date=datetime.date(2026, 11, 26), format="bracket"
    )
    bracket = services.bracket_for(event)
    with pytest.raises(ActionRefused, match="has 4 teams in its standings"):
        services.bracket_seed_from_standings(bracket=bracket, source=source, top=5)
    bracket = services.bracket_seed_from_standings(bracket=bracket, source=source, top=3)
    seeded = [str(t.partnership) for t in bracket.teams.order_by("seed")]
    assert seeded == order[:3]
    # Each seeded team is the qualifying partnership, its two players entered and paired here.
    for team in bracket.teams.all():
        assert team.partnership.event_id == event.pk
        assert team.partnership.entries.count() == 2
    assert bracket.source_event_id == source.pk
    # A progressive night has no teams to seed from.
    night = Event.objects.create(club=club, name="Tuesday", date=datetime.date(2026, 11, 1))
    with pytest.raises(ActionRefused, match="Choose a pairs event"):
        services.bracket_seed_from_standings(bracket=bracket, source=night, top=3)


@pytest.mark.django_db
def test_a_match_whose_player_is_still_at_another_table_is_not_called(club):
    from tournaments import services as night

    bracket = make_bracket(club, 4)
    now = now_of(bracket)
    first, second = (now.teams[s].partnership for s in now.state.matches["W1-1"].teams)
    players = [e.player for team in (first, second) for e in team.entries.all()]
    # The same four are seated at a progressive night's table at the club.
    other = Event.objects.create(club=club, name="Side game", date=datetime.date(2026, 11, 26))
    night.entries_add(event=other, players=players)
    night.round_seat(event=other, seed=1)
    with pytest.raises(
        ActionRefused, match=r"is still playing at table 1 \(Side game\): call this match"
    ):
        services.match_call(bracket=bracket, code="W1-1", table=2)
    assert not Match.objects.filter(bracket=bracket, called_at__isnull=False).exists()
    assert not Round.objects.filter(event=bracket.event).exists()


@pytest.mark.django_db
def test_a_refused_correction_names_every_match_to_reset_the_latest_first(club, director):
    bracket = make_bracket(club, 8)
    for code in ("W1-1", "W1-2", "W2-1", "W1-3", "W1-4", "W2-2"):
        play_match(bracket, code, slot=0)
    services.match_call(bracket=bracket, code="F1", table=1)
    with pytest.raises(ActionRefused) as refused:
        flip_last_hand("W1-1", bracket, director)
    assert "matches W2-1 and F1 have been played or called since" in refused.value.message
    assert "Reset match F1, then match W2-1, then correct this hand." in refused.value.message


@pytest.mark.django_db
def test_a_walkover_is_not_reset(club):
    bracket = make_bracket(club, 4)
    match = services.match_call(bracket=bracket, code="W1-1", table=1)
    services.team_withdraw(team=now_of(bracket).teams[4], reason="Went home")
    with pytest.raises(ActionRefused, match="W1-1 is a walkover"):
        services.match_reset(match=match, reason="Try again")

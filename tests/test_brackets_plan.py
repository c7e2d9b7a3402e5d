"""Brackets (`tournaments.brackets`): the plan, the state after results, the placings. Pure
Python, no database. The properties are played out over every field size with random winners
(and random withdrawals), because the collapse of byes differs for every count of teams."""

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.brackets import (
    MAX_TEAMS,
    MIN_TEAMS,
    Placing,
    PlanError,
    ResultError,
    Slot,
    placings,
    plan,
    play,
    seed_order,
    standings,
)

EDGE_COUNTS = [3, 4, 5, 7, 8, 9, 16, 17, 31, 32, 33, 64, 65, 127, 128]
OPTIONS = [
    ("single", {}),
    ("single", {"third_place": True}),
    ("single", {"consolation": True}),
    ("single", {"third_place": True, "consolation": True}),
    ("double", {"reset": True}),
    ("double", {"reset": False}),
]
DECIDED = ("done", "walkover")


def size_for(teams):
    size = 1
    while size < teams:
        size *= 2
    return size


def valid(teams, options):
    if options.get("third_place") and teams < 4:
        return False
    if options.get("third_place") and options.get("consolation") and teams == 4:
        return False  # the semi-finals are the first round: both would be the same match
    return not (options.get("consolation") and teams - size_for(teams) // 2 < 2)


def valid_options(teams):
    return [(f, o) for f, o in OPTIONS if valid(teams, o)]


def refs(slot):
    return slot.winner_of or slot.loser_of


def play_out(bracket, choose, withdrawals=()):
    """Results for every ready match, round after round, until none is ready. `choose` gets
    the ready matches and gives the winning slot of each; `withdrawals` are (step, seed): the
    seed withdraws before that step's results."""
    results, withdrawn, step = {}, set(), 0
    while True:
        withdrawn |= {seed for at, seed in withdrawals if at <= step}
        state = play(bracket, results, withdrawn)
        ready = state.ready()
        if not ready:
            return state, results, withdrawn
        results.update(zip([s.match.id for s in ready], choose(ready), strict=True))
        step += 1


def drawn_winners(data):
    """Hypothesis picks every ready match's winner: one number a round, a bit a match (one draw
    a match makes the 127-match rounds slow; this still shrinks to "slot 0 always wins")."""

    def choose(ready):
        bits = data.draw(st.integers(0, 2 ** len(ready) - 1))
        return [(bits >> i) & 1 for i in range(len(ready))]

    return choose


def better_seed(ready):
    return [s.teams.index(min(s.teams)) for s in ready]


def check_plan(bracket):
    n, size = bracket.teams, bracket.size()
    assert size == size_for(n)
    ids = [m.id for m in bracket.matches]
    assert len(ids) == len(set(ids))
    seen, winners_taken, losers_taken = set(), Counter(), Counter()
    for m in bracket.matches:
        for slot in m.slots:
            # Every reference names a match of the plan, placed before it.
            if refs(slot) is not None:
                assert refs(slot) in seen, (m.id, slot)
            winners_taken[slot.winner_of] += slot.winner_of is not None
            losers_taken[slot.loser_of] += slot.loser_of is not None
        seen.add(m.id)
        assert bracket.match(m.id) is m
    # A team goes on to one place only.
    assert max(winners_taken.values(), default=0) <= 1
    assert max(losers_taken.values(), default=0) <= 1

    first = [m for m in bracket.matches if (m.side, m.round) == ("winners", 1)]
    assert [m.id for m in first] == [f"W1-{i}" for i in range(1, size // 2 + 1)]
    seeds = [s.seed for m in first for s in m.slots if s.seed is not None]
    assert sorted(seeds) == list(range(1, n + 1))
    # Byes in the winners' first round only, and given to seeds 1..size-n.
    assert all(not s.bye for m in bracket.matches if m not in first for s in m.slots)
    assert all(s.seed is None for m in bracket.matches if m not in first for s in m.slots)
    bye_matches = [m for m in first if m.is_bye()]
    assert {s.seed for m in bye_matches for s in m.slots if not s.bye} == set(
        range(1, size - n + 1)
    )
    # Losers' and consolation rounds count from 1, matches from 1, with no gaps.
    for side, prefix in (("losers", "L"), ("consolation", "C")):
        rounds = [m.round for m in bracket.matches if m.side == side]
        assert sorted(set(rounds)) == list(range(1, len(set(rounds)) + 1))
        for number in set(rounds):
            in_round = [m.id for m in bracket.matches if (m.side, m.round) == (side, number)]
            assert in_round == [f"{prefix}{number}-{i}" for i in range(1, len(in_round) + 1)]
    assert [m for _, _, ms in bracket.columns() for m in ms] != []
    assert sorted(m.id for _, _, ms in bracket.columns() for m in ms) == sorted(ids)
    assert len(bracket.in_words()) == len(ids)
    assert json.loads(json.dumps(bracket.to_json()))["matches"] == [
        m.to_json() for m in bracket.matches
    ]


def check_finished(bracket, state, withdrawn):
    n, size = bracket.teams, bracket.size()
    statuses = Counter(s.status for s in state.matches.values())
    assert state.finished and not statuses["ready"] and not statuses["waiting"]
    champion = state.champion
    assert champion is not None and 1 <= champion <= n
    played = statuses["done"] + statuses["walkover"]
    others = set(range(1, n + 1)) - {champion}
    first_losers = n - size // 2  # teams that lose a played winners' first-round match

    if bracket.format == "single":
        main = Counter(
            s.loser
            for s in state.matches.values()
            if s.match.side in ("winners", "final") and s.status in DECIDED
        )
        assert main == dict.fromkeys(others, 1)
        consolation = [s for s in state.matches.values() if s.match.side == "consolation"]
        expected = n - 1 + bracket.third_place
        if bracket.consolation:
            assert len(consolation) == first_losers - 1
            expected += first_losers - 1
            first_round_losers = {
                s.loser for s in state.matches.values() if s.match.id.startswith("W1-") and s.loser
            }
            assert state.consolation_winner in first_round_losers
        else:
            assert not consolation and state.consolation_winner is None
        assert played == expected
    else:
        final = state.matches["F1"]
        runner_up = final.loser
        if "F2" in state.matches and state.matches["F2"].status != "not_needed":
            runner_up = state.matches["F2"].loser
        for seed in others:
            one_allowed = not bracket.reset and seed == runner_up
            assert state.losses[seed] in ((1, 2) if one_allowed else (2,)), seed
        assert state.losses[champion] in (0, 1)
        assert played == 2 * n - 2 + (statuses["not_needed"] == 0 and bracket.reset)
        assert played in (2 * n - 2, 2 * n - 1)
    assert sum(state.losses.values()) == played
    assert set(state.eliminated()) == others
    for seed, match_id in state.eliminated().items():
        assert state.matches[match_id].loser == seed

    # Each team's figures: every team placed once the bracket is over, in place order, the
    # champion first; every decided match won by one team and lost by one.
    teams = standings(state, withdrawn=withdrawn)
    assert sorted(t.seed for t in teams) == list(range(1, n + 1))
    assert not any(t.still_in for t in teams) and all(t.placing for t in teams)
    assert [t.place for t in teams] == sorted(t.place for t in teams)
    assert teams[0].seed == champion and teams[0].label == "1st"
    assert sum(t.matches_won for t in teams) == sum(t.matches_lost for t in teams) == played
    assert all(t.matches_lost == state.losses[t.seed] for t in teams)

    places = placings(state)
    assert [p.first for p in places] == [1] + [p.last + 1 for p in places[:-1]]
    assert places[-1].last == n
    assert all(len(p.seeds) == p.last - p.first + 1 for p in places)
    assert sorted(s for p in places for s in p.seeds) == list(range(1, n + 1))
    assert places[0].seeds == (champion,)

    for s in state.matches.values():
        if s.status == "walkover":
            assert s.loser in withdrawn
            if s.winner in withdrawn:  # both withdrew: the better seed goes on
                assert s.winner < s.loser


def play_randomly(teams, fmt, options, data):
    bracket = plan(teams, fmt, **options)
    check_plan(bracket)
    withdrawals = data.draw(
        st.lists(st.tuples(st.integers(0, 12), st.integers(1, teams)), max_size=3), "withdraw"
    )
    state, results, withdrawn = play_out(bracket, drawn_winners(data), withdrawals)
    check_finished(bracket, state, withdrawn)
    # A result for a match that is not ready (a bye, or not every team known) is refused.
    unready = [m for m in bracket.matches if m.is_bye()]
    waiting = play(bracket, {}).matches
    unready += [s.match for s in waiting.values() if s.status == "waiting"]
    refused = data.draw(st.sampled_from(unready), "refused")
    with pytest.raises(ResultError, match=refused.id):
        play(bracket, {refused.id: 0})


@settings(max_examples=100, deadline=None)
@given(teams=st.integers(MIN_TEAMS, MAX_TEAMS), choice=st.integers(0, 5), data=st.data())
def test_every_bracket_plays_out(teams, choice, data):
    options = valid_options(teams)
    fmt, kwargs = options[choice % len(options)]
    play_randomly(teams, fmt, kwargs, data)


@pytest.mark.parametrize("teams", EDGE_COUNTS)
@settings(max_examples=5, deadline=None)
@given(data=st.data())
def test_edge_counts_play_out(teams, data):
    for fmt, kwargs in valid_options(teams):
        play_randomly(teams, fmt, kwargs, data)


@pytest.mark.parametrize("teams", range(MIN_TEAMS, MAX_TEAMS + 1))
def test_the_better_seed_always_winning(teams):
    # Every option at the edge counts; elsewhere the plain brackets, to keep the run short.
    options = valid_options(teams) if teams in EDGE_COUNTS else [OPTIONS[0], OPTIONS[4]]
    for fmt, kwargs in options:
        bracket = plan(teams, fmt, **kwargs)
        state, _, _ = play_out(bracket, better_seed)
        assert state.champion == 1
        assert state.matches["F1"].teams == (1, 2)
        rounds = bracket.size().bit_length() - 1
        semis = [s for s in state.matches.values() if s.match.id.startswith(f"W{rounds - 1}-")]
        if teams >= 4:
            assert [set(s.teams) for s in semis] == [{1, 4}, {2, 3}]
        # Every team ends in its own seed's place (shared ones, in single elimination).
        assert all(p.seeds == tuple(range(p.first, p.last + 1)) for p in placings(state))


def test_seed_order():
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_order(2) == [1, 2]
    for size in (4, 16, 128):
        order = seed_order(size)
        assert sorted(order) == list(range(1, size + 1))
        assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))
        assert order.index(2) >= size // 2  # 1 and 2 in opposite halves
    with pytest.raises(ValueError):
        seed_order(6)


def test_three_teams_double():
    bracket = plan(3, "double")
    rows = [(m.id, m.side, m.round, [s.to_json() for s in m.slots]) for m in bracket.matches]
    assert rows == [
        ("W1-1", "winners", 1, [{"seed": 1}, {"bye": True}]),
        ("W1-2", "winners", 1, [{"seed": 2}, {"seed": 3}]),
        ("W2-1", "winners", 2, [{"winner_of": "W1-1"}, {"winner_of": "W1-2"}]),
        ("L1-1", "losers", 1, [{"loser_of": "W1-2"}, {"loser_of": "W2-1"}]),
        ("F1", "final", 1, [{"winner_of": "W2-1"}, {"winner_of": "L1-1"}]),
        ("F2", "final", 2, [{"winner_of": "F1"}, {"loser_of": "F1"}]),
    ]
    assert [m.if_necessary for m in bracket.matches] == [False] * 5 + [True]
    assert bracket.match("F2").to_json() == {
        "id": "F2",
        "side": "final",
        "round": 2,
        "slots": [{"winner_of": "F1"}, {"loser_of": "F1"}],
        "if_necessary": True,
    }
    assert bracket.in_words()[0] == "W1-1 (winners' round 1): seed 1 against a bye"
    assert bracket.in_words()[3] == "L1-1 (losers' round 1): loser of W1-2 against loser of W2-1"
    assert bracket.in_words()[5].startswith("F2 (final, if necessary): winner of F1 against ")
    assert [(side, number, [m.id for m in ms]) for side, number, ms in bracket.columns()] == [
        ("winners", 1, ["W1-1", "W1-2"]),
        ("winners", 2, ["W2-1"]),
        ("final", 1, ["F1"]),
        ("final", 2, ["F2"]),
        ("losers", 1, ["L1-1"]),
    ]
    assert bracket.size() == 4 and bracket.reset


def test_four_teams_single_with_third_place():
    bracket = plan(4, third_place=True, reset=True)
    assert bracket.in_words() == [
        "W1-1 (winners' round 1): seed 1 against seed 4",
        "W1-2 (winners' round 1): seed 2 against seed 3",
        "3P (third place): loser of W1-1 against loser of W1-2",
        "F1 (final): winner of W1-1 against winner of W1-2",
    ]
    assert (bracket.match("3P").side, bracket.match("F1").side) == ("third", "final")
    assert not bracket.reset  # ignored for single elimination: there is no second final
    state = play(bracket, {"W1-1": 1, "W1-2": 0, "3P": 1, "F1": 0})
    assert state.finished and state.champion == 4
    assert [(p.label(), p.seeds) for p in placings(state)] == [
        ("1st", (4,)),
        ("2nd", (2,)),
        ("3rd", (3,)),
        ("4th", (1,)),
    ]
    assert state.eliminated() == {2: "F1", 1: "W1-1", 3: "W1-2"}


def test_six_teams_single_gives_byes_to_seeds_1_and_2():
    bracket = plan(6)
    first = [[s.to_json() for s in m.slots] for m in bracket.matches if m.id.startswith("W1-")]
    assert first == [
        [{"seed": 1}, {"bye": True}],
        [{"seed": 4}, {"seed": 5}],
        [{"seed": 2}, {"bye": True}],
        [{"seed": 3}, {"seed": 6}],
    ]
    assert [m.id for m in bracket.matches] == ["W1-1", "W1-2", "W1-3", "W1-4", "W2-1", "W2-2", "F1"]
    state = play(bracket, {})
    assert [s.match.id for s in state.ready()] == ["W1-2", "W1-4"]
    assert state.matches["W1-1"].status == "bye" and state.matches["W2-1"].teams == (1, None)


def test_eight_teams_double():
    bracket = plan(8, "double")
    assert [m.id for m in bracket.matches] == [
        "W1-1", "W1-2", "W1-3", "W1-4", "W2-1", "W2-2", "W3-1",
        "L1-1", "L1-2", "L2-1", "L2-2", "L3-1", "L4-1", "F1", "F2",
    ]  # fmt: skip
    # The first drop is reversed: the loser of W2-2 meets the losers from W2-1's half.
    assert bracket.match("L2-1").slots == (Slot(winner_of="L1-1"), Slot(loser_of="W2-2"))
    assert bracket.match("F1").slots[0] == Slot(winner_of="W3-1")


def test_collapsed_losers_bracket_for_five_teams():
    bracket = plan(5, "double")
    losers = [m.in_words() for m in bracket.matches if m.side == "losers"]
    assert losers == [
        "L1-1 (losers' round 1): loser of W1-2 against loser of W2-2",
        "L2-1 (losers' round 2): winner of L1-1 against loser of W2-1",
        "L3-1 (losers' round 3): winner of L2-1 against loser of W3-1",
    ]


def test_consolation_bracket_has_no_byes():
    bracket = plan(12, consolation=True)
    assert [m.in_words() for m in bracket.matches if m.side == "consolation"] == [
        "C1-1 (consolation round 1): loser of W1-2 against loser of W1-4",
        "C1-2 (consolation round 1): loser of W1-6 against loser of W1-8",
        "C2-1 (consolation round 2): winner of C1-1 against winner of C1-2",
    ]


@pytest.mark.parametrize(
    ("teams", "fmt", "options", "words"),
    [
        (2, "single", {}, "at least 3 teams: 2 teams play one match, no bracket needed"),
        (0, "single", {}, "at least 3 teams"),
        (129, "double", {}, "At most 128 teams in one bracket: split the field"),
        (8, "triple", {}, 'no "triple" bracket: choose "single"'),
        (8, "double", {"third_place": True}, "losers' bracket final decides third place"),
        (8, "double", {"consolation": True}, "consolation bracket is for single elimination"),
        (3, "single", {"third_place": True}, "third-place match needs at least 4 teams"),
        (3, "single", {"consolation": True}, "at least 2 first-round matches played"),
        (5, "single", {"consolation": True}, "with 5 teams only 1 is played.*6 to 8 teams"),
        (65, "single", {"consolation": True}, "at least 2 first-round matches played"),
        (4, "single", {"third_place": True, "consolation": True}, "ask for one of them"),
    ],
)
def test_plan_errors(teams, fmt, options, words):
    with pytest.raises(PlanError, match=words):
        plan(teams, fmt, **options)


def test_result_errors():
    bracket = plan(3, "double")
    with pytest.raises(ResultError, match="W2-1 cannot have a result yet: the winner of W1-2 is"):
        play(bracket, {"W2-1": 0})
    with pytest.raises(ResultError, match="W1-1 is a bye, not a match: seed 1 goes on"):
        play(bracket, {"W1-1": 0})
    with pytest.raises(ResultError, match="no match W9-9 in this bracket"):
        play(bracket, {"W9-9": 0})
    with pytest.raises(ResultError, match="result of W1-2 must be 0 .* or 1 .*, not 2"):
        play(bracket, {"W1-2": 2})
    with pytest.raises(ResultError, match="winner of F1 and the loser of F1 are not known"):
        play(bracket, {"F2": 0})
    with pytest.raises(ResultError, match="F2 is not needed"):
        play(bracket, {"W1-2": 0, "W2-1": 0, "L1-1": 0, "F1": 0, "F2": 1})
    with pytest.raises(ResultError, match="Seed 4 cannot withdraw"):
        play(bracket, {}, withdrawn=[4])


def test_the_reset_final():
    bracket = plan(3, "double")
    before = {"W1-2": 0, "W2-1": 0, "L1-1": 1}  # 1 beats 2; 2 beats 3 in the losers' final
    state = play(bracket, {**before, "F1": 0})
    assert state.matches["F2"].status == "not_needed" and state.finished
    assert state.champion == 1 and state.eliminated()[2] == "F1"
    state = play(bracket, {**before, "F1": 1})
    assert state.matches["F2"].status == "ready" and state.matches["F2"].teams == (2, 1)
    assert state.champion is None and 1 not in state.eliminated()
    assert [p.label() for p in placings(state)] == ["3rd"]
    state = play(bracket, {**before, "F1": 1, "F2": 1})
    assert state.champion == 1 and state.losses == {1: 1, 2: 2, 3: 2}
    assert state.eliminated() == {3: "L1-1", 2: "F2"}
    # With no reset, F1 is the last match whoever wins it.
    state = play(plan(3, "double", reset=False), {**before, "F1": 1})
    assert state.finished and state.champion == 2 and state.losses[1] == 1


def test_a_corrected_result_re_advances_everything_after_it():
    bracket = plan(4)
    assert play(bracket, {"W1-1": 0, "W1-2": 0, "F1": 0}).champion == 1
    corrected = play(bracket, {"W1-1": 1, "W1-2": 0, "F1": 0})
    assert corrected.matches["F1"].teams == (4, 2) and corrected.champion == 4


def test_withdrawals():
    bracket = plan(4, third_place=True)
    state = play(bracket, {"W1-1": 0}, withdrawn={1, 3, 4})
    # Seed 1's played match keeps its result; the rest it forfeits.
    assert state.matches["W1-1"].status == "done"
    assert state.matches["W1-2"].status == "walkover" and state.matches["W1-2"].winner == 2
    assert state.matches["F1"].winner == 2 and state.matches["F1"].status == "walkover"
    # Both third-place teams withdrew: the better seed's slot takes the walkover.
    assert state.matches["3P"].teams == (4, 3) and state.matches["3P"].winner == 3
    assert state.finished and state.champion == 2
    assert state.losses == {1: 1, 2: 0, 3: 1, 4: 2}


def test_placing_labels():
    labels = [Placing(f, last, ()).label() for f, last in [(1, 1), (2, 2), (3, 3), (4, 4)]]
    assert labels == ["1st", "2nd", "3rd", "4th"]
    assert Placing(5, 6, (5, 6)).label() == "5th\N{EN DASH}6th"
    assert Placing(9, 12, ()).label() == "9th\N{EN DASH}12th"
    assert [Placing(n, n, ()).label() for n in (11, 12, 13, 21, 22, 23, 101, 111)] == [
        "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th",
    ]  # fmt: skip


def test_a_place_is_known_as_soon_as_the_team_is_out():
    bracket = plan(12)
    state = play(bracket, {"W1-2": 0, "W1-4": 0, "W1-6": 0})
    # Three of the four first-round losers are out: their shared place is known already.
    assert [(p.label(), p.seeds) for p in placings(state)] == [("9th–12th", (9, 10, 12))]
    figures = {t.seed: t for t in standings(state)}
    assert figures[9].label == "9th–12th" and figures[9].shared and figures[9].place == 9
    assert figures[6].still_in and figures[6].label == "still in" and figures[6].place == 0
    state = play(bracket, {"W1-2": 0, "W1-4": 0, "W1-6": 0, "W1-8": 1})
    # Seed 6 lost to seed 11: the first round's losers share 9th to 12th, whoever they are.
    assert [(p.label(), p.seeds) for p in placings(state)] == [("9th–12th", (6, 9, 10, 12))]


def test_standings_count_matches_and_games_and_place_the_reset_final():
    bracket = plan(4, "double")
    results = {"W1-1": 0, "W1-2": 0, "W2-1": 0, "L1-1": 0, "L2-1": 0, "F1": 1, "F2": 0}
    state = play(bracket, results)
    # Seed 4 lost its first match, came back through the losers' side and won both finals.
    assert state.champion == 4
    # Best of three: each match's games by winning slot.
    games = {code: [winner, winner] for code, winner in results.items()}
    games["F1"] = [0, 1, 1]
    figures = {t.seed: t for t in standings(state, games)}
    assert [t.seed for t in standings(state, games)] == [4, 1, 2, 3]
    assert (figures[4].label, figures[4].matches_won, figures[4].matches_lost) == ("1st", 4, 1)
    assert (figures[4].games_won, figures[4].games_lost) == (8, 3)
    assert (figures[1].label, figures[1].games_won, figures[1].games_lost) == ("2nd", 5, 4)
    assert (figures[2].label, figures[3].label) == ("3rd", "4th")
    # Before the second final, nobody has a place above 3rd, and nobody won the night.
    state = play(bracket, {k: v for k, v in results.items() if k != "F2"})
    assert [t.label for t in standings(state)] == ["still in", "still in", "3rd", "4th"]


def test_a_withdrawn_team_waits_for_its_walkover_to_be_placed():
    bracket = plan(8)
    state = play(bracket, {"W1-1": 0}, withdrawn={5})
    figures = {t.seed: t for t in standings(state, withdrawn={5})}
    # Seed 5 forfeits W1-2... or the match it is in: either way, placed 5th-8th at once.
    assert figures[5].label == "5th–8th" and not figures[5].still_in
    assert figures[8].label == "5th–8th" and figures[1].still_in

"""The rating engine alone (no database): the same history always gives the same ratings, to
the last bit; a player who wins every round ends above one who loses every round; the shown
number and its provisional mark."""

from hypothesis import given, settings
from hypothesis import strategies as st

from ratings import engine
from ratings.engine import Game, Outcome

PLAYERS = list(range(1, 9))


@st.composite
def games(draw, min_size=0):
    """Games among eight players: four distinct at a table, any result."""
    count = draw(st.integers(min_value=min_size, max_value=30))
    out = []
    for _ in range(count):
        four = draw(st.permutations(PLAYERS))[:4]
        out.append(Game(tuple(four[:2]), tuple(four[2:]), draw(st.sampled_from(list(Outcome)))))
    return out


priors = st.dictionaries(
    st.sampled_from(PLAYERS),
    st.builds(
        engine.Rating,
        st.floats(min_value=0, max_value=50),
        st.floats(min_value=0.5, max_value=9),
        st.integers(min_value=0, max_value=500),
    ),
)


@settings(max_examples=60, deadline=None)
@given(games(), priors)
def test_the_same_history_gives_the_same_ratings_exactly(history, prior):
    once = engine.rate(history, prior)
    again = engine.rate(list(history), dict(prior))
    assert once == again
    # Counting in two parts (a night's rounds one by one) is counting it whole.
    half = len(history) // 2
    assert engine.rate(history[half:], engine.rate(history[:half], prior)) == once
    for pid, rating in once.items():
        before = prior.get(pid, engine.NEW).rounds
        assert rating.rounds == before + sum(pid in g.north_south + g.east_west for g in history)


@settings(max_examples=60, deadline=None)
@given(games(), st.data())
def test_a_player_who_wins_every_round_ends_above_one_who_loses_every_round(others, data):
    # Player 101 wins every round they play, 102 loses every one; each plays at least once,
    # with the others' games (any result) between.
    rounds = data.draw(st.integers(min_value=1, max_value=12))
    history = list(others)
    for _ in range(rounds):
        partners = data.draw(st.permutations(PLAYERS))[:4]
        winner_ns = data.draw(st.booleans())
        ns = (101, partners[0]) if winner_ns else (102, partners[0])
        ew = (102, partners[1]) if winner_ns else (101, partners[1])
        outcome = Outcome.NS_WON if winner_ns else Outcome.EW_WON
        at = data.draw(st.integers(min_value=0, max_value=len(history)))
        history.insert(at, Game(ns, ew, outcome))
    after = engine.rate(history, {})
    assert after[101].shown > after[102].shown
    assert after[101].mu > after[102].mu


def test_a_draw_moves_neither_side_and_a_win_moves_both_players_of_a_side_alike():
    draw = engine.rate([Game((1, 2), (3, 4), Outcome.DRAW)], {})
    assert {r.mu for r in draw.values()} == {engine.START_MU}
    won = engine.rate([Game((1, 2), (3, 4), Outcome.EW_WON)], {})
    assert won[3] == won[4] and won[3].mu > engine.START_MU > won[1].mu


def test_the_outcome_is_decided_by_the_rounds_points():
    assert engine.outcome_of(7, 3) is Outcome.NS_WON
    assert engine.outcome_of(2, 10) is Outcome.EW_WON
    assert engine.outcome_of(4, 4) is Outcome.DRAW


def test_a_new_player_is_provisional_until_twenty_rounds():
    assert engine.NEW.provisional and engine.NEW.shown == 1000
    assert engine.Rating(25, 5 / 3, 19).provisional
    settled = engine.Rating(25, 5 / 3, 20)
    assert not settled.provisional and settled.shown == 1500
    assert engine.Rating(-40, 8, 100).shown == 0  # never below 0


def test_a_player_twice_in_one_game_is_refused():
    import pytest

    with pytest.raises(ValueError):
        engine.rate([Game((1, 2), (2, 3), Outcome.DRAW)], {})

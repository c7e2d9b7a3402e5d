"""House rules in the scoring engine: set scoring (a euchred side marks minus points) and
whether a thrown-in deal counts as one of a round's hands. Pure Python: no Django.

The presets leave both at their defaults, so every other test of the engine (the examples of
test_scoring_rules.py and the properties of test_scoring_properties.py, whose club variants
keep the defaults) shows the defaults change nothing; the properties here say so directly.
"""

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_scoring_properties import SETTINGS, rulesets, valid_hands

from scoring import RULESETS, SEATS, SIDES, Game, Hand, HandError, other_side, score_hand

HOYLE = RULESETS["hoyle-2001"]  # euchre 2, lone euchre 2, a lone defence
LAWS = RULESETS["laws-of-euchre"]  # euchre 2, lone euchre 4, table talk
SET_SCORING = {"euchred_makers": -2, "lone_euchred_makers": -4}


def points(rules, **hand) -> dict:
    return score_hand(Hand(**hand), rules).points


# --- Set scoring: examples -------------------------------------------------------------------


def test_euchred_makers_are_set_back_and_the_defenders_still_score():
    rules = dataclasses.replace(LAWS, **SET_SCORING)
    assert points(rules, makers="NS", tricks=2) == {"NS": -2, "EW": 2}
    assert points(rules, makers="EW", tricks=0) == {"NS": 2, "EW": -2}
    assert points(rules, makers="NS", tricks=1, alone=True) == {"NS": -4, "EW": 4}
    result = score_hand(Hand("NS", 2), rules)
    assert result.outcome == "euchred"
    assert result.description == (
        "East-West euchred North-South: 2 points to East-West, and North-South set back 2 points"
    )


def test_makers_who_make_it_are_never_set_back():
    rules = dataclasses.replace(LAWS, **SET_SCORING)
    for tricks, alone, expected in [(3, False, 1), (4, True, 1), (5, False, 2), (5, True, 4)]:
        assert points(rules, makers="NS", tricks=tricks, alone=alone) == {"NS": expected, "EW": 0}


def test_only_the_lone_value_applies_to_a_lone_maker_even_against_a_lone_defender():
    rules = dataclasses.replace(HOYLE, euchred_makers=-1, lone_euchred_makers=-3)
    both = {"makers": "NS", "alone": True, "defended_alone": True}
    assert points(rules, tricks=1, **both) == {"NS": -3, "EW": HOYLE.lone_defence_euchre}
    assert points(rules, tricks=0, **both) == {"NS": -3, "EW": HOYLE.lone_defence_march}
    assert points(rules, makers="NS", tricks=2, alone=True) == {"NS": -3, "EW": 2}
    assert points(rules, makers="NS", tricks=2) == {"NS": -1, "EW": 2}


def test_minus_two_and_nothing_to_the_defenders():
    rules = dataclasses.replace(LAWS, euchre=0, lone_euchre=0, **SET_SCORING)
    assert points(rules, makers="NS", tricks=2) == {"NS": -2, "EW": 0}
    assert score_hand(Hand("NS", 2), rules).description == (
        "East-West euchred North-South: North-South set back 2 points"
    )


def test_a_revoke_or_an_abandoned_hand_replaces_the_result_so_no_one_is_set_back():
    laws = dataclasses.replace(LAWS, **SET_SCORING)
    assert points(laws, makers="NS", tricks=1, revoke="EW") == {"NS": 2, "EW": 0}
    assert points(laws, makers="NS", tricks=1, revoke="NS") == {"NS": 0, "EW": 2}
    assert points(laws, makers="NS", tricks=1, revoke="both") == {"NS": 0, "EW": 0}
    somerset = dataclasses.replace(RULESETS["somerset-1888"], **SET_SCORING)
    abandoned = {"makers": "NS", "tricks": 1, "alone": True, "abandoned": True}
    assert points(somerset, **abandoned) == {"NS": 5, "EW": 0}


def test_makers_who_may_not_score_for_the_deal_score_zero_not_the_set():
    rules = dataclasses.replace(LAWS, **SET_SCORING)
    # Wrong number of cards, or table talk, by the euchred makers: 0 for them, not -2.
    short = score_hand(Hand("NS", 1, short_hand="NS"), rules)
    assert short.points == {"NS": 0, "EW": 2}
    assert "so they are not set back" in short.description
    assert points(rules, makers="NS", tricks=1, table_talk="NS") == {"NS": 0, "EW": 3}
    # By the defenders: the makers were still euchred and set back; the defenders score 0,
    # and table talk gives the makers 1, added to what they "won" (-2).
    assert points(rules, makers="NS", tricks=1, short_hand="EW") == {"NS": -2, "EW": 0}
    talk = score_hand(Hand("NS", 1, table_talk="EW"), rules)
    assert talk.points == {"NS": -1, "EW": 0}
    assert talk.description.endswith(": North-South set back 1 point")


@pytest.mark.parametrize("field", ["euchred_makers", "lone_euchred_makers"])
@pytest.mark.parametrize("value", [1, 2, 1.5, -2.0, True, False, "-2", None])
def test_a_set_value_must_be_a_whole_number_0_or_less(field, value):
    with pytest.raises(ValueError, match=f"{field} must be a whole number of points, 0 or less"):
        dataclasses.replace(LAWS, **{field: value})


@pytest.mark.parametrize("value", [0, 1, None, "yes"])
def test_thrown_in_counts_is_yes_or_no(value):
    with pytest.raises(ValueError, match="thrown_in_counts must be True or False"):
        dataclasses.replace(LAWS, thrown_in_counts=value)


def test_a_game_still_goes_to_the_first_side_to_reach_its_points():
    rules = dataclasses.replace(LAWS, game_points=3, **SET_SCORING)
    game = Game(rules)
    game.add(Hand("NS", 0))  # NS -2, EW 2
    game.add(Hand("EW", 1))  # NS 0, EW 0
    assert game.score == {"NS": 0, "EW": 0} and game.winner is None
    game.add(Hand("EW", 2, alone=True))  # NS 4: game
    assert game.score == {"NS": 4, "EW": -4} and game.winner == "NS"
    with pytest.raises(HandError) as refused:
        game.add(Hand("NS", 3))
    assert refused.value.code == "game_over"


def test_the_rules_table_says_the_set():
    rules = dict(dataclasses.replace(LAWS, **SET_SCORING).summary_rows())
    assert rules["Makers euchred (2 tricks or fewer)"] == (
        "2 points to the defenders, and the makers are set back 2 points"
    )
    assert rules["Lone maker euchred"] == (
        "4 points to the defenders, and the makers are set back 4 points"
    )
    plain = dict(LAWS.summary_rows())
    assert plain["Makers euchred (2 tricks or fewer)"] == "2 points to the defenders"


# --- Thrown-in deals and the hand count: examples -------------------------------------------


def test_a_thrown_in_deal_uses_up_a_hand_by_default():
    game = Game(LAWS, first_dealer="N", max_hands=2)
    game.add(Hand(None))
    game.add(Hand("NS", 3))
    assert game.finished and game.hands_counted == 2
    with pytest.raises(HandError) as refused:
        game.add(Hand("EW", 3))
    assert refused.value.code == "round_over"


def test_with_thrown_in_not_counting_the_round_plays_its_hands_and_the_deal_still_passes():
    rules = dataclasses.replace(LAWS, thrown_in_counts=False)
    game = Game(rules, first_dealer="N", max_hands=2)
    for hand in (Hand(None), Hand("NS", 3), Hand(None), Hand(None)):
        game.add(hand)
        assert not game.finished
    assert game.dealer == "N"  # four deals: N, E, S, W dealt
    game.add(Hand("EW", 5))
    assert game.finished and game.hands_counted == 2 and len(game.hands) == 5
    assert game.dealer == "E"
    assert game.score == {"NS": 1, "EW": 2}
    with pytest.raises(HandError):
        game.add(Hand(None))  # not even a thrown-in deal once the hands are played


# --- Properties -----------------------------------------------------------------------------


def set_applies(hand: Hand) -> bool:
    """The makers were euchred, and no irregularity replaced the result or barred them."""
    return (
        hand.makers is not None
        and hand.tricks < 3
        and hand.revoke is None
        and not hand.abandoned
        and hand.makers not in (hand.short_hand, hand.table_talk)
    )


@st.composite
def rules_hand_and_sets(draw):
    rules = draw(rulesets)
    hand = draw(valid_hands(rules))
    return rules, hand, draw(st.integers(-9, 0)), draw(st.integers(-9, 0))


@SETTINGS
@given(rules_hand_and_sets())
def test_the_set_applies_exactly_when_the_makers_are_euchred_with_nothing_saying_otherwise(case):
    rules, hand, euchred, lone_euchred = case
    plain = score_hand(hand, rules)
    house = score_hand(
        hand, dataclasses.replace(rules, euchred_makers=euchred, lone_euchred_makers=lone_euchred)
    )
    assert house.outcome == plain.outcome
    if hand.makers is None:
        assert house == plain
        return
    makers, defenders = hand.makers, other_side(hand.makers)
    expected = (lone_euchred if hand.alone else euchred) if set_applies(hand) else 0
    assert house.points[makers] == plain.points[makers] + expected
    assert house.points[defenders] == plain.points[defenders]
    if hand.tricks >= 3 or (euchred, lone_euchred) == (0, 0):
        assert house == plain  # the words too


@SETTINGS
@given(rules_hand_and_sets())
def test_the_defaults_set_no_one_back(case):
    rules, hand, _, _ = case
    assert (rules.euchred_makers, rules.lone_euchred_makers, rules.thrown_in_counts) == (0, 0, True)
    result = score_hand(hand, rules)
    if result.outcome != "revoke_deduct":
        assert all(n >= 0 for n in result.points.values())


@st.composite
def rounds(draw):
    rules = draw(rulesets)
    counts = draw(st.booleans())
    hands = draw(st.lists(valid_hands(rules), max_size=30))
    return dataclasses.replace(rules, thrown_in_counts=counts), hands, draw(st.integers(1, 12))


@SETTINGS
@given(rounds(), st.sampled_from(SEATS))
def test_a_round_ends_after_its_hands_counted_as_the_house_counts_them(case, first_dealer):
    rules, hands, max_hands = case
    game = Game(rules, first_dealer=first_dealer, max_hands=max_hands)
    taken = []
    for hand in hands:
        try:
            game.add(hand)
            taken.append(hand)
        except HandError as error:
            assert error.code == "round_over" and game.finished
            break
    played = [h for h in taken if h.makers is not None]
    counted = len(taken) if rules.thrown_in_counts else len(played)
    assert game.hands_counted == counted
    assert game.finished == (counted >= max_hands)
    assert counted <= max_hands
    # The deal passes to the left after every deal, thrown in or not.
    assert game.dealer == SEATS[(SEATS.index(first_dealer) + len(taken)) % 4]
    for side in SIDES:
        assert game.score[side] == sum(score_hand(h, rules).points[side] for h in taken)

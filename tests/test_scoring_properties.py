"""Properties of the scoring engine, checked with hypothesis over every preset and hand.

Pure Python: no database, no Django.
"""

import dataclasses
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import (
    ERROR_CODES,
    OUTCOMES,
    RULESETS,
    SEATS,
    SIDES,
    Game,
    Hand,
    HandError,
    other_side,
    score_hand,
)
from scoring.rules import POINT_FIELDS

SETTINGS = settings(max_examples=200, deadline=None)

presets = st.sampled_from(list(RULESETS.values()))


@st.composite
def club_variants(draw):
    """A preset with any game points and point values, so no number can be hard-coded."""
    rules = draw(presets)
    values = {field: draw(st.integers(0, 9)) for field in POINT_FIELDS}
    return dataclasses.replace(rules, game_points=draw(st.integers(1, 12)), **values)


rulesets = st.one_of(presets, club_variants())


@st.composite
def valid_hands(draw, rules, irregular=True):
    """A hand that the rules allow (RULES.md §1-§3), with at most one irregularity."""
    if rules.thrown_in_allowed and draw(st.integers(0, 9)) == 0:
        return Hand(None)
    makers = draw(st.sampled_from(SIDES))
    alone = draw(st.booleans())
    fields = {
        "tricks": draw(st.integers(0, 5)),
        "alone": alone,
        "defended_alone": rules.lone_defence and alone and draw(st.booleans()),
    }
    kinds = ["none"]
    if irregular:
        kinds += ["revoke", "short_hand"]
        if rules.table_talk_rule:
            kinds.append("table_talk")
        if rules.abandoned_rule and alone:
            kinds.append("abandoned")
    kind = draw(st.sampled_from(kinds))
    if kind == "revoke":
        fields["revoke"] = draw(st.sampled_from(("NS", "EW", "both")))
        if rules.revoke_choice and fields["revoke"] != "both":
            fields["revoke_penalty"] = draw(st.sampled_from((None, "score", "deduct")))
    elif kind in ("short_hand", "table_talk"):
        fields[kind] = draw(st.sampled_from(SIDES))
    elif kind == "abandoned":
        fields["abandoned"] = True
    return Hand(makers, **fields)


@st.composite
def rules_and_hand(draw, irregular=True, rules=rulesets):
    chosen = draw(rules)
    return chosen, draw(valid_hands(chosen, irregular=irregular))


# Values a careless form or caller might put in any field.
junk = st.sampled_from([None, True, False, 0, 1, 3, 6, -1, 2.0, "3", "", "NS", "both", "N", "x"])

HAND_FIELDS = [field.name for field in dataclasses.fields(Hand)]

# The values each optional field can hold when it is used at all.
EXTRAS = {
    "defended_alone": [True],
    "revoke": ["NS", "EW", "both"],
    "revoke_penalty": ["score", "deduct"],
    "short_hand": ["NS", "EW"],
    "table_talk": ["NS", "EW"],
    "abandoned": [True],
}


@st.composite
def any_hands(draw):
    """Hands whose fields each hold a possible value, with up to three of the optional
    fields used in any combination the rules may or may not allow; now and then a field
    holds junk instead."""
    hand = Hand(
        makers=draw(st.sampled_from(["NS", "EW", "NS", "EW", None])),
        tricks=draw(st.sampled_from([0, 1, 2, 3, 4, 5, None])),
        alone=draw(st.booleans()),
    )
    for field in draw(st.lists(st.sampled_from(list(EXTRAS)), max_size=3, unique=True)):
        hand = dataclasses.replace(hand, **{field: draw(st.sampled_from(EXTRAS[field]))})
    if draw(st.integers(0, 3)) == 0:
        hand = dataclasses.replace(hand, **{draw(st.sampled_from(HAND_FIELDS)): draw(junk)})
    return hand


def allowed(hand, rules) -> bool:
    """RULES.md §3 restated as one predicate: may this hand be scored under these rules?"""
    flags = (hand.alone, hand.defended_alone, hand.abandoned)
    if not all(isinstance(flag, bool) for flag in flags):
        return False
    sides_ok = all(
        value is None or value in SIDES for value in (hand.makers, hand.short_hand, hand.table_talk)
    )
    if not sides_ok or hand.revoke not in (None, "NS", "EW", "both"):
        return False
    if hand.revoke_penalty not in (None, "score", "deduct"):
        return False
    irregularities = [
        hand.revoke is not None,
        hand.short_hand is not None,
        hand.table_talk is not None,
        hand.abandoned,
    ]
    if hand.makers is None:
        return (
            rules.thrown_in_allowed
            and hand.tricks is None
            and not hand.alone
            and not hand.defended_alone
            and hand.revoke_penalty is None
            and not any(irregularities)
        )
    if type(hand.tricks) is not int or not 0 <= hand.tricks <= 5:
        return False
    if hand.defended_alone and not (rules.lone_defence and hand.alone):
        return False
    if hand.revoke_penalty is not None and not (
        rules.revoke_choice and hand.revoke in ("NS", "EW")
    ):
        return False
    if hand.table_talk is not None and not rules.table_talk_rule:
        return False
    if hand.abandoned and not (rules.abandoned_rule and hand.alone):
        return False
    return sum(irregularities) <= 1


def base_values(rules) -> set[int]:
    return {
        rules.made,
        rules.march,
        rules.lone_march,
        rules.euchre,
        rules.lone_euchre,
        rules.lone_defence_euchre,
        rules.lone_defence_march,
    }


@SETTINGS
@given(rules_and_hand(irregular=False))
def test_without_irregularity_only_one_side_scores_a_base_value(case):
    rules, hand = case
    result = score_hand(hand, rules)
    gained = {side: n for side, n in result.points.items() if n != 0}
    assert len(gained) <= 1
    assert all(n in base_values(rules) for n in gained.values())
    if hand.makers is not None:
        # Only the makers can score if they took 3 or more, only the defenders otherwise (§1).
        loser = other_side(hand.makers) if hand.tricks >= 3 else hand.makers
        assert result.points[loser] == 0


@SETTINGS
@given(rules_and_hand())
def test_points_come_from_the_rules_values(case):
    rules, hand = case
    result = score_hand(hand, rules)
    base = base_values(rules) | {0}
    possible = (
        base
        | {rules.revoke, rules.revoke_vs_lone, rules.abandoned}
        | {rules.table_talk + n for n in base}
        | {-rules.revoke_deduct, -rules.revoke_deduct_lone}
    )
    assert set(result.points) == set(SIDES)
    assert all(type(n) is int and n in possible for n in result.points.values())
    assert result.outcome in OUTCOMES
    assert result.description


@SETTINGS
@given(rules_and_hand())
def test_deductions_only_under_hoyle_deduct(case):
    rules, hand = case
    result = score_hand(hand, rules)
    if any(n < 0 for n in result.points.values()):
        assert rules.revoke_choice and hand.revoke_penalty == "deduct"
        assert result.outcome == "revoke_deduct"
        assert result.points[hand.revoke] < 0
    if hand.revoke_penalty == "deduct":
        assert all(n <= 0 for n in result.points.values())


@SETTINGS
@given(rules_and_hand())
def test_offending_side_never_gains(case):
    rules, hand = case
    result = score_hand(hand, rules)
    for offenders in (hand.revoke, hand.short_hand, hand.table_talk):
        if offenders in SIDES:
            assert result.points[offenders] <= 0
    if hand.revoke == "both":
        assert result.points == {"NS": 0, "EW": 0}


@SETTINGS
@given(rulesets)
def test_thrown_in_deal_scores_nothing(rules):
    if rules.thrown_in_allowed:
        result = score_hand(Hand(None), rules)
        assert result.points == {"NS": 0, "EW": 0}
        assert result.outcome == "thrown_in"
    else:
        try:
            score_hand(Hand(None), rules)
        except HandError as error:
            assert error.code == "thrown_in_not_allowed"
        else:
            raise AssertionError("a thrown-in deal was scored under stick the dealer")


def swap(side):
    return {"NS": "EW", "EW": "NS"}.get(side, side)


@SETTINGS
@given(rules_and_hand())
def test_scoring_does_not_favour_a_side(case):
    rules, hand = case
    mirrored = dataclasses.replace(
        hand,
        makers=swap(hand.makers),
        revoke=swap(hand.revoke),
        short_hand=swap(hand.short_hand),
        table_talk=swap(hand.table_talk),
    )
    result, other = score_hand(hand, rules), score_hand(mirrored, rules)
    assert (result.points["NS"], result.points["EW"]) == (other.points["EW"], other.points["NS"])
    assert result.outcome == other.outcome


@pytest.mark.parametrize("preset", list(RULESETS))
@settings(max_examples=150, deadline=None)
@given(hand=any_hands())
def test_every_bad_entry_is_refused_and_every_good_one_scored(preset, hand):
    rules = RULESETS[preset]
    try:
        result = score_hand(hand, rules)
    except HandError as error:
        assert not allowed(hand, rules), f"refused a good hand: {error.code}"
        assert error.code in ERROR_CODES
        assert error.field is None or hasattr(hand, error.field)
        assert str(error)
    else:
        assert allowed(hand, rules), f"scored a bad hand as {result.outcome}"


@pytest.mark.parametrize("preset", list(RULESETS))
def test_every_combination_of_possible_values_is_judged_by_section_3(preset):
    # Exhaustive over the values a form can send (about 18,000 hands a preset): each is
    # scored if RULES.md §3 allows it and refused, with a known code, if not.
    rules = RULESETS[preset]
    scored = refused = 0
    for values in itertools.product(
        (None, "NS", "EW"),
        (None, 0, 1, 2, 3, 4, 5),
        (False, True),
        (False, True),
        (None, "NS", "EW", "both"),
        (None, "score", "deduct"),
        (None, "NS", "EW"),
        (None, "NS", "EW"),
        (False, True),
    ):
        hand = Hand(*values)
        try:
            score_hand(hand, rules)
        except HandError as error:
            assert not allowed(hand, rules), (hand, error.code)
            assert error.code in ERROR_CODES
            refused += 1
        else:
            assert allowed(hand, rules), hand
            scored += 1
    assert scored > 100 and refused > 100


@SETTINGS
@given(rules_and_hand())
def test_generated_hands_are_allowed(case):
    # Keeps the generator and the §3 predicate honest with each other.
    rules, hand = case
    assert allowed(hand, rules)


@st.composite
def games(draw):
    rules = draw(rulesets)
    hands = draw(st.lists(valid_hands(rules), max_size=30))
    max_hands = draw(st.one_of(st.none(), st.integers(1, 12)))
    return rules, hands, draw(st.sampled_from(SEATS)), max_hands


@settings(max_examples=100, deadline=None)
@given(games())
def test_game_totals_are_the_sum_of_the_hands(case):
    rules, hands, first_dealer, max_hands = case
    game = Game(rules, first_dealer=first_dealer, max_hands=max_hands)
    for hand in hands:
        before = (game.score, game.hands, game.dealer)
        try:
            game.add(hand)
        except HandError as error:
            assert error.code in ("game_over", "round_over")
            assert (game.score, game.hands, game.dealer) == before
            assert error.code == ("game_over" if game.winner else "round_over")
    played = len(game.hands)
    assert game.results == tuple(score_hand(hand, rules) for hand in hands[:played])
    for side in SIDES:
        assert game.score[side] == sum(result.points[side] for result in game.results)
    start = SEATS.index(first_dealer)
    assert game.dealer == SEATS[(start + played) % 4]
    if max_hands is not None:
        # A round of fixed hands plays them all, whatever the score.
        assert played == min(len(hands), max_hands) and game.winner is None
        return
    # The game stops at the first hand that takes a side to game points.
    totals = {"NS": 0, "EW": 0}
    for index, result in enumerate(game.results):
        for side in SIDES:
            totals[side] += result.points[side]
        reached = [side for side in SIDES if totals[side] >= rules.game_points]
        if index < played - 1:
            assert not reached
    reached = [side for side in SIDES if game.score[side] >= rules.game_points]
    assert reached == ([game.winner] if game.winner else [])

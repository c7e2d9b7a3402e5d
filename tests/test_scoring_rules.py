"""Example tests for the scoring engine: one or more per rule of RULES.md, with its numbers.

Pure Python: no database, no Django.
"""

import dataclasses
import types
from pathlib import Path

import pytest

from scoring import (
    ERROR_CODES,
    OUTCOMES,
    RULESETS,
    Game,
    Hand,
    HandError,
    HandScore,
    RuleSet,
    next_dealer,
    other_side,
    score_hand,
    side_of,
)

PRESETS = ("hoyle-2001", "official-hoyle", "laws-of-euchre", "somerset-1888", "knock-euchre")

# RULES.md §1 second table: deck, game to, euchre, lone_euchre, lone defence.
TABLE = {
    "hoyle-2001": (32, 5, 2, 2, True),
    "official-hoyle": (32, 5, 1, 1, False),
    "laws-of-euchre": (24, 10, 2, 4, False),
    "somerset-1888": (32, 5, 2, 2, False),
    "knock-euchre": (24, 10, 2, 2, False),
}
EUCHRE = {name: row[2] for name, row in TABLE.items()}
LONE_EUCHRE = {name: row[3] for name, row in TABLE.items()}
NOT_HOYLE = [name for name in PRESETS if name != "hoyle-2001"]
THROWN_IN_PRESETS = [name for name in PRESETS if name != "knock-euchre"]


def score(preset: str, makers, **fields) -> HandScore:
    return score_hand(Hand(makers, **fields), RULESETS[preset])


def points(preset: str, makers, **fields) -> tuple[int, int]:
    result = score(preset, makers, **fields)
    return result.points["NS"], result.points["EW"]


def refused(preset: str, hand: Hand) -> HandError:
    with pytest.raises(HandError) as caught:
        score_hand(hand, RULESETS[preset])
    return caught.value


# --- The presets --------------------------------------------------------------------------


def test_presets_are_the_five_of_rules_md_in_order():
    assert tuple(RULESETS) == PRESETS
    assert all(rules.name == name for name, rules in RULESETS.items())
    assert all(isinstance(rules, RuleSet) for rules in RULESETS.values())


def test_presets_cannot_be_changed():
    assert isinstance(RULESETS, types.MappingProxyType)
    with pytest.raises(TypeError):
        RULESETS["house"] = RULESETS["hoyle-2001"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        RULESETS["hoyle-2001"].game_points = 7


@pytest.mark.parametrize("preset", PRESETS)
def test_preset_values_match_rules_md(preset):
    rules = RULESETS[preset]
    deck, game, euchre, lone_euchre, lone_defence = TABLE[preset]
    assert (rules.deck_size, rules.game_points) == (deck, game)
    assert (rules.euchre, rules.lone_euchre, rules.lone_defence) == (
        euchre,
        lone_euchre,
        lone_defence,
    )
    assert (rules.made, rules.march, rules.lone_march) == (1, 2, 4)
    assert (rules.lone_defence_euchre, rules.lone_defence_march) == (2, 4)
    assert (rules.revoke, rules.revoke_vs_lone) == (2, 4)
    assert (rules.revoke_deduct, rules.revoke_deduct_lone) == (2, 4)
    assert (rules.table_talk, rules.abandoned) == (1, 5)
    assert rules.revoke_choice is (preset == "hoyle-2001")
    assert rules.thrown_in_allowed is (preset != "knock-euchre")
    assert rules.table_talk_rule is (preset == "laws-of-euchre")
    assert rules.abandoned_rule is (preset == "somerset-1888")
    assert rules.title and rules.source


def test_deck_is_described_in_words():
    assert RULESETS["hoyle-2001"].deck_description == "32 cards, 7 to ace in each suit"
    assert RULESETS["knock-euchre"].deck_description == "24 cards, 9 to ace in each suit"


def test_club_variant_changes_game_points_and_leaves_the_preset_alone():
    seven = dataclasses.replace(RULESETS["hoyle-2001"], game_points=7)
    assert seven.game_points == 7
    assert seven.euchre == 2
    assert RULESETS["hoyle-2001"].game_points == 5


@pytest.mark.parametrize("bad", [0, -5, 7.5, True, "7", None])
def test_club_variant_with_bad_game_points_is_refused(bad):
    with pytest.raises(ValueError, match="game_points"):
        dataclasses.replace(RULESETS["laws-of-euchre"], game_points=bad)


@pytest.mark.parametrize(
    ("field", "bad"),
    [("euchre", -1), ("lone_march", 2.0), ("revoke", True), ("abandoned", "5")],
)
def test_club_variant_with_bad_point_value_is_refused(field, bad):
    with pytest.raises(ValueError, match=field):
        dataclasses.replace(RULESETS["somerset-1888"], **{field: bad})


def test_bad_deck_and_option_are_refused():
    with pytest.raises(ValueError, match="deck_size"):
        dataclasses.replace(RULESETS["hoyle-2001"], deck_size=52)
    with pytest.raises(ValueError, match="lone_defence"):
        dataclasses.replace(RULESETS["hoyle-2001"], lone_defence="yes")


def test_zero_points_is_a_valid_club_value():
    rules = dataclasses.replace(RULESETS["hoyle-2001"], euchre=0)
    assert score_hand(Hand("NS", tricks=0), rules).points == {"NS": 0, "EW": 0}


def test_club_variant_values_are_the_ones_scored():
    rules = dataclasses.replace(RULESETS["official-hoyle"], march=3, lone_euchre=6)
    assert score_hand(Hand("EW", tricks=5), rules).points == {"NS": 0, "EW": 3}
    assert score_hand(Hand("EW", tricks=2, alone=True), rules).points == {"NS": 6, "EW": 0}


# --- §1 the base score --------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    ("tricks", "alone", "makers_points", "defenders_key"),
    [
        (3, False, 1, None),
        (4, False, 1, None),
        (5, False, 2, None),
        (3, True, 1, None),
        (4, True, 1, None),
        (5, True, 4, None),
        (0, False, 0, "euchre"),
        (1, False, 0, "euchre"),
        (2, False, 0, "euchre"),
        (0, True, 0, "lone_euchre"),
        (1, True, 0, "lone_euchre"),
        (2, True, 0, "lone_euchre"),
    ],
)
def test_base_score(preset, tricks, alone, makers_points, defenders_key):
    defenders_points = {None: 0, "euchre": EUCHRE, "lone_euchre": LONE_EUCHRE}[defenders_key]
    if defenders_key:
        defenders_points = defenders_points[preset]
    assert points(preset, "NS", tricks=tricks, alone=alone) == (makers_points, defenders_points)
    # The same hand made by the other side scores the other way round.
    assert points(preset, "EW", tricks=tricks, alone=alone) == (defenders_points, makers_points)


@pytest.mark.parametrize(
    ("tricks", "alone", "outcome", "description"),
    [
        (3, False, "made", "North-South made it with 3 tricks: 1 point"),
        (4, True, "lone_made", "North-South made it alone with 4 tricks: 1 point"),
        (5, False, "march", "North-South march: 2 points"),
        (5, True, "lone_march", "North-South march alone: 4 points"),
        (2, False, "euchred", "East-West euchred North-South: 2 points to East-West"),
        (
            0,
            True,
            "lone_euchred",
            "East-West euchred North-South's lone hand: 4 points to East-West",
        ),
    ],
)
def test_base_outcome_and_description(tricks, alone, outcome, description):
    result = score("laws-of-euchre", "NS", tricks=tricks, alone=alone)
    assert (result.outcome, result.description) == (outcome, description)


def test_official_hoyle_euchre_is_one_point():
    # Mano: "If they fail to get 3 tricks, the other team gets 1 point".
    result = score("official-hoyle", "EW", tricks=1)
    assert result.points == {"NS": 1, "EW": 0}
    assert result.description == "North-South euchred East-West: 1 point to North-South"


def test_outcome_words_are_documented():
    hands = [
        Hand("NS", tricks=3),
        Hand("NS", tricks=5, alone=True, defended_alone=True),
        Hand("NS", tricks=1, alone=True, defended_alone=True),
        Hand("NS", tricks=0, alone=True, defended_alone=True),
        Hand("NS", tricks=0, revoke="EW", revoke_penalty="deduct"),
        Hand("NS", tricks=0, revoke="both"),
        Hand(None),
    ]
    for hand in hands:
        assert score_hand(hand, RULESETS["hoyle-2001"]).outcome in OUTCOMES


# --- §1 lone defence (Hoyle only) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("tricks", "expected", "outcome"),
    [
        (5, (4, 0), "lone_march"),
        (4, (1, 0), "lone_made"),
        (3, (1, 0), "lone_made"),
        (2, (0, 2), "lone_defence_euchred"),
        (1, (0, 2), "lone_defence_euchred"),
        (0, (0, 4), "lone_defence_march"),
    ],
)
def test_lone_defence_under_hoyle(tricks, expected, outcome):
    result = score("hoyle-2001", "NS", tricks=tricks, alone=True, defended_alone=True)
    assert (result.points["NS"], result.points["EW"]) == expected
    assert result.outcome == outcome


def test_lone_defence_description():
    result = score("hoyle-2001", "EW", tricks=0, alone=True, defended_alone=True)
    assert result.description == (
        "North-South defended alone and took all 5 tricks: 4 points to North-South"
    )


def test_lone_defence_needs_a_lone_maker():
    error = refused("hoyle-2001", Hand("NS", tricks=2, defended_alone=True))
    assert (error.code, error.field) == ("lone_defence_without_lone_maker", "defended_alone")
    assert "tick 'alone'" in str(error)


@pytest.mark.parametrize("preset", NOT_HOYLE)
def test_lone_defence_refused_under_other_presets(preset):
    error = refused(preset, Hand("NS", tricks=2, alone=True, defended_alone=True))
    assert (error.code, error.field) == ("lone_defence_not_allowed", "defended_alone")


# --- §1 thrown-in deal --------------------------------------------------------------------


@pytest.mark.parametrize("preset", THROWN_IN_PRESETS)
def test_thrown_in_deal_scores_nothing(preset):
    result = score(preset, None)
    assert result.points == {"NS": 0, "EW": 0}
    assert result.outcome == "thrown_in"


def test_thrown_in_deal_refused_under_stick_the_dealer():
    error = refused("knock-euchre", Hand(None))
    assert (error.code, error.field) == ("thrown_in_not_allowed", "makers")


@pytest.mark.parametrize(
    ("fields", "code", "field"),
    [
        ({"tricks": 0}, "thrown_in_with_play", "tricks"),
        ({"alone": True}, "thrown_in_with_play", "alone"),
        ({"defended_alone": True}, "thrown_in_with_play", "defended_alone"),
        ({"revoke": "NS"}, "thrown_in_with_irregularity", "revoke"),
        ({"revoke": "both"}, "thrown_in_with_irregularity", "revoke"),
        ({"revoke_penalty": "score"}, "thrown_in_with_irregularity", "revoke_penalty"),
        ({"short_hand": "EW"}, "thrown_in_with_irregularity", "short_hand"),
        ({"table_talk": "EW"}, "thrown_in_with_irregularity", "table_talk"),
        ({"abandoned": True}, "thrown_in_with_irregularity", "abandoned"),
    ],
)
def test_thrown_in_deal_with_play_or_irregularity_is_refused(fields, code, field):
    preset = "laws-of-euchre" if "table_talk" in fields else "hoyle-2001"
    error = refused(preset, Hand(None, **fields))
    assert (error.code, error.field) == (code, field)


# --- §2 revoke ----------------------------------------------------------------------------


@pytest.mark.parametrize("penalty", [None, "score"])
def test_hoyle_revoke_scores_two_by_default_or_by_choice(penalty):
    result = score("hoyle-2001", "NS", tricks=5, revoke="NS", revoke_penalty=penalty)
    # The penalty replaces the march NS would have scored.
    assert result.points == {"NS": 0, "EW": 2}
    assert result.outcome == "revoke"
    assert result.description == "North-South revoked: 2 points to East-West"


def test_hoyle_revoke_scores_two_even_against_a_lone_maker():
    assert points("hoyle-2001", "NS", tricks=1, alone=True, revoke="EW") == (2, 0)


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"makers": "NS", "tricks": 3}, (-2, 0)),  # makers revoked, both playing
        ({"makers": "EW", "tricks": 3}, (-2, 0)),  # defenders revoked, both playing
        ({"makers": "NS", "tricks": 5, "alone": True}, (-4, 0)),  # the lone maker revoked
        ({"makers": "EW", "tricks": 3, "alone": True}, (-2, 0)),  # defenders of a lone maker
        # A lone defender is "a lone" too: our reading of Hoyle.
        ({"makers": "EW", "tricks": 3, "alone": True, "defended_alone": True}, (-4, 0)),
    ],
)
def test_hoyle_revoke_deduct(fields, expected):
    makers = fields.pop("makers")
    result = score("hoyle-2001", makers, revoke="NS", revoke_penalty="deduct", **fields)
    assert (result.points["NS"], result.points["EW"]) == expected
    assert result.outcome == "revoke_deduct"


def test_hoyle_deduct_description():
    result = score("hoyle-2001", "EW", tricks=5, alone=True, revoke="EW", revoke_penalty="deduct")
    assert result.description == "East-West revoked: 4 points taken off East-West"


@pytest.mark.parametrize("preset", NOT_HOYLE)
@pytest.mark.parametrize(
    ("makers", "alone", "revoke", "expected"),
    [
        ("NS", False, "NS", (0, 2)),  # makers revoke
        ("NS", False, "EW", (2, 0)),  # defenders revoke
        ("NS", True, "NS", (0, 2)),  # the lone maker revokes
        ("NS", True, "EW", (4, 0)),  # defenders of a lone maker revoke
        ("EW", True, "NS", (0, 4)),
    ],
)
def test_revoke_under_laws_rule(preset, makers, alone, revoke, expected):
    result = score(preset, makers, tricks=2, alone=alone, revoke=revoke)
    assert (result.points["NS"], result.points["EW"]) == expected
    assert result.outcome == "revoke"


def test_revoke_against_lone_hand_description():
    result = score("laws-of-euchre", "NS", tricks=4, alone=True, revoke="EW")
    assert (
        result.description
        == "East-West revoked against North-South's lone hand: 4 points to North-South"
    )


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("alone", [False, True])
def test_revokes_by_both_sides_offset(preset, alone):
    result = score(preset, "NS", tricks=5, alone=alone, revoke="both")
    assert result.points == {"NS": 0, "EW": 0}
    assert result.outcome == "revokes_offset"


@pytest.mark.parametrize("preset", NOT_HOYLE)
@pytest.mark.parametrize("penalty", ["score", "deduct"])
def test_revoke_choice_refused_outside_hoyle(preset, penalty):
    error = refused(preset, Hand("NS", tricks=3, revoke="EW", revoke_penalty=penalty))
    assert (error.code, error.field) == ("revoke_choice_not_allowed", "revoke_penalty")


@pytest.mark.parametrize("revoke", [None, "both"])
def test_revoke_choice_without_a_single_revoke_is_refused(revoke):
    error = refused("hoyle-2001", Hand("NS", tricks=3, revoke=revoke, revoke_penalty="deduct"))
    assert (error.code, error.field) == ("revoke_choice_without_revoke", "revoke_penalty")


# --- §2 wrong number of cards -------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_short_hand_offenders_score_nothing(preset):
    # Makers march but had the wrong number of cards: no score at all.
    assert points(preset, "NS", tricks=5, short_hand="NS") == (0, 0)
    # Defenders euchre the makers but had the wrong number of cards.
    assert points(preset, "NS", tricks=1, short_hand="EW") == (0, 0)


@pytest.mark.parametrize("preset", PRESETS)
def test_short_hand_other_side_scores_what_it_won(preset):
    assert points(preset, "NS", tricks=2, short_hand="NS") == (0, EUCHRE[preset])
    assert points(preset, "NS", tricks=0, alone=True, short_hand="NS") == (
        0,
        LONE_EUCHRE[preset],
    )
    assert points(preset, "NS", tricks=5, alone=True, short_hand="EW") == (4, 0)


def test_short_hand_with_lone_defence():
    result = score("hoyle-2001", "NS", tricks=0, alone=True, defended_alone=True, short_hand="NS")
    assert result.points == {"NS": 0, "EW": 4}


def test_short_hand_outcome_and_description():
    lost = score("hoyle-2001", "NS", tricks=5, short_hand="NS")
    assert lost.outcome == "short_hand"
    assert lost.description == (
        "No score: North-South had the wrong number of cards, so they cannot count the "
        "2 points they won"
    )
    kept = score("hoyle-2001", "NS", tricks=5, short_hand="EW")
    assert (
        kept.description == "North-South march: 2 points (East-West had the wrong number of cards)"
    )


# --- §2 table talk (Laws only) ------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        # Other side made nothing: just the penalty point.
        ({"makers": "NS", "tricks": 3, "table_talk": "NS"}, (0, 1)),
        ({"makers": "NS", "tricks": 5, "table_talk": "NS"}, (0, 1)),
        # Non-offenders add the point to what they won.
        ({"makers": "NS", "tricks": 5, "table_talk": "EW"}, (3, 0)),
        ({"makers": "NS", "tricks": 3, "table_talk": "EW"}, (2, 0)),
        ({"makers": "NS", "tricks": 2, "table_talk": "NS"}, (0, 3)),
        ({"makers": "NS", "tricks": 0, "alone": True, "table_talk": "NS"}, (0, 5)),
        # Offending defenders lose their euchre.
        ({"makers": "NS", "tricks": 1, "table_talk": "EW"}, (1, 0)),
    ],
)
def test_table_talk_under_laws(fields, expected):
    makers = fields.pop("makers")
    result = score("laws-of-euchre", makers, **fields)
    assert (result.points["NS"], result.points["EW"]) == expected
    assert result.outcome == "table_talk"


def test_table_talk_descriptions():
    added = score("laws-of-euchre", "NS", tricks=2, table_talk="NS")
    assert added.description == (
        "East-West euchred North-South, and North-South talked across the table: "
        "3 points to East-West"
    )
    lost = score("laws-of-euchre", "NS", tricks=5, table_talk="NS")
    assert lost.description == (
        "North-South talked across the table, so they cannot count the 2 points they won: "
        "1 point to East-West"
    )


@pytest.mark.parametrize("preset", [p for p in PRESETS if p != "laws-of-euchre"])
def test_table_talk_refused_under_other_presets(preset):
    error = refused(preset, Hand("NS", tricks=3, table_talk="EW"))
    assert (error.code, error.field) == ("table_talk_not_allowed", "table_talk")


# --- §2 abandoned lone hand (Somerset only) -----------------------------------------------


@pytest.mark.parametrize("tricks", [0, 2, 3, 5])
def test_abandoned_lone_hand_scores_five_to_the_lone_maker(tricks):
    result = score("somerset-1888", "EW", tricks=tricks, alone=True, abandoned=True)
    assert result.points == {"NS": 0, "EW": 5}
    assert result.outcome == "abandoned"
    assert result.description == (
        "North-South abandoned against East-West's lone hand: 5 points to East-West"
    )


def test_abandoned_needs_a_lone_maker():
    error = refused("somerset-1888", Hand("NS", tricks=1, abandoned=True))
    assert (error.code, error.field) == ("abandoned_without_lone_maker", "abandoned")


@pytest.mark.parametrize("preset", [p for p in PRESETS if p != "somerset-1888"])
def test_abandoned_refused_under_other_presets(preset):
    error = refused(preset, Hand("NS", tricks=1, alone=True, abandoned=True))
    assert (error.code, error.field) == ("abandoned_not_allowed", "abandoned")


# --- §3 bad entries -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "hand", "code", "field"),
    [
        ("hoyle-2001", Hand("NS"), "tricks_missing", "tricks"),
        ("hoyle-2001", Hand("NS", tricks=3.0), "tricks_not_whole", "tricks"),
        ("hoyle-2001", Hand("NS", tricks=2.5), "tricks_not_whole", "tricks"),
        ("hoyle-2001", Hand("NS", tricks="3"), "tricks_not_whole", "tricks"),
        ("hoyle-2001", Hand("NS", tricks=True), "tricks_not_whole", "tricks"),
        ("hoyle-2001", Hand("NS", tricks=False), "tricks_not_whole", "tricks"),
        ("hoyle-2001", Hand("NS", tricks=6), "tricks_out_of_range", "tricks"),
        ("hoyle-2001", Hand("NS", tricks=-1), "tricks_out_of_range", "tricks"),
        ("laws-of-euchre", Hand("N", tricks=3), "bad_side", "makers"),
        ("laws-of-euchre", Hand("ns", tricks=3), "bad_side", "makers"),
        ("laws-of-euchre", Hand("", tricks=3), "bad_side", "makers"),
        ("laws-of-euchre", Hand("NS", tricks=3, revoke="S"), "bad_side", "revoke"),
        ("laws-of-euchre", Hand("NS", tricks=3, short_hand="both"), "bad_side", "short_hand"),
        ("laws-of-euchre", Hand("NS", tricks=3, table_talk="W"), "bad_side", "table_talk"),
        ("laws-of-euchre", Hand("NS", tricks=3, alone=1), "bad_flag", "alone"),
        ("hoyle-2001", Hand("NS", tricks=3, defended_alone="no"), "bad_flag", "defended_alone"),
        ("somerset-1888", Hand("NS", tricks=3, abandoned=None), "bad_flag", "abandoned"),
        (
            "hoyle-2001",
            Hand("NS", tricks=3, revoke="EW", revoke_penalty="both"),
            "bad_revoke_penalty",
            "revoke_penalty",
        ),
        (
            "somerset-1888",
            Hand("NS", tricks=3, alone=True, revoke="EW", abandoned=True),
            "one_irregularity_per_hand",
            "abandoned",
        ),
        (
            "laws-of-euchre",
            Hand("NS", tricks=3, revoke="EW", table_talk="EW"),
            "one_irregularity_per_hand",
            "table_talk",
        ),
        (
            "hoyle-2001",
            Hand("NS", tricks=3, revoke="both", short_hand="NS"),
            "one_irregularity_per_hand",
            "short_hand",
        ),
        (
            "laws-of-euchre",
            Hand("NS", tricks=3, short_hand="NS", table_talk="EW"),
            "one_irregularity_per_hand",
            "table_talk",
        ),
    ],
)
def test_bad_entry_is_refused_with_code_and_field(preset, hand, code, field):
    error = refused(preset, hand)
    assert (error.code, error.field) == (code, field)
    assert isinstance(error, ValueError)
    assert error.code in ERROR_CODES
    assert str(error) == error.message and len(error.message) > 20


def test_error_messages_speak_to_players():
    assert "0 to 5" in str(refused("hoyle-2001", Hand("NS")))
    assert "not 6" in str(refused("hoyle-2001", Hand("NS", tricks=6)))
    assert "North-South (NS) or East-West (EW)" in str(refused("hoyle-2001", Hand("X", tricks=1)))
    assert "Official Hoyle" in str(refused("official-hoyle", Hand("NS", tricks=1, table_talk="NS")))


def test_score_hand_needs_a_hand_and_rules():
    with pytest.raises(TypeError):
        score_hand(Hand("NS", tricks=3), "hoyle-2001")
    with pytest.raises(TypeError):
        score_hand({"makers": "NS", "tricks": 3}, RULESETS["hoyle-2001"])


def test_hand_holds_values_without_judging_them():
    hand = Hand("XX", tricks=9, alone="maybe")
    assert (hand.makers, hand.tricks, hand.alone) == ("XX", 9, "maybe")
    assert Hand("NS", 3) == Hand("NS", tricks=3)


# --- Seats and sides ----------------------------------------------------------------------


def test_seats_and_sides():
    assert [side_of(seat) for seat in "NESW"] == ["NS", "EW", "NS", "EW"]
    assert [next_dealer(seat) for seat in "NESW"] == ["E", "S", "W", "N"]
    assert (other_side("NS"), other_side("EW")) == ("EW", "NS")


@pytest.mark.parametrize("seat", ["X", "n", "NS", "", None, 0])
def test_bad_seat(seat):
    for helper in (side_of, next_dealer):
        with pytest.raises(HandError) as caught:
            helper(seat)
        assert caught.value.code == "bad_seat"


@pytest.mark.parametrize("side", ["N", "both", None])
def test_bad_side(side):
    with pytest.raises(HandError) as caught:
        other_side(side)
    assert caught.value.code == "bad_side"


# --- Game ---------------------------------------------------------------------------------


def test_deal_passes_left_also_after_a_thrown_in_deal():
    game = Game(RULESETS["hoyle-2001"], first_dealer="S")
    dealers = [game.dealer]
    for hand in (Hand(None), Hand("NS", tricks=3), Hand(None), Hand("EW", tricks=3)):
        game.add(hand)
        dealers.append(game.dealer)
    assert dealers == ["S", "W", "N", "E", "S"]


def test_running_score_and_winner():
    game = Game(RULESETS["hoyle-2001"])
    assert game.score == {"NS": 0, "EW": 0}
    assert game.winner is None
    game.add(Hand("NS", tricks=5))  # NS 2
    game.add(Hand("NS", tricks=1))  # EW 2
    game.add(Hand("EW", tricks=3))  # EW 3
    assert game.score == {"NS": 2, "EW": 3}
    assert game.winner is None and not game.finished
    game.add(Hand("EW", tricks=4, alone=True))  # EW 4
    assert game.winner is None
    result = game.add(Hand("EW", tricks=3))  # EW 5: game
    assert result.points == {"NS": 0, "EW": 1}
    assert game.score == {"NS": 2, "EW": 5}
    assert game.winner == "EW" and game.finished
    assert len(game.hands) == len(game.results) == 5
    assert game.hands[0] == Hand("NS", tricks=5)
    assert game.results[1].outcome == "euchred"


def test_no_hand_after_the_game_is_won():
    game = Game(RULESETS["official-hoyle"])
    game.add(Hand("NS", tricks=5, alone=True))
    game.add(Hand("NS", tricks=3))
    assert game.winner == "NS"
    with pytest.raises(HandError) as caught:
        game.add(Hand("EW", tricks=3))
    assert caught.value.code == "game_over"
    assert game.score == {"NS": 5, "EW": 0}
    assert len(game.hands) == 2


def test_club_variant_plays_to_seven():
    game = Game(dataclasses.replace(RULESETS["hoyle-2001"], game_points=7))
    game.add(Hand("NS", tricks=5, alone=True))
    game.add(Hand("NS", tricks=5))
    assert game.score["NS"] == 6 and game.winner is None
    game.add(Hand("NS", tricks=4))
    assert game.winner == "NS"


def test_game_to_ten_goes_past_five():
    game = Game(RULESETS["laws-of-euchre"])
    game.add(Hand("EW", tricks=0, alone=True))  # NS 4
    game.add(Hand("NS", tricks=5, alone=True))  # NS 8
    assert game.winner is None
    game.add(Hand("NS", tricks=5))  # NS 10
    assert game.winner == "NS"


def test_round_of_fixed_hands():
    game = Game(RULESETS["laws-of-euchre"], first_dealer="W", max_hands=3)
    for _ in range(3):
        game.add(Hand("NS", tricks=3))
    assert game.finished and game.winner is None and game.leader == "NS"
    with pytest.raises(HandError) as caught:
        game.add(Hand("NS", tricks=3))
    assert caught.value.code == "round_over"
    assert game.score == {"NS": 3, "EW": 0}
    assert game.dealer == "S"


def test_round_of_fixed_hands_plays_on_past_game_points():
    """A progressive round of 8 hands is not a game: reaching 5 does not end it."""
    game = Game(RULESETS["hoyle-2001"], max_hands=8)
    for _ in range(3):
        game.add(Hand("EW", tricks=5, alone=True))  # EW 4, 8, 12
    assert game.score == {"NS": 0, "EW": 12}
    assert game.winner is None and not game.finished and game.leader == "EW"
    for _ in range(5):
        game.add(Hand("NS", tricks=3))
    assert game.finished and game.score == {"NS": 5, "EW": 12}
    with pytest.raises(HandError) as caught:
        game.add(Hand("NS", tricks=3))
    assert caught.value.code == "round_over"


def test_failed_add_changes_nothing():
    game = Game(RULESETS["hoyle-2001"], first_dealer="E")
    game.add(Hand("NS", tricks=4))
    before = (game.score, game.hands, game.results, game.dealer, game.winner)
    with pytest.raises(HandError) as caught:
        game.add(Hand("NS", tricks=3, table_talk="EW"))
    assert caught.value.code == "table_talk_not_allowed"
    with pytest.raises(HandError):
        game.add(Hand("NS", tricks=7))
    assert (game.score, game.hands, game.results, game.dealer, game.winner) == before


def test_hoyle_deduction_can_take_a_score_below_zero():
    game = Game(RULESETS["hoyle-2001"])
    game.add(Hand("NS", tricks=5, alone=True, revoke="NS", revoke_penalty="deduct"))
    assert game.score == {"NS": -4, "EW": 0}


def test_score_is_a_copy():
    game = Game(RULESETS["hoyle-2001"])
    game.score["NS"] = 99
    assert game.score == {"NS": 0, "EW": 0}


@pytest.mark.parametrize("seat", ["X", "NS", None, ""])
def test_game_with_bad_first_dealer(seat):
    with pytest.raises(HandError) as caught:
        Game(RULESETS["hoyle-2001"], first_dealer=seat)
    assert (caught.value.code, caught.value.field) == ("bad_seat", "first_dealer")


@pytest.mark.parametrize("bad", [0, -1, 2.5, True, "8"])
def test_game_with_bad_round_size(bad):
    with pytest.raises(HandError) as caught:
        Game(RULESETS["hoyle-2001"], max_hands=bad)
    assert caught.value.code == "bad_max_hands"


def test_game_needs_a_ruleset():
    with pytest.raises(TypeError):
        Game("hoyle-2001")


# --- The rules page -----------------------------------------------------------------------


def test_summary_rows_are_data_with_the_preset_numbers():
    rows = dict(RULESETS["laws-of-euchre"].summary_rows())
    assert rows["Lone maker euchred"] == "4 points to the defenders"
    assert rows["Makers euchred (2 tricks or fewer)"] == "2 points to the defenders"
    assert rows["Game"] == "The first side to reach 10 points wins"
    assert "Table talk (telling or advising a partner)" in rows
    official = dict(RULESETS["official-hoyle"].summary_rows())
    assert official["Makers euchred (2 tricks or fewer)"] == "1 point to the defenders"


@pytest.mark.parametrize("preset", PRESETS)
def test_summary_rows_show_only_the_presets_rules(preset):
    rules = RULESETS[preset]
    text = " ".join(situation for situation, _ in rules.summary_rows())
    assert ("lone defender" in text) is rules.lone_defence
    assert ("Table talk" in text) is rules.table_talk_rule
    assert ("abandons" in text) is rules.abandoned_rule
    thrown_in = dict(rules.summary_rows()).get("All four pass twice")
    assert (thrown_in is not None) is (not rules.thrown_in_allowed)
    assert all(isinstance(a, str) and isinstance(b, str) for a, b in rules.summary_rows())


def test_summary_rows_follow_a_club_variant():
    rules = dataclasses.replace(RULESETS["hoyle-2001"], game_points=7, march=3)
    rows = dict(rules.summary_rows())
    assert rows["Game"] == "The first side to reach 7 points wins"
    assert rows["Makers take all 5 tricks (a march)"] == "3 points to the makers"


def test_players_rules_page_names_every_preset_and_its_source():
    text = " ".join((Path(__file__).parent.parent / "docs" / "rules.md").read_text().split())
    for rules in RULESETS.values():
        assert f"### {rules.title}" in text
        assert f"Source: {rules.source}." in text
    assert "## Where the rules are silent: our choices" in text

"""Euchre scoring as plain Python: the rule presets and the hand and game scorer.

No Django and no database here, so the rules can be tested (and read) on their own.
"""

from .engine import (
    ERROR_CODES,
    OUTCOMES,
    REVOKE_PENALTIES,
    REVOKE_SIDES,
    SEAT_NAMES,
    SEATS,
    SIDE_NAMES,
    SIDES,
    Game,
    Hand,
    HandError,
    HandScore,
    next_dealer,
    other_side,
    score_hand,
    side_of,
)
from .rules import GAME_POINTS_CHOICES, RULESETS, RuleSet, points_in_words

__all__ = [
    "ERROR_CODES",
    "GAME_POINTS_CHOICES",
    "OUTCOMES",
    "REVOKE_PENALTIES",
    "REVOKE_SIDES",
    "RULESETS",
    "SEATS",
    "SEAT_NAMES",
    "SIDES",
    "SIDE_NAMES",
    "Game",
    "Hand",
    "HandError",
    "HandScore",
    "RuleSet",
    "next_dealer",
    "other_side",
    "points_in_words",
    "score_hand",
    "side_of",
]

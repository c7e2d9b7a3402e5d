"""The rule presets: what each hand is worth under each of the five rule sources.

Every number here comes from ``RULES.md`` (the project's digest of the sources in
``seeds/``); the section of RULES.md that fixes each value is named beside it. A club
variant is a preset with some values replaced::

    dataclasses.replace(RULESETS["hoyle-2001"], game_points=7)

``__post_init__`` checks the values, so a bad variant fails when it is made, not when the
first hand is scored.
"""

import types
from dataclasses import dataclass

# RULES.md §1 "Game": Hoyle allows 7 or 10 by agreement; a club may pick any of these.
GAME_POINTS_CHOICES = (5, 7, 10)

DECK_SIZES = (24, 32)

# The names of the fields that hold a number of points; checked together in __post_init__.
POINT_FIELDS = (
    "made",
    "march",
    "lone_march",
    "euchre",
    "lone_euchre",
    "lone_defence_euchre",
    "lone_defence_march",
    "revoke",
    "revoke_vs_lone",
    "revoke_deduct",
    "revoke_deduct_lone",
    "table_talk",
    "abandoned",
)

# House rules: what a euchred side marks on its own tally ("set scoring"), 0 or less.
SET_FIELDS = ("euchred_makers", "lone_euchred_makers")

# The yes/no options a preset has; each one switches a rule of RULES.md on.
OPTION_FIELDS = (
    "lone_defence",
    "revoke_choice",
    "thrown_in_allowed",
    "table_talk_rule",
    "abandoned_rule",
)

# The yes/no house rules a club adds to a preset (no source's rule: the presets keep them True).
HOUSE_OPTION_FIELDS = ("thrown_in_counts",)


def points_in_words(points: int) -> str:
    """'1 point', '2 points', '0 points'."""
    return f"{points} point" if abs(points) == 1 else f"{points} points"


@dataclass(frozen=True)
class RuleSet:
    """One rule preset (or a club's variant of one).

    Point values are what a side adds to its score. Options say which rules of RULES.md
    exist under the preset; entering a hand that uses a missing rule is a HandError.
    """

    name: str
    title: str
    source: str
    deck_size: int
    game_points: int
    euchre: int
    lone_euchre: int

    # RULES.md §1, first table: the same under every source.
    made: int = 1  # makers take 3 or 4 tricks, alone or not
    march: int = 2  # both makers play and take all 5
    lone_march: int = 4  # a lone maker takes all 5

    # RULES.md §1 "Lone defence" (Hoyle): the lone defender's side scores these.
    lone_defence: bool = False
    lone_defence_euchre: int = 2  # makers take 1 or 2 tricks
    lone_defence_march: int = 4  # makers take no trick

    # RULES.md §2 "Revoke".
    revoke: int = 2  # to the side that did not revoke
    revoke_vs_lone: int = 4  # to a lone maker whose opponents revoked (Laws)
    revoke_choice: bool = False  # Hoyle: the non-offenders may deduct instead of scoring
    revoke_deduct: int = 2  # taken off a revoking side when both partners played
    revoke_deduct_lone: int = 4  # taken off a revoking side that was one lone player

    # RULES.md §1 "Thrown-in deal": impossible under stick the dealer.
    thrown_in_allowed: bool = True

    # RULES.md §2 "Table talk" (Laws XXXIII-XXXIV).
    table_talk_rule: bool = False
    table_talk: int = 1

    # RULES.md §2 "Abandoned lone hand" (Somerset law 50).
    abandoned_rule: bool = False
    abandoned: int = 5

    # House rules (no preset has them; the defaults score as the sources do).
    # Set scoring: added to the makers' own score when they are euchred, both partners
    # playing (-2 at many clubs) or a lone maker (-4), whether or not a lone defender played.
    # The defenders still score `euchre`, `lone_euchre` or the lone-defence values.
    euchred_makers: int = 0
    lone_euchred_makers: int = 0
    # Whether a thrown-in deal uses up one of a fixed-hands round's hands. With False the
    # round ends after that many hands actually played (Atlanta Euchre: "a misdeal does not
    # count toward the hand total"). The deal passes to the left either way.
    thrown_in_counts: bool = True

    def __post_init__(self):
        for field in ("name", "title", "source"):
            value = getattr(self, field)
            if not isinstance(value, str) or not value.strip():
                raise ValueError(f"{field} must be a non-empty text, not {value!r}.")
        if not _is_int(self.game_points) or self.game_points <= 0:
            raise ValueError(
                f"game_points must be a whole number of points above 0, not {self.game_points!r}."
            )
        if self.deck_size not in DECK_SIZES or not _is_int(self.deck_size):
            raise ValueError(f"deck_size must be 24 or 32 cards, not {self.deck_size!r}.")
        for field in POINT_FIELDS:
            value = getattr(self, field)
            if not _is_int(value) or value < 0:
                raise ValueError(
                    f"{field} must be a whole number of points, 0 or more, not {value!r}."
                )
        for field in SET_FIELDS:
            value = getattr(self, field)
            if not _is_int(value) or value > 0:
                raise ValueError(
                    f"{field} must be a whole number of points, 0 or less, not {value!r}."
                )
        for field in OPTION_FIELDS + HOUSE_OPTION_FIELDS:
            value = getattr(self, field)
            if not isinstance(value, bool):
                raise ValueError(f"{field} must be True or False, not {value!r}.")

    @property
    def deck_description(self) -> str:
        low = "7" if self.deck_size == 32 else "9"
        return f"{self.deck_size} cards, {low} to ace in each suit"

    def summary_rows(self) -> tuple[tuple[str, str], ...]:
        """The scoring table in words, as (situation, points) pairs for the rules page."""
        p = points_in_words
        rows = [
            ("Makers take 3 or 4 tricks", f"{p(self.made)} to the makers"),
            ("Makers take all 5 tricks (a march)", f"{p(self.march)} to the makers"),
            ("Maker alone takes 3 or 4 tricks", f"{p(self.made)} to the maker's side"),
            ("Maker alone takes all 5 tricks", f"{p(self.lone_march)} to the maker's side"),
            ("Makers euchred (2 tricks or fewer)", _euchred(self.euchre, self.euchred_makers)),
            ("Lone maker euchred", _euchred(self.lone_euchre, self.lone_euchred_makers)),
        ]
        if self.lone_defence:
            rows += [
                (
                    "A lone defender holds a lone maker to 1 or 2 tricks",
                    f"{p(self.lone_defence_euchre)} to the defender's side",
                ),
                (
                    "A lone defender takes all 5 tricks from a lone maker",
                    f"{p(self.lone_defence_march)} to the defender's side",
                ),
            ]
        if self.thrown_in_allowed:
            # Said only under the house rule, so the presets' tables read as their sources.
            counts = (
                ""
                if self.thrown_in_counts
                else "; in a round of a fixed number of hands, it is not one of the hands"
            )
            rows.append(
                (
                    "All four pass twice (thrown in)",
                    f"No score; the deal passes to the left{counts}",
                )
            )
        else:
            rows.append(("All four pass twice", "Cannot happen: the dealer must name trump"))
        if self.revoke_choice:
            rows.append(
                (
                    "A revoke (renege)",
                    f"The other side scores {p(self.revoke)}, or takes "
                    f"{p(self.revoke_deduct)} off the revoking side "
                    f"({p(self.revoke_deduct_lone)} off a lone player); nothing else counts",
                )
            )
        else:
            rows.append(
                (
                    "A revoke (renege)",
                    f"{p(self.revoke)} to the other side ({p(self.revoke_vs_lone)} to a lone "
                    "maker whose opponents revoked); nothing else counts",
                )
            )
        rows += [
            ("Both sides revoke in one hand", "No score; the revokes offset"),
            (
                "Wrong number of cards, found after the first trick",
                "The offending side scores nothing; the other side scores what it won",
            ),
        ]
        if self.table_talk_rule:
            rows.append(
                (
                    "Table talk (telling or advising a partner)",
                    f"{p(self.table_talk)} to the other side, added to what it won; the "
                    "offending side scores nothing for the deal",
                )
            )
        if self.abandoned_rule:
            rows.append(
                (
                    "A defender abandons his hand against a lone maker",
                    f"{p(self.abandoned)} to the lone maker's side",
                )
            )
        rows.append(("Game", f"The first side to reach {p(self.game_points)} wins"))
        return tuple(rows)


def _euchred(defenders: int, makers: int) -> str:
    """'2 points to the defenders', and the makers' set when the house plays one."""
    to_defenders = f"{points_in_words(defenders)} to the defenders"
    if not makers:
        return to_defenders
    set_back = f"the makers are set back {points_in_words(-makers)}"
    return f"{to_defenders}, and {set_back}" if defenders else set_back[0].upper() + set_back[1:]


def _is_int(value) -> bool:
    # True and False are ints to Python, but never a number of points or cards.
    return isinstance(value, int) and not isinstance(value, bool)


_PRESETS = (
    # RULES.md §1: Hoyle's Rules of Games (2001). The only source with a lone defence and
    # a choice of revoke penalty.
    RuleSet(
        name="hoyle-2001",
        title="Hoyle's Rules of Games (2001)",
        source="Hoyle's Rules of Games, 3rd revised and updated edition (2001), pp. 179-181",
        deck_size=32,
        game_points=5,
        euchre=2,
        lone_euchre=2,
        lone_defence=True,
        revoke_choice=True,
    ),
    # Mano: "If they fail to get 3 tricks, the other team gets 1 point".
    RuleSet(
        name="official-hoyle",
        title="Official Hoyle Rules for Euchre",
        source='"Official Hoyle Rules for Euchre", by Carlos Mano',
        deck_size=32,
        game_points=5,
        euchre=1,
        lone_euchre=1,
    ),
    # Laws: "Taking two or less of the tricks alone will award 4 points for the adversaries."
    RuleSet(
        name="laws-of-euchre",
        title="The Laws of Euchre",
        source='The Laws of Euchre (after "A. Professor", 1862, abridged 2006) and '
        '"standard euchre game rules"',
        deck_size=24,
        game_points=10,
        euchre=2,
        lone_euchre=4,
        table_talk_rule=True,
    ),
    # Somerset section 2 has no scoring table: deck, game and euchre values are [chosen]
    # as the standard ones of its era (RULES.md §1).
    RuleSet(
        name="somerset-1888",
        title="Laws of the Somerset Club of Boston (1888)",
        source="Laws adopted by the Somerset Club of Boston, March 1, 1888, section 2 (laws 28-61)",
        deck_size=32,
        game_points=5,
        euchre=2,
        lone_euchre=2,
        abandoned_rule=True,
    ),
    # Stick the dealer, so no thrown-in deal; lone_euchre [chosen] from "defenders win 3
    # or more tricks" (RULES.md §1).
    RuleSet(
        name="knock-euchre",
        title="Knock Euchre (stick the dealer)",
        source="Knock Euchre rules (no bidding, stick the dealer, game to 10)",
        deck_size=24,
        game_points=10,
        euchre=2,
        lone_euchre=2,
        thrown_in_allowed=False,
    ),
)

# Read-only, in the order of RULES.md's table (dicts keep insertion order).
RULESETS = types.MappingProxyType({rules.name: rules for rules in _PRESETS})

__all__ = [
    "DECK_SIZES",
    "GAME_POINTS_CHOICES",
    "HOUSE_OPTION_FIELDS",
    "OPTION_FIELDS",
    "POINT_FIELDS",
    "RULESETS",
    "RuleSet",
    "SET_FIELDS",
    "points_in_words",
]

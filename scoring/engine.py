"""Scoring a hand of euchre, and keeping the score of a game.

The rules are those of RULES.md; section numbers below refer to it. Everything here is plain
Python so it can be tested, and reused, without Django or a database.

Outcomes (``HandScore.outcome``) are the words in ``OUTCOMES``. Bad entries raise
``HandError`` with a stable ``code`` (the codes are listed in ``ERROR_CODES``), the ``field``
of the entry that is wrong where there is one, and a message a player can act on.

One irregularity per hand: a revoke, a wrong number of cards, table talk and an abandoned
lone hand each replace or change the hand's score by their own rule (§2), and the sources
never say how two of them combine. Rather than guess, a hand with more than one of them is
refused (code ``one_irregularity_per_hand``); "both sides revoked" counts as one.
"""

from dataclasses import dataclass

from .rules import RuleSet, points_in_words

SIDES = ("NS", "EW")
SEATS = ("N", "E", "S", "W")
SIDE_NAMES = {"NS": "North-South", "EW": "East-West"}
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
REVOKE_SIDES = (*SIDES, "both")
REVOKE_PENALTIES = ("score", "deduct")

OUTCOMES = {
    "made": "the makers took 3 or 4 tricks",
    "march": "the makers took all 5 tricks",
    "lone_made": "a lone maker took 3 or 4 tricks",
    "lone_march": "a lone maker took all 5 tricks",
    "euchred": "the makers took 2 tricks or fewer",
    "lone_euchred": "a lone maker took 2 tricks or fewer",
    "lone_defence_euchred": "a lone defender held a lone maker to 1 or 2 tricks",
    "lone_defence_march": "a lone defender took all 5 tricks from a lone maker",
    "thrown_in": "all four passed twice; no one scores",
    "revoke": "one side revoked; the other side scores the penalty",
    "revoke_deduct": "one side revoked; the penalty is taken off its score (Hoyle)",
    "revokes_offset": "both sides revoked; no one scores",
    "short_hand": "a side had the wrong number of cards and scores nothing for the deal",
    "table_talk": "a side talked across the table; the other side scores 1 more (Laws)",
    "abandoned": "a defender abandoned against a lone maker (Somerset)",
}

ERROR_CODES = (
    "bad_side",
    "bad_seat",
    "bad_flag",
    "bad_revoke_penalty",
    "bad_max_hands",
    "tricks_missing",
    "tricks_not_whole",
    "tricks_out_of_range",
    "thrown_in_not_allowed",
    "thrown_in_with_play",
    "thrown_in_with_irregularity",
    "lone_defence_not_allowed",
    "lone_defence_without_lone_maker",
    "revoke_choice_not_allowed",
    "revoke_choice_without_revoke",
    "table_talk_not_allowed",
    "abandoned_not_allowed",
    "abandoned_without_lone_maker",
    "one_irregularity_per_hand",
    "game_over",
    "round_over",
)


class HandError(ValueError):
    """A hand (or game set-up) that cannot be scored; nothing was recorded.

    ``code`` is one of ERROR_CODES and never changes for a given mistake; ``field`` names the
    entry that is wrong (a Hand attribute, or ``first_dealer``/``max_hands``), or is None.
    """

    def __init__(self, code: str, message: str, field: str | None = None):
        super().__init__(message)
        self.code = code
        self.field = field
        self.message = message


def side_of(seat: str) -> str:
    """The side a seat plays for: partners sit opposite."""
    _check_seat(seat, "seat")
    return "NS" if seat in ("N", "S") else "EW"


def next_dealer(seat: str) -> str:
    """The seat that deals after this one: the deal passes to the left (RULES.md intro)."""
    _check_seat(seat, "seat")
    return SEATS[(SEATS.index(seat) + 1) % len(SEATS)]


def other_side(side: str) -> str:
    _check_side(side, "side")
    return "EW" if side == "NS" else "NS"


@dataclass(frozen=True)
class Hand:
    """What happened in one deal, as a table enters it.

    The values are only held here; whether they make sense depends on the rules, so
    ``score_hand`` checks them.

    makers: "NS" or "EW", the side that chose trump; None for a thrown-in deal.
    tricks: the makers' tricks, 0 to 5; None only for a thrown-in deal.
    alone: the maker played alone.
    defended_alone: an opponent of a lone maker defended alone (Hoyle only).
    revoke: the side whose revoke was established, "both", or None.
    revoke_penalty: Hoyle only, the other side's choice: "score" (the default) or "deduct".
    short_hand: the side found with the wrong number of cards after the first trick.
    table_talk: the side that talked across the table (Laws only).
    abandoned: a defender abandoned his hand against a lone maker (Somerset only).
    """

    makers: str | None
    tricks: int | None = None
    alone: bool = False
    defended_alone: bool = False
    revoke: str | None = None
    revoke_penalty: str | None = None
    short_hand: str | None = None
    table_talk: str | None = None
    abandoned: bool = False


@dataclass(frozen=True)
class HandScore:
    """What a hand is worth: points per side (negative for a Hoyle deduction, or for
    euchred makers under the house's set scoring)."""

    points: dict
    outcome: str
    description: str


def score_hand(hand: Hand, rules: RuleSet) -> HandScore:
    """Score one hand under a rule set, or raise HandError if the entry is not possible."""
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules must be a RuleSet, not {type(rules).__name__}")
    if not isinstance(hand, Hand):
        raise TypeError(f"hand must be a Hand, not {type(hand).__name__}")
    _check_values(hand)
    if hand.makers is None:
        _check_thrown_in(hand, rules)
        # §1 "Thrown-in deal": no one scores and the deal passes to the left.
        return HandScore(_award("NS", 0), "thrown_in", "Thrown in: all four passed twice, no score")
    _check_played(hand, rules)
    if hand.revoke is not None:
        return _score_revoke(hand, rules)
    if hand.abandoned:
        return _score_abandoned(hand, rules)
    if hand.short_hand is not None:
        return _score_short_hand(hand, rules)
    if hand.table_talk is not None:
        return _score_table_talk(hand, rules)
    return _score_base(hand, rules)


# --- Checking an entry (§3) ---------------------------------------------------------------


def _check_values(hand: Hand) -> None:
    """Each field holds a possible value, whatever the rules."""
    for field in ("makers", "short_hand", "table_talk"):
        value = getattr(hand, field)
        if value is not None:
            _check_side(value, field)
    if hand.revoke is not None and hand.revoke not in REVOKE_SIDES:
        raise HandError(
            "bad_side",
            f"The revoking side must be North-South (NS), East-West (EW) or both, "
            f"not {hand.revoke!r}.",
            "revoke",
        )
    for field in ("alone", "defended_alone", "abandoned"):
        value = getattr(hand, field)
        # bool only: 1, "yes" or "False" from a careless form are not a clear answer.
        if not isinstance(value, bool):
            raise HandError(
                "bad_flag",
                f"'{field.replace('_', ' ')}' must be ticked or not ticked, not {value!r}.",
                field,
            )
    if hand.revoke_penalty is not None and hand.revoke_penalty not in REVOKE_PENALTIES:
        raise HandError(
            "bad_revoke_penalty",
            f"The revoke penalty must be 'score' or 'deduct', not {hand.revoke_penalty!r}.",
            "revoke_penalty",
        )


def _check_thrown_in(hand: Hand, rules: RuleSet) -> None:
    if not rules.thrown_in_allowed:
        raise HandError(
            "thrown_in_not_allowed",
            "Under stick-the-dealer rules the dealer must name trump, so every deal is "
            "played: enter the side that made trump.",
            "makers",
        )
    if hand.tricks is not None:
        raise HandError(
            "thrown_in_with_play",
            "A thrown-in deal is not played, so it has no tricks: clear the tricks, or "
            "enter the side that made trump.",
            "tricks",
        )
    for field, words in (("alone", "going alone"), ("defended_alone", "defending alone")):
        if getattr(hand, field):
            raise HandError(
                "thrown_in_with_play",
                f"No one made trump, so no one can be {words}: untick it, or enter the side "
                "that made trump.",
                field,
            )
    for field in ("revoke", "revoke_penalty", "short_hand", "table_talk", "abandoned"):
        if getattr(hand, field) not in (None, False):
            raise HandError(
                "thrown_in_with_irregularity",
                "A thrown-in deal is not played, so it cannot have a revoke or any other "
                "irregularity: clear it, or enter the side that made trump.",
                field,
            )


def _check_played(hand: Hand, rules: RuleSet) -> None:
    tricks = hand.tricks
    if tricks is None:
        raise HandError(
            "tricks_missing",
            "Enter how many tricks the makers took (0 to 5).",
            "tricks",
        )
    if not _is_int(tricks):
        raise HandError(
            "tricks_not_whole",
            f"The makers' tricks must be a whole number from 0 to 5, not {tricks!r}.",
            "tricks",
        )
    if not 0 <= tricks <= 5:
        raise HandError(
            "tricks_out_of_range",
            f"A hand has five tricks, so the makers took 0 to 5, not {tricks}.",
            "tricks",
        )
    if hand.defended_alone:
        if not rules.lone_defence:
            raise HandError(
                "lone_defence_not_allowed",
                f"{rules.title} has no lone defence: untick 'defended alone'.",
                "defended_alone",
            )
        if not hand.alone:
            raise HandError(
                "lone_defence_without_lone_maker",
                "A lone defence needs a lone maker: tick 'alone' for the maker or untick "
                "'defended alone'.",
                "defended_alone",
            )
    if hand.revoke_penalty is not None:
        if not rules.revoke_choice:
            raise HandError(
                "revoke_choice_not_allowed",
                f"Under {rules.title} the revoke penalty is always scored by the other "
                "side: clear the revoke penalty choice.",
                "revoke_penalty",
            )
        if hand.revoke is None:
            raise HandError(
                "revoke_choice_without_revoke",
                "A revoke penalty was chosen but no revoke was entered: enter the side that "
                "revoked, or clear the penalty choice.",
                "revoke_penalty",
            )
        if hand.revoke == "both":
            # Laws XXVI: the revokes offset, so there is no penalty for anyone to choose.
            raise HandError(
                "revoke_choice_without_revoke",
                "When both sides revoke the revokes offset and there is no penalty to "
                "choose: clear the penalty choice.",
                "revoke_penalty",
            )
    if hand.table_talk is not None and not rules.table_talk_rule:
        raise HandError(
            "table_talk_not_allowed",
            f"{rules.title} has no table-talk penalty: clear the table talk entry.",
            "table_talk",
        )
    if hand.abandoned:
        if not rules.abandoned_rule:
            raise HandError(
                "abandoned_not_allowed",
                f"{rules.title} has no rule for an abandoned lone hand: untick 'abandoned'.",
                "abandoned",
            )
        if not hand.alone:
            raise HandError(
                "abandoned_without_lone_maker",
                "A hand can only be abandoned against a lone maker: tick 'alone' for the "
                "maker or untick 'abandoned'.",
                "abandoned",
            )
    irregular = [
        field
        for field in ("revoke", "short_hand", "table_talk", "abandoned")
        if getattr(hand, field) not in (None, False)
    ]
    if len(irregular) > 1:
        raise HandError(
            "one_irregularity_per_hand",
            "Enter one irregularity per hand (a revoke, a wrong number of cards, table talk "
            "or an abandoned hand); the rules do not say how two combine, so ask the "
            "director.",
            irregular[1],
        )


def _check_side(side, field: str) -> None:
    if side not in SIDES:
        raise HandError(
            "bad_side",
            f"A side must be North-South (NS) or East-West (EW), not {side!r}.",
            field,
        )


def _check_seat(seat, field: str) -> None:
    if seat not in SEATS:
        raise HandError(
            "bad_seat",
            f"A seat must be North, East, South or West (N, E, S, W), not {seat!r}.",
            field,
        )


def _is_int(value) -> bool:
    # True is an int to Python but not a number of tricks.
    return isinstance(value, int) and not isinstance(value, bool)


# --- Scoring (§1, §2) ---------------------------------------------------------------------


def _award(side: str, points: int) -> dict:
    return {s: (points if s == side else 0) for s in SIDES}


def _base_result(hand: Hand, rules: RuleSet) -> tuple[str, int, str, str]:
    """§1: (scoring side, points, outcome, what happened) for a hand played out cleanly."""
    makers, defenders = hand.makers, other_side(hand.makers)
    m, d = SIDE_NAMES[makers], SIDE_NAMES[defenders]
    tricks = hand.tricks
    if tricks == 5:
        if hand.alone:
            return makers, rules.lone_march, "lone_march", f"{m} march alone"
        return makers, rules.march, "march", f"{m} march"
    if tricks >= 3:
        # A lone maker scores the same as a pair for 3 or 4 tricks (all sources).
        if hand.alone:
            return makers, rules.made, "lone_made", f"{m} made it alone with {tricks} tricks"
        return makers, rules.made, "made", f"{m} made it with {tricks} tricks"
    if hand.defended_alone:
        # §1 "Lone defence": the defender's side scores 2, or 4 when the makers take nothing.
        if tricks == 0:
            event = f"{d} defended alone and took all 5 tricks"
            return defenders, rules.lone_defence_march, "lone_defence_march", event
        event = f"{d} defended alone and euchred {m}"
        return defenders, rules.lone_defence_euchre, "lone_defence_euchred", event
    if hand.alone:
        return defenders, rules.lone_euchre, "lone_euchred", f"{d} euchred {m}'s lone hand"
    return defenders, rules.euchre, "euchred", f"{d} euchred {m}"


def _set_points(hand: Hand, rules: RuleSet) -> int:
    """House rule "set scoring": what euchred makers add to their own score (0 or less);
    0 when they took 3 tricks or more."""
    if hand.tricks >= 3:
        return 0
    return rules.lone_euchred_makers if hand.alone else rules.euchred_makers


def _base_points(hand: Hand, rules: RuleSet) -> tuple[dict, str, str, str]:
    """§1 with the house's set scoring: (points per side, the side the rules score, outcome,
    what happened)."""
    side, n, outcome, event = _base_result(hand, rules)
    points = _award(side, n)
    points[hand.makers] += _set_points(hand, rules)
    return points, side, outcome, event


def _score_base(hand: Hand, rules: RuleSet) -> HandScore:
    points, side, outcome, event = _base_points(hand, rules)
    return HandScore(points, outcome, f"{event}: {_points_words(points, hand.makers, side)}")


def _points_words(points: dict, makers: str, side: str) -> str:
    # Players say "North-South march: 2 points" but name who gains from the other side's
    # failure: "East-West euchred North-South: 2 points to East-West". A set is said as
    # players say it: "North-South set back 2 points".
    if side == makers:
        return _p(points[makers])
    defenders = other_side(makers)
    words = []
    if points[defenders] or not points[makers]:
        words.append(_to(points[defenders], defenders))
    if points[makers] < 0:
        words.append(_to(points[makers], makers))
    return ", and ".join(words)


def _to(points: int, side: str) -> str:
    """'2 points to East-West', or 'North-South set back 2 points' for a negative."""
    if points < 0:
        return f"{SIDE_NAMES[side]} set back {_p(-points)}"
    return f"{_p(points)} to {SIDE_NAMES[side]}"


def _score_revoke(hand: Hand, rules: RuleSet) -> HandScore:
    """§2 "Revoke": the penalty replaces the hand's result."""
    if hand.revoke == "both":
        # Laws XXVI: "one error offsets the other"; [chosen] under every preset.
        return HandScore(
            _award("NS", 0), "revokes_offset", "Both sides revoked: the revokes offset, no score"
        )
    offenders = hand.revoke
    others = other_side(offenders)
    o, x = SIDE_NAMES[offenders], SIDE_NAMES[others]
    offenders_are_makers = offenders == hand.makers
    if rules.revoke_choice:
        if hand.revoke_penalty == "deduct":
            # Hoyle: "deduct 2 points from the revoking side (both playing) or 4 points from a
            # lone": a lone maker, or (our reading) a lone defender, is "a lone".
            lone = hand.alone if offenders_are_makers else hand.defended_alone
            n = rules.revoke_deduct_lone if lone else rules.revoke_deduct
            return HandScore(
                _award(offenders, -n), "revoke_deduct", f"{o} revoked: {_p(n)} taken off {o}"
            )
        # Hoyle: "may score 2 points", whoever was alone; [chosen] the default choice.
        n = rules.revoke
        return HandScore(_award(others, n), "revoke", f"{o} revoked: {_p(n)} to {x}")
    # Laws: 2 to the opponents, 4 when the guilty team was defending against a lone maker;
    # [chosen] the same for the presets whose source has no revoke penalty.
    if hand.alone and not offenders_are_makers:
        n = rules.revoke_vs_lone
        return HandScore(
            _award(others, n), "revoke", f"{o} revoked against {x}'s lone hand: {_p(n)} to {x}"
        )
    n = rules.revoke
    return HandScore(_award(others, n), "revoke", f"{o} revoked: {_p(n)} to {x}")


def _score_abandoned(hand: Hand, rules: RuleSet) -> HandScore:
    """§2 "Abandoned lone hand" (Somerset law 50): the lone maker's side scores 5."""
    makers = hand.makers
    m, d = SIDE_NAMES[makers], SIDE_NAMES[other_side(makers)]
    n = rules.abandoned
    return HandScore(
        _award(makers, n), "abandoned", f"{d} abandoned against {m}'s lone hand: {_p(n)} to {m}"
    )


def _score_short_hand(hand: Hand, rules: RuleSet) -> HandScore:
    """§2 "Wrong number of cards": the offending side may not score for that deal, so
    offending makers who were euchred are not set back either; the other side scores what
    the base rule gives it."""
    points, side, _, event = _base_points(hand, rules)
    offenders, others = hand.short_hand, other_side(hand.short_hand)
    o = SIDE_NAMES[offenders]
    lost = points[offenders]
    points[offenders] = 0
    if lost > 0:
        description = (
            f"No score: {o} had the wrong number of cards, so they cannot count the "
            f"{_p(lost)} they won"
        )
        if points[others]:
            description += f"; {_to(points[others], others)}"
    elif lost < 0:
        description = (
            f"{event}: {_points_words(points, hand.makers, side)} ({o} had the wrong number "
            "of cards, so they are not set back)"
        )
    else:
        words = _points_words(points, hand.makers, side)
        description = f"{event}: {words} ({o} had the wrong number of cards)"
    return HandScore(points, "short_hand", description)


def _score_table_talk(hand: Hand, rules: RuleSet) -> HandScore:
    """§2 "Table talk" (Laws XXXIII-XXXIV): 1 to the adversaries, added to what they won
    (less their set, if they were euchred makers under set scoring); nothing to the
    offenders, so offending makers who were euchred are not set back."""
    base, _, _, event = _base_points(hand, rules)
    offenders = hand.table_talk
    others = other_side(offenders)
    o = SIDE_NAMES[offenders]
    won = base[others]
    points = _award(others, rules.table_talk + won)
    total = _to(points[others], others)
    if base[offenders] > 0:
        description = (
            f"{o} talked across the table, so they cannot count the {_p(base[offenders])} they "
            f"won: {total}"
        )
    elif won:
        description = f"{event}, and {o} talked across the table: {total}"
    else:
        description = f"{o} talked across the table: {total}"
    return HandScore(points, "table_talk", description)


def _p(points: int) -> str:
    return points_in_words(points)


# --- A game -------------------------------------------------------------------------------


class Game:
    """The running score of one game, or of a round of a fixed number of hands, at a table.

    Without ``max_hands`` it is a game: the first side to reach the game's points wins and
    no hand may follow. With ``max_hands`` it is a progressive round: exactly that many hands
    are played whatever the score (RULES.md §3 names the two limits separately), so there is
    no ``winner``; ``leader`` says who is ahead. A thrown-in deal is one of those hands unless
    the house rule ``thrown_in_counts`` is False (``hands_counted``). ``add`` scores a hand
    and records it; a hand that cannot be scored, or that comes after the game is won or the
    round's hands are all played, raises HandError and changes nothing. Totals may go below
    zero after a Hoyle deduction or a house's set scoring; the sources set no floor.
    """

    def __init__(self, rules: RuleSet, first_dealer: str = "N", max_hands: int | None = None):
        if not isinstance(rules, RuleSet):
            raise TypeError(f"rules must be a RuleSet, not {type(rules).__name__}")
        _check_seat(first_dealer, "first_dealer")
        if max_hands is not None and (not _is_int(max_hands) or max_hands < 1):
            raise HandError(
                "bad_max_hands",
                f"A round must have a whole number of hands, 1 or more, not {max_hands!r}.",
                "max_hands",
            )
        self.rules = rules
        self.first_dealer = first_dealer
        self.max_hands = max_hands
        self._hands: list[Hand] = []
        self._results: list[HandScore] = []
        self._score = _award("NS", 0)
        self._winner: str | None = None

    @property
    def hands(self) -> tuple[Hand, ...]:
        return tuple(self._hands)

    @property
    def results(self) -> tuple[HandScore, ...]:
        return tuple(self._results)

    @property
    def score(self) -> dict:
        return dict(self._score)

    @property
    def dealer(self) -> str:
        """The seat that deals next; the deal passes left after every deal, thrown in or not."""
        start = SEATS.index(self.first_dealer)
        return SEATS[(start + len(self._hands)) % len(SEATS)]

    @property
    def winner(self) -> str | None:
        return self._winner

    @property
    def leader(self) -> str | None:
        """The side ahead on points, or None when level."""
        ns, ew = self._score["NS"], self._score["EW"]
        return None if ns == ew else ("NS" if ns > ew else "EW")

    @property
    def hands_counted(self) -> int:
        """The hands that count toward a fixed-hands round's total: every deal, or (house
        rule `thrown_in_counts=False`) only the deals actually played."""
        if self.rules.thrown_in_counts:
            return len(self._hands)
        return sum(1 for result in self._results if result.outcome != "thrown_in")

    @property
    def finished(self) -> bool:
        round_done = self.max_hands is not None and self.hands_counted >= self.max_hands
        return self._winner is not None or round_done

    def add(self, hand: Hand) -> HandScore:
        if self._winner is not None:
            raise HandError(
                "game_over",
                f"{SIDE_NAMES[self._winner]} have already won this game: no more hands can "
                "be entered.",
            )
        if self.max_hands is not None and self.hands_counted >= self.max_hands:
            raise HandError(
                "round_over",
                f"All {self.max_hands} hands of this round have been entered: no more hands "
                "can be entered.",
            )
        result = score_hand(hand, self.rules)
        self._hands.append(hand)
        self._results.append(result)
        for side in SIDES:
            self._score[side] += result.points[side]
        if self.max_hands is None:
            # Only one side can gain points in a hand, so only one side can reach game first.
            for side in SIDES:
                if self._score[side] >= self.rules.game_points:
                    self._winner = side
        return result

    def __repr__(self) -> str:
        return (
            f"<Game {self.rules.name} to {self.rules.game_points}: NS {self._score['NS']}, "
            f"EW {self._score['EW']} after {len(self._hands)} hands>"
        )

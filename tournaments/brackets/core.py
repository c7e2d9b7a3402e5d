"""The shapes of a bracket: its slots, its matches and the whole plan, as drawn by `plan.py`
and read by `play.py`. Plain frozen data, with their JSON and their words for the director."""

from dataclasses import dataclass, field

MIN_TEAMS = 3
MAX_TEAMS = 128
FORMATS = ("single", "double")

# Drawing order of the sides (`Plan.columns`): the way a bracket is printed on the wall.
_DRAWING_ORDER = ("winners", "final", "third", "losers", "consolation")
_ROUND_NAMES = {"winners": "winners'", "losers": "losers'", "consolation": "consolation"}


class PlanError(ValueError):
    """A bracket that cannot be drawn. The message is for a club director: it says what is
    wrong and how to fix it, in plain words."""


@dataclass(frozen=True)
class Slot:
    """One side of a match: a seeded team, the winner or loser of an earlier match, or a bye.
    Exactly one of them."""

    seed: int | None = None
    winner_of: str | None = None
    loser_of: str | None = None
    bye: bool = False

    def __post_init__(self):
        held = [self.seed is not None, self.winner_of is not None, self.loser_of is not None]
        if sum(held) + bool(self.bye) != 1:
            raise ValueError("A slot holds exactly one of: a seed, a winner, a loser, a bye.")

    def to_json(self) -> dict:
        if self.seed is not None:
            return {"seed": self.seed}
        if self.winner_of is not None:
            return {"winner_of": self.winner_of}
        if self.loser_of is not None:
            return {"loser_of": self.loser_of}
        return {"bye": True}

    def in_words(self) -> str:
        if self.seed is not None:
            return f"seed {self.seed}"
        if self.winner_of is not None:
            return f"winner of {self.winner_of}"
        if self.loser_of is not None:
            return f"loser of {self.loser_of}"
        return "bye"


@dataclass(frozen=True)
class Match:
    """A match of the plan. Ids: "W1-1" (winners' round 1, match 1), "L2-3" (losers' round 2,
    match 3), "F1" and "F2" (the final and the double-elimination reset), "3P" (third place),
    "C1-1" (consolation). F2 is `if_necessary`: its slots are the winner of F1 (slot 0) and the
    loser of F1 (slot 1), and it is played only when the team from the losers' side won F1, so
    that both finalists have lost once; otherwise F1's winner is champion and F2 not needed."""

    id: str
    side: str
    round: int
    slots: tuple[Slot, Slot]
    if_necessary: bool = False

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "side": self.side,
            "round": self.round,
            "slots": [slot.to_json() for slot in self.slots],
            "if_necessary": self.if_necessary,
        }

    def is_bye(self) -> bool:
        """Never played: one slot is a bye and the other team goes on."""
        return any(slot.bye for slot in self.slots)

    def label(self) -> str:
        """ "winners' round 1", "losers' round 2", "final", "final, if necessary", ..."""
        if self.side in _ROUND_NAMES:
            return f"{_ROUND_NAMES[self.side]} round {self.round}"
        if self.side == "final":
            return "final, if necessary" if self.if_necessary else "final"
        return "third place"

    def in_words(self) -> str:
        first, second = (("a bye" if s.bye else s.in_words()) for s in self.slots)
        line = f"{self.id} ({self.label()}): {first} against {second}"
        if self.if_necessary:
            line += ", played only if the team from the losers' side wins F1"
        return line


@dataclass(frozen=True)
class Plan:
    """A whole bracket. `matches` are in an order where every match comes after the matches its
    slots name (winners' rounds, losers' rounds, third place, final, consolation), so reading
    them in order settles every team before it is needed. `reset` is False for single
    elimination, which has no second final whatever was asked."""

    teams: int
    format: str
    third_place: bool
    consolation: bool
    reset: bool
    matches: tuple[Match, ...]
    _by_id: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "_by_id", {m.id: m for m in self.matches})

    def match(self, id: str) -> Match:
        try:
            return self._by_id[id]
        except KeyError:
            raise KeyError(f"There is no match {id} in this bracket.") from None

    def size(self) -> int:
        """The power of two the first round is drawn for."""
        return drawn_size(self.teams)

    def to_json(self) -> dict:
        return {
            "teams": self.teams,
            "format": self.format,
            "third_place": self.third_place,
            "consolation": self.consolation,
            "reset": self.reset,
            "matches": [m.to_json() for m in self.matches],
        }

    def in_words(self) -> list[str]:
        return [m.in_words() for m in self.matches]

    def columns(self) -> list[tuple[str, int, list[Match]]]:
        """(side, round, matches) for drawing: winners' rounds, the final(s) (F2 its own
        column), third place, losers' rounds, consolation rounds."""
        grouped: dict[tuple[str, int], list[Match]] = {}
        for m in self.matches:
            grouped.setdefault((m.side, m.round), []).append(m)
        keys = sorted(grouped, key=lambda key: (_DRAWING_ORDER.index(key[0]), key[1]))
        return [(side, number, grouped[side, number]) for side, number in keys]


def drawn_size(teams: int) -> int:
    """The smallest power of two that holds `teams`: what the first round is drawn for."""
    return 1 << (teams - 1).bit_length()

"""The quality report, and the validator that rejects a bad chart.

One function, `movement_report`, counts for every two players how often they were partners,
opponents, and on which side, and every player's sit-outs. `Report.problems` lists what a
good movement must not have; `Report.lines()` is what the director and `movement_report`
print.
"""

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, pairwise

from .core import Movement, Round


@dataclass
class Report:
    players: list[int]
    rounds: int
    partners: Counter = field(repr=False)
    opponents: Counter = field(repr=False)
    # left[(x, y)]: how often y sat on x's left.
    left: Counter = field(repr=False)
    sit_outs: Counter = field(repr=False)
    twice_in_a_row: list[int]
    errors: list[str]

    def _pairs(self) -> Iterable[frozenset]:
        return (frozenset(p) for p in combinations(self.players, 2))

    @property
    def partner_repeats(self) -> int:
        """Extra partnerships: a pair partnered three times counts two."""
        return sum(c - 1 for c in self.partners.values() if c > 1)

    @property
    def repeat_meetings(self) -> int:
        """Extra meetings of any kind (partner or opponent) beyond the first."""
        met = self.partners + self.opponents
        return sum(c - 1 for c in met.values() if c > 1)

    @property
    def opponent_range(self) -> tuple[int, int]:
        counts = [self.opponents[p] for p in self._pairs()] or [0]
        return min(counts), max(counts)

    @property
    def partner_range(self) -> tuple[int, int]:
        counts = [self.partners[p] for p in self._pairs()] or [0]
        return min(counts), max(counts)

    @property
    def sit_out_range(self) -> tuple[int, int]:
        counts = [self.sit_outs[p] for p in self.players] or [0]
        return min(counts), max(counts)

    @property
    def left_right_gap(self) -> int:
        """The largest difference, over ordered pairs, between times on the left and right."""
        return max(
            (abs(self.left[(x, y)] - self.left[(y, x)]) for x, y in combinations(self.players, 2)),
            default=0,
        )

    @property
    def left_right_unbalanced(self) -> int:
        """Pairs of opponents who met more often on one side than the other could allow."""
        return sum(
            1
            for x, y in combinations(self.players, 2)
            if abs(self.left[(x, y)] - self.left[(y, x)]) > 1
        )

    @property
    def is_whist(self) -> bool:
        """Every two players partners exactly once and opponents exactly twice."""
        return not self.errors and self.partner_range == (1, 1) and self.opponent_range == (2, 2)

    @property
    def is_left_right_balanced(self) -> bool:
        return self.left_right_gap == 0 if self.is_whist else self.left_right_unbalanced == 0

    @property
    def short_night(self) -> bool:
        """Few enough rounds that nobody need meet anyone twice (3 new players a round)."""
        return 3 * self.rounds <= len(self.players) - 1

    def repeated_pairs(self, counter: Counter, more_than: int) -> list[tuple[tuple, int]]:
        return sorted(
            (tuple(sorted(pair)), count) for pair, count in counter.items() if count > more_than
        )

    @property
    def problems(self) -> list[str]:
        """What makes a chart bad: seating errors, a partner twice, an opponent more than
        twice (on a short night: anyone met twice), uneven or back-to-back sit-outs."""
        return self.problem_list()

    def problem_list(self, names: Mapping[int, str] | None = None) -> list[str]:
        def who(p: int) -> str:
            return names.get(p, f"player {p}") if names else f"player {p}"

        found = list(self.errors)
        for (a, b), count in self.repeated_pairs(self.partners, 1):
            found.append(f"{who(a)} and {who(b)} are partners {count} times")
        met = self.partners + self.opponents
        if self.short_night:
            for (a, b), count in self.repeated_pairs(met, 1):
                found.append(f"{who(a)} and {who(b)} meet {count} times")
        else:
            for (a, b), count in self.repeated_pairs(self.opponents, 2):
                found.append(f"{who(a)} and {who(b)} are opponents {count} times")
        low, high = self.sit_out_range
        if high - low > 1:
            found.append(f"sit-outs are uneven: from {low} to {high} per player")
        for player in self.twice_in_a_row:
            found.append(f"{who(player)} sits out twice in a row")
        return found

    def lines(self, names: Mapping[int, str] | None = None) -> list[str]:
        low, high = self.opponent_range
        sit_low, sit_high = self.sit_out_range
        lines = [
            f"{len(self.players)} players, {self.rounds} rounds.",
            f"Repeat partners: {self.partner_repeats}"
            + (" (everyone partners everyone once)" if self.partner_range == (1, 1) else ""),
            f"Opponent meetings per pair: min {low}, max {high}; "
            f"repeat meetings of any kind: {self.repeat_meetings}",
            f"Sit-outs per player: min {sit_low}, max {sit_high}; "
            f"twice in a row: {len(self.twice_in_a_row)}",
            f"Left/right: largest gap {self.left_right_gap}; "
            f"pairs met more often on one side than the other: {self.left_right_unbalanced}",
        ]
        if self.is_whist:
            lines.append(
                "A whist movement"
                + (", each opponent met once on each side." if self.left_right_gap == 0 else ".")
            )
        problems = self.problem_list(names)
        if problems:
            shown = problems[:10]
            more = f" (and {len(problems) - 10} more)" if len(problems) > 10 else ""
            lines.append("Problems: " + "; ".join(shown) + more)
        else:
            lines.append("No problems found.")
        return lines


def movement_report(
    movement: Movement | Sequence[Round], players: Iterable[int] | None = None
) -> Report:
    """Check a movement (or a list of rounds); `players` defaults to everyone in it, or
    1..movement.players."""
    if isinstance(movement, Movement):
        rounds = movement.rounds
        everyone = list(players) if players is not None else range(1, movement.players + 1)
    else:
        rounds = list(movement)
        everyone = players if players is not None else {p for r in rounds for p in r.players()}
    everyone = sorted(set(everyone))
    known = set(everyone)
    partners: Counter = Counter()
    opponents: Counter = Counter()
    left: Counter = Counter()
    sit_outs: Counter = Counter()
    errors = []
    for number, r in enumerate(rounds, start=1):
        seen = Counter(r.players())
        for player, count in sorted(seen.items()):
            if count > 1:
                errors.append(f"round {number}: player {player} is seated {count} times")
            if player not in known:
                errors.append(f"round {number}: player {player} is not in the event")
        for table in r.tables:
            if len(table) != 4:
                errors.append(f"round {number}: a table of {len(table)} players")
                continue
            n, e, s, w = table
            partners[frozenset((n, s))] += 1
            partners[frozenset((e, w))] += 1
            for a, b in ((n, e), (e, s), (s, w), (w, n)):
                opponents[frozenset((a, b))] += 1
                left[(a, b)] += 1
        sit_outs.update(r.sit_out)
    twice = sorted(
        {p for before, after in pairwise(rounds) for p in set(before.sit_out) & set(after.sit_out)}
    )
    return Report(
        players=everyone,
        rounds=len(rounds),
        partners=partners,
        opponents=opponents,
        left=left,
        sit_outs=sit_outs,
        twice_in_a_row=twice,
        errors=errors,
    )

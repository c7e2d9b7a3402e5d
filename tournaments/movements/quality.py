"""The quality report, and the validator that rejects a bad chart.

One function, `movement_report`, counts for every two players how often they were partners,
opponents, and on which side, and every player's sit-outs. `Report.problems` lists what a
good movement must not have; `Report.lines()` says it all in a director's words, as the round
preview and `manage.py movement_report` print it.
"""

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations, pairwise

from .core import Movement, Round
from .limits import repeat_free_limit, small_bounds
from .small import BEST_KNOWN


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
    # The round in which two players first share a table again (None: no pair ever does).
    first_repeat: int | None = None
    # Every round seats or sits out exactly the same players (no one arrived or left), with
    # as many tables as they fill: the lower bounds (`limits.small_bounds`) apply.
    same_players: bool = True
    # Players who stay at one table (`stays.py`): they never sit out, so the sit-outs are
    # shared, and judged, among the others.
    stays: frozenset = frozenset()

    # The counts below look only at the pairs that were counted, never at every pair of
    # players: 400 players make 79,800 pairs, and the round preview reads the report at once.
    # What several of them share (the meetings, the counted pairs, the sides) is worked out
    # once per report (cached_property): a report's counts are never changed once made, and
    # the preview's lines ask for them a dozen times (repeat_meetings alone was a sum of two
    # Counters of 7,000 pairs each time at 400 players).

    @cached_property
    def _known(self) -> set[int]:
        return set(self.players)

    @cached_property
    def _met(self) -> Counter:
        """How often each two players shared a table, as partners or as opponents."""
        # The same as `partners + opponents` (every count is above zero), without a Python
        # step for each pair of the first.
        met = Counter(self.partners)
        met.update(self.opponents)
        return met

    @cached_property
    def _counted_partners(self) -> dict[frozenset, int]:
        return self._counted(self.partners)

    @cached_property
    def _counted_opponents(self) -> dict[frozenset, int]:
        return self._counted(self.opponents)

    def _counted(self, counter: Counter) -> dict[frozenset, int]:
        """The pairs of two of the event's players in `counter`, with a count above zero."""
        known = self._known
        return {p: c for p, c in counter.items() if c > 0 and len(p) == 2 and p <= known}

    def _range(self, counted: dict[frozenset, int]) -> tuple[int, int]:
        """The fewest and most times any two players were counted (0 for a pair never)."""
        counts = counted.values()
        every_pair = len(self.players) * (len(self.players) - 1) // 2
        low = min(counts) if every_pair and len(counts) == every_pair else 0
        return low, max(counts, default=0)

    @cached_property
    def _side_gaps(self) -> list[int]:
        """For each two players who met, how much more often one sat on the other's left."""
        known, left = self._known, self.left
        # Each two players once: from (x, y) when x < y, or when y never sat on x's left.
        return [
            abs(count - left.get((y, x), 0))
            for (x, y), count in left.items()
            if x != y and x in known and y in known and (x < y or (y, x) not in left)
        ]

    @cached_property
    def partner_repeats(self) -> int:
        """Extra partnerships: a pair partnered three times counts two."""
        return sum(c - 1 for c in self.partners.values() if c > 1)

    @cached_property
    def repeat_meetings(self) -> int:
        """Extra meetings of any kind (partner or opponent) beyond the first."""
        return sum(c - 1 for c in self._met.values() if c > 1)

    @cached_property
    def most_meetings(self) -> int:
        """The most times any two players share a table (as partners or as opponents)."""
        return max((c for pair, c in self._met.items() if len(pair) == 2), default=0)

    @cached_property
    def at_bounds(self) -> bool:
        """The worst pair and the repeats in all are the least any night of this size can
        have (`limits.small_bounds`)."""
        if len(self.players) < 4 or not self.same_players:
            return not self.repeat_meetings
        bounds = small_bounds(len(self.players), self.rounds, self.most_meetings)
        return (self.most_meetings, self.repeat_meetings) <= (bounds.worst, bounds.repeats)

    @property
    def opponent_range(self) -> tuple[int, int]:
        return self._range(self._counted_opponents)

    @property
    def partner_range(self) -> tuple[int, int]:
        return self._range(self._counted_partners)

    @property
    def sit_out_range(self) -> tuple[int, int]:
        counts = [self.sit_outs[p] for p in self.players if p not in self.stays] or [0]
        return min(counts), max(counts)

    @property
    def left_right_gap(self) -> int:
        """The largest difference, over ordered pairs, between times on the left and right."""
        return max(self._side_gaps, default=0)

    @property
    def left_right_unbalanced(self) -> int:
        """Pairs of opponents who met more often on one side than the other could allow."""
        return sum(1 for gap in self._side_gaps if gap > 1)

    @cached_property
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

    def problem_list(
        self, names: Mapping[int, str] | None = None, *, fixed_partners: bool = False
    ) -> list[str]:
        """`fixed_partners`: a pairs event, where partners stay together all night and two
        partnerships may meet again by the movement's design (Swiss, king's table), so only
        the seating and the sit-outs can be wrong."""

        def who(p: int) -> str:
            return names.get(p, f"player {p}") if names else f"player {p}"

        found = list(self.errors)
        if not fixed_partners:
            for (a, b), count in self.repeated_pairs(self.partners, 1):
                found.append(f"{who(a)} and {who(b)} are partners {_times(count)}")
            met = self._met
            # On a short night a repeat is a problem, unless no night of this size can have
            # fewer (13 players over 4 rounds must meet again 12 times, and can meet twice).
            if self.short_night and not self.at_bounds:
                for (a, b), count in self.repeated_pairs(met, 1):
                    pair = frozenset((a, b))
                    partners, opponents = self.partners[pair], self.opponents[pair]
                    how = (
                        f", {_times(partners)} as partners and {_times(opponents)} as opponents"
                        if partners and opponents
                        else " as partners"
                        if partners
                        else " as opponents"
                    )
                    found.append(f"{who(a)} and {who(b)} meet {_times(count)}{how}")
            else:
                for (a, b), count in self.repeated_pairs(self.opponents, 2):
                    found.append(f"{who(a)} and {who(b)} are opponents {_times(count)}")
        low, high = self.sit_out_range
        if high - low > 1:
            found.append(f"sit-outs are uneven: from {low} to {high} per player")
        for player in self.twice_in_a_row:
            found.append(f"{who(player)} sits out twice in a row")
        return found

    def lines(
        self, names: Mapping[int, str] | None = None, *, fixed_partners: bool = False
    ) -> list[str]:
        """The report in a director's words: who partners and meets whom again, who sits
        out, then the problems, if any. The preview and `manage.py movement_report` print it.
        `fixed_partners`: a pairs event, told in partnerships."""
        if fixed_partners:
            lines = self._partnership_lines()
        else:
            lines = [
                f"{_count(len(self.players), 'player')}, {_count(self.rounds, 'round')}.",
                self.summary(),
                *([] if self.is_whist else [self.repeat_words()]),
                *(self.bound_lines() if self.repeat_meetings and not self.is_whist else []),
                _how_often(
                    Counter(self.sit_outs[p] for p in self.players if p not in self.stays),
                    "player",
                    ("sits out", "sit out"),
                    everyone="Everyone sits out" if not self.stays else "Everyone else sits out",
                    no_one="No one sits out.",
                ),
            ]
            if self.stays:
                count = len(self.stays)
                lines.insert(
                    -1,
                    f"{_count(count, 'player')} {_verb(count, 'stays', 'stay')} at one table "
                    f"and {_verb(count, 'never sits', 'never sit')} out.",
                )
            if self.is_whist and self.left_right_gap == 0:
                lines.append("Each opponent is met once on each side.")
            elif self.left_right_unbalanced:
                pairs = self.left_right_unbalanced
                lines.append(
                    f"{_count(pairs, 'pair')} of opponents {_verb(pairs, 'meets', 'meet')} "
                    "more often on one side than the other."
                )
        problems = self.problem_list(names, fixed_partners=fixed_partners)
        if problems:
            shown = problems[:10]
            more = f" (and {len(problems) - 10} more)" if len(problems) > 10 else ""
            lines.append("Problems: " + "; ".join(shown) + more)
        else:
            lines.append("No problems found.")
        return lines

    def _partnership_lines(self) -> list[str]:
        teams = sorted(tuple(sorted(pair)) for pair in self.partners)
        lines = [f"{_count(len(teams), 'partnership')}, {_count(self.rounds, 'round')}."]
        # Two partnerships at a table: each player is the opponent of both the others once.
        meetings = Counter(
            self.opponents[frozenset((a[0], b[0]))] for a, b in combinations(teams, 2)
        )
        again = [
            f"{_count(meetings[times], 'pair')} of partnerships "
            f"{_verb(meetings[times], 'meets', 'meet')} {_times(times)}"
            for times in sorted(meetings)
            if times > 1
        ]
        lines.append(_sentence(", ".join(again)) if again else "No two partnerships meet twice.")
        lines.append(
            _how_often(
                Counter(self.sit_outs[team[0]] for team in teams),
                "partnership",
                ("has the bye", "have the bye"),
                everyone="Every partnership has the bye",
                no_one="No partnership has the bye.",
            )
        )
        return lines

    def repeat_words(self) -> str:
        """Whether anyone shares a table twice, against the most a night of this size allows:
        "28 × 9: no pair meets twice. No night of 28 players is longer without a repeat."
        """
        players, rounds = len(self.players), self.rounds
        limit = repeat_free_limit(players)
        head = f"{players} × {rounds}: "
        if self.first_repeat is None:
            if limit.exact and rounds >= limit.rounds:
                return head + (
                    f"no pair meets twice. No night of {players} players is longer without a "
                    "repeat."
                )
            return head + f"no pair meets twice ({limit.words()})."
        clean = self.first_repeat - 1
        before = (
            "no round before it has one"
            if clean < 1
            else "round 1 has none"
            if clean == 1
            else "rounds 1 and 2 have none"
            if clean == 2
            else f"rounds 1 to {clean} have none"
        )
        return (
            head
            + f"players meet again from round {self.first_repeat} ({before}); "
            + (limit.words() + ".")
        )

    def bound_lines(self) -> list[str]:
        """The worst pair and the repeats in all, each beside the least any night of this size
        can have and, for a small night, the best found by search (`small.py`):
        "Most times two players meet: 3, the least known (no night can go below 2)."
        """
        players, rounds = len(self.players), self.rounds
        if players < 4 or not self.same_players:
            return []
        worst, repeats = self.most_meetings, self.repeat_meetings
        bounds = small_bounds(players, rounds, worst)
        best = BEST_KNOWN.get((players, rounds))
        worst_floor = (
            f"no night can go below {bounds.worst}"
            if bounds.worst > 1
            else "a night where no two players meet twice may exist"
        )
        repeats_floor = (
            f"no night can go below {bounds.repeats}"
            if bounds.repeats
            else "a night with none may exist"
        )
        # The repeats' bound and best known hold for nights whose worst pair is this one.
        when = f"when no two players meet more than {_times(worst)}"
        known_repeats = best[2] if best and best[1] == worst else None
        return [
            "Most times two players meet: "
            + _against(worst, bounds.worst, best and best[1], "", worst_floor),
            "Repeated meetings in all: "
            + _against(repeats, bounds.repeats, known_repeats, when, repeats_floor),
        ]

    def summary(self) -> str:
        """One sentence for the partners and the opponents, from the counts: "Every partner
        new, 2 pairs meet twice as opponents." (a pair: two players)."""
        if self.is_whist:
            return "Everyone partners every other player once and meets them twice as opponents."
        partners, opponents = self._counted_partners, self._counted_opponents
        if self.partner_repeats == 0:
            words = ["every partner new"]
        else:
            again = sum(1 for c in partners.values() if c > 1)
            words = [f"{_count(again, 'pair')} {_verb(again, 'partners', 'partner')} again"]
        # How many pairs of players meet how often as opponents, beyond once.
        meetings = Counter(c for c in opponents.values() if c > 1)
        if meetings:
            words += [
                f"{_count(meetings[times], 'pair')} {_verb(meetings[times], 'meets', 'meet')} "
                f"{_times(times)} as opponents"
                for times in sorted(meetings)
            ]
        else:
            words.append("no one meets the same opponent twice")
        if self.short_night:
            # Few enough rounds that nobody need meet anyone twice in any way.
            both = sum(1 for p in partners if p in opponents)
            if both:
                words.append(
                    f"{_count(both, 'pair')} {_verb(both, 'meets', 'meet')} "
                    "as partners and as opponents"
                )
        return _sentence(", ".join(words))


def _against(value: int, bound: int, known: int | None, when: str, floor: str) -> str:
    """A figure beside the least possible (`bound`, in words `floor`) and the best known
    (`known`), `when` a condition they hold under: "12, the least possible when no two players
    meet more than twice."."""
    when = f" {when}" if when else ""
    if value <= bound:
        return f"{value}, the least possible{when}."
    if known is not None and value <= known:
        return f"{value}, the least known{when} ({floor})."
    if known is not None:
        return f"{value}; {known} is known{when} ({floor})."
    return f"{value} ({floor}{when})."


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


def _verb(number: int, one: str, many: str) -> str:
    return one if number == 1 else many


def _times(number: int) -> str:
    return {1: "once", 2: "twice"}.get(number, f"{number} times")


def _sentence(words: str) -> str:
    return words[0].upper() + words[1:] + "."


def _how_often(
    counts: Counter, noun: str, does: tuple[str, str], *, everyone: str, no_one: str
) -> str:
    """How many sit out (or have the bye) how often: "4 players sit out once, 13 never"."""
    if not counts or max(counts) == 0:
        return no_one
    if len(counts) == 1:
        return f"{everyone} {_times(max(counts))}."
    words = [
        f"{_count(counts[times], noun)} {_verb(counts[times], *does)} {_times(times)}"
        for times in sorted(counts, reverse=True)
        if times
    ]
    if counts[0]:
        words.append(f"{counts[0]} never")
    return _sentence(", ".join(words))


def movement_report(
    movement: Movement | Sequence[Round],
    players: Iterable[int] | None = None,
    *,
    stays: Iterable[int] = (),
) -> Report:
    """Check a movement (or a list of rounds); `players` defaults to everyone in it, or
    1..movement.players. `stays`: players who stay at one table, and never sit out."""
    if isinstance(movement, Movement):
        rounds = movement.rounds
        everyone = list(players) if players is not None else range(1, movement.players + 1)
    else:
        rounds = list(movement)
        everyone = players if players is not None else {p for r in rounds for p in r.players()}
    everyone = sorted(set(everyone))
    known = set(everyone)
    # Every pair as it comes, counted at the end (Counter counts a list in C; one
    # `counter[pair] += 1` at a time was most of the preview's time at 400 players): the
    # partners (N-S, E-W), the opponents (N-E, E-S, S-W, W-N), and who sat on whose left.
    across: list[frozenset] = []
    beside: list[frozenset] = []
    steps: list[tuple[int, int]] = []
    sit_outs: Counter = Counter()
    errors = []
    first_repeat = None
    met: set[frozenset] = set()  # every pair at a table so far, while none has met twice
    for number, r in enumerate(rounds, start=1):
        seated = r.players()
        if len(set(seated)) != len(seated) or not known.issuperset(seated):
            seen = Counter(seated)
            for player, count in sorted(seen.items()):
                if count > 1:
                    errors.append(f"round {number}: player {player} is seated {count} times")
                if player not in known:
                    errors.append(f"round {number}: player {player} is not in the event")
        start = len(across), len(beside)
        for table in r.tables:
            if len(table) != 4:
                errors.append(f"round {number}: a table of {len(table)} players")
                continue
            n, e, s, w = table
            across += (frozenset((n, s)), frozenset((e, w)))
            beside += (frozenset((n, e)), frozenset((e, s)), frozenset((s, w)), frozenset((w, n)))
            steps += ((n, e), (e, s), (s, w), (w, n))
        if first_repeat is None:
            # Two players meet again in this round when its pairs add fewer new ones to `met`
            # than there are pairs (one met before, or twice in this round).
            pairs = across[start[0] :] + beside[start[1] :]
            before = len(met)
            met.update(pairs)
            if len(met) - before < len(pairs):
                first_repeat = number
        sit_outs.update(r.sit_out)
    partners, opponents, left = Counter(across), Counter(beside), Counter(steps)
    twice = sorted(
        {p for before, after in pairwise(rounds) for p in set(before.sit_out) & set(after.sit_out)}
    )
    same = all(
        sorted(r.players()) == everyone and len(r.tables) == len(everyone) // 4 for r in rounds
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
        first_repeat=first_repeat,
        same_players=same,
        stays=frozenset(stays),
    )

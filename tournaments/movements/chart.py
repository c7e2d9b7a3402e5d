"""The night as a chart a director can check by hand: who sits where each round (rounds down,
tables across, N E S W by player number), and for every two players how often they partner
and oppose each other. `manage.py movement_report --chart` prints it as text; the round
preview draws the same `Chart` as tables.
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain

from .core import Round
from .quality import Report, movement_report


@dataclass(frozen=True)
class PlayerCounts:
    number: int
    partners: int  # different partners
    partners_again: int  # partnerships beyond the first with the same player
    opponents: int  # different opponents
    met_again: int  # table-mates met more than once (as partner or opponent)
    sit_outs: int


@dataclass(frozen=True)
class Chart:
    numbers: list[int]  # the players, by the numbers the chart shows
    rounds: list[Round]
    partners: dict[frozenset, int]
    opponents: dict[frozenset, int]

    @property
    def tables(self) -> int:
        return max((len(r.tables) for r in self.rounds), default=0)

    def pair(self, a: int, b: int) -> tuple[int, int]:
        """How often a and b partner, and how often they are opponents."""
        key = frozenset((a, b))
        return self.partners.get(key, 0), self.opponents.get(key, 0)

    def player_counts(self) -> list[PlayerCounts]:
        # From the pairs that met, not from every pair: 400 players make 79,800 pairs. Each
        # count is a Counter of the players in some pairs (counted in C): a player is in as
        # many pairs of partners as they have different partners, and so on.
        partners, opponents = self.partners, self.opponents
        again = Counter()
        for pair, count in partners.items():
            if count > 1:
                for p in pair:
                    again[p] += count - 1
        # Two players met more than once: partners or opponents more than once, or both.
        met_twice = {
            pair
            for pair in partners.keys() & opponents.keys()
            if partners[pair] + opponents[pair] > 1
        }
        met_twice.update(pair for pair, count in partners.items() if count > 1)
        met_twice.update(pair for pair, count in opponents.items() if count > 1)
        met_again = Counter(chain.from_iterable(met_twice))
        partners, opponents = (
            Counter(chain.from_iterable(partners)),
            Counter(chain.from_iterable(opponents)),
        )
        sit_outs = Counter(chain.from_iterable(r.sit_out for r in self.rounds))
        return [
            PlayerCounts(
                number=p,
                partners=partners[p],
                partners_again=again[p],
                opponents=opponents[p],
                met_again=met_again[p],
                sit_outs=sit_outs[p],
            )
            for p in self.numbers
        ]

    def lines(self) -> list[str]:
        """The chart as plain text: the rounds, then the partner and opponent counts."""
        width = len(str(max(self.numbers, default=0)))
        cell = 4 * width + 3
        out = any(r.sit_out for r in self.rounds)
        tables = [f"Table {t}".ljust(cell) for t in range(1, self.tables + 1)]
        lines = [
            "Each table's players in seat order N E S W: N and S partner, E and W partner.",
            " | ".join(["Round", *tables, *(["Out"] if out else [])]),
        ]
        for number, r in enumerate(self.rounds, start=1):
            seats = [" ".join(f"{p:>{width}}" for p in t).ljust(cell) for t in r.tables]
            seats += [" " * cell] * (self.tables - len(r.tables))
            rest = [" ".join(map(str, r.sit_out))] if out else []
            lines.append(" | ".join([f"{number:>5}", *seats, *rest]).rstrip())
        for title, which in (("Partners", 0), ("Opponents", 1)):
            lines += ["", f"{title}: how often each two players are {title.lower()} (. never)"]
            lines.append(" " * (width + 1) + " ".join(f"{q:>{width}}" for q in self.numbers))
            for p in self.numbers:
                row = [
                    ("-" if p == q else _digit(self.pair(p, q)[which])).rjust(width)
                    for q in self.numbers
                ]
                lines.append(f"{p:>{width}} " + " ".join(row))
        return lines


def _digit(count: int) -> str:
    return "." if count == 0 else str(count)


def movement_chart(rounds: Sequence[Round], numbers: Sequence[int] | None = None) -> Chart:
    """The chart of `rounds`; `numbers` lists the players (default: everyone seated)."""
    report: Report = movement_report(list(rounds), numbers)
    known = set(report.players)

    def counted(counter) -> dict[frozenset, int]:
        return {pair: c for pair, c in counter.items() if c and pair <= known}

    return Chart(
        numbers=report.players,
        rounds=list(rounds),
        partners=counted(report.partners),
        opponents=counted(report.opponents),
    )

"""Side awards, from a night's ranked standings lines. Plain Python (no
database), so each rule can be tested by value.

Side awards (a club picks them per event): most loners, best round, high night, and the booby
prize for last place. The booby prize goes to the last place the standings give, by their
tie-breaks, among the players who played the whole night (BOOBY_RULE): a late arrival or a
player who went home early is last on fewer rounds, not on the night. A tie the standings
leave (a shared place), or a tie for an award of points (most loners, best round, high
night), is named, never broken: every player tied is listed. While the night is still played
the awards are named as leading so far, and the booby prize and the prize table wait for the
last round (SO_FAR_RULE: tournaments/standings.py `night_prizes`).

The prize table (the places paid, these awards' prizes, the side pots) is the money app's
ledger (money/ledger/, shown through tournaments/prize_pages.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

AWARDS = {
    "most_loners": "Most loners",
    "best_round": "Best round",
    "high_night": "High night",
    "booby": "Booby prize",
}


# Said wherever the awards are shown (the standings page, the players' page, the projector,
# the PDF) and in docs/rules.md.
BOOBY_RULE = (
    "The booby prize goes to the lowest place among the players who played every round "
    "(a late arrival or a player who left early is not eligible)."
)
PAIRS_BOOBY_RULE = (
    "The booby prize goes to the lowest place among the partnerships who played every round."
)
SO_FAR_RULE = (
    "Leading after the rounds played so far. The booby prize and the prize table are decided "
    "when the last round is played."
)


@dataclass(frozen=True)
class Award:
    key: str
    title: str
    winners: tuple[str, ...]  # names, in the order printed, each once; several when tied
    detail: str  # what won it: "3 loners", "10 points"
    # Beside each winner, where they won it ("rounds 1 and 3"): the best round's; else empty.
    where: tuple[str, ...] = ()

    @property
    def tied(self) -> bool:
        return len(self.winners) > 1

    @property
    def lead(self) -> str:
        """The award's heading: "Best round, 10 points" when each winner has a `where`."""
        return f"{self.title}, {self.detail}" if self.where else self.title

    @property
    def named(self) -> list[tuple[str, str]]:
        """Each winner, with where they won it ("" for none)."""
        return list(zip(self.winners, self.where or ("",) * len(self.winners), strict=True))

    @property
    def tail(self) -> str:
        """What follows the names: "(3 loners, tied: shared)", or ", shared" after winners
        each with their rounds."""
        if self.where:
            return ", shared" if self.tied else ""
        return f" ({self.detail}{', tied: shared' if self.tied else ''})"

    @property
    def words(self) -> str:
        """The award in one line of plain words, for the PDF: as the page says it."""
        names = and_list(f"{name} ({where})" if where else name for name, where in self.named)
        return f"{self.lead}: {names}{self.tail}"


def and_list(items: Iterable[str]) -> str:
    """ "A, B and C": a list of names as the pages write it."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def _rounds_words(numbers: Iterable[int]) -> str:
    numbers = sorted(numbers)
    return f"round{'s' if len(numbers) > 1 else ''} {and_list(str(n) for n in numbers)}"


def side_awards(
    lines: Sequence,
    chosen: Iterable[str],
    loners: str = "loners",
    in_play: Iterable[int] = (),
) -> list[Award]:
    """The chosen awards for ranked standings lines (PlayerLine: name, rounds, sat_out,
    missed, lone_made, total), in AWARDS' order. An award nobody has earned (no loner made, no
    round played) is left out. `loners` names what the event counts ("lone marches");
    `in_play`: rounds not over, which the best round does not count."""
    in_play = set(in_play)
    chosen = set(chosen)
    found = []
    if "most_loners" in chosen:
        best = max((line.lone_made for line in lines), default=0)
        if best > 0:
            names = tuple(line.name for line in lines if line.lone_made == best)
            if best == 1:  # "1 loner", "1 lone march"
                loners = loners.removesuffix("es" if loners.endswith("ches") else "s")
            found.append(Award("most_loners", AWARDS["most_loners"], names, f"{best} {loners}"))
    if "best_round" in chosen:
        played = [
            (points, number, line.name)
            for line in lines
            for number, points in line.rounds.items()
            # A round played at a table: not a sit-out's or a late arrival's stand-in score,
            # and over: a round still in play is not a round's score yet.
            if points is not None
            and number not in line.sat_out
            and number not in line.missed
            and number not in in_play
        ]
        if played:
            best = max(points for points, _, _ in played)
            rounds_of: dict[str, set[int]] = {}
            for points, number, name in played:
                if points == best:
                    rounds_of.setdefault(name, set()).add(number)
            # Each winner once, in the standings' order (the lines'), with their rounds.
            names = tuple(rounds_of)
            where = tuple(_rounds_words(rounds_of[name]) for name in names)
            found.append(Award("best_round", AWARDS["best_round"], names, _points(best), where))
    if lines and "high_night" in chosen:
        best = max(line.total for line in lines)
        names = tuple(line.name for line in lines if line.total == best)
        found.append(Award("high_night", AWARDS["high_night"], names, _points(best)))
    # Last place as the standings rank it, tie-breaks and all: players level on points but
    # parted by loners or euchres are not last together, and a prize never says otherwise
    # than the standings beside it. Only among those who played every round (BOOBY_RULE): a
    # line without `whole_night` (a plain line of a test) counts as a whole night.
    eligible = [line for line in lines if getattr(line, "whole_night", True)]
    if eligible and "booby" in chosen:
        last = max(line.place for line in eligible)
        losers = [line for line in eligible if line.place == last]
        names = tuple(line.name for line in losers)
        found.append(Award("booby", AWARDS["booby"], names, _points(losers[0].total)))
    return found


def _points(points) -> str:
    # As every page prints points (standings.fmt): "4.5 points", never "4.50".
    from .standings import fmt

    return f"{fmt(points)} point" if points == 1 else f"{fmt(points)} points"

"""Side awards and the prize table, from a night's ranked standings lines. Plain Python (no
database), so each rule can be tested by value.

Side awards (a club picks them per event): most loners, best round, high night, and the booby
prize for last place. The booby prize goes to the last place the standings give, by their
tie-breaks, among the players who played the whole night (BOOBY_RULE): a late arrival or a
player who went home early is last on fewer rounds, not on the night. A tie the standings
leave (a shared place), or a tie for an award of points (most loners, best round, high
night), is named, never broken: every player tied is listed. While the night is still played
the awards are named as leading so far, and the booby prize and the prize table wait for the
last round (SO_FAR_RULE: tournaments/standings.py `night_prizes`).

The prize table, in whole cents so that the total is exact:
- the pool is the entry fee times the players who took part in the night;
- the house keeps its share (rounded down to the cent; the odd cent stays in the prizes);
- the side prizes are fixed amounts paid from the pool, shared among the players tied for the
  award;
- what is left is paid to the places by percentage (50/30/20 by default), each rounded down to
  the cent, the cents left over going to first place;
- players tied at a paid place share the combined prizes of the places they cover ("2=" with
  three players covers places 2, 3 and 4); a share that does not divide evenly gives its odd
  cents one each to the tied players in the order printed (by name).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

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


# --- The prize table -------------------------------------------------------------------------


@dataclass(frozen=True)
class Payout:
    label: str  # "1st", "2nd=", or an award's title
    names: tuple[str, ...]
    each: tuple[int, ...]  # cents, one per name

    @property
    def total(self) -> int:
        return sum(self.each)

    @property
    def rows(self) -> list[tuple[str, int]]:
        return list(zip(self.names, self.each, strict=True))


@dataclass(frozen=True)
class PrizeTable:
    players: int
    fee: int  # cents
    pool: int
    house: int
    side: tuple[Payout, ...]
    places: tuple[Payout, ...]
    percents: tuple[int, ...]

    @property
    def paid(self) -> int:
        return sum(p.total for p in (*self.side, *self.places))

    @property
    def unpaid(self) -> int:
        """Cents of the pool paid to no one: places with no player to take them."""
        return self.pool - self.house - self.paid

    @property
    def legend(self) -> str:
        """How the table was worked out, under it on the page and in the PDF."""
        shares = "/".join(str(p) for p in self.percents)
        words = (
            f"Places paid {shares}% of the pool left after the house's share and the side "
            "prizes. Tied players share the prizes of the places they cover. Amounts are "
            "rounded down to the cent: the odd cents of the places go to first place, and "
            "those of a shared prize to the tied players listed first."
        )
        if self.unpaid:
            words += f" Not paid (no player for the place): {money(self.unpaid)}."
        return words


class PrizeError(ValueError):
    """Prizes that cannot be paid from the pool, in words for the director."""


def parse_percents(text: str) -> tuple[int, ...]:
    """ "50/30/20" (or "50, 30, 20") as the places' percentages; ValueError in words when they
    are not whole numbers from 1 to 100 adding up to 100."""
    parts = [p.strip() for p in text.replace(",", "/").split("/") if p.strip()]
    if not parts:
        raise ValueError("Give each paid place's percentage, for example 50/30/20.")
    if not all(p.isascii() and p.isdigit() for p in parts):
        raise ValueError("Write the percentages as whole numbers, for example 50/30/20.")
    numbers = tuple(int(p) for p in parts)
    if any(n < 1 or n > 100 for n in numbers):
        raise ValueError("Each place's percentage is from 1 to 100.")
    if len(numbers) > 20:
        raise ValueError("At most 20 places can be paid.")
    if sum(numbers) != 100:
        raise ValueError(f"The percentages add up to {sum(numbers)}, not 100.")
    return numbers


def cents(amount: Decimal | int | str) -> int:
    return int((Decimal(amount) * 100).to_integral_value())


def money(amount_cents: int) -> str:
    """ "$12.50": the app's one way to show money."""
    sign = "-" if amount_cents < 0 else ""
    return f"{sign}${abs(amount_cents) // 100:,}.{abs(amount_cents) % 100:02d}"


def _share(total: int, count: int) -> tuple[int, ...]:
    """`total` cents in `count` shares as equal as cents allow, the odd cents to the first."""
    base, odd = divmod(total, count)
    return tuple(base + (1 if i < odd else 0) for i in range(count))


def prize_table(
    lines: Sequence,
    *,
    fee: Decimal,
    house_percent: int,
    percents: Sequence[int],
    side_prizes: dict[str, Decimal],
    awards: Sequence[Award],
) -> PrizeTable:
    """The prize table for ranked standings lines (place, name, in printed order). Raises
    PrizeError when the side prizes come to more than the pool leaves after the house."""
    fee_cents = cents(fee)
    pool = fee_cents * len(lines)
    house = pool * house_percent // 100
    side = []
    for award in awards:
        amount = cents(side_prizes.get(award.key) or 0)
        if amount > 0:
            side.append(Payout(award.title, award.winners, _share(amount, len(award.winners))))
    after_side = pool - house - sum(p.total for p in side)
    if after_side < 0:
        raise PrizeError(
            f"The side prizes come to {money(pool - house - after_side)}, more than the "
            f"{money(pool - house)} left after the house's share: lower them, or the share."
        )
    # Each place's prize, rounded down; the cents left over go to first place.
    prizes = [after_side * p // 100 for p in percents]
    if prizes:
        prizes[0] += after_side - sum(prizes)
    places = []
    by_place: dict[int, list[str]] = {}
    for line in lines:
        by_place.setdefault(line.place, []).append(line.name)
    for place, names in sorted(by_place.items()):
        covered = prizes[place - 1 : place - 1 + len(names)]
        if not covered:
            break
        label = _ordinal(place) + ("=" if len(names) > 1 else "")
        places.append(Payout(label, tuple(names), _share(sum(covered), len(names))))
    return PrizeTable(
        players=len(lines),
        fee=fee_cents,
        pool=pool,
        house=house,
        side=tuple(side),
        places=tuple(places),
        percents=tuple(percents),
    )


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"

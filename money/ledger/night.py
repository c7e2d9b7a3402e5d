"""What a night's money is made of: the settings (prices, the club's share, the places paid,
the side pots), the door (who paid, how, refunds and waivers) and the result (the standings
and what the hands recorded). Each refuses a bad input with a ValueError a director can act
on, so nothing is saved half right. Amounts are integers of the currency's minor unit."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from money.currency import _locale, format_money, minor_digits

from . import rules

METHODS = ("cash", "card", "ahead")
METHOD_WORDS = {"cash": "cash", "card": "card", "ahead": "paid ahead"}
FINES_TO = tuple(rules.FINES_RULES)
FIFTY_FIFTY_TO = tuple(rules.FIFTY_FIFTY_RULES)
MAX_PLACES = 20


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Tier:
    """From this many players in the standings, these places are paid (percentages of the
    prize pot, 1st first)."""

    from_players: int
    percents: tuple[int, ...]

    def __post_init__(self):
        object.__setattr__(self, "percents", tuple(self.percents))
        if not _is_int(self.from_players) or self.from_players < 0:
            raise ValueError(
                f"A tier starts at a number of players (0 or more), not {self.from_players!r}."
            )
        # Alone a tier knows only where it starts; tiers_from() names it as a director says it
        # ("Under 12 players"), knowing the tier after it, and checks it under that name first.
        check_percents(f"From {self.from_players} players", self.percents)

    @property
    def places_words(self) -> str:
        """ "1st takes 100%" for one place, else "50/30/20"."""
        if len(self.percents) == 1:
            return f"1st takes {self.percents[0]}%"
        return "/".join(map(str, self.percents))


def check_percents(who: str, percents: tuple) -> None:
    """A tier's places: ValueError in words, beginning with the tier's name (`who`)."""
    if not percents:
        raise ValueError(f"{who}: give each paid place's percentage, for example 50/30/20.")
    if not all(_is_int(p) for p in percents):
        raise ValueError(f"{who}: write the percentages as whole numbers, e.g. 50/30/20.")
    if any(p < 1 or p > 100 for p in percents):
        raise ValueError(f"{who}: each place's percentage is from 1 to 100.")
    if len(percents) > MAX_PLACES:
        raise ValueError(f"{who}: at most {MAX_PLACES} places can be paid.")
    if sum(percents) != 100:
        raise ValueError(f"{who}: the places' percentages add up to {sum(percents)}, not 100.")


def tier_names(starts: list[int]) -> list[str]:
    """Each tier as a director says it: "Any number of players" when there is one; the first
    "Under 12 players" when the next starts at 12; the others "From 12 players"."""
    if len(starts) == 1:
        return ["Any number of players"]
    return [
        f"Under {starts[1]} players" if i == 0 else f"From {start} players"
        for i, start in enumerate(starts)
    ]


def tiers_from(pairs: Iterable[tuple[int, tuple[int, ...]]]) -> tuple[Tier, ...]:
    """The tiers (from_players, percents), each checked under its director's name, so a
    refusal says "Under 12 players: ... add up to 120", not "From 0 players"."""
    pairs = [(start, tuple(percents)) for start, percents in pairs]
    names = tier_names([start for start, _ in pairs])
    for name, (_, percents) in zip(names, pairs, strict=True):
        check_percents(name, percents)
    return tuple(Tier(start, percents) for start, percents in pairs)


def tiers_in_words(tiers: tuple[Tier, ...]) -> str:
    """ "Under 12 players: 1st takes 100%; from 12 players: 50/30/20"."""
    names = tier_names([t.from_players for t in tiers])
    said = [f"{name}: {tier.places_words}" for name, tier in zip(names, tiers, strict=True)]
    text = "; ".join(said[:1] + [s[0].lower() + s[1:] for s in said[1:]])
    return text


# Under 12 players 1st only; from 12, three places 50/30/20 (the example).
DEFAULT_TIERS = (Tier(0, (100,)), Tier(12, (50, 30, 20)))


@dataclass(frozen=True)
class NightSettings:
    """The night's money settings (an event's, from the club's defaults). Amounts in minor
    units of `currency`; `locale` is how the club's country writes money (messages too)."""

    entry_fee: int
    ahead_fee: int | None = None  # None: those who paid ahead pay the entry fee too
    club_percent: int = 0  # the club's share as a whole percentage of the entry money...
    club_fixed: int = 0  # ...or a fixed sum (never both)
    club_share_for: str = "expenses"  # what the share is for: "expenses", "the food bank"
    tiers: tuple[Tier, ...] = DEFAULT_TIERS
    loner_buy_in: int = 0  # from each paying player's entry, into the loner basket
    loner_prize: int = 0  # paid per loner made from the basket; 0: the basket is shared
    euchre_fine: int = 0  # paid in cash by each player per euchre suffered
    fines_to: str = "pot"  # FINES_TO: the prize pot, the loner basket or the club
    pool_buy_in: int = 0  # from each paying player's entry, into the rolling pool
    pool_carried_in: int = 0  # the rolling pool carried from the last night
    pool_name: str = "Perfect hand pool"
    fifty_fifty_to: str = "club"  # FIFTY_FIFTY_TO: the other half to the club or the pot
    early_leavers_paid: bool = True  # rules.EARLY_LEAVERS_PAID_RULE / _NOT_PAID_RULE
    # A side award's fixed prize (most loners, best round...), by the award's key: paid from
    # the prize pot before the places (rules.AWARD_PRIZES_RULE).
    award_prizes: Mapping[str, int] = field(default_factory=dict)
    currency: str = "USD"
    locale: str = "en_US"

    def __post_init__(self):
        minor_digits(self.currency)  # a ValueError in words for a code babel does not know
        _locale(self.locale)
        object.__setattr__(self, "tiers", tuple(self.tiers))
        object.__setattr__(self, "award_prizes", dict(self.award_prizes))
        amounts = {
            **{f"The {key.replace('_', ' ')} prize": v for key, v in self.award_prizes.items()},
            "The entry fee": self.entry_fee,
            "The ahead price": 0 if self.ahead_fee is None else self.ahead_fee,
            "The club's fixed share": self.club_fixed,
            "The loner buy-in": self.loner_buy_in,
            "The loner prize": self.loner_prize,
            "The euchre fine": self.euchre_fine,
            "The pool buy-in": self.pool_buy_in,
            "The pool carried in": self.pool_carried_in,
        }
        for what, amount in amounts.items():
            if not _is_int(amount):
                raise ValueError(f"{what} must be a whole number of cents (money.to_minor).")
            if amount < 0:
                raise ValueError(f"{what} is {self.money(amount)}: it cannot be negative.")
        if not _is_int(self.club_percent) or not 0 <= self.club_percent <= 100:
            raise ValueError(
                f"The club's share is {self.club_percent}%: give a whole percentage from 0 to 100."
            )
        if self.club_percent and self.club_fixed:
            raise ValueError(
                "The club's share is either a percentage or a fixed sum: set one to zero."
            )
        if self.fines_to not in FINES_TO:
            raise ValueError(f"The euchre fines go to one of {', '.join(FINES_TO)}.")
        if self.fifty_fifty_to not in FIFTY_FIFTY_TO:
            raise ValueError(f"The 50/50's other half goes to one of {', '.join(FIFTY_FIFTY_TO)}.")
        if not self.tiers or not all(isinstance(t, Tier) for t in self.tiers):
            raise ValueError("Give the places paid: at least one tier, for example 1st only.")
        starts = [t.from_players for t in self.tiers]
        if starts[0] > 1:
            raise ValueError(
                f"The places paid start from {starts[0]} players: the first tier must start "
                "from 0 or 1 player, so every turnout has its places."
            )
        if any(b <= a for a, b in zip(starts, starts[1:], strict=False)):
            raise ValueError(
                "Each tier of places paid must start from more players than the one before: "
                f"{', '.join(map(str, starts))}."
            )
        shares = self.loner_buy_in + self.pool_buy_in
        for price, what in ((self.entry_fee, "entry fee"), (self.price(True), "ahead price")):
            if shares > price:
                raise ValueError(
                    f"The loner buy-in and the pool buy-in come to {self.money(shares)}, more "
                    f"than the {what} of {self.money(price)}: lower them, or raise the {what}."
                )
        if self.loner_prize and not self.loner_buy_in and self.fines_to != "basket":
            raise ValueError(
                f"Each loner is paid {self.money(self.loner_prize)} from the loner basket, but "
                "nothing goes into the basket: set a loner buy-in, or send the euchre fines to "
                "the basket."
            )

    @property
    def digits(self) -> int:
        return minor_digits(self.currency)

    def money(self, minor: int) -> str:
        """An amount as the club writes it, for messages."""
        return format_money(minor, self.currency, self.locale)

    def price(self, paid_ahead: bool) -> int:
        return self.entry_fee if self.ahead_fee is None or not paid_ahead else self.ahead_fee

    def percents_for(self, turnout: int) -> tuple[int, ...]:
        """The places paid for `turnout` players: the last tier starting at or below it."""
        chosen = self.tiers[0]
        for tier in self.tiers:
            if tier.from_players <= turnout:
                chosen = tier
        return chosen.percents

    def rules_in_words(self) -> list[str]:
        """The rules that apply tonight, in the order the cash sheet shows its figures."""
        said = [
            rules.PRICE_RULE,
            rules.WAIVER_RULE,
            rules.REFUND_RULE,
            rules.CLUB_SHARE_RULE,
            f"Places paid, as percentages of the prize pot. {tiers_in_words(self.tiers)}.",
            rules.TURNOUT_RULE,
            rules.ODD_CENTS_RULE,
            rules.TIE_RULE,
            rules.PARTNERSHIP_RULE,
            rules.FEWER_ENTRIES_RULE,
            *([rules.AWARD_PRIZES_RULE] if any(self.award_prizes.values()) else []),
            rules.EARLY_LEAVERS_PAID_RULE
            if self.early_leavers_paid
            else rules.EARLY_LEAVERS_NOT_PAID_RULE,
        ]
        if self.loner_buy_in or self.pool_buy_in:
            said.append(rules.SHARES_RULE)
        if self.loner_buy_in or self.loner_prize or self.fines_to == "basket":
            said.append(rules.LONER_BASKET_RULE)
        if self.euchre_fine:
            said.append(rules.FINES_RULES[self.fines_to])
        if self.pool_buy_in or self.pool_carried_in:
            said.append(rules.POOL_RULE)
        said.append(rules.FIFTY_FIFTY_RULES[self.fifty_fifty_to])
        said += [rules.BOX_RULE, rules.BALANCE_RULE]
        return said


@dataclass(frozen=True)
class Payment:
    """Money a player handed over: at the door (cash or card) or before the night (ahead)."""

    player: str
    method: str
    amount: int

    def __post_init__(self):
        _check_name(self.player, "A payment")
        if self.method not in METHODS:
            raise ValueError(
                f"{self.player} paid by {self.method!r}: a payment is by {', '.join(METHODS)}."
            )
        if not _is_int(self.amount) or self.amount <= 0:
            raise ValueError(
                f"{self.player}'s payment must be a whole number of cents above zero, "
                f"not {self.amount!r}."
            )


@dataclass(frozen=True)
class Refund:
    """Money given back to a player, the way it was paid (cash from the box, back to the card,
    or back to the ahead payment)."""

    player: str
    amount: int
    method: str = "cash"

    def __post_init__(self):
        _check_name(self.player, "A refund")
        if self.method not in METHODS:
            raise ValueError(
                f"{self.player}'s refund by {self.method!r}: a refund goes back by "
                f"{', '.join(METHODS)}."
            )
        if not _is_int(self.amount) or self.amount <= 0:
            raise ValueError(
                f"{self.player}'s refund must be a whole number of cents above zero, "
                f"not {self.amount!r}."
            )


def _check_name(name, what: str) -> None:
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"{what} needs the player's name.")


@dataclass(frozen=True)
class Door:
    """Check-in's money: each payment, each refund, the players waived (who play free) and the
    50/50 tickets sold (cash). A walk-in is simply a player who pays at the door."""

    payments: tuple[Payment, ...] = ()
    refunds: tuple[Refund, ...] = ()
    waived: tuple[str, ...] = ()
    fifty_fifty_sales: int = 0

    def __post_init__(self):
        for name in ("payments", "refunds", "waived"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        for name in self.waived:
            _check_name(name, "A waiver")
        if not _is_int(self.fifty_fifty_sales) or self.fifty_fifty_sales < 0:
            raise ValueError(
                "The 50/50 tickets sold must be a whole number of cents, zero or more, not "
                f"{self.fifty_fifty_sales!r}."
            )

    def players(self) -> tuple[str, ...]:
        """Everyone checked in (paid or waived), in the order they first appear."""
        seen = dict.fromkeys(p.player for p in self.payments)
        seen.update(dict.fromkeys(self.waived))
        return tuple(seen)

    @functools.cached_property
    def _totals(self) -> dict[tuple[str, str, str | None], int]:
        # Each player's money by way and method, summed once: a night of 400 players asks
        # for them thousands of times.
        totals: dict[tuple[str, str, str | None], int] = {}
        rows = [("paid", p) for p in self.payments] + [("refunded", r) for r in self.refunds]
        for way, row in rows:
            for method in (row.method, None):
                key = (way, row.player, method)
                totals[key] = totals.get(key, 0) + row.amount
        return totals

    def paid(self, player: str, method: str | None = None) -> int:
        return self._totals.get(("paid", player, method), 0)

    def refunded(self, player: str, method: str | None = None) -> int:
        return self._totals.get(("refunded", player, method), 0)

    def net(self, player: str) -> int:
        return self.paid(player) - self.refunded(player)

    def paid_ahead(self, player: str) -> bool:
        return self.paid(player, "ahead") > 0

    def price(self, settings: NightSettings, player: str) -> int:
        """What the player owes for the night: nothing when waived (rules.WAIVER_RULE)."""
        return 0 if player in self.waived else settings.price(self.paid_ahead(player))

    def check(self, settings: NightSettings) -> None:
        """ValueError in words for money the door cannot have taken: a refund larger than what
        the player paid that way, a waived player who paid, a payment above the price."""
        for player in self.players():
            for method in METHODS:
                back, paid = self.refunded(player, method), self.paid(player, method)
                if back > paid:
                    raise ValueError(
                        f"{player}'s refund of {settings.money(back)} ({METHOD_WORDS[method]}) "
                        f"is more than the {settings.money(paid)} they paid that way: a refund "
                        "is never more than what was paid."
                    )
            if player in self.waived and self.net(player) > 0:
                raise ValueError(
                    f"{player} is waived but has paid {settings.money(self.net(player))}: "
                    "refund it, or take off the waiver."
                )
            price = self.price(settings, player)
            if self.net(player) > price:
                raise ValueError(
                    f"{player} has paid {settings.money(self.net(player))}, "
                    f"{settings.money(self.net(player) - price)} more than the price of "
                    f"{settings.money(price)}: refund the difference."
                )
        checked_in = set(self.players())
        for refund in self.refunds:
            if refund.player not in checked_in:
                raise ValueError(
                    f"{refund.player} has a refund but never paid: a refund is never more than "
                    "what was paid."
                )

    def owed(self, settings: NightSettings, playing: Iterable[str] = ()) -> dict[str, int]:
        """Who still owes, and how much (the event page's list). A waived player owes nothing,
        and nor does a player refunded everything they paid, unless `playing` (the standings'
        players) says they played after all (rules.REFUND_RULE)."""
        playing = set(playing)
        owed = {}
        for player in self.players():
            if self.refunded(player) and self.net(player) == 0 and player not in playing:
                continue
            short = self.price(settings, player) - self.net(player)
            if short > 0:
                owed[player] = short
        return owed


@dataclass(frozen=True)
class Placing:
    """One entry's place in the final standings: a player, or a partnership of two (a pairs
    or bracket night). Entries tied share a place number."""

    place: int
    players: tuple[str, ...]

    def __post_init__(self):
        players = (self.players,) if isinstance(self.players, str) else tuple(self.players)
        object.__setattr__(self, "players", players)
        if not _is_int(self.place) or self.place < 1:
            raise ValueError(f"A place is a number from 1, not {self.place!r}.")
        if len(players) not in (1, 2):
            raise ValueError(
                f"Place {self.place}: an entry is one player or a partnership of two, "
                f"not {len(players)}."
            )
        for name in players:
            _check_name(name, f"Place {self.place}")


@dataclass(frozen=True)
class AwardResult:
    """A side award won tonight (most loners, best round...): its key (as
    NightSettings.award_prizes names it), its title, and its winners: entries (a player, or a
    partnership of two), several when tied, in the order the standings list them."""

    key: str
    title: str
    winners: tuple[tuple[str, ...], ...]

    def __post_init__(self):
        winners = tuple((w,) if isinstance(w, str) else tuple(w) for w in self.winners)
        object.__setattr__(self, "winners", winners)
        if not isinstance(self.key, str) or not self.key:
            raise ValueError("A side award needs its key (most_loners, best_round...).")
        for entry in winners:
            if len(entry) not in (1, 2):
                raise ValueError(
                    f"{self.title}: a winner is one player or a partnership of two, "
                    f"not {len(entry)}."
                )
            for name in entry:
                _check_name(name, self.title)
        if len(set(winners)) != len(winners):
            raise ValueError(f"{self.title}: a winner is listed twice: list each once.")

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(name for entry in self.winners for name in entry)


@dataclass(frozen=True)
class NightResult:
    """The end of the night: the final standings (1st first, tied entries sharing a place
    number, in the order they are printed), and what the hands and the draws recorded."""

    standings: tuple[Placing, ...] = ()
    loners: Mapping[str, int] = field(default_factory=dict)  # loners made, by player
    euchres: Mapping[str, int] = field(default_factory=dict)  # euchres suffered, by player
    pool_winners: tuple[str, ...] = ()  # the high hand / perfect hand tonight, if any
    fifty_fifty_winner: str = ""  # anyone holding the ticket, a player or not
    left_early: frozenset[str] = frozenset()
    awards: tuple[AwardResult, ...] = ()  # the side awards won tonight (with a prize or not)

    def __post_init__(self):
        object.__setattr__(self, "standings", tuple(self.standings))
        object.__setattr__(self, "awards", tuple(self.awards))
        object.__setattr__(self, "pool_winners", tuple(self.pool_winners))
        object.__setattr__(self, "left_early", frozenset(self.left_early))
        object.__setattr__(self, "loners", dict(self.loners))
        object.__setattr__(self, "euchres", dict(self.euchres))
        seen: set[str] = set()
        expected = 1
        previous = None
        count = 0
        for placing in self.standings:
            if not isinstance(placing, Placing):
                raise ValueError("Give each entry of the standings as a place and its players.")
            for name in placing.players:
                if name in seen:
                    raise ValueError(f"{name} is in the standings twice: list each player once.")
                seen.add(name)
            if placing.place != previous:
                expected = 1 if previous is None else previous + count
                if placing.place != expected:
                    after = "first" if previous is None else f"after place {previous}"
                    raise ValueError(
                        f"Place {placing.place} comes {after}: the standings go 1, 2, 3... in "
                        f"order, tied entries sharing a place and the next place skipping as "
                        f"many (expected {expected})."
                    )
                previous, count = placing.place, 0
            count += 1
        players = self.players()
        for what, counts in (("loners made", self.loners), ("euchres suffered", self.euchres)):
            for name, number in counts.items():
                if not _is_int(number) or number < 0:
                    raise ValueError(f"{name}'s {what} must be a whole number, 0 or more.")
                if number and name not in players:
                    raise ValueError(
                        f"{name} has {what} but is not in the standings: check the name."
                    )
        for name in self.pool_winners:
            if name not in players:
                raise ValueError(f"{name} won the pool but is not in the standings: check it.")
        if len(set(self.pool_winners)) != len(self.pool_winners):
            raise ValueError("A pool winner is listed twice: list each winner once.")
        for name in self.left_early:
            if name not in players:
                raise ValueError(f"{name} left early but is not in the standings: check it.")
        keys = [award.key for award in self.awards]
        if len(set(keys)) != len(keys):
            raise ValueError("A side award is listed twice: list each award once.")
        for award in self.awards:
            if not isinstance(award, AwardResult):
                raise ValueError("Give each side award as its key, title and winners.")
            for name in award.players:
                if name not in players:
                    raise ValueError(
                        f"{name} won {award.title.lower()} but is not in the standings: check "
                        "the name."
                    )
        if not isinstance(self.fifty_fifty_winner, str):
            raise ValueError("The 50/50 winner is a name.")

    def players(self) -> tuple[str, ...]:
        """Every player in the standings, in their order (the turnout)."""
        return tuple(name for placing in self.standings for name in placing.players)

    def paid_standings(self, early_leavers_paid: bool) -> tuple[Placing, ...]:
        """The standings the places are paid on. Under the not-paid rule, entries with a player
        who left early are passed over and everyone below moves up: a place is 1 + the entries
        still ranked above it, so a tie stays a tie."""
        if early_leavers_paid or not self.left_early:
            return self.standings
        kept = [p for p in self.standings if not set(p.players) & self.left_early]
        out, previous, new_place = [], None, 0
        for above, placing in enumerate(kept):
            if placing.place != previous:
                new_place, previous = above + 1, placing.place
            out.append(Placing(new_place, placing.players))
        return tuple(out)

"""Players' ratings from rotating-partner play: plain Python over openskill, no Django.

Each round at a table is one game between two teams (North-South against East-West): the side
with more of the round's points won it, equal points are a draw. openskill rates the
individuals of those teams, so a player who wins with many different partners climbs while
one partner's luck is shared out.

The model is ThurstoneMostellerFull: with two teams per game its "full" pairing is simply the one
pair, and Thurstone-Mosteller models a draw as a result of its own (the teams' difference within
a margin around even) rather than as a shared rank, which suits a round that ends level: a draw
between equals teaches it something (their sigma shrinks), as a tied round at a table does.

Determinism: games are applied one after another in the order given, each player's (mu, sigma)
only ever changed by the game they sat in, so the same history always gives the same numbers,
to the last bit (no sums whose order could vary).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from openskill.models import ThurstoneMostellerFull

MODEL = ThurstoneMostellerFull()

# A new player: openskill's own start (mu 25, sigma 25/3), so the conservative estimate
# mu - 3 sigma starts at 0.
START_MU = MODEL.mu
START_SIGMA = MODEL.sigma

# Provisional until this many rounds are counted: about two club nights of play.
PROVISIONAL_ROUNDS = 20

# The shown number: 1500 for a typical regular (mu 25 with sigma settled near 5/3, so a
# conservative estimate of 20), 25 points of the number to one of the estimate, never below 0.
SHOWN_AT_TYPICAL = 1500
TYPICAL_ESTIMATE = 20.0
SHOWN_SCALE = 25

RATING_MEANING = (
    # Read by anyone on anyone's page: said of "a player", not "you".
    "The rating is a careful estimate of how well a player plays, from every round they have "
    "played at the club: it goes up when their side wins a round and down when it loses (more "
    "so against stronger players, whoever the partner was); 1500 is a typical regular, and a "
    f"new player's number is marked provisional until {PROVISIONAL_ROUNDS} rounds are played."
)


class Outcome(Enum):
    NS_WON = "ns"
    EW_WON = "ew"
    DRAW = "draw"


@dataclass(frozen=True)
class Game:
    """One round at one table: the North-South pair, the East-West pair, and who won."""

    north_south: tuple[int, ...]
    east_west: tuple[int, ...]
    outcome: Outcome


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    rounds: int = 0

    @property
    def shown(self) -> int:
        return shown_value(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return is_provisional(self.rounds)


NEW = Rating(START_MU, START_SIGMA, 0)


def shown_value(mu: float, sigma: float) -> int:
    """The one number a player sees: the conservative estimate (mu - 3 sigma), scaled."""
    estimate = mu - 3 * sigma
    return max(0, round(SHOWN_AT_TYPICAL + SHOWN_SCALE * (estimate - TYPICAL_ESTIMATE)))


def is_provisional(rounds: int) -> bool:
    return rounds < PROVISIONAL_ROUNDS


def outcome_of(ns_points: int, ew_points: int) -> Outcome:
    """The round's result at a table from its points: the side with more won; level is a draw."""
    if ns_points > ew_points:
        return Outcome.NS_WON
    if ew_points > ns_points:
        return Outcome.EW_WON
    return Outcome.DRAW


_RANKS = {Outcome.NS_WON: [1, 2], Outcome.EW_WON: [2, 1], Outcome.DRAW: [1, 1]}


def rate(games: Iterable[Game], prior: Mapping[int, Rating]) -> dict[int, Rating]:
    """Every player's rating after `games`, applied in the order given, from `prior` (a player
    not in it starts new). Returns the prior's players and every player of the games."""
    now = dict(prior)
    # openskill's own rating objects, kept from game to game (making one per player per game
    # costs more than the update itself over a club's history).
    live: dict = {}

    def current(player):
        if player not in live:
            r = now.get(player, NEW)
            live[player] = MODEL.rating(mu=r.mu, sigma=r.sigma)
        return live[player]

    for game in games:
        teams = (game.north_south, game.east_west)
        seen = [p for team in teams for p in team]
        if len(set(seen)) != len(seen):
            raise ValueError(f"A player sits twice in one game: {teams}")
        after = MODEL.rate(
            [[current(p) for p in team] for team in teams], ranks=_RANKS[game.outcome]
        )
        for team, new_team in zip(teams, after, strict=True):
            for player, new in zip(team, new_team, strict=True):
                live[player] = new
                now[player] = Rating(new.mu, new.sigma, now.get(player, NEW).rounds + 1)
    return now

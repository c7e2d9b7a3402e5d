"""Results -> the state of a bracket, and the places settled so far.

`play` recomputes everything from the plan and the whole set of results each time, rather than
advancing teams one result at a time: a corrected result then re-advances everything after it,
and nothing stored can drift from what the results say.
"""

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from .core import Match, Plan, Slot

# Statuses of a match that is over: it has a winner (and a loser, unless it was a bye).
DECIDED = ("done", "walkover")
# The sides whose losses count towards going out (not third place, not the consolation).
_MAIN_SIDES = ("winners", "losers", "final")


class ResultError(ValueError):
    """A result that cannot stand. The message is for a club director: it names the match and
    says what is wrong, in plain words."""


@dataclass(frozen=True)
class MatchState:
    """A match as the results leave it. `teams` are the seeds in its slots (None while not
    known). Status: "bye" (not played, one team goes on), "waiting" (a team not known yet),
    "ready" (both known, no result), "done", "walkover" (a team withdrew: not played, but the
    withdrawn team loses it), "not_needed" (F2 once F1 was won by the team from the winners'
    side)."""

    match: Match
    teams: tuple[int | None, int | None]
    status: str
    winner: int | None = None
    loser: int | None = None


@dataclass(frozen=True)
class State:
    """The whole bracket after the results. `matches` are in plan order; `losses` counts every
    seed's lost matches (walkovers included, consolation and third place too)."""

    plan: Plan
    matches: dict[str, MatchState]
    finished: bool
    champion: int | None
    losses: dict[int, int]
    consolation_winner: int | None

    def ready(self) -> list[MatchState]:
        """The matches that can be played now, in plan order."""
        return [s for s in self.matches.values() if s.status == "ready"]

    def eliminated(self) -> dict[int, str]:
        """seed -> the match that put it out of the running for the title. That is the loss no
        later match of the winners', losers' or final side takes the loser on from (third
        place and consolation matches are after going out). F1's loser goes on to F2 only
        when F2 is needed."""
        carried_on: dict[str, str] = {}  # match id -> the match its loser goes on to
        for m in self.plan.matches:
            if m.side in _MAIN_SIDES:
                for slot in m.slots:
                    if slot.loser_of is not None:
                        carried_on[slot.loser_of] = m.id
        out = {}
        for state in self.matches.values():
            m = state.match
            if m.side not in _MAIN_SIDES or state.status not in DECIDED:
                continue
            next_match = carried_on.get(m.id)
            if next_match is None or self.matches[next_match].status == "not_needed":
                out[state.loser] = m.id
        return out


def play(plan: Plan, results: Mapping[str, int], withdrawn: Collection[int] = ()) -> State:
    """The state after `results` (match id -> index of the winning slot, 0 or 1). A team in
    `withdrawn` loses by walkover every match it has no result for; when both teams of a match
    have withdrawn the better seed goes on, so the bracket still ends. Raises ResultError for a
    result the bracket cannot take."""
    ids = {m.id for m in plan.matches}
    for match_id, index in results.items():
        if match_id not in ids:
            raise ResultError(
                f"There is no match {match_id} in this bracket: check the match on the result."
            )
        if isinstance(index, bool) or index not in (0, 1):
            raise ResultError(
                f"The result of {match_id} must be 0 (the first team won) or 1 (the second "
                f"team won), not {index!r}."
            )
    out = set(withdrawn)
    for seed in sorted(out):
        if isinstance(seed, bool) or not isinstance(seed, int) or not 1 <= seed <= plan.teams:
            raise ResultError(
                f"Seed {seed!r} cannot withdraw: this bracket's teams are seeds 1 to {plan.teams}."
            )

    states: dict[str, MatchState] = {}
    for m in plan.matches:
        teams = (_team(m.slots[0], states), _team(m.slots[1], states))
        states[m.id] = _state(m, teams, results.get(m.id), out, states)

    losses = dict.fromkeys(range(1, plan.teams + 1), 0)
    for state in states.values():
        if state.status in DECIDED:
            losses[state.loser] += 1
    consolation = [s for s in states.values() if s.match.side == "consolation"]
    return State(
        plan=plan,
        matches=states,
        finished=all(s.status not in ("waiting", "ready") for s in states.values()),
        champion=_champion(states),
        losses=losses,
        consolation_winner=consolation[-1].winner if consolation else None,
    )


def _team(slot: Slot, states: dict[str, MatchState]) -> int | None:
    if slot.seed is not None:
        return slot.seed
    if slot.winner_of is not None:
        return states[slot.winner_of].winner
    if slot.loser_of is not None:
        return states[slot.loser_of].loser
    return None  # a bye


def _state(m: Match, teams, result: int | None, out: set, states) -> MatchState:
    if m.round == 1 and m.side == "winners" and m.is_bye():
        goes_on = teams[0] if teams[0] is not None else teams[1]
        if result is not None:
            raise ResultError(
                f"{m.id} is a bye, not a match: seed {goes_on} goes on without playing, so it "
                "takes no result."
            )
        return MatchState(m, teams, "bye", winner=goes_on)
    if m.if_necessary:
        first = states["F1"]
        if first.status in DECIDED and first.winner == first.teams[0]:
            if result is not None:
                raise ResultError(
                    f"{m.id} is not needed, so it takes no result: seed {first.winner} came "
                    "from the winners' side and won F1, so it is champion."
                )
            return MatchState(m, teams, "not_needed")
    if None in teams:
        if result is not None:
            unknown = " and the ".join(
                s.in_words() for s, team in zip(m.slots, teams, strict=True) if team is None
            )
            verb = "are" if teams == (None, None) else "is"
            raise ResultError(f"{m.id} cannot have a result yet: the {unknown} {verb} not known.")
        return MatchState(m, teams, "waiting")
    if result is not None:
        return MatchState(m, teams, "done", winner=teams[result], loser=teams[1 - result])
    if teams[0] in out or teams[1] in out:
        # Both withdrawn: the better seed "wins", so the bracket still reaches a champion.
        if teams[0] in out and teams[1] in out:
            winner = min(teams)
        else:
            winner = teams[1] if teams[0] in out else teams[0]
        loser = teams[0] if winner == teams[1] else teams[1]
        return MatchState(m, teams, "walkover", winner=winner, loser=loser)
    return MatchState(m, teams, "ready")


def _champion(states: dict[str, MatchState]) -> int | None:
    final = states["F1"]
    reset = states.get("F2")
    if reset is not None and reset.status != "not_needed":
        final = reset
    return final.winner if final.status in DECIDED else None


@dataclass(frozen=True)
class Placing:
    """Places first..last, shared by `seeds` (one seed when first == last)."""

    first: int
    last: int
    seeds: tuple[int, ...]

    def label(self) -> str:
        """ "1st", "3rd", "5th–6th" (an en dash), "9th–12th"."""
        if self.first == self.last:
            return _ordinal(self.first)
        return f"{_ordinal(self.first)}\N{EN DASH}{_ordinal(self.last)}"


def _ordinal(n: int) -> str:
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def placings(state: State) -> list[Placing]:
    """The places known so far, best first, each with the teams in it so far: the places of
    `standings` (the one place they are worked out), grouped. A shared place appears with its
    first team out: "5th–6th" is that round's place whoever else goes out in it."""
    found: dict[tuple[int, int], list[int]] = {}
    for team in standings(state):
        if team.placing is not None:
            found.setdefault((team.placing.first, team.placing.last), []).append(team.seed)
    return [
        Placing(first, last, tuple(sorted(seeds))) for (first, last), seeds in sorted(found.items())
    ]


@dataclass(frozen=True)
class TeamStanding:
    """One team's bracket, as every page shows it: its place once it is out (None while it is
    still in, or still to play for third place), and the matches and games it won and lost.
    Byes are no match; a walkover is a match won by the team that did not withdraw, with no
    game."""

    seed: int
    placing: Placing | None
    withdrawn: bool
    matches_won: int
    matches_lost: int
    games_won: int
    games_lost: int

    @property
    def still_in(self) -> bool:
        """No final place yet: still playing (a withdrawn team is out, its place to come)."""
        return self.placing is None and not self.withdrawn

    @property
    def place(self) -> int:
        """The first place of its placing; 0 while it has none (no place, no night won)."""
        return self.placing.first if self.placing is not None else 0

    @property
    def shared(self) -> bool:
        return self.placing is not None and self.placing.first != self.placing.last

    @property
    def label(self) -> str:
        """ "1st", "5th–6th", "still in" or "withdrew": the words on every page."""
        if self.placing is not None:
            return self.placing.label()
        return "withdrew" if self.withdrawn else "still in"


def standings(
    state: State,
    games: Mapping[str, Sequence[int]] | None = None,
    withdrawn: Collection[int] = (),
) -> list[TeamStanding]:
    """Every team's place, matches and games: the one place a bracket's figures are worked out,
    for every page, download and printout. `games`: match id -> the winning slot of each game
    played to its end (a best-of-three's games; none for a walkover).

    The order: the teams still in (fewest losses first, then by seed), then by place (within
    a shared place by seed; pages put it in name order), then any withdrawn team still to be
    placed. Places: 1st the champion and 2nd the loser of the deciding final, once there is a
    champion. Below them, counting down: in single elimination the losers of each winners'
    round from the semi-finals back share a range (the third-place match splits the
    semi-finals' losers once played); in double elimination the losers of each losers' round
    from the last back (3rd from the losers' final). A team's place is known as soon as it is
    out: the round it went out in gives the range, whoever else goes out in it. The
    consolation bracket changes no place (its winner: `state.consolation_winner`)."""
    plan, matches = state.plan, state.matches
    placed: dict[int, Placing] = {}
    if state.champion is not None:
        final = matches["F1"]
        if "F2" in matches and matches["F2"].status != "not_needed":
            final = matches["F2"]
        placed[state.champion] = Placing(1, 1, (state.champion,))
        placed[final.loser] = Placing(2, 2, (final.loser,))
    side = "winners" if plan.format == "single" else "losers"
    rounds: dict[int, list[MatchState]] = {}
    for s in matches.values():
        if s.match.side == side and s.status != "bye":
            rounds.setdefault(s.match.round, []).append(s)
    out = state.eliminated()
    third = matches.get("3P")
    place = 3
    for number in sorted(rounds, reverse=True):
        played = rounds[number]
        if third is not None and number == max(rounds):
            if third.status in DECIDED:
                placed[third.winner] = Placing(3, 3, (third.winner,))
                placed[third.loser] = Placing(4, 4, (third.loser,))
        else:
            ids = {s.match.id for s in played}
            seeds = tuple(sorted(seed for seed, match_id in out.items() if match_id in ids))
            for seed in seeds:
                placed[seed] = Placing(place, place + len(played) - 1, seeds)
        place += len(played)

    won = dict.fromkeys(range(1, plan.teams + 1), 0)
    lost = dict.fromkeys(range(1, plan.teams + 1), 0)
    games_won = dict.fromkeys(range(1, plan.teams + 1), 0)
    games_lost = dict.fromkeys(range(1, plan.teams + 1), 0)
    for s in matches.values():
        if s.status in DECIDED:
            won[s.winner] += 1
            lost[s.loser] += 1
        for slot in (games or {}).get(s.match.id, ()):
            if None not in s.teams:
                games_won[s.teams[slot]] += 1
                games_lost[s.teams[1 - slot]] += 1
    gone = set(withdrawn)
    teams = [
        TeamStanding(
            seed=seed,
            placing=placed.get(seed),
            withdrawn=seed in gone,
            matches_won=won[seed],
            matches_lost=lost[seed],
            games_won=games_won[seed],
            games_lost=games_lost[seed],
        )
        for seed in range(1, plan.teams + 1)
    ]
    return sorted(teams, key=_standing_order)


def _standing_order(team: TeamStanding) -> tuple:
    if team.still_in:
        return (0, team.matches_lost, 0, team.seed)
    if team.placing is None:
        return (2, 0, 0, team.seed)  # withdrawn, its walkover still to come
    return (1, 0, team.placing.first, team.seed)

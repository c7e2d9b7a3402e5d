"""Results -> the state of a bracket, and the places settled so far.

`play` recomputes everything from the plan and the whole set of results each time, rather than
advancing teams one result at a time: a corrected result then re-advances everything after it,
and nothing stored can drift from what the results say.
"""

from collections.abc import Collection, Mapping
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
    """The places settled so far, best first: a shared place appears once every team in it is
    known. 1st and 2nd from the final. Below them, counting down: in single elimination the
    losers of each winners' round from the semi-finals back share a range (the third-place
    match splits the semi-finals' losers); in double elimination the losers of each losers'
    round from the last back (3rd from the losers' final, 4th from the round before). The
    consolation bracket changes no place: its winner is `state.consolation_winner`."""
    plan, matches = state.plan, state.matches
    found = []
    if state.champion is not None:
        final = matches["F1"]
        if "F2" in matches and matches["F2"].status != "not_needed":
            final = matches["F2"]
        found += [Placing(1, 1, (state.champion,)), Placing(2, 2, (final.loser,))]
    side = "winners" if plan.format == "single" else "losers"
    rounds: dict[int, list[MatchState]] = {}
    for s in matches.values():
        if s.match.side == side and s.status != "bye":
            rounds.setdefault(s.match.round, []).append(s)
    place = 3
    for number in sorted(rounds, reverse=True):
        played = rounds[number]
        third = matches.get("3P")
        if third is not None and number == max(rounds):
            if third.status in DECIDED:
                found += [Placing(3, 3, (third.winner,)), Placing(4, 4, (third.loser,))]
        elif all(s.status in DECIDED for s in played):
            found.append(
                Placing(place, place + len(played) - 1, tuple(sorted(s.loser for s in played)))
            )
        place += len(played)
    return sorted(found, key=lambda p: p.first)

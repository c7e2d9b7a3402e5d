"""Brackets: single and double elimination for 3 to 128 teams with fixed partnerships. Pure
Python, no Django: the plan is drawn from the number of teams alone, and the state is worked out
afresh from the results, so the pages and the tests share one engine.

- `plan(teams, format, third_place=, consolation=, reset=)`: the matches and which feeds which;
  byes go to the best seeds, in the winners' first round only.
- `play(plan, results, withdrawn)`: who plays whom now, who is out, the champion.
- `standings(state, games, withdrawn)`: each team's place ("1st", "5th–6th", still in),
  matches and games won: the one place a bracket's figures are worked out;
- `placings(state)`: the places known so far, grouped from `standings`.
"""

from .core import MAX_TEAMS, MIN_TEAMS, Match, Plan, PlanError, Slot
from .plan import plan, seed_order
from .play import MatchState, Placing, ResultError, State, TeamStanding, placings, play, standings

__all__ = [
    "MAX_TEAMS",
    "MIN_TEAMS",
    "Match",
    "MatchState",
    "Placing",
    "Plan",
    "PlanError",
    "ResultError",
    "Slot",
    "State",
    "TeamStanding",
    "placings",
    "plan",
    "play",
    "seed_order",
    "standings",
]

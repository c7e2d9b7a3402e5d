"""The bracket as the pages and the PDF draw it: columns of match boxes, each with its two
teams (or what it waits for), their scores and the match's state. Built once from the
bracket as it stands (services.Now) and a single read of the scores."""

import itertools
from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Sum
from django.template import engines
from django.utils.safestring import SafeString, mark_safe

from tournaments import brackets as engine
from tournaments.models import Hand

from .figures import games_by_match
from .models import Game
from .services import Now

SIDE_HEADINGS = {
    "winners": "Round {round}",
    "losers": "Losers' round {round}",
    "final": "Final",
    "third": "Third place",
    "consolation": "Consolation round {round}",
}
STATUS_WORDS = {
    "bye": "Bye",
    "waiting": "Waiting",
    "ready": "Ready to call",
    "playing": "Playing",
    "done": "Decided",
    "walkover": "Walkover",
    "not_needed": "Not needed",
}


@dataclass
class Line:
    """One slot of a match box: a team, or what the slot waits for ("Winner of W1-2")."""

    name: str
    seed: int | None = None
    score: str = ""
    won: bool = False
    # Lost this match and so went out (struck through): a team that lost and plays on (to
    # the losers' bracket, or to the second final) is not struck.
    lost: bool = False
    known: bool = True
    withdrawn: bool = False


@dataclass
class Box:
    code: str
    side: str
    round: int
    status: str
    lines: list[Line]
    table: int | None = None
    if_necessary: bool = False
    # (game number, table id) of each game played or playing: the director's pages link them.
    games: list = field(default_factory=list)
    # The free table the director's page proposes for a ready match.
    free_table: int | None = None

    @property
    def status_words(self) -> str:
        return STATUS_WORDS[self.status]

    @property
    def title(self) -> str:
        if self.side == "final" and self.round == 1:
            return "Final"
        if self.side == "final":
            # "If necessary" until it is: once called or played it is simply the second final.
            waiting = self.status in ("waiting", "not_needed")
            return "Final, second match (if necessary)" if waiting else "Final, second match"
        if self.side == "third":
            return "Third place"
        return f"Match {self.code}"


@dataclass
class Column:
    side: str
    round: int
    boxes: list[Box] = field(default_factory=list)
    # How lines join its matches to the next column of the same side: "halves" (two matches
    # feed one), "straight" (one feeds one) or "" (the side's last column).
    joins: str = ""

    @property
    def heading(self) -> str:
        if self.side == "final" and self.round == 2:
            return "Final, if necessary"
        return SIDE_HEADINGS[self.side].format(round=self.round)


def team_name(now: Now, seed: int | None) -> str:
    team = now.team(seed)
    return str(team.partnership) if team else ""


def scores(now: Now) -> dict[str, list[list[int]]]:
    """Each called match's games: [[first team's points, second's], ...], in one query."""
    rounds = defaultdict(lambda: [0, 0])
    totals = (
        Hand.objects.filter(table__round__bracket_game__match__bracket=now.bracket)
        .values("table__round_id")
        .annotate(ns=Sum("ns_points"), ew=Sum("ew_points"))
    )
    for row in totals:
        rounds[row["table__round_id"]] = [row["ns"] or 0, row["ew"] or 0]
    found: dict[str, list[list[int]]] = defaultdict(list)
    games = Game.objects.filter(match__bracket=now.bracket).order_by("match_id", "number")
    for game in games.values("match__code", "round_id"):
        found[game["match__code"]].append(rounds[game["round_id"]])
    return found


def _score_words(games: list[list[int]], slot: int, best_of: int, won: list[int]) -> str:
    """One game: its points. Best of three: the games won, as the standings count them
    (figures.games_by_match `won`: each game's winning slot, once confirmed)."""
    if not games:
        return ""
    if best_of == 1:
        return str(games[0][slot])
    return str(won.count(slot))


def box(
    now: Now,
    state: engine.MatchState,
    games: list[list[int]],
    won: list[int] | None = None,
    out: dict[int, str] | None = None,
) -> Box:
    """`won`: the winning slot of each game confirmed (figures.games_by_match); `out`: seed ->
    the match that put it out (State.eliminated), read once a drawing."""
    out = now.state.eliminated() if out is None else out
    row = now.matches.get(state.match.id)
    status = state.status
    if status == "ready" and row is not None and row.called_at:
        status = "playing"
    lines = []
    for slot_index, (slot, seed) in enumerate(zip(state.match.slots, state.teams, strict=True)):
        if slot.bye:
            lines.append(Line("Bye", known=False))
            continue
        if seed is None:
            words = slot.in_words()  # "winner of W1-2": the match id keeps its capitals
            lines.append(Line(words[:1].upper() + words[1:], known=False))
            continue
        team = now.teams[seed]
        lines.append(
            Line(
                str(team.partnership),
                seed=seed,
                score=_score_words(games, slot_index, now.bracket.best_of, won or []),
                won=state.winner == seed and status in ("done", "walkover"),
                lost=state.loser == seed
                and status in ("done", "walkover")
                and out.get(seed) == state.match.id,
                withdrawn=team.withdrawn_at is not None,
            )
        )
    return Box(
        code=state.match.id,
        side=state.match.side,
        round=state.match.round,
        status=status,
        lines=lines,
        table=row.table if row is not None else None,
        if_necessary=state.match.if_necessary,
    )


def drawing(now: Now) -> list[Column]:
    """The bracket's columns in drawing order (winners' rounds, the final, third place, the
    losers' rounds, the consolation rounds), every match a box."""
    found = scores(now)
    won = games_by_match(now.bracket)
    out = now.state.eliminated()
    columns = []
    for side, round_, matches in now.plan.columns():
        column = Column(side, round_)
        for match in matches:
            state = now.state.matches[match.id]
            games = found.get(match.id, [])
            column.boxes.append(box(now, state, games, won.get(match.id, []), out))
        columns.append(column)
    for column, following in zip(columns, columns[1:], strict=False):
        # Lines only where they join the right matches: a losers' round after byes may have
        # neither half as many nor as many matches as the one before, and gets none.
        if following.side == column.side:
            if len(following.boxes) * 2 == len(column.boxes):
                column.joins = "halves"
            elif len(following.boxes) == len(column.boxes):
                column.joins = "straight"
    return columns


SIDE_LABELS = {
    "winners": "Winners' bracket",
    "losers": "Losers' bracket",
    "final": "Final",
    "third": "Third place",
    "consolation": "Consolation bracket",
}


def html(columns: list[Column], *, double: bool) -> SafeString:
    """The drawing as HTML (templates/brackets/_drawing.jinja), for the director's page and the
    players' page: the columns grouped by side, in drawing order."""
    sides = [(side, list(group)) for side, group in itertools.groupby(columns, lambda c: c.side)]
    template = engines["jinja2"].env.get_template("brackets/_drawing.jinja")
    # Autoescaped: every name in it is escaped as Django's templates would.
    return mark_safe(template.render(sides=sides, double=double, labels=SIDE_LABELS))


def placings(now: Now) -> list[tuple[str, list[str]]]:
    """The places known so far: ("5th–6th", [team names]), as the standings word them (both
    from the engine's `standings`)."""
    return [
        (placing.label(), [team_name(now, seed) for seed in placing.seeds])
        for placing in engine.placings(now.state)
    ]

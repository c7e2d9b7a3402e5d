"""Where a match stands, in words for the captain's phone: the heading of a game's page
("Match W1-1 · Game 2 · The Aces lead 1–0") and, on the table card's page once the match is
over, its result and where each team goes next.

Registered with tournaments/format_pages.py by brackets/receivers.py, so the captain's pages
(tournaments/captain/) show them without importing the bracket. Every figure here is read from
the bracket's one figures (figures.py `bracket_figures`: the games won, the places); this
module only puts them in words.
"""

from django.utils.html import format_html
from django.utils.safestring import SafeString

from tournaments import brackets as engine
from tournaments.brackets.play import DECIDED
from tournaments.models import Event, Table

from .figures import Figures, bracket_figures
from .models import Bracket, Game, Match

DASH = "\N{EN DASH}"


def _name(figures: Figures, seed: int | None) -> str:
    team = figures.now.team(seed)
    return str(team.partnership) if team else ""


def _code(code: str) -> SafeString:
    # Kept on one line: "W1-" and "2" on two lines of a narrow phone read as two things.
    return format_html('<span class="code">{}</span>', code)


def match_heading(table: Table) -> SafeString:
    """ "Match W1-1 · Game 2 · The Aces leads 1–0", "Match W1-1 · Game 3 · tied 1–1", or for a
    match of one game "Match W1-1"; "" for a table that is no match's game. A game whose
    confirmation decided the match says so: "Game 3 · The Aces won the match 2–1"."""
    game = Game.objects.filter(round_id=table.round_id).select_related("match__bracket").first()
    if game is None:
        return SafeString("")
    match, bracket = game.match, game.match.bracket
    if bracket.best_of == 1:
        return format_html("Match {}", _code(match.code))
    heading = format_html("Match {} · Game {}", _code(match.code), game.number)
    if game.number == 1 and table.confirmed_at is None:
        return heading  # no game won yet: nothing more to read
    figures = bracket_figures(bracket)
    if figures is None:
        return heading
    state = figures.now.state.matches[match.code]
    # The games confirmed before this one: each opened only when the one before was confirmed.
    won = figures.games.get(match.code, [])
    before = won[: game.number - 1]
    if table.confirmed_at is not None and state.status == "done" and len(won) == game.number:
        return format_html(
            "{} · <bdi>{}</bdi> won the match {}",
            heading,
            _name(figures, state.winner),
            _score(won, won[-1]),
        )
    if not before:
        return heading
    first, second = before.count(0), before.count(1)
    if first == second:
        return format_html("{} · tied {}", heading, _score(before, 0))
    leader = 0 if first > second else 1
    return format_html(
        "{} · <bdi>{}</bdi> leads {}",
        heading,
        _name(figures, state.teams[leader]),
        _score(before, leader),
    )


def _score(games: list[int], slot: int) -> str:
    """ "2–1": the games won by the team in `slot`, then by the other."""
    return f"{games.count(slot)}{DASH}{games.count(1 - slot)}"


def match_ended(event: Event, number: int) -> dict | None:
    """The match last played at table `number` of the bracket, if it is over and no match has
    been called to that table since: its result and where each team goes next, for the table
    card's page until the next match is called there. None otherwise."""
    bracket = Bracket.objects.filter(event=event).first()
    if bracket is None:
        return None
    last = (
        Match.objects.filter(bracket=bracket, table=number, called_at__isnull=False)
        .order_by("-called_at", "-pk")
        .first()
    )
    if last is None or last.winner_slot is None:
        return None
    figures = bracket_figures(bracket)
    state = figures.now.state.matches[last.code]
    if state.status != "done":
        return None
    won = figures.games.get(last.code, [])
    score = f" {_score(won, last.winner_slot)}" if bracket.best_of > 1 else ""
    return {
        "code": _code(last.code),
        "result": format_html(
            "<bdi>{}</bdi> won the match{} against <bdi>{}</bdi>.",
            _name(figures, state.winner),
            score,
            _name(figures, state.loser),
        ),
        "next": [
            format_html(
                "<strong><bdi>{}</bdi></strong> {}.",
                _name(figures, seed),
                _goes_next(figures, last.code, seed, won=seed == state.winner),
            )
            for seed in (state.winner, state.loser)
        ],
    }


def _goes_next(figures: Figures, code: str, seed: int, *, won: bool) -> str:
    """Where the winner (`won`) or the loser of match `code` goes: its next match by its code,
    and its table once called; else its place, from the bracket's standings."""
    now = figures.now
    for m in now.plan.matches:
        for slot in m.slots:
            if (slot.winner_of if won else slot.loser_of) != code:
                continue
            after = now.state.matches[m.id]
            if after.status == "not_needed":
                break
            return _next_match(figures, m, after, seed)
    return _finish(figures, code, seed)


def _next_match(figures: Figures, m: engine.Match, after: engine.MatchState, seed: int) -> str:
    row = figures.now.matches[m.id]
    consolation = " (consolation)" if m.side == "consolation" else ""
    what = format_html("match {}{}", _code(m.id), consolation)
    if after.status == "walkover" and after.winner == seed:
        return format_html("goes through {} without playing: its opponent withdrew", what)
    if after.status in DECIDED or row.winner_slot is not None:
        return format_html("went on to {}", what)
    if row.called_at is not None:
        return format_html("plays {} next, at table {}", what, row.table)
    if after.status == "ready":
        other = after.teams[1] if after.teams[0] == seed else after.teams[0]
        return format_html(
            "plays {} next, against <bdi>{}</bdi>, when the director calls it to a table",
            what,
            _name(figures, other),
        )
    slot = next((s for s, t in zip(m.slots, after.teams, strict=True) if t is None), None)
    opponent = ""
    if slot is not None and slot.winner_of:
        opponent = format_html(", the winner of {}", _code(slot.winner_of))
    elif slot is not None and slot.loser_of:
        opponent = format_html(", the loser of {}", _code(slot.loser_of))
    return format_html("plays {} next, and waits for its opponent{}", what, opponent)


def _finish(figures: Figures, code: str, seed: int) -> str:
    """A team with no match after `code`: its place, as the standings have it."""
    state = figures.now.state
    standing = next((t for t in figures.teams if t.seed == seed), None)
    place = standing.label if standing is not None and standing.placing else ""
    side = state.plan.match(code).side
    if side == "consolation":
        if state.consolation_winner == seed:
            return "wins the consolation"
        return f"is out of the consolation ({place} place)" if place else "is out"
    if place == "1st":
        return "wins the bracket: 1st place"
    if side in ("final", "third") and place:
        return f"finishes {place}"
    return f"is out: {place} place" if place else "is out"

"""The bracket on the hall's screen (templates/brackets/projector.jinja): what is being played
at which table, what is next, the bracket itself, and the places settled. Shown by the players'
projector address (tournaments/format_pages.PROJECTORS), the event already checked as public.

A whole bracket does not fit a screen in type read from the back of the hall (every team name
at least 40 px high at 1280x720), so it is shown in regions, each a screen of its own that
static/projector.js turns to in its turn: two rounds (columns) of one side of the bracket, and
of them a slice of the rows (`regions`). The slices follow the drawing: a match of the second
column sits level with the two matches that feed it, and the lines joining them meet there.
"""

from dataclasses import dataclass
from math import ceil

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.links import public_reverse
from tournaments.models import Event
from tournaments.printouts.qr import qr_svg
from tournaments.projector import PROJECTOR_REFRESH_SECONDS, _page_seconds

from . import drawing, services
from .drawing import Box, Column
from .public_views import state_words

# A region's columns: two rounds side by side, half the screen's width each. Its rows: at most
# 4 matches in a column when every name fits on one line of a box at 40 px, fewer when a long
# name takes two lines or more (see `rows_for`).
REGION_COLUMNS = 2
ROWS = 4
# The width of a box's line for a name, in ems of its type: at 1280x720, a winner's name (bold,
# its tick and a score of 10 beside it) has 9.66 em in chromium; a little less for a margin.
# At 1920x1080 the type is 8% bigger and the box 50% wider, so what fits at 1280 fits there.
LINE_EMS = 9.45
# Advance widths of DejaVu Sans Bold (Debian's system-ui, wider than most fonts) in ems,
# rounded up to 0.05; any other character is taken as wide as a capital.
_EMS = {
    0.35: "ijl' ",
    0.4: "IJ,./:;\\|",
    0.45: "f-",
    0.5: "rt!()[]_`",
    0.55: '"*',
    0.6: "csz?",
    0.65: "xL",
    0.7: "0123456789aekovyEFT$",
    0.75: "bdghnpquCPSYZ{}",
    0.8: "ABKRVX",
    0.85: "DGHNU#+<=>^~",
    0.9: "OQ&",
    0.95: "w",
    1.0: "M@",
    1.05: "m%",
    1.15: "W",
}
_CHAR_EMS = {c: ems for ems, chars in _EMS.items() for c in chars}
_OTHER_EMS = 0.8
# A slot waiting for its team ("Winner of L10-12") is in italic, not bold: narrower.
_ITALIC = 0.9

SIDE_TITLES = {
    "losers": "Losers' bracket",
    "final": "Final",
    "third": "Third place",
    "consolation": "Consolation bracket",
}


@dataclass
class RegionColumn:
    """One column of a region: its round's heading, the slice of its matches shown, and how
    lines join them to the next column of the region ("halves", "straight" or "")."""

    heading: str
    boxes: list[Box]
    joins: str = ""


@dataclass
class Region:
    """A screen of the bracket: consecutive columns of one side, a slice of each."""

    side: str
    title: str
    columns: list[RegionColumn]
    part: int = 1
    parts: int = 1

    @property
    def codes(self) -> list[str]:
        return [box.code for column in self.columns for box in column.boxes]


def _groups(columns: list[Column], span: int) -> list[list[Column]]:
    """The columns by side in drawing order, `span` at a time. In single elimination the final
    continues the bracket (its semi-finals feed it, and lines join them): it is counted with
    the winners' rounds, beside the semi-finals when they start a group."""
    double = any(c.side == "losers" for c in columns)
    by_side: dict[str, list[Column]] = {}
    for column in columns:
        side = "winners" if column.side == "final" and not double else column.side
        by_side.setdefault(side, []).append(column)
    groups = []
    for side_columns in by_side.values():
        groups += [side_columns[i : i + span] for i in range(0, len(side_columns), span)]
    return groups


def _join(first: list, second: list, start: int, next_start: int, whole: tuple[int, int]) -> str:
    """How a slice's matches join the next column's slice: "halves" when two matches feed one
    and the slices line up, "straight" when one feeds one, "" (no lines) otherwise."""
    if whole[1] * 2 == whole[0] and len(second) * 2 == len(first) and start == 2 * next_start:
        return "halves" if second else ""
    if whole[1] == whole[0] and len(second) == len(first) and start == next_start:
        return "straight" if second else ""
    return ""


def _side_title(side: str, double: bool) -> str:
    if side == "winners":
        return "Winners' bracket" if double else "Bracket"
    return SIDE_TITLES[side]


def _rounds_words(group: list[Column]) -> str:
    """ "rounds 1–2", "round 5", "rounds 3–4 and the final"; "" for the final's own group."""
    numbered = [c.round for c in group if c.side not in ("final", "third")]
    words = ""
    if numbered:
        first, last = numbered[0], numbered[-1]
        words = f"round {first}" if first == last else f"rounds {first}\N{EN DASH}{last}"
    if numbered and any(c.side == "final" for c in group):
        words += " and the final"
    return words


def regions(columns: list[Column], *, rows: int = ROWS, span: int = REGION_COLUMNS) -> list[Region]:
    """The bracket as screens: each group of `span` consecutive columns of a side, cut across
    its rows into K parts so that no column shows more than `rows` matches (K = the most any
    column needs). Part k shows matches [floor(k·m/K), floor((k+1)·m/K)) of a column of m
    matches, so a match of the next round is in the part of the two that feed it. Every match
    is in exactly one region."""
    double = any(c.side == "losers" for c in columns)
    found = []
    for group in _groups(columns, span):
        parts = max(ceil(len(c.boxes) / rows) for c in group) or 1
        side = group[0].side
        title = " · ".join(
            words for words in (_side_title(side, double), _rounds_words(group)) if words
        )
        for k in range(parts):
            starts = [k * len(c.boxes) // parts for c in group]
            ends = [(k + 1) * len(c.boxes) // parts for c in group]
            slices = [c.boxes[s:e] for c, s, e in zip(group, starts, ends, strict=True)]
            region_columns = [
                RegionColumn(c.heading, boxes) for c, boxes in zip(group, slices, strict=True)
            ]
            for i in range(len(group) - 1):
                whole = (len(group[i].boxes), len(group[i + 1].boxes))
                region_columns[i].joins = _join(
                    slices[i], slices[i + 1], starts[i], starts[i + 1], whole
                )
            part_words = f" · part {k + 1} of {parts}" if parts > 1 else ""
            found.append(Region(side, title + part_words, region_columns, part=k + 1, parts=parts))
    return found


def _ems(text: str) -> float:
    return sum(_CHAR_EMS.get(c, _OTHER_EMS) for c in text)


def name_lines(name: str, *, bold: bool = True) -> int:
    """How many lines `name` takes in a region's box: wrapped between words as the browser
    does (a word longer than a whole line is made smaller by projector.js: one line)."""
    scale = 1 if bold else _ITALIC
    space = _CHAR_EMS[" "] * scale
    lines, width = 1, 0.0
    for word in name.split():
        ems = _ems(word) * scale
        if width and width + space + ems > LINE_EMS:
            lines, width = lines + 1, ems
        else:
            width += (space if width else 0) + ems
    return lines


def rows_for(columns: list[Column]) -> int:
    """How many matches a region's column shows: 4 when every name (or "Winner of L10-12")
    fits on one line of its box, 2 when one takes two lines, 1 for a longer one still."""
    lines = max(
        (
            name_lines(line.name, bold=line.known)
            for column in columns
            for box in column.boxes
            for line in box.lines
        ),
        default=1,
    )
    return {1: ROWS, 2: ROWS // 2}.get(lines, 1)


# --- The other screens -----------------------------------------------------------------------


@dataclass
class Playing:
    table: int | None
    names: tuple[str, str]
    scores: tuple[str, str]
    detail: str = ""  # best of three: the game being played and its points


def _playing(now: services.Now, boxes: dict[str, Box], games: dict) -> list[Playing]:
    found = []
    for match in sorted(now.playing(), key=lambda m: (m.table or 0, m.code)):
        box = boxes[match.code]
        played = games.get(match.code, [])
        first, second = box.lines
        if now.bracket.best_of == 1:
            points = played[-1] if played else [0, 0]
            found.append(Playing(match.table, (first.name, second.name), tuple(map(str, points))))
            continue
        detail = ""
        if played:
            points = played[-1]
            detail = f"game {len(played)}: {points[0]}\N{EN DASH}{points[1]}"
        found.append(
            Playing(
                match.table,
                (first.name, second.name),
                (first.score or "0", second.score or "0"),
                detail,
            )
        )
    return found


def _match_ids_kept(now: services.Now, columns: list[Column]) -> None:
    """A slot waiting for a match says which, its id as the bracket prints it ("Winner of
    W1-2"; the drawing's capitalize() would lower it to "w1-2")."""
    for column in columns:
        for box in column.boxes:
            slots = now.plan.match(box.code).slots
            for line, slot in zip(box.lines, slots, strict=True):
                if not line.known and not slot.bye:
                    words = slot.in_words()
                    line.name = words[:1].upper() + words[1:]


@dataclass
class Waiting:
    """ "Team 5 will play the winner of W1-3 in match W2-2", its match ids kept whole."""

    team: str
    wanted: str  # "winner of", "loser of"
    wanted_id: str
    match_id: str  # "" for the final


def _waiting(now: services.Now, boxes: dict[str, Box]) -> list[Waiting]:
    """Each match with one team known: that team and whom it waits for (a match waiting for
    both of its teams says nothing to anyone yet)."""
    lines = []
    for box in boxes.values():
        if box.status != "waiting":
            continue
        known = [line.name for line in box.lines if line.known]
        unknown = [
            slot
            for line, slot in zip(box.lines, now.plan.match(box.code).slots, strict=True)
            if not line.known
        ]
        if len(known) == 1:
            slot = unknown[0]
            wanted, wanted_id = (
                ("winner of", slot.winner_of) if slot.winner_of else ("loser of", slot.loser_of)
            )
            match_id = "" if box.side == "final" else box.code
            lines.append(Waiting(known[0], wanted, wanted_id, match_id))
    return lines


def projector(request: HttpRequest, event: Event) -> HttpResponse:
    """The bracket on the hall's screen, 1920x1080 or 1280x720: now playing, up next, the
    bracket region by region, then the placings; the screens turn by themselves
    (static/projector.js), the page reloads every 30 s until the bracket is over."""
    bracket = services.bracket_for(event)
    now = services.bracket_now(bracket)
    page_url = public_reverse(request, "public:event", event.club.slug, event.pk)
    context = {
        "club": event.club,
        "event": event,
        "bracket": bracket,
        "now": now,
        "state": state_words(now),
        "page_url": page_url,
        "qr_svg": qr_svg(page_url) if event.club.results_public else "",
        "refresh": None if now is not None and now.state.finished else PROJECTOR_REFRESH_SECONDS,
        "seconds": _page_seconds(request),
    }
    if now is not None:
        columns = drawing.drawing(now)
        _match_ids_kept(now, columns)
        boxes = {b.code: b for column in columns for b in column.boxes}
        context.update(
            playing=_playing(now, boxes, drawing.scores(now)),
            ready=[boxes[s.match.id] for s in now.ready_to_call()],
            waiting=_waiting(now, boxes),
            regions=regions(columns, rows=rows_for(columns)),
            placings=drawing.placings(now),
            finished=now.state.finished,
        )
    return render(request, "brackets/projector.jinja", context, using="jinja2")

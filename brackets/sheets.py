"""The bracket on paper: the bracket sheet for the wall, and a half-page score sheet a match.

Built in two steps, as the club's other printouts (tournaments/printouts/): plain data first,
from the bracket as it stands (`bracket_sheet`, `match_sheets`: no reportlab, tested by
value), then drawn with reportlab straight on the canvas (`bracket_sheet_pdf`,
`match_sheets_pdf`), in the printouts' embedded font, header and "page X of Y", every string
through `printable` so right-to-left names print in drawing order.

The bracket sheet is landscape. A side of the bracket (the winners', the losers', the
consolation) is cut into tiles no taller than a page holds at a readable size: a tile is a
run of rounds for a slice of the first of them (`tile_columns`), so a 128-team bracket is
seven pages of at most 16 matches a column. Tiles go onto pages in shelves, side by side
where their rounds fit, one under another where their rows do (`pack`); a box whose winner
plays on another page says where. A page's names share one size, as large as its boxes
allow; where a box has room for two lines, each partner gets one, and a name too long even
at the smallest size shows its given names as initials.

The score sheets are portrait, two to a page to cut apart, each half naming the club, the
event, the match, its table and the players as they sit, with a row a hand for the longest
game (three games side by side for a best of three) and the signatures.
"""

import dataclasses
import functools
import io
import math
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageBreak,
    PageTemplate,
    Paragraph,
)

from tournaments import brackets as engine
from tournaments.brackets.play import DECIDED
from tournaments.models import Entry
from tournaments.printouts.layout import (
    BOLD,
    FONT,
    FOOTER,
    HEADER,
    MARGIN,
    STYLES,
    DocInfo,
    NumberedCanvas,
    build,
    long_date,
    paper_size,
    printable,
    register_fonts,
)

from . import drawing
from .services import Now

# --- The bracket sheet's measures, in points ------------------------------------------------

MIN_FONT = 7.5  # a team's name on the wall is never smaller
LABEL_FONT = 7.0  # match codes, "Table 4", and the words of a slot still waiting
MAX_FONT = 14.0  # a small bracket's names, read from across the room
ROW = 1.45  # a team's row, in font sizes
PITCH = 3.5  # a match box (two rows) and the gap under it, in font sizes
SHELF_HEAD = 15.0  # the round headings over a shelf of tiles
PAGE_HEAD = 28.0  # two lines under the running header: the format, what the page holds
MIN_COLUMN = 170.0  # a round's column: the match code, then a box for a name of ~24 letters
CODE_GAP = 46.0  # room left of a box: the line coming in, the match code and "Table 12"
OUT_GAP = 8.0  # room right of a box: the line going on to the next round
INK = colors.black
FAINT = colors.Color(0.35, 0.35, 0.35)  # still dark: the words of a slot to fill in


@dataclass(frozen=True)
class SheetSize:
    """The body of a landscape page: what is left inside the margins, header and footer."""

    width: float
    height: float

    @classmethod
    def of(cls, paper: str) -> "SheetSize":
        width, height = landscape(paper_size(paper))
        return cls(width - 2 * MARGIN, height - 2 * MARGIN - HEADER - FOOTER)

    @property
    def columns(self) -> int:
        """The most rounds side by side on a page."""
        return max(3, int(self.width // MIN_COLUMN))

    def pitch(self, rows: float, shelves: int) -> float:
        """The height of a box and its gap when `rows` boxes in `shelves` shelves share a page."""
        room = self.height - PAGE_HEAD - shelves * SHELF_HEAD
        return min(PITCH * MAX_FONT, room / max(rows, 1))

    def fits(self, rows: float, shelves: int) -> bool:
        return self.pitch(rows, shelves) >= PITCH * MIN_FONT - 1e-9

    @property
    def rows(self) -> int:
        """The most first-round matches of a tile: a power of two, so halves of the draw are
        never split, and small enough for a page at the smallest font."""
        most = 1
        while self.fits(most * 2, 1):
            most *= 2
        return most


# --- The bracket sheet's data ---------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """A team's row in a match box, or what the slot waits for ("Winner of W1-2", "Bye")."""

    name: str
    seed: int | None = None
    score: str = ""
    won: bool = False
    waiting: bool = False  # drawn faint: words to write a name over


@dataclass(frozen=True)
class SheetBox:
    code: str
    column: int  # the round's column within its tile
    y: float  # rows from the top of the tile to the box's top
    rows: tuple[Row, Row]
    note: str = ""  # under the code: "Table 4", "Walkover", "If needed"
    feeders: tuple[str, ...] = ()  # the boxes of the column before whose winner plays here
    onward: str = ""  # where the winner plays, when that is on another page: "W5-1 (page 7)"


@dataclass(frozen=True)
class Tile:
    """A run of rounds of one side of the bracket, for a slice of the first of them."""

    side: str  # "Winners' bracket", "Losers' bracket", ...
    part: int  # its place among the side's tiles: part 1 of 4
    parts: int
    headings: tuple[str, ...]  # a round a column
    boxes: tuple[SheetBox, ...]

    @property
    def label(self) -> str:
        """ "Winners' bracket, part 1 of 4" """
        return self.side if self.parts == 1 else f"{self.side}, part {self.part} of {self.parts}"

    @property
    def rows(self) -> int:
        return math.ceil(max(b.y for b in self.boxes) + 1) if self.boxes else 1

    @property
    def width(self) -> int:
        return len(self.headings)


@dataclass(frozen=True)
class Shelf:
    tiles: tuple[Tile, ...]

    @property
    def rows(self) -> int:
        return max(t.rows for t in self.tiles)

    @property
    def width(self) -> int:
        return sum(t.width for t in self.tiles)


@dataclass(frozen=True)
class Page:
    shelves: tuple[Shelf, ...]

    @property
    def rows(self) -> int:
        return sum(s.rows for s in self.shelves)

    @property
    def tiles(self) -> list[Tile]:
        return [t for s in self.shelves for t in s.tiles]

    def contents(self) -> str:
        """What the page holds, in words: "Losers' bracket (part 1 of 2)", "Winners' bracket
        (parts 3 and 4 of 4) and the final"."""
        sides: dict[str, list[Tile]] = {}
        for tile in self.tiles:
            sides.setdefault(tile.side, []).append(tile)
        items = []
        for side, tiles in sides.items():
            parts = sorted(t.part for t in tiles)
            if len(parts) == tiles[0].parts:
                items.append(side)
            elif len(parts) == 1:
                items.append(f"{side} (part {parts[0]} of {tiles[0].parts})")
            else:
                joined = " and " if len(parts) == 2 else " to "
                items.append(f"{side} (parts {parts[0]}{joined}{parts[-1]} of {tiles[0].parts})")
        if any("Final" in t.headings for t in self.tiles) and "Final" not in sides:
            items.append("the final")
        items = [items[0], *(i[0].lower() + i[1:] for i in items[1:])]
        if len(items) == 1:
            return items[0]
        return ", ".join(items[:-1]) + " and " + items[-1]


@dataclass(frozen=True)
class BracketSheet:
    summary: str  # "Double elimination · 8 teams · one game to 10 points"
    status: str  # "Champion: Team 1", "Blank: write each winner in", ...
    pages: tuple[Page, ...]
    blank: bool

    def boxes(self) -> dict[str, SheetBox]:
        return {b.code: b for p in self.pages for t in p.tiles for b in t.boxes}


def sheet_columns(now: Now, *, blank: bool) -> list[drawing.Column]:
    """The bracket's columns as the pages draw them; `blank`, as seeded, before any result:
    the seeds' names (byes taken), no score, no table, no walkover."""
    if not blank:
        return drawing.drawing(now)
    seeded = dataclasses.replace(now, state=engine.play(now.plan, {}), matches={})
    return [
        drawing.Column(
            side, number, [drawing.box(seeded, seeded.state.matches[m.id], [], 0) for m in matches]
        )
        for side, number, matches in now.plan.columns()
    ]


def _waiting_words(slot: engine.Slot) -> str:
    words = "Bye" if slot.bye else slot.in_words()
    return words[0].upper() + words[1:]


def _rows(box: drawing.Box, match: engine.Match, blank: bool) -> tuple[Row, Row]:
    """The box's two rows: each team, its seed, and (decided) its score, the winner's in
    bold; a slot still waiting says what for, in the plan's own match ids."""
    if box.status == "not_needed":
        return Row("Not needed", waiting=True), Row("", waiting=True)
    rows = []
    decided = box.status in DECIDED and not blank
    for line, slot in zip(box.lines, match.slots, strict=True):
        if not line.known:
            rows.append(Row(_waiting_words(slot), waiting=True))
            continue
        name = line.name + (" (withdrew)" if line.withdrawn and not blank else "")
        score = ""
        if decided:
            score = line.score or ("w/o" if box.status == "walkover" and line.won else "")
        rows.append(Row(name, seed=line.seed, score=score, won=line.won and decided))
    return rows[0], rows[1]


def _note(box: drawing.Box, blank: bool) -> str:
    if box.if_necessary and box.status in ("waiting", "ready"):
        return "If needed"
    if blank:
        return ""
    if box.status == "playing" and box.table:
        return f"Table {box.table}"
    if box.status == "walkover":
        return "Walkover"
    return ""


def _headings(side: str, number: int, double: bool) -> str:
    if side == "winners":
        return f"Winners' round {number}" if double else f"Round {number}"
    if side == "final":
        return "Final"
    return drawing.SIDE_HEADINGS[side].format(round=number)


def feeders(plan: engine.Plan) -> dict[str, tuple[str, ...]]:
    """match id -> the matches whose winners play in it."""
    return {
        m.id: tuple(s.winner_of for s in m.slots if s.winner_of is not None) for m in plan.matches
    }


def tile_columns(
    columns: list[list[str]], fed_by: dict[str, tuple[str, ...]], rows: int, width: int
) -> list[list[list[list[str]]]]:
    """A side's columns of match ids cut into tiles: groups of at most `width` rounds, each
    group's first round cut into slices of at most `rows` matches, and each later round's
    matches in the slice of the matches that feed them. A group ends where a match is fed
    from two slices (the slices meet) or at `width` rounds. Returns the groups, each a list of
    tiles, each a list of columns of match ids."""
    groups = []
    start = 0
    while start < len(columns):
        first = columns[start]
        tiles = [[first[i : i + rows]] for i in range(0, len(first), rows)]
        owner = {code: k for k, tile in enumerate(tiles) for code in tile[0]}
        end = start + 1
        while end < len(columns) and end - start < width:
            before = set(columns[end - 1])
            found: list[int | None] = []
            for code in columns[end]:
                slices = {owner[f] for f in fed_by.get(code, ()) if f in before}
                if len(slices) > 1:
                    break
                found.append(slices.pop() if slices else None)
            else:
                # A match fed from no match of the round before goes with its neighbour.
                known = [k for k in found if k is not None]
                last = known[0] if known else 0
                for i, k in enumerate(found):
                    found[i] = last = last if k is None else k
                counts = [found.count(k) for k in range(len(tiles))]
                if min(counts) > 0 and max(counts) <= rows:
                    for k, tile in enumerate(tiles):
                        tile.append([c for c, f in zip(columns[end], found, strict=True) if f == k])
                    owner.update(zip(columns[end], found, strict=True))
                    end += 1
                    continue
            break
        groups.append(tiles)
        start = end
    return groups


def positions(columns: list[list[str]], fed_by: dict[str, tuple[str, ...]]) -> dict[str, float]:
    """Each match's row in its tile: the first round one under another, a later match level
    with the middle of the matches that feed it, never closer than a row to the one above."""
    found: dict[str, float] = {}
    before: set[str] = set()
    for column in columns:
        last = None
        for code in column:
            fed = [found[f] for f in fed_by.get(code, ()) if f in before]
            want = sum(fed) / len(fed) if fed else (0.0 if last is None else last + 1)
            found[code] = last = want if last is None else max(want, last + 1)
        before = set(column)
    return found


def _chains(columns: list[drawing.Column], double: bool) -> list[tuple[str, list]]:
    """The sides as runs of columns: the winners' rounds then the final (one column, the
    double's second final under the first), third place, the losers' rounds, the
    consolation."""
    by_side: dict[str, list[drawing.Column]] = {}
    for column in columns:
        by_side.setdefault(column.side, []).append(column)
    winners = [(_headings(c.side, c.round, double), c.boxes) for c in by_side.get("winners", [])]
    finals = [b for c in by_side.get("final", []) for b in c.boxes]
    if finals:
        winners.append(("Final", finals))
    chains = [("Winners' bracket" if double else "Bracket", winners)]
    for side, label in (
        ("third", "Third place"),
        ("losers", "Losers' bracket"),
        ("consolation", "Consolation bracket"),
    ):
        if side in by_side:
            chains.append(
                (label, [(_headings(c.side, c.round, double), c.boxes) for c in by_side[side]])
            )
    return chains


def pack(tiles: list[Tile], size: SheetSize) -> list[Page]:
    """Tiles onto pages, in order: beside the tile before where their rounds fit across the
    page, else under it, while the page's rows still fit at the smallest font."""
    pages: list[list[list[Tile]]] = []
    for tile in tiles:
        if pages:
            shelves = pages[-1]
            last = shelves[-1]
            if sum(t.width for t in last) + tile.width <= size.columns:
                rows = sum(max(t.rows for t in s) for s in shelves[:-1])
                rows += max(tile.rows, *(t.rows for t in last))
                if size.fits(rows, len(shelves)):
                    last.append(tile)
                    continue
            rows = sum(max(t.rows for t in s) for s in shelves) + tile.rows
            if size.fits(rows, len(shelves) + 1):
                shelves.append([tile])
                continue
        pages.append([[tile]])
    return [Page(tuple(Shelf(tuple(s)) for s in shelves)) for shelves in pages]


def _with_onward(pages: list[Page], plan: engine.Plan) -> list[Page]:
    """Each box whose winner plays on another page names that match and the page."""
    where: dict[str, tuple[int, int]] = {}  # match id -> (page, tile)
    tile_number = 0
    for number, page in enumerate(pages, start=1):
        for tile in page.tiles:
            tile_number += 1
            for box in tile.boxes:
                where[box.code] = (number, tile_number)
    goes_to = {s.winner_of: m.id for m in plan.matches for s in m.slots if s.winner_of}
    result = []
    for page in pages:
        shelves = []
        for shelf in page.shelves:
            tiles = []
            for tile in shelf.tiles:
                boxes = []
                for box in tile.boxes:
                    after = goes_to.get(box.code)
                    if after in where and where[after][0] != where[box.code][0]:
                        box = dataclasses.replace(box, onward=f"{after} (page {where[after][0]})")
                    boxes.append(box)
                tiles.append(dataclasses.replace(tile, boxes=tuple(boxes)))
            shelves.append(Shelf(tuple(tiles)))
        result.append(Page(tuple(shelves)))
    return result


def _summary(now: Now) -> str:
    bracket = now.bracket
    kind = "Double elimination" if bracket.kind == "double" else "Single elimination"
    points = now.bracket.event.ruleset().game_points
    games = (
        f"best of three games to {points} points"
        if bracket.best_of == 3
        else f"one game to {points} points"
    )
    return f"{kind} · {len(now.teams)} teams · {games}"


def _status(now: Now, blank: bool) -> str:
    if blank:
        return "As seeded: write each winner in"
    champion = now.state.champion
    if champion is not None:
        return f"Champion: {drawing.team_name(now, champion)}"
    states = [s for s in now.state.matches.values() if s.status not in ("bye", "not_needed")]
    decided = sum(1 for s in states if s.status in DECIDED)
    return f"As it stands: {decided} of {len(states)} matches decided"


def bracket_sheet(
    now: Now, columns: list[drawing.Column], size: SheetSize, *, blank: bool = False
) -> BracketSheet:
    """The pages of the bracket sheet: `columns` (`sheet_columns`) cut into tiles that fit
    `size` at a readable font, packed onto pages."""
    double = now.plan.format == "double"
    fed_by = feeders(now.plan)
    ordered: list[Tile] = []
    last_of_winners: list[Tile] = []
    for label, chain in _chains(columns, double):
        boxes = {b.code: b for _, column in chain for b in column}
        codes = [[b.code for b in column] for _, column in chain]
        groups = tile_columns(codes, fed_by, size.rows, size.columns)
        count = sum(len(g) for g in groups)
        tiles, part, start = [], 0, 0
        for group in groups:
            for tile_codes in group:
                part += 1
                found = positions(tile_codes, fed_by)
                headings = tuple(chain[start + i][0] for i in range(len(tile_codes)))
                before: set[str] = set()
                sheet_boxes = []
                for i, column in enumerate(tile_codes):
                    for code in column:
                        box = boxes[code]
                        sheet_boxes.append(
                            SheetBox(
                                code=code,
                                column=i,
                                y=found[code],
                                rows=_rows(box, now.plan.match(code), blank),
                                note=_note(box, blank),
                                feeders=tuple(f for f in fed_by[code] if f in before),
                            )
                        )
                    before = set(column)
                tiles.append(Tile(label, part, count, headings, tuple(sheet_boxes)))
            start += len(group[0])
        if double and label == "Winners' bracket" and len(groups) > 1:
            # Its last rounds and the final after the losers' bracket, whose winner plays it.
            keep = len(tiles) - len(groups[-1])
            tiles, last_of_winners = tiles[:keep], tiles[keep:]
        ordered += tiles
    ordered += last_of_winners
    pages = _with_onward(pack(ordered, size), now.plan)
    return BracketSheet(_summary(now), _status(now, blank), tuple(pages), blank)


# --- The bracket sheet drawn ----------------------------------------------------------------


@dataclass(frozen=True)
class SheetInfo(DocInfo):
    """The printouts' header, on the paper turned sideways."""

    @property
    def pagesize(self) -> tuple[float, float]:
        return landscape(paper_size(self.paper))


def _initials(name: str) -> str:
    """ "Ada Baker & Ben Carter" -> "A. Baker & B. Carter": each partner's given names as
    initials."""
    parts = []
    for part in name.split(" & "):
        words = part.split()
        parts.append(" ".join([*(w[0] + "." for w in words[:-1]), *words[-1:]]))
    return " & ".join(parts)


@functools.lru_cache(maxsize=8192)
def fitted(
    text: str, font: str, size: float, width: float, smallest: float, name: bool = False
) -> tuple[str, float]:
    """`text` as drawn in `width`: at `size`, else the largest half point down to `smallest`
    that fits; a team's `name` too long even then shows its players' given names as initials
    (never surnames alone: two teams of one family would read the same); still too long, it
    is cut short with an ellipsis. Returns the drawn (printable) text and its size."""
    drawn = printable(text)
    natural = stringWidth(drawn, font, size)
    if natural <= width:
        return drawn, size
    fits = math.floor(2 * size * width / natural) / 2
    if fits >= smallest:
        return drawn, fits
    if name and _initials(text) != text:
        return fitted(_initials(text), font, size, width, smallest)
    for end in range(len(text) - 1, 0, -1):
        cut = printable(text[:end].rstrip() + "…")
        if stringWidth(cut, font, smallest) <= width:
            return cut, smallest
    return "", smallest


def _draw_fitted(c, x, y, text, font, size, width, smallest, *, align="left", name=False):
    drawn, size = fitted(text, font, size, width, smallest, name)
    c.setFont(font, size)
    if align == "right":
        c.drawRightString(x, y, drawn)
    elif align == "centre":
        c.drawCentredString(x, y, drawn)
    else:
        c.drawString(x, y, drawn)


def _players(name: str) -> list[str]:
    """A team's name as two lines, a partner a line ("Ada Baker", "Ben Carter"), or one."""
    parts = name.split(" & ")
    return parts if len(parts) == 2 else [name]


@dataclass(frozen=True)
class _Measures:
    """A page's measures: every box the same, every name the same size."""

    column: float  # a round's width
    pitch: float  # a box and the gap under it
    box: float  # a box's height
    font: float  # the teams' names, seeds and scores
    lines: int  # 2: a team's row names each partner on a line of their own
    label: float  # match codes and notes
    seed: float  # the seed's cell
    score: float  # the score's cell

    @property
    def name_width(self) -> float:
        return self.column - CODE_GAP - OUT_GAP - self.seed - self.score - 6


def _measures(page: Page, size: SheetSize, seeds: int) -> _Measures:
    """One size of name for the whole page: as large as its boxes allow, smaller where a
    name needs it, never below the smallest. Where a box's rows are tall enough for two lines
    and that prints larger (or whole), each partner gets a line."""
    pitch = size.pitch(page.rows, len(page.shelves))
    column = size.width / max(3, *(s.width for s in page.shelves))
    row = ROW * pitch / PITCH
    names = [
        (printable(r.name), BOLD if r.won else FONT)
        for t in page.tiles
        for b in t.boxes
        for r in b.rows
        if not r.waiting
    ]
    partners = [
        (printable(part), weight)
        for t in page.tiles
        for b in t.boxes
        for r in b.rows
        if not r.waiting
        for part, weight in zip(_players(r.name), [BOLD if r.won else FONT] * 2, strict=False)
    ]

    def measures(font: float, lines: int) -> _Measures:
        return _Measures(
            column=column,
            pitch=pitch,
            box=2 * row,
            font=font,
            lines=lines,
            label=max(LABEL_FONT, min(9.0, 0.85 * pitch / PITCH)),
            seed=stringWidth(str(max(seeds, 1)), FONT, font) + 6,
            score=stringWidth("88", BOLD, font) + 8,
        )

    def largest(texts: list, start: float, lines: int) -> _Measures:
        font = start
        while True:
            found = measures(font, lines)
            longest = max((stringWidth(t, f, font) for t, f in texts), default=0)
            if longest <= found.name_width or font <= MIN_FONT:
                return found
            font = max(MIN_FONT, font - 0.25)

    one = largest(names, pitch / PITCH, 1)
    two_lines = min(pitch / PITCH, (row - 4) / 2.1)
    if two_lines < MIN_FONT:
        return one
    two = largest(partners, two_lines, 2)
    whole = max((stringWidth(t, f, one.font) for t, f in names), default=0) <= one.name_width
    return two if two.font > one.font or not whole else one


class BracketPage(Flowable):
    """One page of the bracket sheet, drawn straight on the canvas."""

    def __init__(self, sheet: BracketSheet, page: Page, size: SheetSize, seeds: int):
        super().__init__()
        self.sheet, self.page = sheet, page
        self.m = _measures(page, size, seeds)

    def wrap(self, available_width, available_height):
        self.width, self.height = available_width, available_height
        return available_width, available_height

    def draw(self):
        c, page, m = self.canv, self.page, self.m
        c.setFillColor(INK)
        c.setStrokeColor(INK)
        self._head()
        top = self.height - PAGE_HEAD
        for shelf in page.shelves:
            left = 0.0
            for tile in shelf.tiles:
                self._tile(tile, left, top, shelf.rows)
                left += tile.width * m.column
            top -= SHELF_HEAD + shelf.rows * m.pitch

    def _head(self):
        c, w, top = self.canv, self.width, self.height
        c.setFillColor(INK)
        status = printable(self.sheet.status)
        c.setFont(FONT, 9)
        c.drawRightString(w, top - 9, status)
        room = w - stringWidth(status, FONT, 9) - 16
        _draw_fitted(c, 0, top - 9, self.sheet.summary, BOLD, 9, room, LABEL_FONT)
        _draw_fitted(c, 0, top - 21, f"This page: {self.page.contents()}.", FONT, 9, w, LABEL_FONT)

    def _tile(self, tile: Tile, left: float, top: float, shelf_rows: int):
        c, m = self.canv, self.m
        for i, heading in enumerate(tile.headings):
            middle = left + i * m.column + (CODE_GAP + m.column - OUT_GAP) / 2
            width = m.column - CODE_GAP - OUT_GAP
            _draw_fitted(c, middle, top - 10, heading, BOLD, 9, width, LABEL_FONT, align="centre")
        body = top - SHELF_HEAD
        centres = {b.code: body - (b.y + 0.5) * m.pitch for b in tile.boxes}
        lefts = {b.code: left + b.column * m.column for b in tile.boxes}
        for b in tile.boxes:
            x, middle = lefts[b.code], centres[b.code]
            # The winners of the matches before come in: across, to a line down the gap
            # that joins them, and across into the middle of this box.
            c.setStrokeColor(INK)
            c.setLineWidth(1)
            for code in b.feeders:
                path = c.beginPath()
                path.moveTo(lefts[code] + m.column - OUT_GAP, centres[code])
                path.lineTo(x + 4, centres[code])
                path.lineTo(x + 4, middle)
                path.lineTo(x + CODE_GAP, middle)
                c.drawPath(path, stroke=1, fill=0)
            self._box(b, x, middle)
        self._onward(tile, lefts, centres, shelf_rows)

    def _onward(self, tile: Tile, lefts: dict, centres: dict, shelf_rows: int):
        """Where a box's winner plays next, when that is on another page: between two boxes
        whose winners meet there, else under the box, or over it, where no box is."""
        c, m = self.canv, self.m
        columns: dict[int, list[SheetBox]] = {}
        for b in tile.boxes:
            columns.setdefault(b.column, []).append(b)
        c.setFillColor(INK)
        for boxes in columns.values():
            rows = [b.y for b in boxes]
            done = set()
            for i, b in enumerate(boxes):
                if not b.onward or b.code in done:
                    continue
                right = lefts[b.code] + m.column - OUT_GAP
                width = m.column - CODE_GAP - OUT_GAP
                after = boxes[i + 1] if i + 1 < len(boxes) else None
                if after is not None and after.onward == b.onward and after.y - b.y >= 1.9:
                    # The two winners meet: joined as the rounds before are, the match named
                    # where the lines meet.
                    done.add(after.code)
                    high, low = centres[b.code], centres[after.code]
                    c.setStrokeColor(INK)
                    c.setLineWidth(1)
                    path = c.beginPath()
                    path.moveTo(right, high)
                    path.lineTo(right + OUT_GAP - 3, high)
                    path.lineTo(right + OUT_GAP - 3, low)
                    path.lineTo(right, low)
                    c.drawPath(path, stroke=1, fill=0)
                    y = (high + low) / 2 - 0.36 * m.label
                    words = f"Winners play {b.onward}"
                elif b.y + 1.9 <= shelf_rows and not any(b.y < r < b.y + 1.9 for r in rows):
                    y = centres[b.code] - m.box / 2 - m.label - 1
                    words = f"Winner plays {b.onward}"
                elif b.y >= 0.9 and not any(b.y - 2.9 < r < b.y for r in rows):
                    y = centres[b.code] + m.box / 2 + 3
                    words = f"Winner plays {b.onward}"
                else:
                    continue
                _draw_fitted(c, right, y, words, FONT, m.label, width, LABEL_FONT, align="right")

    def _box(self, b: SheetBox, x: float, middle: float):
        c, m = self.canv, self.m
        left, right = x + CODE_GAP, x + m.column - OUT_GAP
        top, bottom = middle + m.box / 2, middle - m.box / 2
        # The match id over the line coming in; under it, where or how it is played.
        c.setFillColor(INK)
        _draw_fitted(
            c,
            left - 3,
            middle + 2.5,
            b.code,
            BOLD,
            m.label,
            CODE_GAP - 9,
            LABEL_FONT,
            align="right",
        )
        if b.note:
            _draw_fitted(
                c,
                left - 3,
                middle - 2.5 - 0.75 * m.label,
                b.note,
                FONT,
                m.label,
                CODE_GAP - 9,
                LABEL_FONT,
                align="right",
            )
        c.setFillColor(colors.white)
        c.setStrokeColor(INK)
        c.setLineWidth(1)
        c.rect(left, bottom, right - left, m.box, stroke=1, fill=1)
        c.setLineWidth(0.5)
        c.line(left, middle, right, middle)
        c.line(left + m.seed, top, left + m.seed, bottom)
        c.line(right - m.score, top, right - m.score, bottom)
        c.setFillColor(INK)
        for i, line in enumerate(b.rows):
            centre = top - (i + 0.5) * m.box / 2
            if line.waiting:
                c.setFillColor(FAINT)
                size = max(LABEL_FONT, min(m.font - 1, 9.0))
                _draw_fitted(
                    c,
                    left + m.seed + 3,
                    centre - 0.36 * size,
                    line.name,
                    FONT,
                    size,
                    m.name_width,
                    LABEL_FONT,
                )
                c.setFillColor(INK)
                continue
            base = centre - 0.36 * m.font
            weight = BOLD if line.won else FONT
            if line.seed is not None:
                c.setFont(FONT, m.font)
                c.drawRightString(left + m.seed - 3, base, str(line.seed))
            names = _players(line.name) if m.lines == 2 else [line.name]
            # Two lines: the pair centred in the row, capitals' tops to descenders' feet.
            step = 1.05 * m.font
            first = base if len(names) == 1 else centre + step / 2 - 0.25 * m.font
            for j, name in enumerate(names):
                y = first - j * step
                _draw_fitted(
                    c, left + m.seed + 3, y, name, weight, m.font, m.name_width, MIN_FONT, name=True
                )
            if line.score:
                # A walkover's "w/o" in the cell sized for two digits.
                _draw_fitted(
                    c,
                    right - 4,
                    base,
                    line.score,
                    weight,
                    m.font,
                    m.score - 6,
                    LABEL_FONT,
                    align="right",
                )


def bracket_sheet_pdf(info: DocInfo, sheet: BracketSheet, size: SheetSize, seeds: int) -> bytes:
    register_fonts()
    story: list = []
    for i, page in enumerate(sheet.pages):
        if i:
            story.append(PageBreak())
        story.append(BracketPage(sheet, page, size, seeds))
    if not story:
        story = [Paragraph("No matches in this bracket.", STYLES["Body"])]
    return build(info, story)


# --- Match score sheets: the data -----------------------------------------------------------

SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}


@dataclass(frozen=True)
class SheetTeam:
    side: str  # "N-S" or "E-W"
    name: str  # the team, or what the slot waits for ("Winner of W1-2")
    seed: int | None = None
    players: tuple[str, ...] = ()  # seated North then South, or East then West
    seats: tuple[str, str] = ("N", "S")

    def in_words(self) -> str:
        return " ".join(self.parts())

    def parts(self) -> list[str]:
        """ "Team 8:", "Ada Baker (North, captain)", "and", "Ben Carter (South)"; a team named
        by its players, just the players. In parts, so a right-to-left name is put in drawing
        order by itself, never run together with the next name."""
        if not self.players:
            return [self.name]
        parts = [] if set(self.name.split(" & ")) == set(self.players) else [f"{self.name}:"]
        for i, (player, seat) in enumerate(zip(self.players, self.seats, strict=False)):
            if i:
                parts.append("and")
            parts.append(f"{player} ({SEAT_WORDS[seat]}{', captain' if seat == 'N' else ''})")
        return parts


@dataclass(frozen=True)
class MatchSheet:
    club: str
    event: str
    date: str  # "Thursday 26 November 2026"
    code: str
    title: str  # "Match W2-1", "Final"
    label: str  # "Winners' round 2", "Final, if necessary"
    table: int | None
    teams: tuple[SheetTeam, SheetTeam]
    games: int  # 1, or 3: best of three
    game_points: int
    hands: int  # hand rows a game: enough for the longest game without a thrown-in deal
    dealers: tuple[str, ...]  # game 1's dealer for each hand row (the first game starts North)

    @property
    def captain(self) -> str:
        players = self.teams[0].players
        return players[0] if players else ""

    @property
    def games_words(self) -> str:
        if self.games == 1:
            return f"One game to {self.game_points} points"
        return f"Best of three games, each to {self.game_points} points"


def sheet_codes(now: Now, code: str | None = None) -> list[str]:
    """The matches to print: `code` alone, else the matches being played (by table) and those
    ready to call (in the bracket's order). KeyError for a match not in the bracket."""
    if code is not None:
        now.plan.match(code)
        return [code]
    playing = sorted(now.playing(), key=lambda m: (m.table or 0, m.code))
    return [m.code for m in playing] + [s.match.id for s in now.ready_to_call()]


def team_players(now: Now) -> dict[int, tuple[str, ...]]:
    """seed -> the team's players' names, in the order they sit (first North or East): one
    query."""
    by_partnership = {t.partnership_id: seed for seed, t in now.teams.items()}
    found: dict[int, list[str]] = {seed: [] for seed in now.teams}
    entries = Entry.objects.filter(partnership_id__in=by_partnership).order_by("pk")
    for partnership_id, name in entries.values_list("partnership_id", "player__name"):
        found[by_partnership[partnership_id]].append(name)
    return {seed: tuple(names) for seed, names in found.items()}


def _label(match: engine.Match) -> str:
    words = match.label()
    return words[0].upper() + words[1:]


def match_sheets(
    now: Now, codes: list[str], players: dict[int, tuple[str, ...]], game_points: int
) -> list[MatchSheet]:
    """A score sheet for each match of `codes`: its teams as they sit (the first team
    North-South, its first player captain), the table if called, a row a hand."""
    event = now.bracket.event
    hands = 2 * game_points - 1
    sheets = []
    for code in codes:
        state = now.state.matches[code]
        row = now.matches.get(code)
        teams = []
        for i, (slot, seed) in enumerate(zip(state.match.slots, state.teams, strict=True)):
            side, seats = ("N-S", ("N", "S")) if i == 0 else ("E-W", ("E", "W"))
            if seed is None:
                teams.append(SheetTeam(side, _waiting_words(slot)))
            else:
                name = drawing.team_name(now, seed)
                teams.append(SheetTeam(side, name, seed, players.get(seed, ()), seats))
        sheets.append(
            MatchSheet(
                club=event.club.name,
                event=event.name,
                date=long_date(event.date),
                code=code,
                title=f"Match {code}" if state.match.side not in ("final", "third") else code,
                label=_label(state.match),
                table=row.table if row is not None and row.called_at else None,
                teams=(teams[0], teams[1]),
                games=now.bracket.best_of,
                game_points=game_points,
                hands=hands,
                dealers=tuple("NESW"[i % 4] for i in range(hands)),
            )
        )
    return sheets


# --- Match score sheets drawn: two to a page, to cut ----------------------------------------

GRID = colors.Color(0.3, 0.3, 0.3)
SHADE = colors.Color(0.9, 0.9, 0.9)
HALF_PADDING = 8.0
MIN_HAND_ROW = 11.0  # a pen's line
# A game's columns: its heading, the heading of a narrow grid (three games side by side), and
# their shares of the grid's width. The last four are under "Points" and "Score".
GAME_COLUMNS = [
    ("Dealer", "Deal", 0.125, 0.11),
    ("Called", "Call", 0.125, 0.11),
    ("Alone", "Alone", 0.13, 0.15),
    ("Tricks", "Tricks", 0.13, 0.15),
    ("N-S", "N-S", 0.11, 0.115),
    ("E-W", "E-W", 0.11, 0.115),
    ("N-S", "N-S", 0.135, 0.125),
    ("E-W", "E-W", 0.135, 0.125),
]
HAND_COLUMN = 26.0


class MatchSheetFlowable(Flowable):
    """One match's sheet in half a page, drawn straight on the canvas."""

    def __init__(self, sheet: MatchSheet):
        super().__init__()
        self.sheet = sheet

    def wrap(self, available_width, available_height):
        self.width, self.height = available_width, available_height
        return available_width, available_height

    def draw(self):
        c, s, w = self.canv, self.sheet, self.width
        top = self.height
        c.setFillColor(INK)
        table = f"Table {s.table}" if s.table else "Table ______"
        c.setFont(BOLD, 14)
        c.drawRightString(w, top - 13, table)
        room = w - stringWidth(table, BOLD, 14) - 12
        title = f"{s.title} · {s.label}" if s.title != s.label else s.title
        _draw_fitted(c, 0, top - 13, title, BOLD, 14, room, 9)
        # Cut from its page, the half still says whose match it is, and how long it lasts.
        games = printable(s.games_words)
        c.setFont(BOLD, 9)
        c.drawRightString(w, top - 27, games)
        room = w - stringWidth(games, BOLD, 9) - 12
        _draw_fitted(c, 0, top - 27, f"{s.club} · {s.event} · {s.date}", FONT, 9, room, 6.5)
        for i, team in enumerate(s.teams):
            y = top - 42 - 13 * i
            c.setFont(BOLD, 10)
            c.drawString(0, y, team.side)
            c.setFont(FONT, 9)
            c.drawString(28, y, f"seed {team.seed}" if team.seed is not None else "")
            self._parts(70, y, team.parts(), w - 70)
        self._games(top - 62, 24.0)
        self._signatures(14.0)

    def _parts(self, x: float, y: float, parts: list[str], width: float):
        """Words drawn one after another, each in its own drawing order, at one size that
        fits `width`."""
        drawn = [printable(p) for p in parts]
        space = stringWidth(" ", FONT, 10)
        natural = sum(stringWidth(d, FONT, 10) for d in drawn) + space * (len(drawn) - 1)
        size = max(6.5, min(10.0, math.floor(20 * width / max(natural, 1)) / 2))
        c = self.canv
        c.setFont(FONT, size)
        for text in drawn:
            c.drawString(x, y, text)
            x += stringWidth(text, FONT, size) + stringWidth(" ", FONT, size)

    def _games(self, top: float, bottom: float):
        c, s = self.canv, self.sheet
        head = 2 * 10.0 + (12.0 if s.games > 1 else 0.0)
        room = top - bottom - head
        hands = min(s.hands, int(room // MIN_HAND_ROW))
        more = hands < s.hands
        if more:
            hands = int((room - 10) // MIN_HAND_ROW)
        row = min(20.0, room / hands) if not more else MIN_HAND_ROW
        gap = 6.0 if s.games > 1 else 0.0
        game_width = (self.width - HAND_COLUMN - gap * (s.games - 1)) / s.games
        grid_top = top - (12.0 if s.games > 1 else 0.0)
        grid_bottom = grid_top - 20 - hands * row
        # The hand numbers, once for every game.
        c.setStrokeColor(GRID)
        c.setLineWidth(0.5)
        c.setFillColor(SHADE)
        c.rect(0, grid_top - 20, HAND_COLUMN, 20, stroke=1, fill=1)
        c.setFillColor(INK)
        c.setFont(BOLD, 7.5)
        c.drawCentredString(HAND_COLUMN / 2, grid_top - 14, "Hand")
        font = min(9.0, row * 0.62)
        for i in range(hands):
            y = grid_top - 20 - (i + 1) * row
            c.rect(0, y, HAND_COLUMN, row, stroke=1, fill=0)
            c.setFont(FONT, font)
            c.drawCentredString(HAND_COLUMN / 2, y + row * 0.3, str(i + 1))
        for g in range(s.games):
            left = HAND_COLUMN + g * (game_width + gap)
            if s.games > 1:
                c.setFont(BOLD, 9)
                c.drawString(left + 2, top - 9, f"Game {g + 1}")
                c.setFont(FONT, 8)
                c.drawRightString(left + game_width, top - 9, "won by  N-S ☐   E-W ☐")
            self._grid(left, grid_top, game_width, hands, row, font, g == 0)
        if more:
            c.setFont(FONT, 7.5)
            c.drawString(0, grid_bottom - 9, "More hands? Carry on over the page, hand by hand.")

    def _grid(self, left, top, width, hands, row, font, first_game):
        c = self.canv
        narrow = self.sheet.games > 1
        widths = [
            (narrow_share if narrow else share) * width for *_, share, narrow_share in GAME_COLUMNS
        ]
        edges = [left + sum(widths[:i]) for i in range(len(widths) + 1)]
        head = top - 20
        bottom = head - hands * row
        c.setFillColor(SHADE)
        c.rect(left, head, width, 20, stroke=0, fill=1)
        c.setFillColor(INK)
        c.setStrokeColor(GRID)
        c.setLineWidth(0.5)
        for i in range(hands + 1):
            c.line(left, head - i * row, left + width, head - i * row)
        c.line(left, top, left + width, top)
        c.line(edges[4], top - 10, left + width, top - 10)
        for i, x in enumerate(edges):
            # Heavy lines set the points and the score apart; a group's two columns share
            # their heading.
            heavy = i in (0, 4, 6, 8)
            c.setLineWidth(1.1 if heavy else 0.5)
            c.setStrokeColor(INK if heavy else GRID)
            c.line(x, top if heavy else top - 10, x, bottom)
        c.setFont(BOLD, 7.5)
        for group, start in (("Points", 4), ("Score", 6)):
            c.drawCentredString((edges[start] + edges[start + 2]) / 2, top - 8, group)
        for (full, short, *_), x, cell in zip(GAME_COLUMNS, edges, widths, strict=False):
            if narrow:
                _draw_fitted(c, x + cell / 2, top - 18, short, FONT, 7, cell - 2, 6, align="centre")
            else:
                _draw_fitted(
                    c, x + cell / 2, top - 18, full, BOLD, 7.5, cell - 2, 6, align="centre"
                )
        if first_game:
            # The first game is dealt first from North: each hand's dealer, faint, to check.
            c.setFillColor(FAINT)
            c.setFont(FONT, font)
            for i in range(hands):
                y = head - (i + 1) * row + row * 0.3
                c.drawCentredString(edges[0] + widths[0] / 2, y, self.sheet.dealers[i])
            c.setFillColor(INK)

    def _signatures(self, y: float):
        c, s = self.canv, self.sheet
        half = self.width / 2
        captain = f"Captain, N-S ({s.captain})" if s.captain else "Captain, N-S"
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        for x, words in ((0, captain), (half + 10, "Opponent, E-W")):
            c.line(x, y, x + half - 10, y)
            _draw_fitted(c, x, y - 9, f"{words}: signature", FONT, 8, half - 10, 6.5)
        c.setFont(FONT, 8)


def _score_frames(pagesize) -> list:
    """Two halves of the page, to cut apart: no running header, as each half carries the
    club, the event and its date itself."""
    width, height = pagesize
    top, bottom = height - MARGIN, MARGIN + FOOTER
    half = (top - bottom) / 2
    return [
        Frame(
            MARGIN,
            bottom + (1 - i) * half,
            width - 2 * MARGIN,
            half,
            leftPadding=0,
            rightPadding=0,
            topPadding=HALF_PADDING,
            bottomPadding=HALF_PADDING,
        )
        for i in (0, 1)
    ]


def _cut_line(canvas, doc) -> None:
    width, height = doc.pagesize
    middle = (height - MARGIN + MARGIN + FOOTER) / 2
    canvas.saveState()
    canvas.setStrokeColor(GRID)
    canvas.setDash(4, 3)
    canvas.setLineWidth(0.5)
    canvas.line(MARGIN, middle, width - MARGIN, middle)
    canvas.restoreState()


def match_sheets_pdf(info: DocInfo, sheets: list[MatchSheet]) -> bytes:
    """Two sheets to a page, in the printouts' font, with "page X of Y"."""
    register_fonts()
    story: list = [MatchSheetFlowable(sheet) for sheet in sheets]
    if not story:
        story = [_paragraph("No match is being played or ready to call.")]
    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer,
        pagesize=info.pagesize,
        title=f"{info.title} · {info.event}",
        author=info.club,
        subject=f"{info.event}, {info.date:%Y-%m-%d}",
    )
    doc.addPageTemplates(
        PageTemplate("halves", frames=_score_frames(info.pagesize), onPage=_cut_line)
    )
    doc.build(story, canvasmaker=NumberedCanvas)
    return buffer.getvalue()


def _paragraph(text: str) -> Paragraph:
    return Paragraph(escape(printable(text)), STYLES["Body"])

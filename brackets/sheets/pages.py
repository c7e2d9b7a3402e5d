"""The bracket sheet's pages as plain data: its measures in points, the size of a page's body
(`SheetSize`), the shapes a page is made of (rows, boxes, tiles, shelves, pages), and the
geometry: a side's rounds cut into tiles no taller than a page holds at a readable size
(`tile_columns`), each box's row in its tile (`positions`), the tiles packed onto pages in
shelves (`pack`). Match ids in, shapes out: nothing here reads a result or draws.
"""

import math
from dataclasses import dataclass

from reportlab.lib.pagesizes import landscape

from tournaments import brackets as engine
from tournaments.printouts.layout import FOOTER, HEADER, MARGIN, paper_size

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


# --- Cutting a side into tiles, and tiles onto pages -----------------------------------------


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

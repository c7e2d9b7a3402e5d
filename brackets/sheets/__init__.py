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

The modules, data first; the drawing modules import the data ones, never the reverse:

- `pages.py`: the bracket sheet's measures and its plain shapes (rows, boxes, tiles, shelves,
  pages), and the cutting of a side into tiles and of tiles onto pages.
- `bracket_data.py`: the bracket sheet's data from the bracket as it stands, or as seeded.
- `score_data.py`: a match score sheet's data.
- `ink.py`: what both drawings share: the ink, and text fitted to the room it has.
- `bracket_pdf.py`: the bracket sheet drawn, a landscape page at a time.
- `score_pdf.py`: the match score sheets drawn, two to a page, to cut.
"""

from .bracket_data import bracket_sheet, sheet_columns
from .bracket_pdf import SheetInfo, bracket_sheet_pdf
from .ink import fitted
from .pages import (
    MIN_FONT,
    PITCH,
    BracketSheet,
    SheetBox,
    SheetSize,
    feeders,
    positions,
    tile_columns,
)
from .score_data import match_sheets, sheet_codes, team_players
from .score_pdf import match_sheets_pdf

__all__ = [
    "MIN_FONT",
    "PITCH",
    "BracketSheet",
    "SheetBox",
    "SheetInfo",
    "SheetSize",
    "bracket_sheet",
    "bracket_sheet_pdf",
    "feeders",
    "fitted",
    "match_sheets",
    "match_sheets_pdf",
    "positions",
    "sheet_codes",
    "sheet_columns",
    "team_players",
    "tile_columns",
]

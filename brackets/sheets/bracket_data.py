"""The bracket sheet's data from the bracket as it stands (or, blank, as seeded): each match's
box with its rows, note and feeders, the sides cut into tiles and packed onto pages
(`pages.py`), each box whose winner plays on another page saying where, and the lines over
every page: the format, and how far the bracket has come.
"""

import dataclasses

from brackets import drawing
from brackets.services import Now
from tournaments import brackets as engine
from tournaments.brackets.play import DECIDED

from .pages import (
    BracketSheet,
    Page,
    Row,
    SheetBox,
    SheetSize,
    Shelf,
    Tile,
    feeders,
    pack,
    positions,
    tile_columns,
)


def sheet_columns(now: Now, *, blank: bool) -> list[drawing.Column]:
    """The bracket's columns as the pages draw them; `blank`, as seeded, before any result:
    the seeds' names (byes taken), no score, no table, no walkover."""
    if not blank:
        return drawing.drawing(now)
    seeded = dataclasses.replace(now, state=engine.play(now.plan, {}), matches={})
    return [
        drawing.Column(
            side, number, [drawing.box(seeded, seeded.state.matches[m.id], [], []) for m in matches]
        )
        for side, number, matches in now.plan.columns()
    ]


def waiting_words(slot: engine.Slot) -> str:
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
            rows.append(Row(waiting_words(slot), waiting=True))
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

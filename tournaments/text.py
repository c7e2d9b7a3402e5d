"""Scores as people read them. Names as people read them (name_key, visible_name) are in
clubs/text.py, below both apps."""

MINUS = "\u2212"  # a real minus sign: a hyphen before a number reads as a dash ("5–-1")


def signed(points: int) -> str:
    """A score with a real minus sign when below zero (set scoring): "−2", never "-2"."""
    return minus(str(points))


def minus(text: str) -> str:
    """Points already written out ("-2", "-0.5*"), with a real minus sign, for a page. The CSV
    keeps the hyphen, which a spreadsheet reads as a number."""
    return MINUS + text[1:] if text.startswith("-") else text


def game_score(ours: int, theirs: int) -> str:
    """Two sides' scores with a spaced en dash between them: "5 – −1", not "5–-1". Every page
    showing a game's score (the captain's, the round's, a player's night) goes through here.
    The spaces do not break: a score never starts on one line and ends on the next."""
    return f"{signed(ours)}\u00a0\u2013\u00a0{signed(theirs)}"

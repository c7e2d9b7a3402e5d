"""Right-to-left names on paper: the order their letters are drawn in.

A PDF holds text as drawn, left to right, and readers and text extractors (pypdf, pdfium)
take a run of Hebrew or Arabic letters to be stored right to left, as drawn on the page, and
turn it back to the order it was typed. reportlab draws a string as given, so "דוד לוי" must
be handed over already turned around, or it prints backwards and searches as garbage.

This is the Unicode bidirectional algorithm (UAX #9) cut down to what a printed line of ours
is: one line whose base direction is left to right (every printout is in English), with no
embedding or isolate controls. On names and printout lines mixing Latin, Hebrew, Arabic,
digits and brackets it gives what python-bidi's `get_display(text, base_dir="L")` gives,
and it also mirrors brackets, which python-bidi leaves to a renderer (reportlab does not).
Arabic letters still need shaping to join (see `layout.printable`)."""

import unicodedata

# Brackets in a right-to-left run are drawn mirrored: "(" ends "(دني)" read from the right.
MIRRORED = str.maketrans("()[]{}<>«»‹›", ")(][}{><»«›‹")
NUMBER = "#"  # digits inside a right-to-left run: they stay left to right within it


def has_right_to_left(text: str) -> bool:
    return any(unicodedata.bidirectional(c) in ("R", "AL") for c in text)


def _kinds(text: str) -> list[str]:
    """Each character's direction: L, R, NUMBER, or N (neutral: spaces, punctuation)."""
    kinds: list[str] = []
    strong = "L"  # the line starts left to right
    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind == "NSM":
            kind = kinds[-1] if kinds else "L"  # an accent goes with its letter
        elif kind in ("R", "AL"):
            strong = kind = "R"
        elif kind == "L":
            strong = "L"
        elif kind in ("EN", "AN"):
            # Digits after Latin letters read as Latin; after Hebrew or Arabic, they are a
            # number inside the right-to-left run.
            kind = "L" if strong == "L" else NUMBER
        else:
            kind = "N"
        kinds.append(kind)
    _pair_brackets(text, kinds)
    # Spaces and punctuation between two right-to-left stretches belong to them; anywhere
    # else they follow the line, left to right.
    i = 0
    while i < len(kinds):
        if kinds[i] != "N":
            i += 1
            continue
        end = i
        while end < len(kinds) and kinds[end] == "N":
            end += 1
        before = kinds[i - 1] if i else "L"
        after = kinds[end] if end < len(kinds) else "L"
        rtl = before != "L" and after != "L"
        kinds[i:end] = ["R" if rtl else "L"] * (end - i)
        i = end
    return kinds


def _pair_brackets(text: str, kinds: list[str]) -> None:
    """A pair of brackets goes one way, so "(أبو علي)" at the end of a name stays closed
    (UAX #9 rule N0): left to right if Latin is inside; right to left if only Hebrew or
    Arabic is, and the text just before the pair is too; else as the line."""
    closing = {close: open_ for open_, close in ("()", "[]", "{}", "<>", "«»", "‹›")}
    opened: list[int] = []
    for i, char in enumerate(text):
        if kinds[i] != "N":
            continue
        if char in "([{<«‹":
            opened.append(i)
        elif char in closing and opened and text[opened[-1]] == closing[char]:
            start = opened.pop()
            inside = set(kinds[start + 1 : i])
            if "L" in inside:
                kinds[start] = kinds[i] = "L"
            elif inside & {"R", NUMBER}:
                before = next((k for k in reversed(kinds[:start]) if k != "N"), "L")
                kinds[start] = kinds[i] = "L" if before == "L" else "R"


def visual_order(text: str) -> str:
    """`text`, as typed, in the order its characters are drawn from left to right. An accent
    (a Hebrew vowel point) ends up before its letter, as UAX #9 leaves it: the font draws the
    mark over the letter that follows it."""
    if not has_right_to_left(text):
        return text
    level = {"L": 0, "R": 1, NUMBER: 2}
    chars = [(level[kind], char) for char, kind in zip(text, _kinds(text), strict=True)]
    # Reverse every stretch at each level and above, from the highest level down: a number
    # inside a Hebrew name is reversed twice, so it reads left to right again.
    for depth in (2, 1):
        i = 0
        while i < len(chars):
            if chars[i][0] < depth:
                i += 1
                continue
            end = i
            while end < len(chars) and chars[end][0] >= depth:
                end += 1
            chars[i:end] = chars[i:end][::-1]
            i = end
    return "".join(c.translate(MIRRORED) if lvl % 2 else c for lvl, c in chars)

"""Right-to-left names on paper: the order their letters are drawn in.

A PDF holds text as drawn, left to right, and readers and text extractors (pypdf, pdfium)
take a run of Hebrew or Arabic letters to be stored right to left, as drawn on the page, and
turn it back to the order it was typed. reportlab draws a string as given, so "דוד לוי" must
be handed over already turned around, or it prints backwards and searches as garbage.

The order is the Unicode bidirectional algorithm's (UAX #9), as python-bidi computes it for
one line whose base direction is left to right (every printout is in English). python-bidi
leaves out one step, rule L4: a bracket in a right-to-left run is drawn mirrored, "(" as ")",
which a renderer does and reportlab does not. That step alone is here. Arabic letters still
need shaping to join (see `layout.printable`)."""

import unicodedata

from bidi import get_display

# The mirrored glyph of each character that has one and that a name or a printout line may
# hold (UAX #9 rule L4, Bidi_Mirroring_Glyph).
MIRRORED = dict(zip("()[]{}<>«»‹›", ")(][}{><»«›‹", strict=True))
# Brackets that UAX #9 pairs (BidiBrackets.txt, rule N0): a pair goes one way.
PAIRS = {")": "(", "]": "[", "}": "{"}
# Stand-ins, one pair for each pair of brackets in a line: paired brackets of UAX #9 too, so
# the library orders the line exactly as it orders the brackets they stand for, and each
# is unique, so where it lands tells whether its pair was turned around (see `_odd_pairs`).
STAND_INS = [
    *zip(
        "\u2045\u207d\u208d\u2308\u230a\u2768\u276a\u276c\u276e\u2770\u2772\u2774\u27c5\u27e6"
        "\u27e8\u27ea\u27ec\u27ee\u2983\u2985\u2987\u2989\u298b\u298d\u298f\u2991\u2993\u2995"
        "\u2997\u29d8\u29da\u29fc\u2e22\u2e24\u2e26\u2e28\u3008\u300a\u300c\u300e\u3010\u3014"
        "\u3016\u3018\u301a\ufe59\ufe5b\ufe5d\uff08\uff3b\uff5b\uff5f\uff62",
        "\u2046\u207e\u208e\u2309\u230b\u2769\u276b\u276d\u276f\u2771\u2773\u2775\u27c6\u27e7"
        "\u27e9\u27eb\u27ed\u27ef\u2984\u2986\u2988\u298a\u298c\u298e\u2990\u2992\u2994\u2996"
        "\u2998\u29d9\u29db\u29fd\u2e23\u2e25\u2e27\u2e29\u3009\u300b\u300d\u300f\u3011\u3015"
        "\u3017\u3019\u301b\ufe5a\ufe5c\ufe5e\uff09\uff3d\uff5d\uff60\uff63",
        strict=True,
    )
]


def has_right_to_left(text: str) -> bool:
    return any(unicodedata.bidirectional(c) in ("R", "AL") for c in text)


def visual_order(text: str) -> str:
    """`text`, as typed, in the order its characters are drawn from left to right, brackets in
    a right-to-left run mirrored. An accent (a Hebrew vowel point) ends up before its letter,
    as UAX #9 leaves it: the font draws the mark over the letter that follows it."""
    if not has_right_to_left(text):
        return text
    pairs = _pairs(text)
    free = [pair for pair in STAND_INS if pair[0] not in text and pair[1] not in text]
    if len(pairs) > len(free):  # never a name: more pairs of brackets than stand-ins
        return get_display(text, base_dir="L")
    probe, back = list(text), {}
    for (start, end), (opening, closing) in zip(pairs, free, strict=False):
        back[opening], back[closing] = text[start], text[end]
        probe[start], probe[end] = opening, closing
    drawn = list(get_display("".join(probe), base_dir="L"))
    turned = _odd_pairs(drawn, free[: len(pairs)])
    for i, char in enumerate(drawn):
        if char in back:
            drawn[i] = MIRRORED[back[char]] if char in turned else back[char]
        elif char in MIRRORED and _between_right_to_left(drawn, i):
            drawn[i] = MIRRORED[char]  # a bracket without its pair, or « » ‹ › < >
    return "".join(drawn)


def _pairs(text: str) -> list[tuple[int, int]]:
    """The brackets UAX #9 pairs (rule BD16): each closing bracket with the nearest open one
    of its kind, any opened since left unpaired; at most 63 open at once."""
    found, opened = [], []
    for i, char in enumerate(text):
        if char in PAIRS.values():
            if len(opened) == 63:
                break
            opened.append(i)
        elif char in PAIRS:
            for depth in range(len(opened) - 1, -1, -1):
                if text[opened[depth]] == PAIRS[char]:
                    found.append((opened[depth], i))
                    del opened[depth:]
                    break
    return found


def _odd_pairs(drawn: list[str], stand_ins: list[tuple[str, str]]) -> set[str]:
    """The stand-ins of the pairs drawn right to left: the closing one comes first."""
    where = {char: i for i, char in enumerate(drawn)}
    return {
        char
        for opening, closing in stand_ins
        if where[closing] < where[opening]
        for char in (opening, closing)
    }


def _between_right_to_left(drawn: list[str], i: int) -> bool:
    """A lone bracket is right to left (UAX #9 rule N1) when the nearest letters on both
    sides are; digits between count for neither side, spaces and punctuation are skipped."""

    def nearest(indices) -> str:
        for j in indices:
            kind = unicodedata.bidirectional(drawn[j])
            if kind in ("R", "AL"):
                return "R"
            if kind == "L":
                return "L"
        return "L"  # the line's own direction, at either end

    return nearest(range(i - 1, -1, -1)) == "R" and nearest(range(i + 1, len(drawn))) == "R"

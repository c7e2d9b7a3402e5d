"""Names as people read them: what a name shows (visible_name) and how it sorts, searches
and compares (name_key). They live in clubs, the lower app: the roster needs them as much as
every page of an event does, and an event's pages come to clubs for them, never the reverse."""

import functools
import re
import unicodedata

ZWNJ, ZWJ = "\u200c", "\u200d"

# Scripts whose words a zero-width non-joiner or joiner shapes: in Persian "می‌خواهم" the
# ZWNJ keeps two letters from joining, in Devanagari or Malayalam they choose a conjunct's
# form. Between letters of these scripts they are part of how the name is spelled.
_JOINING_SCRIPTS = {
    *("ARABIC", "SYRIAC", "NKO", "MONGOLIAN", "DEVANAGARI", "BENGALI", "GURMUKHI", "GUJARATI"),
    *("ORIYA", "TAMIL", "TELUGU", "KANNADA", "MALAYALAM", "SINHALA"),
}


def _script_letter(c: str) -> bool:
    if unicodedata.category(c)[0] not in "LM":
        return False
    return unicodedata.name(c, "").split(" ", 1)[0] in _JOINING_SCRIPTS


def _emoji(c: str) -> bool:
    # Pictographs (So), skin tones (Sk), and the emoji presentation selector (U+FE0F).
    return unicodedata.category(c) in ("So", "Sk") or c == "\ufe0f"


def visible_name(name: str) -> str:
    """`name` without the invisible format characters (Unicode category Cf) a paste or a
    crafted post carries: zero-width spaces, byte-order marks, soft hyphens, bidi overrides.
    "Jo\u200bse Nunez" is José Núñez on the roster, and a bidi override in a name would turn
    the text around it on every page and printout.

    Kept, as part of how the name is written: a ZWNJ or ZWJ between two letters of a script it
    shapes (Persian, Arabic, the Indic scripts), and a ZWJ between emoji (the joined pictures
    of "👨‍👩‍👧" fall apart without it). name_key drops even these, so they never make two
    names that read the same differ."""
    kept = []
    for i, c in enumerate(name):
        if unicodedata.category(c) != "Cf":
            kept.append(c)
            continue
        before, after = name[i - 1 : i], name[i + 1 : i + 2]
        if not (before and after):
            continue
        shapes_script = c in (ZWNJ, ZWJ) and _script_letter(before) and _script_letter(after)
        joins_emoji = c == ZWJ and _emoji(before) and _emoji(after)
        if shapes_script or joins_emoji:
            kept.append(c)
    return "".join(kept)


# Apostrophes and quotes as a keyboard, a phone or a word processor types them: "'" and "`",
# the iPhone's "’" (and "‘"), the modifier letter "ʼ", "´" for an apostrophe, primes.
_APOSTROPHES = "'\"`´ʹʺʻʼʽ′″＇＂"
_MARKS_DROPPED = str.maketrans("", "", _APOSTROPHES)


def _dropped(c: str) -> bool:
    """Characters a name's key leaves out: invisible format characters (Cf), apostrophes and
    quotes (the curly ones are Pi and Pf: ‘ ’ “ ” « »), and hyphens and dashes (Pd: "-", "‐",
    "–", "—"). "Mary O’Brien", "Mary O'Brien" and "Mary OBrien" are one name, as are
    "Jean-Luc" and "JeanLuc": a person reading the roster would take them for one player."""
    return unicodedata.category(c) in ("Cf", "Pd", "Pi", "Pf") or c in _APOSTROPHES


# Remembered, as a pure function of the name (nothing in it can go stale): every page of a
# big night sorts, searches or ranks its 400 names by it, some twice, each time the page is
# asked; the Unicode work came to a tenth of a standings page.
@functools.lru_cache(maxsize=65536)
def name_key(name: str) -> str:
    """Sort, search and compare names as a person reads them: "Élise" beside "Elise", not
    after "Zoë"; "zoe  bronte" finds (and on a roster, is likely the same as) "Zoë Brontë".
    Every invisible format character is left out, joiners included, and so are apostrophes,
    quotes, hyphens and dashes (_dropped): names that look alike are the same name, and
    "obrien" finds "O’Brien"."""
    # Marks dropped before the decomposition too: "´" (an acute accent typed as an apostrophe)
    # decomposes to a space and a combining accent, which would split "O´Brien" in two words.
    folded = unicodedata.normalize("NFKD", name.translate(_MARKS_DROPPED))
    letters = (c for c in folded if not unicodedata.combining(c) and not _dropped(c))
    return " ".join("".join(letters).casefold().split())


def _initial(word: str) -> str:
    """A word's first letter with the marks written on it ("É", "Ñ"), upper-cased where the
    script has cases; "" for a word with no letter ("&", "—")."""
    for i, c in enumerate(word):
        if unicodedata.category(c)[0] == "L":
            end = i + 1
            while end < len(word) and unicodedata.combining(word[end]):
                end += 1
            first = word[i:end]
            # "ß".upper() is "SS", "ŉ".upper() two letters: an initial stays one letter.
            upper = first.upper()
            return upper if len(upper) == len(first) else first
    return ""


def initials(name: str) -> str:
    """What public pages show for a player who asked not to be named: "Mary Smith" is
    "M. S.", "Jean-Luc Picard" "J.-L. P.", "Cher" "C.", "Élise Ñúñez" "É. Ñ."; a name
    written without spaces (Chinese, Japanese, Thai) shows its first character, "王小明"
    "王.". Initials say nothing a full name would: no more than one letter of each word.
    A name with no letter at all (emoji only) is "?"."""
    words = []
    for word in visible_name(name).split():
        parts = [_initial(part) for part in word.split("-")]
        parts = [p for p in parts if p]
        if parts:
            words.append("-".join(f"{p}." for p in parts))
    return unicodedata.normalize("NFC", " ".join(words)) or "?"


def mask_names(text: str, shown_as: dict[str, str]) -> str:
    """`text` with every whole-word occurrence of each name in `shown_as` replaced by what it
    shows as ("Mary Smith" -> "M. S."): the public pages' last word on a hidden player, so a
    name no page thought of (a partnership's label, a side award, a bracket's team) is hidden
    too. Longer names first: "Mary Smith" goes before a "Mary" could split it. A name inside
    a longer word ("Al" in "Alice") is left alone."""
    names = sorted((n for n in shown_as if n.strip()), key=len, reverse=True)
    if not names:
        return text
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in names) + r")(?!\w)")
    return pattern.sub(lambda m: shown_as[m.group(0)], text)

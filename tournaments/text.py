"""Names as people read them."""

import unicodedata


def name_key(name: str) -> str:
    """Sort, search and compare names as a person reads them: "Élise" beside "Elise", not
    after "Zoë"; "zoe  bronte" finds (and on a roster, is likely the same as) "Zoë Brontë"."""
    folded = unicodedata.normalize("NFKD", name)
    return " ".join("".join(c for c in folded if not unicodedata.combining(c)).casefold().split())

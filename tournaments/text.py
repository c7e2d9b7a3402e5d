"""Names as people read them."""

import unicodedata


def name_key(name: str) -> str:
    """Sort and search names as a person reads them: "Élise" beside "Elise", not after "Zoë";
    "zoe" finds "Zoë"."""
    folded = unicodedata.normalize("NFKD", name)
    return "".join(c for c in folded if not unicodedata.combining(c)).casefold()

"""Numbers that arrive in addresses and forms, read without trusting them.

`"²".isdigit()` is true but `int("²")` fails, and an id longer than a database column can hold
makes the query itself fail (on SQLite before it is sent, on PostgreSQL in the server). Both
must be a plain "no such thing", never a crash, so every such number is read here.
"""

# Every id column is a 64-bit signed integer (DEFAULT_AUTO_FIELD is BigAutoField).
MAX_ID = 2**63 - 1


def whole_number(value, *, low: int | None = None, high: int | None = None) -> int | None:
    """`value` as a whole number if it is plain ASCII digits within [low, high], else None."""
    text = str(value) if value is not None else ""
    if not (text.isascii() and text.isdigit()) or len(text) > 19:
        return None
    number = int(text)
    if (low is not None and number < low) or (high is not None and number > high):
        return None
    return number


def db_id(value) -> int | None:
    """An id a table could hold, or None: a lookup with None finds nothing."""
    return whole_number(value, low=1, high=MAX_ID)

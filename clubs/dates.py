"""Dates and times as the club writes them: the one place every page, CSV, PDF and template
gets them from.

A club chooses its country's way (Club.date_style): "Sat, Nov 28, 2026" and "8:15 PM" in the
United States, "Sat, 28 Nov 2026" and "20:15" in the United Kingdom, as Unicode's CLDR records
each country's usage (babel). A moment is shown in the app's time zone (settings.TIME_ZONE,
the computer's own unless TIME_ZONE says otherwise). Machines keep ISO dates: the downloads'
file names (2026-11-28, which sort by date), a form's date field, a PDF's metadata. The CSVs
carry no date in their rows; their file name has it.
"""

import datetime
import functools

from babel.dates import format_skeleton, format_time
from django.utils import timezone

from config import computer

# The countries whose English the app writes, by their locale: (country, CLDR locale).
STYLES = {
    "en-US": "United States",
    "en-CA": "Canada",
    "en-GB": "United Kingdom",
    "en-IE": "Ireland",
    "en-AU": "Australia",
    "en-NZ": "New Zealand",
}
DEFAULT_STYLE = "en-US"

# The date in every label: a day past the 12th, so day and month cannot be mistaken, at 8:15 pm.
_SAMPLE = datetime.datetime(2026, 11, 28, 20, 15)


def computer_style() -> str:
    """A new club's style: the computer's country when the app writes its English, else the
    United States' (a model field's default, so a club made on a laptop in Auckland writes
    dates as New Zealand does)."""
    style = f"en-{computer.country()}"
    return style if style in STYLES else DEFAULT_STYLE


def style_of(who) -> str:
    """The style of a club, of anything with a club (an event, a round's event...), or a style's
    own code. Anything else (None on a page with no club) is the default."""
    if isinstance(who, str):
        return who if who in STYLES else DEFAULT_STYLE
    for _ in range(4):  # a table's round's event's club at most
        if who is None:
            break
        style = getattr(who, "date_style", None)
        if isinstance(style, str):
            return style if style in STYLES else DEFAULT_STYLE
        who = (
            getattr(who, "club", None) or getattr(who, "event", None) or getattr(who, "round", None)
        )
    return DEFAULT_STYLE


def _plain(text: str) -> str:
    # CLDR puts a narrow no-break space before "PM"; the PDFs' font and older phones draw it
    # as a box, so a no-break space, which keeps "8:15 PM" on one line all the same.
    return text.replace("\u202f", "\u00a0")


@functools.lru_cache(maxsize=4096)
def _day(value: datetime.date, style: str) -> str:
    return _plain(format_skeleton("yMMMEd", value, locale=style.replace("-", "_")))


@functools.lru_cache(maxsize=4096)
def _clock(value: datetime.time, style: str, seconds: bool) -> str:
    return _plain(
        format_time(value, "medium" if seconds else "short", locale=style.replace("-", "_"))
    )


def _local(value):
    if isinstance(value, datetime.datetime) and timezone.is_aware(value):
        return timezone.localtime(value)
    return value


def day(value, who=None) -> str:
    """A date, or a moment's date where the club is: "Sat, Nov 28, 2026"."""
    if value in (None, ""):
        return ""
    value = _local(value)
    if isinstance(value, datetime.datetime):
        value = value.date()
    return _day(value, style_of(who))


def clock(value, who=None, seconds: bool = False) -> str:
    """A moment's time of day where the club is: "8:15 PM", "20:15" (seconds: "8:15:30 PM")."""
    if value in (None, ""):
        return ""
    value = _local(value)
    if isinstance(value, datetime.datetime):
        value = value.time()
    return _clock(value.replace(microsecond=0, tzinfo=None), style_of(who), seconds)


def moment(value, who=None) -> str:
    """A date and a time: "Sat, Nov 28, 2026, 8:15 PM"."""
    if value in (None, ""):
        return ""
    return f"{day(value, who)}, {clock(value, who)}"


def style_choices() -> list[tuple[str, str]]:
    """The club setting's choices, each showing itself: "United States (Sat, Nov 28, 2026,
    8:15 PM)"."""
    return [(code, f"{country} ({moment(_SAMPLE, code)})") for code, country in STYLES.items()]

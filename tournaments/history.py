"""What happened to a table's hands after they were entered, read from their history.

django-simple-history keeps every version of a hand. Two questions are answered here, in one
place, for every page and printout that needs them:

- a hand's versions in words (who, when, why, each field from → to), for the history pages;
- which tables the director corrected, and why, so the captain's page, the round page and the
  filled score sheet never show a confirmation beside a score the confirmer did not see.

A director's correction is a change made while logged in (`history_user` set). A captain has no
login, so a fix made at the table is never mistaken for one.
"""

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from clubs import dates

from . import reads
from .models import HAND_FIELDS, Hand, Table

# The engine's results, shown beside what was entered; diff_against skips them because they
# are not editable fields, so they are compared here.
RESULT_LABELS = {
    "ns_points": "North-South points",
    "ew_points": "East-West points",
    "description": "Result",
}


def _value(field: str, value) -> str:
    if value in (None, ""):
        return "thrown in" if field == "maker" else "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    choices = dict(Hand._meta.get_field(field).choices or ())
    return str(choices.get(value, value))


def _who(record) -> str:
    user = record.history_user
    if user is not None:
        return user.get_full_name() or user.get_username()
    return str(record.entered_by) if record.entered_by_id else "the table captain"


def versions(records) -> list[dict]:
    """One hand's history records (oldest first) in words, newest first."""
    records = list(records)
    rows = []
    for previous, record in zip([None, *records], records, strict=False):
        changes = []
        if previous is not None:
            delta = record.diff_against(previous, included_fields=HAND_FIELDS)
            changes = [
                (change.field, change.old, change.new)
                for change in sorted(delta.changes, key=lambda c: HAND_FIELDS.index(c.field))
            ]
            changes += [
                (name, getattr(previous, name), getattr(record, name))
                for name in RESULT_LABELS
                if getattr(previous, name) != getattr(record, name)
            ]
        rows.append(
            {
                "number": record.number,
                "when": record.history_date,
                "who": _who(record),
                "by_director": record.history_user_id is not None,
                "action": {"+": "Entered", "~": "Corrected", "-": "Deleted"}[record.history_type],
                "reason": record.history_change_reason or "",
                "changes": [
                    {
                        "field": RESULT_LABELS.get(name) or Hand._meta.get_field(name).verbose_name,
                        "old": _value(name, old),
                        "new": _value(name, new),
                    }
                    for name, old, new in changes
                ],
                "description": record.description,
            }
        )
    return rows[::-1]


def hand_versions(hand: Hand) -> list[dict]:
    return versions(
        hand.history.select_related("history_user", "entered_by").order_by("history_date")
    )


def table_versions(table: Table) -> list[dict]:
    """Every hand of the table that was ever entered, with its versions, by hand number.

    Grouped by the hand's id, not its number: a hand deleted at the table and entered again
    has two histories under one number.
    """
    records = (
        Hand.history.filter(table_id=table.pk)
        .select_related("history_user", "entered_by")
        .order_by("history_date", "history_id")
    )
    by_hand: dict[int, list] = {}
    for record in records:
        by_hand.setdefault(record.id, []).append(record)
    hands = [
        {
            "number": recs[-1].number,
            "deleted": recs[-1].history_type == "-",
            "versions": versions(recs),
        }
        for recs in by_hand.values()
    ]
    return sorted(hands, key=lambda h: (h["number"], h["deleted"]))


@dataclass(frozen=True)
class Correction:
    hand_number: int
    when: datetime.datetime
    reason: str


@dataclass(frozen=True)
class Corrections:
    """The director's corrections to one table, oldest first."""

    items: tuple[Correction, ...] = ()
    confirmed_at: datetime.datetime | None = None

    def __bool__(self) -> bool:
        return bool(self.items)

    @property
    def after_confirmation(self) -> bool:
        """Corrected after an opponent confirmed: the confirmer saw a different score."""
        return self.confirmed_at is not None and any(c.when > self.confirmed_at for c in self.items)

    def lines(self, who=None) -> list[str]:
        """For a printout: "Hand 3 corrected by the director at 5:05 PM: wrong tricks", the
        time as `who` (the event, its club) writes it."""
        return [
            f"Hand {c.hand_number} corrected by the director at {dates.clock(c.when, who)}: "
            f"{c.reason}"
            for c in self.items
        ]


def corrections(tables: Iterable[Table]) -> dict[int, Corrections]:
    """The director's corrections for each of `tables`, read in one query."""
    tables = list(tables)
    records = reads.corrections([t.pk for t in tables])
    found: dict[int, list[Correction]] = {}
    for table_id, number, when, reason in records:
        found.setdefault(table_id, []).append(Correction(number, when, reason or ""))
    return {t.pk: Corrections(tuple(found.get(t.pk, ())), t.confirmed_at) for t in tables}

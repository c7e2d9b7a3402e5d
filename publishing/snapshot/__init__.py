"""A club and its nights as plain data (the laptop: `club_snapshot`, `event_snapshot`), and
that data applied to the club's server (`apply`), whole or refused (`Refused`) in words.
No HTTP here: publishing's API and sender carry it (fields.py is the format)."""

from .apply import Refused, apply
from .build import club_snapshot, event_snapshot
from .fields import FORMAT

__all__ = ["FORMAT", "Refused", "apply", "club_snapshot", "event_snapshot"]

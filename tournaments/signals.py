"""Signals for what sits above events (brackets/): tournaments never imports it.

`table_changed` is sent inside the transaction that confirmed a table's result or corrected
one of its hands, with `table` and `reason` ("confirmed" or "corrected"). A receiver that
raises services.ActionRefused undoes the change whole: a bracket refuses a correction that
would change the team of a match already being played.

`round_closed` is sent inside the transaction that closed a round, with `round`: the ratings
(ratings/) take its tables' results then, not on every page view.

`demo_loaded` is sent by `manage.py load_demo` when the demo club is made, with `club`,
`night` (tonight's progressive, in play) and `pairs` (last week's, finished): the money app
(money/receivers.py) records the demo's door and payouts, so the demo shows them too.

`entries_changed` is sent inside the transaction that added entrants or checked them in or
out, with `event`: those write many rows at once (bulk_create, update), which send no model
signals, and publishing/ queues the night for the club's server then.

`serving` is sent by `manage.py serve` (the hall and the demo) just before it starts serving:
publishing/ starts its sender then, so only a serving laptop sends in the background.
"""

from django.dispatch import Signal

table_changed = Signal()
round_closed = Signal()
demo_loaded = Signal()
serving = Signal()
entries_changed = Signal()

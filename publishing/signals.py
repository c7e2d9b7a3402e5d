"""`night_published` is sent after the transaction that applied a published night on the
club's server commits, with `event` (the server's copy): the results mail (results_mail/)
listens, so the apply never waits on mail."""

from django.dispatch import Signal

night_published = Signal()

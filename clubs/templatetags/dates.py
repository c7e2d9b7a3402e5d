"""{{ event.date|day:event }}, {{ round.time_called_at|clock:event }}: dates and times as the
club writes them (clubs/dates.py). A builtin of Django's templates (config/settings.py), and a
filter of the Jinja2 ones (config/jinja2.py), so no page loads it."""

from django import template

from clubs import dates

register = template.Library()

register.filter("day", dates.day)
register.filter("clock", dates.clock)
register.filter("moment", dates.moment)


@register.filter
def clock_seconds(value, who=None) -> str:
    return dates.clock(value, who, seconds=True)

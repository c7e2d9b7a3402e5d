"""The event page's "Copy the results" card: `{% load publishing_copy %}{% publishing_copy event %}`
(issue 43, point 6). It lives in publishing, so tournaments never imports it; the text is
publishing/results_text.py's."""

from django import template

from publishing.results_text import results_copy

register = template.Library()

# The box grows with the text up to this many lines, then scrolls: a big night's text stays
# a card on the page.
MOST_ROWS = 24


@register.inclusion_tag("publishing/_copy_results.html", takes_context=True)
def publishing_copy(context, event) -> dict:
    text, note = results_copy(event, context.get("request"))
    # A line longer than the box wraps; the rows count the lines as written, plus one spare.
    rows = min(text.count("\n") + 2, MOST_ROWS)
    return {"event": event, "text": text, "note": note, "rows": rows}

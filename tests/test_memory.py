"""What a server holds on to after a page: nothing of the page's context (config/templates.py),
so a big night's pages are freed as they end, not by Python's collector later."""

import gc
import weakref

from django.template import engines
from django.test import RequestFactory


class Night:
    """Stands in for what a page's context holds: the standings, a movement's report."""

    name = "Tuesday progressive"


def test_a_drawn_pages_context_is_freed_at_once_not_left_to_the_collector():
    template = engines["django"].from_string(
        "{% for night in nights %}{% with name=night.name %}{{ name }}{% endwith %}{% endfor %}"
    )
    night = Night()
    alive = weakref.ref(night)
    gc.disable()  # only what reference counting frees counts
    try:
        html = template.render({"nights": [night]}, request=RequestFactory().get("/"))
        del night
        assert html == "Tuesday progressive"
        assert alive() is None
    finally:
        gc.enable()

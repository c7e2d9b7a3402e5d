"""The Jinja2 environment of the templates named *.jinja (settings.TEMPLATES says which)."""

import functools

from django.contrib.messages import get_messages
from django.template.defaultfilters import pluralize
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from jinja2 import Environment

from clubs import dates
from tournaments.standings import fmt_place
from tournaments.templatetags.points import points
from tournaments.text import game_score, signed


# A page's addresses and static files are the same for every request while the app runs, and
# each look-up cost 10 to 15 µs on a page opened after every hand: looked up once each.
@functools.lru_cache(maxsize=512)
def _url(name: str, *args) -> str:
    return reverse(name, args=args)


@functools.lru_cache(maxsize=128)
def _static(path: str) -> str:
    # By the same names as Django's {% static %}, fingerprinted alike.
    return static(path)


def environment(**options) -> Environment:
    env = Environment(**options)
    env.globals["static"] = _static
    env.globals["url"] = _url
    env.globals["get_messages"] = get_messages
    # Scores as the Django templates show them: "5 – −1" (tournaments/text.py).
    env.filters["game_score"] = game_score
    env.filters["signed"] = signed
    # Points as the Django templates' `points` filter writes them: "7.3", "−2".
    env.filters["points"] = points
    env.filters["place"] = fmt_place
    env.filters["pluralize"] = pluralize
    # Dates and times as the club writes them, as in the Django templates (clubs/dates.py).
    env.filters["day"] = dates.day
    env.filters["clock"] = dates.clock
    env.filters["moment"] = dates.moment
    return env


def partial(template: str, context: dict) -> SafeString:
    """A Jinja2 template's HTML for a Django template to show as it is ({{ rows }}): a long
    list inside a page that stays Django's. Jinja2 escapes every value (autoescape)."""
    return mark_safe(render_to_string(template, context, using="jinja2"))

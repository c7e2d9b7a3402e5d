"""The Jinja2 environment of the templates named *.jinja (settings.TEMPLATES says which)."""

from django.contrib.messages import get_messages
from django.templatetags.static import static
from django.urls import reverse
from jinja2 import Environment


def environment(**options) -> Environment:
    env = Environment(**options)
    # Static files by the same names as Django's {% static %}, fingerprinted alike.
    env.globals["static"] = static
    env.globals["url"] = lambda name, *args: reverse(name, args=args)
    env.globals["get_messages"] = get_messages
    return env

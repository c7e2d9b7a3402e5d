"""The Jinja2 environment of the templates named *.jinja (settings.TEMPLATES says which)."""

from django.templatetags.static import static
from jinja2 import Environment


def environment(**options) -> Environment:
    env = Environment(**options)
    # Static files by the same names as Django's {% static %}, fingerprinted alike.
    env.globals["static"] = static
    return env

"""Points in templates as the standings tables, the CSV and the PDF print them, but for a real
minus sign below zero: `{% load points %}{{ line.total|points }}`, and the legend's words
(sit-out and late marks, the loners counted)."""

from django import template

from tournaments.standings import fmt, fmt_place, loners_words, missed_legend, sit_out_legend
from tournaments.text import game_score, minus, signed

register = template.Library()


@register.filter
def points(value) -> str:
    """As standings.fmt writes them, with a real minus sign below zero (set scoring)."""
    return minus(fmt(value))


# A standings line's place as every list prints it ("3", "2=": standings.fmt_place).
register.filter("place", fmt_place)
register.filter("sit_out_legend", sit_out_legend)
register.filter("missed_legend", missed_legend)
register.filter("loners_words", loners_words)
# A game's score, "5 – −1" (tournaments/text.py): {{ ns|game_score:ew }}, {{ points|signed }}.
register.filter("game_score", game_score)
register.filter("signed", signed)
# A line's place as the standings tables print it ("3=", a bracket's "5th–6th" or "still in").
register.filter("place", fmt_place)

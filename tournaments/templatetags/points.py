"""Points in templates exactly as the standings tables, the CSV and the PDF print them:
`{% load points %}{{ line.total|points }}`, and the legend's words (sit-out and late marks,
the loners counted)."""

from django import template

from tournaments.prizes import money
from tournaments.standings import fmt, loners_words, missed_legend, sit_out_legend

register = template.Library()

register.filter("points", fmt)
register.filter("sit_out_legend", sit_out_legend)
register.filter("missed_legend", missed_legend)
register.filter("loners_words", loners_words)
register.filter("money", money)

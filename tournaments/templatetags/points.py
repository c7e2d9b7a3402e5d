"""Points in templates exactly as the standings tables, the CSV and the PDF print them:
`{% load points %}{{ line.total|points }}`, and the sit-out mark's legend."""

from django import template

from tournaments.standings import fmt, sit_out_legend

register = template.Library()

register.filter("points", fmt)
register.filter("sit_out_legend", sit_out_legend)

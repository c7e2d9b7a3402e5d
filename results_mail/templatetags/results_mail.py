"""The results-by-mail parts other apps' pages show, so they need not import results_mail:
`{% results_mail_form player %}` on the player's public page, `{% results_mail_link club
player %}` on the director's player page."""

from django import template
from django.conf import settings

from results_mail.forms import AskForm
from results_mail.models import ResultsWish

register = template.Library()


@register.inclusion_tag("results_mail/_form.html", takes_context=True)
def results_mail_form(context, player):
    return {
        "shown": settings.RESULTS_BY_MAIL,
        "player": player,
        "form": AskForm(),
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("results_mail/_link.html")
def results_mail_link(club, player):
    if not settings.RESULTS_BY_MAIL:  # no mail goes from here (a hall laptop)
        return {"shown": False}
    wish = ResultsWish.objects.filter(player=player, confirmed_at__isnull=False).first()
    return {"club": club, "player": player, "wish": wish, "shown": settings.RESULTS_BY_MAIL}

"""Links to the staff pages from pages others own: the sign-up where a mail can confirm it, and
the Directors page for those who manage the club's staff."""

from django import template
from django.template.loader import render_to_string

from clubs.roles import Right, may, role_of
from directors.services import mail_works

register = template.Library()


@register.simple_tag(takes_context=True)
def join_link(context, words: str = "New here? Set up your club") -> str:
    """The sign-up link, only where the sign-up works (a hall laptop mails nothing)."""
    if not mail_works() or context.get("user", None) and context["user"].is_authenticated:
        return ""
    return render_to_string("directors/_join_link.html", {"words": words})


@register.simple_tag(takes_context=True)
def staff_card(context, club) -> str:
    """The club page's card to the Directors page, for the club's directors only."""
    if not may(role_of(context["user"], club), Right.MANAGE_DIRECTORS):
        return ""
    return render_to_string("directors/_staff_card.html", {"club": club})

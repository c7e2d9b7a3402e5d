"""The players' pages of event formats that sit above tournaments (brackets/).

The players' event page and the projector hand a bracket event to the bracket's own views,
registered here by the brackets app when it starts, so tournaments never imports it. Each
takes (request, event), the event already checked as public.
"""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from .models import Event

Page = Callable[[HttpRequest, Event], HttpResponse]

EVENT_PAGES: dict[str, Page] = {}
PROJECTORS: dict[str, Page] = {}

"""An event's public page by its stable id: `/c/e/<uid>/` answers with a redirect to the
players' page of the event with that uid (`/c/<club>/events/<pk>/`).

The results text a hall laptop writes for the paper (publishing/results_text.py) gives the
club's server's address of the night, and the laptop cannot know the page number the server
gave its copy: the uid is the same on both (publishing/snapshot/), so this address leads
to the server's copy once it is published. A club that keeps its results private, and an
unknown uid, are the same 404 as on the players' pages, so nobody learns which clubs or
nights exist."""

from uuid import UUID

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import path, reverse

from tournaments.models import Event

app_name = "published"


def event_by_uid(request: HttpRequest, uid: UUID) -> HttpResponse:
    events = Event.objects.select_related("club").filter(club__results_public=True)
    event = get_object_or_404(events, uid=uid)
    return redirect("public:event", event.club.slug, event.pk)


def event_path(event: Event) -> str:
    """The address's path for `event`, to put after a server's address."""
    return reverse("published:event", args=[event.uid])


urlpatterns = [path("<uuid:uid>/", event_by_uid, name="event")]

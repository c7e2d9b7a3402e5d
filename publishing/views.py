"""The publishing pages, for the club's directors (publishing/access.py):

- on the club's server, the keys (`keys_page`, `revoke`): one for each laptop, shown once;
- on the hall's laptop, the link (`link_page`, `unlink`): the server's address and a key,
  tried (hello) before anything is saved."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from publishing import keys, queue, sender
from publishing.access import club_for_director
from publishing.forms import KeyForm, LinkForm
from publishing.models import Link, Pending

_NEW_KEY = "publishing-new-key"


@login_required
def keys_page(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_for_director(request, slug)
    form = KeyForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        key, text = keys.make_key(club, form.cleaned_data["laptop_name"].strip(), request.user)
        # Post/redirect/get: a reload of the page that shows the key makes no other key. The
        # text waits in the session for that one showing; the server keeps the secret to check
        # signatures, but no page shows it again.
        request.session[_NEW_KEY] = {"club": club.pk, "key": key.pk, "text": text}
        return redirect("publishing:keys", club.slug)
    made = None
    waiting = request.session.get(_NEW_KEY)
    if request.method == "GET" and waiting and waiting.get("club") == club.pk:
        del request.session[_NEW_KEY]
        key = club.publishing_keys.filter(pk=waiting.get("key")).first()
        if key is not None:
            made = {"key": key, "text": waiting.get("text", "")}
    return render(
        request,
        "publishing/keys.html",
        {
            "club": club,
            "form": form,
            "made": made,
            "keys": club.publishing_keys.order_by("revoked_at", "-created"),
        },
    )


@login_required
@require_POST
def revoke(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = club_for_director(request, slug)
    key = get_object_or_404(club.publishing_keys, pk=pk)
    if request.POST.get("understood") != "yes":
        messages.error(
            request,
            f'Tick "the laptop stops publishing" to revoke the key of "{key.laptop_name}".',
        )
    elif key.revoked_at is None:
        key.revoked_at = timezone.now()
        key.save(update_fields=["revoked_at"])
        messages.success(
            request,
            f'The key of "{key.laptop_name}" is revoked: that laptop can no longer publish. '
            "The nights it published stay.",
        )
    return redirect("publishing:keys", club.slug)


@login_required
def link_page(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_for_director(request, slug)
    link = Link.objects.filter(club=club).first()
    form = LinkForm(request.POST or None, initial={"server_url": link.server_url if link else ""})
    problem = None
    if request.method == "POST" and form.is_valid():
        server_url, key_text = form.cleaned_data["server_url"], form.cleaned_data["key"]
        try:
            answer = sender.hello(server_url, key_text, club)
            server_club = str(answer.get("club", ""))
            if not answer.get("bound"):
                problem = (
                    f'This key is for the club "{server_club}" on the server, and this club '
                    f'is "{club.name}": a club publishes with its own key. Make a key in the '
                    f'settings of "{club.name}" on the server (or give the two clubs the same '
                    "name, if they are one club), and try again."
                )
        except sender.SendFailed as failure:
            problem = _plain(failure, server_url)
        if problem is None:
            with transaction.atomic():
                Link.objects.update_or_create(
                    club=club,
                    defaults={
                        "server_url": server_url,
                        "key": key_text,
                        "server_club_name": server_club,
                        "last_error": "",
                        "failures": 0,
                        "failing_since": None,
                        "next_try_at": None,
                    },
                )
                queue.queue_everything(club)
            messages.success(
                request,
                f'Linked to "{server_club}" on {server_url}. The club and all its events are on '
                "their way; from now on each change follows by itself.",
            )
            return redirect("publishing:link", club.slug)
    return render(
        request,
        "publishing/link.html",
        {
            "club": club,
            "link": link,
            "form": form,
            "problem": problem,
            "waiting": Pending.objects.filter(club=club).count() if link else 0,
        },
    )


def _plain(failure: sender.SendFailed, server_url: str) -> str:
    if failure.what == sender.NO_SERVER:
        return f"There is no club's server at {server_url}: {failure.why}."
    if failure.what == sender.UNREACHABLE:
        return (
            f"The server at {server_url} could not be reached ({failure.why}). Check the "
            "address, and that this laptop is on the internet, then try again."
        )
    return f"The server at {server_url} refused the key: {failure.why}"


@login_required
@require_POST
def unlink(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_for_director(request, slug)
    with transaction.atomic():
        deleted, _ = Link.objects.filter(club=club).delete()
        Pending.objects.filter(club=club).delete()
    if deleted:
        messages.success(
            request,
            "The laptop no longer publishes this club. What the server has stays there; revoke "
            "the key on the server if this laptop should never publish again.",
        )
    return redirect("publishing:link", club.slug)


@login_required
@require_POST
def send_now(request: HttpRequest, slug: str) -> HttpResponse:
    """ "Send now": what waits goes at once, not at the next try (up to 15 minutes after a
    failure), for a director who sees the server is back; said in words on the page it came
    from."""
    club = club_for_director(request, slug)
    report = sender.send_pending(club, force=True)
    if not report.clubs:
        messages.error(request, "This club is not linked to a server: link it below first.")
    for sent in report.clubs:
        if sent.error:
            messages.error(
                request,
                f"Nothing more could be sent: {sent.error}. What waits stays on this laptop.",
            )
        else:
            messages.success(request, sent.sentence())
    back = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return redirect(back)
    return redirect("publishing:link", club.slug)

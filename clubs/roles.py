"""Who may do what in a club: the one table of the roles' rights (README, "Directors and
assistants"), and the one check every view makes through its app's access helper.

A club's staff are its `ClubDirector` rows. A director may do everything; an assistant director
runs a night (check-in, the sign-up list, seating, rounds, hands and corrections with a reason,
the door, brackets, printouts) but cannot change the club's settings, reissue the table cards,
delete or retire anything, or manage the club's directors."""

from django.core.exceptions import PermissionDenied


class Right:
    RUN_NIGHTS = "run nights"
    SEE_CONTACTS = "see players' contact details"
    CHANGE_SETTINGS = "change the club's settings"
    REISSUE_CARDS = "reissue the table cards"
    DELETE = "delete or retire"
    MANAGE_DIRECTORS = "manage the club's directors"


# The table: role -> its rights. The README's table is this one, in words; a test checks they
# agree.
RIGHTS: dict[str, frozenset[str]] = {
    "director": frozenset(
        {
            Right.RUN_NIGHTS,
            Right.SEE_CONTACTS,
            Right.CHANGE_SETTINGS,
            Right.REISSUE_CARDS,
            Right.DELETE,
            Right.MANAGE_DIRECTORS,
        }
    ),
    "assistant": frozenset({Right.RUN_NIGHTS}),
}

# What a refused assistant reads, for each right it lacks.
REFUSALS = {
    Right.SEE_CONTACTS: "Only the club's directors see players' email addresses and phone numbers.",
    Right.CHANGE_SETTINGS: "Only the club's directors change its settings.",
    Right.REISSUE_CARDS: "Only the club's directors reissue the table cards.",
    Right.DELETE: "Only the club's directors delete or retire anything.",
    Right.MANAGE_DIRECTORS: "Only the club's directors invite or remove directors and assistants.",
}


def may(role: str | None, right: str) -> bool:
    return right in RIGHTS.get(role or "", frozenset())


def roles_with(right: str) -> list[str]:
    return sorted(role for role, rights in RIGHTS.items() if right in rights)


def role_of(user, club) -> str | None:
    """The user's role in the club, or None. One query, not cached: a role taken away applies
    at the next request."""
    if not getattr(user, "is_authenticated", False):
        return None
    return club.directors.filter(user=user).values_list("role", flat=True).first()


def refusal(right: str) -> str:
    """What a member of the club's staff whose role lacks `right` reads (templates/403.html)."""
    return (
        REFUSALS.get(right, "You do not direct this club.")
        + " Ask one of its directors to do it, or to make you a director."
    )


def require(user, club, right: str) -> str:
    """The user's role, when it has the right; else PermissionDenied, in words (403.html)."""
    role = role_of(user, club)
    if may(role, right):
        return role
    raise PermissionDenied(refusal(right))


def staff_role(user, club_path: str = "pk"):
    """The user's role in the club at `club_path` of the rows queried, as an annotation
    (`.annotate(staff_role=staff_role(user, "event__club"))`): the access helpers learn the
    role in the query that finds the object, with no query of its own."""
    from django.db.models import CharField, OuterRef, Subquery, Value

    from .models import ClubDirector

    if not getattr(user, "is_authenticated", False):
        return Value(None, output_field=CharField())
    return Subquery(
        ClubDirector.objects.filter(club=OuterRef(club_path), user=user).values("role")[:1]
    )


def allow(request, role: str | None, right: str) -> str:
    """For an access helper, once it found the club's object among those the user's club
    staffs (anything else was a 404): the role when it has the right, else PermissionDenied in
    words. The role is kept on the request for the page's links (`may` in the templates)."""
    if not may(role, right):
        raise PermissionDenied(refusal(right))
    request.club_role = role
    return role


def club_for(request, slug: str, right: str = Right.RUN_NIGHTS):
    """The club at `slug` for an app's access helper: a 404 unless the user is on its staff
    (so no other club's name leaks), a 403 in words unless their role has the `right`; the
    role is found in the club's own query."""
    from django.shortcuts import get_object_or_404

    from .models import Club

    clubs = Club.objects.directed_by(request.user).annotate(staff_role=staff_role(request.user))
    club = get_object_or_404(clubs, slug=slug)
    allow(request, club.staff_role, right)
    return club


class May:
    """What the user's role may do, for a template: `{% if may.change_settings %}`. The names
    are `Right`'s, in lower case; a page no access helper opened (no club) may nothing."""

    def __init__(self, role: str | None):
        self.role = role

    def __getattr__(self, name: str) -> bool:
        right = getattr(Right, name.upper(), None)
        if right is None or name.startswith("_"):
            raise AttributeError(name)
        return may(self.role, right)


def context(request) -> dict:
    """The context processor: `may`, from the role the page's access helper found."""
    return {"may": May(getattr(request, "club_role", None))}

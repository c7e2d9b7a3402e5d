"""The roles' rights (clubs/roles.py) hold on every page: every address of the app, taken from
the URL resolver, is either a players' page (no login) or a director's page listed here with
the right its GET and its POST need. Each director's page is asked for and posted to by the
club's director (never refused), its assistant director (refused, a 403 in words, exactly
where the assistant's role lacks the right), another club's director (a 404: nothing of the
club shows) and someone not logged in (sent to log in). A page added later and not listed
here fails the first test; one listed without its check fails the matrix.

Then the README's table of the roles, read back and compared with `RIGHTS`, and an assistant
running a round from seating to closing."""

import html
import re
from pathlib import Path

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from every_page import build_world

from clubs.models import ClubDirector, Player
from clubs.roles import RIGHTS, Right, may, refusal
from publishing.keys import make_key
from signup.models import SignUp
from tests.test_brackets_night import make_bracket
from tournaments import services
from tournaments.models import Hand, Round

NIGHTS = Right.RUN_NIGHTS
SETTINGS = Right.CHANGE_SETTINGS
# A view that takes only posts: a GET is 405 for everyone logged in.
POST_ONLY = None

# Every director's page: (the right its GET needs, the right its POST needs).
DIRECTOR_PAGES = {
    "directors:staff": (Right.MANAGE_DIRECTORS, Right.MANAGE_DIRECTORS),
    "clubs:club-detail": (NIGHTS, NIGHTS),
    "clubs:club-settings": (SETTINGS, SETTINGS),
    "clubs:player-add": (POST_ONLY, NIGHTS),
    "clubs:player-import": (POST_ONLY, NIGHTS),
    "clubs:player-shown": (POST_ONLY, NIGHTS),
    "clubs:player-detail": (NIGHTS, NIGHTS),
    "clubs:player-rename": (POST_ONLY, NIGHTS),
    "clubs:player-retire": (POST_ONLY, Right.DELETE),
    "clubs:player-merge": (Right.DELETE, Right.DELETE),
    "publishing:link": (SETTINGS, SETTINGS),
    "publishing:unlink": (POST_ONLY, SETTINGS),
    "publishing:send-now": (POST_ONLY, SETTINGS),
    "publishing:keys": (SETTINGS, SETTINGS),
    "publishing:revoke": (POST_ONLY, SETTINGS),
    "seasons:standings": (NIGHTS, NIGHTS),
    "seasons:pdf": (NIGHTS, NIGHTS),
    "seasons:settings": (SETTINGS, SETTINGS),
    "brackets:bracket": (NIGHTS, NIGHTS),
    "brackets:settings": (POST_ONLY, NIGHTS),
    "brackets:seed": (POST_ONLY, NIGHTS),
    "brackets:match-call": (POST_ONLY, NIGHTS),
    # A reset clears a match's hands: deleting. A withdrawal keeps every result.
    "brackets:match-reset": (POST_ONLY, Right.DELETE),
    "brackets:team-withdraw": (POST_ONLY, NIGHTS),
    "brackets:sheet": (NIGHTS, NIGHTS),
    "brackets:score-sheets": (NIGHTS, NIGHTS),
    "money:night": (NIGHTS, NIGHTS),
    "money:night-settings": (NIGHTS, NIGHTS),
    "money:door": (NIGHTS, NIGHTS),
    "money:door-player": (NIGHTS, NIGHTS),
    "money:walk-in": (NIGHTS, NIGHTS),
    "money:draws": (NIGHTS, NIGHTS),
    "money:mark-paid": (NIGHTS, NIGHTS),
    "money:fines-settled": (NIGHTS, NIGHTS),
    "money:sheet": (NIGHTS, NIGHTS),
    "money:sheet-pdf": (NIGHTS, NIGHTS),
    "money:sheet-csv": (NIGHTS, NIGHTS),
    # The nights' sheets over time are read by the staff; the currency is the club's setting.
    "money:club": (NIGHTS, SETTINGS),
    "money:club-csv": (NIGHTS, NIGHTS),
    "tournaments:event-create": (NIGHTS, NIGHTS),
    "tournaments:event-detail": (NIGHTS, NIGHTS),
    "tournaments:event-edit": (NIGHTS, NIGHTS),
    "tournaments:entries-add": (POST_ONLY, NIGHTS),
    "tournaments:entries-check-in": (POST_ONLY, NIGHTS),
    "tournaments:entry-stays": (POST_ONLY, NIGHTS),
    "tournaments:partnership-add": (POST_ONLY, NIGHTS),
    "tournaments:round-preview": (NIGHTS, NIGHTS),
    "tournaments:round-seat": (POST_ONLY, NIGHTS),
    "tournaments:round-detail": (NIGHTS, NIGHTS),
    "tournaments:round-close": (POST_ONLY, NIGHTS),
    "tournaments:round-call-time": (POST_ONLY, NIGHTS),
    "tournaments:table-detail": (NIGHTS, NIGHTS),
    "tournaments:table-history": (NIGHTS, NIGHTS),
    "tournaments:hand-add": (POST_ONLY, NIGHTS),
    "tournaments:hand-correct": (NIGHTS, NIGHTS),
    "tournaments:cards-reissue": (POST_ONLY, Right.REISSUE_CARDS),
    "tournaments:standings": (NIGHTS, NIGHTS),
    "tournaments:standings-projector": (NIGHTS, NIGHTS),
    "tournaments:standings-csv": (NIGHTS, NIGHTS),
    "tournaments:player-night": (NIGHTS, NIGHTS),
    "tournaments:printout-sheets": (NIGHTS, NIGHTS),
    "tournaments:printout-tally": (NIGHTS, NIGHTS),
    "tournaments:printout-table-cards": (NIGHTS, NIGHTS),
    "tournaments:printout-standings": (NIGHTS, NIGHTS),
    "signup:list": (NIGHTS, NIGHTS),
    # The list's posts: a GET (the address left in the bar after a refusal) goes back to the list.
    "signup:list-settings": (NIGHTS, NIGHTS),
    "signup:list-add": (NIGHTS, NIGHTS),
    "signup:list-hold": (NIGHTS, NIGHTS),
    "signup:list-move": (NIGHTS, NIGHTS),
    "signup:list-remove": (NIGHTS, NIGHTS),
    "signup:list-paid": (NIGHTS, NIGHTS),
    "signup:list-pair": (NIGHTS, NIGHTS),
    "signup:check-in": (NIGHTS, NIGHTS),
    "signup:check-in-tap": (POST_ONLY, NIGHTS),
    "signup:check-in-rest": (POST_ONLY, NIGHTS),
    "signup:check-in-fetch": (POST_ONLY, NIGHTS),
    "signup:check-in-walk-in": (POST_ONLY, NIGHTS),
    "signup:check-in-walk-in-undo": (POST_ONLY, NIGHTS),
    # A player's address for results by mail: a contact detail.
    "results_mail:director": (Right.SEE_CONTACTS, Right.SEE_CONTACTS),
}

# Pages anyone opens with no login: the players', the captains', the laptop's requests.
PUBLIC = {
    # A director's own sign-up and the mails' links: no login, the token is the key.
    "directors:join",
    "directors:join-confirm",
    "directors:invite",
    "health",
    "favicon",
    "login",
    "logout",
    "password_reset",
    "password_reset_done",
    "password_reset_confirm",
    "password_reset_complete",
    "publishing:hello",
    "publishing:apply",
    "signup:sync-signups",
    "public:club",
    "public:event",
    "public:player",
    "public:projector",
    "published:event",
    "seasons:season",
    "players:player",
    "tournaments:home",
    "tournaments:rules",
    "results_mail:ask",
    "results_mail:confirm",
    "results_mail:unsubscribe",
    "signup:form",
    "signup:mine",
    "signup:mine-cancel",
    "signup:event-ics",
    "signup:club-ics",
    *(
        f"tournaments:captain-{page}"
        for page in ("code", "table", "hand", "send", "state", "fix", "delete", "confirm")
    ),
}

# A logged-in person's own pages, of no club: their password, a new club of their own.
ANY_ACCOUNT = {"password_change", "password_change_done", "clubs:club-create"}


def every_url() -> dict[str, str]:
    """Every named address of the app (the admin's aside: the site's administrator's, not a
    club's), by name, with its route."""

    def walk(patterns, prefix, namespaces):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                spaces = [*namespaces, pattern.namespace] if pattern.namespace else namespaces
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern), spaces)
            elif isinstance(pattern, URLPattern):
                yield (
                    ":".join([*namespaces, pattern.name or "(no name)"]),
                    prefix + str(pattern.pattern),
                )

    return {
        name: route
        for name, route in walk(get_resolver().url_patterns, "", [])
        if not name.startswith("admin:")
    }


def test_every_address_is_a_players_page_or_a_directors_page_with_its_rights():
    urls = every_url()
    unlisted = sorted(set(urls) - set(DIRECTOR_PAGES) - PUBLIC - ANY_ACCOUNT)
    assert not unlisted, (
        f"Say in tests/test_roles.py which right each of these needs (DIRECTOR_PAGES), or "
        f"that it is a players' page (PUBLIC): {unlisted}"
    )
    assert not (set(DIRECTOR_PAGES) | PUBLIC | ANY_ACCOUNT) - set(urls)


# --- The world every director's page is asked for in ------------------------------------------


@pytest.fixture
def assistant(db, club, django_user_model):
    user = django_user_model.objects.create_user("asa", password="asa-pass-123")
    ClubDirector.objects.create(club=club, user=user, role=ClubDirector.Role.ASSISTANT)
    return user


@pytest.fixture
def world(club, players, director, settings):
    # The club's server, which mails results: the director's results-by-mail page exists.
    settings.RESULTS_BY_MAIL = True
    built = build_world(club, players)
    bracket = make_bracket(club, 4)
    key, _ = make_key(club, "Hall laptop", director)
    other = Player.objects.create(club=club, name="Molly Brown")
    signup = SignUp.objects.create(event=built.in_play, name="Ada Lovett", email="ada@example.org")
    return {"world": built, "bracket": bracket, "key": key, "other": other, "signup": signup}


def address(name: str, route: str, world: dict) -> str:
    """The page's address in the world, each argument from its route: `pk` is the object the
    route names before it."""
    w = world["world"]
    kwargs = {}
    for arg in re.findall(r"<(?:\w+:)?(\w+)>", route):
        if arg == "slug":
            kwargs[arg] = w.club.slug
        elif arg == "player_pk":
            kwargs[arg] = w.player.pk
        elif arg == "other_pk":
            kwargs[arg] = world["other"].pk
        elif arg == "signup_pk":
            kwargs[arg] = world["signup"].pk
        elif arg == "code":
            kwargs[arg] = "W1-1"
        elif arg == "pk" and "/bracket/" in route:
            kwargs[arg] = world["bracket"].event_id
        elif arg == "pk" and "/money/sheet" in route:
            kwargs[arg] = w.finished.pk  # a sheet is ready once the night is over
        elif arg == "pk" and route.startswith("events/"):
            kwargs[arg] = w.in_play.pk
        elif arg == "pk" and route.startswith("rounds/"):
            kwargs[arg] = w.round_in_play.pk
        elif arg == "pk" and route.startswith("tables/"):
            kwargs[arg] = w.table.pk
        elif arg == "pk" and route.startswith("hands/"):
            kwargs[arg] = w.hand.pk
        elif arg == "pk" and "/players/<int:pk>/" in route:
            kwargs[arg] = w.player.pk
        elif arg == "pk" and "/keys/<int:pk>/" in route:
            kwargs[arg] = world["key"].pk
        else:
            pytest.fail(f"tests/test_roles.py `address`: say what {arg!r} of {route} is")
    return reverse(name, kwargs=kwargs)


def words(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", response.content.decode()))


def refused_in_words(response, right: str) -> bool:
    return response.status_code == 403 and refusal(right) in words(response)


@pytest.mark.parametrize("name", sorted(DIRECTOR_PAGES))
def test_each_role_is_refused_exactly_what_its_rights_do_not_allow(
    client, world, assistant, other_director, director, name
):
    url = address(name, every_url()[name], world)
    rights = dict(zip(("get", "post"), DIRECTOR_PAGES[name], strict=True))

    for method in ("get", "post"):
        response = getattr(client, method)(url)
        assert response.status_code == 302, (method, url)
        assert response["Location"] == f"{reverse('login')}?next={url}"

    client.force_login(other_director)
    for method, right in rights.items():
        response = getattr(client, method)(url, {})
        assert response.status_code == (405 if right is POST_ONLY else 404), (method, url)
        assert "Maple Hall" not in words(response)

    # The assistant first: a post it may make changes the night as a director's would, and
    # the director's own after it is still never refused.
    for user in (assistant, director):
        client.force_login(user)
        role = ClubDirector.objects.get(user=user).role
        for method, right in rights.items():
            response = getattr(client, method)(url, {})
            if right is POST_ONLY:
                assert response.status_code == 405, (role, method, url)
            elif may(role, right):
                assert response.status_code not in (403, 404), (role, method, url)
                assert response.status_code < 500
            else:
                assert refused_in_words(response, right), (role, method, url, words(response))


# --- What an assistant sees and does -------------------------------------------------------


@pytest.fixture
def assistant_client(client, assistant):
    client.force_login(assistant)
    return client


def test_the_assistant_is_not_offered_what_its_role_cannot_do(client, world, assistant, director):
    w = world["world"]
    w.player.email, w.player.phone = "ann@example.com", "555-0134"
    w.player.save()
    club_url = reverse("clubs:club-detail", args=[w.club.slug])
    player_url = reverse("clubs:player-detail", args=[w.club.slug, w.player.pk])
    season_url = reverse("seasons:standings", args=[w.club.slug])
    money_url = reverse("money:club", args=[w.club.slug])
    hidden = {
        club_url: [
            reverse("clubs:club-settings", args=[w.club.slug]),
            reverse("tournaments:cards-reissue", args=[w.club.slug]),
            "ann@example.com",
            "555-0134",
        ],
        player_url: [
            reverse("clubs:player-retire", args=[w.club.slug, w.player.pk]),
            'id="merge"',
            "ann@example.com",
            "555-0134",
        ],
        season_url: [reverse("seasons:settings", args=[w.club.slug])],
        money_url: ['id="currency"'],
    }
    bracket_url = reverse("brackets:bracket", args=[world["bracket"].event_id])
    hidden[bracket_url] = [
        'id="reset"',
        reverse("brackets:match-reset", args=[world["bracket"].event_id]),
    ]
    # The club has table cards, so the reissue form is there for a director to see; a match
    # called, so the bracket's reset is.
    client.force_login(director)
    client.get(reverse("tournaments:printout-table-cards", args=[w.club.slug]))
    call = reverse("brackets:match-call", args=[world["bracket"].event_id, "W1-1"])
    assert client.post(call, {"table": "20"}).status_code == 302
    for url, parts in hidden.items():
        page = words(client.get(url))
        for part in parts:
            assert part in page, (url, part)
    client.force_login(assistant)
    for url, parts in hidden.items():
        page = words(client.get(url))
        for part in parts:
            assert part not in page, (url, part)
    # What the assistant does use is there.
    page = words(client.get(club_url))
    assert reverse("tournaments:event-create", args=[w.club.slug]) in page
    assert reverse("clubs:player-add", args=[w.club.slug]) in page


def offered(page: str, here: str) -> list[tuple[str, str]]:
    """Every link and form of a page: (method, address), a form's own address if it has none."""
    found = [("get", html.unescape(h)) for h in re.findall(r'<a\b[^>]*\bhref="([^"#]+)', page)]
    for form in re.findall(r"<form\b[^>]*>", page):
        method = re.search(r'\bmethod="(\w+)"', form)
        action = re.search(r'\baction="([^"]*)"', form)
        address = html.unescape(action.group(1)) if action and action.group(1) else here
        found.append(((method.group(1) if method else "get").lower(), address))
    return found


def test_every_link_and_form_an_assistants_pages_offer_is_one_it_may_use(assistant_client, world):
    """Every director's page an assistant reaches from the club's page: nothing on them leads
    to a refusal."""
    from urllib.parse import urlsplit

    from django.urls import Resolver404, resolve

    w = world["world"]
    # The club's page and each of its nights (a bracket, one in play, one over, one to come),
    # then one of every other kind of page their links lead to.
    to_visit = [reverse("clubs:club-detail", args=[w.club.slug])]
    to_visit += [reverse("tournaments:event-detail", args=[e.pk]) for e in w.club.events.all()]
    seen_names, checked = set(), 0
    while to_visit:
        url = to_visit.pop(0)
        response = assistant_client.get(url)
        assert response.status_code == 200, url
        if not response["Content-Type"].startswith("text/html"):
            continue
        for method, address in offered(response.content.decode(), url):
            path = urlsplit(address).path
            if not path.startswith("/"):
                continue
            try:
                name = resolve(path).view_name
            except Resolver404:
                continue
            if name not in DIRECTOR_PAGES:
                continue
            right = DIRECTOR_PAGES[name][0 if method == "get" else 1]
            assert right is not POST_ONLY and may("assistant", right), (url, method, address)
            checked += 1
            if method == "get" and name not in seen_names:
                seen_names.add(name)
                to_visit.append(address)
    # The walk reached the night's pages, not the club's page alone.
    assert {"tournaments:event-detail", "tournaments:round-detail", "money:night"} <= seen_names
    assert checked > 50, checked


def test_an_assistant_runs_a_round_from_seating_to_closing_but_not_the_clubs_settings(
    assistant_client, club, event, players
):
    services.entries_add(event=event, players=players[:8])
    seat = assistant_client.post(reverse("tournaments:round-seat", args=[event.pk]))
    assert seat.status_code == 302
    round_ = Round.objects.get(event=event)
    for table in round_.tables.order_by("number"):
        for number in range(1, event.hands_per_round + 1):
            response = assistant_client.post(
                reverse("tournaments:hand-add", args=[table.pk]),
                {"number": str(number), "maker": "N", "tricks": "3"},
            )
            assert response.status_code == 302, words(response)
    hand = Hand.objects.filter(table__round=round_).first()
    response = assistant_client.post(
        reverse("tournaments:hand-correct", args=[hand.pk]),
        {"maker": "E", "tricks": "5", "reason": "East-West took all five, the captain says"},
    )
    assert response.status_code == 302, words(response)
    hand.refresh_from_db()
    assert hand.maker == "E"
    # No captain confirmed (the hands came from the director's table pages): said and ticked.
    response = assistant_client.post(
        reverse("tournaments:round-close", args=[round_.pk]), {"unconfirmed": "1,2"}
    )
    assert response.status_code == 302, words(response)
    round_.refresh_from_db()
    assert round_.status == Round.Status.CLOSED

    settings_url = reverse("clubs:club-settings", args=[club.slug])
    for response in (
        assistant_client.get(settings_url),
        assistant_client.post(settings_url, {"name": "Taken over", "rules_preset": "hoyle-2001"}),
    ):
        assert refused_in_words(response, Right.CHANGE_SETTINGS)
        assert "Only the club's directors change its settings." in words(response)
    club.refresh_from_db()
    assert club.name == "Maple Hall Euchre Club"


def test_a_role_is_the_users_in_each_club_apart(client, club, other_club, assistant):
    """An assistant at Maple Hall who directs Riverside: its own club's settings are its to
    change, Maple Hall's are not."""
    ClubDirector.objects.create(club=other_club, user=assistant)
    client.force_login(assistant)
    ours = client.get(reverse("clubs:club-settings", args=[club.slug]))
    assert refused_in_words(ours, Right.CHANGE_SETTINGS)
    assert client.get(reverse("clubs:club-settings", args=[other_club.slug])).status_code == 200
    page = words(client.get(reverse("clubs:club-detail", args=[other_club.slug])))
    assert reverse("clubs:club-settings", args=[other_club.slug]) in page


# --- The README's table is RIGHTS --------------------------------------------------------------


def readme_table() -> dict[str, frozenset[str]]:
    """The table under "Directors and assistants": a row for each right, a column for each
    role, "yes" where the role has it."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    section = readme.split("## Directors and assistants", 1)[1].split("\n## ", 1)[0]
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in section.splitlines()
        if line.startswith("|")
    ]
    header, _rule, *body = rows
    roles = [role.lower() for role in header[1:]]
    table: dict[str, set[str]] = {role: set() for role in roles}
    for right, *cells in body:
        right = right.lower()
        for role, cell in zip(roles, cells, strict=True):
            assert cell in ("yes", "no"), f"README: {right!r} for {role}: {cell!r}"
            if cell == "yes":
                table[role].add(right)
    return {role: frozenset(rights) for role, rights in table.items()}


def test_the_readme_table_of_the_roles_is_the_codes():
    assert readme_table() == RIGHTS

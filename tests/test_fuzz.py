"""Issue 12's "done when": every URL pattern, as each of four personas (anonymous, a table
captain, the club's director, another club's director), fed hypothesis-generated junk in every
path argument, query parameter and form field: huge and negative numbers, non-ASCII digits,
NUL bytes, 100 KB strings, missing and duplicated fields. No answer is a 500, and no persona
ever sees or changes what is not theirs.

The patterns come from the resolver, so a new page is fuzzed without anyone listing it, and a
path converter with no strategy here fails the run instead of going unfuzzed. The world is
built once per module inside a transaction; each example runs in a savepoint that is rolled
back, and each request in a savepoint of its own (PostgreSQL refuses every query after an
error until the savepoint is rolled back).

Each example posts, then gets the same address, then gets another page of the same club (to
render whatever the post stored); half the examples are tame (one club's real ids, codes and
choices, to reach the code behind a valid form), half are wild. The world's players carry
awkward names (right-to-left, an override character, an emoji, markup, a formula, 108
letters), so every page, CSV and PDF renders them.

Runs on SQLite and PostgreSQL like every test. FUZZ_EXAMPLES (default 8; the admin's
patterns get an eighth) is the number of examples per persona and pattern; each test has a
fixed seed (hypothesis' database is off), so a run is repeatable, and FUZZ_SEED (default 0)
shifts every seed: a long run by hand, e.g. `FUZZ_EXAMPLES=100 FUZZ_SEED=7 .venv/bin/python
-m pytest tests/test_fuzz.py -k "not admin"`, explores further.
"""

import datetime
import io
import os
import re
import sys
import traceback
import zlib
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, unquote, urlencode

import pytest
from django.apps import apps
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import (
    AuthenticationForm,
    PasswordChangeForm,
    PasswordResetForm,
    SetPasswordForm,
)
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.db.models import F
from django.forms import (
    BaseForm,
    BooleanField,
    ChoiceField,
    DateField,
    EmailField,
    FileField,
    IntegerField,
    ModelChoiceField,
    ModelMultipleChoiceField,
)
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, path, register_converter, resolve
from django.urls.converters import (
    IntConverter,
    PathConverter,
    SlugConverter,
    StringConverter,
    UUIDConverter,
)
from django.urls.resolvers import RegexPattern, RoutePattern
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from hypothesis import HealthCheck, find, given, seed, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from brackets import services as bracket_services
from brackets.forms import BracketSettingsForm, CallForm, DrawForm, ResetForm, WithdrawForm
from brackets.models import Bracket, Game, Match
from brackets.models import Team as BracketTeam
from clubs.forms import ClubCreateForm, ClubSettingsForm, PlayerForm, RosterImportForm
from clubs.models import Club, ClubDirector, MergedPlayer, Player
from ratings.models import CountedRound, NightRating, PlayerRating
from seasons.forms import SeasonDatesForm, SeasonRulesForm
from seasons.models import NightLine, SeasonRules
from tournaments import services
from tournaments.captain.forms import CaptainFixForm, CaptainHandForm, LastHandForm, TableCodeForm
from tournaments.forms import (
    CheckInForm,
    EntriesAddForm,
    EventForm,
    HandCorrectForm,
    HandEntryForm,
    PartnershipForm,
    RoundCloseForm,
    StaysForm,
)
from tournaments.inputs import MAX_ID
from tournaments.models import (
    CodeGuessCount,
    Entry,
    Event,
    Hand,
    Partnership,
    Round,
    Seat,
    Table,
    TableCard,
    TallyPrint,
)

# Each test also runs in a savepoint of its own (pytest-django), inside the module's world.
pytestmark = pytest.mark.django_db

EXAMPLES = int(os.getenv("FUZZ_EXAMPLES", "8"))
SEED = int(os.getenv("FUZZ_SEED", "0"))

# Every name of ours carries OURS, every private detail of ours (emails, a player on the roster
# only, the director's reasons) OURS_PRIVATE, and everything of the rival club, whose results
# are private, RIVAL. Junk never contains them, so a marker in an answer was read from the
# database. Compared in lower case.
OURS, OURS_PRIVATE, RIVAL = "mapleqx", "maplepriv", "riverqz"
# In the name of a player who asked not to be shown: no public page may show it, to anyone.
HIDDEN = "hidepq"

ANONYMOUS, CAPTAIN, DIRECTOR, RIVAL_DIRECTOR = "anonymous", "captain", "director", "rival director"
PERSONAS = [ANONYMOUS, CAPTAIN, DIRECTOR, RIVAL_DIRECTOR]

# Names as rosters hold them, awkward ones included, so that every page, CSV and PDF renders
# them in every example: right-to-left scripts and an override, an emoji and a combining
# accent, markup, a spreadsheet formula, and a name as long as the column allows.
FIRST_NAMES = [
    "Ada",
    "\u202eBen",
    "Zoe\u0308 \U0001f44d",
    "<b>Dale</b> &amp;",
    "=HYPERLINK(1)",
    "אבי",
    "عمر",
    "Ｆｌｏｙｄ",
    "G" * 100,
    "Jack",
]
PASSWORD = "fuzz-pass-123"


# --- The world: our club (results public) and a rival (results private) -----------------------


@dataclass
class ClubNight:
    club: Club
    director: object
    players: list[Player]
    event: Event  # round 1 closed, round 2 in play
    pairs: Event  # a pairs event, partnerships registered, not seated
    tables: list[Table]  # round 2's, in play
    cards: list[TableCard]
    revoked: list[str]  # a reissued card's old token and code: they open nothing now


def _club_night(*, marker: str, private: str, slug: str, public: bool, username: str):
    club = Club.objects.create(
        name=f"{marker} Euchre Club", slug=slug, results_public=public, rules_preset="hoyle-2001"
    )
    director = get_user_model().objects.create_user(username, password=PASSWORD)
    ClubDirector.objects.create(club=club, user=director)
    players = [
        Player.objects.create(club=club, name=f"{first} {marker}", email=f"p{n}@{private}.example")
        for n, first in enumerate(FIRST_NAMES)
    ]
    # Ada asked not to be shown on public pages: they show her initials.
    players[0].name, players[0].shown_publicly = f"Ada {HIDDEN} {marker}", False
    players[0].save()
    # On the roster, in no event: only the club's director ever sees her.
    Player.objects.create(club=club, name=f"Ruby {private}", phone="555-0100")
    event = Event.objects.create(
        club=club,
        name=f"{marker} Tuesday",
        date=datetime.date.today(),
        rounds_planned=3,
        hands_per_round=4,
    )
    services.entries_add(event=event, players=players[:9])

    round_one = services.round_seat(event=event, seed=1)
    first, second = round_one.tables.order_by("number")
    for number in range(1, 5):
        services.hand_record(table=first, number=number, data={"maker": "N", "tricks": 3})
    east = first.seats.get(position="E").player
    seen = services.table_fingerprint(first.hands.order_by("number"))
    services.table_confirm(table=first, player=east, seen=seen)
    for number in range(1, 4):
        services.hand_record(table=second, number=number, data={"maker": "E", "tricks": 5})
    services.hand_correct(
        hand=second.hands.get(number=2),
        data={"tricks": 4},
        reason=f"{private} misdeal",
        user=director,
    )
    services.round_close(round=round_one, reason=f"{private} hall closing")

    round_two = services.round_seat(event=event, seed=2)
    tables = list(round_two.tables.order_by("number"))
    services.hand_record(table=tables[0], number=1, data={"maker": "S", "tricks": 3})
    services.hand_record(table=tables[0], number=2, data={"maker": "W", "tricks": 0})
    # The captain of that table reads this reason on the phone: not private to the director.
    services.hand_correct(
        hand=tables[0].hands.get(number=1),
        data={"tricks": 4},
        reason=f"{marker} tricks miscounted",
        user=director,
    )
    services.hand_record(table=tables[1], number=1, data={"maker": "N", "tricks": 5})

    pairs = Event.objects.create(
        club=club,
        name=f"{marker} Pairs",
        date=datetime.date.today(),
        format=Event.Format.PAIRS,
        rounds_planned=3,
    )
    services.entries_add(event=pairs, players=players[:8])
    for a, b in ((0, 1), (2, 3)):
        services.partnership_register(
            event=pairs, first=players[a], second=players[b], name=f"{marker} Aces {a}"
        )

    # A double elimination of four teams (players of its own: the night's are at their
    # tables), seeded, its first match played and its second called to a table.
    knockout = Event.objects.create(
        club=club, name=f"{marker} Knockout", date=datetime.date.today(), format="bracket"
    )
    entrants = [
        Player.objects.create(club=club, name=f"Kit{n} {marker}", email=f"k{n}@{private}.example")
        for n in range(8)
    ]
    services.entries_add(event=knockout, players=entrants)
    for a in range(0, 8, 2):
        services.partnership_register(
            event=knockout, first=entrants[a], second=entrants[a + 1], name=f"{marker} Team {a}"
        )
    bracket = bracket_services.bracket_for(knockout)
    bracket.kind = "double"
    bracket.save()
    bracket_services.bracket_seed(bracket=bracket, draw_number=7)
    for code in ("W1-1", "W1-2"):
        match = bracket_services.match_call(
            bracket=bracket, code=code, table=bracket_services.lowest_free_table(knockout)
        )
        game = match.games.get().round.tables.get()
        if code == "W1-1":
            for number in range(1, 4):
                services.hand_record(table=game, number=number, data={"maker": "N", "tricks": 5})
            services.table_confirm(
                table=game,
                player=game.seats.get(position="E").player,
                seen=services.table_fingerprint(game.hands.order_by("number")),
            )

    cards = list(TableCard.objects.filter(club=club).order_by("number"))
    revoked = [cards[1].token, cards[1].code]
    cards[1].reissue()
    return ClubNight(club, director, players, event, pairs, tables, cards, revoked)


@dataclass
class World:
    ours: ClubNight
    rival: ClubNight
    baseline: dict = field(default_factory=dict)
    reals: dict = field(default_factory=dict)  # (persona, club id) -> Real, worked out once

    @property
    def captain_table(self) -> Table:
        return self.ours.tables[0]

    @property
    def captain_card(self) -> TableCard:
        return self.ours.cards[0]

    def held(self, persona: str) -> list[str]:
        """The card tokens and codes a persona holds: a table card's link is its key."""
        cards = {
            ANONYMOUS: [],
            CAPTAIN: [self.captain_card],
            DIRECTOR: self.ours.cards,
            RIVAL_DIRECTOR: self.rival.cards,
        }[persona]
        return [secret for card in cards for secret in (card.token, card.code)]

    def secrets(self) -> list[str]:
        return [
            s for night in (self.ours, self.rival) for c in night.cards for s in (c.token, c.code)
        ]

    def user(self, persona: str):
        return {DIRECTOR: self.ours.director, RIVAL_DIRECTOR: self.rival.director}.get(persona)


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Built once for the module in a transaction rolled back at its end."""
    with django_db_blocker.unblock(), transaction.atomic():
        built = World(
            ours=_club_night(
                marker="Mapleqx",
                private="Maplepriv",
                slug="maple-hall",
                public=True,
                username="dora",
            ),
            rival=_club_night(
                marker="Riverqz",
                private="Riverqz",
                slug="riverside",
                public=False,
                username="otto",
            ),
        )
        built.baseline = snapshot(built)
        yield built
        transaction.set_rollback(True)


# --- Who may change what -------------------------------------------------------------------

# How each model of ours reaches its club; a new model must say, or the run fails.
CLUB_OF = {
    Club: "pk",
    ClubDirector: "club",
    Player: "club",
    Player.history.model: "club",
    MergedPlayer: "club",
    Event: "club",
    TallyPrint: "event__club",
    Partnership: "event__club",
    Entry: "event__club",
    Round: "event__club",
    Round.history.model: "event__club",
    Table: "round__event__club",
    Table.history.model: "round__event__club",
    Seat: "round__event__club",
    Hand: "table__round__event__club",
    Hand.history.model: "table__round__event__club",
    TableCard: "club",
    CodeGuessCount: None,  # wrong codes typed: no club's data
    Bracket: "event__club",
    Bracket.history.model: "event__club",
    BracketTeam: "bracket__event__club",
    BracketTeam.history.model: "bracket__event__club",
    Match: "bracket__event__club",
    Match.history.model: "bracket__event__club",
    Game: "match__bracket__event__club",
    PlayerRating: "player__club",
    NightRating: "event__club",
    CountedRound: "event__club",
    SeasonRules: "club",
    NightLine: "event__club",
}


def snapshot(world: World) -> dict[str, dict[str, list]]:
    """Every row of every club model, grouped by whose it is: "ours", "rival", "captain table"
    (the in-play table our captain's card opens, its hands and their history), "user <name>";
    rows of clubs made during the example are nobody's."""
    owners = {world.ours.club.pk: "ours", world.rival.club.pk: "rival"}
    table_pk = world.captain_table.pk
    parts: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    for app in ("clubs", "tournaments", "brackets", "seasons", "ratings", "players"):
        for model in apps.get_app_config(app).get_models():
            assert model in CLUB_OF, f"{model.__name__}: say in CLUB_OF how it reaches its club"
            path = CLUB_OF[model]
            if path is None:
                continue
            for row in model._base_manager.annotate(owner=F(path)).order_by("pk").values():
                owner = owners.get(row.pop("owner"), "new")
                if (model in (Table, Table.history.model) and row["id"] == table_pk) or (
                    row.get("table_id") == table_pk and model in (Hand, Hand.history.model)
                ):
                    owner = "captain table"
                parts[owner][model.__name__].append(row)
    for user in get_user_model()._base_manager.order_by("pk").values():
        parts[f"user {user['username']}"]["User"].append(user)
    return {owner: dict(rows) for owner, rows in parts.items()}


def may_change(world: World, persona: str) -> set[str]:
    if persona == DIRECTOR:
        return {"ours", "captain table", "user dora", "new"}
    if persona == RIVAL_DIRECTOR:
        return {"rival", "user otto", "new"}
    if persona == CAPTAIN:
        return {"captain table"}
    return set()


def forbidden(world: World, persona: str, view_name: str) -> tuple[set[str], list[str]]:
    """Markers (lower case) and card secrets this persona must never be shown on this page."""
    secrets = [s for s in world.secrets() if s not in world.held(persona)]
    # Our results are public: the players' pages and the home page's list of clubs show them,
    # and a captain's phone shows the table's players and the director's reasons for it.
    public = view_name.startswith(("public:", "players:")) or view_name in (
        "tournaments:home",
        "seasons:season",
        # The calendar: the club's nights, as its public page lists them.
        "signup:event-ics",
        "signup:club-ics",
        # A public club's sign-up form, and a player's own sign-up by its private link.
        "signup:form",
        "signup:mine",
        "signup:mine-cancel",
    )
    hidden = {HIDDEN} if public else set()
    if persona == DIRECTOR:
        return {RIVAL} | hidden, secrets
    markers = {OURS_PRIVATE} | ({RIVAL} if persona != RIVAL_DIRECTOR else set()) | hidden
    at_table = persona == CAPTAIN and view_name.startswith("tournaments:captain-")
    if not (public or at_table):
        markers.add(OURS)
    return markers, secrets


# --- The URL patterns, from the resolver ------------------------------------------------------


@dataclass(frozen=True)
class Route:
    name: str
    parts: tuple

    @property
    def label(self) -> str:
        return "/" + "".join(str(p.pattern) for p in self.parts)

    def __str__(self):
        return f"{self.name or '(unnamed)'} {self.label}"


def url_routes(patterns=None, parts=(), namespace=()) -> list[Route]:
    found = []
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            inner = (*namespace, entry.namespace) if entry.namespace else namespace
            found += url_routes(entry.url_patterns, (*parts, entry), inner)
        elif isinstance(entry, URLPattern):
            name = ":".join((*namespace, entry.name)) if entry.name else ""
            found.append(Route(name, (*parts, entry)))
    return found


ROUTES = url_routes()


# --- Junk and real values -------------------------------------------------------------------

TEXT = st.characters(exclude_categories=("Cs",))  # a lone surrogate cannot even be sent
JUNK_WORDS = [
    *("", "0", "-1", "00", "-0", str(MAX_ID), str(MAX_ID + 1), str(2**64), "1" + "0" * 30),
    *("-" + "9" * 40, "9" * 5000, "²", "٣", "１２", "𝟙", "\x00", "1\x00", "a" * 100_000, " 7"),
    *("1e3", "1.5", "NaN", "inf", "0x1f", "2026-02-30", "0001-01-01", "9999-12-31", "true"),
    *("99999-01-01", "[]", "%00"),
    *("'\"<b>", "../../etc/passwd", "\u202e", "\ufeff", "\r\n"),
]
JUNK = st.one_of(
    st.sampled_from(JUNK_WORDS),
    st.integers(min_value=-(10**40), max_value=10**40).map(str),
    st.text(TEXT, max_size=40),
)
FILE_JUNK = st.one_of(
    st.binary(max_size=300),
    st.sampled_from(
        [b"", b"\x00", b"a" * 100_000, "Zoë\n".encode("utf-16"), b"name\n\xff\xfe", b"=1+1,\n"]
    ),
)
ROSTER_FILE = st.sampled_from([b"name,email,phone\nZed Newman,,\n", b"Yann Newman\n"])

# Form bodies no browser of ours sends and Django cannot read (issue 23, item 4): each must be
# answered 400 in words on every address, with the CSRF check on (it is what reads the body).
UNREADABLE = {
    "utf-16 form": ("application/x-www-form-urlencoded; charset=utf-16", "a=1".encode("utf-16")),
    "latin-1 form": ("application/x-www-form-urlencoded; charset=iso-8859-1", b"name=Jos\xe9"),
    "multipart without boundary": ("multipart/form-data", b"--x\r\n\r\n"),
}
# More digits than int() reads (4,300), in every query parameter at once (issue 23, item 7).
HUGE_NUMBER = "9" * 5000
HUGE_IDS = ["0", "00", "007", str(MAX_ID), str(MAX_ID + 1), str(2**64), "1" + "0" * 30, "9" * 5000]

# django-tables2's sort and paging parameters, as the sortable tables name them.
TABLES2 = [f"{prefix}{name}" for prefix in ("", "pairs-") for name in ("sort", "page", "per_page")]


def _read_names(kind: str) -> set[str]:
    """Every parameter the app's code reads from request.GET or request.POST by name, so a
    parameter added to a view is fuzzed without being listed here."""
    found = set()
    patterns = [
        rf"{kind}\.get(?:list)?\(\s*[\"']([^\"']+)[\"']",
        rf"{kind}\[[\"']([^\"']+)[\"']\]",
        rf"[\"']([^\"']+)[\"']\s+(?:not\s+)?in\s+request\.{kind}",
    ]
    for folder in ("clubs", "tournaments", "brackets", "seasons", "config"):
        for source in Path(django_settings.BASE_DIR, folder).rglob("*.py"):
            text = source.read_text(encoding="utf-8")
            for pattern in patterns:
                found.update(re.findall(pattern, text))
    return found


def _get_form_fields() -> set[str]:
    """The fields of every form the app binds to request.GET (a search, the season's dates)."""
    names = set()
    for folder in ("clubs", "tournaments", "brackets", "seasons", "config"):
        for source in Path(django_settings.BASE_DIR, folder).rglob("*.py"):
            text = source.read_text(encoding="utf-8")
            names.update(re.findall(r"(\w+)\(\s*request\.GET\b", text))
    fields = set()
    for module in list(sys.modules.values()):
        name_of = getattr(module, "__name__", "")
        if name_of.startswith(("clubs.", "tournaments.", "seasons.", "config.")):
            for name in names:
                form = getattr(module, name, None)
                if isinstance(form, type) and issubclass(form, BaseForm):
                    fields.update(form.base_fields)
    return fields


QUERY_NAMES = sorted(_read_names("GET") | _get_form_fields() | set(TABLES2) | {"next"})
POST_NAMES = sorted(_read_names("POST"))

# Which objects a path's number names, by the segment before it ("events/<int:pk>/").
MODEL_BY_SEGMENT = {
    "clubs": Club,
    "events": Event,
    "rounds": Round,
    "tables": Table,
    "hands": Hand,
    "players": Player,
}


@dataclass
class Real:
    """One club's real values, as its own pages would send them (`held`: the card links and
    codes the persona holds, of any club)."""

    slug: str
    ids: dict  # model (None: any) -> ids as text
    fingerprints: list[str]
    held: list[str]

    def words(self) -> list[str]:
        today = datetime.date.today()
        return [
            *self.ids[None],
            *(str(n) for n in range(1, 12)),
            *("yes", "on", "true", "check", "confirm", "change", "csv", "a4", "letter"),
            *("name", "-name", "total", "-total", "place", "Ada", "zoe", str(today)),
            *self.fingerprints,
            *(s for s in self.held if len(s) < 10),
        ]

    def for_query(self, name: str) -> list[str]:
        """What the app's own links put in this query parameter."""
        return {
            "table": self.ids[Table],
            "hand": ["1", "2", "3"],
            "round": ["1", "2", "3"],
            "paper": ["a4", "letter"],
            "format": ["csv"],
            "name": ["Ada", "zoe", ""],
            "find": ["Ada", "zo", "Ben Riv", ""],
            "start": ["2020-01-01", str(datetime.date.today())],
            "end": [str(datetime.date.today())],
            "sort": ["name", "-total", "place"],
            "page": ["1", "2"],
            "next": ["/", "/rules/"],
        }.get(name) or self.words()

    def for_field(self, name: str, form_field) -> st.SearchStrategy:
        """What the page's form would post in this field."""
        named = {
            "seen": self.fingerprints,
            "code": [s for s in self.held if len(s) < 10] or ["ABC234"],
            "number": ["1", "2", "3", "4"],
            "player": self.ids[Player],
            "action": ["check", "confirm", "change"],
            "understood": ["yes"],
        }
        if name in named:
            return st.sampled_from(named[name])
        if isinstance(form_field, FileField):
            return ROSTER_FILE
        if isinstance(form_field, ModelChoiceField | ModelMultipleChoiceField):
            return st.sampled_from(self.ids.get(form_field.queryset.model) or self.ids[None])
        if isinstance(form_field, BooleanField):
            return st.sampled_from(["on", "true", "false", ""])
        if isinstance(form_field, ChoiceField):
            values = [str(v) for v, label in form_field.choices if not isinstance(label, list)]
            return st.sampled_from(values or [""])
        if isinstance(form_field, IntegerField):
            return st.integers(min_value=-1, max_value=12).map(str)
        if isinstance(form_field, DateField):
            return st.dates(datetime.date(2020, 1, 1), datetime.date(2030, 12, 31)).map(str)
        if isinstance(form_field, EmailField):
            return st.sampled_from(["zed@example.org", "not-an-email", ""])
        return st.sampled_from(self.words()) | st.text(TEXT, max_size=30)


def real_values(world: World, persona: str, night: ClubNight) -> Real:
    key = (persona, night.club.pk)
    if key not in world.reals:
        world.reals[key] = _real_values(world, persona, night)
    return world.reals[key]


def _real_values(world: World, persona: str, night: ClubNight) -> Real:
    club_path = {m: CLUB_OF[m] for m in MODEL_BY_SEGMENT.values()}
    ids = {
        model: [
            str(pk)
            for pk in model._base_manager.filter(**{club_path[model]: night.club.pk}).values_list(
                "pk", flat=True
            )
        ]
        for model in MODEL_BY_SEGMENT.values()
    }
    ids[None] = sorted({pk for found in ids.values() for pk in found}, key=int)
    tables = Table.objects.filter(round__event__club=night.club)
    return Real(
        slug=night.club.slug,
        ids=ids,
        fingerprints=[services.table_fingerprint(t.hands.order_by("number")) for t in tables],
        held=world.held(persona),
    )


def _near_misses(secret: str) -> list[str]:
    """A card's link almost right: one character changed, cut short, the case swapped."""
    changed = secret[:-1] + ("A" if secret[-1] != "A" else "B")
    return [changed, secret[:-1], secret.swapcase()]


ROUTE_PARAMETER = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")


class NoStrategy(LookupError):
    pass


def argument_strategy(world, persona, converter, name: str, segment: str, real: Real | None):
    """A path argument: from one club's real values (`real`), or anything (`real` is None)."""
    model = MODEL_BY_SEGMENT.get(segment)
    if real is None:
        everyone = [real_values(world, persona, night) for night in (world.ours, world.rival)]
        ids = [pk for r in everyone for pk in r.ids[model]]
    else:
        ids = real.ids[model]
    tokens = [s for s in world.held(persona) if len(s) > 10]
    revoked = [world.ours.revoked[0], world.rival.revoked[0]]
    slug_junk = st.from_regex(r"[-a-zA-Z0-9_]{1,80}", fullmatch=True) | st.just("a" * 100_000)
    if isinstance(converter, IntConverter):
        if real is not None:
            return st.sampled_from(ids)
        return st.one_of(
            st.sampled_from(ids),
            st.sampled_from(HUGE_IDS),
            st.integers(min_value=0, max_value=10**40).map(str),
        )
    if isinstance(converter, SlugConverter):
        if name == "token":
            if real is not None:
                return st.sampled_from(tokens or revoked)
            secrets = [s for s in world.secrets() if len(s) > 10]
            misses = [m for s in secrets for m in _near_misses(s)]
            return st.sampled_from(tokens + revoked + misses) | slug_junk
        if real is not None:
            return st.just(real.slug)
        slugs = [world.ours.club.slug, world.rival.club.slug, "new"]
        return st.sampled_from(slugs) | slug_junk
    if isinstance(converter, StringConverter) and name == "code":
        # A bracket's match ids, real ones and near misses.
        codes = ["W1-1", "W1-2", "W2-1", "L1-1", "F1", "F2", "3P", "w1-1", "W1-", "W99-99"]
        return st.sampled_from(codes) | st.text(TEXT, min_size=1).filter(lambda s: "/" not in s)
    if isinstance(converter, StringConverter):
        uids = [urlsafe_base64_encode(force_bytes(pk)) for pk in ids]
        if real is not None:
            return st.sampled_from(uids)
        return st.sampled_from(uids) | st.text(TEXT, min_size=1).filter(lambda s: "/" not in s)
    if isinstance(converter, PathConverter):
        if real is not None:
            return st.sampled_from(ids)
        return st.sampled_from(ids) | st.text(TEXT, min_size=1)
    if isinstance(converter, UUIDConverter):
        # An event's stable id (publishing/addresses.py): real ones, and any other.
        clubs = [real.slug] if real is not None else [world.ours.club.slug, world.rival.club.slug]
        uids = [
            str(u) for u in Event.objects.filter(club__slug__in=clubs).values_list("uid", flat=True)
        ]
        if real is not None:
            return st.sampled_from(uids)
        return st.sampled_from(uids) | st.uuids().map(str)
    raise NoStrategy(f"No strategy for the {type(converter).__name__} of <{name}>: add one here")


def path_strategy(world: World, persona: str, route: Route, real: Real | None):
    """The route's address with every argument drawn; raises NoStrategy where it has none."""
    pieces = []
    for part in route.parts:
        pattern = part.pattern
        if isinstance(pattern, RegexPattern):
            regex = pattern.regex.pattern
            pieces.append(st.from_regex(regex, fullmatch=True).map(lambda s: quote(s, safe="/")))
        elif isinstance(pattern, RoutePattern):
            text = str(pattern)
            position = 0
            for match in ROUTE_PARAMETER.finditer(text):
                pieces.append(st.just(text[position : match.start()]))
                converter = pattern.converters[match["name"]]
                before = text[: match.start()].rstrip("/").rsplit("/", 1)[-1]
                strategy = argument_strategy(world, persona, converter, match["name"], before, real)
                safe = "/" if isinstance(converter, PathConverter) else ""
                pieces.append(strategy.map(lambda s, safe=safe: quote(s, safe=safe)))
                position = match.end()
            pieces.append(st.just(text[position:]))
        else:
            raise NoStrategy(f"No strategy for a {type(pattern).__name__} in {route}")
    return st.tuples(*pieces).map(lambda found: "/" + "".join(found))


# The form behind each page, for its fields' names and choices; any other page gets the
# parameters the code reads by name, and random ones.
FORMS = {
    "clubs:club-create": lambda w: ClubCreateForm(),
    "clubs:club-settings": lambda w: ClubSettingsForm(instance=w.ours.club),
    "clubs:player-add": lambda w: PlayerForm(),
    "clubs:player-import": lambda w: RosterImportForm(),
    "brackets:settings": lambda w: BracketSettingsForm(),
    "brackets:seed": lambda w: DrawForm(),
    "brackets:match-call": lambda w: CallForm(),
    "brackets:match-reset": lambda w: ResetForm(codes=["W1-1", "W1-2"]),
    "brackets:team-withdraw": lambda w: WithdrawForm(teams=BracketTeam.objects.none()),
    "tournaments:event-create": lambda w: EventForm(),
    "tournaments:event-edit": lambda w: EventForm(instance=w.ours.event),
    "tournaments:entries-add": lambda w: EntriesAddForm(event=w.ours.pairs),
    "tournaments:entries-check-in": lambda w: CheckInForm(event=w.ours.event),
    "tournaments:entry-stays": lambda w: StaysForm(event=w.ours.event),
    "tournaments:partnership-add": lambda w: PartnershipForm(event=w.ours.pairs),
    "tournaments:round-close": lambda w: RoundCloseForm(),
    "tournaments:hand-add": lambda w: HandEntryForm(rules=w.ours.event.ruleset()),
    "tournaments:hand-correct": lambda w: HandCorrectForm(rules=w.ours.event.ruleset()),
    "seasons:standings": lambda w: SeasonDatesForm(),
    "seasons:settings": lambda w: SeasonRulesForm(),
    "tournaments:captain-code": lambda w: TableCodeForm(),
    "tournaments:captain-hand": lambda w: CaptainHandForm(table=w.captain_table, seats={}),
    "tournaments:captain-fix": lambda w: CaptainFixForm(table=w.captain_table, seats={}),
    "tournaments:captain-delete": lambda w: LastHandForm(),
    "login": lambda w: AuthenticationForm(),
    "admin:login": lambda w: AuthenticationForm(),
    "password_change": lambda w: PasswordChangeForm(w.ours.director),
    "admin:password_change": lambda w: PasswordChangeForm(w.ours.director),
    "password_reset": lambda w: PasswordResetForm(),
    "password_reset_confirm": lambda w: SetPasswordForm(w.ours.director),
}


@dataclass
class Request:
    path: str
    query: list[tuple[str, str]]
    data: list[tuple[str, str | bytes]]  # bytes: an uploaded file
    files: set[str]
    htmx: bool
    then: str = ""  # a page of the same club fetched after, showing what the post stored
    body: str = ""  # a key of UNREADABLE: the post's body is that instead of the form

    @property
    def url(self) -> str:
        return self.path + ("?" + urlencode(self.query) if self.query else "")

    def post_data(self) -> dict[str, list]:
        data = defaultdict(list)
        for n, (key, value) in enumerate(self.data):
            if key in self.files:
                value = SimpleUploadedFile(f"roster-{n}.csv", bytes(value), "text/csv")
            data[key].append(value)
        return dict(data)

    def __repr__(self):
        def short(value):
            text = repr(value)
            return text if len(text) < 80 else f"{text[:60]}...({len(value)} long)"

        query = [(k, short(v)) for k, v in self.query]
        data = [(k, short(v)) for k, v in self.data]
        return (
            f"Request({short(self.path)}, query={query}, data={data}, htmx={self.htmx}, "
            f"then={short(self.then)}, body={self.body!r})"
        )


@dataclass
class Sending:
    """What one persona may send to one route, worked out once: per club (ours, the rival's),
    the tame address, query parameters and form fields; the wild address; the file fields."""

    paths: list
    wild_path: st.SearchStrategy
    query: list[list[tuple[str, st.SearchStrategy]]]
    fields: list[list[tuple[str, st.SearchStrategy, st.SearchStrategy]]]
    files: set[str]
    then: list[st.SearchStrategy]


RANDOM_PAIRS = st.lists(st.tuples(st.text(TEXT, min_size=1, max_size=8), JUNK), max_size=2)


@st.composite
def requests(draw, sending: Sending) -> Request:
    """Half the examples are tame: one club's real ids, codes and choices, as its own pages
    would send them, to reach the code behind a valid form; the other half are wild: junk
    anywhere, fields missing or duplicated, random names."""
    wild = draw(st.booleans())
    club = draw(st.sampled_from([0, 1]))
    path = draw(sending.wild_path if wild else sending.paths[club])
    # Missing, once, or twice (a duplicated field).
    times = st.sampled_from([0, 0, 0, 1, 2] if wild else [0, 1])
    query = []
    for name, values in sending.query[club]:
        query += [(name, draw(values | JUNK if wild else values)) for _ in range(draw(times))]
    times = st.sampled_from([0, 1, 1, 2] if wild else [0, 1, 1, 1])
    data = []
    for name, values, junk in sending.fields[club]:
        data += [(name, draw(values | junk if wild else values)) for _ in range(draw(times))]
    body = ""
    if wild:
        query += draw(RANDOM_PAIRS)
        data += draw(RANDOM_PAIRS)
        body = draw(st.sampled_from(["", "", "", *UNREADABLE]))
    htmx, then = draw(st.booleans()), draw(sending.then[club])
    return Request(path, query, data, sending.files, htmx, then, body)


def request_strategy(world: World, persona: str, route: Route) -> st.SearchStrategy:
    form_fields = FORMS[route.name](world).fields if route.name in FORMS else {}
    names = [*form_fields, *(n for n in POST_NAMES if n not in form_fields)]
    files = {name for name, f in form_fields.items() if isinstance(f, FileField)}
    reals = [real_values(world, persona, night) for night in (world.ours, world.rival)]
    sending = Sending(
        paths=[path_strategy(world, persona, route, real) for real in reals],
        wild_path=path_strategy(world, persona, route, None),
        query=[[(n, st.sampled_from(real.for_query(n))) for n in QUERY_NAMES] for real in reals],
        fields=[
            [
                (n, real.for_field(n, form_fields.get(n)), FILE_JUNK if n in files else JUNK)
                for n in names
            ]
            for real in reals
        ],
        files=files,
        then=[pages_of(world, persona, real) for real in reals],
    )
    return requests(sending)


def pages_of(world: World, persona: str, real: Real) -> st.SearchStrategy:
    """Any page of the app (not the admin's) with one club's real arguments."""
    key = (persona, real.slug, "pages")
    if key not in world.reals:
        world.reals[key] = st.one_of(
            [
                path_strategy(world, persona, route, real)
                for route in ROUTES
                if route.name and not route.name.startswith("admin:")
            ]
        )
    return world.reals[key]


# --- Sending them -------------------------------------------------------------------------


def persona_client(world: World, persona: str) -> Client:
    client = Client()
    if user := world.user(persona):
        client.force_login(user)
    if persona == CAPTAIN:
        # A phone that scanned our table 1's card: the link it opened, and its phone cookie.
        assert client.get(f"/t/{world.captain_card.token}/").status_code == 200
    return client


def page_text(response) -> str:
    content = (
        b"".join(response.streaming_content) if response.streaming else bytes(response.content)
    )
    if response.get("Content-Type", "").startswith("application/pdf"):
        return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)
    return content.decode("utf-8", "replace")


def view_name(request_path: str, fallback: str) -> str:
    try:
        return resolve(request_path.split("?")[0]).view_name
    except Exception:
        return fallback


def send(client: Client, method: str, request: Request, persona: str, world: World, route):
    """One request in a savepoint of its own; fails with what was sent on a crash or a leak."""
    headers = {"HX-Request": "true"} if request.htmx else {}
    what = f"{persona}: {method.upper()} {request!r}"
    url = request.then if method == "then" else request.url
    try:
        with transaction.atomic():
            if method == "post" and request.body:
                response = post_unreadable(client, url, request.body, headers)
            elif method == "post":
                response = client.post(url, request.post_data(), headers=headers)
            else:
                response = client.get(url, headers=headers)
            text = page_text(response)
    except Exception:
        pytest.fail(f"{what} crashed:\n{traceback.format_exc()}", pytrace=False)
    assert response.status_code < 500, f"{what} answered {response.status_code}"
    if method == "post" and request.body:
        assert response.status_code == 400, f"{what} answered {response.status_code}"
        assert "could not be read" in text, f"{what} did not say why"
    shown = view_name(unquote(url.split("?")[0]), route.name if method != "then" else "")
    markers, secrets = forbidden(world, persona, shown)
    seen = [m for m in markers if m in text.lower()]
    seen += [s for s in secrets if s in text or s in response.get("Location", "")]
    assert not seen, f"{what} showed {seen} on {shown} ({response.status_code})"


def post_unreadable(client: Client, url: str, body: str, headers: dict):
    """Posts one of the UNREADABLE bodies as it is, with a csrftoken cookie and the CSRF check
    on (the test client skips it otherwise, and it is the check that reads the body)."""
    content_type, data = UNREADABLE[body]
    if "csrftoken" not in client.cookies:
        client.cookies["csrftoken"] = "x" * 32
    client.handler.enforce_csrf_checks = True
    try:
        return client.generic("POST", url, data, content_type, headers=headers)
    finally:
        client.handler.enforce_csrf_checks = False


def changed_parts(world: World, persona: str) -> list[str]:
    now = snapshot(world)
    allowed = may_change(world, persona)
    problems = []
    for owner in sorted(set(now) | set(world.baseline)):
        if owner in allowed:
            continue
        before, after = world.baseline.get(owner, {}), now.get(owner, {})
        for model in sorted(set(before) | set(after)):
            if before.get(model) != after.get(model):
                problems.append(f"{owner}'s {model} rows")
    return problems


def examples(route: Route) -> int:
    # The admin's hundred patterns are Django's own code, one per model, and no persona is
    # staff, so each sends them all away to the admin's login: an eighth of the examples (the
    # first is always the plain one, a post and a get with nothing in them) still visits every
    # pattern, and keeps the file within three minutes on each database.
    admin = route.name.startswith("admin:") and route.name != "admin:login"
    return max(1, EXAMPLES // 8) if admin else EXAMPLES


@pytest.mark.parametrize("route", ROUTES, ids=lambda r: r.name or r.label)
@pytest.mark.parametrize("persona", PERSONAS, ids=lambda p: p.replace(" ", "-"))
def test_fuzz(world, persona, route):
    strategy = request_strategy(world, persona, route)

    @seed(SEED + zlib.crc32(f"{persona} {route}".encode()))
    @settings(
        max_examples=examples(route),
        database=None,
        deadline=None,
        print_blob=False,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.large_base_example,
            HealthCheck.filter_too_much,
        ],
    )
    @given(strategy)
    def example(request):
        with transaction.atomic():
            client = persona_client(world, persona)
            # The post first: the page fetched after it shows what it did, and its messages.
            send(client, "post", request, persona, world, route)
            send(client, "get", request, persona, world, route)
            send(client, "then", request, persona, world, route)
            changed = changed_parts(world, persona)
            assert not changed, f"{persona}: {request!r} changed {changed}"
            transaction.set_rollback(True)

    example()


@pytest.mark.parametrize("persona", PERSONAS, ids=lambda p: p.replace(" ", "-"))
def test_every_page_reads_huge_numbers_and_refuses_unreadable_forms_in_words(world, persona):
    """Not left to chance: every page of the app, at its plainest real address (hypothesis'
    simplest draw: our club's first ids), gets HUGE_NUMBER in every query parameter the code
    reads, then each UNREADABLE body posted."""
    real = real_values(world, persona, world.ours)
    for route in ROUTES:
        if route.name.startswith("admin:") and route.name != "admin:login":
            continue
        path = find(path_strategy(world, persona, route, real), lambda _: True)
        huge = [(name, HUGE_NUMBER) for name in QUERY_NAMES]
        with transaction.atomic():
            client = persona_client(world, persona)
            send(client, "get", Request(path, huge, [], set(), False), persona, world, route)
            for body in UNREADABLE:
                request = Request(path, [], [], set(), False, body=body)
                send(client, "post", request, persona, world, route)
            assert not changed_parts(world, persona)
            transaction.set_rollback(True)


# --- The fuzz itself can fail ------------------------------------------------------------------


def test_every_url_pattern_has_a_strategy(world):
    for route in ROUTES:
        for persona in PERSONAS:
            request_strategy(world, persona, route)
    # A converter the fuzz does not know fails the run rather than going unfuzzed.
    register_converter(WeekConverter, "week")
    week = Route("week", (path("weeks/<week:week>/", lambda request, week: None),))
    with pytest.raises(NoStrategy, match="WeekConverter"):
        request_strategy(world, DIRECTOR, week)


class WeekConverter:
    """A converter no page uses, so the fuzz has no strategy for it."""

    regex = "[0-9]{4}-W[0-9]{2}"

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


def test_the_markers_show_where_they_belong(world):
    """The leak checks look for strings that really are on the pages they are allowed on."""

    def text(persona, url):
        response = persona_client(world, persona).get(url)
        assert response.status_code == 200, url
        return page_text(response).lower()

    roster = text(DIRECTOR, f"/clubs/{world.ours.club.slug}/")
    assert OURS in roster and OURS_PRIVATE in roster
    assert RIVAL in text(RIVAL_DIRECTOR, f"/clubs/{world.rival.club.slug}/")
    closed = world.ours.event.rounds.get(number=1)
    assert "maplepriv hall closing" in text(DIRECTOR, f"/rounds/{closed.pk}/")
    assert "mapleqx tricks miscounted" in text(CAPTAIN, f"/t/{world.captain_card.token}/")
    assert OURS in text(ANONYMOUS, f"/c/{world.ours.club.slug}/events/{world.ours.event.pk}/")
    sheets = text(DIRECTOR, f"/events/{world.ours.event.pk}/print/score-sheets.pdf")
    assert OURS in sheets


def test_a_change_to_anothers_rows_is_seen(world):
    with transaction.atomic():
        hand = world.rival.tables[1].hands.get()
        services.hand_correct(hand=hand, data={"tricks": 4}, reason="x", user=None)
        assert changed_parts(world, DIRECTOR) == [
            "rival's Hand rows",
            "rival's HistoricalHand rows",
        ]
        assert changed_parts(world, RIVAL_DIRECTOR) == []
        transaction.set_rollback(True)

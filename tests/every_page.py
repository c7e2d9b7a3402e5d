"""Every page of the app and the states worth seeing, in one list for the browser tests that
walk them all (tests/test_every_page_browser.py: axe-core, the text doubled, sizes and contrast).

`build_world` makes a club with three events: a pairs night in play (round 1 closed, round 2
with a hand at table 1), a pairs night finished, and a progressive night with its players
entered and none seated. Each `Page` builds its address from the world and, for a state
rather than a page, does what a person would do to reach it once the page has loaded."""

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass

from conftest import close_round
from playwright.sync_api import expect
from test_captain_browser import fill_hand, names_by_seat

from clubs.models import Club, Player
from tournaments import services
from tournaments.models import Event, Hand, Round, Table

NS_MADE = {"maker": "N", "tricks": 3}
EW_MADE = {"maker": "E", "tricks": 3}


@dataclass
class World:
    club: Club
    in_play: Event
    finished: Event
    check_in: Event
    round_in_play: Round
    table: Table  # table 1 of the round in play, one hand played
    fresh_table: Table  # table 2 of the round in play, no hand yet: the captain's states
    hand: Hand
    player: Player
    # A night a week from today taking sign-ups (signup/): full, two waiting, one who cancelled.
    signup_night: Event = None
    signup_token: str = ""


def _pairs_event(club, players, name, day, rounds) -> Event:
    event = Event.objects.create(
        club=club,
        name=name,
        date=datetime.date(2026, 11, day),
        format=Event.Format.PAIRS,
        rounds_planned=rounds,
        hands_per_round=2,
    )
    services.entries_add(event=event, players=players)
    for first, second in zip(players[::2], players[1::2], strict=True):
        services.partnership_register(event=event, first=first, second=second)
    return event


def _play_round(event, *, close=True) -> Round:
    round_ = services.round_seat(event=event, seed=1)
    for table in round_.tables.order_by("number"):
        for number in (1, 2):
            data = NS_MADE if number % 2 else EW_MADE
            services.hand_record(table=table, number=number, data=data)
    if close:
        close_round(round_)
    return round_


def build_world(club, players) -> World:
    eight = players[:8]
    in_play = _pairs_event(club, eight, "Tuesday pairs", 24, rounds=2)
    _play_round(in_play)
    round_in_play = services.round_seat(event=in_play, seed=2)
    table = round_in_play.tables.get(number=1)
    hand = services.hand_record(table=table, number=1, data=NS_MADE)

    finished = _pairs_event(club, eight, "Monday pairs", 23, rounds=1)
    _play_round(finished)

    check_in = Event.objects.create(
        club=club,
        name="Thursday progressive",
        date=datetime.date(2026, 11, 26),
        rounds_planned=3,
        hands_per_round=8,
    )
    services.entries_add(event=check_in, players=players)
    _money(finished, check_in, eight)
    signup_night, token = _signups(club, players)
    return World(
        signup_night=signup_night,
        signup_token=token,
        club=club,
        in_play=in_play,
        finished=finished,
        check_in=check_in,
        round_in_play=round_in_play,
        table=table,
        fresh_table=round_in_play.tables.get(number=2),
        hand=hand,
        player=eight[0],
    )


def _signups(club, players) -> tuple[Event, str]:
    from django.utils import timezone

    from signup import checkin
    from signup import services as signups
    from signup.models import Sheet

    night = Event.objects.create(
        club=club,
        name="Friday progressive",
        date=timezone.localdate() + datetime.timedelta(days=7),
        rounds_planned=3,
        hands_per_round=8,
    )
    Sheet.objects.create(event=night, open=True, cap=4, money_ahead=True)
    outcomes = [
        signups.sign_up(event=night, name=p.name, email=f"p{i}@example.org", phone="", site="")
        for i, p in enumerate(players[:6])
    ]
    signups.cancel(signup=outcomes[1].signup)
    # A walk-in at the door: the check-in page lists them under Walk-ins.
    checkin.walk_in(event=night, name="Walter Walk-In")
    return night, outcomes[-1].signup.token


def _money(finished, check_in, eight) -> None:
    """The money pages' states (money/): the finished night paid at the door and paid out,
    its prizes shown to players; tonight's door with one player paid and the rest owing."""
    from money.models import DoorRecord, NightMoney, PaidMark
    from money.night import night_ledger

    NightMoney.objects.create(event=finished, entry_fee=500, show_prizes=True, club_percent=10)
    DoorRecord.objects.bulk_create(
        DoorRecord(event=finished, player=p, method="cash" if i % 2 else "card", amount=500)
        for i, p in enumerate(eight)
    )
    ids = {p.name: p.pk for p in eight}
    PaidMark.objects.bulk_create(
        PaidMark(event=finished, player_id=ids[name], amount=won)
        for name, won, _ in night_ledger(finished).settle()
        if won
    )
    NightMoney.objects.create(event=check_in, entry_fee=500, loner_buy_in=100, euchre_fine=25)
    DoorRecord.objects.create(event=check_in, player=eight[0], method="ahead", amount=500)


# --- What a person does on a page to reach a state -------------------------------------------


def wrong_code(page, world):
    page.get_by_label("Table code").fill("NOSUCHCODE")
    page.get_by_role("button", name="Open my table").click()
    expect(page.locator(".errorlist, .refusal").first).to_be_visible()


def _check(page, number):
    page.locator("#hand-form").get_by_role("button", name=f"Check hand {number}").first.click()


def captain_refused(page, world):
    _check(page, 1)
    expect(page.locator("#problems")).to_be_visible()


def captain_check_step(page, world):
    fill_hand(page, names_by_seat(world.fresh_table), maker="N", tricks=3)
    _check(page, 1)
    expect(page.locator("#result")).to_be_visible()


def captain_offline_check_step(page, world):
    page.context.set_offline(True)
    fill_hand(page, names_by_seat(world.fresh_table), maker="N", tricks=3)
    _check(page, 1)
    expect(page.locator("#check-title")).to_be_focused()


def captain_offline(page, world):
    captain_offline_check_step(page, world)
    page.get_by_role("button", name="Confirm hand 1").click()
    expect(page.locator("#waiting li.kept-waiting")).to_have_count(1)


def captain_reconnected(page, world):
    captain_offline(page, world)
    page.context.set_offline(False)
    expect(page.locator("#waiting .sent")).to_contain_text("Hand 1 recorded")


def round_page_stale(page, world):
    # The app out of reach, and the tables' refresh asked for at once (htmx's own request, as
    # its 20-second timer makes it): the page says since when it is not updated.
    page.route(re.compile(r"/rounds/\d+/$"), lambda route: route.abort("connectionrefused"))
    page.evaluate(
        "() => { htmx.ajax('GET', location.pathname,"
        " {source: '#live', target: '#live', swap: 'outerHTML'}).catch(() => {}); }"
    )
    expect(page.locator("#stale")).to_contain_text("the app cannot be reached")


def roster_imported(page, world):
    page.locator("#import-players textarea").fill("Ada Baker\nNell Ortiz")
    page.get_by_role("button", name="Import players").click()
    expect(page.locator("#import-report")).to_be_visible()


def _twin(world) -> Player:
    """The world's player entered a second time, as a phone typed the name: a merge's other."""
    name = f"{world.player.name.replace(' ', ' O’', 1)}"
    return Player.objects.get_or_create(club=world.club, name=name)[0]


# --- The pages -----------------------------------------------------------------------------


@dataclass
class Page:
    name: str
    url: Callable[[World], str]
    director: bool = False
    action: Callable | None = None
    # What the title must name (the event or table), when the page is about one.
    title_names: Callable[[World], str] | None = None
    # Who reads it, which sets the figures it must meet (tests/test_every_page_browser.py):
    # "players" and "captain" (a phone in a dim hall: 16 px text, 7:1, 44 px targets),
    # "director" and "site" (4.5:1, 24 px targets), "hall" (the projector, read across the room).
    readers: str = ""

    def __post_init__(self):
        self.readers = self.readers or ("director" if self.director else "site")


def _club(w):
    return f"/c/{w.club.slug}"


def _token(table):
    return table.card().token


PAGES = [
    Page("home", lambda w: "/"),
    Page("login", lambda w: "/accounts/login/"),
    Page("rules", lambda w: "/rules/"),
    Page("table code", lambda w: "/t/", readers="captain"),
    Page("table code, wrong", lambda w: "/t/", action=wrong_code, readers="captain"),
    Page("club, public", _club, readers="players"),
    Page(
        "event in play, public",
        lambda w: f"{_club(w)}/events/{w.in_play.pk}/",
        title_names=lambda w: w.in_play.name,
        readers="players",
    ),
    Page(
        "event finished, public",
        lambda w: f"{_club(w)}/events/{w.finished.pk}/",
        title_names=lambda w: w.finished.name,
        readers="players",
    ),
    Page(
        "player, public",
        lambda w: f"{_club(w)}/events/{w.in_play.pk}/players/{w.player.pk}/",
        title_names=lambda w: w.in_play.name,
        readers="players",
    ),
    Page(
        "player's nights, public", lambda w: f"{_club(w)}/players/{w.player.pk}/", readers="players"
    ),
    Page(
        "projector",
        lambda w: f"{_club(w)}/events/{w.in_play.pk}/projector/",
        title_names=lambda w: w.in_play.name,
        readers="hall",
    ),
    *(
        Page(
            f"captain, {state}",
            lambda w: f"/t/{_token(w.fresh_table)}/",
            action=action,
            title_names=lambda w: f"Table {w.fresh_table.number}",
            readers="captain",
        )
        for state, action in [
            ("empty", None),
            ("refused", captain_refused),
            ("check step", captain_check_step),
            ("offline check step", captain_offline_check_step),
            ("offline", captain_offline),
            ("reconnected", captain_reconnected),
        ]
    ),
    Page("director: club", lambda w: f"/clubs/{w.club.slug}/", director=True),
    Page(
        "director: roster imported",
        lambda w: f"/clubs/{w.club.slug}/",
        director=True,
        action=roster_imported,
    ),
    Page(
        "director: a player on the roster",
        lambda w: f"/clubs/{w.club.slug}/players/{w.player.pk}/?find=a#merge",
        director=True,
    ),
    Page(
        "director: merge two players",
        lambda w: f"/clubs/{w.club.slug}/players/{_twin(w).pk}/merge/{w.player.pk}/",
        director=True,
    ),
    Page("director: settings", lambda w: f"/clubs/{w.club.slug}/settings/", director=True),
    Page("director: new event", lambda w: f"/clubs/{w.club.slug}/events/new/", director=True),
    Page(
        "director: event, check-in",
        lambda w: f"/events/{w.check_in.pk}/",
        director=True,
        title_names=lambda w: w.check_in.name,
    ),
    Page(
        "director: event in play",
        lambda w: f"/events/{w.in_play.pk}/",
        director=True,
        title_names=lambda w: w.in_play.name,
    ),
    Page(
        "director: round in play",
        lambda w: f"/rounds/{w.round_in_play.pk}/",
        director=True,
        title_names=lambda w: w.in_play.name,
    ),
    Page(
        "director: round in play, the app out of reach",
        lambda w: f"/rounds/{w.round_in_play.pk}/",
        director=True,
        action=round_page_stale,
        title_names=lambda w: w.in_play.name,
    ),
    Page(
        "director: round preview",
        lambda w: f"/events/{w.check_in.pk}/rounds/preview/",
        director=True,
        title_names=lambda w: w.check_in.name,
    ),
    Page(
        "director: table",
        lambda w: f"/tables/{w.table.pk}/",
        director=True,
        title_names=lambda w: f"Table {w.table.number}",
    ),
    Page(
        "director: table history",
        lambda w: f"/tables/{w.table.pk}/history/",
        director=True,
        title_names=lambda w: f"table {w.table.number}",
    ),
    Page(
        "director: correction",
        lambda w: f"/hands/{w.hand.pk}/correct/",
        director=True,
        title_names=lambda w: f"table {w.table.number}",
    ),
    Page(
        "director: standings",
        lambda w: f"/events/{w.in_play.pk}/standings/",
        director=True,
        title_names=lambda w: w.in_play.name,
    ),
    Page(
        "director: standings projector",
        lambda w: f"/events/{w.in_play.pk}/standings/projector/",
        director=True,
        title_names=lambda w: w.in_play.name,
        readers="hall",
    ),
    Page(
        "director: player",
        lambda w: f"/events/{w.in_play.pk}/players/{w.player.pk}/",
        director=True,
        title_names=lambda w: w.in_play.name,
    ),
    Page(
        "director: the night's money, the door",
        lambda w: f"/events/{w.check_in.pk}/money/",
        director=True,
        title_names=lambda w: w.check_in.name,
    ),
    Page(
        "director: the night's money, paid out",
        lambda w: f"/events/{w.finished.pk}/money/",
        director=True,
        title_names=lambda w: w.finished.name,
    ),
    Page(
        "director: the night's money settings",
        lambda w: f"/events/{w.check_in.pk}/money/settings/",
        director=True,
        title_names=lambda w: w.check_in.name,
    ),
    Page(
        "director: cash sheet",
        lambda w: f"/events/{w.finished.pk}/money/sheet/",
        director=True,
        title_names=lambda w: w.finished.name,
    ),
    Page("director: the club's money", lambda w: f"/clubs/{w.club.slug}/money/", director=True),
    Page(
        "sign-up form, public",
        lambda w: f"{_club(w)}/events/{w.signup_night.pk}/signup/",
        title_names=lambda w: w.signup_night.name,
        readers="players",
    ),
    Page("sign-up private link", lambda w: f"/signup/{w.signup_token}/", readers="players"),
    Page(
        "director: sign-up list",
        lambda w: f"/events/{w.signup_night.pk}/signup/",
        director=True,
        title_names=lambda w: w.signup_night.name,
    ),
    Page(
        "director: check-in from the list",
        lambda w: f"/events/{w.signup_night.pk}/signup/check-in/",
        director=True,
        title_names=lambda w: w.signup_night.name,
    ),
    Page(
        "director: the club's directors",
        lambda w: f"/clubs/{w.club.slug}/directors/",
        director=True,
    ),
    Page(
        "director: season standings",
        lambda w: f"/clubs/{w.club.slug}/standings/",
        director=True,
    ),
]

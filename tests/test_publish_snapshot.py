"""A night published from the hall's laptop shows on the club's server as it did on the laptop
(publishing/snapshot/): the night is built through the app's services, its snapshot taken and
sent through JSON, the originals deleted, and the snapshot applied to the club; every public
page (the club's, the event's, each player's night and page, the season race, the ratings)
then shows what it showed before. And: a night applied twice is one night; a correction
published again replaces the server's copy; another club's data and malformed payloads are
refused with nothing written; the server refuses to change a published night in words."""

import copy
import json
import re
from html import unescape

import pytest
import test_figures_agree_nights as nights_agree
from django.urls import reverse
from django.utils import timezone
from prize_money import set_prizes
from test_figures_agree_brackets import (
    check_every_surface,
    play,
    withdraw,
)
from test_figures_agree_nights import (
    EXPECTED_TOTALS,
    progressive_night,
)

from brackets import services as bracket_services
from brackets.models import Bracket, Match
from clubs.models import Player
from money.models import NightMoney
from publishing.models import Published, PublishingKey
from publishing.signals import night_published
from publishing.snapshot import Refused, apply, club_snapshot, event_snapshot
from ratings.models import NightRating, PlayerRating
from seasons.models import SeasonRules
from tests.test_brackets_night import NS_POINT, make_bracket, table_of
from tournaments import services
from tournaments.models import Event, Hand, Round, Seat, Table
from tournaments.services import hand_record
from tournaments.standings import event_standings, fmt

LAPTOP = "Hall laptop"


@pytest.fixture
def key(club):
    return PublishingKey.objects.create(
        club=club, laptop_name=LAPTOP, key_id="k1", secret="s", source_club_uid=club.uid
    )


def payload(club, *events, deleted=()) -> dict:
    """What the laptop sends, through JSON and back, as the server reads it."""
    sent = {
        "format": 1,
        "club": club_snapshot(club),
        "events": [event_snapshot(e) for e in events],
        "deleted_events": [str(u) for u in deleted],
    }
    return json.loads(json.dumps(sent))


def page_text(response) -> str:
    """A page's words as a player reads them: no tags, no addresses (the server's ids differ)."""
    assert response.status_code == 200, response.status_code
    html = response.content.decode()
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r'<input[^>]*name="csrfmiddlewaretoken"[^>]*>', " ", html)
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())
    # The projector prints the event's address (its QR code's) for players to type.
    return re.sub(r"/events/\d+/", "/events/N/", text)


def public_pages(client, club) -> dict[str, str]:
    """Every public page of the club, by what it is (names, not ids), as text."""
    pages = {
        "club": page_text(client.get(reverse("public:club", args=[club.slug]))),
        "season": page_text(client.get(reverse("seasons:season", args=[club.slug]))),
    }
    for event in Event.objects.filter(club=club):
        args = [club.slug, event.pk]
        pages[event.name] = page_text(client.get(reverse("public:event", args=args)))
        pages[f"{event.name} projector"] = page_text(
            client.get(reverse("public:projector", args=args))
        )
        for player in Player.objects.filter(seats__round__event=event).distinct():
            url = reverse("public:player", args=[*args, player.pk])
            pages[f"{event.name}: {player.name}"] = page_text(client.get(url))
    for player in Player.objects.filter(club=club, seats__isnull=False).distinct():
        url = reverse("players:player", args=[club.slug, player.pk])
        pages[f"player {player.name}"] = page_text(client.get(url))
    return pages


def ratings_of(club) -> dict[str, tuple]:
    return {
        r.player.name: (round(r.mu, 9), round(r.sigma, 9), r.rounds)
        for r in PlayerRating.objects.filter(player__club=club).select_related("player")
    }


def forget_originals(*events, players: bool) -> None:
    """The laptop's rows gone, so only what the snapshot carries can show on the pages."""
    for event in events:
        Event.objects.get(pk=event.pk).delete()
    if players:
        Player.objects.all().delete()


@pytest.fixture
def corrected_night(club, director):
    event, people = progressive_night(club)
    # The night's money stays on the laptop; its prize table, as players see it, travels.
    set_prizes(event, fee=5, places="60/40", public=True, most_loners=2)
    hand = Hand.objects.get(
        table__round__event=event, table__round__number=2, table__number=2, number=3
    )
    services.hand_correct(
        hand=hand, data={"tricks": 5}, reason="East marched, the captain wrote 3", user=director
    )
    SeasonRules.objects.create(club=club, counting=SeasonRules.Counting.BEST, best_nights=3)
    return event


@pytest.mark.django_db
def test_a_published_progressive_night_shows_on_the_server_as_on_the_laptop(
    client, director_client, club, key, corrected_night, django_capture_on_commit_callbacks
):
    event = corrected_night
    before = public_pages(client, club)
    ratings_before = ratings_of(club)
    assert ratings_before and len(before) > 20
    sent = payload(club, event)
    forget_originals(event, players=True)
    assert not Player.objects.exists() and not PlayerRating.objects.exists()
    heard = []

    def hear(sender, event, **kwargs):
        heard.append(event.pk)

    night_published.connect(hear)
    try:
        # The mail hears of the night once the apply has committed, never before.
        with django_capture_on_commit_callbacks(execute=True):
            summary = apply(key, sent)
            assert heard == []
    finally:
        night_published.disconnect(hear)
    assert summary["events"] == 1 and summary["hands"] == 18
    copy_ = Event.objects.get(uid=event.uid)
    assert heard == [copy_.pk]
    # The same pages, prize table and all (its money is not here: the laptop's table is).
    assert not NightMoney.objects.filter(event=copy_).exists()
    assert any("Prize pot: $" in page for page in before.values())
    assert public_pages(client, club) == before
    assert ratings_of(club) == ratings_before
    assert {x.name: fmt(x.total) for x in event_standings(copy_).players} == EXPECTED_TOTALS
    people = {p.name: p for p in Player.objects.filter(club=club)}
    nights_agree.test_every_surface_shows_the_progressive_nights_figures(
        director_client, client, (copy_, people)
    )
    published = Published.objects.get(event=copy_)
    assert (published.laptop_name, published.changes, published.key) == (LAPTOP, 1, key)


@pytest.mark.django_db
def test_a_published_bracket_shows_on_the_server_as_on_the_laptop(
    client, club, key, director_client
):
    club.results_public = True
    club.save()
    SeasonRules.objects.create(
        club=club, counting=SeasonRules.Counting.PLACES, place_points="10, 8, 6, 5, 4, 3, 2, 1"
    )
    bracket = make_bracket(club, 6, kind="double", best_of=3, reset=True)
    play(bracket, "W1-2", "010")
    play(bracket, "W1-4", "00")
    play(bracket, "W2-1", "00")
    withdraw(bracket, 6)
    # A game in play when the snapshot is taken: its points live, its match undecided.
    match = bracket_services.match_call(bracket=bracket, code="W2-2", table=1)
    hand_record(table=table_of(match), number=1, data=NS_POINT)
    want = check_every_surface(director_client, bracket)
    before = public_pages(client, club)
    ratings_before = ratings_of(club)
    sent = payload(club, bracket.event)
    forget_originals(bracket.event, players=False)
    apply(key, sent)
    copy_ = Bracket.objects.get(event__uid=bracket.event.uid)
    assert check_every_surface(director_client, copy_) == want
    assert public_pages(client, club) == before
    assert ratings_of(club) == ratings_before
    assert Match.objects.get(bracket=copy_, code="W2-2").winner_slot is None


@pytest.mark.django_db
def test_applied_twice_is_one_night_with_the_same_ids(club, key, corrected_night):
    sent = payload(club, corrected_night)
    forget_originals(corrected_night, players=True)
    apply(key, sent)
    first = Event.objects.get(uid=corrected_night.uid)
    players = dict(Player.objects.values_list("uid", "pk"))
    ratings = list(NightRating.objects.order_by("pk").values_list("player__name", "mu"))
    apply(key, copy.deepcopy(sent))
    assert Event.objects.filter(club=club).count() == 1
    again = Event.objects.get(uid=corrected_night.uid)
    assert again.pk == first.pk and dict(Player.objects.values_list("uid", "pk")) == players
    assert Hand.objects.filter(table__round__event=again).count() == 18
    assert sorted(NightRating.objects.values_list("player__name", "mu")) == sorted(ratings)
    assert Published.objects.get(event=again).changes == 2


@pytest.mark.django_db
def test_a_correction_published_again_replaces_the_servers_copy(club, key, director):
    event, _ = progressive_night(club)
    first = payload(club, event)
    before = {x.name: fmt(x.total) for x in event_standings(event).players}
    # On the laptop, after the night was published, D's loner euchred at round 1 was a march.
    hand = Hand.objects.get(
        table__round__event=event, table__round__number=1, table__number=1, number=2
    )
    services.hand_correct(hand=hand, data={"tricks": 5}, reason="Marched", user=director)
    corrected = payload(club, event)
    laptop = {x.name: fmt(x.total) for x in event_standings(event).players}
    laptop_ratings = ratings_of(club)
    assert laptop != before
    forget_originals(event, players=False)
    apply(key, first)
    server = Event.objects.get(uid=event.uid)
    assert {x.name: fmt(x.total) for x in event_standings(server).players} == before
    hand_pks = dict(
        Hand.objects.filter(table__round__event=server).values_list("pk", "table__round__number")
    )
    apply(key, corrected)
    assert Event.objects.get(uid=event.uid).pk == server.pk
    assert {x.name: fmt(x.total) for x in event_standings(server).players} == laptop
    assert ratings_of(club) == laptop_ratings
    assert Hand.objects.filter(table__round__event=server).count() == 18
    # Only the round corrected was written again: a big night's every publish costs what
    # changed, not the whole night (the other rounds' rows are the same rows).
    after = dict(
        Hand.objects.filter(table__round__event=server).values_list("pk", "table__round__number")
    )
    kept = {pk for pk, number in hand_pks.items() if number != 1}
    assert kept and kept <= set(after)
    assert not {pk for pk, number in hand_pks.items() if number == 1} & set(after)
    # The night's rules changed on the laptop: every round is scored again by the new ones.
    changed = copy.deepcopy(corrected)
    changed["events"][0]["euchre"] = 4
    apply(key, changed)
    assert not set(after) & set(
        Hand.objects.filter(table__round__event=server).values_list("pk", flat=True)
    )


def nothing_written(club) -> tuple:
    return (
        Event.objects.count(),
        Player.objects.count(),
        Hand.objects.count(),
        Published.objects.count(),
        list(Player.objects.order_by("pk").values_list("name", "uid", "shown_publicly")),
        club.__class__.objects.filter(pk=club.pk).values_list("results_public", flat=True)[0],
    )


@pytest.mark.django_db
def test_another_clubs_night_or_player_is_refused_with_nothing_written(
    club, other_club, key, corrected_night
):
    sent = payload(club, corrected_night)
    # The same night, already the other club's on this server.
    Event.objects.filter(pk=corrected_night.pk).update(club=other_club)
    sent["club"]["results_public"] = False
    state = nothing_written(club)
    with pytest.raises(Refused, match="belongs to another club"):
        apply(key, sent)
    assert nothing_written(club) == state
    # A player of the other club.
    Event.objects.filter(pk=corrected_night.pk).delete()
    stranger = Player.objects.create(club=other_club, name="Stranger")
    # One of the laptop's players arrives with the uid of the other club's player.
    laptops = sent["events"][0]["players"][0]["uid"]
    sent = json.loads(json.dumps(sent).replace(laptops, str(stranger.uid)))
    state = nothing_written(club)
    with pytest.raises(Refused, match="another club"):
        apply(key, sent)
    assert nothing_written(club) == state


@pytest.mark.django_db
def test_a_night_run_on_the_server_itself_is_never_replaced(club, key, corrected_night):
    sent = payload(club, corrected_night)
    state = nothing_written(club)
    with pytest.raises(Refused, match="run on this server itself"):
        apply(key, sent)
    assert nothing_written(club) == state
    # Nor deleted.
    sent["events"] = []
    sent["deleted_events"] = [str(corrected_night.uid)]
    with pytest.raises(Refused, match="run on this server itself"):
        apply(key, sent)
    assert Event.objects.filter(pk=corrected_night.pk).exists()


def _broken(sent: dict) -> list[tuple[str, dict]]:
    """Payloads broken in several ways, each a copy of `sent`."""
    found = []

    def case(name, change):
        broken = copy.deepcopy(sent)
        change(broken)
        found.append((name, broken))

    event = lambda p: p["events"][0]  # noqa: E731
    case("unknown format", lambda p: p.update(format=2))
    case("no events list", lambda p: p.update(events="all"))
    case("an event not an object", lambda p: p.update(events=[7]))
    case("a bad uid", lambda p: event(p).update(uid="not-a-uid"))
    case("a missing field", lambda p: event(p).pop("rounds_planned"))
    case("a number as text", lambda p: event(p).update(rounds_planned="8"))
    case("a bool as number", lambda p: event(p).update(standings_hidden=1))
    case("too many rounds", lambda p: event(p).update(rounds_planned=41))
    case("an unknown format", lambda p: event(p).update(format="chess"))
    case("a bad date", lambda p: event(p).update(date="24/11/2026"))
    case("a NUL in a name", lambda p: event(p).update(name="Spring\x00night"))
    case("a NUL in a player's name", lambda p: event(p)["players"][0].update(name="A\x00"))
    case("a name too long", lambda p: event(p).update(name="x" * 500))
    case(
        "a player nobody lists",
        lambda p: event(p)["entries"][0].update(player=str(__import__("uuid").uuid4())),
    )
    case(
        "tricks out of range",
        lambda p: event(p)["rounds"][0]["tables"][0]["hands"][0].update(tricks=9),
    )
    case(
        "tricks on a thrown-in deal",
        lambda p: event(p)["rounds"][0]["tables"][0]["hands"][0].update(maker=""),
    )
    case("a seat at no table", lambda p: event(p)["rounds"][0]["seats"][0].update(table=99))
    case(
        "a table twice",
        lambda p: event(p)["rounds"][0]["tables"].append(event(p)["rounds"][0]["tables"][0]),
    )
    case(
        "a hand twice",
        lambda p: event(p)["rounds"][0]["tables"][0]["hands"].append(
            event(p)["rounds"][0]["tables"][0]["hands"][0]
        ),
    )
    case("a naive time", lambda p: event(p)["rounds"][0].update(seated_at="2026-11-24T19:00:00"))
    case(
        "a hand the rules refuse",
        lambda p: event(p)["rounds"][0]["tables"][0]["hands"][0].update(
            lone_defender="S", alone=True, maker="N"
        ),
    )
    case("a club setting out of its choices", lambda p: p["club"].update(date_style="martian"))
    case(
        "a season rule of the wrong kind",
        lambda p: p["club"]["season_rules"].update(best_nights=None),
    )
    case("a partnership nobody lists", lambda p: event(p)["entries"][0].update(partnership=5))
    return found


@pytest.mark.django_db
def test_a_malformed_payload_is_refused_in_words_with_nothing_written(club, key, corrected_night):
    sent = payload(club, corrected_night)
    forget_originals(corrected_night, players=False)
    state = nothing_written(club)
    for name, broken in _broken(sent):
        with pytest.raises(Refused) as refused:
            apply(key, broken)
        message = refused.value.message
        assert message.endswith(".") and len(message) > 40, (name, message)
        assert nothing_written(club) == state, name
    with pytest.raises(Refused):
        apply(key, ["not", "an", "object"])
    # The payload itself, unbroken, applies.
    apply(key, sent)
    assert Event.objects.filter(uid=corrected_night.uid).exists()


@pytest.mark.django_db
def test_players_are_matched_by_uid_then_by_name_and_never_show_their_email(club, key):
    mary = Player.objects.create(
        club=club, name="Mary Smith", email="mary@example.org", phone="555"
    )
    sent = payload(club)
    assert "mary@example.org" not in json.dumps(sent) and "555" not in json.dumps(sent)
    laptop_uid = "11111111-1111-1111-1111-111111111111"
    (row,) = sent["club"]["players"]
    row.update(uid=laptop_uid, name="MARY SMITH", shown_publicly=False)
    apply(key, sent)
    mary.refresh_from_db()
    # The server's Mary takes the laptop's uid, and its name and choice.
    assert (str(mary.uid), mary.name, mary.shown_publicly) == (laptop_uid, "MARY SMITH", False)
    assert mary.email == "mary@example.org" and Player.objects.count() == 1
    row["name"] = "Mary Smith-Jones"
    apply(key, sent)
    mary.refresh_from_db()
    assert mary.name == "Mary Smith-Jones" and Player.objects.count() == 1
    # Accents and case aside, as the roster reads a name (SQLite's LOWER() folds ASCII only).
    elise = Player.objects.create(club=club, name="Élise Roy")
    sent["club"]["players"].append(
        {"uid": "22222222-2222-2222-2222-222222222222", "name": "elise roy", "shown_publicly": True,
         "active": True}
    )  # fmt: skip
    apply(key, sent)
    elise.refresh_from_db()
    assert str(elise.uid).startswith("2222") and Player.objects.count() == 2


@pytest.mark.django_db
def test_a_night_deleted_on_the_laptop_is_deleted_on_the_server(club, key, corrected_night):
    sent = payload(club, corrected_night)
    forget_originals(corrected_night, players=False)
    apply(key, sent)
    assert apply(key, payload(club, deleted=[corrected_night.uid]))["deleted"] == 1
    assert not Event.objects.filter(uid=corrected_night.uid).exists()
    assert not NightRating.objects.exists()


@pytest.mark.django_db
def test_hidden_standings_stay_hidden_on_the_server(client, club, key):
    event, _ = progressive_night(club, rounds=1)
    NightMoney.objects.filter(event=event).delete()
    Event.objects.filter(pk=event.pk).update(standings_hidden=True)
    event.refresh_from_db()
    sent = payload(club, event)
    forget_originals(event, players=True)
    apply(key, sent)
    copy_ = Event.objects.get(uid=event.uid)
    assert copy_.standings_hidden
    page = client.get(reverse("public:event", args=[club.slug, copy_.pk])).content.decode()
    assert "Round 1 has finished" in page
    assert "Total" not in page and 'class="total"' not in page


REFUSAL = f"This night was run on the hall laptop “{LAPTOP}” and published here"


@pytest.fixture
def published_night(club, key, corrected_night):
    sent = payload(club, corrected_night)
    forget_originals(corrected_night, players=False)
    apply(key, sent)
    return Event.objects.get(uid=corrected_night.uid)


@pytest.mark.django_db
def test_the_director_cannot_change_a_published_night_and_is_told_where(
    director_client, published_night
):
    event = published_night
    round_ = event.rounds.order_by("number").last()
    table = Table.objects.filter(round=round_).first()
    hand = table.hands.first()
    posts = [
        reverse("tournaments:event-edit", args=[event.pk]),
        reverse("tournaments:entries-check-in", args=[event.pk]),
        reverse("tournaments:round-seat", args=[event.pk]),
        reverse("tournaments:round-close", args=[round_.pk]),
        reverse("tournaments:hand-add", args=[table.pk]),
        reverse("tournaments:hand-correct", args=[hand.pk]),
        # Its money was taken and paid at the hall, and stays there: not changed here either.
        reverse("money:night-settings", args=[event.pk]),
        reverse("money:door", args=[event.pk]),
        reverse("money:mark-paid", args=[event.pk]),
    ]
    hands = Hand.objects.count()
    for url in posts:
        response = director_client.post(url, {"tricks": 5, "reason": "x", "name": "Changed"})
        assert response.status_code == 403, url
        assert REFUSAL in unescape(response.content.decode()), url
    assert Hand.objects.count() == hands and Event.objects.get(pk=event.pk).name == event.name
    # The forms that only change are refused before they are filled in.
    for url in (posts[0], posts[5]):
        assert director_client.get(url).status_code == 403
    # Reading stays open.
    for url in (
        reverse("tournaments:event-detail", args=[event.pk]),
        reverse("tournaments:standings", args=[event.pk]),
        reverse("tournaments:round-detail", args=[round_.pk]),
        reverse("tournaments:table-detail", args=[table.pk]),
    ):
        assert director_client.get(url).status_code == 200, url
    # Its money pages say where the night is, and so does the event page's money card, rather
    # than show a door nobody recorded here.
    assert REFUSAL in unescape(
        director_client.get(reverse("money:night", args=[event.pk])).content.decode()
    )
    page = unescape(
        director_client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()
    )
    assert f"The money of this night is kept there. {REFUSAL}" in page


@pytest.mark.django_db
def test_a_night_run_on_the_server_stays_open_to_its_director(director_client, corrected_night):
    url = reverse("tournaments:event-edit", args=[corrected_night.pk])
    assert director_client.get(url).status_code == 200


@pytest.mark.django_db
def test_a_captain_cannot_enter_a_hand_at_a_published_night_in_play(client, club, key):
    event, _ = progressive_night(club, rounds=1)
    NightMoney.objects.filter(event=event).delete()
    # Round 1 closed: round 2 seated, in play on the laptop when it publishes.
    services.round_seat(event=event, seed=1)
    sent = payload(club, event)
    forget_originals(event, players=False)
    apply(key, sent)
    copy_ = Event.objects.get(uid=event.uid)
    table = Table.objects.filter(round__event=copy_, round__status=Round.Status.IN_PLAY).first()
    card = table.card()
    page = client.get(reverse("tournaments:captain-table", args=[card.token]))
    assert page.status_code == 200  # reading stays open
    url = reverse("tournaments:captain-hand", args=[card.token]) + f"?table={table.pk}"
    response = client.post(url, {"number": 1, "maker": "N", "tricks": 3})
    assert response.status_code == 409
    assert REFUSAL in unescape(response.content.decode())
    sent_url = reverse("tournaments:captain-send", args=[card.token]) + f"?table={table.pk}"
    response = client.post(sent_url, {"number": 1, "maker": "N", "tricks": 3})
    assert response.status_code == 409 and REFUSAL in response.json()["message"]
    assert not Hand.objects.filter(table=table).exists()


@pytest.mark.django_db
def test_a_bracket_published_here_cannot_be_changed_here(director_client, club, key):
    bracket = make_bracket(club, 4)
    sent = payload(club, bracket.event)
    forget_originals(bracket.event, players=False)
    apply(key, sent)
    event = Event.objects.get(uid=bracket.event.uid)
    url = reverse("brackets:match-call", args=[event.pk, "W1-1"])
    response = director_client.post(url, {"table": 1})
    assert response.status_code == 403 and REFUSAL in unescape(response.content.decode())
    assert director_client.get(reverse("brackets:bracket", args=[event.pk])).status_code == 200
    assert not Seat.objects.filter(round__event=event).exists()


@pytest.mark.django_db
def test_the_clubs_privacy_choices_travel_and_are_honoured(client, club, key):
    event, people = progressive_night(club, rounds=1)
    NightMoney.objects.filter(event=event).delete()
    club.results_public, club.ratings_shown, club.date_style = False, False, "en-GB"
    club.save()
    Player.objects.filter(pk=people["A"].pk).update(shown_publicly=False)
    sent = payload(club, event)
    forget_originals(event, players=True)
    # The server's club as a new one is: every choice at its default.
    club.results_public, club.ratings_shown, club.date_style = True, True, "en-US"
    club.save()
    apply(key, sent)
    club.refresh_from_db()
    assert (club.results_public, club.ratings_shown, club.date_style) == (False, False, "en-GB")
    copy_ = Event.objects.get(uid=event.uid)
    assert client.get(reverse("public:event", args=[club.slug, copy_.pk])).status_code == 404
    # The club shows its results again (on the laptop, published again): A by initials only,
    # and nobody's rating.
    sent["club"]["results_public"] = True
    apply(key, sent)
    page = page_text(client.get(reverse("public:event", args=[club.slug, copy_.pk])))
    hidden = Player.objects.get(name="A")
    assert not hidden.shown_publicly
    b = Player.objects.get(name="B")
    assert PlayerRating.objects.filter(player=b).exists()
    html = client.get(reverse("players:player", args=[club.slug, b.pk])).content.decode()
    assert 'id="rating"' not in html
    url = reverse("players:player", args=[club.slug, hidden.pk])
    assert client.get(url).status_code == 404
    assert " B " in f" {page} "


@pytest.mark.django_db
def test_a_clubs_settings_published_from_its_laptop_are_changed_there_not_here(
    director_client, club, key
):
    """Found walking the two servers: the server's director unticked "show results", was told
    "Saved", and the laptop's next publish showed the results again."""
    settings_url = reverse("clubs:club-settings", args=[club.slug])
    season_url = reverse("seasons:settings", args=[club.slug])
    for url in (settings_url, season_url):
        assert "change them on that laptop" in page_text(director_client.get(url))
    form = {"name": club.name, "results_public": "", "paper_size": "a4", "rules_preset": "x"}
    response = director_client.post(settings_url, form)
    assert response.status_code == 400
    assert f"Not saved: This club's settings come from the hall laptop “{LAPTOP}”" in (
        unescape(response.content.decode())
    )
    club.refresh_from_db()
    assert club.results_public and club.paper_size != "a4"
    response = director_client.post(season_url, {"counting": "average"})
    assert response.status_code == 400 and "Not saved" in response.content.decode()
    # A revoked key publishes nothing more: the settings are the server's own again.
    key.revoked_at = timezone.now()
    key.save()
    assert "change them on that laptop" not in page_text(director_client.get(settings_url))

"""The roster's players kept right: one name however its apostrophes, quotes and hyphens are
typed ("Mary O'Brien", an iPhone's "Mary O’Brien", "Mary OBrien"); a player renamed, retired
and brought back; and two entries of one person merged, every night's seats and entries,
partnerships and bracket teams, tables captained, ratings and season lines following the kept
player, all or nothing."""

import datetime
import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from test_ratings import play_night, rebuilt, stored

from brackets.models import Bracket, Team
from clubs.dates import day
from clubs.models import MergedPlayer, Player
from clubs.services import (
    MergeRefused,
    player_add,
    player_merge,
    player_rename,
    roster_import,
)
from clubs.signals import player_merging
from money import receivers as money_receivers
from money.models import DoorRecord, NightMoney, PaidMark
from ratings.models import NightRating, PlayerRating
from results_mail.models import OptInAsked, ResultsSent, ResultsWish
from seasons import nights as season_nights
from seasons.models import NightLine
from signup.models import SignUp
from tournaments import merging
from tournaments.models import Entry, Event, Partnership, Seat, Table, TallyPrint
from tournaments.services import tally_print_record

# --- One name, however it is typed ----------------------------------------------------------


@pytest.fixture
def mary(club):
    return Player.objects.create(club=club, name="Mary O'Brien")


@pytest.mark.parametrize(
    "typed",
    ["Mary O’Brien", "Mary OBrien", "mary o‘brien", "Mary Oʼbrien", "Mary O`Brien", "MARY O´BRIEN"],
)
def test_an_apostrophe_typed_another_way_is_the_player_on_the_roster(club, mary, typed):
    with pytest.raises(ValidationError) as refused:
        player_add(club=club, name=typed)

    assert refused.value.message_dict["name"][0].startswith(
        "Mary O'Brien is already on the roster."
    )
    assert club.players.count() == 1


@pytest.mark.parametrize("typed", ["Jean–Luc Picard", "JeanLuc Picard", "Jean—Luc Picard"])
def test_a_hyphen_or_a_dash_typed_or_left_out_is_the_same_name(club, typed):
    Player.objects.create(club=club, name="Jean-Luc Picard")

    with pytest.raises(ValidationError, match="Jean-Luc Picard is already on the roster"):
        player_add(club=club, name=typed)


def test_quotes_round_a_nickname_are_the_same_name(club):
    Player.objects.create(club=club, name='Bob "Skip" Hale')

    with pytest.raises(ValidationError, match='Bob "Skip" Hale is already on the roster'):
        player_add(club=club, name="Bob “Skip” Hale")


def test_the_club_page_names_the_player_an_iphone_apostrophe_duplicates(
    director_client, club, mary
):
    response = director_client.post(
        reverse("clubs:player-add", args=[club.slug]), {"name": "Mary O’Brien"}
    )

    assert response.status_code == 200
    assert "Mary O&#x27;Brien is already on the roster." in response.content.decode()
    assert club.players.count() == 1


def test_the_import_skips_apostrophe_and_hyphen_twins_and_says_who(club, mary):
    result = roster_import(
        club=club, text="Mary O’Brien\nMary OBrien\nAnn-Marie Cole\nAnn–Marie Cole\n"
    )

    assert [p.name for p in result.created] == ["Ann-Marie Cole"]
    assert [d.message for d in result.duplicates] == [
        "Line 1: Mary O'Brien is already on the roster (typed “Mary O’Brien”).",
        "Line 2: Mary O'Brien is already on the roster (typed “Mary OBrien”).",
        "Line 4: Ann-Marie Cole is already on line 3 (typed “Ann–Marie Cole”).",
    ]


def test_a_retired_players_name_is_refused_saying_they_can_be_brought_back(club, mary):
    mary.active = False
    mary.save()

    with pytest.raises(ValidationError) as refused:
        player_add(club=club, name="Mary OBrien")

    assert "Mary O'Brien is already on the roster, retired: bring them back" in str(refused.value)


def test_a_search_without_the_apostrophe_finds_the_player(club, mary):
    assert list(club.players.matching("obrien")) == [mary]
    assert list(club.players.matching("O’Bri")) == [mary]


# --- Rename ---------------------------------------------------------------------------------


def test_a_renamed_player_keeps_their_nights_and_the_history_says_so(
    director_client, club, players
):
    event = play_night(club, players[:8], day=1)
    ada = players[0]

    response = director_client.post(
        reverse("clubs:player-rename", args=[club.slug, ada.pk]), {"name": "Ada Baker-Hall"}
    )

    assert response.status_code == 302
    ada.refresh_from_db()
    assert ada.name == "Ada Baker-Hall"
    assert ada.sort_name == "ada bakerhall"
    assert Entry.objects.get(event=event, player=ada)
    assert ada.history.first().history_change_reason == "Renamed from Ada Baker."


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("", "Type the player&#x27;s new name."),
        ("   ", "Type the player&#x27;s new name."),
        ("\u200b", "A name is required."),
        ("x" * 121, "Ensure this value has at most 120 characters"),
        ("Ben Carter", "Ben Carter is already on the roster. If they are the same person as Ada"),
        ("ben  CARTER", "Ben Carter is already on the roster."),
        ("Ada Baker", "Ada Baker is already their name: type the new name."),
        # A NUL is refused before any form reads it (config/middleware.py), with a 400.
        ("Ada\x00", "The request held a NUL character"),
    ],
)
def test_a_rename_refused_says_why_and_changes_nothing(director_client, club, players, typed, says):
    ada = players[0]

    response = director_client.post(
        reverse("clubs:player-rename", args=[club.slug, ada.pk]), {"name": typed}
    )

    assert response.status_code == (400 if "\x00" in typed else 200)
    assert says in response.content.decode()
    ada.refresh_from_db()
    assert ada.name == "Ada Baker"


def test_a_rename_to_the_same_name_spelled_another_way_is_allowed(club):
    mary = Player.objects.create(club=club, name="Mary OBrien")

    player_rename(player=mary, name="Mary O’Brien")

    mary.refresh_from_db()
    assert mary.name == "Mary O’Brien"


# --- Retire ---------------------------------------------------------------------------------


def test_a_retired_player_leaves_the_main_list_and_the_nights_list_and_comes_back(
    director_client, club, players, event
):
    ada = players[0]
    retire = reverse("clubs:player-retire", args=[club.slug, ada.pk])
    roster = reverse("clubs:club-detail", args=[club.slug])

    assert director_client.post(retire, {"retired": "yes"}).status_code == 302

    ada.refresh_from_db()
    assert not ada.active
    page = director_client.get(roster).content.decode()
    main, retired = page.split('id="retired"')
    assert "Ada Baker" not in main.split('id="roster"')[1]
    assert "Ada Baker" in retired and "Bring back" in retired
    adding = director_client.get(reverse("tournaments:event-detail", args=[event.pk]) + "?find=ada")
    assert f'value="{ada.pk}"' not in adding.content.decode()

    assert director_client.post(retire, {"retired": "no"}).status_code == 302
    ada.refresh_from_db()
    assert ada.active
    adding = director_client.get(reverse("tournaments:event-detail", args=[event.pk]) + "?find=ada")
    assert f'value="{ada.pk}"' in adding.content.decode()


def test_a_retired_player_keeps_every_night(director_client, client, club, players):
    event = play_night(club, players[:8], day=1)
    ada = players[0]
    before = Seat.objects.filter(player=ada).count()

    director_client.post(
        reverse("clubs:player-retire", args=[club.slug, ada.pk]), {"retired": "yes"}
    )

    ada.refresh_from_db()
    assert not ada.active
    assert Seat.objects.filter(player=ada).count() == before > 0
    assert Entry.objects.filter(player=ada, event=event).exists()
    assert PlayerRating.objects.filter(player=ada).exists()
    assert client.get(reverse("players:player", args=[club.slug, ada.pk])).status_code == 200


def test_a_retirement_posted_without_a_choice_changes_nothing(director_client, club, players):
    ada = players[0]

    response = director_client.post(
        reverse("clubs:player-retire", args=[club.slug, ada.pk]), {"retired": "maybe"}, follow=True
    )

    assert "Nothing changed: choose to retire the player or bring them back." in (
        response.content.decode()
    )
    ada.refresh_from_db()
    assert ada.active


# --- Merge ----------------------------------------------------------------------------------


# Every relation a Player has, as Django knows it. A model added with a ForeignKey to Player
# fails test_a_merge_moves_every_row_that_refers_to_the_player: move its rows in the merge (a
# receiver of clubs.signals.player_merging), then add it here and to the test's world (twins).
EVERY_RELATION = {
    ("tournaments.Entry", "player"),
    ("tournaments.Seat", "player"),
    ("tournaments.Table", "captain"),
    ("tournaments.Table", "confirmed_by"),
    ("tournaments.HistoricalTable", "captain"),
    ("tournaments.HistoricalTable", "confirmed_by"),
    ("seasons.NightLine", "player"),
    ("ratings.PlayerRating", "player"),
    ("ratings.NightRating", "player"),
    ("clubs.MergedPlayer", "into"),
    ("money.DoorRecord", "player"),
    ("money.PaidMark", "player"),
    ("money.NightMoney", "pool_winners"),
    ("money.NightMoney_pool_winners", "player"),
    ("results_mail.ResultsWish", "player"),
    ("results_mail.ResultsSent", "player"),
    ("results_mail.OptInAsked", "player"),
    ("signup.SignUp", "player"),
    ("signup.SignUp", "partner"),
}


def _relations() -> list:
    # Hidden relations (related_name="+") too: Table.captain has no name back to the player.
    return [
        r
        for r in Player._meta.get_fields(include_hidden=True)
        if r.is_relation and r.auto_created and not r.concrete
    ]


def _refers(player_pk: int) -> dict[tuple[str, str], int]:
    """How many rows of each relation to Player refer to the player with this id."""
    return {
        (r.related_model._meta.label, r.field.name): r.related_model._default_manager.filter(
            **{r.field.name: player_pk}
        ).count()
        for r in _relations()
    }


def _season_lines(club) -> None:
    events = list(season_nights.with_in_play(Event.objects.filter(club=club)))
    season_nights.read(events)


@pytest.fixture
def twins(club, players):
    """Mary O'Brien played two nights with seven others; "Mary OBrien", entered again by
    mistake before apostrophes were folded, played a third night with the same seven, captained
    and confirmed a table there, had her tally card printed, paid at its door, won its pool and
    was handed her prize, and plays in a bracket team."""
    mary = Player.objects.create(club=club, name="Mary O'Brien")
    twin = Player.objects.create(club=club, name="Mary OBrien")
    seven = players[:7]
    first = play_night(club, [mary, *seven], day=1)
    play_night(club, [mary, *seven], day=3)
    third = play_night(club, [twin, *seven], day=2)
    table = Table.objects.filter(round__event=third, seats__player=twin).first()
    table.captain = twin
    table.confirmed_by = twin
    table.save()
    tally_print_record(event=third, routes={twin.pk: [[1, 1, "N", "Ada Baker"]]})
    # She paid at the door of her night, won its pool and was handed her prize (money/).
    DoorRecord.objects.create(event=third, player=twin, amount=500)
    night_money = NightMoney.objects.create(
        event=third, entry_fee=500, pool_buy_in=100, fines_paid={str(twin.pk): 50}
    )
    night_money.pool_winners.add(twin)
    PaidMark.objects.create(event=third, player=twin, amount=800)
    # She asked for her results by mail, and had her night's (results_mail/).
    ResultsWish.objects.create(player=twin, email="mary@example.com", made_by="director")
    OptInAsked.objects.create(player=twin, email="mary@example.com")
    ResultsSent.objects.create(event=third, player=twin)
    # She put her name down for a night ahead, and was named as a partner (signup/).
    ahead = Event.objects.create(club=club, name="Next week", date=datetime.date(2026, 3, 1))
    SignUp.objects.create(event=ahead, name="Mary OBrien", player=twin)
    SignUp.objects.create(event=ahead, name="Hank Irwin", partner_name="Mary", partner=twin)
    _season_lines(club)
    bracket_night = Event.objects.create(
        club=club, name="Fall bracket", date=datetime.date(2026, 2, 1), format="bracket"
    )
    team = Partnership.objects.create(event=bracket_night, name="The Irish")
    Entry.objects.create(event=bracket_night, player=twin, partnership=team)
    Entry.objects.create(event=bracket_night, player=players[7], partnership=team)
    Team.objects.create(
        bracket=Bracket.objects.create(event=bracket_night), partnership=team, seed=1
    )
    # A "M. O'Brien" was merged into the twin before: her old address leads to the twin.
    earlier = Player.objects.create(club=club, name="M. O'Brien")
    MergedPlayer.objects.create(club=club, old_id=earlier.pk, into=twin)
    earlier.delete()
    return mary, twin, first, third, team


def test_a_merge_moves_every_row_that_refers_to_the_player(club, twins):
    mary, twin, first, third, team = twins
    twin_pk = twin.pk
    assert set(_refers(twin_pk)) == EVERY_RELATION, "a relation to Player the merge must cover"
    assert all(_refers(twin_pk).values()), "the world fills every relation"

    merge = player_merge(keep=mary, other=twin)

    assert not any(_refers(twin_pk).values())
    assert not Player.objects.filter(pk=twin_pk).exists()
    assert merge.moved["nights entered"] == 2
    assert merge.moved["rounds seated or sat out"] == 2
    assert merge.moved["tables captained"] == merge.moved["results confirmed"] == 1
    assert ResultsWish.objects.get().player == mary
    assert ResultsSent.objects.get().player == mary
    assert SignUp.objects.filter(player=mary).count() == 1
    assert SignUp.objects.filter(partner=mary).count() == 1
    # Every night, partnership and bracket team is Mary's.
    assert Entry.objects.filter(player=mary).count() == 4
    assert Seat.objects.filter(player=mary, round__event=third).count() == 2
    assert list(team.entries.values_list("player__name", flat=True).order_by("player__name")) == [
        "Hank Irwin",
        "Mary O'Brien",
    ]
    assert Team.objects.get(partnership=team).partnership.entries.filter(player=mary).exists()
    assert Table.objects.filter(round__event=third, captain=mary, confirmed_by=mary).exists()
    assert Table.history.filter(
        captain_id=mary.pk, history_change_reason__contains="merged"
    ).exists()
    assert list(TallyPrint.objects.get(event=third).routes) == [str(mary.pk)]
    # Her rating counts all three nights, as a rebuild from nothing does.
    assert PlayerRating.objects.get(player=mary).rounds == 6
    assert NightRating.objects.filter(player=mary).count() == 3
    now = stored(club)
    assert now == rebuilt(club)
    # Her season lines: the three nights, read again.
    _season_lines(club)
    assert NightLine.objects.filter(player=mary).count() == 3
    # The history keeps the merge, both ways.
    assert mary.history.first().history_change_reason.startswith(
        f"Mary OBrien (player {twin_pk}) merged in: 2 nights played; 2 rounds played or sat out; "
        "captain at 1 table; 1 table’s score confirmed; 1 payment at the door; 1 prize handed "
        "out; ratings worked out again from 2 nights"
    )
    # Her money too: the door, the prize handed out, the pool, the fines noted by name.
    assert DoorRecord.objects.get(event=third).player == mary
    assert NightMoney.objects.get(event=third).fines_paid == {str(mary.pk): 50}
    # Both old addresses lead to Mary now.
    assert set(MergedPlayer.objects.values_list("into", flat=True)) == {mary.pk}
    assert MergedPlayer.objects.filter(old_id=twin_pk, club=club).exists()
    gone = Player.history.filter(id=twin_pk).first()
    assert gone.history_type == "-"
    assert gone.history_change_reason == f"Merged into Mary O'Brien (player {mary.pk})."


def test_the_season_page_and_player_page_show_the_merged_nights(client, club, twins):
    mary, twin, *_ = twins

    player_merge(keep=mary, other=twin)

    page = client.get(reverse("players:player", args=[club.slug, mary.pk]))
    assert page.status_code == 200
    assert page.content.decode().count("Night ") >= 3


def test_two_players_of_one_night_are_not_merged_and_nothing_changes(club, twins):
    mary, twin, first, third, team = twins
    Entry.objects.create(event=first, player=twin, present=False)
    before_mary, before_twin = _refers(mary.pk), _refers(twin.pk)
    ratings = stored(club)

    with pytest.raises(MergeRefused) as refused:
        player_merge(keep=mary, other=twin)

    assert refused.value.messages == [
        "Nothing was merged: Mary O'Brien and Mary OBrien both played in Night 1, "
        f"{day(first.date, club)}. One person cannot play twice in one night, so they are "
        "two players: rename one instead (add a middle initial or a nickname)."
    ]
    assert (_refers(mary.pk), _refers(twin.pk)) == (before_mary, before_twin)
    assert stored(club) == ratings
    assert Player.objects.filter(pk=twin.pk).exists()


def test_a_row_no_app_moves_refuses_the_merge_whole(club, twins):
    """A model the merge does not know (here: the entries, their receiver disconnected) is
    found by Player's relations and refuses the merge, instead of being lost with the player."""
    mary, twin, *_ = twins
    before = _refers(twin.pk)
    player_merging.disconnect(merging.move_nights)
    try:
        with pytest.raises(MergeRefused, match="Nothing was merged: Mary OBrien still has entry"):
            player_merge(keep=mary, other=twin)
    finally:
        player_merging.connect(merging.move_nights)
        # Back in the order the apps connect them (tournaments, then money): the merge's words
        # follow it, and the next test on this worker reads them.
        player_merging.disconnect(money_receivers.move_money)
        player_merging.connect(money_receivers.move_money)

    assert _refers(twin.pk) == before


def test_the_director_previews_then_merges_from_the_players_page(director_client, club, twins):
    mary, twin, *_ = twins
    page = director_client.get(reverse("clubs:player-detail", args=[club.slug, twin.pk]))
    merge_url = reverse("clubs:player-merge", args=[club.slug, twin.pk, mary.pk])
    assert merge_url in page.content.decode()  # offered: the same name on the roster

    preview = director_client.get(merge_url).content.decode()
    assert (
        "From <bdi>Mary OBrien</bdi>:\n        2 nights played; 2 rounds played or sat out; "
        "captain at 1 table; 1 table’s score confirmed; 1 payment at the door; 1 prize handed "
        "out." in preview
    )
    assert Player.objects.filter(pk=twin.pk).exists()  # the preview changed nothing
    assert Entry.objects.filter(player=twin).count() == 2

    done = director_client.post(merge_url, {"keep": mary.pk}, follow=True)

    assert done.redirect_chain[-1][0] == reverse("clubs:player-detail", args=[club.slug, mary.pk])
    assert "Mary OBrien is merged into Mary O&#x27;Brien: 2 nights played; " in (
        done.content.decode()
    )
    assert "ratings worked out again from 2 nights." in done.content.decode()
    assert not Player.objects.filter(pk=twin.pk).exists()


@pytest.mark.parametrize("keep", ["", "abc", "٣", "99999999999999999999999", "-1"])
def test_a_merge_posted_without_a_player_to_keep_says_so(director_client, club, twins, keep):
    mary, twin, *_ = twins
    before = _refers(twin.pk)

    response = director_client.post(
        reverse("clubs:player-merge", args=[club.slug, twin.pk, mary.pk]), {"keep": keep}
    )

    assert response.status_code == 200
    assert "Nothing was merged: choose which of the two players to keep." in (
        response.content.decode()
    )
    assert _refers(twin.pk) == before


def test_a_merge_keeping_a_third_player_merges_nothing(director_client, club, twins, players):
    mary, twin, *_ = twins

    response = director_client.post(
        reverse("clubs:player-merge", args=[club.slug, twin.pk, mary.pk]), {"keep": players[9].pk}
    )

    assert "choose which of the two players to keep" in response.content.decode()
    assert Player.objects.filter(pk=twin.pk).exists()


def test_a_player_is_not_merged_with_themselves(director_client, club, players):
    """Only a typed address asks it: refused plainly, back on the player's page, rather than a
    page offering to "Merge Ada Baker and Ada Baker"."""
    ada = players[0]
    url = reverse("clubs:player-merge", args=[club.slug, ada.pk, ada.pk])
    back = reverse("clubs:player-detail", args=[club.slug, ada.pk])

    for response in (
        director_client.get(url, follow=True),
        director_client.post(url, {"keep": ada.pk}, follow=True),
    ):
        assert response.redirect_chain == [(back, 302)]
        page = response.content.decode()
        assert "Ada Baker cannot be merged with themselves: nothing was merged." in page
        assert "Merge Ada Baker and Ada Baker" not in page
    assert Player.objects.filter(pk=ada.pk).exists()


def test_the_merge_page_refuses_two_players_of_one_night_before_asking(
    director_client, club, twins
):
    mary, twin, first, *_ = twins
    Entry.objects.create(event=first, player=twin)

    page = director_client.get(
        reverse("clubs:player-merge", args=[club.slug, twin.pk, mary.pk])
    ).content.decode()

    assert "both played in Night 1" in page
    assert 'id="merge-form"' not in page


def test_the_merge_search_finds_the_other_player_without_the_apostrophe(
    director_client, club, twins
):
    mary, twin, *_ = twins

    page = director_client.get(
        reverse("clubs:player-detail", args=[club.slug, mary.pk]) + "?find=o’bri"
    ).content.decode()

    assert reverse("clubs:player-merge", args=[club.slug, mary.pk, twin.pk]) in page


# --- Nobody touches another club's players ---------------------------------------------------


def _other_club_requests(club, mary, ada):
    return [
        ("get", reverse("clubs:player-detail", args=[club.slug, mary.pk]), {}),
        ("post", reverse("clubs:player-rename", args=[club.slug, mary.pk]), {"name": "X Y"}),
        ("post", reverse("clubs:player-retire", args=[club.slug, mary.pk]), {"retired": "yes"}),
        ("get", reverse("clubs:player-merge", args=[club.slug, mary.pk, ada.pk]), {}),
        (
            "post",
            reverse("clubs:player-merge", args=[club.slug, mary.pk, ada.pk]),
            {"keep": ada.pk},
        ),
    ]


def test_another_clubs_director_gets_404_and_nothing_changes(
    client, club, players, mary, other_director, other_club
):
    ada = players[0]
    client.force_login(other_director)
    theirs = Player.objects.create(club=other_club, name="Otto Lane")

    for method, url, data in _other_club_requests(club, mary, ada):
        assert getattr(client, method)(url, data).status_code == 404, url
    # Their own club's address with this club's players: 404 too.
    for url in (
        reverse("clubs:player-detail", args=[other_club.slug, mary.pk]),
        reverse("clubs:player-merge", args=[other_club.slug, theirs.pk, mary.pk]),
    ):
        assert client.get(url).status_code == 404
        assert client.post(url, {"keep": theirs.pk}).status_code == 404

    mary.refresh_from_db()
    assert (mary.name, mary.active) == ("Mary O'Brien", True)
    assert Player.objects.filter(pk=ada.pk).exists()


def test_a_visitor_is_sent_to_log_in(client, club, players, mary):
    for method, url, data in _other_club_requests(club, mary, players[0]):
        response = getattr(client, method)(url, data)
        assert response.status_code == 302 and "login" in response["Location"]
    mary.refresh_from_db()
    assert mary.active


def test_the_kept_player_keeps_the_others_email_hidden_name_and_playing_state(club, twins):
    mary, twin, *_ = twins
    Player.objects.filter(pk=mary.pk).update(email="", active=False)
    Player.objects.filter(pk=twin.pk).update(email="mary@example.org", shown_publicly=False)
    mary.refresh_from_db()
    twin.refresh_from_db()

    player_merge(keep=mary, other=twin)

    mary.refresh_from_db()
    assert mary.email == "mary@example.org"
    # She asked, as "Mary OBrien", to be shown by her initials: the merge does not undo it.
    assert not mary.shown_publicly
    # She still plays, as "Mary OBrien" did: not retired.
    assert mary.active


# --- Names already on a roster, upgraded ------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_upgrade_gives_names_already_on_the_roster_their_folded_key():
    """A roster from before apostrophes were folded: "Mary O’Brien" was stored under
    "mary o’brien", so "Mary OBrien" would pass the check and the search "obrien" miss her."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before = [("clubs", "0009_player_history")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    club = old.get_model("clubs", "Club").objects.create(name="Old Hall", slug="old-hall")
    old.get_model("clubs", "Player").objects.create(
        club=club, name="Mary O’Brien", sort_name="mary o’brien"
    )

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    mary = Player.objects.get(name="Mary O’Brien")
    assert mary.sort_name == "mary obrien"
    with pytest.raises(ValidationError, match="Mary O’Brien is already on the roster"):
        player_add(club=mary.club, name="Mary OBrien")


# --- What a director on a phone met --------------------------------------------------------


def _tag(page: str, pattern: str) -> str:
    found = re.search(pattern, page)
    assert found, pattern
    return found.group()


def test_a_refused_add_opens_the_page_at_the_form_and_its_message(director_client, club):
    """The roster is thousands of pixels long: the page answering the post opens at the name
    in error (autofocus, no script needed), its message linked to it."""
    Player.objects.create(club=club, name="Pat O'Brien")

    page = director_client.post(
        reverse("clubs:player-add", args=[club.slug]), {"name": "Pat OBrien"}
    ).content.decode()

    field = _tag(page, r'<input[^>]*name="name"[^>]*>')
    assert "autofocus" in field
    assert 'aria-describedby="id_name_error"' in field
    error = page[page.index('id="id_name_error"') :]
    assert error.index("Pat O&#x27;Brien is already on the roster.") < 200
    assert page.count("autofocus") == 1


def test_an_import_says_a_retired_player_is_retired_and_opens_at_its_report(director_client, club):
    Player.objects.create(club=club, name="Joe Smith", active=False)

    report = roster_import(club=club, text="joe smith\nJoe Smith\nAnn Cole")

    assert [d.message for d in report.duplicates] == [
        "Line 1: Joe Smith is already on the roster, retired (typed “joe smith”): bring them "
        "back from the Retired list.",
        "Line 2: Joe Smith is already on the roster, retired: bring them back from the Retired "
        "list.",
    ]
    page = director_client.post(
        reverse("clubs:player-import", args=[club.slug]), {"text": "Joe Smith"}
    ).content.decode()
    assert "Line 1: <bdi>Joe Smith</bdi> is already on the roster, retired: bring them back" in (
        page
    )
    # The report is in the import's card, below the roster, and the page opens at it.
    form = page[page.index('id="import-players"') :]
    assert _tag(form, r"<h4[^>]*>Import report") == '<h4 tabindex="-1" autofocus>Import report'
    assert page.count("autofocus") == 1


def test_the_merge_preview_says_whose_email_and_phone_are_kept_and_dropped(director_client, club):
    tess = Player.objects.create(club=club, name="Tess Walker", email="tess@example.org")
    tessie = Player.objects.create(
        club=club, name="Tessie Walker", email="tw2@example.org", phone="555-0101"
    )
    url = reverse("clubs:player-merge", args=[club.slug, tessie.pk, tess.pk])

    page = director_client.get(url).content.decode()

    # Both choices, each saying what it keeps and what it drops.
    assert (
        "Tessie Walker’s email tw2@example.org is dropped: Tess Walker keeps tess@example.org."
        in page
    )
    assert "Tess Walker takes Tessie Walker’s phone number 555-0101." in page
    assert (
        "Tess Walker’s email tess@example.org is dropped: Tessie Walker keeps tw2@example.org."
        in page
    )
    done = director_client.post(url, {"keep": tess.pk}, follow=True).content.decode()
    assert "Tessie Walker’s email tw2@example.org is dropped" in done
    tess.refresh_from_db()
    assert (tess.email, tess.phone) == ("tess@example.org", "555-0101")


def test_the_merge_search_names_a_player_of_the_same_night_without_a_link(
    director_client, club, twins, players
):
    mary, twin, *_ = twins
    ada, jill = players[0], players[9]  # Ada played every night with Mary; Jill never played
    page_url = reverse("clubs:player-detail", args=[club.slug, mary.pk])

    page = director_client.get(page_url + "?find=a").content.decode()

    assert reverse("clubs:player-merge", args=[club.slug, mary.pk, ada.pk]) not in page
    assert (
        "<bdi>Ada Baker</bdi>: played the same night as <bdi>Mary O&#x27;Brien</bdi>, so cannot "
        "be merged" in page
    )
    assert reverse("clubs:player-merge", args=[club.slug, mary.pk, jill.pk]) in page
    assert reverse("clubs:player-merge", args=[club.slug, mary.pk, twin.pk]) in page
    nothing = director_client.get(page_url + "?find=zzz").content.decode()
    assert "No other player's name has “zzz” in it." in nothing


def test_a_merged_players_old_address_leads_to_the_kept_players_page(client, club, twins):
    mary, twin, *_ = twins
    old = reverse("players:player", args=[club.slug, twin.pk])
    kept = reverse("players:player", args=[club.slug, mary.pk])
    earlier = MergedPlayer.objects.get().old_id  # merged into the twin before

    player_merge(keep=mary, other=twin)

    for address in (old, reverse("players:player", args=[club.slug, earlier])):
        response = client.get(address)
        assert (response.status_code, response["Location"]) == (302, kept)
    assert client.get(old, follow=True).status_code == 200
    # Only where the kept player's own page may be seen, as that page decides.
    Player.objects.filter(pk=mary.pk).update(shown_publicly=False)
    assert client.get(kept).status_code == client.get(old).status_code == 404
    Player.objects.filter(pk=mary.pk).update(shown_publicly=True)
    club.results_public = False
    club.save()
    assert client.get(kept).status_code == client.get(old).status_code == 404

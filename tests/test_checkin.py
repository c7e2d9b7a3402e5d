"""The night starts from the sign-up list (issue 44, point 4) on the machine that runs it: the
check-in page's Here, Did not come, Mark the rest, Undo, a place given at the door, through
the pages as the director taps them. Sign-ups are made with the ORM (the players' form is
signup's)."""

import datetime

import pytest
from django.urls import reverse

from clubs.models import ClubDirector, Player
from publishing.models import Published
from signup.models import SignUp
from tournaments.models import Entry, Event, Partnership

HERE, NO_SHOW = SignUp.Arrival.HERE, SignUp.Arrival.NO_SHOW


def page(event) -> str:
    return reverse("signup:check-in", args=[event.pk])


def tap(client, event, signup, action):
    return client.post(
        reverse("signup:check-in-tap", args=[event.pk]),
        {"signup": signup.pk, "action": action},
        follow=True,
    )


def listed(event, name, **fields) -> SignUp:
    position = event.signups.count() + 1
    return SignUp.objects.create(event=event, name=name, position=position, **fields)


@pytest.fixture
def night(event):
    """A night whose list has Mary (matched to the roster), Jim (a new name), Ann (held)."""
    mary = Player.objects.create(club=event.club, name="Mary O’Brien")
    return {
        "mary": listed(event, "Mary O'Brien", player=mary, email="mary@example.org"),
        "jim": listed(event, "Jim Hardy", phone="555-0101"),
        "ann": listed(event, "Ann Lee", held=True),
        "wait": listed(event, "Wes Waiting", status=SignUp.Status.WAITING),
    }


def test_here_enters_the_matched_player_and_adds_a_new_name_to_the_roster(
    director_client, event, night
):
    shown = director_client.get(page(event)).content.decode()
    for name in ("Mary O&#x27;Brien", "Jim Hardy", "Ann Lee", "Wes Waiting", "held for them"):
        assert name in shown
    assert "mary@example.org" in shown  # a director sees contact details
    assert (
        "Check in from the list"
        in director_client.get(
            reverse("tournaments:event-detail", args=[event.pk])
        ).content.decode()
    )

    said = tap(director_client, event, night["mary"], "here").content.decode()
    assert "Mary O&#x27;Brien: checked in." in said
    tap(director_client, event, night["jim"], "here")

    entries = {e.player.name: e for e in Entry.objects.filter(event=event)}
    assert set(entries) == {"Mary O’Brien", "Jim Hardy"}
    assert all(e.present for e in entries.values())
    # Mary is the roster's Mary (no second one), Jim a new roster player with his phone.
    assert Player.objects.filter(club=event.club).count() == 2
    jim = Player.objects.get(club=event.club, name="Jim Hardy")
    assert jim.phone == "555-0101"
    jim_signup = SignUp.objects.get(pk=night["jim"].pk)
    assert (jim_signup.arrival, jim_signup.player, jim_signup.entry) == (
        HERE,
        jim,
        entries["Jim Hardy"],
    )
    assert "2</strong> players checked in" in director_client.get(page(event)).content.decode()


def test_a_name_the_roster_writes_differently_is_the_rosters_player(director_client, event):
    roster = Player.objects.create(club=event.club, name="Zoë Brontë")
    zoe = listed(event, "zoe bronte")
    tap(director_client, event, zoe, "here")
    assert list(Entry.objects.filter(event=event).values_list("player", flat=True)) == [roster.pk]


def test_a_double_tap_makes_one_entry(director_client, event, night):
    tap(director_client, event, night["jim"], "here")
    said = tap(director_client, event, night["jim"], "here").content.decode()
    assert "Jim Hardy: already checked in." in said
    assert Entry.objects.filter(event=event).count() == 1
    assert Player.objects.filter(club=event.club, name="Jim Hardy").count() == 1


def test_did_not_come_the_rest_and_undo(director_client, event, night):
    tap(director_client, event, night["mary"], "here")
    tap(director_client, event, night["jim"], "no_show")
    assert SignUp.objects.get(pk=night["jim"].pk).arrival == NO_SHOW
    assert not Entry.objects.filter(event=event, player__name="Jim Hardy").exists()

    rest = reverse("signup:check-in-rest", args=[event.pk])
    # One tap for many names: only with its tick, as the list's Remove.
    shown = director_client.get(page(event)).content.decode()
    assert "Yes, mark 1 player as not coming" in shown
    refused = director_client.post(rest, follow=True).content.decode()
    assert "Nobody was marked: tick “Yes, mark 1 player as not coming” first." in refused
    assert SignUp.objects.get(pk=night["ann"].pk).arrival == ""
    said = director_client.post(rest, {"confirm": "yes"}, follow=True).content.decode()
    assert "1 name marked as did not come." in said
    assert SignUp.objects.get(pk=night["ann"].pk).arrival == NO_SHOW
    # The waiting list is not expected: nobody marks them.
    assert SignUp.objects.get(pk=night["wait"].pk).arrival == ""
    assert "Mark the rest as not coming" not in said

    # Mary's tap was a mistake: she is expected again, and not checked in for the next round.
    said = tap(director_client, event, night["mary"], "undo").content.decode()
    assert "Mary O&#x27;Brien: expected again (undone)." in said
    assert SignUp.objects.get(pk=night["mary"].pk).arrival == ""
    assert not Entry.objects.get(event=event, player__name="Mary O’Brien").present
    # And checked in again, once.
    tap(director_client, event, night["mary"], "here")
    assert Entry.objects.get(event=event, player__name="Mary O’Brien").present
    assert Entry.objects.filter(event=event).count() == 1

    # A no-show who turns up after all: undo, then Here.
    refused = tap(director_client, event, night["mary"], "no_show").content.decode()
    assert "is checked in: undo that first" in refused
    tap(director_client, event, night["jim"], "undo")
    tap(director_client, event, night["jim"], "here")
    assert SignUp.objects.get(pk=night["jim"].pk).arrival == HERE


def test_someone_waiting_who_came_is_given_a_place_and_checked_in(director_client, event, night):
    refused = tap(director_client, event, night["wait"], "here").content.decode()
    assert "Wes Waiting has no place on the list: give them a place" in refused
    assert not Entry.objects.filter(event=event).exists()
    said = tap(director_client, event, night["wait"], "place").content.decode()
    assert "Wes Waiting: given a place and checked in." in said
    wes = SignUp.objects.get(pk=night["wait"].pk)
    assert (wes.status, wes.arrival) == (SignUp.Status.IN, HERE)
    assert Entry.objects.filter(event=event, player__name="Wes Waiting", present=True).exists()


@pytest.mark.parametrize("format", [Event.Format.PAIRS, Event.Format.BRACKET])
def test_a_team_checks_in_as_partners(director_client, club, format):
    event = Event.objects.create(
        club=club, name="Pairs night", date=datetime.date(2026, 11, 25), format=format
    )
    team = listed(event, "Mary Smith", partner_name="Jim O'Brien", places=2)
    solo = listed(event, "Sam Solo", find_partner=True)
    said = tap(director_client, event, team, "here").content.decode()
    assert "Mary Smith &amp; Jim O&#x27;Brien: checked in." in said
    tap(director_client, event, team, "here")  # a double tap: one partnership
    tap(director_client, event, solo, "here")
    partnership = Partnership.objects.get(event=event)
    assert sorted(partnership.entries.values_list("player__name", flat=True)) == [
        "Jim O'Brien",
        "Mary Smith",
    ]
    assert Entry.objects.get(event=event, player__name="Sam Solo").partnership is None
    # Undone and checked in again: still the one partnership.
    tap(director_client, event, team, "undo")
    tap(director_client, event, team, "here")
    assert Partnership.objects.filter(event=event).count() == 1
    assert Entry.objects.filter(event=event, present=True).count() == 3


def walk_in(client, event, name, partner=None):
    data = {"name": name} if partner is None else {"name": name, "partner_name": partner}
    return client.post(
        reverse("signup:check-in-walk-in", args=[event.pk]), data, follow=True
    ).content.decode()


def test_a_brand_new_walk_in_is_added_at_the_door_once(director_client, event, night):
    jim = Player.objects.create(club=event.club, name="Jim O’Brien")
    assert 'id="walk-in"' in director_client.get(page(event)).content.decode()

    said = walk_in(director_client, event, "  Tom   Newby ")
    assert "Walk-in Tom Newby: Tom Newby added to the roster; entered and checked in." in said
    tom = Player.objects.get(club=event.club, name="Tom Newby")
    assert Entry.objects.get(event=event, player=tom).present
    # Pressed twice (or sent again): one roster player, one entry.
    said = walk_in(director_client, event, "tom newby")
    assert "Walk-in Tom Newby: already checked in." in said
    assert Player.objects.filter(club=event.club, sort_name=tom.sort_name).count() == 1
    assert Entry.objects.filter(event=event, player=tom).count() == 1
    # A name the roster writes differently is the roster's player.
    said = walk_in(director_client, event, "jim obrien")
    assert "Walk-in Jim O’Brien: entered and checked in." in said
    assert Entry.objects.filter(event=event, player=jim, present=True).exists()
    assert Player.objects.filter(club=event.club).count() == 3  # Mary, Jim, Tom

    # Bad input, in words, and nothing saved.
    for typed, words in (
        ("   ", "Type the walk-in&#x27;s name, e.g. Tom Newby."),
        ("x" * 500, "Too long: at most"),
    ):
        said = walk_in(director_client, event, typed)
        assert words in said, typed
    assert Entry.objects.filter(event=event).count() == 2
    assert Player.objects.filter(club=event.club).count() == 3


def test_a_walk_in_team_on_a_pairs_night(director_client, club):
    event = Event.objects.create(
        club=club, name="Pairs night", date=datetime.date(2026, 11, 25), format="pairs"
    )
    said = walk_in(director_client, event, "Nell New", "Ned New")
    assert "Walk-in Nell New &amp; Ned New: Nell New and Ned New added to the roster" in said
    assert "as partners." in said
    partnership = Partnership.objects.get(event=event)
    assert sorted(partnership.entries.values_list("player__name", flat=True)) == [
        "Ned New",
        "Nell New",
    ]
    walk_in(director_client, event, "Nell New", "Ned New")  # again: nothing doubled
    assert Partnership.objects.filter(event=event).count() == 1
    assert Entry.objects.filter(event=event).count() == 2
    said = walk_in(director_client, event, "Sam Solo", "sam  SOLO")
    assert "Sam Solo is named twice: type their partner&#x27;s name, or leave it empty." in said
    # Ned has a partner already: refused in words, and Pat is not added to the roster.
    said = walk_in(director_client, event, "Pat Other", "Ned New")
    assert "Ned New already has another partner in this event, not Pat Other" in said
    assert not Player.objects.filter(club=club, name="Pat Other").exists()
    assert Entry.objects.filter(event=event).count() == 2


def test_the_nights_figure_counts_walk_ins_and_knows_who_is_entered(
    director_client, event, night, players
):
    """11 players here: Mary and Jim checked in from the list, 3 walk-ins added on the event
    page (one of them Wes, who waits on the list), Ann entered there too, and 5 more."""
    tap(director_client, event, night["mary"], "here")
    tap(director_client, event, night["jim"], "here")
    wes = Player.objects.create(club=event.club, name="Wes Waiting")
    ann = Player.objects.create(club=event.club, name="ann lee")
    added = [wes, ann, *players[:7]]
    director_client.post(
        reverse("tournaments:entries-add", args=[event.pk]), {"players": [p.pk for p in added]}
    )
    assert Entry.objects.filter(event=event, present=True).count() == 11
    shown = director_client.get(page(event)).content.decode()
    assert "<strong>11</strong> players checked in tonight" in shown
    # Ann is held a place on the list and entered already: she is here, not expected.
    assert "From the list: <strong>3</strong> checked in" in shown
    assert "<strong>0</strong> still expected" in shown
    ann_row = shown[shown.index(f'id="s{night["ann"].pk}"') :]
    ann_row = ann_row[: ann_row.index("</li>")]
    assert "Checked in already" in ann_row and 'value="here"' in ann_row
    assert "Did not come" not in ann_row
    wes_row = shown[shown.index(f'id="s{night["wait"].pk}"') :]
    wes_row = wes_row[: wes_row.index("</li>")]
    assert "Checked in already" in wes_row
    assert "Give a place and check in" not in wes_row
    assert "Mark the rest as not coming" not in shown  # nobody is still expected
    # The walk-ins are named, not only counted: the 7 on no name of the list, by name.
    walked = shown[shown.index('id="walked-in"') :]
    walked = walked[: walked.index("</section>")]
    assert walked.count("<li") == 7
    for p in players[:7]:
        assert f"<bdi>{p.name}</bdi>" in walked
    for name in ("Mary", "Jim", "Ann", "Wes"):
        assert name not in walked

    # Here links Ann's name to her entry: no second entry, no second Ann on the roster.
    said = tap(director_client, event, night["ann"], "here").content.decode()
    assert "Ann Lee: checked in." in said
    linked = SignUp.objects.get(pk=night["ann"].pk)
    assert (linked.arrival, linked.entry) == (HERE, Entry.objects.get(event=event, player=ann))
    assert Entry.objects.filter(event=event).count() == 11
    assert not Player.objects.filter(club=event.club, name="Ann Lee").exists()
    # And Wes is given his place on the list, his entry the one he has.
    tap(director_client, event, night["wait"], "place")
    assert SignUp.objects.get(pk=night["wait"].pk).entry == Entry.objects.get(player=wes)
    assert Entry.objects.filter(event=event).count() == 11


def test_the_rest_leaves_a_name_entered_already(director_client, event, night):
    Entry.objects.create(event=event, player=night["mary"].player)
    director_client.post(
        reverse("signup:check-in-rest", args=[event.pk]), {"confirm": "yes"}, follow=True
    )
    arrivals = dict(SignUp.objects.filter(event=event).values_list("name", "arrival"))
    assert arrivals == {
        "Mary O'Brien": "",  # entered and checked in on the event page: here, not a no-show
        "Jim Hardy": NO_SHOW,
        "Ann Lee": NO_SHOW,
        "Wes Waiting": "",
    }


def test_an_assistant_checks_in_but_sees_no_contact_details(
    client, event, night, django_user_model
):
    helper = django_user_model.objects.create_user("ada", password="ada-pass-123")
    ClubDirector.objects.create(club=event.club, user=helper, role=ClubDirector.Role.ASSISTANT)
    client.force_login(helper)
    shown = client.get(page(event)).content.decode()
    assert "Jim Hardy" in shown
    assert "mary@example.org" not in shown and "555-0101" not in shown
    tap(client, event, night["jim"], "here")
    assert SignUp.objects.get(pk=night["jim"].pk).arrival == HERE


def test_a_stranger_finds_nothing(client, other_director, event, night):
    client.force_login(other_director)
    assert client.get(page(event)).status_code == 404
    answer = client.post(
        reverse("signup:check-in-tap", args=[event.pk]),
        {"signup": night["jim"].pk, "action": "here"},
    )
    assert answer.status_code == 404
    assert client.post(reverse("signup:check-in-rest", args=[event.pk])).status_code == 404
    walk_in = reverse("signup:check-in-walk-in", args=[event.pk])
    assert client.post(walk_in, {"name": "Tom Newby"}).status_code == 404
    assert not Player.objects.filter(name="Tom Newby").exists()
    assert SignUp.objects.get(pk=night["jim"].pk).arrival == ""
    assert not Entry.objects.exists()


def test_another_events_name_or_a_bad_button_is_refused_in_words(director_client, event, night):
    other = Event.objects.create(club=event.club, name="Next week", date=datetime.date(2026, 12, 1))
    stray = listed(other, "Olga Other")
    said = tap(director_client, event, stray, "here").content.decode()
    assert "That name is no longer on this event&#x27;s list: reload the page." in said
    answer = director_client.post(
        reverse("signup:check-in-tap", args=[event.pk]),
        {"signup": "x", "action": "dance"},
        follow=True,
    )
    assert answer.status_code == 200
    assert "That button is not one of this page&#x27;s: reload the page." in answer.content.decode()
    assert not Entry.objects.exists()


def test_a_night_published_from_the_laptop_is_refused_here_in_words(director_client, event, night):
    Published.objects.create(event=event, laptop_name="Hall laptop", applied_at=event.created)
    shown = director_client.get(page(event)).content.decode()
    assert "run on the hall laptop “Hall laptop” and published here" in shown
    assert 'value="here"' not in shown  # no buttons
    answer = tap(director_client, event, night["jim"], "here")
    assert answer.status_code == 403
    assert "change it on that laptop" in answer.content.decode()
    assert SignUp.objects.get(pk=night["jim"].pk).arrival == ""
    assert 'id="walk-in"' not in shown
    walk_in = reverse("signup:check-in-walk-in", args=[event.pk])
    assert director_client.post(walk_in, {"name": "Tom Newby"}).status_code == 403
    assert not Player.objects.filter(name="Tom Newby").exists()
    assert not Entry.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_two_taps_at_the_same_moment_check_a_team_in_once(club):
    """Two helpers at the door tap Here for the same team at once (and another name that is
    new to the roster too): one entry each, one partnership, one roster player each."""
    from conftest import at_once

    from signup import checkin

    event = Event.objects.create(
        club=club, name="Pairs night", date=datetime.date(2026, 11, 25), format="pairs"
    )
    team = listed(event, "Nell New", partner_name="Ned New", places=2)
    again = listed(event, "Nell  new")  # the same person put down twice
    results = at_once(
        [
            lambda: checkin.check_in(event=event, pk=team.pk),
            lambda: checkin.check_in(event=event, pk=team.pk),
            lambda: checkin.check_in(event=event, pk=again.pk),
        ]
    )
    assert not [r for r in results if isinstance(r, Exception)], results
    assert sorted(done for _, done in results[:2]) == [False, True]
    # Nell is one roster player, named as whichever tap added her first.
    names = Player.objects.filter(club=club).values_list("name", flat=True)
    assert sorted(n.casefold() for n in names) == ["ned new", "nell new"]
    assert Entry.objects.filter(event=event).count() == 2
    assert Partnership.objects.filter(event=event).count() == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("known", [False, True])
def test_a_walk_in_sent_twice_at_the_same_moment_is_entered_once(club, known):
    """The Walk-in button pressed twice (two helpers, or a double click): one roster player,
    one entry, one partnership."""
    from conftest import at_once

    from signup import checkin

    event = Event.objects.create(
        club=club, name="Pairs night", date=datetime.date(2026, 11, 25), format="pairs"
    )
    if known:  # on the roster already: nothing to add there, no roster lock taken
        Player.objects.create(club=club, name="Tom Newby")
        Player.objects.create(club=club, name="Tess Newby")
    results = at_once(
        [lambda: checkin.walk_in(event=event, name="Tom Newby", partner_name="Tess Newby")] * 2
    )
    assert not [r for r in results if isinstance(r, Exception)], results
    assert sorted(Player.objects.filter(club=club).values_list("name", flat=True)) == [
        "Tess Newby",
        "Tom Newby",
    ]
    assert Entry.objects.filter(event=event, present=True).count() == 2
    assert Partnership.objects.filter(event=event).count() == 1


def walked_in(client, event) -> str:
    shown = client.get(page(event)).content.decode()
    if 'id="walked-in"' not in shown:
        return ""
    walked = shown[shown.index('id="walked-in"') :]
    return walked[: walked.index("</section>")]


def undo_walk_in(client, event, player_id) -> str:
    return client.post(
        reverse("signup:check-in-walk-in-undo", args=[event.pk]),
        {"player": player_id},
        follow=True,
    ).content.decode()


def test_a_walk_in_checked_in_by_mistake_is_undone(director_client, club, event, night):
    walk_in(director_client, event, "Tom Newby")
    tap(director_client, event, night["mary"], "here")
    tom = Player.objects.get(club=club, name="Tom Newby")
    assert "<bdi>Tom Newby</bdi>" in walked_in(director_client, event)
    assert "Mary" not in walked_in(director_client, event)

    said = undo_walk_in(director_client, event, tom.pk)
    assert "Tom Newby: not checked in any more (undone)." in said
    assert "<strong>1</strong> player checked in tonight" in said
    # The entry stays (as an undo on the list leaves it), not checked in; the list's Mary
    # cannot be undone from here, nor a player of another club or no number at all.
    assert not Entry.objects.get(event=event, player=tom).present
    assert walked_in(director_client, event) == ""
    mary = night["mary"].player
    for sent in (tom.pk, mary.pk, "x", "", 2**70):
        said = undo_walk_in(director_client, event, sent)
        assert "That walk-in is not checked in any more: nothing was changed." in said
    assert Entry.objects.get(event=event, player=mary).present
    # Checked in again at the door: listed again.
    assert "entered and checked in" in walk_in(director_client, event, "Tom Newby")
    assert "<bdi>Tom Newby</bdi>" in walked_in(director_client, event)


def test_a_walk_in_team_is_listed_and_undone_together(director_client, club):
    event = Event.objects.create(
        club=club, name="Pairs night", date=datetime.date(2026, 11, 25), format="pairs"
    )
    walk_in(director_client, event, "Nell New", "Ned New")
    walk_in(director_client, event, "Abe Alone")
    walked = walked_in(director_client, event)
    assert "<bdi>Nell New &amp; Ned New</bdi>" in walked
    assert "<bdi>Abe Alone</bdi>" in walked
    ned = Player.objects.get(club=club, name="Ned New")
    said = undo_walk_in(director_client, event, ned.pk)
    assert "Nell New &amp; Ned New: not checked in any more (undone)." in said
    assert (
        not Entry.objects.filter(event=event, present=True)
        .exclude(player__name="Abe Alone")
        .exists()
    )
    assert Partnership.objects.filter(event=event).count() == 1  # kept, as the entries


def test_a_stranger_cannot_undo_a_walk_in(client, director_client, other_director, club, event):
    walk_in(director_client, event, "Tom Newby")
    tom = Player.objects.get(club=club, name="Tom Newby")
    client.force_login(other_director)
    response = client.post(
        reverse("signup:check-in-walk-in-undo", args=[event.pk]), {"player": tom.pk}
    )
    assert response.status_code == 404
    assert Entry.objects.get(event=event, player=tom).present


def row(shown: str, signup) -> str:
    """One name's row of the page, as drawn."""
    found = shown[shown.index(f'id="s{signup.pk}"') :]
    return found[: found.index("</li>")]


def test_a_name_on_the_list_typed_as_a_walk_in_is_checked_in_from_the_list(
    director_client, event, night
):
    """The walk (item 14): Shirley, who has a place, typed in the Walk-in box was entered as a
    walk-in, and her row then said "Checked in already, not from the list" with Here still on
    it. Typed, a name of the list is checked in from its row, as its Here does."""
    shirley = listed(event, "Shirley Jones", email="shirley@example.org")
    said = walk_in(director_client, event, "shirley  JONES")
    assert "Shirley Jones is on the list: checked in from it." in said
    linked = SignUp.objects.get(pk=shirley.pk)
    roster = Player.objects.get(club=event.club, name="Shirley Jones")
    assert (linked.arrival, linked.player, linked.entry) == (
        HERE,
        roster,
        Entry.objects.get(event=event, player=roster, present=True),
    )
    shown = director_client.get(page(event)).content.decode()
    assert 'value="undo"' in row(shown, shirley) and 'value="here"' not in row(shown, shirley)
    assert "not from the list" not in shown
    assert walked_in(director_client, event) == ""
    # Typed again (a second press, or another helper): nothing doubled, and said so.
    said = walk_in(director_client, event, "Shirley Jones")
    assert "Shirley Jones is on the list: checked in already." in said
    assert Entry.objects.filter(event=event).count() == 1

    # The roster's Mary (the list's match) typed as the roster writes her; and Jim, marked as
    # did not come, who turns up after all: each checked in from the list.
    walk_in(director_client, event, "Mary O’Brien")
    said = tap(director_client, event, night["jim"], "no_show")
    said = walk_in(director_client, event, "jim hardy")
    assert "Jim Hardy is on the list: checked in from it." in said
    arrivals = dict(SignUp.objects.filter(event=event).values_list("name", "arrival"))
    assert arrivals["Mary O'Brien"] == arrivals["Jim Hardy"] == HERE
    assert Entry.objects.filter(event=event, present=True).count() == 3
    assert Player.objects.filter(club=event.club).count() == 3  # Shirley, Mary, Jim: no double
    assert walked_in(director_client, event) == ""


def test_a_name_entered_on_the_event_page_then_typed_at_the_door_is_linked(
    director_client, event, night
):
    """Ann (held a place) entered on the event page shows "Checked in already, not from the
    list"; typing her at the door links her name to that entry, as her row's Here does."""
    ann = Player.objects.create(club=event.club, name="ann lee")
    director_client.post(reverse("tournaments:entries-add", args=[event.pk]), {"players": [ann.pk]})
    said = walk_in(director_client, event, "Ann Lee")
    assert "Ann Lee is on the list: checked in from it." in said
    linked = SignUp.objects.get(pk=night["ann"].pk)
    assert (linked.arrival, linked.entry) == (HERE, Entry.objects.get(event=event, player=ann))
    assert Entry.objects.filter(event=event).count() == 1


def test_a_name_waiting_typed_as_a_walk_in_is_given_a_place_and_checked_in(
    director_client, event, night
):
    said = walk_in(director_client, event, "wes waiting")
    assert "Wes Waiting was on the waiting list: given a place and checked in." in said
    wes = SignUp.objects.get(pk=night["wait"].pk)
    assert (wes.status, wes.arrival) == (SignUp.Status.IN, HERE)
    assert wes.entry == Entry.objects.get(event=event, player__name="Wes Waiting", present=True)
    shown = director_client.get(page(event)).content.decode()
    assert 'id="waiting"' not in shown  # nobody waits now
    assert walked_in(director_client, event) == ""


def test_a_cancelled_name_typed_at_the_door_is_a_walk_in(director_client, event, night):
    """A name that cancelled has no row to check in from: a walk-in, as its Here says."""
    gone = listed(event, "Gus Gone", status=SignUp.Status.CANCELLED)
    said = walk_in(director_client, event, "Gus Gone")
    assert "Walk-in Gus Gone: Gus Gone added to the roster; entered and checked in." in said
    assert SignUp.objects.get(pk=gone.pk).arrival == ""
    assert "<bdi>Gus Gone</bdi>" in walked_in(director_client, event)


@pytest.fixture
def pairs_list(club):
    event = Event.objects.create(
        club=club, name="Pairs night", date=datetime.date(2026, 11, 25), format="pairs"
    )
    return event, {
        "team": listed(event, "Mary Smith", partner_name="Jim O'Brien", places=2),
        "sam": listed(event, "Sam Solo", find_partner=True),
        "pat": listed(event, "Pat Solo", find_partner=True),
    }


def test_a_walk_in_team_of_the_lists_names_is_checked_in_from_its_row(
    director_client, club, pairs_list
):
    event, rows = pairs_list
    # The list's team, typed in either order, or one of them alone: their row's Here.
    said = walk_in(director_client, event, "jim obrien", "Mary  Smith")
    assert "Mary Smith &amp; Jim O&#x27;Brien are on the list: checked in from it." in said
    team = SignUp.objects.get(pk=rows["team"].pk)
    assert team.arrival == HERE
    partnership = Partnership.objects.get(event=event)
    assert sorted(partnership.entries.values_list("player__name", flat=True)) == [
        "Jim O'Brien",
        "Mary Smith",
    ]
    said = walk_in(director_client, event, "Jim O'Brien")
    assert "Mary Smith &amp; Jim O&#x27;Brien are on the list: checked in already." in said
    said = walk_in(director_client, event, "Sam Solo")
    assert "Sam Solo is on the list: checked in from it." in said
    assert Entry.objects.filter(event=event, present=True).count() == 3
    assert Partnership.objects.filter(event=event).count() == 1
    assert walked_in(director_client, event) == ""


def test_a_walk_in_team_whose_partner_differs_from_the_lists_is_refused_in_words(
    director_client, club, pairs_list
):
    """The list says who partners whom: a typed team that says otherwise is refused, with
    what to do, and nothing is entered or added to the roster."""
    event, rows = pairs_list
    for first, second, words in (
        (
            "Mary Smith",
            "Tom Newby",
            "Mary Smith is on the list with Jim O&#x27;Brien, not Tom Newby: if Jim "
            "O&#x27;Brien came, check the two in from their row; if not, check in Tom Newby "
            "here alone, then enter Mary Smith and pair the two under Partnerships on the "
            "event page.",
        ),
        (
            "Tom Newby",
            "jim obrien",
            "Jim O&#x27;Brien is on the list with Mary Smith, not Tom Newby",
        ),
        (
            "Sam Solo",
            "Tom Newby",
            "Sam Solo is on the list on their own, not with Tom Newby: check Sam Solo in from "
            "their row and Tom Newby here alone, then pair the two under Partnerships on the "
            "event page.",
        ),
        (
            "Sam Solo",
            "Pat Solo",
            "Sam Solo and Pat Solo are each on the list on their own: check each in from their "
            "row, then pair the two under Partnerships on the event page.",
        ),
        ("Pat Solo", "Mary Smith", "Mary Smith is on the list with Jim O&#x27;Brien, not Pat"),
    ):
        said = walk_in(director_client, event, first, second)
        assert words in said, (first, second)
    assert not Entry.objects.filter(event=event).exists()
    assert not Player.objects.filter(club=club, name="Tom Newby").exists()
    assert set(SignUp.objects.filter(event=event).values_list("arrival", flat=True)) == {""}


def test_a_name_of_the_list_is_never_among_the_walk_ins(director_client, club, pairs_list):
    """Jim, Mary's partner on the list, entered alone on the event page: still a name of the
    list, so not a walk-in; their row says he is here, and the rest does not mark them."""
    event, rows = pairs_list
    jim = Player.objects.create(club=club, name="Jim OBrien")
    director_client.post(reverse("tournaments:entries-add", args=[event.pk]), {"players": [jim.pk]})
    assert walked_in(director_client, event) == ""
    shown = director_client.get(page(event)).content.decode()
    assert "<bdi>Jim OBrien</bdi> checked in already" in row(shown, rows["team"])
    assert "Yes, mark 2 players as not coming" in shown  # Sam and Pat; not Mary and Jim
    director_client.post(
        reverse("signup:check-in-rest", args=[event.pk]), {"confirm": "yes"}, follow=True
    )
    arrivals = dict(SignUp.objects.filter(event=event).values_list("name", "arrival"))
    assert arrivals == {"Mary Smith": "", "Sam Solo": NO_SHOW, "Pat Solo": NO_SHOW}


def test_the_rest_refused_says_the_boxs_words_beside_it(director_client, event, night):
    """The walk (item 15b): the refusal named a box that does not exist ("Yes, mark them as
    not coming"), at the page's top, far from the box and its button."""
    rest = reverse("signup:check-in-rest", args=[event.pk])
    shown = director_client.post(rest).content.decode()
    form = shown[shown.index('id="rest"') :]
    form = form[: form.index("</form>")]
    assert "Yes, mark 3 players as not coming" in form  # Mary, Jim, Ann
    assert "Nobody was marked: tick “Yes, mark 3 players as not coming” first." in form
    assert 'role="alert"' in form
    assert shown.index('id="rest"') < shown.index("Nobody was marked")  # by the box
    assert set(SignUp.objects.filter(event=event).values_list("arrival", flat=True)) == {""}
    # Sent from a page gone stale, when nobody is expected any more: no box to tick, said so.
    for name in ("mary", "jim", "ann"):
        tap(director_client, event, night[name], "here")
    shown = director_client.post(rest).content.decode()
    assert "Nobody is still expected now: nobody was marked." in shown
    assert "tick “Yes" not in shown


@pytest.mark.django_db(transaction=True)
def test_a_name_of_the_list_typed_twice_at_the_same_moment_is_checked_in_once(club):
    """Two helpers type Shirley at once: her row is checked in once (its lock), one entry."""
    from conftest import at_once

    from signup import checkin

    event = Event.objects.create(club=club, name="Friday", date=datetime.date(2026, 11, 27))
    shirley = listed(event, "Shirley Jones")
    results = at_once([lambda: checkin.walk_in(event=event, name="Shirley Jones")] * 2)
    assert not [r for r in results if isinstance(r, Exception)], results
    assert sorted(r.done for r in results) == [False, True]
    assert all(r.listed.pk == shirley.pk for r in results)
    assert SignUp.objects.get(pk=shirley.pk).arrival == HERE
    assert Entry.objects.filter(event=event, present=True).count() == 1
    assert Player.objects.filter(club=club).count() == 1

"""Typing table codes at /t/: a guesser is held to a small budget, while a hall's phones, all
behind the router's one address, are not locked out by a few typos (tournaments/guesses.py).

The counts live in the database: they hold across connections (threads here, gunicorn workers
and app servers in production) and are not reset by clearing the cache. The concurrency test
runs on SQLite and on PostgreSQL (bin/with-postgres).
"""

import datetime
import itertools
import re
import secrets

import pytest
from conftest import at_once
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tournaments import guesses
from tournaments.models import TABLE_CODE_ALPHABET, CodeGuessCount, TableCard

pytestmark = pytest.mark.django_db

HALL = "192.0.2.10"  # the router every phone in the hall shares


class Clock:
    def __init__(self, at: datetime.datetime):
        self.at = at

    def __call__(self) -> datetime.datetime:
        return self.at

    def advance(self, **delta) -> None:
        self.at += datetime.timedelta(**delta)


@pytest.fixture(autouse=True)
def clock(monkeypatch) -> Clock:
    # 7.5 minutes into a 15-minute window, and inside the hour's and the day's: no window ends
    # while a test runs unless the test moves the clock.
    at = Clock(datetime.datetime(2025, 3, 7, 19, 7, 30, tzinfo=datetime.UTC))
    monkeypatch.setattr(guesses, "now", at)
    return at


@pytest.fixture
def card(club) -> TableCard:
    return TableCard.objects.ensure(club, 1)[0]


def code_url() -> str:
    return reverse("tournaments:captain-code")


def wrong_codes():
    """Well-formed codes that open nothing: what a guesser types."""
    taken = set(TableCard.objects.values_list("code", flat=True))
    every = map("".join, itertools.product(TABLE_CODE_ALPHABET, repeat=6))
    return (code for code in every if code not in taken)


def phone(address: str = HALL) -> Client:
    """A phone that opened the code page: it holds the id cookie the page gives."""
    client = Client(REMOTE_ADDR=address)
    assert client.get(code_url()).status_code == 200
    assert guesses.PHONE_COOKIE in client.cookies
    return client


def type_code(client: Client, code: str):
    return client.post(code_url(), {"code": code})


def without_cookies(code: str, address: str = HALL):
    """A guesser who keeps no cookie: a fresh client for every code."""
    return Client(REMOTE_ADDR=address).post(code_url(), {"code": code})


def test_the_code_page_says_scanning_always_works(client):
    assert "Scanning always works" in client.get(code_url()).content.decode()


def test_a_room_of_phones_behind_one_router_gets_in_despite_typos(card):
    codes = wrong_codes()
    for _ in range(12):
        captain = phone()
        assert type_code(captain, next(codes)).status_code == 404
        response = type_code(captain, card.code)
        assert response.status_code == 302
        assert response.url == reverse("tournaments:captain-table", args=[card.token])


def test_a_phone_that_keeps_mistyping_locks_only_itself(clock, card):
    fumbler, codes = phone(), wrong_codes()
    for _ in range(guesses.PHONE.allowed):
        response = type_code(fumbler, next(codes))
        assert response.status_code == 404
        assert "No table has this code" in response.content.decode()
    # The 11th is refused, even the right code, without being looked at. The 10 count in this
    # quarter hour and then in the next one's budget: the phone waits until the one after.
    for code in (next(codes), card.code):
        response = type_code(fumbler, code)
        assert response.status_code == 429
        html = response.content.decode()
        assert "Too many wrong codes from this phone: try again in 23 minutes" in html
        assert "Scanning the QR code on the table card always works" in html
        assert response["Retry-After"] == str(22 * 60 + 30)
    # Another phone on the same Wi-Fi is not affected.
    neighbour = phone()
    assert type_code(neighbour, next(codes)).status_code == 404
    assert type_code(neighbour, card.code).status_code == 302
    # Still refused in the next quarter hour (its 15 minutes would otherwise hold 20 codes)...
    clock.advance(minutes=8)
    assert type_code(fumbler, card.code).status_code == 429
    # ...and typing again once the quarter hour the 10 were typed in is a whole window ago.
    clock.advance(minutes=15)
    assert type_code(fumbler, card.code).status_code == 302


@pytest.mark.parametrize("cookie", ["none", "made up each time"])
def test_a_guesser_dropping_cookies_is_held_to_the_address_budget(card, cookie):
    codes = wrong_codes()

    def guess(code: str):
        client = Client(REMOTE_ADDR=HALL)
        if cookie != "none":
            client.cookies[guesses.PHONE_COOKIE] = secrets.token_urlsafe(16)
        return client.post(code_url(), {"code": code})

    for _ in range(guesses.ADDRESS.allowed):
        assert guess(next(codes)).status_code == 404
    for _ in range(20):
        response = guess(next(codes))
        assert response.status_code == 429
    assert "Too many wrong codes from this network" in response.content.decode()
    # A locked address is refused before anything else is counted: made-up phone ids add no
    # rows once its budget is spent.
    assert CodeGuessCount.objects.filter(kind="phone").count() <= guesses.ADDRESS.allowed
    # Now the whole address waits (phones there can still scan); other addresses do not.
    assert type_code(phone(), card.code).status_code == 429
    assert type_code(phone("198.51.100.7"), card.code).status_code == 302


def test_an_address_gets_300_wrong_codes_a_day(clock):
    codes = wrong_codes()
    # An hour's 100, then two hours on (the next hour would see the last one's 100 too).
    for _hour in range(3):
        for _ in range(guesses.ADDRESS.allowed):
            assert without_cookies(next(codes)).status_code == 404
        assert without_cookies(next(codes)).status_code == 429
        clock.advance(hours=2)
    response = without_cookies(next(codes))
    assert response.status_code == 429
    # 01:07:30 the next day: yesterday's 300 still count, so the address waits for the day's
    # end (UTC).
    assert "for about 23 hours" in response.content.decode()


def test_an_ipv6_address_is_counted_by_its_64(card):
    # One host can take any address in its /64, so the /64 is what gets counted.
    codes = wrong_codes()
    for n in range(guesses.ADDRESS.allowed):
        assert without_cookies(next(codes), f"2001:db8:1:2::{n + 1:x}").status_code == 404
    assert without_cookies(next(codes), "2001:db8:1:2:ffff::1").status_code == 429
    assert type_code(phone("2001:db8:1:3::1"), card.code).status_code == 302


def test_the_count_lives_in_the_database_not_the_cache(card):
    fumbler, codes = phone(), wrong_codes()
    for _ in range(guesses.PHONE.allowed):
        assert type_code(fumbler, next(codes)).status_code == 404
        cache.clear()
    # Another client with the same phone id, as another worker or server would see it.
    same_phone = Client(REMOTE_ADDR=HALL)
    same_phone.cookies[guesses.PHONE_COOKIE] = fumbler.cookies[guesses.PHONE_COOKIE].value
    assert type_code(same_phone, card.code).status_code == 429
    counts = dict(CodeGuessCount.objects.values_list("kind", "count"))
    assert counts == {"phone": 10, "address": 10, "address-day": 10}


def test_right_and_malformed_codes_are_not_counted(card):
    captain = phone()
    for _ in range(guesses.ADDRESS.allowed + 1):
        assert without_cookies(card.code).status_code == 302
        assert type_code(captain, card.code).status_code == 302
        assert type_code(captain, "ABC").status_code == 200  # too short to look up
    assert set(CodeGuessCount.objects.values_list("count", flat=True)) == {0}
    # So the address still has its whole budget, and the phone its own.
    codes = wrong_codes()
    for _ in range(guesses.PHONE.allowed):
        assert type_code(captain, next(codes)).status_code == 404
    assert type_code(captain, next(codes)).status_code == 429
    for _ in range(guesses.ADDRESS.allowed - guesses.PHONE.allowed):
        assert without_cookies(next(codes)).status_code == 404
    assert without_cookies(next(codes)).status_code == 429


def test_a_reissued_cards_old_code_answers_like_an_unknown_code(card):
    old_code = card.code
    card.reissue()
    unknown = next(wrong_codes())

    def answer(code: str):
        response = type_code(phone(), code)
        html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", response.content.decode())
        return response.status_code, html.replace(code, "CODE")

    assert answer(old_code) == answer(unknown)
    assert answer(old_code)[0] == 404
    # Both were counted as wrong codes (one phone each, on the hall's address).
    assert CodeGuessCount.objects.get(kind="address").count == 3


# --- At once, from several connections ------------------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("threads", "same_phone", "codes_each", "evaluated"),
    [
        (24, True, 1, guesses.PHONE.allowed),  # one phone, 24 tabs at once: its own budget
        (16, False, 10, guesses.ADDRESS.allowed),  # 16 phones, each within its budget
    ],
)
def test_a_burst_at_once_gets_exactly_the_budget_evaluated(
    threads, same_phone, codes_each, evaluated
):
    codes = wrong_codes()
    shared_id = secrets.token_urlsafe(16)

    def tab(phone_id: str, typed: list[str]):
        def job():
            client = Client(REMOTE_ADDR=HALL)
            client.cookies[guesses.PHONE_COOKIE] = phone_id
            return [client.post(code_url(), {"code": code}).status_code for code in typed]

        return job

    jobs = [
        tab(
            shared_id if same_phone else secrets.token_urlsafe(16),
            [next(codes) for _ in range(codes_each)],
        )
        for _ in range(threads)
    ]
    results = at_once(jobs)
    assert not [r for r in results if isinstance(r, BaseException)], results
    statuses = sorted(itertools.chain.from_iterable(results))
    assert statuses == [404] * evaluated + [429] * (threads * codes_each - evaluated)
    assert CodeGuessCount.objects.get(kind="address").count == evaluated


def test_a_typed_code_costs_a_few_statements(card, django_assert_num_queries):
    captain, codes = phone(), wrong_codes()
    type_code(captain, next(codes))  # the windows' rows exist from here on
    # Take a slot in the address's hour and day and in the phone's window (one conditional
    # UPDATE each); look the code up.
    with django_assert_num_queries(4):
        assert type_code(captain, next(codes)).status_code == 404
    # The same, then give the three slots back in one UPDATE.
    with django_assert_num_queries(5):
        assert type_code(captain, card.code).status_code == 302


def test_ended_windows_are_deleted_when_a_new_one_starts(clock):
    captain, codes = phone(), wrong_codes()
    type_code(captain, next(codes))
    clock.advance(days=1)
    type_code(captain, next(codes))
    assert set(CodeGuessCount.objects.values_list("count", flat=True)) == {1}
    assert CodeGuessCount.objects.count() == 3


# --- No span of a window's length ever sees more than the budget (issue 23, item 9) ----------


HOUR = datetime.timedelta(hours=1)


def burst(clock, evaluated: list, *, address: str, phone: str = "") -> None:
    """Wrong codes as fast as they are answered, until one is refused; each evaluated code's
    moment is noted (none is given back: they are all wrong)."""
    while not guesses.reserve(address=address, phone=phone).refused:
        evaluated.append(clock())


def most_in_any_span(moments: list, span: datetime.timedelta) -> int:
    return max(sum(1 for m in moments if start <= m < start + span) for start in moments)


@pytest.mark.parametrize("kind", ["phone", "address", "address-day"])
def test_no_window_length_sees_more_than_the_budget_across_windows_ends(clock, monkeypatch, kind):
    """Bursts just before and just after a window's end, and on through the next two: a
    guesser who waits for the end never gets the budget twice in one window's length."""
    budget = {b.kind: b for b in (guesses.PHONE, guesses.ADDRESS, guesses.ADDRESS_DAY)}[kind]
    if kind == "address-day":
        # The hour's budget would hold the guesser long before the day's: lift it here.
        monkeypatch.setattr(guesses, "ADDRESS", guesses.Budget("address", 10**6, HOUR))
    phone_id = secrets.token_urlsafe(16) if kind == "phone" else ""
    window = budget.window
    end = budget.window_end(clock())
    second = datetime.timedelta(seconds=1)
    clock.at = end - second
    evaluated = []
    for moment in [
        end - second,
        end + second,
        end + window / 4,
        end + window / 2,
        end + window - second,
        end + window + second,
        end + window * 3 / 2,
        end + window * 2 + second,
        end + window * 3 - second,
        end + window * 3 + second,
    ]:
        clock.at = moment
        burst(clock, evaluated, address="203.0.113.5", phone=phone_id)
    assert most_in_any_span(evaluated, window) == budget.allowed
    # The budget comes back whole once a window has passed with nothing typed: spent before
    # the end, again a window later, and again two windows after that.
    assert len(evaluated) == 3 * budget.allowed

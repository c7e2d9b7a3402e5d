"""The hall's promises, kept by the server the hall really runs (`python3 euchre.py hall`:
waitress, SQLite in the data folder), not by the test server: 800 hands entered by 100 tables'
phones at once, each hand sent twice, are every one stored exactly once; and `kill -9` in the
middle of play loses no acknowledged hand, and the phones' kept hands then count once.

The phones are a small asyncio client on loopback (tests/hallrun.py)."""

import asyncio
import signal

import pytest
from hallrun import HANDS, ROOT, Captain, Hall, hands_stored

TABLES = 100
# Every phone here comes from 127.0.0.1, where a hall's each have an address of their own: the
# server's limit on one address's idle connections (config/server.py, 16) would close a phone's
# connection opened a moment before it sends, among 200 opened at once from one address.
ONE_ADDRESS_FOR_ALL = {"IDLE_PER_ADDRESS": "500"}


async def _open(hall: Hall, world: dict) -> list[Captain]:
    captains = [Captain(hall.port, card, table) for card, table in world["tables"]]
    await asyncio.gather(*(captain.open() for captain in captains))
    return captains


@pytest.fixture(scope="module")
def busy_hall(tmp_path_factory):
    hall = Hall(ROOT, tmp_path_factory.mktemp("hall-data"), **ONE_ADDRESS_FOR_ALL).start()
    world = hall.build_world(tables=TABLES)
    yield hall, world
    hall.kill()


def test_800_hands_from_100_tables_at_once_each_sent_twice_are_stored_once(busy_hall):
    hall, world = busy_hall

    async def play():
        captains = await _open(hall, world)

        async def table(captain: Captain) -> list[list[int]]:
            answers = []
            for number in range(1, len(HANDS) + 1):
                # Two phones at the table confirm the same hand at the same moment.
                answers.append(
                    sorted(await asyncio.gather(captain.confirm(number), captain.confirm(number)))
                )
            return answers

        return await asyncio.gather(*(table(captain) for captain in captains))

    results = asyncio.run(play())
    # Each hand: one phone's Confirm recorded it (302), the other was told it was already
    # entered (409); nothing failed.
    assert results == [[[302, 409]] * len(HANDS)] * TABLES, results
    stored = hands_stored(hall.database)
    assert len(stored) == TABLES
    assert all(numbers == list(range(1, len(HANDS) + 1)) for numbers in stored.values()), stored
    assert sum(len(numbers) for numbers in stored.values()) == 800


def test_kill_9_in_play_loses_no_acknowledged_hand_and_kept_hands_count_once(tmp_path):
    hall = Hall(ROOT, tmp_path, **ONE_ADDRESS_FOR_ALL).start()
    world = hall.build_world(tables=50)
    acknowledged: dict[int, list[int]] = {}

    async def play_until_killed():
        captains = await _open(hall, world)

        async def table(captain: Captain):
            done = acknowledged.setdefault(captain.table, [])
            for number in range(1, len(HANDS) + 1):
                try:
                    status = await captain.confirm(number)
                except OSError:
                    return  # the server is gone: the phone keeps this hand and the rest
                assert status == 302
                done.append(number)

        async def killer():
            # Once some hands are in, mid-play: kill -9 of the whole hall.
            while sum(map(len, acknowledged.values())) < 120:
                await asyncio.sleep(0.01)
            hall.signal(signal.SIGKILL)

        await asyncio.gather(killer(), *(table(captain) for captain in captains))
        return captains

    captains = asyncio.run(play_until_killed())
    hall.process.wait(timeout=30)
    total = sum(map(len, acknowledged.values()))
    assert 120 <= total < 400, "the kill came in the middle of play"

    stored = hands_stored(hall.database)  # and SQLite's integrity check passes
    for captain in captains:
        numbers = stored.get(captain.table, [])
        assert numbers == list(range(1, len(numbers) + 1)), "no gap, no double"
        # Every acknowledged hand is there; at most the one in flight besides.
        assert numbers[: len(acknowledged[captain.table])] == acknowledged[captain.table]
        assert len(numbers) - len(acknowledged[captain.table]) <= 1

    # Back up, the phones send what they kept: a hand recorded before the kill whose answer
    # was lost is "already" entered, every other one is recorded; all of them count once.
    hall.start()
    for captain in captains:
        captain.port = hall.port

    async def send_kept():
        async def table(captain: Captain) -> list[str]:
            first = len(acknowledged[captain.table]) + 1
            return [await captain.send_kept(n) for n in range(first, len(HANDS) + 1)]

        return await asyncio.gather(*(table(captain) for captain in captains))

    answers = asyncio.run(send_kept())
    for captain, states in zip(captains, answers, strict=True):
        in_flight = len(stored.get(captain.table, [])) > len(acknowledged[captain.table])
        expected = ["already"] * in_flight + ["recorded"] * (len(states) - in_flight)
        assert states == expected, (captain.table, states)
    stored = hands_stored(hall.database)
    assert all(numbers == list(range(1, len(HANDS) + 1)) for numbers in stored.values())
    assert sum(len(numbers) for numbers in stored.values()) == 50 * len(HANDS)
    hall.kill()

"""The club's home online, end to end (issue 43's "Done when"): two real servers on loopback,
the hall's laptop (waitress, SQLite, hall mode) and the club's server (gunicorn, two app servers
sharing one PostgreSQL database), linked through the pages as a director links them.

A progressive night and a bracket are played on the laptop with the server stopped for half of
it; `manage.py publish` sends what waits; then every public page of those nights on the server
shows the same figures as the laptop's (each page's tables, read as text). Then what must hold
whatever fails: the laptop killed (kill -9) while sending, the server killed while applying (the
server shows the night as it was before or as it is after, never half), a correction after
publishing, a night with hidden standings, a tampered and a replayed request, another club's
key, a revoked key.

The servers are started once for the file (tests/two_servers.py). The file runs in the SQLite
pass (no database fixture: the laptop's SQLite and the server's PostgreSQL are its own), with
a throwaway PostgreSQL server of its own, or on the run's own when DATABASE_URL names one.
"""

import gzip
import json
import os
import re
import signal
import time
from html import unescape

import pytest

# Before the publishing parts are merged, there is nothing to test end to end.
for _module in (
    "publishing.snapshot",
    "publishing.signing",
    "publishing.sender",
    "publishing.api",
    "publishing.management.commands.publish",
):
    pytest.importorskip(_module, reason=f"{_module} is not there yet (issue 43's publishing)")

from two_servers import (  # noqa: E402
    DIRECTOR,
    RIVAL_DIRECTOR,
    Browser,
    Form,
    Laptop,
    Postgres,
    Server,
    figures,
    http_get,
    http_post,
    signed,
    wait_connected,
)

SLUG, CLUB = "maple-hall", "Maple Hall Euchre Club"
RIVAL_SLUG, RIVAL = "riverside", "Riverside Euchre"
LAPTOP_NAME = "Hall laptop"
KEY_TEXT = re.compile(r"euk_[A-Za-z0-9_\-]+")
# The wire format's addresses (publishing/signing.py, publishing/urls.py).
HELLO, APPLY = "/publish/v1/hello", "/publish/v1/apply"


class World:
    """The two servers, and what the tests learnt along the way."""

    def __init__(self, laptop: Laptop, server: Server):
        self.laptop, self.server = laptop, server
        self.events: dict[str, str] = {}  # a name -> the night's uid
        self.laptop_club_uid = ""
        self.pks: dict[tuple[str, str], int] = {}

    def publish(self, expect_ok: bool = True, patience: float = 150) -> str:
        """`manage.py publish`, as the director runs it. One send at a time per club: while
        the hall's own sender is sending (or, after a kill -9, until its claim runs out,
        publishing/sender.py LEASE_SECONDS), it says "try again in a minute", and is tried
        again."""
        deadline = time.monotonic() + patience
        while True:
            done = self.laptop.manage("publish")
            said = done.stdout + done.stderr
            if done.returncode == 0 or "under way" not in said or time.monotonic() > deadline:
                break
            time.sleep(2)
        if expect_ok:
            assert done.returncode == 0, f"manage.py publish failed:\n{said}"
        else:
            assert done.returncode != 0, f"manage.py publish should have failed:\n{said}"
            assert said.strip(), "manage.py publish failed without saying why"
        return said

    def laptop_step(self, *steps):
        return self.laptop.run(*steps)

    def server_step(self, *steps):
        return self.server.run(*steps)

    def key_of(self, slug: str, laptop_name: str) -> dict:
        return self.server_step(("key", {"slug": slug, "laptop": laptop_name}))[0]


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    folder = tmp_path_factory.mktemp("two-servers")
    postgres = Postgres().start()
    name = f"euchre_two_servers_{os.getpid()}"
    laptop = server = None
    try:
        # The hall prepares its database while the server's is migrated: both at once.
        laptop = Laptop(folder / "laptop").start(wait=False)
        server = Server(folder / "server", postgres.database(name))
        server.migrate()
        server.start()
        laptop.ready()
        server.run(
            ("club", {"slug": SLUG, "name": CLUB, "director": list(DIRECTOR)}),
            ("club", {"slug": RIVAL_SLUG, "name": RIVAL, "director": list(RIVAL_DIRECTOR)}),
        )
        made = laptop.run(("club", {"slug": SLUG, "name": CLUB, "director": list(DIRECTOR)}))
        found = World(laptop, server)
        found.laptop_club_uid = made[0]["club"]
        yield found
    finally:
        for side in (laptop, server):
            if side is not None:
                side.kill()
                side.close()
        postgres.drop(name)
        postgres.stop()


# --- Through the pages -----------------------------------------------------------------------


def make_key(world: World, slug: str, director, laptop_name: str) -> str:
    """On the server, the club's settings make a key for a named laptop: the key, shown once."""
    browser = Browser(world.server.base(0))
    browser.log_in(director)
    status, page = browser.open(f"/clubs/{slug}/publishing/keys/")
    assert status == 200, page[:2000]
    status, page = browser.submit(page, {"laptop_name|laptop|name": laptop_name})
    assert status == 200, page[:2000]
    keys = KEY_TEXT.findall(page)
    assert keys, f"no key shown after making one:\n{page[:3000]}"
    # Shown once: the list of keys afterwards never shows the secret again.
    _, again = browser.open(f"/clubs/{slug}/publishing/keys/")
    assert keys[0] not in again
    return keys[0]


def link_page(world: World, key: str, button: str | None = None) -> str:
    """On the laptop, "Put the club online": the server's address and the key; the page."""
    browser = Browser(world.laptop.base)
    browser.log_in(DIRECTOR)
    status, page = browser.open(f"/clubs/{SLUG}/publishing/")
    assert status == 200, page[:2000]
    status, page = browser.submit(
        page,
        {"server_url|address|server": world.server.base(0), "key": key},
        button=button,
    )
    assert status < 500, page[:3000]
    return unescape(" ".join(re.sub(r"<[^>]+>", " ", page).split()))


def link(world: World, key: str) -> None:
    said = link_page(world, key)
    queue = world.laptop_step(("queue", {"slug": SLUG}))[0]
    assert queue["linked"], f"the laptop did not keep the link:\n{said[:3000]}"


# --- The figures, compared -------------------------------------------------------------------


def public_pages(ids: dict, slug: str, uids, players: int | None = None) -> list[str]:
    """Every public page of those nights: the club's, the season's, each night's page and
    projector, and each of its players' page for the night and across nights (the first
    `players` of them by uid, for the big night read again and again)."""
    pages = [f"/c/{slug}/", f"/c/{slug}/season/"]
    for uid in uids:
        pk = ids["events"][uid]
        pages += [f"/c/{slug}/events/{pk}/", f"/c/{slug}/events/{pk}/projector/"]
        for player in ids["played"][uid][:players]:
            player_pk = ids["players"][player]
            pages += [
                f"/c/{slug}/events/{pk}/players/{player_pk}/",
                f"/c/{slug}/players/{player_pk}/",
            ]
    return list(dict.fromkeys(pages))


def read_pages(port: int, pages: list[str]) -> dict[str, tuple[int, list]]:
    """Each page as a player at home sees it (no login): its status and its tables' text."""
    found = {}
    for path in pages:
        status, body = http_get(port, path)
        found[path] = (status, figures(body.decode("utf-8", "replace")))
    return found


def same_figures(
    world: World, uids, server_port: int | None = None, players: int | None = None
) -> dict:
    """Every public page of the nights `uids`, on the server (its second app server: the
    laptop sends to the first) and on the laptop: the same status and the same tables."""
    laptop_ids = world.laptop_step(("ids", {"slug": SLUG}))[0]
    server_ids = world.server_step(("ids", {"slug": SLUG}))[0]
    for uid in uids:
        assert uid in server_ids["events"], f"night {uid} is not on the server"
        assert sorted(server_ids["played"][uid]) == sorted(laptop_ids["played"][uid])
    port = server_port or world.server.ports[-1]
    on_laptop = read_pages(world.laptop.port, public_pages(laptop_ids, SLUG, uids, players))
    on_server = read_pages(port, public_pages(server_ids, SLUG, uids, players))
    assert len(on_laptop) == len(on_server)
    for (path_l, (status_l, tables_l)), (path_s, (status_s, tables_s)) in zip(
        on_laptop.items(), on_server.items(), strict=True
    ):
        assert status_l == 200, f"laptop {path_l}: {status_l}"
        assert status_s == status_l, f"server {path_s}: {status_s}, laptop {path_l}: {status_l}"
        assert tables_s == tables_l, (
            f"the server's {path_s} differs from the laptop's {path_l}:\n"
            f"server: {json.dumps(tables_s)[:3000]}\nlaptop: {json.dumps(tables_l)[:3000]}"
        )
    return on_server


def event_figures(world: World, side: str, uid: str) -> list:
    """A night's public page's tables, on one side. (A night keeps its pk on the server
    whenever it is published again, so each side's pk is looked up once.)"""
    if (side, uid) not in world.pks:
        step = world.laptop_step if side == "laptop" else world.server_step
        world.pks[side, uid] = step(("ids", {"slug": SLUG}))[0]["events"][uid]
    port = world.laptop.port if side == "laptop" else world.server.ports[-1]
    status, body = http_get(port, f"/c/{SLUG}/events/{world.pks[side, uid]}/")
    assert status == 200, (side, status)
    return figures(body.decode())


def one_copy_each(world: World, uids) -> dict:
    """Nothing doubled: one copy of each night on the server, as many hands as the laptop's."""
    on_server = world.server_step(("counts", {"uids": list(uids)}))[0]
    on_laptop = world.laptop_step(("counts", {"uids": list(uids)}))[0]
    assert on_server["*players_by_uid_doubled"] == []
    for uid in uids:
        assert on_server[uid] == on_laptop[uid], (uid, on_server[uid], on_laptop[uid])
        assert on_server[uid]["copies"] == 1
    return on_server


# --- The tests, in the order of a club's season ------------------------------------------------


def test_the_director_links_the_laptop_to_the_server_through_the_pages(world):
    key = make_key(world, SLUG, DIRECTOR, LAPTOP_NAME)
    link(world, key)
    said = world.publish()
    assert said.strip(), "manage.py publish said nothing of what it sent"


def test_a_night_and_a_bracket_played_with_the_server_away_for_half_of_it(world):
    laptop = world.laptop_step(
        ("night", {"slug": SLUG, "name": "Tuesday progressive", "players": 16, "rounds": 4}),
        ("bracket", {"slug": SLUG, "name": "Fall bracket", "teams": 6}),
    )
    night, bracket = laptop[0]["event"], laptop[1]["event"]
    world.events.update(night=night, bracket=bracket)
    # The first half, with the server there.
    world.laptop_step(
        ("round", {"event": night, "seed": 1}),
        ("round", {"event": night, "seed": 2}),
        ("bracket_play", {"event": bracket, "matches": 2}),
    )
    world.publish()
    half = world.server_step(("counts", {"uids": [night]}))[0][night]
    assert half["copies"] == 1 and half["rounds"] == 2, half

    # The second half: the server is gone (its two app servers stopped).
    world.server.stop()
    try:
        world.laptop_step(
            ("round", {"event": night, "seed": 3}),
            ("round", {"event": night, "seed": 4}),
            ("bracket_play", {"event": bracket, "matches": 10}),
        )
        world.publish(expect_ok=False)
        queue = world.laptop_step(("queue", {"slug": SLUG}))[0]
        assert queue["pending"] > 0 and queue["last_error"], queue
        browser = Browser(world.laptop.base)
        browser.log_in(DIRECTOR)
        _, page = browser.open(f"/clubs/{SLUG}/")
        assert "waiting" in page, "the laptop's club page does not say changes are waiting"
    finally:
        world.server.start()

    world.publish()
    assert world.laptop_step(("queue", {"slug": SLUG}))[0]["pending"] == 0
    one_copy_each(world, [night, bracket])
    same_figures(world, [night, bracket])
    # The laptop sends to the first app server; the second reads the same database.
    same_figures(world, [night, bracket], server_port=world.server.ports[0], players=2)
    browser = Browser(world.laptop.base)
    browser.log_in(DIRECTOR)
    _, page = browser.open(f"/clubs/{SLUG}/")
    assert "up to date" in page, "the laptop's club page does not say it is up to date"


def test_a_correction_after_publishing_replaces_the_servers_copy(world):
    night = world.events["night"]
    before = event_figures(world, "server", night)
    world.laptop_step(("correct", {"event": night, "maker": "E", "tricks": 5}))
    after = event_figures(world, "laptop", night)
    assert after != before, "the correction changed no figure: the test would prove nothing"
    world.publish()
    assert event_figures(world, "server", night) == after
    one_copy_each(world, [night])
    same_figures(world, [night], players=4)

    # The laptop is the night's authority: the server's director pages refuse to change it,
    # and say where to.
    director = Browser(world.server.base(0))
    director.log_in(DIRECTOR)
    status, page = director.open(f"/events/{world.pks['server', night]}/edit/")
    said = unescape(" ".join(re.sub(r"<[^>]+>", " ", page).split()))
    assert status == 403, status
    assert LAPTOP_NAME in said and "change it on that laptop" in said, said[:2000]


def test_a_night_with_hidden_standings_stays_hidden_on_the_server_until_it_ends(world):
    made = world.laptop_step(
        (
            "night",
            {"slug": SLUG, "name": "Hidden night", "players": 8, "rounds": 2, "hidden": True},
        )
    )
    hidden = made[0]["event"]
    world.events["hidden"] = hidden
    world.laptop_step(("round", {"event": hidden, "seed": 5}))
    world.publish()
    shown = same_figures(world, [hidden])
    server_ids = world.server_step(("ids", {"slug": SLUG}))[0]
    page = f"/c/{SLUG}/events/{server_ids['events'][hidden]}/"
    headers = [cell for table in shown[page][1] for row in table[:1] for cell in row]
    assert "Total" not in headers, f"hidden standings shown on the server: {shown[page]}"
    # The last round closes: the standings show, on both.
    world.laptop_step(("round", {"event": hidden, "seed": 6}))
    world.publish()
    shown = same_figures(world, [hidden])
    headers = [cell for table in shown[page][1] for row in table[:1] for cell in row]
    assert "Total" in headers, f"the ended night's standings are not shown: {shown[page]}"


def test_the_laptop_killed_while_sending_loses_and_doubles_nothing(world):
    made = world.laptop_step(
        ("night", {"slug": SLUG, "name": "Big night", "players": 40, "rounds": 3, "day": 28}),
    )
    big = made[0]["event"]
    world.events["big"] = big
    world.laptop_step(*[("round", {"event": big, "seed": n}) for n in (7, 8, 9)])
    world.publish()
    # Every state of the night the laptop had: the server must always show one of them, whole
    # (a request the laptop sent before it died may still be applied a moment later).
    states = [event_figures(world, "server", big)]
    killed = 0
    # The hall's own sender is stopped, so the killed `manage.py publish` is the one sending.
    world.laptop.stop()
    try:
        # Once: a send killed holds the club's send for a while (its claim's lease), and the
        # next waits it out.
        for turn, delay in enumerate((0.05,)):
            _, after = world.laptop_step(
                ("correct", {"event": big, "tricks": 1 + turn % 2 * 3}),
                ("figures", {"event": big}),
            )
            states.append(after)
            sending = world.laptop.manage_started("publish")
            # Killed once its request is on its way (or being applied), a little later each
            # turn (unless it was done before: then there was nothing to kill).
            if wait_connected(sending, world.server.ports[0]):
                time.sleep(delay)
                os.killpg(sending.pid, signal.SIGKILL)
            killed += sending.wait(timeout=60) == -signal.SIGKILL
            assert event_figures(world, "server", big) in states, "the server shows half a night"
            copies = world.server_step(("counts", {"uids": [big]}))[0][big]["copies"]
            assert copies == 1, copies
    finally:
        world.laptop.start()
    assert killed, "no kill landed while the laptop was sending: the test proved nothing"
    # The laptop itself killed, a change waiting, and started again on the same data.
    world.laptop_step(("correct", {"event": big, "maker": "N", "tricks": 3}))
    world.laptop.kill()
    world.laptop.start()
    world.publish()
    assert world.laptop_step(("queue", {"slug": SLUG}))[0]["pending"] == 0
    one_copy_each(world, [big])
    same_figures(world, [big], players=4)


def test_the_server_killed_while_applying_applies_all_or_nothing(world):
    big = world.events["big"]
    states = [event_figures(world, "server", big)]
    world.laptop.stop()  # only `manage.py publish` sends, while the server is killed
    try:
        for turn, delay in enumerate((0.0, 0.1, 0.4)):
            _, after = world.laptop_step(
                ("correct", {"event": big, "tricks": 4 - turn % 2 * 3}),
                ("figures", {"event": big}),
            )
            states.append(after)
            sending = world.laptop.manage_started("publish")
            if wait_connected(sending, world.server.ports[0]):
                time.sleep(delay)
            world.server.kill(0)  # kill -9 of the app server the laptop sends to
            sending.wait(timeout=120)
            world.server.start(0)
            assert event_figures(world, "server", big) in states, "the server applied half a night"
            copies = world.server_step(("counts", {"uids": [big]}))[0][big]["copies"]
            assert copies == 1, copies
    finally:
        world.server.start()
        world.laptop.start()
    world.publish()
    assert event_figures(world, "server", big) == world.laptop_step(("figures", {"event": big}))[0]
    one_copy_each(world, [big])
    same_figures(world, [big], players=4)


def _hello(world: World) -> dict:
    return {"hello": True, "club_uid": world.laptop_club_uid, "club_name": CLUB}


def _answer(status: int, body: bytes) -> dict:
    try:
        return {"status": status, **json.loads(body)}
    except ValueError:
        return {"status": status, "body": body[:500]}


def test_a_tampered_or_replayed_request_is_refused(world):
    key = world.key_of(SLUG, LAPTOP_NAME)
    port = world.server.ports[0]
    body, headers = signed(key["key_id"], key["secret"], _hello(world))
    answer = _answer(*http_post(port, HELLO, body, headers))
    assert answer["status"] == 200 and answer.get("ok") is True, answer

    # The same request again: a replay.
    answer = _answer(*http_post(port, HELLO, body, headers))
    assert 400 <= answer["status"] < 500 and answer.get("ok") is False, answer
    assert answer.get("error"), answer

    # A night's snapshot, signed, then changed on its way: a hand's points, or the time.
    big = world.events["big"]
    before = event_figures(world, "server", big)
    snap = world.laptop_step(("snapshot", {"event": big}))[0]
    payload = {
        "format": 1,
        "club_uid": world.laptop_club_uid,
        "club": snap["club"],
        "events": [snap["event"]],
        "deleted_events": [],
    }
    body, headers = signed(key["key_id"], key["secret"], payload)
    tampered = json.dumps({**payload, "events": [], "deleted_events": [big]}).encode()
    answer = _answer(*http_post(port, APPLY, gzip.compress(tampered), headers))
    assert 400 <= answer["status"] < 500 and answer.get("ok") is False, answer
    body, headers = signed(key["key_id"], key["secret"], payload)
    answer = _answer(
        *http_post(port, APPLY, body, {**headers, "X-Euchre-Time": str(int(time.time()) + 1)})
    )
    assert 400 <= answer["status"] < 500 and answer.get("ok") is False, answer
    # Signed with another secret, and signed long ago.
    body, headers = signed(key["key_id"], key["secret"] + "x", payload)
    answer = _answer(*http_post(port, APPLY, body, headers))
    assert 400 <= answer["status"] < 500 and answer.get("ok") is False, answer
    body, headers = signed(key["key_id"], key["secret"], payload, when=int(time.time()) - 3600)
    answer = _answer(*http_post(port, APPLY, body, headers))
    assert 400 <= answer["status"] < 500 and answer.get("ok") is False, answer
    assert event_figures(world, "server", big) == before
    one_copy_each(world, [big])

    # The key gives no other right: no director's page, no reading.
    body, headers = signed(key["key_id"], key["secret"], _hello(world))
    status, _ = http_get(port, f"/clubs/{SLUG}/publishing/keys/", headers=headers)
    assert status in (302, 403), status
    status, page = http_get(port, f"/clubs/{SLUG}/settings/", headers=headers)
    assert status in (302, 403), status


def test_another_clubs_key_is_refused_and_said_so_with_both_names(world):
    rival_key = make_key(world, RIVAL_SLUG, RIVAL_DIRECTOR, LAPTOP_NAME)
    said = link_page(world, rival_key)
    assert RIVAL in said and CLUB in said, f"the page does not name both clubs:\n{said[:3000]}"

    # A night of Maple Hall's sent with Riverside's key, crafted: refused, nothing changes.
    big = world.events["big"]
    before = event_figures(world, "server", big)
    rival = world.key_of(RIVAL_SLUG, LAPTOP_NAME)
    snap = world.laptop_step(("snapshot", {"event": big}))[0]
    payload = {
        "format": 1,
        "club_uid": world.laptop_club_uid,
        "club": snap["club"],
        "events": [snap["event"]],
        "deleted_events": [big],
    }
    body, headers = signed(rival["key_id"], rival["secret"], payload)
    answer = _answer(*http_post(world.server.ports[0], APPLY, body, headers))
    assert 400 <= answer["status"] < 500 and answer.get("ok") is False, answer
    assert answer.get("error"), answer
    assert world.server_step(("ids", {"slug": RIVAL_SLUG}))[0]["events"] == {}
    assert event_figures(world, "server", big) == before

    # The laptop, linked again with its own club's key, publishes as before.
    link(world, make_key(world, SLUG, DIRECTOR, LAPTOP_NAME + " again"))
    world.publish()
    same_figures(world, [big], players=4)


def test_a_revoked_key_is_refused_at_once(world):
    big = world.events["big"]
    key = world.key_of(SLUG, LAPTOP_NAME + " again")
    browser = Browser(world.server.base(0))
    browser.log_in(DIRECTOR)
    status, page = browser.open(f"/clubs/{SLUG}/publishing/keys/")
    assert status == 200
    # Every key of the club still in use is revoked (the first key too, if it still is).
    for _ in range(3):
        buttons = [b["text"] for f in Form(page).forms for b in f["buttons"]]
        if not any("revoke" in text.lower() for text in buttons):
            break
        # The director ticks that the laptop stops publishing, and revokes.
        status, page = browser.submit(page, {"understood": "yes"}, button="Revoke")
        assert status == 200, page[:2000]
    assert world.key_of(SLUG, LAPTOP_NAME + " again")["revoked"]

    before = event_figures(world, "server", big)
    world.laptop_step(("correct", {"event": big, "maker": "S", "tricks": 5}))
    world.publish(expect_ok=False)
    assert event_figures(world, "server", big) == before
    body, headers = signed(key["key_id"], key["secret"], _hello(world))
    answer = _answer(*http_post(world.server.ports[0], HELLO, body, headers))
    assert 400 <= answer["status"] < 500 and answer.get("ok") is False, answer

    # A new key, linked: what waited goes.
    link(world, make_key(world, SLUG, DIRECTOR, LAPTOP_NAME + " new"))
    world.publish()
    one_copy_each(world, list(world.events.values()))
    same_figures(world, list(world.events.values()), players=4)

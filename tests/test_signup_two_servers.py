"""The night starts from the list on the hall's laptop (issue 44, point 4), on two real servers
(tests/two_servers.py): the laptop (waitress, SQLite, hall mode) linked to the club's server
(gunicorn on PostgreSQL) through the pages; a night made on the laptop and published; names
put down on the server's list for it; the laptop fetches them ("Fetch the sign-ups now") and
checks them in there, the roster's player matched by uid.

The players sign up on the server's public page, and one cancels by his private link; the
director opens the sign-up on the server's list page."""

import re
import time
from html import unescape

import pytest
from two_servers import DIRECTOR, Browser, Laptop, Postgres, Server

SLUG, CLUB = "maple-hall", "Maple Hall Euchre Club"
KEY_TEXT = re.compile(r"euk_[A-Za-z0-9_\-]+")


def words(page: str) -> str:
    return unescape(" ".join(re.sub(r"<[^>]+>", " ", page).split()))


@pytest.fixture(scope="module")
def sides(tmp_path_factory):
    import os

    folder = tmp_path_factory.mktemp("signup-two-servers")
    postgres = Postgres().start()
    name = f"euchre_signup_two_{os.getpid()}"
    laptop = server = None
    try:
        laptop = Laptop(folder / "laptop").start(wait=False)
        server = Server(folder / "server", postgres.database(name), app_servers=1)
        server.migrate()
        server.start()
        laptop.ready()
        server.run(("club", {"slug": SLUG, "name": CLUB, "director": list(DIRECTOR)}))
        laptop.run(("club", {"slug": SLUG, "name": CLUB, "director": list(DIRECTOR)}))
        yield laptop, server
    finally:
        for side in (laptop, server):
            if side is not None:
                side.kill()
                side.close()
        postgres.drop(name)
        postgres.stop()


def publish(laptop: Laptop, patience: float = 150) -> None:
    """`manage.py publish`; while the hall's own sender is sending, it says "under way" and is
    tried again (as tests/test_publish_two_servers.py's World.publish)."""
    deadline = time.monotonic() + patience
    while True:
        done = laptop.manage("publish")
        said = done.stdout + done.stderr
        if done.returncode == 0:
            return
        assert "under way" in said and time.monotonic() < deadline, said
        time.sleep(2)


def test_a_sign_up_on_the_server_arrives_on_the_laptop_and_checks_in_there(sides):
    laptop, server = sides
    # The key, made on the server's pages; the link, on the laptop's.
    on_server = Browser(server.base(0))
    on_server.log_in(DIRECTOR)
    status, page = on_server.open(f"/clubs/{SLUG}/publishing/keys/")
    status, page = on_server.submit(page, {"laptop_name|laptop|name": "Hall laptop"})
    key = KEY_TEXT.findall(page)[0]
    at_hall = Browser(laptop.base)
    at_hall.log_in(DIRECTOR)
    status, page = at_hall.open(f"/clubs/{SLUG}/publishing/")
    status, page = at_hall.submit(page, {"server_url|address|server": server.base(0), "key": key})
    assert status == 200, words(page)[:2000]

    # Mary is on the laptop's roster; tomorrow's night, made there, is published.
    mary = laptop.run(("player", {"slug": SLUG, "name": "Mary O’Brien"}))[0]["player"]
    night = laptop.run(
        ("night", {"slug": SLUG, "name": "Sunday night", "players": 0, "rounds": 2, "day": 30})
    )[0]["event"]
    publish(laptop)

    # On the server, the director opens the sign-up; the players sign up on the club's
    # public page there: Mary (the server's roster has her, by the laptop's uid), Jim (no one
    # on the roster), and Wes, who then cancels by his private link.
    on_server_pk = server.run(("ids", {"slug": SLUG}))[0]["events"][night]
    status, page = on_server.open(f"/events/{on_server_pk}/signup/")
    assert status == 200, words(page)[:2000]
    status, page = on_server.submit(
        page, {"sheet-open": "on", "sheet-cap": "8"}, button="Save the settings"
    )
    assert status == 200 and "Players sign up at" in words(page), words(page)[:3000]
    for name, contact in (
        ("Mary O'Brien", "555-0101"),  # typed so; the roster's spelling is kept
        ("Jim Hardy", "555-0102"),
        ("Wes Gone", "555-0103"),
    ):
        player = Browser(server.base(0))
        status, page = player.open(f"/c/{SLUG}/events/{on_server_pk}/signup/")
        assert status == 200, words(page)[:2000]
        status, page = player.submit(page, {"name": name, "phone": contact}, button="Sign up")
        assert status == 200 and "You have a place" in words(page), words(page)[:3000]
        if name == "Wes Gone":
            link = re.search(r"/signup/[A-Za-z0-9_\-]{20,}/", page).group(0)
            status, page = player.open(link)
            status, page = player.submit(page, {"confirm": "yes"}, button="Cancel my sign-up")
            assert "cancelled" in words(page).lower(), words(page)[:3000]

    pk = laptop.run(("ids", {"slug": SLUG}))[0]["events"][night]
    status, page = at_hall.open(f"/events/{pk}/signup/check-in/")
    assert status == 200, words(page)[:2000]
    status, page = at_hall.submit(page, {}, button="Fetch the sign-ups now")
    said = words(page)
    # One night with names: said as that night ("tomorrow night"), not "for 1 night".
    assert re.search(r"Sign-ups fetched: 2 names for (tonight|tomorrow night|last night)", said), (
        said[:3000]
    )
    assert re.search(r"Sign-ups fetched at \d{1,2}:\d\d [AP]M", said), said[:3000]
    assert "Mary O’Brien" in said and "Jim Hardy" in said and "Wes Gone" not in said

    copies = {s["name"]: s for s in laptop.run(("signups", {"event": night}))[0]}
    assert all(s["copy"] for s in copies.values())
    assert copies["Mary O’Brien"]["player"] == mary  # matched by uid

    for name in ("Mary O’Brien", "Jim Hardy"):
        status, page = at_hall.submit(page, {"signup": str(copies[name]["pk"])}, button="Here")
        assert f"{name}: checked in." in words(page), words(page)[:3000]
    copies = {s["name"]: s for s in laptop.run(("signups", {"event": night}))[0]}
    assert copies["Mary O’Brien"]["arrival"] == copies["Jim Hardy"]["arrival"] == "here"
    ids = laptop.run(("ids", {"slug": SLUG}))[0]
    # Mary is the roster's Mary (one of her), Jim a new player: two entered.
    assert sorted(ids["played"][night]) == sorted([mary, copies["Jim Hardy"]["player"]])
    assert len(ids["players"]) == 2

    # Fetched again, the laptop keeps its arrivals.
    status, page = at_hall.submit(page, {}, button="Fetch the sign-ups now")
    assert "2 players checked in tonight" in words(page)
    copies = laptop.run(("signups", {"event": night}))[0]
    assert sorted((s["name"], s["arrival"], s["entered"]) for s in copies) == [
        ("Jim Hardy", "here", True),
        ("Mary O’Brien", "here", True),
        ("Wes Gone", "", False),
    ]

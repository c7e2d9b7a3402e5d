"""Dates and times as the club writes them, where the club is: the computer's time zone
(config/computer.py, when TIME_ZONE is unset) and the club's country's way of writing a date
and a time (Club.date_style, clubs/dates.py), on the pages and in the printouts.

Settings are read once per process, and the machines running the suite keep UTC: what the app
takes from the computer is tested in a fresh Python with TZ and LANG of its own."""

import datetime
import os
import subprocess
import sys
import zoneinfo
from pathlib import Path

import pytest
from django.urls import reverse
from test_printouts import get_pdf, pdf_text, words

from brackets.forms import StandingsSeedForm
from clubs import dates
from clubs.models import Club
from tournaments import services
from tournaments.models import Event, Round

ROOT = Path(__file__).resolve().parent.parent
NBSP = "\u00a0"  # between "8:15" and "PM", so a time never breaks across lines

# What the computer says, and what a run of the suite may have set for itself.
COMPUTER = ("TIME_ZONE", "TZ", "LANG", "LANGUAGE", "LC_ALL", "LC_TIME", "DATABASE_URL")


def on_a_computer(tmp_path, *args: str, **env: str) -> subprocess.CompletedProcess:
    """Python run with `args` as on a laptop whose environment is `env`: TIME_ZONE unset, the
    app's own SQLite in a data folder of its own."""
    environ = {k: v for k, v in os.environ.items() if k not in COMPUTER}
    environ.update(
        env,
        DJANGO_SETTINGS_MODULE="config.settings",
        DATA_DIR=str(tmp_path),
        PYTHONIOENCODING="utf-8",
    )
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=environ, capture_output=True, text=True, timeout=300
    )


def django_says(tmp_path, code: str, **env: str) -> str:
    done = on_a_computer(tmp_path, "-c", f"import django\ndjango.setup()\n{code}", **env)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.mark.every_database
@pytest.mark.parametrize("zone", ["America/Detroit", "Pacific/Auckland"])
def test_with_time_zone_unset_the_app_keeps_the_computers_time_zone(tmp_path, zone):
    said = django_says(
        tmp_path,
        "from django.conf import settings\nfrom django.utils import timezone\n"
        "print(settings.TIME_ZONE, timezone.localdate().isoformat())",
        TZ=zone,
    )
    # The zone and the club's day, not UTC's (in Auckland, tomorrow's till 1 pm UTC).
    assert said.split() == [zone, datetime.datetime.now(zoneinfo.ZoneInfo(zone)).date().isoformat()]


@pytest.mark.every_database
@pytest.mark.parametrize(
    ("lang", "style", "written"),
    [
        ("en_NZ.UTF-8", "en-NZ", f"Sat, 28 Nov 2026, 8:15{NBSP}pm"),
        ("en_GB.UTF-8", "en-GB", "Sat, 28 Nov 2026, 20:15"),
        ("en_US.UTF-8", "en-US", f"Sat, Nov 28, 2026, 8:15{NBSP}PM"),
        # A French-speaking Canadian's laptop: Canada's English way.
        ("fr_CA.UTF-8", "en-CA", f"Sat, Nov 28, 2026, 8:15{NBSP}p.m."),
        # No country at all, or one whose English the app does not write: the United States'.
        ("C.UTF-8", "en-US", f"Sat, Nov 28, 2026, 8:15{NBSP}PM"),
        ("de_DE.UTF-8", "en-US", f"Sat, Nov 28, 2026, 8:15{NBSP}PM"),
    ],
)
def test_a_new_club_writes_dates_as_the_computers_country(tmp_path, lang, style, written):
    said = django_says(
        tmp_path,
        "import datetime\nfrom clubs import dates\nfrom clubs.models import Club\n"
        "club = Club(name='Maple Hall')\n"
        "print(club.date_style)\n"
        "print(dates.moment(datetime.datetime(2026, 11, 28, 20, 15), club))",
        LANG=lang,
        TZ="America/Detroit",
    )
    assert said.split("\n") == [style, written]


@pytest.mark.skipif(
    "EUCHRE_TEST_ZONE" not in os.environ,
    reason="run by test_a_new_event_starts_on_the_clubs_day_not_utcs in a Python of its own",
)
def test_the_new_event_form_starts_on_the_computers_day(director_client, club):
    html = director_client.get(reverse("tournaments:event-create", args=[club.slug])).content
    today = datetime.datetime.now(zoneinfo.ZoneInfo(os.environ["EUCHRE_TEST_ZONE"])).date()
    assert f'value="{today:%Y-%m-%d}"' in html.decode()


@pytest.mark.every_database
def test_a_new_event_starts_on_the_clubs_day_not_utcs(tmp_path):
    # A club in Michigan making its event at 8 pm is on UTC's tomorrow. Whatever the hour of
    # the run, one of these places is on another day than UTC: east of the date line after
    # 10:00 UTC, Pago Pago's evening before 11:00 UTC.
    now = datetime.datetime.now(datetime.UTC)
    zone = "Pacific/Kiritimati" if now.hour >= 10 else "Pacific/Pago_Pago"
    assert datetime.datetime.now(zoneinfo.ZoneInfo(zone)).date() != now.date()
    done = on_a_computer(
        tmp_path,
        "-m",
        "pytest",
        f"{__file__}::test_the_new_event_form_starts_on_the_computers_day",
        "-q",
        "-p",
        "no:cacheprovider",
        TZ=zone,
        EUCHRE_TEST_ZONE=zone,
    )
    assert done.returncode == 0 and "1 passed" in done.stdout, done.stdout + done.stderr


@pytest.fixture
def called_round(settings, club, event, players):
    """Round 1 of the event (Tuesday 24 November 2026) in Michigan, its time called at 8:15 pm
    there (01:15 UTC the next day)."""
    settings.TIME_ZONE = "America/Detroit"
    services.entries_add(event=event, players=players[:8])
    round_ = services.round_seat(event=event, seed=1)
    called = datetime.datetime(2026, 11, 25, 1, 15, tzinfo=datetime.UTC)
    Round.objects.filter(pk=round_.pk).update(time_called_at=called)
    return round_


def set_style(club: Club, style: str) -> None:
    club.date_style = style
    club.save(update_fields=["date_style"])


def test_the_pages_write_times_and_dates_as_the_club_does(director_client, club, called_round):
    event = called_round.event
    round_page = reverse("tournaments:round-detail", args=[called_round.pk])
    event_page = reverse("tournaments:event-detail", args=[event.pk])
    public_page = reverse("public:event", args=[club.slug, event.pk])

    set_style(club, "en-US")
    assert f"Time was called at 8:15{NBSP}PM" in director_client.get(round_page).content.decode()
    html = director_client.get(event_page).content.decode()
    assert "<p>Tue, Nov 24, 2026 ·" in html
    assert f"ended when time was called at 8:15{NBSP}PM" in html
    assert "· Tue, Nov 24, 2026</span></h1>" in director_client.get(public_page).content.decode()

    set_style(club, "en-GB")
    assert "Time was called at 20:15" in director_client.get(round_page).content.decode()
    html = director_client.get(event_page).content.decode()
    assert "<p>Tue, 24 Nov 2026 ·" in html and "ended when time was called at 20:15" in html
    assert "· Tue, 24 Nov 2026</span></h1>" in director_client.get(public_page).content.decode()

    set_style(club, "en-AU")
    assert "· Tue 24 Nov 2026</span></h1>" in director_client.get(public_page).content.decode()


def test_the_printouts_write_the_date_and_time_as_the_club_does(
    director_client, club, called_round
):
    event = called_round.event
    set_style(club, "en-US")
    sheets = words(" ".join(pdf_text(get_pdf(director_client, "printout-sheets", event))))
    assert "Time was called at 8:15 PM: the hand in play was the table's last." in sheets
    assert "Tuesday progressive · Tue, Nov 24, 2026" in sheets
    set_style(club, "en-NZ")
    sheets = words(" ".join(pdf_text(get_pdf(director_client, "printout-sheets", event))))
    assert "Time was called at 8:15 pm" in sheets
    assert "Tuesday progressive · Tue, 24 Nov 2026" in sheets
    set_style(club, "en-GB")
    tally = words(" ".join(pdf_text(get_pdf(director_client, "printout-tally", event))))
    # The tally card's own line, as well as the page's header.
    assert tally.count("Tuesday progressive · Tue, 24 Nov 2026") > 1


def test_the_club_chooses_how_it_writes_dates_on_its_settings_page(director_client, club):
    url = reverse("clubs:club-settings", args=[club.slug])
    html = director_client.get(url).content.decode()
    assert "Dates and times" in html
    assert f"United States (Sat, Nov 28, 2026, 8:15{NBSP}PM)" in html
    assert "United Kingdom (Sat, 28 Nov 2026, 20:15)" in html
    posted = {"name": club.name, "rules_preset": club.rules_preset, "paper_size": "letter"}
    assert director_client.post(url, {**posted, "date_style": "en-IE"}).status_code == 302
    club.refresh_from_db()
    assert club.date_style == "en-IE"
    # Left out (an older page), it stays; a style the app does not write is refused in words.
    assert director_client.post(url, posted).status_code == 302
    club.refresh_from_db()
    assert club.date_style == "en-IE"
    refused = director_client.post(url, {**posted, "date_style": "xx-YY"})
    assert refused.status_code == 200 and "Select a valid choice" in refused.content.decode()
    club.refresh_from_db()
    assert club.date_style == "en-IE"


def test_a_date_is_written_one_way_for_each_country():
    night, evening = datetime.date(2026, 11, 28), datetime.time(20, 15, 30)
    assert [dates.day(night, style) for style in dates.STYLES] == [
        "Sat, Nov 28, 2026",
        "Sat, Nov 28, 2026",
        "Sat, 28 Nov 2026",
        "Sat 28 Nov 2026",
        "Sat 28 Nov 2026",
        "Sat, 28 Nov 2026",
    ]
    assert dates.clock(evening, "en-US") == f"8:15{NBSP}PM"
    assert dates.clock(evening, "en-US", seconds=True) == f"8:15:30{NBSP}PM"
    assert dates.clock(evening, "en-IE") == "20:15"
    # A style the app does not know (a club saved by an older copy) is the United States'.
    assert dates.day(night, "zz") == dates.day(night, None) == "Sat, Nov 28, 2026"


def test_the_bracket_seeding_form_names_each_night_with_the_clubs_date(club):
    set_style(club, "en-GB")
    night = Event.objects.create(
        club=club, name="Pairs night", date=datetime.date(2026, 11, 19), format="pairs"
    )
    form = StandingsSeedForm(events=Event.objects.filter(pk=night.pk))
    assert list(form.fields["source"].choices)[1][1] == "Pairs night (Thu, 19 Nov 2026)"

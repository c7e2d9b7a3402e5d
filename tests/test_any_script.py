"""Any name, in any script (issue 12, item 9): every PDF the app makes prints Greek, Cyrillic,
Hebrew and Arabic names in an embedded font and gives them back as text, in the order they were
typed; an emoji the font lacks is left out, the name around it kept clean ("Tommy Becker"),
never a "\ufffd" mark. The pages wrap each name
in <bdi>, so a right-to-left name cannot turn the words around it."""

import datetime
import io
import os
import re
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth
from test_standings import build_night, play_round

from clubs.models import ClubDirector, Player
from tournaments import services
from tournaments.models import Entry, Event, Hand, Partnership, Table, TableCard
from tournaments.printouts.bidi import visual_order
from tournaments.printouts.documents import _fit
from tournaments.printouts.layout import BOLD, FONT, printable, register_fonts

LATIN = "Zoë Ångström"
GREEK = "Σοφία Παπαδοπούλου"
CYRILLIC = "Дмитрий Иванов"
HEBREW = "דוד לוי"
ARABIC = "محمد علي"
VIETNAMESE = "Nguyễn Văn An"
EMOJI = "Tommy 🃏 Becker"  # a character the font lacks, in the middle of a name
EMOJI_PRINTED = "Tommy Becker"
REPLACEMENT = "\N{REPLACEMENT CHARACTER}"  # what must never be printed
# build_night's players A..I, renamed: every script at the same tables.
NAMES = {
    "A": LATIN,
    "B": GREEK,
    "C": CYRILLIC,
    "D": HEBREW,
    "E": ARABIC,
    "F": VIETNAMESE,
    "G": EMOJI,
    "H": "Chloé Dubois",
    "I": "ليلى حسن",
}
PRINTED = {letter: EMOJI_PRINTED if name == EMOJI else name for letter, name in NAMES.items()}


# --- Drawing order, by value (no database) ---------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "drawn"),
    [
        (LATIN, LATIN),
        (GREEK, GREEK),
        # Right to left: drawn from the last letter, so the first letter ends up on the right.
        (HEBREW, "יול דוד"),
        (ARABIC, "يلع دمحم"),
        # Only the right-to-left run turns; the English around it stays where it was.
        (f"North: {HEBREW} (captain)", "North: יול דוד (captain)"),
        (f"Captain's initials ({ARABIC}, North)", "Captain's initials (يلع دمحم, North)"),
        # Brackets inside a Hebrew run are mirrored; digits inside it still read left to right.
        ("דוד (דני) לוי", "יול (ינד) דוד"),
        ("محمد 12", "12 دمحم"),
        # A pair of brackets goes one way: a nickname at the end of an Arabic name stays
        # inside its brackets; a Hebrew word in brackets after English keeps them as typed.
        ("عبد الله (أبو علي)", "(يلع وبأ) هللا دبع"),
        ("North: (דוד)", "North: (דוד)"),
        # A vowel point comes before its letter, as the font draws it over the next letter.
        ("שָׁלוֹם", "ם\u05b9ול\u05c1\u05b8ש"),
    ],
)
def test_right_to_left_names_are_drawn_in_visual_order(typed, drawn):
    assert visual_order(typed) == drawn


BRACKETS = str.maketrans("", "", "()[]")


@pytest.mark.parametrize(
    ("typed", "drawn"),
    [
        # Each pair of brackets goes its own way: the outer one as the English around it, the
        # inner one with the Hebrew name it sits in (mirrored, so it closes the nickname).
        ("x (דוד (דני) לוי) y", "x (יול (ינד) דוד) y"),
        # A bracket without its pair, inside a right-to-left run, is mirrored too.
        ("דוד (דני", "ינד) דוד"),
        # A Latin word in brackets inside a Hebrew name keeps its brackets as typed.
        ("עדי [x] כהן", "ידע [x] ןהכ"),
        # A number with its separators and signs reads as typed (UAX #9's weak types: the
        # hand-written subset the library replaced turned these around).
        ("דוד 2.5 לוי", "יול 2.5 דוד"),
        ("שולחן 1,000", "1,000 ןחלוש"),
        ("דוד 10%", "10% דוד"),
        ("דוד 12:30", "12:30 דוד"),
    ],
)
def test_python_bidi_orders_the_line_and_only_the_brackets_are_mirrored_here(typed, drawn):
    from bidi import get_display

    assert visual_order(typed) == drawn
    # Everything but the brackets stands where the library puts it.
    assert get_display(typed, base_dir="L").translate(BRACKETS) == drawn.translate(BRACKETS)


def test_what_the_font_lacks_is_left_out_and_the_name_kept_clean(settings):
    register_fonts()
    assert printable(EMOJI) == EMOJI_PRINTED
    assert printable("Ana 😀") == "Ana"
    assert printable("😀 Ana") == "Ana"
    assert printable("Jo 👍🏽") == "Jo"
    assert printable("Jo🃏Ann  Lee") == "JoAnn  Lee"
    assert printable(f"North: {EMOJI} (captain)") == "North: Tommy Becker (captain)"
    # A name that is nothing but emoji still names someone: each one's Unicode name.
    assert printable("🃏") == "[playing card black joker]"
    assert printable("👍🏽👍") == "[thumbs up sign thumbs up sign]"
    # Invisible steering characters go (DejaVu draws a colour selector as a labelled box).
    assert printable("Jo ❤\ufe0f") == "Jo ❤"
    assert printable(f"\u200f{HEBREW}") == visual_order(HEBREW)
    assert printable("Ada Baker") == "Ada Baker"


def test_arabic_letters_are_drawn_joined():
    """Each Arabic letter takes its form for where it stands in the word (reportlab alone draws
    every letter standing apart); "Allah", a sign DejaVu lacks, is joined letter by letter."""
    register_fonts()
    assert printable(ARABIC) == "\ufef2\ufee0\ufecb \ufeaa\ufee4\ufea4\ufee3"
    assert REPLACEMENT not in printable("عبد الله")
    # Vowel marks stay (NFKC sorts stacked marks into one order, on both sides alike).
    vowelled = "مُحَمَّد"
    assert unicodedata.normalize("NFKC", printable(vowelled)) == unicodedata.normalize(
        "NFKC", visual_order(vowelled)
    )


@pytest.mark.parametrize("text", ["W" * 13, "Ш" * 13, GREEK + GREEK])
@pytest.mark.parametrize("font", [FONT, BOLD])
def test_a_shrunk_name_fits_its_space_in_the_real_font(text, font):
    """DejaVu's widest letters are wider than the em, so no count of letters says a name fits:
    13 capital Ws at 14 points are 182 points by the count and wider in the font."""
    register_fonts()
    size = _fit(text, font, 14, 186)
    assert stringWidth(text, font, size) <= 186
    assert size > 6  # it fitted by shrinking, not by hitting the floor


# --- Every PDF the app makes ------------------------------------------------------------------


@pytest.fixture
def night(club):
    """test_standings' night of nine, in every script: table 1 of round 1 confirmed by a Greek
    opponent, a hand at table 2 (an Arabic captain) corrected by the director."""
    event, nine = build_night(club)
    for letter, player in nine.items():
        player.name = NAMES[letter]
        player.save()
    event.name = "Вечер юкера"  # the event's name heads every page
    event.save()
    table_1, table_2 = Table.objects.filter(round__event=event, round__number=1).order_by("number")
    Table.objects.filter(pk=table_1.pk).update(
        confirmed_by=nine["B"],
        confirmed_at=datetime.datetime(2026, 11, 24, 20, 5, tzinfo=datetime.UTC),
    )
    return event


def pdf_pages(response) -> list[str]:
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    content = b"".join(response.streaming_content)
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def words(pages: list[str]) -> str:
    # Arabic is drawn in its joined letter forms (U+FE70 onwards); NFKC folds them back to the
    # letters typed, and leaves every other script here as it is.
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", " ".join(pages)))


def event_pdf(client, name: str, event, query: str = "") -> list[str]:
    return pdf_pages(client.get(reverse(f"tournaments:{name}", args=[event.pk]) + query))


def test_score_sheets_give_back_every_name_as_typed(director_client, director, night):
    hand = Hand.objects.get(
        table__round__event=night, table__round__number=1, table__number=2, number=1
    )
    services.hand_correct(
        hand=hand, data={"tricks": 4}, reason=f"{HEBREW} counted again", user=director
    )
    blank = words(event_pdf(director_client, "printout-sheets", night, "?round=1"))
    filled = words(event_pdf(director_client, "printout-sheets", night, "?round=1&filled=1"))
    for text in (blank, filled):
        assert "Вечер юкера" in text
        for letter in "ABCDEFGH":
            assert PRINTED[letter] in text, PRINTED[letter]
        assert f"North: {LATIN} (captain)" in text
        assert f"West: {HEBREW}" in text
        assert REPLACEMENT not in text
    assert f"Confirmed at the table by {GREEK}" in filled
    # pypdf guesses where a right-to-left run ends among the spaces around it, so the name and
    # the English beside it are checked apart.
    reason = filled.split("corrected by the director at", 1)[1]
    assert HEBREW in reason and "counted again" in reason


def test_tally_cards_give_back_every_name_as_typed(director_client, night, club):
    text = words(event_pdf(director_client, "printout-tally", night))
    for name in PRINTED.values():
        assert name in text, name
    assert REPLACEMENT not in text
    # A late arrival with a Hebrew name: the reprint of the changed cards names her too.
    late = Player.objects.create(club=club, name="שרה כהן")
    services.entries_add(event=night, players=[late])
    changed = words(event_pdf(director_client, "printout-tally", night, "?changed=1"))
    assert "שרה כהן" in changed


def test_table_cards_give_back_the_clubs_name(director_client, night, club):
    club.name = "نادي اليوكر"
    club.save()
    url = reverse("tournaments:printout-table-cards", args=[club.slug]) + "?tables=2"
    assert "نادي اليوكر" in words(pdf_pages(director_client.get(url)))


def test_standings_give_back_every_name_as_typed(director_client, night):
    text = words(event_pdf(director_client, "printout-standings", night))
    for name in PRINTED.values():
        assert name in text, name
    assert REPLACEMENT not in text


def test_pairs_standings_give_back_every_partnership(director_client, club):
    _, nine = build_night(club)
    for letter, player in nine.items():
        player.name = NAMES[letter]
        player.save()
    event = Event.objects.create(
        club=club,
        name="Pairs",
        date=datetime.date(2026, 11, 25),
        format=Event.Format.PAIRS,
        rounds_planned=1,
        hands_per_round=2,
    )
    for pair in ("AC", "BD", "EG", "FH"):
        partnership = Partnership.objects.create(event=event)
        Entry.objects.bulk_create(
            Entry(event=event, player=nine[x], partnership=partnership) for x in pair
        )
    play_round(event, 1, {1: ("ABCD", []), 2: ("EFGH", [])}, by_name=nine, close=False)
    text = words(event_pdf(director_client, "printout-standings", event))
    for letter in "ABCDEFGH":
        assert PRINTED[letter] in text, PRINTED[letter]


def test_every_word_is_drawn_in_the_embedded_font(director_client, night):
    """Not Helvetica (Latin only), and embedded, so the paper prints the same anywhere. The
    table cards' code alone is in Courier, and is letters and digits."""
    urls = [
        reverse("tournaments:printout-sheets", args=[night.pk]) + "?round=1",
        reverse("tournaments:printout-sheets", args=[night.pk]) + "?round=1&filled=1",
        reverse("tournaments:printout-tally", args=[night.pk]),
        reverse("tournaments:printout-standings", args=[night.pk]),
        reverse("tournaments:printout-table-cards", args=[night.club.slug]) + "?tables=1",
    ]
    for url in urls:
        response = director_client.get(url)
        reader = PdfReader(io.BytesIO(b"".join(response.streaming_content)))
        drawn_in: dict[str, set] = {}

        def note(text, cm, tm, font, size, drawn_in=drawn_in):
            if text.strip():
                drawn_in.setdefault(str(font["/BaseFont"]), set()).add(text)

        for page in reader.pages:
            page.extract_text(visitor_text=note)
            for font in page["/Resources"]["/Font"].values():
                font = font.get_object()
                if "DejaVuSans" in font["/BaseFont"]:
                    assert "/FontFile2" in font["/FontDescriptor"].get_object()
        dejavu = {f for f in drawn_in if f.endswith(("+DejaVuSans", "+DejaVuSans-Bold"))}
        others = {f: drawn_in[f] for f in drawn_in if f not in dejavu}
        assert dejavu, url
        assert set(others) <= {"/Courier-Bold"}, (url, others)


def test_the_fonts_ship_with_the_app_and_need_no_system_package():
    from django.conf import settings as django_settings

    from tournaments.printouts.layout import FONT_FILES

    folder = Path(django_settings.PDF_FONT_DIR)
    if os.environ.get("PDF_FONT_DIR"):
        pytest.skip("PDF_FONT_DIR is set in this environment")
    assert folder == Path(django_settings.BASE_DIR) / "tournaments" / "printouts" / "fonts"
    assert {*FONT_FILES.values(), "LICENSE"} <= {p.name for p in folder.iterdir()}
    assert "Bitstream Vera" in (folder / "LICENSE").read_text(encoding="utf-8")


def test_a_missing_font_folder_says_what_to_set(director_client, night, settings):
    settings.PDF_FONT_DIR = "/nonexistent/fonts"
    with pytest.raises(ImproperlyConfigured, match="Set PDF_FONT_DIR to a folder holding"):
        director_client.get(reverse("tournaments:printout-standings", args=[night.pk]))


# --- On the pages: every name in <bdi> --------------------------------------------------------


class NamesOutsideBdi(HTMLParser):
    """Reads a page and notes each piece of text holding one of `names` that is not inside a
    <bdi> element. A <title>, an <option> or a text box holds text only, where the browser
    already keeps a name apart, so those do not count."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}
    TEXT_ONLY = {"bdi", "title", "option", "textarea", "script", "style"}

    def __init__(self, names):
        super().__init__(convert_charrefs=True)
        self.names = names
        self.open: list[str] = []
        self.outside: list[tuple[str, str]] = []
        self.inside = 0

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_endtag(self, tag):
        if tag in self.open:
            del self.open[len(self.open) - 1 - self.open[::-1].index(tag) :]

    def handle_data(self, data):
        for name in self.names:
            if name in data:
                if self.TEXT_ONLY.intersection(self.open):
                    self.inside += "bdi" in self.open
                else:
                    self.outside.append((name, " ".join(data.split())[:100]))


def names_outside_bdi(response, names=(HEBREW, ARABIC)) -> list[tuple[str, str]]:
    assert response.status_code == 200, response.status_code
    parser = NamesOutsideBdi(names)
    parser.feed(response.content.decode())
    if not parser.inside and not parser.outside:
        return [("no name on the page", "")]
    return parser.outside


@pytest.fixture
def evening(night, club, django_user_model):
    """The night in every script with round 3 in play, seated with the Hebrew and Arabic
    names at one table, and a director whose login name is Hebrew."""
    user = django_user_model.objects.create_user("דורה", password="dora-pass-123")
    ClubDirector.objects.create(club=club, user=user)
    services.round_seat(event=night, seed=1)
    return night


def test_the_directors_pages_wrap_every_name_in_bdi(client, evening, club):
    client.force_login(ClubDirector.objects.get(user__username="דורה").user)
    round_1, round_3 = evening.rounds.get(number=1), evening.rounds.get(number=3)
    table = round_1.tables.get(number=1)
    hand = table.hands.get(number=1)
    client.post(
        reverse("tournaments:hand-correct", args=[hand.pk]),
        {"maker": "N", "tricks": 5, "alone": "on", "reason": f"{HEBREW} miscounted"},
    )
    dee = Player.objects.get(name=HEBREW)
    pages = {
        "event": reverse("tournaments:event-detail", args=[evening.pk]),
        "round in play": reverse("tournaments:round-detail", args=[round_3.pk]),
        "closed round": reverse("tournaments:round-detail", args=[round_1.pk]),
        "table": reverse("tournaments:table-detail", args=[table.pk]),
        "history": reverse("tournaments:table-history", args=[table.pk]),
        "standings": reverse("tournaments:standings", args=[evening.pk]),
        "player": reverse("tournaments:player-night", args=[evening.pk, dee.pk]),
        "club": reverse("clubs:club-detail", args=[club.slug]),
    }
    found = {what: names_outside_bdi(client.get(url)) for what, url in pages.items()}
    assert {what: outside for what, outside in found.items() if outside} == {}


def test_the_players_and_captains_pages_wrap_every_name_in_bdi(client, evening, club):
    round_3 = evening.rounds.get(number=3)
    dee = Player.objects.get(name=HEBREW)
    table = round_3.tables.get(seats__player=dee)
    card = TableCard.objects.ensure(club, table.number)[-1]
    captain = reverse("tournaments:captain-table", args=[card.token]) + f"?table={table.pk}"
    pages = {
        "event": reverse("public:event", args=[club.slug, evening.pk]),
        "player": reverse("public:player", args=[club.slug, evening.pk, dee.pk]),
        "projector": reverse("public:projector", args=[club.slug, evening.pk]),
        "captain": captain,
    }
    found = {what: names_outside_bdi(client.get(url)) for what, url in pages.items()}
    # The captain reads back a hand before confirming it: the maker and the lone defender.
    seat = {s.player.name: s.position for s in table.seats.select_related("player")}
    maker = seat.get(HEBREW)
    defender = next(p for p in "NESW" if (p in "NS") != (maker in "NS"))
    check = client.post(
        reverse("tournaments:captain-hand", args=[card.token]) + f"?table={table.pk}",
        {"number": 1, "action": "check", "maker": maker, "alone": "on", "tricks": 5,
         "lone_defender": defender},
    )  # fmt: skip
    found["captain's read-back"] = names_outside_bdi(check)
    assert {what: outside for what, outside in found.items() if outside} == {}


def test_the_preview_season_and_pairs_pages_wrap_every_name_in_bdi(director_client, night, club):
    pairs = Event.objects.create(
        club=club, name="Pairs", date=datetime.date(2026, 11, 25), format=Event.Format.PAIRS
    )
    players = {p.name: p for p in Player.objects.filter(club=club)}
    for pair in ((HEBREW, ARABIC), (LATIN, GREEK)):
        partnership = Partnership.objects.create(event=pairs)
        Entry.objects.bulk_create(
            Entry(event=pairs, player=players[name], partnership=partnership) for name in pair
        )
    season = reverse("seasons:standings", args=[club.slug])
    pages = {
        "preview": reverse("tournaments:round-preview", args=[night.pk]),
        "season": season + "?start=2026-01-01&end=2026-12-31",
        "pairs event": reverse("tournaments:event-detail", args=[pairs.pk]),
        "pairs standings": reverse("tournaments:standings", args=[pairs.pk]),
    }
    found = {what: names_outside_bdi(director_client.get(url)) for what, url in pages.items()}
    assert {what: outside for what, outside in found.items() if outside} == {}


# --- A roster CSV saved on an old Mac (lines end in CR alone) --------------------------------

ROSTER_LINES = [
    "Name,Email,Phone",
    f"{HEBREW},dovid@example.com,555-0101",
    f'"{ARABIC}, Jr.",,555-0102',
    f"{GREEK},sofia@example.com,",
    f"{LATIN},,",
]
ROSTER = {
    (HEBREW, "dovid@example.com", "555-0101"),
    (f"{ARABIC}, Jr.", "", "555-0102"),
    (GREEK, "sofia@example.com", ""),
    (LATIN, "", ""),
}


def import_roster(client, club, lines: list[str], ending: str):
    upload = SimpleUploadedFile("roster.csv", ending.join(lines).encode() + ending.encode())
    return client.post(reverse("clubs:player-import", args=[club.slug]), {"file": upload})


def roster(club) -> set[tuple[str, str, str]]:
    return set(club.players.values_list("name", "email", "phone"))


@pytest.mark.parametrize("ending", ["\r", "\n", "\r\n"], ids=["old-mac", "unix", "windows"])
def test_a_roster_csv_reads_the_same_whatever_its_line_endings(director_client, club, ending):
    response = import_roster(director_client, club, ROSTER_LINES, ending)
    assert response.status_code == 200
    assert roster(club) == ROSTER
    assert "Added 4 players" in response.content.decode()


def test_a_wrong_line_in_an_old_mac_csv_is_named_by_its_number(director_client, club):
    lines = [*ROSTER_LINES[:3], f"{GREEK},not-an-email,", ROSTER_LINES[4]]
    response = import_roster(director_client, club, lines, "\r")
    assert "Line 4: &#x27;not-an-email&#x27; is not an email address" in response.content.decode()
    assert roster(club) == set()  # nothing half-saved


def test_the_import_report_wraps_every_name_in_bdi(director_client, club):
    first = import_roster(director_client, club, ROSTER_LINES, "\r")
    again = import_roster(director_client, club, ROSTER_LINES, "\r")
    assert "Skipped 4 duplicates" in again.content.decode()
    assert names_outside_bdi(first) == [] and names_outside_bdi(again) == []


def test_a_finished_table_and_the_projectors_screens_wrap_every_name_in_bdi(client, evening):
    """The captain's score box and its "Final score" line (East-West (Dottie Kramer & فاطمة
    الزهراء) 9), the winners' line, and the projector with every side award on."""
    evening.award_most_loners = evening.award_best_round = True
    evening.award_high_night = evening.award_booby = True
    evening.save()
    dee = Player.objects.get(name=HEBREW)
    table = evening.rounds.get(number=3).tables.get(seats__player=dee)
    for number in range(1, table.hand_limit() + 1):
        services.hand_record(table=table, number=number, data={"maker": "E", "tricks": 5})
    card = TableCard.objects.ensure(evening.club, table.number)[-1]
    captain = reverse("tournaments:captain-table", args=[card.token]) + f"?table={table.pk}"
    finished = client.get(captain)
    assert "This table has finished" in finished.content.decode()
    found = {"finished table": names_outside_bdi(finished)}
    found["projector"] = names_outside_bdi(
        client.get(reverse("public:projector", args=[evening.club.slug, evening.pk]))
    )
    assert (
        "Side awards"
        in client.get(
            reverse("public:projector", args=[evening.club.slug, evening.pk])
        ).content.decode()
    )
    assert {what: outside for what, outside in found.items() if outside} == {}

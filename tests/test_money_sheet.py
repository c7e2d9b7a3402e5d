"""The cash sheet (issue 42, points 4 to 7): the rows builder by value (no database), then a
finished night in the database whose every figure is worked out by hand below, through the
page, the PDF (its extracted text), the CSV and `manage.py money_report --json`, which must
show the same amounts; the club's money over time and its currency; a club in England sees
pounds; another club's director sees nothing; the command's errors.

The night (tests/test_standings.py's small night, two rounds, so final after round 2), with
names: A Ann Lee, B Bob Roy, C Cora Dunn, D Dale Evans, E Edna Fox, F Floyd Gray, G Gail Hart,
H Hank Irwin, I Ida Jones; J Jack Klein paid and was refunded before play.

Settings: entry $5.00, paid ahead $4.00, the club keeps 10% for expenses, places 50/30/20 at
any turnout, loner basket $1.00 a player paying $2.00 a loner, euchre fine $0.25 to the pot,
perfect hand pool $0.50 a player (no winner: carried).
Door: Ann and Bob paid ahead ($4.00 each), Cora by card, Dale to Ida cash ($5.00 x 6 = $30.00),
Jack $5.00 cash then refunded $5.00 cash.
  collected: cash $35.00, card $5.00, ahead $8.00; refunds $5.00 cash.
  basket 9 x $1.00 = $9.00; pool 9 x $0.50 = $4.50, carried; entries $48.00 - $5.00 - $9.00
  - $4.50 = $29.50; club 10% = $2.95.
  loners: Ann 1, Cora 1 -> $2.00 each, basket left $5.00 to the prize pot.
At the end of the night (the builder's test below): euchres Dale, Bob, Edna, Gail 1 each ->
  fines $1.00; prize pot 29.50 - 2.95 + 5.00 + 1.00 = $32.55; 50/30/20 -> $16.28 (the odd
  cent), $9.76, $6.51; Ann and Cora tie for 1st: (16.28 + 9.76) / 2 = $13.02 each; Hank 3rd
  $6.51. The payouts are handed out as that sheet says (Ann and Cora $15.02, Hank $6.51).
Then a hand is corrected (round 2, table 2: East took 2 tricks, not 4): Edna and Gail are
  euchred once more (fines $1.50), Floyd gains 2 points (7) and takes 3rd from Hank (6).
  prize pot 29.50 - 2.95 + 5.00 + 1.50 = $33.05 -> $16.53, $9.91, $6.61; Ann and Cora
  (16.53 + 9.91) / 2 = $13.22 each, Floyd $6.61.
  money in $49.50 = out $42.05 (5.00 + 33.05 + 4.00) + carried $4.50 + club $2.95.
  cash in box = 35.00 + 1.50 - 5.00 = $31.50; after payouts 31.50 - 37.05 = -$5.55.
  Ann and Cora are owed $0.20 each, Floyd $6.61; Hank gives back $6.51.
"""

import csv
import datetime
import io
import json
import os
import re

import pypdfium2 as pdfium
import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from test_printouts import pdf_text
from test_standings import ROUND_1, ROUND_2, pairs_event, play_round

from clubs.models import Player
from money.ledger import Door, NightResult, NightSettings, Payment, Placing, Refund, Tier
from money.ledger import cash_sheet as ledger_cash_sheet
from money.models import ClubMoney, DoorRecord, NightMoney, PaidMark
from money.night import night_ledger, night_money_of
from money.sheet_rows import ordinal, sheet_rows
from tournaments import services
from tournaments.models import Entry, Event, Hand

NAMES = {
    "A": "Ann Lee",
    "B": "Bob Roy",
    "C": "Cora Dunn",
    "D": "Dale Evans",
    "E": "Edna Fox",
    "F": "Floyd Gray",
    "G": "Gail Hart",
    "H": "Hank Irwin",
    "I": "Ida Jones",
}
SHOTS = os.environ.get("SHOTS", "/work/shots/sheet")

# --- The builder, by value (no database) -----------------------------------------------------


def usd(minor: int) -> str:
    from money.currency import format_money

    return format_money(minor, "USD", "en_US")


SETTINGS = NightSettings(
    entry_fee=500,
    ahead_fee=400,
    club_percent=10,
    tiers=(Tier(0, (50, 30, 20)),),
    loner_buy_in=100,
    loner_prize=200,
    euchre_fine=25,
    pool_buy_in=50,
)
DOOR = Door(
    payments=(
        Payment("Ann Lee", "ahead", 400),
        Payment("Bob Roy", "ahead", 400),
        Payment("Cora Dunn", "card", 500),
        *(Payment(NAMES[x], "cash", 500) for x in "DEFGHI"),
        Payment("Jack Klein", "cash", 500),
    ),
    refunds=(Refund("Jack Klein", 500, "cash"),),
)
RESULT = NightResult(
    standings=(
        Placing(1, ("Ann Lee",)),
        Placing(1, ("Cora Dunn",)),
        Placing(3, ("Hank Irwin",)),
        Placing(4, ("Floyd Gray",)),
        Placing(5, ("Ida Jones",)),
        Placing(6, ("Dale Evans",)),
        Placing(7, ("Bob Roy",)),
        Placing(7, ("Edna Fox",)),
        Placing(7, ("Gail Hart",)),
    ),
    loners={"Ann Lee": 1, "Cora Dunn": 1},
    euchres={"Dale Evans": 1, "Bob Roy": 1, "Edna Fox": 1, "Gail Hart": 1},
)
SETTLE = [
    ("Ann Lee", 1502, 1502),
    ("Cora Dunn", 1502, 1000),
    ("Hank Irwin", 651, 1000),
]


def cells(section) -> list[tuple[str, str, str]]:
    return [(r.label, r.player, r.amount) for r in section.rows]


def test_ordinal_places_as_results_sheets_write_them():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
    ]


def test_the_builder_writes_every_section_of_the_night_by_value():
    rows = sheet_rows(ledger_cash_sheet(SETTINGS, DOOR, RESULT), SETTINGS, SETTLE, usd)
    assert cells(rows.section("in")) == [
        ("Entries paid in cash", "", "$35.00"),
        ("Entries paid by card", "", "$5.00"),
        ("Entries paid ahead", "", "$8.00"),
        ("Euchre fines (cash)", "", "$1.00"),
        ("50/50 tickets sold (cash)", "", "$0.00"),
        ("Money in", "", "$49.00"),
    ]
    assert cells(rows.section("out")) == [
        ("Refunds", "", "$5.00"),
        ("Prizes paid", "", "$32.55"),
        ("Side pots paid", "", "$4.00"),
        ("Carried to the next night", "", "$4.50"),
        ("The club's share (expenses)", "", "$2.95"),
        ("Money out, carried and kept", "", "$49.00"),
    ]
    assert cells(rows.section("refunds")) == [
        ("Refunded in cash, from the box", "", "$5.00"),
        ("Refunds", "", "$5.00"),
    ]
    assert cells(rows.section("club")) == [
        (
            "10% of $29.50 (the entries after the loner basket and the pool), for expenses",
            "",
            "$2.95",
        ),
        ("The club's share", "", "$2.95"),
    ]
    assert cells(rows.section("prizes")) == [
        ("Prize pot", "", "$32.55"),
        ("1st=", "Ann Lee", "$13.02"),
        ("1st=", "Cora Dunn", "$13.02"),
        ("3rd", "Hank Irwin", "$6.51"),
        ("Prizes paid", "", "$32.55"),
    ]
    assert cells(rows.section("side_pots")) == [
        ("Loner basket: took in tonight", "", "$9.00"),
        ("Loner basket: paid to", "Ann Lee", "$2.00"),
        ("Loner basket: paid to", "Cora Dunn", "$2.00"),
        ("Loner basket: went to the prize pot (paid in the prizes above)", "", "$5.00"),
        ("Euchre fines: took in tonight", "", "$1.00"),
        ("Euchre fines: went to the prize pot (paid in the prizes above)", "", "$1.00"),
        ("Perfect hand pool: took in tonight", "", "$4.50"),
        ("Perfect hand pool: nobody won it tonight", "", ""),
        ("Perfect hand pool: carried to the next night", "", "$4.50"),
        ("Side pots paid to winners", "", "$4.00"),
    ]
    assert cells(rows.section("box")) == [
        ("Cash that must be in the box", "", "$31.00"),
        ("Prizes paid from it", "", "$32.55"),
        ("Side pots paid from it", "", "$4.00"),
        ("Cash left after payouts", "", "-$5.55"),
        ("The treasurer adds from the club's account", "", "$5.55"),
        ("Carried to the next night (the treasurer holds it)", "", "$4.50"),
    ]
    assert [r.label for r in rows.section("corrections").rows] == [
        "Cora Dunn was paid $10.00 and now wins $15.02: is owed $5.02",
        "Hank Irwin was paid $10.00 and now wins $6.51: gives back $3.49",
    ]
    assert rows.section("owed") is None  # everyone paid in full
    assert rows.balanced
    assert rows.balance == (
        "Balanced: money in $49.00 = money out $41.55 + carried $4.50 + the club's share $2.95"
    )
    assert rows.rules == tuple(SETTINGS.rules_in_words())
    # The CSV's machine decimals are the same rows' amounts, signed as the ledger signs them.
    box = rows.section("box").rows
    assert [rows.decimal(r) for r in box[3:5]] == ["-5.55", "5.55"]
    back = rows.section("corrections").rows[1]
    assert (back.player, back.amount, rows.decimal(back)) == ("Hank Irwin", "$3.49", "-3.49")


def test_nobody_handed_anything_yet_has_no_correction_but_someone_never_paid_is_owed():
    sheet = ledger_cash_sheet(SETTINGS, DOOR, RESULT)
    assert sheet_rows(sheet, SETTINGS, [("Ann Lee", 1502, 0)], usd).section("corrections") is None
    settle = [("Ann Lee", 1502, 1502), ("Hank Irwin", 651, 0)]
    rows = sheet_rows(sheet, SETTINGS, settle, usd)
    assert cells(rows.section("corrections")) == [
        ("Hank Irwin is owed $6.51", "Hank Irwin", "$6.51")
    ]


def test_a_partnership_is_paid_to_both_partners_each_with_the_other_named():
    settings = NightSettings(entry_fee=500, tiers=(Tier(0, (100,)),))
    door = Door(payments=tuple(Payment(n, "cash", 500) for n in ("Al", "Bea", "Cy", "Di")))
    result = NightResult(standings=(Placing(1, ("Al", "Bea")), Placing(2, ("Cy", "Di"))))
    rows = sheet_rows(ledger_cash_sheet(settings, door, result), settings, [], usd)
    assert cells(rows.section("prizes"))[1:3] == [
        ("1st (with Bea)", "Al", "$10.00"),
        ("1st (with Al)", "Bea", "$10.00"),
    ]
    assert rows.section("side_pots") is None


def test_a_tie_for_2nd_is_written_2nd_equals_with_each_players_share_the_odd_cent_first():
    settings = NightSettings(entry_fee=501, tiers=(Tier(0, (50, 30, 20)),))
    names = ("Al", "Bea", "Cy", "Di")
    door = Door(payments=tuple(Payment(n, "cash", 501) for n in names))
    result = NightResult(
        standings=(
            Placing(1, ("Al",)),
            Placing(2, ("Bea",)),
            Placing(2, ("Cy",)),
            Placing(4, ("Di",)),
        )
    )
    rows = sheet_rows(ledger_cash_sheet(settings, door, result), settings, [], usd)
    # $20.04 at 50/30/20: $10.03 (the odd cent), $6.01, $4.00; 2nd and 3rd shared: $10.01.
    assert cells(rows.section("prizes")) == [
        ("Prize pot", "", "$20.04"),
        ("1st", "Al", "$10.03"),
        ("2nd=", "Bea", "$5.01"),
        ("2nd=", "Cy", "$5.00"),
        ("Prizes paid", "", "$20.04"),
    ]
    assert rows.section("prizes").note.startswith("= a tie")


def test_what_a_door_still_owes_and_a_fifty_fifty_and_a_club_charity_are_written_out():
    settings = NightSettings(
        entry_fee=500, club_fixed=300, club_share_for="the food bank", tiers=(Tier(0, (100,)),)
    )
    door = Door(
        payments=(Payment("Al", "cash", 500), Payment("Bea", "cash", 200)), fifty_fifty_sales=1001
    )
    result = NightResult(
        standings=(Placing(1, ("Al",)), Placing(2, ("Bea",))), fifty_fifty_winner="Mrs Pike"
    )
    rows = sheet_rows(ledger_cash_sheet(settings, door, result), settings, [], usd)
    assert cells(rows.section("owed")) == [("Still owes at the door", "Bea", "$3.00")]
    assert cells(rows.section("club")) == [
        ("A fixed sum from the $7.00 of entries, for the food bank", "", "$3.00"),
        ("From the 50/50 draw", "", "$5.01"),
        ("The club's share", "", "$8.01"),
    ]
    assert ("50/50 draw: paid to", "Mrs Pike", "$5.00") in cells(rows.section("side_pots"))
    assert ("50/50 draw: went to the club's share", "", "$5.01") in cells(rows.section("side_pots"))
    assert rows.balanced


def test_a_pool_carried_in_is_money_in_and_its_winner_is_paid_all_of_it():
    settings = NightSettings(
        entry_fee=500, pool_buy_in=50, pool_carried_in=450, tiers=(Tier(0, (100,)),)
    )
    door = Door(payments=(Payment("Al", "cash", 500), Payment("Bea", "cash", 500)))
    result = NightResult(
        standings=(Placing(1, ("Al",)), Placing(2, ("Bea",))), pool_winners=("Bea",)
    )
    rows = sheet_rows(ledger_cash_sheet(settings, door, result), settings, [], usd)
    assert ("Pool carried in from the last night", "", "$4.50") in cells(rows.section("in"))
    assert cells(rows.section("side_pots"))[:3] == [
        ("Perfect hand pool: took in tonight", "", "$1.00"),
        ("Perfect hand pool: carried in from the last night", "", "$4.50"),
        ("Perfect hand pool: paid to", "Bea", "$5.50"),
    ]
    assert ("Carried to the next night", "", "$0.00") in cells(rows.section("out"))
    assert rows.balance.startswith("Balanced: money in $14.50 = money out $14.50 + carried $0.00")


def test_a_basket_too_small_for_every_loner_says_what_it_was_short():
    settings = NightSettings(
        entry_fee=500, loner_buy_in=100, loner_prize=300, tiers=(Tier(0, (100,)),)
    )
    door = Door(payments=(Payment("Al", "cash", 500), Payment("Bea", "cash", 500)))
    result = NightResult(
        standings=(Placing(1, ("Al",)), Placing(2, ("Bea",))), loners={"Al": 1, "Bea": 1}
    )
    rows = sheet_rows(ledger_cash_sheet(settings, door, result), settings, [], usd)
    assert (
        "Loner basket: short (could not pay every loner in full)",
        "",
        "$4.00",
    ) in cells(rows.section("side_pots"))


# --- The night in the database -------------------------------------------------------------


def finished_night(club, *, currency="USD", date_style=None, corrected=True):
    if date_style:
        club.date_style = date_style
        club.save(update_fields=["date_style"])
    money = ClubMoney.of(club)
    money.currency = currency
    money.save()
    by_letter = {x: Player.objects.create(club=club, name=name) for x, name in NAMES.items()}
    jack = Player.objects.create(club=club, name="Jack Klein")
    event = Event.objects.create(
        club=club,
        name="Tuesday progressive",
        date=datetime.date(2026, 11, 24),
        rounds_planned=2,
        hands_per_round=2,
    )
    NightMoney.objects.create(
        event=event,
        entry_fee=500,
        ahead_fee=400,
        club_percent=10,
        places_paid="50/30/20",
        small_under=0,
        loner_buy_in=100,
        loner_prize=200,
        euchre_fine=25,
        pool_buy_in=50,
    )
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in by_letter.values())
    paid = DoorRecord.Kind.PAID
    records = [
        DoorRecord(event=event, player=by_letter["A"], method="ahead", amount=400),
        DoorRecord(event=event, player=by_letter["B"], method="ahead", amount=400),
        DoorRecord(event=event, player=by_letter["C"], method="card", amount=500),
        *(DoorRecord(event=event, player=by_letter[x], amount=500) for x in "DEFGHI"),
        DoorRecord(event=event, player=jack, kind=paid, amount=500),
        DoorRecord(event=event, player=jack, kind=DoorRecord.Kind.REFUND, amount=500),
    ]
    DoorRecord.objects.bulk_create(records)
    play_round(event, 1, ROUND_1, sit_out="I", by_name=by_letter)
    play_round(event, 2, ROUND_2, sit_out="H", by_name=by_letter)
    if not corrected:
        return event
    # The payouts handed out as the sheet said at the end of the night...
    by_name = {p.name: p for p in by_letter.values()}
    for name, amount in night_ledger(event).sheet.won_by().items():
        PaidMark.objects.create(event=event, player=by_name[name], amount=amount)
    # ...then a hand corrected: at table 2 of round 2 East (Edna) took 2 tricks, not 4, so
    # Edna and Gail were euchred: Dale and Floyd score 2, not Edna and Gail 1.
    hand = Hand.objects.get(
        table__round__event=event, table__round__number=2, table__number=2, number=2
    )
    services.hand_correct(hand=hand, data={"tricks": 2}, reason="East took 2 tricks", user=None)
    return event


@pytest.fixture
def night(club):
    return finished_night(club)


def page_text(html: str) -> str:
    body = html.split("<main", 1)[1]
    text = re.sub(r"<[^>]+>", " ", body)
    return re.sub(r"\s+", " ", text.replace("&#x27;", "'").replace("&amp;", "&"))


def words(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def csv_rows(response) -> list[list[str]]:
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(response.content.decode())))


def pdf_of(response) -> bytes:
    assert response.status_code == 200, response
    assert response["Content-Type"] == "application/pdf"
    return b"".join(response.streaming_content)


def report_json(event) -> dict:
    out = io.StringIO()
    call_command("money_report", "--event", str(event.pk), "--json", stdout=out)
    return json.loads(out.getvalue())


# The figures of the sheet that matter most, as the page and the PDF write them, and as the
# CSV and the JSON give them.
FIGURES = {
    "collected cash": ("$35.00", "35.00"),
    "prize pot": ("$33.05", "33.05"),
    "tie share": ("$13.22", "13.22"),
    "3rd": ("$6.61", "6.61"),
    "club": ("$2.95", "2.95"),
    "carried": ("$4.50", "4.50"),
    "box": ("$31.50", "31.50"),
    "after": ("-$5.55", "-5.55"),
}


def test_the_page_the_pdf_the_csv_and_money_report_show_the_same_amounts(night, director_client):
    page = director_client.get(reverse("money:sheet", args=[night.pk]))
    assert page.status_code == 200
    text = page_text(page.content.decode())
    pdf = words(
        " ".join(pdf_text(pdf_of(director_client.get(reverse("money:sheet-pdf", args=[night.pk])))))
    )
    table = csv_rows(director_client.get(reverse("money:sheet-csv", args=[night.pk])))
    data = report_json(night)

    balance = (
        "Balanced: money in $49.50 = money out $42.05 + carried $4.50 + the club's share $2.95"
    )
    assert balance in text
    assert balance in pdf
    assert ["Balance", balance, "", "", ""] in table
    assert data["balanced"] is True

    for shown, _ in FIGURES.values():
        assert shown in text, shown
        assert shown in pdf, shown
    # Each figure on its line: the page's and the PDF's, the CSV's decimal, the JSON's.
    assert ["Money in", "Entries paid in cash", "", "35.00", "USD"] in table
    assert ["Money in", "Euchre fines (cash)", "", "1.50", "USD"] in table
    assert data["euchre_fines"] == "1.50"
    assert data["collected"] == {"cash": "35.00", "card": "5.00", "ahead": "8.00"}
    assert data["refunds"] == "5.00"
    assert ["Prizes", "Prize pot", "", "33.05", "USD"] in table
    assert data["prize_pot"] == "33.05"
    assert ["Prizes", "1st=", "Ann Lee", "13.22", "USD"] in table
    assert ["Prizes", "1st=", "Cora Dunn", "13.22", "USD"] in table
    assert ["Prizes", "3rd", "Floyd Gray", "6.61", "USD"] in table
    assert [(p["place"], p["players"], p["amount"]) for p in data["payouts"]] == [
        ("1", ["Ann Lee", "Cora Dunn"], "26.44"),
        ("3", ["Floyd Gray"], "6.61"),
    ]
    assert ["Money out", "The club's share (expenses)", "", "2.95", "USD"] in table
    assert data["club_share"] == "2.95"
    assert ["The cash box", "Cash that must be in the box", "", "31.50", "USD"] in table
    assert data["cash_in_box"] == "31.50"
    assert ["The cash box", "Cash left after payouts", "", "-5.55", "USD"] in table
    assert data["cash_after_payouts"] == "-5.55"
    assert ["Money out", "Carried to the next night", "", "4.50", "USD"] in table
    assert data["carried"] == "4.50"
    pots = {p["pot"]: p for p in data["side_pots"]}
    assert pots["loner_basket"]["paid"] == [
        {"player": "Ann Lee", "amount": "2.00"},
        {"player": "Cora Dunn", "amount": "2.00"},
    ]
    assert pots["pool"]["carried_out"] == "4.50"
    assert ["Side pots", "Loner basket: paid to", "Ann Lee", "2.00", "USD"] in table
    # The amount the treasurer adds is in the CSV's amount column, not only in words.
    assert ["The cash box", "The treasurer adds from the club's account", "", "5.55", "USD"] in (
        table
    )
    assert "The treasurer adds from the club's account $5.55" in text
    assert "The treasurer adds from the club's account $5.55" in pdf
    # The correction after the payouts: 3rd place moved from Hank to Floyd, and the fines
    # grew the pot; who gives back and who is owed, on the page and the paper alike.
    for line in (
        "Ann Lee was paid $15.02 and now wins $15.22: is owed $0.20",
        "Cora Dunn was paid $15.02 and now wins $15.22: is owed $0.20",
        "Floyd Gray is owed $6.61",
        "Hank Irwin was paid $6.51 and now wins $0.00: gives back $6.51",
    ):
        assert line in text
        assert line in pdf
    assert [
        "Owed, and to give back",
        "Hank Irwin was paid $6.51 and now wins $0.00: gives back $6.51",
        "Hank Irwin",
        "-6.51",
        "USD",
    ] in table
    assert [
        "Owed, and to give back",
        "Floyd Gray is owed $6.61",
        "Floyd Gray",
        "6.61",
        "USD",
    ] in table
    # The rules in words at the foot, on the page and the paper.
    assert "the cents left over go to first place" in text
    assert "the cents left over go to first place" in pdf
    # Links from the page to its downloads and to the night's money page.
    html = page.content.decode()
    for name in ("money:sheet-pdf", "money:sheet-csv", "money:night"):
        assert f'href="{reverse(name, args=[night.pk])}"' in html


def test_money_report_as_text_shows_the_sheets_rows(night):
    out = io.StringIO()
    call_command("money_report", "--event", str(night.pk), stdout=out)
    text = out.getvalue()
    # The date as the club writes it everywhere, not 2026-11-24 (issue 42, the tester).
    assert text.startswith(
        "Cash sheet: Maple Hall Euchre Club, Tuesday progressive, Tue, Nov 24, 2026"
    )
    assert "Balanced: money in $49.50 = money out $42.05" in text
    assert re.search(r"1st=: Ann Lee +\$13\.22", text)
    assert re.search(r"Cash left after payouts +-\$5\.55", text)


def test_money_report_json_is_the_ledgers_own_as_json(night):
    assert report_json(night) == night_ledger(night).sheet.as_json()


def test_the_next_night_starts_with_the_pool_carried_in(night, director_client):
    later = Event.objects.create(
        club=night.club, name="Next Tuesday", date=datetime.date(2026, 12, 1), rounds_planned=2
    )
    assert night_money_of(later).pool_carried_in == 450
    page = director_client.get(reverse("money:club", args=[night.club.slug]))
    text = page_text(page.content.decode())
    # The pool the treasurer holds now: brought to the next night, not played yet.
    assert "Perfect hand pool: $4.50 The treasurer holds it for Next Tuesday" in text
    later.delete()
    page = director_client.get(reverse("money:club", args=[night.club.slug]))
    text = page_text(page.content.decode())
    assert "Perfect hand pool: $4.50 Carried from Tuesday progressive" in text


def test_the_club_page_lists_each_night_newest_first_with_its_csv(night, director_client):
    later = Event.objects.create(
        club=night.club, name="Next Tuesday", date=datetime.date(2026, 12, 1), rounds_planned=2
    )
    night_money_of(later)
    page = director_client.get(reverse("money:club", args=[night.club.slug]))
    assert page.status_code == 200
    html = page.content.decode()
    text = page_text(html)
    assert text.index("Next Tuesday") < text.index("Tuesday progressive")
    assert f'href="{reverse("money:sheet", args=[night.pk])}"' in html
    assert "Not ready" in text
    for shown in ("$48.00", "$2.95", "$33.05", "$4.00", "$4.50", "$31.50"):
        assert shown in text
    table = csv_rows(director_client.get(reverse("money:club-csv", args=[night.club.slug])))
    assert table[0] == [
        "date",
        "event",
        "collected",
        "club_share",
        "prizes_paid",
        "side_pots_paid",
        "carried",
        "cash_in_box",
        "currency",
        "balanced",
        "settled",
    ]
    assert table[1][:2] == ["2026-12-01", "Next Tuesday"]
    assert table[1][-2].startswith("Not ready: The payouts and the cash sheet are worked out")
    assert table[1][-1] == ""
    assert table[2] == [
        "2026-11-24",
        "Tuesday progressive",
        "48.00",
        "2.95",
        "33.05",
        "4.00",
        "4.50",
        "31.50",
        "USD",
        "Yes",
        "4 to settle",
    ]


def test_a_night_balanced_on_paper_but_not_settled_in_hand_says_who_is_left(night, director_client):
    # The correction after the payouts: 2 are owed, 1 gives back, 1 newly owed: 4 to settle,
    # though the sheet balances. The count links to the night's page, where they are settled.
    club_url = reverse("money:club", args=[night.club.slug])
    html = director_client.get(club_url).content.decode()
    cell = html.split('class="settled"', 1)[1].split("</td>", 1)[0]
    assert f'href="{reverse("money:night", args=[night.pk])}"' in cell
    assert ">4 to settle</a>" in cell
    assert '<td class="balanced" data-label="Balanced">Yes</td>' in html
    # Each handed what they win now: settled.
    ledger = night_ledger(night)
    players = {p.name: p for p in Player.objects.filter(club=night.club)}
    for name, won, handed in ledger.settle():
        if won != handed:
            PaidMark.objects.create(event=night, player=players[name], amount=won - handed)
    html = director_client.get(club_url).content.decode()
    assert '<td class="settled" data-label="Settled">Yes</td>' in html
    table = csv_rows(director_client.get(reverse("money:club-csv", args=[night.club.slug])))
    assert table[1][-2:] == ["Yes", "Yes"]


def test_the_club_director_page_links_to_the_money(club, director_client):
    page = director_client.get(reverse("clubs:club-detail", args=[club.slug]))
    assert f'href="{reverse("money:club", args=[club.slug])}"' in page.content.decode()


def test_the_currency_setting_shows_each_sign_as_the_club_will_see_it(club, director_client):
    url = reverse("money:club", args=[club.slug])
    club.date_style = "en-US"
    club.save()
    html = director_client.get(url).content.decode()
    assert "Canadian Dollar (CA$1.00)" in html
    assert "British Pound (£1.00)" in html
    response = director_client.post(url, {"currency": "GBP"})
    assert response.status_code == 302
    assert ClubMoney.of(club).currency == "GBP"
    response = director_client.post(url, {"currency": "XXX"})
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert ClubMoney.of(club).currency == "GBP"


def test_a_club_in_england_sees_pounds_on_the_page_and_the_paper(club, director_client):
    night = finished_night(club, currency="GBP", date_style="en-GB")
    text = page_text(director_client.get(reverse("money:sheet", args=[night.pk])).content.decode())
    assert "Balanced: money in £49.50 = money out £42.05 + carried £4.50" in text
    assert "£13.22" in text and "$" not in text.split("The rules tonight")[0]
    pdf = words(
        " ".join(pdf_text(pdf_of(director_client.get(reverse("money:sheet-pdf", args=[night.pk])))))
    )
    assert "money in £49.50" in pdf
    assert "£13.22" in pdf
    assert report_json(night)["currency"] == "GBP"
    club_text = page_text(
        director_client.get(reverse("money:club", args=[club.slug])).content.decode()
    )
    assert "£33.05" in club_text
    # Dates the club's way on the sheet, its paper and the club's page (the pool carried's
    # night too), never another way of writing them.
    assert "Tue, 24 Nov 2026" in text and "Tue, 24 Nov 2026" in pdf
    assert "Carried from Tuesday progressive , Tue, 24 Nov 2026." in club_text
    assert club_text.count("Tue, 24 Nov 2026") == 2  # the carried pool's and its row's


def test_a_club_in_germany_writes_euros_its_own_way(club, director_client):
    night = finished_night(club, currency="EUR", date_style="de-DE")
    html = director_client.get(reverse("money:sheet", args=[night.pk])).content.decode()
    assert "13,22\xa0€" in html  # CLDR's no-break space: the amount never wraps
    pdf = " ".join(
        pdf_text(pdf_of(director_client.get(reverse("money:sheet-pdf", args=[night.pk]))))
    )
    assert re.search(r"13,22\s€", pdf)


def test_a_name_a_spreadsheet_would_run_is_written_as_text(night, director_client):
    Player.objects.filter(name="Ann Lee").update(name="=HYPERLINK(1)")
    table = csv_rows(director_client.get(reverse("money:sheet-csv", args=[night.pk])))
    assert ["Prizes", "1st=", "'=HYPERLINK(1)", "13.22", "USD"] in table
    assert all(not cell.startswith("=") for line in table[1:] for cell in line)
    assert ["The cash box", "Cash left after payouts", "", "-5.55", "USD"] in table


def test_a_sheet_not_ready_says_why_and_links_to_the_night(club, event, director_client):
    NightMoney.objects.create(event=event, entry_fee=500)
    page = director_client.get(reverse("money:sheet", args=[event.pk]))
    html = page.content.decode()
    assert "worked out when the last round closes" in html
    assert f'href="{reverse("money:night", args=[event.pk])}"' in html
    assert reverse("money:sheet-pdf", args=[event.pk]) not in html
    assert director_client.get(reverse("money:sheet-pdf", args=[event.pk])).status_code == 404
    assert director_client.get(reverse("money:sheet-csv", args=[event.pk])).status_code == 404


def test_settings_that_do_not_go_together_are_said_in_words(club, event, director_client):
    NightMoney.objects.create(event=event, entry_fee=500, club_percent=10, club_fixed=100)
    page = director_client.get(reverse("money:sheet", args=[event.pk]))
    assert "either a percentage or a fixed sum" in page.content.decode()
    with pytest.raises(CommandError, match="either a percentage or a fixed sum"):
        call_command("money_report", "--event", str(event.pk), "--json")


def test_money_report_refuses_an_unknown_event_and_a_sheet_not_ready(club, event):
    with pytest.raises(CommandError, match="There is no event 999999"):
        call_command("money_report", "--event", "999999", "--json")
    with pytest.raises(CommandError, match="an event's number"):
        call_command("money_report", "--event", "tuesday")
    with pytest.raises(CommandError, match="not ready: The payouts and the cash sheet"):
        call_command("money_report", "--event", str(event.pk), "--json")


def test_another_clubs_director_and_a_stranger_see_nothing(
    night, client, other_director, django_user_model
):
    urls = [
        reverse("money:sheet", args=[night.pk]),
        reverse("money:sheet-pdf", args=[night.pk]),
        reverse("money:sheet-csv", args=[night.pk]),
        reverse("money:club", args=[night.club.slug]),
        reverse("money:club-csv", args=[night.club.slug]),
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 302 and "/login" in response["Location"], url
    client.force_login(other_director)
    for url in urls:
        assert client.get(url).status_code == 404, url
    response = client.post(urls[3], {"currency": "GBP"})
    assert response.status_code == 404
    assert ClubMoney.of(night.club).currency == "USD"


def test_the_pdf_renders_to_an_image(night, director_client):
    """Rendered (and kept in the shots folder when it exists, to look at): a page with ink."""
    content = pdf_of(director_client.get(reverse("money:sheet-pdf", args=[night.pk])))
    document = pdfium.PdfDocument(content)
    assert len(document) >= 1
    image = document[0].render(scale=1.5).to_pil()
    if os.path.isdir(SHOTS):
        for i in range(len(document)):
            document[i].render(scale=1.5).to_pil().save(f"{SHOTS}/sheet-pdf-page{i + 1}.png")
    assert image.convert("L").getextrema()[0] < 50  # ink on the paper


def test_the_club_page_shows_its_nights_a_page_at_a_time(night, director_client):
    for day in range(1, 26):  # 25 nights after the finished one
        later = Event.objects.create(
            club=night.club, name=f"Night {day}", date=datetime.date(2027, 1, day)
        )
        night_money_of(later)
    url = reverse("money:club", args=[night.club.slug])
    first = page_text(director_client.get(url).content.decode())
    assert "Night 25" in first and "Night 1 " in first
    assert "Tuesday progressive" not in first.split("Each night's sheet")[1]
    second = page_text(director_client.get(url + "?page=2").content.decode())
    assert "Tuesday progressive" in second and "$33.05" in second
    # The treasurer's CSV has every night.
    table = csv_rows(director_client.get(reverse("money:club-csv", args=[night.club.slug])))
    assert len(table) == 1 + 26


def test_a_pairs_night_pays_the_partnership_split_between_the_partners(club, director_client):
    nine = {x: Player.objects.create(club=club, name=x) for x in "ABCDEFGHI"}
    event = pairs_event(club, nine)
    NightMoney.objects.create(event=event, entry_fee=501, places_paid="100", small_under=0)
    DoorRecord.objects.bulk_create(
        DoorRecord(event=event, player=nine[x], amount=501) for x in "ABCDEFGH"
    )
    # 8 x $5.01 = $40.08 to 1st, A & C: $20.04 each.
    data = report_json(event)
    assert data["payouts"][0]["entries"] == [["A", "C"]]
    assert data["payouts"][0]["shares"] == [
        {"player": "A", "amount": "20.04"},
        {"player": "C", "amount": "20.04"},
    ]
    text = page_text(director_client.get(reverse("money:sheet", args=[event.pk])).content.decode())
    assert "1st (with C) A $20.04" in text
    assert "1st (with A) C $20.04" in text
    table = csv_rows(director_client.get(reverse("money:sheet-csv", args=[event.pk])))
    assert ["Prizes", "1st (with C)", "A", "20.04", "USD"] in table


def test_a_side_awards_prize_is_a_row_of_the_prizes_for_each_winner():
    """AWARD_PRIZES_RULE on the sheet: the booby prize of $1.00 shared by the three tied last,
    paid before the places, each winner's share a row, and counted in the prizes paid."""
    from dataclasses import replace

    from money.ledger import AwardResult

    settings = replace(SETTINGS, award_prizes={"booby": 100})
    result = replace(
        RESULT,
        awards=(
            AwardResult("booby", "Booby prize", (("Bob Roy",), ("Edna Fox",), ("Gail Hart",))),
        ),
    )
    sheet = ledger_cash_sheet(settings, DOOR, result)
    prizes = sheet_rows(sheet, settings, [], usd).section("prizes")
    booby = [c for c in cells(prizes) if c[0].startswith("Booby")]
    assert booby == [
        ("Booby prize (shared)", "Bob Roy", "$0.34"),
        ("Booby prize (shared)", "Edna Fox", "$0.33"),
        ("Booby prize (shared)", "Gail Hart", "$0.33"),
    ]
    assert cells(prizes)[-1] == ("Prizes paid", "", usd(sheet.prize_pot))


def test_the_settings_places_paid_refusal_names_the_tier_as_a_director_says_it():
    # Issue 42 (tester): "From 0 players: ... add up to 120" for the small turnouts' tier.
    money = NightMoney(small_under=12, small_places_paid="60/60", places_paid="50/30/20")
    with pytest.raises(ValueError) as refused:
        money.tiers()
    assert str(refused.value) == (
        "Under 12 players: the places' percentages add up to 120, not 100."
    )
    alone = NightMoney(small_under=0, places_paid="50/40")
    with pytest.raises(ValueError, match=r"^Any number of players: .* add up to 90, not 100\.$"):
        alone.tiers()

"""Issue 42's "Done when", through the pages: a 17-player progressive night whose money is
set, taken at the door, paid out, corrected after the payouts and settled, every step a GET or
a POST of the app's own pages by the club's director (only the hands are played with
tests/test_standings.py's `play_round`, and the correction goes through the director's own
hand-correction page). Then the cash sheet's page, its PDF (extracted text), its CSV and
`manage.py money_report --event <pk> --json` must show the same figures, each worked out by
hand below and asserted by value.

The players (letters for the hands below): A Ada Baker, B Ben Carter, C Cora Dunn, D Dale Evans,
E Edna Fox, F Floyd Gray, G Gail Hart, H Hank Irwin, I Ida Jones, J Jack Klein, K Kay Lowe,
L Lyle Moss, M Mae Nash, N Ned Owens, O Opal Price, P Pete Quinn (A-P entered and checked in
from the event page), Q Quincy Ross, a walk-in new to the club, entered, checked in and paid
at once from the money page.

Settings (the money page): entry $10.00 at the door, $7.50 paid ahead; the club keeps 10% for
expenses; places 1st only under 12 players, 50/30/20 from 12 (17 tonight: 50/30/20); loner
basket $1.00 from each entry paying $3.00 a loner; euchre fine $0.50, to the prize pot;
perfect hand pool $0.50 from each entry, $12.00 carried in, nobody wins it tonight.

The door: Ada paid ahead $7.50. Opal paid $10.00 cash, then the ahead list showed she had paid
ahead: recording her $7.50 ahead is refused (she would have paid $17.50, more than her price),
so her $10.00 is refunded in cash and her $7.50 ahead recorded. Cora, Hank and Kay pay $10.00
by card; the other eleven of A-P $10.00 cash; Quincy walks in and pays $10.00 cash.
  collected: cash 11 x 10 + 10 (Quincy) + 10 (Opal's) = $130.00; card $30.00;
  ahead 2 x 7.50 = $15.00; refunds $10.00 (cash). Entries net 165.00.
  loner basket 17 x 1.00 = $17.00; pool 17 x 0.50 = $8.50;
  entries to the pot 165.00 - 17.00 - 8.50 = $139.50; club 10% = $13.95.

The hands (Hoyle, two hands a round, two rounds; a sit-out scores the average of their other
round: here, their one other round):
Round 1 (Q sits out):
  t1 N=B E=F S=C W=G: N marches (NS 2); S calls, 3 tricks (NS 1).    B, C 3; F, G 0
  t2 N=A E=H S=I W=J: A alone, 5 tricks (NS 4, A's loner); E calls, 3 (EW 1).
                                                                     A, I 4; H, J 1
  t3 N=D E=K S=L W=M: N marches (NS 2); N calls, 3 (NS 1).           D, L 3; K, M 0
  t4 N=N E=O S=P W=E: E (West) alone, 3 tricks (EW 1, E's loner); N calls, 2 (EW 2: N and P
     euchred).                                                       E, O 3; N, P 0
Round 2 (P sits out):
  t1 N=C E=D S=H W=F: E calls, 1 trick (NS 2: D and F euchred); E calls, 4 (EW 1).
                                                                     C, H +2; D, F +1
  t2 N=B E=J S=G W=K: N marches (NS 2); E calls, 3 (EW 1).           B, G +2; J, K +1
  t3 N=A E=E S=M W=L: N calls, 4 (NS 1); E calls, 2 (NS 2: E and L euchred).
                                                                     A, M +3; E, L +0
  t4 N=I E=N S=O W=Q: E calls, 3 (EW 1); W calls, 4 (EW 1).          N, Q +2; I, O +0
Totals: A 7 (1 loner); B 5, C 5 (no loner, no euchre: tied for 2nd); I 4, Q 2* + 2 = 4;
D 4 (1 euchre); E 3 (1 loner, 1 euchre), H 3, M 3, O 3, L 3 (1 euchre); G 2, J 2, N 2 (1),
F 1 (1), K 1, P 0 + 0* = 0 (1). Loners: Ada, Edna. Euchres: N, P, D, F, E, L = 6.

At the end of the night:
  fines 6 x 0.50 = $3.00; basket pays Ada and Edna $3.00 each, $11.00 left to the prize pot;
  prize pot 139.50 - 13.95 + 11.00 + 3.00 = $139.55; 50/30/20: 69.775 -> 69.77, 41.865 ->
  41.86, 27.91, the odd cent to 1st: Ada $69.78; Ben and Cora share 2nd and 3rd: 41.86 + 27.91
  = 69.77 -> Ben $34.89 (the odd cent, listed first), Cora $34.88.
  Handed out, marked paid: Ada $72.78 (1st + loner), Ben $34.89, Cora $34.88, Edna $3.00.
Then a hand is corrected on the director's page: round 2, table 1, hand 1, Dale (East) took 3
tricks, not 1: EW 1 instead of NS 2. Cora and Hank lose 2 (Cora 3), Dale and Floyd gain 1 and
are no longer euchred: Dale 5, no loner, no euchre, level with Ben: the tie for 2nd is now
Ben and Dale, and 3rd place's money goes from Cora to Dale.
  fines 4 x 0.50 = $2.00; prize pot 139.50 - 13.95 + 11.00 + 2.00 = $138.55; 69.275 -> 69.27,
  41.565 -> 41.56, 27.71, odd cent to 1st: Ada $69.28; Ben and Dale 41.56 + 27.71 = 69.27 ->
  Ben $34.64, Dale $34.63.
  Ada gives back 72.78 - 72.28 = $0.50, Ben 34.89 - 34.64 = $0.25, Cora $34.88; Dale is owed
  $34.63 (net -1.00: the two fines no longer due). Dale and Floyd paid $0.50 each in fines
  at the table that are no longer due: each is given it back (the first payout noted the
  fines paid), and the box then holds the sheet's $2.00 of fines.
  money in 130 + 30 + 15 + 2.00 fines + 12.00 carried in = $189.00 = out (10.00 refunds +
  138.55 prizes + 6.00 side pots = $154.55) + carried 12.00 + 8.50 = $20.50 + club $13.95.
  cash in box 130.00 + 2.00 - 10.00 = $122.00; after payouts 122.00 - 138.55 - 6.00 = -$22.55.
The next night of the club starts with the pool's $20.50 carried in.
"""

import os
import re
from decimal import Decimal

import pypdfium2 as pdfium
from django.urls import reverse
from test_money_night import settings_post
from test_money_sheet import SHOTS, csv_rows, page_text, pdf_of, report_json, words
from test_printouts import pdf_text
from test_standings import play_round

from clubs.models import Player
from money.models import DoorRecord, NightMoney, PaidMark
from money.night import night_ledger
from tournaments.models import Entry, Event, Hand

NAMES = {
    "A": "Ada Baker",
    "B": "Ben Carter",
    "C": "Cora Dunn",
    "D": "Dale Evans",
    "E": "Edna Fox",
    "F": "Floyd Gray",
    "G": "Gail Hart",
    "H": "Hank Irwin",
    "I": "Ida Jones",
    "J": "Jack Klein",
    "K": "Kay Lowe",
    "L": "Lyle Moss",
    "M": "Mae Nash",
    "N": "Ned Owens",
    "O": "Opal Price",
    "P": "Pete Quinn",
}
WALK_IN = "Quincy Ross"


def hand(maker, tricks, alone=False):
    return {"maker": maker, "tricks": tricks, "alone": alone}


ROUND_1 = {
    1: ("BFCG", [hand("N", 5), hand("S", 3)]),
    2: ("AHIJ", [hand("N", 5, alone=True), hand("E", 3)]),
    3: ("DKLM", [hand("N", 5), hand("N", 3)]),
    4: ("NOPE", [hand("W", 3, alone=True), hand("N", 2)]),
}
ROUND_2 = {
    1: ("CDHF", [hand("E", 1), hand("E", 4)]),
    2: ("BJGK", [hand("N", 5), hand("E", 3)]),
    3: ("AEML", [hand("N", 4), hand("E", 2)]),
    4: ("INOQ", [hand("E", 3), hand("W", 4)]),
}


def url(name, event):
    return reverse(f"money:{name}", args=[event.pk])


def create_event(client, club, name, date) -> Event:
    response = client.post(
        reverse("tournaments:event-create", args=[club.slug]),
        {
            "name": name,
            "date": date,
            "format": "progressive",
            "rules_preset": "hoyle-2001",
            "game_points": 10,
            "rounds_planned": 2,
            "round_end": "hands",
            "hands_per_round": 2,
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    return Event.objects.get(club=club, name=name)


def door(client, event, player, kind="paid", method="cash", amount="10.00"):
    """One record from the player's row on the money page, as its form posts it."""
    seen = DoorRecord.objects.filter(event=event, player=player).count()
    data = {"player": player.pk, "kind": kind, "method": method, "amount": amount, "seen": seen}
    response = client.post(url("door", event), data, follow=True)
    assert response.status_code == 200
    return response.content.decode()


def night_page(client, event) -> str:
    response = client.get(url("night", event))
    assert response.status_code == 200
    return response.content.decode()


def payout_row(html: str, player: Player) -> str:
    row = html.split(f'id="payout-{player.pk}"', 1)[1].split('<li id="payout-', 1)[0]
    return words(re.sub(r"<[^>]+>", " ", row))


def standings_top(client, event, count=6) -> list[tuple[str, ...]]:
    """The first lines of the standings' CSV: place, player, total, loners made, euchred."""
    table = csv_rows(client.get(reverse("tournaments:standings-csv", args=[event.pk])))
    assert table[0][:2] == ["Place", "Player"] and table[0][4:7] == [
        "Total",
        "Loners made",
        "Euchred as makers",
    ]
    return [(r[0], r[1], r[4], r[5], r[6]) for r in table[1 : count + 1]]


def mark(client, event, player, amount: int) -> str:
    response = client.post(
        url("mark-paid", event), {"player": player.pk, "amount": amount}, follow=True
    )
    assert response.status_code == 200
    return response.content.decode()


def sheet_everywhere(client, event):
    """The cash sheet's four outputs: the page's text, the PDF's text, the CSV's rows, the
    JSON of money_report."""
    page = client.get(url("sheet", event))
    assert page.status_code == 200
    text = page_text(page.content.decode())
    content = pdf_of(client.get(url("sheet-pdf", event)))
    pdf = words(" ".join(pdf_text(content)))
    # This night's figures (with a correction's give-backs, fines among them) on two pages,
    # the rules in words in small print, two columns, on a third at most (a sheet once ran to
    # a third page holding three lines).
    pages = pdfium.PdfDocument(content)
    if os.path.isdir(SHOTS):
        for i in range(len(pages)):
            pages[i].render(scale=1.5).to_pil().save(f"{SHOTS}/night17-pdf-page{i + 1}.png")
    assert len(pages) <= 3, f"{len(pages)} pages"
    table = csv_rows(client.get(url("sheet-csv", event)))
    return text, pdf, table, report_json(event)


def the_same_everywhere(text, pdf, table, rows):
    """Each (section, label, player, amount) on the page and the PDF as the club writes it, and
    in the CSV as a machine decimal. A line saying "gives back" shows the amount given back,
    which the CSV signs as money coming back (negative). The page leaves out a player already
    named in the line; the PDF has a column for the player on every line."""
    for section, label, player, amount in rows:
        shown = f"-${amount[1:]}" if amount.startswith("-") else f"${amount}"
        if "gives back" in label:
            shown = f"${amount.lstrip('-')}"
        on_page = " ".join(x for x in (label, "" if player in label else player, shown) if x)
        assert on_page in text, on_page
        on_paper = " ".join(x for x in (label, player, shown) if x)
        assert on_paper in pdf, on_paper
        assert [section, label, player, amount, "USD"] in table, (section, label, player)


def test_a_17_player_night_through_the_pages(director_client, club):
    client = director_client
    p = {x: Player.objects.create(club=club, name=name) for x, name in NAMES.items()}
    event = create_event(client, club, "Tuesday progressive", "2026-11-24")

    # --- Check-in: sixteen entered from the roster (entered is checked in), the list saved.
    response = client.post(
        reverse("tournaments:entries-add", args=[event.pk]),
        {"players": [x.pk for x in p.values()]},
    )
    assert response.status_code == 302
    response = client.post(
        reverse("tournaments:entries-check-in", args=[event.pk]),
        {"present": [x.pk for x in p.values()]},
    )
    assert response.status_code == 302
    assert Entry.objects.filter(event=event, present=True).count() == 16

    # --- The night's money.
    response = client.post(
        url("night-settings", event),
        settings_post(
            entry_fee="10.00",
            ahead_fee="7.50",
            club_percent="10",
            places_paid="50/30/20",
            small_under="12",
            small_places_paid="100",
            loner_buy_in="1.00",
            loner_prize="3.00",
            euchre_fine="0.50",
            fines_to="pot",
            pool_name="Perfect hand pool",
            pool_buy_in="0.50",
            pool_carried_in="12.00",
            make_default="on",
        ),
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    html = night_page(client, event)
    for said in (
        "Entry $10.00, $7.50 paid ahead.",
        "The club keeps 10% for expenses.",
        "Under 12 players: places paid 100% of the prize pot.",
        "From 12 players: places paid 50%/30%/20% of the prize pot.",
        "Loner basket $1.00 from each entry, $3.00 a loner.",
        "Euchre fine $0.50, to",
        "Perfect hand pool: $0.50 from each entry, $12.00 carried in.",
    ):
        assert said in html, said

    # --- The door.
    door(client, event, p["A"], method="ahead", amount="7.50")
    door(client, event, p["O"], method="cash", amount="10.00")
    refused = door(client, event, p["O"], method="ahead", amount="7.50")
    assert (
        "that would make $17.50 from Opal Price, $10.00 more than the price of $7.50: they "
        "owe nothing more." in refused
    )
    assert DoorRecord.objects.filter(event=event, player=p["O"]).count() == 1
    door(client, event, p["O"], kind="refund", method="cash", amount="10.00")
    door(client, event, p["O"], method="ahead", amount="7.50")
    for x in "CHK":
        door(client, event, p[x], method="card")
    cash = [x for x in NAMES if x not in "AOCHK"]
    for x in cash[:6]:
        door(client, event, p[x])
    # Before everyone paid: the event page says who still owes.
    event_page = client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()
    assert "5 still owe" in event_page
    for x in cash[6:]:
        assert f"<bdi>{NAMES[x]}</bdi> $10.00" in event_page
    assert night_ledger(event).owed() == {NAMES[x]: 1000 for x in cash[6:]}
    for x in cash[6:]:
        door(client, event, p[x])
    # The walk-in: entered, checked in and paid at once.
    response = client.post(
        url("walk-in", event), {"name": WALK_IN, "method": "cash", "amount": "10.00"}
    )
    assert response.status_code == 302
    q = Player.objects.get(club=club, name=WALK_IN)
    assert Entry.objects.get(event=event, player=q).present
    p["Q"] = q
    event_page = client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()
    assert "Everyone has paid." in event_page
    assert Entry.objects.filter(event=event, present=True).count() == 17

    # --- The hands: two rounds of four tables, one sitting out, as the app's own seating
    # would seat 17 (its preview); the rounds are seated as designed above to play the hands.
    preview = client.get(reverse("tournaments:round-preview", args=[event.pk]))
    assert preview.status_code == 200
    assert "17 players, 2 rounds." in preview.content.decode()
    assert [len(t["seats"]) for t in preview.context["tables"]] == [4, 4, 4, 4]
    assert "2 players sit out once, 15 never." in preview.content.decode()
    play_round(event, 1, ROUND_1, sit_out="Q", by_name=p)
    html = night_page(client, event)
    assert "worked out when the last round closes" in html
    play_round(event, 2, ROUND_2, sit_out="P", by_name=p)

    assert standings_top(client, event) == [
        ("1", "Ada Baker", "7", "1", "0"),
        ("2=", "Ben Carter", "5", "0", "0"),
        ("2=", "Cora Dunn", "5", "0", "0"),
        ("4=", "Ida Jones", "4", "0", "0"),
        ("4=", WALK_IN, "4", "0", "0"),
        ("6", "Dale Evans", "4", "0", "1"),
    ]

    # --- The payouts, as the night page shows them, handed out and marked paid.
    html = night_page(client, event)
    assert "Prize pot $139.55." in html
    assert "won $72.78" in payout_row(html, p["A"])
    assert "1st place: $69.78" in payout_row(html, p["A"])
    assert "Loner basket: $3.00" in payout_row(html, p["A"])
    assert "2nd place (tied, shared): $34.89" in payout_row(html, p["B"])
    assert "2nd place (tied, shared): $34.88" in payout_row(html, p["C"])
    assert "Loner basket: $3.00" in payout_row(html, p["E"])
    at_the_end = report_json(event)
    assert [(x["place"], x["tied"], x["shares"]) for x in at_the_end["payouts"]] == [
        ("1", False, [{"player": "Ada Baker", "amount": "69.78"}]),
        (
            "2",
            True,
            [
                {"player": "Ben Carter", "amount": "34.89"},
                {"player": "Cora Dunn", "amount": "34.88"},
            ],
        ),
    ]
    for x, amount in (("A", 7278), ("B", 3489), ("C", 3488), ("E", 300)):
        assert f"Hand over ${amount / 100:.2f}" in payout_row(html, p[x])
        mark(client, event, p[x], amount)
    assert all(won == handed for _, won, handed in night_ledger(event).settle())

    # --- A correction after the payouts, on the director's own correction page.
    wrong = Hand.objects.get(
        table__round__event=event, table__round__number=2, table__number=1, number=1
    )
    response = client.post(
        reverse("tournaments:hand-correct", args=[wrong.pk]),
        {"maker": "E", "tricks": "3", "reason": "Dale took 3 tricks, not 1"},
    )
    assert response.status_code == 302, response.content.decode()[:3000]

    assert standings_top(client, event, 3) == [
        ("1", "Ada Baker", "7", "1", "0"),
        ("2=", "Ben Carter", "5", "0", "0"),
        ("2=", "Dale Evans", "5", "0", "0"),
    ]
    html = night_page(client, event)
    assert "Prize pot $138.55." in html
    assert "won $72.28" in payout_row(html, p["A"]) and "Gives back $0.50" in payout_row(
        html, p["A"]
    )
    assert "Gives back $0.25" in payout_row(html, p["B"])
    assert "won $0.00" in payout_row(html, p["C"])
    assert "Gives back $34.88" in payout_row(html, p["C"])
    assert "2nd place (tied, shared): $34.63" in payout_row(html, p["D"])
    # Dale was handed nothing at the end of the night: now he is owed, as the sheet says.
    assert "Is owed $34.63" in payout_row(html, p["D"])
    assert "Hand over $34.63" in payout_row(html, p["D"])
    e = payout_row(html, p["E"])
    assert "Paid in full" in e and "Gives back" not in e

    # --- The cash sheet, the same on the page, the PDF, the CSV and money_report --json.
    text, pdf, table, data = sheet_everywhere(client, event)
    balance = (
        "Balanced: money in $189.00 = money out $154.55 + carried $20.50 + the club's share $13.95"
    )
    assert balance in text and balance in pdf and ["Balance", balance, "", "", ""] in table
    # By value, from the docstring's sums.
    assert data["currency"] == "USD"
    assert data["collected"] == {"cash": "130.00", "card": "30.00", "ahead": "15.00"}
    assert data["refunds"] == "10.00"
    assert data["refunds_by_method"] == {"cash": "10.00", "card": "0.00", "ahead": "0.00"}
    assert data["euchre_fines"] == "2.00"
    assert data["club_share"] == data["club_share_of_entries"] == "13.95"
    assert data["prize_pot"] == "138.55"
    assert [(x["place"], x["tied"], x["amount"], x["shares"]) for x in data["payouts"]] == [
        ("1", False, "69.28", [{"player": "Ada Baker", "amount": "69.28"}]),
        (
            "2",
            True,
            "69.27",
            [
                {"player": "Ben Carter", "amount": "34.64"},
                {"player": "Dale Evans", "amount": "34.63"},
            ],
        ),
    ]
    ben, dale = (Decimal(s["amount"]) for s in data["payouts"][1]["shares"])
    assert ben + dale == Decimal(data["payouts"][1]["amount"]) and ben - dale == Decimal("0.01")
    assert data["awards"] == []
    pots = {x["pot"]: x for x in data["side_pots"]}
    assert pots["loner_basket"] == {
        "pot": "loner_basket",
        "name": "Loner basket",
        "took_in": "17.00",
        "carried_in": "0.00",
        "paid": [
            {"player": "Ada Baker", "amount": "3.00"},
            {"player": "Edna Fox", "amount": "3.00"},
        ],
        "to_prize_pot": "11.00",
        "to_basket": "0.00",
        "to_club": "0.00",
        "carried_out": "0.00",
        "short": "0.00",
    }
    assert (pots["euchre_fines"]["took_in"], pots["euchre_fines"]["to_prize_pot"]) == (
        "2.00",
        "2.00",
    )
    assert pots["euchre_fines"]["paid"] == []
    assert (
        pots["pool"]["took_in"],
        pots["pool"]["carried_in"],
        pots["pool"]["paid"],
        pots["pool"]["carried_out"],
    ) == ("8.50", "12.00", [], "20.50")
    assert data["prizes_paid"] == "138.55"
    assert data["side_pots_paid"] == "6.00"
    assert data["carried_in"] == "12.00"
    assert data["carried"] == "20.50"
    assert data["cash_in_box"] == "122.00"
    assert data["cash_after_payouts"] == "-22.55"
    assert data["owed"] == []
    assert data["balanced"] is True

    # Every one of those figures on its line of the page, the PDF and the CSV.
    the_same_everywhere(
        text,
        pdf,
        table,
        [
            ("Money in", "Entries paid in cash", "", "130.00"),
            ("Money in", "Entries paid by card", "", "30.00"),
            ("Money in", "Entries paid ahead", "", "15.00"),
            ("Money in", "Euchre fines (cash)", "", "2.00"),
            ("Money in", "Pool carried in from the last night", "", "12.00"),
            ("Money in", "Money in", "", "189.00"),
            ("Money out", "Refunds", "", "10.00"),
            ("Money out", "Prizes paid", "", "138.55"),
            ("Money out", "Side pots paid", "", "6.00"),
            ("Side pots", "Side pots paid to winners", "", "6.00"),
            ("Money out", "Carried to the next night", "", "20.50"),
            ("Money out", "The club's share (expenses)", "", "13.95"),
            ("The cash box", "Cash that must be in the box", "", "122.00"),
            ("The cash box", "Cash left after payouts", "", "-22.55"),
            ("The cash box", "The treasurer adds from the club's account", "", "22.55"),
            ("Prizes", "Prize pot", "", "138.55"),
            ("Prizes", "1st", "Ada Baker", "69.28"),
            ("Prizes", "2nd=", "Ben Carter", "34.64"),
            ("Prizes", "2nd=", "Dale Evans", "34.63"),
            ("Side pots", "Loner basket: took in tonight", "", "17.00"),
            ("Side pots", "Loner basket: paid to", "Ada Baker", "3.00"),
            ("Side pots", "Loner basket: paid to", "Edna Fox", "3.00"),
            (
                "Side pots",
                "Loner basket: went to the prize pot (paid in the prizes above)",
                "",
                "11.00",
            ),
            ("Side pots", "Euchre fines: took in tonight", "", "2.00"),
            ("Side pots", "Perfect hand pool: took in tonight", "", "8.50"),
            ("Side pots", "Perfect hand pool: carried in from the last night", "", "12.00"),
            ("Side pots", "Perfect hand pool: carried to the next night", "", "20.50"),
            (
                "The club's share",
                # The treasurer can check it by hand: 10% of what the entries left.
                "10% of $139.50 (the entries after the loner basket and the pool), for expenses",
                "",
                "13.95",
            ),
            ("Refunds, by how they were paid", "Refunded in cash, from the box", "", "10.00"),
            ("Owed, and to give back", "Dale Evans is owed $34.63", "Dale Evans", "34.63"),
            (
                "Owed, and to give back",
                "Cora Dunn was paid $34.88 and now wins $0.00: gives back $34.88",
                "Cora Dunn",
                "-34.88",
            ),
            (
                "Owed, and to give back",
                "Ada Baker was paid $72.78 and now wins $72.28: gives back $0.50",
                "Ada Baker",
                "-0.50",
            ),
            (
                "Owed, and to give back",
                "Ben Carter was paid $34.89 and now wins $34.64: gives back $0.25",
                "Ben Carter",
                "-0.25",
            ),
        ],
    )
    assert "The treasurer adds from the club's account $22.55" in text
    assert "The treasurer adds from the club's account $22.55" in pdf

    # The correction took a euchre from Dale's and Floyd's side: the fine each paid at the
    # table goes back to them (the box holds it; the sheet no longer counts it).
    for who in ("Dale Evans", "Floyd Gray"):
        said = f"{who} paid $0.50 in euchre fines, none is due now: hand {who} back $0.50"
        assert said in text and said in pdf
        # In the CSV signed as a payout owed: money the club hands over is positive, so the
        # treasurer's column adds up to what leaves the box.
        assert ["Owed, and to give back", said, who, "0.50", "USD"] in table
    owed = [Decimal(r[3]) for r in table if r[0] == "Owed, and to give back"]
    assert sum(owed) == Decimal("34.63") - Decimal("34.88") - Decimal("0.75") + Decimal("1.00")

    # --- Recording what the correction left settles it.
    for x, amount in (("A", -50), ("B", -25), ("C", -3488), ("D", 3463)):
        mark(client, event, p[x], amount)
    for x in ("D", "F"):
        response = client.post(url("fines-settled", event), {"player": p[x].pk, "amount": -50})
        assert response.status_code == 302
    assert night_ledger(event).fines_settle() == []
    ledger = night_ledger(event)
    assert ledger.settle() == [
        ("Ada Baker", 7228, 7228),
        ("Ben Carter", 3464, 3464),
        ("Dale Evans", 3463, 3463),
        ("Edna Fox", 300, 300),
        ("Cora Dunn", 0, 0),
    ]
    assert sum(PaidMark.objects.filter(event=event).values_list("amount", flat=True)) == 13855 + 600
    html = night_page(client, event)
    assert "Gives back" not in html and "Is owed" not in html
    text, pdf, table, settled = sheet_everywhere(client, event)
    assert "Owed, and to give back" not in text and "Owed, and to give back" not in pdf
    assert not any(line[0] == "Owed, and to give back" for line in table)
    assert settled == data  # the ledger's figures did not move by recording the payouts
    assert balance in text and balance in pdf

    # --- The next night starts with the pool carried in.
    later = create_event(client, club, "Tuesday progressive, week 2", "2026-12-01")
    settings_page = client.get(url("night-settings", later)).content.decode()
    assert (
        "From Tuesday progressive (Tue, Nov 24, 2026), which carried $20.50 with no winner."
        in settings_page
    )
    assert 'name="pool_carried_in" value="20.50"' in settings_page
    money = NightMoney.objects.get(event=later)
    assert (money.pool_carried_in, money.entry_fee, money.ahead_fee, money.pool_buy_in) == (
        2050,
        1000,
        750,
        50,
    )
    assert "Perfect hand pool: $0.50 from each entry, $20.50 carried in." in night_page(
        client, later
    )
    # The club's money page: the pool the treasurer holds, for the next night.
    club_text = page_text(client.get(reverse("money:club", args=[club.slug])).content.decode())
    assert "Perfect hand pool: $20.50" in club_text

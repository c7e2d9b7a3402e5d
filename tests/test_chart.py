"""The chart a director can check by hand, as `manage.py movement_report --chart` prints it."""

import io

from django.core.management import call_command

from tournaments.movements import Round, individual_movement
from tournaments.movements.chart import movement_chart


def printed_chart(players: int, rounds: int) -> list[str]:
    out = io.StringIO()
    call_command(
        "movement_report", "--players", str(players), "--rounds", str(rounds), "--chart", stdout=out
    )
    lines = out.getvalue().splitlines()
    return lines[lines.index("") + 1 :]


def test_the_printed_rounds_are_the_movement_table_by_table():
    lines = printed_chart(16, 5)
    movement = individual_movement(16, 5)

    assert lines[1].split(" | ")[:3] == ["Round", "Table 1    ", "Table 2    "]
    rows = lines[2:7]
    read = [[tuple(map(int, cell.split())) for cell in row.split(" | ")[1:]] for row in rows]
    assert read == [r.tables for r in movement.rounds]


def test_the_printed_counts_show_every_partner_once_and_no_one_met_twice():
    lines = printed_chart(16, 5)
    partners = lines[lines.index("Partners: how often each two players are partners (. never)") :]
    opponents = lines[
        lines.index("Opponents: how often each two players are opponents (. never)") :
    ]

    for p in range(1, 17):
        partner_row = partners[1 + p].split()[1:]
        opponent_row = opponents[1 + p].split()[1:]
        assert partner_row[p - 1] == "-" == opponent_row[p - 1]
        # 5 rounds: 5 partners and 10 opponents, each once, and the two never overlap.
        assert partner_row.count("1") == 5 and opponent_row.count("1") == 10
        assert not {i for i, c in enumerate(partner_row) if c == "1"} & {
            i for i, c in enumerate(opponent_row) if c == "1"
        }


def test_the_chart_counts_sit_outs_and_repeats_by_player():
    rounds = [
        Round(tables=[(1, 2, 3, 4)], sit_out=[5]),
        Round(tables=[(1, 5, 3, 2)], sit_out=[4]),
    ]

    chart = movement_chart(rounds)
    counts = {c.number: c for c in chart.player_counts()}

    # 1 and 3 partner twice; 1 and 2 are opponents twice.
    assert chart.pair(1, 3) == (2, 0) and chart.pair(1, 2) == (0, 2)
    assert (counts[1].partners, counts[1].partners_again, counts[1].met_again) == (1, 1, 2)
    assert (counts[4].sit_outs, counts[5].sit_outs, counts[1].sit_outs) == (1, 1, 0)
    assert chart.lines()[1] == "Round | Table 1 | Out"
    assert chart.lines()[2:4] == ["    1 | 1 2 3 4 | 5", "    2 | 1 5 3 2 | 4"]

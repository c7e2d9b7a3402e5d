"""The round preview's chart of the night: the plan's rounds by player number (entry order,
the numbering the movement itself uses), a key of names, each player's counts and the grid of
every two players, ready for `templates/tournaments/_chart.jinja`."""

from .models import Event
from .movements import Round as Seating
from .movements.chart import movement_chart
from .seating import RoundPlan

# Past a few dozen players the grid of every two players is too big for a page (400 players:
# 160,000 squares); `manage.py movement_report --chart` prints it for any size.
MATRIX_UP_TO = 64  # players


def night_chart(plan: RoundPlan, event: Event, names: dict[int, str]) -> dict:
    """The night as the chart `manage.py movement_report --chart` prints, with each player
    numbered in entry order (the numbering the movement itself uses)."""
    seated = {p for r in plan.night for p in r.players()}
    order = event.entries.order_by("pk").values_list("player_id", flat=True)
    number = {pid: n for n, pid in enumerate((p for p in order if p in seated), start=1)}
    rounds = [
        Seating(
            tables=[tuple(number[p] for p in t) for t in r.tables],
            sit_out=sorted(number[p] for p in r.sit_out),
        )
        for r in plan.night
    ]
    chart = movement_chart(rounds, sorted(number.values()))
    key = {n: names[pid] for pid, n in number.items()}
    width = len(str(len(number)))
    # Each number padded once, not once for each of its 12 tables.
    padded = {n: str(n).rjust(width, "\u2007") for n in number.values()}
    return {
        "chart": chart,
        "key": sorted(key.items()),
        "rounds": [
            {
                "number": i,
                # Each table's numbers as one text, padded with figure spaces to line up.
                "tables": [" ".join([padded[p] for p in t]) for t in r.tables],
                "sit_out": r.sit_out,
                "played": i <= plan.played,
            }
            for i, r in enumerate(rounds, start=1)
        ],
        "players": [(c, key[c.number]) for c in chart.player_counts()],
        "sit_outs": any(r.sit_out for r in rounds),
        "pairs": event.is_pairs,
        # Each two players: P for each time partners, O for each time opponents.
        "matrix": [
            (p, ["P" * a + "O" * b for a, b in (chart.pair(p, q) for q in chart.numbers)])
            for p in chart.numbers
        ]
        if len(chart.numbers) <= MATRIX_UP_TO
        else None,
    }

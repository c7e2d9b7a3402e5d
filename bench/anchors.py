"""Yardsticks that pages and documents are timed against, beyond the minimal view /health/.

A module of their own rather than a script's: importing bench/standings.py would run a
script's setup for one query, and a module named `standings` is one more bench name that could
one day stand in for an app's (bench/brackets.py and bench/seasons.py already share their
apps' names).
"""

# One raw SQL aggregate of each player's points in an event (seats joined to hands, summed per
# player): the least a standings page must do, and what the standings are timed against.
RAW_SQL = """
SELECT s.player_id,
       SUM(CASE WHEN s.position IN ('N', 'S') THEN h.ns_points ELSE h.ew_points END),
       SUM(CASE WHEN h.maker = s.position AND h.alone AND h.tricks >= 3
                 AND (CASE WHEN s.position IN ('N', 'S') THEN h.ns_points
                           ELSE h.ew_points END) > 0 THEN 1 ELSE 0 END),
       SUM(CASE WHEN h.outcome IN ('euchred', 'lone_euchred', 'lone_defence_euchred',
                                   'lone_defence_march')
                 AND (h.maker IN ('N', 'S')) = (s.position IN ('N', 'S')) THEN 1 ELSE 0 END)
FROM tournaments_seat s
JOIN tournaments_round r ON r.id = s.round_id
JOIN tournaments_hand h ON h.table_id = s.table_id
WHERE r.event_id = %s
GROUP BY s.player_id
"""


def raw_aggregate(event_id: int) -> list:
    """(player id, points, loners made, times euchred) of every player in the event."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(RAW_SQL, [event_id])
        return cursor.fetchall()

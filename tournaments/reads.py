"""The captain's reads in hand-written SQL: the card, the table in play, its seats, its hands and
the director's corrections to them.

A captain's phone opens its page after every hand, so these are the app's most frequent reads.
Through the ORM, building each query (joins, column lists, ordering) cost 5 to 20 times running
it: the table in play took 1 ms to build and 0.07 ms to run. Here the SQL is written once, with
its column lists taken from the models' own fields (so a new field is read with no change here),
and each row is split back into model instances with the database's usual conversions (dates,
booleans), as Django's own raw queries do. `bench/pages.py` measures the captain's pages.
"""

import functools

from django.db import connection
from django.db.models import Model
from django.db.models.sql import Query

from clubs.models import Club, Player
from tournaments.models import Event, Hand, Round, Seat, Table, TableCard


def _columns(model: type[Model], alias: str) -> str:
    return ", ".join(f'{alias}."{field.column}"' for field in model._meta.concrete_fields)


# Per query: which columns the database hands back raw (SQLite's dates as text, its booleans as
# 0 and 1), with the converters Django's own queries apply. Worked out once, on the first read.
_converters: dict[tuple[str, str], dict] = {}


def _converters_for(sql: str, fields: list) -> dict:
    key = (connection.vendor, sql)
    if key not in _converters:
        compiler = connection.ops.compiler("SQLCompiler")(Query(None), connection, connection.alias)
        columns = [field.get_col(model._meta.db_table) for model, field in fields]
        _converters[key] = compiler.get_converters(columns)
    return _converters[key]


def _rows(sql: str, params: list, fields: list) -> list[list]:
    """The rows of `sql`, whose columns are `fields` ((model, field) pairs), converted."""
    converters = _converters_for(sql, fields)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = [list(row) for row in cursor.fetchall()]
    for row in rows:
        for index, (functions, expression) in converters.items():
            for convert in functions:
                row[index] = convert(row[index], expression, connection)
    return rows


def _select(sql: str, params: list, parts: list[tuple[type[Model], str]]) -> list[list]:
    """Run `sql`, whose columns are each of `parts`' (model, alias) fields in turn, and split
    every row into one instance per part (None for a part a left join found empty)."""
    fields = [(model, field) for model, alias in parts for field in model._meta.concrete_fields]
    # Each part's model, its fields' names and where its columns end in a row: worked out once
    # a query, not once a row.
    slices, start = [], 0
    for model, _ in parts:
        names = [field.attname for field in model._meta.concrete_fields]
        slices.append((model, names, start, start + len(names)))
        start += len(names)
    alias, found = connection.alias, []
    for row in _rows(sql, params, fields):
        objects = []
        for model, names, first, end in slices:
            values = row[first:end]
            empty = values[0] is None  # the primary key: a left join found nothing
            objects.append(None if empty else model.from_db(alias, names, values))
        found.append(objects)
    return found


_CARD = f"""
SELECT {_columns(TableCard, "card")}, {_columns(Club, "club")}
FROM {TableCard._meta.db_table} card JOIN {Club._meta.db_table} club ON club.id = card.club_id
WHERE card.token = %s
"""


def card(token: str) -> TableCard | None:
    """The card with this token, its club read with it, when no round is in play at its club."""
    for found, club in _select(_CARD, [token], [(TableCard, "card"), (Club, "club")]):
        found.club = club
        return found
    return None


_TABLES = f"""
SELECT {_columns(TableCard, "card")}, {_columns(Club, "club")},
       {_columns(Table, "t")}, {_columns(Round, "r")}, {_columns(Event, "e")},
       {_columns(Player, "captain")}, {_columns(Player, "confirmer")}
FROM {TableCard._meta.db_table} card
JOIN {Club._meta.db_table} club ON club.id = card.club_id
JOIN {Event._meta.db_table} e ON e.club_id = card.club_id
JOIN {Round._meta.db_table} r ON r.event_id = e.id
JOIN {Table._meta.db_table} t ON t.round_id = r.id AND t.number = card.number
JOIN {Player._meta.db_table} captain ON captain.id = t.captain_id
LEFT JOIN {Player._meta.db_table} confirmer ON confirmer.id = t.confirmed_by_id
WHERE card.token = %s AND r.status = '{Round.Status.IN_PLAY.value}'
ORDER BY e.date, e.name
"""
# The round's status is written into the SQL, not passed: PostgreSQL plans a prepared query
# once (a generic plan) only when that plan looks as cheap as planning for each value. Given
# the status as a parameter, it could not know how few rounds are in play, judged the generic
# plan dearer, and planned this seven-table join afresh on every request: 1.3 ms of planning
# against 0.1 ms of running, at a club with two events (bench/pages.py).


def tables_in_play(token: str) -> tuple[TableCard | None, list[Table]]:
    """The card with this token (None for an unknown or reissued one), and table N of every
    round in play at its club (one, on a normal night), each with its round, event, club,
    captain and confirming player: all in one query when a round is in play."""
    parts = [(TableCard, "card"), (Club, "club"), (Table, "t"), (Round, "r"), (Event, "e")]
    parts += [(Player, "captain"), (Player, "confirmer")]
    found, tables = None, []
    for row in _select(_TABLES, [token], parts):
        its_card, club, table, round_, event, captain, confirmer = row
        found = found or its_card
        found.club = event.club = club
        round_.event = event
        table.round, table.captain, table.confirmed_by = round_, captain, confirmer
        tables.append(table)
    return found or card(token), tables


_TABLE = f"""
SELECT {_columns(Table, "t")}, {_columns(Round, "r")}, {_columns(Event, "e")}
FROM {Table._meta.db_table} t
JOIN {Round._meta.db_table} r ON r.id = t.round_id
JOIN {Event._meta.db_table} e ON e.id = r.event_id
WHERE t.id = %s
"""


def table_locked(pk: int) -> Table:
    """Table `pk` with its round and event, read afresh and locked until the transaction ends,
    as `select_for_update().select_related("round__event")` would: the row of each of the
    three, so a round closing or an event changing waits for the hand being written (SQLite's
    IMMEDIATE transactions already serialise writers). Raises Table.DoesNotExist."""
    sql = _TABLE + (" FOR UPDATE" if connection.features.has_select_for_update else "")
    for table, round_, event in _select(sql, [pk], [(Table, "t"), (Round, "r"), (Event, "e")]):
        round_.event, table.round = event, round_
        return table
    raise Table.DoesNotExist(f"No table {pk}.")


_SEATS = f"""
SELECT {_columns(Seat, "s")}, {_columns(Player, "p")}
FROM {Seat._meta.db_table} s JOIN {Player._meta.db_table} p ON p.id = s.player_id
WHERE s.table_id = %s
"""


def seats(table: Table) -> dict[str, Player]:
    """The players at `table` by seat ("N", "E", "S", "W")."""
    return {
        seat.position: player
        for seat, player in _select(_SEATS, [table.pk], [(Seat, "s"), (Player, "p")])
    }


_HANDS = f"""
SELECT {_columns(Hand, "h")} FROM {Hand._meta.db_table} h WHERE h.table_id = %s ORDER BY h.number
"""


def hands(table: Table) -> list[Hand]:
    """The hands entered at `table`, in order."""
    found = [hand for (hand,) in _select(_HANDS, [table.pk], [(Hand, "h")])]
    for hand in found:
        hand.table = table
    return found


_CORRECTED = ("table_id", "number", "history_date", "history_change_reason")


@functools.cache
def _corrections_query() -> tuple[str, list]:
    # Worked out once: reaching the history model through its manager builds a manager class.
    model = Hand.history.model
    fields = [(model, model._meta.get_field(name)) for name in _CORRECTED]
    sql = (
        f"SELECT {', '.join(f'h.{name}' for name in _CORRECTED)} FROM {model._meta.db_table} h "
        "WHERE h.table_id IN ({}) AND h.history_type = '~' AND h.history_user_id IS NOT NULL "
        "ORDER BY h.history_date"
    )
    return sql, fields


def corrections(table_ids: list[int]) -> list[list]:
    """(table id, hand number, when, reason) of every director's change to a hand at these
    tables, oldest first: a change with a user is the director's (a captain has no login)."""
    if not table_ids:
        return []
    sql, fields = _corrections_query()
    return _rows(sql.format(", ".join(["%s"] * len(table_ids))), list(table_ids), fields)

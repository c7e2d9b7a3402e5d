"""Django's SQLite backend, with the database and its -wal and -shm made readable by their
owner only as each connection opens (config/private.py): a new database before SQLite makes it,
and an existing one an earlier version made 0644 on the next start."""

from django.db.backends.sqlite3 import base

from config.private import owner_only_database


class DatabaseWrapper(base.DatabaseWrapper):
    def get_new_connection(self, conn_params):
        name = str(conn_params["database"])
        if not name.startswith("file:"):  # a URI: Django's memory database for tests
            owner_only_database(name)
        return super().get_new_connection(conn_params)

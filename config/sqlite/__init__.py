"""Django's SQLite backend, with the club's database files readable by their owner only."""

"""The settings a deployment relies on: the deploy check passes with the documented variables."""

import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.db import connection

from clubs.models import Club

PRODUCTION_ENV = {
    "SECRET_KEY": "k8Zq-3vN_w9pLx2TfYb7RcUe5HsJm4GaDn6VoQi1KzXyWlPrEtBuCdFgHjMnSaQw",
    "ALLOWED_HOSTS": "euchre.example.org",
    "HTTPS": "true",
}


def _python(*args: str, dropped=("DEBUG", "HTTPS", "SECRET_KEY"), **env: str):
    """Python run afresh in the project's folder, with `dropped` taken out of this run's
    environment and `env` added."""
    clean = {k: v for k, v in os.environ.items() if k not in dropped}
    return subprocess.run(
        [sys.executable, *args],
        cwd=settings.BASE_DIR,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    return _python("manage.py", *args, **env)


def test_deploy_check_passes_with_documented_production_variables():
    result = _manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION_ENV)
    assert result.returncode == 0, result.stdout + result.stderr


def test_deploy_check_fails_with_the_development_defaults():
    result = _manage("check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stdout + result.stderr


def _hsts(**env: str) -> str:
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_PRELOAD)"
    )
    result = _python("-c", code, DJANGO_SETTINGS_MODULE="config.settings", **env)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_hsts_preload_is_an_opt_in():
    assert _hsts(**PRODUCTION_ENV) == "31536000 False"
    assert _hsts(**PRODUCTION_ENV, SECURE_HSTS_PRELOAD="true") == "31536000 True"
    # Opted in, the deploy check still passes.
    result = _manage(
        "check", "--deploy", "--fail-level", "WARNING", **PRODUCTION_ENV, SECURE_HSTS_PRELOAD="true"
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_mistyped_boolean_is_refused_not_guessed():
    result = _manage("check", DEBUG="ture")
    assert result.returncode != 0
    assert "DEBUG is 'ture': use true or false." in result.stderr


def test_https_without_a_secret_key_is_refused():
    result = _manage("check", HTTPS="true")
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_debug_is_off_by_default():
    assert settings.DEBUG is False


@pytest.mark.every_database
def test_the_database_in_use_is_the_one_asked_for():
    """The PostgreSQL run must really run on PostgreSQL, not fall back to SQLite."""
    engine = settings.DATABASES["default"]["ENGINE"]
    if os.getenv("DATABASE_URL", "").startswith("postgres"):
        assert engine == "django.db.backends.postgresql"
    else:
        assert engine == "config.sqlite"  # Django's, with owner-only files (config/private.py)
        options = settings.DATABASES["default"]["OPTIONS"]
        assert options["transaction_mode"] == "IMMEDIATE"
        assert "journal_mode=WAL" in options["init_command"]
        assert options["timeout"] >= 5


def _database_options(**env: str) -> subprocess.CompletedProcess:
    code = (
        "from config import settings as s; "
        "print(sorted(s.DATABASES['default'].get('OPTIONS', {}).items()))"
    )
    return _python("-c", code, dropped=("DB_PREPARED_STATEMENTS",), **env)


def test_postgresql_prepares_repeated_queries_unless_told_not_to():
    url = "postgres://euchre@127.0.0.1:5432/euchre"
    prepared = "[('prepare_threshold', 2), ('server_side_binding', True)]"
    assert _database_options(DATABASE_URL=url).stdout.strip() == prepared
    off = _database_options(DATABASE_URL=url, DB_PREPARED_STATEMENTS="false")
    assert off.stdout.strip() == "[]", off.stderr
    typo = _database_options(DATABASE_URL=url, DB_PREPARED_STATEMENTS="maybe")
    assert typo.returncode != 0
    assert "DB_PREPARED_STATEMENTS is 'maybe': use true or false." in typo.stderr


@pytest.mark.django_db
def test_a_query_run_again_is_planned_once_on_postgresql(club):
    """The captain's page runs the same joins for every hand: from the third run on, the
    server reuses the plan it prepared, rather than planning the query again."""
    if connection.vendor != "postgresql":
        pytest.skip("prepared statements are PostgreSQL's")
    with connection.cursor() as cursor:
        cursor.execute("DEALLOCATE ALL")
        for _ in range(3):
            list(Club.objects.filter(slug=club.slug, name__startswith="Maple"))
        cursor.execute(
            "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s",
            ["%clubs_club%name%LIKE%"],
        )
        assert cursor.fetchone()[0] == 1


def test_gunicorns_application_runs_the_collector_between_requests():
    # gunicorn imports config.wsgi in each worker: by then the app's views are loaded and set
    # aside, the collector's own runs are pushed out, and the end of a request that left
    # cyclic garbage collects it (config/heap.py, bench/pages.py --growth).
    code = """
import gc, sys
import config.wsgi
from django.core.signals import request_finished
views = "tournaments.captain.views" in sys.modules
print(gc.get_threshold(), gc.get_freeze_count() > 10_000, views)
class Node:
    pass
for _ in range(120_000):  # a request's cycles: each node refers to itself
    node = Node()
    node.me = node
del node
left = gc.get_count()[0]
request_finished.send(sender=None)
print(left > 100_000, gc.get_count()[0] < 1_000)
"""
    result = _python("-c", code, **PRODUCTION_ENV)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:2] == ["(1000000, 10, 10) True True", "True True"]

"""Settings for the euchre score app, read from environment variables.

Every setting has a safe default so `manage.py runserver` works on a fresh clone with SQLite.
Production sets SECRET_KEY, ALLOWED_HOSTS, HTTPS=true, PUBLIC_URL and usually DATABASE_URL (see
README). HALL=true (set by `python3 euchre.py hall`) serves a club night to the phones on the
room's Wi-Fi: the laptop's LAN address becomes the public address and an allowed host by itself.
"""

import contextlib
import datetime
import os
import tempfile
import zoneinfo
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
import platformdirs
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from config import computer
from config.hall import lan_address, secret_key
from config.private import owner_only_folder

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: str) -> bool:
    """Read a yes/no variable strictly: a typo must not silently turn DEBUG on or HTTPS off."""
    value = os.getenv(name, default).strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off", ""):
        return False
    raise ImproperlyConfigured(f"{name} is {value!r}: use true or false.")


def envint(name: str, default: str) -> int:
    value = os.getenv(name, default)
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} is {value!r}: use a whole number.") from None


DEBUG = envbool("DEBUG", "false")

# Where a laptop keeps the club's own data: its database, the hall's secret key and the
# backups taken before an update. The user's data folder, apart from the app's folder, so that
# a new copy of the app in place of the old one keeps every night (README, "Updating").
DATA_DIR = Path(os.getenv("DATA_DIR") or platformdirs.user_data_path("euchre-scores", False))

# Hall mode (`python3 euchre.py hall`, `make hall`): the app on every interface, for the phones
# on the room's Wi-Fi. HALL_ADDRESS forces the address when the detected one is wrong (two
# networks).
HALL = envbool("HALL", "false")

# The fallback key only suits a laptop: `check --deploy` flags it, and HTTPS=true refuses it.
# The hall faces the Wi-Fi, so it never uses it: it makes a random key once and keeps it in the
# data folder, so logins survive a restart.
_DEV_SECRET_KEY = "dev-only-insecure-key-change-me"
SECRET_KEY = os.getenv("SECRET_KEY") or _DEV_SECRET_KEY
if HALL and not os.getenv("SECRET_KEY"):
    _key_file = Path(os.getenv("HALL_SECRET_FILE") or DATA_DIR / "hall-secret-key")
    try:
        SECRET_KEY = secret_key(_key_file, BASE_DIR)
    except OSError as exc:
        raise ImproperlyConfigured(
            f"The hall's secret key cannot be kept in {_key_file} ({exc.strerror}). Set "
            "DATA_DIR to a folder you may write to."
        ) from None
ALLOWED_HOSTS = os.getenv("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]").split(",")
PORT = envint("PORT", "8000")
# The server threads of the hall and the demo (config/server.py): a few captains at once each.
THREADS = envint("THREADS", "8")
if not 1 <= THREADS <= 64:
    raise ImproperlyConfigured(f"THREADS is {THREADS}: use a number from 1 to 64.")
# How many idle connections one address may hold open on the hall's server (config/server.py):
# in a hall each phone has its own address; more where many phones share one.
IDLE_PER_ADDRESS = envint("IDLE_PER_ADDRESS", "16")
if not 1 <= IDLE_PER_ADDRESS <= 500:
    raise ImproperlyConfigured(f"IDLE_PER_ADDRESS is {IDLE_PER_ADDRESS}: use 1 to 500.")
if not 1 <= PORT <= 65535:
    raise ImproperlyConfigured(f"PORT is {PORT}: use a port number from 1 to 65535, e.g. 8000.")
HALL_ADDRESS = os.getenv("HALL_ADDRESS", "").strip().strip("[]") or (lan_address() if HALL else "")


def _url_host(host: str) -> str:
    """A host as it appears in a URL and in the Host header: an IPv6 address in brackets."""
    return f"[{host}]" if ":" in host else host


# The address printed on every table card, tally card and QR code, without a trailing slash.
# Empty means the request's own host: links are then built from the request.
_public_url = os.getenv("PUBLIC_URL", "")
PUBLIC_URL = _public_url.strip().rstrip("/")
if PUBLIC_URL:
    try:
        _public_host = urlsplit(PUBLIC_URL).hostname or ""
    except ValueError:
        _public_host = ""
    if not PUBLIC_URL.startswith(("http://", "https://")) or not _public_host:
        raise ImproperlyConfigured(
            f"PUBLIC_URL is {_public_url!r}: use a full address, e.g. https://euchre.example.org"
        )
elif HALL:
    PUBLIC_URL = f"http://{_url_host(HALL_ADDRESS)}:{PORT}"
    _public_host = HALL_ADDRESS
else:
    _public_host = ""

# The hall address and PUBLIC_URL's host are allowed by themselves: nobody configures them twice.
for _host in (HALL_ADDRESS, _public_host):
    if _host and _url_host(_host) not in ALLOWED_HOSTS:
        ALLOWED_HOSTS.append(_url_host(_host))

CSRF_TRUSTED_ORIGINS = [o for o in os.getenv("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

# HTTPS=true is the production switch: secure cookies, redirect to https, HSTS.
HTTPS = envbool("HTTPS", "false")
if HTTPS and SECRET_KEY == _DEV_SECRET_KEY:
    raise ImproperlyConfigured("HTTPS is on but SECRET_KEY is not set: set a long random key.")
# Hall mode faces the room's Wi-Fi: a published key would let anyone forge a director's session.
if HALL and SECRET_KEY == _DEV_SECRET_KEY:
    raise ImproperlyConfigured("HALL is on with the public development key: unset SECRET_KEY.")
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", "31536000") if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
# Preloading is a promise that is slow to take back (the browsers' list ships with them), so it
# is the deployment's own choice: off unless SECURE_HSTS_PRELOAD=true. The deploy check's
# reminder about it (W021) is therefore silenced until someone opts in.
SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", "false")
SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]
# Behind a proxy that terminates TLS (nginx, a PaaS router), trust its X-Forwarded-Proto, and
# take the client's address from the X-Forwarded-For it appends (table-code rate limiting).
BEHIND_PROXY = envbool("BEHIND_PROXY", "false")
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Publishing (publishing/api.py): the largest request body the club's server takes from a
# laptop, as sent (gzip) and once unpacked; a body over either is refused, not read.
PUBLISH_MAX_BYTES = envint("PUBLISH_MAX_BYTES", str(16 * 1024 * 1024))
PUBLISH_MAX_UNPACKED_BYTES = envint("PUBLISH_MAX_UNPACKED_BYTES", str(200 * 1024 * 1024))

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.forms",
    "django_tables2",
    # htmx, served from the app itself: the round page's live tables.
    "django_htmx",
    "simple_history",
    # Wrong passwords, counted in the database: ten lock an account from that address.
    "axes",
    "csp",
    "clubs",
    "tournaments",
    "brackets",
    "seasons",
    "ratings",
    "players",
    # The money of a night: fees, pots, payouts, the cash sheet (sits above tournaments).
    "money",
    # The club online: the hall's laptop publishes each night to the club's server.
    "publishing",
    # Results by mail: each player who asked gets their night's result (queued, then sent).
    "results_mail",
    # Sign-up before the night: the list, the cap and the waitlist, check-in from it.
    "signup",
    # The club's staff: a director's own sign-up, invitations to directors and assistants.
    "directors",
    # The mail queue in the database (django-post-office): after results_mail, whose
    # send_queued_mail (post_office's, with growing waits between retries) then wins.
    "post_office",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # request.htmx: a view answers htmx's own requests with the part of the page they swap.
    "django_htmx.middleware.HtmxMiddleware",
    # Records which user made each change in the audit trail (django-simple-history).
    "simple_history.middleware.HistoryRequestMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A form body Django cannot read, answered before any CSRF check reads it (Django's own
    # error pages would read it again and fail).
    "config.middleware.unreadable_form",
    # A NUL in any parameter, refused in words before a view hands it to PostgreSQL.
    "config.middleware.nul_refused",
    # A bare 405 (a button's address opened as a link) said in words.
    "config.middleware.method_not_allowed_in_words",
    # Before axes, so the locked-out page is kept out of caches too.
    "config.middleware.no_store",
    # Last: turns axes' lockout into the locked-out page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

# Every form's look in one place (config/forms.py, templates/forms/).
FORM_RENDERER = "config.forms.FormRenderer"

TEMPLATES = [
    {
        # Django's engine, freeing each page's context as soon as it is drawn (config/templates.py).
        "BACKEND": "config.templates.Templates",
        "NAME": "django",  # the alias Django's own backend has (engines["django"])
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            # Dates and times as the club writes them ({{ event.date|day:event }}) on every page.
            "builtins": ["clubs.templatetags.dates"],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                # `may`: what the user's role in the page's club may do (clubs/roles.py).
                "clubs.roles.context",
            ],
        },
    },
    # The captain's table page (templates/tournaments/captain/*.jinja), which a phone opens
    # after every hand, the round preview's chart (templates/tournaments/_chart.jinja),
    # thousands of cells at 400 players, and the round page's 100 table cards, refreshed
    # every 20 seconds (_round_tables.jinja): Jinja2 renders them about ten times faster
    # (bench/pages.py). Asked for by name (using="jinja2"), so Django's templates above stay
    # the default everywhere else.
    {
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "NAME": "jinja2",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": False,
        "OPTIONS": {"environment": "config.jinja2.environment"},
    },
]

WSGI_APPLICATION = "config.wsgi.application"

# SQLite is the embedded default. Table captains submit at the same moment all evening, so:
# WAL lets readers work while one writer commits, IMMEDIATE takes the write lock at BEGIN (a
# deferred transaction that upgrades later fails at once with "database is locked"), and the
# timeout makes a second writer wait its turn instead of failing.
if os.getenv("DATABASE_URL"):
    DATABASES = {
        "default": dj_database_url.parse(
            os.environ["DATABASE_URL"], conn_max_age=envint("CONN_MAX_AGE", "60")
        )
    }
    if envbool("DB_PREPARED_STATEMENTS", "true"):
        # A captain's every request runs the same few joins, and PostgreSQL spent 15 times
        # longer planning them than running them (bench/pages.py). Parameters bound on the
        # server let psycopg prepare a query once per connection (kept for CONN_MAX_AGE) and
        # reuse its plan from the third run on. A pooler in transaction mode (PgBouncer
        # without max_prepared_statements) cannot keep them: DB_PREPARED_STATEMENTS=false.
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            server_side_binding=True, prepare_threshold=2
        )
else:
    # The club's database lives in the data folder (the demo's in the app's folder: euchre.py).
    SQLITE_PATH = Path(os.getenv("SQLITE_PATH") or DATA_DIR / "euchre.sqlite3")
    if not os.getenv("SQLITE_PATH"):
        # The data folder is the app's own to make; a folder named by hand must exist.
        with contextlib.suppress(OSError):  # one that cannot be made is named at start
            owner_only_folder(SQLITE_PATH.parent)
    DATABASES = {
        "default": {
            # Django's, with the database's files readable by their owner only (POSIX).
            "ENGINE": "config.sqlite",
            "NAME": str(SQLITE_PATH),
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
            # Tests use a file, not Django's in-memory default, because the concurrency tests
            # and the browser tests' live server use threads, which cannot share a memory
            # database. The process id keeps two test runs on one machine apart.
            "TEST": {
                "NAME": str(Path(tempfile.gettempdir()) / f"euchre-test-{os.getpid()}.sqlite3")
            },
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Axes first: it refuses a locked account before the password is even checked.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    # The username exactly, else the one account it names in any case (config/backends.py).
    "config.backends.AnyCaseBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# Wrong passwords (django-axes): ten for one account from one address lock that account from
# that address for 15 minutes, on /accounts/login/ and /admin/login/ alike; the account's
# director elsewhere, and other accounts from here, are not held up. A right password clears the
# count, and a try while locked starts the 15 minutes again. Counts are rows in the database, so
# they hold across gunicorn workers and app servers.
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = datetime.timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# The address as the table-code limit sees it, X-Forwarded-For included (config/addresses.py).
AXES_CLIENT_IP_CALLABLE = "config.addresses.login_address"
AXES_LOCKOUT_CALLABLE = "config.lockout.locked_out"

# Mail: SMTP when EMAIL_HOST is set, else printed on the console, where nothing reaches anyone.
# Password reset mails a link, so it is offered only when a mail can arrive: with a mail server,
# or in development (DEBUG), where the reset pages say the mail went to the server's terminal.
EMAIL_HOST = os.getenv("EMAIL_HOST", "").strip()
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = envint("EMAIL_PORT", "587")
    EMAIL_HOST_USER = os.getenv("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.getenv("EMAIL_HOST_PASSWORD", "")
    # STARTTLS on port 587 by default; EMAIL_USE_SSL=true for a server that wants TLS from the
    # first byte (usually port 465).
    EMAIL_USE_SSL = envbool("EMAIL_USE_SSL", "false")
    EMAIL_USE_TLS = envbool("EMAIL_USE_TLS", "false" if EMAIL_USE_SSL else "true")
    if EMAIL_USE_SSL and EMAIL_USE_TLS:
        raise ImproperlyConfigured("EMAIL_USE_SSL and EMAIL_USE_TLS are both on: choose one.")
    EMAIL_TIMEOUT = 20
    DEFAULT_FROM_EMAIL = os.getenv("DEFAULT_FROM_EMAIL", "").strip()
    if not DEFAULT_FROM_EMAIL:
        raise ImproperlyConfigured(
            "EMAIL_HOST is set but DEFAULT_FROM_EMAIL is not: set the address mails come from, "
            "e.g. euchre@example.org"
        )
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
PASSWORD_RESET_BY_MAIL = bool(EMAIL_HOST) or DEBUG
# Results by mail (results_mail/), offered on the players' pages on the same terms. Those mails
# wait in post_office's queue in the database (it survives restarts) and go out with
# `manage.py send_queued_mail` (a timer on the server, and a kick after each publish), through
# Django's EMAIL_BACKEND above; the password reset mail still goes at once, directly.
RESULTS_BY_MAIL = envbool("RESULTS_BY_MAIL", "true" if PASSWORD_RESET_BY_MAIL else "false")
POST_OFFICE = {
    "BACKENDS": {"default": EMAIL_BACKEND},
    "DEFAULT_PRIORITY": "medium",  # queued, never sent inside the request
    # A failed mail waits 5 minutes, then twice as long each time (results_mail/sending.py
    # stretches post_office's fixed interval): 8 tries span about 21 hours.
    "MAX_RETRIES": 8,
    "RETRY_INTERVAL": datetime.timedelta(minutes=5),
    "MESSAGE_ID_ENABLED": True,
    "LOG_LEVEL": 1,  # failures only: a club's sent mails need no log row each
}

# The Content-Security-Policy (django-csp): everything from the app itself. No inline script or
# style anywhere (htmx's indicator styles are off, templates/_htmx.html); the projector's QR code
# is inline SVG markup, which needs nothing more.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

LANGUAGE_CODE = "en-us"
# Times are shown where the club plays: the computer's own zone (tzlocal, on Windows, macOS and
# Linux; UTC when it cannot tell), unless TIME_ZONE names another (a server far from the club).
# The date a new event starts with is this zone's date, not UTC's, which is tomorrow by evening
# in the Americas.
TIME_ZONE = os.getenv("TIME_ZONE", "").strip() or computer.time_zone()
try:
    zoneinfo.ZoneInfo(TIME_ZONE)
except (ValueError, zoneinfo.ZoneInfoNotFoundError):
    raise ImproperlyConfigured(
        f"TIME_ZONE is {TIME_ZONE!r}: use a zone's name, e.g. America/Detroit, or unset it to "
        "use the computer's."
    ) from None
# The app speaks English only: without translation machinery, each of Django's own lazily
# translated words (field messages, labels) is looked up for nothing (captain's page: -7%).
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# Tests and DEBUG runs serve static files straight from the apps, without collectstatic.
WHITENOISE_USE_FINDERS = DEBUG

DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap5.html"

# The printouts' font (DejaVu Sans, for names in any script) ships with the app, so a laptop
# with no font package prints the same; another folder holding DejaVuSans.ttf and
# DejaVuSans-Bold.ttf may stand in.
PDF_FONT_DIR = Path(os.getenv("PDF_FONT_DIR") or BASE_DIR / "tournaments" / "printouts" / "fonts")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.getenv("LOG_LEVEL", "WARNING")},
    # post_office logs every batch at INFO through a handler of its own unless its logger has
    # one: the timer's run every few minutes prints nothing then but a failure.
    "loggers": {
        "post_office": {
            "handlers": ["console"],
            "level": os.getenv("LOG_LEVEL", "WARNING"),
            "propagate": False,
        }
    },
}

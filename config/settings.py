"""Playtable settings, driven by environment variables (see .env.example).

With nothing set, Playtable runs embedded on one machine: SQLite in var/, the
in-memory channel layer, Celery inside the web process (memory broker) and mail to
the console. DATABASE_URL switches to PostgreSQL, REDIS_URL to channels-redis, a
Redis cache and a Redis Celery broker.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any

import dj_database_url
import django_stubs_ext
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.env import channels_prefix, env_bool, env_int, env_ints, env_list, env_str

if TYPE_CHECKING:
    from dj_database_url import DBConfig

# Lets classes that django-stubs types as generic be subscripted at runtime too, as in
# `class TableAdmin(admin.ModelAdmin[Table])` (it adds only `__class_getitem__`).
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("PLAYTABLE_VAR_DIR", str(BASE_DIR / "var")))
VAR_DIR.mkdir(parents=True, exist_ok=True)

DATABASE_URL = env_str("DATABASE_URL")
REDIS_URL = env_str("REDIS_URL")

# Embedded mode (no DATABASE_URL) is a developer's or a newcomer's machine: debug on.
# A deployment names its database, and then defaults are production-safe.
DEBUG = env_bool("DEBUG", default=not DATABASE_URL)


def _secret_key() -> str:
    key = env_str("SECRET_KEY")
    if key:
        return key
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    # A stable local key, so sessions survive restarts on a developer's machine.
    path = VAR_DIR / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
    return path.read_text().strip()


SECRET_KEY = _secret_key()
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    # Only for its translated "3 minutes ago" (naturaltime, accounts/templatetags/identity.py).
    "django.contrib.humanize",
    "channels",
    "django_htmx",
    "axes",
    "accounts",
    "games",
    "games.lost_cities",
    "games.terraforming_mars",
    "games.reworld",
    "games.mondo",
    "games.relative_space",
    "lobby",
    "ladder",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Before anything reads the request: a NUL byte is a 400 in words, not a 500.
    "config.middleware.UnstorableTextMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.UserTimezoneMiddleware",
    "accounts.middleware.UserLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "accounts.middleware.SuspendedUserMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it turns a locked-out log-in into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.tz",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "lobby.context_processors.notifications",
            ],
        },
    },
    # The boards a live move draws (lobby/_board.html and a game's jinja2/ folder): Jinja2
    # draws them several times faster than Django's language (lobby/jinja.py).
    {
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {"environment": "lobby.jinja.environment"},
    },
]

# Database: SQLite in var/ unless DATABASE_URL names another.
DATABASES: dict[str, DBConfig | dict[str, Any]]
if DATABASE_URL:
    # No persistent connections under ASGI (daphne runs each request's sync code in a
    # thread of its own, and every thread would keep its own connection): CONN_MAX_AGE=0
    # with psycopg's connection pool instead, one pool per process, bounded by
    # DB_POOL_MAX_SIZE. A request that finds the pool empty waits up to DB_POOL_TIMEOUT
    # seconds for a connection. Size it so that (daphne + worker + beat processes) x
    # DB_POOL_MAX_SIZE stays below PostgreSQL's max_connections (100 by default).
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": env_int("DB_POOL_MIN_SIZE", 1),
            "max_size": env_int("DB_POOL_MAX_SIZE", 10),
            "timeout": env_int("DB_POOL_TIMEOUT", 20),
            # Connections idle this long are closed, down to min_size.
            "max_idle": 300,
        }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "db.sqlite3",
            "OPTIONS": {
                # WAL lets readers go on while one writer commits; IMMEDIATE takes the
                # write lock when a transaction starts, so two racing moves queue up
                # instead of failing with "database is locked" half-way.
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
# django-axes checks every log-in first (it needs the request, which Django's log-in
# view passes); the model backend then checks the password.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

# Log-in protection (django-axes; accounts/login_protection.py). Failures are counted
# in the database (no Redis needed) per username + client address pair: guessing
# alice's password from one address locks neither bob there nor alice elsewhere. The
# 5th failure locks the pair for 15 minutes; after that each further failure locks it
# again for twice as long (30 min, 1 h, ... at most a day), until a log-in succeeds or
# a day passes without failures. Attempts while locked are refused and not counted.
AXES_ENABLED = True
AXES_HANDLER = "accounts.login_protection.BackoffDatabaseHandler"
AXES_FAILURE_LIMIT = 5
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_COOLOFF_TIME = "accounts.login_protection.cool_off"
AXES_USERNAME_CALLABLE = "accounts.login_protection.attempted_username"
AXES_LOCKOUT_CALLABLE = "accounts.login_protection.lockout_response"
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_DISABLE_ACCESS_LOG = True  # only failures are kept, not every log-in's address
AXES_HTTP_RESPONSE_CODE = 429
# The client address (django-ipware, through axes): REMOTE_ADDR, so a client cannot
# pick its own with X-Forwarded-For. Behind reverse proxies that the app is reachable
# only through, set TRUSTED_PROXY_COUNT to their number: the address is then the one
# the outermost proxy appended to TRUSTED_PROXY_HEADER, counted from the right, so
# anything a client wrote into the header itself is skipped.
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0)
TRUSTED_PROXY_HEADER = env_str("TRUSTED_PROXY_HEADER", "X-Forwarded-For")
if TRUSTED_PROXY_COUNT > 0:
    AXES_IPWARE_META_PRECEDENCE_ORDER = ["HTTP_" + TRUSTED_PROXY_HEADER.upper().replace("-", "_")]
    # ipware counts the proxies listed in the header; the outermost one is not listed
    # there (it is REMOTE_ADDR), hence the - 1.
    AXES_IPWARE_PROXY_COUNT: int | None = TRUSTED_PROXY_COUNT - 1
else:
    AXES_IPWARE_META_PRECEDENCE_ORDER = ["REMOTE_ADDR"]
    AXES_IPWARE_PROXY_COUNT = None
# Not strict: a chain longer than the proxy count (a client's own X-Forwarded-For in
# front) still counts from the right instead of being thrown away.
IPWARE_STRICT = False

# Cache (rate limits, health checks, board drawings): Redis when there is one, else this
# process. django-redis keeps one connection pool per process: Django's own Redis backend
# is made anew for every request under ASGI, and with it a pool and a new connection.
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": REDIS_URL}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Channels: in-memory layer in one process, Redis across many.
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "config.channel_layer.ChannelLayer",
            "CONFIG": {
                "hosts": [REDIS_URL],
                "prefix": env_str("CHANNELS_PREFIX") or channels_prefix(REDIS_URL),
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# Celery: inside the web process (memory broker) unless REDIS_URL is set.
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", REDIS_URL or "memory://localhost/")
# A task reserved by a worker that dies stays unacknowledged in Redis until this many
# seconds pass, then goes to another worker. Set on purpose: long enough that no task
# that is still waiting for its ETA is handed out twice (timers further away than
# TIMER_ETA_HORIZON are not queued at all; the sweep fires them), short enough that a
# lost task comes back within the hour. What may not wait that long (bot turns,
# scoring, mails) the sweep re-drives within seconds.
CELERY_VISIBILITY_TIMEOUT = env_int("CELERY_VISIBILITY_TIMEOUT", 3600)
TIMER_ETA_HORIZON = CELERY_VISIBILITY_TIMEOUT - 300
if CELERY_BROKER_URL.startswith("memory://"):
    # The in-process broker is polled: keep the wait short so timers fire promptly.
    CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {"polling_interval": 0.1}
else:
    if CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
        # kombu's Redis transport with the fix that keeps a worker alive when Redis
        # restarts (config/broker.py).
        CELERY_BROKER_TRANSPORT = "config.broker:Transport"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": CELERY_VISIBILITY_TIMEOUT,
        "socket_keepalive": True,
        "health_check_interval": 10,
        "retry_on_timeout": True,
    }
    CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"visibility_timeout": CELERY_VISIBILITY_TIMEOUT}
# The worker keeps trying to reach a broker that went away, for ever (Celery's default
# gives up after 100 tries), and a task that was running when the connection dropped is
# cancelled, since its message goes back to the queue and would otherwise run twice.
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
# Publishing a task while Redis is down fails fast (the sweep re-drives the work).
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
}
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", REDIS_URL or "cache+memory://")
# No task's result is read (the health ping answers through the cache): keeping none
# also means that sending a task never waits on the result store, which with Redis down
# retried for 20 s per send and then gave up for the life of the process.
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", default=False)
CELERY_TASK_SOFT_TIME_LIMIT = env_int("CELERY_TASK_SOFT_TIME_LIMIT", 30)
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 60)
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_RESULT_EXPIRES = 3600
CELERY_TIMEZONE = "UTC"
SWEEP_SECONDS = float(env_str("SWEEP_SECONDS", "15"))
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    # The sweeps are what guarantee that no turn deadline is ever missed and that every
    # consequence of a committed change (scoring, bot turns, mails) happens.
    "deadlines-sweep": {"task": "lobby.tasks.deadlines_sweep", "schedule": SWEEP_SECONDS},
    "consequences-sweep": {"task": "lobby.tasks.consequences_sweep", "schedule": SWEEP_SECONDS},
    "reminders-send": {"task": "lobby.tasks.reminders_send", "schedule": 300.0},
    # Measures how long a task waits in the broker (GET /metrics, lobby/metrics.py).
    "celery-probe": {"task": "lobby.tasks.celery_probe", "schedule": SWEEP_SECONDS},
}

# Metrics for operators (GET /metrics, lobby/metrics_view.py): staff, or a scraper that
# sends `Authorization: Bearer <METRICS_TOKEN>`; an empty token turns token access off.
METRICS_TOKEN = env_str("METRICS_TOKEN")
# Several processes on one host (daphne, Celery workers) write their metrics to files in
# this directory and a scrape sums them (prometheus_client's multiprocess mode). Empty it
# before the processes start. prometheus_client turns that mode on when the variable
# merely exists, so an empty one is removed here (it would write into the working
# directory), before anything imports prometheus_client.
PROMETHEUS_MULTIPROC_DIR = env_str("PROMETHEUS_MULTIPROC_DIR").strip()
if PROMETHEUS_MULTIPROC_DIR:
    Path(PROMETHEUS_MULTIPROC_DIR).mkdir(parents=True, exist_ok=True)
else:
    os.environ.pop("PROMETHEUS_MULTIPROC_DIR", None)

# Chat: a player may send CHAT_RATE_COUNT messages per CHAT_RATE_SECONDS (lobby/services/chat.py).
CHAT_RATE_COUNT = env_int("CHAT_RATE_COUNT", 5)
CHAT_RATE_SECONDS = env_int("CHAT_RATE_SECONDS", 10)
# Ladders list a player after this many rated games of a game, so that one lucky first
# win does not put a newcomer at the top (ladder/selectors.py).
LADDER_MIN_GAMES = env_int("LADDER_MIN_GAMES", 3)

# Play: bots answer after a short pause; reminders after a while, and before a deadline.
BOT_MOVE_DELAY = float(env_str("BOT_MOVE_DELAY", "0.8"))
# A bot seat still to move this long after the table last changed lost its task: the
# sweep plays for it.
BOT_STALL_SECONDS = env_int("BOT_STALL_SECONDS", 10)
REMINDER_AFTER_HOURS = env_int("REMINDER_AFTER_HOURS", 12)
DEADLINE_WARNING_HOURS = env_int("DEADLINE_WARNING_HOURS", 2)
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000")

# The games whose board pages send moves over the table's WebSocket while it is open
# (lobby.socket_moves, static/js/socket-moves.js); the others post every move over HTTP.
# All five by default (Mondo's toast reads a refused take from the socket's refusal as it
# does from the HTTP answer, games/mondo/static/games/mondo/board.js); a comma-separated
# list of game names narrows it, an empty one sends every move over HTTP.
SOCKET_MOVE_GAMES = tuple(
    name
    for name in env_str(
        "SOCKET_MOVE_GAMES", "lost_cities,relative_space,reworld,mondo,terraforming_mars"
    ).split(",")
    if name
)

# The web process's garbage collector (config.gctune): Python's three thresholds (its
# own: 700,10,10), raised for a long-lived server; "0" keeps Python's settings.
GC_THRESHOLDS = tuple(env_ints("GC_THRESHOLDS", [5000, 10, 100]))

# Threads of each web process that play socket moves (lobby.consumers.move_runner): while
# one move waits for PostgreSQL's commit or for Redis, another is applied and drawn.
# Channels would run them all on the one thread it keeps for database work, one at a
# time. Each thread holds a database connection while it plays (DB_POOL_MAX_SIZE).
MOVE_THREADS = max(1, env_int("MOVE_THREADS", 2))

# Rate limits: (events, window in seconds).
# Moves per player: a real player stays far below (the load benchmark's simulated players,
# who move as fast as the server answers, raise it through MOVE_RATE_LIMIT=events,seconds).
_move_limit = env_ints("MOVE_RATE_LIMIT", [60, 10])
if len(_move_limit) != 2 or min(_move_limit) <= 0:
    raise ImproperlyConfigured(f"MOVE_RATE_LIMIT={_move_limit!r}: give events,seconds (both > 0).")
MOVE_RATE_LIMIT = (_move_limit[0], _move_limit[1])
SIGNUP_RATE_LIMIT = (10, 3600)  # per IP address

# E-mail: to the console unless an SMTP host is given.
EMAIL_HOST = env_str("EMAIL_HOST")
EMAIL_BACKEND = env_str(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = env_int("EMAIL_PORT", 587)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=bool(EMAIL_HOST))
# Where django.core.mail.backends.filebased.EmailBackend writes each mail as a file.
EMAIL_FILE_PATH = env_str("EMAIL_FILE_PATH", str(VAR_DIR / "mail"))
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Playtable <noreply@playtable.invalid>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# Internationalisation: English is the source; German, Dutch and Italian follow.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("de", _("German")), ("nl", _("Dutch")), ("it", _("Italian"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "static"
# WhiteNoise serves static files from the app processes themselves (daphne has no
# static handler), so the one-command run and production need no extra web server.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

# Security: safe defaults whenever DEBUG is off.
SECURE_COOKIES = env_bool("SECURE_COOKIES", default=not DEBUG)
SESSION_COOKIE_SECURE = SECURE_COOKIES
CSRF_COOKIE_SECURE = SECURE_COOKIES
SESSION_COOKIE_HTTPONLY = True
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=not DEBUG)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=not DEBUG)
# Health probes and Prometheus inside the cluster speak plain HTTP to the pods: answer
# them, no redirect (a redirect would not keep the scraper's token off the wire anyway).
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^ping$", r"^metrics$"]
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
if env_bool("BEHIND_TLS_PROXY", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
X_FRAME_OPTIONS = "DENY"
# Content Security Policy (django-csp): scripts only from our own static files, no
# inline script; inline style attributes stay allowed (boards size their grids with
# them). connect-src 'self' covers the same-origin WebSocket.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, "'unsafe-inline'"],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.channels.server": {"level": "WARNING"},
        "daphne": {"level": "WARNING"},
        "celery": {"level": "WARNING"},
        # Axes logs every start and successful log-in at INFO; failures stay (WARNING).
        "axes": {"level": "WARNING"},
    },
}

"""Settings for the test run: the same app, with fast and deterministic services.

DATABASE_URL and REDIS_URL still apply (CI runs the suite against PostgreSQL and
Redis); without them, SQLite and in-process layers are used.
"""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-for-production")
os.environ.setdefault("PLAYTABLE_VAR_DIR", os.path.join(tempfile.gettempdir(), "playtable-test"))

from config.env import env_ints  # noqa: E402
from config.settings import *  # noqa: E402,F403
from config.settings import DATABASES, REDIS_URL  # noqa: E402

DEBUG = False
SECURE_COOKIES = False
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
SECURE_HSTS_SECONDS = 0
# The test client and live servers speak plain HTTP.
SECURE_SSL_REDIRECT = False
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
# Tasks run inline unless a test starts a real worker.
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
WHITENOISE_AUTOREFRESH = True
# Tests that play whole games over HTTP move far faster than a person can; the
# rate-limit tests set their own tight limits.
MOVE_RATE_LIMIT = (100_000, 10)
# The test process keeps Python's own collector (config.gctune is tested in a process of
# its own): freezing what a pytest worker holds would keep its cycles for good.
GC_THRESHOLDS = tuple(env_ints("GC_THRESHOLDS", [0]))

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file, not SQLite's shared in-memory database: the browser and socket tests serve
    # requests from other threads, and shared-cache memory databases answer concurrent
    # readers with "table is locked" instead of waiting (WAL and the busy timeout apply
    # to files only).
    DATABASES["default"]["TEST"] = {
        "NAME": os.path.join(tempfile.gettempdir(), f"playtable-test-{os.getpid()}.sqlite3")
    }

if REDIS_URL:
    # Each pytest-xdist worker gets Redis databases of its own (broker and cache) and
    # its own channel-layer prefix, so two workers never read each other's tasks, clear
    # each other's cache or hear each other's pushes; the test cache is apart from the
    # broker, so clearing it between tests (rate-limit windows) never drops queued tasks.
    # Databases 5 and up: the crash soak keeps database 3 for its own stack.
    _worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    _base = REDIS_URL.rsplit("/", 1)[0]
    if _worker:
        _index = int(_worker.removeprefix("gw") or 0)
        CELERY_BROKER_URL = CELERY_RESULT_BACKEND = f"{_base}/{5 + 2 * _index}"
        _cache_db = 6 + 2 * _index
    else:
        _cache_db = 1
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": f"{_base}/{_cache_db}",
        }
    }
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "config.channel_layer.ChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "prefix": f"playtable-test{_worker}"},
        }
    }

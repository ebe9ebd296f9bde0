"""Settings for the test run: the same app, with fast and deterministic services.

DATABASE_URL and REDIS_URL still apply (CI runs the suite against PostgreSQL and
Redis); without them, SQLite and in-process layers are used.
"""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-for-production")
os.environ.setdefault("PLAYTABLE_VAR_DIR", os.path.join(tempfile.gettempdir(), "playtable-test"))

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

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file, not SQLite's shared in-memory database: the browser and socket tests serve
    # requests from other threads, and shared-cache memory databases answer concurrent
    # readers with "table is locked" instead of waiting (WAL and the busy timeout apply
    # to files only).
    DATABASES["default"]["TEST"] = {
        "NAME": os.path.join(tempfile.gettempdir(), f"playtable-test-{os.getpid()}.sqlite3")
    }

if REDIS_URL:
    # The test cache gets a Redis database of its own, so clearing it between tests
    # (rate-limit windows) never touches the broker's or the channel layer's keys.
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL.rsplit("/", 1)[0] + "/1",
        }
    }
    # Keep test keys apart from anything else on the same Redis.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "prefix": "playtable-test"},
        }
    }

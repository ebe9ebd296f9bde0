"""URLs reversed once per process: the boards' links, drawn on every push.

Static files' addresses too (`static_cached`): a Mondo board draws ~25 icons outside its
tiles, each asking the storage for the sprite's address (about 30 µs: a settings read,
a URL join and a quote). The address depends on the path, the storage and the static
URL, which Django itself reads once per process; a test that changes STATIC_URL,
STATIC_ROOT or STORAGES empties it.

`django.urls.reverse` walks the URL patterns on each call (about 30 µs); a board push
draws several of the same links (the move form's, each player's profile and picture).
The answer depends only on the view's name, its arguments, the URLconf and the script
prefix in use, so it is kept per process under exactly those; a test that changes
ROOT_URLCONF or FORCE_SCRIPT_NAME empties it (Django's `setting_changed`).
"""

from __future__ import annotations

import contextvars
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.templatetags.static import static
from django.urls import get_script_prefix, get_urlconf, reverse


def reverse_cached(
    viewname: str, *, args: tuple[Hashable, ...] = (), kwargs: dict[str, Hashable] | None = None
) -> str:
    """Return `reverse(viewname, args=args, kwargs=kwargs)`, reversed once per process."""
    named = tuple(sorted(kwargs.items())) if kwargs else ()
    held = _HELD.get()
    urlconf, prefix = held if held is not None else (get_urlconf(), get_script_prefix())
    return _reversed(urlconf, prefix, viewname, tuple(args), named)


#: The URLconf and script prefix held by `urls_held` (None: ask Django each time).
_HELD: contextvars.ContextVar[tuple[Any, str] | None] = contextvars.ContextVar(
    "urls_held", default=None
)


@contextmanager
def urls_held() -> Iterator[None]:
    """Hold the URLconf and script prefix in use for a block that reverses many links and
    never changes them (a board drawing): Django's lookups of both are per-thread reads
    that cost more than the kept link itself."""
    token = _HELD.set((get_urlconf(), get_script_prefix()))
    try:
        yield
    finally:
        _HELD.reset(token)


@lru_cache(maxsize=16384)
def _reversed(
    urlconf: Any,
    prefix: str,
    viewname: str,
    args: tuple[Hashable, ...],
    named: tuple[tuple[str, Hashable], ...],
) -> str:
    return reverse(viewname, urlconf=urlconf, args=args or None, kwargs=dict(named) or None)


def static_cached(path: str) -> str:
    """Return `static(path)`, asked of the storage once per process and static URL."""
    return _static(path, settings.STATIC_URL)


@lru_cache(maxsize=1024)
def _static(path: str, static_url: str) -> str:
    return static(path)


@receiver(setting_changed)
def _urls_changed(*, setting: str, **kwargs: Any) -> None:
    if setting in ("ROOT_URLCONF", "FORCE_SCRIPT_NAME"):
        _reversed.cache_clear()
    if setting in ("STATIC_URL", "STATIC_ROOT", "STORAGES", "FORCE_SCRIPT_NAME"):
        _static.cache_clear()

"""The registry of installed game engines, filled by each game's AppConfig.ready()."""

from __future__ import annotations

from typing import Any

from games.engine import Game

__all__ = ["UnknownGame", "engines", "get_engine", "register", "unregister"]

_ENGINES: dict[str, Game[Any]] = {}


class UnknownGame(LookupError):
    """No engine is registered under that slug."""


def register(engine: Game[Any]) -> None:
    """Add `engine` under its slug; raise ValueError when another engine has that slug."""
    existing = _ENGINES.get(engine.slug)
    if existing is engine:
        # AppConfig.ready() may run twice (e.g. a test re-populating apps): same object, no-op.
        return
    if existing is not None:
        raise ValueError(f"A game with the slug {engine.slug!r} is already registered.")
    _ENGINES[engine.slug] = engine


def unregister(slug: str) -> None:
    """Remove the engine registered under `slug` (for tests); unknown slugs are ignored."""
    _ENGINES.pop(slug, None)


def get_engine(slug: str) -> Game[Any]:
    """Return the engine registered under `slug`; raise UnknownGame when there is none."""
    try:
        return _ENGINES[slug]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_ENGINES)) or "none"
        raise UnknownGame(f"There is no game called {slug!r} (installed: {known}).") from None


def engines() -> list[Game[Any]]:
    """Return every registered engine, sorted by name."""
    return sorted(_ENGINES.values(), key=lambda engine: (engine.name, engine.slug))

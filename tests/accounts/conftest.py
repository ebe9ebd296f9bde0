"""Fixtures for account tests: the moderation ones (a private cache for rate limits)."""

from __future__ import annotations

from tests.moderation.fixtures import mod_client, moderator, own_cache_keys

__all__ = ["mod_client", "moderator", "own_cache_keys"]

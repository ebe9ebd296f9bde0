"""Fixtures for moderation tests: a moderator, their admin client, a private cache."""

from __future__ import annotations

from tests.moderation.fixtures import mod_client, moderator, own_cache_keys

__all__ = ["mod_client", "moderator", "own_cache_keys"]

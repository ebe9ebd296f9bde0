"""Reads of the accounts app: a player's friends, blocks and mutes."""

from __future__ import annotations

from typing import Any

from accounts.models import Relationship, User


def relationship_kinds(*, user: Any, other: Any) -> set[str]:
    """Return the kinds ("friend", "block", "mute") that `user` holds towards `other`."""
    if user is None or not user.is_authenticated or user.pk == other.pk:
        return set()
    rows = Relationship.objects.filter(from_user=user, to_user=other)
    return set(rows.values_list("kind", flat=True))


def user_list_related(*, user: Any, kind: str) -> list[User]:
    """Return the players `user` befriended, blocked or muted, by name."""
    return list(
        User.objects.filter(relationships_to__from_user=user, relationships_to__kind=kind)
        .filter(is_active=True)
        .order_by("username")
    )


def hidden_author_ids(*, user: Any) -> set[int]:
    """Return the ids of players whose chat `user` does not see: muted or blocked ones."""
    if user is None or not user.is_authenticated:
        return set()
    rows = Relationship.objects.filter(
        from_user=user, kind__in=[Relationship.Kind.MUTE, Relationship.Kind.BLOCK]
    )
    return set(rows.values_list("to_user_id", flat=True))

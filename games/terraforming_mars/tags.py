"""Counting a player's tags (rules §1.3, §13): the one place that says when a wild tag counts.

A wild tag in play (Research Coordination, §13) counts as one tag of its owner's choice, and
each wild tag once per count, always chosen to the owner's best. Whether it counts at all
depends on what the count is for: `constants.WILD_TAG_COUNTS` maps every purpose (a card's
requirement, a "per tag" effect, a milestone, an award, card VP, other players' tags) to yes
or no. Every reader of `Player.tags` that counts tags goes through `tag_count`,
`distinct_tags` or `tag_shortfall`; only the board's tag row (the printed numbers) and
Aridor's "first tag of its kind" check read them directly.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from games.terraforming_mars.constants import TAG_INDEX, WILD_TAG_COUNTS
from games.terraforming_mars.state import Player

__all__ = ["KINDS", "Purpose", "distinct_tags", "tag_count", "tag_shortfall", "wild_tags"]

Purpose = Literal["requirement", "effect", "milestone", "award", "vp", "others"]

WILD = TAG_INDEX["wild"]
# The kinds of tag a card in play can show: the event tag is never in play (§1.3) and the
# wild tag is no kind of its own.
KINDS = tuple(index for tag, index in TAG_INDEX.items() if tag not in ("event", "wild"))


def _index(tag: str | int) -> int:
    return tag if isinstance(tag, int) else TAG_INDEX[tag]


def wild_tags(player: Player, purpose: Purpose) -> int:
    """Return the wild tags `player` has in play that count for `purpose` (0 where none do)."""
    return player.tags[WILD] if WILD_TAG_COUNTS[purpose] else 0


def tag_count(player: Player, tags: str | int | Iterable[str | int], *, purpose: Purpose) -> int:
    """Return `player`'s tags of one kind, or of several kinds summed, counted for `purpose`.

    Where the purpose counts wild tags, each one adds 1 to the count, once, however many kinds
    are summed (Ecologist's plant, microbe and animal tags: a wild tag is one of them).
    """
    if isinstance(tags, (str, int)):
        indexes: Iterable[int] = (_index(tags),)
    else:
        indexes = (_index(tag) for tag in tags)
    counts = player.tags
    total = 0
    for index in indexes:
        if index == WILD:  # the wild tags themselves: counted once, as they are
            return counts[WILD]
        total += counts[index]
    return total + wild_tags(player, purpose)


def distinct_tags(player: Player, *, purpose: Purpose) -> int:
    """Return how many kinds of tag `player` has in play (Diversifier, §9.3).

    A counting wild tag adds a kind the player lacks, as long as one is left.
    """
    counts = player.tags
    kinds = sum(1 for index in KINDS if counts[index] > 0)
    return min(len(KINDS), kinds + wild_tags(player, purpose))


def tag_shortfall(
    player: Player, needs: Iterable[tuple[int, int]], *, purpose: Purpose = "requirement"
) -> tuple[int, int, int] | None:
    """Return the first unmet `(tag index, needed, have)` of `needs`, or None when all are met.

    `needs` are `(tag index, at least)` pairs checked together: each wild tag fills one missing
    tag of one of them (Advanced Ecosystems' plant, animal and microbe tags take three wild
    tags when none is printed). `have` in the answer counts the wild tags still free for that tag.
    """
    spare = wild_tags(player, purpose)
    for index, least in needs:
        printed = player.tags[index]
        missing = max(0, least - printed)
        if missing > spare:
            return index, least, printed + spare
        spare -= missing
    return None

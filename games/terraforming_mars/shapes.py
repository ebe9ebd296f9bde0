"""The shape of every action: its type and the fields it carries (games.engine.parse_action)."""

from __future__ import annotations

__all__ = ["SHAPES"]

SHAPES: dict[str, dict[str, type]] = {
    "play": {"card": str},
    "project": {"project": str},
    "claim": {"milestone": str},
    "fund": {"award": str},
    "use": {"card": str},
    "convert": {"resource": str},
    "first_action": {},
    "pass": {},
    "end_turn": {},
    "space": {"space": str},
    "pay": {"resource": str, "amount": int},
    "target": {"player": int},
    "neutral": {},
    "skip": {},
    "amount": {"amount": int},
    "choose": {"option": str},
    "card": {"card": str},
    "sell": {"card": str},
    "discard": {"card": str},
    "done": {},
    "corporation": {"card": str},
    "keep": {"card": str},
    "release": {"card": str},
    "draft": {"card": str},
}

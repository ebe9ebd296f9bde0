"""All cards: every module of this package that defines CARDS is registered by `load_all`.

Modules are found by name (corporations, c001_050, c051_100, … any module not starting with
an underscore except `model`), so a new batch of cards is one new file here: see
games/terraforming_mars/README.md "Adding cards". The engine calls `load_all()` on import.
"""

from __future__ import annotations

import importlib
import pkgutil

__all__ = ["MODULES", "load_all"]

MODULES: list[str] = []


def load_all() -> list[str]:
    """Import and register every card module once; return their names."""
    if MODULES:
        return MODULES
    from games.terraforming_mars import ops, payment, turn  # noqa: F401 (they register ops)
    from games.terraforming_mars.catalog import register_cards

    for info in sorted(pkgutil.iter_modules(__path__), key=lambda info: info.name):
        if info.name.startswith("_") or info.name == "model":
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        register_cards(getattr(module, "CARDS", ()))
        MODULES.append(info.name)
    return MODULES

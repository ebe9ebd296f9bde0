"""The maps the engine knows (rules §9): Tharsis, Elysium, Hellas, Vastitas Borealis.

Amazonis Planitia waits for verified data (§9.5).
"""

from __future__ import annotations

from games.terraforming_mars.maps.elysium import ELYSIUM
from games.terraforming_mars.maps.hellas import HELLAS
from games.terraforming_mars.maps.model import MapDef, Space
from games.terraforming_mars.maps.tharsis import THARSIS
from games.terraforming_mars.maps.vastitas_borealis import VASTITAS_BOREALIS

__all__ = ["MAPS", "MapDef", "Space", "THARSIS"]

MAPS: dict[str, MapDef] = {m.key: m for m in (THARSIS, ELYSIUM, HELLAS, VASTITAS_BOREALIS)}

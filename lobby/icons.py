"""One SVG sprite for every symbol the boards draw, built from one file per symbol.

Each symbol is drawn by us as its own small SVG file under `static/icons/symbols/`
(`<name>.svg`, a root `<svg viewBox=...>`); `python manage.py build_sprite` folds them
into `static/icons/sprite.svg` as `<symbol id="<name>">`, which pages use through
`{% icon "<name>" %}` (`lobby/templatetags/icons.py`). One file per symbol keeps the
drawings apart; the one sprite keeps a board to one request for all its icons.
"""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_ROOT = re.compile(r"^\s*(?:<\?xml[^>]*>\s*)?<svg\b([^>]*)>(.*)</svg>\s*$", re.S)
_VIEWBOX = re.compile(r'\bviewBox="([^"]+)"')


def static_root() -> Path:
    """Return the project's own static folder (the first of STATICFILES_DIRS)."""
    return Path(settings.STATICFILES_DIRS[0])


def symbols_dir() -> Path:
    """Return the folder of the symbol drawings."""
    return static_root() / "icons" / "symbols"


def sprite_path() -> Path:
    """Return where the built sprite lives."""
    return static_root() / "icons" / "sprite.svg"


def symbol(name: str, source: str) -> str:
    """Return the drawing `source` (a whole SVG file) as a `<symbol>` named `name`."""
    if not NAME.match(name):
        raise ValueError(f"symbol name {name!r}: lower-case words joined by hyphens")
    match = _ROOT.match(source)
    if match is None:
        raise ValueError(f"{name}.svg: not one <svg> element")
    box = _VIEWBOX.search(match.group(1))
    if box is None:
        raise ValueError(f"{name}.svg: the <svg> needs a viewBox")
    inner = " ".join(line.strip() for line in match.group(2).strip().splitlines())
    return f'<symbol id="{name}" viewBox="{box.group(1)}">{inner}</symbol>'


def build_sprite(folder: Path | None = None) -> str:
    """Return the sprite's text: every symbol of `folder`, sorted by name."""
    folder = folder or symbols_dir()
    parts = [
        symbol(path.stem, path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.svg"))
    ]
    body = "\n".join(parts)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true">\n'
        "<!-- Built by manage.py build_sprite from static/icons/symbols/: edit those. -->\n"
        f"{body}\n</svg>\n"
    )


def sprite_names(text: str | None = None) -> set[str]:
    """Return the symbol names the built sprite holds."""
    text = sprite_path().read_text(encoding="utf-8") if text is None else text
    return set(re.findall(r'<symbol id="([^"]+)"', text))

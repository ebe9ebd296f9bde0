"""Players' pictures: one drawn from the username by default, or an uploaded one.

The drawn one is an SVG: a disc in a colour taken from a hash of the username, with the
name's first letter or two in white or near-black, whichever reads better on it (every
palette colour gives the letters a WCAG AA contrast of 4.5:1 or more; tests check).
An upload (PNG, JPEG or WebP, at most 1 MB) is decoded and re-encoded by Pillow into a
128×128 PNG kept in the database (`Avatar`), so no media server is needed and nothing the
player sent is ever served as it came.
"""

from __future__ import annotations

import hashlib
import io
import warnings
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.html import escape
from django.utils.translation import gettext_lazy as _

#: The largest file accepted, and the side of the stored square.
MAX_BYTES = 1024 * 1024
SIZE = 128
#: More pixels than this are refused before decoding (a decompression bomb).
MAX_PIXELS = 40_000_000
FORMATS = {"PNG", "JPEG", "WEBP"}

#: Background colours of drawn avatars, each with the letter colour that reads on it.
PALETTE: list[tuple[str, str]] = [
    ("#1d4ed8", "#ffffff"),  # blue
    ("#047857", "#ffffff"),  # green
    ("#b91c1c", "#ffffff"),  # red
    ("#7e22ce", "#ffffff"),  # purple
    ("#a16207", "#ffffff"),  # ochre
    ("#0f766e", "#ffffff"),  # teal
    ("#be185d", "#ffffff"),  # pink
    ("#4338ca", "#ffffff"),  # indigo
    ("#fbbf24", "#1f2937"),  # amber
    ("#67e8f9", "#1f2937"),  # cyan
    ("#bef264", "#1f2937"),  # lime
    ("#fda4af", "#1f2937"),  # rose
]


def colours(username: str) -> tuple[str, str]:
    """Return (background, letters) for a username: the same on every run and machine."""
    digest = hashlib.sha256(username.casefold().encode("utf-8")).digest()
    return PALETTE[int.from_bytes(digest[:4], "big") % len(PALETTE)]


def initials(username: str) -> str:
    """Return the first letter or two of a username: "ann" → "A", "ben_lee" → "BL"."""
    parts = [part for part in _split(username) if part]
    if not parts:
        return "?"
    if len(parts) == 1:
        return parts[0][0].upper()
    return (parts[0][0] + parts[1][0]).upper()


def _split(username: str) -> list[str]:
    for mark in "._-+@":
        username = username.replace(mark, " ")
    return username.split()


def svg(username: str) -> str:
    """Return the drawn avatar of `username` as an SVG document."""
    background, ink = colours(username)
    letters = escape(initials(username))
    size = 34 if len(letters) < 2 else 28
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">'
        f'<circle cx="32" cy="32" r="32" fill="{background}"/>'
        f'<text x="32" y="32" dy=".35em" text-anchor="middle" fill="{ink}" '
        f'font-family="DejaVu Sans, Verdana, sans-serif" font-size="{size}" '
        f'font-weight="bold">{letters}</text></svg>'
    )


def contrast(first: str, second: str) -> float:
    """Return the WCAG contrast ratio of two "#rrggbb" colours."""
    a, b = _luminance(first), _luminance(second)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def _luminance(colour: str) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def png_from_upload(upload: Any) -> bytes:
    """Return an uploaded picture as a 128×128 PNG, or raise ValidationError saying why.

    Checked before it is decoded: the size of the file, then the image's format and
    dimensions from its header (so a small file that unpacks into a huge image is refused
    unread); then decoded in full, cropped to a centred square and re-encoded.
    """
    from PIL import Image, UnidentifiedImageError

    if upload.size > MAX_BYTES:
        raise ValidationError(_("The picture is too big: at most 1 MB."), code="too_big")
    data = upload.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValidationError(_("The picture is too big: at most 1 MB."), code="too_big")
    not_a_picture = ValidationError(
        _("This file is not a picture we can read: send a PNG, JPEG or WebP image."),
        code="not_image",
    )
    too_many_pixels = ValidationError(
        _("The picture has too many pixels: at most 40 megapixels."), code="too_many_pixels"
    )
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=sorted(FORMATS)) as image:
                width, height = image.size
                if width * height > MAX_PIXELS:
                    raise too_many_pixels
                image.load()
                picture = image.convert("RGBA")
    except ValidationError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        raise too_many_pixels from error
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError) as error:
        raise not_a_picture from error
    side = min(picture.size)
    left, top = (picture.width - side) // 2, (picture.height - side) // 2
    square = picture.crop((left, top, left + side, top + side))
    square = square.resize((SIZE, SIZE), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    square.save(out, format="PNG", optimize=True)
    return out.getvalue()

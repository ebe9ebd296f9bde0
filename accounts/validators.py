"""Username checks: no look-alike of another player's name."""

from __future__ import annotations

import unicodedata
from typing import Any

from confusable_homoglyphs import confusables
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _


def username_key(name: str) -> str:
    """Return the form in which two usernames count as the same: NFKC, case-folded, NFKC.

    "Alice", "ALICE" and "ａｌｉｃｅ" (full-width) all give "alice"; "Straße" and "STRASSE"
    both give "strasse".
    """
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def validate_username_not_confusable(value: Any) -> None:
    """Refuse a name mixing alphabets with look-alike letters ("alіce", Cyrillic і).

    The check is the one django-registration uses (confusable-homoglyphs' is_dangerous): a
    name written in one alphabet, Greek or Cyrillic, stays allowed.
    """
    if isinstance(value, str) and confusables.is_dangerous(value):
        raise ValidationError(
            _("This name mixes alphabets in a way that can imitate another name. Choose another."),
            code="confusable",
        )

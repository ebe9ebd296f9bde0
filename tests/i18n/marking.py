"""Find words a reader gets in English: every translation is marked, then the page is read.

`marking(lang)` activates `lang` with every translation wrapped in ⟦ ⟧ (the catalogue's
words inside). Whatever a page shows outside the marks never went through gettext: an
English sentence built in code. A message the catalogue lacks (or has empty or fuzzy) is
noted as it is asked for. `Findings.read_html` walks a page's text and the attributes a
person reads (title, aria-label, alt, placeholder, data-confirm) and notes each stretch of
letters outside the marks; the text of an element marked `translate="no"` (a hash) is
nobody's words and is not read.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from django.utils import translation
from django.utils.translation import trans_real

OPEN, CLOSE = "\u27e6", "\u27e7"
READ_ATTRIBUTES = {"title", "aria-label", "alt", "placeholder", "data-confirm"}
#: Names that read the same in every language: the site, the time zone.
ALWAYS_ALLOWED = {"Playtable", "UTC"}
#: A word: two letters or more (a lone letter is a code: "A1", "r1c2", "M€").
WORD = re.compile(r"[^\W\d_]{2,}")


@dataclass
class Findings:
    """What a reader would get untranslated, with where it was seen."""

    allowed: set[str] = field(default_factory=set)
    #: English text outside any translation: text -> where.
    english: dict[str, str] = field(default_factory=dict)
    #: Messages asked for that the catalogue does not translate: msgid -> where.
    missing: dict[str, str] = field(default_factory=dict)
    where: str = ""

    def read_text(self, text: str, where: str | None = None) -> None:
        """Note the words of `text` (a sentence shown as it is) outside the marks."""
        for stretch in outside_marks([text]):
            self._note(stretch, where)

    def read_html(self, html: str, where: str | None = None) -> None:
        parser = _Reader()
        parser.feed(html)
        parser.close()
        for stretch in outside_marks(parser.texts):
            self._note(stretch, where)
        for value in parser.attributes:
            for stretch in outside_marks([value]):
                self._note(stretch, where)

    def _note(self, stretch: str, where: str | None) -> None:
        for allowed in sorted(self.allowed | ALWAYS_ALLOWED, key=len, reverse=True):
            stretch = stretch.replace(allowed, " ")
        words = WORD.findall(stretch)
        if words:
            self.english.setdefault(" ".join(stretch.split())[:160], where or self.where)

    def report(self) -> str:
        lines = [f"{len(self.english)} English text(s) outside gettext:"]
        lines += [f"  {text!r}  [{where}]" for text, where in sorted(self.english.items())]
        lines.append(f"{len(self.missing)} message(s) the catalogue does not translate:")
        lines += [f"  {text!r}  [{where}]" for text, where in sorted(self.missing.items())]
        return "\n".join(lines)

    @property
    def clean(self) -> bool:
        return not self.english and not self.missing


def outside_marks(texts: Iterable[str]) -> Iterator[str]:
    """Yield the stretches of `texts` (read in order, as one stream) outside ⟦ ⟧."""
    depth = 0
    for text in texts:
        start = 0
        for i, char in enumerate(text):
            if char == OPEN:
                if depth == 0 and i > start:
                    yield text[start:i]
                depth += 1
            elif char == CLOSE:
                depth = max(depth - 1, 0)
                start = i + 1
        if depth == 0 and start < len(text):
            yield text[start:]


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.attributes: list[str] = []
        self.skipping = 0
        # An element marked translate="no" (a hash, a code): its text is no one's words.
        self.untranslated_tag: str | None = None
        self.untranslated_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skipping += 1
        if self.untranslated_tag is None and dict(attrs).get("translate") == "no":
            self.untranslated_tag = tag
        if tag == self.untranslated_tag:
            self.untranslated_depth += 1
        button = tag == "input" and dict(attrs).get("type") in ("submit", "button")
        for name, value in attrs:
            if value and (name in READ_ATTRIBUTES or (button and name == "value")):
                self.attributes.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.skipping = max(self.skipping - 1, 0)
        if tag == self.untranslated_tag:
            self.untranslated_depth -= 1
            if self.untranslated_depth <= 0:
                self.untranslated_tag, self.untranslated_depth = None, 0

    def handle_data(self, data: str) -> None:
        if not self.skipping and self.untranslated_tag is None:
            self.texts.append(data)


class Marking:
    """A language's translations, each wrapped in ⟦ ⟧; untranslated messages are noted."""

    def __init__(self, real: Any, findings: Findings) -> None:
        self.real = real
        self.findings = findings

    def _known(self, key: Any) -> bool:
        found = self.real._catalog.get(key)
        return bool(found)

    def gettext(self, message: str) -> str:
        result = self.real.gettext(message)
        if trans_real.CONTEXT_SEPARATOR in result:
            if result == message:
                self.findings.missing.setdefault(
                    message.split(trans_real.CONTEXT_SEPARATOR)[1], self.findings.where
                )
            return result  # pgettext falls back to the bare message
        if not self._known(message) and WORD.search(message):
            self.findings.missing.setdefault(message, self.findings.where)
        return f"{OPEN}{result}{CLOSE}"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        result = self.real.ngettext(singular, plural, n)
        if trans_real.CONTEXT_SEPARATOR in result:
            return result
        if not self._known((singular, 0)) and WORD.search(singular):
            self.findings.missing.setdefault(singular, self.findings.where)
        return f"{OPEN}{result}{CLOSE}"

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


@contextmanager
def marking(lang: str, findings: Findings, monkeypatch: Any) -> Iterator[Findings]:
    """Activate `lang` with marked translations, also for requests (LocaleMiddleware)."""
    real_translation = trans_real.translation
    made: dict[str, Marking] = {}

    def translation_marked(language: str) -> Any:
        if language not in made:
            made[language] = Marking(real_translation(language), findings)
        return made[language]

    monkeypatch.setattr(trans_real, "translation", translation_marked)
    with translation.override(lang):
        yield findings


def group(findings: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = defaultdict(list)
    for text, where in findings:
        grouped[where].append(text)
    return grouped

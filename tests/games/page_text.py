"""The words a rendered page shows a reader: its text nodes, without scripts and styles."""

from __future__ import annotations

from html.parser import HTMLParser


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.skip = 0
        self.words: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.skip += tag in ("script", "style")

    def handle_endtag(self, tag: str) -> None:
        self.skip -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self.skip and data.strip():
            self.words.append(data.strip())


def text_nodes(html: str) -> list[str]:
    """Return the page's text nodes, stripped, in order (attributes are not read)."""
    parser = _Text()
    parser.feed(html)
    return parser.words

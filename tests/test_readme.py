"""The README points only at things inside the repository: the rules players read are here."""

from __future__ import annotations

import re
from pathlib import Path

from games.registry import engines

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def test_the_readme_points_outside_the_repository_nowhere() -> None:
    assert "../shared" not in README


def test_every_file_the_readme_links_to_exists() -> None:
    links = re.findall(r"\]\(([^)#]+)\)", README)
    local = [link for link in links if "://" not in link]
    assert local, "the README links no file"
    missing = [link for link in local if not (ROOT / link).is_file()]
    assert missing == []


def test_every_game_links_its_rules_page_and_template() -> None:
    for engine in engines():
        slug = engine.slug
        assert f"`/games/{slug}/`" in README, slug
        assert f"(games/{slug}/templates/games/{slug}/help.html)" in README, slug

"""Engines stay pure: no Django or site apps, no clock or I/O, no global random."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import games

GAMES_DIR = Path(games.__file__).resolve().parent
FORBIDDEN_PACKAGES = {"django", "lobby", "accounts", "ladder", "config"}
# No clock, no network, no files, no processes: an engine's result depends on its input only.
FORBIDDEN_MODULES = {
    "time", "datetime", "os", "socket", "subprocess", "urllib", "http", "requests",
    "sqlite3", "threading", "asyncio", "secrets", "uuid",
}  # fmt: skip


def pure_modules() -> list[Path]:
    """Return every module under games/ except the Django glue (apps.py, template tags)."""
    return sorted(
        path
        for path in GAMES_DIR.rglob("*.py")
        if path.name != "apps.py"
        and "templates" not in path.parts
        and "templatetags" not in path.parts
        and "migrations" not in path.parts
    )


def module_id(path: Path) -> str:
    return str(path.relative_to(GAMES_DIR.parent))


def is_type_checking_block(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def runtime_imports(tree: ast.Module) -> list[tuple[int, str, list[str]]]:
    """Return (line, module, names) of imports, skipping `if TYPE_CHECKING:` blocks."""
    found: list[tuple[int, str, list[str]]] = []

    def visit(node: ast.AST) -> None:
        if is_type_checking_block(node):
            return
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module, [alias.name for alias in node.names]))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def test_the_walk_finds_the_engine_modules() -> None:
    """The purity checks below really look at the engines."""
    names = {module_id(path) for path in pure_modules()}
    assert {"games/engine.py", "games/rng.py", "games/lost_cities/engine.py"} <= names
    assert "games/lost_cities/apps.py" not in names


@pytest.mark.parametrize("path", pure_modules(), ids=module_id)
def test_engine_modules_import_nothing_from_django_or_the_site(path: Path) -> None:
    """No django, lobby, accounts, ladder or config import, at any depth of the module."""
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots = [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots = [node.module.split(".")[0]]
        else:
            continue
        bad = FORBIDDEN_PACKAGES.intersection(roots)
        assert not bad, f"{module_id(path)}:{node.lineno} imports {bad.pop()}"


@pytest.mark.parametrize("path", pure_modules(), ids=module_id)
def test_engine_modules_use_no_clock_io_or_global_random(path: Path) -> None:
    """No time/os/network modules; `random` only as a type or a passed-in Random in bots."""
    tree = ast.parse(path.read_text(), filename=str(path))
    is_bot_module = path.name == "bots.py"
    for line, module, names in runtime_imports(tree):
        root = module.split(".")[0]
        assert root not in FORBIDDEN_MODULES, f"{module_id(path)}:{line} imports {module}"
        if root == "random":
            # Engines may not use random at all; bots only the Random instance they get.
            assert is_bot_module, f"{module_id(path)}:{line} imports random"
            assert set(names) <= {"Random"}, f"{module_id(path)}:{line} imports {names}"
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "random"
        ):
            # random.shuffle, random.randint, random.seed ... share one global generator.
            assert node.attr == "Random", (
                f"{module_id(path)}:{node.lineno} uses the global random.{node.attr}"
            )


def test_the_checks_catch_a_forbidden_import() -> None:
    """The walker itself notices Django, a global random call and a TYPE_CHECKING import."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    import random\n"
        "import django.conf\n"
        "def f():\n    import random\n    return random.shuffle\n"
    )
    tree = ast.parse(source)
    imports = runtime_imports(tree)
    assert [module for _, module, _ in imports] == ["typing", "django.conf", "random"]
    uses = [n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)]
    assert uses == ["shuffle"]

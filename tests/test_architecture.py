"""docs/architecture.md cites only what exists: every path it names is in the repository,
every code name it cites is defined in kitgen, and every kitgen command it shows is one the
command line accepts (parsed, not run)."""

from __future__ import annotations

import ast
import builtins
import re
import shlex
from functools import cache
from importlib import import_module
from pathlib import Path

import pytest
from typer.main import get_command

from kitgen.cli import app

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```\n(.*?)^```", PAGE, flags=re.S | re.M)
INLINE = re.findall(r"`([^`\n]+)`", re.sub(r"^```\n.*?^```", "", PAGE, flags=re.S | re.M))
FOLDERS = ("kitgen/", "tests/", "templates/", "benchmarks/", "docs/", "fonts/", "scripts/", ".ci/")
# words the page puts in backticks that are not names in kitgen's code
NOT_CODE = {"render", "eight", "seven", "classic", "strip", "box", "python", "pytest", "ruff", "mypy",
            "kitgen", "jinja2", "tests", "LANGUAGE", "LC_ALL", "LANG", "PYTHONPATH", "en", "always", "Any"}
# the libraries' own names the page cites (tests/test_engine_*.py check the private ones)
LIBRARY_NAMES = {"jinja2.ext.i18n", "FontConfiguration._folder", "Page._page_box"}


def cited_paths() -> list[str]:
    """Return every repository path the page cites in backticks (placeholders left out)."""
    words = [word.strip("(),") for text in INLINE + BLOCKS for word in text.split()]
    return sorted({word for word in words if word.startswith(FOLDERS) and "<" not in word})


def cited_files() -> list[str]:
    """Return every bare file name the page cites (``box.txt.j2``): each must be somewhere."""
    return sorted({text for text in INLINE if re.fullmatch(r"[\w.-]+\.(py|j2|md|toml|cfg)", text)})


def cited_names() -> list[str]:
    """Return every code name the page cites: ``find_game``, ``Rulebook.text``,
    ``check_box_claim``, each without a call's arguments."""
    names = set()
    for text in INLINE:
        found = re.fullmatch(r"([A-Za-z_][\w.]*)(\(.*\))?", text)
        if found and "/" not in text and not re.fullmatch(r"[\w.-]+\.(py|j2|md|toml|cfg)", text):
            names.add(found.group(1))
    return sorted(names - NOT_CODE - LIBRARY_NAMES)


@cache
def defined_names() -> frozenset[str]:
    """Return every name kitgen's modules and tests define (functions, classes, methods,
    module and class attributes), the templates' macros and Python's built-in names."""
    names = set(dir(builtins))
    for path in [*(ROOT / "kitgen").rglob("*.py"), *(ROOT / "tests").glob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Assign):
                names.update(target.id for target in node.targets if isinstance(target, ast.Name))
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names.add(node.target.id)
    for template in (ROOT / "templates").rglob("*.j2"):
        names.update(re.findall(r"{%-? macro (\w+)\(", template.read_text(encoding="utf-8")))
    return frozenset(names)


def shown_commands() -> list[list[str]]:
    """Return the arguments of every ``kitgen`` or ``python -m kitgen`` command the page
    shows, in a code block or inline (a leading ``NAME=value`` setting left out)."""
    commands = []
    for text in [line for block in BLOCKS for line in block.splitlines()] + INLINE:
        words = shlex.split(text, comments=True)
        while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):
            words = words[1:]
        if words[:3] == ["python", "-m", "kitgen"] and len(words) > 3:
            commands.append(words[3:])
        elif words[:1] == ["kitgen"] and len(words) > 2:  # `kitgen check` alone names a command
            commands.append(words[1:])
    return commands


def test_the_page_cites_paths_names_and_commands():
    assert len(cited_paths()) > 30 and len(cited_names()) > 40 and shown_commands()


@pytest.mark.parametrize("path", cited_paths())
def test_a_cited_path_exists(path):
    assert next(ROOT.glob(path), None), f"docs/architecture.md cites {path}, which is not in the repository"


@pytest.mark.parametrize("name", cited_files())
def test_a_cited_file_name_is_a_file_of_the_repository(name):
    found = (ROOT / name).exists() or next(ROOT.glob(f"[!.]*/**/{name}"), None)
    assert found, f"docs/architecture.md cites {name}, which is nowhere"


@pytest.mark.parametrize("name", cited_names())
def test_a_cited_name_is_defined_in_kitgen(name):
    if name.startswith("kitgen."):
        import_module(name)
        return
    for part in name.split("."):
        assert part in defined_names(), f"docs/architecture.md cites {name}: kitgen defines no {part}"


@pytest.mark.parametrize("arguments", shown_commands(), ids=lambda words: " ".join(words)[:60])
def test_a_shown_command_is_one_kitgen_accepts(arguments):
    group = get_command(app)
    context = group.make_context("kitgen", list(arguments))
    name, command, rest = group.resolve_command(context, list(arguments))  # type: ignore[attr-defined]
    assert command is not None, f"kitgen has no command {name!r}"
    command.make_context(name or "", rest, parent=context)  # raises on an option it does not take


def test_the_web_asks_the_registry_and_imports_no_game_package():
    """kitgen/web reaches each game's live table through Game.live_table (docs/architecture.md):
    it imports no ``kitgen.games.<game>`` module and compares no game's or preset's name."""
    from kitgen.games import games, presets

    packages = {f"kitgen.games.{game.id}" for game in games()}
    names = {game.id for game in games()} | {preset.id for preset in presets()}
    for path in sorted((ROOT / "kitgen" / "web").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                       else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for module in modules:
                assert not any(module == package or module.startswith(f"{package}.") for package in packages), (
                    f"{path.relative_to(ROOT)} imports {module}: ask the registry (Game.live_table) instead")
            if isinstance(node, ast.Compare):
                constants = [part.value for part in (node.left, *node.comparators) if isinstance(part, ast.Constant)]
                assert not names & set(constants), f"{path.relative_to(ROOT)}:{node.lineno} compares a game's name"

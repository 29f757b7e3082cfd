"""Count the string literals that name a game, preset, format or scoring outside
``kitgen/games/`` (docs/rules.md sections 2-7 name them): the registry owns those names,
so every literal left elsewhere is a place that asks which game it is by name.

Walks the ast of every ``kitgen/**/*.py`` and counts each string constant that is exactly
one of :data:`NAMES` (docstrings and f-string parts are constants too, but a name inside a
longer sentence is not counted: only a whole string equal to a name).

Run from the repository root: ``python benchmarks/name_literals.py [--list] [ROOT]``.
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

NAMES = frozenset({
    # games and presets
    "box", "knucklebones", "strip", "classic", "ten", "hundred", "long-game",
    # formats and match lengths
    "two-attempts", "single", "best-of-3", "best-of-5", "best-of-7", "elimination",
    "shut-wins",
    # scoring
    "sum", "digits",
})


def literals(path: Path) -> list[tuple[int, str]]:
    """Return the ``(line, name)`` of every string constant in ``path`` that is a name."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in NAMES]


def main(argv: list[str]) -> int:
    """Print the count per module outside ``kitgen/games/`` and the total."""
    listing = "--list" in argv
    args = [arg for arg in argv if arg != "--list"]
    root = Path(args[0] if args else ".")
    package = root / "kitgen"
    per_module: Counter[str] = Counter()
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        if relative.startswith("kitgen/games/"):
            continue
        found = literals(path)
        if found:
            per_module[relative] = len(found)
            if listing:
                for line, name in found:
                    print(f"  {relative}:{line}: {name!r}")
    for module, count in per_module.most_common():
        print(f"{count:4d}  {module}")
    print(f"{sum(per_module.values()):4d}  total outside kitgen/games/ in {len(per_module)} modules")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

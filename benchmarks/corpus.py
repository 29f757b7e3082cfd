"""Simulated game logs for the validation benchmark, drawn from the test suite's generators.

The logs come from ``tests/games_box.py`` (every Shut the Box preset and format, picked
at random per log) and ``tests/games_knucklebones.py``, seeded, so every run validates the
same logs. Throughput is counted from the log text itself: :func:`count_throws` counts
the throw lines a person would see, not what the generator says it wrote.
"""

from __future__ import annotations

import os
import random
import re
import sys
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TESTS = REPO / "tests"
SEED = 20240601
ARG_MAX_SHARE = 2  # use at most half of ARG_MAX for one command line (the rest: environment)

# docs/log-format.md "Shut the Box presets": <throw>: <tiles>, the throw being 8, 5+3 or die 4
THROW_LINE = re.compile(r"^(?:\d+\s*\+\s*\d+|\d+|die\s+\d+)\s*:", re.IGNORECASE)
# docs/log-format.md "Knucklebones": <name>: <face> <column>, names never being a keyword
PLACEMENT_LINE = re.compile(r"^([^:]+):\s*\S+\s+\S+$")
KNUCKLEBONES_KEYWORDS = frozenset({"rules", "players", "title", "score", "winner", "match winner"})

# docs/log-format.md's strip example, valid: the small log of the start-up figure and the warm-up
SMALL_LOG = """rules: strip
players: Ana, Ben

turn Ana
8: 8
9: 9
7: 7
12: 6 4 2     = 12
11: -
score: 9

turn Ben
7: 1 2 4
9: 9
11: 3 8
6: 6
5: 5
7: 7
score: 0

turn Ana
6+6: 3 9
10: 2 8
7: 7
5: 5
4+4: -
score: 11

turn Ben
3: 3
8: 8
10: 1 9
1+1: 2
3: -
score: 22

totals: Ana 20, Ben 22
winner: Ana
"""



def generators():
    """Return the test suite's generator modules ``games_box`` and ``games_knucklebones``
    (``tests/`` and this checkout are put first on ``sys.path``, so the generators and what
    imports kitgen after this call use this checkout's kitgen, not a copy installed in the venv)."""
    for folder in (REPO, TESTS):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    import games_box
    import games_knucklebones

    return games_box, games_knucklebones


def content(line: str) -> str:
    """Return ``line`` without its comment and surrounding spaces (docs/log-format.md, lexical rules)."""
    return line.split("#", 1)[0].strip()


def count_throws(text: str) -> int:
    """Return the number of throw lines (``8: ...``, ``5+3: ...``, ``die 4: ...``) in a
    Shut the Box log ``text``.

    >>> count_throws("rules: strip\\nplayers: Ana\\nturn Ana\\n8: 8\\n5+3: -  # none\\nscore: 37")
    2
    """
    return sum(1 for line in text.splitlines() if THROW_LINE.match(content(line)))


def count_placements(text: str) -> int:
    """Return the number of placement lines (``Ana: 4 left``) in a knucklebones log ``text``.

    >>> count_placements("rules: knucklebones\\nplayers: Ana, Ben\\nAna: 4 left\\nscore: Ana 4, Ben 0")
    1
    """
    count = 0
    for line in text.splitlines():
        match = PLACEMENT_LINE.match(content(line))
        if match and match.group(1).strip().lower() not in KNUCKLEBONES_KEYWORDS:
            count += 1
    return count


def box_logs(count: int, seed: int = SEED) -> list[str]:
    """Return ``count`` legal Shut the Box logs, each of a random preset and format."""
    games_box, _ = generators()
    rng = random.Random(seed)
    logs = []
    for _ in range(count):
        rules, players = games_box.random_setup(rng)
        logs.append(games_box.random_box_game(rng, rules, players).text)
    return logs


def knucklebones_logs(count: int, seed: int = SEED) -> list[str]:
    """Return ``count`` legal knucklebones matches as logs (single, best-of-3, best-of-5)."""
    _, games_knucklebones = generators()
    from kitgen.games import find_preset

    rng = random.Random(seed)
    rules = [find_preset("knucklebones").configure({"match": match}) for match in ("single", "best-of-3", "best-of-5")]
    return [games_knucklebones.random_knucklebones_game(rng, rng.choice(rules)).text for _ in range(count)]


def write_logs(logs: Sequence[str], folder: Path) -> list[str]:
    """Write ``logs`` into ``folder`` as ``00000.log``, ``00001.log``, ... and return the
    file names (relative to ``folder``, to keep command lines short)."""
    folder.mkdir(parents=True, exist_ok=True)
    names = []
    for number, text in enumerate(logs):
        name = f"{number:05d}.log"
        (folder / name).write_text(text, encoding="utf-8")
        names.append(name)
    return names


def command_batches(prefix: Sequence[str], names: Sequence[str]) -> list[list[str]]:
    """Return command lines ``prefix + names`` split so that none exceeds a share of the
    system's ARG_MAX (usually one batch: 20,000 short names take about 200 kB)."""
    limit = os.sysconf("SC_ARG_MAX") // ARG_MAX_SHARE
    base = sum(len(arg) + 1 for arg in prefix)
    batches: list[list[str]] = []
    current: list[str] = []
    size = base
    for name in names:
        if current and size + len(name) + 1 > limit:
            batches.append([*prefix, *current])
            current, size = [], base
        current.append(name)
        size += len(name) + 1
    batches.append([*prefix, *current])
    return batches

"""One slip of the pen: a written name or column read as the one it nearly is
(docs/log-format.md ruling 12).

"One slip" is the optimal string alignment distance (insertions, deletions, substitutions,
swaps of two neighbouring characters) between the NFC, case-folded texts: at most 1 when
the written text has 4 characters or fewer, at most 2 when it is longer. A text one slip
from exactly one choice is read as that choice; from several, or from none, it is no
choice's.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from kitgen.rules.names import read_name

SHORT_CHARS = 4  # docs/log-format.md ruling 12: a written text of up to 4 characters ...
SHORT_SLIP, LONG_SLIP = 1, 2  # ... is at most 1 edit from what it means; a longer one at most 2


def _folded(text: str) -> str:
    """Return ``text`` as compared: as a name is read (spaces collapsed, typographic
    apostrophes as ``'``), NFC, case-folded."""
    return unicodedata.normalize("NFC", read_name(text)).casefold()


def slip_distance(first: str, second: str) -> int:
    """Return the optimal string alignment distance between ``first`` and ``second`` as
    they are: the fewest insertions, deletions, substitutions and swaps of two neighbouring
    characters that make one the other (no character edited twice).

    >>> slip_distance("Bne", "Ben"), slip_distance("midle", "middle"), slip_distance("ca", "abc")
    (1, 1, 3)
    """
    rows = len(first) + 1
    columns = len(second) + 1
    table = [[0] * columns for _ in range(rows)]
    for row in range(rows):
        table[row][0] = row
    for column in range(columns):
        table[0][column] = column
    for row in range(1, rows):
        for column in range(1, columns):
            cost = 0 if first[row - 1] == second[column - 1] else 1
            best = min(table[row - 1][column] + 1, table[row][column - 1] + 1,
                       table[row - 1][column - 1] + cost)
            if (row > 1 and column > 1 and first[row - 1] == second[column - 2]
                    and first[row - 2] == second[column - 1]):
                best = min(best, table[row - 2][column - 2] + 1)
            table[row][column] = best
    return table[-1][-1]


def one_slip_from(written: str, choices: Sequence[str]) -> int | None:
    """Return the index of the one choice ``written`` is one slip from (docs/log-format.md
    ruling 12), or ``None`` when it is one slip from none of them or from several. A choice
    equal to ``written`` (ignoring case) is no slip: that is for an exact match to find.

    >>> one_slip_from("Bem", ["Ana", "Ben"]), one_slip_from("Bem", ["Ben", "Bea"]), one_slip_from("Zed", ["Ana"])
    (1, None, None)
    """
    folded = _folded(written)
    limit = SHORT_SLIP if len(unicodedata.normalize("NFC", read_name(written))) <= SHORT_CHARS else LONG_SLIP
    near = [index for index, choice in enumerate(choices)
            if abs(len(folded) - len(chosen := _folded(choice))) <= limit  # farther: no need to align
            and 0 < slip_distance(folded, chosen) <= limit]
    return near[0] if len(near) == 1 else None

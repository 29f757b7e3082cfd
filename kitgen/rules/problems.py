"""Rule faults as values: what a judging function returns instead of raising.

A judging function (``judge_move``, ``judge_placement``) returns every :class:`Problem`
it finds, never only the first; the log validator adds the line and turns each into a
``LogError``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One rule fault: its code from LOG-FORMAT.md's "Error codes" table (``bad-roll``,
    ``column-full`` ...) and one sentence for a person."""

    code: str
    message: str

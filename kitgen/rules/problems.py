"""Rule faults as values: what a judging function returns instead of raising.

A judging function (``judge_move``, ``judge_placement``) returns every :class:`Problem`
it finds, never only the first: a code and the figures of the fault, no words. The log
validator and ``kitgen check`` put it into words with :func:`kitgen.text.problems.describe`
and add the line.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One rule fault: its ``code`` from docs/log-format.md's "Error codes" table (``bad-roll``,
    ``column-full`` ...), the ``reason`` that names which rule of that code was broken
    (``bad-roll`` has ``faces``, ``total`` and ``face``), and the figures its sentence
    needs as name-value pairs (``params``).

    >>> Problem("column-full", "full", (("column", "left"),)).param("column")
    'left'
    """

    code: str
    reason: str = ""
    params: tuple[tuple[str, object], ...] = ()

    def param(self, name: str) -> object:
        """Return the figure called ``name``; raises ``KeyError`` when it has none."""
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)

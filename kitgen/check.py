"""``kitgen check``: judge one move or placement the user names on a stated position (CLI.md).

It never proposes, ranks or hints at a move: a verdict speaks only of what the user wrote.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Verdict:
    """The answer to one check: whether the move (or the "no move" claim) is right, the
    reason in one sentence per problem, and facts about the named move for ``--json``."""

    ok: bool
    reasons: tuple[str, ...]
    facts: dict[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        """Return the verdict for people: ``valid:`` or ``not valid:`` and the reasons."""
        head = "valid" if self.ok else "not valid"
        return f"{head}: " + " ".join(self.reasons)

    def to_json(self) -> dict[str, Any]:
        """Return the verdict as ``{"valid": bool, "reasons": [...], **facts}``."""
        return {"valid": self.ok, "reasons": list(self.reasons), **self.facts}


def check_placement(rules, mine_text: str, theirs_text: str, face: int, column_text: str) -> Verdict:
    """Return the verdict on placing ``face`` in the column named ``column_text`` of the grid
    ``mine_text``, against the opponent's grid ``theirs_text`` (RULES.md section 7; CLI.md).

    ``rules`` are settled knucklebones rules (``ValueError`` otherwise). Grids are written in
    the notation of :mod:`kitgen.rules.knucklebones`: column groups ``<column>:<faces>``,
    e.g. ``left:3,3 middle: right:6`` (columns as labelled on the printed boards, left
    facing left; ``l m r`` or ``1 2 3`` also; faces 1-6 separated by commas, bottom first;
    an omitted column is empty, ``""`` an empty grid). Raises :class:`GridSyntaxError`
    (exit status 2) for a grid not written so.

    Valid: one sentence with the column's score after the placement, both totals after it
    and how many opposing dice it removes; ``facts`` hold the same numbers (``face``,
    ``column``, ``column_score``, ``totals`` as ``{"mine", "theirs"}``, ``removed``).
    Not valid (exit status 1): every problem of the placement (a face outside 1-6, a bad
    column, a full column), or an opponent's full grid (the game has ended); ``facts``
    then hold ``face``, ``column`` as written and the problems' ``codes``.
    It is arithmetic on the named placement: it never compares columns or suggests one.

    >>> from kitgen.rules.presets import find_preset
    >>> check_placement(find_preset("knucklebones").configure(), "left:5", "left:5,5,1", 5, "l").text()
    'valid: 5 in the left column removes 2 opposing dice; that column then scores 20; totals: yours 20, theirs 1.'
    """
    from kitgen.rules.knucklebones import judge_placement, parse_column, parse_grid, preview_placement
    from kitgen.rules.problems import Problem

    if rules.game != "knucklebones":
        raise ValueError(f"{rules.preset!r} is not knucklebones")
    mine, theirs = parse_grid(mine_text), parse_grid(theirs_text)
    problems = list(judge_placement(mine, face, column_text))
    if theirs.full:
        problems.append(Problem("extra-turn", "the opponent's grid is full, so the game has ended."))
    facts: dict[str, Any] = {"face": face, "column": column_text}
    if problems:
        facts["codes"] = [problem.code for problem in problems]
        return Verdict(False, tuple(problem.message for problem in problems), facts)
    column = parse_column(column_text)
    preview = preview_placement(mine, theirs, face, column)
    dice = "die" if preview.removed == 1 else "dice"
    reason = (
        f"{face} in the {column.label} column removes {preview.removed} opposing {dice}; "
        f"that column then scores {preview.column_score}; "
        f"totals: yours {preview.mine_total}, theirs {preview.theirs_total}."
    )
    facts.update(
        column=column.label,
        column_score=preview.column_score,
        totals={"mine": preview.mine_total, "theirs": preview.theirs_total},
        removed=preview.removed,
    )
    return Verdict(True, (reason,), facts)

"""Knucklebones' move judging for ``kitgen check``: one named placement on two stated
grids, previewed as arithmetic (docs/cli.md, "kitgen check"; docs/rules.md section 7).

It never compares columns or suggests one: a verdict speaks only of what the user wrote.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kitgen.games import Verdict
from kitgen.games.knucklebones.presets import knucklebones_rules
from kitgen.games.knucklebones.rules import judge_placement, parse_column, parse_grid, preview_placement
from kitgen.rules.problems import Problem
from kitgen.text import ngettext
from kitgen.text.problems import describe

if TYPE_CHECKING:
    from kitgen.games.preset import Rules


def check_placement(rules: Rules, mine_text: str, theirs_text: str, face: int, column_text: str) -> Verdict:
    """Return the verdict on placing ``face`` in the column named ``column_text`` of the grid
    ``mine_text``, against the opponent's grid ``theirs_text`` (docs/rules.md section 7; docs/cli.md).

    ``rules`` are settled knucklebones rules (``ValueError`` otherwise). Grids are written in
    the notation of :mod:`kitgen.games.knucklebones.rules`: column groups ``<column>:<faces>``,
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

    >>> from kitgen.games import find_preset
    >>> check_placement(find_preset("knucklebones").configure(), "left:5", "left:5,5,1", 5, "l").text()
    'valid: 5 in the left column removes 2 opposing dice; that column then scores 20; totals: yours 20, theirs 1.'
    """
    knucklebones_rules(rules)
    mine, theirs = parse_grid(mine_text), parse_grid(theirs_text)
    problems = list(judge_placement(mine, face, column_text))
    if theirs.full:
        problems.append(Problem("extra-turn", "grid-full"))
    facts: dict[str, Any] = {"face": face, "column": column_text}
    if problems:
        facts["codes"] = [problem.code for problem in problems]
        return Verdict(False, tuple(describe(problem) for problem in problems), facts)
    column = parse_column(column_text)
    preview = preview_placement(mine, theirs, face, column)
    reason = ngettext(
        "{face} in the {column} column removes {removed} opposing die; "
        "that column then scores {score}; totals: yours {mine}, theirs {theirs}.",
        "{face} in the {column} column removes {removed} opposing dice; "
        "that column then scores {score}; totals: yours {mine}, theirs {theirs}.",
        preview.removed,
    ).format(face=face, column=column.label, removed=preview.removed, score=preview.column_score,
             mine=preview.mine_total, theirs=preview.theirs_total)
    facts.update(
        column=column.label,
        column_score=preview.column_score,
        totals={"mine": preview.mine_total, "theirs": preview.theirs_total},
        removed=preview.removed,
    )
    return Verdict(True, (reason,), facts)

"""``kitgen check``: judge one move or placement the user names on a stated position (docs/cli.md).

It never proposes, ranks or hints at a move: a verdict speaks only of what the user wrote.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kitgen.errors import (
    OptionError,
    PositionError,
    ThrowSyntaxError,
    TileSyntaxError,
    quote,
)
from kitgen.games.box.presets import BoxRules, box_rules
from kitgen.games.knucklebones.presets import knucklebones_rules
from kitgen.text import gettext, ngettext
from kitgen.text.problems import describe

if TYPE_CHECKING:
    from kitgen.games.box.rules import Role
    from kitgen.games.preset import Rules


@dataclass(frozen=True)
class Verdict:
    """The answer to one check: whether the move (or the "no move" claim) is right, the
    reason in one sentence per problem, and facts about the named move for ``--json``."""

    ok: bool
    reasons: tuple[str, ...]
    facts: dict[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        """Return the verdict for people: ``valid:`` or ``not valid:`` and the reasons."""
        verdict = gettext("valid: {reasons}") if self.ok else gettext("not valid: {reasons}")
        return verdict.format(reasons=" ".join(self.reasons))

    def to_json(self) -> dict[str, Any]:
        """Return the verdict as ``{"valid": bool, "reasons": [...], **facts}``."""
        return {"valid": self.ok, "reasons": list(self.reasons), **self.facts}


def check_box_claim(rules: Rules, open_text: str, roll_text: str, close_text: str | None,
                    role: Role = "close") -> Verdict:
    """Return the verdict on one Shut the Box claim: that moving the tiles ``close_text``
    after the throw ``roll_text`` is valid on a box whose open tiles are ``open_text``, or,
    with ``close_text=None``, that the throw has no move there (docs/rules.md sections 1 and 6;
    docs/cli.md, ``kitgen check``).

    ``open_text`` and ``close_text`` are tile lists (spaces, commas or ``+``; ``-`` for a box
    with every tile shut); ``roll_text`` is written ``8``, ``5+3`` or ``die 4``; ``role`` is
    ``close``, or ``open`` for the long game's opener (whose move opens shut tiles). Raises
    :class:`ThrowSyntaxError`, :class:`TileSyntaxError`, :class:`PositionError` (a tile off
    the box or given twice in ``open_text``) or :class:`OptionError` (a bad ``role``), all
    exit status 2; ``ValueError`` for knucklebones rules.

    ``facts`` echo the position (``rules``, ``open``, ``roll``, ``role``), the claim
    (``tiles`` or ``"claim": "no move"``), the problem ``codes`` and, for a valid move,
    ``open_after``. A "no move" verdict is only right or wrong: it never says which move
    exists.

    >>> from kitgen.games import find_preset
    >>> check_box_claim(find_preset("strip").defaults, "1 5 9", "4", None).text()
    'valid: right, the throw 4 has no move on this box.'
    """
    from kitgen.games.box.formats import has_opener
    from kitgen.games.box.rules import (
        NO_MOVE_WORDS,
        apply_move,
        judge_move,
        parse_throw,
        tiles_of,
    )

    rules = box_rules(rules)
    if role not in ("close", "open"):
        raise OptionError(gettext("--role is close or open, not {role}.").format(role=quote(role)))
    if role == "open" and not has_opener(rules):
        raise OptionError(gettext("--role open is only for the long game's opener."))
    box = _stated_box(rules, open_text)
    try:
        throw = parse_throw(roll_text)
    except ThrowSyntaxError as error:
        raise ThrowSyntaxError(f"--roll: {error}") from None
    if close_text is not None and close_text.strip().lower() in ("", *NO_MOVE_WORDS):
        raise TileSyntaxError(gettext("--close names no tiles; to claim the throw has no move, use --none."))
    tiles = () if close_text is None else _option_tiles("--close", close_text)
    problems = judge_move(rules, box, throw, tiles, role)
    facts: dict[str, Any] = {"rules": rules.describe(), "open": list(tiles_of(box)),
                             "roll": throw.text, "role": role}
    facts.update({"tiles": list(tiles)} if tiles else {"claim": "no move"})
    facts["codes"] = [problem.code for problem in problems]
    if problems:
        reasons = tuple(
            gettext("wrong, a move exists for the throw {throw}.").format(throw=throw.text)
            if problem.code == "missed-move" else describe(problem) for problem in problems
        )
        return Verdict(False, reasons, facts)
    if not tiles:
        return Verdict(True, (gettext("right, the throw {throw} has no move on this box.").format(
            throw=throw.text),), facts)
    facts["open_after"] = list(tiles_of(apply_move(rules, box, tiles, role)))
    if len(tiles) == 1:
        reason = (gettext("tile {tiles} makes {total} and is open.") if role == "close"
                  else gettext("tile {tiles} makes {total} and is shut."))
    else:
        reason = (gettext("{tiles} makes {total} and every tile of it is open.") if role == "close"
                  else gettext("{tiles} makes {total} and every tile of it is shut."))
    return Verdict(True, (reason.format(tiles="+".join(map(str, tiles)), total=throw.total),), facts)


def _option_tiles(option: str, text: str) -> tuple[int, ...]:
    """Return the tiles of a command-line tile list, naming ``option`` in a syntax error."""
    from kitgen.games.box.rules import parse_tiles

    if not text.strip():
        raise TileSyntaxError(gettext("{option} is empty (write - when no tile is meant).").format(option=option))
    try:
        return parse_tiles(text)
    except TileSyntaxError as error:
        raise TileSyntaxError(f"{option}: {error}") from None


def _stated_box(rules: BoxRules, open_text: str) -> int:
    """Return the box state ``--open`` states; raises :class:`PositionError` for a tile that
    is not on the preset's box or is given twice."""
    from kitgen.games.box.rules import box_of

    tiles = _option_tiles("--open", open_text)
    off_box = [tile for tile in tiles if not 1 <= tile <= rules.tiles]
    if off_box:
        raise PositionError(gettext("--open: there is no tile {tile} on the {size}-tile box.").format(
            tile=off_box[0], size=rules.tiles))
    if len(set(tiles)) != len(tiles):
        raise PositionError(gettext("--open: a tile is listed twice."))
    return box_of(tiles)


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
    from kitgen.games.knucklebones.rules import (
        judge_placement,
        parse_column,
        parse_grid,
        preview_placement,
    )
    from kitgen.rules.problems import Problem

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

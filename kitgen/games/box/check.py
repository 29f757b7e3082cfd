"""The Shut the Box family's move judging for ``kitgen check``: one claimed move, or the
claim that a throw has no move, on a stated box (docs/cli.md, "kitgen check"; docs/rules.md
sections 1 and 6).

It never proposes, ranks or hints at a move: a verdict speaks only of what the user wrote.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kitgen.errors import OptionError, PositionError, ThrowSyntaxError, TileSyntaxError, quote
from kitgen.games import Verdict
from kitgen.games.box.formats import has_opener
from kitgen.games.box.presets import BoxRules, box_rules
from kitgen.games.box.rules import (
    Role,
    apply_move,
    box_of,
    faces_needed,
    is_no_move,
    judge_move,
    parse_throw,
    parse_tiles,
    throw_values,
    tiles_of,
)
from kitgen.text import gettext
from kitgen.text.problems import describe

if TYPE_CHECKING:
    from kitgen.games.preset import Rules


def check_box_claim(rules: Rules, open_text: str, roll_text: str, close_text: str | None,
                    role: Role = "close") -> Verdict:
    """Return the verdict on one Shut the Box claim: that moving the tiles ``close_text``
    after the throw ``roll_text`` is valid on a box whose open tiles are ``open_text``, or,
    with ``close_text=None``, that the throw has no move there (docs/rules.md sections 1 and 6;
    docs/cli.md, ``kitgen check``).

    ``open_text`` and ``close_text`` are tile lists (spaces, commas or ``+``; ``-`` for a box
    with every tile shut); ``roll_text`` is written ``8``, ``5+3``, ``6x2``, ``6-2``, ``6/2`` or ``die 4``; ``role`` is
    ``close``, or ``open`` for the long game's opener (whose move opens shut tiles). Raises
    :class:`ThrowSyntaxError`, :class:`TileSyntaxError`, :class:`PositionError` (a tile off
    the box or given twice in ``open_text``) or :class:`OptionError` (a bad ``role``), all
    exit status 2; ``ValueError`` for knucklebones rules.

    ``facts`` echo the position (``rules``, ``open``, ``roll``, ``role``), the claim
    (``tiles`` or ``"claim": "no move"``), with an operation besides ``add`` allowed the
    ``ops`` and the ``values`` the throw makes (docs/rules.md section 9), the problem
    ``codes`` and, for a valid move, ``open_after``. A "no move" verdict is only right or
    wrong: it never says which move exists.

    >>> from kitgen.games import find_preset
    >>> check_box_claim(find_preset("strip").defaults, "1 5 9", "4", None).text()
    'valid: right, the throw 4 has no move on this box.'
    """
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
    if close_text is not None and (not close_text.strip() or is_no_move(close_text)):
        raise TileSyntaxError(gettext("--close names no tiles; to claim the throw has no move, use --none."))
    tiles = () if close_text is None else _option_tiles("--close", close_text)
    problems = judge_move(rules, box, throw, tiles, role)
    facts: dict[str, Any] = {"rules": rules.describe(), "open": list(tiles_of(box)),
                             "roll": throw.text, "role": role}
    facts.update({"tiles": list(tiles)} if tiles else {"claim": "no move"})
    if faces_needed(rules):  # docs/rules.md section 9: the operations allowed, the values the throw makes
        facts["ops"] = list(rules.ops)
        facts["values"] = list(throw_values(rules, throw))
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
    return Verdict(True, (reason.format(tiles="+".join(map(str, tiles)), total=throw.value),), facts)


def _option_tiles(option: str, text: str) -> tuple[int, ...]:
    """Return the tiles of a command-line tile list, naming ``option`` in a syntax error."""
    if not text.strip():
        raise TileSyntaxError(gettext("{option} is empty (write - when no tile is meant).").format(option=option))
    try:
        return parse_tiles(text)
    except TileSyntaxError as error:
        raise TileSyntaxError(f"{option}: {error}") from None


def _stated_box(rules: BoxRules, open_text: str) -> int:
    """Return the box state ``--open`` states; raises :class:`PositionError` for a tile that
    is not on the preset's box or is given twice."""
    tiles = _option_tiles("--open", open_text)
    off_box = [tile for tile in tiles if not 1 <= tile <= rules.tiles]
    if off_box:
        raise PositionError(gettext("--open: there is no tile {tile} on the {size}-tile box.").format(
            tile=off_box[0], size=rules.tiles))
    if len(set(tiles)) != len(tiles):
        raise PositionError(gettext("--open: a tile is listed twice."))
    return box_of(tiles)

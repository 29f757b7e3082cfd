"""Put a rule fault (:class:`kitgen.rules.problems.Problem`) into words: the one place its
sentences are made, through the catalogs (docs/log-format.md, "Error codes"). The rules
core's syntax and name errors carry a problem too (code ``syntax`` or ``name``), worded here
when the error is shown (:class:`kitgen.errors.KitgenError`).

>>> from kitgen.rules.problems import Problem
>>> describe(Problem("repeated-tile", "repeated", (("tiles", (3, 4)),)))
'tiles 3, 4 are written more than once in one move.'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from typing import Any

from kitgen.errors import quote
from kitgen.rules.problems import Problem
from kitgen.text import gettext as _
from kitgen.text import ngettext


def describe(problem: Problem) -> str:
    """Return the sentence for a person that states ``problem``."""
    params = dict(problem.params)
    return _SENTENCES[problem.code, problem.reason](params)


def _join(numbers: Iterable[Any]) -> str:
    return ", ".join(map(str, numbers))


def _one_die(params: dict[str, Any]) -> str:
    rule = {  # docs/rules.md section 1, one-die conditions
        "never": _("one die is never allowed in this game"),
        "high-shut": _("one die is allowed only when every tile from 7 up is shut"),
        "low-sum": _("one die is allowed only when the open tiles add up to 6 or less"),
    }[params["rule"]]
    return "{throw}: {rule}.".format(throw=params["throw"], rule=rule)


def _unavailable(params: dict[str, Any]) -> str:
    parts = []
    stuck, off_box = params["stuck"], params["off_box"]
    if stuck:
        if params["role"] == "close":
            part = ngettext("tile {tiles} is not open", "tiles {tiles} are not open", len(stuck))
        else:
            part = ngettext("tile {tiles} is not shut", "tiles {tiles} are not shut", len(stuck))
        parts.append(part.format(tiles=_join(stuck)))
    if off_box:
        parts.append(_("there is no tile {tiles} on the {size}-tile box").format(
            tiles=_join(off_box), size=params["size"]))
    return "; ".join(parts) + "."


def _invisible(params: dict[str, Any]) -> str:
    char = params["char"]
    return _("player name {name} has the invisible character U+{code:04X} ({char_name}), which prints as "
             "nothing.").format(name=quote(params["name"]), code=ord(char),
                                char_name=unicodedata.name(char, "unassigned"))


def _repeated(params: dict[str, Any]) -> str:
    tiles = params["tiles"]
    return ngettext("tile {tiles} is written more than once in one move.",
                    "tiles {tiles} are written more than once in one move.",
                    len(tiles)).format(tiles=_join(tiles))


def _sum_mismatch(params: dict[str, Any]) -> str:
    tiles, total = params["tiles"], params["total"]
    if len(tiles) == 1:
        return _("tile {tile} does not match the throw of {total}.").format(tile=tiles[0], total=total)
    return _("{tiles} is {sum}, the throw was {total}.").format(
        tiles="+".join(map(str, tiles)), sum=sum(tiles), total=total)


_SENTENCES: dict[tuple[str, str], Callable[[dict[str, Any]], str]] = {
    ("bad-roll", "faces"): lambda params: _("{throw}: a die shows 1 to 6, not {faces}.").format(
        throw=params["throw"], faces=_join(params["faces"])),
    ("bad-roll", "total"): lambda params: _("{total} is not a two-dice total (2 to 12).").format(
        total=params["total"]),
    ("bad-roll", "face"): lambda params: _("{face} is not a face of a six-sided die (1-6).").format(
        face=params["face"]),
    ("one-die-not-allowed", "rule"): _one_die,
    ("missed-move", "no-move"): lambda params: _(
        "the throw {throw} is recorded as no move, but a move existed.").format(throw=params["throw"]),
    ("tile-unavailable", "unavailable"): _unavailable,
    ("repeated-tile", "repeated"): _repeated,
    ("sum-mismatch", "mismatch"): _sum_mismatch,
    ("bad-column", "syntax"): lambda params: str(params["error"]),
    ("column-full", "full"): lambda params: _("the {column} column already holds 3 dice.").format(
        column=params["column"]),
    ("extra-turn", "grid-full"): lambda params: _("the opponent's grid is full, so the game has ended."),
    # what a throw, a tile list or a grid as written cannot be (the rules core's syntax errors)
    ("syntax", "throw"): lambda params: _("{text} is not a throw (write 8, 5+3 or die 4).").format(
        text=quote(params["text"])),
    ("syntax", "tile-too-long"): lambda params: _("{word} is too long to be a tile number.").format(
        word=quote(params["word"])),
    ("syntax", "not-a-tile"): lambda params: _("{word} is not a tile number (plain digits expected).").format(
        word=quote(params["word"])),
    ("syntax", "no-tiles"): lambda params: _("no tiles are written (write - for a throw with no move)."),
    ("syntax", "too-many-tiles"): lambda params: _("{text} lists more tiles than a box has.").format(
        text=quote(params["text"])),
    ("syntax", "column"): lambda params: _(
        "{text} is not a column (left, middle or right; also l, m, r or 1, 2, 3).").format(text=quote(params["text"])),
    ("syntax", "grid-colon-first"): lambda params: _(
        "grid {grid} has a ':' without a column name before it.").format(grid=quote(params["grid"])),
    ("syntax", "grid-column-twice"): lambda params: _("grid {grid} names the {column} column twice.").format(
        grid=quote(params["grid"]), column=params["column"]),
    ("syntax", "grid-no-column"): lambda params: _(
        "grid {grid} has {word} before any column name; write columns as e.g. 'left:3,3 middle: right:6'."
    ).format(grid=quote(params["grid"]), word=quote(params["word"])),
    ("syntax", "grid-colon-missing"): lambda params: _(
        "grid {grid} needs a ':' after the column name {word}.").format(
        grid=quote(params["grid"]), word=quote(params["word"])),
    ("syntax", "grid-face"): lambda params: _("grid {grid} has {word}, which is not a face 1-6.").format(
        grid=quote(params["grid"]), word=quote(params["word"])),
    ("syntax", "grid-too-many"): lambda params: _("grid {grid} has more than {most} dice in a column.").format(
        grid=quote(params["grid"]), most=params["most"]),
    ("syntax", "grid-column"): lambda params: _("grid {grid}: {error}").format(
        grid=quote(params["grid"]), error=describe(params["error"])),
    # what a player's name cannot be (docs/rules.md, the name rule)
    ("name", "empty"): lambda params: _("a player name is empty."),
    ("name", "too-long"): lambda params: _("player name {name} is longer than {most} characters.").format(
        name=quote(params["name"]), most=params["most"]),
    ("name", "invisible"): _invisible,
    ("name", "character"): lambda params: _(
        "player name {name} has the character {char}; names may use letters, digits, spaces, '-', \"'\" and "
        "'.' only.").format(name=quote(params["name"]), char=repr(params["char"])),
    ("name", "marks"): lambda params: _(
        "player name {name} puts more than {most} combining marks on one letter.").format(
        name=quote(params["name"]), most=params["most"]),
    ("name", "twice"): lambda params: _("player name {name} is given twice (also as {twin}).").format(
        name=quote(params["name"]), twin=quote(params["twin"])),
    ("name", "look-alike"): lambda params: _("player name {name} would look the same on paper as {twin}.").format(
        name=quote(params["name"]), twin=quote(params["twin"])),
}

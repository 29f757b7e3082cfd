"""Put a rule fault (:class:`kitgen.rules.problems.Problem`) into words: the one place its
sentences are made, through the catalogs (docs/log-format.md, "Error codes").

>>> from kitgen.rules.problems import Problem
>>> describe(Problem("repeated-tile", "repeated", (("tiles", (3, 4)),)))
'tiles 3, 4 are written more than once in one move.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

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
}

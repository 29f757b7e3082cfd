"""Read one line of a Shut the Box log's body into what it says (docs/log-format.md, "Shut
the Box presets"): a ``turn`` or ``round`` line, a throw with its move, a claim (``score:``,
``totals:``, ``winner:``, ``loser:``), or the :class:`~kitgen.logs.lines.SyntaxProblem` of
a line that is none of them, with the form it was nearest. Syntax only: whether a move is
legal is judged by :mod:`kitgen.games.box.log` against the rules core.
"""

from __future__ import annotations

from dataclasses import dataclass

from kitgen.errors import KitgenError
from kitgen.games.box.rules import Throw, parse_throw, parse_tiles
from kitgen.logs.lines import SyntaxProblem
from kitgen.logs.reader import cached_when_short
from kitgen.logs.suggest import nearest_form
from kitgen.rules.names import name_key, read_name
from kitgen.rules.numbers import read_number


@dataclass(frozen=True)
class TurnLine:
    """``turn <name>``: ``name`` as written, ``key`` the name as matched (:func:`name_key`)."""

    name: str
    key: str


@dataclass(frozen=True)
class RoundLine:
    """``round <n>``."""

    number: int


@dataclass(frozen=True)
class ThrowLine:
    """``<throw>: <tiles> [= <checked sum>]``; ``tiles`` is ``()`` for no move."""

    throw: Throw
    tiles: tuple[int, ...]
    checked: int | None


@dataclass(frozen=True)
class ScoreClaim:
    """``score: <n>``."""

    score: int


@dataclass(frozen=True)
class TotalsClaim:
    """``totals: <name> <n>, ...`` as ``(name, key, total)`` triples."""

    totals: tuple[tuple[str, str, int], ...]


@dataclass(frozen=True)
class WinnerClaim:
    """``winner: <name>, ...`` as ``(name, key)`` pairs; empty for ``winner: none``."""

    names: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class LoserClaim:
    """``loser: <name>`` as ``(name, key)``; ``None`` for ``loser: none``."""

    name: tuple[str, str] | None


BodyLine = TurnLine | RoundLine | ThrowLine | ScoreClaim | TotalsClaim | WinnerClaim | LoserClaim


@cached_when_short(maxsize=4096, longest=200)
def _name(text: str) -> tuple[str, str]:
    """Return a name as written and as matched (:func:`read_name`, :func:`name_key`). An
    ill-formed name simply matches nobody. Cached: the logs of one command name the same
    players on many different lines."""
    name = read_name(text)
    return name, name_key(name)


def _names(text: str) -> tuple[tuple[str, str], ...] | None:
    parts = [part.strip() for part in text.split(",")]
    if not all(parts):
        return None
    return tuple(_name(part) for part in parts)


def _totals(text: str) -> TotalsClaim | SyntaxProblem:
    items = []
    for part in text.split(","):
        words = part.split()
        number = read_number(words[-1]) if len(words) > 1 else None
        if number is None:
            return SyntaxProblem.of("totals-item", item=part.strip())
        items.append((*_name(" ".join(words[:-1])), number))
    return TotalsClaim(tuple(items))


def _claim(key: str, value: str) -> BodyLine | SyntaxProblem:
    if key == "score":
        number = read_number(value)
        if number is None:
            return SyntaxProblem.of("score-number", text=value)
        return ScoreClaim(number)
    if key == "totals":
        return _totals(value)
    if value.lower() == "none":
        return WinnerClaim(()) if key == "winner" else LoserClaim(None)
    names = _names(value)
    if names is None:
        return SyntaxProblem.of("claim-names", keyword=key, text=value)
    if key == "winner":
        return WinnerClaim(names)
    if len(names) != 1:
        return SyntaxProblem.of("loser-count", count=len(names))
    return LoserClaim(names[0])


# Cached: a command's logs write few throws and tile lists in many more different lines
# (2,000 generated logs: 59 throws and 1,451 tile lists in 4,174 throw lines); a Throw
# shared is also one whose text, possible and double are worked out once.
_parse_throw = cached_when_short(maxsize=1024, longest=200)(parse_throw)
_parse_tiles = cached_when_short(maxsize=4096, longest=200)(parse_tiles)


def _throw_line(key: str, value: str) -> BodyLine | SyntaxProblem:
    tiles_text, equals, checked_text = value.partition("=")
    try:
        throw = _parse_throw(key)
        tiles = _parse_tiles(tiles_text)
    except KitgenError as error:  # raised with the Problem it states
        return SyntaxProblem.of_error(error.args[0])
    checked = None
    if equals:
        checked = read_number(checked_text.strip())
        if checked is None:
            return SyntaxProblem.of("checked-sum-number", text=checked_text.strip())
    return ThrowLine(throw, tiles, checked)


_KEYWORDS = ("turn", "round", "score", "totals", "winner", "loser")


def _readable(text: str) -> bool:
    return not isinstance(read_line(text), SyntaxProblem)


def _unreadable(problem: SyntaxProblem, text: str) -> SyntaxProblem:
    """Return ``problem``, the :class:`SyntaxProblem` of the line ``text``, with the form a
    small repair makes readable, if one does (never a move: the user's own words)."""
    return problem.near(nearest_form(text, _readable, _KEYWORDS))


@cached_when_short(maxsize=1 << 14, longest=200)
def read_line(text: str) -> BodyLine | SyntaxProblem:
    """Return what the body line ``text`` (comment and outer spaces removed) says: one of
    the forms of docs/log-format.md's "Shut the Box presets", or the :class:`SyntaxProblem`
    that states why it is none (and the nearest readable form, if a small repair gives one).
    Never raises. Cached: a log repeats its lines (a problem holds no words, so a cached one
    is worded in the language in use when shown).

    >>> read_line("12: 6 4 2  = 12")
    ThrowLine(throw=Throw(dice=2, faces=(), total=12), tiles=(6, 4, 2), checked=12)
    >>> read_line("Turn Ana")
    TurnLine(name='Ana', key='ana')
    >>> from kitgen.text.problems import describe
    >>> describe(read_line("8 8"))
    "'8 8' is not a turn, round, throw or claim line. Did you mean '8: 8'?"
    """
    words = text.split(None, 1)
    word = words[0].lower() if words else ""
    if word == "turn":
        return TurnLine(*_name(words[1])) if len(words) > 1 else SyntaxProblem.of("turn-name")
    if word == "round":
        number = read_number(words[1]) if len(words) > 1 else None
        return RoundLine(number) if number is not None else SyntaxProblem.of("round-number")
    key, colon, value = text.partition(":")
    if not colon:
        return _unreadable(SyntaxProblem.of("box-line", text=text), text)
    key, value = key.strip(), value.strip()
    if key.lower() in ("turn", "round"):
        return _unreadable(SyntaxProblem.of("keyword-colon", keyword=key.lower()), text)
    if key.lower() in ("score", "totals", "winner", "loser"):
        return _claim(key.lower(), value)
    if key.lower() in ("rules", "players", "title"):
        return SyntaxProblem.of("header-line", keyword=key.lower())
    return _throw_line(key, value)


"""Read one line of a knucklebones log's body into what it says (docs/log-format.md,
"Knucklebones"): a ``game`` line, a placement, a ``score:`` claim, a ``winner:`` or
``match winner:`` claim, or the :class:`~kitgen.logs.lines.SyntaxProblem` of a line that is
none of them, with the form it was nearest. Syntax only: whether a placement is legal is
judged by :mod:`kitgen.games.knucklebones.log` against the rules core.

A claim line whose keyword is also a player's name (a player called "Score") is read as
that player's placement when it is written as one, so a line is read knowing the players.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kitgen.logs.lines import SyntaxProblem
from kitgen.logs.reader import cached_when_short
from kitgen.logs.suggest import nearest_form
from kitgen.rules.names import name_key
from kitgen.rules.numbers import NumberSyntaxError, parse_number

_GAME_LINE = re.compile(r"game\s+[0-9]+", re.IGNORECASE)
_PLACEMENT = re.compile(r"([0-9]+)\s+(\S+)")
_CLAIM_KEYWORDS = ("score", "winner", "match winner")
_KEYWORDS = ("score", "winner", "game")  # a ':' may be put after (or taken from) these


@dataclass(frozen=True, slots=True)
class GameLine:
    """``game <n>`` (the number is a label, not read)."""


@dataclass(frozen=True, slots=True)
class Placement:
    """``<name>: <face> <column>``, the name and column as written (the name's spaces
    collapsed)."""

    name: str
    face: int
    column: str


@dataclass(frozen=True, slots=True)
class ScoreClaim:
    """``score: <name> <n>, ...`` as ``(name, total)`` pairs, each name once."""

    totals: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class WinnerClaim:
    """``winner: <name> | draw`` (``match`` false) or ``match winner: <name>``, the name
    as written."""

    name: str
    match: bool


BodyLine = GameLine | Placement | ScoreClaim | WinnerClaim


@cached_when_short(maxsize=1024, longest=200)
def seat_of(name: str, players: tuple[str, ...]) -> int | None:
    """Return the seat of ``name`` among ``players`` (matched by :func:`name_key`), or
    ``None`` for a name that is not a player. Cached: every placement line names a player,
    so a log repeats the same few names."""
    wanted = name_key(name)
    for seat, player in enumerate(players):
        if name_key(player) == wanted:
            return seat
    return None


@cached_when_short(maxsize=4096, longest=200)
def read_line(text: str, players: tuple[str, ...]) -> BodyLine | SyntaxProblem:
    """Return what the body line ``text`` (comment and outer spaces removed) of a log whose
    players are ``players`` says, or the :class:`SyntaxProblem` that says why it is none of
    the forms (and the nearest readable form, if a small repair gives one). Never raises.
    Cached: a log repeats its lines (a problem holds no words, so a cached one is worded in
    the language in use when shown).

    >>> read_line("Ana: 3 left", ("Ana", "Ben"))
    Placement(name='Ana', face=3, column='left')
    >>> from kitgen.text.problems import describe
    >>> describe(read_line("Ana 3 left", ("Ana", "Ben")))
    "'Ana 3 left' is not a placement ('<name>: <face> <column>'), a claim or a game line. Did you mean 'Ana: 3 left'?"
    """
    read = _form(text, players)
    return read.near(_nearest_form(text, players)) if isinstance(read, SyntaxProblem) else read


def _form(text: str, players: tuple[str, ...]) -> BodyLine | SyntaxProblem:
    """Return :func:`read_line`'s answer, without the nearest readable form."""
    if _GAME_LINE.fullmatch(text):
        return GameLine()
    key, colon, value = text.partition(":")
    key, value = " ".join(key.split()), value.strip()
    if not colon or not key:
        return SyntaxProblem.of("knucklebones-line", text=text)
    keyword = key.casefold()
    placement = _PLACEMENT.fullmatch(value)
    if keyword in _CLAIM_KEYWORDS and not (placement and seat_of(key, players) is not None):
        if keyword == "score":
            return _score_claim(value)
        if not value:
            return SyntaxProblem.of("claim-no-one", keyword=keyword)
        return WinnerClaim(value, keyword == "match winner")
    if placement is None:
        return SyntaxProblem.of("placement", text=text)
    face = _number(placement.group(1))
    return face if isinstance(face, SyntaxProblem) else Placement(key, face, placement.group(2))


def _nearest_form(text: str, players: tuple[str, ...]) -> str | None:
    """Return the nearest readable form of ``text``, or ``None``: a ``:`` put in after a
    name or keyword, or a placement's face and column swapped."""
    def reads(candidate: str) -> bool:
        return not isinstance(_form(candidate, players), SyntaxProblem)

    def reads_as_player(candidate: str) -> bool:  # a placement by a player's name first
        read = _form(candidate, players)
        return not isinstance(read, SyntaxProblem | Placement) or (
            isinstance(read, Placement) and seat_of(read.name, players) is not None)

    key, colon, value = text.partition(":")
    words = value.split()
    form = nearest_form(text, reads_as_player, _KEYWORDS) or nearest_form(text, reads, _KEYWORDS)
    if form is None and colon and len(words) == 2 and reads(f"{key}: {words[1]} {words[0]}"):
        form = f"{key.strip()}: {words[1]} {words[0]}"
    return form


def _score_claim(value: str) -> ScoreClaim | SyntaxProblem:
    """Return the claim of a ``score:`` value such as ``Ana 15, Ben 29``."""
    totals = []
    for part in value.split(","):
        words = part.split()
        if len(words) < 2:
            return SyntaxProblem.of("score-claim", text=value)
        total = _number(words[-1])
        if isinstance(total, SyntaxProblem):
            return total
        totals.append((" ".join(words[:-1]), total))
    names = [name_key(name) for name, _ in totals]
    if len(set(names)) != len(names):
        return SyntaxProblem.of("score-claim-twice", text=value)
    return ScoreClaim(tuple(totals))


def _number(word: str) -> int | SyntaxProblem:
    """Return the number ``word`` writes (:func:`parse_number`), or why it is none."""
    try:
        return parse_number(word)
    except NumberSyntaxError as fault:
        if fault.too_long:  # docs/log-format.md ruling 10
            return SyntaxProblem.of("number-too-long", word=word)
        return SyntaxProblem.of("number", word=word)

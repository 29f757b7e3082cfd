"""The shape of every game's log reader (docs/log-format.md, "Lexical rules" and "What kitgen
validate reports"): each meaningful line of a log's body is read by its game's line grammar
into a :class:`Located` entry, or an unreadable line located with its syntax problem, and
the entries are fed in order to the game's walker, which judges them against the rules.
Syntax is apart from legality: a grammar never looks at the state of a game.

Streamed: one line is read, judged and dropped at a time, so a log of millions of lines is
never held as a list (docs/cli.md, "Limits and bad input").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from itertools import tee
from operator import itemgetter
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from kitgen.logs.reader import Line
from kitgen.logs.report import ErrorList
from kitgen.rules.problems import Problem

_Entry = TypeVar("_Entry")


@dataclass(frozen=True)
class SyntaxProblem(Problem):
    """Why a line fits none of its game's forms: a :class:`Problem` of code ``syntax``, no
    words (worded where it is shown, :func:`kitgen.text.problems.describe`, so a line cached
    by its text follows the language in use). What a line grammar returns for it, shared
    by every line of that text; a ``form`` parameter is the readable line it was nearest.

    >>> SyntaxProblem.of("turn-name")
    SyntaxProblem(code='syntax', reason='turn-name', params=())
    """

    @classmethod
    def of(cls, reason: str, **params: object) -> SyntaxProblem:
        """Return the syntax problem ``reason`` stating ``params``."""
        return cls("syntax", reason, tuple(params.items()))

    @classmethod
    def of_error(cls, problem: Problem) -> SyntaxProblem:
        """Return the syntax problem that states the rules core's syntax ``problem``."""
        return cls(problem.code, problem.reason, problem.params)

    def near(self, form: str | None) -> SyntaxProblem:
        """Return this problem with the readable line ``form`` it was nearest (unchanged for ``None``)."""
        return self if form is None else SyntaxProblem(self.code, self.reason, (*self.params, ("form", form)))


# A named tuple, not a dataclass, as kitgen.logs.reader.Line: one is made per line of every log
# (docs/performance.md, "Validation").
class Located(NamedTuple, Generic[_Entry]):
    """What one line of a log's body says (``entry``, one of its game's forms, or the
    :class:`SyntaxProblem` of an unreadable line) and the line's 1-based number."""

    line: int
    entry: _Entry


_located = partial(tuple.__new__, Located)  # Located((line, entry)) without a Python-level __new__
_number, _text = itemgetter(0), itemgetter(1)


def read_entries(body: Iterable[Line], grammar: Callable[[str], _Entry]) -> Iterator[Located[_Entry]]:
    """Return the entries of ``body``, streamed: for each line in order, what ``grammar``
    reads in its text (an entry, or the :class:`SyntaxProblem` of an unreadable line) with the
    line's number.

    >>> number = lambda text: int(text) if text.isdigit() else SyntaxProblem.of("turn-name")
    >>> list(read_entries([Line(4, "7"), Line(5, "x")], number))[1]
    Located(line=5, entry=SyntaxProblem(code='syntax', reason='turn-name', params=()))
    """
    numbered, written = tee(body)  # read in step: tee holds one line at most
    return map(_located, zip(map(_number, numbered), map(grammar, map(_text, written)), strict=True))


class Walker(Protocol):
    """A game's walker: judges each entry of a log in order, collecting located errors."""

    @property
    def errors(self) -> ErrorList:
        """The errors found so far."""

    @property
    def handlers(self) -> Mapping[type, Callable[[int, Any], None]]:
        """The walker's judge of each kind of entry, by its type: called with the entry's
        line and the entry."""


def walk(entries: Iterable[Located[Any]], walker: Walker) -> None:
    """Feed ``entries`` in order to ``walker``: each entry to its kind's handler, each
    unreadable line to its errors as one ``syntax`` error."""
    errors = walker.errors

    def syntax(line: int, problem: SyntaxProblem) -> None:
        errors.add(line, problem)

    handlers = {**walker.handlers, SyntaxProblem: syntax}
    for line, entry in entries:
        handlers[type(entry)](line, entry)

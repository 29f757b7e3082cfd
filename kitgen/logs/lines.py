"""The shape of every game's log reader (docs/log-format.md, "Lexical rules" and "What kitgen
validate reports"): each meaningful line of a log's body is read by its game's line grammar
into a :class:`Located` entry, or an :class:`Unreadable` line with its syntax problem, and
the entries are fed in order to the game's walker, which judges them against the rules.
Syntax is apart from legality: a grammar never looks at the state of a game.

Streamed: one line is read, judged and dropped at a time, so a log of millions of lines is
never held as a list (docs/cli.md, "Limits and bad input").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Generic, NamedTuple, Protocol, TypeVar

from kitgen.logs.reader import Line
from kitgen.logs.report import ErrorList

_Entry = TypeVar("_Entry")


@dataclass(frozen=True, slots=True)
class SyntaxProblem:
    """Why a line fits none of its game's forms, in one sentence: what a line grammar
    returns for it (shared by every line of that text)."""

    message: str


# Named tuples, not dataclasses, as kitgen.logs.reader.Line: one is made per line of every log
# (docs/performance.md, "Validation").
class Located(NamedTuple, Generic[_Entry]):
    """What one line of a log's body says (``entry``, one of its game's forms) and the
    line's 1-based number."""

    line: int
    entry: _Entry


class Unreadable(NamedTuple):
    """A line of a log's body that fits none of its game's forms: its 1-based number and
    its syntax problem (one ``syntax`` error; the line is skipped)."""

    line: int
    problem: SyntaxProblem


def read_entries(body: Iterable[Line],
                 grammar: Callable[[str], _Entry | SyntaxProblem]) -> Iterator[Located[_Entry] | Unreadable]:
    """Yield, for each line of ``body`` in order, the :class:`Located` entry ``grammar``
    reads in its text, or the :class:`Unreadable` line with the problem it gives.

    >>> list(read_entries([Line(4, "7")], lambda text: int(text) if text.isdigit() else SyntaxProblem("no")))
    [Located(line=4, entry=7)]
    """
    # Located((line, entry)) without the Python-level __new__ of a named tuple
    located, unreadable = partial(tuple.__new__, Located), partial(tuple.__new__, Unreadable)
    for number, text in body:
        read = grammar(text)
        yield unreadable((number, read)) if isinstance(read, SyntaxProblem) else located((number, read))


class Walker(Protocol[_Entry]):
    """A game's walker: judges each entry of a log in order, collecting located errors."""

    @property
    def errors(self) -> ErrorList:
        """The errors found so far."""

    def take(self, located: Located[_Entry]) -> None:
        """Judge one entry against the game as written so far."""


def walk(entries: Iterable[Located[_Entry] | Unreadable], walker: Walker[_Entry]) -> None:
    """Feed ``entries`` in order to ``walker``: each entry to :meth:`Walker.take`, each
    unreadable line to its errors as one ``syntax`` error."""
    errors, take = walker.errors, walker.take
    for read in entries:
        if isinstance(read, Unreadable):
            errors.add(read.line, "syntax", read.problem.message)
        else:
            take(read)

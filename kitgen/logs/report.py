"""What validating a log produces: located errors and results, as text or JSON
(docs/log-format.md, "What kitgen validate reports")."""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any, Protocol

from kitgen.rules.problems import Problem
from kitgen.text import gettext, ngettext
from kitgen.text.fields import Place, place_text
from kitgen.text.numbers import whole
from kitgen.text.problems import describe
from kitgen.text.summaries import summary_line_text

ERRORS_KEPT = 1000  # docs/cli.md "Limits and bad input": a log reports its first 1,000 errors

ERROR_CODES = (  # docs/log-format.md, "Error codes"
    "syntax", "unknown-player", "bad-roll", "one-die-not-allowed", "tile-unavailable",
    "repeated-tile", "sum-mismatch", "missed-move", "play-after-end", "unfinished-turn",
    "checked-sum", "wrong-score", "wrong-total", "wrong-winner", "turn-order", "extra-turn",
    "missing-turn", "bad-column", "column-full", "dice-needed", "bad-operation",
)


@dataclass(frozen=True)
class LogError:
    """One rule or syntax fault of a log: its line (``None`` for the log as a whole) and the
    :class:`Problem` that states it, whose code (docs/log-format.md) is the error's; no
    words: its sentence is made when shown (:attr:`message`). A log transcribed from a
    fillable kit also gives the ``place`` on the sheets its line was filled in, in words
    when shown too (:attr:`place_text`: ``"Table 2, Ana, attempt 1, row 5"``).

    >>> LogError(4, Problem("missed-move", "no-move", (("throw", "9"),))).message
    'the throw 9 is recorded as no move, but a move existed.'
    """

    line: int | None
    problem: Problem
    place: Place = ()

    def __post_init__(self) -> None:
        if self.code not in ERROR_CODES:
            raise ValueError(f"unknown error code: {self.code!r}")

    @property
    def code(self) -> str:
        """Return the error's code from docs/log-format.md's "Error codes"."""
        return self.problem.code

    @property
    def message(self) -> str:
        """Return the sentence that states the error, in the language in use."""
        return describe(self.problem)

    @property
    def place_text(self) -> str:
        """Return where on the sheets the error's line was filled in, in the language in
        use (``""`` for a log not transcribed from a kit)."""
        return place_text(self.place)

    def to_json(self) -> dict[str, Any]:
        """Return the error as docs/log-format.md's JSON object ``{"line", "code", "message"}``,
        with ``"place"`` when it has one."""
        document = {"line": self.line, "code": self.code, "message": self.message}
        return {**document, "place": self.place_text} if self.place else document


class Results(Protocol):
    """What every game's results record gives (each game's own fields beside these):
    the winners in seat order (none for solo play or an undecided game), whether the game
    is decided, and the ``results`` object of ``--json``."""

    @property
    def winners(self) -> tuple[str, ...]: ...

    @property
    def decided(self) -> bool: ...

    def to_json(self) -> dict[str, Any]:
        """Return the results as the ``results`` object of docs/log-format.md's JSON."""
        ...


@dataclass(frozen=True)
class SummaryLine:
    """One line of what decided a game, as the text report states it from the results:
    its ``id`` (``"winner"``, ``"scores"`` ...) and the figures and names it states, as
    name-value pairs; put into words by :func:`kitgen.text.summaries.summary_line_text`.

    >>> SummaryLine.of("winner", name="Ana", reason="lowest-total")
    SummaryLine(id='winner', params=(('name', 'Ana'), ('reason', 'lowest-total')))
    """

    id: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, line_id: str, **params: Any) -> SummaryLine:
        """Return the line ``line_id`` stating ``params``."""
        return cls(line_id, tuple(params.items()))


@dataclass(frozen=True)
class Report:
    """The verdict on one log: its preset (as the ``rules:`` line writes it), every error
    in line order, the game's results record, a few short lines that state, from those
    results, what decided the game, and the players in seat order; ``table`` is the
    table's number for a log read from a fillable kit, ``title`` the log's ``title:`` line."""

    file: str
    rules: str
    errors: tuple[LogError, ...]
    results: Results
    summary: tuple[SummaryLine, ...] = ()
    players: tuple[str, ...] = ()
    errors_left_out: int = 0  # errors past the first 1,000, counted but not reported
    table: int | None = None
    title: str | None = None  # the log's title: line (docs/log-format.md), for the session report

    @property
    def valid(self) -> bool:
        """Return whether the log has no error."""
        return not self.errors

    @property
    def error_count(self) -> int:
        """Return how many errors the log has, reported or left out."""
        return len(self.errors) + self.errors_left_out

    def to_json(self) -> dict[str, Any]:
        """Return the report as docs/log-format.md's JSON object for one log."""
        return {
            "file": self.file,
            **({"table": self.table} if self.table is not None else {}),
            "rules": self.rules,
            "valid": self.valid,
            "errors": [error.to_json() for error in self.errors],
            "errors_left_out": self.errors_left_out,
            "results": self.results.to_json(),
        }


class ErrorList:
    """Collects the errors of one log, keeping the first :data:`ERRORS_KEPT` in line order
    (whole-log errors, line ``None``, last) and counting the rest, so a log of millions of
    bad lines is held in bounded memory."""

    def __init__(self) -> None:
        self._kept: list[tuple[tuple[int, int, int], LogError]] = []  # a max-heap: keys negated
        self._added = 0

    def add(self, line: int | None, problem: Problem) -> None:
        """Record the error on ``line`` that ``problem`` states."""
        self._added += 1
        key = (-(line is None), -(line or 0), -self._added)  # later errors of a line after earlier
        if len(self._kept) < ERRORS_KEPT:
            heapq.heappush(self._kept, (key, LogError(line, problem)))
        elif key > self._kept[0][0]:
            heapq.heapreplace(self._kept, (key, LogError(line, problem)))

    def fault(self, line: int | None, code: str, reason: str, **params: object) -> None:
        """Record the error ``code`` on ``line``: the rule ``reason`` of that code broken,
        stating ``params`` (a :class:`Problem`)."""
        self.add(line, Problem(code, reason, tuple(params.items())))

    def kept(self) -> tuple[LogError, ...]:
        """Return the errors kept, in line order, whole-log errors last."""
        return tuple(error for _, error in sorted(self._kept, reverse=True))

    @property
    def left_out(self) -> int:
        """Return how many errors were counted but not kept."""
        return self._added - len(self._kept)


def format_text(report: Report) -> str:
    """Return the report for people: one ``file:line: code: sentence`` line per error
    (``file: code: sentence`` for a whole-log error; ``file:line: code: place: sentence``
    for a log read from a fillable kit), then the verdict and the summary
    lines, indented, e.g.::

        club.log: valid
          totals: Ana 9 + 11 = 20, Ben 0 + 22 = 22
          winner: Ana (lowest total)
    """
    lines = []
    for error in report.errors:
        where = report.file if error.line is None else f"{report.file}:{error.line}"
        place = f"{error.place_text}: " if error.place else ""
        lines.append(f"{where}: {error.code}: {place}{error.message}")
    if report.errors_left_out:
        # English says "errors" of one too (the output kept exactly); other languages get their forms
        lines.append(ngettext("{file}: {count} more errors not listed (a log reports its first {kept}).",
                              "{file}: {count} more errors not listed (a log reports its first {kept}).",
                              report.errors_left_out,
                              ).format(file=report.file, count=report.errors_left_out, kept=whole(ERRORS_KEPT)))
    count = report.error_count
    verdict = (gettext("{file}: valid") if report.valid
               else ngettext("{file}: invalid, {count} error", "{file}: invalid, {count} errors", count))
    lines.append(verdict.format(file=report.file, count=count))
    lines.extend(f"  {summary_line_text(line)}" for line in report.summary)
    return "\n".join(lines)


def tally(documents: list[dict[str, Any]]) -> str:
    """Return the closing line after several logs, from their JSON objects, e.g.
    ``12 logs: 10 valid, 2 with errors, 0 unreadable``.

    >>> tally([{"valid": True}, {"valid": False, "errors": []}, {"valid": False, "unreadable": "x"}])
    '3 logs: 1 valid, 1 with errors, 1 unreadable'
    """
    unreadable = sum(1 for document in documents if "unreadable" in document)
    valid = sum(1 for document in documents if document["valid"])
    return ngettext("{count} log: {valid} valid, {with_errors} with errors, {unreadable} unreadable",
                    "{count} logs: {valid} valid, {with_errors} with errors, {unreadable} unreadable",
                    len(documents)).format(count=len(documents), valid=valid,
                                           with_errors=len(documents) - valid - unreadable, unreadable=unreadable)

"""What validating a log produces: located errors and results, as text or JSON
(LOG-FORMAT.md, "What kitgen validate reports")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ERROR_CODES = (  # LOG-FORMAT.md, "Error codes"
    "syntax", "unknown-player", "bad-roll", "one-die-not-allowed", "tile-unavailable",
    "repeated-tile", "sum-mismatch", "missed-move", "play-after-end", "unfinished-turn",
    "checked-sum", "wrong-score", "wrong-total", "wrong-winner", "turn-order", "extra-turn",
    "missing-turn", "bad-column", "column-full", "dice-needed",
)


@dataclass(frozen=True)
class LogError:
    """One rule or syntax fault of a log: its line (``None`` for the log as a whole),
    its code from LOG-FORMAT.md and one sentence."""

    line: int | None
    code: str
    message: str

    def __post_init__(self) -> None:
        if self.code not in ERROR_CODES:
            raise ValueError(f"unknown error code: {self.code!r}")

    def to_json(self) -> dict[str, Any]:
        """Return the error as LOG-FORMAT.md's JSON object ``{"line", "code", "message"}``."""
        return {"line": self.line, "code": self.code, "message": self.message}


@dataclass(frozen=True)
class Report:
    """The verdict on one log: its preset (as the ``rules:`` line writes it), every error
    in line order, and the results (``winners`` always; other fields per game)."""

    file: str
    rules: str
    errors: tuple[LogError, ...]
    results: dict[str, Any] = field(default_factory=dict)

    @property
    def valid(self) -> bool:
        """Return whether the log has no error."""
        return not self.errors

    def to_json(self) -> dict[str, Any]:
        """Return the report as LOG-FORMAT.md's JSON object for one log."""
        return {
            "file": self.file,
            "rules": self.rules,
            "valid": self.valid,
            "errors": [error.to_json() for error in self.errors],
            "results": self.results,
        }


def sort_errors(errors: list[LogError]) -> tuple[LogError, ...]:
    """Return ``errors`` in line order, whole-log errors (line ``None``) last; stable."""
    return tuple(sorted(errors, key=lambda error: (error.line is None, error.line or 0)))


def format_text(report: Report) -> str:
    """Return the report for people: one ``file:line: code: sentence`` line per error
    (``file: code: sentence`` for a whole-log error), then one line with the verdict and
    the result, e.g. ``club.log: valid; winners: Ana; totals: Ana 20, Ben 22``."""
    lines = []
    for error in report.errors:
        where = report.file if error.line is None else f"{report.file}:{error.line}"
        lines.append(f"{where}: {error.code}: {error.message}")
    count = len(report.errors)
    verdict = "valid" if report.valid else f"invalid, {count} error{'s' if count != 1 else ''}"
    winners = report.results.get("winners", [])
    parts = [verdict, "winners: " + ", ".join(winners) if winners else "no winner"]
    if report.results.get("loser"):
        parts.append(f"loser: {report.results['loser']}")
    totals = report.results.get("totals")
    if totals:
        parts.append("totals: " + ", ".join(f"{name} {total}" for name, total in totals.items()))
    lines.append(f"{report.file}: " + "; ".join(parts))
    return "\n".join(lines)

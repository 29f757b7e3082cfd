"""Validate a game log file: read it, ask the registry for its game's validator, return a report
(docs/log-format.md, "What kitgen validate reports")."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from kitgen.games import find_game
from kitgen.logs.reader import read_header, read_log_text
from kitgen.logs.report import ErrorList, Report
from kitgen.textfile import shown_name


def validate_text(text: str, file: str = "<log>") -> Report:
    """Return the :class:`Report` for the log ``text`` (named ``file`` in the report).

    Raises :class:`LogUnreadableError`, :class:`UnknownPresetError` or
    :class:`OptionError` (all :class:`KitgenError`) when the header cannot be read;
    every fault in the body, and a second ``title:`` in the header, is an error of the
    report instead.
    """
    header, body = read_header(text)
    report = find_game(header.rules.preset).validate_log(header, body, file)
    if header.title is not None:
        report = replace(report, title=header.title)
    if not header.syntax:
        return report
    errors = ErrorList()  # the header's faults join the first 1,000 (those left out are later)
    for number, problem in header.syntax:
        errors.add(number, problem)
    for error in report.errors:
        errors.add(error.line, error.problem)
    return replace(report, errors=errors.kept(), errors_left_out=report.errors_left_out + errors.left_out)


def validate_path(path: Path | str) -> Report:
    """Return the :class:`Report` for the log file at ``path`` (``-``: standard input);
    raises as :func:`validate_text` and for a file that cannot be read as UTF-8 text."""
    return validate_text(read_log_text(path), shown_name(path))


def expand_logs(paths: list[Path]) -> list[Path]:
    """Return ``paths`` with each folder replaced by the ``*.log`` files in it, sorted by
    name (docs/cli.md, "Limits and bad input"); a folder without one stays, to be reported as
    unreadable. Files and missing paths are kept as given. A file named twice (on its own
    and in its folder, or through a link: the same device and inode) is kept once, where
    it was first given."""
    expanded = []
    seen = set()
    for path in paths:
        for found in (sorted(path.glob("*.log")) if _is_folder(path) else []) or [path]:
            identity = _identity(found)
            if identity not in seen:
                seen.add(identity)
                expanded.append(found)
    return expanded


def _identity(path: Path) -> tuple[int, int] | str:
    """Return what names the file at ``path`` whichever way it was written: its device and
    inode (one stat, cheaper than resolving every folder of the path); ``-``, and a path
    that cannot be looked at, as written."""
    if str(path) == "-":
        return "-"
    try:
        found = path.stat()
    except (OSError, ValueError):  # missing, say: reported when the log is read
        return str(path)
    return found.st_dev, found.st_ino


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:  # a name too long, say: reported when the log is read
        return False

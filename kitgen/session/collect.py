"""Read the logs of a session: files and folders of ``*.log`` files, each validated once."""

from __future__ import annotations

from pathlib import Path

from kitgen.errors import KitgenError
from kitgen.logs.report import Report
from kitgen.logs.validate import expand_logs, validate_path
from kitgen.session.figures import Session, build_session


def collect_session(paths: list[Path]) -> Session:
    """Return the :class:`Session` of the logs at ``paths`` (a folder stands for its
    ``*.log`` files, in name order, as ``kitgen validate`` reads them). A log that cannot be
    validated, and a folder holding no log, are kept with the one sentence saying why, so
    nothing given is left out silently."""
    entries: list[Report | tuple[str, str]] = []
    for path in expand_logs(paths):
        try:
            entries.append(validate_path(path))
        except KitgenError as error:
            entries.append((str(path), str(error)))
    return build_session(entries)

"""Read the logs of a session: files and folders of ``*.log`` files, and filled kit PDFs,
each validated once."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from kitgen.cores import side_by_side
from kitgen.errors import KitgenError
from kitgen.logs.report import Report
from kitgen.logs.validate import expand_logs, validate_path
from kitgen.session.figures import Session, SessionBuilder

Done = TypeVar("Done")


def collect_session(paths: list[Path]) -> Session:
    """Return the :class:`Session` of the logs at ``paths`` (a folder stands for its
    ``*.log`` files, in name order, as ``kitgen validate`` reads them). A log that cannot be
    validated, and a folder holding no log, are kept with the one sentence saying why, so
    nothing given is left out silently.

    The logs are read one at a time, each validated and folded into the session's figures
    (:class:`SessionBuilder`) before the next is read: its text and report are not kept."""
    builder = SessionBuilder()
    for path in expand_logs(paths):
        entries = _validated(path)
        while entries:  # each report let go once added, before the next log is read
            builder.add(entries.pop(0))
    return builder.session()


def _validated(path: Path) -> list[Report | tuple[str, str]]:
    """Return the :class:`Report` of the log at ``path``, or ``(file, sentence)`` when it
    cannot be validated; a filled kit PDF gives one of these per filled table, read as
    ``kitgen validate`` reads it (:func:`kitgen.forms.read.validate_kit`)."""
    try:
        if path.suffix.lower() == ".pdf":
            from kitgen.forms.read import validate_kit  # pypdf only for a PDF

            return [entry if isinstance(entry, Report) else (entry.file, entry.message)
                    for entry in validate_kit(path)]
        return [validate_path(path)]
    except KitgenError as error:
        return [(str(path), str(error))]


def collect_session_while(paths: list[Path], work: Callable[[], Done]) -> tuple[Session, Done]:
    """Return the :class:`Session` of the logs at ``paths`` (:func:`collect_session`) and
    what ``work()`` returns, the logs read in a worker process while this one does ``work``
    where a worker may be started (:func:`kitgen.cores.side_by_side`): the printed report
    imports its renderer meanwhile. The worker reads the logs one at a time as
    :func:`collect_session` does and sends back only the :class:`Session`."""
    done, session = side_by_side(work, lambda: collect_session(paths))
    return session, done

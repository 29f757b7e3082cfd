"""Read the logs of a session: files and folders of ``*.log`` files, each validated once."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Callable, TypeVar

from kitgen.cores import side_by_side
from kitgen.errors import KitgenError
from kitgen.logs.report import Report
from kitgen.logs.validate import expand_logs, validate_path
from kitgen.session.figures import Session, build_session

Done = TypeVar("Done")


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


def collect_session_while(paths: list[Path], work: Callable[[], Done]) -> tuple[Session, Done]:
    """Return the :class:`Session` of the logs at ``paths`` (:func:`collect_session`) and
    what ``work()`` returns, the logs read in a forked copy of this process while this one
    does ``work`` where a core is idle (:func:`kitgen.cores.side_by_side`): the printed
    report imports its renderer meanwhile (issue 13: 0.08 s of validating 120 logs hidden
    behind 0.35 s of importing WeasyPrint)."""
    done, session = side_by_side(work, lambda: pickle.dumps(collect_session(paths)))
    return pickle.loads(session), done

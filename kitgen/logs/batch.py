"""Validate the logs of one ``kitgen validate`` command, in the order given, and say what
to print of each (docs/cli.md; docs/log-format.md, "What kitgen validate reports").

A large batch is validated by two worker processes where :func:`kitgen.cores.worker_pool`
may start them; what is printed, in what order, the exit status, the closing tally and
what Ctrl-C or SIGTERM do are the same as when one process validates every log: workers
only read and judge files and encode what to print, the calling process prints it in
order as the results come. Standard input
(``-``) is always read by the calling process, when its turn comes. Where no worker may
be started (one core, no ``fork``, a sandbox without semaphores, the caller not the main
thread), one process does it all.
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Generator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from kitgen.cores import SIDE_BY_SIDE_CORES, stop_workers, usable_cores, worker_pool
from kitgen.errors import KitgenError
from kitgen.logs.report import Report, format_text
from kitgen.logs.validate import validate_path
from kitgen.text import gettext
from kitgen.textfile import STDIN, shown_name

if TYPE_CHECKING:  # the pool's modules are imported only for a large batch
    from concurrent.futures import ProcessPoolExecutor

WORKERS = SIDE_BY_SIDE_CORES  # the two cores the targets are set on; more buys nothing there
WORKERS_FROM = 400  # the break-even batch: below it, one process is as fast as the pool
CHUNK_LOGS = 32  # logs per task sent to a worker: few messages, yet printing starts early
SAMPLED_LOGS = 32  # validated here first: printing starts while the workers start


class Outcome(NamedTuple):
    """What one named file gives ``kitgen validate``: the exit status it asks for (0 valid,
    1 a log with errors, 2 unreadable), the text to print as ``(to_stderr, text)`` pairs in
    order (none with ``--json``), the encoded JSON objects (one per log, or per table of a
    filled kit; only with ``--json``) and, per object, what the closing tally needs."""

    status: int
    printed: tuple[tuple[bool, str], ...]
    documents: tuple[str, ...]
    verdicts: tuple[dict[str, object], ...]


def check_file(path: str, as_json: bool) -> Outcome:
    """Return the :class:`Outcome` of validating the log (or filled kit PDF) at ``path``
    (``-``: standard input); never raises an :class:`Exception`: a file kitgen cannot
    read, or one that kitgen itself fails on, is an unreadable file (status 2), and the
    files after it are still validated and tallied."""
    try:
        return _checked_file(path, as_json)
    except Exception as error:  # a fault of kitgen's own, met on this one file
        return _unreadable(path, gettext(
            "kitgen failed on it ({error}); this is a fault in kitgen, please report it."
        ).format(error=type(error).__name__), as_json)


def _checked_file(path: str, as_json: bool) -> Outcome:
    """Return the :class:`Outcome` of :func:`check_file`, raising what kitgen does not
    expect to raise."""
    status = 0
    printed: list[tuple[bool, str]] = []
    try:
        if os.path.splitext(path)[1].lower() == ".pdf":
            from kitgen.forms.read import validate_kit  # pypdf only for a PDF

            reports = validate_kit(Path(path))
        else:
            reports = [validate_path(path)]
    except KitgenError as error:
        return _unreadable(path, str(error), as_json)
    documents: list[dict[str, object]] = []
    for report in reports:  # a log, or each table of a filled kit
        documents.append(report.to_json())
        if not isinstance(report, Report):  # a table of a kit that cannot be validated
            status = 2
            if not as_json:
                printed.append((True, f"kitgen: {report.file}: {documents[-1]['unreadable']}"))
            continue
        if not report.valid:
            status = max(status, 1)
        if not as_json:
            printed.append((False, format_text(report)))
    return _outcome(status, printed, documents, as_json)


def _unreadable(path: str, message: str, as_json: bool) -> Outcome:
    """Return the :class:`Outcome` of a file that cannot be validated, and why (one sentence)."""
    printed = [] if as_json else [(True, f"kitgen: {shown_name(path)}: {message}")]
    return _outcome(2, printed, [{"file": shown_name(path), "valid": False, "unreadable": message}], as_json)


def _outcome(
    status: int, printed: list[tuple[bool, str]], documents: list[dict[str, object]], as_json: bool
) -> Outcome:
    """Return the :class:`Outcome` of a file's status, text and JSON objects."""
    verdicts: tuple[dict[str, object], ...] = tuple(
        {key: document[key] for key in ("valid", "unreadable") if key in document} for document in documents)
    # json's C encoder (indent= is pure Python); one object per line
    encoded = tuple(json.dumps(document, ensure_ascii=False) for document in documents) if as_json else ()
    return Outcome(status, tuple(printed), encoded, verdicts)


def check_files(paths: Sequence[str], as_json: bool) -> Generator[Outcome, None, None]:
    """Yield the :class:`Outcome` of each of ``paths`` in order, as soon as it is known:
    for a batch of :data:`WORKERS_FROM` files or more, where workers can run and this process
    may use :data:`WORKERS` cores, all but the first :data:`SAMPLED_LOGS` from two worker
    processes; else all from this process (the same outcomes either way). Close the
    iterator (``contextlib.closing``) when stopping early, so the workers stop at once."""
    if len(paths) < WORKERS_FROM or usable_cores() < WORKERS:
        for path in paths:
            yield check_file(path, as_json)
        return
    for path in paths[:SAMPLED_LOGS]:
        yield check_file(path, as_json)
    rest = paths[SAMPLED_LOGS:]
    pool = _start_pool()
    if pool is None:
        for path in rest:
            yield check_file(path, as_json)
        return
    from concurrent.futures.process import BrokenProcessPool

    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        tasks = [(None if path == STDIN else path, as_json) for path in rest]
        outcomes = pool.map(_check_task, tasks, chunksize=CHUNK_LOGS)
        for number, path in enumerate(rest):
            try:
                outcome = next(outcomes)
            except BrokenProcessPool:  # a worker was killed (out of memory, by hand): go on here
                yield from (check_file(path, as_json) for path in rest[number:])
                return
            yield check_file(path, as_json) if outcome is None else outcome  # stdin: read here
    finally:
        stop_workers()  # at once: also on Ctrl-C, a closed pipe, or a consumer that stops early
        pool.shutdown(wait=True, cancel_futures=True)
        signal.signal(signal.SIGTERM, previous)


def _start_pool() -> ProcessPoolExecutor | None:
    """Return a pool of :data:`WORKERS` workers, or ``None`` where there may be none
    (:func:`kitgen.cores.worker_pool`)."""
    return worker_pool(WORKERS, initializer=_worker_started, inherits=False)  # paths go to the workers


def _worker_started() -> None:
    """Leave Ctrl-C to the calling process (a terminal sends SIGINT to the whole process
    group: the workers must not print a traceback each), and die at once on SIGTERM (the
    calling process's handler is inherited by the fork)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _check_task(task: tuple[str | None, bool]) -> Outcome | None:
    """In a worker: return the :class:`Outcome` of ``task``'s file, ``None`` for standard input."""
    path, as_json = task
    return None if path is None else check_file(path, as_json)


def _terminated(signum: int, frame: object) -> None:
    """On SIGTERM, stop the workers and die of SIGTERM, as one process would."""
    stop_workers()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGTERM)

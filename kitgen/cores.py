"""Worker processes, one policy for all of kitgen: how many cores this process may use,
when a worker process may be started (:func:`worker_pool`), and :func:`side_by_side`,
which runs one piece of work in a worker while this process does another (a kit's host
key, ``kit/parallel.py``; the logs of a session report, ``session/collect.py``). A batch of
logs to validate (``logs/batch.py``) takes its two workers from :func:`worker_pool` too.

Workers are forked (``concurrent.futures`` with the ``fork`` start method), so the work
they do is inherited, not sent: only results travel back. A fork is safe only while this
process runs no thread besides its own, and Pango may start threads once fonts are set
up, so a worker is started only before this process first sets up fonts
(:func:`note_fonts_set_up`, called by the renderer). Where no worker may be started (one
usable core, fonts set up, not the main thread, no ``fork``), or a worker gives nothing
back (killed, a bug), this process does the work itself, after its own: the result,
errors included, is always what doing both in order gives, and never depends on the
machine's load.

Ctrl-C and SIGTERM are this process's to handle: a worker ignores Ctrl-C, and whenever
this process stops early it tells the worker to stop (SIGTERM), which unwinds the
worker's work as Ctrl-C unwinds this process's, so its ``with`` blocks remove what they
made (a renderer's temporary font folder); a worker still there :data:`STOP_WAIT_S` later
is killed, and the temporary folder it worked in is removed by this process.
"""

from __future__ import annotations

import itertools
import os
import shutil
import signal
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar, cast

from kitgen.errors import KitgenError

if TYPE_CHECKING:  # concurrent.futures and multiprocessing are imported only to start workers
    from concurrent.futures import ProcessPoolExecutor

Here = TypeVar("Here")
There = TypeVar("There")

STOP_WAIT_S = 2.0  # how long a worker told to stop may take to unwind before it is killed
TERMINATED_STATUS = 128 + signal.SIGTERM  # the shell's status of a process SIGTERM ended
SIDE_BY_SIDE_CORES = 2  # this process and one worker, each on a core of its own


@contextmanager
def sigterm_unwinds() -> Iterator[None]:
    """Make SIGTERM end this process for the duration by raising :class:`SystemExit`
    (status 143, as the signal's default gives), so that ``with`` and ``finally`` blocks
    remove what they made (a renderer's temporary font folder, a half-written file) before
    it ends. A second SIGTERM is ignored while the first one unwinds. Main thread only:
    elsewhere signals stay as they are."""
    def terminate(signum: int, frame: object) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        raise SystemExit(TERMINATED_STATUS)

    try:
        saved = signal.signal(signal.SIGTERM, terminate)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, saved)


def usable_cores() -> int:
    """Return how many cores this process may run on: Python's own count where it has one
    (3.13), else this process's affinity, else the machine's cores."""
    process_cpu_count: Callable[[], int | None] | None = getattr(os, "process_cpu_count", None)
    if process_cpu_count is not None:
        return process_cpu_count() or 1
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


_fonts_set_up = False  # whether this process has set up fonts (and Pango may run threads)


def note_fonts_set_up() -> None:
    """Note that this process is about to set up fonts: from now on it starts no worker."""
    global _fonts_set_up
    _fonts_set_up = True


def fork_is_safe() -> bool:
    """Return whether a worker may be forked now: this is the main thread (signals are
    handled there), the only Python thread, and fonts have not been set up yet."""
    return (not _fonts_set_up and threading.current_thread() is threading.main_thread()
            and threading.active_count() == 1)


def worker_pool(
    workers: int, initializer: Callable[..., object] | None = None, initargs: tuple[Any, ...] = (),
    inherits: bool = True,
) -> ProcessPoolExecutor | None:
    """Return a pool of ``workers`` worker processes (started at its first task), or ``None``
    where there may be none: fewer than :data:`SIDE_BY_SIDE_CORES` usable cores, not the
    main thread, no semaphores. Workers are forked where that is safe (:func:`fork_is_safe`);
    elsewhere, if the work sent to them pickles (``inherits=False``), they are started by a
    fork server, which runs no thread of this process; else there is no pool."""
    if usable_cores() < SIDE_BY_SIDE_CORES or threading.current_thread() is not threading.main_thread():
        return None
    if not fork_is_safe() and inherits:
        return None
    try:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("fork" if fork_is_safe() else "forkserver")
        return ProcessPoolExecutor(workers, mp_context=context, initializer=initializer, initargs=initargs)
    except (ValueError, ImportError, OSError):  # no fork (Windows), no semaphores, no processes
        return None


def stop_workers(wait_s: float | None = None) -> None:
    """Stop this process's workers (SIGTERM). With ``wait_s``, wait that long for each to
    end, then kill and reap any still there (at once on an interruption meanwhile)."""
    import multiprocessing

    workers = multiprocessing.active_children()
    for worker in workers:
        worker.terminate()
    if wait_s is None:
        return
    try:
        for worker in workers:
            worker.join(wait_s)
    finally:
        for worker in workers:
            if worker.is_alive():
                worker.kill()
                worker.join()


# Work handed to a worker by inheritance: set before the fork, so the worker's copy holds it.
_inherited: dict[int, Callable[[], object]] = {}
_keys = itertools.count()


def side_by_side(here: Callable[[], Here], there: Callable[[], There]) -> tuple[Here, There]:
    """Return ``(here(), there())``, running ``there`` in a worker process at the same time
    as ``here`` where one may be started (:func:`worker_pool`), else after it. What
    ``there`` returns (or the :class:`KitgenError` it raises) must pickle.

    Raises what ``here`` raises, then what ``there`` raises, as doing both in order would.
    """
    scratch = tempfile.mkdtemp(prefix="kitgen-worker-")
    try:
        key = next(_keys)
        _inherited[key] = there
        try:
            pool = worker_pool(1, initializer=_worker_started, initargs=(scratch,))
            if pool is None:
                return here(), there()
            try:
                future = pool.submit(_run_inherited, key)  # forks the worker here
            except BaseException:
                pool.shutdown(wait=True)
                raise
        finally:
            del _inherited[key]
        try:
            done = here()
            try:
                return done, cast("There", future.result())  # what there() returned
            except KitgenError:
                raise
            except Exception:  # killed outright (BrokenProcessPool), a bug: done again here below
                pass
        except BaseException:
            stop_workers(STOP_WAIT_S)  # this process stops early: so does the worker
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return done, there()


def _run_inherited(key: int) -> object:
    """In the worker: run the work :func:`side_by_side` left under ``key`` before the fork,
    unwinding it on SIGTERM and then ending of that signal (:func:`_stop`)."""
    work = _inherited.pop(key)
    signal.signal(signal.SIGTERM, _stop)
    try:
        return work()
    except _Stopped:  # unwound: now end as SIGTERM ends a process
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)
        raise
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


class _Stopped(BaseException):
    """Raised in a worker when it is told to stop (SIGTERM)."""


def _stop(signum: int, frame: object) -> None:
    """A worker's SIGTERM handler: unwind the work, once (a second SIGTERM would interrupt
    the clean-up the first one set off)."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise _Stopped


def _worker_started(scratch: str) -> None:
    """In a new worker: leave Ctrl-C to this process (a terminal sends it to the whole
    process group), end on SIGTERM, and make temporary files in ``scratch``, which the
    calling process removes even when the worker is killed outright."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # idle: end at once; working: see _run_inherited
    tempfile.tempdir = scratch

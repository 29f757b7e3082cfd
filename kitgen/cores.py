"""Work on the machine's second core: how many cores this process may use, whether one of
them is idle, and :func:`side_by_side`, which runs a piece of work in a forked copy of
this process while this one does another (``kitgen validate`` on a large batch, a kit's
host key, the second half of a long document's pages). A second process only pays on a
core nothing else is using; on a busy machine it slows both (issue 13, measured on two
cores).

The copy is forked only while this process has no other thread (Pango starts threads of
its own once fonts are set up, and a fork taken while one of them holds a lock could hang
the copy). It sends back its work's result (bytes), or the :class:`KitgenError` the work
raised, through a pipe. Where it cannot help (no ``fork``, another thread running, no idle
core) or gives nothing back (killed, a bug), this process does that work itself after its
own, so the result, errors included, is always what doing both in order gives. Ctrl-C and
SIGTERM are this process's to handle: the copy ignores Ctrl-C, and whenever this process
stops early it tells the copy to stop (SIGTERM), which unwinds the copy's work as Ctrl-C
unwinds this process's, so its ``with`` blocks remove what they made (a renderer's
temporary font folder); a copy still there :data:`STOP_WAIT_S` later is killed.
"""

from __future__ import annotations

import os
import pickle
import shutil
import signal
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from kitgen.errors import KitgenError

Result = TypeVar("Result")

STOP_WAIT_S = 2.0  # how long a copy told to stop may take to unwind before it is killed
TERMINATED_STATUS = 128 + signal.SIGTERM  # the shell's status of a process SIGTERM ended


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
    """Return how many cores this process may run on (its affinity, else the machine's)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def running_elsewhere() -> int | None:
    """Return how many other tasks are running on the machine at this moment (Linux's
    ``/proc/loadavg``, whose count includes this process), or ``None`` where it cannot tell."""
    try:
        with open("/proc/loadavg", encoding="ascii") as loadavg:
            return int(loadavg.read().split()[3].partition("/")[0]) - 1
    except (OSError, ValueError, IndexError):
        return None


def core_free(workers: int = 2) -> bool:
    """Return whether ``workers`` processes of kitgen's would each have a core: enough
    usable cores, and no more other tasks running than the cores left over (where that
    cannot be told, assume so)."""
    cores = usable_cores()
    if cores < workers:
        return False
    running = running_elsewhere()
    return running is None or running <= cores - workers


def side_by_side(here: Callable[[], Result], there: Callable[[], bytes]) -> tuple[Result, bytes]:
    """Return ``(here(), there())``, running ``there`` in a forked copy of this process at
    the same time as ``here`` where a core is idle and a fork is safe, else after it.

    Raises what ``here`` raises, then what ``there`` raises, as doing both in order would.
    """
    if not _can_fork() or not core_free():
        return here(), there()
    copy = _Copy(there)
    try:
        done = here()
        result = copy.result()
    finally:
        copy.stop()
    if result is None:  # the copy gave nothing back: do it here
        return done, there()
    if isinstance(result, KitgenError):
        raise result
    return done, result


def _can_fork() -> bool:
    """Return whether this process can fork safely: it has ``fork`` and, as Linux's
    ``/proc`` tells, one thread (elsewhere it cannot tell: it does not fork)."""
    try:
        return hasattr(os, "fork") and len(os.listdir("/proc/self/task")) == 1
    except OSError:
        return False


class _Copy:
    """A forked copy of this process running ``work()``, whose result (``bytes``) or
    :class:`KitgenError` it sends back through a pipe."""

    def __init__(self, work: Callable[[], bytes]) -> None:
        # The copy's temporary files (a renderer's copy of the fonts) go in a folder of its
        # own, which this process removes once the copy is reaped, even one killed outright.
        self._scratch = tempfile.mkdtemp(prefix="kitgen-copy-")
        try:
            reading, writing = os.pipe()
            self._pid: int | None = os.fork()
        except BaseException:
            shutil.rmtree(self._scratch, ignore_errors=True)
            raise
        if self._pid == 0:  # the copy: never returns
            tempfile.tempdir = self._scratch
            os.close(reading)
            _run_copy(work, writing)
        os.close(writing)
        self._reading: int | None = reading

    def result(self) -> bytes | KitgenError | None:
        """Wait for the copy; return what it sent back, or ``None`` if it sent nothing."""
        with os.fdopen(self._reading, "rb") as pipe:
            self._reading = None
            sent = pipe.read()
        _, status = os.waitpid(self._pid, 0)
        self._pid = None
        if not sent or status != 0:
            return None
        return pickle.loads(sent)

    def stop(self) -> None:
        """Stop the copy if it is still running (this process stops early), reap it and
        remove its temporary folder: SIGTERM first, so that it removes what it made;
        SIGKILL if it is still there :data:`STOP_WAIT_S` later, or if this process is
        interrupted meanwhile."""
        if self._reading is not None:
            os.close(self._reading)
            self._reading = None
        try:
            if self._pid is not None:
                pid, self._pid = self._pid, None
                _end(pid)
        finally:
            shutil.rmtree(self._scratch, ignore_errors=True)


def _end(pid: int) -> None:
    """End and reap the copy ``pid``: SIGTERM, then SIGKILL if it is still there
    :data:`STOP_WAIT_S` later or this process is interrupted meanwhile."""
    reaped = False
    try:
        os.kill(pid, signal.SIGTERM)  # not reaped yet, so it is there (if only as a zombie)
        deadline = time.monotonic() + STOP_WAIT_S
        while not (reaped := os.waitpid(pid, os.WNOHANG)[0] == pid) and time.monotonic() < deadline:
            time.sleep(0.005)
    finally:
        if not reaped:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)


class _Stopped(BaseException):
    """Raised in the copy when it is told to stop (SIGTERM)."""


def _stop(signum: int, frame: object) -> None:
    """The copy's SIGTERM handler: unwind the work, once (a second SIGTERM would interrupt
    the clean-up the first one set off)."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise _Stopped


def _run_copy(work: Callable[[], bytes], writing: int) -> None:
    """In the forked copy: run ``work()`` and send back its result or :class:`KitgenError`;
    then exit without this process's exit handlers and teardown (``os._exit``). Whatever
    else happens (a bug, the reader gone) sends nothing."""
    status = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole process group
        signal.signal(signal.SIGTERM, _stop)
        status = _send(work, writing)
    finally:  # the copy must reach os._exit whatever happens
        os._exit(status)


def _send(work: Callable[[], bytes], writing: int) -> int:
    """Run ``work()``, write its result or :class:`KitgenError` to the pipe ``writing``
    (pickled) and return 0."""
    try:
        result: bytes | KitgenError = work()
    except KitgenError as error:
        result = error
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # done: a reader gone ends the write below
    with os.fdopen(writing, "wb") as pipe:
        pipe.write(pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
    return 0

"""A kit's documents rendered side by side: the last (the host key, when it is a file of
its own) in a forked copy of this process while this one renders the kit (issue 13).

The copy is forked before anything is rendered, while this process has no other thread
(Pango starts threads of its own once fonts are set up, and a fork taken while one of
them holds a lock could hang the copy), and sets up its own renderer: same stylesheet,
fonts and settings, so its PDF is byte for byte the one this process would render (a
test compares them). It sends back the PDF, or the :class:`KitgenError` the render
raised, through a pipe. Where it cannot help (no ``fork``, another thread running, no
idle core) or gives nothing back (killed, a bug), this process renders that document
itself, so the result, errors included, is always what rendering in order gives. Ctrl-C
and SIGTERM are this process's to handle: the copy ignores Ctrl-C, dies on SIGTERM, and
is killed whenever this process stops early.

Measured on the 2-core machine of the targets (default kit, medians of alternating
runs): the host key took 0.10-0.16 s after the kit's 0.7 s; side by side, about 0.01 s
to fork.
"""

from __future__ import annotations

import os
import pickle
import signal
from typing import Callable, Sequence

from kitgen.cores import core_free
from kitgen.errors import KitgenError
from kitgen.kit.parts import Chunk
from kitgen.kit.layout import Layout
from kitgen.kit.render import DocumentInfo, KitRenderer

Document = tuple[DocumentInfo, Sequence[Chunk]]


def render_documents(
    layout: Layout, documents: Sequence[Document], rendered: Callable[[], object] = lambda: None
) -> list[bytes]:
    """Return the PDF of each of ``documents`` in order, rendered in ``layout``;
    ``rendered()`` is called after each chunk.

    Raises what :meth:`KitRenderer.render` raises, for the first document that fails.
    """
    if len(documents) < 2 or not _can_fork() or not core_free():
        with KitRenderer(layout) as renderer:
            return [renderer.render(chunks, info, rendered) for info, chunks in documents]
    *here, (last_info, last_chunks) = documents
    copy = _Copy(lambda: _render(layout, last_chunks, last_info))
    try:
        with KitRenderer(layout) as renderer:
            pdfs = [renderer.render(chunks, info, rendered) for info, chunks in here]
            result = copy.result()
            if result is None:  # the copy gave nothing back: render it here
                result = renderer.render(last_chunks, last_info)
    finally:
        copy.stop()
    if isinstance(result, KitgenError):
        raise result
    for _ in last_chunks:
        rendered()
    return [*pdfs, result]


def _render(layout: Layout, chunks: Sequence[Chunk], info: DocumentInfo) -> bytes:
    """Return the PDF of one document, rendered by a renderer of its own."""
    with KitRenderer(layout) as renderer:
        return renderer.render(chunks, info)


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
        reading, writing = os.pipe()
        self._pid = os.fork()
        if self._pid == 0:  # the copy: never returns
            os.close(reading)
            _run_copy(work, writing)
        os.close(writing)
        self._reading = reading

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
        """Kill the copy if it is still running (this process stops early) and reap it."""
        if self._reading is not None:
            os.close(self._reading)
            self._reading = None
        if self._pid is not None:
            try:
                os.kill(self._pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(self._pid, 0)
            self._pid = None


def _run_copy(work: Callable[[], bytes], writing: int) -> None:
    """In the forked copy: run ``work()`` and send back its result or :class:`KitgenError`;
    then exit without this process's exit handlers and teardown (``os._exit``). Whatever
    else happens (a bug, the reader gone) sends nothing: the caller renders the document
    itself."""
    status = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole process group
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
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
    with os.fdopen(writing, "wb") as pipe:
        pipe.write(pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
    return 0

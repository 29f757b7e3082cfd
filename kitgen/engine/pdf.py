"""A PDF's objects parsed by pypdf within bounds: each object from a window of the file no
larger than its kind may be, and all of them within a :class:`Budget` of bytes parsed
(docs/FORMS.md; :mod:`kitgen.forms.read` sets the sizes).

The windowed path, :class:`WindowedReader`, leans on what pypdf 7.1.1 does not promise
(checked on :data:`PYPDF_CHECKED`; tests/test_engine_pdf.py checks it again): its
``get_object`` parses from the reader's ``stream`` attribute at the offset its ``xref``
attribute gives (an object of an object stream: ``xref_objStm``), and keeps what it parsed
in ``resolved_objects``. Swapping ``stream`` for a window of the object's own size, and
dropping a field from ``resolved_objects`` once read, gains over the plain path:

- an object larger than its window is refused once the window is read (a 40 MB field
  value after 8 KiB), where the plain path parses it whole before the field's length
  refuses it;
- an object the file does not have is null at once, where pypdf searches the whole file
  for it each time it is asked (the budget then refuses the file);
- a field read once is not kept, so the largest kit's 244,000 fields take no more memory
  than its file, where the plain path keeps every one.

The plain path, :class:`PlainReader`, for any other pypdf: pypdf's public reader over the
whole file, read through the same budget, so a hostile file still costs at most the budget
(a few times its size) and is refused; a kit reads back the same manifest and field values
(tests/test_engine_pdf.py compares both paths). Both read a filled kit in about the same
time, the plain one with several times the memory, and a hostile value costs the plain path
far more (docs/performance.md, "Reading filled kits"): the plain path is bounded, but by the
budget, not by the kind of object.
"""

from __future__ import annotations

from io import BufferedReader, RawIOBase
from typing import Any, Protocol

import pypdf
from pypdf import PdfReader
from pypdf.generic import IndirectObject, NullObject, PdfObject, StreamObject, read_object

PYPDF_CHECKED = "7.1.1"  # the pypdf whose reader's attributes WindowedReader was read against
BUFFER_BYTES = 256  # pypdf reads byte by byte: from a buffer this size, a field in two refills


def contract_holds() -> bool:
    """Return whether this pypdf is the one :data:`PYPDF_CHECKED` names."""
    return bool(pypdf.__version__ == PYPDF_CHECKED)


class Overrun(Exception):
    """pypdf was let parse as much as its :class:`Budget` allows, and more was asked."""


class Oversized(Exception):
    """An object runs on past the window its kind has."""


class Budget:
    """What pypdf may still parse of a file, in bytes (``left``), read (from a buffer: a
    refill at a time) or inflated from its object streams."""

    def __init__(self, left: int) -> None:
        self.left = left
        self.overrun = False

    def spend(self, count: int) -> None:
        """Count ``count`` more bytes parsed; raise :class:`Overrun` past the budget."""
        self.left -= count
        if self.left < 0:
            self.overrun = True
            raise Overrun


class Window(RawIOBase):
    """A PDF's bytes (``view``) as pypdf reads them, through a buffer: up to ``end``
    only (one object's window; the file's end while pypdf reads its cross-references),
    within ``budget``; ``cut`` once a read met the window's end before the file's."""

    def __init__(self, view: memoryview, end: int, budget: Budget) -> None:
        super().__init__()
        self.view, self.end, self.budget = view, end, budget
        self.position, self.cut = 0, False

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        count = max(0, min(len(buffer), self.end - self.position))
        if count < len(buffer) and self.end < len(self.view):
            self.cut = True  # pypdf read to an object's window's end: the object may go on past it
        self.budget.spend(count)
        buffer[:count] = self.view[self.position:self.position + count]
        self.position += count
        return count

    def seek(self, offset: int, whence: int = 0) -> int:
        base = (0, self.position, self.end)[whence]
        self.position = max(0, min(base + offset, self.end))
        return self.position

    def tell(self) -> int:
        return self.position


def bounded_object(data: bytes, start: int, window: int, budget: Budget) -> object:
    """Return the object pypdf parses from the ``window`` bytes of ``data`` at ``start``,
    its references kept, not followed; or ``None`` when it cannot be parsed, or runs on
    to the window's end (pypdf keeps what it parsed of an object cut short).

    Raises :class:`Overrun` past ``budget``.
    """
    raw = Window(memoryview(data), min(len(data), start + window), budget)
    stream = BufferedReader(raw, BUFFER_BYTES)
    stream.seek(start)
    try:
        found = read_object(stream, _Unopened())  # type: ignore[arg-type]
    except Overrun:
        raise
    except Exception:  # pypdf raises many kinds on a damaged object
        return None
    return None if raw.cut else found


class _Unopened:
    """The document pypdf parses a trailer in before the document is open: its
    references are kept, not followed (a stream's indirect length is unknown)."""

    strict = False

    def get_object(self, reference: object) -> None:
        """Return nothing: no object is read before the cross-references are checked."""


class ObjectReader(Protocol):
    """A reader of a PDF's objects within bounds: :class:`WindowedReader` or :class:`PlainReader`."""

    trailer: Any
    cut_short: bool  # whether an object ran on past its window (pypdf then kept what it parsed)

    def resolved(self, value: object, window: int, keep: bool = True) -> object:
        """Return ``value``, resolved when it is a reference, the object parsed from at most
        ``window`` bytes of the file; kept for the next time it is asked for unless not
        ``keep``.

        Raises :class:`Oversized` for an object larger than ``window``, :class:`Overrun`
        past the budget.
        """


def object_reader(data: bytes, budget: Budget, window: int, stream_window: int, most_objects: int) -> ObjectReader:
    """Return the reader of the PDF ``data`` within ``budget``: the windowed one where
    :func:`contract_holds`, else the plain one. ``window`` is the window of an object
    :meth:`~ObjectReader.resolved` is not told the size of (its cross-references'), and
    ``stream_window`` what an object stream may add to it; at most ``most_objects``
    objects in a cross-reference stream."""
    if contract_holds():
        return WindowedReader(data, budget, window, stream_window, most_objects)
    return PlainReader(data, budget, most_objects)


class PlainReader:
    """pypdf's reader of the PDF ``data``, on its public API only, reading the whole file
    within ``budget``; windows are not told apart (see the module's docstring)."""

    def __init__(self, data: bytes, budget: Budget, most_objects: int) -> None:
        stream = BufferedReader(Window(memoryview(data), len(data), budget), BUFFER_BYTES)
        self.reader = PdfReader(stream, xref_stream_maximum_entries=most_objects)
        self.trailer = self.reader.trailer
        self.cut_short = False

    def resolved(self, value: object, window: int, keep: bool = True) -> object:
        """Return ``value``, resolved when it is a reference (null for an object the file
        does not have, as on the windowed path)."""
        if not isinstance(value, IndirectObject):
            return value
        found = self.reader.get_object(value)
        return NullObject() if found is None else found


class WindowedReader(PdfReader):
    """pypdf's reader of the PDF ``data``, every object it resolves parsed from a window of
    its own (:meth:`resolved` says how large), within ``budget``."""

    def __init__(self, data: bytes, budget: Budget, window: int, stream_window: int, most_objects: int) -> None:
        self.data, self.view, self.budget = data, memoryview(data), budget
        self.cut_short = False
        self.window, self.stream_window = window, stream_window
        super().__init__(BufferedReader(Window(self.view, len(data), budget), BUFFER_BYTES),
                         xref_stream_maximum_entries=most_objects)
        self.object_streams = frozenset(number for number, _ in self.xref_objStm.values())

    def resolved(self, value: object, window: int, keep: bool = True) -> object:
        """Return ``value``, resolved when it is a reference: parsed from at most
        ``window`` bytes of the file from where the object starts (an object stream
        it lies in, from ``stream_window`` more); not kept in pypdf's cache unless
        ``keep``, save an object of an object stream, which pypdf would parse the whole
        stream again for."""
        if not isinstance(value, IndirectObject):
            return value
        saved, self.window = self.window, window
        try:
            found = self.get_object(value)
        finally:
            self.window = saved
        if self.cut_short:  # pypdf keeps what it parsed of an object cut short, and says nothing
            raise Oversized
        if not keep and not (value.generation == 0 and value.idnum in self.xref_objStm):
            self.resolved_objects.pop((value.generation, value.idnum), None)
        return found

    def get_object(self, indirect_reference: int | IndirectObject) -> PdfObject | None:
        """Return the object ``indirect_reference`` names, as pypdf does, but parsed from
        its window, and null for an object the file does not have (pypdf would search the
        whole file for it, every time)."""
        reference = indirect_reference
        if not isinstance(reference, IndirectObject):
            reference = IndirectObject(reference, 0, self)
        number, generation = reference.idnum, reference.generation
        if (generation, number) in self.resolved_objects:
            return super().get_object(reference)
        if generation == 0 and number in self.xref_objStm:
            stream_number = self.xref_objStm[number][0]
            if stream_number in self.xref_objStm:  # an object stream in an object stream: none is
                return NullObject()
            packed_in = self.get_object(stream_number)  # from its window, inflated within bounds
            if isinstance(packed_in, StreamObject):
                self.budget.spend(len(packed_in.get_data()))  # pypdf parses all of it for an object not cached yet
            return super().get_object(reference)
        start = self.xref.get(generation, {}).get(number)
        if start is None:
            return NullObject()
        packed = number in getattr(self, "object_streams", ())
        end = min(len(self.data), start + self.window + (self.stream_window if packed else 0))
        window = Window(self.view, end, self.budget)
        saved, self.stream = self.stream, BufferedReader(window, BUFFER_BYTES)
        try:
            return super().get_object(reference)
        finally:
            self.stream = saved
            self.cut_short = self.cut_short or window.cut

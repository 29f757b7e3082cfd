"""Read what a user hands kitgen to read, a game log or a roster, within docs/cli.md's bounds
("Limits and bad input"): a regular file or ``-`` (standard input), at most 4 MiB, UTF-8.

The bound is a bounded read, not a size check (a device or ``/proc`` file reports size 0),
and the file is opened without blocking (a FIFO with no writer) and refused unless it is a
regular file. Every refusal is one sentence, raised as the caller's :class:`KitgenError`,
worded for the kind of file it was to be (``what``: ``"game log"`` or ``"roster"``).
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import Literal

from kitgen.errors import KitgenError
from kitgen.text import gettext

MAX_BYTES = 4 * 1024 * 1024  # docs/cli.md: a log or roster is at most 4 MiB
MAX_KIT_BYTES = 256 * 1024 * 1024  # a 500-name kit is far smaller: anything larger is not one
PDF_HEADER = b"%PDF-"  # how a PDF (a kit kitgen wrote, a filled kit) starts
STDIN = "-"  # docs/cli.md: '-' names standard input
_UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")
_KINDS = (  # what a file that is not a regular one is
    (stat.S_ISDIR, "folder"),
    (stat.S_ISFIFO, "fifo"),
    (stat.S_ISSOCK, "socket"),
    (stat.S_ISCHR, "device"),
    (stat.S_ISBLK, "device"),
)
What = Literal["game log", "roster", "tally sheet"]  # what a file is read as


def shown_name(path: Path | str) -> str:
    """Return ``path`` as text that is always valid UTF-8: bytes of the name that are not
    UTF-8 are written as ``\\xff`` escapes.

    >>> shown_name(Path(os.fsdecode(b"bad\\xffname.log")))
    'bad\\\\xffname.log'
    """
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def read_bytes(path: Path | str, what: What, error: type[KitgenError], folder: str | None = None) -> bytes:
    """Return the bytes of the file ``path`` (or of standard input for ``-``), at most 4 MiB.

    ``what`` names the file in messages (``"game log"``, ``"roster"``), ``folder`` the
    sentence a folder gets (its ``{file}`` the folder's name) instead of ``"a folder, not a
    <what>"``. Raises ``error`` with one
    sentence for a file that is missing, unreadable, not a regular file or larger than 4 MiB.
    """
    name = shown_name(path)
    data = _read_stdin() if str(path) == STDIN else _read_file(path, name, what, error, folder)
    if len(data) > MAX_BYTES:
        raise error({
            "game log": gettext("{file} is larger than 4 MiB, too large for a game log."),
            "roster": gettext("{file} is larger than 4 MiB, too large for a roster."),
            "tally sheet": gettext("{file} is larger than 4 MiB, too large for a tally sheet."),
        }[what].format(file=repr(name)))
    return data


def read_text(path: Path | str, what: What, error: type[KitgenError], folder: str | None = None) -> str:
    """Return the text of the file ``path`` (or of standard input for ``-``) decoded as
    UTF-8, a leading byte-order mark dropped.

    Raises ``error`` as :func:`read_bytes` does, and for a file that is binary, UTF-16 or
    otherwise not UTF-8.
    """
    name = shown_name(path)
    data = read_bytes(path, what, error, folder)
    if data.startswith(_UTF16_MARKS) or _looks_utf16(data):
        raise error({
            "game log": gettext("{file} is UTF-16 text, not UTF-8; save the game log as UTF-8."),
            "roster": gettext("{file} is UTF-16 text, not UTF-8; save the roster as UTF-8."),
            "tally sheet": gettext("{file} is UTF-16 text, not UTF-8; save the tally sheet as UTF-8."),
        }[what].format(file=repr(name)))
    if b"\x00" in data:
        raise error({
            "game log": gettext("{file} is a binary file, not a game log."),
            "roster": gettext("{file} is a binary file, not a roster."),
            "tally sheet": gettext("{file} is a binary file, not a tally sheet."),
        }[what].format(file=repr(name)))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise error(gettext("{file} is not UTF-8 text.").format(file=repr(name))) from None


def _read_stdin() -> bytes:
    return sys.stdin.buffer.read(MAX_BYTES + 1)


def _read_file(path: Path | str, name: str, what: What, error: type[KitgenError],
               folder: str | None) -> bytes:
    """Return at most ``MAX_BYTES + 1`` bytes of the regular file ``path``."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except FileNotFoundError:
        raise error(gettext("{file} does not exist.").format(file=repr(name))) from None
    except OSError as failure:
        raise error(_unreadable(name, failure)) from None
    try:
        mode = os.fstat(handle).st_mode
        if stat.S_ISDIR(mode) and folder is not None:
            raise error(folder.format(file=repr(name)))
        if not stat.S_ISREG(mode):
            raise error(_not_a_file(name, next((kind for test, kind in _KINDS if test(mode)), "other"), what))
        chunks = []
        left = MAX_BYTES + 1
        while left > 0:
            chunk = os.read(handle, min(left, 1024 * 1024))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    except OSError as failure:
        raise error(_unreadable(name, failure)) from None
    finally:
        os.close(handle)


def _unreadable(name: str, failure: OSError) -> str:
    return gettext("{file} cannot be read ({reason}).").format(file=repr(name), reason=failure.strerror)


def _not_a_file(name: str, kind: str, what: What) -> str:
    """Return the refusal of the file ``name``, a ``kind`` of file (see ``_KINDS``, or
    ``"other"``) that is not a regular file, as ``what``."""
    sentences = {
        ("folder", "game log"): gettext("{file} is a folder, not a game log."),
        ("folder", "roster"): gettext("{file} is a folder, not a roster."),
        ("folder", "tally sheet"): gettext("{file} is a folder, not a tally sheet."),
        ("fifo", "game log"): gettext("{file} is a FIFO (named pipe), not a game log."),
        ("fifo", "roster"): gettext("{file} is a FIFO (named pipe), not a roster."),
        ("fifo", "tally sheet"): gettext("{file} is a FIFO (named pipe), not a tally sheet."),
        ("socket", "game log"): gettext("{file} is a socket, not a game log."),
        ("socket", "roster"): gettext("{file} is a socket, not a roster."),
        ("socket", "tally sheet"): gettext("{file} is a socket, not a tally sheet."),
        ("device", "game log"): gettext("{file} is a device, not a game log."),
        ("device", "roster"): gettext("{file} is a device, not a roster."),
        ("device", "tally sheet"): gettext("{file} is a device, not a tally sheet."),
        ("other", "game log"): gettext("{file} is not a regular file, not a game log."),
        ("other", "roster"): gettext("{file} is not a regular file, not a roster."),
        ("other", "tally sheet"): gettext("{file} is not a regular file, not a tally sheet."),
    }
    return sentences[kind, what].format(file=repr(name))


def _looks_utf16(data: bytes) -> bool:
    """Return whether ``data`` reads as UTF-16 without a byte-order mark: text whose every
    other byte is zero (ASCII characters written in two bytes each)."""
    sample = data[:200]
    if len(sample) < 4:
        return False
    even, odd = sample[0::2], sample[1::2]
    return (even.count(0) == len(even) and 0 not in odd) or (odd.count(0) == len(odd) and 0 not in even)

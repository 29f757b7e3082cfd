"""The paper a kit prints on when ``--paper`` is not given (docs/cli.md, ``kitgen kit``).

The first that is set wins: the ``--paper`` option, then ``KITGEN_PAPER``, then the
system's paper as Debian's libpaper reads it (the ``PAPERSIZE`` variable, else the file
``PAPERCONF`` names, else ``/etc/papersize``), then A4. So a Letter household sets it
once, and a machine already set up for its printer needs nothing.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import get_args

from kitgen.errors import OptionError
from kitgen.kit.request import PaperName
from kitgen.text import gettext

PAPER_NAMES = get_args(PaperName)
FALLBACK = "a4"
KITGEN_VARIABLE = "KITGEN_PAPER"
LIBPAPER_VARIABLE = "PAPERSIZE"  # libpaper: a paper name
LIBPAPER_FILE_VARIABLE = "PAPERCONF"  # libpaper: the path of a papersize file
SYSTEM_PAPERSIZE = Path("/etc/papersize")
MAX_PAPERSIZE_BYTES = 4096  # a papersize file is one name and comments


def default_paper(environ: Mapping[str, str] | None = None, system_file: Path | None = None) -> str:
    """Return the paper id a kit prints on without ``--paper``: the first source of the
    module's order that names a paper, else ``"a4"``.

    Raises :class:`OptionError` naming the source when it names a paper kitgen does not
    print on (rather than print on another size than the household asked for).

    >>> default_paper({"PAPERSIZE": "Letter"}, Path("/nonexistent"))
    'letter'
    >>> default_paper({}, Path("/nonexistent"))
    'a4'
    """
    environ = os.environ if environ is None else environ
    for source, value in _sources(environ, SYSTEM_PAPERSIZE if system_file is None else system_file):
        paper = value.strip().lower()
        if not paper:
            continue
        if paper not in PAPER_NAMES:
            raise OptionError(gettext(
                "{source} names the paper {paper}, but kitgen prints on a4 or "
                "letter; give --paper a4 or --paper letter."
            ).format(source=source, paper=repr(value.strip()[:40])))
        return paper
    return FALLBACK


def _sources(environ: Mapping[str, str], system_file: Path) -> Iterator[tuple[str, str]]:
    """Yield each place a paper may be named, in order, as (how to name it, its value)."""
    yield f"${KITGEN_VARIABLE}", environ.get(KITGEN_VARIABLE, "")
    yield f"${LIBPAPER_VARIABLE}", environ.get(LIBPAPER_VARIABLE, "")
    path = Path(environ[LIBPAPER_FILE_VARIABLE]) if environ.get(LIBPAPER_FILE_VARIABLE) else system_file
    yield str(path), _papersize_file(path)


def _papersize_file(path: Path) -> str:
    """Return the paper name a libpaper papersize file holds (its first line that is not
    blank or a ``#`` comment), or ``""`` when there is none, it cannot be read or it is
    not a regular file (a FIFO is opened without waiting for a writer, and not read)."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError:
        return ""
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return ""
        text = os.read(handle, MAX_PAPERSIZE_BYTES).decode("utf-8", "replace")
    except OSError:
        return ""
    finally:
        os.close(handle)
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            return line
    return ""

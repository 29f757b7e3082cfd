"""A :class:`KitRequest` into PDF files on disk (KIT.md, CLI.md ``kitgen kit``).

Everything that can be refused is refused before the render starts (options, seats,
names, existing files); the PDFs are then rendered in memory, chunk by chunk, and each
is written to a temporary file in its folder and renamed into place, so a failed render
leaves no partial file.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from io import BytesIO
from itertools import count
from pathlib import Path
from typing import Callable

from pypdf import PdfReader

from kitgen.errors import OptionError, OutputExistsError, RenderError
from kitgen.kit.fonts import check_printable
from kitgen.kit.layout import DEFAULT_DIE_MM, Layout, find_paper
from kitgen.kit.parts import check_rounds, continuation_chunks, coverage, host_key_chunk, table_chunk
from kitgen.kit.render import CREATOR_PREFIX, DocumentInfo, KitRenderer
from kitgen.kit.request import KitRequest
from kitgen.kit.tables import plan_tables
from kitgen.rulebook import rulebook

DEFAULT_OUTPUT = Path("output") / "kit.pdf"  # CLI.md: ./output/kit.pdf
HOST_KEY_SUFFIX = "-host-key"  # CLI.md: separate host key, <stem>-host-key.pdf beside the kit
HOST_KEY_MODES = ("separate", "appended", "none")
FILE_MODE = 0o666  # a written kit gets the usual permissions for a new file (less the umask)
PDF_HEADER = b"%PDF-"
MAX_KIT_BYTES = 256 * 1024 * 1024  # a 500-name kit is far smaller: anything larger is not one


@dataclass(frozen=True)
class KitContents:
    """What a kit holds: each PDF's ``pages`` (the kit, then a separate host key), the
    ``tables``, the ``names`` on them (0: blank seats, ``seats`` each), and what a table's
    sheets cover (``covers``, e.g. ``"strips for 2 attempts a seat and 2 spare"``)."""

    pages: list[int]
    tables: int
    names: int
    seats: int
    covers: str

    def summary(self, files: list[str]) -> list[str]:
        """Return one line per file (named in ``files``) with its pages, then one line
        saying what the kit holds, e.g. ``5 tables, 30 names, 33 pages in all, strips for
        2 attempts a seat and 4 spare``."""
        lines = [f"{name}: {_count(pages, 'page')}" for name, pages in zip(files, self.pages)]
        people = _count(self.names, "name") if self.names else f"{_count(self.seats, 'blank seat')} a table"
        lines.append(f"{_count(self.tables, 'table')}, {people}, {_count(sum(self.pages), 'page')} in all, "
                     f"{self.covers}")
        return lines


@dataclass(frozen=True)
class RenderedKit:
    """The PDFs of a kit in memory (the kit, then a separate host key) and its contents."""

    pdfs: list[bytes]
    contents: KitContents


@dataclass(frozen=True)
class WrittenKit:
    """The files :func:`build_kit` wrote (kit first) and the kit's contents."""

    paths: list[Path]
    contents: KitContents

    def summary(self) -> list[str]:
        """Return a line per file written with its pages, then what the kit holds."""
        return self.contents.summary([str(path) for path in self.paths])


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def build_kit(
    request: KitRequest, progress: Callable[[int, int], object] = lambda done, total: None
) -> WrittenKit:
    """Write the kit ``request`` asks for and return the paths written (kit first) and
    what the kit holds.

    ``progress(done, total)`` is called after each chunk (a table, the host key) is
    rendered, with the chunks rendered so far and in all.

    Raises :class:`OutputExistsError` for a file named with ``-o`` that exists without
    ``force``, or a file in the default folder that kitgen did not write, and whatever
    :func:`render_kit` raises.
    """
    paths = [path for path in output_paths(request) if path is not None]
    rendered = render_kit(request, progress)
    files = dict(zip(paths, rendered.pdfs))
    for path, content in files.items():
        write_atomically(path, content)
    return WrittenKit(list(files), rendered.contents)


def render_kit(
    request: KitRequest, progress: Callable[[int, int], object] = lambda done, total: None
) -> RenderedKit:
    """Return the PDFs of the kit ``request`` asks for, in memory: the kit, then the host
    key when it is ``separate`` (``request.output`` and ``force`` are not looked at), and
    what the kit holds.

    Raises :class:`OptionError` for an unknown paper or host-key mode, for rounds the game
    does not take or for knucklebones dice the boards cannot hold, :class:`PlayerCountError` / :class:`PlayerNameError` for
    seats or names the preset or the fonts cannot take, and :class:`RenderError` when
    the render fails.
    """
    if request.host_key not in HOST_KEY_MODES:
        raise OptionError(f"host key {request.host_key!r} is not known (choose separate, appended or none).")
    die_mm = DEFAULT_DIE_MM if request.die_size_mm is None else request.die_size_mm
    layout = Layout.for_print(find_paper(request.paper), request.large_print, die_mm)
    check_rounds(request.rules, request.rounds)
    tables = plan_tables(request.rules, request.players, request.seats, request.tables, request.table_size)
    check_printable(request.players)
    book = rulebook(request.rules)
    chunks = [table_chunk(request.rules, table, layout, book, request.rounds) for table in tables]
    chunks += continuation_chunks(request.rules, layout, book)
    key = [host_key_chunk(request.rules, layout, book)] if request.host_key != "none" else []
    rules = request.rules.describe()
    how_many = f"{len(tables)} table{'s' if len(tables) > 1 else ''}"
    documents = [(
        DocumentInfo(book.title, f"Paper kit for {rules}: {how_many} on {layout.print_name}."),
        chunks + key if request.host_key == "appended" else chunks,
    )]
    if request.host_key == "separate":
        documents.append((DocumentInfo(f"Host key - {book.title}", f"Host key for {rules}."), key))
    total = sum(len(parts) for _, parts in documents)
    done = count(1)
    renderer = KitRenderer(layout)
    pdfs = [renderer.render(parts, info, lambda: progress(next(done), total)) for info, parts in documents]
    contents = KitContents(
        pages=[len(PdfReader(BytesIO(pdf)).pages) for pdf in pdfs], tables=len(tables),
        names=len(request.players), seats=len(tables[0].seats), covers=coverage(chunks[0], len(tables[0].seats)),
    )
    return RenderedKit(pdfs, contents)


def output_paths(request: KitRequest) -> tuple[Path, Path | None]:
    """Return the kit's path and the separate host key's path (``None`` unless the host
    key is ``separate``): ``-o PATH`` or ``./output/kit.pdf``, and ``<stem>-host-key.pdf``
    beside it.

    Raises :class:`OutputExistsError` when a file named with ``-o`` (or its host key)
    exists and ``force`` is not set, when a file in the default folder was not written by
    kitgen (whatever ``force`` says: the user did not name it), or when a path is a folder.
    """
    kit_path = request.output if request.output is not None else DEFAULT_OUTPUT
    key_path = None
    if request.host_key == "separate":
        key_path = kit_path.with_name(f"{kit_path.stem}{HOST_KEY_SUFFIX}.pdf")
    for path in (kit_path, key_path):
        if path is not None:
            check_output_path(path, request.output is not None, request.force)
    return kit_path, key_path


def check_output_path(path: Path, named: bool, force: bool) -> None:
    """Check that a PDF may be written at ``path``: not a folder; when the user ``named`` it
    (``-o``), not an existing file unless ``force``; in kitgen's own default folder, not a
    file that kitgen did not write.

    Raises :class:`OutputExistsError` with one sentence otherwise.
    """
    if path.is_dir():
        raise OutputExistsError(f"{str(path)!r} is a folder; name a PDF file to write.")
    if not named and path.exists() and not written_by_kitgen(path):
        raise OutputExistsError(
            f"{str(path)!r} exists and kitgen did not write it; name another file with -o."
        )
    if named and path.exists() and not force:
        raise OutputExistsError(f"{str(path)!r} already exists; add --force to replace it.")


def written_by_kitgen(path: Path) -> bool:
    """Return whether ``path`` is a PDF that kitgen wrote: a regular file of kit size that
    starts as a PDF and whose document information names ``kitgen`` as its creator
    (KitRenderer writes ``/Creator (kitgen <version>)``)."""
    try:
        if not path.is_file() or path.stat().st_size > MAX_KIT_BYTES:
            return False
        with path.open("rb") as stream:
            if stream.read(len(PDF_HEADER)) != PDF_HEADER:
                return False
        creator = PdfReader(path).metadata.creator
    except Exception:  # anything that cannot be read as a PDF with metadata is not kitgen's
        return False
    return isinstance(creator, str) and creator.startswith(CREATOR_PREFIX)


def write_atomically(path: Path, content: bytes) -> None:
    """Write ``content`` to ``path`` through a temporary file in the same folder renamed
    into place (the folder is created if missing), so ``path`` is never half written.

    Raises :class:`RenderError` when the folder or file cannot be written.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    except OSError as error:
        raise RenderError(f"cannot write {str(path)!r} ({error.strerror or error}).") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(content)
        os.chmod(temporary, FILE_MODE & ~_umask())
        os.replace(temporary, path)
    except BaseException as error:
        Path(temporary).unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise RenderError(f"cannot write {str(path)!r} ({error.strerror or error}).") from None
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask

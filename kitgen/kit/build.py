"""A :class:`KitRequest` into PDF files on disk (KIT.md, CLI.md ``kitgen kit``).

Everything that can be refused is refused before the render starts (options, seats,
names, existing files); the PDFs are then rendered in memory, chunk by chunk, and each
is written to a temporary file in its folder and renamed into place, so a failed render
leaves no partial file.
"""

from __future__ import annotations

import os
import tempfile
from itertools import count
from pathlib import Path
from typing import Callable

from kitgen.errors import OptionError, OutputExistsError, RenderError
from kitgen.kit.fonts import check_printable
from kitgen.kit.layout import Layout, find_paper
from kitgen.kit.parts import host_key_chunk, table_chunk
from kitgen.kit.render import KitRenderer
from kitgen.kit.request import KitRequest
from kitgen.kit.tables import plan_tables
from kitgen.rulebook import rulebook

DEFAULT_OUTPUT = Path("output") / "kit.pdf"  # CLI.md: ./output/kit.pdf, replaced freely
HOST_KEY_SUFFIX = "-host-key"  # CLI.md: separate host key, <stem>-host-key.pdf beside the kit
HOST_KEY_MODES = ("separate", "appended", "none")
FILE_MODE = 0o666  # a written kit gets the usual permissions for a new file (less the umask)


def build_kit(
    request: KitRequest, progress: Callable[[int, int], object] = lambda done, total: None
) -> list[Path]:
    """Write the kit ``request`` asks for and return the paths written, kit first.

    ``progress(done, total)`` is called after each chunk (a table, the host key) is
    rendered, with the chunks rendered so far and in all.

    Raises :class:`OptionError` for an unknown paper or host-key mode or for knucklebones
    dice the boards cannot hold, :class:`PlayerCountError` / :class:`PlayerNameError` for
    seats or names the preset or the fonts cannot take, :class:`OutputExistsError` for a
    file named with ``-o`` that exists without ``force``, and :class:`RenderError` when
    the render fails.
    """
    if request.host_key not in HOST_KEY_MODES:
        raise OptionError(f"host key {request.host_key!r} is not known (choose separate, appended or none).")
    layout = Layout.for_print(find_paper(request.paper), request.large_print, request.die_size_mm)
    tables = plan_tables(request.rules, request.players, request.seats, request.tables, request.table_size)
    check_printable(request.players)
    kit_path, key_path = output_paths(request)
    book = rulebook(request.rules)
    chunks = [table_chunk(request.rules, table, layout, book) for table in tables]
    key = [host_key_chunk(request.rules, layout, book)] if request.host_key != "none" else []
    documents = {kit_path: chunks + key if request.host_key == "appended" else chunks}
    if key_path is not None:
        documents[key_path] = key
    total = sum(len(parts) for parts in documents.values())
    done = count(1)
    renderer = KitRenderer(layout, book.title)
    files = {
        path: renderer.render(parts, lambda: progress(next(done), total))
        for path, parts in documents.items()
    }
    for path, content in files.items():
        write_atomically(path, content)
    return list(files)


def output_paths(request: KitRequest) -> tuple[Path, Path | None]:
    """Return the kit's path and the separate host key's path (``None`` unless the host
    key is ``separate``): ``-o PATH`` or ``./output/kit.pdf``, and ``<stem>-host-key.pdf``
    beside it.

    Raises :class:`OutputExistsError` when a file named with ``-o`` (or its host key)
    exists and ``force`` is not set, or when a path is a folder.
    """
    kit_path = request.output if request.output is not None else DEFAULT_OUTPUT
    key_path = None
    if request.host_key == "separate":
        key_path = kit_path.with_name(f"{kit_path.stem}{HOST_KEY_SUFFIX}.pdf")
    for path in (kit_path, key_path):
        if path is None:
            continue
        if path.is_dir():
            raise OutputExistsError(f"{str(path)!r} is a folder; name a PDF file to write.")
        if request.output is not None and path.exists() and not request.force:
            raise OutputExistsError(f"{str(path)!r} already exists; add --force to replace it.")
    return kit_path, key_path


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

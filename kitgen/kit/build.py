"""A :class:`KitRequest` into PDF files on disk (docs/kit.md, docs/cli.md ``kitgen kit``).

Everything that can be refused is refused before the render starts (options, seats,
names, existing files); the PDFs are then rendered in memory, chunk by chunk, and put in
place as a pair (:mod:`kitgen.kit.output`), so a failed render leaves no partial file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from io import BytesIO
from itertools import count
from pathlib import Path

from pypdf import PdfReader

from kitgen.errors import OptionError, quote
from kitgen.forms.scheme import MANIFEST_NAME, Manifest
from kitgen.kit.fonts import check_printable
from kitgen.kit.layout import DEFAULT_DIE_MM, Layout, find_paper
from kitgen.kit.output import output_paths, replaceable, stale_paths, write_files
from kitgen.kit.parallel import render_documents
from kitgen.kit.parts.chunks import check_rounds, coverage, host_key_chunk, table_chunk
from kitgen.kit.parts.part import Chunk
from kitgen.kit.parts.roll_records import RollRecords
from kitgen.kit.render import DocumentInfo
from kitgen.kit.request import KitRequest
from kitgen.kit.tables import Table, plan_tables
from kitgen.rulebook import rulebook
from kitgen.text import gettext, language_in_use, ngettext

HOST_KEY_MODES = ("separate", "appended", "none")


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
        lines = [ngettext("{file}: {count} page", "{file}: {count} pages", pages).format(file=name, count=pages)
                 for name, pages in zip(files, self.pages, strict=True)]
        if self.names:
            people = ngettext("{count} name", "{count} names", self.names).format(count=self.names)
        else:
            people = ngettext("{count} blank seat a table", "{count} blank seats a table",
                              self.seats).format(count=self.seats)
        tables = ngettext("{count} table", "{count} tables", self.tables).format(count=self.tables)
        pages = sum(self.pages)
        in_all = ngettext("{count} page in all", "{count} pages in all", pages).format(count=pages)
        lines.append(gettext("{tables}, {people}, {pages}, {covers}").format(
            tables=tables, people=people, pages=in_all, covers=self.covers))
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
    files = dict(zip(paths, rendered.pdfs, strict=True))
    write_files(files, replaceable(request.output is not None, request.force), stale_paths(request))
    return WrittenKit(list(files), rendered.contents)


def render_kit(
    request: KitRequest, progress: Callable[[int, int], object] = lambda done, total: None
) -> RenderedKit:
    """Return the PDFs of the kit ``request`` asks for, in memory: the kit, then the host
    key when it is ``separate`` (``request.output`` and ``force`` are not looked at), and
    what the kit holds.

    Raises :class:`OptionError` for an unknown paper or host-key mode, for rounds the game
    does not take or for knucklebones dice the boards cannot hold, :class:`PlayerCountError`
    / :class:`PlayerNameError` for seats or names the preset or the fonts cannot take, and :class:`RenderError` when
    the render fails.
    """
    if request.host_key not in HOST_KEY_MODES:
        raise OptionError(gettext("host key {host_key} is not known (choose separate, appended or none).").format(
            host_key=quote(request.host_key)))
    die_mm = DEFAULT_DIE_MM if request.die_size_mm is None else request.die_size_mm
    layout = Layout.for_print(find_paper(request.paper), request.large_print, die_mm)
    check_rounds(request.rules, request.rounds)
    tables = plan_tables(request.rules, request.players, request.seats, request.tables, request.table_size)
    check_printable(request.players)
    book = rulebook(request.rules)
    chunks = [table_chunk(request.rules, table, layout, book, request.rounds) for table in tables]
    key = [host_key_chunk(request.rules, layout, book)] if request.host_key != "none" else []
    rules = request.rules.describe()
    subject = ngettext("Paper kit for {rules}: {count} table on {paper}.",
                       "Paper kit for {rules}: {count} tables on {paper}.", len(tables))
    info = DocumentInfo(book.title, subject.format(rules=rules, count=len(tables), paper=layout.print_name))
    if request.fillable:  # the tables' chunks have form fields, the manifest says what they are for
        manifest = kit_manifest(rules, tables, chunks)
        info = replace(info, attachments=((MANIFEST_NAME, manifest.to_json()),), form_chunks=len(tables))
    documents = [(
        info,
        chunks + key if request.host_key == "appended" else chunks,
    )]
    if request.host_key == "separate":
        documents.append((DocumentInfo(gettext("Host key - {title}").format(title=book.title),
                                       gettext("Host key for {rules}.").format(rules=rules)), key))
    total = sum(len(parts) for _, parts in documents)
    done = count(1)
    pdfs = render_documents(layout, documents, lambda: progress(next(done), total))
    contents = KitContents(
        pages=[len(PdfReader(BytesIO(pdf)).pages) for pdf in pdfs], tables=len(tables),
        names=len(request.players), seats=len(tables[0].seats), covers=coverage(chunks[0], len(tables[0].seats)),
    )
    return RenderedKit(pdfs, contents)


def kit_manifest(rules: str, tables: tuple[Table, ...], chunks: list[Chunk]) -> Manifest:
    """Return the manifest of a fillable kit of ``tables`` printed as ``chunks``: its
    rules line, seats, per table the player and round printed on each roll record, and the
    language in use, which the kit is printed in."""
    records = tuple(
        tuple((caption.player, caption.round_number)
              for part in chunk.parts if isinstance(part, RollRecords) for page in part.pages for caption in page)
        for chunk in chunks[:len(tables)]  # the tables' chunks come first
    )
    return Manifest(rules, tuple(table.seats for table in tables), records, language=language_in_use())

"""Chunks of a kit into one PDF: Jinja templates, WeasyPrint, pypdf (docs/kit.md, "Print
fidelity", "Safety").

One :class:`KitRenderer` per kit holds the Jinja environment, the stylesheet, the one
font configuration every chunk shares and the URL fetcher that serves only kitgen's own
files. Each chunk (a table, the host key) is rendered as its own document and appended
with pypdf, so memory stays flat however large the class. Every render is watched:
WeasyPrint only logs a font or resource that failed to load, so those messages become
:class:`RenderError`; the clock is pinned, so the same kit is the same bytes.
"""

from __future__ import annotations

import gc
import logging
import mimetypes
import os
import shutil
import string
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any, cast
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

import jinja2
from pypdf import PageObject, PdfReader, PdfWriter
from pypdf import __version__ as pypdf_version
from pypdf.generic import (
    ArrayObject,
    BooleanObject,
    ContentStream,
    DecodedStreamObject,
    Destination,
    DictionaryObject,
    IndirectObject,
    NameObject,
    StreamObject,
    TextStringObject,
)

from kitgen.engine import pages as page_boxes
from kitgen.engine.fonts import font_copies_folder
from kitgen.engine.libraries import import_with_linker_cache
from kitgen.engine.pages import Site

# First, so its C libraries are found from one read of the linker cache: the imports below wait.
import_with_linker_cache("weasyprint")
from weasyprint import CSS, HTML, Document  # noqa: E402
from weasyprint import __version__ as weasyprint_version  # noqa: E402
from weasyprint.logger import LOGGER  # noqa: E402
from weasyprint.text.fonts import FontConfiguration  # noqa: E402
from weasyprint.urls import FatalURLFetchingError, URLFetcher, URLFetcherResponse  # noqa: E402

from kitgen import __version__  # noqa: E402
from kitgen.cores import note_fonts_set_up  # noqa: E402
from kitgen.errors import KitgenError, RenderError  # noqa: E402
from kitgen.forms.scheme import is_form_field, table_prefix  # noqa: E402
from kitgen.kit.fonts import check_embedded_fonts, font_faces, font_families, font_folders, number_families  # noqa: E402
from kitgen.kit.layout import Layout  # noqa: E402
from kitgen.kit.output import CREATOR_PREFIX, PAGES_DIGEST_KEY, pages_digest  # noqa: E402
from kitgen.kit.parts.part import Chunk  # noqa: E402
from kitgen.kit.stamps import PX_PER_PT, Stamp, Stamps, stamp_document, stamp_sites  # noqa: E402
from kitgen.resources import data_folder  # noqa: E402
from kitgen.text import gettext  # noqa: E402
from kitgen.text.fields import field_title  # noqa: E402
from kitgen.text.templates import I18N_EXTENSION, install_words  # noqa: E402

DOCUMENT_TEMPLATE = "document.html.j2"
STYLESHEET_TEMPLATE = "kit.css.j2"
FACES_TEMPLATE = "faces.css.j2"  # the font faces alone: the stylesheet of stamp pages
KIT_EPOCH = "946684800"  # SOURCE_DATE_EPOCH pinned while rendering: 2000-01-01T00:00:00Z
PAGE_SIZE_TOLERANCE_PT = 0.01  # docs/kit.md: MediaBox exact within 0.01 pt
CREATOR = f"{CREATOR_PREFIX}{__version__}"
PRODUCER = f"WeasyPrint {weasyprint_version} and pypdf {pypdf_version}"
# WeasyPrint allocates boxes by the ten thousand: with Python's default first-generation
# threshold a long document spends much of its layout in the cycle collector. A higher
# threshold while rendering keeps collections, and so memory, bounded. It holds through the
# whole of KitRenderer.render: restored between a document's layout and its join with pypdf,
# it set off a collection of the layout's garbage that a command ending right after never
# needs (docs/performance.md, "Kits").
RENDER_GC_THRESHOLD = 20_000
# The stamp pages of tables that share a layout are laid out in documents of about this many
# pages, so memory stays flat however large the class: WeasyPrint holds a document's every
# page until it is written (docs/performance.md, "Kits").
STAMP_BATCH_PAGES = 48
# A document laid out whole of this many pages or more is painted and written in two halves
# of its pages, and the halves joined; each half embeds its own subset of the fonts it
# uses. Both are written here, in order: a worker forked once fonts are set up is not safe,
# and one started afresh would lay the document out again (docs/performance.md). A
# fillable kit's tables are written whole.
HALVES_FROM_PAGES = 10

# WeasyPrint logs, and does not raise, these failures (weasyprint/text/fonts.py,
# css/__init__.py, images.py, html.py, urls.py, pdf/fonts.py, pdf/anchors.py).
# Any other message it logs (unsupported CSS and the like) is harmless.
FAILURE_MESSAGES = (
    "Font-face %r cannot be loaded",
    "Failed to load font",
    "Failed to load stylesheet",
    "Failed to load image",
    "Failed to render SVG image",
    "Failed to load inline SVG",
    "Failed to load attachment",
    "Relative URI reference without a base URI",
    "Unable to instantiate",
    "Unable to subset",
)


class PackagedFetcher(URLFetcher):  # type: ignore[misc]  # WeasyPrint ships no types
    """A WeasyPrint URL fetcher that serves only files inside ``folders`` (kitgen's
    templates and fonts) and stops the render for every other URL."""

    def __init__(self, folders: Sequence[Path]) -> None:
        super().__init__()
        self._folders = tuple(folder.resolve() for folder in folders)

    def fetch(self, url: str, headers: dict[str, str] | None = None) -> URLFetcherResponse:
        """Return the packaged file ``url`` names (a ``file:`` URL inside a served folder).

        Raises :class:`FatalURLFetchingError` for any other URL (``http:``, ``data:``, a
        file elsewhere), which WeasyPrint lets through to stop the render.
        """
        path = self._packaged_path(url)
        if path is None:
            raise FatalURLFetchingError(gettext("kitgen fetches only its own packaged files, not {url}.").format(
                url=repr(url[:80])))
        content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": content_type})

    def _packaged_path(self, url: str) -> Path | None:
        parts = urlsplit(url)
        if parts.scheme != "file" or parts.netloc not in ("", "localhost") or parts.query:
            return None
        path = Path(url2pathname(unquote(parts.path))).resolve()
        served = any(path.is_relative_to(folder) for folder in self._folders)
        return path if served and path.is_file() else None


TEMPLATE_OPTIONS: dict[str, Any] = {"autoescape": True, "trim_blocks": True, "lstrip_blocks": True}


@cache
def environment() -> jinja2.Environment:
    """Return the one Jinja environment of kit templates: autoescaped, strict about
    undefined names, loading from kitgen's ``templates/`` folder.

    Templates are compiled in memory, once a process: nothing is written to the user's
    folders, so no other user can plant a compiled template for kitgen to load.
    """
    templates = install_words(jinja2.Environment(
        loader=jinja2.FileSystemLoader(data_folder("templates")),
        undefined=jinja2.StrictUndefined,
        extensions=[I18N_EXTENSION],  # {% trans %} and _() through kitgen.text's catalogs
        **TEMPLATE_OPTIONS,
    ))
    templates.filters["field_title"] = field_title  # and a field's name in words
    templates.filters["css_content"] = css_content  # a sentence with counters, for a page's margin box
    templates.tests["form_field"] = is_form_field  # a write-in place that is a field (docs/FORMS.md)
    templates.globals["form"] = ""  # a chunk's field-name prefix ("t2"); "": no form fields
    templates.globals["stamps"] = None  # a table's names and labels while it is written for stamping
    return templates


def css_content(message: str, **values: str) -> str:
    """Return the CSS ``content`` value that prints ``message``, a sentence in the language
    in use with ``{name}`` placeholders: its words as CSS strings, each placeholder as the
    CSS of ``values`` (a counter, a named string), so a translation may reorder them.

    >>> css_content("{chunk} · page {page} of {pages}", chunk="string(chunk)",
    ...             page="counter(page)", pages="counter(pages)")
    'string(chunk) " · page " counter(page) " of " counter(pages)'
    """
    pieces = []
    for words, name, _spec, _conversion in string.Formatter().parse(str(message)):
        if words:
            pieces.append('"' + words.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\a ") + '"')
        if name is not None:
            pieces.append(values[name])
    return " ".join(pieces)


@dataclass(frozen=True)
class DocumentInfo:
    """What one PDF of a kit says about itself in a viewer: its title and subject, and
    the files it embeds as (name, content); in a fillable kit its first ``form_chunks``
    chunks, its tables, have a form field on every write-in place."""

    title: str
    subject: str
    attachments: tuple[tuple[str, bytes], ...] = ()
    form_chunks: int = 0


class KitRenderer:
    """Renders chunks of one kit to PDF bytes, all with one stylesheet, one font
    configuration and one fetcher (create one per kit, and close it when done: ``with
    KitRenderer(layout) as renderer``)."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self._base_url = data_folder("templates").as_uri() + "/"
        self._fetcher = PackagedFetcher((data_folder("templates"), data_folder("fonts"), *font_folders()))
        note_fonts_set_up()  # Pango may start threads from now on: this process forks no worker
        self._font_config = FontConfiguration()
        try:  # the stylesheets set up the fonts, copying them to a temporary folder
            faces = [(face, face.path.as_uri()) for face in font_faces()]
            css = environment().get_template(STYLESHEET_TEMPLATE).render(
                layout=layout, faces=faces, families=font_families(), number_families=number_families()
            )
            faces_css = environment().get_template(FACES_TEMPLATE).render(faces=faces)
            with _watched_render():
                self._stylesheet, self._faces = (
                    CSS(string=text, base_url=self._base_url, url_fetcher=self._fetcher, font_config=self._font_config)
                    for text in (css, faces_css)
                )
        except BaseException:  # an error, Ctrl-C, a copy told to stop: no with block will close it
            self.close()
            raise

    def __enter__(self) -> KitRenderer:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def close(self) -> None:
        """Remove the copies of kitgen's fonts that WeasyPrint wrote to a temporary folder
        for this renderer's font configuration. WeasyPrint removes them only once that
        configuration is garbage-collected, which the documents rendered with it (held in
        reference cycles) put off (:func:`kitgen.engine.fonts.font_copies_folder`)."""
        font_config = getattr(self, "_font_config", None)
        if font_config is None:
            return
        folder = font_copies_folder(font_config)
        self._font_config = font_config = None
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
        else:  # the plain path: WeasyPrint removes the folder when it collects the configuration
            gc.collect()

    def render(
        self, chunks: Sequence[Chunk], info: DocumentInfo, rendered: Callable[[], object] = lambda: None
    ) -> bytes:
        """Return one PDF of ``chunks`` in order, titled as ``info`` says; ``rendered()`` is
        called after each chunk.

        Tables that differ only in their names and labels share one layout, laid out once;
        their names and labels are stamped onto copies of its pages (:mod:`kitgen.kit.stamps`).
        Every other chunk is rendered as its own document. The outline has one bookmark per
        chunk (its ``bookmark``, e.g. ``"Table 2 - Ana, Ben"``) with the chunk's sheet
        headings beneath.

        Raises :class:`RenderError` when a render fails, a resource or font does not load,
        a page has the wrong size, or the PDF holds a font that is not kitgen's.
        """
        with _rare_collections():
            return self._joined(chunks, info, rendered)

    def _joined(self, chunks: Sequence[Chunk], info: DocumentInfo, rendered: Callable[[], object]) -> bytes:
        """Return the PDF of ``chunks``, each laid out whole or stamped, joined (:meth:`render`)."""
        prefixes = [table_prefix(number) if number <= info.form_chunks else ""
                    for number in range(1, len(chunks) + 1)]
        # a lone chunk has no other to share a layout with: it is written whole at once; nor
        # is any where the box tree stamps are placed from cannot be read (kitgen.engine.pages)
        stamping = len(chunks) > 1 and page_boxes.contract_holds()
        collectors = [Stamps() if stamping else None for _ in chunks]
        written = [self._html(chunk, info, prefix, stamps)
                   for chunk, prefix, stamps in zip(chunks, prefixes, collectors, strict=True)]
        layouts = {html: self._shared_layout(html) for html, tables in Counter(written).items()
                   if tables > 1 and stamping}
        stamp_pages = self._stamp_pages(
            (layouts[html], stamps) for html, stamps in zip(written, collectors, strict=True)
            if html in layouts and stamps is not None  # a shared layout's tables have stamps
        )
        writer = PdfWriter()
        language = None
        shared_pages: dict[str, list[IndirectObject]] = {}  # a shared layout's pages as forms in the writer
        resolve: Callable[[str], str]
        for chunk, prefix, html, stamps in zip(chunks, prefixes, written, collectors, strict=True):
            first_page = len(writer.pages)
            if html in layouts:
                if html not in shared_pages:
                    shared_pages[html] = [_as_form(page, writer) for page in layouts[html].reader.pages]
                for form in shared_pages[html]:
                    _stamped_page(writer.add_page(next(stamp_pages)), form)
                assert stamps is not None  # a shared layout's tables have stamps
                parts, resolve = [layouts[html].reader], stamps.resolve
            else:
                whole = html if stamps is None else self._html(chunk, info, prefix, None)
                parts, resolve = self._whole(whole, halves=not info.form_chunks), str
                for part in parts:
                    writer.append(part, import_outline=False)
            parent = writer.add_outline_item(title=chunk.bookmark or chunk.label, page_number=first_page)
            page_offset = first_page
            for part in parts:
                for heading in cast("list[Destination]", part.outline):  # the sheet headings, one level
                    page = page_offset + cast(int, part.get_destination_page_number(heading))
                    writer.add_outline_item(title=resolve(str(heading.title)), page_number=page, parent=parent)
                page_offset += len(part.pages)
            language = language or cast(DictionaryObject, parts[0].trailer["/Root"]).get("/Lang")
            rendered()
        return self._finished(writer, info, language)

    def _html(self, chunk: Chunk, info: DocumentInfo, prefix: str, stamps: Stamps | None) -> str:
        """Return the HTML of ``chunk`` (``prefix``: its form fields' name prefix), its
        names and labels going to ``stamps`` unless that is ``None``."""
        return environment().get_template(DOCUMENT_TEMPLATE).render(
            chunk=chunk, layout=self.layout, title=info.title, form=prefix, stamps=stamps,
        )

    def _shared_layout(self, html: str) -> SharedLayout:
        """Return the layout that tables written as ``html`` share: its pages as a PDF and
        the stamp sites on each page."""
        document = self._laid_out(html)
        sites = [stamp_sites(page) for page in document.pages]
        return SharedLayout(_checked(_written(document)), sites)

    def _stamp_pages(self, tables: Iterable[tuple[SharedLayout, Stamps]]) -> Iterator[PageObject]:
        """Yield the stamp pages of ``tables`` in order, one per page of each table's shared
        layout, laid out by WeasyPrint in documents of about :data:`STAMP_BATCH_PAGES`
        pages, each rendered when the pages before it are taken and its fonts checked."""
        width_pt, height_pt = self.layout.paper.size_pt
        size_px = (width_pt * PX_PER_PT, height_pt * PX_PER_PT)
        for batch in _stamp_batches(tables):
            yield from _checked(self.render_html(stamp_document(batch, size_px), self._faces)).pages

    def _whole(self, html: str, halves: bool) -> list[PdfReader]:
        """Return the PDF of the document ``html`` laid out whole: one part or, from
        :data:`HALVES_FROM_PAGES` pages when ``halves``, its two halves of pages, each
        painted and written, each part checked.
        """
        document = self._laid_out(html)
        pages = document.pages
        if halves and len(pages) >= HALVES_FROM_PAGES:
            parts = tuple(_written(document.copy(part)) for part in (pages[:len(pages) // 2], pages[len(pages) // 2:]))
        else:
            parts = (_written(document),)
        return [_checked(part) for part in parts]

    def render_html(self, html: str, stylesheet: CSS | None = None) -> bytes:
        """Return the PDF of one HTML document rendered with ``stylesheet`` (the kit's by
        default).

        Raises :class:`RenderError` as :meth:`render` does.
        """
        return _written(self._laid_out(html, stylesheet))

    def _laid_out(self, html: str, stylesheet: CSS | None = None) -> Document:
        """Return the WeasyPrint layout of one HTML document with ``stylesheet`` (the kit's
        by default)."""
        with _watched_render():
            return HTML(string=html, base_url=self._base_url, url_fetcher=self._fetcher).render(
                stylesheets=[stylesheet or self._stylesheet], font_config=self._font_config,
            )

    def _finished(self, writer: PdfWriter, info: DocumentInfo, language: object) -> bytes:
        """Return the joined PDF with print-at-actual-size preferences, its language (the
        join drops the one WeasyPrint writes) and fixed metadata, after checking every
        page's size."""
        expected = self.layout.paper.size_pt
        for number, page in enumerate(writer.pages, start=1):
            size = (float(page.mediabox.width), float(page.mediabox.height))
            if any(abs(got - want) > PAGE_SIZE_TOLERANCE_PT for got, want in zip(size, expected, strict=True)):
                raise RenderError(gettext("page {number} came out {width} x {height} pt, not {paper}.").format(
                    number=number, width=f"{size[0]:.2f}", height=f"{size[1]:.2f}", paper=self.layout.paper.id))
        preferences = writer.create_viewer_preferences()
        preferences.print_scaling = NameObject("/None")  # type: ignore[assignment]  # docs/kit.md: print at actual size
        preferences[NameObject("/PickTrayByPDFSize")] = BooleanObject(True)
        preferences[NameObject("/Duplex")] = NameObject("/Simplex")  # one-sided sheets to cut and hand out
        preferences[NameObject("/DisplayDocTitle")] = BooleanObject(True)
        if language is not None:
            writer.root_object[NameObject("/Lang")] = TextStringObject(str(language))
        writer.add_metadata({
            "/Title": info.title, "/Subject": info.subject, "/Creator": CREATOR, "/Producer": PRODUCER,
            PAGES_DIGEST_KEY: pages_digest(writer.pages),  # so kitgen knows a kit drawn on since
        })
        for name, content in info.attachments:
            writer.add_attachment(name, content)
        if info.form_chunks:
            _settle_fields(writer)
        output = BytesIO()
        writer.write(output)
        return output.getvalue()


def _stamp_batches(tables: Iterable[tuple[SharedLayout, Stamps]]) -> Iterator[list[list[tuple[Stamp, Site]]]]:
    """Yield the stamps of ``tables``' pages, each page's stamps with their sites, in
    batches of about :data:`STAMP_BATCH_PAGES` pages."""
    batch: list[list[tuple[Stamp, Site]]] = []
    for layout, stamps in tables:
        batch += ([(stamps.stamp(site), site) for site in sites] for sites in layout.sites)
        if len(batch) >= STAMP_BATCH_PAGES:
            yield batch
            batch = []
    if batch:
        yield batch


def _checked(pdf: bytes) -> PdfReader:
    """Return a reader of ``pdf`` once its fonts are checked (:func:`check_embedded_fonts`)."""
    reader = PdfReader(BytesIO(pdf))
    check_embedded_fonts(reader)
    return reader


def _written(document: Document) -> bytes:
    """Return the PDF of a laid-out WeasyPrint ``document`` (painted and written).

    Raises :class:`RenderError` as :func:`_watched_render` does, and when a font cannot be
    embedded: WeasyPrint subsets each font with fontTools or HarfBuzz while it writes, and
    a font damaged in a way that loaded and laid out (advance widths out of range) fails
    there with whatever error the subsetter meets.
    """
    with _watched_render():
        try:
            return cast(bytes, document.write_pdf())
        except (KitgenError, OSError):
            raise
        except Exception as error:
            raise RenderError(gettext(
                "the fonts could not be embedded in the PDF ({reason}); "
                "a font file added to kitgen's fonts folder may be damaged."
            ).format(reason=f"{type(error).__name__}: {str(error)[:80]}")) from None


@dataclass(frozen=True)
class SharedLayout:
    """The layout tables that differ only in names and labels share: its pages (a PDF
    read back) and the stamp sites on each page."""

    reader: PdfReader
    sites: list[list[Site]]


TABLE_FORM = "/kitgenTable"  # the shared layout page's name in a stamped page's resources


def _as_form(page: PageObject, writer: PdfWriter) -> IndirectObject:
    """Return a form XObject in ``writer`` that draws the shared layout ``page``: its
    content stream, kept once however many tables' pages draw it."""
    form = cast(StreamObject, page["/Contents"].get_object()).clone(writer)  # WeasyPrint writes one stream a page
    form.update({
        NameObject("/Type"): NameObject("/XObject"),
        NameObject("/Subtype"): NameObject("/Form"),
        NameObject("/BBox"): ArrayObject(page.mediabox),
        NameObject("/Resources"): cast(DictionaryObject, page["/Resources"].get_object()).clone(writer),
    })
    return cast(IndirectObject, form.indirect_reference)


def _stamped_page(page: PageObject, form: IndirectObject) -> None:
    """Make ``page`` (a stamp page added to the writer) draw the shared layout ``form``
    first and its own stamps over it."""
    # the page's own resources: stamp pages share theirs
    resources = DictionaryObject(cast(DictionaryObject, page["/Resources"].get_object()))
    xobjects = DictionaryObject(cast(DictionaryObject, resources.get("/XObject", DictionaryObject()).get_object()))
    xobjects[NameObject(TABLE_FORM)] = form
    resources[NameObject("/XObject")] = xobjects
    page[NameObject("/Resources")] = resources
    content = DecodedStreamObject()
    content.set_data(f"q {TABLE_FORM} Do Q\n".encode() + cast(ContentStream, page.get_contents()).get_data())
    page.replace_contents(content.flate_encode())


def _settle_fields(writer: PdfWriter) -> None:
    """Make the joined kit's fields typeable in every viewer: each text field's default
    appearance (``/DA``) names its font and size only (WeasyPrint puts a graphics state
    in it, which Poppler refuses), the form's resources (``/DR``) hold the fonts of every
    chunk, not only the first one's, and viewers draw the looks the fields carry instead
    of remaking them (Poppler cannot remake a tick box's)."""
    if "/AcroForm" not in writer.root_object:  # nothing to fill in (a host key)
        return
    form = cast(DictionaryObject, writer.root_object["/AcroForm"])
    fonts = DictionaryObject()
    for page in writer.pages:
        page_fonts = page.get("/Resources", {}).get("/Font", {})
        for annotation in page.get("/Annots", ()):
            field = annotation.get_object()
            if "/DA" not in field:  # a tick box: WeasyPrint draws its ticked look itself
                continue
            words = str(field["/DA"]).split()
            font = words[words.index("Tf") - 2]
            field[NameObject("/DA")] = TextStringObject(f"{font} {words[words.index('Tf') - 1]} Tf 0 g")
            if font in page_fonts:
                fonts[NameObject(font)] = page_fonts.raw_get(font)
    form[NameObject("/DR")] = DictionaryObject({NameObject("/Font"): fonts})
    form[NameObject("/NeedAppearances")] = BooleanObject(False)  # every value set has its look


class _FailureLog(logging.Handler):
    """Collects the WeasyPrint log records that mean a render failed."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.failures: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if isinstance(record.msg, str) and record.msg.startswith(FAILURE_MESSAGES):
            self.failures.append(record)


@contextmanager
def _watched_render() -> Iterator[None]:
    """Run a WeasyPrint step with the clock pinned, its log watched and the garbage collector
    run less often (:data:`RENDER_GC_THRESHOLD`).

    Raises :class:`RenderError` for a refused URL, a logged load failure or a failed
    write of a temporary file.
    """
    failures = _FailureLog()
    saved_level = LOGGER.level
    LOGGER.addHandler(failures)
    if LOGGER.getEffectiveLevel() > logging.WARNING:
        LOGGER.setLevel(logging.WARNING)
    try:
        with _rare_collections(), _pinned_clock():
            yield
    except FatalURLFetchingError as error:
        raise RenderError(gettext("the render stopped: {reason}").format(reason=error)) from None
    except OSError as error:  # WeasyPrint writes fonts to temporary files: a full disk, a quota
        raise RenderError(gettext("the render could not write its temporary files ({reason}).").format(
            reason=error.strerror or error)) from None
    finally:
        LOGGER.removeHandler(failures)
        LOGGER.setLevel(saved_level)
    if failures.failures:
        message = failures.failures[0].getMessage().rstrip(".")
        raise RenderError(gettext("the render failed: {reason}.").format(reason=message))


@contextmanager
def _rare_collections() -> Iterator[None]:
    """Run the garbage collector less often for the duration (:data:`RENDER_GC_THRESHOLD`)."""
    saved = gc.get_threshold()
    gc.set_threshold(RENDER_GC_THRESHOLD, *saved[1:])
    try:
        yield
    finally:
        gc.set_threshold(*saved)


@contextmanager
def _pinned_clock() -> Iterator[None]:
    """Set ``SOURCE_DATE_EPOCH`` for the duration, so font subsetting and instancing stamp
    a fixed time instead of the current one (byte-identical re-renders, docs/kit.md)."""
    saved = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = KIT_EPOCH
    try:
        yield
    finally:
        if saved is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = saved

"""The moonshot: the 30-name strip kit's render in-process, against a raw ReportLab canvas.

``python benchmarks/moonshot.py --repeats 3 [--investigate]`` prints one JSON object.
Interpreter start and imports are excluded: kitgen's ``build_kit`` and the ReportLab
drawing each run once to warm up (imports, fonts, templates), then ``repeats`` times
timed. With ``--investigate`` it also measures where kitgen's render time goes and
prototypes of faster renders (none of them is kitgen's code; they use its kit modules):

- ``breakdown``: one ``build_kit`` under cProfile, cumulative time per stage as a share
  of the whole (profiling slows Python code, so shares, not seconds);
- ``one_document``: every table in one WeasyPrint document instead of one per table;
- ``parallel``: the tables rendered by 2 forked worker processes, merged with pypdf;
- ``cached_stamped``: one table's pages rendered beforehand (a cache of blank pages kept
  between runs, which kitgen does not have), names and page labels drawn as a WeasyPrint
  overlay document merged onto them with pypdf (kitgen's own build lays out each
  distinct table once per run and stamps names onto it: kitgen.kit.stamps).

It runs in its own process (benchmarks/run.py starts it), so nothing else is in its heap.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import multiprocessing
import pstats
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from io import BytesIO
from pathlib import Path

from measure import time_call

BENCHMARKS = Path(__file__).resolve().parent
ROSTER = BENCHMARKS.parent / "tests" / "fixtures" / "roster-30.txt"
REPORTLAB_SKIPPED = "skipped: pip install '.[bench]'"
WORKERS = 2

# (stage, file path ending, function name): cumulative times read from the profile
STAGES = (
    ("Jinja templates", "jinja2/environment.py", "render"),
    ("stylesheet and fonts set-up", "kitgen/kit/render.py", "__init__"),
    ("HTML parsing", "weasyprint/__init__.py", "__init__"),
    ("CSS cascade", "weasyprint/css/__init__.py", "get_all_computed_styles"),
    ("box tree", "weasyprint/formatting_structure/build.py", "build_formatting_structure"),
    ("layout", "weasyprint/layout/__init__.py", "layout_document"),
    ("  of which tables", "weasyprint/layout/table.py", "table_layout"),
    ("painting", "weasyprint/document.py", "paint"),
    ("PDF writing", "weasyprint/pdf/__init__.py", "generate_pdf"),
    ("  of which font subsetting", "weasyprint/pdf/fonts.py", "build_fonts_dictionary"),
    ("font checks (pypdf)", "kitgen/kit/fonts.py", "check_embedded_fonts"),
    ("pypdf append", "pypdf/_writer.py", "append"),
    ("pypdf write", "pypdf/_writer.py", "write"),
)

def page_count(*paths: Path) -> int:
    """Return the pages of the PDFs at ``paths`` together."""
    from pypdf import PdfReader

    return sum(len(PdfReader(path).pages) for path in paths)


class StripKit:
    """The 30-name strip kit and the kit modules' pieces the prototypes reuse."""

    def __init__(self, folder: Path) -> None:
        from kitgen.games import find_preset
        from kitgen.kit.request import KitRequest
        from kitgen.kit.roster import read_roster

        self.folder = folder
        self.rules = find_preset("strip").configure()
        self.names = read_roster(ROSTER).names
        self.request = KitRequest(rules=self.rules, players=self.names, output=folder / "kit.pdf", force=True)
        self.paths = (folder / "kit.pdf", folder / "kit-host-key.pdf")

    def build(self) -> None:
        """Write the kit with kitgen's own ``build_kit``."""
        from kitgen.kit.build import build_kit

        build_kit(self.request)

    def pieces(self):
        """Return a fresh renderer, the table chunks and the host key chunk, as ``build_kit`` makes them."""
        from kitgen.kit.layout import Layout, find_paper
        from kitgen.kit.parts.chunks import host_key_chunk, table_chunk
        from kitgen.kit.render import DocumentInfo, KitRenderer
        from kitgen.kit.tables import plan_tables
        from kitgen.rulebook import rulebook

        layout = Layout.for_print(find_paper("a4"), False)
        book = rulebook(self.rules)
        tables = plan_tables(self.rules, self.names, None, 1, None)
        chunks = [table_chunk(self.rules, table, layout, book) for table in tables]
        renderer = KitRenderer(layout)
        renderer.render = partial(renderer.render, info=DocumentInfo(book.title, ""))  # the prototypes' one title
        return renderer, chunks, host_key_chunk(self.rules, layout, book)


def reportlab_times(folder: Path, repeats: int) -> dict:
    """Return the ReportLab drawing's times and pages, or why it was skipped."""
    try:
        import reportlab_strip
    except ImportError:
        return {"skipped": REPORTLAB_SKIPPED}
    names = [line.strip() for line in ROSTER.read_text(encoding="utf-8").splitlines() if line.strip()]
    paths = (folder / "reportlab.pdf", folder / "reportlab-host-key.pdf")
    reportlab_strip.draw_strip_kit(names, *paths)
    samples = time_call(lambda: reportlab_strip.draw_strip_kit(names, *paths), repeats)
    return {"seconds": samples, "pages": page_count(*paths)}


def breakdown(kit: StripKit) -> dict:
    """Return the profiled share of each stage of one ``build_kit`` (see :data:`STAGES`)."""
    profile = cProfile.Profile()
    profile.enable()
    kit.build()
    profile.disable()
    stats = pstats.Stats(profile).stats
    whole = max(entry[3] for key, entry in stats.items() if key[2] == "build_kit")
    shares = {}
    for stage, ending, function in STAGES:
        spent = sum(entry[3] for (path, _, name), entry in stats.items()
                    if name == function and path.replace("\\", "/").endswith(ending))
        shares[stage] = round(spent / whole, 3)
    return {"profiled_seconds": round(whole, 2), "shares": shares}


def one_document(kit: StripKit) -> tuple[Callable[[], None], tuple[Path, Path]]:
    """Return a render of every table as one document (and the host key apart)."""
    from kitgen.kit.parts.part import Chunk

    renderer, chunks, key = kit.pieces()
    paths = (kit.folder / "one-document.pdf", kit.folder / "one-document-key.pdf")
    whole = Chunk("Kit", tuple(part for chunk in chunks for part in chunk.parts))

    def render() -> None:
        paths[0].write_bytes(renderer.render([whole]))
        paths[1].write_bytes(renderer.render([key]))

    return render, paths


_WORKER_PIECES = None  # the renderer and chunks a forked worker inherits


def _render_chunk(index: int) -> bytes:
    renderer, chunks, key = _WORKER_PIECES
    return renderer.render([(chunks + [key])[index]])


def parallel(kit: StripKit) -> tuple[Callable[[], None], tuple[Path, Path]]:
    """Return a render of the tables and the host key by forked workers, merged with pypdf."""
    from pypdf import PdfReader, PdfWriter

    global _WORKER_PIECES
    _WORKER_PIECES = kit.pieces()
    count = len(_WORKER_PIECES[1]) + 1
    paths = (kit.folder / "parallel.pdf", kit.folder / "parallel-key.pdf")

    def render() -> None:
        with ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("fork")) as pool:
            parts = list(pool.map(_render_chunk, range(count)))
        writer = PdfWriter()
        for part in parts[:-1]:
            writer.append(PdfReader(BytesIO(part)))
        with open(paths[0], "wb") as stream:
            writer.write(stream)
        paths[1].write_bytes(parts[-1])

    return render, paths


def cached_stamped(kit: StripKit) -> tuple[Callable[[], None], tuple[Path, Path]]:
    """Return the stamping of names and labels onto cached, already rendered table pages:
    one table's and the host key's PDFs rendered beforehand (as a cache of blank pages
    would hold them), each page's names and label drawn by a WeasyPrint overlay document
    merged onto it with pypdf."""
    from pypdf import PdfReader, PdfWriter

    renderer, chunks, key = kit.pieces()
    paths = (kit.folder / "reuse.pdf", kit.folder / "reuse-key.pdf")
    overlay_html = _overlay_html(kit, len(chunks))
    table_pdf, key_pdf = renderer.render([chunks[0]]), renderer.render([key])

    def render() -> None:
        table = PdfReader(BytesIO(table_pdf))
        writer = PdfWriter()
        for _ in chunks:
            writer.append(table)
        overlay = PdfReader(BytesIO(renderer.render_html(overlay_html)))
        for page, names in zip(writer.pages, overlay.pages, strict=False):
            page.merge_page(names)
        with open(paths[0], "wb") as stream:
            writer.write(stream)
        paths[1].write_bytes(key_pdf)

    return render, paths


def _overlay_html(kit: StripKit, tables: int) -> str:
    """Return an HTML document of only the names and labels a reused table's pages need:
    per table, 6 pages with up to 7 absolutely placed names and a page label."""
    import html

    pages = []
    for table in range(tables):
        seats = kit.names[table * 6:(table + 1) * 6]
        for page in range(6):
            spans = "".join(
                f'<span style="position: absolute; left: 20mm; top: {20 + 36 * row}mm">{html.escape(name)}</span>'
                for row, name in enumerate(seats + seats[:1])
            )
            pages.append(f'<section class="sheet" style="position: relative; height: 250mm">{spans}'
                         '<span style="position: absolute; right: 0; bottom: 0">'
                         f'Table {table + 1} page {page + 1}</span>'
                         "</section>")
    return f"<!DOCTYPE html><html><head><meta charset=utf-8><title>x</title></head><body>{''.join(pages)}</body></html>"


PROTOTYPES = {
    "one_document": one_document,
    "parallel": parallel,
    "cached_stamped": cached_stamped,
}


def investigate(kit: StripKit, repeats: int) -> dict:
    """Return the breakdown and each prototype's times and pages (or why it failed)."""
    found: dict = {}
    try:
        found["breakdown"] = breakdown(kit)
    except Exception as error:  # a prototype must not stop the benchmark
        found["breakdown"] = {"error": f"{type(error).__name__}: {error}"}
    for name, make in PROTOTYPES.items():
        try:
            render, paths = make(kit)
            render()
            found[name] = {"seconds": time_call(render, repeats), "pages": page_count(*paths)}
        except Exception as error:
            found[name] = {"error": f"{type(error).__name__}: {error}"}
    return found


def main(argv: list[str] | None = None) -> None:
    """Measure and print the moonshot figures as JSON on standard output."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--investigate", action="store_true")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="kitgen-moonshot-") as scratch:
        folder = Path(scratch)
        kit = StripKit(folder)
        kit.build()
        result = {"kitgen": {"seconds": time_call(kit.build, options.repeats), "pages": page_count(*kit.paths)}}
        result["reportlab"] = reportlab_times(folder, options.repeats)
        if options.investigate:
            result["investigate"] = investigate(kit, options.repeats)
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()

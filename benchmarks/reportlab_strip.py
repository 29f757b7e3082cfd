"""The speed-of-light reference: the 30-name ``strip`` kit drawn with a raw ReportLab canvas.

Benchmark only (ReportLab is the ``bench`` extra, never a runtime dependency). It draws
what the kit prints for 30 names in 5 tables of 6, with kitgen's rulebook text and its
Atkinson Hyperlegible font, embedded and subset: per table a rules card, two pages of
number strips (tiles 1-9 as 14 mm boxes between dashed cut lines, a drawn scissors
mark, player / attempt / remaining-sum fields), two pages of roll records (a numbered
row per throw), a totals page; on every page a 100 mm scale bar and a footer; plus a
separate one-page host key (every set of tiles per throw total, grouped by size). No
layout engine: every position is computed here, which is why it is the floor of floors.

``python benchmarks/reportlab_strip.py OUT.pdf`` draws it (``OUT-host-key.pdf`` beside it).
"""

from __future__ import annotations

import importlib
import json
import sys
from functools import cache
from itertools import combinations
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from kitgen.games import find_preset
from kitgen.rulebook import Rulebook, rulebook

REGULAR, BOLD = "KitAtkinson", "KitAtkinson-Bold"
WIDTH, HEIGHT = A4
MARGIN = 10 * mm
CONTENT = WIDTH - 2 * MARGIN
TILES = 9
TILE = 14 * mm
TILE_GAP = 3 * mm
STRIPS_PER_PAGE = 7
RECORDS_PER_PAGE = 6
ROW = 7 * mm
ATTEMPTS = 2
SPARE_STRIPS = 2
SEATS_PER_TABLE = 6
ROLL_COLUMNS = ("No.", "Roll total", "Numbers closed", "Checked sum")
GROUPS = ("Singles", "Pairs", "Threes", "Fours")


@cache
def register_fonts() -> None:
    """Register Atkinson Hyperlegible regular and bold (kitgen's packaged font) once."""
    root = Path(importlib.import_module("fontpkg_atkinson_hyperlegible").ROOT)
    files = {entry["weight"]: root / entry["path"]
             for entry in json.loads((root / "metadata.json").read_text(encoding="utf-8"))["files"]
             if entry["style"] == "normal"}
    pdfmetrics.registerFont(TTFont(REGULAR, str(files[400])))
    pdfmetrics.registerFont(TTFont(BOLD, str(files[700])))


def draw_strip_kit(names: list[str], kit_path: Path, key_path: Path) -> int:
    """Draw the strip kit for ``names`` (tables of 6) to ``kit_path`` and its host key to
    ``key_path``; return the number of pages drawn."""
    register_fonts()
    book = rulebook(find_preset("strip").configure())
    tables = [names[start:start + SEATS_PER_TABLE] for start in range(0, len(names), SEATS_PER_TABLE)]
    canvas = Canvas(str(kit_path), pagesize=A4, invariant=True)
    for number, seats in enumerate(tables, start=1):
        turns = [(name, str(attempt)) for attempt in range(1, ATTEMPTS + 1) for name in seats]
        strips = turns + [("", "")] * SPARE_STRIPS
        pages = [lambda: _rules_card(canvas, book)]
        pages += [lambda chunk=chunk: _strips(canvas, book, chunk) for chunk in _paginate(strips, STRIPS_PER_PAGE)]
        pages += [lambda chunk=chunk: _records(canvas, chunk) for chunk in _paginate(turns, RECORDS_PER_PAGE)]
        pages += [lambda seats=seats: _totals(canvas, book, seats)]
        for page, draw in enumerate(pages, start=1):
            draw()
            _furniture(canvas, f"Table {number} \u00b7 page {page} of {len(pages)}")
            canvas.showPage()
    drawn = canvas.getPageNumber() - 1
    canvas.save()
    key = Canvas(str(key_path), pagesize=A4, invariant=True)
    _host_key(key, book)
    _furniture(key, "Host key \u00b7 page 1 of 1")
    key.showPage()
    key.save()
    return drawn + 1


def _paginate(items: list, per_page: int) -> list[list]:
    return [items[start:start + per_page] for start in range(0, len(items), per_page)]


def _heading(canvas: Canvas, text: str) -> float:
    """Draw a sheet heading with its rule under it; return the y below it."""
    top = HEIGHT - MARGIN
    canvas.setFont(BOLD, 14)
    canvas.drawString(MARGIN, top - 14, text)
    canvas.setLineWidth(0.4 * mm)
    canvas.line(MARGIN, top - 18, WIDTH - MARGIN, top - 18)
    return top - 18 - 4 * mm


def _paragraph(canvas: Canvas, text: str, y: float, font: str = REGULAR, size: float = 10,
               x: float = MARGIN, width: float = CONTENT) -> float:
    """Draw ``text`` wrapped to ``width``; return the y below it."""
    canvas.setFont(font, size)
    for line in simpleSplit(text, font, size, width):
        y -= size * 1.3
        canvas.drawString(x, y, line)
    return y


def _rules_card(canvas: Canvas, book: Rulebook) -> None:
    y = _heading(canvas, "Rules")
    y = _paragraph(canvas, book.title, y, BOLD, 16) - 2 * mm
    y = _paragraph(canvas, book.goal, y, BOLD) - 2 * mm
    for section in book.sections:
        y = _paragraph(canvas, section.heading, y, BOLD, 11)
        for text in section.paragraphs:
            y = _paragraph(canvas, text, y) - 1 * mm
        y -= 2 * mm
    top = y
    y = _paragraph(canvas, book.example.heading, y - 2 * mm, BOLD, 11, MARGIN + 3 * mm, CONTENT - 6 * mm)
    for text in book.example.paragraphs:
        y = _paragraph(canvas, text, y, REGULAR, 10, MARGIN + 3 * mm, CONTENT - 6 * mm)
    canvas.setLineWidth(0.4 * mm)
    canvas.rect(MARGIN, y - 2 * mm, CONTENT, top - y + 2 * mm)


def _scissors(canvas: Canvas, x: float, y: float) -> None:
    """Draw a scissors mark (two rings and crossed blades) centred at ``x, y``."""
    canvas.setFillColorRGB(1, 1, 1)
    canvas.rect(x - 1 * mm, y - 2.5 * mm, 8 * mm, 5 * mm, stroke=0, fill=1)
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setLineWidth(0.3 * mm)
    canvas.circle(x + 1 * mm, y + 1.2 * mm, 1 * mm)
    canvas.circle(x + 1 * mm, y - 1.2 * mm, 1 * mm)
    canvas.line(x + 2 * mm, y + 1 * mm, x + 6 * mm, y - 1.5 * mm)
    canvas.line(x + 2 * mm, y - 1 * mm, x + 6 * mm, y + 1.5 * mm)


def _strips(canvas: Canvas, book: Rulebook, strips: list[tuple[str, str]]) -> None:
    y = _heading(canvas, "Number strips")
    height = 34 * mm
    for name, attempt in strips:
        canvas.setDash(3, 2)
        canvas.setLineWidth(0.3 * mm)
        canvas.line(MARGIN, y, WIDTH - MARGIN, y)
        canvas.setDash()
        _scissors(canvas, MARGIN + 4 * mm, y)
        tile_y = y - 4 * mm - TILE
        canvas.setLineWidth(0.5 * mm)
        canvas.setFont(BOLD, 16)
        for tile in range(1, TILES + 1):
            x = MARGIN + (tile - 1) * (TILE + TILE_GAP)
            canvas.roundRect(x, tile_y, TILE, TILE, 1 * mm)
            canvas.drawCentredString(x + TILE / 2, tile_y + TILE / 2 - 5, str(tile))
        field_y = tile_y - 8 * mm
        _field(canvas, "Player", name, MARGIN, field_y, 70 * mm)
        _field(canvas, "Attempt", attempt, MARGIN + 80 * mm, field_y, 30 * mm)
        _field(canvas, "Remaining sum", "", MARGIN + 120 * mm, field_y, 70 * mm)
        canvas.setFont(REGULAR, 7)
        canvas.drawString(MARGIN, field_y - 4 * mm, book.strip_hint)
        y -= height
    canvas.setDash(3, 2)
    canvas.line(MARGIN, y, WIDTH - MARGIN, y)
    canvas.setDash()


def _field(canvas: Canvas, label: str, value: str, x: float, y: float, width: float) -> None:
    """Draw a labelled write-in field with ``value`` filled in on its line."""
    canvas.setFont(REGULAR, 10)
    canvas.drawString(x, y, label)
    start = x + canvas.stringWidth(label, REGULAR, 10) + 1.5 * mm
    canvas.setLineWidth(0.3 * mm)
    canvas.line(start, y - 1 * mm, x + width, y - 1 * mm)
    canvas.setFont(BOLD, 10)
    canvas.drawString(start + 1 * mm, y, value)


def _grid(canvas: Canvas, x: float, y: float, widths: list[float], rows: list[tuple[str, ...]],
          bold_column: int | None = None) -> float:
    """Draw a bordered table at ``x, y`` (top left) with a header row first; return its bottom."""
    canvas.setLineWidth(0.3 * mm)
    for index, row in enumerate(rows):
        left = x
        for column, (width, text) in enumerate(zip(widths, row, strict=True)):
            canvas.rect(left, y - ROW, width, ROW)
            font = BOLD if index == 0 or column == bold_column else REGULAR
            canvas.setFont(font, 8 if index == 0 else 10)
            canvas.drawString(left + 1.5 * mm, y - ROW + 2.2 * mm, text)
            left += width
        y -= ROW
    return y


def _records(canvas: Canvas, turns: list[tuple[str, str]]) -> None:
    y = _heading(canvas, "Roll records")
    width = (CONTENT - 5 * mm) / 2
    widths = [10 * mm] + [(width - 10 * mm) * share for share in (0.26, 0.45, 0.29)]
    rows = [ROLL_COLUMNS] + [(str(row), "", "", "") for row in range(1, TILES + 1)]
    for index, (name, attempt) in enumerate(turns):
        x = MARGIN + (index % 2) * (width + 5 * mm)
        top = y - (index // 2) * (len(rows) * ROW + 14 * mm)
        _field(canvas, "Player", name, x, top - 6 * mm, width * 0.65)
        _field(canvas, "Attempt", attempt, x + width * 0.7, top - 6 * mm, width * 0.3)
        _grid(canvas, x, top - 9 * mm, widths, rows)


def _totals(canvas: Canvas, book: Rulebook, seats: list[str]) -> None:
    y = _heading(canvas, "Player totals")
    y = _paragraph(canvas, book.title, y, BOLD, 14) - 3 * mm
    widths = [12 * mm, CONTENT * 0.34] + [(CONTENT * 0.66 - 12 * mm) / 3] * 3
    rows = [("Seat", "Player", "Attempt 1", "Attempt 2", "Combined")]
    rows += [(str(seat), name, "", "", "") for seat, name in enumerate(seats, start=1)]
    y = _grid(canvas, MARGIN, y, widths, rows, bold_column=1)
    _paragraph(canvas, book.result_rule, y - 3 * mm, BOLD)


def _host_key(canvas: Canvas, book: Rulebook) -> None:
    y = _heading(canvas, "Host key")
    y = _paragraph(canvas, book.title, y, BOLD, 14) - 3 * mm
    widths = [14 * mm, CONTENT * 0.12, CONTENT * 0.24, CONTENT * 0.36, CONTENT * 0.28 - 28 * mm, 14 * mm]
    canvas.setLineWidth(0.3 * mm)
    header = ("Throw", *GROUPS, "Sets")
    rows = [header]
    for total in range(2, 13):
        groups = [[chosen for chosen in combinations(range(1, min(TILES, total) + 1), size) if sum(chosen) == total]
                  for size in range(1, len(GROUPS) + 1)]
        cells = ["  ".join("+".join(map(str, chosen)) for chosen in group) for group in groups]
        rows.append((str(total), *cells, str(sum(map(len, groups)))))
    for index, row in enumerate(rows):
        left = MARGIN
        lines = [simpleSplit(text, REGULAR, 9, width - 3 * mm) or [""] for width, text in zip(widths, row, strict=True)]
        height = max(map(len, lines)) * 11 + 2 * mm
        for width, wrapped in zip(widths, lines, strict=True):
            canvas.rect(left, y - height, width, height)
            canvas.setFont(BOLD if index == 0 else REGULAR, 9)
            for number, line in enumerate(wrapped):
                canvas.drawString(left + 1.5 * mm, y - 1 * mm - 9 - number * 11, line)
            left += width
        y -= height
    y -= 3 * mm
    for note in book.host_notes:
        y = _paragraph(canvas, "\u2022 " + note, y) - 1 * mm


def _furniture(canvas: Canvas, label: str) -> None:
    """Draw the 100 mm scale bar, its label, the printing note and the page label."""
    y = MARGIN + 6 * mm
    canvas.setLineWidth(0.2 * mm)
    for segment in range(10):
        canvas.setFillGray(0 if segment % 2 == 0 else 1)
        canvas.rect(MARGIN + segment * 10 * mm, y, 10 * mm, 2 * mm, stroke=1, fill=1)
    canvas.setFillGray(0)
    canvas.setFont(BOLD, 7)
    canvas.drawString(MARGIN + 102 * mm, y, "100 mm")
    canvas.setFont(REGULAR, 7)
    canvas.drawString(MARGIN, y - 4 * mm, "Print at actual size (100%); each bar must measure exactly what it says.")
    canvas.drawRightString(WIDTH - MARGIN, y, label)


if __name__ == "__main__":
    output = Path(sys.argv[1])
    roster = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "roster-30.txt"
    players = [line.strip() for line in roster.read_text(encoding="utf-8").splitlines() if line.strip()]
    draw_strip_kit(players, output, output.with_name(f"{output.stem}-host-key.pdf"))

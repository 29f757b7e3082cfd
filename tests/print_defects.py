"""Print defects read from a PDF's glyph boxes (issue 9, "Checks"): two glyphs overprinting,
a glyph crossed by a rule or a border, a glyph outside the 10 mm safe margin.

Every glyph's box is its advance width by its em height, as pdfplumber reads it from the
PDF. Rules are what the page paints: stroked lines (collapsed table borders, cut lines)
thickened by their line width, and the borders WeasyPrint fills between a box's outer and
inner edges (two nested rectangles, or rounded ones, filled even-odd), as the strips
between them; a dark filled shape (a scale bar's black segment) counts whole.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pdfplumber

MARGIN_PT = 10 / 25.4 * 72  # docs/kit.md: content kept inside a 10 mm safe margin
TOUCH_PT = 0.15  # boxes sharing an edge, or closer than rounding, do not count
KERN_SHARE = 0.3  # glyphs next to each other in the text may overlap this share (kerning)
DARK = 0.5  # a fill this dark or darker paints a rule; lighter ones are backgrounds
BUCKET_PT = 24.0

Box = tuple[float, float, float, float]  # x0, top, x1, bottom in PDF points from the top left


@dataclass(frozen=True)
class Defect:
    """One print defect: its ``kind`` (``overlap``, ``rule`` or ``margin``), the page it is
    on (from 1) and the text it spoils."""

    kind: str
    page: int
    text: str


def print_defects(path: Path) -> list[Defect]:
    """Return every print defect on every page of the PDF at ``path``."""
    with pdfplumber.open(path) as pdf:
        return [defect for number, page in enumerate(pdf.pages, start=1) for defect in _page_defects(page, number)]


def _page_defects(page, number: int) -> Iterator[Defect]:
    """Yield the defects of ``page`` (page ``number``): glyphs with no width, such as
    spaces and combining marks set on their letter, are left out."""
    glyphs = [char for char in page.chars if char["text"].strip() and char["x1"] - char["x0"] > TOUCH_PT]
    boxes = [(char["x0"], char["top"], char["x1"], char["bottom"]) for char in glyphs]
    safe = (MARGIN_PT, MARGIN_PT, page.width - MARGIN_PT, page.height - MARGIN_PT)
    for index, box in enumerate(boxes):
        if not _inside(box, safe):
            yield Defect("margin", number, _context(glyphs, index))
    for first, second in _overlapping_pairs(boxes):
        yield Defect("overlap", number, f"{_context(glyphs, first)} / {_context(glyphs, second)}")
    rules = list(_rules(page))
    for index, box in enumerate(boxes):
        if any(_overlap(box, rule, TOUCH_PT) for rule in rules):
            yield Defect("rule", number, _context(glyphs, index))


def _overlapping_pairs(boxes: list[Box]) -> Iterator[tuple[int, int]]:
    """Yield the index pairs of glyph boxes that overlap: by more than a touch, or, for
    glyphs next to each other in the text on one line, by more than kerning moves them."""
    buckets: dict[tuple[int, int], list[int]] = {}
    for index, (x0, top, x1, bottom) in enumerate(boxes):
        for column in range(int(x0 // BUCKET_PT), int(x1 // BUCKET_PT) + 1):
            for row in range(int(top // BUCKET_PT), int(bottom // BUCKET_PT) + 1):
                buckets.setdefault((column, row), []).append(index)
    pairs = {
        (first, second)
        for members in buckets.values()
        for position, first in enumerate(members)
        for second in members[position + 1:]
    }
    for first, second in sorted(pairs):
        a, b = boxes[first], boxes[second]
        neighbours = second == first + 1 and abs(a[3] - b[3]) < TOUCH_PT
        width = min(a[2] - a[0], b[2] - b[0])
        if _overlap(a, b, KERN_SHARE * width if neighbours else TOUCH_PT):
            yield first, second


def _rules(page) -> Iterator[Box]:
    """Yield the painted rules and dark shapes of ``page`` as boxes."""
    for line in page.lines:
        half = line["linewidth"] / 2
        yield line["x0"] - half, line["top"] - half, line["x1"] + half, line["bottom"] + half
    shapes = [shape for shape in page.objects.get("rect", []) + page.objects.get("curve", [])]
    filled = [shape for shape in shapes if shape["fill"] and _dark(shape["non_stroking_color"])]
    used: set[int] = set()
    for index, shape in enumerate(filled):
        if index in used:
            continue
        outer = _box(shape)
        partner = next(
            (other for other in range(index + 1, min(index + 3, len(filled)))
             if other not in used and filled[other]["evenodd"] and shape["evenodd"]
             and (_inside(_box(filled[other]), outer) or _inside(outer, _box(filled[other])))),
            None,
        )
        if partner is None:
            yield outer
            continue
        used.add(partner)
        inner = _box(filled[partner])
        if _inside(outer, inner):
            outer, inner = inner, outer
        yield from _frame(outer, inner)
    for shape in shapes:
        if shape["stroke"] and _dark(shape["stroking_color"]):
            yield from _frame(*_stroke_edges(shape))


def _frame(outer: Box, inner: Box) -> Iterator[Box]:
    """Yield the strips between ``outer`` and ``inner`` that have a width (a border's sides)."""
    x0, top, x1, bottom = outer
    ix0, itop, ix1, ibottom = inner
    for strip in ((x0, top, x1, itop), (x0, ibottom, x1, bottom), (x0, top, ix0, bottom), (ix1, top, x1, bottom)):
        if strip[2] - strip[0] > TOUCH_PT and strip[3] - strip[1] > TOUCH_PT:
            yield strip


def _stroke_edges(shape) -> tuple[Box, Box]:
    """Return the outer and inner edge of a stroked rectangle or curve's outline."""
    half = shape["linewidth"] / 2
    x0, top, x1, bottom = _box(shape)
    return (x0 - half, top - half, x1 + half, bottom + half), (x0 + half, top + half, x1 - half, bottom - half)


def _box(shape) -> Box:
    return shape["x0"], shape["top"], shape["x1"], shape["bottom"]


def _dark(color) -> bool:
    if color is None:
        return True
    values = color if isinstance(color, (tuple, list)) else (color,)
    if len(values) == 4:  # CMYK
        return sum(values) / 4 > 1 - DARK
    return bool(values) and sum(values) / len(values) <= DARK


def _inside(box: Box, area: Box) -> bool:
    return (box[0] >= area[0] - TOUCH_PT and box[1] >= area[1] - TOUCH_PT
            and box[2] <= area[2] + TOUCH_PT and box[3] <= area[3] + TOUCH_PT)


def _overlap(a: Box, b: Box, allowed: float) -> bool:
    """Return whether ``a`` and ``b`` overlap by more than ``allowed`` both ways."""
    across = min(a[2], b[2]) - max(a[0], b[0])
    down = min(a[3], b[3]) - max(a[1], b[1])
    return across > allowed and down > TOUCH_PT


def _context(glyphs: list[dict], index: int) -> str:
    """Return the glyph at ``index`` in a few glyphs of its text, marked with brackets."""
    before = "".join(char["text"] for char in glyphs[max(0, index - 8):index])
    after = "".join(char["text"] for char in glyphs[index + 1:index + 9])
    return f"{before}[{glyphs[index]['text']}]{after}"

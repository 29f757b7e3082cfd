"""Fillable fields clear of the print (issue 22 item 8): in every preset's fillable kit no
field lies over a printed word, none overlaps another field or a tick box, and each lies on
a printed place to write (boxed in by printed rules: a cell's, a box's or a field's line)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
import pytest
from fill_kits import FILLABLE_PRESETS
from games_box import rules_for
from pypdf import PdfReader

from kitgen.kit.build import render_kit
from kitgen.kit.request import KitRequest

pytestmark = pytest.mark.render

CASES = {**FILLABLE_PRESETS, "hundred-digits": (rules_for("hundred", scoring="digits"), ("Ana", "", ""))}

TILE = re.compile(r"\.tile0*(\d+)$")
WORD_SLACK_PT = 0.3  # glyph boxes are the font's, a little taller than the ink
RULE_NEAR_PT = 10 * 72 / 25.4  # the rules boxing a field in: one at most 10 mm from its edge
RULE_REACH_PT = 40 * 72 / 25.4  # ... the other at most 40 mm (a tall cell's bottom)
RULE_COVER = 0.8  # ... and along this much of its width at least


@dataclass(frozen=True)
class Box:
    """A rectangle on a page in points, from the page's top left."""

    x0: float
    top: float
    x1: float
    bottom: float

    def overlap_pt(self, other: Box) -> tuple[float, float]:
        return (min(self.x1, other.x1) - max(self.x0, other.x0),
                min(self.bottom, other.bottom) - max(self.top, other.top))


@dataclass(frozen=True)
class Widget:
    name: str
    tick_box: bool
    box: Box


def render(path: Path, case: str) -> Path:
    rules, players = CASES[case]
    path.write_bytes(render_kit(KitRequest(rules, players, host_key="none", fillable=True)).pdfs[0])
    return path


def pages(path: Path):
    """Yield each page's widgets, printed words and horizontal rules (pdfplumber's edges)."""
    reader = PdfReader(path)
    with pdfplumber.open(path) as pdf:
        for page, plumbed in zip(reader.pages, pdf.pages, strict=True):
            height = float(page.mediabox.height)
            widgets = []
            for annotation in page.get("/Annots", ()):
                widget = annotation.get_object()
                x1, y1, x2, y2 = (float(value) for value in widget["/Rect"])
                box = Box(min(x1, x2), height - max(y1, y2), max(x1, x2), height - min(y1, y2))
                widgets.append(Widget(str(widget["/T"]), widget.get("/FT") == "/Btn", box))
            words = [(word["text"], Box(word["x0"], word["top"], word["x1"], word["bottom"]))
                     for word in plumbed.extract_words()]
            rules = [edge for edge in plumbed.edges if edge["orientation"] == "h"]
            yield widgets, words, rules


def words_under_fields(path: Path) -> list[str]:
    """Return each field that lies over a printed word, but a tile's tick box over its own
    number (docs/FORMS.md: the tile is the tick box)."""
    found = []
    for number, (widgets, words, _rules) in enumerate(pages(path), 1):
        for widget in widgets:
            tile = TILE.search(widget.name)
            for text, box in words:
                dx, dy = widget.box.overlap_pt(box)
                if dx > WORD_SLACK_PT and dy > WORD_SLACK_PT and not (tile and text == str(int(tile[1]))):
                    found.append(f"page {number}: {widget.name} over {text!r}")
    return found


def overlapping_fields(path: Path) -> list[str]:
    found = []
    for number, (widgets, _words, _rules) in enumerate(pages(path), 1):
        for index, one in enumerate(widgets):
            for other in widgets[index + 1:]:
                dx, dy = one.box.overlap_pt(other.box)
                if dx > 0 and dy > 0:
                    found.append(f"page {number}: {one.name} and {other.name} by {dx:.1f} x {dy:.1f} pt")
    return found


def fields_without_a_place(path: Path) -> list[str]:
    """Return each field not boxed in by printed rules along most of its width: one above it
    and one under it, within :data:`RULE_REACH_PT` of its edges and one of them within
    :data:`RULE_NEAR_PT` (a cell's, a tile's, a field's line)."""
    found = []
    for number, (widgets, _words, rules) in enumerate(pages(path), 1):
        for widget in widgets:
            box = widget.box
            above = [rule for rule in rules if -WORD_SLACK_PT <= box.top - rule["top"] <= RULE_REACH_PT]
            under = [rule for rule in rules if -WORD_SLACK_PT <= rule["top"] - box.bottom <= RULE_REACH_PT]
            near = [rule for rule in above + under
                    if min(abs(box.top - rule["top"]), abs(rule["top"] - box.bottom)) <= RULE_NEAR_PT]
            if not (_covers(above, box) and _covers(under, box) and _covers(near, box)):
                found.append(f"page {number}: {widget.name}")
    return found


def _covers(rules: list[dict], box: Box) -> bool:
    spans = sorted((max(rule["x0"], box.x0), min(rule["x1"], box.x1)) for rule in rules
                   if rule["x1"] > box.x0 and rule["x0"] < box.x1)
    covered, reach = 0.0, box.x0
    for start, end in spans:
        if end > reach:
            covered += end - max(start, reach)
            reach = end
    return covered >= RULE_COVER * (box.x1 - box.x0)


@pytest.mark.parametrize("case", CASES)
def test_no_field_lies_over_a_printed_word(kits, case):
    """A totals line's field once covered its label ("score", "total")."""
    assert words_under_fields(kits(case)) == []


@pytest.mark.parametrize("case", CASES)
def test_no_field_overlaps_another_or_a_tick_box(kits, case):
    """An unlabelled field of a best-of-3 totals cell once lay 5 pt over its "won" tick box."""
    assert overlapping_fields(kits(case)) == []


@pytest.mark.parametrize("case", CASES)
def test_every_field_lies_on_a_printed_place(kits, case):
    path = kits(case)
    assert PdfReader(path).get_fields()
    assert fields_without_a_place(path) == []

"""Kits as printed: no glyph overprints another, none is crossed by a rule, none leaves
the 10 mm safe margin (issue 9, "Checks"), for every preset on A4 and Letter, in normal
and large print, with names at the name rule's limits, and for the default kits."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from print_defects import print_defects

from kitgen.games import find_preset
from kitgen.kit.build import build_kit
from kitgen.kit.layout import FOOTER_PT, Layout, find_paper
from kitgen.kit.render import KitRenderer
from kitgen.kit.request import KitRequest
from kitgen.rules.names import parse_names

# Names at the rule's limits, four so that a table of classic holds them all: 40 of the
# widest letters, a 40-letter Greek name with spaces, and 40 characters mixing Cyrillic
# with Latin letters carrying two combining marks (no precomposed form takes them in).
LIMIT_NAMES = parse_names([
    "W" * 40,
    "M" * 40,
    "Αλεξάνδρα Παπαδοπούλου-Χατζηγεωργίου Ωμέγα"[:40],
    "Щукина-Жемчужникова Zoq\u0308\u0301 Mx\u0303\u0304ria Wiśnia",
])
PRESETS = {  # preset id: options (classic with 12 tiles: the widest strip and host key)
    "strip": {},
    "classic": {"tiles": "12", "format": "best-of-3"},
    "ten": {},
    "hundred": {"scoring": "digits"},
    "long-game": {},
    "knucklebones": {"match": "best-of-3"},
}
PRINTS = {"a4": ("a4", False), "a4-large": ("a4", True), "letter": ("letter", False),
          "letter-large": ("letter", True)}
CASES = {f"{preset}-{size}": (preset, size) for preset in PRESETS for size in PRINTS}
CASES |= {f"{preset}-default": (preset, None) for preset in PRESETS}  # blank, default options

# The faults of kits before issue 9, set the way they were set: a name wider than its
# fixed field overflowing into the label after it, a set of tiles kept on one line past
# its column's rule (the large-print host key), and a name pushed past the page's edge.
OVERPRINT = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"></head><body>
<p class="fields"><span class="field-label">Player</span><span class="field"
 style="width: 30mm; white-space: nowrap">Katarzyna Wiśniewska-Zielińska</span><span
 class="field-label">Attempt</span></p>
<table style="table-layout: fixed; width: 40mm"><tr><td style="width: 10mm; white-space: nowrap">1+2+3+4</td>
<td></td></tr></table>
<p style="margin-left: 175mm; white-space: nowrap">Amara Okafor</p>
</body></html>"""


def render(path: Path, case: str) -> Path:
    """Render ``case`` with its host key appended: a preset in a print size, seated with
    the limit names, or the preset's default kit."""
    preset, size = CASES[case]
    if size is None:
        request = KitRequest(find_preset(preset).configure(), host_key="appended", output=path)
    else:
        paper, large = PRINTS[size]
        rules = find_preset(preset).configure(PRESETS[preset])
        request = KitRequest(rules, LIMIT_NAMES, paper=paper, large_print=large,
                             host_key="appended", output=path)
    assert build_kit(request).paths == [path]
    return path


@pytest.mark.parametrize("case", CASES)
def test_nothing_overprints_crosses_a_rule_or_leaves_the_margin(kits, case):
    assert print_defects(kits(case)) == []


def test_the_check_catches_an_overprint_a_crossed_rule_and_the_margin(tmp_path):
    renderer = KitRenderer(Layout.for_print(find_paper("a4"), False))
    path = tmp_path / "overprint.pdf"
    path.write_bytes(renderer.render_html(OVERPRINT))
    defects = print_defects(path)
    assert {defect.kind for defect in defects} == {"overlap", "rule", "margin"}
    assert any("[A]ttempt" in defect.text for defect in defects if defect.kind == "overlap")
    assert {defect.text.partition("[")[2][0] for defect in defects if defect.kind == "margin"} <= set("Okafor")


@pytest.mark.parametrize("case", ["classic-a4", "ten-a4-large"])
def test_tile_faces_and_row_numbers_print_a_plain_zero(kits, case):
    """Every zero on the strips and roll records but the footer's (its small "100 mm")
    is in the numbers' family: tiles and rows 10-12."""
    zeros = []
    with pdfplumber.open(kits(case)) as pdf:
        for page in pdf.pages:
            if page.extract_text().startswith(("Number strips", "Roll records")):
                zeros += [char["fontname"] for char in page.chars
                          if char["text"] == "0" and char["size"] > FOOTER_PT]
    assert zeros and all("Noto" in name for name in zeros)



SHEET_HEADINGS = ("Rules", "Number strips", "Turn sheet", "Board sheet", "Continuation sheet", "Roll records",
                  "Turn record", "Player totals", "Boards",
                  "Placement record", "Match record", "Host key")


@pytest.mark.parametrize("case", ["ten-a4-large", "classic-letter-large"])
def test_every_page_of_a_rules_card_opens_with_its_heading(kits, case):
    """A rules card in large print runs onto a second page, which repeats its heading."""
    with pdfplumber.open(kits(case)) as pdf:
        openings = [page.extract_text().split("\n")[0] for page in pdf.pages]
    sheet, orphans = "", []
    for line in openings:
        if line.startswith(SHEET_HEADINGS):
            sheet = line
        elif sheet.startswith("Rules"):
            orphans.append(line)
    assert orphans == []
    assert openings[1].startswith("Rules")  # the card did run on

"""Text measured with the kit fonts' advance widths (kitgen.kit.measure; issue 9: sizes
from the fonts, never from an average character)."""

from __future__ import annotations

import pdfplumber
import pytest

from kitgen.kit.layout import PT_PER_MM, Layout, find_paper
from kitgen.kit.measure import BOLD, REGULAR, fitted_pt, lines_for, text_mm
from kitgen.kit.render import KitRenderer

SAMPLES = ["WWWWWWWWWW", "Katarzyna Wiśniewska-Zielińska", "Αλεξάνδρα Παπαδοπούλου", "Щукина Жемчужникова"]


def test_wide_letters_measure_wider_than_narrow_ones_and_bold_wider_than_regular():
    assert text_mm("W" * 40, 10) > 3 * text_mm("i" * 40, 10)
    assert text_mm("Amara Okafor", 10, BOLD) > text_mm("Amara Okafor", 10, REGULAR)
    assert text_mm("", 10) == 0
    assert text_mm("Ana Ana", 10) == pytest.approx(2 * text_mm("Ana", 10) + text_mm(" ", 10))


def test_lines_break_at_spaces_and_hyphens_and_inside_a_word_too_long():
    one = text_mm("Katarzyna", 10, BOLD)
    assert lines_for("Katarzyna", one + 0.01, 10, BOLD) == 1
    assert lines_for("Katarzyna Katarzyna", one + 1, 10, BOLD) == 2
    assert lines_for("Katarzyna-Katarzyna", one + text_mm("-", 10, BOLD) + 0.01, 10, BOLD) == 2
    assert lines_for("W" * 40, text_mm("W" * 10, 10, BOLD) + 0.01, 10, BOLD) == 4
    assert lines_for("", 10, 10) == 0


def test_a_name_too_long_for_its_lines_prints_smaller_until_it_fits():
    width = text_mm("W" * 20, 10, BOLD)
    assert fitted_pt("W" * 20, width + 0.01, 10, 1, BOLD) == 10
    size = fitted_pt("W" * 40, width, 10, 1, BOLD)
    assert size < 5.01 and lines_for("W" * 40, width, size, BOLD) == 1


@pytest.mark.parametrize("weight", [REGULAR, BOLD])
def test_measured_widths_match_what_the_renderer_prints(tmp_path, weight):
    renderer = KitRenderer(Layout.for_print(find_paper("a4"), False))
    lines = "".join(f"<p style='font-weight: {weight}; white-space: nowrap'>{text}</p>" for text in SAMPLES)
    path = tmp_path / "widths.pdf"
    path.write_bytes(renderer.render_html(f"<!DOCTYPE html><html lang='en'><body>{lines}</body></html>"))
    with pdfplumber.open(path) as pdf:
        printed = pdf.pages[0].extract_text_lines()
    for text, line in zip(SAMPLES, printed, strict=False):  # the page furniture follows
        measured_pt = text_mm(text, renderer.layout.text_pt, weight) * PT_PER_MM
        assert measured_pt == pytest.approx(line["x1"] - line["x0"], rel=0.03)

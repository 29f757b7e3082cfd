"""Page geometry in mm (kitgen.kit.layout; docs/kit.md "Print fidelity")."""

from __future__ import annotations

import gettext

import pytest

from kitgen import text
from kitgen.errors import OptionError
from kitgen.kit.layout import (
    CELL_PADDING_MM,
    FOOTER_PT,
    LARGE_PRINT_SCALE,
    MIN_ROW_MM,
    MIN_TILE_BOX_MM,
    Layout,
    column_widths,
    find_paper,
)
from kitgen.kit.measure import text_mm
from kitgen.kit.parts.roll_records import record_geometry
from kitgen.kit.parts.strips import strip_geometry

HINT = "Roll, cross out open numbers that add up to the roll; none fit: stop and add what is open."


def layouts():
    return [Layout.for_print(find_paper(paper), large) for paper in ("a4", "letter") for large in (False, True)]


def test_paper_sizes_in_points():
    assert find_paper("a4").size_pt == pytest.approx((595.28, 841.89), abs=0.01)
    assert find_paper("LETTER").size_pt == pytest.approx((612.0, 792.0), abs=0.01)


def test_unknown_paper_is_refused():
    with pytest.raises(OptionError, match="a4 or letter"):
        find_paper("a3")


def test_letter_pages_carry_a_four_inch_bar_too():
    assert [bar.label for bar in find_paper("a4").scale_bars] == ["100 mm"]
    assert [bar.length_mm for bar in find_paper("letter").scale_bars] == [100.0, pytest.approx(101.6)]


@pytest.mark.parametrize("layout", layouts(), ids=lambda layout: f"{layout.paper.id}-{layout.scale}")
@pytest.mark.parametrize("tiles", [9, 10, 12])
def test_strips_fit_inside_the_safe_margin_with_boxes_of_at_least_12_mm(layout, tiles):
    geometry = strip_geometry(tiles, HINT, layout)
    assert geometry.box_mm >= MIN_TILE_BOX_MM * layout.scale
    widest = max(len(row) for row in geometry.rows)
    assert widest * geometry.box_mm + (widest - 1) * geometry.gap_mm <= layout.content_width_mm
    assert [tile for row in geometry.rows for tile in row] == list(range(1, tiles + 1))
    assert geometry.per_page * geometry.height_mm <= layout.sheet_height_mm


def test_large_print_boxes_are_one_and_a_half_times_larger():
    normal = strip_geometry(9, HINT, Layout.for_print(find_paper("a4"), False))
    large = strip_geometry(9, HINT, Layout.for_print(find_paper("a4"), True))
    assert large.box_mm >= LARGE_PRINT_SCALE * normal.box_mm


def test_a_strip_too_wide_in_large_print_wraps_onto_two_rows():
    assert len(strip_geometry(9, HINT, Layout.for_print(find_paper("a4"), False)).rows) == 1
    assert len(strip_geometry(12, HINT, Layout.for_print(find_paper("a4"), False)).rows) == 1
    wrapped = strip_geometry(12, HINT, Layout.for_print(find_paper("a4"), True))
    assert wrapped.rows == ((1, 2, 3, 4, 5, 6), (7, 8, 9, 10, 11, 12))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_large_print_strip_puts_its_fields_beside_its_wrapped_tiles_and_fits_more_a_page(paper):
    # issue 22 item 1: a 9-tile strip wraps 5 + 4 in large print; its fields under the tiles
    # left the right of the tiles blank and two strips a page, a third of the page blank
    fields = (("Attempt", 21.0), ("Remaining sum", 39.0))
    layout = Layout.for_print(find_paper(paper), True)
    large = strip_geometry(9, HINT, layout, 2, fields)  # a name of two lines
    assert len(large.rows) == 2 and large.beside_mm > 0 and large.per_page >= 3
    below = strip_geometry(9, HINT, layout, 2)  # the fields under the tiles
    assert large.height_mm < below.height_mm and large.per_page >= below.per_page
    normal = strip_geometry(9, HINT, Layout.for_print(find_paper(paper), False), fields=fields)
    assert len(normal.rows) == 1 and normal.beside_mm == 0
    # twelve tiles wrap 6 + 6: too little room beside them, the fields stay under the tiles
    assert strip_geometry(12, HINT, Layout.for_print(find_paper("a4"), True), fields=fields).beside_mm == 0


@pytest.mark.parametrize("layout", layouts(), ids=lambda layout: f"{layout.paper.id}-{layout.scale}")
def test_records_fit_a_sheet_with_rows_of_at_least_7_mm(layout):
    geometry = record_geometry(9, layout, layout.header_mm(["Numbers closed"], [25.0]))
    assert geometry.row_mm >= MIN_ROW_MM * layout.scale
    per_column = geometry.per_page // geometry.columns
    assert per_column * geometry.height_mm + (per_column - 1) * layout.gap_mm <= layout.sheet_height_mm
    assert geometry.columns * geometry.width_mm <= layout.content_width_mm


def test_large_print_scales_text_and_rows():
    normal, large = Layout.for_print(find_paper("a4"), False), Layout.for_print(find_paper("a4"), True)
    assert large.text_pt >= LARGE_PRINT_SCALE * normal.text_pt
    assert large.row_mm >= LARGE_PRINT_SCALE * normal.row_mm


def test_the_page_area_keeps_the_10_mm_safe_margin_and_the_footer():
    layout = Layout.for_print(find_paper("a4"), False)
    assert layout.margin_mm == 10
    assert layout.content_width_mm == 190
    assert layout.content_height_mm == pytest.approx(297 - 20 - layout.footer_mm)


def test_column_widths_share_the_rest_by_weight():
    assert column_widths(100, 10, (1, 2)) == (10, 30.0, 60.0)


def test_a_header_grows_with_its_longest_wrapped_heading():
    layout = Layout.for_print(find_paper("a4"), False)
    one = layout.header_mm(["No.", "Total"], [10, 40])
    three = layout.header_mm(["No.", "Extra turns held"], [10, 16])
    assert one == layout.row_mm
    assert three == pytest.approx(3 * layout.header_line_mm + 1, abs=0.01)


@pytest.mark.parametrize("layout", layouts(), ids=lambda layout: layout.print_name)
def test_a_line_of_write_in_fields_fills_its_width(layout):
    labels, fixed = ("Player", "Attempt", "Remaining sum"), (layout.short_field_mm, layout.score_field_mm)
    name = layout.name_field_mm(layout.content_width_mm, labels, fixed)
    label_mm = layout.content_width_mm - name - sum(fixed) - 2 * layout.field_gap_mm - 3 * layout.label_gap_mm
    assert 30 < label_mm * (1 / layout.scale) < 60  # the three labels' own width, scaled with the text
    assert name > 40


def test_name_fields_on_one_line_share_what_the_labels_leave():
    layout = Layout(find_paper("a4"))
    first, second = (layout.name_field_mm(100, (label,)) for label in ("Seat 1", "Seat 2"))
    two = layout.name_field_mm(100, ("Seat 1", "Seat 2"), names=2)
    assert two == pytest.approx((first + second - 100 - layout.field_gap_mm) / 2, abs=0.02)


class ShortNumberHeading(gettext.NullTranslations):
    """A language whose heading of the row-number column is one narrow sign."""

    def pgettext(self, context: str, message: str) -> str:
        return "#" if (context, message) == ("number", "No.") else message


def test_the_row_number_column_holds_three_digits_under_a_heading_narrower_than_them():
    layout = Layout.for_print(find_paper("a4"), large_print=True)  # in normal print 10 mm holds them anyway
    digits_mm = 3 * max(text_mm(digit, layout.text_pt, numbers=True) for digit in "0123456789")
    text.use_catalog(ShortNumberHeading())
    try:
        assert layout.row_number_mm >= digits_mm + CELL_PADDING_MM
    finally:
        text.use_language("en")


class LongPrintNote(gettext.NullTranslations):
    """A language whose printing note is three times as long as English's."""

    def gettext(self, message: str) -> str:
        return message.replace("exactly", "exactly, " * 12) if message.startswith("Print at actual size") else message


def test_the_footer_has_room_for_each_line_the_printing_note_takes_in_the_language_in_use():
    layout = Layout.for_print(find_paper("a4"), large_print=False)
    english_mm = layout.footer_mm
    text.use_catalog(LongPrintNote())
    try:
        longer_mm, content_mm = layout.footer_mm, layout.content_height_mm
    finally:
        text.use_language("en")
    one_line_mm = FOOTER_PT / 72 * 25.4  # and a little more: its line height
    assert longer_mm > english_mm + one_line_mm and content_mm == pytest.approx(297 - 20 - longer_mm)

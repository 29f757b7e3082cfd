"""Page geometry in millimetres: paper, print size, and how parts fill pages (docs/kit.md,
"Print fidelity").

Every size content is fitted to (rows per page, field widths, name sizes) is decided here,
in Python, and handed to the templates as numbers: kit.css.j2 declares them once as custom
properties, beside the sizes that only style. Units are millimetres (``_mm``) unless a
name says points (``_pt``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from math import ceil, floor
from typing import ClassVar

from kitgen.errors import OptionError, quote
from kitgen.kit.measure import BOLD, fitted_pt, lines_for, text_mm
from kitgen.kit.tables import balanced_sizes
from kitgen.text import N_, gettext, pgettext

MARGIN_MM = 10.0  # docs/kit.md: content kept inside a 10 mm safe margin
MIN_TILE_BOX_MM = 12.0  # docs/kit.md: tile boxes at least 12 mm
MIN_ROW_MM = 7.0  # docs/kit.md: table rows at least 7 mm
LARGE_PRINT_SCALE = 1.5  # docs/kit.md: large print scales text and boxes at least 1.5x
MM_PER_INCH = 25.4
PT_PER_MM = 72 / MM_PER_INCH

TILE_BOX_MM = 14.0  # nominal tile box: 12 tiles still fit A4's width on one row
TILE_GAP_MM = 1.6
TEXT_PT = 10.5
LINE_HEIGHT = 1.3  # line height as a multiple of the font size
HEADING_ROOM_MM = 4.5  # a sheet's heading band: its line of text and this much round it
BAR_BAND_MM = 5.0  # one scale bar and its label
BAR_HEIGHT_MM = 3.0
BAR_OUTLINE_MM = 0.2
FOOTER_NOTE_MM = 4.5  # the footer's note: its first line
FOOTER_PT = 8.5  # the footer's text size: the host's, it does not grow in large print
FOOTER_LINE_HEIGHT = 1.2
FURNITURE_MM = 125.0  # the footer's left part: the widest scale bar (4 in) and its label; the page number: the rest
# what the footer's note says, formatted as Jinja's trans blocks are (python-format: "%%" prints "%")
PRINT_NOTE = N_("Print at actual size (100\u202f%%): each bar must measure exactly what it says.")
RECORD_MIN_WIDTH_MM = 88.0  # a roll record needs this much width for its four columns
CAPTION_LINES = 1.4  # a record's caption: one line of write-in fields
HEADER_PADDING_MM = 1.0
HEADER_SCALE = 0.9  # column headings print a little smaller than body text
ONE_LINE_HEADINGS_SHARE = 0.85  # headings kept on one line take this share of a table's width at most
BLOCK_GAP_MM = 5.0  # space between records on a sheet
TOTALS_ROW_MM = 9.0
STRIP_PADDING_MM = 3.0
FIELD_MM = 8.0  # the write-in fields under a strip's tiles
LABEL_GAP_MM = 1.5  # between a write-in field's label and its line
FIELD_GAP_MM = 4.0  # between a write-in field and the next field's label
CAPTION_GAP_MM = 1.5  # between a record's write-in fields and its table
CELL_PADDING_X_MM = 1.5  # a table cell's padding, left and right each
CELL_RULE_MM = 0.3  # a table cell's borders; collapsed, a cell's width holds one rule's width
# the width a table cell's padding and borders take from its text, with 0.2 mm to spare
CELL_PADDING_MM = 2 * CELL_PADDING_X_MM + CELL_RULE_MM + 0.2
FIELD_PADDING_MM = 1.0  # a write-in field's padding, each side
HANDWRITTEN_DIGIT_MM = 3.5  # room for one digit a child writes by hand (any print size)
WHOLE_WORD_SCALE = 0.7  # a name prints down to this share of its size to keep its words whole
NAME_LINES = 2  # a name wraps onto this many lines of its field at most, then prints smaller
HINT_SCALE = 0.85  # the strip hint prints a little smaller than body text
HINT_GAP_MM = 1.0  # between a strip's fields and its hint
CUT_CLEARANCE_MM = 4.0  # between a strip's last line and the cut line (and scissors) below
SMALL_SCALE = 0.85
TINY_SCALE = 0.65
TICK_MM = 3.0
SUBHEADING_SCALE = 1.1
SHORT_FIELD_MM = 14.0  # a write-in field for a number such as the attempt
SCORE_FIELD_MM = 26.0
ROW_NUMBER_MM = 10.0  # a record's "No." column
ROW_NUMBER_DIGITS = 3  # a record's rows are numbered below 1,000
ROLE_COLUMN_MM = 22.0
PLAYER_COLUMN_MM = 40.0  # a totals table's player column (names wrap in it)
DEFAULT_DIE_MM = 16.0  # docs/kit.md: cells sized for real dice, 16 mm dice by default
DIE_RANGE_MM = (8, 30)  # the die sizes a board is drawn for; real playing dice lie well inside
CELL_CLEARANCE_MM = 4.0  # a board cell is this much wider than its die: room to set it down
COLUMN_LABEL_GAP_MM = 1.5  # between a column's label and its top cell
SCORE_GAP_MM = 2.0  # between a column and its score box
MIDDLE_GAPS = 2  # block gaps above and below the rolled-die spot where there is room (half a gap at least)
SHEET_SLACK_MM = 1.0  # a page of boards or turn rows stops this short of the sheet's end (the renderer rounds)
TURN_LABEL_MM = 17.0  # a turn sheet's round column: "Round" over the number
ROW_RULE_MM = 0.5  # a table row's share of the rules between rows, with room to spare
TURN_SCORE_SHARE = 0.8  # a turn sheet's score column, as a share of a score field


def number_heading() -> str:
    """Return the heading of a record's row-number column (``No.``), in the language in use."""
    return pgettext("number", "No.")


@dataclass(frozen=True)
class ScaleBar:
    """A printed check of the printer's scale: a bar ``length_mm`` long, in ``segments``
    alternating black and white, labelled ``label``."""

    length_mm: float
    label: str
    segments: int
    height_mm: ClassVar[float] = BAR_HEIGHT_MM
    outline_mm: ClassVar[float] = BAR_OUTLINE_MM

    @property
    def segment_mm(self) -> float:
        """Return the length of one segment in mm."""
        return self.length_mm / self.segments

    @property
    def pieces(self) -> tuple[tuple[float, float, float, float, bool], ...]:
        """Return the bar's segments as (x, y, width, height, filled) in mm: black ones
        filled, white ones outlined inside their own edges, so the bar's outer ends lie
        exactly 0 and ``length_mm`` apart."""
        inset = BAR_OUTLINE_MM / 2
        return tuple(
            (index * self.segment_mm, 0.0, self.segment_mm, BAR_HEIGHT_MM, True)
            if index % 2 == 0
            else (index * self.segment_mm + inset, inset, self.segment_mm - BAR_OUTLINE_MM,
                  BAR_HEIGHT_MM - BAR_OUTLINE_MM, False)
            for index in range(self.segments)
        )


METRIC_BAR = ScaleBar(100.0, "100 mm", 10)  # docs/kit.md: a bar exactly 100 mm long
INCH_BAR = ScaleBar(4 * MM_PER_INCH, "4 in", 8)  # docs/kit.md: and 4 in on Letter


@dataclass(frozen=True)
class Paper:
    """A paper size: its id, width and height in mm, and the scale bars its pages carry."""

    id: str
    width_mm: float
    height_mm: float
    scale_bars: tuple[ScaleBar, ...]

    @property
    def size_pt(self) -> tuple[float, float]:
        """Return (width, height) in PDF points: A4 is 595.28 x 841.89, Letter 612 x 792."""
        return self.width_mm * PT_PER_MM, self.height_mm * PT_PER_MM


PAPERS = {
    "a4": Paper("a4", 210.0, 297.0, (METRIC_BAR,)),  # docs/kit.md: A4 210 x 297 mm
    "letter": Paper("letter", 8.5 * MM_PER_INCH, 11 * MM_PER_INCH, (METRIC_BAR, INCH_BAR)),
}


def find_paper(name: str) -> Paper:
    """Return the paper called ``name`` (``a4`` or ``letter``, any case).

    Raises :class:`OptionError` for another name.

    >>> find_paper("Letter").size_pt
    (612.0, 792.0)
    """
    try:
        return PAPERS[name.strip().lower()]
    except KeyError:
        raise OptionError(gettext("paper {paper} is not known (choose a4 or letter).").format(
            paper=quote(name))) from None


@dataclass(frozen=True)
class Layout:
    """The print size of one kit: its paper and its scale (1 normal, 1.5 large print).

    Every size a template prints with is a property here, scaled with the print size;
    the page area is the paper less the safe margin and the footer of scale bars.
    """

    paper: Paper
    scale: float = 1.0
    die_mm: float = DEFAULT_DIE_MM
    # sizes that do not scale with the print size: the same in every layout
    margin_mm: ClassVar[float] = MARGIN_MM
    label_gap_mm: ClassVar[float] = LABEL_GAP_MM
    field_gap_mm: ClassVar[float] = FIELD_GAP_MM
    caption_gap_mm: ClassVar[float] = CAPTION_GAP_MM
    field_padding_mm: ClassVar[float] = FIELD_PADDING_MM
    line_height: ClassVar[float] = LINE_HEIGHT
    bar_band_mm: ClassVar[float] = BAR_BAND_MM
    footer_pt: ClassVar[float] = FOOTER_PT
    footer_line_height: ClassVar[float] = FOOTER_LINE_HEIGHT
    furniture_mm: ClassVar[float] = FURNITURE_MM
    strip_padding_mm: ClassVar[float] = STRIP_PADDING_MM
    cell_padding_mm: ClassVar[float] = CELL_PADDING_MM
    cell_padding_x_mm: ClassVar[float] = CELL_PADDING_X_MM
    cell_rule_mm: ClassVar[float] = CELL_RULE_MM

    @classmethod
    def for_print(cls, paper: Paper, large_print: bool, die_mm: float = DEFAULT_DIE_MM) -> Layout:
        """Return the layout for ``paper``, in large print when ``large_print``, with
        knucklebones boards for dice ``die_mm`` wide (their cells do not scale: they hold
        real dice)."""
        return cls(paper, LARGE_PRINT_SCALE if large_print else 1.0, die_mm)

    @property
    def print_name(self) -> str:
        """Return the paper and print size in words, e.g. ``"A4 paper in large print"``."""
        name = pgettext("paper size", "Letter") if self.paper.id == "letter" else pgettext("paper size", "A4")
        if self.scale > 1:
            return gettext("{paper} paper in large print").format(paper=name)
        return gettext("{paper} paper").format(paper=name)

    @property
    def text_pt(self) -> float:
        return round(TEXT_PT * self.scale, 2)

    @property
    def line_mm(self) -> float:
        """Return the height of one line of body text in mm."""
        return self.text_pt / PT_PER_MM * LINE_HEIGHT

    @property
    def print_note(self) -> str:
        """Return the footer's note in the language in use."""
        return gettext(PRINT_NOTE) % {}

    @property
    def footer_mm(self) -> float:
        """Return the height of the footer band: one line per scale bar, then the note, in
        as many lines as the language in use takes for it."""
        more_lines = _lines_of_note(self.print_note) - 1
        note_mm = FOOTER_NOTE_MM + more_lines * FOOTER_PT / PT_PER_MM * FOOTER_LINE_HEIGHT
        return BAR_BAND_MM * len(self.paper.scale_bars) + note_mm

    @property
    def bottom_margin_mm(self) -> float:
        """Return the page's bottom margin: the safe margin plus the footer band."""
        return MARGIN_MM + self.footer_mm

    @property
    def content_width_mm(self) -> float:
        return self.paper.width_mm - 2 * MARGIN_MM

    @property
    def content_height_mm(self) -> float:
        return self.paper.height_mm - 2 * MARGIN_MM - self.footer_mm

    @property
    def heading_mm(self) -> float:
        """Return the height of a sheet's heading band: one line of the heading and room
        round it (11 mm in normal print)."""
        return round(self.heading_pt / PT_PER_MM * LINE_HEIGHT + HEADING_ROOM_MM, 2)

    @property
    def sheet_height_mm(self) -> float:
        """Return the height left on a sheet under its heading band and the gap below it."""
        return self.content_height_mm - self.heading_mm - self.gap_mm

    @property
    def tile_box_mm(self) -> float:
        return TILE_BOX_MM * self.scale

    @property
    def tile_gap_mm(self) -> float:
        return TILE_GAP_MM * self.scale

    @property
    def row_mm(self) -> float:
        """Return the height of a roll-record row (at least 7 mm, docs/kit.md)."""
        return MIN_ROW_MM * self.scale

    @property
    def totals_row_mm(self) -> float:
        return TOTALS_ROW_MM * self.scale

    @property
    def field_mm(self) -> float:
        return FIELD_MM * self.scale

    @property
    def record_field_mm(self) -> float:
        """Return the height of a line of write-in fields over a record's table."""
        return self.field_mm - CAPTION_GAP_MM

    def name_field_mm(
        self, width_mm: float, labels: Sequence[str], fixed_mm: Sequence[float] = (), names: int = 1,
    ) -> float:
        """Return the width of each of ``names`` name fields on a line of write-in fields
        ``width_mm`` wide: what the ``labels`` (one before each field, in body text), the
        gaps and the fixed-width fields ``fixed_mm`` leave, shared equally.

        >>> Layout(PAPERS["a4"]).name_field_mm(100, ("Player", "Round"), (14,))
        58.66
        """
        labels_mm = sum(text_mm(label, self.text_pt) + LABEL_GAP_MM for label in labels)
        gaps_mm = (len(labels) - 1) * FIELD_GAP_MM
        return floor((width_mm - labels_mm - gaps_mm - sum(fixed_mm)) / names * 100) / 100

    def name_lines(
        self, names: Sequence[str], width_mm: float, most: int = NAME_LINES,
        padding_mm: float = 2 * FIELD_PADDING_MM,
    ) -> int:
        """Return the lines the longest of ``names`` takes in a field ``width_mm`` wide
        (``padding_mm`` of it padding), in bold body text: at least 1, at most ``most``
        (a longer name prints smaller)."""
        inner = width_mm - padding_mm
        return max([1, *(min(most, lines_for(name, inner, self.text_pt, BOLD)) for name in names)])

    def name_pt(
        self, name: str, width_mm: float, lines: int, padding_mm: float = 2 * FIELD_PADDING_MM,
    ) -> float:
        """Return the size ``name`` prints at in a field ``width_mm`` wide (``padding_mm``
        of it padding) holding ``lines`` lines: body text size, or smaller where the name
        needs more lines.

        >>> layout = Layout(PAPERS["a4"])
        >>> layout.name_pt("Ana", 40, 1), layout.name_pt("W" * 40, 40, 2) < layout.text_pt
        (10.5, True)
        """
        return fitted_pt(name, width_mm - padding_mm, self.text_pt, lines, BOLD)

    def whole_words_pt(
        self, name: str, width_mm: float, lines: int, padding_mm: float = 2 * FIELD_PADDING_MM,
    ) -> float:
        """Return the size ``name`` prints at in a field ``width_mm`` wide holding ``lines``
        lines, as :meth:`name_pt`, and smaller where a word of it would otherwise break
        between its letters: as small as each word needs to fit a line whole (a word ends at
        a space or after a hyphen), down to :data:`WHOLE_WORD_SCALE` of that size (a longer
        word breaks anyway).

        >>> layout = Layout(PAPERS["a4"])
        >>> layout.whole_words_pt("Ana Featherstonehaugh-W", 30, 3) < layout.name_pt("Ana Featherstonehaugh-W", 30, 3)
        True
        """
        size = self.name_pt(name, width_mm, lines, padding_mm)
        words = [word for word in re.split(r"(?<=-)|\s+", name) if word]
        whole = min([size, *(fitted_pt(word, width_mm - padding_mm, size, 1, BOLD) for word in words)])
        return whole if whole >= size * WHOLE_WORD_SCALE else size

    @property
    def gap_mm(self) -> float:
        return BLOCK_GAP_MM * self.scale

    @property
    def heading_pt(self) -> float:
        return round(self.text_pt * 1.35, 2)

    @property
    def hint_pt(self) -> float:
        return round(self.text_pt * HINT_SCALE, 2)

    @property
    def header_pt(self) -> float:
        return round(self.text_pt * HEADER_SCALE, 2)

    @property
    def header_line_mm(self) -> float:
        """Return the height of one line of a column heading in mm."""
        return self.header_pt / PT_PER_MM * LINE_HEIGHT

    @property
    def small_pt(self) -> float:
        """Return the size of secondary text (sheet labels, counts)."""
        return round(self.text_pt * SMALL_SCALE, 2)

    @property
    def tiny_pt(self) -> float:
        """Return the size of the small labels inside table cells ("score", "out")."""
        return round(self.text_pt * TINY_SCALE, 2)

    @property
    def tick_mm(self) -> float:
        """Return the side of a tick box in a table cell."""
        return TICK_MM * self.scale

    @property
    def subheading_pt(self) -> float:
        return round(self.text_pt * SUBHEADING_SCALE, 2)

    @property
    def half_gap_mm(self) -> float:
        return self.gap_mm / 2

    @property
    def hint_gap_mm(self) -> float:
        return HINT_GAP_MM * self.scale

    @property
    def short_field_mm(self) -> float:
        return SHORT_FIELD_MM * self.scale

    @property
    def score_field_mm(self) -> float:
        return SCORE_FIELD_MM * self.scale

    def number_field_mm(self, digits: int) -> float:
        """Return the width of a field holding a number of ``digits`` digits written by
        hand, its padding included (hundred's digits scoring: up to 8 digits).

        >>> Layout(PAPERS["a4"]).number_field_mm(8)
        30.0
        """
        return round(digits * HANDWRITTEN_DIGIT_MM + 2 * FIELD_PADDING_MM, 2)

    @property
    def row_number_mm(self) -> float:
        """Return the width of a record's "No." column: 10 mm, or what its heading
        measures with the cell's padding and a millimetre each side (large print), or what
        three of the widest digit measure with the padding (under a language's shorter heading)."""
        heading_mm = text_mm(number_heading(), self.header_pt, BOLD) + CELL_PADDING_MM + 2
        digit_mm = max(text_mm(digit, self.text_pt, numbers=True) for digit in "0123456789")
        digits_mm = ceil((ROW_NUMBER_DIGITS * digit_mm + CELL_PADDING_MM) * 100) / 100  # rounded up: they must fit
        return max(round(max(ROW_NUMBER_MM, heading_mm), 2), digits_mm)

    @property
    def record_columns(self) -> int:
        """Return how many records print side by side (two on A4 and Letter)."""
        return max(1, floor((self.content_width_mm + self.gap_mm) / (RECORD_MIN_WIDTH_MM + self.gap_mm)))

    @property
    def record_width_mm(self) -> float:
        gaps = (self.record_columns - 1) * self.gap_mm
        return round((self.content_width_mm - gaps) / self.record_columns, 2)

    def header_mm(self, headings: Sequence[str], widths_mm: Sequence[float], size_pt: float = 0.0) -> float:
        """Return the height of a table's header row whose ``headings`` wrap in columns
        ``widths_mm`` wide (at least a row's height), set at ``size_pt`` (the header size
        unless given: a header fitted smaller, :meth:`header_fit_pt`, takes fewer lines)."""
        size_pt = size_pt or self.header_pt
        lines = max(
            lines_for(heading, width - CELL_PADDING_MM, size_pt, BOLD)
            for heading, width in zip(headings, widths_mm, strict=True)
        )
        return round(max(self.row_mm, lines * size_pt / PT_PER_MM * LINE_HEIGHT + HEADER_PADDING_MM), 2)

    def least_columns_mm(self, headings: Sequence[str], items: Sequence[Sequence[str]] = ()) -> tuple[float, ...]:
        """Return the least width of each column headed by ``headings``: its longest
        heading word, or its widest item of ``items`` (one sequence a column, each item
        kept on one line, in body text), with the cell's padding and 1 mm to spare."""
        items = tuple(items) or ((),) * len(headings)
        return tuple(
            round(max([text_mm(word, self.header_pt, BOLD) for word in heading.split()]
                      + [text_mm(item, self.text_pt) for item in column]) + CELL_PADDING_MM + 1, 2)
            for heading, column in zip(headings, items, strict=True)
        )

    def heading_columns_mm(self, headings: Sequence[str], width_mm: float) -> tuple[float, ...]:
        """Return the least width of each column headed by ``headings`` in columns sharing
        ``width_mm``: its whole heading on one line where the headings leave the columns room
        to write in (:data:`ONE_LINE_HEADINGS_SHARE` of the width at most), else its longest
        word (:meth:`least_columns_mm`), the heading then wrapping."""
        whole = tuple(round(text_mm(heading, self.header_pt, BOLD) + CELL_PADDING_MM + 1, 2) for heading in headings)
        return whole if sum(whole) <= width_mm * ONE_LINE_HEADINGS_SHARE else self.least_columns_mm(headings)

    def header_fit_pt(self, headings: Sequence[str], widths_mm: Sequence[float]) -> float:
        """Return the size column headings print at in columns ``widths_mm`` wide: the
        header size, or smaller where a heading's longest word would not fit its column
        (many columns in large print)."""
        return min(
            fitted_pt(word, width - CELL_PADDING_MM - 1, self.header_pt, 1, BOLD)
            for heading, width in zip(headings, widths_mm, strict=True) for word in heading.split()
        )

    @property
    def role_column_mm(self) -> float:
        """Return the width of a seat column that names roles ("Closer") instead of numbers."""
        return ROLE_COLUMN_MM * self.scale

    @property
    def player_column_mm(self) -> float:
        return PLAYER_COLUMN_MM * self.scale

    def note_mm(self, note: str) -> float:
        """Return the height ``note`` takes under a sheet's heading (0 when empty), with
        the gap below it."""
        if not note:
            return 0.0
        return lines_for(note, self.content_width_mm, self.text_pt) * self.line_mm + self.gap_mm


def tile_rows(tiles: int, width_mm: float, layout: Layout) -> tuple[tuple[int, ...], ...]:
    """Return tiles 1..``tiles`` in balanced rows of boxes of the nominal size that fit
    ``width_mm`` (one row when they all fit): a box never shrinks (docs/kit.md).

    >>> tile_rows(9, 100, Layout(PAPERS["a4"]))
    ((1, 2, 3, 4, 5), (6, 7, 8, 9))
    """
    box, gap = layout.tile_box_mm, layout.tile_gap_mm
    per_row = max(1, floor((width_mm + gap) / (box + gap)))
    numbers = iter(range(1, tiles + 1))
    return tuple(tuple(next(numbers) for _ in range(size))
                 for size in balanced_sizes(tiles, ceil(tiles / per_row)))


def rows_per_sheet(layout: Layout, header_mm: float, note: str, fields_mm: float = 0.0) -> int:
    """Return how many record rows fit on one sheet under ``note``, a line of write-in
    fields ``fields_mm`` high (0: none) and a header row ``header_mm`` high (a record that
    runs over continuation sheets).

    >>> rows_per_sheet(Layout(PAPERS["a4"]), 10.0, "")
    34
    """
    room = layout.sheet_height_mm - layout.note_mm(note) - fields_mm - header_mm
    return floor(room / layout.row_mm)


def column_widths(
    width_mm: float, number_mm: float, weights: tuple[float, ...], least_mm: Sequence[float] = (),
) -> tuple[float, ...]:
    """Return a record's column widths: the row-number column ``number_mm`` wide, then
    the rest of ``width_mm`` shared by ``weights``, each column at least its ``least_mm``
    (what its widest word measures; columns past them have none) where the width allows: a column raised to its
    least leaves the rest to the others, still by weight.

    >>> column_widths(100, 10, (1, 2)), column_widths(100, 10, (1, 2), (40, 0))
    ((10, 30.0, 60.0), (10, 40, 50.0))
    """
    least = (*least_mm, *(0.0,) * (len(weights) - len(least_mm)))
    raised: dict[int, float] = {}
    while True:
        free = width_mm - number_mm - sum(raised.values())
        shared = sum(weight for index, weight in enumerate(weights) if index not in raised)
        widths = [raised.get(index, free * weight / shared) for index, weight in enumerate(weights)]
        short = {index: least[index] for index, width in enumerate(widths)
                 if index not in raised and width < least[index]}
        if not short or len(raised) + len(short) == len(weights):
            return (number_mm, *(round(width, 2) for width in widths))
        raised |= short


@cache
def _lines_of_note(note: str) -> int:
    """Return the lines the footer's ``note`` takes across the footer's left part."""
    return max(1, lines_for(note, FURNITURE_MM, FOOTER_PT))

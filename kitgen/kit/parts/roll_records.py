"""Roll records, one table per attempt or round, a seat's together under its name (docs/kit.md,
"Contents" 3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import ceil, floor
from typing import ClassVar

from kitgen.games.box.presets import BoxRules, Operation
from kitgen.games.box.rules import faces_needed
from kitgen.kit.layout import (
    CAPTION_GAP_MM,
    CAPTION_LINES,
    CELL_PADDING_MM,
    HANDWRITTEN_DIGIT_MM,
    PT_PER_MM,
    TEXT_PT,
    Layout,
    column_widths,
    number_heading,
)
from kitgen.kit.measure import text_mm
from kitgen.kit.parts.part import (
    PLAYER_KEY,
    SEAT_KEY,
    Part,
    Turns,
    field_label,
    name_sizes,
    player_field_mm,
    round_word,
)
from kitgen.kit.tables import Table
from kitgen.text import gettext as _

ROLL_KEYS = ("roll-total", "numbers-closed", "checked-sum")  # docs/kit.md: the columns; docs/FORMS.md: their fields


ROLL_COLUMN_WEIGHTS = (1.0, 1.4, 1.4)


DICE_KEY = "dice-1-2"  # docs/kit.md: a dice column (one or two) where the preset allows one die


DICE_COLUMN_WEIGHT = 1.1


# docs/rules.md section 9: with operations besides add, a row is a number sentence (6 x 2 = 12 =
# 5 + 7): both dice, a tick box for each allowed operation, the value, the tiles and their sum
SENTENCE_KEYS = ("die-1", "operation", "die-2", "value", "numbers-closed", "checked-sum")
SENTENCE_COLUMN_WEIGHTS = (0.1, 0.1, 0.1, 0.6, 3.0, 0.6)  # what is left past the least widths goes to the tiles
THROW_KEYS = SENTENCE_KEYS[:3]  # the dice and the operation, under one heading ("Throw")
OPERATION_KEYS: dict[Operation, str] = {"add": "op-add", "sub": "op-sub", "mul": "op-mul", "div": "op-div"}
# the sign printed beside an operation's tick box, as a school's number sentence writes it
PRINTED_SIGNS: dict[Operation, str] = {"add": "+", "sub": "-", "mul": "x", "div": "\u00f7"}
TICK_GAP_MM = 0.8  # a tick box's gap to its sign, and an operation's to the next
OPERATIONS_A_LINE = 2  # three or four operations tick in two lines of two, so the tiles keep their room
TICK_LINE_ROOM_MM = 1.4  # a row's room above, between and below two lines of tick boxes
SIGN_SHARE = 0.9  # a sign glyph's size, as a share of its line of tick boxes (a glyph's box is its size high)


SEAT_NAME_LINES = 3  # a seat's name takes this many lines of its line at most
CELL_NAME_LINES = 6  # in large print, of a record's own caption (a line of records a page has room)


@dataclass(frozen=True)
class RecordCaption:
    """One roll record: its ``label``, which heads its row numbers (the round, ``"Round
    2"``; ``"Round"`` on a spare record, its number written in), the ``seat`` (from 1) whose
    record it is, the seat's player (``""`` to write in) with the size the name prints at
    on the seat's line (``cell_pt`` in a record's own caption, on a line of records of
    several seats), and the round's number (``""`` on a spare record; a fillable kit's
    manifest lists it). A spare record at the end of a table is no seat's (``seat`` 0)."""

    label: str
    player: str
    player_pt: float
    round_number: str = ""
    seat: int = 0
    cell_pt: float = 0.0


@dataclass(frozen=True)
class RollRecords(Part):
    """Roll records, a seat's together: ``rows`` numbered rows under ``columns`` (after the
    row number; ``column_widths_mm`` has the number column's width first, its heading the
    record's label), laid out by ``geometry`` on ``pages``, ``geometry.columns`` a line.
    A seat's records follow each other under the seat's line (its name, in a field
    ``name_field_mm`` wide and ``fields_mm`` high, and its seat), repeated at the top of a
    page the seat's records go on to; on a line of records of several seats each record
    has its own caption (a field ``cell_name_field_mm`` wide, ``cell_fields_mm`` high);
    spare records fill the last line. A fillable kit names a column's fields by its
    one of ``column_keys`` (docs/FORMS.md)."""

    template: ClassVar[str] = "parts/roll_records.html.j2"
    stylesheet: ClassVar[str | None] = "parts/roll_records.css.j2"
    heading: str
    player_label: str
    seat_label: str
    columns: tuple[str, ...]
    column_keys: tuple[str, ...]
    column_widths_mm: tuple[float, ...]
    rows: int
    geometry: RecordGeometry
    name_field_mm: float
    fields_mm: float
    pages: tuple[tuple[RecordCaption, ...], ...]
    header_pt: float
    cell_name_field_mm: float = 0.0
    cell_fields_mm: float = 0.0
    operations: tuple[tuple[str, str], ...] = ()  # a number sentence's tick boxes: (sign, key) each
    ticks: OperationTicks | None = None  # and their sizes

    @property
    def name_sizes(self) -> tuple[float, ...]:
        return name_sizes(size for page in self.pages for record in page for size in (record.player_pt, record.cell_pt))


def roll_column(key: str, sentence: bool = False) -> str:
    """Return the heading of the roll record column ``key`` (one of :data:`ROLL_KEYS`,
    :data:`DICE_KEY` or, in a record of number sentences (``sentence``), of
    :data:`SENTENCE_KEYS`), in the language in use."""
    if sentence and key == "numbers-closed":
        return _("Tiles shut")  # docs/rules.md section 9: the sentence's words
    if key in THROW_KEYS:
        return _("Throw")  # one heading over both dice and the operation between them
    return {
        DICE_KEY: _("Dice (1/2)"),
        "roll-total": _("Roll total"),
        "numbers-closed": _("Numbers closed"),
        "checked-sum": _("Checked sum"),
        "value": _("Value"),
    }[key]


def record_label(round_kind: str, number: str) -> str:
    """Return what heads a roll record's row numbers: the round of ``round_kind`` (see
    :func:`round_word`) numbered ``number`` (``""``: a spare record, numbered by hand), or
    ``No.`` in a game of one turn each.

    >>> record_label("attempt", "1"), record_label("round", ""), record_label("", "")
    ('Attempt 1', 'Round', 'No.')
    """
    if not round_kind:
        return number_heading()
    if not number:
        return round_word(round_kind)
    return _("{round} {number}").format(round=round_word(round_kind), number=number)


def roll_records(rules: BoxRules, layout: Layout, table: Table, turns: Turns, round_kind: str,
                 overruns: bool = False) -> RollRecords:
    """Return a roll record per turn in ``turns``, with a row per possible throw (N) and
    a dice column where the preset allows one die (docs/kit.md, "Contents" 3): each seat's
    records together in round order, under a line that names the seat once (the records
    carry only their round, over their row numbers), spare records filling the last line
    and, where a game may run past the rounds printed (``overruns``), the last page, each
    under its own Player and Seat fields (docs/kit.md, "Contents" 3). A name prints on one line
    of the seat's line, or more where it would otherwise print smaller than body text of
    the normal kit (large print) or than :data:`~kitgen.kit.layout.WHOLE_WORD_SCALE` of it."""
    sentence = faces_needed(rules)
    one_die = rules.one_die != "never"
    if sentence:  # docs/rules.md section 9: a number sentence a row; one die is its face alone
        keys: tuple[str, ...] = SENTENCE_KEYS
        weights: tuple[float, ...] = SENTENCE_COLUMN_WEIGHTS
        operations = tuple((PRINTED_SIGNS[op], OPERATION_KEYS[op]) for op in rules.ops)
        ticks = operation_ticks(layout, tuple(sign for sign, _key in operations))
        digit = round(HANDWRITTEN_DIGIT_MM + CELL_PADDING_MM + 1, 2)  # a die's face, written by hand
        cells = tuple(ticks.cell_mm if key == "operation" else digit if key in THROW_KEYS else 0.0 for key in keys)
    else:
        keys = ((DICE_KEY,) if one_die else ()) + ROLL_KEYS
        weights = ((DICE_COLUMN_WEIGHT,) if one_die else ()) + ROLL_COLUMN_WEIGHTS
        operations, cells, ticks = (), (), None
    columns = tuple(roll_column(key, sentence) for key in keys)
    numbers = {number for _player, number in turns}
    labels = [record_label(round_kind, number) for number in sorted(numbers | {""})]
    if sentence:  # "Throw" heads the dice and the operation: it needs their width, not each its own
        widths = record_column_widths(layout, labels, ("", "", "", *columns[3:]), weights, cells)
        columns = columns[2:]
        headed = (widths[0], round(sum(widths[1:4]), 2), *widths[4:])
    else:
        widths = record_column_widths(layout, labels, columns, weights, cells)
        headed = widths
    header_pt = min(layout.header_fit_pt((label, *columns), headed) for label in labels)
    header = max(layout.header_mm((label, *columns), headed, header_pt) for label in labels)
    player, seat_label = field_label(PLAYER_KEY), field_label(SEAT_KEY)
    seat_field = ((seat_label, layout.short_field_mm),)
    name_mm = player_field_mm(layout, layout.content_width_mm, seat_field)
    cell_mm = player_field_mm(layout, layout.record_width_mm, seat_field)
    least_pt = TEXT_PT if layout.scale > 1 else layout.text_pt * SHRINK_SCALE
    names = [name for name, _number in turns]
    lines = max([1, *(seat_name_lines(layout, name, name_mm, least_pt) for name in names)])
    geometry = record_geometry(rules.tiles, layout, header, lines - 1)
    seats = len(table.seats)
    # each seat's turns in round order (turns go round by round in seat order)
    numbers_of = [[number for index, (_player, number) in enumerate(turns) if index % seats == seat]
                  for seat in range(seats)]
    seat_of = [seat for seat, mine in enumerate(numbers_of, start=1) for _number in mine]
    seat_of += [0] * (-len(seat_of) % geometry.columns)  # spare records fill the last line
    # a record's own caption prints its name only on a line of several seats: only those
    # names set its height, so tables alike but for their names are laid out alike
    seat_lines = [seat_of[start:start + geometry.columns] for start in range(0, len(seat_of), geometry.columns)]
    in_cells = {seat for line in seat_lines if len(set(line)) > 1 for seat in line if seat}
    cell_most = CELL_NAME_LINES if layout.scale > 1 else SEAT_NAME_LINES  # large print: room under one line a page
    cell_lines = max([1, *(seat_name_lines(layout, table.seats[seat - 1], cell_mm, least_pt, cell_most)
                           for seat in in_cells if table.seats[seat - 1])])
    cell_caption_mm = round(layout.line_mm * (CAPTION_LINES + cell_lines - 1), 2)
    records: list[RecordCaption] = []
    for seat, (name, mine) in enumerate(zip(table.seats, numbers_of, strict=True), start=1):
        size = layout.whole_words_pt(name, name_mm, lines) if name else layout.text_pt
        cell_size = layout.whole_words_pt(name, cell_mm, cell_lines) if name and seat in in_cells else layout.text_pt
        records += [RecordCaption(record_label(round_kind, number), name, size, number, seat, cell_size)
                    for number in mine]
    spare = RecordCaption(record_label(round_kind, ""), "", layout.text_pt, "", 0, layout.text_pt)
    records += [spare] * (-len(records) % geometry.columns)
    return RollRecords(
        _("Roll records"), player, seat_label, columns, keys, widths, rules.tiles, geometry, name_mm,
        geometry.caption_field_mm, seat_pages(records, spare, geometry, cell_caption_mm, overruns), header_pt,
        cell_mm, round(cell_caption_mm - CAPTION_GAP_MM, 2), operations, ticks,
    )


@dataclass(frozen=True)
class OperationTicks:
    """The operation cell of a number sentence (docs/rules.md section 9): a tick box
    ``tick_mm`` square and its sign for each allowed operation, each ``operation_mm`` wide
    and ``line_mm`` high, :data:`OPERATIONS_A_LINE` a line at most; the cell at least
    ``cell_mm`` wide."""

    tick_mm: float
    operation_mm: float
    line_mm: float
    cell_mm: float
    gap_mm: ClassVar[float] = TICK_GAP_MM
    a_line: ClassVar[int] = OPERATIONS_A_LINE

    @property
    def sign_pt(self) -> float:
        """Return the size the signs print at: a glyph as high as a line of tick boxes, a
        little less, so that two lines of them keep apart."""
        return round(self.line_mm * PT_PER_MM * SIGN_SHARE, 2)


def operation_ticks(layout: Layout, signs: tuple[str, ...]) -> OperationTicks:
    """Return the operation cell of a number sentence whose operations print ``signs``:
    one line of tick boxes for one or two operations, two lines of two for three or four,
    the boxes as large as a table's tick box or as two lines leave in a row.

    >>> from kitgen.kit.layout import PAPERS
    >>> operation_ticks(Layout(PAPERS["a4"]), ("+", "-", "x", "\u00f7"))
    OperationTicks(tick_mm=2.8, operation_mm=5.83, line_mm=3.0, cell_mm=16.96)
    """
    lines = ceil(len(signs) / OPERATIONS_A_LINE)
    tick = round(min(layout.tick_mm, (layout.row_mm - TICK_LINE_ROOM_MM) / lines), 2)
    one = round(tick + TICK_GAP_MM + max(text_mm(sign, layout.text_pt) for sign in signs), 2)
    across = min(len(signs), OPERATIONS_A_LINE)
    cell = across * one + (across - 1) * TICK_GAP_MM + CELL_PADDING_MM + 1
    return OperationTicks(tick, one, round(tick + 0.2, 2), round(cell, 2))


SHRINK_SCALE = 0.8  # in normal print, a seat's name prints down to this share of body text on one line


def seat_name_lines(layout: Layout, name: str, width_mm: float, least_pt: float, most: int = 0) -> int:
    """Return the lines ``name`` takes on its seat's line, in a field ``width_mm`` wide: one,
    or as many more (up to ``most``, :data:`SEAT_NAME_LINES` unless given) as print it at
    ``least_pt`` at least."""
    most = most or SEAT_NAME_LINES
    return next((lines for lines in range(1, most)
                 if layout.whole_words_pt(name, width_mm, lines) >= least_pt), most)


def seat_pages(records: list[RecordCaption], spare: RecordCaption, geometry: RecordGeometry,
               cell_caption_mm: float, overruns: bool = True) -> tuple[tuple[RecordCaption, ...], ...]:
    """Return ``records`` (in seat order, the last line filled with spares) on pages,
    ``geometry.columns`` a line, then (``overruns``: a game that may run past its rounds)
    as many more lines of spare records as fill the last page (``spare``: a spare record):
    a line of records goes on the page while it fits, under the seat's line where its seat
    starts or the page does, or, a line of several seats or of spares, each record under
    its own caption (``cell_caption_mm`` high)."""
    columns = geometry.columns
    lines = [tuple(records[start:start + columns]) for start in range(0, len(records), columns)]
    pages: list[list[RecordCaption]] = []
    used = 0.0
    last_seat = -1

    def height(line: tuple[RecordCaption, ...]) -> tuple[float, float]:
        """Return the line's height on a page it starts and after a line before it."""
        if captioned(line):
            return geometry.table_mm + cell_caption_mm, geometry.table_mm + cell_caption_mm
        opening = geometry.table_mm + geometry.caption_mm
        return opening, opening if line[0].seat != last_seat else geometry.table_mm

    for line in lines:
        starting, following = height(line)
        if pages and used + geometry.gap_mm + following <= geometry.sheet_mm:
            used += geometry.gap_mm + following
            pages[-1].extend(line)
        else:
            used = starting
            pages.append(list(line))
        last_seat = line[-1].seat
    spares = [spare] * columns
    while overruns and pages and used + geometry.gap_mm + geometry.table_mm + cell_caption_mm <= geometry.sheet_mm:
        used += geometry.gap_mm + geometry.table_mm + cell_caption_mm
        pages[-1].extend(spares)
    return tuple(tuple(page) for page in pages)


def captioned(line: Sequence[RecordCaption]) -> bool:
    """Return whether each record of ``line`` has a caption of its own: a line of records
    of several seats, or of spare records (no seat's)."""
    return len({record.seat for record in line}) > 1 or not line[0].seat


def record_column_widths(layout: Layout, labels: list[str], columns: tuple[str, ...],
                         weights: tuple[float, ...], cells_mm: Sequence[float] = ()) -> tuple[float, ...]:
    """Return the widths of a roll record's columns headed ``columns`` after the row
    numbers' (headed by one of ``labels``): the row numbers' column as wide as its widest
    label word needs, the rest shared by ``weights``, each at least its longest heading
    word; where those least widths do not all fit the record (large print on A4), each
    column gets its least width's share of the record, and the headings print a little
    smaller (:meth:`Layout.header_fit_pt`) so that no word breaks. A column's ``cells_mm``
    (one a column, or none) is the least its cells need besides its heading (tick boxes)."""
    number_mm = max(layout.row_number_mm, *layout.least_columns_mm(labels))
    least = tuple(layout.least_columns_mm((column,))[0] if column else 0.0 for column in columns)
    cells = tuple(cells_mm) or (0.0,) * len(columns)
    free = layout.record_width_mm - number_mm
    if sum(map(max, least, cells)) <= free:
        return column_widths(layout.record_width_mm, number_mm, weights, tuple(map(max, least, cells)))
    if not any(cells):
        whole = number_mm + sum(least)
        return tuple(round(layout.record_width_mm * width / whole, 2) for width in (number_mm, *least))
    # the cells' least (tick boxes, a die's face) stays whole; the headings share the rest
    fixed = sum(cells)
    headings = number_mm + sum(max(0.0, heading - cell) for heading, cell in zip(least, cells, strict=True))
    share = (layout.record_width_mm - fixed) / headings
    widths = (cell + max(0.0, heading - cell) * share for heading, cell in zip(least, cells, strict=True))
    return tuple(round(width, 2) for width in (number_mm * share, *widths))


# --- fitting ------------------------------------------------------------


@dataclass(frozen=True)
class RecordGeometry:
    """How records (roll records, turn records) print: ``columns`` side by side, each
    ``width_mm`` wide, ``per_page`` on a sheet; a caption line, a header row of two
    lines ``header_mm`` high, rows ``row_mm`` high, and one record's whole height; lines of
    records ``gap_mm`` apart on a sheet ``sheet_mm`` high."""

    columns: int
    width_mm: float
    per_page: int
    caption_mm: float
    header_mm: float
    row_mm: float
    height_mm: float
    gap_mm: float = 0.0
    sheet_mm: float = 0.0

    @property
    def caption_field_mm(self) -> float:
        """Return the height of the caption's line of write-in fields, the gap to the
        table below it left out."""
        return round(self.caption_mm - CAPTION_GAP_MM, 2)

    @property
    def table_mm(self) -> float:
        """Return the height of a record's table: its header and rows."""
        return round(self.height_mm - self.caption_mm, 2)


def record_geometry(rows: int, layout: Layout, header_mm: float, extra_lines: int = 0) -> RecordGeometry:
    """Return the geometry of records with a caption (``extra_lines`` lines taller than
    one line of fields), a header row ``header_mm`` high and ``rows`` rows, on sheets
    under their heading.

    Records keep two columns on a page in large print too: their rows and text grow,
    and a long column heading wraps onto more lines of the header.

    >>> from kitgen.kit.layout import PAPERS, Layout
    >>> record_geometry(9, Layout(PAPERS["a4"]), 10.0).per_page
    6
    """
    gap = layout.gap_mm
    caption = layout.line_mm * (CAPTION_LINES + extra_lines)
    height = caption + header_mm + rows * layout.row_mm
    per_column = max(1, floor((layout.sheet_height_mm + gap) / (height + gap)))
    return RecordGeometry(
        layout.record_columns, layout.record_width_mm, layout.record_columns * per_column,
        round(caption, 2), header_mm, layout.row_mm, round(height, 2), gap, round(layout.sheet_height_mm, 2),
    )

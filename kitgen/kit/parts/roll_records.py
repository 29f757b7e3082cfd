"""Roll records, one table per attempt or turn (docs/kit.md, "Contents" 3).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import floor
from typing import ClassVar

from kitgen.games.box.presets import BoxRules
from kitgen.kit.layout import CAPTION_GAP_MM, CAPTION_LINES, NAME_LINES, Layout, column_widths, number_heading
from kitgen.kit.parts.part import (
    PLAYER_KEY,
    Part,
    Turns,
    field_label,
    filled,
    name_sizes,
    paginate,
    round_word,
    table_label_mm,
)
from kitgen.kit.tables import Table
from kitgen.text import gettext as _

ROLL_KEYS = ("roll-total", "numbers-closed", "checked-sum")  # docs/kit.md: the columns; docs/FORMS.md: their fields


ROLL_COLUMN_WEIGHTS = (1.0, 1.4, 1.4)


DICE_KEY = "dice-1-2"  # docs/kit.md: a dice column (one or two) where the preset allows one die


DICE_COLUMN_WEIGHT = 1.1


@dataclass(frozen=True)
class RecordCaption:
    """What heads one roll record: its ``label`` (table and round, ``"Table 2 · Attempt
    1"``), the player's name (``""`` to write in) with the size it prints at, and the
    round's number (``""`` on a blank record; a fillable kit's manifest lists it)."""

    label: str
    player: str
    player_pt: float
    round_number: str = ""


@dataclass(frozen=True)
class RollRecords(Part):
    """Roll records, one table per attempt or turn: ``rows`` numbered rows under
    ``columns`` (after the row number; ``column_widths_mm`` has the number column's width
    first), laid out by ``geometry`` on ``pages``, each headed by its label (table and
    round, in a box ``label_mm`` wide: the widest label's width, so the fields after it
    line up) and the player's field (``name_field_mm`` wide, ``fields_mm`` high). A
    fillable kit names a column's fields by its one of ``column_keys`` (docs/FORMS.md)."""

    template: ClassVar[str] = "parts/roll_records.html.j2"
    stylesheet: ClassVar[str | None] = "parts/roll_records.css.j2"
    heading: str
    number_heading: str
    player_label: str
    columns: tuple[str, ...]
    column_keys: tuple[str, ...]
    column_widths_mm: tuple[float, ...]
    rows: int
    geometry: RecordGeometry
    label_mm: float
    name_field_mm: float
    fields_mm: float
    pages: tuple[tuple[RecordCaption, ...], ...]
    header_pt: float
    label_line_mm: float = 0.0

    @property
    def name_sizes(self) -> tuple[float, ...]:
        return name_sizes(record.player_pt for page in self.pages for record in page)


def roll_column(key: str) -> str:
    """Return the heading of the roll record column ``key`` (one of :data:`ROLL_KEYS` or
    :data:`DICE_KEY`), in the language in use."""
    return {
        DICE_KEY: _("Dice (1/2)"),
        "roll-total": _("Roll total"),
        "numbers-closed": _("Numbers closed"),
        "checked-sum": _("Checked sum"),
    }[key]


def record_label(table: Table, round_kind: str, number: str) -> str:
    """Return what heads a roll record: ``table``'s label and the round of ``round_kind``
    (see :func:`round_word`) numbered ``number`` (``""``: a blank record, numbered by hand).

    >>> record_label(Table(2, ()), "attempt", "1"), record_label(Table(2, ()), "round", "")
    ('Table 2 · Attempt 1', 'Table 2 · Round')
    >>> record_label(Table(2, ()), "", "")
    'Table 2'
    """
    if not round_kind:
        return table.label
    if not number:
        return _("{table} · {round}").format(table=table.label, round=round_word(round_kind))
    return _("{table} · {round} {number}").format(table=table.label, round=round_word(round_kind), number=number)


def roll_records(rules: BoxRules, layout: Layout, table: Table, turns: Turns, round_kind: str) -> RollRecords:
    """Return a roll record per turn in ``turns``, with a row per possible throw (N) and
    a dice column where the preset allows one die (docs/kit.md, "Contents" 3), each headed by
    its table and round (of ``round_kind``, see :func:`round_word`); blank records fill the
    last line of records (the totals sheet may follow on the same page). A name wraps
    onto as many lines of its field as leave a page its records (see :func:`name_lines_free`);
    in large print onto more where it would otherwise print smaller than in the normal kit."""
    one_die = rules.one_die != "never"
    keys = ((DICE_KEY,) if one_die else ()) + ROLL_KEYS
    columns = tuple(roll_column(key) for key in keys)
    weights = ((DICE_COLUMN_WEIGHT,) if one_die else ()) + ROLL_COLUMN_WEIGHTS
    widths = record_column_widths(layout, columns, weights)
    labels = [record_label(table, round_kind, number) for _player, number in turns]
    label_mm = max(table_label_mm(label, table, layout.text_pt) for label in labels)
    player = field_label(PLAYER_KEY)
    header = layout.header_mm((number_heading(), *columns), widths)
    names = [name for name, _number in turns]
    # the label's box and the gap after it, then the Player label and the field (kit.css);
    # or the label on a line of its own over them, where that costs no record a page
    beside_mm = layout.name_field_mm(layout.record_width_mm, (player,), (label_mm + layout.field_gap_mm,))
    beside = name_fit(rules, layout, table, turns, round_kind, header, names, beside_mm, 0)
    under_mm = layout.name_field_mm(layout.record_width_mm, (player,))
    under = name_fit(rules, layout, table, turns, round_kind, header, names, under_mm, 1)
    stacked = under[1].per_page >= beside[1].per_page
    lines, geometry = under if stacked else beside
    name_mm = under_mm if stacked else beside_mm
    records = [RecordCaption(label, name, layout.whole_words_pt(name, name_mm, lines), number)
               for label, (name, number) in zip(labels, turns, strict=True)]
    blank = RecordCaption(record_label(table, round_kind, ""), "", layout.text_pt)
    records += [blank] * (filled(len(records), geometry.columns) - len(records))
    return RollRecords(
        _("Roll records"), number_heading(), player, columns, keys, widths, rules.tiles, geometry, label_mm,
        name_mm, geometry.caption_field_mm,
        paginate(records, geometry.per_page),
        layout.header_fit_pt((number_heading(), *columns), widths),
        round(layout.line_mm, 2) if stacked else 0.0,
    )


def name_fit(rules: BoxRules, layout: Layout, table: Table, turns: Turns, round_kind: str, header_mm: float,
             names: list[str], name_mm: float, label_lines: int) -> tuple[int, RecordGeometry]:
    """Return the lines the ``names`` take in a field ``name_mm`` wide and the geometry of
    records whose caption has ``label_lines`` lines over the name's (0: the label beside
    it): as many lines as leave a page its records (see :func:`name_lines_free`), in large
    print more where a name would print smaller than in the normal kit."""
    most = name_lines_free(rules.tiles, layout, header_mm, label_lines)
    lines = layout.name_lines(names, name_mm, most)
    if layout.scale > 1:  # large print: no name smaller than in the normal kit, at the cost of a record a page
        normal = roll_records(rules, Layout(layout.paper, 1.0, layout.die_mm), table, turns, round_kind)
        least_pt = {record.player: record.player_pt for page in normal.pages for record in page}
        while lines < MOST_NAME_LINES and any(
                layout.name_pt(name, name_mm, lines) < min(least_pt[name], layout.name_pt(name, name_mm, lines + 1))
                for name in names):
            lines += 1
    return lines, record_geometry(rules.tiles, layout, header_mm, lines - 1 + label_lines)


MOST_NAME_LINES = 6  # a name takes this many lines of its field at most, however much room is left


def name_lines_free(rows: int, layout: Layout, header_mm: float, label_lines: int = 0) -> int:
    """Return how many lines a player's name may take over a record of ``rows`` rows
    under a header ``header_mm`` high: two, or as many more (up to
    :data:`MOST_NAME_LINES`) as leave the records a page holds as many as with a name of
    one line (large print: a record alone in its column has room to spare, and a long
    name wraps there at full size rather than print smaller).

    >>> from kitgen.kit.layout import PAPERS
    >>> letter_large = Layout.for_print(PAPERS["letter"], True)
    >>> name_lines_free(9, Layout(PAPERS["a4"]), 9.67), name_lines_free(9, letter_large, 14.0)
    (2, 6)
    """
    per_page = record_geometry(rows, layout, header_mm, label_lines).per_page
    free = [lines for lines in range(1, MOST_NAME_LINES + 1)
            if record_geometry(rows, layout, header_mm, lines - 1 + label_lines).per_page == per_page]
    return max(NAME_LINES, *free)


def record_column_widths(layout: Layout, columns: tuple[str, ...], weights: tuple[float, ...]) -> tuple[float, ...]:
    """Return the widths of a roll record's columns headed ``columns`` (the row number's
    first): shared by ``weights``, each at least its longest heading word; where those
    least widths do not all fit the record (large print on A4), each column gets its
    least width's share of the record, and the headings print a little smaller
    (:meth:`Layout.header_fit_pt`) so that no word breaks."""
    least = layout.least_columns_mm(columns)
    free = layout.record_width_mm - layout.row_number_mm
    if sum(least) <= free:
        return column_widths(layout.record_width_mm, layout.row_number_mm, weights, least)
    return (layout.row_number_mm, *(round(free * width / sum(least), 2) for width in least))


# --- fitting ------------------------------------------------------------


@dataclass(frozen=True)
class RecordGeometry:
    """How records (roll records, turn records) print: ``columns`` side by side, each
    ``width_mm`` wide, ``per_page`` on a sheet; a caption line, a header row of two
    lines ``header_mm`` high, rows ``row_mm`` high, and one record's whole height."""

    columns: int
    width_mm: float
    per_page: int
    caption_mm: float
    header_mm: float
    row_mm: float
    height_mm: float

    @property
    def caption_field_mm(self) -> float:
        """Return the height of the caption's line of write-in fields, the gap to the
        table below it left out."""
        return round(self.caption_mm - CAPTION_GAP_MM, 2)


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
        round(caption, 2), header_mm, layout.row_mm, round(height, 2),
    )

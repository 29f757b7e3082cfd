"""The long game's board sheet (docs/kit.md, "Contents" 2): one sheet the two players share,
a row per turn, closer and opener alternating, as a grid of tiles.

Each turn's row is one line of the grid: its number and role, then tiles 1 to N side by
side, each tile a cell that holds its number (crossed out when shut, circled when opened).
A row is as low as a table row may be and as high as the pages the turns need leave room
for, so that a page holds as many turns as its size allows (issue 22 item 1): on every
paper and print size the tiles stay on one line, and "copy the row above" turns a page
only every page's worth of turns.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil, floor
from typing import ClassVar

from kitgen.kit.layout import LINE_HEIGHT, NAME_LINES, PT_PER_MM, SHEET_SLACK_MM, Layout
from kitgen.kit.measure import BOLD, lines_for, text_mm
from kitgen.kit.parts.part import round_word
from kitgen.kit.parts.turn_sheets import (
    ROLE_KEYS,
    TurnSheetGeometry,
    TurnSheets,
    carry_on,
    numbered_rows,
    role_names,
    turn_pages,
)
from kitgen.kit.tables import Table
from kitgen.rulebook import Rulebook
from kitgen.text import gettext as _

# Rows past the turns printed: a wrong row crossed out and copied again, or a turn past the
# last numbered one, at the seat before the continuation sheet (issue 22 item 2).
SPARE_TURNS = 2

TILE_NUMBER_SHARE = 0.55  # a tile's number: this share of its row's height (a tile box's, templates/kit.css.j2)
LABEL_PADDING_MM = 3.0  # a turn label's room either side of its number and role


@dataclass(frozen=True)
class BoardSheet(TurnSheets):
    """The long game's board sheet: :class:`TurnSheets` drawn as a grid, a row per turn
    whose tiles are cells ``geometry.box_mm`` wide and ``geometry.row_mm`` high, side by
    side after a label column (the turn's number, then its role). ``fields_mm`` is the
    height of the line of the roles' names (two lines where a name takes two)."""

    template: ClassVar[str] = "parts/board_sheet.html.j2"
    stylesheet: ClassVar[str | None] = "parts/board_sheet.css.j2"
    fields_mm: float = 0.0
    tile_pt: float = 0.0


def board_sheet(tiles: int, table: Table, layout: Layout, book: Rulebook, turns: int) -> BoardSheet:
    """Return the board sheet of a long game of ``turns`` turns (both roles' together, numbered
    1 to ``turns``, the closer's odd), then :data:`SPARE_TURNS` spare rows at least, filling
    its last page. The roles' names print at body size or larger in large print, on two
    lines of their fields where a name needs them."""
    note = carry_on("turn")
    roles = role_names()
    name_mm = layout.name_field_mm(layout.content_width_mm, roles, names=len(roles))
    lines = layout.name_lines(table.seats, name_mm, NAME_LINES)
    fields = tuple((role, player, layout.whole_words_pt(player, name_mm, lines))
                   for role, player in zip(roles, table.seats, strict=False))
    fields_mm = max(layout.field_mm, lines * layout.line_mm)
    geometry = board_sheet_geometry(tiles, turns + SPARE_TURNS, book.strip_hint, note, fields_mm, layout)
    shown = ceil((turns + SPARE_TURNS) / geometry.per_page) * geometry.per_page
    rows = numbered_rows(round_word("turn"), turns, shown, roles)
    tile_pt = round(max(layout.subheading_pt, geometry.row_mm * TILE_NUMBER_SHARE * PT_PER_MM), 2)
    return BoardSheet(_("Board sheet"), "board-sheet", book.strip_hint, "", "", geometry, name_mm, (), ROLE_KEYS,
                      "turn", tuple(turn_pages(fields, rows, geometry.per_page)), note, fields_mm, tile_pt)


def board_sheet_geometry(
    tiles: int, rows: int, hint: str, note: str, fields_mm: float, layout: Layout,
) -> TurnSheetGeometry:
    """Return the grid of a board sheet of ``rows`` rows of tiles 1..``tiles``: a label
    column as wide as its widest number and role, the tiles sharing the rest of the width
    on one line, and rows as many a page as fit at a table row's height (7 mm, 10.5 mm in
    large print) under the names (``fields_mm`` high) and ``hint`` and over ``note``, then
    spread to fill the pages those rows take, up to a tile box's height.

    >>> from kitgen.kit.layout import PAPERS, Layout
    >>> grid = board_sheet_geometry(9, 68, "", "", 8.0, Layout(PAPERS["a4"]))
    >>> grid.rows, grid.per_page, grid.row_mm, grid.box_mm >= 14
    (((1, 2, 3, 4, 5, 6, 7, 8, 9),), 34, 7.0, True)
    """
    widest = max(text_mm(str(number), layout.subheading_pt, BOLD) for number in range(1, rows + 1))
    roles = max(text_mm(role, layout.small_pt) for role in role_names())
    label = widest + roles + 3 * LABEL_PADDING_MM * layout.scale
    box = (layout.content_width_mm - label) / tiles
    hint_mm = lines_for(hint, layout.content_width_mm, layout.hint_pt) * layout.hint_pt / PT_PER_MM * LINE_HEIGHT
    text = fields_mm + layout.hint_gap_mm + hint_mm + layout.half_gap_mm + layout.note_mm(note)
    room = layout.sheet_height_mm - text - SHEET_SLACK_MM
    per_page = max(1, floor(room / layout.row_mm))
    per_page = ceil(rows / ceil(rows / per_page))  # the same pages, their rows shared out evenly
    row = min(floor(room / per_page * 10) / 10, layout.tile_box_mm)
    return TurnSheetGeometry(round(box, 2), 0.0, (tuple(range(1, tiles + 1)),), round(label, 2), 0.0, False, row,
                             per_page)

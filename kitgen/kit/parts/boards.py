"""Pages of two facing knucklebones boards, one per game (docs/rules.md section 7).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from math import floor
from typing import ClassVar

from kitgen.errors import OptionError
from kitgen.games.knucklebones.rules import COLUMN_DICE, Column
from kitgen.kit.layout import (
    CELL_CLEARANCE_MM,
    CELL_PADDING_MM,
    COLUMN_LABEL_GAP_MM,
    DIE_RANGE_MM,
    LINE_HEIGHT,
    MIDDLE_GAPS,
    PT_PER_MM,
    SCORE_GAP_MM,
    SHEET_SLACK_MM,
    Layout,
)
from kitgen.kit.measure import BOLD, lines_for, text_mm
from kitgen.kit.parts.part import Part, name_sizes
from kitgen.kit.tables import Table
from kitgen.rulebook import Rulebook
from kitgen.text import gettext as _

# Knucklebones (docs/rules.md section 7).
# docs/rules.md section 7: each facing pair of columns is lettered A, B, C (the rules'
# left, middle, right as seat 1 and the host see the table), a letter that reads the same
# from either chair (the log's words a, b, c).
COLUMN_LABELS = tuple("ABC"[column.value] for column in Column)
COLUMN_KEYS = ("left", "middle", "right")  # their score boxes' fillable fields (docs/FORMS.md)


BOARD_NAME_LINES = 3  # a name beside a board wraps onto 3 lines at least where it needs them, then prints smaller


SEAT_KEYS = ("seat-1", "seat-2")  # docs/rules.md section 7: 2 players, seat 1 reads the near board; docs/FORMS.md


def seat_labels() -> tuple[str, ...]:
    """Return the two seats' labels as printed (:data:`SEAT_KEYS`), e.g. ``"Seat 1"``."""
    return tuple(_("Seat {seat}").format(seat=seat) for seat in range(1, len(SEAT_KEYS) + 1))


@dataclass(frozen=True)
class Board:
    """One player's board as its reader sees it: the seat's label (``"Seat 1"``), the
    player's name (``""`` to write in) and the size it prints at, and the column labels
    from the reader's left; a fillable kit names its fields by the seat's ``key`` and the
    columns' ``column_keys`` (docs/FORMS.md)."""

    seat: str
    key: str
    player: str
    player_pt: float
    columns: tuple[str, ...]
    column_keys: tuple[str, ...]


@dataclass(frozen=True)
class BoardPages(Part):
    """Pages of two facing boards, one page per game (``pages``): the ``near`` board read
    from the page's foot, the ``far`` one turned to face it, both printing ``hint``; the
    rolled-die spot between them with ``spot_text`` (a label, then a note) each side."""

    template: ClassVar[str] = "parts/boards.html.j2"
    stylesheet: ClassVar[str | None] = "parts/boards.css.j2"
    heading: str
    geometry: BoardGeometry
    near: Board
    far: Board
    hint: str
    spot_text: tuple[str, ...]
    pages: int

    @property
    def name_sizes(self) -> tuple[float, ...]:
        return name_sizes((self.near.player_pt, self.far.player_pt))


def board_pages(table: Table, layout: Layout, book: Rulebook, games: int) -> BoardPages:
    """Return ``games`` pages of two facing boards: seat 1's board read from the page's
    foot, seat 2's turned to face it, every label upright for its reader. Each facing pair
    of columns carries one letter (docs/rules.md section 7: A faces A), so the far board,
    read from seat 2's chair, lists them C, B, A from its reader's left.

    Raises :class:`OptionError` when the layout's dice do not fit (see
    :func:`board_geometry`).
    """
    left, middle, right = COLUMN_LABELS
    spot_text = (_("Rolled die"), _("Column {a} faces column {a}, {b} faces {b}, {c} faces {c}.").format(
        a=left, b=middle, c=right))
    geometry = board_geometry(COLUMN_LABELS, COLUMN_DICE, book.strip_hint, spot_text, layout)
    name_mm = geometry.side_mm - layout.field_gap_mm
    lines = layout.name_lines(table.seats, name_mm, board_name_lines(geometry, layout))
    near, far = (
        Board(seat, key, player, layout.whole_words_pt(player, name_mm, lines), columns, column_keys)
        for seat, key, player, columns, column_keys in zip(
            seat_labels(), SEAT_KEYS, table.seats, (COLUMN_LABELS, COLUMN_LABELS[::-1]),
            (COLUMN_KEYS, COLUMN_KEYS[::-1]), strict=False,
        )
    )
    return BoardPages(_("Boards"), geometry, near, far, book.strip_hint, spot_text, games)


def board_name_lines(geometry: BoardGeometry, layout: Layout) -> int:
    """Return the lines a name may take beside its board: as many as the board's height
    holds between the seat's label and the total's label and box (at least
    :data:`BOARD_NAME_LINES`), so that in large print, where the cells keep their size and
    the side narrows, a name takes more lines rather than print smaller than in the normal
    kit (issue 22 item 3)."""
    label_mm = layout.small_pt / PT_PER_MM * LINE_HEIGHT
    room = geometry.board_mm - geometry.score_mm - 2 * label_mm - layout.half_gap_mm
    return max(BOARD_NAME_LINES, floor(room / layout.line_mm))


# --- fitting ------------------------------------------------------------


@dataclass(frozen=True)
class BoardGeometry:
    """How a page of two facing knucklebones boards prints, in mm (text in pt).

    Each board is drawn in its own reading direction (the far board turned half a turn
    on the page), ``width_mm`` wide and ``board_mm`` high, origin at its top left: the
    hint ``side_mm`` wide at the left; the grid in the middle, a slot ``slot_mm`` wide
    per column starting at ``slot_x_mm``, holding its label (``label_mm`` high), its
    ``spaces`` cells ``cell_mm`` square and, at ``score_top_mm``, its score box
    ``score_mm`` high; at the right from ``right_x_mm``, the seat's name and the total box
    ``total_mm`` wide. The band between the boards, ``middle_mm`` high,
    holds the rolled-die spot (one cell) ``spot_top_mm`` down at its centre and text
    ``text_mm`` wide each side. The far board starts ``top_mm`` down the sheet, so that
    boards and band sit in the middle of it.
    """

    width_mm: float
    cell_mm: float
    spaces: int
    slot_x_mm: tuple[float, ...]
    slot_mm: float
    label_pt: float
    label_mm: float
    side_mm: float
    score_top_mm: float
    score_mm: float
    total_mm: float
    board_mm: float
    middle_mm: float
    spot_top_mm: float
    text_mm: float
    top_mm: float

    @property
    def right_x_mm(self) -> float:
        return round(self.width_mm - self.side_mm, 2)

    @property
    def cell_inset_mm(self) -> float:
        """Return a column's offset inside its slot (0 unless its label is the wider)."""
        return round((self.slot_mm - self.cell_mm) / 2, 2)

    @property
    def column_mm(self) -> float:
        """Return the height of a column of cells."""
        return round(self.spaces * self.cell_mm, 2)

    @property
    def middle_top_mm(self) -> float:
        return round(self.top_mm + self.board_mm, 2)

    @property
    def near_top_mm(self) -> float:
        """Return the top of the near board, under the far board and the middle band."""
        return round(self.top_mm + self.board_mm + self.middle_mm, 2)

    @property
    def page_mm(self) -> float:
        """Return the height the boards take on the sheet, from its top to the near board's end."""
        return round(self.near_top_mm + self.board_mm, 2)

    @property
    def spot_x_mm(self) -> float:
        return round((self.width_mm - self.cell_mm) / 2, 2)

    @property
    def text_right_x_mm(self) -> float:
        return round(self.width_mm - self.text_mm, 2)


def board_geometry(
    labels: Sequence[str], spaces: int, hint: str, spot_text: Sequence[str], layout: Layout,
) -> BoardGeometry:
    """Return the geometry of a page of two facing boards of columns named ``labels``,
    ``spaces`` cells each, for dice ``layout.die_mm`` wide; each board prints ``hint``
    beside its grid, and the middle band the lines ``spot_text`` (the first bold) each
    side of the rolled-die spot.

    Cells are the die plus 4 mm and keep that size in large print; text, labels and
    score boxes scale. Raises :class:`OptionError` for a die outside 8-30 mm or one
    whose boards do not fit the page, naming the sizes that do.

    >>> from kitgen.kit.layout import PAPERS, Layout
    >>> board_geometry(("A", "B", "C"), 3, "", ("",), Layout(PAPERS["a4"])).cell_mm
    20.0
    """
    low, high = DIE_RANGE_MM
    geometry = _board(labels, spaces, hint, spot_text, layout) if low <= layout.die_mm <= high else None
    if geometry is None:
        largest = max(
            die for die in range(low, high + 1)
            if _board(labels, spaces, hint, spot_text, replace(layout, die_mm=die)) is not None
        )
        raise OptionError(_(
            "a die size of {size} mm cannot be printed: the boards on {paper} take dice of {low} to {high} mm."
        ).format(size=f"{layout.die_mm:g}", paper=layout.print_name, low=low, high=largest))
    return geometry


def _board(
    labels: Sequence[str], spaces: int, hint: str, spot_text: Sequence[str], layout: Layout,
) -> BoardGeometry | None:
    """Return the board geometry :func:`board_geometry` describes, or ``None`` when the
    two boards and the spot between them do not fit the sheet."""
    width, gap = layout.content_width_mm, layout.gap_mm
    cell = layout.die_mm + CELL_CLEARANCE_MM
    label_pt = layout.subheading_pt
    widest = max(text_mm(label, label_pt, BOLD) for label in labels) + CELL_PADDING_MM
    slot = max(cell, widest)
    grid = len(labels) * slot + (len(labels) - 1) * gap
    side = (width - grid) / 2 - gap
    label_mm = label_pt / PT_PER_MM * LINE_HEIGHT + COLUMN_LABEL_GAP_MM * layout.scale
    hint_line = layout.hint_pt / PT_PER_MM * LINE_HEIGHT
    hint_mm = lines_for(hint, side, layout.hint_pt) * hint_line
    score_top = max(label_mm + spaces * cell, hint_mm + layout.half_gap_mm) + SCORE_GAP_MM * layout.scale
    board = score_top + layout.totals_row_mm
    text = (width - cell) / 2 - gap
    text_lines = sum(lines_for(line, text, layout.small_pt, BOLD) for line in spot_text)
    spot_mm = max(cell, text_lines * layout.small_pt / PT_PER_MM * LINE_HEIGHT)
    room = layout.sheet_height_mm - SHEET_SLACK_MM - 2 * board
    if room < spot_mm + 2 * layout.half_gap_mm:
        return None
    middle = min(room, spot_mm + 2 * MIDDLE_GAPS * layout.gap_mm)
    spare = room - middle
    return BoardGeometry(
        width_mm=round(width, 2),
        cell_mm=round(cell, 2),
        spaces=spaces,
        slot_x_mm=tuple(round(side + gap + index * (slot + gap), 2) for index in range(len(labels))),
        slot_mm=round(slot, 2),
        label_pt=label_pt,
        label_mm=round(label_mm, 2),
        side_mm=round(side, 2),
        score_top_mm=round(score_top, 2),
        score_mm=layout.totals_row_mm,
        total_mm=round(min(side, layout.score_field_mm), 2),
        board_mm=round(board, 2),
        middle_mm=round(middle, 2),
        spot_top_mm=round((middle - spot_mm) / 2, 2),
        text_mm=round(text, 2),
        top_mm=round(spare / 2, 2),
    )

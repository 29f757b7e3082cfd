"""Pages of two facing knucklebones boards, one per game (docs/rules.md section 7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from kitgen.kit.layout import BoardGeometry, Layout, board_geometry
from kitgen.kit.parts.part import Part, name_sizes
from kitgen.kit.tables import Table
from kitgen.rulebook import Rulebook
from kitgen.rules.knucklebones import COLUMN_DICE, Column

# Knucklebones (docs/rules.md section 7).
COLUMN_LABELS = tuple(column.label.upper() for column in Column)  # docs/rules.md section 7: printed labels
COLUMN_KEYS = ("left", "middle", "right")  # their score boxes' fillable fields (docs/FORMS.md)


FACING_LABEL = "LEFT faces LEFT, MIDDLE faces MIDDLE, RIGHT faces RIGHT."


SPOT_LABEL = "Rolled die"


BOARD_NAME_LINES = 3  # a name beside a board wraps onto 3 lines at most, then prints smaller


SEAT_LABELS = ("Seat 1", "Seat 2")  # docs/rules.md section 7: 2 players; seat 1 reads the near board
SEAT_KEYS = ("seat-1", "seat-2")  # their fillable fields (docs/FORMS.md)


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
    foot, seat 2's turned to face it. Both boards name their columns in one orientation
    (docs/rules.md section 7: left faces left), so the far board, read from its own side,
    lists them right to left.

    Raises :class:`OptionError` when the layout's dice do not fit (see
    :func:`board_geometry`).
    """
    spot_text = (SPOT_LABEL, FACING_LABEL)
    geometry = board_geometry(COLUMN_LABELS, COLUMN_DICE, book.strip_hint, spot_text, layout)
    name_mm = geometry.side_mm - layout.field_gap_mm
    lines = layout.name_lines(table.seats, name_mm, BOARD_NAME_LINES)
    near, far = (
        Board(seat, key, player, layout.name_pt(player, name_mm, lines), columns, column_keys)
        for seat, key, player, columns, column_keys in zip(
            SEAT_LABELS, SEAT_KEYS, table.seats, (COLUMN_LABELS, COLUMN_LABELS[::-1]), (COLUMN_KEYS, COLUMN_KEYS[::-1]),
        )
    )
    return BoardPages("Boards", geometry, near, far, book.strip_hint, spot_text, games)

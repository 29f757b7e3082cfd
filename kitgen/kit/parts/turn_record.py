"""Records that run over continuation sheets (docs/kit.md, "Contents" 3): the long game's turn
record and knucklebones' placement record.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import ceil
from typing import ClassVar

from kitgen.kit.layout import NAME_LINES, PT_PER_MM, Layout, column_widths, number_heading, rows_per_sheet
from kitgen.kit.parts.boards import SEAT_KEYS, seat_labels
from kitgen.kit.parts.part import PLAYER_KEY, Part, field_label, name_sizes
from kitgen.rulebook import Rulebook
from kitgen.text import gettext as _
from kitgen.text import pgettext

TURN_KEYS = ("turn", "die-1", "die-2", "total", "tiles-shut-or-opened", "double", "extra-turns-held")  # docs/FORMS.md


TURN_COLUMN_WEIGHTS = (0.8, 0.8, 0.8, 0.8, 2.4, 0.9, 1.3)


# Rows a placement record gives one game at least: 49 in 50 games of random play end within
# 28 placements (measured on 20,000 games played with the rules core, 99 in 100 within 30);
# a longer game goes on a fresh sheet.
LONG_GAME_PLACEMENTS = 28


PLACEMENT_KEYS = ("player", "face", "column", "dice-removed")  # docs/FORMS.md: then seat-1-total, seat-2-total


PLACEMENT_COLUMN_WEIGHTS = (2.2, 0.9, 1.1, 1.2, 1.3, 1.3)


# The line height of the seats' names over a placement record (templates/parts/turn_record.css.j2):
# a line mixing the text's family with Noto Sans (Greek, Cyrillic), whose glyphs span 1.36 em,
# sets taller than the text's 1.3.
SEATS_LINE_HEIGHT = 1.5
MOST_SEAT_LINES = 4  # a seat's name over a placement record takes 4 lines at most, then prints smaller


@dataclass(frozen=True)
class TurnRecord(Part):
    """A record that runs over continuation sheets (long game, knucklebones placements):
    one table per sheet, its rows numbered on from the sheet before (``pages`` holds each
    sheet's first and last row number), under ``number_heading`` and ``columns`` with ``column_widths_mm``
    (number column first); ``caption`` labels a write-in field above each table
    (``"Game"``; ``""``: none), followed on its line by ``seats``, the seats' labels and
    names (label, name, the size it prints at, in fields ``seat_field_mm`` wide; ``()``: none). A
    fillable kit names the sheets' fields by ``sheet_key``, the columns' by ``column_keys``
    and the caption's by ``caption_key`` (docs/FORMS.md)."""

    template: ClassVar[str] = "parts/turn_record.html.j2"
    stylesheet: ClassVar[str | None] = "parts/turn_record.css.j2"
    seats_line_height: ClassVar[float] = SEATS_LINE_HEIGHT
    heading: str
    sheet_key: str
    number_heading: str
    columns: tuple[str, ...]
    column_keys: tuple[str, ...]
    column_widths_mm: tuple[float, ...]
    row_mm: float
    header_mm: float
    pages: tuple[tuple[int, int], ...]
    note: str
    caption: str = ""
    caption_key: str = ""
    seats: tuple[tuple[str, str, float], ...] = ()
    seat_field_mm: float = 0.0

    @property
    def name_sizes(self) -> tuple[float, ...]:
        return name_sizes(size for _seat, _player, size in self.seats)


def doubles_extra_turns(book: Rulebook) -> str:
    """Return the rule on extra turns held, printed with the long game's turn record."""
    return book.text("doubles.record")[0]


def turn_record(layout: Layout, note: str, throws: int) -> TurnRecord:
    """Return the long game's turn record: every throw with both dice faces, the double
    and the extra turns held, numbered on over as many sheets as ``throws`` rows fill
    (docs/kit.md, "Contents" 3)."""
    note = _("{rule} {overleaf}").format(rule=note, overleaf=_(
        "A game that runs past the last row goes on over the back of the last sheet, each throw numbered on."))
    columns = (pgettext("column heading", "Turn"), _("Die 1"), _("Die 2"), _("Total"), _("Tiles shut or opened"),
               pgettext("dice", "Double"),
               _("Extra turns held"))
    widths = column_widths(layout.content_width_mm, layout.row_number_mm, TURN_COLUMN_WEIGHTS)
    header = layout.header_mm((number_heading(), *columns), widths)
    rows = rows_per_sheet(layout, header, note)
    pages = tuple((sheet * rows + 1, (sheet + 1) * rows) for sheet in range(ceil(throws / rows)))
    return TurnRecord(_("Turn record"), "turn-record", number_heading(), columns, TURN_KEYS, widths, layout.row_mm,
                      header, pages, note)


def placement_record(layout: Layout, games: int, players: Sequence[str]) -> TurnRecord:
    """Return the placement record: for each of ``games`` games, sheets with a numbered
    row per placement (no., player, face, column, dice removed, both totals; docs/kit.md) for
    :data:`LONG_GAME_PLACEMENTS` placements at least, each sheet with a game field. The
    seats' names (``players``, ``""`` for a blank seat) print once over the table, on the
    game field's line, on as many lines as they need, and the totals are headed by the seat: a
    name in a heading would break between its letters in a narrow column and take the
    rows of its lines (issue 22 items 1 and 3)."""
    note = _("One row per placement, both totals after its removals; a longer game goes on over the back of the "
             "last sheet.")
    placement = (field_label(PLAYER_KEY), pgettext("die", "Face"), pgettext("board", "Column (A/B/C)"),
                 _("Dice removed"))
    columns = (*placement, *(_("Seat {seat} total").format(seat=seat) for seat in range(1, len(SEAT_KEYS) + 1)))
    keys = (*PLACEMENT_KEYS, *(f"{seat}-total" for seat in SEAT_KEYS))
    widths = column_widths(layout.content_width_mm, layout.row_number_mm, PLACEMENT_COLUMN_WEIGHTS,
                           layout.heading_columns_mm(columns, layout.content_width_mm - layout.row_number_mm))
    header = layout.header_mm((number_heading(), *columns), widths)
    labels, caption = seat_labels(), pgettext("match", "Game")
    seat_mm = layout.name_field_mm(layout.content_width_mm, (caption, *labels), (layout.short_field_mm,),
                                   names=len(labels))
    named = [player for player in players[:len(SEAT_KEYS)] if player]

    def sheet_rows(lines: int) -> int:  # rows a sheet holds under names of ``lines`` lines
        seats_mm = lines * layout.text_pt / PT_PER_MM * SEATS_LINE_HEIGHT + layout.caption_gap_mm if named else 0.0
        return rows_per_sheet(layout, header, note, max(layout.field_mm, seats_mm))

    # as many lines as the names need, more than two where that costs the game no sheet with a
    # row to spare (a line of stacked marks, Vietnamese say, sets taller still)
    sheets = ceil(LONG_GAME_PLACEMENTS / sheet_rows(layout.name_lines(named, seat_mm)))
    most = max(most for most in range(NAME_LINES, MOST_SEAT_LINES + 1)
               if most == NAME_LINES or ceil(LONG_GAME_PLACEMENTS / (sheet_rows(most) - 1)) == sheets)
    lines = layout.name_lines(named, seat_mm, most)
    seats = tuple((label, player, layout.whole_words_pt(player, seat_mm, lines))
                  for label, player in zip(labels, players, strict=False)) if named else ()
    rows = sheet_rows(lines)
    if named:  # a row left free where the sheets can spare it: a name's line may set taller than measured
        rows = max(ceil(LONG_GAME_PLACEMENTS / sheets), rows - 1)
    game = tuple((sheet * rows + 1, (sheet + 1) * rows) for sheet in range(sheets))
    return TurnRecord(_("Placement record"), "placement-record", number_heading(), columns, keys, widths,
                      layout.row_mm, header, game * games, note, caption, "game", seats, seat_mm)

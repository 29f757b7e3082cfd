"""Records that run over continuation sheets (docs/kit.md, "Contents" 3): the long game's turn
record and knucklebones' placement record.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import ceil
from typing import ClassVar

from kitgen.kit.layout import Layout, column_widths, number_heading, rows_per_sheet
from kitgen.kit.parts.boards import SEAT_KEYS
from kitgen.kit.parts.part import PLAYER_KEY, Part, field_label
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


@dataclass(frozen=True)
class TurnRecord(Part):
    """A record that runs over continuation sheets (long game, knucklebones placements):
    one table per sheet, its rows numbered on from the sheet before (``pages`` holds each
    sheet's first and last row number), under ``number_heading`` and ``columns`` with ``column_widths_mm``
    (number column first); ``caption`` labels a write-in field above each table
    (``"Game"``; ``""``: none). A fillable kit names the sheets' fields by ``sheet_key``,
    the columns' by ``column_keys`` and the caption's by ``caption_key`` (docs/FORMS.md)."""

    template: ClassVar[str] = "parts/turn_record.html.j2"
    stylesheet: ClassVar[str | None] = "parts/turn_record.css.j2"
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


def doubles_extra_turns(book: Rulebook) -> str:
    """Return the rule on extra turns held, printed with the long game's turn record."""
    return book.text("doubles.record")[0]


def turn_record(layout: Layout, note: str, throws: int) -> TurnRecord:
    """Return the long game's turn record: every throw with both dice faces, the double
    and the extra turns held, numbered on over as many sheets as ``throws`` rows fill
    (docs/kit.md, "Contents" 3)."""
    note = _("{rule} {overleaf}").format(rule=note, overleaf=_(
        "A game that runs past the last row goes on over the back of the last sheet, each throw numbered on."))
    columns = (_("Turn"), _("Die 1"), _("Die 2"), _("Total"), _("Tiles shut or opened"), pgettext("dice", "Double"),
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
    :data:`LONG_GAME_PLACEMENTS` placements at least, each sheet with a game field. A
    total's column is headed by its seat's name (``players``, ``""`` for a blank seat),
    or by the seat."""
    note = _("One row per placement, both totals after its removals. A game that runs past the last row goes on "
             "over the back of the last sheet, each placement numbered on.")
    placement = (field_label(PLAYER_KEY), pgettext("die", "Face"), pgettext("board", "Column"), _("Dice removed"))
    columns = (*placement, *(_("Total for {player}").format(player=player) if player
                             else _("Seat {seat} total").format(seat=seat)
                             for seat, player in enumerate(players[:len(SEAT_KEYS)], start=1)))
    keys = (*PLACEMENT_KEYS, *(f"{seat}-total" for seat in SEAT_KEYS))
    widths = column_widths(layout.content_width_mm, layout.row_number_mm, PLACEMENT_COLUMN_WEIGHTS,
                           layout.least_columns_mm(placement))
    header = layout.header_mm((number_heading(), *columns), widths)
    rows = rows_per_sheet(layout, header, note, layout.field_mm)
    sheets = ceil(LONG_GAME_PLACEMENTS / rows)
    game = tuple((sheet * rows + 1, (sheet + 1) * rows) for sheet in range(sheets))
    return TurnRecord(_("Placement record"), "placement-record", number_heading(), columns, keys, widths,
                      layout.row_mm, header, game * games, note, pgettext("match", "Game"), "game")


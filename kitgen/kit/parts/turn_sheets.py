"""Turn sheets and the continuation sheet (docs/kit.md, "Contents" 2): a row of tile boxes per
round or turn, for games of several rounds and the long game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import ceil, floor
from typing import ClassVar

from kitgen.games.box.formats import has_opener
from kitgen.games.box.presets import BoxRules
from kitgen.kit.layout import (
    LINE_HEIGHT,
    PT_PER_MM,
    ROW_RULE_MM,
    SHEET_SLACK_MM,
    TURN_LABEL_MM,
    TURN_SCORE_SHARE,
    Layout,
    tile_rows,
)
from kitgen.kit.measure import lines_for
from kitgen.kit.parts.part import (
    PLAYER_KEY,
    SCORE_KEY,
    SEAT_KEY,
    TABLE_KEY,
    Part,
    field_label,
    name_sizes,
    paginate,
    player_field_mm,
    round_word,
)
from kitgen.kit.tables import Table
from kitgen.rulebook import Rulebook
from kitgen.text import gettext as _

ROLE_KEYS = ("closer", "opener")  # docs/rules.md section 6: seat 1 closes, seat 2 opens; docs/FORMS.md


def role_names() -> tuple[str, str]:
    """Return the long game's roles as printed, in seat order (:data:`ROLE_KEYS`)."""
    return _("Closer"), _("Opener")


@dataclass(frozen=True)
class TurnRow:
    """One row of a turn sheet: the round or turn it is for (``"Round"``, ``"3"``; the
    number ``""`` on a continuation sheet) and, in the long game, the role that plays it."""

    label: str
    number: str
    role: str = ""


@dataclass(frozen=True)
class TurnPage:
    """One page of a turn sheet: its write-in ``fields`` (label, value, the size the value
    prints at; ``""`` to write in), its ``rows``, its place among the pages of its sheet
    (``page`` of ``pages``), and whose sheet it is in the kit's outline (``"Seat 2, Ben"``;
    ``""``: nobody's)."""

    fields: tuple[tuple[str, str, float], ...]
    rows: tuple[TurnRow, ...]
    page: int
    pages: int
    whose: str = ""


@dataclass(frozen=True)
class TurnSheets(Part):
    """Turn sheets: a row of tile boxes per round (or turn) instead of a strip to cut, laid
    out by ``geometry``: a label column, the tiles, and a ``score_label`` column (``""``:
    none). Each page heads its rows with write-in fields (those labelled in
    ``short_fields`` short, the others ``name_field_mm`` wide), then ``hint``; ``note``
    (may be empty) says how to carry on. A fillable kit names its fields by keys
    (docs/FORMS.md): the sheet's ``sheet_key``, one of ``field_keys`` per page field, the
    ``row_key`` of a row's written-in number and the ``score_key`` of its score."""

    template: ClassVar[str] = "parts/turn_sheets.html.j2"
    stylesheet: ClassVar[str | None] = "parts/turn_sheets.css.j2"
    heading: str
    sheet_key: str
    hint: str
    score_label: str
    score_key: str
    geometry: TurnSheetGeometry
    name_field_mm: float
    short_fields: tuple[str, ...]
    field_keys: tuple[str, ...]
    row_key: str
    pages: tuple[TurnPage, ...]
    note: str = ""

    @property
    def name_sizes(self) -> tuple[float, ...]:
        return name_sizes(size for page in self.pages for _label, _value, size in page.fields)

    @property
    def sheet_rows(self) -> tuple[TurnRow, ...]:
        """Return the rows of one sheet over its pages (every seat's sheet has the same)."""
        return tuple(row for page in self.pages[:self.pages[0].pages] for row in page.rows)


def seat_turn_sheets(rules: BoxRules, book: Rulebook, layout: Layout, table: Table, rounds: int) -> TurnSheets:
    """Return a turn sheet per seat: a row of tile boxes and a score for each of ``rounds``
    rounds, then spare rows (their round written in) filling the sheet's last page."""
    note = _("{rule} {carry_on}").format(
        rule=_("Each round starts on the next row with every tile open: cross out the tiles you shut."),
        carry_on=carry_on("round"))
    geometry = turn_sheet_geometry(rules.tiles, book.strip_hint, note, layout)
    rows = numbered_rows(round_word("round"), rounds, geometry.rows_filling(rounds))
    seat_label = field_label(SEAT_KEY)
    name_mm = player_field_mm(layout, layout.content_width_mm, ((seat_label, layout.short_field_mm),))
    pages = [
        page
        for seat, player in enumerate(table.seats, start=1)
        for page in turn_pages(((field_label(PLAYER_KEY), player, layout.name_pt(player, name_mm, 1)),
                                 (seat_label, str(seat), layout.text_pt)), rows, geometry.per_page,
                                seat_sheet(seat, player), geometry.per_next_page)
    ]
    return TurnSheets(_("Turn sheet"), "turn-sheet", book.strip_hint, field_label(SCORE_KEY), SCORE_KEY, geometry,
                      name_mm, (seat_label,), (PLAYER_KEY, SEAT_KEY), "round", tuple(pages), note)


def seat_sheet(seat: int, player: str) -> str:
    """Return whose turn sheet it is in the kit's outline: the seat and its player (``""``:
    a blank seat).

    >>> seat_sheet(2, "Ben"), seat_sheet(3, "")
    ('Seat 2, Ben', 'Seat 3')
    """
    if not player:
        return _("Seat {seat}").format(seat=seat)
    return _("Seat {seat}, {player}").format(seat=seat, player=player)


def continuation_sheet(rules: BoxRules, table: Table, layout: Layout, book: Rulebook) -> TurnSheets:
    """Return ``table``'s continuation sheet, for its game that runs past its turn sheets:
    named for the table, a row per seat in turn (its seat printed; long game: the roles in
    turn, their players heading the page), the round (turn) numbers written in. A fillable
    kit makes its rows fields as a turn sheet's: play aids, not read back (docs/FORMS.md)."""
    long_game = has_opener(rules)  # the long game numbers turns, not rounds
    row_key = "turn" if long_game else "round"
    if long_game:
        note = _("For a game at this table that runs past its last turn: go on here, numbering "
                 "the turns on from the sheet before.")
    else:
        # the seats' players are on the table's totals and roll records: named here, they
        # would keep tables alike but for their names from sharing one layout (kitgen.kit.stamps)
        note = _("For a game at this table that runs past its last round: go on here, a row per "
                 "seat in turn (the seats as on the table's totals), numbering the rounds on from "
                 "the turn sheets.")
    geometry = turn_sheet_geometry(rules.tiles, book.strip_hint, note, layout, scored=not long_game)
    short = layout.short_field_mm
    table_label = field_label(TABLE_KEY)
    table_field = (table_label, str(table.number), layout.text_pt)
    if long_game:  # the roles' players, then the table: a copied page says where it belongs
        roles = role_names()
        name_mm = layout.name_field_mm(layout.content_width_mm, (*roles, table_label), (short,), names=len(roles))
        fields = (*((role, player, layout.name_pt(player, name_mm, 1)) for role, player in zip(roles, table.seats,
                                                                                               strict=False)),
                  table_field)
        keys: tuple[str, ...] = (*ROLE_KEYS, TABLE_KEY)
        rows = [TurnRow(round_word(row_key), "", roles[number % len(roles)]) for number in range(geometry.per_page)]
    else:
        fields = (table_field,)
        keys = (TABLE_KEY,)
        name_mm = player_field_mm(layout, layout.content_width_mm, ((table_label, short),))
        seats = len(table.seats)  # one page, the seats in turn: whole rounds where they fit
        shown = geometry.per_page if seats > geometry.per_page else geometry.per_page // seats * seats
        rows = [TurnRow(round_word(row_key), "", seat_sheet(number % seats + 1, ""))
                for number in range(shown)]
    return TurnSheets(_("Continuation sheet"), "continuation-sheet", book.strip_hint,
                      "" if long_game else field_label(SCORE_KEY), "" if long_game else SCORE_KEY, geometry, name_mm,
                      (table_label,), keys, row_key, tuple(turn_pages(fields, rows, geometry.per_page)), note)


def turn_pages(fields: tuple[tuple[str, str, float], ...], rows: Sequence[TurnRow], per_page: int,
                whose: str = "", per_next_page: int = 0) -> list[TurnPage]:
    """Return ``rows`` on pages headed by ``fields``: ``per_page`` on the first, which
    prints the sheet's hint and note, ``per_next_page`` (unless 0: as many) on each after it."""
    next_rows = per_next_page or per_page
    sheets = paginate(rows[:per_page], per_page) + paginate(rows[per_page:], next_rows)
    return [TurnPage(fields, page, number, len(sheets), whose) for number, page in enumerate(sheets, start=1)]


def numbered_rows(label: str, count: int, shown: int, roles: Sequence[str] = ("",)) -> list[TurnRow]:
    """Return ``count`` rows numbered from 1, each with the next of ``roles`` in turn, then
    spare rows (number and role written in) up to ``shown``."""
    numbered = [TurnRow(label, str(number), roles[(number - 1) % len(roles)]) for number in range(1, count + 1)]
    return numbered + [TurnRow(label, "")] * (shown - count)


def carry_on(row_key: str) -> str:
    """Return the note on a game that runs past a sheet's numbered rows, of rounds or turns
    (``row_key``: ``"round"`` or ``"turn"``)."""
    if row_key == "turn":
        return _("A game that runs past the numbered turns continues on the spare rows (write the "
                 "turn in), then on the table's continuation sheet after its other sheets.")
    return _("A game that runs past the numbered rounds continues on the spare rows (write the "
             "round in), then on the table's continuation sheet after its other sheets.")


# --- fitting ------------------------------------------------------------


@dataclass(frozen=True)
class TurnSheetGeometry:
    """How a turn sheet prints: one row per round (or turn), a label column ``label_mm``
    wide, the tile boxes ``box_mm`` square, ``gap_mm`` apart, in ``rows`` (two or more
    rows when one does not fit beside the label and score columns), a score column
    ``score_mm`` wide (0: none; with ``score_below``, the score goes under the round's
    label instead, in a label column that wide), each round's row ``row_mm`` high,
    ``per_page`` rows on a sheet's first page under its fields line and hint and over its
    note, ``per_next_page`` on each page after it, which prints neither (0: as many)."""

    box_mm: float
    gap_mm: float
    rows: tuple[tuple[int, ...], ...]
    label_mm: float
    score_mm: float
    score_below: bool
    row_mm: float
    per_page: int
    per_next_page: int = 0

    def rows_filling(self, count: int) -> int:
        """Return the rows that fill the pages ``count`` rows take on a sheet.

        >>> TurnSheetGeometry(14.0, 1.6, ((1, 2),), 17.0, 0.0, False, 17.7, 3, 4).rows_filling(8)
        11
        """
        if count <= self.per_page:
            return self.per_page
        per_next = self.per_next_page or self.per_page
        return self.per_page + ceil((count - self.per_page) / per_next) * per_next


def turn_sheet_geometry(
    tiles: int, hint: str, note: str, layout: Layout, scored: bool = True,
) -> TurnSheetGeometry:
    """Return the geometry of a turn sheet for tiles 1..``tiles`` on ``layout``: boxes of
    the strips' nominal size, wrapped onto balanced rows where one row does not fit
    beside the round label and (when ``scored``) the score column, and as many rounds on
    a sheet as fit between the fields line and ``hint`` above and ``note`` below.

    >>> from kitgen.kit.layout import PAPERS, Layout
    >>> turn_sheet_geometry(9, "", "", Layout(PAPERS["a4"])).rows
    ((1, 2, 3, 4, 5, 6, 7, 8, 9),)
    """
    box, gap = layout.tile_box_mm, layout.tile_gap_mm
    label = TURN_LABEL_MM * layout.scale
    score = layout.score_field_mm * TURN_SCORE_SHARE if scored else 0.0
    rows = tile_rows(tiles, layout.content_width_mm - label - score - 2 * gap, layout)
    below = max(label, score)
    stacked = tile_rows(tiles, layout.content_width_mm - below - 2 * gap, layout)
    score_below = scored and len(rows) > 1 and len(stacked) < len(rows)
    if score_below:
        rows, label = stacked, below
    row = len(rows) * box + (len(rows) + 1) * gap + ROW_RULE_MM
    hint_mm = lines_for(hint, layout.content_width_mm, layout.hint_pt) * layout.hint_pt / PT_PER_MM * LINE_HEIGHT
    text = layout.field_mm + layout.hint_gap_mm + hint_mm + layout.half_gap_mm + layout.note_mm(note)
    per_page = max(1, floor((layout.sheet_height_mm - text - SHEET_SLACK_MM) / row))
    # the pages after a sheet's first: its fields line, no hint, no note
    after_first = layout.sheet_height_mm - layout.field_mm - layout.half_gap_mm - SHEET_SLACK_MM
    per_next_page = max(1, floor(after_first / row))
    return TurnSheetGeometry(box, gap, rows, round(label, 2), round(score, 2), score_below, round(row, 2), per_page,
                             per_next_page)

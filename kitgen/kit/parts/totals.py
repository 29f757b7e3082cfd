"""The player-totals table, the host's sheet (docs/kit.md, "Contents" 4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import floor
from typing import ClassVar

from kitgen.kit.layout import NAME_LINES, PT_PER_MM, Layout, column_widths
from kitgen.kit.measure import text_mm
from kitgen.kit.parts.part import PLAYER_KEY, SEAT_KEY, Part, field_label, name_sizes, paginate
from kitgen.kit.tables import Table
from kitgen.rulebook import Rulebook, Section
from kitgen.text import gettext as _
from kitgen.text import pgettext

NAME_CLEARANCE_MM = 1.0  # between a name in a totals row and the row's rules, above and below


SLOT_PADDING_MM = 2.0  # a score cell's write-in line: its padding, both sides


ROUND_COLUMN_MM = 16.0  # a totals table's round column at least: a table has as many as fit

# The keys of the totals table's fields (docs/FORMS.md), read by kitgen.forms.scheme: the
# numbered columns (attempt-1, round-2), the other columns a game prints, the write-in
# lines of a round's cell (round-2.score, round-2.total), a cell's tick box (.mark), the
# round-start row and the winner field.
ATTEMPT_KEY, ROUND_KEY = "attempt", "round"
COMBINED_KEY, ROUND_WINS_KEY, SHUT_THE_BOX_KEY = "combined", "round-wins", "shut-the-box"
TURNS_PLAYED_KEY, DOUBLES_THROWN_KEY, WON_KEY = "turns-played", "doubles-thrown", "won"
SLOT_SCORE_KEY, SLOT_TOTAL_KEY, MARK_KEY = "score", "total", "mark"
STARTS_KEY, TOTALS_KEY, WINNER_KEY = "starts", "totals", "winner"


LABEL_LINE = 1.25  # a small label's line, as a multiple of its size

MARK_RIGHT_MM = 1.0  # a tick box's label: its room from the cell's right rule

MARK_CLEARANCE_MM = 0.8  # between a line's field and the tick box beside it

TICK_GAP_MM = 0.8  # between a tick box and its label


@dataclass(frozen=True)
class ScoreColumn:
    """One column of a totals table: its heading and the ``key`` its fillable fields are
    named by (docs/FORMS.md: ``round-2``), the small labels of the write-in lines stacked in
    each cell (``("score", "total")``; ``("",)`` for one unlabelled line) with the keys of
    their fields (``slot_keys``; ``""``: the column's own field), the label of a small
    tick box in the last line (``"out"``, ``"shut"``; ``""``: none), and whether it is a
    round's (``round``: the round-start row has a place for it; "Round wins" has none)."""

    heading: str
    key: str
    slots: tuple[str, ...] = ("",)
    slot_keys: tuple[str, ...] = ("",)
    mark: str = ""
    round: bool = False


@dataclass(frozen=True)
class TotalsTable(Part):
    """The player-totals table: a row per seat (``seat_labels``, names filled in, blanks to
    write in; the column headed ``seat_heading``) with ``row_mm`` high rows, the score
    ``columns`` after the player's (headed ``player_heading``), at most
    ``per_table`` in one table and the rest in tables under it (``column_widths_mm`` covers
    the seat and player columns first, then ``per_table`` columns; headings at
    ``header_pt``), an optional first row ``starts_label`` for the seat that started each
    round, then the result rule, a field for the winner when ``winner_label`` (``""``:
    none), ``notes`` from the rulebook under it, and the kit's ``guide`` ("How to use this
    kit"; ``None`` past the first table): the totals sheet is the host's. Each of ``players`` is a name and the size it
    prints at. A fillable kit's field of a labelled line starts under the line's label, a
    line ``label_mm`` high, and a line with a tick box keeps ``mark_mm`` on its right for it."""

    template: ClassVar[str] = "parts/totals.html.j2"
    stylesheet: ClassVar[str | None] = "parts/totals.css.j2"
    heading: str
    seat_heading: str
    player_heading: str
    title: str
    columns: tuple[ScoreColumn, ...]
    per_table: int
    column_widths_mm: tuple[float, ...]
    header_pt: float
    seat_labels: tuple[str, ...]
    players: tuple[tuple[str, float], ...]
    row_mm: float
    slot_mm: float
    result_rule: str
    notes: tuple[str, ...]
    guide: Section | None
    starts_label: str = ""
    winner_label: str = ""
    winner_field_mm: float = 0.0
    label_mm: float = 0.0
    mark_mm: float = 0.0

    @property
    def name_sizes(self) -> tuple[float, ...]:
        return name_sizes(size for _name, size in self.players)

    @property
    def tables(self) -> tuple[tuple[tuple[ScoreColumn, ...], float], ...]:
        """Return each table's score columns and its width in mm (a last table with
        fewer columns is narrower)."""
        return tuple(
            (group, round(sum(self.column_widths_mm[:2 + len(group)]), 2))
            for group in paginate(self.columns, self.per_table)
        )


def round_rotation(book: Rulebook) -> tuple[str, ...]:
    """Return the rule on who starts each round, printed under a classic game's totals."""
    return book.text("rounds")


def scoring_running_total(book: Rulebook) -> tuple[str, ...]:
    """Return the rules on the running total, printed under a hundred game's totals."""
    return book.text("scoring.total")


def score_and_total() -> tuple[str, str]:
    """Return the small labels of a round cell's two write-in lines: the round's score and
    the running total (their fields ``score`` and ``total``)."""
    return pgettext("totals cell", "score"), pgettext("totals cell", "total")


def round_starts_label() -> str:
    """Return the label of a classic totals table's first row: the seat that started each
    round (docs/rules.md section 3: the start seat moves on each round)."""
    return _("Round started by seat")


def totals_table(
    book: Rulebook, layout: Layout, table: Table, columns: Sequence[ScoreColumn], guide: Section | None,
    notes: Sequence[str] = (), starts_label: str = "", seat_labels: Sequence[str] = (),
    winner: bool = True, score_digits: int = 0,
) -> TotalsTable:
    """Return the player-totals table for ``table`` with score ``columns`` (docs/kit.md,
    "Contents" 4), the kit's ``guide`` under it and, when ``winner``, a field for the
    winner ("Winner (ties share)"); seats are numbered unless ``seat_labels`` names them. Columns that do not fit
    one table's width, each at least :data:`ROUND_COLUMN_MM` (scaled) and wide enough for
    a number of ``score_digits`` digits written by hand beside its mark, go on in further
    tables under it. A name wraps onto the lines its row holds, the row growing to hold
    two; a longer name prints smaller."""
    slots = max(len(column.slots) for column in columns)
    seat_mm = _seat_column_mm(layout, bool(seat_labels))
    room_mm = layout.content_width_mm - seat_mm - layout.player_column_mm
    marks_mm = max((layout.tick_mm + text_mm(column.mark, layout.tiny_pt) + SLOT_PADDING_MM
                    for column in columns if column.mark), default=0.0)
    mark_mm = max((MARK_CLEARANCE_MM + MARK_RIGHT_MM + layout.tick_mm + TICK_GAP_MM
                   + text_mm(column.mark, layout.tiny_pt) for column in columns if column.mark), default=0.0)
    cell_mm = layout.number_field_mm(score_digits) + SLOT_PADDING_MM + marks_mm if score_digits else 0.0
    per_table = min(len(columns), totals_columns(layout, bool(seat_labels)))
    if cell_mm:
        per_table = max(1, min(per_table, floor(room_mm / cell_mm)))
    headings = [column.heading for column in columns[:per_table]]
    least = [max(cell_mm, heading_mm) for heading_mm in layout.least_columns_mm(headings)]
    widths = column_widths(
        layout.content_width_mm - seat_mm, layout.player_column_mm, (1.0,) * len(headings), least,
    )
    name_mm, padding = layout.player_column_mm, layout.cell_padding_mm
    most = max(NAME_LINES, floor((layout.totals_row_mm * slots - 2 * NAME_CLEARANCE_MM) / layout.line_mm))
    lines = layout.name_lines(table.seats, name_mm, most, padding)
    row_mm = round(max(layout.totals_row_mm * slots, lines * layout.line_mm + 2 * NAME_CLEARANCE_MM), 2)
    seat_heading, player_heading = field_label(SEAT_KEY), field_label(PLAYER_KEY)
    winner_label = _("Winner (ties share)") if winner else ""
    return TotalsTable(
        heading=_("Player totals"),
        seat_heading=seat_heading,
        player_heading=player_heading,
        title=book.title,
        columns=tuple(columns),
        per_table=per_table,
        column_widths_mm=(seat_mm, *widths),
        header_pt=layout.header_fit_pt([seat_heading, player_heading, *headings], (seat_mm, *widths)),
        seat_labels=tuple(seat_labels) or tuple(str(seat) for seat in range(1, len(table.seats) + 1)),
        players=tuple((name, layout.name_pt(name, name_mm, lines, padding)) for name in table.seats),
        row_mm=row_mm,
        slot_mm=round(row_mm / slots, 2),
        result_rule=book.result_rule,
        notes=tuple(notes),
        guide=guide,
        starts_label=starts_label,
        winner_label=winner_label,
        winner_field_mm=layout.name_field_mm(layout.content_width_mm, (winner_label,)) if winner else 0.0,
        label_mm=round(layout.tiny_pt / PT_PER_MM * LABEL_LINE, 2),
        mark_mm=round(mark_mm, 2),
    )


def _seat_column_mm(layout: Layout, named: bool) -> float:
    return layout.role_column_mm if named else layout.short_field_mm


def totals_columns(layout: Layout, named: bool = False) -> int:
    """Return how many score columns of at least :data:`ROUND_COLUMN_MM` (scaled) one
    totals table holds beside its seat (``named``: role names) and player columns."""
    room = layout.content_width_mm - _seat_column_mm(layout, named) - layout.player_column_mm
    return floor(room / (ROUND_COLUMN_MM * layout.scale))


def round_columns(count: int, slots: tuple[str, ...], slot_keys: tuple[str, ...],
                  mark: str = "") -> tuple[ScoreColumn, ...]:
    """Return ``count`` columns headed ``Round 1``, ``Round 2``... (fields ``round-1``...)."""
    return tuple(ScoreColumn(_("Round {number}").format(number=number), f"{ROUND_KEY}-{number}", slots, slot_keys, mark,
                             round=True)
                 for number in range(1, count + 1))

"""The knucklebones match record (docs/kit.md, "Contents"): a row per game the match can take.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from kitgen.games.knucklebones.presets import KnucklebonesRules
from kitgen.kit.layout import Layout, column_widths
from kitgen.kit.parts.boards import SEAT_KEYS, seat_labels
from kitgen.kit.parts.part import Part, name_sizes
from kitgen.kit.tables import Table
from kitgen.rulebook import Rulebook, Section
from kitgen.text import gettext as _
from kitgen.text import ngettext, pgettext

DRAW_REPLAY_ROWS = 2  # match-record rows past the match's length, for replays of drawn games


STARTER_KEY = "started-by"  # docs/kit.md: a match record has games, starter, result, game wins; docs/FORMS.md
RESULT_KEY = "result-winner-or-draw"


GAME_COLUMN_WEIGHTS = (1.3, 1.0, 1.0, 1.6, 1.0, 1.0)


WINNER_KEY = "match-winner"  # the match record's last write-in field


@dataclass(frozen=True)
class MatchRecord(Part):
    """The match record: the seats and their names with the size each prints at (fields
    ``seat_field_mm`` wide), a numbered row per game (``games`` rows, room for replays of
    drawn games included) under ``number_heading`` and ``columns`` with
    ``column_widths_mm`` (the game-number column first), a match-winner field
    (``winner_label``) ``winner_field_mm`` wide, the result rule, ``notes`` and the kit's
    ``guide`` (``None`` past the first table). A fillable kit names a column's fields by its one of
    ``column_keys`` (docs/FORMS.md)."""

    template: ClassVar[str] = "parts/match_record.html.j2"
    stylesheet: ClassVar[str | None] = "parts/match_record.css.j2"
    winner_key: ClassVar[str] = WINNER_KEY
    heading: str
    title: str
    number_heading: str
    winner_label: str
    seats: tuple[tuple[str, str, float], ...]
    seat_field_mm: float
    columns: tuple[str, ...]
    column_keys: tuple[str, ...]
    column_widths_mm: tuple[float, ...]
    header_mm: float
    row_mm: float
    games: int
    winner_field_mm: float
    result_rule: str
    notes: tuple[str, ...]
    guide: Section | None

    @property
    def name_sizes(self) -> tuple[float, ...]:
        return name_sizes(size for _seat, _player, size in self.seats)


def matches_starts_and_draws(book: Rulebook) -> tuple[str, ...]:
    """Return the rules on who starts each game and on draws, printed under the match record."""
    return book.text("matches.games")


def match_length(rules: KnucklebonesRules) -> int:
    """Return the most games a knucklebones match takes without draws: 1, 3 or 5."""
    return 2 * rules.wins_needed - 1


def match_record(
    rules: KnucklebonesRules, table: Table, layout: Layout, book: Rulebook, games: int, guide: Section | None,
) -> MatchRecord:
    """Return the match record: the seats' names, a row per game the match can take plus
    room for replays of drawn games, with starter, both totals, the result and both
    seats' game wins (docs/kit.md), then the result rule, the rulebook's rules on who
    starts each game and on draws, and the kit's ``guide``."""
    seats = range(1, len(SEAT_KEYS) + 1)
    columns = (_("Started by"), *(_("Seat {seat} total").format(seat=seat) for seat in seats),
               _("Result (winner or draw)"), *(_("Seat {seat} game wins").format(seat=seat) for seat in seats))
    widths = column_widths(layout.content_width_mm, layout.short_field_mm, GAME_COLUMN_WEIGHTS)
    notes = (
        *matches_starts_and_draws(book),
        ngettext("The boards and placement records cover {count} game, every game the match can take; "
                 "a replayed draw goes on the back of a used placement sheet, its totals in this record.",
                 "The boards and placement records cover {count} games, every game the match can take; "
                 "a replayed draw goes on the back of a used placement sheet, its totals in this record.",
                 games).format(count=games),
    )
    labels = seat_labels()
    seat_mm = layout.name_field_mm(layout.content_width_mm, labels, names=len(labels))
    number, winner = pgettext("match", "Game"), _("Match winner")
    lines = layout.name_lines(table.seats, seat_mm)
    return MatchRecord(
        heading=_("Match record"),
        title=book.title,
        number_heading=number,
        winner_label=winner,
        seats=tuple((seat, player, layout.name_pt(player, seat_mm, lines))
                    for seat, player in zip(labels, table.seats, strict=False)),
        seat_field_mm=seat_mm,
        columns=columns,
        column_keys=(STARTER_KEY, *(f"{seat}-total" for seat in SEAT_KEYS),
                     RESULT_KEY, *(f"{seat}-game-wins" for seat in SEAT_KEYS)),
        column_widths_mm=widths,
        header_mm=layout.header_mm((number, *columns), widths),
        row_mm=layout.row_mm,
        games=match_length(rules) + DRAW_REPLAY_ROWS,
        winner_field_mm=layout.name_field_mm(layout.content_width_mm, (winner,)),
        result_rule=book.result_rule,
        notes=notes,
        guide=guide,
    )

"""The knucklebones host key (docs/rules.md section 8): each face's column score by count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from kitgen.games.knucklebones.rules import COLUMN_DICE, FACES, column_score
from kitgen.kit.layout import Layout, column_widths
from kitgen.kit.parts.part import Part
from kitgen.rulebook import Rulebook, Section
from kitgen.text import gettext as _


@dataclass(frozen=True)
class ColumnScoreRow:
    """One face of the column-score table: its score when 1, 2 and 3 dice of the column
    show it, each as ``(working, score)``, e.g. ``("5 x 2 x 2", 20)``."""

    face: int
    scores: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class ColumnScoreKey(Part):
    """The knucklebones host key (docs/rules.md section 8): the column-score table (faces 1-6
    by count 1-3) under ``count_headings``, then the rulebook's worked removal
    ``example`` and its scoring and ending rules in brief (``notes``)."""

    template: ClassVar[str] = "parts/column_scores.html.j2"
    stylesheet: ClassVar[str | None] = "parts/column_scores.css.j2"
    heading: str
    title: str
    count_headings: tuple[str, ...]
    column_widths_mm: tuple[float, ...]
    row_mm: float
    rows: tuple[ColumnScoreRow, ...]
    example: Section
    notes: tuple[str, ...]


def column_score_key(book: Rulebook, layout: Layout) -> ColumnScoreKey:
    """Return the knucklebones host key (docs/rules.md section 8): each face's column score
    when one, two or three dice of a column show it (f, 4f, 9f), the worked removal
    example and the scoring and ending rules in brief."""
    rows = tuple(
        ColumnScoreRow(face, tuple((f"{face} x {count} x {count}", column_score([face] * count))
                                   for count in range(1, COLUMN_DICE + 1)))
        for face in FACES
    )
    count_headings = (_("Once in the column"), _("Twice"), _("Three times"))  # docs/rules.md section 8: count 1-3
    weights = (1.0,) * len(count_headings)
    return ColumnScoreKey(
        heading=_("Host key"),
        title=book.title,
        count_headings=count_headings,
        column_widths_mm=column_widths(layout.content_width_mm, layout.short_field_mm, weights),
        row_mm=layout.row_mm,
        rows=rows,
        example=book.example,
        notes=book.host_notes,
    )

"""Number strips to cut apart (docs/kit.md, "Contents" 2): its record, its builder, its fitting.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from kitgen.kit.layout import Layout, StripGeometry, strip_geometry
from kitgen.kit.parts.part import PLAYER_LABEL, Part, Turns, filled, name_sizes, paginate, player_field_mm
from kitgen.kit.tables import Table
from kitgen.rulebook import Rulebook
from kitgen.rules.presets import Rules

SPARE_STRIPS = 2  # docs/kit.md: strips per table beyond one per attempt or turn


@dataclass(frozen=True)
class Caption:
    """The write-in fields that head one number strip: the player's name (``""`` to write
    in) and the size it prints at, what the round is called (``"Attempt"``; ``""`` for no
    round field) and its number (``""`` on a spare strip)."""

    player: str
    player_pt: float
    round_label: str
    round_number: str


@dataclass(frozen=True)
class NumberStrips(Part):
    """Number strips to cut apart: ``pages`` of strips laid out by ``geometry``, the first
    ``turns`` for the turns of the game and the rest spares, each strip carrying the
    fields ``Player`` (its line ``name_field_mm`` wide, ``fields_mm`` high: room for the
    names' lines), its ``round_label`` (``""``: none) and ``score_label`` (``""``: none; its
    fillable field ``score_key``, docs/FORMS.md),
    then the table's label and the rulebook's ``hint``."""

    template: ClassVar[str] = "parts/strips.html.j2"
    stylesheet: ClassVar[str | None] = "parts/strips.css.j2"
    player_label: ClassVar[str] = PLAYER_LABEL
    heading: str
    hint: str
    round_label: str
    score_label: str
    score_key: str
    geometry: StripGeometry
    name_field_mm: float
    turns: int
    fields_mm: float
    pages: tuple[tuple[Caption, ...], ...]

    @property
    def name_sizes(self) -> tuple[float, ...]:
        return name_sizes(caption.player_pt for page in self.pages for caption in page)


def number_strips(
    rules: Rules, book: Rulebook, layout: Layout, table: Table, turns: Turns, round_label: str,
    score_label: str, score_key: str,
) -> NumberStrips:
    """Return a fresh strip per turn in ``turns`` plus the spares (docs/kit.md, "Contents" 2):
    at least :data:`SPARE_STRIPS`, and as many more as fill the last page; each carries
    its table's label on its hint line."""
    fields = ((round_label, layout.short_field_mm), (score_label, layout.score_field_mm))
    name_mm = player_field_mm(layout, layout.content_width_mm, fields)
    lines = layout.name_lines([player for player, _ in turns], name_mm)
    hint = f"{table.label} \u00b7 {book.strip_hint}"
    geometry = strip_geometry(rules.tiles, hint, layout, lines)
    strips = [Caption(player, layout.name_pt(player, name_mm, lines), round_label, number)
              for player, number in turns]
    spares = filled(len(turns) + SPARE_STRIPS, geometry.per_page) - len(turns)
    strips += [Caption("", layout.text_pt, round_label, "")] * spares
    return NumberStrips("Number strips", hint, round_label, score_label, score_key, geometry, name_mm,
                        len(turns), round(layout.field_mm + (lines - 1) * layout.line_mm, 2),
                        paginate(strips, geometry.per_page))

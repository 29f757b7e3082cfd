"""Number strips to cut apart (docs/kit.md, "Contents" 2): its record, its builder, its fitting.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import floor
from typing import ClassVar

from kitgen.games.box.presets import BoxRules
from kitgen.kit.layout import (
    CUT_CLEARANCE_MM,
    FIELD_GAP_MM,
    LABEL_GAP_MM,
    LINE_HEIGHT,
    NAME_LINES,
    PT_PER_MM,
    Layout,
    tile_rows,
)
from kitgen.kit.measure import lines_for, text_mm
from kitgen.kit.parts.part import (
    PLAYER_KEY,
    Part,
    Turns,
    field_label,
    filled,
    name_sizes,
    paginate,
    player_field_mm,
    round_word,
)
from kitgen.kit.tables import Table
from kitgen.rulebook import Rulebook
from kitgen.text import gettext as _

SPARE_STRIPS = 2  # docs/kit.md: strips per table beyond one per attempt or turn


@dataclass(frozen=True)
class Caption:
    """The write-in fields that head one number strip: the player's name (``""`` to write
    in) and the size it prints at, and the number of its round (``""`` on a spare strip;
    what the round is called is the strips' :attr:`NumberStrips.round_label`)."""

    player: str
    player_pt: float
    round_number: str


@dataclass(frozen=True)
class NumberStrips(Part):
    """Number strips to cut apart: ``pages`` of strips laid out by ``geometry``, the first
    ``turns`` for the turns of the game and the rest spares, each strip carrying the
    fields ``player_label`` (its line ``name_field_mm`` wide, ``fields_mm`` high: room for
    the names' lines), its round (of ``round_kind``, see :func:`round_word`: what the
    sheets cover; called ``round_label`` (``"Attempt"``), ``""``: no round field) and ``score_label`` (``""``: none;
    its fillable field ``score_key``, docs/FORMS.md), the score field ``score_field_mm``
    wide, then the table's label and the rulebook's ``hint``. Where the tiles wrap and
    room is left beside them (``geometry.beside_mm``), the fields go there, a line each."""

    template: ClassVar[str] = "parts/strips.html.j2"
    stylesheet: ClassVar[str | None] = "parts/strips.css.j2"
    heading: str
    player_label: str
    hint: str
    round_kind: str
    round_label: str
    score_label: str
    score_key: str
    geometry: StripGeometry
    name_field_mm: float
    turns: int
    fields_mm: float
    pages: tuple[tuple[Caption, ...], ...]
    score_field_mm: float = 0.0

    @property
    def name_sizes(self) -> tuple[float, ...]:
        return name_sizes(caption.player_pt for page in self.pages for caption in page)


def number_strips(
    rules: BoxRules, book: Rulebook, layout: Layout, table: Table, turns: Turns, round_kind: str, score_key: str,
) -> NumberStrips:
    """Return a fresh strip per turn in ``turns`` plus the spares (docs/kit.md, "Contents" 2):
    at least :data:`SPARE_STRIPS`, and as many more as fill the last page; each carries
    its table's label on its hint line, a field for its round of ``round_kind`` (see
    :func:`round_word`; ``""``: none) and the score field ``score_key``."""
    round_label, score_label = round_word(round_kind), field_label(score_key)
    fields = ((round_label, layout.short_field_mm), (score_label, layout.score_field_mm))
    hint = _("{table} · {hint}").format(table=table.label, hint=book.strip_hint)
    beside = strip_geometry(rules.tiles, hint, layout, fields=fields).beside_mm
    if beside:  # a line each beside the tiles: the name's as wide as the column lets it be
        name_mm = layout.name_field_mm(beside, (field_label(PLAYER_KEY),))
        score_mm = min(layout.score_field_mm, beside - text_mm(score_label, layout.text_pt) - LABEL_GAP_MM)
    else:
        name_mm = player_field_mm(layout, layout.content_width_mm, fields)
        score_mm = layout.score_field_mm
    names = [player for player, _number in turns]
    lines = layout.name_lines(names, name_mm, strip_name_lines(rules.tiles, hint, layout, fields))
    if layout.scale > 1:  # large print: no name smaller than in the normal kit, at the cost of a strip a page
        normal = number_strips(rules, book, Layout(layout.paper, 1.0, layout.die_mm), table, turns, round_kind,
                               score_key)
        least_pt = {caption.player: caption.player_pt for page in normal.pages for caption in page}
        while lines < MOST_NAME_LINES and any(
                layout.name_pt(name, name_mm, lines) < min(least_pt[name], layout.name_pt(name, name_mm, lines + 1))
                for name in names):
            lines += 1
    geometry = strip_geometry(rules.tiles, hint, layout, lines, fields)
    strips = [Caption(player, layout.whole_words_pt(player, name_mm, lines), number)
              for player, number in turns]
    spares = filled(len(turns) + SPARE_STRIPS, geometry.per_page) - len(turns)
    strips += [Caption("", layout.text_pt, "")] * spares
    fields_mm = round(layout.field_mm + (lines - 1) * layout.line_mm, 2)
    return NumberStrips(_("Number strips"), field_label(PLAYER_KEY), hint, round_kind, round_label, score_label,
                        score_key, geometry, name_mm, len(turns), fields_mm, paginate(strips, geometry.per_page),
                        round(score_mm, 2))


# --- fitting ------------------------------------------------------------


MOST_NAME_LINES = 6  # a strip's name takes this many lines of its field at most, however much room is left


def strip_name_lines(tiles: int, hint: str, layout: Layout, fields: Fields = ()) -> int:
    """Return how many lines a player's name may take on a strip of ``tiles`` tiles under
    ``hint`` (with ``fields`` besides the name, see :func:`strip_geometry`): two, or as
    many more (up to :data:`MOST_NAME_LINES`) as leave a page as many strips as with a
    name of one line (large print: room to spare under two strips).

    >>> from kitgen.kit.layout import PAPERS
    >>> strip_name_lines(9, "", Layout(PAPERS["a4"])), strip_name_lines(9, "", Layout.for_print(PAPERS["a4"], True))
    (2, 3)
    """
    per_page = strip_geometry(tiles, hint, layout, fields=fields).per_page
    free = [lines for lines in range(1, MOST_NAME_LINES + 1)
            if strip_geometry(tiles, hint, layout, lines, fields).per_page == per_page]
    return max(NAME_LINES, *free)


@dataclass(frozen=True)
class StripGeometry:
    """How a number strip prints: tile boxes ``box_mm`` square, ``gap_mm`` apart, in
    ``rows`` (the tile numbers of each row; two rows when one is too wide), the strip's
    whole height between cut lines, and how many strips fit a sheet; ``beside_mm``: the
    width of the column the write-in fields take beside wrapped tiles (0: they go under
    the tiles on one line)."""

    box_mm: float
    gap_mm: float
    rows: tuple[tuple[int, ...], ...]
    height_mm: float
    per_page: int
    beside_mm: float = 0.0


Fields = tuple[tuple[str, float], ...]  # a strip's write-in fields besides the name: (label, width in mm)
BESIDE_NAME_MM = 30.0  # beside wrapped tiles, a name field is at least this wide (times the print scale)


def fields_beside_mm(rows: tuple[tuple[int, ...], ...], layout: Layout, fields: Fields) -> float:
    """Return the width left beside tile ``rows`` that wrap, where the strip's fields fit
    there a line each: the name's (at least :data:`BESIDE_NAME_MM` wide) and each of
    ``fields`` (its label and a field at least a short field wide); 0 where the tiles take
    one row or the fields do not fit beside them."""
    if len(rows) < 2 or not fields:
        return 0.0
    widest = max(len(row) for row in rows)
    free = layout.content_width_mm - widest * layout.tile_box_mm - (widest - 1) * layout.tile_gap_mm - FIELD_GAP_MM
    lines = [text_mm(field_label(PLAYER_KEY), layout.text_pt) + BESIDE_NAME_MM * layout.scale]
    lines += [text_mm(label, layout.text_pt) + layout.short_field_mm for label, _width in fields if label]
    return round(free, 2) if max(lines) + LABEL_GAP_MM <= free else 0.0


def strip_geometry(tiles: int, hint: str, layout: Layout, name_lines: int = 1, fields: Fields = ()) -> StripGeometry:
    """Return the strip geometry for tiles 1..``tiles`` on ``layout``, its name field
    holding ``name_lines`` lines; ``fields``, the strip's fields besides the name, go
    beside tiles that wrap where they fit there (:func:`fields_beside_mm`), else with the
    name on one line under the tiles.

    Boxes keep their nominal size (14 mm, 21 mm in large print); a strip too wide for
    the page wraps onto balanced rows instead of shrinking a box (docs/kit.md).

    >>> from kitgen.kit.layout import PAPERS, Layout
    >>> strip_geometry(12, "", Layout.for_print(PAPERS["a4"], True)).rows[1]
    (7, 8, 9, 10, 11, 12)
    """
    box, gap = layout.tile_box_mm, layout.tile_gap_mm
    width = layout.content_width_mm
    rows = tile_rows(tiles, width, layout)
    row_count = len(rows)
    hint_pt = layout.hint_pt
    hint_lines = lines_for(hint, width, hint_pt)
    tiles_mm = row_count * box + (row_count - 1) * gap
    name_mm = layout.field_mm + (name_lines - 1) * layout.line_mm
    beside = fields_beside_mm(rows, layout, fields)
    if beside:  # the name's line, then a line for each other field
        body = max(tiles_mm, name_mm + sum(1 for label, _width in fields if label) * layout.field_mm) + gap
    else:
        body = tiles_mm + gap + name_mm
    height = (
        layout.strip_padding_mm + CUT_CLEARANCE_MM + body
        + layout.hint_gap_mm + hint_lines * hint_pt / PT_PER_MM * LINE_HEIGHT
    )
    per_page = max(1, floor(layout.sheet_height_mm / height))
    return StripGeometry(box, gap, rows, round(height, 2), per_page, beside)

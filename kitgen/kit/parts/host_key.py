"""The Shut the Box host key (docs/rules.md section 8): every set of tiles per throw total;
with the ``ops`` option (section 9), per value the allowed operations make, up to 36.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

from kitgen.games.box.presets import BoxRules
from kitgen.games.box.rules import TWO_DICE_TOTALS, faces_needed, possible_values
from kitgen.kit.layout import Layout, column_widths
from kitgen.kit.parts.part import Part
from kitgen.rulebook import Rulebook
from kitgen.text import gettext as _

MAX_SET_SIZE = 4  # docs/rules.md section 1: no move uses more than 4 tiles (1+2+3+4 = 10)
OPS_SET_SIZE = 8  # docs/rules.md section 9: a value reaches 36, so a move shuts up to 8 tiles (1+...+8 = 36)


SET_COLUMN_WEIGHTS = (1.4, 3.2, 4.2, 1.6)  # the longest row of each group: 1, 5, 7 and 2 sets


@dataclass(frozen=True)
class HostKeyRow:
    """One throw total of the host key and every set of distinct tiles adding up to it,
    grouped by size: ``groups[0]`` singles, ``groups[1]`` pairs, then threes and fours."""

    total: int
    groups: tuple[tuple[tuple[int, ...], ...], ...]

    @property
    def count(self) -> int:
        """Return the number of sets for this total."""
        return sum(len(group) for group in self.groups)


@dataclass(frozen=True)
class HostKey(Part):
    """The host key (docs/rules.md section 8): every set of tiles per throw total in ``rows``
    (columns: throw, one per set size, count), then the rulebook's scoring and ending
    notes."""

    template: ClassVar[str] = "parts/host_key.html.j2"
    stylesheet: ClassVar[str | None] = "parts/host_key.css.j2"
    heading: str
    title: str
    group_names: tuple[str, ...]
    column_widths_mm: tuple[float, ...]
    rows: tuple[HostKeyRow, ...]
    notes: tuple[str, ...]
    values: bool = False  # docs/rules.md section 9: rows of values, every set in one column


def values_widths(layout: Layout) -> tuple[float, ...]:
    """Return the widths of a host key of values (docs/rules.md section 9): the value and the
    count as wide as a short field, or as their headings need, and the sets between them."""
    value, count = (max(layout.short_field_mm, least)
                    for least in layout.least_columns_mm((_("Value"), _("Sets"))))
    return (round(value, 2), round(layout.content_width_mm - value - count, 2), round(count, 2))


def tile_sets(tiles: int, total: int, most: int = MAX_SET_SIZE) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Return every set of distinct tiles from 1..``tiles`` adding up to ``total``,
    grouped by size (singles, pairs, threes, fours; up to ``most`` tiles), each set
    ascending, groups in ascending order (docs/rules.md section 8: a static lookup table,
    not a solver).

    >>> tile_sets(9, 6)
    (((6,),), ((1, 5), (2, 4)), ((1, 2, 3),), ())
    >>> tile_sets(9, 36, OPS_SET_SIZE)[-1]
    ((1, 2, 3, 4, 5, 6, 7, 8),)
    """
    numbers = range(1, min(tiles, total) + 1)
    return tuple(
        tuple(chosen for chosen in combinations(numbers, size) if sum(chosen) == total)
        for size in range(1, most + 1)
    )


def host_key_totals(rules: BoxRules) -> range:
    """Return the throw totals of the host key: 1-12 where one die may be chosen, 2-12
    where it never may (docs/rules.md section 8).

    >>> from kitgen.games import find_preset
    >>> host_key_totals(find_preset("strip").configure())
    range(2, 13)
    """
    lowest = TWO_DICE_TOTALS.start if rules.one_die == "never" else 1
    return range(lowest, TWO_DICE_TOTALS.stop)


def host_key(rules: BoxRules, book: Rulebook, layout: Layout) -> HostKey:
    """Return the host key part of a Shut the Box preset (docs/rules.md section 8); with
    operations besides ``add``, a row for every value they make (section 9), its sets in one
    column, a line for each size."""
    if faces_needed(rules):
        rows = tuple(HostKeyRow(value, tuple(group for group in tile_sets(rules.tiles, value, OPS_SET_SIZE) if group))
                     for value in possible_values(rules))
        return HostKey(_("Host key"), book.title, (), values_widths(layout), rows, book.host_notes, True)
    rows = tuple(HostKeyRow(total, tile_sets(rules.tiles, total)) for total in host_key_totals(rules))
    short = layout.short_field_mm
    sets = [["+".join(map(str, tiles)) for row in rows for tiles in row.groups[size]]
            for size in range(MAX_SET_SIZE)]
    group_names = (_("Singles"), _("Pairs"), _("Threes"), _("Fours"))  # docs/rules.md section 8: grouped by size
    least = layout.least_columns_mm(group_names, sets)
    widths = column_widths(layout.content_width_mm - short, short, SET_COLUMN_WEIGHTS, least)
    return HostKey(
        heading=_("Host key"),
        title=book.title,
        group_names=group_names,
        column_widths_mm=(*widths, short),
        rows=rows,
        notes=book.host_notes,
    )

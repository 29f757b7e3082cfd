"""Roll records, one table per attempt or turn (docs/kit.md, "Contents" 3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from kitgen.kit.layout import Layout, RecordGeometry, column_widths, record_geometry
from kitgen.kit.parts.part import PLAYER_LABEL, Part, Turns, filled, name_sizes, paginate, table_label_mm
from kitgen.kit.tables import Table
from kitgen.rules.presets import Rules

ROLL_COLUMNS = ("Roll total", "Numbers closed", "Checked sum")  # docs/kit.md: roll record columns
ROLL_KEYS = ("roll-total", "numbers-closed", "checked-sum")  # their fillable fields (docs/FORMS.md)


ROLL_COLUMN_WEIGHTS = (1.0, 1.4, 1.4)


DICE_COLUMN = "Dice (1/2)"  # docs/kit.md: a dice column (one or two) where the preset allows one die
DICE_KEY = "dice-1-2"


DICE_COLUMN_WEIGHT = 1.1


@dataclass(frozen=True)
class RecordCaption:
    """What heads one roll record: its ``label`` (table and round, ``"Table 2 · Attempt
    1"``), the player's name (``""`` to write in) with the size it prints at, and the
    round's number (``""`` on a blank record; a fillable kit's manifest lists it)."""

    label: str
    player: str
    player_pt: float
    round_number: str = ""


@dataclass(frozen=True)
class RollRecords(Part):
    """Roll records, one table per attempt or turn: ``rows`` numbered rows under
    ``columns`` (after the row number; ``column_widths_mm`` has the number column's width
    first), laid out by ``geometry`` on ``pages``, each headed by its label (table and
    round, in a box ``label_mm`` wide: the widest label's width, so the fields after it
    line up) and the player's field (``name_field_mm`` wide, ``fields_mm`` high). A
    fillable kit names a column's fields by its one of ``column_keys`` (docs/FORMS.md)."""

    template: ClassVar[str] = "parts/roll_records.html.j2"
    stylesheet: ClassVar[str | None] = "parts/roll_records.css.j2"
    player_label: ClassVar[str] = PLAYER_LABEL
    heading: str
    columns: tuple[str, ...]
    column_keys: tuple[str, ...]
    column_widths_mm: tuple[float, ...]
    rows: int
    geometry: RecordGeometry
    label_mm: float
    name_field_mm: float
    fields_mm: float
    pages: tuple[tuple[RecordCaption, ...], ...]

    @property
    def name_sizes(self) -> tuple[float, ...]:
        return name_sizes(record.player_pt for page in self.pages for record in page)


def roll_records(rules: Rules, layout: Layout, table: Table, turns: Turns, round_label: str) -> RollRecords:
    """Return a roll record per turn in ``turns``, with a row per possible throw (N) and
    a dice column where the preset allows one die (docs/kit.md, "Contents" 3), each headed by
    its table and round; blank records fill the last line of records (the totals sheet
    may follow on the same page)."""
    one_die = rules.one_die != "never"
    columns = ((DICE_COLUMN,) if one_die else ()) + ROLL_COLUMNS
    keys = ((DICE_KEY,) if one_die else ()) + ROLL_KEYS
    weights = ((DICE_COLUMN_WEIGHT,) if one_die else ()) + ROLL_COLUMN_WEIGHTS
    widths = column_widths(layout.record_width_mm, layout.row_number_mm, weights,
                           layout.least_columns_mm(columns))
    labels = [" \u00b7 ".join(filter(None, (table.label, f"{round_label} {number}".strip())))
              for _, number in turns]
    label_mm = max(table_label_mm(label, table, layout.text_pt) for label in labels)
    # the label's box and the gap after it, then the Player label and the field (kit.css)
    name_mm = layout.name_field_mm(layout.record_width_mm, (PLAYER_LABEL,), (label_mm + layout.field_gap_mm,))
    lines = layout.name_lines([player for player, _ in turns], name_mm)
    header = layout.header_mm(("No.", *columns), widths)
    geometry = record_geometry(rules.tiles, layout, header, lines - 1)
    records = [RecordCaption(label, player, layout.name_pt(player, name_mm, lines), number)
               for label, (player, number) in zip(labels, turns)]
    blank = RecordCaption(" \u00b7 ".join(filter(None, (table.label, round_label))), "", layout.text_pt)
    records += [blank] * (filled(len(records), geometry.columns) - len(records))
    return RollRecords(
        "Roll records", columns, keys, widths, rules.tiles, geometry, label_mm, name_mm,
        geometry.caption_field_mm,
        paginate(records, geometry.per_page),
    )

"""The parts of a kit as data: what each printed part shows, ready for its template
(KIT.md, "Contents").

A kit is a list of chunks: one per table (rules card, strips, records, totals), then the
host key. Each part is a frozen record naming its template; every size it prints with
comes from :mod:`kitgen.kit.layout`, every rule sentence from :mod:`kitgen.rulebook`.
Labels such as "Roll total" are the kit's own column headings, not rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Callable, ClassVar, Sequence, TypeVar

from kitgen.errors import OptionError
from kitgen.kit.layout import (
    Layout,
    RecordGeometry,
    StripGeometry,
    column_widths,
    record_geometry,
    strip_geometry,
)
from kitgen.kit.tables import Table
from kitgen.rulebook import Rulebook
from kitgen.rules.presets import Rules

ATTEMPTS = 2  # RULES.md section 2: each player plays 2 attempts
SPARE_STRIPS = 2  # KIT.md: strips per table beyond one per attempt
MAX_SET_SIZE = 4  # RULES.md section 1: no move uses more than 4 tiles (1+2+3+4 = 10)
MAX_THROW = 12  # RULES.md section 1: two dice total 2-12
SET_SIZE_NAMES = ("Singles", "Pairs", "Threes", "Fours")  # RULES.md section 8: grouped by size
ROLL_COLUMNS = ("Roll total", "Numbers closed", "Checked sum")  # KIT.md: roll record columns
ROLL_COLUMN_WEIGHTS = (1.0, 1.7, 1.1)

Item = TypeVar("Item")


class Part:
    """A printed part of a kit; each subclass names the template that prints it."""

    template: ClassVar[str]


@dataclass(frozen=True)
class Chunk:
    """One document of a kit, rendered on its own: a ``label`` printed in every page's
    footer (``"Table 2"``, ``"Host key"``) and its parts in print order."""

    label: str
    parts: tuple[Part, ...]


@dataclass(frozen=True)
class RulesCard(Part):
    """The preset's rules, rulings and worked example, as the rulebook words them."""

    template: ClassVar[str] = "parts/rules_card.html.j2"
    book: Rulebook


@dataclass(frozen=True)
class Strip:
    """One number strip: the player's name (``""`` to write in), what the round is called
    (``"Attempt"``) and its number (``""`` on a spare strip)."""

    player: str
    round_label: str
    round_number: str


@dataclass(frozen=True)
class NumberStrips(Part):
    """Number strips to cut apart: ``pages`` of strips laid out by ``geometry``, each strip
    carrying the fields ``Player``, the round and ``score_label`` and the rulebook's
    ``hint``; ``note`` (may be empty) says when to print more."""

    template: ClassVar[str] = "parts/strips.html.j2"
    heading: str
    hint: str
    score_label: str
    geometry: StripGeometry
    pages: tuple[tuple[Strip, ...], ...]
    note: str = ""


@dataclass(frozen=True)
class RollRecord:
    """One roll record's caption fields: the player's name (``""`` to write in), the round
    label and its number."""

    player: str
    round_label: str
    round_number: str


@dataclass(frozen=True)
class RollRecords(Part):
    """Roll records, one table per attempt or turn: ``rows`` numbered rows under
    ``columns`` (after the row number; ``column_widths_mm`` has the number column's width
    first), laid out by ``geometry`` on ``pages``."""

    template: ClassVar[str] = "parts/roll_records.html.j2"
    heading: str
    columns: tuple[str, ...]
    column_widths_mm: tuple[float, ...]
    rows: int
    geometry: RecordGeometry
    pages: tuple[tuple[RollRecord, ...], ...]


@dataclass(frozen=True)
class TotalsTable(Part):
    """The player-totals table: a row per seat (names filled in, blanks to write in), the
    score ``columns`` after ``Player``, rows ``row_mm`` high, and the result rule under it."""

    template: ClassVar[str] = "parts/totals.html.j2"
    heading: str
    title: str
    columns: tuple[str, ...]
    players: tuple[str, ...]
    row_mm: float
    result_rule: str


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
    """The host key (RULES.md section 8): every set of tiles per throw total for a box of
    ``tiles``, then the rulebook's scoring and ending notes."""

    template: ClassVar[str] = "parts/host_key.html.j2"
    heading: str
    title: str
    tiles: int
    group_names: tuple[str, ...]
    rows: tuple[HostKeyRow, ...]
    notes: tuple[str, ...]


def tile_sets(tiles: int, total: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Return every set of distinct tiles from 1..``tiles`` adding up to ``total``,
    grouped by size (singles, pairs, threes, fours), each set ascending, groups in
    ascending order (RULES.md section 8: a static lookup table, not a solver).

    >>> tile_sets(9, 6)
    (((6,),), ((1, 5), (2, 4)), ((1, 2, 3),), ())
    """
    numbers = range(1, min(tiles, total) + 1)
    return tuple(
        tuple(chosen for chosen in combinations(numbers, size) if sum(chosen) == total)
        for size in range(1, MAX_SET_SIZE + 1)
    )


def host_key_totals(rules: Rules) -> range:
    """Return the throw totals of the host key: 1-12 where one die may be chosen, 2-12
    where it never may (RULES.md section 8).

    >>> host_key_totals(find_preset("strip").configure())
    range(2, 13)
    """
    lowest = 2 if rules.one_die == "never" else 1
    return range(lowest, MAX_THROW + 1)


def host_key(rules: Rules, book: Rulebook) -> HostKey:
    """Return the host key part of a Shut the Box preset (RULES.md section 8)."""
    rows = tuple(HostKeyRow(total, tile_sets(rules.tiles, total)) for total in host_key_totals(rules))
    return HostKey(
        heading="Host key",
        title=book.title,
        tiles=rules.tiles,
        group_names=SET_SIZE_NAMES,
        rows=rows,
        notes=book.host_notes,
    )


def paginate(items: Sequence[Item], per_page: int) -> tuple[tuple[Item, ...], ...]:
    """Return ``items`` cut into pages of at most ``per_page``, in order.

    >>> paginate("abcde", 2)
    (('a', 'b'), ('c', 'd'), ('e',))
    """
    return tuple(tuple(items[start:start + per_page]) for start in range(0, len(items), per_page))


def table_chunk(rules: Rules, table: Table, layout: Layout, book: Rulebook) -> Chunk:
    """Return the chunk of one table: the parts its preset prints for it, in order.

    Raises :class:`OptionError` for a preset without a kit yet.
    """
    try:
        parts = _TABLE_PARTS[rules.preset]
    except KeyError:
        raise OptionError(f"kitgen cannot print a kit for {rules.preset!r} yet.") from None
    return Chunk(table.label, parts(rules, table, layout, book))


def host_key_chunk(rules: Rules, layout: Layout, book: Rulebook) -> Chunk:
    """Return the chunk of the host key, one for the whole kit (KIT.md)."""
    return Chunk("Host key", (host_key(rules, book),))


def _strip_parts(rules: Rules, table: Table, layout: Layout, book: Rulebook) -> tuple[Part, ...]:
    """Return the parts of a ``strip`` table (RULES.md section 2, KIT.md "Contents"):
    rules card, a strip per attempt plus spares, a roll record per attempt, totals."""
    turns = [(player, str(attempt)) for attempt in range(1, ATTEMPTS + 1) for player in table.seats]
    geometry = strip_geometry(rules.tiles, book.strip_hint, layout)
    strips = [Strip(player, "Attempt", number) for player, number in turns]
    strips += [Strip("", "Attempt", "")] * SPARE_STRIPS
    records = [RollRecord(player, "Attempt", number) for player, number in turns]
    record_layout = record_geometry(rules.tiles, layout)
    return (
        RulesCard(book),
        NumberStrips("Number strips", book.strip_hint, "Remaining sum", geometry,
                     paginate(strips, geometry.per_page)),
        RollRecords("Roll records", ROLL_COLUMNS,
                    column_widths(record_layout.width_mm, layout.row_number_mm, ROLL_COLUMN_WEIGHTS),
                    rules.tiles, record_layout, paginate(records, record_layout.per_page)),
        TotalsTable("Player totals", book.title,
                    tuple(f"Attempt {attempt}" for attempt in range(1, ATTEMPTS + 1)) + ("Combined",),
                    table.seats, layout.totals_row_mm, book.result_rule),
    )


_TABLE_PARTS: dict[str, Callable[[Rules, Table, Layout, Rulebook], tuple[Part, ...]]] = {
    "strip": _strip_parts,
}

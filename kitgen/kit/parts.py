"""The parts of a kit as data: what each printed part shows, ready for its template
(KIT.md, "Contents").

A kit is a list of chunks: one per table (rules card, strips or boards, records, totals),
then the host key. Each part is a frozen record naming its template; every size it prints
with comes from :mod:`kitgen.kit.layout`, every rule sentence from :mod:`kitgen.rulebook`.
Labels such as "Roll total" or "Remaining sum" are the kit's own form wording, not
rules. :func:`table_chunk` looks the preset up in a registry of part builders, one per
preset, and :func:`host_key_chunk` the game in another; a new game adds its builders
there and reuses the shared pieces (strips, records, totals) where they fit.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from math import ceil, floor
from typing import Callable, ClassVar, Iterable, Sequence, TypeVar

from kitgen.errors import OptionError
from kitgen.games.box.formats import ATTEMPTS, game_length
from kitgen.games.box.rules import TWO_DICE_TOTALS
from kitgen.games.knucklebones.rules import COLUMN_DICE, FACES, Column, column_score
from kitgen.games.preset import Rules
from kitgen.kit.guide import Paper, how_to_use
from kitgen.kit.layout import (
    NAME_LINES,
    BoardGeometry,
    Layout,
    RecordGeometry,
    StripGeometry,
    TurnSheetGeometry,
    board_geometry,
    column_widths,
    record_geometry,
    rows_per_sheet,
    strip_geometry,
    turn_sheet_geometry,
)
from kitgen.kit.measure import text_mm
from kitgen.kit.tables import Table
from kitgen.rulebook import Rulebook, Section

SPARE_STRIPS = 2  # KIT.md: strips per table beyond one per attempt or turn
MAX_SET_SIZE = 4  # RULES.md section 1: no move uses more than 4 tiles (1+2+3+4 = 10)
SET_SIZE_NAMES = ("Singles", "Pairs", "Threes", "Fours")  # RULES.md section 8: grouped by size
SET_COLUMN_WEIGHTS = (1.4, 3.2, 4.2, 1.6)  # the longest row of each group: 1, 5, 7 and 2 sets
ROLE_NAMES = ("Closer", "Opener")  # RULES.md section 6: seat 1 closes, seat 2 opens
TOTALS_SEAT, TOTALS_PLAYER = "Seat", "Player"  # the totals table's first two headings
NAME_CLEARANCE_MM = 1.0  # between a name in a totals row and the row's rules, above and below
SLOT_PADDING_MM = 2.0  # a score cell's write-in line: its padding, both sides
WINNER_FIELD = "Winner (ties share)"  # the totals sheet's write-in field for the game's winner
STARTS_LABEL = "Round started by seat"  # RULES.md section 3: the start seat moves on each round

# Games of several rounds (classic best-of and elimination, hundred) and the long game print
# for the turns a seat takes in 19 of 20 games (kitgen.rules.formats.GAME_LENGTHS), on turn
# sheets of one row per round, or for the rounds asked for; a continuation sheet serves the
# game that runs on.
MAX_ROUNDS = 100  # the most rounds a kit prints: a longer game goes on continuation sheets
ROUND_COLUMN_MM = 16.0  # a totals table's round column at least: a table has as many as fit

PLAYER_LABEL = "Player"  # the name field's label on strips, turn sheets and roll records
SEAT_LABEL = "Seat"
TABLE_LABEL = "Table"
SCORE_LABEL = "Score"
SHEET_RULE = "Each round starts on the next row with every tile open: cross out the tiles you shut."
ROLL_COLUMNS = ("Roll total", "Numbers closed", "Checked sum")  # KIT.md: roll record columns
ROLL_COLUMN_WEIGHTS = (1.0, 1.4, 1.4)
DICE_COLUMN = "Dice (1/2)"  # KIT.md: a dice column (one or two) where the preset allows one die
DICE_COLUMN_WEIGHT = 1.1
TURN_COLUMNS = ("Turn", "Die 1", "Die 2", "Total", "Tiles shut or opened", "Double", "Extra turns held")
TURN_COLUMN_WEIGHTS = (0.8, 0.8, 0.8, 0.8, 2.4, 0.9, 1.3)

# Knucklebones (RULES.md section 7; issue 4 item 2).
COLUMN_LABELS = tuple(column.label.upper() for column in Column)  # RULES.md section 7: printed labels
FACING_LABEL = "LEFT faces LEFT, MIDDLE faces MIDDLE, RIGHT faces RIGHT."
SPOT_LABEL = "Rolled die"
DRAW_REPLAY_ROWS = 2  # match-record rows past the match's length, for replays of drawn games
# Rows a placement record gives one game at least: 49 in 50 games of random play end within
# 28 placements (measured on 20,000 games played with the rules core, 99 in 100 within 30);
# a longer game goes on a fresh sheet.
LONG_GAME_PLACEMENTS = 28
PLACEMENT_COLUMNS = ("Player", "Face", "Column", "Dice removed")  # KIT.md: then both totals
PLACEMENT_COLUMN_WEIGHTS = (2.2, 0.9, 1.1, 1.2, 1.3, 1.3)
BOARD_NAME_LINES = 3  # a name beside a board wraps onto 3 lines at most, then prints smaller
SEAT_LABELS = ("Seat 1", "Seat 2")  # RULES.md section 7: 2 players; seat 1 reads the near board
STARTER_COLUMN = "Started by"  # KIT.md: a match record has games, starter, result, game wins
RESULT_COLUMN = "Result (winner or draw)"
GAME_COLUMN_WEIGHTS = (1.3, 1.0, 1.0, 1.6, 1.0, 1.0)
WINNER_LABEL = "Match winner"  # the match record's last write-in field
SCORE_COUNT_HEADINGS = ("Once in the column", "Twice", "Three times")  # RULES.md section 8: count 1-3

Item = TypeVar("Item")


class Part:
    """A printed part of a kit; each subclass names the template that prints it and, when
    it prints sizes, the stylesheet template that sets them (from the part's mm fields)."""

    template: ClassVar[str]
    stylesheet: ClassVar[str | None] = None


@dataclass(frozen=True)
class Chunk:
    """One document of a kit, rendered on its own: a ``label`` printed in every page's
    footer (``"Table 2"``, ``"Host key"``), its parts in print order, and its ``bookmark``
    in the kit's outline (``"Table 2 - Ana, Ben"``; the label when empty)."""

    label: str
    parts: tuple[Part, ...]
    bookmark: str = ""


@dataclass(frozen=True)
class RulesCard(Part):
    """The preset's rules, rulings and worked example, as the rulebook words them."""

    template: ClassVar[str] = "parts/rules_card.html.j2"
    book: Rulebook


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
class RecordCaption:
    """What heads one roll record: its ``label`` (table and round, ``"Table 2 · Attempt
    1"``), the player's name (``""`` to write in) with the size it prints at, and the
    round's number (``""`` on a blank record; a fillable kit's manifest lists it)."""

    label: str
    player: str
    player_pt: float
    round_number: str = ""


@dataclass(frozen=True)
class NumberStrips(Part):
    """Number strips to cut apart: ``pages`` of strips laid out by ``geometry``, the first
    ``turns`` for the turns of the game and the rest spares, each strip carrying the
    fields ``Player`` (its line ``name_field_mm`` wide, ``fields_mm`` high: room for the
    names' lines), its ``round_label`` (``""``: none) and ``score_label`` (``""``: none),
    then the table's label and the rulebook's ``hint``."""

    template: ClassVar[str] = "parts/strips.html.j2"
    stylesheet: ClassVar[str | None] = "parts/strips.css.j2"
    player_label: ClassVar[str] = PLAYER_LABEL
    heading: str
    hint: str
    round_label: str
    score_label: str
    geometry: StripGeometry
    name_field_mm: float
    turns: int
    fields_mm: float
    pages: tuple[tuple[Caption, ...], ...]

    @property
    def name_sizes(self) -> tuple[float, ...]:
        return name_sizes(caption.player_pt for page in self.pages for caption in page)


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
    (may be empty) says how to carry on."""

    template: ClassVar[str] = "parts/turn_sheets.html.j2"
    stylesheet: ClassVar[str | None] = "parts/turn_sheets.css.j2"
    heading: str
    hint: str
    score_label: str
    geometry: TurnSheetGeometry
    name_field_mm: float
    short_fields: tuple[str, ...]
    pages: tuple[TurnPage, ...]
    note: str = ""

    @property
    def name_sizes(self) -> tuple[float, ...]:
        return name_sizes(size for page in self.pages for _, _, size in page.fields)

    @property
    def sheet_rows(self) -> tuple[TurnRow, ...]:
        """Return the rows of one sheet over its pages (every seat's sheet has the same)."""
        return tuple(row for page in self.pages[:self.pages[0].pages] for row in page.rows)


@dataclass(frozen=True)
class RollRecords(Part):
    """Roll records, one table per attempt or turn: ``rows`` numbered rows under
    ``columns`` (after the row number; ``column_widths_mm`` has the number column's width
    first), laid out by ``geometry`` on ``pages``, each headed by its label (table and
    round, in a box ``label_mm`` wide: the widest label's width, so the fields after it
    line up) and the player's field (``name_field_mm`` wide, ``fields_mm`` high)."""

    template: ClassVar[str] = "parts/roll_records.html.j2"
    stylesheet: ClassVar[str | None] = "parts/roll_records.css.j2"
    player_label: ClassVar[str] = PLAYER_LABEL
    heading: str
    columns: tuple[str, ...]
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


@dataclass(frozen=True)
class TurnRecord(Part):
    """A record that runs over continuation sheets (long game, knucklebones placements):
    one table per sheet, its rows numbered on from the sheet before (``pages`` holds each
    sheet's first and last row number), under ``columns`` with ``column_widths_mm``
    (number column first); ``caption`` labels a write-in field above each table
    (``"Game"``; ``""``: none)."""

    template: ClassVar[str] = "parts/turn_record.html.j2"
    stylesheet: ClassVar[str | None] = "parts/turn_record.css.j2"
    heading: str
    columns: tuple[str, ...]
    column_widths_mm: tuple[float, ...]
    row_mm: float
    header_mm: float
    pages: tuple[tuple[int, int], ...]
    note: str
    caption: str = ""


@dataclass(frozen=True)
class ScoreColumn:
    """One column of a totals table: its heading, the small labels of the write-in lines
    stacked in each cell (``("score", "total")``; ``("",)`` for one unlabelled line) and
    the label of a small tick box in the last line (``"out"``, ``"shut"``; ``""``: none)."""

    heading: str
    slots: tuple[str, ...] = ("",)
    mark: str = ""


@dataclass(frozen=True)
class TotalsTable(Part):
    """The player-totals table: a row per seat (``seat_labels``, names filled in, blanks to
    write in) with ``row_mm`` high rows, the score ``columns`` after ``Player``, at most
    ``per_table`` in one table and the rest in tables under it (``column_widths_mm`` covers
    the seat and player columns first, then ``per_table`` columns; headings at
    ``header_pt``), an optional first row ``starts_label`` for the seat that started each
    round, then the result rule, a field for the winner when ``winner_label`` (``""``:
    none), ``notes`` from the rulebook under it, and the kit's ``guide`` ("How to use this
    kit"; ``None`` past the first table): the totals sheet is the host's. Each of ``players`` is a name and the size it
    prints at."""

    template: ClassVar[str] = "parts/totals.html.j2"
    stylesheet: ClassVar[str | None] = "parts/totals.css.j2"
    seat_heading: ClassVar[str] = TOTALS_SEAT
    player_heading: ClassVar[str] = TOTALS_PLAYER
    heading: str
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

    @property
    def name_sizes(self) -> tuple[float, ...]:
        return name_sizes(size for _, size in self.players)

    @property
    def tables(self) -> tuple[tuple[tuple[ScoreColumn, ...], float], ...]:
        """Return each table's score columns and its width in mm (a last table with
        fewer columns is narrower)."""
        return tuple(
            (group, round(sum(self.column_widths_mm[:2 + len(group)]), 2))
            for group in paginate(self.columns, self.per_table)
        )


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
    """The host key (RULES.md section 8): every set of tiles per throw total in ``rows``
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


@dataclass(frozen=True)
class Board:
    """One player's board as its reader sees it: the seat's label (``"Seat 1"``), the
    player's name (``""`` to write in) and the size it prints at, and the column labels
    from the reader's left."""

    seat: str
    player: str
    player_pt: float
    columns: tuple[str, ...]


@dataclass(frozen=True)
class BoardPages(Part):
    """Pages of two facing boards, one page per game (``pages``): the ``near`` board read
    from the page's foot, the ``far`` one turned to face it, both printing ``hint``; the
    rolled-die spot between them with ``spot_text`` (a label, then a note) each side."""

    template: ClassVar[str] = "parts/boards.html.j2"
    stylesheet: ClassVar[str | None] = "parts/boards.css.j2"
    heading: str
    geometry: BoardGeometry
    near: Board
    far: Board
    hint: str
    spot_text: tuple[str, ...]
    pages: int

    @property
    def name_sizes(self) -> tuple[float, ...]:
        return name_sizes((self.near.player_pt, self.far.player_pt))


@dataclass(frozen=True)
class MatchRecord(Part):
    """The match record: the seats and their names with the size each prints at (fields
    ``seat_field_mm`` wide), a numbered row
    per game (``games`` rows, room for replays of drawn games included) under ``columns``
    with ``column_widths_mm`` (the game-number column first), a match-winner field
    ``winner_field_mm`` wide, the result rule, ``notes`` and the kit's ``guide`` (``None``
    past the first table)."""

    template: ClassVar[str] = "parts/match_record.html.j2"
    stylesheet: ClassVar[str | None] = "parts/match_record.css.j2"
    winner_label: ClassVar[str] = WINNER_LABEL
    heading: str
    title: str
    seats: tuple[tuple[str, str, float], ...]
    seat_field_mm: float
    columns: tuple[str, ...]
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
        return name_sizes(size for _, _, size in self.seats)


@dataclass(frozen=True)
class ColumnScoreRow:
    """One face of the column-score table: its score when 1, 2 and 3 dice of the column
    show it, each as ``(working, score)``, e.g. ``("5 x 2 x 2", 20)``."""

    face: int
    scores: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class ColumnScoreKey(Part):
    """The knucklebones host key (RULES.md section 8): the column-score table (faces 1-6
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


def name_sizes(sizes_pt: Iterable[float]) -> tuple[float, ...]:
    """Return the distinct sizes names print at, in order, for a part's stylesheet.

    >>> name_sizes([10.5, 8.25, 10.5])
    (8.25, 10.5)
    """
    return tuple(sorted(set(sizes_pt)))


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

    >>> from kitgen.games import find_preset
    >>> host_key_totals(find_preset("strip").configure())
    range(2, 13)
    """
    lowest = TWO_DICE_TOTALS.start if rules.one_die == "never" else 1
    return range(lowest, TWO_DICE_TOTALS.stop)


def host_key(rules: Rules, book: Rulebook, layout: Layout) -> HostKey:
    """Return the host key part of a Shut the Box preset (RULES.md section 8)."""
    rows = tuple(HostKeyRow(total, tile_sets(rules.tiles, total)) for total in host_key_totals(rules))
    short = layout.short_field_mm
    sets = [["+".join(map(str, tiles)) for row in rows for tiles in row.groups[size]]
            for size in range(MAX_SET_SIZE)]
    least = layout.least_columns_mm(SET_SIZE_NAMES, sets)
    widths = column_widths(layout.content_width_mm - short, short, SET_COLUMN_WEIGHTS, least)
    return HostKey(
        heading="Host key",
        title=book.title,
        group_names=SET_SIZE_NAMES,
        column_widths_mm=(*widths, short),
        rows=rows,
        notes=book.host_notes,
    )


def filled(count: int, per_page: int) -> int:
    """Return ``count`` rounded up to fill the last page of ``per_page``.

    >>> filled(14, 6)
    18
    """
    return ceil(count / per_page) * per_page


def paginate(items: Sequence[Item], per_page: int) -> tuple[tuple[Item, ...], ...]:
    """Return ``items`` cut into pages of at most ``per_page``, in order.

    >>> paginate("abcde", 2)
    (('a', 'b'), ('c', 'd'), ('e',))
    """
    return tuple(tuple(items[start:start + per_page]) for start in range(0, len(items), per_page))


def table_chunk(rules: Rules, table: Table, layout: Layout, book: Rulebook, rounds: int | None = None) -> Chunk:
    """Return the chunk of one table: the parts its preset prints for it, in order, for
    ``rounds`` rounds where the game has several (``None``: as many as games need).

    Raises :class:`OptionError` for a preset without a kit yet.
    """
    try:
        parts = _TABLE_PARTS[rules.preset]
    except KeyError:
        raise OptionError(f"kitgen cannot print a kit for {rules.preset!r} yet.") from None
    return Chunk(table.label, parts(rules, table, layout, book, rounds), table.bookmark)


def host_key_chunk(rules: Rules, layout: Layout, book: Rulebook) -> Chunk:
    """Return the chunk of the host key, one for the whole kit (KIT.md), as the game's
    host-key builder makes it.

    Raises :class:`OptionError` for a game without a host key yet.
    """
    try:
        parts = _HOST_KEY_PARTS[rules.game]
    except KeyError:
        raise OptionError(f"kitgen cannot print a host key for {rules.preset!r} yet.") from None
    return Chunk("Host key", parts(rules, layout, book))


# --- Parts shared by the Shut the Box presets ---------------------------------------------

Turns = Sequence[tuple[str, str]]  # (player, round number) in print order


def rotation(seats: Sequence[str], rounds: int) -> list[tuple[str, str]]:
    """Return every seat's turn in each of ``rounds`` rounds, round by round in seat order.

    >>> rotation(("Ana", "Ben"), 2)
    [('Ana', '1'), ('Ben', '1'), ('Ana', '2'), ('Ben', '2')]
    """
    return [(player, str(number)) for number in range(1, rounds + 1) for player in seats]


def number_strips(
    rules: Rules, book: Rulebook, layout: Layout, table: Table, turns: Turns, round_label: str,
    score_label: str,
) -> NumberStrips:
    """Return a fresh strip per turn in ``turns`` plus the spares (KIT.md, "Contents" 2):
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
    return NumberStrips("Number strips", hint, round_label, score_label, geometry, name_mm,
                        len(turns), round(layout.field_mm + (lines - 1) * layout.line_mm, 2),
                        paginate(strips, geometry.per_page))


def table_label_mm(label: str, table: Table, size_pt: float) -> float:
    """Return the width ``label``, which names ``table``, takes set at ``size_pt`` with the
    widest table number of as many digits: tables that differ only in their number then
    have the same layout, laid out once (kitgen.kit.stamps).

    >>> table = Table(1, ())
    >>> table_label_mm("Table 1", table, 10) >= text_mm("Table 1", 10)
    True
    """
    number = str(table.number)
    widest_digit_mm = max(text_mm(digit, size_pt) for digit in "0123456789")
    return round(text_mm(label, size_pt) - text_mm(number, size_pt) + len(number) * widest_digit_mm, 2)


def player_field_mm(layout: Layout, width_mm: float, fields: Sequence[tuple[str, float]]) -> float:
    """Return the width of the ``Player`` field on a line of write-in fields ``width_mm``
    wide that goes on with ``fields``, each a (label, width in mm); a field whose label is
    ``""`` is not printed."""
    shown = [(label, field_mm) for label, field_mm in fields if label]
    labels = (PLAYER_LABEL, *(label for label, _ in shown))
    return layout.name_field_mm(width_mm, labels, tuple(field_mm for _, field_mm in shown))


def roll_records(rules: Rules, layout: Layout, table: Table, turns: Turns, round_label: str) -> RollRecords:
    """Return a roll record per turn in ``turns``, with a row per possible throw (N) and
    a dice column where the preset allows one die (KIT.md, "Contents" 3), each headed by
    its table and round; blank records fill the last line of records (the totals sheet
    may follow on the same page)."""
    one_die = rules.one_die != "never"
    columns = ((DICE_COLUMN,) if one_die else ()) + ROLL_COLUMNS
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
        "Roll records", columns, widths, rules.tiles, geometry, label_mm, name_mm,
        geometry.caption_field_mm,
        paginate(records, geometry.per_page),
    )


def totals_table(
    book: Rulebook, layout: Layout, table: Table, columns: Sequence[ScoreColumn], guide: Section | None,
    notes: Sequence[str] = (), starts_label: str = "", seat_labels: Sequence[str] = (),
    winner: bool = True, score_digits: int = 0,
) -> TotalsTable:
    """Return the player-totals table for ``table`` with score ``columns`` (KIT.md,
    "Contents" 4), the kit's ``guide`` under it and, when ``winner``, a field for the
    winner; seats are numbered unless ``seat_labels`` names them. Columns that do not fit
    one table's width, each at least :data:`ROUND_COLUMN_MM` (scaled) and wide enough for
    a number of ``score_digits`` digits written by hand beside its mark, go on in further
    tables under it. A name wraps onto the lines its row holds, the row growing to hold
    two; a longer name prints smaller."""
    slots = max(len(column.slots) for column in columns)
    seat_mm = _seat_column_mm(layout, bool(seat_labels))
    room_mm = layout.content_width_mm - seat_mm - layout.player_column_mm
    marks_mm = max((layout.tick_mm + text_mm(column.mark, layout.tiny_pt) + SLOT_PADDING_MM
                    for column in columns if column.mark), default=0.0)
    cell_mm = layout.number_field_mm(score_digits) + SLOT_PADDING_MM + marks_mm if score_digits else 0.0
    per_table = min(len(columns), totals_columns(layout, bool(seat_labels)))
    if cell_mm:
        per_table = max(1, min(per_table, floor(room_mm / cell_mm)))
    headings = [column.heading for column in columns[:per_table]]
    least = [max(cell_mm, heading_mm) for heading_mm in layout.least_columns_mm(headings)]
    widths = column_widths(
        layout.content_width_mm - seat_mm, layout.player_column_mm, tuple(1.0 for _ in headings), least,
    )
    name_mm, padding = layout.player_column_mm, layout.cell_padding_mm
    most = max(NAME_LINES, floor((layout.totals_row_mm * slots - 2 * NAME_CLEARANCE_MM) / layout.line_mm))
    lines = layout.name_lines(table.seats, name_mm, most, padding)
    row_mm = round(max(layout.totals_row_mm * slots, lines * layout.line_mm + 2 * NAME_CLEARANCE_MM), 2)
    return TotalsTable(
        heading="Player totals",
        title=book.title,
        columns=tuple(columns),
        per_table=per_table,
        column_widths_mm=(seat_mm, *widths),
        header_pt=layout.header_fit_pt([TOTALS_SEAT, TOTALS_PLAYER, *headings], (seat_mm, *widths)),
        seat_labels=tuple(seat_labels) or tuple(str(seat) for seat in range(1, len(table.seats) + 1)),
        players=tuple((name, layout.name_pt(name, name_mm, lines, padding)) for name in table.seats),
        row_mm=row_mm,
        slot_mm=round(row_mm / slots, 2),
        result_rule=book.result_rule,
        notes=tuple(notes),
        guide=guide,
        starts_label=starts_label,
        winner_label=WINNER_FIELD if winner else "",
        winner_field_mm=layout.name_field_mm(layout.content_width_mm, (WINNER_FIELD,)) if winner else 0.0,
    )


def _seat_column_mm(layout: Layout, named: bool) -> float:
    return layout.role_column_mm if named else layout.short_field_mm


def totals_columns(layout: Layout, named: bool = False) -> int:
    """Return how many score columns of at least :data:`ROUND_COLUMN_MM` (scaled) one
    totals table holds beside its seat (``named``: role names) and player columns."""
    room = layout.content_width_mm - _seat_column_mm(layout, named) - layout.player_column_mm
    return floor(room / (ROUND_COLUMN_MM * layout.scale))


def round_columns(count: int, slots: tuple[str, ...], mark: str = "") -> tuple[ScoreColumn, ...]:
    """Return ``count`` columns headed ``Round 1``, ``Round 2``..."""
    return tuple(ScoreColumn(f"Round {number}", slots, mark) for number in range(1, count + 1))


def section(book: Rulebook, heading: str) -> Section:
    """Return the rulebook section called ``heading``.

    Raises :class:`KeyError` when the rulebook has none (a kit built on a missing rule).
    """
    for candidate in book.sections:
        if candidate.heading == heading:
            return candidate
    raise KeyError(f"the rulebook of {book.preset!r} has no section {heading!r}")


# --- One builder per preset -----------------------------------------------------------------


def _strip_parts(rules: Rules, table: Table, layout: Layout, book: Rulebook,
                 rounds: int | None) -> tuple[Part, ...]:
    """Return the parts of a ``strip`` table (RULES.md section 2): rules card, a strip per
    attempt (every player's attempt 1, then attempt 2) plus spares, a roll record per
    attempt, and attempt 1 / attempt 2 / combined totals."""
    turns = rotation(table.seats, ATTEMPTS)
    columns = [ScoreColumn(f"Attempt {attempt}") for attempt in range(1, ATTEMPTS + 1)]
    return (
        RulesCard(book),
        number_strips(rules, book, layout, table, turns, "Attempt", "Remaining sum"),
        roll_records(rules, layout, table, turns, "Attempt"),
        totals_table(book, layout, table, [*columns, ScoreColumn("Combined")],
                     kit_guide(rules, table, "strips")),
    )


def _classic_parts(rules: Rules, table: Table, layout: Layout, book: Rulebook,
                   rounds: int | None) -> tuple[Part, ...]:
    """Return the parts of a ``classic`` table (RULES.md section 3) for its format: a
    single round (also for a player alone) on strips; a game of several rounds on turn
    sheets, with the round-start row and the rotation rule on its totals, which have a
    column for every numbered round and as many more as fill their last table."""
    if len(table.seats) == 1 or rules.format == "single":
        turns = rotation(table.seats, 1)
        return (
            RulesCard(book),
            number_strips(rules, book, layout, table, turns, "Round", "Score"),
            roll_records(rules, layout, table, turns, "Round"),
            totals_table(book, layout, table, (ScoreColumn("Score"),), kit_guide(rules, table, "strips")),
        )
    rounds = _rounds(rules, table, rounds)
    sheets = seat_turn_sheets(rules, book, layout, table, rounds)
    per_table = totals_columns(layout)
    if rules.format == "elimination":
        columns = round_columns(filled(rounds, per_table), ("score", "total"), "out")
    else:
        room = round_columns(filled(rounds + 1, per_table) - 1, ("score", ""), "won")
        columns = (*room, ScoreColumn("Round wins"))
    return (
        RulesCard(book),
        sheets,
        roll_records(rules, layout, table, rotation(table.seats, rounds), "Round"),
        totals_table(book, layout, table, columns, kit_guide(rules, table, "turn sheets"),
                     section(book, "Rounds").paragraphs, STARTS_LABEL),
    )


def kit_guide(rules: Rules, table: Table, paper: Paper) -> Section | None:
    """Return the kit's "How to use this kit" for players on ``paper`` when ``table`` is
    the kit's first (``None`` for the others): the host reads it once, not once a table."""
    return how_to_use(rules, len(table.seats), paper) if table.number == 1 else None


def _rounds(rules: Rules, table: Table, rounds: int | None) -> int:
    """Return the rounds (long game: turns a seat) a table prints: ``rounds`` when asked
    for, else as many as a seat takes in 19 of 20 games (kitgen.rules.formats.GAME_LENGTHS)."""
    return rounds if rounds is not None else game_length(rules, len(table.seats)).turns_95


def several_rounds(rules: Rules) -> bool:
    """Return whether a game of ``rules`` runs over a number of rounds (or long-game turns)
    not fixed in advance: classic best-of and elimination, hundred, the long game."""
    if rules.game != "box":
        return False
    return rules.format.startswith("best-of-") or rules.format in ("elimination", "hundred", "long-game")


def check_rounds(rules: Rules, rounds: int | None) -> None:
    """Check that a kit may print ``rounds`` rounds (``None``: as many as games need).

    Raises :class:`OptionError` for a game of fixed length or a count outside 1 to
    :data:`MAX_ROUNDS`.
    """
    if rounds is None:
        return
    if not several_rounds(rules):
        raise OptionError(
            f"rounds are for games that run over several rounds (classic best-of or "
            f"elimination, hundred, long-game), not {rules.describe()}."
        )
    if not 1 <= rounds <= MAX_ROUNDS:
        raise OptionError(f"a kit prints 1 to {MAX_ROUNDS} rounds, not {rounds}; "
                          "a longer game goes on continuation sheets.")


def seat_turn_sheets(rules: Rules, book: Rulebook, layout: Layout, table: Table, rounds: int) -> TurnSheets:
    """Return a turn sheet per seat: a row of tile boxes and a score for each of ``rounds``
    rounds, then spare rows (their round written in) filling the sheet's last page."""
    note = f"{SHEET_RULE} {_carry_on('round')}"
    geometry = turn_sheet_geometry(rules.tiles, book.strip_hint, note, layout)
    rows = _numbered_rows("Round", rounds, filled(rounds, geometry.per_page))
    name_mm = player_field_mm(layout, layout.content_width_mm, ((SEAT_LABEL, layout.short_field_mm),))
    pages = [
        page
        for seat, player in enumerate(table.seats, start=1)
        for page in _turn_pages(((PLAYER_LABEL, player, layout.name_pt(player, name_mm, 1)),
                                 (SEAT_LABEL, str(seat), layout.text_pt)), rows, geometry.per_page,
                                ", ".join(filter(None, (f"{SEAT_LABEL} {seat}", player))))
    ]
    return TurnSheets("Turn sheet", book.strip_hint, SCORE_LABEL, geometry, name_mm, (SEAT_LABEL,), tuple(pages),
                      note)


def continuation_sheet(rules: Rules, layout: Layout, book: Rulebook) -> TurnSheets:
    """Return the continuation sheet of a game that runs past its turn sheets: one page of
    rows whose round (long game: turn) numbers and fields are written in."""
    long_game = rules.format == "long-game"
    label = "Turn" if long_game else "Round"
    note = (f"For a game that runs past its last {label.lower()}: copy or print this page and "
            f"number its {label.lower()}s on from the sheet before.")
    geometry = turn_sheet_geometry(rules.tiles, book.strip_hint, note, layout, scored=not long_game)
    rows = [TurnRow(label, "")] * geometry.per_page
    short = layout.short_field_mm
    if long_game:  # the roles' names, then the table: a cut or copied page says where it belongs
        fields = tuple((label, "", layout.text_pt) for label in (*ROLE_NAMES, TABLE_LABEL))
        name_mm = layout.name_field_mm(layout.content_width_mm, (*ROLE_NAMES, TABLE_LABEL), (short,),
                                       names=len(ROLE_NAMES))
    else:
        fields = tuple((label, "", layout.text_pt) for label in (PLAYER_LABEL, SEAT_LABEL, TABLE_LABEL))
        name_mm = player_field_mm(layout, layout.content_width_mm, ((SEAT_LABEL, short), (TABLE_LABEL, short)))
    return TurnSheets("Continuation sheet", book.strip_hint, "" if long_game else SCORE_LABEL, geometry,
                      name_mm, (TABLE_LABEL,) if long_game else (SEAT_LABEL, TABLE_LABEL),
                      (TurnPage(fields, tuple(rows), 1, 1),), note)


def _turn_pages(fields: tuple[tuple[str, str, float], ...], rows: Sequence[TurnRow], per_page: int,
                whose: str = "") -> list[TurnPage]:
    sheets = paginate(rows, per_page)
    return [TurnPage(fields, page, number, len(sheets), whose) for number, page in enumerate(sheets, start=1)]


def _numbered_rows(label: str, count: int, shown: int, roles: Sequence[str] = ("",)) -> list[TurnRow]:
    """Return ``count`` rows numbered from 1, each with the next of ``roles`` in turn, then
    spare rows (number and role written in) up to ``shown``."""
    numbered = [TurnRow(label, str(number), roles[(number - 1) % len(roles)]) for number in range(1, count + 1)]
    return numbered + [TurnRow(label, "")] * (shown - count)


def _carry_on(what: str) -> str:
    return (f"A game that runs past the numbered {what}s continues on the spare rows (write the "
            f"{what} in), then on the continuation sheet at the end of the kit.")


def _overleaf(what: str) -> str:
    """Return the note that carries a record past its last printed row (a host cannot
    print more mid-game)."""
    return (f"A game that runs past the last row goes on over the back of the last sheet, "
            f"each {what} numbered on.")


def continuation_chunks(rules: Rules, layout: Layout, book: Rulebook) -> list[Chunk]:
    """Return the kit's continuation sheet, one for the whole kit, as a chunk of its own
    (none for a game of fixed length)."""
    if not several_rounds(rules):
        return []
    return [Chunk("Continuation", (continuation_sheet(rules, layout, book),))]


def coverage(chunk: Chunk, seats: int) -> str:
    """Return what one table's sheets in ``chunk`` cover, e.g. ``"strips for 2 attempts a
    seat"``, ``"turn sheets for 13 rounds a seat"`` or ``"boards for 3 games"``."""
    for part in chunk.parts:
        if isinstance(part, TurnSheets):
            rows = part.sheet_rows
            numbered = sum(1 for row in rows if row.number)
            spares = len(rows) - numbered
            spare = f"{spares or 'no'} spare row{'' if spares == 1 else 's'}"
            if rows[0].role:
                return f"a board sheet for {numbered} turns and {spare}"
            return f"turn sheets for {numbered} rounds a seat and {spare}"
        if isinstance(part, NumberStrips):
            spare = sum(len(page) for page in part.pages) - part.turns
            what = (part.round_label or "turn").lower()
            played = part.turns // seats
            return f"strips for {played} {what}{'s' if played > 1 else ''} a seat and {spare} spare"
        if isinstance(part, BoardPages):
            return f"boards for {part.pages} game{'s' if part.pages > 1 else ''}"
    raise ValueError(f"{chunk.label} has no strips, turn sheets or boards")


def _ten_parts(rules: Rules, table: Table, layout: Layout, book: Rulebook,
               rounds: int | None) -> tuple[Part, ...]:
    """Return the parts of a ``ten`` table (RULES.md section 4): one turn each, a score
    and a "shut the box" mark per player."""
    turns = [(player, "") for player in table.seats]
    columns = [ScoreColumn("Score"), ScoreColumn("Shut the box", mark="wins at once")]
    return (
        RulesCard(book),
        number_strips(rules, book, layout, table, turns, "", "Score"),
        roll_records(rules, layout, table, turns, ""),
        totals_table(book, layout, table, columns, kit_guide(rules, table, "strips")),
    )


def _hundred_parts(rules: Rules, table: Table, layout: Layout, book: Rulebook,
                   rounds: int | None) -> tuple[Part, ...]:
    """Return the parts of a ``hundred`` table (RULES.md section 5): turn sheets for the
    rounds a race takes, running totals per round with a reset mark."""
    rounds = _rounds(rules, table, rounds)
    digits = rules.tiles - 1 if rules.scoring == "digits" else 0  # the first throw shuts a tile
    sheets = seat_turn_sheets(rules, book, layout, table, rounds)
    columns = round_columns(filled(rounds, totals_columns(layout)), ("score", "total"), "shut")
    return (
        RulesCard(book),
        sheets,
        roll_records(rules, layout, table, rotation(table.seats, rounds), "Round"),
        totals_table(book, layout, table, columns, kit_guide(rules, table, "turn sheets"),
                     section(book, "Scoring").paragraphs[1:], score_digits=digits),
    )


def _long_game_parts(rules: Rules, table: Table, layout: Layout, book: Rulebook,
                     rounds: int | None) -> tuple[Part, ...]:
    """Return the parts of a ``long-game`` table (RULES.md section 6): one board sheet for
    the game, a row per turn, closer and opener alternating, each row starting from the
    board the row above left; a turn record with both dice, doubles and extra turns over
    continuation sheets; turns and the winner per seat."""
    length = game_length(rules, len(table.seats))
    turns = _rounds(rules, table, rounds)
    note = _carry_on("turn")
    geometry = turn_sheet_geometry(rules.tiles, book.strip_hint, note, layout, scored=False)
    rows = _numbered_rows("Turn", 2 * turns, filled(2 * turns, geometry.per_page), ROLE_NAMES)
    name_mm = layout.name_field_mm(layout.content_width_mm, ROLE_NAMES, names=len(ROLE_NAMES))
    fields = tuple((role, player, layout.name_pt(player, name_mm, 1)) for role, player in zip(ROLE_NAMES, table.seats))
    board = TurnSheets("Board sheet", book.strip_hint, "", geometry, name_mm, (),
                       tuple(_turn_pages(fields, rows, geometry.per_page)), note)
    throws = ceil(length.throws_90 * turns / length.turns_95)
    columns = [ScoreColumn("Turns played"), ScoreColumn("Doubles thrown"), ScoreColumn("Won", mark="won")]
    return (
        RulesCard(book),
        board,
        turn_record(layout, section(book, "Doubles").paragraphs[-1], throws),
        totals_table(book, layout, table, columns, kit_guide(rules, table, "board sheet"),
                     seat_labels=ROLE_NAMES, winner=False),
    )


def turn_record(layout: Layout, note: str, throws: int) -> TurnRecord:
    """Return the long game's turn record: every throw with both dice faces, the double
    and the extra turns held, numbered on over as many sheets as ``throws`` rows fill
    (KIT.md, "Contents" 3)."""
    note = f"{note} {_overleaf('throw')}"
    widths = column_widths(layout.content_width_mm, layout.row_number_mm, TURN_COLUMN_WEIGHTS)
    header = layout.header_mm(("No.", *TURN_COLUMNS), widths)
    rows = rows_per_sheet(layout, header, note)
    pages = tuple((sheet * rows + 1, (sheet + 1) * rows) for sheet in range(ceil(throws / rows)))
    return TurnRecord("Turn record", TURN_COLUMNS, widths, layout.row_mm, header, pages, note)


def _box_host_key_parts(rules: Rules, layout: Layout, book: Rulebook) -> tuple[Part, ...]:
    return (host_key(rules, book, layout),)


# --- Knucklebones (RULES.md section 7) ----------------------------------------------------


def _knucklebones_parts(rules: Rules, table: Table, layout: Layout, book: Rulebook,
                        rounds: int | None) -> tuple[Part, ...]:
    """Return the parts of a ``knucklebones`` table (RULES.md section 7): rules card, a
    page of two facing boards and a placement record per game, and the match record.
    The placement record heads each seat's total with the seat's name when it is known."""
    games = _games_printed(rules)
    return (
        RulesCard(book),
        board_pages(table, layout, book, games),
        placement_record(layout, games, table.seats),
        match_record(rules, table, layout, book, games, kit_guide(rules, table, "boards")),
    )


def _games_printed(rules: Rules) -> int:
    """Return the games a knucklebones kit prints boards and placement sheets for: every
    game the match can take (a host cannot print more mid-match)."""
    return _match_length(rules)


def _match_length(rules: Rules) -> int:
    """Return the most games a knucklebones match takes without draws: 1, 3 or 5."""
    return 2 * rules.wins_needed - 1


def board_pages(table: Table, layout: Layout, book: Rulebook, games: int) -> BoardPages:
    """Return ``games`` pages of two facing boards: seat 1's board read from the page's
    foot, seat 2's turned to face it. Both boards name their columns in one orientation
    (RULES.md section 7: left faces left), so the far board, read from its own side,
    lists them right to left.

    Raises :class:`OptionError` when the layout's dice do not fit (see
    :func:`board_geometry`).
    """
    spot_text = (SPOT_LABEL, FACING_LABEL)
    geometry = board_geometry(COLUMN_LABELS, COLUMN_DICE, book.strip_hint, spot_text, layout)
    name_mm = geometry.side_mm - layout.field_gap_mm
    lines = layout.name_lines(table.seats, name_mm, BOARD_NAME_LINES)
    near, far = (
        Board(seat, player, layout.name_pt(player, name_mm, lines), columns)
        for seat, player, columns in zip(SEAT_LABELS, table.seats, (COLUMN_LABELS, COLUMN_LABELS[::-1]))
    )
    return BoardPages("Boards", geometry, near, far, book.strip_hint, spot_text, games)


def placement_record(layout: Layout, games: int, players: Sequence[str]) -> TurnRecord:
    """Return the placement record: for each of ``games`` games, sheets with a numbered
    row per placement (no., player, face, column, dice removed, both totals; KIT.md) for
    :data:`LONG_GAME_PLACEMENTS` placements at least, each sheet with a game field. A
    total's column is headed by its seat's name (``players``, ``""`` for a blank seat),
    or by the seat."""
    note = f"One row per placement, both totals after its removals. {_overleaf('placement')}"
    columns = (*PLACEMENT_COLUMNS, *(f"Total for {player}" if player else f"{seat} total"
                                     for seat, player in zip(SEAT_LABELS, players)))
    widths = column_widths(layout.content_width_mm, layout.row_number_mm, PLACEMENT_COLUMN_WEIGHTS,
                           layout.least_columns_mm(PLACEMENT_COLUMNS))
    header = layout.header_mm(("No.", *columns), widths)
    rows = rows_per_sheet(layout, header, note, layout.field_mm)
    sheets = ceil(LONG_GAME_PLACEMENTS / rows)
    game = tuple((sheet * rows + 1, (sheet + 1) * rows) for sheet in range(sheets))
    return TurnRecord("Placement record", columns, widths, layout.row_mm, header, game * games, note, "Game")


def match_record(
    rules: Rules, table: Table, layout: Layout, book: Rulebook, games: int, guide: Section | None,
) -> MatchRecord:
    """Return the match record: the seats' names, a row per game the match can take plus
    room for replays of drawn games, with starter, both totals, the result and both
    seats' game wins (KIT.md), then the result rule, the rulebook's rules on who
    starts each game and on draws, and the kit's ``guide``."""
    columns = (STARTER_COLUMN, *(f"{seat} total" for seat in SEAT_LABELS),
               RESULT_COLUMN, *(f"{seat} game wins" for seat in SEAT_LABELS))
    widths = column_widths(layout.content_width_mm, layout.short_field_mm, GAME_COLUMN_WEIGHTS)
    covered = f"{games} game{'s' if games > 1 else ''}"
    notes = (
        *section(book, "Matches").paragraphs[1:],
        f"The boards and placement records cover {covered}, every game the match can take; "
        "a replayed draw goes on the back of a used placement sheet, its totals in this record.",
    )
    seat_mm = layout.name_field_mm(layout.content_width_mm, SEAT_LABELS, names=len(SEAT_LABELS))
    lines = layout.name_lines(table.seats, seat_mm)
    return MatchRecord(
        heading="Match record",
        title=book.title,
        seats=tuple((seat, player, layout.name_pt(player, seat_mm, lines))
                    for seat, player in zip(SEAT_LABELS, table.seats)),
        seat_field_mm=seat_mm,
        columns=columns,
        column_widths_mm=widths,
        header_mm=layout.header_mm(("Game", *columns), widths),
        row_mm=layout.row_mm,
        games=_match_length(rules) + DRAW_REPLAY_ROWS,
        winner_field_mm=layout.name_field_mm(layout.content_width_mm, (WINNER_LABEL,)),
        result_rule=book.result_rule,
        notes=notes,
        guide=guide,
    )


def column_score_key(book: Rulebook, layout: Layout) -> ColumnScoreKey:
    """Return the knucklebones host key (RULES.md section 8): each face's column score
    when one, two or three dice of a column show it (f, 4f, 9f), the worked removal
    example and the scoring and ending rules in brief."""
    rows = tuple(
        ColumnScoreRow(face, tuple((f"{face} x {count} x {count}", column_score([face] * count))
                                   for count in range(1, COLUMN_DICE + 1)))
        for face in FACES
    )
    weights = (1.0,) * len(SCORE_COUNT_HEADINGS)
    return ColumnScoreKey(
        heading="Host key",
        title=book.title,
        count_headings=SCORE_COUNT_HEADINGS,
        column_widths_mm=column_widths(layout.content_width_mm, layout.short_field_mm, weights),
        row_mm=layout.row_mm,
        rows=rows,
        example=book.example,
        notes=book.host_notes,
    )


def _knucklebones_host_key_parts(rules: Rules, layout: Layout, book: Rulebook) -> tuple[Part, ...]:
    return (column_score_key(book, layout),)


# Builders by preset id (a table's parts) and by game (the host key's parts).
_HOST_KEY_PARTS: dict[str, Callable[[Rules, Layout, Rulebook], tuple[Part, ...]]] = {
    "box": _box_host_key_parts,
    "knucklebones": _knucklebones_host_key_parts,
}
_TABLE_PARTS: dict[str, Callable[[Rules, Table, Layout, Rulebook, int | None], tuple[Part, ...]]] = {
    "strip": _strip_parts,
    "classic": _classic_parts,
    "ten": _ten_parts,
    "hundred": _hundred_parts,
    "long-game": _long_game_parts,
    "knucklebones": _knucklebones_parts,
}

"""A filled kit's fields into game logs, one per table (docs/log-format.md; docs/FORMS.md).

:func:`transcribe` reads only field values and the kit's :class:`Manifest`: it writes
each filled row as a log line, exactly as filled (a cell that is not the log's syntax
stays as written, so the validator reports it at its line), skips empty rows, and notes
where on the sheets each line came from (a :data:`~kitgen.text.fields.Place`, in words
``"Table 2, Ana, attempt 1, row 5"`` when shown). It never judges a move: that is the
validator's work. Pure: no PDF library, no files.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from kitgen.errors import KitgenError, UnknownPresetError
from kitgen.forms.scheme import Manifest, field_key, table_prefix
from kitgen.games import find_preset
from kitgen.games.box.rules import parse_throw
from kitgen.games.preset import RecordShape
from kitgen.rules.names import name_key
from kitgen.rules.numbers import read_number
from kitgen.text import catalog_of
from kitgen.text.fields import Place

# Column keys of the records (docs/FORMS.md; the kit's headings through field_key).
DICE, ROLL, CLOSED, CHECKED = "dice-1-2", "roll-total", "numbers-closed", "checked-sum"
TURN, DIE_1, DIE_2, TOTAL, TILES = "turn", "die-1", "die-2", "total", "tiles-shut-or-opened"
VALUE = "value"  # a number sentence's value (docs/rules.md section 9)
# a number sentence's tick boxes, one an operation, and the sign a log writes it with
OPERATION_TICKS = {"op-add": "+", "op-sub": "-", "op-mul": "x", "op-div": "/"}
PLAYER, FACE, COLUMN = "player", "face", "column"
SEAT_TOTALS = ("seat-1-total", "seat-2-total")
RESULT, WINNER = "result-winner-or-draw", "match-winner"
TURN_RECORD, PLACEMENT_RECORD, GAME = "turn-record", "placement-record", "game"
UNTICKED = "/Off"  # a tick box left blank

# The numbers in a field name are ASCII digits, and few: a kit writes one to four ("t2",
# "r05", "rec103"). A name with other digits ("rec٣", which int() reads as 3, "rec²",
# which it refuses) or with thousands of them (past int()'s limit) is no field of the scheme.
_N = "([0-9]{1,6})"
_TABLE = re.compile(r"t([1-9][0-9]{0,5})\.")  # every field's prefix, "t2." (table_prefix)
_RECORD = re.compile(rf"t[0-9]+\.rec{_N}\.(?:r{_N}\.)?([a-z0-9-]+)")
_SHEET = re.compile(rf"t[0-9]+\.([a-z-]+)\.sheet{_N}\.(?:r{_N}\.)?([a-z0-9-]+)")
_SEAT = re.compile(rf"t[0-9]+\.(?:match\.)?seat{_N}\.(.+)")
_MATCH_ROW = re.compile(rf"t[0-9]+\.match\.r{_N}\.([a-z0-9-]+)")
_STARTS = re.compile(rf"t[0-9]+\.starts\.round-{_N}")
_BOARD_NAME = re.compile(rf"t[0-9]+\.(?:board[0-9]+\.seat-{_N}\.player|board-sheet\.sheet[0-9]+\.(closer|opener))")
ROLES = ("closer", "opener")  # the long game's seats 1 and 2


@dataclass
class TableLog:
    """The log of one table: its ``number``, the log ``text``, and the sheet place of
    each line that came from a field (``places[line number]``)."""

    number: int
    text: str = ""
    places: dict[int, Place] = field(default_factory=dict)


def _place(number: int, *parts: str | tuple[str, str]) -> Place:
    """Return the place on table ``number``'s sheets that ``parts`` name: field-name parts
    (``"totals"``, ``"r5"``), or a part and its value (``("name", "Ana")``).

    >>> _place(2, "totals", ("name", "Ana"), *"round-2.score".split("."))[1:]
    (('totals', ''), ('name', 'Ana'), ('round-2', ''), ('score', ''))
    """
    return ((table_prefix(number), ""), *((part, "") if isinstance(part, str) else part for part in parts))


class _Writer:
    """Collects a log's lines and their places on the sheet."""

    def __init__(self, number: int) -> None:
        self.log = TableLog(number)
        self.lines: list[str] = []

    def add(self, line: str, place: Place = ()) -> None:
        self.lines.append(line)
        if place:
            self.log.places[len(self.lines)] = place

    def finish(self) -> TableLog:
        self.log.text = "\n".join(self.lines) + "\n"
        return self.log


def transcribe(manifest: Manifest, values: Mapping[str, str]) -> list[TableLog]:
    """Return one log per table of the kit ``manifest`` describes, from the filled field
    ``values`` (field name to text; a ticked box ``"/on"``), tables in order; a table
    with nothing filled in has none."""
    shape = record_shape(manifest.rules)
    by_table = _by_table(values, len(manifest.tables), no_move_words(manifest.language))
    logs = []
    for number, seats in enumerate(manifest.tables, start=1):
        table = by_table.get(number, {})
        if not any(value and value != UNTICKED for value in table.values()):
            continue
        names = _seat_names(seats, table)
        writer = _Writer(number)
        writer.add(f"rules: {manifest.rules}")
        writer.add(f"players: {', '.join(name for name in names if name)}")
        writer.add("")
        _BODIES.get(shape.body, _box_body)(writer, manifest, number, names, table)
        logs.append(writer.finish())
    return logs


def record_shape(rules: str) -> RecordShape:
    """Return the :class:`RecordShape` of the preset a manifest's ``rules`` line names, from
    the registry; a name no preset has exactly (a manifest written by hand) reads as plain
    roll records."""
    name = rules.split()[0]
    try:
        preset = find_preset(name)
    except UnknownPresetError:
        return RecordShape()
    return preset.record_shape if preset.id == name else RecordShape()


def no_move_words(language: str) -> frozenset[str]:
    """Return the words, in lower case, that a tiles cell of a kit printed in ``language``
    may hold for "no move", beside the log's own ``-``, ``none`` and ``no move``.

    >>> sorted(no_move_words("en"))
    ['no move', 'none']
    """
    words = catalog_of(language).pgettext("what a tiles cell may say for no move, words joined by |", "none|no move")
    return frozenset(filter(None, (" ".join(word.lower().split()) for word in words.split("|"))))


def _by_table(values: Mapping[str, str], tables: int, no_move: frozenset[str]) -> dict[int, dict[str, str]]:
    """Return the fields of each of the first ``tables`` tables, by table number, each
    value on one line, a tiles cell holding a word of ``no_move`` as ``-``: one pass over
    ``values``, whatever the number of tables."""
    grouped: dict[int, dict[str, str]] = {}
    for name, value in values.items():
        found = _TABLE.match(name)
        if found and int(found[1]) <= tables:
            cell = _cell(value)
            if name.endswith((CLOSED, TILES)) and cell.lower() in no_move:
                cell = "-"
            grouped.setdefault(int(found[1]), {})[name] = cell
    return grouped


def _cell(value: str) -> str:
    """Return a field's text on one line, outer spaces dropped."""
    return " ".join(str(value).split())


def _seat_names(seats: tuple[str, ...], table: Mapping[str, str]) -> list[str]:
    """Return each seat's name: printed on the kit, else written in its totals row,
    match record, knucklebones board or the long game's board sheet."""
    names = list(seats)
    for name, value in sorted(table.items()):
        found = _SEAT.fullmatch(name)
        if found and found[2] == PLAYER and value:
            seat = int(found[1]) - 1
            if 0 <= seat < len(names) and not names[seat]:
                names[seat] = value
    for name, value in sorted(table.items()):
        found = _BOARD_NAME.fullmatch(name)
        seat = (int(found[1]) if found[1] else ROLES.index(found[2]) + 1) if found else 0
        if value and 0 < seat <= len(names) and not names[seat - 1]:
            names[seat - 1] = value
    return names


# --- Shut the Box presets with roll records -------------------------------------------------


@dataclass
class _Record:
    """One filled roll record: its print index, player, round and rows by number."""

    index: int
    player: str = ""
    round: str = ""
    rows: dict[int, dict[str, str]] = field(default_factory=dict)


def _box_body(writer: _Writer, manifest: Manifest, number: int, names: list[str],
              table: Mapping[str, str]) -> None:
    """Write the turns of a strip, classic, ten or hundred table from its roll records,
    each turn's score claim, each round's totals claim and the winner claim from its
    totals table."""
    shape = record_shape(manifest.rules)
    printed = manifest.records[number - 1] if manifest.records else ()
    records: dict[int, _Record] = {}
    for name, value in table.items():
        found = _RECORD.fullmatch(name)
        if not found or not value or value == UNTICKED:  # an operation's tick box left blank
            continue
        index = int(found[1])
        if index < 1:  # records are numbered from 1
            continue
        record = records.setdefault(index, _Record(index))
        if found[2] is None:
            if found[3] == PLAYER:
                record.player = value
        else:
            record.rows.setdefault(int(found[2]), {})[found[3]] = value
    # a seat's records print together, as many a seat, the spares (no round) after them
    seated = sum(1 for _player, round_number in printed if round_number) or len(names)

    def seat_at(index: int) -> int | None:
        """Return the seat (from 0) of the record printed ``index``-th, ``None`` for a spare
        record (docs/FORMS.md); a manifest without records lists them round by round."""
        if not printed:
            return (index - 1) % len(names)
        return (index - 1) * len(names) // seated if index <= seated else None

    # the name written on a seat's line (its first record's field on that page) is its records'
    written = {seat_at(index): record.player for index, record in records.items() if record.player and names}
    filled = []
    for index in sorted(records):
        record = records[index]
        if not record.rows:
            continue
        player, round_number = printed[index - 1] if 1 <= index <= len(printed) else ("", "")
        # On a table of blank seats a record is the name written on it, else its seat's: the
        # name written in the totals table, else the one on the seat's line (a slip there is
        # read once, on the record it is written on: ruling 12, one slip, one error)
        seat = seat_at(index) if names else None
        if not player and seat is not None:
            player = record.player or names[seat] or written.get(seat, "")
        record.player = player or record.player
        record.round = round_number
        filled.append(record)
    seat_of = {name_key(name): seat for seat, name in enumerate(names) if name}
    turns = _in_play_order(shape, filled, seat_of, len(names), table) if shape.rounds else filled
    label = "attempt" if shape.attempts else "round"
    last_round = None
    for position, record in enumerate(turns):
        where: list[str | tuple[str, str]] = [("name", record.player)]
        if record.round:
            where.append(f"{label}-{record.round}")
        if record.round and shape.rounds and record.round != last_round:
            writer.add(f"round {record.round}", _place(number, *where))
            last_round = record.round
        writer.add(f"turn {record.player}", _place(number, *where))
        for row in sorted(record.rows):
            writer.add(_throw_line(record.rows[row]), _place(number, *where, f"r{row}"))
        seat = seat_of.get(name_key(record.player))
        if seat is not None:
            _score_claim(writer, shape, number, names, seat, record, table)
            following = turns[position + 1].round if position + 1 < len(turns) else None
            if record.round and record.round != following and shape.rounds:
                _totals_claim(writer, number, names, f"round-{record.round}.total", table)
    _unrecorded_rounds(writer, number, names, {record.round for record in turns}, table)
    if shape.attempts:
        _totals_claim(writer, number, names, "combined", table)
    winner = table.get(f"{table_prefix(number)}.totals.winner", "")
    if winner:
        writer.add(f"winner: {winner}", _place(number, "totals", "winner"))


_ROUND_CELL = re.compile(rf"t[0-9]+\.seat{_N}\.round-{_N}\.(score|total)")


def _unrecorded_rounds(writer: _Writer, number: int, names: list[str], recorded: set[str],
                       table: Mapping[str, str]) -> None:
    """Write the totals cells filled for a round no roll record has a turn of (the totals
    table prints more rounds than the records): each score as a turn of that seat with no
    throws, each round's totals as its claim, so that the validator reports them at their
    cells (a game already over, a turn with no throws) rather than they go unread."""
    cells: dict[int, dict[int, set[str]]] = {}
    for name, value in table.items():
        found = _ROUND_CELL.fullmatch(name)
        if found and value and str(int(found[2])) not in recorded and 1 <= int(found[1]) <= len(names):
            cells.setdefault(int(found[2]), {}).setdefault(int(found[1]), set()).add(found[3])
    for round_number, seats in sorted(cells.items()):
        writer.add(f"round {round_number}", _place(number, "totals", f"round-{round_number}"))
        for seat in sorted(seat for seat, kinds in seats.items() if "score" in kinds):
            cell = f"round-{round_number}.score"
            place = _place(number, "totals", ("name", names[seat - 1]), *cell.split("."))
            writer.add(f"turn {names[seat - 1]}", place)
            writer.add(f"score: {table[f'{table_prefix(number)}.seat{seat}.{cell}']}", place)
        if any("total" in kinds for kinds in seats.values()):
            _totals_claim(writer, number, names, f"round-{round_number}.total", table)


def _in_play_order(shape: RecordShape, records: list[_Record], seat_of: Mapping[str, int], seats: int,
                   table: Mapping[str, str]) -> list[_Record]:
    """Return ``records`` round by round, each round from its start seat on in seat order
    (docs/rules.md sections 3 and 5): the seat written in the totals table's start row, else
    seat 1 in round 1 and in every round of ``hundred``, else the next seat after the last
    round's start seat that has a turn this round. A record whose player is not seated
    keeps its place at the end of its round."""
    starts = {int(found[1]): value for name, value in table.items() if (found := _STARTS.fullmatch(name))}
    by_round: dict[str, list[_Record]] = {}
    for record in records:
        by_round.setdefault(record.round, []).append(record)
    ordered, starter = [], None
    for round_label in sorted(by_round, key=_round_order):
        group = by_round[round_label]
        playing = sorted(seat_of[key] for record in group if (key := name_key(record.player)) in seat_of)
        round_number = read_number(round_label)
        start = read_number(starts.get(round_number, "")) if round_number is not None else None
        if start is not None and 1 <= start <= seats:
            starter = start - 1
        elif starter is None or shape.rounds_from_seat_1 or not playing:
            starter = 0
        else:
            starter = next((seat for step in range(1, seats + 1)
                            if (seat := (starter + step) % seats) in playing), starter)

        def order(record: _Record, starter: int = starter) -> int:
            seat = seat_of.get(name_key(record.player))
            return seats + record.index if seat is None else (seat - starter) % seats
        ordered.extend(sorted(group, key=order))
    return ordered


def _round_order(label: str) -> tuple[bool, int, str]:
    """Return the sort key of a round as written: numbered rounds in order, then the rest."""
    number = read_number(label)
    return number is None, number or 0, label


def _throw_line(row: Mapping[str, str]) -> str:
    """Return one roll-record row as a throw line: ``die 4`` when the dice column says one
    die, ``-`` for an empty "Numbers closed", ``= sum`` when the checked sum is filled. A
    dice cell that is not 1 or 2, or that the roll contradicts (1 die, ``5+3``; 2 dice,
    ``die 4``), is kept beside the roll, so that the validator reports the row. A number
    sentence's row (docs/rules.md section 9) is its dice and the operation ticked
    (:func:`_sentence_roll`)."""
    if any(key in row for key in (DIE_1, DIE_2, VALUE, *OPERATION_TICKS)):
        line = f"{_sentence_roll(row)}: {row.get(CLOSED) or '-'}"
        return f"{line} = {row[CHECKED]}" if row.get(CHECKED) else line
    roll, dice = row.get(ROLL, ""), row.get(DICE, "")
    one_die = roll.lower().startswith("die")
    if dice == "1" and read_number(roll) is not None:
        roll = f"die {roll}"
    elif dice and not (dice == "1" and one_die) and not (dice == "2" and not one_die):
        roll = f"{roll} ({dice} dice)"
    line = f"{roll}: {row.get(CLOSED) or '-'}"
    return f"{line} = {row[CHECKED]}" if row.get(CHECKED) else line


def _sentence_roll(row: Mapping[str, str]) -> str:
    """Return the throw of a number sentence's row: both dice with the one operation ticked
    between them (``6x2``), one die alone with none ticked (``die 4``). No operation ticked
    between two dice is written ``6 2``, more than one ``6x/2``, a die left blank beside a
    tick ``x2``, so that the validator reports each at its row in one sentence; a value
    written that is not the operation's is kept beside the throw (``6x2 (value 13)``).

    >>> _sentence_roll({"die-1": "6", "die-2": "2", "op-mul": "/on", "op-add": "/Off", "value": "12"})
    '6x2'
    >>> _sentence_roll({"die-1": "6", "die-2": "2"}), _sentence_roll({"die-2": "4"})
    ('6 2', 'die 4')
    """
    first, second = row.get(DIE_1, ""), row.get(DIE_2, "")
    signs = "".join(sign for key, sign in OPERATION_TICKS.items() if row.get(key, UNTICKED) != UNTICKED)
    if not signs and bool(first) != bool(second):
        roll = f"die {first or second}"
        value = read_number(first or second)
    elif not signs:
        return f"{first} {second}"
    else:
        roll = f"{first}{signs}{second}"
        try:
            value = parse_throw(roll).value
        except KitgenError:
            return roll
    written = row.get(VALUE, "")
    if written and read_number(written) != value:
        return f"{roll} (value {written})"
    return roll


def _score_claim(writer: _Writer, shape: RecordShape, number: int, names: list[str], seat: int,
                 record: _Record, table: Mapping[str, str]) -> None:
    """Write the turn's ``score:`` claim from the totals table, when that cell is filled."""
    if shape.attempts:
        column = f"attempt-{record.round}"
    elif record.round and shape.round_scores:
        column = f"round-{record.round}.score"
    else:
        column = "score"
    claimed = table.get(f"{table_prefix(number)}.seat{seat + 1}.{column}", "")
    if not claimed and column != "score" and record.round == "1":  # classic of one round: a Score column
        column = "score"
        claimed = table.get(f"{table_prefix(number)}.seat{seat + 1}.{column}", "")
    if claimed:
        writer.add(f"score: {claimed}", _place(number, "totals", ("name", names[seat]), *column.split(".")))


def _totals_claim(writer: _Writer, number: int, names: list[str], cell: str,
                  table: Mapping[str, str]) -> None:
    """Write a ``totals:`` claim of every seat whose totals ``cell`` (``"round-2.total"``,
    ``"combined"``) is filled."""
    filled = [(name, table.get(f"{table_prefix(number)}.seat{seat}.{cell}", ""))
              for seat, name in enumerate(names, start=1)]
    claimed = [f"{name} {value}" for name, value in filled if name and value]
    if claimed:
        writer.add(f"totals: {', '.join(claimed)}", _place(number, "totals", *cell.split(".")))


# --- The long game: one turn record over continuation sheets --------------------------------


def _sheet_rows(table: Mapping[str, str], record: str) -> dict[int, dict[int, dict[str, str]]]:
    """Return the filled cells of the record ``record`` by sheet, then row number."""
    sheets: dict[int, dict[int, dict[str, str]]] = {}
    for name, value in table.items():
        found = _SHEET.fullmatch(name)
        if found and found[1] == record:
            rows = sheets.setdefault(int(found[2]), {})
            if found[3] is not None and value:
                rows.setdefault(int(found[3]), {})[found[4]] = value
            elif found[3] is None:
                rows.setdefault(0, {})[found[4]] = value  # the sheet's own fields: row 0
    return sheets


def _long_game_body(writer: _Writer, manifest: Manifest, number: int, names: list[str],
                    table: Mapping[str, str]) -> None:
    """Write the long game's turns from its turn record: a ``turn`` line whenever the
    Turn column names a new turn (odd turns the closer's, even the opener's), a throw
    per filled row, and the winner ticked in the totals table."""
    current = None
    for _sheet, rows in sorted(_sheet_rows(table, TURN_RECORD).items()):
        for row_number, row in sorted(rows.items()):
            if row_number == 0 or not row:
                continue
            where = _place(number, TURN_RECORD, f"r{row_number}")
            turn = row.get(TURN, "")
            if current is None or (turn and turn != current):
                current = turn or "1"
                turn_number = read_number(current)
                player = names[(turn_number - 1) % 2] if turn_number else current
                writer.add(f"turn {player}", where)
            writer.add(_long_throw(row), where)
    winners = [name for seat, name in enumerate(names, start=1)
               if table.get(f"{table_prefix(number)}.seat{seat}.won.mark") == "/on"]
    if winners:
        writer.add(f"winner: {', '.join(winners)}", _place(number, "totals", "won"))


def _long_throw(row: Mapping[str, str]) -> str:
    """Return a turn-record row as a throw line: both faces, else the total, else one die;
    a total written beside both faces that is not their sum is kept beside them, so that
    the validator reports the row."""
    first, second = row.get(DIE_1, ""), row.get(DIE_2, "")
    if first and second:
        roll = f"{first}+{second}"
        faces, total = (read_number(first), read_number(second)), read_number(row.get(TOTAL, ""))
        if row.get(TOTAL) and (None in faces or total != sum(face or 0 for face in faces)):
            roll = f"{roll} (total {row[TOTAL]})"
    elif row.get(TOTAL):
        roll = row[TOTAL]
    else:
        roll = f"die {first or second}"
    return f"{roll}: {row.get(TILES) or '-'}"


# --- Knucklebones: placement records, the match record --------------------------------------


def _knucklebones_body(writer: _Writer, manifest: Manifest, number: int, names: list[str],
                       table: Mapping[str, str]) -> None:
    """Write the match from its placement sheets: a ``game`` line before each game's
    first placement (a sheet whose rows start at 1 starts a game), a placement per filled
    row, a ``score:`` claim where both totals are filled, each game's result from the
    match record and the match winner."""
    sheets = _sheet_rows(table, PLACEMENT_RECORD)
    match_rows: dict[int, dict[str, str]] = {}
    for name, value in table.items():
        if (found := _MATCH_ROW.fullmatch(name)) and value:
            match_rows.setdefault(int(found[1]), {})[found[2]] = value
    games: list[tuple[str, list[tuple[int, dict[str, str]]]]] = []
    for _sheet, rows in sorted(sheets.items()):
        numbers = [row for row in rows if row]
        if not games or (numbers and min(numbers) == 1 and games[-1][1]):
            games.append((rows.get(0, {}).get(GAME, ""), []))
        label = rows.get(0, {}).get(GAME, "")
        if label and not games[-1][0]:
            games[-1] = (label, games[-1][1])
        games[-1][1].extend((row, cells) for row, cells in sorted(rows.items()) if row and cells)
    seat_name = _seat_name(names)
    played = 0
    for label, placements in games:
        if not placements:
            continue
        played += 1
        game = ("game-label", label or str(played))
        writer.add(f"game {label or played}", _place(number, game))
        for row, cells in placements:
            place = _place(number, game, f"r{row}")
            writer.add(f"{seat_name(cells.get(PLAYER, ''))}: {cells.get(FACE, '')} {cells.get(COLUMN, '')}", place)
            # scheme 1 keyed a named seat's total by its heading, "total-for-ana" (docs/FORMS.md)
            totals = [cells.get(key, "") or (cells.get(f"total-for-{field_key(name)}", "") if name else "")
                      for key, name in zip(SEAT_TOTALS, names, strict=False)]
            if all(totals) and all(names):
                writer.add(f"score: {names[0]} {totals[0]}, {names[1]} {totals[1]}", place)
        result = match_rows.get(played, {}).get(RESULT, "")
        if result:
            writer.add(f"winner: {seat_name(result)}", _place(number, "match-record", ("game-label", str(played))))
    # a result written for a game with no placements is a claim the record does not bear out
    for game_number in sorted(row for row in match_rows if row > played and match_rows[row].get(RESULT)):
        writer.add(f"winner: {seat_name(match_rows[game_number][RESULT])}",
                   _place(number, "match-record", ("game-label", str(game_number))))
    winner = table.get(f"{table_prefix(number)}.match.{WINNER}", "")
    if winner:
        writer.add(f"match winner: {seat_name(winner)}", _place(number, "match-record", WINNER))


def _seat_name(names: list[str]) -> Callable[[str], str]:
    """Return a function that reads "1", "2", "Seat 1" or "seat 2" as that seat's name and
    keeps anything else as written."""
    def read(cell: str) -> str:
        found = re.fullmatch(r"(?:seat\s*)?([12])", cell, re.IGNORECASE)
        return names[int(found[1]) - 1] or cell if found else cell
    return read


_BODIES = {"board": _long_game_body, "grid": _knucklebones_body}  # by RecordShape.body

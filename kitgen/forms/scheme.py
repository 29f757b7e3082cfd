"""The field-name scheme of fillable kits and the manifest they carry (docs/FORMS.md).

A fillable kit names every form field after the place it fills on the printed sheet:
``t2.rec03.r05.numbers-closed`` is table 2, the third roll record in print order, row 5,
the "Numbers closed" column. In scheme 2 the keys (``numbers-closed``) are stable ids
declared beside each part in :mod:`kitgen.kit.parts`, so rewording or translating a
printed label changes no field name; scheme 1 made them from the English labels by
:func:`field_key`, which gave the same names for every label but one (a placement record's
total headed by a name, docs/FORMS.md), so both schemes read back alike. The kit also embeds a JSON manifest
(:class:`Manifest`): what the kit is for (preset line, tables, seats, names), so that a
filled kit is read back with nothing else. A field's title, its name in words, is made by
:func:`kitgen.text.fields.field_title`. This module imports neither WeasyPrint nor pypdf.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from kitgen.errors import KitgenError
from kitgen.kit.tables import MAX_TABLES
from kitgen.rules.names import parse_name, parse_names
from kitgen.text import LANGUAGES, gettext, ngettext

SCHEME_VERSION = 2  # docs/FORMS.md: raised whenever a field name's meaning changes
SCHEMES_READ = (1, 2)  # docs/FORMS.md: scheme 1 names are scheme 2's, made from the labels
MANIFEST_NAME = "kitgen-kit.json"  # the embedded file a fillable kit carries
MANIFEST_KIND = "kitgen fillable kit"
# The largest manifest a kit can carry, 250 blank tables (MAX_TABLES) of 8 seats and 100
# rounds, 200,000 records, is 6.4 MB as a kit writes it; but that kit has millions of
# fields, more than a kit read back may have (kitgen.forms.read.MAX_FIELDS: 37,000 records
# of 27 fields at least), and a kit that can be read back carries at most 1.4 MB (37 bytes
# a record, measured). Anything larger is not a kit's manifest: refused before it is parsed.
MAX_MANIFEST_BYTES = 4 * 1024 * 1024
MAX_RULES_CHARS = 200  # a rules: line is a preset and a few options, about 50 characters
# A table prints a roll record per seat and round: at most 8 seats (ten, hundred) times
# 100 rounds (kitgen.kit.parts.MAX_ROUNDS), and a few blank ones filling the last line.
MAX_RECORDS = 1_000
_ROUND = re.compile(r"[1-9][0-9]{0,3}")  # a record's printed round or attempt, as the kit writes it


# Every field name a kit of scheme 1 or 2 defines (docs/FORMS.md, "Field names"), built
# from the keys each part declares beside its printed words, each with its use: READ, a
# cell kitgen.forms.transcribe reads into the log; AID, a place on a play aid (a tile's
# tick box on a strip, turn sheet or board sheet, the names heading it) that is a field so
# that a game can be played on the screen, and carries nothing the log is made of; PRINTED,
# a claim that is printed for the players and is not a field (kits before these uses
# made it one: kitgen.forms.read refuses it filled in, docs/FORMS.md, "Claims printed
# only"). A key a part declares that has no use here is in no shape: a fillable kit with
# it cannot be made (is_form_field raises), so no field can be added and go unread.
READ, AID, PRINTED = "read", "aid", "printed"
_N = "[0-9]{1,6}"  # a number in a field name: 1 to 6 ASCII digits


def _one_of(keys: Iterable[str]) -> str:
    """Return the pattern matching any of ``keys`` as written."""
    return "(?:" + "|".join(re.escape(key) for key in keys) + ")"


def _uses(declared: Iterable[str], uses: dict[str, str]) -> dict[str, list[str]]:
    """Return the ``declared`` keys of a part by their use in ``uses``; a key with none is left out."""
    by_use: dict[str, list[str]] = {}
    for key in declared:
        if key in uses:
            by_use.setdefault(uses[key], []).append(key)
    return by_use


def _shapes() -> tuple[tuple[str, str], ...]:
    """Return every field-name shape (its use, its pattern after ``t<table>.``), from the
    keys the parts declare."""
    # the kit's parts know nothing of forms; only the shapes need their keys
    from kitgen.kit.parts.boards import COLUMN_KEYS, SEAT_KEYS
    from kitgen.kit.parts.match_record import RESULT_KEY, STARTER_KEY, WINNER_KEY
    from kitgen.kit.parts.part import PLAYER_KEY, REMAINING_SUM_KEY, SCORE_KEY, SEAT_KEY, TABLE_KEY
    from kitgen.kit.parts.roll_records import DICE_KEY, OPERATION_KEYS, ROLL_KEYS, SENTENCE_KEYS
    from kitgen.kit.parts.totals import (
        ATTEMPT_KEY,
        COMBINED_KEY,
        DOUBLES_THROWN_KEY,
        MARK_KEY,
        ROUND_KEY,
        ROUND_WINS_KEY,
        SHUT_THE_BOX_KEY,
        SLOT_SCORE_KEY,
        SLOT_TOTAL_KEY,
        STARTS_KEY,
        TOTALS_KEY,
        TURNS_PLAYED_KEY,
        WON_KEY,
    )
    from kitgen.kit.parts.totals import WINNER_KEY as TOTALS_WINNER_KEY
    from kitgen.kit.parts.turn_record import PLACEMENT_KEYS, TURN_KEYS
    from kitgen.kit.parts.turn_sheets import ROLE_KEYS

    tile, row, sheet = f"tile{_N}", f"r{_N}", f"sheet{_N}"
    rounds, attempts = f"{ROUND_KEY}-{_N}", f"{ATTEMPT_KEY}-{_N}"
    shapes: list[tuple[str, str]] = [
        # the totals table: the claims a log has (score, totals, winner) are read
        (READ, rf"{TOTALS_KEY}\.{TOTALS_WINNER_KEY}"),
        (READ, rf"{STARTS_KEY}\.{rounds}"),
        (READ, rf"seat{_N}\.{_one_of((PLAYER_KEY, SCORE_KEY, COMBINED_KEY))}"),
        (READ, rf"seat{_N}\.(?:{attempts}|{rounds}\.{_one_of((SLOT_SCORE_KEY, SLOT_TOTAL_KEY))})"),
        (READ, rf"seat{_N}\.{WON_KEY}\.{MARK_KEY}"),  # the long game's winner
        # ... the others are printed: a round's own line and tick box (won, out, shut),
        # round wins, shut the box, turns played, doubles thrown, the Won column's line
        (PRINTED, rf"seat{_N}\.{rounds}"),
        (PRINTED, rf"seat{_N}\.(?:{rounds}|{attempts}|{_one_of((SCORE_KEY, COMBINED_KEY))})"
                  rf"(?:\.{_one_of((SLOT_SCORE_KEY, SLOT_TOTAL_KEY))})?\.{MARK_KEY}"),
        (PRINTED, rf"seat{_N}\.{_one_of((ROUND_WINS_KEY, TURNS_PLAYED_KEY, DOUBLES_THROWN_KEY, WON_KEY))}"),
        (PRINTED, rf"seat{_N}\.{SHUT_THE_BOX_KEY}(?:\.{MARK_KEY})?"),
        (READ, rf"rec{_N}\.{PLAYER_KEY}"),  # a blank roll record's name
        # number strips and turn sheets: play aids; a score written on one is printed only
        (AID, rf"strip{_N}\.(?:{_one_of((PLAYER_KEY, ROUND_KEY))}|{tile})"),
        (PRINTED, rf"strip{_N}\.{_one_of((SCORE_KEY, REMAINING_SUM_KEY))}"),
        (AID, rf"turn-sheet\.{sheet}\.(?:{_one_of((PLAYER_KEY, SEAT_KEY, TABLE_KEY))}|{row}\.(?:{ROUND_KEY}|{tile}))"),
        (PRINTED, rf"turn-sheet\.{sheet}\.{row}\.{SCORE_KEY}"),
        # a table's continuation sheet: a play aid as a turn sheet is (the long game's roles'
        # names, a row's round or turn and tiles); a score written on it is printed only
        (AID, rf"continuation-sheet\.{sheet}\.(?:{_one_of(ROLE_KEYS)}|{row}\.(?:{ROUND_KEY}|turn|{tile}))"),
        (PRINTED, rf"continuation-sheet\.{sheet}\.{row}\.{SCORE_KEY}"),
        # the long game's board sheet (its roles' names seat the players) and turn record
        (READ, rf"board-sheet\.{sheet}\.{_one_of(ROLE_KEYS)}"),
        (AID, rf"board-sheet\.{sheet}\.(?:{TABLE_KEY}|{row}\.(?:turn|{tile}))"),
    ]
    roll = _uses((DICE_KEY, *ROLL_KEYS), {DICE_KEY: READ, "roll-total": READ, "numbers-closed": READ,
                                          "checked-sum": READ})
    # with ops besides add (docs/rules.md section 9) a row is a number sentence: both dice, a
    # tick box for each operation (the "operation" column holds them), the value, tiles, sum
    sentence = _uses((*SENTENCE_KEYS, *OPERATION_KEYS.values()),
                     {"die-1": READ, "die-2": READ, "value": READ, "numbers-closed": READ, "checked-sum": READ,
                      **dict.fromkeys(OPERATION_KEYS.values(), READ)})
    roll[READ] = [*roll[READ], *(key for key in sentence[READ] if key not in roll[READ])]
    shapes += [(use, rf"rec{_N}\.{row}\.{_one_of(keys)}") for use, keys in roll.items()]
    turn = _uses(TURN_KEYS, {"turn": READ, "die-1": READ, "die-2": READ, "total": READ, "tiles-shut-or-opened": READ,
                             "double": PRINTED, "extra-turns-held": PRINTED})
    shapes += [(use, rf"turn-record\.{sheet}\.{row}\.{_one_of(keys)}") for use, keys in turn.items()]
    # knucklebones: the placement record, the boards, the match record
    placement = _uses(PLACEMENT_KEYS, {"player": READ, "face": READ, "column": READ, "dice-removed": PRINTED})
    shapes += [(use, rf"placement-record\.{sheet}\.{row}\.{_one_of(keys)}") for use, keys in placement.items()]
    shapes += [
        (READ, rf"placement-record\.{sheet}\.game"),
        (READ, rf"placement-record\.{sheet}\.{row}\.{_one_of(f'{seat}-total' for seat in SEAT_KEYS)}"),
        (READ, rf"placement-record\.{sheet}\.{row}\.total-for-[a-z0-9-]+"),  # scheme 1's named seat total
        (READ, rf"board{_N}\.{_one_of(SEAT_KEYS)}\.{PLAYER_KEY}"),
        (PRINTED, rf"board{_N}\.{_one_of(SEAT_KEYS)}\.{_one_of((*COLUMN_KEYS, 'total'))}"),
        (READ, rf"match\.(?:{WINNER_KEY}|seat{_N}\.{PLAYER_KEY}|{row}\.{RESULT_KEY})"),
        (PRINTED, rf"match\.{row}\.(?:{STARTER_KEY}|"
                  rf"{_one_of(f'{seat}-{claim}' for seat in SEAT_KEYS for claim in ('total', 'game-wins'))})"),
    ]
    return tuple(shapes)


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    """Return the pattern of the field names of each use."""
    by_use: dict[str, list[str]] = {}
    for use, pattern in _shapes():
        by_use.setdefault(use, []).append(pattern)
    return {use: re.compile(rf"t{_N}\.(?:{'|'.join(patterns)})") for use, patterns in by_use.items()}


def field_use(name: str) -> str | None:
    """Return the use of the field ``name`` in the scheme (:data:`READ`, :data:`AID` or
    :data:`PRINTED`), or ``None`` when no kit of scheme 1 or 2 names a field so.

    >>> field_use("t2.rec03.r05.numbers-closed"), field_use("t1.seat2.round-wins"), field_use("t1.notes")
    ('read', 'printed', None)
    """
    return next((use for use, pattern in _patterns().items() if pattern.fullmatch(name)), None)


def is_field_name(name: str) -> bool:
    """Return whether ``name`` is a field a kit of this kitgen makes: one it reads, or a
    place on a play aid.

    >>> is_field_name("t2.rec03.r05.numbers-closed"), is_field_name("t1.starts.round-wins")
    (True, False)
    """
    return field_use(name) in (READ, AID)


def is_form_field(name: str) -> bool:
    """Return whether a fillable kit makes a form field of the write-in place ``name``:
    one it reads or a play aid's, not a claim printed only.

    Raises :class:`ValueError` for a name the scheme does not know: a part declared a key
    that nothing reads (docs/FORMS.md: give it a use in :func:`_shapes` first).
    """
    use = field_use(name)
    if use is None:
        raise ValueError(f"the write-in place {name!r} has no field name of docs/FORMS.md's scheme")
    return use != PRINTED


def field_key(words: str) -> str:
    """Return the field-name key scheme 1 made of a printed label or column heading: lower
    case, every run of other characters than letters and digits one ``-`` (scheme 2's ids,
    declared beside each part, are these keys of the English labels, frozen).

    >>> field_key("Dice (1/2)")
    'dice-1-2'
    """
    return re.sub(r"[^0-9a-z]+", "-", words.lower()).strip("-")


def table_prefix(number: int) -> str:
    """Return the prefix of every field of table ``number``, e.g. ``"t2"``."""
    return f"t{number}"


@dataclass(frozen=True)
class Manifest:
    """What a fillable kit is for: the ``rules`` line of its logs (``"classic tiles=12"``),
    its ``tables``' seats (a name, or ``""`` for a seat to write in), each table's roll
    ``records`` in print order as printed (player and round, ``""`` where written in) and
    the field scheme ``version`` its fields follow, and the ``language`` it is printed in
    (its cells may hold that language's words for "no move"; its field names are the same in
    every language)."""

    rules: str
    tables: tuple[tuple[str, ...], ...]
    records: tuple[tuple[tuple[str, str], ...], ...] = ()
    version: int = SCHEME_VERSION
    language: str = "en"

    def to_json(self) -> bytes:
        """Return the manifest as the JSON file a kit embeds (keys sorted: the same kit is
        the same bytes)."""
        document = {
            "kind": MANIFEST_KIND,
            "language": self.language,
            "scheme": self.version,
            "rules": self.rules,
            "preset": self.rules.split()[0],
            "tables": [
                {"table": number, "seats": list(seats),
                 "records": [list(record) for record in (self.records[number - 1] if self.records else ())]}
                for number, seats in enumerate(self.tables, start=1)
            ],
        }
        return json.dumps(document, ensure_ascii=False, sort_keys=True, indent=1).encode()

    @classmethod
    def from_json(cls, data: bytes) -> Manifest:
        """Return the manifest in ``data``, checked first against what a kit writes, so
        that whatever reads it may trust it: the kind and a scheme this kitgen reads; a
        rules line of a known preset, written as a log's ``rules:`` line is; 1 to 250
        tables, numbered in order, each seating as many as the preset allows, each seat a
        name that keeps the name rule or ``""``, no name twice; at most
        :data:`MAX_RECORDS` records a table, each a seat's name (or ``""``) and a round
        number (or ``""``).

        Raises :class:`ValueError` with one sentence when ``data`` is not a kitgen manifest
        or follows a newer field scheme than this kitgen reads.
        """
        if len(data) > MAX_MANIFEST_BYTES:
            raise ValueError(gettext("its embedded manifest is over {most} MiB, far larger than a kit's.").format(
                most=MAX_MANIFEST_BYTES // 2**20))
        try:
            document: Any = json.loads(data)
        except (ValueError, RecursionError):  # not JSON, not UTF-8, nested past Python's stack
            raise ValueError(gettext("its embedded manifest cannot be read.")) from None
        if not isinstance(document, dict) or document.get("kind") != MANIFEST_KIND:
            raise ValueError(gettext("its embedded manifest is not a kitgen kit's."))
        version = document.get("scheme")
        if type(version) is not int or version < 1:  # not True, not 1.0, not -5
            raise ValueError(gettext(
                "its embedded manifest is not a kitgen kit's: "
                "its scheme is not a version number."))
        if version not in SCHEMES_READ:
            raise ValueError(gettext(
                "it was made by a newer kitgen (field scheme {version}; this kitgen reads "
                "scheme {read}): update kitgen to read it."
            ).format(version=version, read=SCHEME_VERSION))
        rules, low, high = _checked_rules(document.get("rules"), document.get("preset"))
        tables = document.get("tables")
        if not isinstance(tables, list) or not 1 <= len(tables) <= MAX_TABLES:
            raise ValueError(gettext(
                "its embedded manifest is not a kitgen kit's: "
                "a kit has 1 to {most} tables.").format(most=MAX_TABLES))
        seats = tuple(_checked_seats(table, number, low, high) for number, table in enumerate(tables, start=1))
        records = tuple(_checked_records(table, number, names) for number, (table, names)
                        in enumerate(zip(tables, seats, strict=True), start=1))
        language = document.get("language", "en")  # a kit made before kits had languages is English
        if language not in LANGUAGES:
            raise ValueError(gettext(
                "its embedded manifest is not a kitgen kit's: its language is not one kitgen speaks."))
        return cls(rules, seats, records, version, language)


def _checked_rules(rules: object, preset: object) -> tuple[str, int, int]:
    """Return a manifest's rules line and the fewest and most seats its preset takes.

    Raises :class:`ValueError` unless ``rules`` is a ``rules:`` line of a known preset, as
    kitgen writes it (the preset's id first, single spaces), and ``preset`` that id.
    """
    # Only reading a kit needs the log reader; kits are made with this module too.
    from kitgen.logs.reader import parse_rules_line

    if (not isinstance(rules, str) or not rules or len(rules) > MAX_RULES_CHARS
            or rules != " ".join(rules.split())):
        raise ValueError(gettext("its embedded manifest is not a kitgen kit's: it has no rules line."))
    try:
        settled = parse_rules_line(rules)
    except KitgenError:
        raise ValueError(gettext(
            "its embedded manifest is not a kitgen kit's: its rules line is not one kitgen knows."
        )) from None
    if rules.split()[0] != settled.preset or preset != settled.preset:
        raise ValueError(gettext("its embedded manifest is not a kitgen kit's: its preset is not its rules line's."))
    return rules, settled.min_players, settled.max_players


def _checked_seats(table: object, number: int, low: int, high: int) -> tuple[str, ...]:
    """Return the seats of a manifest's table ``number``.

    Raises :class:`ValueError` unless ``table`` is numbered ``number`` and seats ``low``
    to ``high``, each a name that keeps the name rule (docs/rules.md, "Player names") or ``""``,
    no name twice.
    """
    seats = table.get("seats") if isinstance(table, dict) else None
    if not isinstance(table, dict) or type(table.get("table")) is not int or table["table"] != number:
        raise ValueError(gettext(
            "its embedded manifest is not a kitgen kit's: "
            "table {number} is not numbered {number}.").format(number=number))
    if not isinstance(seats, list) or not low <= len(seats) <= high:
        raise ValueError((
            ngettext("its embedded manifest is not a kitgen kit's: "
                     "table {number} does not have {low} seat, as its preset has.",
                     "its embedded manifest is not a kitgen kit's: "
                     "table {number} does not have {low} seats, as its preset has.", high)
            if low == high else
            ngettext("its embedded manifest is not a kitgen kit's: "
                     "table {number} does not have {low} to {high} seat, as its preset has.",
                     "its embedded manifest is not a kitgen kit's: "
                     "table {number} does not have {low} to {high} seats, as its preset has.", high)
        ).format(number=number, low=low, high=high))
    if not all(isinstance(name, str) for name in seats):
        raise ValueError(gettext(
            "its embedded manifest is not a kitgen kit's: "
            "table {number} has a seat that is not a name.").format(number=number))
    try:
        if any(name and parse_name(name) != name for name in seats):
            raise KitgenError
        parse_names(name for name in seats if name)
    except KitgenError:  # a bad character, a lone surrogate, a name twice
        raise ValueError(gettext(
            "its embedded manifest is not a kitgen kit's: table {number} has a seat whose name kitgen would not print."
        ).format(number=number)) from None
    return tuple(seats)


def _checked_records(table: dict[str, object], number: int, seats: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Return the roll records of a manifest's table ``number``, whose seats are ``seats``.

    Raises :class:`ValueError` unless there are at most :data:`MAX_RECORDS`, each a pair
    of a seat's name (or ``""``) and a round number as a kit prints it (or ``""``).
    """
    records = table.get("records", [])
    if not isinstance(records, list) or len(records) > MAX_RECORDS:
        raise ValueError(gettext(
            "its embedded manifest is not a kitgen kit's: "
            "table {number} has more than {most} records, or none that can be read."
        ).format(number=number, most=MAX_RECORDS))
    names = {*seats, ""}
    for record in records:
        if not (isinstance(record, list) and len(record) == 2 and all(isinstance(part, str) for part in record)
                and record[0] in names and (not record[1] or _ROUND.fullmatch(record[1]))):
            raise ValueError(gettext(
                "its embedded manifest is not a kitgen kit's: "
                "table {number} has a record that is not a seat's name and a round number."
            ).format(number=number))
    return tuple((player, round_number) for player, round_number in records)

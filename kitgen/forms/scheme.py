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
from dataclasses import dataclass
from typing import Any

from kitgen.errors import KitgenError
from kitgen.kit.tables import MAX_TABLES
from kitgen.rules.names import parse_name, parse_names
from kitgen.text import gettext, ngettext

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


# Every field name a kit of scheme 1 or 2 defines (docs/FORMS.md, "Field names"), by the
# part it sits on: a number is 1 to 6 ASCII digits. kitgen.forms.read refuses a filled-in
# field that is none of these (a value in a place no kit has would be lost without a word);
# a render test holds every preset's kit to this list.
_NUMBER = "[0-9]{1,6}"
_FIELD_NAMES = (
    r"totals\.winner",
    rf"starts\.round-{_NUMBER}",
    rf"seat{_NUMBER}\.(?:player|score|combined|round-wins|turns-played|doubles-thrown"
    rf"|attempt-{_NUMBER}|round-{_NUMBER}(?:\.score|\.total|\.mark)?|shut-the-box(?:\.mark)?|won(?:\.mark)?)",
    rf"rec{_NUMBER}\.(?:player|r{_NUMBER}\.(?:dice-1-2|roll-total|numbers-closed|checked-sum))",
    rf"strip{_NUMBER}\.(?:player|round|score|remaining-sum|tile{_NUMBER})",
    rf"turn-sheet\.sheet{_NUMBER}\.(?:player|seat|r{_NUMBER}\.(?:round|score|tile{_NUMBER}))",
    rf"board-sheet\.sheet{_NUMBER}\.(?:closer|opener|r{_NUMBER}\.(?:turn|tile{_NUMBER}))",
    rf"turn-record\.sheet{_NUMBER}\.r{_NUMBER}\.(?:turn|die-{_NUMBER}|total|tiles-shut-or-opened|double"
    r"|extra-turns-held)",
    rf"board{_NUMBER}\.seat-{_NUMBER}\.(?:player|left|middle|right|total)",
    rf"match\.(?:match-winner|seat{_NUMBER}\.player"
    rf"|r{_NUMBER}\.(?:result-winner-or-draw|started-by|seat-{_NUMBER}-game-wins|seat-{_NUMBER}-total))",
    rf"placement-record\.sheet{_NUMBER}\.(?:game|r{_NUMBER}\.(?:player|face|column|dice-removed"
    rf"|seat-{_NUMBER}-total|total-for-[a-z0-9-]+))",
)
_FIELD_NAME = re.compile(rf"t{_NUMBER}\.(?:{'|'.join(_FIELD_NAMES)})")


def is_field_name(name: str) -> bool:
    """Return whether ``name`` is a field name a kit of scheme 1 or 2 defines.

    >>> is_field_name("t2.rec03.r05.numbers-closed"), is_field_name("t1.starts.round-wins")
    (True, False)
    """
    return _FIELD_NAME.fullmatch(name) is not None


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
    the field scheme ``version`` its fields follow."""

    rules: str
    tables: tuple[tuple[str, ...], ...]
    records: tuple[tuple[tuple[str, str], ...], ...] = ()
    version: int = SCHEME_VERSION

    def to_json(self) -> bytes:
        """Return the manifest as the JSON file a kit embeds (keys sorted: the same kit is
        the same bytes)."""
        document = {
            "kind": MANIFEST_KIND,
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
        return cls(rules, seats, records, version)


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

"""Class lists as teachers have them, into player names (KIT.md, "Tables and classes").

A roster is text with one name a line, or a table: a CSV exported from a spreadsheet
(``,``, ``;`` or tab between cells, found with :class:`csv.Sniffer`) or an ``.xlsx``
workbook (its first sheet, read with openpyxl). A table's first row names its columns;
the names come from a ``name`` column, or from ``first name`` and ``last name`` columns
joined, the headings matched in any case and with or without spaces, ``_`` or ``-``.
Text is UTF-8 (with or without a byte order mark) or UTF-16 with its byte order mark,
as spreadsheets save "Unicode text".

Parsing works on the file's bytes (:func:`parse_roster`), so a file, standard input or
a test hands it the same way; :func:`read_roster` reads a file first.
"""

from __future__ import annotations

import codecs
import csv
import re
from dataclasses import dataclass
from io import BytesIO
from itertools import islice
from pathlib import Path

from kitgen.errors import RosterError
from kitgen.kit.tables import check_name_count
from kitgen.rules.names import parse_names
from kitgen.textfile import read_bytes, shown_name

DELIMITERS = ",;\t"  # what spreadsheets put between cells in CSV and "text" exports
SNIFF_CHARS = 64 * 1024  # csv.Sniffer reads this much of the start of a roster
NAME_HEADINGS = ("name", "fullname")
FIRST_HEADINGS = ("firstname", "givenname", "forename")
LAST_HEADINGS = ("lastname", "surname", "familyname")
XLSX_MAGIC = b"PK\x03\x04"  # an .xlsx workbook is a zip archive
XLS_MAGIC = b"\xd0\xcf\x11\xe0"  # an old binary .xls workbook (OLE2)
TABLE_SUFFIXES = (".csv", ".tsv", ".xlsx")
MAX_SHEET_ROWS = 10_000  # a class list is far shorter (CLI.md: at most 500 names)
MAX_SHEET_COLUMNS = 100


@dataclass(frozen=True)
class Roster:
    """The names a roster holds, in order, and where they came from: ``columns`` are the
    headings as written that gave the names (empty for a list of one name a line)."""

    source: str
    names: tuple[str, ...]
    columns: tuple[str, ...] = ()

    def summary(self) -> str:
        """Return one sentence saying how many names were read and from which columns.

        >>> Roster("class.csv", ("Ana Silva", "Ben Moreau"), ("First name", "Last name")).summary()
        "roster 'class.csv': 2 names from the columns 'First name' and 'Last name'."
        """
        count = f"{len(self.names)} name{'s' if len(self.names) != 1 else ''}"
        if not self.columns:
            return f"roster {self.source!r}: {count}, one a line."
        if len(self.columns) == 1:
            return f"roster {self.source!r}: {count} from the column {self.columns[0]!r}."
        return f"roster {self.source!r}: {count} from the columns {self.columns[0]!r} and {self.columns[1]!r}."


def read_roster(path: Path) -> Roster:
    """Return the roster in the file at ``path``, or standard input for ``-`` (see
    :func:`parse_roster`).

    Raises :class:`RosterError` for a file that cannot be read, is not a regular file or
    is larger than 4 MiB, and what :func:`parse_roster` raises.

    >>> read_roster(Path("tests/fixtures/roster-7.txt")).names[:2]
    ('Ana', 'Ben')
    """
    return parse_roster(read_bytes(path, "roster", RosterError), shown_name(path))


def parse_roster(data: bytes, source: str) -> Roster:
    """Return the names in the roster ``data`` (a file's bytes; ``source`` names it in
    messages, and its suffix ``.csv``, ``.tsv`` or ``.xlsx`` says it must be a table).

    A ``.txt`` file of one column is one name a line: its first line is a name, never a
    heading. Raises :class:`RosterError` for bytes that are neither UTF-8 / UTF-16 text
    nor an ``.xlsx`` workbook, a table without a name column, or no names at all,
    :class:`PlayerCountError` for more than 500 names and :class:`PlayerNameError` for a
    bad or repeated name.

    >>> parse_roster("Nr;First name;LAST NAME\\n1;Ana;Silva\\n".encode(), "class.csv").names
    ('Ana Silva',)
    """
    if data.startswith(XLSX_MAGIC):
        rows = _workbook_rows(data, source)
    elif data.startswith(XLS_MAGIC):
        raise RosterError(f"roster {source!r} is an old .xls workbook; save it as .xlsx or CSV.")
    else:
        rows = _text_rows(_decoded(data, source))
    rows = [row for row in rows if any(cell.strip() for cell in row)]
    table = len(rows[0]) > 1 if rows else False
    # A .txt list of one name a line keeps its first line, even a player called "Name".
    headed = table or not source.lower().endswith(".txt")
    columns = _name_columns(rows[0]) if rows and headed else None
    if columns is None and (table or source.lower().endswith(TABLE_SUFFIXES)):
        found = ", ".join(repr(cell.strip()) for cell in rows[0] if cell.strip()) if rows else "none"
        raise RosterError(
            f"roster {source!r} has no 'name' column, nor 'first name' and 'last name' (its columns: {found})."
        )
    if columns is None:
        entries = [row[0] for row in rows]
        headings: tuple[str, ...] = ()
    else:
        entries = [" ".join(row[index].strip() for index in columns if index < len(row) and row[index].strip())
                   for row in rows[1:]]
        headings = tuple(rows[0][index].strip() for index in columns)
    entries = [entry for entry in entries if entry.strip()]
    if not entries:
        raise RosterError(f"roster {source!r} holds no names.")
    check_name_count(len(entries))
    return Roster(source, parse_names(entries), headings)


def _decoded(data: bytes, source: str) -> str:
    """Return ``data`` as text: UTF-16 after its byte order mark, else UTF-8 (a leading
    byte order mark dropped)."""
    try:
        if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            return data.decode("utf-16")
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RosterError(
            f"roster {source!r} is not UTF-8 or UTF-16 text (save it as CSV UTF-8)."
        ) from None


def _text_rows(text: str) -> list[list[str]]:
    """Return the rows of ``text``: cells split at the delimiter :class:`csv.Sniffer` finds
    among ``,``, ``;`` and tab, or one cell a line when it finds none."""
    lines = text.splitlines()
    try:
        dialect = csv.Sniffer().sniff(text[:SNIFF_CHARS], delimiters=DELIMITERS)
    except csv.Error:
        return [[line] for line in lines]
    return list(csv.reader(lines, dialect))


def _workbook_rows(data: bytes, source: str) -> list[list[str]]:
    """Return the rows of the first sheet of the ``.xlsx`` workbook ``data``, each cell as
    text (a whole number without ``.0``, an empty cell as ``""``), its first 100 columns.

    Raises :class:`RosterError` for a sheet of more than 10,000 rows."""
    from openpyxl import load_workbook

    try:
        workbook = load_workbook(BytesIO(data), read_only=True, data_only=True)
        try:
            rows = workbook.worksheets[0].iter_rows(max_col=MAX_SHEET_COLUMNS, values_only=True)
            table = [[_cell_text(value) for value in row] for row in islice(rows, MAX_SHEET_ROWS + 1)]
        finally:
            workbook.close()
    except Exception:  # openpyxl raises many kinds for a zip that is not a workbook
        raise RosterError(f"roster {source!r} cannot be read as an .xlsx workbook.") from None
    if len(table) > MAX_SHEET_ROWS:
        raise RosterError(f"roster {source!r} has more than {MAX_SHEET_ROWS:,} rows, more than a class list.")
    return table


def _cell_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _name_columns(header: list[str]) -> tuple[int, ...] | None:
    """Return the indexes of the columns that hold names in the header row ``header``: the
    ``name`` column, else the first-name and last-name columns (either alone), else
    ``None``."""
    keys = [re.sub(r"[\s_-]+", "", cell).casefold() for cell in header]

    def find(headings: tuple[str, ...]) -> int | None:
        return next((index for index, key in enumerate(keys) if key in headings), None)

    name = find(NAME_HEADINGS)
    if name is not None:
        return (name,)
    parts = tuple(index for index in (find(FIRST_HEADINGS), find(LAST_HEADINGS)) if index is not None)
    return parts or None

"""Class lists as teachers have them, into player names (docs/kit.md, "Tables and classes").

A roster is text with one name a line, or a table: a CSV exported from a spreadsheet
(``,``, ``;`` or tab between cells: the one that splits most rows alike) or an ``.xlsx``
workbook (its first sheet). A table's first row names its columns; the names come from a
``name`` column, or from ``first name`` and ``last name`` columns joined, the headings
matched in any case and with or without spaces, ``_`` or ``-``.
Text is UTF-8 (with or without a byte order mark) or UTF-16 with its byte order mark,
as spreadsheets save "Unicode text".

Parsing works on the file's bytes (:func:`parse_roster`), so a file, standard input or
a test hands it the same way; :func:`read_roster` reads a file first.

Work is bounded by the roster's size, never by how its bytes are arranged: the delimiter is
chosen by the csv module's reader (no backtracking regular expressions, as in
:class:`csv.Sniffer`), and a workbook is read without openpyxl, a part at a time through
expat, with bounds on the bytes a part unpacks to, its XML elements and depth, and the
sheet's rows, cells and shared strings: a small zip can unpack to gigabytes.
"""

from __future__ import annotations

import codecs
import csv
import posixpath
import re
import zipfile
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from io import BytesIO
from itertools import islice
from pathlib import Path
from string import ascii_uppercase
from xml.parsers import expat

from kitgen.errors import RosterError, quote
from kitgen.kit.tables import check_name_count
from kitgen.rules.names import parse_names
from kitgen.text import gettext, ngettext, pgettext
from kitgen.text.numbers import whole
from kitgen.text.summaries import listed
from kitgen.textfile import read_bytes, shown_name

DELIMITERS = ",;\t"  # what spreadsheets put between cells in CSV and "text" exports
SNIFF_CHARS = 64 * 1024  # the delimiter is chosen on this much of the start of a roster
NAME_HEADINGS = ("name", "fullname")
FIRST_HEADINGS = ("firstname", "givenname", "forename")
LAST_HEADINGS = ("lastname", "surname", "familyname")
XLSX_MAGIC = b"PK\x03\x04"  # an .xlsx workbook is a zip archive
XLS_MAGIC = b"\xd0\xcf\x11\xe0"  # an old binary .xls workbook (OLE2)
TABLE_SUFFIXES = (".csv", ".tsv", ".xlsx")
LISTED_HEADINGS = 10  # a refusal lists this many of a table's headings, so it stays one short sentence
MAX_SHEET_ROWS = 10_000  # in a sheet or a text roster; a class list is far shorter (docs/cli.md: at most 500 names)
MAX_SHEET_COLUMNS = 100  # the columns of a sheet read; an export's name columns come long before
# A school export of 2,000 rows x 60 columns (openpyxl, inline strings) has a sheet of 6.4 MB
# and 322,000 XML elements; the bounds below are a few times that, which no class list nears.
MAX_SHEET_CELLS = 250_000  # twice the 120,000 cells of that export
MAX_SHARED_STRINGS = MAX_SHEET_CELLS  # a sheet shows at most one shared string a cell
MAX_PART_BYTES = 32 * 1024 * 1024  # five times that export's sheet, unpacked
MAX_WORKBOOK_ELEMENTS = 750_000  # in all the parts read: over twice the 322,000 of that export
MAX_RELATIONSHIPS_BYTES = 1024 * 1024  # a part's list of related parts, kept whole: 10,000 sheets
MAX_CELL_CHARS = 32_767  # the most text a spreadsheet cell holds (Excel's limit)
MAX_XML_DEPTH = 32  # a sheet nests 7 deep (worksheet, sheetData, row, c, is, r, t)
PART_CHUNK_BYTES = 64 * 1024  # how much of a part is unpacked and parsed at a time
# A tag or comment is one token, which expat 2.5 parses again from its start with each chunk
# until it is whole (quadratic time); a workbook's are a few hundred bytes.
MAX_TOKEN_BYTES = 1024 * 1024
# Spreadsheets store or deflate a workbook's parts; zipfile unpacks a read's worth of bzip2
# or LZMA in one call, without a bound, so a part packed so is refused.
PACKING_METHODS = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)
CELL_REFERENCE = re.compile(r"([A-Z]{1,3})[0-9]{1,7}")  # "B12": columns up to XFD, rows to 1,048,576
ROW_NUMBER = re.compile(r"[0-9]{1,7}")
COLUMN_NUMBERS = {  # the columns read, A to CV, by name
    name: number for number, name in enumerate(
        [*ascii_uppercase, *(first + second for first in ascii_uppercase for second in ascii_uppercase)], 1)
    if number <= MAX_SHEET_COLUMNS}
# What zipfile and expat raise for an archive that is not a workbook (a part missing, cut
# short, encrypted, not XML or in an unknown encoding), and int() and indexing for a shared
# string that is not there.
UNREADABLE = (zipfile.BadZipFile, zlib.error, expat.ExpatError, EOFError, OSError, LookupError, ValueError,
              RuntimeError, NotImplementedError)


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
        count = len(self.names)
        if not self.columns:
            sentence = ngettext("roster {source}: {count} name, one a line.",
                                "roster {source}: {count} names, one a line.", count)
        elif len(self.columns) == 1:
            sentence = ngettext("roster {source}: {count} name from the column {column}.",
                                "roster {source}: {count} names from the column {column}.", count)
        else:
            sentence = ngettext("roster {source}: {count} name from the columns {column} and {second}.",
                                "roster {source}: {count} names from the columns {column} and {second}.", count)
        columns = [*map(repr, self.columns), "", ""]
        return sentence.format(source=repr(self.source), count=count, column=columns[0], second=columns[1])


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
        raise RosterError(gettext("roster {source} is an old .xls workbook; save it as .xlsx or CSV.").format(
            source=repr(source)))
    else:
        rows = _text_rows(_decoded(data, source), source)
    rows = [row for row in rows if any(cell.strip() for cell in row)]
    table = len(rows[0]) > 1 if rows else False
    # A .txt list of one name a line keeps its first line, even a player called "Name".
    headed = table or not source.lower().endswith(".txt")
    columns = _name_columns(rows[0]) if rows and headed else None
    if columns is None and (table or source.lower().endswith(TABLE_SUFFIXES)):
        shown = [quote(cell.strip()) for cell in rows[0] if cell.strip()] if rows else []
        found = listed(shown[:LISTED_HEADINGS]) or pgettext("columns found", "none")
        if len(shown) > LISTED_HEADINGS:
            found = gettext("{listed} and {count} more").format(listed=found, count=whole(len(shown) - LISTED_HEADINGS))
        raise RosterError(gettext(
            "roster {source} has no 'name' column, nor 'first name' and 'last name' (its columns: {found})."
        ).format(source=repr(source), found=found))
    if columns is None:
        entries = [row[0] for row in rows]
        headings: tuple[str, ...] = ()
    else:
        entries = [" ".join(row[index].strip() for index in columns if index < len(row) and row[index].strip())
                   for row in rows[1:]]
        headings = tuple(rows[0][index].strip() for index in columns)
    entries = [entry for entry in entries if entry.strip()]
    if not entries:
        raise RosterError(gettext("roster {source} holds no names.").format(source=repr(source)))
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
        raise RosterError(gettext(
            "roster {source} is not UTF-8 or UTF-16 text (save it as CSV UTF-8)."
        ).format(source=repr(source))) from None


def _text_rows(text: str, source: str) -> list[list[str]]:
    """Return the rows of ``text`` that are not blank: cells split at the delimiter
    :func:`_delimiter` finds in its first 64 KiB, or one cell a line when it finds none.

    Raises :class:`RosterError` for more than 10,000 rows, and as :func:`_csv_rows` does."""
    lines = text.splitlines()
    found = _delimiter(text[:SNIFF_CHARS].splitlines())
    rows = ([line] for line in lines if line.strip()) if found is None else _csv_rows(lines, *found, source)
    table = list(islice(rows, MAX_SHEET_ROWS + 1))
    if len(table) > MAX_SHEET_ROWS:
        raise _too_many(source, MAX_SHEET_ROWS, "rows")
    return table


def _csv_rows(lines: list[str], delimiter: str, spaced: bool, source: str) -> Iterator[list[str]]:
    """Yield the rows of ``lines`` that are not blank, cells split at ``delimiter`` (spaces
    after it skipped if ``spaced``).

    Raises :class:`RosterError` for a cell longer than the csv module's field limit (128 KiB):
    a quote that is never closed, or a line longer than any row of names."""
    reader = csv.reader(lines, delimiter=delimiter, skipinitialspace=spaced)
    done = 0  # the lines the rows read so far took
    try:
        for row in reader:
            if any(cell.strip() for cell in row):
                yield row
            done = reader.line_num
    except csv.Error:  # the one error of a lenient reader of lines without their line breaks
        limit = csv.field_size_limit() // 1024
        if reader.line_num > done + 1:
            raise RosterError(gettext(
                "roster {source} has a quote on line {line} that is not closed within {limit} KiB."
            ).format(source=repr(source), line=done + 1, limit=limit)) from None
        raise RosterError(gettext(
            "roster {source} has a cell of more than {limit} KiB on line {line}, longer than any name."
        ).format(source=repr(source), line=done + 1, limit=limit)) from None


def _delimiter(lines: list[str]) -> tuple[str, bool] | None:
    """Return the delimiter of the rows of ``lines`` and whether spaces after it are skipped:
    the delimiter among ``,``, ``;`` and tab that splits most rows into as many cells as the
    first row, at least two (the first in that order when several do), spaces skipped when
    every one in the first row has one after it (as :class:`csv.Sniffer` does); ``None``
    when no delimiter splits the rows alike.

    Cells in quotes count as one. The work is one pass of the csv reader a delimiter, where
    :class:`csv.Sniffer`'s regular expressions backtrack, for minutes on a few KB of quotes.

    >>> _delimiter(["Nr; Name", '1; "Silva; Ana"', "2; Ben, Cy"]), _delimiter(["Ana", "Silva, Ben", "Cy"])
    ((';', True), None)
    """
    lines = [line for line in lines if line.strip()]
    first = lines[0] if lines else ""

    def rows_split_alike(delimiter: str) -> tuple[int, str, bool]:
        spaced = first.count(delimiter) == first.count(delimiter + " ")
        widths = [len(row) for row in csv.reader(lines, delimiter=delimiter, skipinitialspace=spaced)]
        alike = widths.count(widths[0]) if widths and widths[0] > 1 else 0
        return (alike if alike * 2 > len(widths) else 0), delimiter, spaced

    alike, delimiter, spaced = max(map(rows_split_alike, DELIMITERS), key=lambda found: found[0])
    return (delimiter, spaced) if alike else None


def _workbook_rows(data: bytes, source: str) -> list[list[str]]:
    """Return the rows of the first sheet of the ``.xlsx`` workbook ``data``, each cell as
    text (see :func:`_cell_value`), its first 100 columns, all rows as wide as the widest.

    Raises :class:`RosterError` for what is not a workbook, and for one past the bounds
    above (more than 10,000 rows, 250,000 cells, ...)."""
    try:
        with zipfile.ZipFile(BytesIO(data)) as archive:
            workbook = _Workbook(archive, source)
            sheet, strings_part = workbook.first_sheet()
            rows = workbook.sheet_rows(sheet, workbook.shared_strings(strings_part) if strings_part else [])
    except UNREADABLE:
        raise _unreadable(source) from None
    width = max(map(len, rows), default=0)
    return [row + [""] * (width - len(row)) for row in rows]


def _unreadable(source: str) -> RosterError:
    """Return the refusal of the roster ``source`` as no workbook."""
    return RosterError(gettext("roster {source} cannot be read as an .xlsx workbook.").format(source=repr(source)))


def _too_many(source: str, most: int, what: str) -> RosterError:
    """Return the refusal of the roster ``source`` for more than ``most`` of ``what``
    (``"rows"``, ``"cells"``, ``"elements"`` or ``"strings"``): more than a class list."""
    sentence = {
        "rows": ngettext("roster {source} has more than {count} row, more than a class list.",
                         "roster {source} has more than {count} rows, more than a class list.", most),
        "cells": ngettext("roster {source} has more than {count} cell, more than a class list.",
                          "roster {source} has more than {count} cells, more than a class list.", most),
        "elements": ngettext("roster {source} has more than {count} XML element, more than a class list.",
                             "roster {source} has more than {count} XML elements, more than a class list.", most),
        "strings": ngettext("roster {source} has more than {count} shared string, more than a class list.",
                            "roster {source} has more than {count} shared strings, more than a class list.", most),
    }[what]
    return RosterError(sentence.format(source=repr(source), count=whole(most)))


Start = Callable[[str, dict[str, str]], None]  # what reads an element's start: its tag and attributes
End = Callable[[str, str], None]  # what reads an element's end: its tag and text


class _Workbook:
    """The parts of the ``.xlsx`` workbook in ``archive`` (``source`` names it in messages),
    each parsed within bounds, the XML elements counted over all the parts read."""

    def __init__(self, archive: zipfile.ZipFile, source: str) -> None:
        self.archive = archive
        self.source = source
        self.elements = 0

    def parse(self, part: str, start: Start, end: End, max_bytes: int | None = None) -> None:
        """Parse the XML of ``part``, unpacked 64 KiB at a time, calling ``start(tag,
        attributes)`` and ``end(tag, text)`` for each element: ``tag`` without its prefix,
        ``text`` what the element holds after its last child.

        Raises :class:`RosterError` for a part packed other than stored or deflated, larger
        than ``max_bytes`` unpacked (32 MiB unless given), with a tag or comment longer than
        1 MiB, nested more than 32 deep or with a DTD (where XML declares entities, which
        expand without bound), and past 750,000 elements in all the parts read."""
        source = self.source
        info = self.archive.getinfo(part)
        if info.compress_type not in PACKING_METHODS:
            raise _unreadable(source)
        parser = expat.ParserCreate(intern=None)  # no table of every tag name seen: a part may hold 750,000
        parser.buffer_text = True
        text: list[str] = []
        depth = 0
        elements = self.elements

        def started(tag: str, attributes: dict[str, str]) -> None:
            nonlocal depth, elements
            depth += 1
            elements += 1
            if depth > MAX_XML_DEPTH:
                raise RosterError(gettext(
                    "roster {source} nests XML more than {depth} deep in {part}, which no workbook does."
                ).format(source=repr(source), depth=MAX_XML_DEPTH, part=quote(part)))
            if elements > MAX_WORKBOOK_ELEMENTS:
                raise _too_many(source, MAX_WORKBOOK_ELEMENTS, "elements")
            start(tag.rpartition(":")[2] if ":" in tag else tag, attributes)
            text.clear()

        def ended(tag: str) -> None:
            nonlocal depth
            depth -= 1
            end(tag.rpartition(":")[2] if ":" in tag else tag, "".join(text))
            text.clear()

        def characters(data: str) -> None:
            text.append(data)
            if sum(map(len, text)) > MAX_CELL_CHARS:  # text is cleared at each tag: a few pieces
                raise RosterError(ngettext(
                    "roster {source} has a text of more than {count} character in {part}, "
                    "more than a spreadsheet cell holds.",
                    "roster {source} has a text of more than {count} characters in {part}, "
                    "more than a spreadsheet cell holds.", MAX_CELL_CHARS,
                ).format(source=repr(source), count=whole(MAX_CELL_CHARS), part=quote(part)))

        def refuse_dtd(*declaration: object) -> None:
            raise RosterError(gettext("roster {source} has a DTD in {part}, which no workbook has.").format(
                source=repr(source), part=quote(part)))

        parser.StartElementHandler = started
        parser.EndElementHandler = ended
        parser.CharacterDataHandler = characters
        parser.StartDoctypeDeclHandler = refuse_dtd
        max_bytes = max_bytes or MAX_PART_BYTES
        unpacked = 0
        with self.archive.open(info) as stream:
            while chunk := stream.read(PART_CHUNK_BYTES):
                unpacked += len(chunk)
                if unpacked > max_bytes:
                    raise RosterError(gettext(
                        "roster {source} has a part {part} of more than {limit} MiB unpacked, more than a class list."
                    ).format(source=repr(source), part=quote(part), limit=max_bytes // (1024 * 1024)))
                parser.Parse(chunk, False)
                if unpacked - parser.CurrentByteIndex > MAX_TOKEN_BYTES:  # where the unfinished token starts
                    raise RosterError(gettext(
                        "roster {source} has a tag or comment of more than 1 MiB in {part}, which no workbook has."
                    ).format(source=repr(source), part=quote(part)))
        parser.Parse(b"", True)
        self.elements = elements

    def relationships(self, part: str) -> dict[str, tuple[str, str]]:
        """Return the relationships of ``part`` (``""`` for the package): each id's kind (the
        last word of its type, as ``worksheet``) and the part it names."""
        folder, name = posixpath.split(part)
        found = {}

        def start(tag: str, attributes: dict[str, str]) -> None:
            if tag == "Relationship":
                target = attributes.get("Target", "")
                path = target[1:] if target.startswith("/") else posixpath.normpath(posixpath.join(folder, target))
                found[attributes.get("Id", "")] = (attributes.get("Type", "").rpartition("/")[2], path)

        self.parse(posixpath.join(folder, "_rels", f"{name}.rels"), start, _ignore, MAX_RELATIONSHIPS_BYTES)
        return found

    def first_sheet(self) -> tuple[str, str | None]:
        """Return the parts of the first worksheet and of the shared strings (``None`` for a
        workbook without any), as the package's relationships name them."""
        workbook = next((path for kind, path in self.relationships("").values() if kind == "officeDocument"), None)
        if workbook is None:
            raise _unreadable(self.source)
        parts = self.relationships(workbook)
        sheets: list[str] = []

        def start(tag: str, attributes: dict[str, str]) -> None:
            if tag == "sheet" and not sheets:
                related = next((value for key, value in attributes.items() if key.rpartition(":")[2] == "id"), "")
                kind, path = parts.get(related, ("", ""))
                if kind == "worksheet":
                    sheets.append(path)

        self.parse(workbook, start, _ignore)
        if not sheets:
            raise _unreadable(self.source)
        return sheets[0], next((path for kind, path in parts.values() if kind == "sharedStrings"), None)

    def shared_strings(self, part: str) -> list[str]:
        """Return the shared strings in ``part``: each one's runs of text joined, without its
        phonetic guide (``<rPh>``).

        Raises :class:`RosterError` for more than 250,000 strings."""
        strings: list[str] = []
        runs: list[str] = []
        phonetic = False

        def start(tag: str, _: dict[str, str]) -> None:
            nonlocal phonetic
            phonetic = phonetic or tag == "rPh"

        def end(tag: str, text: str) -> None:
            nonlocal phonetic
            if tag == "t" and not phonetic:
                runs.append(text)
            elif tag == "rPh":
                phonetic = False
            elif tag == "si":
                if len(strings) == MAX_SHARED_STRINGS:
                    raise _too_many(self.source, MAX_SHARED_STRINGS, "strings")
                strings.append("".join(runs))
                runs.clear()

        self.parse(part, start, end)
        return strings

    def sheet_rows(self, part: str, strings: list[str]) -> list[list[str]]:
        """Return the rows of the worksheet ``part`` in the order written, each cell's text in
        its column (empty cells ``""``), the first 100 columns; ``strings`` are the shared ones.

        Raises :class:`RosterError` for more than 10,000 rows (or a row numbered past it) or
        250,000 cells."""
        source = self.source
        rows: list[list[str]] = []
        row: list[str] = []
        cells = column = 0
        kind, value, phonetic = "n", None, False
        runs: list[str] = []

        def start(tag: str, attributes: dict[str, str]) -> None:
            nonlocal row, cells, column, kind, value, runs, phonetic
            if tag == "c":
                cells += 1
                if cells > MAX_SHEET_CELLS:
                    raise _too_many(source, MAX_SHEET_CELLS, "cells")
                column = _column(attributes.get("r", ""), column + 1)
                kind, value, runs = attributes.get("t", "n"), None, []
            elif tag == "row":
                number = attributes.get("r", "")
                if len(rows) == MAX_SHEET_ROWS or ROW_NUMBER.fullmatch(number) and int(number) > MAX_SHEET_ROWS:
                    raise _too_many(source, MAX_SHEET_ROWS, "rows")
                row, column = [], 0
                rows.append(row)
            elif tag == "rPh":
                phonetic = True

        def end(tag: str, text: str) -> None:
            nonlocal value, phonetic
            if tag == "v":
                value = text
            elif tag == "c":
                if column <= MAX_SHEET_COLUMNS:
                    row.extend([""] * (column - len(row)))
                    row[column - 1] = _cell_value(kind, value, runs, strings)
            elif tag == "t" and not phonetic:
                runs.append(text)
            elif tag == "rPh":
                phonetic = False

        self.parse(part, start, end)
        return rows


def _ignore(*_: object) -> None:
    """Do nothing with an element (the end of a relationship, a sheet or a workbook)."""


def _column(reference: str, following: int) -> int:
    """Return the column (``A`` is 1) of the cell ``reference``, or ``following`` for a cell
    without a reference; any column past the 100 read is 101.

    >>> _column("B12", 1), _column("AA3", 1), _column("", 4), _column("XFD1", 1)
    (2, 27, 4, 101)
    """
    found = CELL_REFERENCE.fullmatch(reference)
    if found is None:
        return following
    return COLUMN_NUMBERS.get(found[1], MAX_SHEET_COLUMNS + 1)


def _cell_value(kind: str, value: str | None, runs: list[str], strings: list[str]) -> str:
    """Return a cell's text as openpyxl gives it: its shared or inline string, ``True`` or
    ``False``, a number (a whole one without ``.0``), or the text it holds (a formula's
    result, an error as ``#N/A``, a date as written).

    Raises :class:`IndexError` or :class:`ValueError` for a shared string that is not there.

    >>> _cell_value("n", "12.0", [], []), _cell_value("n", "2.5", [], []), _cell_value("s", "1", [], ["Ana", "Ben"])
    ('12', '2.5', 'Ben')
    """
    if kind == "inlineStr":
        return "".join(runs)
    if value is None:
        return ""
    if kind == "s":
        index = int(value)
        if index < 0:
            raise IndexError(index)
        return strings[index]
    if kind == "b":
        return str(value.strip() == "1")
    if kind == "n":
        try:
            return str(int(value))
        except ValueError:
            pass
        try:
            number = float(value)
        except ValueError:
            return value
        return str(int(number)) if number.is_integer() else str(number)
    return value


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

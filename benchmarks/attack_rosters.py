"""Hostile rosters against kitgen's roster reader: workbook bombs (cells, shared strings,
rows, parts that unpack to gigabytes), XML attacks inside a workbook (entities, nesting,
huge attributes), broken and disguised zips, CSV files that keep a delimiter guess busy or
overflow the csv field limit, odd encodings and sizes.

``python benchmarks/attack_rosters.py [--hang 10] [--cli-every 4] [--surface NAME]
[--roster-module FILE]`` builds each roster just before its run, writes it to a file and
reads it in a fresh process: every ``--cli-every``-th one through the CLI (``kitgen kit
--roster FILE -o k.pdf --host-key none``), the others through ``read_roster`` alone (the
CLI's start-up is most of a run). A run fails when it ends in a traceback or a signal,
refuses in more than one line, takes longer than ``--hang`` seconds (it is killed; a kit
the CLI writes has 300 s, and its time is counted apart), or a real-world roster is
refused by a bound. Peak memory and CPU time (user and system, less disturbed than wall
time by a loaded machine) are the child's own, as ``os.wait4`` reports them.
``--roster-module`` reads through another copy of ``kitgen/kit/roster.py`` (``git show
HEAD~1:kitgen/kit/roster.py > old.py``), every run through ``read_roster``, to see what an
older reader does. Prints one table per surface and the failures, then one JSON summary.
"""

from __future__ import annotations

import argparse
import codecs
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
HANG_S = 10.0  # every hostile roster is answered within 10 s
KIT_S = 300.0  # a roster the CLI accepts becomes a kit, which takes its own time (25 s on a loaded machine)
MEMORY_CAP = 4 * 1024 ** 3  # address space of one run: a runaway read fails, not the shared machine
KiB, MiB, GiB = 1024, 1024 ** 2, 1024 ** 3
MAX_ROSTER_BYTES = 4 * MiB  # docs/cli.md: a roster is at most 4 MiB
CHUNK = 4 * MiB  # how much of a repeated part is made and packed at a time
FUZZ_SEED = 20260601

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
KINDS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
PACKAGE = "http://schemas.openxmlformats.org/package/2006/relationships"
SHEET = "xl/worksheets/sheet1.xml"
STRINGS = "xl/sharedStrings.xml"
WORKBOOK = "xl/workbook.xml"
WORKBOOK_RELS = "xl/_rels/workbook.xml.rels"
ROOT_RELS = "_rels/.rels"
OFFICE = "application/vnd.openxmlformats-officedocument.spreadsheetml"
CONTENT_TYPES = (  # as openpyxl needs them to find the parts
    b'<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    b'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    b'<Default Extension="xml" ContentType="application/xml"/>'
    + f'<Override PartName="/xl/workbook.xml" ContentType="{OFFICE}.sheet.main+xml"/>'
      f'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="{OFFICE}.worksheet+xml"/>{{}}</Types>'.encode())
STRINGS_TYPE = f'<Override PartName="/xl/sharedStrings.xml" ContentType="{OFFICE}.sharedStrings+xml"/>'.encode()

DRIVER = """
import importlib.util, sys
from pathlib import Path
from kitgen.errors import KitgenError
if sys.argv[2]:
    spec = importlib.util.spec_from_file_location("roster_under_test", sys.argv[2])
    roster = sys.modules["roster_under_test"] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(roster)
else:
    from kitgen.kit import roster
try:
    found = roster.read_roster(Path(sys.argv[1]))
except KitgenError as error:
    print(f"kitgen: {error}", file=sys.stderr)
    sys.exit(2)
print(found.summary())
"""

Part = bytes | Callable[[], Iterable[bytes]]  # a part's bytes, or what yields them a chunk at a time


@dataclass(frozen=True)
class Attack:
    """One hostile roster: its ``surface``, a ``label``, the file ``suffix`` and how to make
    its bytes; ``real`` for a roster shaped as teachers have them, which no bound may refuse."""

    surface: str
    label: str
    suffix: str
    make: Callable[[], bytes]
    real: bool = False


@dataclass
class Surface:
    """What the runs of one surface found."""

    inputs: int = 0
    via_cli: int = 0
    kits_written: int = 0
    slowest_kit_s: float = 0.0
    accepted: int = 0
    refused: int = 0
    tracebacks: int = 0
    hangs: int = 0
    not_one_line: int = 0
    real_refused_by_a_bound: int = 0
    slowest_s: float = 0.0
    most_cpu_s: float = 0.0
    peak_mb: float = 0.0
    largest_refused: dict = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)


# --- making rosters ---------------------------------------------------------------------

def repeated(piece: bytes, count: int) -> Callable[[], Iterator[bytes]]:
    """Return what yields ``piece`` ``count`` times, a few MB at a time."""
    def chunks() -> Iterator[bytes]:
        per_chunk = max(1, CHUNK // len(piece))
        left = count
        while left > 0:
            yield piece * min(left, per_chunk)
            left -= per_chunk
    return chunks


def joined(*pieces: bytes | Callable[[], Iterable[bytes]]) -> Callable[[], Iterator[bytes]]:
    """Return what yields ``pieces`` one after the other, repeated ones a chunk at a time."""
    def chunks() -> Iterator[bytes]:
        for piece in pieces:
            if isinstance(piece, bytes):
                yield piece
            else:
                yield from piece()
    return chunks


def sheet(data: bytes | Callable[[], Iterable[bytes]], head: bytes = b"") -> Callable[[], Iterator[bytes]]:
    """Return a worksheet part whose ``<sheetData>`` holds ``data``, ``head`` before the root."""
    return joined(b'<?xml version="1.0" encoding="UTF-8"?>' + head + f'<worksheet xmlns="{MAIN}"><sheetData>'.encode(),
                  data, b"</sheetData></worksheet>")


def shared(data: bytes | Callable[[], Iterable[bytes]], head: bytes = b"") -> Callable[[], Iterator[bytes]]:
    """Return a shared strings part holding the ``<si>`` elements ``data``."""
    return joined(b'<?xml version="1.0"?>' + head + f'<sst xmlns="{MAIN}">'.encode(), data, b"</sst>")


def inline(text: str) -> bytes:
    return f'<c t="inlineStr"><is><t>{text}</t></is></c>'.encode()


CLASS_ROWS = b"<row>" + inline("Name") + inline("Class") + b"</row>" + b"".join(
    b"<row>" + inline(name) + inline("4b") + b"</row>" for name in ("Ana", "Ben", "Zo\u00eb"))


def standard_parts(sheet_part: Part, strings_part: Part | None) -> dict[str, Part]:
    """Return the parts of a one-sheet workbook as Excel writes it."""
    relationships = f'<Relationship Id="rId1" Type="{KINDS}worksheet" Target="worksheets/sheet1.xml"/>'
    if strings_part is not None:
        relationships += f'<Relationship Id="rId2" Type="{KINDS}sharedStrings" Target="sharedStrings.xml"/>'
    parts: dict[str, Part] = {
        "[Content_Types].xml": CONTENT_TYPES.replace(b"{}", STRINGS_TYPE if strings_part is not None else b""),
        ROOT_RELS: f'<?xml version="1.0"?><Relationships xmlns="{PACKAGE}"><Relationship Id="rId1" '
                   f'Type="{KINDS}officeDocument" Target="xl/workbook.xml"/></Relationships>'.encode(),
        WORKBOOK: f'<?xml version="1.0"?><workbook xmlns="{MAIN}" xmlns:r="{KINDS[:-1]}"><sheets>'
                  f'<sheet name="4b" sheetId="1" r:id="rId1"/></sheets></workbook>'.encode(),
        WORKBOOK_RELS: f'<?xml version="1.0"?><Relationships xmlns="{PACKAGE}">{relationships}'
                       f"</Relationships>".encode(),
        SHEET: sheet_part,
    }
    if strings_part is not None:
        parts[STRINGS] = strings_part
    return parts


def workbook(sheet_data: bytes | Callable[[], Iterable[bytes]] = CLASS_ROWS, strings: Part | None = None, *,
             method: int = zipfile.ZIP_DEFLATED, level: int | None = 9, zip64: bool = False,
             **replaced: Part) -> Callable[[], bytes]:
    """Return what makes an ``.xlsx`` workbook of one sheet holding ``sheet_data`` (and the
    shared strings part ``strings``), packed with ``method`` (``zip64`` for a part past
    2 GiB); ``replaced`` gives other bytes for a part (``workbook_xml`` for
    ``xl/workbook.xml``, ...; an empty value drops it)."""
    def make() -> bytes:
        parts = standard_parts(sheet(sheet_data), None if strings is None else shared(strings))
        for key, value in replaced.items():
            name = {"root_rels": ROOT_RELS, "workbook_rels": WORKBOOK_RELS, "workbook_xml": WORKBOOK,
                    "sheet_xml": SHEET, "strings_xml": STRINGS}[key]
            if value:
                parts[name] = value
            else:
                parts.pop(name, None)
        return packed(parts, method, level, zip64)
    return make


def packed(parts: dict[str, Part], method: int = zipfile.ZIP_DEFLATED, level: int | None = 9,
           zip64: bool = False) -> bytes:
    """Return the zip of ``parts``, each packed a chunk at a time (a GB part never in memory)."""
    stream = tempfile.SpooledTemporaryFile(max_size=64 * MiB)
    with zipfile.ZipFile(stream, "w", method, compresslevel=level) as archive:
        for name, part in parts.items():
            with archive.open(name, "w", force_zip64=zip64) as member:
                for chunk in ([part] if isinstance(part, bytes) else part()):
                    member.write(chunk)
    stream.seek(0)
    return stream.read()


def lie_about_size(make: Callable[[], bytes], member: str, size: int) -> Callable[[], bytes]:
    """Return what makes the zip of ``make`` (no zip64 entries) with ``member``'s unpacked size
    said to be ``size`` in its central directory, which is what zipfile trusts."""
    def lied() -> bytes:
        data = bytearray(make())
        start = data.find(b"PK\x01\x02")
        while start != -1:
            name_length = int.from_bytes(data[start + 28:start + 30], "little")
            if data[start + 46:start + 46 + name_length] == member.encode():
                data[start + 24:start + 28] = size.to_bytes(4, "little")
            start = data.find(b"PK\x01\x02", start + 4)
        return bytes(data)
    return lied


def flagged_encrypted(make: Callable[[], bytes]) -> Callable[[], bytes]:
    """Return what makes the zip of ``make`` with every entry's "encrypted" flag set."""
    def encrypted() -> bytes:
        data = bytearray(make())
        for signature, flags_at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
            start = data.find(signature)
            while start != -1:
                data[start + flags_at] |= 1
                start = data.find(signature, start + 4)
        return bytes(data)
    return encrypted


def many_entries(count: int) -> Callable[[], bytes]:
    """Return what makes a workbook with ``count`` more empty entries in its directory."""
    def make() -> bytes:
        parts = standard_parts(sheet(CLASS_ROWS), None)
        parts.update({f"x/{number}": b"" for number in range(count)})
        return packed(parts, zipfile.ZIP_STORED)
    return make


def entities(kind: str, root: str) -> bytes:
    """Return the head of a part that declares entities: a billion laughs, a quadratic
    blow-up, an external file or a parameter entity."""
    if kind == "laughs":
        levels = "".join(f'<!ENTITY a{level} "{f"&a{level - 1};" * 10}">' for level in range(1, 10))
        return f'<!DOCTYPE {root} [<!ENTITY a0 "ha">{levels}]>'.encode()
    if kind == "quadratic":
        return f'<!DOCTYPE {root} [<!ENTITY a "{"x" * 64 * KiB}">]>'.encode()
    if kind == "external":
        return f'<!DOCTYPE {root} [<!ENTITY a SYSTEM "file:///dev/zero">]>'.encode()
    return f'<!DOCTYPE {root} [<!ENTITY % p SYSTEM "http://192.0.2.1/p.dtd"> %p;]>'.encode()


def entity_use(kind: str) -> bytes:
    return b"&a9;" if kind == "laughs" else b"&a;" * (10_000 if kind == "quadratic" else 1)


def text_roster(*pieces: bytes | Callable[[], Iterable[bytes]], limit: int = MAX_ROSTER_BYTES) -> Callable[[], bytes]:
    """Return what makes a text roster of ``pieces``, cut to ``limit`` bytes."""
    def make() -> bytes:
        out = bytearray()
        for chunk in joined(*pieces)():
            out += chunk
            if len(out) >= limit:
                break
        return bytes(out[:limit])
    return make


def fuzzed(make: Callable[[], bytes], seed: int, flips: int) -> Callable[[], bytes]:
    """Return what makes ``make``'s bytes with ``flips`` random bytes changed."""
    def mutated() -> bytes:
        rng = random.Random(seed)
        data = bytearray(make())
        for _ in range(flips):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    return mutated


def school_export(rows: int, columns: int, shared_strings: bool) -> Callable[[], bytes]:
    """Return what makes a school export of ``rows`` pupils and ``columns`` columns, each cell
    a different string: shared (as Excel writes) or inline (as openpyxl writes)."""
    def letters(column: int) -> str:
        name = ""
        column += 1
        while column:
            column, rest = divmod(column - 1, 26)
            name = chr(65 + rest) + name
        return name

    def text(row: int, column: int) -> str:
        return ("Name" if column == 1 else f"Subject {column}") if row == 0 else f"Pupil {row} {letters(column)}"

    def make() -> bytes:
        cells = []
        for row in range(rows + 1):
            cells.append(f'<row r="{row + 1}">')
            for column in range(columns):
                reference = f"{letters(column)}{row + 1}"
                if shared_strings:
                    cells.append(f'<c r="{reference}" s="1" t="s"><v>{row * columns + column}</v></c>')
                else:
                    cells.append(f'<c r="{reference}" t="inlineStr"><is><t>{text(row, column)}</t></is></c>')
            cells.append("</row>")
        strings = "".join(f"<si><t>{text(row, column)}</t></si>" for row in range(rows + 1)
                          for column in range(columns)).encode() if shared_strings else None
        return workbook("".join(cells).encode(), strings)()
    return make


def openpyxl_class() -> bytes:
    """Return a class list as openpyxl writes it: numbers, names, an empty row, a date."""
    from datetime import date

    from openpyxl import Workbook

    book = Workbook()
    for row in (["Nr", "First name", "Last name", "Born"], [1, "Ana", "Silva", date(2015, 3, 1)], [None],
                [2, "Zo\u00eb", "\u00d8rsted", date(2015, 9, 30)]):
        book.active.append(row)
    stream = tempfile.SpooledTemporaryFile()
    book.save(stream)
    stream.seek(0)
    return stream.read()


def attacks() -> list[Attack]:
    """Return every hostile roster, in surfaces."""
    found: list[Attack] = []

    def add(surface: str, label: str, make: Callable[[], bytes], suffix: str = ".xlsx", real: bool = False) -> None:
        found.append(Attack(surface, label, suffix, make, real))

    # The three bombs, and each at the sizes around its bound.
    for count in (250_001, 1_000_000, 5_000_000, 20_000_000):
        add("xlsx bombs", f"one row of {count:,} empty cells",
            workbook(joined(b"<row>", repeated(b"<c/>", count), b"</row>")))
    for count in (300_000, 5_000_000):
        add("xlsx bombs", f"one row of {count:,} numbered cells",
            workbook(joined(b"<row>", repeated(b'<c r="A1" t="n"><v>7</v></c>', count), b"</row>")))
    for count in (250_001, 1_000_000, 10_000_000):
        add("xlsx bombs", f"{count:,} shared strings",
            workbook(b'<row><c t="s"><v>0</v></c></row>', repeated(b"<si><t>Ana</t></si>", count)))
    add("xlsx bombs", "10,000,000 empty shared strings",
        workbook(b'<row><c t="s"><v>0</v></c></row>', repeated(b"<si><t/></si>", 10_000_000)))
    add("xlsx bombs", "shared strings of 2,000 runs each",
        workbook(b'<row><c t="s"><v>0</v></c></row>', repeated(b"<si>" + b"<r><t>a</t></r>" * 2000 + b"</si>", 2000)))
    for count in (10_001, 1_000_000, 20_000_000):
        add("xlsx bombs", f"{count:,} empty rows", workbook(repeated(b"<row/>", count)))
    add("xlsx bombs", "20,000,000 rows all numbered 1", workbook(repeated(b'<row r="1"/>', 20_000_000)))
    add("xlsx bombs", "one row numbered 1,048,576", workbook(b'<row r="1048576">' + inline("Name") + b"</row>"))
    for count in (300_000, 3_000_000):
        add("xlsx bombs", f"{count:,} elements that are no cells",
            workbook(joined(b"<row>", repeated(b"<x/>", count), b"</row>")))
    add("xlsx bombs", "750,000 distinct tag names",
        workbook(joined(b"<row>", b"".join(f"<x{number}/>".encode() for number in range(800_000)), b"</row>")))
    add("xlsx bombs", "1,000,000 attributes on one cell",
        workbook(b"<row><c " + b"".join(f'a{number}=""'.encode() + b" " for number in range(1_000_000)) + b"/></row>"))
    add("xlsx bombs", "a 30 MB attribute", workbook(b'<row><c r="' + b"A" * (30 * MiB) + b'"/></row>'))
    add("xlsx bombs", "a 30 MB cell", workbook(b"<row>" + inline("x" * (30 * MiB)) + b"</row>"))
    add("xlsx bombs", "250,000 cells of 100 columns in 2,500 rows",
        workbook(repeated(b"<row>" + b"<c><v>1</v></c>" * 100 + b"</row>", 2_501)))

    # Zip bombs and zips that are not workbooks.
    for size in (33 * MiB, 256 * MiB, 1 * GiB, 3 * GiB):
        add("zip", f"a sheet unpacking to {size // MiB:,} MiB",
            workbook(joined(b"<row>" + inline("Name") + b"</row><row><c><is><t>", repeated(b"A", size),
                            b"</t></is></c></row>"), zip64=size > GiB))
    for part in ("strings_xml", "workbook_xml", "workbook_rels", "root_rels"):
        add("zip", f"{part} unpacking to 1 GiB of spaces",
            workbook(CLASS_ROWS, b"" if part == "strings_xml" else None,
                     **{part: joined(b'<?xml version="1.0"?><x>', repeated(b" ", GiB), b"</x>")}))
    add("zip", "a sheet said to unpack to 1 KB that unpacks to 256 MiB",
        lie_about_size(workbook(joined(b"<row><c><is><t>", repeated(b"A", 256 * MiB), b"</t></is></c></row>")),
                       SHEET, 1024))
    add("zip", "a 12 KB sheet said to unpack to 4 GB", lie_about_size(workbook(), SHEET, 0xFFFFFFFF))
    for method, name in ((zipfile.ZIP_BZIP2, "bzip2"), (zipfile.ZIP_LZMA, "LZMA")):
        add("zip", f"a class packed with {name}", workbook(method=method, level=None))
        add("zip", f"a sheet of 1 GiB packed with {name}",
            workbook(joined(b"<row><c><is><t>", repeated(b"A", GiB if method == zipfile.ZIP_BZIP2 else 256 * MiB),
                            b"</t></is></c></row>"), method=method, level=None))
    add("zip", "every entry flagged encrypted", flagged_encrypted(workbook()))
    add("zip", "60,000 entries", many_entries(60_000))
    add("zip", "an empty zip", lambda: b"PK\x05\x06" + bytes(18))
    add("zip", "only the zip magic", lambda: b"PK\x03\x04")
    for cut in (10, 30, 100, 400, 1000, 2000, -200, -22, -1):
        add("zip", f"a workbook cut at {cut}", lambda cut=cut: workbook()()[:cut])
    for missing in ("root_rels", "workbook_xml", "workbook_rels", "sheet_xml"):
        add("zip", f"without {missing}", workbook(**{missing: b""}))
    add("zip", "shared strings named but missing", workbook(b'<row><c t="s"><v>0</v></c></row>', b"", strings_xml=b""))
    add("zip", "an OpenDocument spreadsheet", lambda: packed({
        "mimetype": b"application/vnd.oasis.opendocument.spreadsheet", "content.xml": b"<office:document-content/>"}))
    for seed in range(120):
        add("zip", f"a class with bytes changed (seed {seed})", fuzzed(workbook(), FUZZ_SEED + seed, 1 + seed % 8))
    for number, data in enumerate([os.urandom(0), b"\x00" * 1000, b"plain words\n", random.Random(1).randbytes(100_000),
                                   "name\nAna\n".encode("utf-16")]):
        add("zip", f"not a zip, named .xlsx ({number})", lambda data=data: data)

    # XML inside the workbook: entities, nesting, encodings.
    for kind in ("laughs", "quadratic", "external", "parameter"):
        add("xml", f"{kind} entities in the sheet", lambda kind=kind: packed(standard_parts(
            sheet(b"<row>" + inline(entity_use(kind).decode()) + b"</row>", entities(kind, "worksheet")), None)))
        add("xml", f"{kind} entities in the shared strings",
            workbook(b'<row><c t="s"><v>0</v></c></row>', b"",
                     strings_xml=shared(b"<si><t>" + entity_use(kind) + b"</t></si>", entities(kind, "sst"))))
        for part, root in (("workbook_xml", "workbook"), ("workbook_rels", "Relationships"),
                           ("root_rels", "Relationships")):
            add("xml", f"{kind} entities in {part}",
                workbook(**{part: b'<?xml version="1.0"?>' + entities(kind, root) + f"<{root}>".encode()
                            + entity_use(kind) + f"</{root}>".encode()}))
    for depth in (33, 10_000, 1_000_000, 5_000_000):
        add("xml", f"the sheet nested {depth:,} deep", workbook(joined(b"<row>", repeated(b"<a>", depth))))
        add("xml", f"the workbook rels nested {depth:,} deep",
            workbook(workbook_rels=joined(b'<?xml version="1.0"?><Relationships>', repeated(b"<a>", depth))))
    add("xml", "an undefined entity", workbook(b"<row><c><v>&nope;</v></c></row>"))
    add("xml", "a NUL character reference", workbook(b"<row><c><v>&#0;</v></c></row>"))
    add("xml", "mismatched tags", workbook(b"<row><c><v>1</c></v></row>"))
    for encoding in (b"x-unknown", b"utf-7", b"cp037"):
        add("xml", f"a sheet declared {encoding.decode()}", lambda encoding=encoding: packed(standard_parts(
            b'<?xml version="1.0" encoding="' + encoding + b'"?><worksheet/>', None)))
    add("xml", "a sheet in UTF-16", lambda: packed(standard_parts(
        b"".join(sheet(CLASS_ROWS)()).replace(b'encoding="UTF-8"', b'encoding="UTF-16"').decode().encode("utf-16"),
        None)), real=True)
    add("xml", "100,000 processing instructions and comments",
        workbook(joined(CLASS_ROWS, repeated(b"<?pi x?><!-- c -->", 100_000))))

    # Sheets as spreadsheets write them, and odd but small ones.
    add("sheets", "a class in inline strings, without cell references", workbook(), real=True)
    add("sheets", "a class written by openpyxl", openpyxl_class, real=True)
    add("sheets", "a school export of 2,000 x 60, shared strings", school_export(2000, 60, True), real=True)
    add("sheets", "a school export of 2,000 x 60, inline strings", school_export(2000, 60, False), real=True)
    add("sheets", "a class of 500 x 60, shared strings", school_export(500, 60, True), real=True)
    add("sheets", "10,001 rows of names", workbook(joined(b"<row>" + inline("Name") + b"</row>",
                                                          repeated(b"<row>" + inline("Ana") + b"</row>", 10_000))))
    for reference in (b"ZZZZZZ1", b"XFD1048576", b"A99999999999", b"a1", b"", "\u0661".encode()):
        add("sheets", f"a cell at {reference!r}",
            workbook(b'<row><c r="' + reference + b'" t="inlineStr"><is><t>Name</t></is></c></row>' + CLASS_ROWS))
    for row in (b"0", b"-1", b"99999999999999999999", b"x", "\u0661".encode()):
        add("sheets", f"a row numbered {row!r}", workbook(b'<row r="' + row + b'">' + inline("Name") + b"</row>"))
    for value in (b"-1", b"7", b"1e309", b"9" * 5000, b"x", b""):
        add("sheets", f"a shared string index {value[:12]!r}",
            workbook(b'<row><c t="s"><v>' + value + b"</v></c></row>", b"<si><t>Name</t></si>"))
    for kind, value in (("n", b"1e309"), ("n", b"nan"), ("n", b"9" * 5000), ("b", b"x"), ("e", b"#N/A"),
                        ("d", b"2024-01-01"), ("zz", b"?")):
        add("sheets", f"a {kind} cell of {value[:12]!r}", workbook(
            b"<row>" + inline("Name") + f'<c t="{kind}"><v>'.encode() + value + b"</v></c></row><row>" + inline("Ana")
            + b"</row>"))
    add("sheets", "a first sheet that is not there", workbook(workbook_xml=(
        f'<?xml version="1.0"?><workbook xmlns="{MAIN}" xmlns:r="{KINDS[:-1]}"><sheets><sheet r:id="rId9"/>'
        f'<sheet r:id="rId1"/></sheets></workbook>').encode()))
    add("sheets", "a sheet target outside the zip", workbook(workbook_rels=(
        f'<Relationships xmlns="{PACKAGE}"><Relationship Id="rId1" Type="{KINDS}worksheet" '
        f'Target="../../../../etc/passwd"/></Relationships>').encode()))

    # CSV that keeps csv.Sniffer busy: its regular expressions backtrack.
    for size in (1 * KiB, 4 * KiB, 16 * KiB, 64 * KiB, MiB, 4 * MiB):
        for piece in (b',"\n', b'"\n', b"'\n", b',"', b';"\n', b'\t"\n', b'"",\n'):
            add("csv sniffer", f"{piece!r} to {size // KiB:,} KiB",
                text_roster(repeated(piece, size), limit=size), ".csv")
    for quotes in (100, 250, 1000, 100_000, 4 * MiB - 20):
        add("csv sniffer", f"{quotes:,} quotes on a line",
            text_roster(b',"x",\n', repeated(b'"', quotes), b"a\n"), ".csv")
    add("csv sniffer", "a class after 60 KiB of quotes",
        text_roster(b"name\n", repeated(b'"\n', 30 * KiB), b"Ana\n"), ".csv")

    # CSV with stray quotes and long cells: the csv field limit is 128 KiB.
    for after in (1 * KiB, 127 * KiB, 129 * KiB, MiB, 4 * MiB):
        add("csv quotes", f"a stray quote and {after // KiB:,} KiB after",
            text_roster(b'name;class\nAna;4b\n"Ben;4c\n', repeated(b"Cy;4d\n", after // 6)), ".csv")
    for length in (127 * KiB, 129 * KiB, 4 * MiB - 20):
        add("csv quotes", f"a line of {length // KiB:,} KiB",
            text_roster(b"name,note\nAna,", repeated(b"x", length), b"\n"), ".csv")
    add("csv quotes", "a quoted cell of 200 KiB over lines",
        text_roster(b'name,note\nAna,"', repeated(b"x\n", 100 * KiB), b'"\n'), ".csv")
    add("csv quotes", "quotes in names",
        text_roster(b'name\n"Ana ""the"" Silva"\nMary-Jane O\'Neil\n'), ".csv", real=True)
    add("csv quotes", "a quoted cell with its delimiter", text_roster(b'name,class\n"Ana Silva","4b, east"\n'), ".csv",
        real=True)
    for seed in range(40):
        add("csv quotes", f"a class with quotes and delimiters thrown in (seed {seed})",
            fuzzed(text_roster(b"Nr;First name;Last name\n"
                               + b"".join(f"{n};Ana{n};Silva\n".encode() for n in range(50))), FUZZ_SEED + seed, 20),
            ".csv")

    # Text: encodings, NUL bytes, sizes.
    names = "name\nAna\nZo\u00eb\n\u0414\u0430\u0440\u044c\u044f\n"
    for encoding, bom in (("utf-8", b""), ("utf-8", codecs.BOM_UTF8), ("utf-16-le", codecs.BOM_UTF16_LE),
                          ("utf-16-be", codecs.BOM_UTF16_BE)):
        add("text", f"{encoding} {'with' if bom else 'without'} BOM",
            text_roster(bom + names.encode(encoding)), ".csv", real=True)
    for encoding, bom in (("utf-16-le", b""), ("utf-32-le", codecs.BOM_UTF32_LE), ("utf-32-be", codecs.BOM_UTF32_BE),
                          ("latin-1", b""), ("cp1252", b""), ("shift_jis", b""), ("utf-7", b"")):
        add("text", f"{encoding} {'with' if bom else 'without'} BOM",
            text_roster(bom + (names + "Ren\u00e9e\n").encode(encoding, "replace")), ".csv")
    add("text", "UTF-16 of odd length", text_roster(codecs.BOM_UTF16_LE + names.encode("utf-16-le") + b"x"), ".txt")
    add("text", "a lone surrogate in UTF-16", text_roster(codecs.BOM_UTF16_LE + b"A\x00\x00\xd8\n\x00"), ".txt")
    add("text", "NUL bytes between names", text_roster(b"Ana\x00\nBen\n\x00\x00\n"), ".txt")
    add("text", "4 MiB of NUL bytes", text_roster(repeated(b"\x00", MAX_ROSTER_BYTES)), ".txt")
    add("text", "a 4 MiB line", text_roster(repeated(b"A", MAX_ROSTER_BYTES)), ".txt")
    add("text", "4 MiB of line breaks", text_roster(repeated(b"\n", MAX_ROSTER_BYTES)), ".txt")
    add("text", "4 MiB of commas", text_roster(repeated(b",", MAX_ROSTER_BYTES)), ".csv")
    add("text", "a header of 1,000,000 columns", text_roster(b"name" + b";x" * 1_000_000 + b"\nAna\n"), ".csv")
    add("text", "one byte more than 4 MiB",
        text_roster(repeated(b"Ana\n", MAX_ROSTER_BYTES), limit=MAX_ROSTER_BYTES + 1), ".txt")
    add("text", "line breaks of every kind",
        text_roster("Ana\rBen\x0bCy\x0cDan\x1cEd\x85Flo\u2028Gus\u2029Hal\r\n".encode()), ".txt")
    add("text", "an empty file", lambda: b"", ".txt")
    add("text", "a BOM alone", lambda: codecs.BOM_UTF8, ".csv")
    add("text", "100,000 names", text_roster(b"".join(f"Pupil{n}\n".encode() for n in range(100_000))), ".txt")
    add("text", "an old .xls", lambda: b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(4000), ".xls")
    return found


# --- running them -----------------------------------------------------------------------

@dataclass(frozen=True)
class Finished:
    status: int
    stderr: str
    stdout: str
    seconds: float
    cpu_seconds: float
    peak_mb: float
    hung: bool


def cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def run(argv: list[str], hang_s: float) -> Finished:
    """Run ``argv`` in the checkout, killing it after ``hang_s`` seconds; return how it ended
    and its own peak resident memory."""
    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(argv, cwd=REPO, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                   env=environment, preexec_fn=cap_memory)
        hung = False
        while True:
            pid, wait_status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - start > hang_s:
                hung = True
                process.kill()
                _, wait_status, usage = os.wait4(process.pid, 0)
                break
            time.sleep(0.005)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(wait_status)
        out.seek(0)
        err.seek(0)
        return Finished(process.returncode, err.read().decode("utf-8", "replace"),
                        out.read().decode("utf-8", "replace"), seconds, usage.ru_utime + usage.ru_stime,
                        usage.ru_maxrss / 1024, hung)


BOUND_WORDS = (  # what the refusals by a bound say, which a real roster must never get
    "more than a class list", "which no workbook", "cannot be read", "not closed within", "longer than any name")


def judge(attack: Attack, finished: Finished, size: int, surface: Surface, hang_s: float, kit: bool) -> None:
    """Count one run into ``surface`` (``kit`` when the CLI ran it, writing a kit if it could)."""
    surface.inputs += 1
    surface.peak_mb = max(surface.peak_mb, finished.peak_mb)
    lines = finished.stderr.strip().splitlines()
    note = (f"{attack.label}: {finished.stderr.strip()[-300:]!r} ({finished.seconds:.1f} s, "
            f"{finished.cpu_seconds:.1f} s CPU, {finished.peak_mb:.0f} MB)")
    if kit and finished.status == 0:
        surface.kits_written += 1
        surface.slowest_kit_s = max(surface.slowest_kit_s, finished.seconds)
    else:
        surface.slowest_s = max(surface.slowest_s, finished.seconds)
        surface.most_cpu_s = max(surface.most_cpu_s, finished.cpu_seconds)
    if finished.hung or finished.seconds > hang_s and not (kit and finished.status == 0):
        surface.hangs += 1
        surface.failures.append("hang: " + note)
    elif finished.status not in (0, 2) or "Traceback" in finished.stderr:
        surface.tracebacks += 1
        surface.failures.append(f"status {finished.status}: " + note)
    elif finished.status == 0:
        surface.accepted += 1
    else:
        surface.refused += 1
        if len(lines) != 1:
            surface.not_one_line += 1
            surface.failures.append("not one line: " + note)
        if attack.real and any(words in finished.stderr for words in BOUND_WORDS):
            surface.real_refused_by_a_bound += 1
            surface.failures.append("real roster refused: " + note)
        if size >= surface.largest_refused.get("bytes", -1):
            surface.largest_refused = {"label": attack.label, "bytes": size, "peak_mb": round(finished.peak_mb, 1),
                                       "seconds": round(finished.seconds, 2),
                                       "cpu_seconds": round(finished.cpu_seconds, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hang", type=float, default=HANG_S, help="seconds after which a run is a hang")
    parser.add_argument("--cli-every", type=int, default=4, help="every n-th roster goes through the CLI")
    parser.add_argument("--surface", action="append", help="only these surfaces (repeatable)")
    parser.add_argument("--roster-module", default="", help="another copy of kitgen/kit/roster.py to read with")
    arguments = parser.parse_args()
    chosen = [attack for attack in attacks() if not arguments.surface or attack.surface in arguments.surface]
    surfaces: dict[str, Surface] = {}
    real_runs = []
    with tempfile.TemporaryDirectory() as folder:
        for number, attack in enumerate(chosen):
            path = Path(folder) / f"roster-{number}{attack.suffix}"
            data = attack.make()
            path.write_bytes(data)
            surface = surfaces.setdefault(attack.surface, Surface())
            through_cli = not arguments.roster_module and arguments.cli_every and number % arguments.cli_every == 0
            if through_cli:
                kit = Path(folder) / "k.pdf"
                kit.unlink(missing_ok=True)
                argv = [PYTHON, "-m", "kitgen", "kit", "--roster", str(path), "-o", str(kit), "--host-key", "none"]
                surface.via_cli += 1
            else:
                argv = [PYTHON, "-c", DRIVER, str(path), arguments.roster_module]
            finished = run(argv, max(KIT_S, arguments.hang) if through_cli else arguments.hang)
            judge(attack, finished, len(data), surface, arguments.hang, through_cli)
            if attack.real:
                real_runs.append({"label": attack.label, "bytes": len(data), "seconds": round(finished.seconds, 2),
                                  "cpu_seconds": round(finished.cpu_seconds, 2), "peak_mb": round(finished.peak_mb, 1),
                                  "said": (finished.stderr.strip() or finished.stdout.strip())[-160:]})
            print(f"[{number + 1}/{len(chosen)}] {attack.surface}: {attack.label} ({len(data):,} bytes): "
                  f"status {finished.status}{' HANG' if finished.hung else ''}, {finished.seconds:.2f} s, "
                  f"{finished.cpu_seconds:.2f} s CPU, {finished.peak_mb:.0f} MB{' (CLI)' if through_cli else ''}",
                  file=sys.stderr, flush=True)
            path.unlink()
    print(f"\n{'surface':<12} {'inputs':>6} {'CLI':>4} {'kits':>4} {'ok':>4} {'refused':>7} {'tracebacks':>10} "
          f"{'hangs':>5} {'slowest':>8} {'most CPU':>8} {'peak MB':>8}  largest refused (bytes, peak MB)")
    for name, surface in surfaces.items():
        largest = surface.largest_refused
        print(f"{name:<12} {surface.inputs:>6} {surface.via_cli:>4} {surface.kits_written:>4} {surface.accepted:>4} "
              f"{surface.refused:>7} {surface.tracebacks:>10} {surface.hangs:>5} {surface.slowest_s:>7.2f}s "
              f"{surface.most_cpu_s:>7.2f}s {surface.peak_mb:>8.0f}  {largest.get('label', '-')} "
              f"({largest.get('bytes', 0):,}, {largest.get('peak_mb', 0)})")
    for name, surface in surfaces.items():
        for failure in surface.failures:
            print(f"FAILURE {name}: {failure}")
    print(json.dumps({"surfaces": {name: vars(surface) for name, surface in surfaces.items()}, "real": real_runs},
                     indent=1, default=str))


if __name__ == "__main__":
    main()

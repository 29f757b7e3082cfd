"""Hostile "filled kit" PDFs against ``kitgen validate`` and ``kitgen transcribe``: crafted
manifests, fields and file structures, each run in a fresh process.

``python benchmarks/attack_pdfs.py [--source DIR] [--work DIR] [--hang 10] [--only WORD] [--keep DIR]``
crafts a few hundred PDFs that claim to be fillable kits (docs/FORMS.md) and are not what
kitgen writes: manifests of every wrong type and bound (blank rules, a scheme of ``true``,
3,000,000 tables, lone surrogates, too few seats, FlateDecode bombs), fields with values of
40 MB, names that are not text, repeated or 4,300 digits long, superscript and circled
digits in number cells, millions of tiny fields, loops in the field tree, deeply nested
arrays and dictionaries, huge cross-reference tables and streams, object-stream bombs,
incremental updates, junk after ``%%EOF``, cuts and flipped bytes of a real kit. Each
input is written to a file and given to ``python -m kitgen validate FILE --json`` and to
``python -m kitgen transcribe FILE -o DIR``, one fresh process each, whose peak resident
memory ``/usr/bin/time`` reports (a child forked from this process, which holds the
largest inputs while it writes them, would report this process's memory as its own).

A run fails when its standard error holds a ``Traceback`` or it exits other than 0, 1 or
2 (a traceback), or takes longer than ``--hang`` seconds (a hang; it is killed after
``--kill`` seconds). Prints, per surface, the inputs, tracebacks, hangs, the slowest run,
the peak memory of any run and that of the largest input refused, then one JSON summary.
Inputs that fail are copied to ``--keep`` for replay. ``--source`` runs the kitgen of
another checkout (``git archive`` of an older commit, say) with this venv's Python.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HANG_S = 10.0  # the bound: every hostile input answered within 10 s
KILL_S = 120.0  # a run still going then is killed (and counted as a hang)
MEMORY_BOUND_MB = 400.0  # the bound: every hostile input answered within 400 MB
TIME = "/usr/bin/time"  # GNU time: the peak resident memory of the one command it runs
RSS_MARK = "kitgen-attack-peak-kb "
MANIFEST = "kitgen-kit.json"
KIND = "kitgen fillable kit"
SEATS = ["Ana", "Ben", "Cy", "Dee"]
FILLED = {"t1.rec01.r01.roll-total": "8", "t1.rec01.r01.numbers-closed": "8"}  # a legal first throw of ten


# --- a minimal PDF writer: objects, streams, cross-reference tables --------------------------


def literal(text: str | bytes) -> bytes:
    """Return ``text`` as a PDF string: a literal string for Latin-1 text, UTF-16 with a
    byte-order mark otherwise (as a PDF text string), bytes as they are."""
    if isinstance(text, str):
        try:
            data = text.encode("latin-1")
        except UnicodeEncodeError:
            return b"<feff" + text.encode("utf-16-be", "surrogatepass").hex().encode() + b">"
    else:
        data = text
    return b"(" + data.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def stream(data: bytes, extra: bytes = b"", flate: bool = True, length: int | None = None) -> bytes:
    """Return a stream object's body holding ``data`` (FlateDecode-compressed unless not)."""
    encoded = zlib.compress(data, 9) if flate else data
    filters = b" /Filter /FlateDecode" if flate else b""
    size = len(encoded) if length is None else length
    return b"<< /Length %d%s %s >>\nstream\n" % (size, filters, extra) + encoded + b"\nendstream"


def build(objects: dict[int, bytes], root: int = 1, trailer: bytes = b"", xref: str = "table",
          tail: bytes = b"") -> bytes:
    """Return a PDF of ``objects`` (number to body) with a cross-reference table (or an
    xref stream, ``xref="stream"``) and a trailer naming ``root`` as its catalog."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for number in sorted(objects):
        offsets[number] = len(out)
        out += b"%d 0 obj\n" % number + objects[number] + b"\nendobj\n"
    size = max(objects) + 1
    start = len(out)
    if xref == "stream":
        rows = b"".join(b"\x01" + offsets.get(n, 0).to_bytes(4, "big") + b"\x00" if n in offsets
                        else b"\x00\x00\x00\x00\x00\xff" for n in range(size + 1))
        offsets[size] = start
        body = stream(rows, b"/Type /XRef /Size %d /W [1 4 1] /Root %d 0 R %s" % (size + 1, root, trailer))
        out += b"%d 0 obj\n" % size + body + b"\nendobj\n"
    else:
        out += b"xref\n0 %d\n0000000000 65535 f \n" % size
        for number in range(1, size):
            out += b"%010d 00000 n \n" % offsets[number] if number in offsets else b"0000000000 65535 f \n"
        out += b"trailer\n<< /Size %d /Root %d 0 R %s >>\n" % (size, root, trailer)
    out += b"startxref\n%d\n%%%%EOF\n" % start + tail
    return bytes(out)


def manifest_json(**changes: object) -> bytes:
    """Return a four-seat ``ten`` kit's manifest as kitgen writes it, with ``changes``."""
    document = {"kind": KIND, "scheme": 1, "preset": "ten", "rules": "ten",
                "tables": [{"table": 1, "seats": SEATS, "records": [[name, ""] for name in SEATS]}]}
    document.update(changes)
    return json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8", "surrogatepass")


def field_dict(name: bytes, value: bytes | None, extra: bytes = b"") -> bytes:
    """Return a text field's widget dictionary named ``name`` (a PDF object) with ``value``."""
    shown = b"" if value is None else b" /V " + value
    return b"<< /Type /Annot /Subtype /Widget /FT /Tx /Rect [0 0 40 12] /P 3 0 R /T %s%s %s >>" % (name, shown, extra)


def kit(fields: dict[str, str] | list[tuple[bytes, bytes | None]] | None = None,
        manifest: bytes | None = None, manifest_body: bytes | None = None, **options) -> bytes:
    """Return a minimal fillable kit: a page, its form of ``fields`` (name to value, or raw
    ``(name, value)`` PDF objects) and the embedded ``manifest`` (or a raw stream body)."""
    if fields is None:
        fields = FILLED
    pairs = [(literal(name), literal(value)) for name, value in fields.items()] if isinstance(fields, dict) else fields
    first = 7
    numbers = [first + index for index in range(len(pairs))]
    refs = b" ".join(b"%d 0 R" % number for number in numbers)
    objects = {
        1: b"<< /Type /Catalog /Pages 2 0 R /AcroForm 4 0 R /Names << /EmbeddedFiles << /Names [%s 5 0 R] >> >> >>"
           % literal(MANIFEST),
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [%s] >>" % refs,
        4: b"<< /Fields [%s] /DA (/Helv 0 Tf 0 g) >>" % refs,
        5: b"<< /Type /Filespec /F %s /UF %s /EF << /F 6 0 R >> >>" % (literal(MANIFEST), literal(MANIFEST)),
        6: manifest_body if manifest_body is not None else stream(manifest or manifest_json(), b"/Type /EmbeddedFile"),
    }
    for number, (name, value) in zip(numbers, pairs, strict=True):
        objects[number] = field_dict(name, value)
    return build(objects, **options)


# --- the attacks ------------------------------------------------------------------------------

Attack = tuple[str, Callable[[], bytes]]


def manifest_attacks() -> Iterator[Attack]:
    """Yield manifests of every wrong kind, type and bound."""
    def tables(seats: list, records: list | None = None) -> list[dict]:
        return [{"table": 1, "seats": seats, "records": [[n, ""] for n in seats] if records is None else records}]
    wrong = {"null": None, "true": True, "false": False, "zero": 0, "minus": -5, "float": 1.0, "string": "1",
             "list": [], "dict": {}, "huge": 10 ** 30, "nan": float("nan")}
    for key in ("kind", "scheme", "rules", "preset", "tables"):
        for label, value in wrong.items():
            yield f"manifest-{key}-{label}", lambda key=key, value=value: kit(manifest=manifest_json(**{key: value}))
        yield f"manifest-{key}-missing", lambda key=key: kit(manifest=json.dumps(
            {k: v for k, v in json.loads(manifest_json()).items() if k != key}).encode())
    for rules in ("", " ", "ten\n", "ten\nplayers: Eve", " ten", "Ten", "chess", "ten tiles=12", "classic tiles",
                  "classic tiles=99", "ten #x", "ten\x00", "ten " + "x=y " * 100_000, "\ud800", "classic " * 50):
        yield f"manifest-rules-{rules[:12]!r}", lambda rules=rules: kit(manifest=manifest_json(rules=rules))
    yield "manifest-scheme-newer", lambda: kit(manifest=manifest_json(scheme=2))
    yield "manifest-scheme-4300-digits", lambda: kit(
        manifest=manifest_json().replace(b'"scheme": 1', b'"scheme": ' + b"9" * 5000))
    yield "manifest-preset-mismatch", lambda: kit(manifest=manifest_json(preset="strip"))
    for count in (0, 251, 3000):
        yield f"manifest-{count}-tables", lambda count=count: kit(manifest=manifest_json(
            tables=[{"table": n, "seats": SEATS, "records": []} for n in range(1, count + 1)]))
    for label, seats in {"none": [], "one": ["Ana"], "nine": [f"P{n}" for n in "ABCDEFGHI"], "int": [1, 2],
                         "null": [None], "nested": [["Ana"]], "surrogate": ["\ud800", "Ben"],
                         "nul": ["A\x00na", "Ben"], "control": ["A\x1bna", "Ben"], "comma": ["Ana, Ben"],
                         "long": ["A" * 100_000], "twice": ["Ana", "ana"], "confusable": ["Ana", "\u0410na"],
                         "newline": ["Ana\nrules: x", "Ben"], "hash": ["Ana #x", "Ben"], "blank": ["", ""]}.items():
        yield f"manifest-seats-{label}", lambda seats=seats: kit(manifest=manifest_json(tables=tables(seats, [])))
    for preset in ("knucklebones", "long-game"):
        for seats in ([], [""], ["Ana"], ["Ana", "Ben", "Cy"]):
            fields = {"t1.placement-record.sheet01.r01.player": "1", "t1.placement-record.sheet01.r01.face": "3",
                      "t1.placement-record.sheet01.r01.column": "left", "t1.turn-record.sheet01.r01.turn": "1",
                      "t1.turn-record.sheet01.r01.die-1": "3", "t1.match.match-winner": "2",
                      "t1.seat1.won.mark": "/on"}
            yield f"manifest-{preset}-{len(seats)}-seats", lambda preset=preset, seats=seats, fields=fields: kit(
                fields, manifest=manifest_json(preset=preset, rules=preset, tables=tables(seats, [])))
    for label, records in {"string": "Ana", "int": [[1, 2]], "triple": [["Ana", "", ""]], "one": [["Ana"]],
                           "round-sup": [["Ana", "\u00b2"]], "round-arabic": [["Ana", "\u0663"]],
                           "round-zero": [["Ana", "0"]], "round-minus": [["Ana", "-1"]],
                           "round-digits": [["Ana", "9" * 5000]], "stranger": [["Eve", ""]],
                           "surrogate": [["\udfff", ""]], "many": [["Ana", ""]] * 1_001,
                           "million": [["Ana", ""]] * 1_000_000, "null": [None]}.items():
        yield f"manifest-records-{label}", lambda records=records: kit(
            manifest=manifest_json(tables=tables(SEATS, records)))
    for label, table in {"number-wrong": {"table": 2, "seats": SEATS}, "number-bool": {"table": True, "seats": SEATS},
                         "number-missing": {"seats": SEATS}, "list": [SEATS], "string": "t1", "null": None}.items():
        yield f"manifest-table-{label}", lambda table=table: kit(manifest=manifest_json(tables=[table]))
    raw = {"not-json": b"not json", "empty": b"", "latin1": manifest_json().replace(b"Ana", b"An\xe9"),
           "utf16": manifest_json().decode().encode("utf-16"), "bom": b"\xef\xbb\xbf" + manifest_json(),
           "nested-list": b"[" * 200_000 + b"]" * 200_000, "nested-dict": b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
           "top-list": b"[1, 2]", "top-string": b'"kitgen"', "duplicate-keys": manifest_json()[:-1] + b', "scheme": 1}',
           "lone-surrogate-escape": manifest_json().replace(b'"Ana"', b'"\\ud800"'),
           "nul-escape": manifest_json().replace(b'"Ana"', b'"A\\u0000na"')}
    for label, data in raw.items():
        yield f"manifest-raw-{label}", lambda data=data: kit(manifest=data)
    # bombs as reported: a manifest of 0.5 MB listing 3,000,000 tables, 72 MB inflated (here
    # 1,500,000 tables of one seat), a 145 KB one, and smaller ones
    for count, label in ((1_500_000, "1.5m"), (200_000, "200k"), (6_000, "6k")):
        yield f"manifest-bomb-{label}-tables", lambda count=count: kit(manifest=(
            b'{"kind": "kitgen fillable kit", "scheme": 1, "preset": "ten", "rules": "ten", "tables": ['
            + b",".join([b'{"table": 1, "seats": ["Ana"], "records": []}'] * count) + b"]}"))
    yield "manifest-bomb-whitespace-70mb", lambda: kit(manifest=manifest_json() + b" " * 70_000_000)
    yield "manifest-bomb-double-flate", lambda: kit(manifest_body=(
        b"<< /Type /EmbeddedFile /Filter [/FlateDecode /FlateDecode] /Length %d >>\nstream\n"
        % len(z := zlib.compress(zlib.compress(manifest_json() + b" " * 100_000_000, 9), 9)) + z + b"\nendstream"))
    yield "manifest-bomb-declared-length", lambda: kit(manifest_body=stream(manifest_json(), b"", length=10 ** 12))
    yield "manifest-bad-zlib", lambda: kit(manifest_body=b"<< /Type /EmbeddedFile /Filter /FlateDecode"
                                                         b" /Length 2000000 >>"
                                                         b"\nstream\n" + os.urandom(2_000_000) + b"\nendstream")
    yield "manifest-hex-filter", lambda: kit(manifest_body=b"<< /Filter /ASCIIHexDecode /Length %d >>\nstream\n"
                                                           % (2 * len(manifest_json()) + 1)
                                                           + manifest_json().hex().encode() + b">\nendstream")
    yield "manifest-unknown-filter", lambda: kit(manifest_body=stream(manifest_json(), b"/Filter /Nope", flate=False))
    yield "manifest-not-a-stream", lambda: kit(manifest_body=b"<< /Type /EmbeddedFile >>")
    yield "manifest-none", lambda: kit(manifest_body=b"null")
    yield "manifest-twice", lambda: _two_manifests()


def _two_manifests() -> bytes:
    pdf = kit()
    return pdf.replace(b"/Names [(kitgen-kit.json) 5 0 R]", b"/Names [(kitgen-kit.json) 5 0 R (kitgen-kit.json) 5 0 R]")


def field_attacks() -> Iterator[Attack]:
    """Yield fields whose names or values are not a kit's."""
    for size, label in ((201, "201"), (100_000, "100k"), (5_000_000, "5mb"), (40_000_000, "40mb")):
        yield f"value-literal-{label}", lambda size=size: kit({**FILLED, "t1.rec01.r02.roll-total": "8" * size})
        yield f"value-hex-{label}", lambda size=size: kit(
            [(literal("t1.rec01.r01.roll-total"), b"<" + b"38" * size + b">")])
    yield "value-escapes-5mb", lambda: kit([(literal("t1.rec01.r01.roll-total"), b"(" + b"\\101" * 1_250_000 + b")")])
    yield "value-nested-parens-5mb", lambda: kit(
        [(literal("t1.rec01.r01.roll-total"), b"(" * 2_500_000 + b")" * 2_500_000)])
    yield "value-whitespace-5mb", lambda: kit([(literal("t1.rec01.r01.roll-total"), b" " * 5_000_000 + b"(8)")])
    yield "value-comment-5mb", lambda: kit([(literal("t1.rec01.r01.roll-total"), b"%" + b"x" * 5_000_000 + b"\n(8)")])
    for label, value in {"number": b"8", "name": b"/Eight", "array": b"[(8)]", "dict": b"<< /A (8) >>",
                         "bool": b"true", "null": b"null", "ref-missing": b"999 0 R", "ref-self": b"7 0 R",
                         "nested-array": b"[" * 100_000 + b"]" * 100_000,
                         "nested-dict": b"<< /A " * 50_000 + b"1" + b" >>" * 50_000,
                         "nul": literal("8\x00"), "control": literal("8\x1b[2J"), "newline": literal("8\nrules: x"),
                         "bad-utf16": b"<feffd800>", "utf16-odd": b"<feff00>",
                         "surrogate-pair": literal("\U0001f3b2")}.items():
        yield f"value-{label}", lambda value=value: kit([(literal("t1.rec01.r01.roll-total"), value)])
    for label, name in {"number": b"5", "name": b"/t1.rec01.r01.roll-total", "array": b"[(t1)]", "dict": b"<< >>",
                        "null": b"null", "ref": b"999 0 R", "bad-utf16": b"<feffdc00>", "nul": literal("t1.rec01\x00"),
                        "long": literal("t1." + "x" * 1_000_000),
                        "digits": literal("t1.rec" + "1" * 5000 + ".r01.roll-total"),
                        "table-digits": literal("t" + "1" * 5000 + ".rec01.r01.roll-total"),
                        "superscript": literal("t1.rec\u00b2.r01.roll-total"),
                        "arabic": literal("t\u0661.rec01.r01.roll-total"),
                        "zero": literal("t1.rec00.r01.roll-total"),
                        "table-zero": literal("t0.rec01.r01.roll-total")}.items():
        yield f"name-{label}", lambda name=name: kit(
            [(literal("t1.rec01.r01.roll-total"), literal("8")), (name, literal("8"))])
    yield "name-missing", lambda: kit([(literal("t1.rec01.r01.roll-total"), literal("8"))]).replace(
        b"/T (t1.rec01.r01.roll-total)", b"")
    yield "name-twice", lambda: kit([(literal("t1.rec01.r01.roll-total"), literal("8")),
                                     (literal("t1.rec01.r01.roll-total"), literal("12"))])
    yield "name-twice-200k", lambda: kit([(literal("t1.rec01.r01.roll-total"), literal("8"))] * 200_000)
    for char in ("\u00b2", "\u2460", "\u0663", "\uff18", "8\u0338"):
        long_game = manifest_json(preset="long-game", rules="long-game",
                                  tables=[{"table": 1, "seats": ["Ana", "Ben"], "records": []}])
        yield f"cell-turn-{char!r}", lambda char=char, m=long_game: kit(
            {"t1.turn-record.sheet01.r01.turn": char, "t1.turn-record.sheet01.r01.die-1": "3",
             "t1.turn-record.sheet01.r01.die-2": "4", "t1.turn-record.sheet01.r01.tiles-shut-or-opened": "7"},
            manifest=m)
        classic = manifest_json(preset="classic", rules="classic format=best-of-3",
                                tables=[{"table": 1, "seats": ["Ana", "Ben", "Cy"],
                                         "records": [[n, "1"] for n in ("Ana", "Ben", "Cy")]}])
        yield f"cell-start-{char!r}", lambda char=char, m=classic: kit(
            {"t1.starts.round-1": char, "t1.rec01.r01.roll-total": "8", "t1.rec02.r01.roll-total": "7"}, manifest=m)
        yield f"cell-roll-{char!r}", lambda char=char: kit(
            {"t1.rec01.r01.dice-1-2": "1", "t1.rec01.r01.roll-total": char})
    yield "cell-hash", lambda: kit({"t1.rec01.r01.roll-total": "8 # x", "t1.rec01.r01.numbers-closed": "#"})


def _tree_kit(fields_entry: bytes, extra: dict[int, bytes]) -> bytes:
    """Return a kit whose form's /Fields is ``fields_entry`` and with ``extra`` objects."""
    objects = {
        1: b"<< /Type /Catalog /Pages 2 0 R /AcroForm 4 0 R"
           b" /Names << /EmbeddedFiles << /Names [(kitgen-kit.json) 5 0 R] >> >> >>",
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
        4: b"<< /Fields " + fields_entry + b" >>",
        5: b"<< /Type /Filespec /F (kitgen-kit.json) /EF << /F 6 0 R >> >>",
        6: stream(manifest_json(), b"/Type /EmbeddedFile"),
        **extra,
    }
    return build(objects)


def _object_stream(bodies: list[bytes], first_number: int) -> bytes:
    """Return an object stream's body holding ``bodies`` as objects ``first_number``..."""
    header, data = [], bytearray()
    for index, body in enumerate(bodies):
        header.append(b"%d %d" % (first_number + index, len(data)))
        data += body + b" "
    head = b" ".join(header) + b" "
    return stream(head + bytes(data), b"/Type /ObjStm /N %d /First %d" % (len(bodies), len(head)))


def _packed_kit(field_bodies: list[bytes], per_stream: int) -> bytes:
    """Return a kit whose fields are objects packed into object streams of ``per_stream``,
    with an xref stream, as a viewer saving compactly writes them."""
    first = 100
    count = len(field_bodies)
    refs = b" ".join(b"%d 0 R" % (first + index) for index in range(count))
    objects = {
        1: b"<< /Type /Catalog /Pages 2 0 R /AcroForm 4 0 R"
           b" /Names << /EmbeddedFiles << /Names [(kitgen-kit.json) 5 0 R] >> >> >>",
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
        4: b"<< /Fields 7 0 R >>",
        5: b"<< /Type /Filespec /F (kitgen-kit.json) /EF << /F 6 0 R >> >>",
        6: stream(manifest_json(), b"/Type /EmbeddedFile"),
        7: b"[" + refs + b"]",
    }
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    entries: dict[int, bytes] = {}
    for number in sorted(objects):
        entries[number] = b"\x01" + len(out).to_bytes(4, "big") + b"\x00"
        out += b"%d 0 obj\n" % number + objects[number] + b"\nendobj\n"
    stream_number = first + count
    for start in range(0, count, per_stream):
        chunk = field_bodies[start:start + per_stream]
        entries[stream_number] = b"\x01" + len(out).to_bytes(4, "big") + b"\x00"
        for index in range(len(chunk)):
            entries[first + start + index] = b"\x02" + stream_number.to_bytes(4, "big") + bytes([index % 256])
        out += b"%d 0 obj\n" % stream_number + _object_stream(chunk, first + start) + b"\nendobj\n"
        stream_number += 1
    size = stream_number + 1
    entries[stream_number] = b"\x01" + len(out).to_bytes(4, "big") + b"\x00"
    rows = b"".join(entries.get(number, b"\x00\x00\x00\x00\x00\xff") for number in range(size))
    start = len(out)
    out += b"%d 0 obj\n" % stream_number + stream(rows, b"/Type /XRef /Size %d /W [1 4 1] /Root 1 0 R" % size)
    out += b"\nendobj\nstartxref\n%d\n%%%%EOF\n" % start
    return bytes(out)


def structure_attacks() -> Iterator[Attack]:
    """Yield loops and depth in the field tree, many fields, odd cross-reference data."""
    leaf = field_dict(literal("t1.rec01.r01.roll-total"), literal("8"))
    yield "tree-kids-self", lambda: _tree_kit(b"[10 0 R]", {10: b"<< /T (t1) /Kids [10 0 R] >>"})
    yield "tree-kids-loop", lambda: _tree_kit(b"[10 0 R]", {10: b"<< /T (a) /Kids [11 0 R] >>",
                                                              11: b"<< /T (b) /Kids [10 0 R] >>"})
    yield "tree-parent-loop", lambda: _tree_kit(b"[10 0 R]", {10: b"<< /T (a) /Parent 11 0 R /V (8) >>",
                                                                11: b"<< /T (b) /Parent 10 0 R >>"})
    yield "tree-fields-self", lambda: _tree_kit(b"4 0 R", {})
    yield "tree-fields-number", lambda: _tree_kit(b"5", {})
    yield "tree-fields-nulls", lambda: _tree_kit(b"[" + b"null " * 90_000 + b"]", {})
    yield "tree-fields-missing-refs", lambda: _tree_kit(
        b"[" + b" ".join(b"%d 0 R" % n for n in range(10, 90_010)) + b"]", {})
    for depth in (99, 101, 5_000):
        def deep(depth: int = depth) -> bytes:
            extra = {10 + n: b"<< /T (x) /Kids [%d 0 R] >>" % (11 + n) for n in range(depth)}
            extra[10 + depth] = leaf
            return _tree_kit(b"[10 0 R]", extra)
        yield f"tree-depth-{depth}", deep
    for count, label in ((99_999, "100k"), (1_000_000, "1m"), (3_000_000, "3m")):
        def many(count: int = count) -> bytes:
            kids = 10_000
            extra = {10 + n: b"<< /T (k%d) /Kids [%s] >>"
                     % (n, b" ".join(b"<< /T (f%d) /V (x) >>" % m for m in range(kids)))
                     for n in range(count // kids)}
            return _tree_kit(b"[" + b" ".join(b"%d 0 R" % n for n in extra) + b"]", extra)
        yield f"fields-direct-{label}", many
    for count, label in ((200_000, "200k"), (1_000_000, "1m")):
        yield f"fields-packed-{label}", lambda count=count: _packed_kit(
            [b"<< /T (t1.rec%d.r01.roll-total) /V (8) >>" % n for n in range(count)], 200)
    yield "fields-flat-200k", lambda: kit([(literal(f"t1.x{n}"), literal("8")) for n in range(200_000)])
    yield "objstm-string-bomb", lambda: _packed_kit(
        [b"<< /T (t1.rec01.r01.roll-total) /V (" + b"8" * 60_000_000 + b") >>"], 1)
    yield "objstm-many-string-bombs", lambda: _packed_kit(
        [b"<< /T (t1.rec%02d.r01.roll-total) /V (" % n + b"8" * 2_000_000 + b") >>" for n in range(60)], 1)
    yield "objstm-n-huge", lambda: _packed_kit([leaf], 1).replace(b"/N 1 ", b"/N 99999999 ")
    yield "objstm-whitespace-bomb", lambda: _packed_kit([b" " * 60_000_000 + leaf], 1)
    yield "xref-stream", lambda: kit(xref="stream")
    yield "xref-stream-size-huge", lambda: kit(xref="stream").replace(
        b"/Type /XRef /Size", b"/Type /XRef /Size 99999999 /Old")
    yield "xref-table-huge", lambda: _huge_xref(2_000_000)
    yield "xref-table-1.4m", lambda: _huge_xref(1_400_000)  # just under the bound on objects
    yield "xref-prev-self", lambda: _with_trailer(b"/Prev %d")
    yield "xref-prev-garbage", lambda: kit(trailer=b"/Prev 99999999999")
    yield "xref-startxref-garbage", lambda: kit().replace(b"startxref\n", b"startxref\n9999999999")
    yield "xref-none", lambda: kit().split(b"xref\n")[0] + b"%%EOF\n"
    yield "xref-rebuild-many-objs", lambda: (b"%PDF-1.7\n"
                                             + b"".join(b"%d 0 obj\n(x)\nendobj\n" % n for n in range(1, 1_500_000))
                                             + b"trailer\n<< /Root 1 0 R >>\n%%EOF\n")
    yield "trailer-string-20mb", lambda: kit(trailer=b"/Junk (" + b"x" * 20_000_000 + b")")
    yield "catalog-nested-200k", lambda: kit().replace(
        b"/Type /Catalog", b"/Type /Catalog /Junk " + b"[" * 200_000 + b"]" * 200_000)
    yield "catalog-dict-300k-keys", lambda: kit().replace(
        b"/Type /Catalog", b"/Type /Catalog " + b"".join(b"/K%d 1 " % n for n in range(300_000)))
    yield "updates-1000", lambda: _updates(1_000)
    yield "updates-refill", lambda: _updates(3, value=b"(12)")
    yield "encrypted", lambda: kit(trailer=b"/Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -1 >>")


def _with_trailer(extra: bytes) -> bytes:
    pdf = kit()
    start = pdf.rindex(b"xref\n0 ")
    return pdf.replace(b"/Root 1 0 R ", b"/Root 1 0 R " + extra % start)


def _huge_xref(entries: int) -> bytes:
    pdf = kit()
    head, _, rest = pdf.partition(b"xref\n")
    count = int(rest.split(b"\n", 2)[0].split()[1])
    table = rest.split(b"\n", 1)[1].split(b"trailer")[0]
    free = b"0000000000 65535 f \n" * (entries - count)
    return (head + b"xref\n0 %d\n" % entries + table + free
            + b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (entries, len(head)))


def _updates(count: int, value: bytes = b"(8)") -> bytes:
    """Return the minimal kit with ``count`` incremental updates, each rewriting its field."""
    pdf = bytearray(kit())
    for _ in range(count):
        previous = int(pdf[pdf.rindex(b"startxref\n") + 10:].split(b"\n")[0])
        offset = len(pdf)
        pdf += b"7 0 obj\n" + field_dict(literal("t1.rec01.r01.roll-total"), value) + b"\nendobj\n"
        start = len(pdf)
        pdf += b"xref\n7 1\n%010d 00000 n \ntrailer\n<< /Size 9 /Root 1 0 R /Prev %d >>\nstartxref\n%d\n%%%%EOF\n" % (
            offset, previous, start)
    return bytes(pdf)


def _padded_update(pdf: bytes, size: int) -> bytes:
    """Return ``pdf`` with an incremental update that changes nothing after a comment of
    ``size`` bytes: a file as large as its bytes, all of them valid."""
    previous = int(pdf[pdf.rindex(b"startxref") + 9:].split()[0])
    root = b"/Root " + re.findall(rb"/Root\s+([0-9]+\s+[0-9]+\s+R)", pdf)[-1]
    padded = pdf + b"%" + b" " * size + b"\n"
    return padded + b"xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 1 %s /Prev %d >>\nstartxref\n%d\n%%%%EOF\n" % (
        root, previous, len(padded))


def file_attacks(real: bytes, rng: random.Random) -> Iterator[Attack]:
    """Yield a real filled kit cut, flipped, padded and followed by junk."""
    yield "real-kit", lambda: real
    for size, label in ((1_024, "1k"), (100_000, "100k"), (100_000_000, "100mb")):
        yield f"junk-after-eof-{label}", lambda size=size: real + b"\n" + b"x" * size
        yield f"zeros-after-eof-{label}", lambda size=size: real + bytes(size)
    yield "junk-no-newlines-30mb", lambda: real + b"%" + b"y" * 30_000_000
    yield "eof-only-in-middle", lambda: real.replace(b"%%EOF", b"%%EOX") + b"%%EOF\n" + b"z" * 5_000_000
    yield "header-only", lambda: b"%PDF-1.7\n"
    yield "empty", lambda: b""
    yield "not-a-pdf", lambda: b"rules: ten\nplayers: Ana\n"
    yield "size-300mb", lambda: real + b"\n%" + b" " * 300_000_000 + b"\n%%EOF\n"
    yield "size-250mb-update", lambda: _padded_update(real, 250_000_000)  # as large as a kit may be
    for number in range(30):
        cut = rng.randrange(len(real))
        yield f"cut-{number}", lambda cut=cut: real[:cut]
    for number in range(40):
        positions = [rng.randrange(len(real)) for _ in range(rng.choice((1, 10, 100)))]

        def flipped(positions: list[int] = positions) -> bytes:
            data = bytearray(real)
            for position in positions:
                data[position] = rng.randrange(256)
            return bytes(data)
        yield f"flip-{number}", flipped


# --- running them -----------------------------------------------------------------------------


@dataclass
class Surface:
    """What one command met over every input."""

    inputs: int = 0
    tracebacks: int = 0
    hangs: int = 0
    over_memory: int = 0
    status: dict[int, int] = field(default_factory=dict)
    slowest: tuple[float, str] = (0.0, "")
    peak: tuple[float, str] = (0.0, "")
    largest_refused: tuple[int, float, str] = (0, 0.0, "")  # bytes, peak MB, input
    failures: list[str] = field(default_factory=list)


def run(argv: list[str], kill_s: float, source: Path) -> tuple[float, float, int, str]:
    """Run ``argv`` in a fresh process in ``source``; return its wall seconds, peak MB,
    exit status and standard error (without the line ``/usr/bin/time`` adds)."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen([TIME, "-f", f"{RSS_MARK}%M", *argv], cwd=source, stdout=subprocess.DEVNULL,
                                   stderr=err, stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            process.wait(kill_s)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        seconds = time.perf_counter() - start
        err.seek(0)
        lines = err.read().decode("utf-8", "replace").splitlines()
        peak = [float(line[len(RSS_MARK):]) / 1024 for line in lines if line.startswith(RSS_MARK)]
        status = process.returncode
        error = "\n".join(line for line in lines if not line.startswith(RSS_MARK) and "Command exited with" not in line
                          and "Command terminated by signal" not in line)
        if lines and "Command terminated by signal" in lines[-2 if len(lines) > 1 else -1]:
            status = -int(lines[-2 if len(lines) > 1 else -1].rsplit(" ", 1)[1])
        return seconds, peak[0] if peak else 0.0, status, error


def attacks(real: bytes, seed: int) -> list[Attack]:
    """Return every attack, in order."""
    rng = random.Random(seed)
    return [*manifest_attacks(), *field_attacks(), *structure_attacks(), *file_attacks(real, rng)]


def real_kit(folder: Path) -> bytes:
    """Return a real four-seat ``ten`` kit rendered fillable, with its first throw filled in."""
    sys.path.insert(0, str(REPO / "tests"))
    from fill_kits import fill_with_pypdf

    blank, filled = folder / "blank.pdf", folder / "filled.pdf"
    subprocess.run([sys.executable, "-m", "kitgen", "kit", "--rules", "ten", "--players", ", ".join(SEATS),
                    "--fillable", "--host-key", "none", "-o", str(blank)], cwd=REPO, check=True, capture_output=True)
    fill_with_pypdf(blank, filled, FILLED)
    return filled.read_bytes()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=REPO, help="the kitgen checkout to attack (default: this one)")
    parser.add_argument("--work", type=Path, default=None, help="folder for the inputs (default: a temporary one)")
    parser.add_argument("--hang", type=float, default=HANG_S)
    parser.add_argument("--kill", type=float, default=KILL_S)
    parser.add_argument("--only", default="", help="run only the attacks whose name contains this")
    parser.add_argument("--keep", type=Path, default=None, help="copy failing inputs here")
    parser.add_argument("--seed", type=int, default=14)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=options.work) as folder:
        work = Path(folder)
        chosen = [(name, make) for name, make in attacks(real_kit(work), options.seed) if options.only in name]
        surfaces = {"validate": Surface(), "transcribe": Surface()}
        for number, (name, make) in enumerate(chosen, start=1):
            path = work / f"{number:03d}-{''.join(c if c.isalnum() or c in '-_' else '_' for c in name)[:60]}.pdf"
            path.write_bytes(make())
            size = path.stat().st_size
            commands = {"validate": [sys.executable, "-m", "kitgen", "validate", str(path), "--json"],
                        "transcribe": [sys.executable, "-m", "kitgen", "transcribe", str(path),
                                       "-o", str(work / "logs"), "--force"]}
            for surface, argv in commands.items():
                seconds, peak_mb, status, error = run(argv, options.kill, options.source)
                tally = surfaces[surface]
                tally.inputs += 1
                tally.status[status] = tally.status.get(status, 0) + 1
                tally.slowest = max(tally.slowest, (round(seconds, 2), name))
                tally.peak = max(tally.peak, (round(peak_mb, 1), name))
                faults = []
                if "Traceback" in error or status not in (0, 1, 2):
                    tally.tracebacks += 1
                    last = error.strip().splitlines()[-1:] if error.strip() else ''
                    faults.append(f"traceback (status {status}): {last}")
                if seconds > options.hang:
                    tally.hangs += 1
                    faults.append(f"hang: {seconds:.1f} s")
                if peak_mb > MEMORY_BOUND_MB:
                    tally.over_memory += 1
                    faults.append(f"memory: {peak_mb:.0f} MB")
                if status == 2 and size >= tally.largest_refused[0]:
                    tally.largest_refused = (size, round(peak_mb, 1), name)
                if faults:
                    tally.failures.append(f"{name}: {'; '.join(faults)}")
                    if options.keep:
                        options.keep.mkdir(parents=True, exist_ok=True)
                        shutil.copy(path, options.keep / path.name)
                print(f"{number:3d} {surface:10s} {name[:50]:50s} {size:>11,d} B  status {status}  "
                      f"{seconds:6.2f} s  {peak_mb:6.0f} MB{'  ' + '; '.join(faults) if faults else ''}",
                      flush=True)
            path.unlink()
    print()
    for surface, tally in surfaces.items():
        print(f"{surface}: {tally.inputs} inputs, {tally.tracebacks} tracebacks, "
              f"{tally.hangs} hangs (> {options.hang:g} s), "
              f"{tally.over_memory} over {MEMORY_BOUND_MB:g} MB; slowest {tally.slowest[0]} s ({tally.slowest[1]}); "
              f"peak {tally.peak[0]} MB ({tally.peak[1]}); largest refused input {tally.largest_refused[0]:,d} B "
              f"at {tally.largest_refused[1]} MB ({tally.largest_refused[2]}); "
              f"exit statuses {dict(sorted(tally.status.items()))}")
        for failure in tally.failures:
            print(f"  {failure}")
    print(json.dumps({surface: tally.__dict__ for surface, tally in surfaces.items()}, default=list))


if __name__ == "__main__":
    main()

"""Read a filled fillable kit: its manifest and field values, within bounds, and check it
(docs/FORMS.md; docs/cli.md, "Limits and bad input").

This is the one module of :mod:`kitgen.forms` that imports pypdf, and only ``validate``
and ``transcribe`` of a PDF import it. Every way a PDF can fail to be a readable kit is
one sentence (:class:`LogUnreadableError`): not a PDF, damaged, encrypted, not a
fillable kitgen kit, a newer field scheme, a field holding far more than a cell can.

A filled kit comes from anywhere, so nothing in it is parsed before it is bounded: the
file is at most :data:`MAX_FILLED_KIT_BYTES` and ends at its last ``%%EOF``; pypdf reads
it through :mod:`kitgen.engine.pdf`, which parses each object it resolves from a window no
larger than that kind of object is in a kit (a field and its value within
:data:`FIELD_OBJECT_BYTES`, so a 40 MB value is refused after 8 KiB), never searches the
whole file for an object that is not there, and stops once it has parsed
:data:`SCAN_FACTOR` times the file's size (objects that overlap, object streams inflated);
every stream inflates to a bound, the manifest to
:data:`~kitgen.forms.scheme.MAX_MANIFEST_BYTES`; and the form's field tree is walked here,
each field once, to a bounded depth and count, rather than by pypdf's ``get_fields``.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

from pypdf import Configuration, apply_configuration
from pypdf.errors import LimitReachedError
from pypdf.generic import (
    ArrayObject,
    DictionaryObject,
    IndirectObject,
    NameObject,
    NullObject,
    NumberObject,
    StreamObject,
    TextStringObject,
)

from kitgen.engine.pdf import Budget, ObjectReader, Overrun, Oversized, bounded_object, object_reader
from kitgen.errors import KitgenError, LogUnreadableError, quote
from kitgen.forms.scheme import MANIFEST_NAME, MAX_MANIFEST_BYTES, PRINTED, Manifest, field_use
from kitgen.forms.transcribe import UNTICKED, TableLog, transcribe
from kitgen.logs.report import Report
from kitgen.logs.validate import validate_text
from kitgen.text import gettext, ngettext
from kitgen.textfile import MAX_BYTES, PDF_HEADER, shown_name

# The largest fillable kit kitgen writes, 500 names of hundred (63 tables of 8 seats), is
# about 135 MB with 244,000 fields (two tables of 8 are 4.28 MB and 7,746 fields,
# measured; each table embeds its form's font); a viewer that saves it filled adds the
# look of every field it redraws. So a filled kit may be this large, no larger: what a
# hostile file costs is bounded by its size (below), so this bound cannot be lower.
MAX_FILLED_KIT_BYTES = 256 * 1024 * 1024
EOF_TAIL_BYTES = 1024  # after its last %%EOF a saved PDF has a line end, or a few bytes of padding
MAX_FIELDS = 500_000  # the largest kit, 500 names of hundred, has 244,000 (7,746 on two tables of 8, measured)
# The fields a table may have, at most, whatever else its manifest says: a roll record is
# at most 12 rows of 9 cells (a number sentence: dice, 4 tick boxes, value, tiles, sum) and a
# name (109); a seat's sheets (turn sheets or strips of up
# to 100 rounds and their spares, the long game's board sheet and turn record) under
# 3,000; the rest of a table (totals, the match record, boards) under 5,000. Measured: a
# table of ten with 4 seats has 241, of hundred with 2 seats and 15 rounds 1,631, with 8
# seats and 9 rounds 3,873. So a file claiming a small kit cannot hold a million fields.
FIELDS_PER_RECORD, FIELDS_PER_SEAT, FIELDS_PER_TABLE = 120, 3_000, 5_000
MAX_FIELD_DEPTH = 16  # a kit's fields are flat; a viewer may nest them by the parts of their names (6 at most)
MAX_FIELD_CHARS = 200  # a cell holds a few characters, a name at most 40
MAX_FIELD_NAME_CHARS = 200  # the longest a kit writes is about 50: "t250.turn-record.sheet12.r40.tiles-shut-or-opened"
# A kit's field is about 300 bytes (its name, tooltip, rectangle, look, value); a viewer
# adds a few entries. Every field, and every value or name stored apart from its field,
# is parsed from a window of this size.
FIELD_OBJECT_BYTES = 8 * 1024
# The form and arrays of fields (the form's /Fields, a parent's /Kids) hold a reference
# ("123456 0 R ", 11 bytes) a field: their window is this much a field the kit may have;
# the catalog's (read before the manifest says how many), this much for MAX_FIELDS.
FORM_BYTES_PER_FIELD = 16
FORM_OBJECT_BYTES = FORM_BYTES_PER_FIELD * MAX_FIELDS + FIELD_OBJECT_BYTES
# An object stream or cross-reference stream inflated: a viewer packs some 100 to 200
# objects (fields of 300 bytes) in one, and a cross-reference stream has 7 bytes an
# object, of at most MAX_OBJECTS.
MAX_STREAM_BYTES = 24 * 1024 * 1024
MAX_OBJECTS = 1_000_000  # the 500-name kit has 310,000 objects (9,852 on two tables of 8, measured)
MAX_XREF_SECTIONS = 4_096  # a viewer adds one each time it saves a kit changed in place
TRAILER_BYTES = 8 * 1024  # a trailer names the catalog, the size, an id, the previous section: 200 bytes
# pypdf parses at most this many times the file's size, read or inflated from object
# streams: a kit's objects are each read once, and object streams of fields inflate some
# 5 to 10 times (their share of a kit is under a third). Objects that overlap (a
# cross-reference table whose entries point into one another) or streams that inflate
# a thousandfold cross it.
SCAN_FACTOR = 4
SCAN_SLACK = 1024 * 1024  # the cross-reference data and the manifest of a small kit
MAX_EMBEDDED_FILES = 64  # a kit embeds one file, the manifest; a user may attach a few more
# Every decoder pypdf has inflates at most MAX_STREAM_BYTES, through at most two filters,
# and recovers a damaged zlib stream of at most 64 KiB (byte by byte); the manifest's own
# bound applies while it is read. (A bound this pypdf does not know is one it has no
# decoder for.)
_LIMITS: dict[str, Any] = {
    "zlib_maximum_output_length": MAX_STREAM_BYTES, "lzw_maximum_output_length": MAX_STREAM_BYTES,
    "run_length_maximum_output_length": MAX_STREAM_BYTES, "brotli_maximum_output_length": MAX_STREAM_BYTES,
    "jbig2_maximum_output_length": MAX_STREAM_BYTES, "array_based_stream_maximum_output_length": MAX_STREAM_BYTES,
    "zlib_maximum_recovery_input_length": 64 * 1024, "stream_filters_maximum_length": 2,
    "stream_decoding_work_maximum_length": 2 * MAX_STREAM_BYTES, "maximum_declared_stream_length": MAX_FILLED_KIT_BYTES,
    "array_maximum_element_count": MAX_FIELDS + 1,
}
_KNOWN = {known.name for known in dataclasses.fields(Configuration)}
_LIMITS = {key: value for key, value in _LIMITS.items() if key in _KNOWN}  # this pypdf's limits
_MANIFEST_LIMITS: dict[str, Any] = {key: MAX_MANIFEST_BYTES + 1 for key in _LIMITS if key.endswith("output_length")}


def read_kit(path: Path) -> tuple[Manifest, dict[str, str]]:
    """Return the manifest of the fillable kit at ``path`` and its field values (field
    name to text; a tick box ``"/on"`` when ticked, ``"/Off"`` when not).

    Raises :class:`LogUnreadableError` with one sentence when it cannot be read as a
    fillable kitgen kit of a scheme this kitgen knows.
    """
    name = shown_name(path)
    data = _kit_bytes(path, name)
    budget = Budget(SCAN_FACTOR * len(data) + SCAN_SLACK)
    pypdf_log = logging.getLogger("pypdf")
    saved = pypdf_log.level
    pypdf_log.setLevel(logging.CRITICAL)  # a damaged file is one sentence, not pypdf's warnings
    reader = None
    try:
        with apply_configuration(**_LIMITS):
            _check_cross_references(data, budget, name)
            reader = object_reader(data, budget, FIELD_OBJECT_BYTES, MAX_STREAM_BYTES, MAX_OBJECTS)
            if "/Encrypt" in reader.trailer:
                raise LogUnreadableError(gettext(
                    "{file} is encrypted; save the filled kit without a password."
                ).format(file=repr(name)))
            catalog = reader.resolved(_entry(reader.trailer, "/Root"), FORM_OBJECT_BYTES)
            if not isinstance(catalog, DictionaryObject):
                raise LogUnreadableError(gettext(
                    "{file} is damaged: it cannot be read as a PDF."
                ).format(file=repr(name)))
            try:
                manifest = Manifest.from_json(_manifest_bytes(reader, catalog, name))
            except ValueError as error:
                raise LogUnreadableError(gettext(
                    "{file} cannot be read: {error}"
                ).format(file=repr(name), error=error)) from None
            values = _field_values(reader, catalog, name, _most_fields(manifest))
    except KitgenError:
        raise
    except Overrun:
        raise LogUnreadableError(_overrun(name, len(data))) from None
    except Oversized:
        raise LogUnreadableError(_oversized(name)) from None
    except LimitReachedError:  # pypdf's bounds, set by _LIMITS
        raise LogUnreadableError(gettext(
            "{file} is not a kit: it goes past every bound of a kit's (a stream that inflates far, an "
            "array of millions)."
        ).format(file=repr(name))) from None
    except Exception:  # pypdf raises many kinds on a damaged file: all mean the same here
        if budget.overrun:
            raise LogUnreadableError(_overrun(name, len(data))) from None
        if reader is not None and reader.cut_short:
            raise LogUnreadableError(_oversized(name)) from None
        raise LogUnreadableError(gettext(
            "{file} is damaged: it cannot be read as a PDF."
        ).format(file=repr(name))) from None
    finally:
        pypdf_log.setLevel(saved)
    if budget.overrun:  # pypdf may have gone on past the end of what it was let read
        raise LogUnreadableError(_overrun(name, len(data)))
    return manifest, values


def _oversized(name: str) -> str:
    """Return the sentence refusing a file with an object larger than its kind is in a kit."""
    return gettext(
        "{file} is not a kit: it holds an object far larger than any of a kit's (a field of over {most} KiB, say)."
    ).format(file=repr(name), most=FIELD_OBJECT_BYTES // 1024)


def _overrun(name: str, size: int) -> str:
    """Return the sentence refusing a file that would be parsed more than SCAN_FACTOR times over."""
    return ngettext(
        "{file} is not a kit: reading its {size} byte would mean parsing more than "
        "{factor} times as much (objects that overlap, or streams that inflate far).",
        "{file} is not a kit: reading its {size} bytes would mean parsing more than "
        "{factor} times as much (objects that overlap, or streams that inflate far).", size,
    ).format(file=repr(name), size=size, factor=SCAN_FACTOR)


def _kit_bytes(path: Path, name: str) -> bytes:
    """Return the bytes of the file at ``path``, which must be a PDF of at most
    :data:`MAX_FILLED_KIT_BYTES` that ends at its last ``%%EOF`` (within
    :data:`EOF_TAIL_BYTES`).

    Raises :class:`LogUnreadableError` otherwise, before anything is parsed.
    """
    try:
        if not path.is_file():
            raise LogUnreadableError((gettext("{file} does not exist.") if not path.exists()
                                      else gettext("{file} is not a regular file.")).format(file=repr(name)))
        size = path.stat().st_size
        if size > MAX_FILLED_KIT_BYTES:
            raise LogUnreadableError(ngettext(
                "{file} is {size} byte, too large for a filled kit (at most {most} MiB).",
                "{file} is {size} bytes, too large for a filled kit (at most {most} MiB).", size,
            ).format(file=repr(name), size=size, most=MAX_FILLED_KIT_BYTES // 2**20))
        with path.open("rb") as stream:
            data = stream.read(size + 1)  # not MAX_FILLED_KIT_BYTES + 1: read() makes room for all it is asked
    except OSError as error:
        raise LogUnreadableError(gettext("{file} cannot be read ({reason}).").format(
            file=repr(name), reason=error.strerror or error)) from None
    if len(data) > size:  # it grew since
        raise LogUnreadableError(gettext(
            "{file} changed while it was read; save it again and retry."
        ).format(file=repr(name)))
    if not data.startswith(PDF_HEADER):
        raise LogUnreadableError(gettext("{file} is not a PDF.").format(file=repr(name)))
    end = data.rfind(b"%%EOF", max(0, len(data) - EOF_TAIL_BYTES - 5))
    if end < 0:
        end = data.rfind(b"%%EOF")
        if end < 0:
            raise LogUnreadableError(gettext(
                "{file} is damaged: it has no end (%%EOF), so it was cut short."
            ).format(file=repr(name)))
        # English says "bytes follow" of one too (the output kept exactly); other languages get their forms
        raise LogUnreadableError(ngettext(
            "{file} is not a kit as a viewer saves it: {count} bytes follow its end (%%EOF).",
            "{file} is not a kit as a viewer saves it: {count} bytes follow its end (%%EOF).", len(data) - end - 5,
        ).format(file=repr(name), count=len(data) - end - 5))
    return data


_STARTXREF = re.compile(rb"startxref\s+([0-9]{1,12})\s+%%EOF")
_SUBSECTION = re.compile(rb"\s*([0-9]{1,10})[ \t]+([0-9]{1,10})[ \t]*[\r\n]+")
_TRAILER = re.compile(rb"\s*trailer\s*")
_SPACE = re.compile(rb"\s*")
_OBJECT_HEAD = re.compile(rb"\s*[0-9]{1,10}\s+[0-9]{1,5}\s+obj\s*")


@lru_cache(maxsize=64)
def _entries(count: int) -> re.Pattern[bytes]:
    """Return the pattern of ``count`` cross-reference entries as pypdf reads them: 20
    bytes each, or 19 or 21 as some writers end their lines."""
    return re.compile(rb"(?:[0-9]{10} [0-9]{5} [nf][ \r\n]{0,3}){%d}" % count)


def _check_cross_references(data: bytes, budget: Budget, name: str) -> None:
    """Check the cross-reference sections of ``data`` before pypdf reads them, from the
    last (``startxref``) back through each ``/Prev``: at most :data:`MAX_XREF_SECTIONS`
    of them, :data:`MAX_OBJECTS` entries in all, each trailer within
    :data:`TRAILER_BYTES` (an xref stream's within :data:`FIELD_OBJECT_BYTES` and its
    data). The entries are matched here, not parsed: pypdf parses each in Python, some
    microseconds apiece, and a trailer's strings byte by byte.

    Raises :class:`LogUnreadableError` otherwise.
    """
    found = None
    for found in _STARTXREF.finditer(data, max(0, len(data) - EOF_TAIL_BYTES - 64)):  # noqa: B007
        pass  # the last: an update's follows the kit's
    if not found:
        raise LogUnreadableError(gettext(
            "{file} is damaged: it does not end as a PDF does (startxref, %%EOF)."
        ).format(file=repr(name)))
    offset: int | None = int(found[1])
    seen: set[int] = set()
    entries = 0
    while offset is not None:
        if offset in seen or len(seen) >= MAX_XREF_SECTIONS or offset >= len(data):
            raise LogUnreadableError(gettext(
                "{file} is not a kit: its cross-references loop, go nowhere or have more than {most} "
                "sections."
            ).format(file=repr(name), most=MAX_XREF_SECTIONS))
        seen.add(offset)
        position = cast("re.Match[bytes]", _SPACE.match(data, offset)).end()  # \s* always matches
        head, window = _OBJECT_HEAD.match(data, position), FIELD_OBJECT_BYTES + MAX_STREAM_BYTES
        if data.startswith(b"xref", position):
            position += 4
            while subsection := _SUBSECTION.match(data, position):
                entries += int(subsection[2])
                if entries > MAX_OBJECTS:
                    raise LogUnreadableError(gettext(
                        "{file} is not a kit: it has more than {most} objects."
                    ).format(file=repr(name), most=MAX_OBJECTS))
                matched = _entries(int(subsection[2])).match(data, subsection.end())
                if not matched:
                    raise LogUnreadableError(gettext(
                        "{file} is damaged: its cross-reference table cannot be read."
                    ).format(file=repr(name)))
                position = matched.end()
            head, window = _TRAILER.match(data, position), TRAILER_BYTES
        elif not head:
            raise LogUnreadableError(gettext(
                "{file} is damaged: its cross-references cannot be found."
            ).format(file=repr(name)))
        trailer = bounded_object(data, head.end(), window, budget) if head else None
        if not isinstance(trailer, DictionaryObject):
            raise LogUnreadableError(gettext(
                "{file} is not a kit: a trailer of its cross-references is damaged, or larger than {most} "
                "KiB."
            ).format(file=repr(name), most=TRAILER_BYTES // 1024))
        hybrid = trailer.get("/XRefStm")  # a file both ways: its xref stream is a section too
        if isinstance(hybrid, NumberObject):
            head = _OBJECT_HEAD.match(data, int(hybrid)) if 0 <= hybrid < len(data) else None
            if not head or not isinstance(bounded_object(data, head.end(), window, budget), DictionaryObject):
                raise LogUnreadableError(gettext(
                    "{file} is damaged: its cross-reference stream cannot be read."
                ).format(file=repr(name)))
        previous = trailer.get("/Prev")
        offset = int(previous) if isinstance(previous, NumberObject) else None


def _entry(dictionary: object, key: str) -> object:
    """Return the entry ``key`` of ``dictionary`` as written (a reference unresolved), or
    ``None`` when it has none or is not a dictionary."""
    if isinstance(dictionary, DictionaryObject) and key in dictionary:
        return dictionary.raw_get(key)
    return None


def _manifest_bytes(reader: ObjectReader, catalog: DictionaryObject, name: str) -> bytes:
    """Return the embedded manifest of the kit ``reader`` reads, inflated to at most
    :data:`~kitgen.forms.scheme.MAX_MANIFEST_BYTES` (and one byte more, to tell).

    Raises :class:`LogUnreadableError` when it has none, or more than one.
    """
    names = reader.resolved(_entry(catalog, "/Names"), FIELD_OBJECT_BYTES)
    tree = reader.resolved(_entry(names, "/EmbeddedFiles"), FIELD_OBJECT_BYTES)
    found = []
    nodes, seen, looked = [tree], set(), 0
    while nodes:
        node = nodes.pop()
        if not isinstance(node, DictionaryObject):
            continue
        entries = reader.resolved(_entry(node, "/Names"), FIELD_OBJECT_BYTES)
        entries = entries if isinstance(entries, ArrayObject) else []
        kids = reader.resolved(_entry(node, "/Kids"), FIELD_OBJECT_BYTES)
        looked += len(entries) // 2 + (len(kids) if isinstance(kids, ArrayObject) else 0)
        if looked > MAX_EMBEDDED_FILES:
            raise LogUnreadableError(gettext(
                "{file} embeds more than {most} files; it is not a kit."
            ).format(file=repr(name), most=MAX_EMBEDDED_FILES))
        for key, value in zip(entries[::2], entries[1::2], strict=False):  # an odd last key has no value
            if reader.resolved(key, FIELD_OBJECT_BYTES) == MANIFEST_NAME:
                found.append(value)
        for kid in kids if isinstance(kids, ArrayObject) else ():
            if isinstance(kid, IndirectObject) and (kid.idnum, kid.generation) not in seen:
                seen.add((kid.idnum, kid.generation))
                nodes.append(reader.resolved(kid, FIELD_OBJECT_BYTES))
    if not found:
        raise LogUnreadableError(gettext(
            "{file} is not a fillable kitgen kit (it has no kitgen manifest)."
        ).format(file=repr(name)))
    if len(found) > 1:
        raise LogUnreadableError(ngettext(
            "{file} has {count} kitgen manifest; a kit embeds one.",
            "{file} has {count} kitgen manifests; a kit embeds one.", len(found),
        ).format(file=repr(name), count=len(found)))
    spec = reader.resolved(found[0], FIELD_OBJECT_BYTES)
    files = reader.resolved(_entry(spec, "/EF"), FIELD_OBJECT_BYTES)
    stream = reader.resolved(_entry(files, "/F"), FIELD_OBJECT_BYTES + MAX_MANIFEST_BYTES)
    if not isinstance(stream, StreamObject):
        raise LogUnreadableError(gettext(
            "{file} cannot be read: its embedded manifest cannot be read."
        ).format(file=repr(name)))
    try:
        with apply_configuration(**_MANIFEST_LIMITS):
            return stream.get_data()
    except LimitReachedError:
        raise LogUnreadableError(gettext(
            "{file} cannot be read: its embedded manifest is over {most} MiB, far larger than a kit's."
        ).format(file=repr(name), most=MAX_MANIFEST_BYTES // 2**20)) from None


def _most_fields(manifest: Manifest) -> int:
    """Return the most fields a kit of ``manifest`` has (its tables, seats, records)."""
    records = manifest.records or ((),) * len(manifest.tables)
    return min(MAX_FIELDS, sum(FIELDS_PER_TABLE + FIELDS_PER_SEAT * len(seats) + FIELDS_PER_RECORD * len(printed)
                               for seats, printed in zip(manifest.tables, records, strict=False)))


def _field_values(reader: ObjectReader, catalog: DictionaryObject, name: str, most: int) -> dict[str, str]:
    """Return the value of every field of ``reader``'s form, as text, walking its field
    tree here: each field parsed once from its window (and not kept by pypdf after),
    names joined with ``.`` as a PDF names fields, a tick box's state as its name
    (``"/on"``).

    Raises :class:`LogUnreadableError` for more than ``most`` fields, a tree deeper than
    a kit's or with a loop, a field whose name or value is not text, two fields of one
    name, and a value too long for any cell of a kit.
    """
    window = FORM_BYTES_PER_FIELD * most + FIELD_OBJECT_BYTES
    form = reader.resolved(_entry(catalog, "/AcroForm"), window)
    fields = reader.resolved(_entry(form, "/Fields"), window)
    pending = [(item, "", 1) for item in reversed(fields)] if isinstance(fields, ArrayObject) else []
    values: dict[str, str] = {}
    named: set[str] = set()
    seen: set[tuple[int, int]] = set()
    count = 0
    while pending:
        item, parent, depth = pending.pop()
        count += 1
        if count > most:
            raise LogUnreadableError(gettext(
                "{file} has more than {most} form fields, more than its kit of so many tables, seats and "
                "records has."
            ).format(file=repr(name), most=most))
        if depth > MAX_FIELD_DEPTH or (isinstance(item, IndirectObject) and (item.idnum, item.generation) in seen):
            raise LogUnreadableError(gettext(
                "{file} has a loop, or more than {most} levels, in its form's fields; it is not a kit."
            ).format(file=repr(name), most=MAX_FIELD_DEPTH))
        if isinstance(item, IndirectObject):
            seen.add((item.idnum, item.generation))
        field = reader.resolved(item, FIELD_OBJECT_BYTES, keep=False)
        if not isinstance(field, DictionaryObject):
            continue  # a null entry, or a reference to nothing
        if "/T" not in field:
            continue  # a widget of its parent field: the value is the parent's
        part = reader.resolved(field.raw_get("/T"), FIELD_OBJECT_BYTES)
        if not isinstance(part, TextStringObject):
            raise LogUnreadableError(gettext(
                "{file} has a form field whose name is not text; it is not a kit kitgen wrote."
            ).format(file=repr(name)))
        full = f"{parent}.{part}" if parent else str(part)
        if len(full) > MAX_FIELD_NAME_CHARS:
            raise LogUnreadableError(ngettext(
                "{file} has a form field name of {count} character; a kit's are at most {most}.",
                "{file} has a form field name of {count} characters; a kit's are at most {most}.", len(full),
            ).format(file=repr(name), count=len(full), most=MAX_FIELD_NAME_CHARS))
        if full in named:
            raise LogUnreadableError(gettext(
                "{file} has two form fields named {field}; the kit is not kitgen's as written."
            ).format(file=repr(name), field=quote(full)))
        named.add(full)
        kids = reader.resolved(_entry(field, "/Kids"), window, keep=False)
        if isinstance(kids, ArrayObject):
            pending.extend((kid, full, depth + 1) for kid in reversed(kids))
        value = reader.resolved(_entry(field, "/V"), FIELD_OBJECT_BYTES, keep=False)
        if value is None or isinstance(value, NullObject):
            continue
        if not isinstance(value, (TextStringObject, NameObject)):
            raise LogUnreadableError(gettext(
                "{file} has a value that is not text in field {field}."
            ).format(file=repr(name), field=quote(full)))
        if len(value) > MAX_FIELD_CHARS:
            raise LogUnreadableError(
                ngettext(
                    "{file} has {count} character in field {field}; a kit's field holds at most {most}.",
                    "{file} has {count} characters in field {field}; a kit's field holds at most {most}.", len(value),
                ).format(file=repr(name), count=len(value), field=quote(full), most=MAX_FIELD_CHARS)
            )
        values[full] = str(value)
    return values


def kit_logs(path: Path) -> list[TableLog]:
    """Return the logs of every table of the filled kit at ``path``.

    Raises :class:`LogUnreadableError` as :func:`read_kit` does, for a filled-in field no
    kit defines (docs/FORMS.md: its value would be lost) or that an earlier kit made of a
    claim kits now print only (it would go unchecked), for a kit with nothing filled in,
    and for a table whose log would be larger than a log may be.
    """
    manifest, values = read_kit(path)
    filled = sorted(name for name, value in values.items() if value.strip() and value != UNTICKED)
    uses = {name: field_use(name) for name in filled}
    unknown = [name for name in filled if uses[name] is None]
    if unknown:
        raise LogUnreadableError(ngettext(
            "{file} has {count} field filled in that no kitgen kit has, {field}: its value would be lost, "
            "so the kit is not read.",
            "{file} has {count} fields filled in that no kitgen kit has, the first {field}: their values "
            "would be lost, so the kit is not read.", len(unknown),
        ).format(file=repr(shown_name(path)), count=len(unknown), field=quote(unknown[0])))
    # docs/FORMS.md, "Claims printed only": an earlier kit made these claims fields
    printed = [name for name in filled if uses[name] == PRINTED]
    if printed:
        raise LogUnreadableError(ngettext(
            "{file} has {count} field filled in that kitgen does not check, {field} (a claim kits now "
            "print only): clear it, or check it by hand, and read the kit again.",
            "{file} has {count} fields filled in that kitgen does not check, the first {field} (claims kits "
            "now print only): clear them, or check them by hand, and read the kit again.", len(printed),
        ).format(file=repr(shown_name(path)), count=len(printed), field=quote(printed[0])))
    logs = transcribe(manifest, values)
    if not logs:
        raise LogUnreadableError(gettext(
            "{file} has nothing filled in (a viewer that flattens forms drops what was typed)."
        ).format(file=repr(shown_name(path))))
    for log in logs:
        if len(log.text.encode()) > MAX_BYTES:
            raise LogUnreadableError(gettext("{file}: table {number}'s log would be too large.").format(
                file=repr(shown_name(path)), number=log.number))
    return logs


def validate_kit(path: Path) -> list[Report | TableUnreadable]:
    """Return one :class:`Report` per filled table of the kit at ``path``, each error
    located by its line in the table's log and by its place on the sheets, or a
    :class:`TableUnreadable` for a table whose log cannot be validated at all (no names
    written in, say).

    Raises :class:`KitgenError` as :func:`kit_logs` does.
    """
    results: list[Report | TableUnreadable] = []
    for log in kit_logs(path):
        file = gettext("{file} (table {number})").format(file=shown_name(path), number=log.number)
        try:
            report = validate_text(log.text, file)
        except KitgenError as error:
            results.append(TableUnreadable(file, log.number, str(error)))
            continue
        errors = tuple(replace(error, place=log.places.get(error.line, ())) if error.line else error
                       for error in report.errors)
        results.append(replace(report, errors=errors, table=log.number))
    return results


@dataclass(frozen=True)
class TableUnreadable:
    """A table of a filled kit whose log cannot be validated at all, and why (one sentence)."""

    file: str
    table: int
    message: str

    def to_json(self) -> dict[str, object]:
        """Return docs/log-format.md's object for a log that cannot be validated, naming the table."""
        return {"file": self.file, "table": self.table, "valid": False, "unreadable": self.message}

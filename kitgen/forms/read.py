"""Read a filled fillable kit: its manifest and field values, within bounds, and check it
(docs/FORMS.md; CLI.md, "Limits and bad input").

This is the one module of :mod:`kitgen.forms` that imports pypdf, and only ``validate``
and ``transcribe`` of a PDF import it. Every way a PDF can fail to be a readable kit is
one sentence (:class:`LogUnreadableError`): not a PDF, damaged, encrypted, not a
fillable kitgen kit, a newer field scheme, a field holding far more than a cell can.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from pathlib import Path

from pypdf import PdfReader

from kitgen.errors import KitgenError, LogUnreadableError
from kitgen.forms.scheme import MANIFEST_NAME, Manifest
from kitgen.forms.transcribe import TableLog, transcribe
from kitgen.logs.report import Report
from kitgen.logs.validate import validate_text
from kitgen.textfile import MAX_BYTES, MAX_KIT_BYTES, PDF_HEADER, shown_name

MAX_FIELDS = 1_000_000  # a 500-name kit has at most about 250,000 (hundred, 6 seats a table)
MAX_FIELD_CHARS = 200  # a cell holds a few characters, a name at most 40


def read_kit(path: Path) -> tuple[Manifest, dict[str, str]]:
    """Return the manifest of the fillable kit at ``path`` and its field values (field
    name to text; a tick box ``"/on"`` when ticked, ``"/Off"`` when not).

    Raises :class:`LogUnreadableError` with one sentence when it cannot be read as a
    fillable kitgen kit of a scheme this kitgen knows.
    """
    name = shown_name(path)
    try:
        if not path.is_file():
            raise LogUnreadableError(f"{name!r} does not exist." if not path.exists()
                                     else f"{name!r} is not a regular file.")
        size = path.stat().st_size
        if size > MAX_KIT_BYTES:
            raise LogUnreadableError(f"{name!r} is {size} bytes, too large for a kit.")
        with path.open("rb") as stream:
            if stream.read(len(PDF_HEADER)) != PDF_HEADER:
                raise LogUnreadableError(f"{name!r} is not a PDF.")
    except OSError as error:
        raise LogUnreadableError(f"{name!r} cannot be read ({error.strerror or error}).") from None
    pypdf_log = logging.getLogger("pypdf")
    saved = pypdf_log.level
    pypdf_log.setLevel(logging.CRITICAL)  # a damaged file is one sentence, not pypdf's warnings
    try:
        reader = PdfReader(path)
        if reader.is_encrypted:
            raise LogUnreadableError(f"{name!r} is encrypted; save the filled kit without a password.")
        attached = reader.attachments.get(MANIFEST_NAME)
        if not attached:
            raise LogUnreadableError(f"{name!r} is not a fillable kitgen kit (it has no kitgen manifest).")
        try:
            manifest = Manifest.from_json(attached[0])
        except ValueError as error:
            raise LogUnreadableError(f"{name!r} cannot be read: {error}") from None
        values = _field_values(reader, name)
    except KitgenError:
        raise
    except Exception:  # pypdf raises many kinds on a damaged file: all mean the same here
        raise LogUnreadableError(f"{name!r} is damaged: it cannot be read as a PDF.") from None
    finally:
        pypdf_log.setLevel(saved)
    return manifest, values


def _field_values(reader: PdfReader, name: str) -> dict[str, str]:
    """Return the value of every field of ``reader``'s form, as text.

    Raises :class:`LogUnreadableError` for too many fields or a value too long for any
    cell of a kit.
    """
    fields = reader.get_fields() or {}
    if len(fields) > MAX_FIELDS:
        raise LogUnreadableError(f"{name!r} has {len(fields)} form fields, too many for a kit.")
    values = {}
    for field_name, field in fields.items():
        value = field.get("/V")
        if value is None:
            continue
        text = str(value)
        if len(text) > MAX_FIELD_CHARS:
            raise LogUnreadableError(
                f"{name!r} has {len(text)} characters in field {field_name[:40]!r}; "
                f"a kit's field holds at most {MAX_FIELD_CHARS}."
            )
        values[field_name] = text
    return values


def kit_logs(path: Path) -> list[TableLog]:
    """Return the logs of every table of the filled kit at ``path``.

    Raises :class:`LogUnreadableError` as :func:`read_kit` does, for a kit with nothing
    filled in, and for a table whose log would be larger than a log may be.
    """
    logs = transcribe(*read_kit(path))
    if not logs:
        raise LogUnreadableError(
            f"{shown_name(path)!r} has nothing filled in (a viewer that flattens forms drops what was typed)."
        )
    for log in logs:
        if len(log.text.encode()) > MAX_BYTES:
            raise LogUnreadableError(f"{shown_name(path)!r}: table {log.number}'s log would be too large.")
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
        file = f"{shown_name(path)} (table {log.number})"
        try:
            report = validate_text(log.text, file)
        except KitgenError as error:
            results.append(TableUnreadable(file, log.number, str(error)))
            continue
        errors = tuple(replace(error, place=log.places.get(error.line, "")) if error.line else error
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
        """Return LOG-FORMAT.md's object for a log that cannot be validated, naming the table."""
        return {"file": self.file, "table": self.table, "valid": False, "unreadable": self.message}

"""Hostile "filled kits": crafted manifests, fields and files are each one sentence and exit
status 2 (or a log the validator reports), never a traceback, and are refused before the
work they would cost: a manifest bomb before it is inflated, a 40 MB value before it is
parsed, junk after the end before it is read (benchmarks/attack_pdfs.py runs a few hundred
more in fresh processes)."""

from __future__ import annotations

import json
import re
import tracemalloc
import zlib
from collections.abc import Callable
from pathlib import Path

import pypdf.generic._data_structures
import pytest
from fill_kits import fill_with_pypdf
from games_box import rules_for
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, NameObject, NumberObject, TextStringObject
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.errors import LogUnreadableError
from kitgen.forms import read
from kitgen.forms.read import FIELD_OBJECT_BYTES, MAX_FILLED_KIT_BYTES, read_kit
from kitgen.forms.scheme import MAX_MANIFEST_BYTES, MAX_RECORDS, Manifest
from kitgen.forms.transcribe import transcribe
from kitgen.kit.build import render_kit
from kitgen.kit.request import KitRequest

runner = CliRunner()
SEATS = ("Ana", "Ben", "Cy", "Dee")
FILLED = {"t1.rec01.r01.roll-total": "8", "t1.rec01.r01.numbers-closed": "8"}  # ten: a legal first throw
ROLL = "t1.rec01.r01.roll-total"


def render(path: Path, case: str) -> Path:
    """Render the module's one fillable kit, four seats of ten (the ``kits`` fixture)."""
    path.write_bytes(render_kit(KitRequest(rules_for("ten"), SEATS, host_key="none", fillable=True)).pdfs[0])
    return path


def document(**changes: object) -> dict:
    """Return the manifest of the module's kit as kitgen writes it, with ``changes``."""
    manifest = {"kind": "kitgen fillable kit", "scheme": 1, "preset": "ten", "rules": "ten",
                "tables": [{"table": 1, "seats": list(SEATS), "records": [[name, ""] for name in SEATS]}]}
    return {**manifest, **changes}


def encoded(manifest: dict) -> bytes:
    """Return ``manifest`` as the JSON a kit embeds (lone surrogates as they are)."""
    return json.dumps(manifest, ensure_ascii=False).encode("utf-8", "surrogatepass")


def crafted(kit: Path, path: Path, values: dict[str, str] | None = None, manifest: bytes | None = None,
            fields: dict[str, dict] | None = None,
            objects: dict[str, Callable[[PdfWriter], dict]] | None = None) -> Path:
    """Write ``kit`` to ``path`` filled with ``values``, embedding ``manifest`` instead of
    its own (FlateDecode-compressed) and with the entries of ``fields`` (field name to
    PDF objects by key) set on those fields' dictionaries, and those ``objects`` makes
    (field name to a function of the writer, which may add objects, returning entries)."""
    filled = path.with_suffix(".filled.pdf")
    fill_with_pypdf(kit, filled, FILLED if values is None else values)
    writer = PdfWriter(clone_from=PdfReader(filled))
    if manifest is not None:
        (attachment,) = writer.attachment_list
        embedded = attachment.pdf_object["/EF"]["/F"].get_object()
        embedded.set_data(zlib.compress(manifest, 9))
        embedded[NameObject("/Filter")] = NameObject("/FlateDecode")
    for page in writer.pages:
        for annotation in page.get("/Annots", ()):
            widget = annotation.get_object()
            entries = (fields or {}).get(widget.get("/T"), {})
            if widget.get("/T") in (objects or {}):
                entries = {**entries, **objects[widget.get("/T")](writer)}
            for key, value in entries.items():
                widget[NameObject(key)] = value
    writer.write(path)
    return path


def refusal(path: Path) -> str:
    """Return the one sentence ``read_kit`` refuses ``path`` with."""
    with pytest.raises(LogUnreadableError) as refused:
        read_kit(path)
    return str(refused.value)


def one_sentence_and_exit_2(path: Path, tmp_path: Path) -> str:
    """Check that ``validate`` and ``transcribe`` of ``path`` print one line and exit 2;
    return the line."""
    for command in (["validate"], ["validate", "--json"], ["transcribe", "-o", str(tmp_path / "logs")]):
        result = runner.invoke(app, [*command, str(path)])
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        assert result.exit_code == 2, result.output
        if command != ["validate", "--json"]:
            message = result.stderr.strip()
            assert message.startswith("kitgen: ") and "\n" not in message
    return message


# --- the manifest: checked against what a kit writes, before anything trusts it -------------


@pytest.mark.parametrize("changes", [
    {"rules": ""}, {"rules": "   "}, {"rules": "chess"}, {"rules": "ten tiles=12"}, {"rules": "ten\nplayers: Eve"},
    {"rules": "Ten"}, {"rules": 5}, {"rules": "\ud800"}, {"preset": "strip"},
    {"scheme": -5}, {"scheme": 0}, {"scheme": True}, {"scheme": 1.0}, {"scheme": "1"}, {"scheme": None},
    {"tables": []}, {"tables": "t1"}, {"tables": [None]},
    {"tables": [{"table": 1, "seats": list(SEATS), "records": []}] * 251},
    {"tables": [{"table": 2, "seats": list(SEATS), "records": []}]},
    {"tables": [{"table": True, "seats": list(SEATS), "records": []}]},
    {"tables": [{"table": 1, "seats": [f"P{n}" for n in range(9)], "records": []}]},
    {"tables": [{"table": 1, "seats": [5, "Ben"], "records": []}]},
    {"tables": [{"table": 1, "seats": ["\ud800", "Ben"], "records": []}]},
    {"tables": [{"table": 1, "seats": ["A\x00na", "Ben"], "records": []}]},
    {"tables": [{"table": 1, "seats": ["Ana", "ana"], "records": []}]},
    {"tables": [{"table": 1, "seats": ["Ana, Ben"], "records": []}]},
    {"tables": [{"table": 1, "seats": list(SEATS), "records": [["Ana", "\u00b2"]]}]},
    {"tables": [{"table": 1, "seats": list(SEATS), "records": [["Ana", "9" * 5000]]}]},
    {"tables": [{"table": 1, "seats": list(SEATS), "records": [["Eve", ""]]}]},
    {"tables": [{"table": 1, "seats": list(SEATS), "records": [["Ana", "", ""]]}]},
    {"tables": [{"table": 1, "seats": list(SEATS), "records": [["Ana", "1"]] * (MAX_RECORDS + 1)}]},
    {"preset": "knucklebones", "rules": "knucklebones", "tables": [{"table": 1, "seats": ["Ana"], "records": []}]},
    {"preset": "long-game", "rules": "long-game", "tables": [{"table": 1, "seats": [""], "records": []}]},
], ids=lambda changes: json.dumps(changes)[:60])
def test_a_manifest_that_no_kit_writes_is_refused_in_one_sentence(changes):
    with pytest.raises(ValueError) as refused:
        Manifest.from_json(encoded(document(**changes)))
    assert str(refused.value).startswith("its embedded manifest ") and "\n" not in str(refused.value)


@pytest.mark.parametrize("data", [b"[" * 100_000 + b"]" * 100_000, b"\xff\xfe\x00", b"[1, 2]", b'"kitgen"'],
                         ids=lambda data: repr(data[:20]))
def test_a_manifest_that_is_not_a_kits_json_is_refused(data):
    with pytest.raises(ValueError):
        Manifest.from_json(data)


def test_the_manifest_of_every_kit_kitgen_writes_reads_back():
    manifest = Manifest("hundred", (("Ana", "Ben"), ("", "")), ((("Ana", "1"), ("Ben", "1")), (("", "100"),)))
    assert Manifest.from_json(manifest.to_json()) == manifest


def test_a_table_holds_no_more_records_than_a_kit_prints():
    from kitgen.games import presets
    from kitgen.kit.parts.chunks import MAX_ROUNDS

    assert MAX_RECORDS >= max(preset.defaults.max_players for preset in presets()) * MAX_ROUNDS + 20


CLASSIC = {"preset": "classic", "rules": "classic format=best-of-3"}
# The six kinds of crafted manifest that gave tracebacks, and two that were read as a kit's;
# a renamed field (name, value) of the kit's gives the cell that met the fault.
CRAFTED = {
    "blank-rules": (document(rules="", preset=""), None),
    "surrogate": (document(tables=[{"table": 1, "seats": ["\ud800", "Ben", "Cy", "Dee"], "records": []}]), None),
    "one-seat-knucklebones": (document(preset="knucklebones", rules="knucklebones",
                                       tables=[{"table": 1, "seats": [""], "records": []}]),
                              ("t1.placement-record.sheet01.r01.player", "2")),
    "one-seat-long-game": (document(preset="long-game", rules="long-game",
                                    tables=[{"table": 1, "seats": ["Ana"], "records": []}]),
                           ("t1.turn-record.sheet01.r01.turn", "2")),
    "round-superscript": (document(**CLASSIC, tables=[{"table": 1, "seats": ["Ana", "Ben", "Cy"],
                                                       "records": [["Ana", "\u00b2"]]}]), None),
    "scheme-true": (document(scheme=True), None),
    "scheme-minus-5": (document(scheme=-5), None),
    "251-tables": (document(tables=[{"table": n, "seats": list(SEATS), "records": []} for n in range(1, 252)]), None),
}


@pytest.mark.parametrize("case", CRAFTED)
def test_a_crafted_manifest_is_one_sentence_and_exit_2(kits, tmp_path, case):
    manifest, renamed = CRAFTED[case]
    fields = {"t1.rec01.r02.roll-total": {"/T": TextStringObject(renamed[0]), "/V": TextStringObject(renamed[1])}} \
        if renamed else None
    path = crafted(kits("ten"), tmp_path / f"{case}.pdf", manifest=encoded(manifest), fields=fields)
    message = one_sentence_and_exit_2(path, tmp_path)
    assert "embedded manifest" in message


def test_a_manifest_bomb_is_refused_before_it_is_inflated(kits, tmp_path):
    """A manifest that inflates to 40 MB (a valid one, padded with spaces) is refused, and
    reading it never holds much more than the manifest's bound."""
    bomb = encoded(document()) + b" " * 40_000_000
    path = crafted(kits("ten"), tmp_path / "bomb.pdf", manifest=bomb)
    assert path.stat().st_size < 1_000_000
    tracemalloc.start()
    try:
        message = refusal(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "manifest is over 4 MiB" in message
    assert peak < 3 * MAX_MANIFEST_BYTES


def test_transcribe_reads_each_field_once_whatever_the_number_of_tables():
    """Tables are found by their fields' prefix in one pass, not one pass of every field
    per table (3,000,000 tables of a manifest bomb times the fields: hours)."""
    class Counted(dict):
        visited = 0

        def items(self):
            for item in super().items():
                Counted.visited += 1
                yield item

    values = Counted({f"t{table}.rec01.r01.roll-total": "8" for table in range(1, 251)})
    manifest = Manifest("ten", (("Ana",),) * 250, ((("Ana", ""),),) * 250)
    logs = transcribe(manifest, values)
    assert len(logs) == 250
    assert Counted.visited <= 2 * len(values)


# --- fields: names, values, digits -----------------------------------------------------------


@pytest.mark.parametrize("digit", ["\u00b2", "\u2460", "\u0663"])
def test_a_digit_that_is_not_ascii_in_a_turn_cell_stays_as_written(digit):
    manifest = Manifest("long-game", (("Ana", "Ben"),))
    row = "t1.turn-record.sheet01.r01"
    (log,) = transcribe(manifest, {f"{row}.turn": digit, f"{row}.die-1": "4", f"{row}.die-2": "5",
                                   f"{row}.tiles-shut-or-opened": "9"})
    assert f"turn {digit}" in log.text.splitlines()


@pytest.mark.parametrize("digit", ["\u00b2", "\u2460", "\u0663"])
def test_a_digit_that_is_not_ascii_in_a_round_start_cell_starts_no_seat(digit):
    manifest = Manifest("classic format=best-of-3", (("Ana", "Ben", "Cy"),),
                        ((("Ana", "1"), ("Ben", "1"), ("Cy", "1")),))
    values = {"t1.starts.round-1": digit, **{f"t1.rec0{n}.r01.roll-total": "8" for n in (1, 2, 3)}}
    (log,) = transcribe(manifest, values)
    turns = [line for line in log.text.splitlines() if line.startswith("turn ")]
    assert turns == ["turn Ana", "turn Ben", "turn Cy"]  # round 1 from seat 1, as when left blank


@pytest.mark.parametrize("name", [f"t1.rec{'1' * 5000}.r01.roll-total", "t1.rec\u00b2.r01.roll-total",
                                  "t1.rec\u0661.r01.roll-total", f"t{'1' * 5000}.rec01.r01.roll-total",
                                  "t1.seat0.player", "t1.rec00.r01.roll-total"])
def test_a_field_name_with_odd_numbers_is_no_field_of_the_scheme(name):
    manifest = Manifest("ten", (("", "Ben"),), ((("", ""), ("Ben", "")),))
    logs = transcribe(manifest, {**FILLED, name: "Zed"})
    assert "Zed" not in logs[0].text


def test_a_superscript_in_a_kits_round_start_cell_is_no_seat_and_the_batch_goes_on(kits, tmp_path):
    manifest = document(**CLASSIC, tables=[{"table": 1, "seats": ["Ana", "Ben", "Cy"],
                                            "records": [[name, "1"] for name in ("Ana", "Ben", "Cy")]}])
    path = crafted(kits("ten"), tmp_path / "superscript.pdf", manifest=encoded(manifest),
                   fields={"t1.rec01.r02.roll-total": {"/T": TextStringObject("t1.starts.round-1"),
                                                       "/V": TextStringObject("\u00b2")}})
    log = tmp_path / "after.log"
    log.write_text("rules: ten\nplayers: Ana\nturn Ana\n8: 8\n")
    result = runner.invoke(app, ["validate", str(path), str(log)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "superscript.pdf (table 1)" in result.output and "after.log" in result.output
    assert result.output.rstrip().endswith("2 logs: 0 valid, 2 with errors, 0 unreadable")


def test_a_file_that_kitgen_fails_on_does_not_stop_the_batch(kits, tmp_path, monkeypatch):
    """Whatever one file raises, every later file is still validated, and the tally printed."""
    first, last = tmp_path / "first.log", tmp_path / "last.log"
    for path in (first, last):
        path.write_text("rules: ten\nplayers: Ana\nturn Ana\n8: 8\n")
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.7\n")

    def fails(path):
        raise ZeroDivisionError("a fault of kitgen's own")
    monkeypatch.setattr(read, "validate_kit", fails)
    result = runner.invoke(app, ["validate", str(first), str(broken), str(last)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 2
    assert "last.log" in result.output
    assert "broken.pdf: kitgen failed on it (ZeroDivisionError)" in result.stderr
    result = runner.invoke(app, ["validate", "--json", str(first), str(broken), str(last)])
    files = [entry["file"].rsplit("/", 1)[1] for entry in json.loads(result.stdout)]
    assert files == ["first.log", "broken.pdf", "last.log"]


def test_a_field_name_that_is_not_text_is_refused(kits, tmp_path):
    path = crafted(kits("ten"), tmp_path / "number.pdf", fields={ROLL: {"/T": NumberObject(5)}})
    assert "whose name is not text" in one_sentence_and_exit_2(path, tmp_path)


def test_two_fields_of_one_name_are_refused(kits, tmp_path):
    path = crafted(kits("ten"), tmp_path / "twice.pdf",
                   fields={"t1.rec01.r02.roll-total": {"/T": TextStringObject(ROLL), "/V": TextStringObject("12")}})
    assert f"two form fields named {ROLL!r}" in one_sentence_and_exit_2(path, tmp_path)


def test_a_huge_value_is_refused_before_pypdf_parses_it(kits, tmp_path, monkeypatch):
    """A value of 1 MB (one of 40 MB took 24 s and 0.9 GB to refuse) is refused once its field's window of
    8 KiB is read: no string longer than that is ever parsed."""
    path = crafted(kits("ten"), tmp_path / "huge.pdf", fields={ROLL: {"/V": TextStringObject("8" * 1_000_000)}})
    parse = pypdf.generic._data_structures.read_string_from_stream
    longest = []

    def measured(stream, *rest):
        start = stream.tell()
        try:
            return parse(stream, *rest)
        finally:
            longest.append(stream.tell() - start)
    monkeypatch.setattr(pypdf.generic._data_structures, "read_string_from_stream", measured)
    assert "far larger than any of a kit's" in refusal(path)
    assert max(longest) <= FIELD_OBJECT_BYTES


def test_a_kit_has_no_more_fields_than_its_manifest_makes_room_for(kits, tmp_path):
    """A one-table kit of ten has 241 fields; a file that says it is one and holds 20,000
    (a field whose kids are 20,000 fields: a million would take minutes and gigabytes)
    is refused."""
    def kids(writer: PdfWriter) -> dict:
        fields = (writer._add_object(DictionaryObject({NameObject("/T"): TextStringObject(f"k{n}")}))
                  for n in range(20_000))
        return {"/Kids": writer._add_object(ArrayObject(fields))}
    path = crafted(kits("ten"), tmp_path / "many.pdf", objects={"t1.rec01.r02.roll-total": kids})
    assert "form fields, more than its kit" in one_sentence_and_exit_2(path, tmp_path)


def test_a_value_past_a_cells_length_is_refused(kits, tmp_path):
    path = crafted(kits("ten"), tmp_path / "long.pdf", {**FILLED, ROLL: "8" * 201})
    assert "201 characters in field 't1.rec01.r01.roll-total'" in one_sentence_and_exit_2(path, tmp_path)


# --- the file: its size, its end ------------------------------------------------------------


def test_junk_after_the_end_of_a_kit_is_refused_before_it_is_read(kits, tmp_path):
    path = crafted(kits("ten"), tmp_path / "junk.pdf")
    with path.open("ab") as stream:
        stream.write(b"\n" + b"x" * 2_000_000)
    assert "follow its end (%%EOF)" in one_sentence_and_exit_2(path, tmp_path)


def test_a_kit_may_end_with_a_line_end_or_padding(kits, tmp_path):
    path = crafted(kits("ten"), tmp_path / "padded.pdf")
    with path.open("ab") as stream:
        stream.write(b"\r\n" + b"\x00" * 500)
    _, values = read_kit(path)
    assert values[ROLL] == "8"


def updated(path: Path, trailer: bytes) -> Path:
    """Append to the PDF at ``path`` an incremental update that changes nothing, whose
    trailer has the entries ``trailer`` too; return ``path``."""
    data = path.read_bytes()
    previous = int(re.findall(rb"startxref\s+([0-9]+)", data)[-1])
    root = re.findall(rb"/Root ([0-9]+ [0-9]+ R)", data)[-1]
    start = len(data)
    update = (b"xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 1 /Root %s /Prev %d %s >>\nstartxref\n%d\n%%%%EOF\n"
              % (root, previous, trailer, start))
    path.write_bytes(data + update)
    return path


def test_an_update_that_changes_nothing_reads_as_the_kit(kits, tmp_path):
    path = updated(crafted(kits("ten"), tmp_path / "updated.pdf"), b"")
    assert read_kit(path)[1][ROLL] == "8"


def test_a_trailer_larger_than_a_kits_is_refused_before_pypdf_parses_it(kits, tmp_path):
    """A trailer holding 2 MB (pypdf parses a string byte by byte: a 20 MB one took 14 s
    and 450 MB) is refused once 8 KiB of it are read."""
    path = updated(crafted(kits("ten"), tmp_path / "trailer.pdf"), b"/Junk (" + b"x" * 2_000_000 + b")")
    assert "trailer of its cross-references is damaged, or larger than 8 KiB" in one_sentence_and_exit_2(path, tmp_path)


def test_cross_references_that_loop_are_refused(kits, tmp_path):
    path = crafted(kits("ten"), tmp_path / "loop.pdf")
    data = path.read_bytes()
    start = len(data)
    path.write_bytes(data + b"xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 1 /Prev %d >>\nstartxref\n%d\n%%%%EOF\n"
                     % (start, start))
    assert "cross-references loop" in one_sentence_and_exit_2(path, tmp_path)


def test_more_objects_than_a_kit_has_are_refused_before_pypdf_reads_them(kits, monkeypatch):
    """The ten kit has 359 objects: with room for 100, it is refused by the count of its
    cross-reference entries, which are matched, not parsed (2,000,000 took pypdf 10 s)."""
    monkeypatch.setattr(read, "MAX_OBJECTS", 100)
    monkeypatch.setattr(read, "object_reader", None)  # pypdf never sees it
    assert "more than 100 objects" in refusal(kits("ten"))


def test_a_file_larger_than_any_filled_kit_is_refused_unread(tmp_path, monkeypatch):
    path = tmp_path / "large.pdf"
    with path.open("wb") as stream:
        stream.write(b"%PDF-1.7\n")
        stream.truncate(MAX_FILLED_KIT_BYTES + 1)  # sparse: no disk, and nothing to read
    monkeypatch.setattr(read, "object_reader", None)  # reading it at all would fail otherwise
    assert "too large for a filled kit" in refusal(path)


def test_a_real_kit_reads_back_through_every_bound(kits):
    manifest, values = read_kit(kits("ten"))
    assert manifest.tables == (SEATS,) and len(values) > 200

"""pypdf's reader made to parse each object from a window (kitgen/engine/pdf.py): the
contract, pinned to the pypdf version it was checked on, and the plain path on pypdf's
public API, which reads the same objects and values."""

from __future__ import annotations

from io import BytesIO

import pypdf
import pytest
from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, NullObject

from kitgen.engine import pdf
from kitgen.forms.read import read_kit

CHECKED_ON = "7.1.1"  # the pypdf whose PdfReader.stream, xref, xref_objStm and resolved_objects were read
WINDOW = 1024
LONG = "x" * 20_000  # a value far larger than WINDOW


def written() -> tuple[bytes, dict[str, IndirectObject]]:
    """Return a small PDF, written here byte by byte: its catalog names an array of a short
    and a long text object and of an object the file does not have; and the references
    to them by name."""
    objects = {
        1: b"<< /Type /Catalog /Pages 2 0 R /KitgenTest 3 0 R >>",
        2: b"<< /Type /Pages /Kids [] /Count 0 >>",
        3: b"[4 0 R 5 0 R 9999 0 R]",
        4: b"(short)",
        5: b"(" + LONG.encode() + b")",
    }
    data = bytearray(b"%PDF-1.7\n")
    offsets = {}
    for number, body in objects.items():
        offsets[number] = len(data)
        data += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    start = len(data)
    data += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    data += b"".join(b"%010d 00000 n \n" % offsets[number] for number in sorted(objects))
    data += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, start)
    names = {"short": 4, "long": 5, "missing": 9_999, "listed": 3}
    return bytes(data), {name: IndirectObject(number, 0, None) for name, number in names.items()}  # type: ignore[arg-type]


def opened(data: bytes, windowed: bool, budget: pdf.Budget | None = None) -> pdf.ObjectReader:
    """Return the windowed or the plain reader of ``data``, within ``budget`` (4 times its size)."""
    budget = budget or pdf.Budget(4 * len(data))
    if windowed:
        return pdf.WindowedReader(data, budget, WINDOW, 0, 1_000)
    return pdf.PlainReader(data, budget, 1_000)


def listed(reader: pdf.ObjectReader) -> ArrayObject:
    """Return the test array of the PDF ``reader`` reads, from its catalog."""
    catalog = reader.resolved(reader.trailer.raw_get("/Root"), WINDOW)
    assert isinstance(catalog, DictionaryObject)
    found = reader.resolved(catalog.raw_get("/KitgenTest"), WINDOW)
    assert isinstance(found, ArrayObject)
    return found


def test_the_contract_was_checked_on_this_pypdf() -> None:
    assert pdf.PYPDF_CHECKED == CHECKED_ON
    assert pypdf.__version__ == CHECKED_ON, (
        f"kitgen.engine.pdf swaps PdfReader.stream and reads its xref, xref_objStm and resolved_objects "
        f"as pypdf {CHECKED_ON} has them; this is pypdf {pypdf.__version__}: kitgen takes the plain path. "
        "Read pypdf/_reader.py's get_object against WindowedReader, then update PYPDF_CHECKED")
    assert pdf.contract_holds()


def test_the_reader_has_the_attributes_the_windowed_path_reads() -> None:
    data, _ = written()
    reader = PdfReader(BytesIO(data))
    assert isinstance(reader.xref, dict) and all(isinstance(offsets, dict) for offsets in reader.xref.values())
    assert isinstance(reader.xref_objStm, dict) and isinstance(reader.resolved_objects, dict)
    assert hasattr(reader.stream, "seek")


def test_an_object_past_its_window_is_refused_once_the_window_is_read() -> None:
    data, refer = written()
    budget = pdf.Budget(4 * len(data))
    reader = opened(data, True, budget)
    assert reader.resolved(refer["short"], WINDOW) == "short" and not reader.cut_short
    left = budget.left
    with pytest.raises(Exception):  # noqa: B017  # pypdf's, for the string cut short; kitgen reads cut_short
        reader.resolved(refer["long"], WINDOW)
    assert reader.cut_short
    assert left - budget.left < 2 * WINDOW  # the window read, not the value's 20,000 bytes


def test_an_object_the_file_does_not_have_is_null_without_a_search_of_the_file() -> None:
    data, refer = written()
    budget = pdf.Budget(4 * len(data))
    reader = opened(data, True, budget)
    left = budget.left
    assert isinstance(reader.resolved(refer["missing"], WINDOW), NullObject)
    assert budget.left == left


def test_an_object_read_without_keep_is_not_kept() -> None:
    data, refer = written()
    reader = opened(data, windowed=True)
    assert isinstance(reader, pdf.WindowedReader)
    key = (refer["short"].generation, refer["short"].idnum)
    reader.resolved(refer["short"], WINDOW, keep=False)
    assert key not in reader.resolved_objects
    reader.resolved(refer["short"], WINDOW)
    assert key in reader.resolved_objects


def test_both_paths_read_the_same_objects() -> None:
    data, refer = written()
    windowed, plain = opened(data, windowed=True), opened(data, windowed=False)
    def numbers(reader: pdf.ObjectReader) -> list[tuple[int, int]]:
        return [(value.idnum, value.generation) for value in listed(reader)]

    assert numbers(windowed) == numbers(plain) == [(4, 0), (5, 0), (9_999, 0)]
    assert windowed.resolved(refer["short"], WINDOW) == plain.resolved(refer["short"], WINDOW) == "short"
    assert plain.resolved(refer["long"], WINDOW) == LONG  # the plain path parses it whole
    assert isinstance(plain.resolved(refer["missing"], WINDOW), NullObject)


def test_both_paths_are_bounded_by_the_budget() -> None:
    data, refer = written()
    for windowed in (True, False):
        budget = pdf.Budget(4 * len(data))
        reader = opened(data, windowed, budget)
        budget.left = len(LONG) // 2
        with pytest.raises(pdf.Overrun):
            reader.resolved(refer["long"], 10 * len(LONG))


def test_the_windowed_path_is_taken_where_the_contract_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    data, _ = written()
    assert isinstance(pdf.object_reader(data, pdf.Budget(4 * len(data)), WINDOW, 0, 1_000), pdf.WindowedReader)
    monkeypatch.setattr(pdf, "contract_holds", lambda: False)
    assert isinstance(pdf.object_reader(data, pdf.Budget(4 * len(data)), WINDOW, 0, 1_000), pdf.PlainReader)


def test_a_filled_kit_reads_back_the_same_on_the_plain_path(kits, monkeypatch: pytest.MonkeyPatch) -> None:
    windowed = read_kit(kits("ten"))
    monkeypatch.setattr(pdf, "contract_holds", lambda: False)
    assert read_kit(kits("ten")) == windowed


def render(path, case: str):
    """Render a filled fillable kit of four seats of ten (the ``kits`` fixture)."""
    from fill_kits import fill_with_pypdf
    from games_box import rules_for

    from kitgen.kit.build import render_kit
    from kitgen.kit.request import KitRequest

    blank = path.with_suffix(".blank.pdf")
    blank.write_bytes(render_kit(KitRequest(rules_for("ten"), ("Ana", "Ben", "Cy", "Dee"), host_key="none",
                                            fillable=True)).pdfs[0])
    fill_with_pypdf(blank, path, {"t1.rec01.r01.roll-total": "8", "t1.rec01.r01.numbers-closed": "8"})
    return path

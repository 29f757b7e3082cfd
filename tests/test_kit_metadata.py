"""What a kit PDF says about itself (docs/kit.md "Print fidelity", issue 12): its language
after the pypdf join, document information, viewer preferences and an outline a person
can use."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from kitgen import __version__
from kitgen.games import find_preset
from kitgen.kit.build import build_kit
from kitgen.kit.request import KitRequest

NAMES = ("Ana", "Ben", "Cy", "Di", "Eve")


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> tuple[PdfReader, PdfReader]:
    """A classic kit for five names (two tables) and its separate host key."""
    path = tmp_path_factory.mktemp("metadata") / "club.pdf"
    written = build_kit(KitRequest(find_preset("classic").configure({"tiles": "12"}), players=NAMES, output=path))
    return tuple(PdfReader(path) for path in written.paths)


def outline(reader: PdfReader) -> list:
    """Return the outline as (title, first page, [(title, page), ...]) per top item."""
    items, entries = reader.outline, []
    for index, item in enumerate(items):
        if isinstance(item, list):
            continue
        children = items[index + 1] if index + 1 < len(items) and isinstance(items[index + 1], list) else []
        entries.append((item.title, reader.get_destination_page_number(item),
                        [(child.title, reader.get_destination_page_number(child)) for child in children]))
    return entries


def test_the_language_survives_the_join(kit):
    for reader in kit:
        assert reader.trailer["/Root"]["/Lang"] == "en"


def test_document_information(kit):
    key_title = kit[1].metadata.title
    for reader in kit:
        info = reader.metadata
        assert info.creator == f"kitgen {__version__}"
        assert info.producer.startswith("WeasyPrint ") and "pypdf" in info.producer
        assert info.title and info.subject
    assert "Host key" in key_title and "Host key" not in kit[0].metadata.title
    assert "classic tiles=12" in kit[0].metadata.subject and "2 tables" in kit[0].metadata.subject


def test_viewer_preferences_print_at_actual_size_one_sided_on_the_right_tray(kit):
    for reader in kit:
        preferences = reader.trailer["/Root"]["/ViewerPreferences"]
        assert preferences["/PrintScaling"] == "/None"
        assert preferences["/PickTrayByPDFSize"] == True  # noqa: E712
        assert preferences["/Duplex"] == "/Simplex"
        assert preferences["/DisplayDocTitle"] == True  # noqa: E712


def test_one_bookmark_per_table_with_its_sheets_beneath(kit):
    entries = outline(kit[0])
    assert [title for title, _, _ in entries] == ["Table 1 - Ana, Ben, Cy", "Table 2 - Di, Eve"]
    pages = len(kit[0].pages)
    second_table = entries[1][1]
    for index, (_title, first, children) in enumerate(entries):
        assert children and children[0] == ("Rules", first)
        last = second_table if index == 0 else pages
        assert all(first <= page < last for _, page in children)
        assert [page for _, page in children] == sorted(page for _, page in children)
    assert outline(kit[1])[0][0] == "Host key"


def test_blank_tables_are_bookmarked_by_number(tmp_path):
    path = tmp_path / "blank.pdf"
    build_kit(KitRequest(find_preset("strip").configure(), seats=1, tables=2, host_key="appended", output=path))
    reader = PdfReader(path)
    assert [title for title, _, _ in outline(reader)] == ["Table 1", "Table 2", "Host key"]
    assert reader.metadata.title == "Exact-sum number strips - 2 attempts each, 9 tiles"


def test_each_seats_turn_sheet_is_bookmarked_with_its_seat_and_name(tmp_path):
    path = tmp_path / "rounds.pdf"
    build_kit(KitRequest(find_preset("classic").configure({"format": "best-of-3"}), players=("Ana", "O'Brien"),
                         rounds=40, host_key="none", output=path))
    sheets = [title for title, _ in outline(PdfReader(path))[0][2] if title.startswith("Turn sheet")]
    pages = len(sheets) // 2
    assert pages > 1 and sheets == [f"Turn sheet - Seat {seat}, {name} ({page} of {pages})"
                                    for seat, name in ((1, "Ana"), (2, "O'Brien")) for page in range(1, pages + 1)]
    blank = tmp_path / "blank.pdf"
    build_kit(KitRequest(find_preset("hundred").configure(), seats=2, host_key="none", output=blank))
    assert [title for title, _ in outline(PdfReader(blank))[0][2] if title.startswith("Turn sheet")][::2] == [
        "Turn sheet - Seat 1 (1 of 2)", "Turn sheet - Seat 2 (1 of 2)"]

"""Rosters as teachers have them (kitgen.kit.roster; docs/kit.md "Tables and classes", issue 12)."""

from __future__ import annotations

import codecs
from io import BytesIO
from pathlib import Path

import pytest
from openpyxl import Workbook

from kitgen.errors import PlayerNameError, RosterError
from kitgen.kit.roster import parse_roster, read_roster

FIXTURES = Path(__file__).parent / "fixtures"


def test_one_name_a_line():
    roster = read_roster(FIXTURES / "roster-7.txt")
    assert roster.names == ("Ana", "Ben", "Zoë", "Łukasz", "Σοφία", "Дарья", "Mary-Jane O'Neil")
    assert roster.columns == () and roster.summary().endswith("7 names, one a line.")


def test_the_name_column_of_a_csv():
    roster = read_roster(FIXTURES / "roster.csv")
    assert roster.names == ("Ana", "Ben", "Chloé") and roster.columns == ("name",)
    assert roster.summary() == f"roster {str(FIXTURES / 'roster.csv')!r}: 3 names from the column 'name'."


def test_a_one_column_table_is_found_by_its_heading():
    assert parse_roster(b"Name\nAna\nBen\n", "class.csv").names == ("Ana", "Ben")
    assert parse_roster(b"Name\nAna\nBen\n", "-").names == ("Ana", "Ben")


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_the_delimiter_is_sniffed(delimiter):
    text = delimiter.join(["Nr", "Name", "Class"]) + "\n" + delimiter.join(["1", "Ana Silva", "4b"]) + "\n"
    assert parse_roster(text.encode(), "class.txt").names == ("Ana Silva",)


@pytest.mark.parametrize("first, last", [("first name", "last name"), ("First Name", "LAST NAME"),
                                         ("first_name", "Last-Name"), ("Firstname", "Surname")])
def test_first_and_last_name_columns_are_joined(first, last):
    roster = parse_roster(f"Nr;{first};{last}\n1;Ana;Silva\n2;Ben;\n".encode(), "class.csv")
    assert roster.names == ("Ana Silva", "Ben") and roster.columns == (first, last)
    assert f"from the columns {first!r} and {last!r}" in roster.summary()


@pytest.mark.parametrize("encoding, bom", [("utf-8", b""), ("utf-8", codecs.BOM_UTF8),
                                           ("utf-16-le", codecs.BOM_UTF16_LE), ("utf-16-be", codecs.BOM_UTF16_BE)])
def test_utf8_with_or_without_bom_and_utf16_exports(encoding, bom):
    data = bom + "Name\tClass\r\nZoë\t4b\r\nДарья\t4b\r\n".encode(encoding)
    assert parse_roster(data, "class.txt").names == ("Zoë", "Дарья")


def workbook(*rows) -> bytes:
    book = Workbook()
    for row in rows:
        book.active.append(row)
    stream = BytesIO()
    book.save(stream)
    return stream.getvalue()


def test_an_xlsx_workbook_whatever_its_name():
    data = workbook(["Nr", "First name", "Last name"], [1, "Ana", "Silva"], [2, None, None], [3, "Zoë", "Ørsted"])
    roster = parse_roster(data, "export")
    assert roster.names == ("Ana Silva", "Zoë Ørsted") and roster.columns == ("First name", "Last name")


def test_read_roster_reads_an_xlsx_file(tmp_path):
    path = tmp_path / "class.xlsx"
    path.write_bytes(workbook(["name"], ["Ana"], ["Ben"]))
    assert read_roster(path).names == ("Ana", "Ben")


@pytest.mark.parametrize("data, source, message", [
    (b"pupil,class\nAna,4b\n", "class.txt",
     "no 'name' column, nor 'first name' and 'last name' (its columns: 'pupil', 'class')"),
    (b"pupil\nAna\n", "class.csv", "no 'name' column"),
    (b"\x80\x81 abc\n", "class.txt", "not UTF-8 or UTF-16 text"),
    (b"\n \n", "class.txt", "holds no names"),
    (b"name\n\n", "class.csv", "holds no names"),
    (b"PK\x03\x04 not really a workbook", "class.xlsx", "cannot be read as an .xlsx workbook"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "class.xls", "old .xls workbook"),
])
def test_bad_rosters_are_refused_in_one_sentence(data, source, message):
    with pytest.raises(RosterError, match=message.replace("(", r"\(").replace(")", r"\)")) as caught:
        parse_roster(data, source)
    assert str(caught.value).count(". ") == 0 and str(caught.value).endswith(".")


def test_a_sheet_longer_than_any_class_is_refused(monkeypatch):
    monkeypatch.setattr("kitgen.kit.roster.MAX_SHEET_ROWS", 3)
    with pytest.raises(RosterError, match="more than 3 rows"):
        parse_roster(workbook(["name"], ["Ana"], ["Ben"], ["Cy"]), "class.xlsx")


def test_a_bad_name_in_a_table_is_refused():
    with pytest.raises(PlayerNameError, match="given twice"):
        parse_roster(b"name;class\nAna;4b\nAna;4c\n", "class.csv")


@pytest.mark.parametrize("make", [lambda path: None, lambda path: path.mkdir()])
def test_a_missing_file_or_a_folder_cannot_be_read(tmp_path, make):
    path = tmp_path / "class.txt"
    make(path)
    with pytest.raises(RosterError, match="does not exist|is a folder, not a roster"):
        read_roster(path)

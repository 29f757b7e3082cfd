"""Hostile rosters are refused in one sentence by a bound on their size, never by a timeout
(kitgen.kit.roster): workbooks that unpack to gigabytes of cells, rows, strings or XML, and
CSV files that keep a backtracking delimiter guess busy or overflow the csv field limit.

Each bomb is built in memory as the attack was (a few hundred KB of zip); the reader stops
at its bound, after the first few MB of XML.
"""

from __future__ import annotations

import csv
import zipfile
from io import BytesIO

import pytest

from kitgen.errors import KitgenError, RosterError
from kitgen.kit.roster import parse_roster

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATED = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
KINDS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
OFFICE = "application/vnd.openxmlformats-officedocument.spreadsheetml"
CONTENT_TYPES = (
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    f'<Override PartName="/xl/workbook.xml" ContentType="{OFFICE}.sheet.main+xml"/>'
    f'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="{OFFICE}.worksheet+xml"/>{{}}</Types>')
STRINGS_TYPE = f'<Override PartName="/xl/sharedStrings.xml" ContentType="{OFFICE}.sharedStrings+xml"/>'
COLUMN_LETTERS = [chr(65 + column) for column in range(26)] + [
    chr(65 + column // 26 - 1) + chr(65 + column % 26) for column in range(26, 60)]


def workbook(sheet_data: bytes | str, strings: bytes | str | None = None, *, method: int = zipfile.ZIP_DEFLATED,
             prefix: str = "", target: str = "worksheets/sheet1.xml", encoding: str = "UTF-8") -> bytes:
    """Return an ``.xlsx`` workbook as Excel and LibreOffice write it: one sheet whose
    ``<sheetData>`` holds ``sheet_data``, with the shared strings ``strings`` (the ``<si>``
    elements) if given, its elements in the ``prefix`` namespace prefix (``x:``, as the Open
    XML SDK writes them), the sheet named by the relationship ``target`` and declared in
    ``encoding``."""
    def encoded(text: bytes | str) -> bytes:
        return text if isinstance(text, bytes) else text.encode()

    declaration = f'xmlns{":" + prefix[:-1] if prefix else ""}="{MAIN}"'
    relationships = [f'<Relationship Id="rId1" Type="{KINDS}worksheet" Target="{target}"/>']
    if strings is not None:
        relationships.append(f'<Relationship Id="rId2" Type="{KINDS}sharedStrings" Target="sharedStrings.xml"/>')
    parts = {
        "[Content_Types].xml": CONTENT_TYPES.format(STRINGS_TYPE if strings is not None else ""),
        "_rels/.rels": f'<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
                       f'relationships"><Relationship Id="rId1" Type="{KINDS}officeDocument" '
                       f'Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'<?xml version="1.0"?><{prefix}workbook {declaration} xmlns:r="{RELATED}">'
                           f'<{prefix}sheets><{prefix}sheet name="Class 4b" sheetId="1" r:id="rId1"/></{prefix}sheets>'
                           f"</{prefix}workbook>",
        "xl/_rels/workbook.xml.rels": '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/'
                                      'package/2006/relationships">' + "".join(relationships) + "</Relationships>",
        "xl/worksheets/sheet1.xml": b"".join([
            f'<?xml version="1.0" encoding="{encoding}" standalone="yes"?><{prefix}worksheet {declaration}>'
            f"<{prefix}sheetData>".encode(), encoded(sheet_data),
            f"</{prefix}sheetData></{prefix}worksheet>".encode()]),
    }
    if strings is not None:
        parts["xl/sharedStrings.xml"] = b"".join([f'<?xml version="1.0"?><sst xmlns="{MAIN}">'.encode(),
                                                  encoded(strings), b"</sst>"])
    stream = BytesIO()
    with zipfile.ZipFile(stream, "w", method) as archive:
        for name, text in parts.items():
            archive.writestr(name, encoded(text))
    return stream.getvalue()


def refused(data: bytes, source: str = "class.xlsx") -> str:
    """Return the one sentence ``parse_roster`` refuses ``data`` with."""
    with pytest.raises(RosterError) as caught:
        parse_roster(data, source)
    message = str(caught.value)
    assert message.startswith(f"roster {source!r} ") and message.endswith(".") and ". " not in message
    return message


# --- workbooks as spreadsheets write them keep working --------------------------------------

def test_shared_strings_as_excel_and_libreoffice_write_them():
    strings = ('<si><t>Nr</t></si><si><t>First name</t></si><si><t xml:space="preserve">Last name </t></si>'
               "<si><t>Ana</t></si><si><r><rPr><b/></rPr><t>Sil</t></r><r><t>va</t></r></si>"
               "<si><t>\u30e6\u30a4</t><rPh sb=\"0\" eb=\"2\"><t>\u3086\u3044</t></rPh></si>")
    sheet = ('<row r="1" spans="1:3"><c r="A1" t="s"><v>0</v></c><c r="B1" s="1" t="s"><v>1</v></c>'
             '<c r="C1" t="s"><v>2</v></c></row>'
             '<row r="2"><c r="A2"><v>1</v></c><c r="B2" t="s"><v>3</v></c><c r="C2" t="s"><v>4</v></c></row>'
             '<row r="4"><c r="A4"><v>2.0</v></c><c r="B4" t="s"><v>5</v></c></row>')
    roster = parse_roster(workbook(sheet, strings), "class.xlsx")
    assert roster.names == ("Ana Silva", "\u30e6\u30a4") and roster.columns == ("First name", "Last name")


def test_inline_rich_text_formulas_and_a_prefixed_namespace():
    sheet = ('<x:row><x:c t="inlineStr"><x:is><x:t>Name</x:t></x:is></x:c><x:c t="inlineStr"><x:is><x:t>Class'
             '</x:t></x:is></x:c></x:row>'
             '<x:row><x:c t="inlineStr"><x:is><x:r><x:t>Zo</x:t></x:r><x:r><x:t>\u00eb</x:t></x:r></x:is></x:c>'
             '<x:c t="str"><x:f>"4"&amp;"b"</x:f><x:v>4b</x:v></x:c></x:row>'
             '<x:row><x:c t="str"><x:f>"Ben"</x:f><x:v>Ben</x:v></x:c><x:c t="b"><x:v>1</x:v></x:c></x:row>')
    assert parse_roster(workbook(sheet, prefix="x:"), "export").names == ("Zoë", "Ben")


def test_a_name_column_far_right_and_an_absolute_sheet_target():
    sheet = ('<row r="1"><c r="A1" t="inlineStr"><is><t>Nr</t></is></c><c r="CV1" t="inlineStr"><is><t>Name</t></is>'
             '</c></row><row r="2"><c r="A2"><v>1</v></c><c r="CV2" t="inlineStr"><is><t>Ana</t></is></c></row>')
    roster = parse_roster(workbook(sheet, target="/xl/worksheets/sheet1.xml"), "class.xlsx")
    assert roster.names == ("Ana",) and roster.columns == ("Name",)


def test_the_largest_class_in_60_columns_is_read_whole():
    """500 names (the most a kit takes) and 59 more columns, every cell a different shared
    string as Excel writes them; benchmarks/attack_rosters.py reads 2,000 such rows."""
    strings = "".join(f"<si><t>Pupil {row} {column}</t></si>" for row in range(501) for column in range(60))
    sheet = "".join(f'<row r="{row + 1}">'
                    + "".join(f'<c r="{letter}{row + 1}" s="1" t="s"><v>{row * 60 + column}</v></c>'
                              for column, letter in enumerate(COLUMN_LETTERS))
                    + "</row>" for row in range(501))
    roster = parse_roster(workbook(sheet, strings.replace("Pupil 0 1<", "Name<", 1)), "class.xlsx")
    assert len(roster.names) == 500 and roster.names[-1] == "Pupil 500 1" and roster.columns == ("Name",)


# --- workbook bombs: each refused by its bound ----------------------------------------------
# The bounds are lowered so that a test reads 1,000 cells, not 250,000 (a second each on a
# loaded machine); benchmarks/attack_rosters.py meets the bombs with the real bounds.

@pytest.fixture
def small_bounds(monkeypatch):
    for name, bound in [("MAX_SHEET_CELLS", 1_000), ("MAX_SHARED_STRINGS", 1_000),
                        ("MAX_WORKBOOK_ELEMENTS", 100_000), ("MAX_PART_BYTES", 1024 * 1024)]:
        monkeypatch.setattr(f"kitgen.kit.roster.{name}", bound)


def test_one_row_of_five_million_cells_is_refused_by_the_cell_bound(small_bounds):
    bomb = workbook(b"<row>" + b"<c/>" * 5_000_000 + b"</row>")
    assert len(bomb) < 100_000
    assert "has more than 1,000 cells, more than a class list" in refused(bomb)


def test_a_million_shared_strings_are_refused_by_their_bound(small_bounds):
    bomb = workbook('<row><c t="s"><v>0</v></c></row>', b"<si><t/></si>" * 1_000_000)
    assert "has more than 1,000 shared strings, more than a class list" in refused(bomb)


@pytest.mark.parametrize("row", [b"<row/>", b'<row r="1"/>'])
def test_a_million_empty_rows_are_refused_by_the_row_bound(row):
    assert "has more than 10,000 rows, more than a class list" in refused(workbook(row * 1_000_000))


def test_a_part_that_unpacks_past_its_bound_is_refused(small_bounds):
    bomb = workbook(b"<row>" + (b" " * 30_000 + b"<x/>") * 140 + b"</row>")  # 4 MiB, no text longer than a cell
    assert "has a part 'xl/worksheets/sheet1.xml' of more than 1 MiB unpacked" in refused(bomb)


def test_xml_elements_outside_the_cells_are_counted(small_bounds):
    assert "more than 100,000 XML elements" in refused(workbook(b"<row>" + b"<x/>" * 1_000_000 + b"</row>"))


@pytest.mark.parametrize("method", [zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA])
def test_parts_packed_other_than_deflated_are_refused(method):
    """zipfile unpacks bzip2 and LZMA a read at a time without a bound: 4 KB of bzip2 are GB."""
    data = workbook('<row><c t="inlineStr"><is><t>Name</t></is></c></row>'
                    '<row><c t="inlineStr"><is><t>Ana</t></is></c></row>', method=method)
    assert "cannot be read as an .xlsx workbook" in refused(data)


def test_a_billion_laughs_is_refused_by_its_dtd():
    laughs = '<!DOCTYPE worksheet [<!ENTITY a0 "ha">' + "".join(
        f'<!ENTITY a{level} "{f"&a{level - 1};" * 10}">' for level in range(1, 10)) + "]>"
    stream = BytesIO()
    with zipfile.ZipFile(BytesIO(workbook(b""))) as original, zipfile.ZipFile(stream, "w") as bomb:
        for name in original.namelist():
            text = original.read(name)
            if name == "xl/worksheets/sheet1.xml":
                text = text.replace(b"?><", f"?>{laughs}<".encode(), 1).replace(
                    b"<sheetData>", b'<sheetData><row><c t="inlineStr"><is><t>&a9;</t></is></c></row>')
            bomb.writestr(name, text)
    assert "has a DTD in 'xl/worksheets/sheet1.xml'" in refused(stream.getvalue())


def test_a_tag_longer_than_any_workbook_has_is_refused():
    """expat 2.5 parses an unfinished tag again with every chunk: quadratic in its length."""
    bomb = workbook(b'<row><c r="' + b"A" * (2 * 1024 * 1024) + b'"/></row>')
    assert "has a tag or comment of more than 1 MiB in 'xl/worksheets/sheet1.xml'" in refused(bomb)


def test_xml_nested_deeper_than_any_workbook_is_refused():
    assert "nests XML more than 32 deep" in refused(workbook(b"<row>" + b"<c>" * 200_000))


@pytest.mark.parametrize("data", [
    workbook(b"<row><c t='s'><v>7</v></c></row>", b"<si><t>Ana</t></si>"),
    workbook(b"<row><c><v>1</v></c></row>")[:-30],
    workbook(b"<row><c><v>1</v></c></row>").replace(b"sheet1.xml", b"sheet2.xml", 1),
    workbook(b"<row><c><v>1</v></row>"),
    workbook(b"<row><c>&undefined;</c></row>"),
    workbook(b"<row><c><v>1</v></c></row>", encoding="x-unknown"),
])
def test_a_broken_workbook_cannot_be_read(data):
    assert "cannot be read as an .xlsx workbook" in refused(data)


# --- CSV ------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    ',"\n' * 21_000,  # csv.Sniffer's quote regular expression backtracks: 63 s for this 64 KB
    ',"x",\n' + '"' * 250 + "a\n",  # and its double-quote one: 40 s for these 260 bytes
    "name\n" + '"\n' * 30_000,
])
def test_the_delimiter_is_found_without_backtracking(monkeypatch, text):
    def no_sniffer(*_):
        raise AssertionError("csv.Sniffer takes time quadratic to cubic in the sample")

    monkeypatch.setattr(csv, "Sniffer", no_sniffer)
    with pytest.raises(KitgenError):
        parse_roster(text.encode(), "class.csv")


@pytest.mark.parametrize("text, names", [
    ('name,class\n"Ana Silva","4b, east"\n"Ben","4c, west"\n', ("Ana Silva", "Ben")),
    ('Name; Class\nAna; "4b; east"\n"Ben"; "4c; 4d"\n', ("Ana", "Ben")),
    ("Name\tNote\nAna\t1,5; good\nBen\t2,0\n", ("Ana", "Ben")),
    ("Nr;Name;Mark\n1;Ana;1,5\n2;Ben;2,0\n3;Cy;3,5\n", ("Ana", "Ben", "Cy")),
    ('name, class\nAna, "4b, east"\nBen, 4c\n', ("Ana", "Ben")),
    ('name,note\nAna,"two\nlines"\nBen,\n', ("Ana", "Ben")),
])
def test_real_csv_exports_keep_their_cells(text, names):
    assert parse_roster(text.encode(), "class.csv").names == names


def test_a_list_with_a_comma_on_one_line_stays_one_name_a_line():
    with pytest.raises(KitgenError, match="'Silva, Ben' has the character ','"):
        parse_roster(b"Ana\nSilva, Ben\nCy\n", "class.txt")


@pytest.mark.parametrize("data", [b"Ana\n" * 10_001, b"name;class\n" + b'"";4b\n' * 20_000])
def test_a_text_roster_longer_than_any_class_is_refused_by_the_row_bound(data):
    assert "has more than 10,000 rows, more than a class list" in refused(data, "class.csv")


def test_a_refusal_lists_ten_headings_of_a_wide_table():
    message = refused(b";".join(b"column %d" % number for number in range(1000)) + b"\n" + b"x;" * 999 + b"x\n",
                      "class.csv")
    assert message.endswith("'column 8', 'column 9' and 990 more).")


def test_a_stray_quote_before_128_kib_more_is_one_sentence():
    data = b'name;class\nAna;4b\n"Ben;4c\n' + b"Cy;4d\n" * 30_000
    assert refused(data, "class.csv") == "roster 'class.csv' has a quote on line 3 that is not closed within 128 KiB."


def test_a_line_longer_than_the_field_limit_is_one_sentence():
    data = b"name,note\nAna," + b"x" * (200 * 1024) + b"\n"
    assert refused(data, "class.csv") == (
        "roster 'class.csv' has a cell of more than 128 KiB on line 2, longer than any name.")


def test_a_shared_string_longer_than_a_cell_holds_is_refused_before_it_is_copied():
    strings = '<si><t>name</t></si><si><t xml:space="preserve"> ' + "A" * 1_000_000 + "</t></si>"
    rows = "".join(f'<row r="{row}"><c r="A{row}" t="s"><v>{min(row - 1, 1)}</v></c></row>' for row in range(1, 400))
    assert "a text of more than 32,767 characters in 'xl/sharedStrings.xml'" in refused(workbook(rows, strings))

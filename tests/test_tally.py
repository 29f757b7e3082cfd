"""The typed-in tally sheet (docs/tally.md): read into counts, refused in one sentence."""

import re

import pytest

from kitgen.errors import TallyError
from kitgen.session.tally import read_tally

FAIR_36 = "title: Class 4B\n# thirty-six rolls\n" + "\n".join(
    f"{total}: {6 - abs(total - 7)}" for total in range(2, 13))


def test_a_fair_sheet_reads_to_its_counts_and_fits_perfectly() -> None:
    tally = read_tally(FAIR_36)
    assert tally.title == "Class 4B"
    assert tally.counts[7] == 6 and sum(tally.counts.values()) == 36
    result = tally.fit()
    assert result.statistic == 0.0 and result.p_value == pytest.approx(1.0)
    assert result.caution()  # 36 throws: some totals expected fewer than 5 times


def test_missing_totals_count_zero() -> None:
    assert read_tally("7: 3\n").counts == {**dict.fromkeys(range(2, 13), 0), 7: 3}


@pytest.mark.parametrize(("text", "words"), [
    ("13: 2\n", "not a total"),
    ("1: 2\n", "not a total"),
    ("seven: 2\n", "not a total"),
    ("7: 2.5\n", "not a whole number"),
    ("7: -1\n", "not a whole number"),
    ("7: 1\n7: 2\n", "given twice"),
])
def test_bad_lines_are_refused_in_one_sentence(text: str, words: str) -> None:
    with pytest.raises(TallyError, match=words) as raised:
        read_tally(text)
    assert str(raised.value).count(". ") == 0 and str(raised.value).endswith(".")


def test_kitgen_tally_prints_the_verdict_and_refuses_with_status_2(tmp_path) -> None:
    from typer.testing import CliRunner

    from kitgen.cli import app

    sheet = tmp_path / "sheet.txt"
    sheet.write_text(FAIR_36)
    result = CliRunner().invoke(app, ["tally", str(sheet)])
    assert result.exit_code == 0 and "consistent with fair dice" in result.output and "rough guide" in result.output
    sheet.write_text("7: 1\n7: 2\n")
    result = CliRunner().invoke(app, ["tally", str(sheet)])
    assert result.exit_code == 2 and "given twice" in result.output


@pytest.mark.render
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_kitgen_tally_o_prints_the_class_one_page_with_the_reports_figure_and_chart(
        tmp_path, paper, check_paper, check_fonts) -> None:
    from pypdf import PdfReader
    from typer.testing import CliRunner

    from kitgen.cli import app

    sheet = tmp_path / "sheet.txt"
    sheet.write_text(FAIR_36)
    path = tmp_path / "class.pdf"
    result = CliRunner().invoke(app, ["tally", str(sheet), "-o", str(path), "--paper", paper])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{path}\n"
    check_paper(path, paper)
    check_fonts(path)
    reader = PdfReader(path)
    assert len(reader.pages) == 1
    text = " ".join(reader.pages[0].extract_text().split())
    assert "Class 4B" in text and "100 mm" in text and ("4 in" in text) == (paper == "letter")
    assert "The class rolled two dice 36 times" in text
    assert "36 two-dice throws: consistent with fair dice, p = 1.00." in text and "rough guide" in text
    assert "Tallied 1 2 3 4 5 6 5 4 3 2 1" in text and "Fair dice expect 1.0 2.0 3.0 4.0 5.0 6.0" in text
    content = reader.pages[0].get_contents().get_data().decode("latin-1")
    assert len(re.findall(r"\bre\b", content)) >= 11  # a vector bar per total
    for xobject in reader.pages[0]["/Resources"].get("/XObject", {}).values():
        assert xobject.get_object().get("/Subtype") != "/Image"


@pytest.mark.render
def test_the_tally_pdf_is_the_same_bytes_for_the_same_tallies_and_replaced_only_with_force(tmp_path) -> None:
    from pypdf import PdfReader
    from typer.testing import CliRunner

    from kitgen.cli import app

    sheet = tmp_path / "sheet.txt"
    sheet.write_text("7: 5\n8: 4\n")  # no title: the page names itself
    path = tmp_path / "class.pdf"
    assert CliRunner().invoke(app, ["tally", str(sheet), "-o", str(path)]).exit_code == 0
    first = path.read_bytes()
    assert "The class's dice" in PdfReader(path).pages[0].extract_text()
    refused = CliRunner().invoke(app, ["tally", str(sheet), "-o", str(path)])
    assert refused.exit_code == 2 and "--force" in refused.stderr and path.read_bytes() == first
    assert CliRunner().invoke(app, ["tally", str(sheet), "-o", str(path), "--force"]).exit_code == 0
    assert path.read_bytes() == first


@pytest.mark.parametrize(("extra", "words"), [
    (["-o", "-"], "not -"),
    (["-o", "class.pdf", "--json"], "choose one"),
])
def test_kitgen_tally_refuses_a_pdf_on_standard_output_or_beside_json(tmp_path, extra, words) -> None:
    from typer.testing import CliRunner

    from kitgen.cli import app

    sheet = tmp_path / "sheet.txt"
    sheet.write_text(FAIR_36)
    result = CliRunner().invoke(app, ["tally", str(sheet), *extra])
    assert result.exit_code == 2 and words in result.stderr and result.stderr.count("\n") == 1
    assert not (tmp_path / "class.pdf").exists()


@pytest.mark.render
def test_a_title_in_greek_or_cyrillic_prints_and_one_the_fonts_cannot_draw_is_refused(tmp_path) -> None:
    from pypdf import PdfReader
    from typer.testing import CliRunner

    from kitgen.cli import app

    sheet = tmp_path / "sheet.txt"
    title = "Τάξη Δ2 · Класс 4Б, Αλεξάνδρα Παπαδοπούλου-Καραγιάννη"
    sheet.write_text(f"title: {title}\n7: 3\n", encoding="utf-8")
    path = tmp_path / "class.pdf"
    assert CliRunner().invoke(app, ["tally", str(sheet), "-o", str(path)]).exit_code == 0
    assert title.replace(" ", "") in PdfReader(path).pages[0].extract_text().replace(" ", "").replace("\n", "")
    sheet.write_text("title: \u0f00 class\n7: 3\n", encoding="utf-8")  # Tibetan: not in kitgen's fonts
    refused = CliRunner().invoke(app, ["tally", str(sheet), "-o", str(tmp_path / "tibetan.pdf")])
    assert refused.exit_code == 2 and "the title" in refused.stderr and "cannot print" in refused.stderr

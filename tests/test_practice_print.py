"""Printed practice sheets and their answer key (docs/practice.md, "Printed sheets"; issue 25,
item 2): a class set of long names in three alphabets for each level, on A4 and on Letter in
large print, with 0 layout defects, every pupil's sheet and key page in the roster's order, and
the same seed printing the same bytes."""

from __future__ import annotations

from pathlib import Path

import pytest
from print_defects import print_defects
from pypdf import PdfReader
from typer.testing import CliRunner

from kitgen.cli import app

pytestmark = pytest.mark.render
runner = CliRunner()
# 40 characters, wide letters, Greek, Cyrillic, marks (the names of /work/rosters/names12.txt)
# The class sets print its first five (every alphabet and the widest letters): a sheet is the
# same for every pupil but their name, so twelve pupils would only take longer to render.
ROSTER = Path(__file__).parent / "fixtures" / "roster-long-names.txt"
PUPILS = 5


def page_texts(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(path).pages]


@pytest.mark.parametrize("paper", [["--paper", "a4"], ["--paper", "letter", "--large-print"]])
@pytest.mark.parametrize("level", ["1", "2", "3", "4"])
def test_a_class_set_of_long_names_prints_without_defects(tmp_path, check_paper, check_fonts, level, paper):
    sheets = tmp_path / "class.pdf"
    roster = tmp_path / "class.txt"
    roster.write_text("\n".join(ROSTER.read_text(encoding="utf-8").splitlines()[:PUPILS]) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["practice", "--level", level, "--roster", str(roster), "--seed", "40",
                                 *paper, "-o", str(sheets)])
    assert result.exit_code == 0, result.output
    key = tmp_path / "class-answers.pdf"
    assert result.stdout.splitlines() == [str(sheets), str(key)]
    for path in (sheets, key):
        check_paper(path, paper[1])
        check_fonts(path)
        assert print_defects(path) == []
    for path in (sheets, key):  # each pupil's pages in the roster's order, each with its seed
        firsts = [text for text in page_texts(path) if "page 1 of" in text]
        assert len(firsts) == PUPILS
        for number, text in enumerate(firsts):
            assert f"seed {40 + number}" in text
    sheet_text = "\n".join(page_texts(sheets))
    for word in ("Name", "Class", "Date", "Circle one:"):
        assert word in sheet_text
    assert "Answer key" not in sheet_text and "Answer key" in "\n".join(page_texts(key))


def test_the_same_seed_prints_the_same_bytes(tmp_path):
    for run in ("one", "two"):
        result = runner.invoke(app, ["practice", "--level", "3", "--seed", "12", "--problems", "6",
                                     "-o", str(tmp_path / run / "week.pdf")])
        assert result.exit_code == 0, result.output
    for name in ("week.pdf", "week-answers.pdf"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()
    other = runner.invoke(app, ["practice", "--level", "3", "--seed", "13", "--problems", "6",
                                "-o", str(tmp_path / "three" / "week.pdf")])
    assert other.exit_code == 0, other.output
    assert (tmp_path / "three" / "week.pdf").read_bytes() != (tmp_path / "one" / "week.pdf").read_bytes()


def test_the_default_files_are_practice_pdf_and_its_answers_replaced_when_kitgen_wrote_them(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for _ in range(2):  # the second run replaces what the first wrote
        result = runner.invoke(app, ["practice", "--seed", "5", "--problems", "3"])
        assert result.exit_code == 0, result.output
    assert sorted(path.name for path in (tmp_path / "output").iterdir()) == ["practice-answers.pdf", "practice.pdf"]
    forced = runner.invoke(app, ["practice", "--seed", "5", "--problems", "3", "-o", "output/practice.pdf", "--force"])
    assert forced.exit_code == 0, forced.output

"""The printed roll-and-tally sheet of the dice lesson (docs/tally.md, "The printed sheet";
issue 25 item 3): a sheet a pupil in the roster's order, on A4 and Letter, in normal and large
print, with 0 layout defects; its counts are what `kitgen tally` reads."""

from __future__ import annotations

from pathlib import Path

import pytest
from print_defects import print_defects
from pypdf import PdfReader
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.practice.tally_sheet import tally_sheet

runner = CliRunner()
ROSTER = Path(__file__).parent / "fixtures" / "roster-long-names.txt"
PUPILS = 3  # 40 characters of wide letters, then Greek and Cyrillic names


def page_texts(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(path).pages]


@pytest.mark.parametrize("rolls", [36, 72])
def test_the_counter_has_a_box_a_roll_and_the_rows_every_two_dice_total(rolls):
    sheet = tally_sheet("", rolls)
    boxes = [number for line in sheet.counter for number in line]
    assert boxes == list(range(1, rolls + 1)) and len({len(line) for line in sheet.counter}) == 1
    assert sheet.totals == tuple(range(2, 13))


@pytest.mark.render
@pytest.mark.parametrize("rolls", ["36", "72"])
@pytest.mark.parametrize("paper, large", [("a4", False), ("letter", False), ("a4", True), ("letter", True)])
def test_a_class_set_of_long_names_prints_without_defects(tmp_path, check_paper, check_fonts, rolls, paper, large):
    roster = tmp_path / "class.txt"
    names = ROSTER.read_text(encoding="utf-8").splitlines()[:PUPILS]
    roster.write_text("\n".join(names) + "\n", encoding="utf-8")
    path = tmp_path / "lesson.pdf"
    result = runner.invoke(app, ["tally-sheet", "--rolls", rolls, "--roster", str(roster), "--paper", paper,
                                 *(["--large-print"] if large else []), "-o", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{path}\n"
    check_paper(path, paper)
    check_fonts(path)
    assert print_defects(path) == []
    texts = page_texts(path)
    per_sheet = 2 if large else 1  # large print: the rows whole on a page of their own
    assert len(texts) == PUPILS * per_sheet
    for number in range(PUPILS):
        pages = "\n".join(texts[number * per_sheet:(number + 1) * per_sheet])
        assert f"Sheet {number + 1}" in pages
        assert f"Roll two dice {rolls} times" in pages and f"(it should be {rolls})" in pages
        rows = pages[pages.index("Tally marks"):]
        assert all(f"\n{total}\n" in rows for total in range(2, 13))


@pytest.mark.render
def test_one_blank_sheet_by_default_kept_unless_kitgen_wrote_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for _ in range(2):  # the second run replaces what the first wrote
        result = runner.invoke(app, ["tally-sheet"])
        assert result.exit_code == 0, result.output
    assert [path.name for path in (tmp_path / "output").iterdir()] == ["tally-sheet.pdf"]
    assert len(PdfReader(tmp_path / "output" / "tally-sheet.pdf").pages) == 1


def test_an_existing_file_is_kept_without_force(tmp_path):
    path = tmp_path / "lesson.pdf"
    path.write_bytes(b"the teacher's own")
    result = runner.invoke(app, ["tally-sheet", "-o", str(path)])
    assert result.exit_code == 2 and "already exists; add --force" in result.stderr
    assert path.read_bytes() == b"the teacher's own"


@pytest.mark.parametrize("arguments, words", [
    (["--rolls", "50"], "--rolls is 36 or 72, not 50."),
    (["-o", "-"], "name it with -o, not -."),
])
def test_bad_settings_are_refused_in_one_sentence(tmp_path, arguments, words):
    result = runner.invoke(app, ["tally-sheet", *arguments])
    assert result.exit_code == 2 and result.stderr.endswith(f"{words}\n") and result.stderr.count("\n") == 1

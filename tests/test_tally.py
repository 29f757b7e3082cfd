"""The typed-in tally sheet (docs/tally.md): read into counts, refused in one sentence."""

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

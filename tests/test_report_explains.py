"""``kitgen report`` explains itself (issue 23 item 3): a log with errors is named on
standard error with its count and a pointer to ``kitgen validate``; the dice's small-sample
caution reaches ``--json`` and ``--csv``, not only the paper."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.session.dice import TWO_DICE, fit

SESSION = Path(__file__).parent / "fixtures" / "session"


def test_a_log_with_errors_is_named_with_its_count_and_a_pointer_to_validate():
    result = CliRunner().invoke(app, ["report", str(SESSION / "table-01.log"), str(SESSION / "table-05.log"),
                                      "--json"])
    assert result.exit_code == 1
    errors = json.loads(result.stdout)["tables"][1]["errors"]
    line = next(line for line in result.stderr.splitlines() if "table-05.log" in line)
    assert line.startswith("kitgen: ") and f"{errors} error" in line and "kitgen validate" in line
    assert "table-01.log" not in result.stderr


def test_json_says_the_fit_on_few_throws_is_a_rough_guide():
    result = CliRunner().invoke(app, ["report", str(SESSION), "--json"])
    two_dice = json.loads(result.stdout)["dice"]["two_dice"]
    assert two_dice["throws"] == 137 and two_dice["expected"]["2"] < 5
    assert two_dice["rough"] is True and "rough guide" in two_dice["caution"]


def test_csv_carries_the_caution_on_standard_error():
    result = CliRunner().invoke(app, ["report", str(SESSION), "--csv"])
    assert "rough guide" in result.stderr and "rough guide" not in result.stdout


def test_enough_throws_need_no_caution():
    many = fit({total: round(float(chance) * 36 * 10) for total, chance in TWO_DICE.items()}, TWO_DICE)
    assert many.throws == 360 and not many.rough and many.caution() == ""
    few = fit({7: 6, 2: 1}, TWO_DICE)
    assert few.rough and "7 throws" in few.caution()


def test_a_filled_kit_pdf_is_read_as_validate_reads_it(monkeypatch, tmp_path):
    from kitgen.forms import read
    from kitgen.logs.validate import validate_text
    from kitgen.session.collect import collect_session

    text = (SESSION / "table-01.log").read_text(encoding="utf-8")
    kit = tmp_path / "filled.pdf"
    kit.write_bytes(b"%PDF-1.7\n")
    seen = []

    def tables(path):  # a kit of one filled table and one that cannot be validated
        seen.append(path)
        return [validate_text(text, f"{path} (table 1)"), read.TableUnreadable(f"{path} (table 2)", 2, "no names.")]

    monkeypatch.setattr(read, "validate_kit", tables)
    session = collect_session([kit])
    assert seen == [kit]
    assert [table.unreadable for table in session.tables] == [None, "no names."]
    assert session.tables[0].file.endswith("(table 1)") and session.standings


@pytest.mark.render
def test_report_reads_a_fillable_kit_not_as_a_binary_file(tmp_path):
    kit = tmp_path / "kit.pdf"
    made = CliRunner().invoke(app, ["kit", "--rules", "ten", "--players", "Ana, Ben", "--fillable", "-o", str(kit)])
    assert made.exit_code == 0, made.output
    result = CliRunner().invoke(app, ["report", str(kit), "--json"])
    assert "binary file" not in result.stderr
    validated = CliRunner().invoke(app, ["validate", str(kit)])
    assert result.exit_code == validated.exit_code

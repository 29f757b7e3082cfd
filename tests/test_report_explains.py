"""``kitgen report`` explains itself (issue 23 item 3): a log with errors is named on
standard error with its count and a pointer to ``kitgen validate``; the dice's small-sample
caution reaches ``--json`` and ``--csv``, not only the paper."""

from __future__ import annotations

import json
from pathlib import Path

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

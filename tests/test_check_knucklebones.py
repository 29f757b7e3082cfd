"""``kitgen check --rules knucklebones``: the placement preview for a named placement
(docs/rules.md section 7, docs/cli.md), as a library call and through the CLI."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.errors import GridSyntaxError
from kitgen.games import find_preset
from kitgen.games.knucklebones.check import check_placement

RULES = find_preset("knucklebones").configure()
runner = CliRunner()


def test_check_placement_shows_the_column_score_totals_and_removals():
    verdict = check_placement(RULES, "left:3,3 middle: right:6", "l:3 m:2,2 r:6,6,1", 6, "right")
    assert verdict.ok
    assert verdict.facts == {
        "face": 6, "column": "right", "column_score": 24,
        "totals": {"mine": 36, "theirs": 12}, "removed": 2,
    }
    assert verdict.text() == (
        "valid: 6 in the right column removes 2 opposing dice; that column then scores 24; "
        "totals: yours 36, theirs 12."
    )


def test_check_placement_without_removal_and_empty_grids():
    verdict = check_placement(RULES, "", "", 4, "m")
    assert verdict.ok
    assert (verdict.facts["column"], verdict.facts["removed"]) == ("middle", 0)
    assert verdict.facts["totals"] == {"mine": 4, "theirs": 0}
    assert "removes 0 opposing dice" in verdict.text()


def test_check_placement_removes_only_from_the_facing_column():
    verdict = check_placement(RULES, "", "left:5 middle:5,5 right:5", 5, "1")
    assert (verdict.facts["removed"], verdict.facts["totals"]["theirs"]) == (1, 25)
    assert "removes 1 opposing die;" in verdict.text()


@pytest.mark.parametrize(
    ("mine", "theirs", "face", "column", "codes"),
    [
        ("left:1,2,3", "", 4, "left", ["column-full"]),
        ("", "", 7, "left", ["bad-roll"]),
        ("", "", 0, "right", ["bad-roll"]),
        ("", "", 3, "centre", ["bad-column"]),
        ("l:1,2,3", "", 9, "l", ["bad-roll", "column-full"]),
        ("", "l:1,2,3 m:1,2,3 r:1,2,3", 4, "left", ["extra-turn"]),
    ],
)
def test_check_placement_refuses_with_every_reason(mine, theirs, face, column, codes):
    verdict = check_placement(RULES, mine, theirs, face, column)
    assert not verdict.ok
    assert verdict.facts == {"face": face, "column": column, "codes": codes}
    assert len(verdict.reasons) == len(codes)
    assert verdict.text().startswith("not valid: ")


def test_check_placement_refuses_malformed_grid_notation():
    with pytest.raises(GridSyntaxError, match="'centre' is not a column"):
        check_placement(RULES, "centre:3", "", 3, "left")
    with pytest.raises(GridSyntaxError, match="more than 3 dice"):
        check_placement(RULES, "", "left:1,1,1,1", 3, "left")


def test_check_placement_refuses_shut_the_box_rules():
    with pytest.raises(ValueError, match="not knucklebones"):
        check_placement(find_preset("strip").configure(), "", "", 3, "left")


def test_check_placement_never_names_another_column():
    verdict = check_placement(RULES, "l:6,6 m:1", "l:1 m:6 r:6,6", 6, "middle")
    assert "left" not in verdict.text() and "right" not in verdict.text()
    assert set(verdict.facts) == {"face", "column", "column_score", "totals", "removed"}


# Through the CLI


def check(*args: str):
    return runner.invoke(app, ["check", "--rules", "knucklebones", *args])


def test_cli_check_valid_placement_exits_0():
    result = check("--mine", "left:3,3 middle: right:6", "--theirs", "l:3 r:6,6,1",
                   "--face", "3", "--column", "left")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("valid: 3 in the left column removes 1 opposing die;")


def test_cli_check_json_holds_the_facts():
    result = check("--theirs", "m:2,2", "--face", "2", "--column", "m", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {
        "valid": True,
        "reasons": ["2 in the middle column removes 2 opposing dice; that column then scores 2; "
                    "totals: yours 2, theirs 0."],
        "face": 2, "column": "middle", "column_score": 2, "totals": {"mine": 2, "theirs": 0},
        "removed": 2,
    }


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--mine", "right:1,2,3", "--face", "4", "--column", "right"], "right column already holds 3 dice"),
        (["--face", "7", "--column", "left"], "7 is not a face"),
    ],
)
def test_cli_check_refused_placement_exits_1(args, fragment):
    result = check(*args)
    assert result.exit_code == 1, result.output
    assert result.output.startswith("not valid: ")
    assert fragment in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["--mine", "middle 3", "--face", "2", "--column", "left"],
        ["--theirs", "left:9", "--face", "2", "--column", "left"],
        ["--face", "2"],
        ["--column", "left"],
    ],
)
def test_cli_check_misuse_exits_2_with_one_sentence(args):
    result = check(*args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert result.output.startswith("kitgen: ")
    assert result.output.count("\n") == 1


@pytest.mark.parametrize("args, option", [
    (["--face", "2", "--column", "centre"], "--column"),
    (["--face", "2", "--column", "left", "--match", "best-of-7"], "--match"),
])
def test_cli_check_a_value_that_is_not_a_choice_is_a_usage_error(args, option):
    result = check(*args)
    assert result.exit_code == 2
    assert f"Invalid value for '{option}'" in result.output and "Traceback" not in result.output


def test_cli_check_face_that_is_not_a_number_is_a_usage_error():
    result = check("--face", "six", "--column", "left")
    assert result.exit_code == 2
    assert "Traceback" not in result.output


@pytest.mark.parametrize(("letter", "label"), [("a", "left"), ("B", "middle"), ("c", "right")])
def test_a_column_may_be_given_by_the_boards_letter(letter, label):
    result = CliRunner().invoke(app, ["check", "--rules", "knucklebones", "--mine", "a:3", "--theirs", "c:3,3",
                                      "--face", "3", "--column", letter])
    assert result.exit_code == 0, result.output
    assert f"in the {label} column" in result.output

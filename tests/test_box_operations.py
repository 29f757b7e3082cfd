"""The ``ops`` option of strip, classic and ten (docs/rules.md section 9; docs/log-format.md, throw
forms and ``bad-operation``): the option itself, the throw forms, the values a throw makes, moves
and no-move in the rules core, ``kitgen check``, ``kitgen validate`` and ``kitgen rules``."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.errors import OptionError, ThrowSyntaxError
from kitgen.games import find_preset
from kitgen.games.box.rules import (
    box_of,
    fresh_box,
    judge_move,
    operation_value,
    parse_throw,
    throw_values,
)
from kitgen.logs.validate import validate_text
from kitgen.rulebook import rule_text, rulebook

runner = CliRunner()
GOLDEN = Path(__file__).parent / "fixtures" / "golden" / "rules"


def ops(preset: str = "classic", value: str = "add+mul", **options: str):
    return find_preset(preset).configure({**options, "ops": value})


def codes(problems) -> list[str]:
    return [problem.code for problem in problems]


# --- the option ------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["strip", "classic", "ten"])
def test_strip_classic_and_ten_take_ops_and_a_rules_line_names_it(preset):
    rules = ops(preset, "ADD+mul")
    assert rules.ops == ("add", "mul")
    assert rules.describe() == f"{preset} ops=add+mul"
    assert find_preset(preset).configure().ops == ("add",)
    assert find_preset(preset).configure({"ops": "add"}).describe() == preset


def test_ops_is_named_after_the_other_options_and_read_in_any_place_of_the_rules_line():
    text = "rules: classic ops=add+mul tiles=12\nplayers: Ana\nturn Ana\n6x2: 5 7\n"
    assert validate_text(text).rules == "classic tiles=12 ops=add+mul"


@pytest.mark.parametrize("preset", ["hundred", "long-game", "knucklebones"])
def test_other_presets_refuse_ops_with_one_sentence(preset):
    with pytest.raises(OptionError, match=rf"^preset '{preset}' has no option 'ops' \(its options: [a-z, -]+\)\.$"):
        ops(preset)
    result = runner.invoke(app, ["check", "--rules", preset, "--ops", "add+mul", "--open", "1", "--roll", "1+1",
                                 "--close", "1"])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and "no option 'ops'" in result.stderr


def test_ops_out_of_order_says_how_to_write_it_and_an_unknown_operation_lists_them():
    with pytest.raises(OptionError, match=r"cannot be 'mul\+add'; write 'add\+mul'"):
        ops(value="mul+add")
    for wrong in ("times", "", "add+add", "add+"):
        with pytest.raises(OptionError, match=r"one or more of add, sub, mul, div"):
            ops(value=wrong)


# --- throws and values -----------------------------------------------------------------------


@pytest.mark.parametrize("text, op, shown", [
    ("6x2", "mul", "6x2"), ("6 X 2", "mul", "6x2"), ("6*2", "mul", "6x2"), ("6\u00d72", "mul", "6x2"),
    ("6-2", "sub", "6-2"), ("6\u22122", "sub", "6-2"), ("6/2", "div", "6/2"), ("6\u00f72", "div", "6/2"),
    ("6+2", "add", "6+2"),
])
def test_a_two_dice_throw_names_its_operation_in_every_sign(text, op, shown):
    throw = parse_throw(text)
    assert (throw.dice, throw.faces, throw.operation, throw.text) == (2, (6, 2), op, shown)


@pytest.mark.parametrize("text", ["6x", "x2", "6xx2", "six", "6-2-1", "die 6x2"])
def test_a_sign_without_two_numbers_is_not_a_throw(text):
    with pytest.raises(ThrowSyntaxError):
        parse_throw(text)


def test_values_follow_section_9_larger_first_and_only_when_they_exist():
    assert [operation_value(op, (2, 6)) for op in ("add", "sub", "mul", "div")] == [8, 4, 12, 3]
    assert operation_value("sub", (3, 3)) is None and operation_value("div", (4, 4)) == 1
    assert operation_value("div", (5, 2)) is None
    assert throw_values(ops(value="add+sub+mul+div"), parse_throw("6+3")) == (2, 3, 9, 18)
    assert throw_values(ops(value="sub"), parse_throw("4-4")) == ()
    assert throw_values(ops(value="mul"), parse_throw("die 5")) == (5,)


# --- judging a move --------------------------------------------------------------------------


def test_the_tiles_must_add_up_to_the_value_the_named_operation_makes():
    rules = ops()
    assert judge_move(rules, fresh_box(9), parse_throw("6x2"), (5, 7)) == ()
    problems = judge_move(rules, fresh_box(9), parse_throw("6x2"), (1, 7))
    assert codes(problems) == ["sum-mismatch"]
    from kitgen.text.problems import describe
    assert describe(problems[0]) == "1+7 is 8, but 6x2 makes 12."


def test_a_no_move_is_judged_against_every_allowed_value_of_the_faces():
    rules = ops()
    box = box_of((5, 7))
    assert codes(judge_move(rules, box, parse_throw("6+2"), ())) == ["missed-move"]  # 6x2 = 12 = 5 + 7
    assert codes(judge_move(rules, box, parse_throw("3+3"), ())) == []  # 6 and 9: no set


def test_an_operation_not_allowed_is_bad_operation_in_every_preset_and_its_sum_is_not_judged():
    classic = find_preset("classic").configure()
    problems = judge_move(classic, fresh_box(9), parse_throw("6x2"), (3, 4))
    assert codes(problems) == ["bad-operation"]
    from kitgen.text.problems import describe
    assert describe(problems[0]) == ("6x2 names multiplication, but this game allows only addition "
                                     "(write the dice as 5+3).")
    assert codes(judge_move(ops(), box_of((5,)), parse_throw("6/2"), (5, 5))) == ["bad-operation", "repeated-tile"]
    assert codes(judge_move(ops(), box_of((5,)), parse_throw("6/2"), ())) == ["bad-operation"]


def test_an_operation_that_makes_no_value_is_bad_operation_unless_the_throw_makes_none_at_all():
    assert codes(judge_move(ops(value="add+sub"), fresh_box(9), parse_throw("3-3"), (6,))) == ["bad-operation"]
    assert codes(judge_move(ops(value="add+sub"), fresh_box(9), parse_throw("3-3"), ())) == ["bad-operation"]
    # docs/log-format.md: sub alone and equal faces make no value, so no move even on a full box
    assert codes(judge_move(ops(value="sub"), fresh_box(9), parse_throw("3-3"), ())) == []
    assert codes(judge_move(ops(value="div"), fresh_box(9), parse_throw("5/2"), ())) == []


def test_a_total_only_throw_is_dice_needed_and_judged_as_addition():
    rules = ops(value="mul+div")
    assert codes(judge_move(rules, fresh_box(9), parse_throw("9"), (9,))) == ["dice-needed"]
    assert codes(judge_move(rules, fresh_box(9), parse_throw("9"), (8, 10))) == [
        "dice-needed", "tile-unavailable", "sum-mismatch"]
    assert codes(judge_move(find_preset("classic").configure(), fresh_box(9), parse_throw("9"), (9,))) == []


# --- validate ------------------------------------------------------------------------------------


def test_a_throw_with_a_sign_in_a_game_without_ops_is_bad_operation_not_syntax():
    text = "rules: classic\nplayers: Ana\nturn Ana\n6x2: 1 2 3 4 5 6 7 8 9\nscore: 0\n"  # moved: the box is shut
    assert [(error.line, error.code) for error in validate_text(text).errors] == [(4, "bad-operation")]


def test_a_bad_operation_no_move_ends_the_turn_and_its_tiles_count_as_moved():
    text = ("rules: strip ops=add+sub\nplayers: Ana\nturn Ana\n6x5: 1 4 6\n3+3: -\nscore: 34\n"
            "turn Ana\n3x3: -\nscore: 45\n")
    assert [(error.line, error.code) for error in validate_text(text).errors] == [(4, "bad-operation"),
                                                                                  (8, "bad-operation")]


# --- check ------------------------------------------------------------------------------------


def test_check_judges_a_throw_with_its_operation():
    result = runner.invoke(app, ["check", "--rules", "classic", "--ops", "add+mul", "--open", "5 7 8",
                                 "--roll", "6x2", "--close", "5 7"])
    assert result.exit_code == 0
    assert result.stdout == "valid: 5+7 makes 12 and every tile of it is open.\n"
    result = runner.invoke(app, ["check", "--rules", "classic", "--ops", "add+mul", "--open", "5 7",
                                 "--roll", "6+2", "--none"])
    assert result.exit_code == 1 and "a move exists for the throw 6+2" in result.stdout
    result = runner.invoke(app, ["check", "--rules", "classic", "--ops", "add+mul", "--open", "5 7",
                                 "--roll", "3x3", "--none", "--json"])
    assert result.exit_code == 0 and '"values": [6, 9]' in result.stdout


def test_check_without_ops_says_what_it_said_before():
    result = runner.invoke(app, ["check", "--open", "1 2 4 9", "--roll", "5+1", "--close", "2 4", "--json"])
    assert result.stdout == ('{"valid": true, "reasons": ["2+4 makes 6 and every tile of it is open."], '
                             '"rules": "strip", "open": [1, 2, 4, 9], "roll": "5+1", "role": "close", '
                             '"tiles": [2, 4], "codes": [], "open_after": [1, 9]}\n')


# --- the rules card and kitgen rules -----------------------------------------------------------


@pytest.mark.parametrize("value", ["add+sub+mul+div", "sub", "mul+div"])
def test_the_rules_card_names_every_allowed_operation_with_a_worked_example(value):
    rules = ops("ten", value)
    book = rulebook(rules)
    section = next(part for part in book.sections if part.key == "operations")
    for op, sentence in (("add", "6 + 2 = 8"), ("sub", "6 - 2 = 4"), ("mul", "6 x 2 = 12"), ("div", "6 / 2 = 3")):
        worded = rule_text(rules, f"operations.{op}") if op in rules.ops else ()
        assert (sentence in " ".join(worded)) is (op in rules.ops)
    assert len(section.paragraphs) == len(rules.ops) + 2 + (len(rules.ops) == 1 and value in ("sub", "div"))


def test_kitgen_rules_with_ops_words_them_and_without_or_with_add_is_the_golden_text():
    result = runner.invoke(app, ["rules", "classic", "--ops", "add+mul"])
    assert result.exit_code == 0
    assert "Multiplication (x): the two faces multiplied. Example: 6 x 2 = 12 = 5 + 7." in result.stdout
    assert "ops (default add):\n  - add+mul:" in result.stdout
    golden = (GOLDEN / "classic.txt").read_text(encoding="utf-8")
    assert runner.invoke(app, ["rules", "classic", "--ops", "add"]).stdout == golden
    refused = runner.invoke(app, ["rules", "hundred", "--ops", "add+mul"])
    assert refused.exit_code == 2 and "no option 'ops'" in refused.stderr


def test_the_kit_guide_words_the_roll_record_as_number_sentences_only_with_ops():
    # before: an ops kit's guide said "the roll, the tiles closed ... equal the roll total"
    from kitgen.kit.guide import how_to_use

    def guide(ops: str) -> str:
        return " ".join(how_to_use(find_preset("classic").configure({"ops": ops}), 2, "strips").paragraphs)

    assert "number sentence" in guide("add+mul") and "a tick at the operation used" in guide("add+mul")
    assert "every set for every value" in guide("sub")
    assert "number sentence" not in guide("add") and "the roll, the tiles closed" in guide("add")

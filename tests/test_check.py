"""``kitgen check`` for the Shut the Box presets (docs/cli.md; docs/rules.md sections 1 and 6): the
library function ``check_box_claim`` and the command's exit codes. It never names, counts or
hints at a move the user did not write."""

from __future__ import annotations

import json
import re

import pytest
from games_box import rules_for
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.errors import KitgenError, OptionError, PositionError, ThrowSyntaxError, TileSyntaxError
from kitgen.games.box.check import check_box_claim

runner = CliRunner()


rules = rules_for


# --- a named move, per preset ---------------------------------------------------------------


@pytest.mark.parametrize("settled, open_tiles, roll, close, role", [
    (rules("strip"), "1 2 3 4 5 6 7 8 9", "5+3", "3 5", "close"),
    (rules("classic"), "1 2 3 4 5 6", "die 6", "2 4", "close"),
    (rules("classic", tiles="12"), "1 2 12", "6+6", "12", "close"),
    (rules("ten"), "1 2 3", "die 3", "1 2", "close"),
    (rules("ten"), "1 2 10", "6+6", "2 10", "close"),
    (rules("hundred", scoring="digits"), "1,5,9", "10", "1+9", "close"),
    (rules("long-game"), "1 2 3 4 5 6", "4+4", "8", "open"),
])
def test_a_valid_move_per_preset(settled, open_tiles, roll, close, role):
    verdict = check_box_claim(settled, open_tiles, roll, close, role)
    assert verdict.ok, verdict.reasons
    assert len(verdict.reasons) == 1
    assert verdict.facts["codes"] == []


def test_a_valid_move_says_what_it_makes_and_where_the_box_stands():
    verdict = check_box_claim(rules("strip"), "1 5 9", "10", "1 9")
    assert verdict.text() == "valid: 1+9 makes 10 and every tile of it is open."
    assert verdict.to_json() == {
        "valid": True, "reasons": ["1+9 makes 10 and every tile of it is open."], "rules": "strip",
        "open": [1, 5, 9], "roll": "10", "role": "close", "tiles": [1, 9], "codes": [],
        "open_after": [5],
    }
    opener = check_box_claim(rules("long-game"), "1 2 3 4 5 6", "3+4", "7", "open")
    assert opener.text() == "valid: tile 7 makes 7 and is shut."
    assert opener.facts["open_after"] == [1, 2, 3, 4, 5, 6, 7]


@pytest.mark.parametrize("settled, open_tiles, roll, close, codes", [
    (rules("strip"), "1 2 3", "die 3", "3", ["one-die-not-allowed"]),
    (rules("classic"), "1 2 3 9", "die 3", "3", ["one-die-not-allowed"]),
    (rules("ten"), "1 2 4", "die 3", "1 2", ["one-die-not-allowed"]),
    (rules("strip"), "1 2 3", "7+1", "1 2", ["bad-roll", "sum-mismatch"]),
    (rules("strip"), "1 2 3", "13", "-1", None),
    (rules("strip"), "1 2 3", "4", "4", ["tile-unavailable"]),
    (rules("strip"), "1 2 3", "4", "2 2", ["repeated-tile"]),
    (rules("strip"), "1 2 3", "6", "1 2", ["sum-mismatch"]),
    (rules("long-game"), "1 2 3", "3+4", "3 4", ["tile-unavailable"]),
])
def test_an_invalid_move_gives_every_reason(settled, open_tiles, roll, close, codes):
    if codes is None:
        with pytest.raises(TileSyntaxError):
            check_box_claim(settled, open_tiles, roll, close)
        return
    role = "open" if settled.preset == "long-game" else "close"
    verdict = check_box_claim(settled, open_tiles, roll, close, role)
    assert not verdict.ok
    assert verdict.facts["codes"] == codes
    assert len(verdict.reasons) == len(codes)
    assert verdict.text().startswith("not valid: ")


# --- the "no move" claim ------------------------------------------------------------------------


def test_no_move_right():
    verdict = check_box_claim(rules("strip"), "1 5 9", "4", None)
    assert verdict.ok and verdict.text() == "valid: right, the throw 4 has no move on this box."
    assert verdict.facts == {"rules": "strip", "open": [1, 5, 9], "roll": "4", "role": "close",
                             "claim": "no move", "codes": []}


def test_a_one_die_1_with_tile_1_shut_has_no_move():
    assert check_box_claim(rules("hundred"), "2 3 4", "die 1", None).ok


@pytest.mark.parametrize("preset, open_tiles, roll, role", [
    ("strip", "1 2 7 8", "9", "close"),
    ("classic", "1 2 7 8 9 10 11 12", "6+3", "close"),
    ("ten", "1 2 3", "die 3", "close"),
    ("hundred", "1 2 3 4 5 6", "die 6", "close"),
    ("long-game", "1 2 3 4 5 6", "4+5", "open"),
])
def test_no_move_wrong_never_names_or_counts_a_move(preset, open_tiles, roll, role):
    settled = rules(preset, tiles="12") if preset == "classic" else rules(preset)
    verdict = check_box_claim(settled, open_tiles, roll, None, role)
    assert not verdict.ok
    assert verdict.reasons == (f"wrong, a move exists for the throw {roll}.",)
    assert set(verdict.facts) == {"rules", "open", "roll", "role", "claim", "codes"}
    assert verdict.facts["codes"] == ["missed-move"]
    said = " ".join(verdict.reasons) + json.dumps(verdict.to_json()["reasons"])
    roll_digits = set(re.findall(r"\d+", roll))
    assert set(re.findall(r"\d+", said)) <= roll_digits  # no tile, no count of moves


def test_no_move_on_a_throw_that_is_not_allowed_is_wrong_for_that_reason():
    verdict = check_box_claim(rules("strip"), "1 5 9", "die 4", None)
    assert not verdict.ok and verdict.facts["codes"] == ["one-die-not-allowed"]


# --- misuse ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("open_tiles, roll, close, role, error", [
    ("1 2 3", "8", "3", "shut", OptionError),
    ("1 2 3", "8", "3", "open", OptionError),  # only the long game has an opener
    ("1 2 13", "8", None, "close", PositionError),
    ("1 2 2", "8", None, "close", PositionError),
    ("0 1", "8", None, "close", PositionError),
    ("", "8", None, "close", TileSyntaxError),
    ("1 x", "8", None, "close", TileSyntaxError),
    ("1 2 3", "eight", None, "close", ThrowSyntaxError),
    ("1 2 3", "8", "", "close", TileSyntaxError),
    ("1 2 3", "8", "-", "close", TileSyntaxError),
])
def test_misuse_raises_a_kitgen_error(open_tiles, roll, close, role, error):
    with pytest.raises(error) as raised:
        check_box_claim(rules("strip"), open_tiles, roll, close, role)
    assert isinstance(raised.value, KitgenError)
    assert str(raised.value).endswith(".")


def test_an_empty_box_is_written_with_a_dash():
    assert check_box_claim(rules("strip"), "-", "7", None).ok


def test_knucklebones_rules_are_refused():
    with pytest.raises(ValueError):
        check_box_claim(rules("knucklebones"), "1", "1", None)


# --- the command -------------------------------------------------------------------------------


def check(*args: str):
    return runner.invoke(app, ["check", *args])


def test_cli_valid_move_exits_0():
    result = check("--open", "1 2 4 9", "--roll", "5+1", "--close", "2 4")
    assert result.exit_code == 0, result.output
    assert result.output == "valid: 2+4 makes 6 and every tile of it is open.\n"


def test_cli_invalid_move_exits_1():
    result = check("--rules", "classic", "--tiles", "12", "--open", "1 2 12", "--roll", "12",
                   "--close", "1 12")
    assert result.exit_code == 1
    assert result.output == "not valid: 1+12 is 13, the throw was 12.\n"


def test_cli_no_move_claim_exits_0_or_1():
    assert check("--open", "1 5 9", "--roll", "4", "--none").exit_code == 0
    assert check("--open", "1 5 9", "--roll", "6", "--none").exit_code == 1


def test_cli_long_game_roles_and_json():
    result = check("--rules", "long-game", "--open", "1 2 3", "--roll", "die 4", "--close", "4",
                   "--role", "open", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["open_after"] == [1, 2, 3, 4]


@pytest.mark.parametrize("args", [
    ["--open", "1 2 3", "--roll", "8"],
    ["--open", "1 2 3", "--roll", "8", "--close", "3 5", "--none"],
    ["--roll", "8", "--none"],
    ["--open", "1 2 13", "--roll", "8", "--none"],
    ["--open", "1 2 3", "--roll", "huit", "--none"],
    ["--open", "1 2 3", "--roll", "8", "--none", "--role", "open"],
    ["--rules", "strip", "--tiles", "12", "--open", "1", "--roll", "8", "--none"],
])
def test_cli_misuse_exits_2_with_one_sentence(args):
    result = check(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("kitgen: ") and result.stderr.count("\n") == 1


@pytest.mark.parametrize("args, sentence", [
    (["--open", "1 5 9", "--roll", "10", "--close", ""],
     "kitgen: --close names no tiles; to claim the throw has no move, use --none.\n"),
    (["--open", "1 5 9", "--roll", "die", "--none"],
     "kitgen: --roll: 'die' is not a throw (write 8, 5+3 or die 4).\n"),
])
def test_cli_misuse_names_the_option_and_a_fix_that_works(args, sentence):
    result = check(*args)
    assert result.exit_code == 2
    assert result.stderr == sentence


@pytest.mark.parametrize("args", [
    ("--open", "1 2 4 9", "--roll", "5+1", "--close", "2 4", "--close", "6"),
    ("--open", "1 2 4 9", "--open", "1 2", "--roll", "5+1", "--close", "2 4"),
    ("--rules", "knucklebones", "--mine", "", "--theirs", "", "--face", "3", "--face", "4", "--column", "a"),
    ("--rules", "knucklebones", "--mine", "", "--theirs", "", "--face", "3", "--column", "a", "--column", "b"),
    ("--rules", "long-game", "--open", "1 2", "--roll", "3", "--close", "3", "--role", "open", "--role", "close"),
    ("--rules", "classic", "--tiles", "9", "--tiles=12", "--open", "1 2", "--roll", "3", "--close", "1 2"),
    ("--open", "1 2", "--roll=3", "--roll", "3", "--close", "1 2"),
])
def test_an_option_given_twice_is_refused_not_the_last_one_taken(args):
    result = check(*args)
    assert result.exit_code == 2
    assert "is given 2 times; give it once." in result.output
    assert "valid:" not in result.output


def test_an_options_value_is_not_read_as_a_second_option_and_a_flag_twice_is_one_flag():
    assert check("--open", "1 2", "--roll", "3", "--close", "1 2", "--json", "--json").exit_code == 0
    # '--roll' is the value of --close here, not a second --roll: the close is refused as tiles
    result = check("--open", "1 2", "--roll", "3", "--close", "--roll")
    assert result.exit_code == 2 and "given 2 times" not in result.output


def test_close_no_move_is_refused_as_naming_no_tiles():
    result = check("--open", "1 2 4 9", "--roll", "5+1", "--close", "No Move")
    assert result.exit_code == 2
    assert "use --none" in result.output

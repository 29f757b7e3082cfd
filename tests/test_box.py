"""The exact-sum box (docs/rules.md section 1): throws, tile lists, box states, judging a move,
whether a move exists, turn scores, and the long game's opener (section 6)."""

from __future__ import annotations

from itertools import combinations

import pytest

from kitgen.errors import ThrowSyntaxError, TileSyntaxError, quote
from kitgen.games import find_preset
from kitgen.games.box.rules import (
    Throw,
    apply_move,
    box_of,
    finished,
    fresh_box,
    has_move,
    judge_move,
    movable_tiles,
    one_die_allowed,
    open_sum,
    parse_throw,
    parse_tiles,
    tiles_of,
    turn_score,
)
from kitgen.text.problems import describe

STRIP = find_preset("strip").defaults
CLASSIC = find_preset("classic").defaults
CLASSIC_12 = find_preset("classic").configure({"tiles": "12"})
TEN = find_preset("ten").defaults
HUNDRED = find_preset("hundred").defaults
DIGITS = find_preset("hundred").configure({"scoring": "digits"})
LONG = find_preset("long-game").defaults


def codes(problems) -> list[str]:
    return [problem.code for problem in problems]


def box(*tiles: int) -> int:
    return box_of(tiles)


# --- throws -------------------------------------------------------------------------------


@pytest.mark.parametrize("text, dice, faces, total", [
    ("8", 2, (), 8),
    (" 12 ", 2, (), 12),
    ("5+3", 2, (5, 3), 8),
    ("5 + 3", 2, (5, 3), 8),
    ("die 4", 1, (4,), 4),
    ("DIE 4", 1, (4,), 4),
    ("die  6", 1, (6,), 6),
])
def test_parse_throw_reads_the_three_forms(text, dice, faces, total):
    assert parse_throw(text) == Throw(dice, faces, total)


@pytest.mark.parametrize("text, possible", [
    ("13", False), ("1", False), ("0", False), ("7+1", False), ("0+4", False), ("die 0", False),
    ("die 7", False), ("2", True), ("12", True), ("6+6", True), ("die 1", True),
])
def test_impossible_throws_parse_and_are_not_possible(text, possible):
    assert parse_throw(text).possible is possible


@pytest.mark.parametrize("text", [
    "", "eight", "roll", "5+", "+5", "1+2+3", "die", "die x", "die -1", "-3", "8.5",
    "\u0663", "5+\u0663", "1234567890", "8 3",
])
def test_parse_throw_raises_only_syntax_errors(text):
    with pytest.raises(ThrowSyntaxError):
        parse_throw(text)


def test_throw_text_and_double():
    assert [parse_throw(text).text for text in ("8", "5+3", "die 4")] == ["8", "5+3", "die 4"]
    assert parse_throw("3+3").double
    assert not parse_throw("6").double  # a total-only throw shows no double
    assert not parse_throw("die 3").double
    assert not parse_throw("7+7").double  # an impossible throw earns nothing


def test_quote_shortens_long_input():
    assert quote("8: 3") == "'8: 3'"
    assert len(quote("x" * 500)) < 50


# --- tile lists ---------------------------------------------------------------------------


@pytest.mark.parametrize("text, tiles", [
    ("6 4 2", (6, 4, 2)), ("6,4,2", (6, 4, 2)), ("6+4+2", (6, 4, 2)), (" 6, 4 +2 ", (6, 4, 2)),
    ("-", ()), ("none", ()), ("None", ()), ("3 3", (3, 3)), ("0 13", (0, 13)),
])
def test_parse_tiles(text, tiles):
    assert parse_tiles(text) == tiles


@pytest.mark.parametrize("text", ["", "   ", ",", "3 x", "1.5", "-2", "three", "1 " * 13])
def test_parse_tiles_raises_only_syntax_errors(text):
    with pytest.raises(TileSyntaxError):
        parse_tiles(text)


# --- box states ---------------------------------------------------------------------------


def test_box_states_round_trip():
    assert tiles_of(fresh_box(9)) == tuple(range(1, 10))
    assert tiles_of(fresh_box(12)) == tuple(range(1, 13))
    assert tiles_of(box(1, 5, 9)) == (1, 5, 9)
    assert tiles_of(0) == ()
    assert open_sum(fresh_box(9)) == 45 and open_sum(fresh_box(12)) == 78


def _reachable(tiles: tuple[int, ...]) -> set[int]:
    return {sum(chosen) for size in range(1, len(tiles) + 1)
            for chosen in combinations(tiles, size)}


def test_has_move_agrees_with_listing_every_subset():
    for mask in range(1 << 12):
        reachable = _reachable(tiles_of(mask))
        for total in range(0, 80):
            assert has_move(mask, total) == (total in reachable), (tiles_of(mask), total)


@pytest.mark.parametrize("tiles, counts", [  # docs/rules.md section 1, "Facts useful as checks"
    (9, (1, 1, 2, 2, 3, 4, 5, 6, 8, 9, 10, 12)),
    (10, (1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 11, 13)),
    (12, (1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 12, 15)),
])
def test_the_first_throw_of_a_turn_always_has_a_move(tiles, counts):
    for total in range(1, 13):
        assert has_move(fresh_box(tiles), total)
    sets = [sum(1 for size in range(1, 5) for chosen in combinations(range(1, tiles + 1), size)
                if sum(chosen) == total) for total in range(1, 13)]
    assert tuple(sets) == counts


def test_worst_turn_scores_follow_from_a_first_move():
    assert open_sum(fresh_box(9)) - 2 == 43
    assert open_sum(fresh_box(10)) - 2 == 53
    assert open_sum(fresh_box(12)) - 2 == 76


# --- one-die conditions ---------------------------------------------------------------------


def test_one_die_never():
    assert not one_die_allowed(STRIP, 0)
    assert not one_die_allowed(find_preset("classic").configure({"one-die": "off"}), box(1))


def test_one_die_high_shut_needs_every_tile_from_7_up_shut():
    assert one_die_allowed(CLASSIC, box(1, 2, 3, 4, 5, 6))
    assert not one_die_allowed(CLASSIC, box(1, 9))
    assert not one_die_allowed(CLASSIC, box(7))
    assert one_die_allowed(CLASSIC_12, box(6))
    assert not one_die_allowed(CLASSIC_12, box(1, 12))
    assert not one_die_allowed(CLASSIC_12, box(10))


def test_one_die_low_sum_boundary_is_6():
    assert one_die_allowed(TEN, box(1, 5))
    assert one_die_allowed(TEN, box(6))
    assert not one_die_allowed(TEN, box(7))
    assert not one_die_allowed(TEN, box(1, 2, 4))


# --- judging a move ---------------------------------------------------------------------


def test_a_valid_move_has_no_problem():
    assert judge_move(STRIP, fresh_box(9), parse_throw("8"), (3, 5)) == ()
    assert judge_move(STRIP, fresh_box(9), parse_throw("6+6"), (1, 2, 9)) == ()
    assert judge_move(HUNDRED, box(1, 2, 3), parse_throw("die 6"), (1, 2, 3)) == ()


def test_each_problem_alone():
    full = fresh_box(9)
    assert codes(judge_move(STRIP, full, parse_throw("13"), (4, 9))) == ["bad-roll"]
    assert codes(judge_move(STRIP, full, parse_throw("die 4"), (4,))) == ["one-die-not-allowed"]
    assert codes(judge_move(STRIP, box(1, 2), parse_throw("3"), (3,))) == ["tile-unavailable"]
    assert codes(judge_move(STRIP, full, parse_throw("8"), (10,))) == [
        "tile-unavailable", "sum-mismatch"]
    assert codes(judge_move(STRIP, full, parse_throw("8"), (2, 6, 0))) == ["tile-unavailable"]
    assert codes(judge_move(STRIP, full, parse_throw("8"), (4, 4))) == ["repeated-tile"]
    assert codes(judge_move(STRIP, full, parse_throw("8"), (4, 5))) == ["sum-mismatch"]
    assert codes(judge_move(STRIP, box(1, 5, 9), parse_throw("6"), ())) == ["missed-move"]


def test_every_problem_is_returned_not_only_the_first():
    problems = judge_move(STRIP, box(2, 3), parse_throw("die 9"), (3, 3, 4, 11))
    assert set(codes(problems)) == {
        "bad-roll", "one-die-not-allowed", "repeated-tile", "tile-unavailable", "sum-mismatch"}
    assert len(problems) == 5


def test_one_die_not_allowed_is_still_judged_for_the_move():
    problems = judge_move(CLASSIC, fresh_box(9), parse_throw("die 6"), (1, 2))
    assert codes(problems) == ["one-die-not-allowed", "sum-mismatch"]
    problems = judge_move(CLASSIC, fresh_box(9), parse_throw("die 6"), ())
    assert codes(problems) == ["one-die-not-allowed", "missed-move"]


def test_no_move_claims():
    assert judge_move(STRIP, box(1, 5, 9), parse_throw("4"), ()) == ()  # neither 4 nor 3+1
    assert judge_move(STRIP, 0, parse_throw("7"), ()) == ()
    # an impossible throw is not judged for a missed move
    assert codes(judge_move(STRIP, fresh_box(9), parse_throw("0+4"), ())) == ["bad-roll"]


def test_a_one_die_1_with_tile_1_shut_has_no_move():
    board = box(2, 3, 4)
    assert one_die_allowed(HUNDRED, board)
    assert judge_move(HUNDRED, board, parse_throw("die 1"), ()) == ()
    assert codes(judge_move(HUNDRED, board, parse_throw("die 1"), (1,))) == ["tile-unavailable"]


def test_messages_never_name_a_tile_the_caller_did_not_write():
    problems = judge_move(STRIP, box(1, 2, 7, 8), parse_throw("9"), ())
    assert codes(problems) == ["missed-move"]
    message = describe(problems[0])
    assert not any(str(tile) in message.replace("9", "") for tile in (1, 2, 7, 8))
    problems = judge_move(STRIP, box(1, 2, 7, 8), parse_throw("9"), (4, 5))
    assert {char for char in describe(problems[0]) if char.isdigit()} <= set("459")


def test_tile_unavailable_messages():
    [problem] = judge_move(STRIP, box(1, 2), parse_throw("3"), (3,))
    assert describe(problem) == "tile 3 is not open."
    [problem, _] = judge_move(STRIP, fresh_box(9), parse_throw("8"), (13,))
    assert describe(problem) == "there is no tile 13 on the 9-tile box."
    [problem] = judge_move(LONG, fresh_box(9), parse_throw("3+4"), (7,), "open")
    assert describe(problem) == "tile 7 is not shut."


def test_sum_mismatch_message_quotes_the_tiles():
    [problem] = judge_move(STRIP, fresh_box(9), parse_throw("7"), (3, 5))
    assert describe(problem) == "3+5 is 8, the throw was 7."


# --- the opener (docs/rules.md section 6) -----------------------------------------------------


def test_the_opener_moves_shut_tiles():
    board = box(1, 2, 3, 4, 5, 6)  # 7, 8, 9 shut
    assert movable_tiles(LONG, board, "open") == box(7, 8, 9)
    assert judge_move(LONG, board, parse_throw("4+4"), (8,), "open") == ()
    assert codes(judge_move(LONG, board, parse_throw("2+2"), (4,), "open")) == ["tile-unavailable"]
    assert judge_move(LONG, board, parse_throw("2+2"), (), "open") == ()  # no shut set makes 4
    assert codes(judge_move(LONG, board, parse_throw("5+2"), (), "open")) == ["missed-move"]
    assert tiles_of(apply_move(LONG, board, (8,), "open")) == (1, 2, 3, 4, 5, 6, 8)


def test_one_die_in_the_long_game_is_judged_on_the_board_for_either_role():
    board = box(1, 2, 3)
    assert judge_move(LONG, board, parse_throw("die 6"), (1, 2, 3), "close") == ()
    assert codes(judge_move(LONG, board | box(7), parse_throw("die 6"), (6,), "open")) == [
        "one-die-not-allowed"]


# --- applying moves and scores ------------------------------------------------------------


def test_apply_move_moves_only_the_movable_tiles_written():
    assert tiles_of(apply_move(STRIP, box(1, 2, 3), (3, 4, 13), "close")) == (1, 2)
    assert apply_move(STRIP, box(1, 2, 3), (), "close") == box(1, 2, 3)


def test_finished():
    assert finished(STRIP, 0, "close") and not finished(STRIP, box(1), "close")
    assert finished(LONG, fresh_box(9), "open") and not finished(LONG, box(1), "open")


def test_turn_scores():
    assert turn_score(STRIP, box(1, 5, 9)) == 15
    assert turn_score(STRIP, 0) == 0
    assert turn_score(DIGITS, box(1, 5, 9)) == 159
    assert turn_score(DIGITS, box(9, 2, 4)) == 249
    assert turn_score(DIGITS, 0) == 0
    assert turn_score(DIGITS, fresh_box(9)) == 123456789

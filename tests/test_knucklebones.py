"""The knucklebones rules core (docs/rules.md section 7): columns, grids, scoring, placement
with removal, games and matches."""

from __future__ import annotations

import pytest

from kitgen.errors import ColumnSyntaxError, GridSyntaxError, KitgenError
from kitgen.games import find_preset
from kitgen.games.knucklebones.rules import (
    MAX_TOTAL,
    Column,
    Grid,
    GridGame,
    Match,
    column_score,
    format_grid,
    judge_placement,
    new_match,
    parse_column,
    parse_grid,
    place,
    preview_placement,
)

FULL_LOW = "l:1,1,2 m:1,1,2 r:1,1,2"  # 9 dice, 18
FULL_HIGH = "l:3,3,3 m:3,3,3 r:3,3,3"  # 9 dice, 81


def grids(first: str, second: str) -> tuple[Grid, Grid]:
    return parse_grid(first), parse_grid(second)


def ended(first: str, second: str, starter: int) -> GridGame:
    return GridGame(grids(first, second), starter=starter, due=1 - starter)


# Columns


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("left", Column.LEFT), ("middle", Column.MIDDLE), ("right", Column.RIGHT),
        ("l", Column.LEFT), ("m", Column.MIDDLE), ("r", Column.RIGHT),
        ("1", Column.LEFT), ("2", Column.MIDDLE), ("3", Column.RIGHT),
        ("  Left ", Column.LEFT), ("MIDDLE", Column.MIDDLE), ("R", Column.RIGHT),
    ],
)
def test_parse_column_reads_every_spelling(text, column):
    assert parse_column(text) is column


@pytest.mark.parametrize("text", ["centre", "center", "0", "4", "", "lft", "left column", "l m"])
def test_parse_column_refuses_other_words(text):
    with pytest.raises(ColumnSyntaxError, match="is not a column"):
        parse_column(text)


def test_column_syntax_error_is_a_kitgen_error():
    assert issubclass(ColumnSyntaxError, KitgenError)


def test_columns_are_labelled_as_printed():
    assert [column.label for column in Column] == ["left", "middle", "right"]


# Scoring


@pytest.mark.parametrize(
    ("faces", "score"),
    [
        ([], 0), ([5], 5), ([5, 5], 20), ([2, 2], 8), ([6, 6, 6], 54), ([5, 5, 1], 21),
        ([4, 1, 4], 17), ([1, 2, 3], 6), ([1, 1, 1], 9), ([6, 1, 6], 25),
    ],
)
def test_column_score_is_face_times_count_squared(faces, score):
    assert column_score(faces) == score


def test_grid_total_adds_the_three_columns():
    assert parse_grid("l:2,2 m:6,6,6 r:4,1,4").total == 8 + 54 + 17


def test_grid_total_ranges_from_0_to_162():
    assert Grid().total == 0
    assert parse_grid("l:6,6,6 m:6,6,6 r:6,6,6").total == MAX_TOTAL == 162


def test_grid_counts_dice_and_knows_when_it_is_full():
    grid = parse_grid("l:1,2,3 m:4,5 r:6")
    assert grid.dice == 6
    assert not grid.full
    assert grid.column_full(Column.LEFT) and not grid.column_full(Column.MIDDLE)
    assert parse_grid(FULL_LOW).full


@pytest.mark.parametrize(
    "columns",
    [((), ()), ((), (), (), ()), ((1, 2, 3, 4), (), ()), ((7,), (), ()), ((0,), (), ()), ([1], (), ())],
)
def test_grid_refuses_an_impossible_shape(columns):
    with pytest.raises(ValueError, match="not a knucklebones grid"):
        Grid(columns)


# Grid notation


@pytest.mark.parametrize(
    ("text", "columns"),
    [
        ("left:3,3 middle: right:6", ((3, 3), (), (6,))),
        ("", ((), (), ())),
        ("   ", ((), (), ())),
        ("right:6", ((), (), (6,))),
        ("r:6 l:3 3", ((3, 3), (), (6,))),
        ("1:1,2,3 2:4 3:5,5", ((1, 2, 3), (4,), (5, 5))),
        ("LEFT : 3, 3  M:", ((3, 3), (), ())),
        ("l:4,1,4", ((4, 1, 4), (), ())),
    ],
)
def test_parse_grid_reads_the_notation(text, columns):
    assert parse_grid(text).columns == columns


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("centre:3", "'centre' is not a column"),
        ("3 left:", "before any column name"),
        (":3", "without a column name"),
        ("left:3,3,3,3", "more than 3 dice"),
        ("left:7", "not a face 1-6"),
        ("left:0", "not a face 1-6"),
        ("left:x", "not a face 1-6"),
        ("left:3 left:4", "names the left column twice"),
        ("l:3 left:4", "names the left column twice"),
        ("left:3 middle", "needs a ':' after the column name 'middle'"),
    ],
)
def test_parse_grid_refuses_malformed_notation(text, fragment):
    with pytest.raises(GridSyntaxError, match=fragment):
        parse_grid(text)


def test_format_grid_writes_every_column_and_reads_back():
    grid = parse_grid("r:6 l:3 3")
    assert format_grid(grid) == "left:3,3 middle: right:6"
    assert parse_grid(format_grid(grid)) == grid


# Judging a placement


def test_judge_placement_accepts_a_legal_placement():
    assert judge_placement(parse_grid("l:1,2"), 6, "left") == ()


@pytest.mark.parametrize(
    ("grid", "face", "column", "codes"),
    [
        ("", 7, "left", ["bad-roll"]),
        ("", 0, "left", ["bad-roll"]),
        ("", 3, "centre", ["bad-column"]),
        ("l:1,2,3", 3, "left", ["column-full"]),
        ("l:1,2,3", 9, "l", ["bad-roll", "column-full"]),
        ("", -1, "top", ["bad-roll", "bad-column"]),
    ],
)
def test_judge_placement_returns_every_problem(grid, face, column, codes):
    assert [problem.code for problem in judge_placement(parse_grid(grid), face, column)] == codes


# Placing and removing


def test_place_removes_every_die_of_the_face_from_the_facing_column_only():
    mine, theirs = grids("", "l:3,4,3 m:3 r:3,3")
    mine, theirs = place(mine, theirs, 3, Column.LEFT)
    assert mine.columns == ((3,), (), ())
    assert theirs.columns == ((4,), (3,), (3, 3))


def test_place_never_removes_the_movers_own_dice():
    mine, theirs = grids("l:5,5", "l:5 m:5")
    mine, theirs = place(mine, theirs, 5, Column.LEFT)
    assert mine.columns == ((5, 5, 5), (), ())
    assert theirs.columns == ((), (5,), ())


def test_place_leaves_other_faces_and_closes_up_in_order():
    mine, theirs = grids("", "m:2,6,4")
    _, theirs = place(mine, theirs, 6, Column.MIDDLE)
    assert theirs.column(Column.MIDDLE) == (2, 4)


def test_place_columns_share_one_orientation_left_faces_left():
    _, theirs = place(Grid(), parse_grid("l:1 r:1"), 1, Column.RIGHT)
    assert theirs.columns == ((1,), (), ())


@pytest.mark.parametrize(("mine", "face"), [("l:1,2,3", 4), ("", 7), ("", 0)])
def test_place_refuses_what_judge_placement_refuses(mine, face):
    with pytest.raises(ValueError, match="judge it first"):
        place(parse_grid(mine), Grid(), face, Column.LEFT)


def test_preview_placement_is_arithmetic_on_the_named_placement():
    mine, theirs = grids("l:5 m:6", "l:5,5,1 r:2")
    preview = preview_placement(mine, theirs, 5, Column.LEFT)
    assert (preview.face, preview.column) == (5, Column.LEFT)
    assert preview.column_score == 20
    assert (preview.mine_total, preview.theirs_total) == (26, 3)
    assert preview.removed == 2


def test_preview_placement_counts_no_removal_when_the_face_is_not_facing():
    preview = preview_placement(*grids("", "l:4 m:3,3"), 3, Column.LEFT)
    assert (preview.removed, preview.column_score, preview.theirs_total) == (0, 3, 16)


# Games


def test_game_ends_when_a_grid_holds_nine_dice_and_higher_total_wins():
    game = GridGame(grids("l:3,3,3 m:3,3,3 r:3,3", "l:4,5,6 m:4,5,6 r:4,5"), starter=0, due=0)
    assert not game.ended and game.winner is None
    game = game.place(0, 3, Column.RIGHT)
    assert game.ended
    assert game.totals == (81, 39)
    assert game.winner == 0 and not game.drawn


def test_game_removals_of_the_filling_placement_are_settled_before_the_result():
    # Ana (seat 0) trails 30 to 43 before her ninth die; the 6 it places in her right
    # column removes Ben's 6,6 there, so she wins 36 to 19 (she would lose 36 to 43
    # if the result were taken before the removal).
    game = GridGame(grids("l:1,1,1 m:2,2,2 r:1,2", "l:4,4 m:3 r:6,6"), starter=1, due=0)
    assert game.totals == (30, 43)
    game = game.place(0, 6, Column.RIGHT)
    assert game.ended
    assert game.grids[1].column(Column.RIGHT) == ()
    assert game.totals == (36, 19)
    assert game.winner == 0


def test_game_equal_totals_draw():
    game = GridGame(grids("l:3,3,3 m:1,2,3 r:1,2", "l:4,5,6 m:4,5,6 r:4,5"), starter=0, due=0)
    game = game.place(0, 3, Column.RIGHT)
    assert game.totals == (39, 39)
    assert game.drawn and game.winner is None


def test_game_alternates_as_written_and_records_its_starter():
    game = GridGame()
    assert not game.begun and game.due is None
    game = game.place(1, 4, Column.LEFT)
    assert (game.starter, game.due) == (1, 0)
    game = game.place(1, 2, Column.LEFT)  # the wrong seat, taken as written
    assert (game.starter, game.due) == (1, 0)
    assert game.grids[1].column(Column.LEFT) == (4, 2)


def test_game_use_turn_keeps_the_grids_and_passes_the_turn():
    game = GridGame(grids("l:1", "m:2"), starter=0, due=1)
    after = game.use_turn(1)
    assert after.grids == game.grids
    assert (after.starter, after.due) == (0, 0)
    assert GridGame().use_turn(1).starter == 1


def test_game_refuses_a_placement_after_it_ended():
    with pytest.raises(ValueError, match="has ended"):
        ended(FULL_HIGH, "", 0).place(1, 1, Column.LEFT)


# Matches


def knucklebones(match: str = "single"):
    return find_preset("knucklebones").configure({"match": match})


@pytest.mark.parametrize(("length", "needed"), [("single", 1), ("best-of-3", 2), ("best-of-5", 3)])
def test_new_match_needs_first_to_one_two_or_three_wins(length, needed):
    assert new_match(knucklebones(length)).wins_needed == needed


def test_new_match_refuses_shut_the_box_rules():
    with pytest.raises(ValueError, match="not knucklebones"):
        new_match(find_preset("classic").configure())


def test_first_game_may_be_started_by_either_seat():
    match = new_match(knucklebones()).start_game()
    assert match.game == GridGame() and match.game.due is None and match.playing


def test_each_later_game_is_started_by_the_seat_that_did_not_start_the_previous():
    match = Match.of(2, (ended(FULL_HIGH, "", starter=1),))
    assert match.start_game().game.due == 0
    match = Match.of(2, (ended(FULL_HIGH, "", starter=0),))
    assert match.start_game().game.due == 1


def test_a_draw_counts_for_no_one_and_is_replayed_by_the_other_seat():
    drawn = ended("l:3,3,3 m:1,2,3 r:1,2,3", "l:4,5,6 m:4,5,6 r:4,5", starter=0)
    assert drawn.drawn
    match = Match.of(1, (drawn,))
    assert match.wins == (0, 0) and not match.over
    assert match.start_game().game.due == 1


@pytest.mark.parametrize(("needed", "winners", "over"), [
    (1, [0], True),
    (2, [0], False),
    (2, [0, 1, 0], True),
    (2, [1, None, 1], True),
    (3, [1, 1, 0, 0], False),
    (3, [1, 1, 0, 0, 1], True),
])
def test_match_is_won_by_the_first_seat_to_the_wins_needed(needed, winners, over):
    games = tuple(
        ended(FULL_HIGH, FULL_LOW, 0) if seat == 0 else ended(FULL_LOW, FULL_HIGH, 0) if seat == 1
        else ended(FULL_LOW, FULL_LOW, 0)
        for seat in winners
    )
    match = Match.of(needed, games)
    assert match.over is over
    assert match.wins == (winners.count(0), winners.count(1))
    assert match.winner == (max((0, 1), key=winners.count) if over else None)


def test_match_placement_that_ends_the_deciding_game_decides_the_match():
    match = Match.of(1, (GridGame(grids("l:3,3,3 m:3,3,3 r:3,3", "l:4"), starter=0, due=0),))
    match = match.place(0, 3, Column.RIGHT)
    assert match.over and match.winner == 0 and not match.playing
    with pytest.raises(ValueError, match="decided"):
        match.start_game()


def test_starting_a_game_abandons_the_one_being_played():
    match = new_match(knucklebones("best-of-3")).start_game().place(1, 6, Column.LEFT)
    match = match.start_game()
    assert len(match.games) == 2
    assert match.games[0].starter == 1 and not match.games[0].ended
    assert match.wins == (0, 0)
    assert match.game.due == 0


def test_starting_a_game_replaces_one_without_a_placement():
    match = new_match(knucklebones()).start_game().start_game()
    assert match.games == (GridGame(),)


def test_match_use_turn_counts_a_refused_placement_as_the_turn():
    match = new_match(knucklebones()).start_game().use_turn(0)
    assert (match.game.starter, match.game.due) == (0, 1)
    assert match.game.grids == (Grid(), Grid())


def test_match_refuses_a_placement_when_no_game_is_played():
    with pytest.raises(ValueError, match="no game is being played"):
        new_match(knucklebones()).place(0, 1, Column.LEFT)
    with pytest.raises(ValueError, match="no game is being played"):
        Match.of(2, (ended(FULL_HIGH, "", 0),)).use_turn(1)

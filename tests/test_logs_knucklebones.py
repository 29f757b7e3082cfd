"""The knucklebones log validator (docs/log-format.md, "Knucklebones"): the shared cases, then
each rule on small written logs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.games.knucklebones.log import validate_knucklebones_log
from kitgen.logs.reader import read_header, read_log_text
from kitgen.logs.report import Report

CASES = Path(__file__).parent / "fixtures" / "cases"
EXPECTED = json.loads((CASES / "expected.json").read_text(encoding="utf-8"))
KNUCKLEBONES_CASES = sorted(  # a case's game is its rules: line (ruling12-kb-... is knucklebones)
    name for name in EXPECTED if (CASES / f"{name}.log").read_text(encoding="utf-8").split("rules:", 1)[1].split()[0]
    == "knucklebones")

# Scripted games: the starter places 9 dice of faces 1-3, the other seat 8 dice of faces
# 4-6 (so nothing is ever removed); the starter's ninth die ends the game.
HIGH = [(3, "l"), (3, "l"), (3, "l"), (3, "m"), (3, "m"), (3, "m"), (3, "r"), (3, "r"), (3, "r")]  # 81
EVEN = [(3, "l"), (3, "l"), (3, "l"), (1, "m"), (2, "m"), (3, "m"), (1, "r"), (2, "r"), (3, "r")]  # 39
LOW = [(1, "l"), (1, "l"), (2, "l"), (1, "m"), (1, "m"), (2, "m"), (1, "r"), (1, "r"), (2, "r")]  # 18
EIGHT = [(4, "l"), (5, "l"), (6, "l"), (4, "m"), (5, "m"), (6, "m"), (4, "r"), (5, "r")]  # 39


def validate(text: str) -> Report:
    header, body = read_header(text)
    return validate_knucklebones_log(header, body, "test.log")


def game(starter: str, other: str, dice: list[tuple[int, str]], label: int | None = None) -> list[str]:
    """Return the lines of one scripted game: ``starter`` places ``dice``, ``other`` EIGHT."""
    lines = [] if label is None else [f"game {label}"]
    for index, (face, column) in enumerate(dice):
        lines.append(f"{starter}: {face} {column}")
        if index < len(EIGHT):
            lines.append(f"{other}: {EIGHT[index][0]} {EIGHT[index][1]}")
    return lines


def log(*lines: str, rules: str = "knucklebones", players: str = "Ana, Ben") -> str:
    return "\n".join([f"rules: {rules}", f"players: {players}", *lines]) + "\n"


def line_of(text: str, wanted: str, occurrence: int = 1) -> int:
    numbers = [number for number, line in enumerate(text.splitlines(), 1) if line == wanted]
    return numbers[occurrence - 1]


def codes(report: Report) -> list[tuple[int | None, str]]:
    return [(error.line, error.code) for error in report.errors]


# The shared cases (docs/log-format.md examples and ../shared/cases/validate)


def test_every_knucklebones_case_is_present():
    assert len(KNUCKLEBONES_CASES) == 23


@pytest.mark.parametrize("name", KNUCKLEBONES_CASES)
def test_case_agrees_with_expected(name):
    expected = EXPECTED[name]
    header, body = read_header(read_log_text(CASES / f"{name}.log"))
    report = validate_knucklebones_log(header, body, f"{name}.log")
    assert report.valid is expected["valid"]
    if expected["valid"]:
        assert list(report.results.winners) == expected["winners"]
        return
    assert (expected["line"], expected["primary"]) in codes(report)
    assert {error.code for error in report.errors} == set(expected["all"])


def test_spec_example_results():
    header, body = read_header(read_log_text(CASES / "spec-knucklebones-example.log"))
    results = validate_knucklebones_log(header, body, "example.log").results
    assert results.to_json() == {
        "games": [{"game": 1, "starter": "Ana", "totals": {"Ana": 32, "Ben": 45},
                   "result": "won", "winner": "Ben"}],
        "wins": {"Ana": 0, "Ben": 1},
        "winners": ["Ben"],
        "decided": True,
        "rolls": {"Ana": [1, 3, 2, 5, 3, 2, 5, 4, 4], "Ben": [2, 5, 6, 1, 5, 3, 6, 3, 4]},
        "removed": {"Ana": 0, "Ben": 3},  # Ben's 3 middle, 3 right and 1 left
    }


# Games, starters and the match


def test_single_game_with_claims_is_valid_and_reports_its_results():
    text = log(*game("Ana", "Ben", HIGH), "score: Ana 81, Ben 39", "winner: Ana", "match winner: Ana")
    report = validate(text)
    assert report.errors == ()
    assert report.rules == "knucklebones"
    assert report.results.to_json() == {
        "games": [{"game": 1, "starter": "Ana", "totals": {"Ana": 81, "Ben": 39},
                   "result": "won", "winner": "Ana"}],
        "wins": {"Ana": 1, "Ben": 0},
        "winners": ["Ana"],
        "decided": True,
        "rolls": {"Ana": [3] * 9, "Ben": [4, 5, 6, 4, 5, 6, 4, 5]},
        "removed": {"Ana": 0, "Ben": 0},
    }


def test_a_game_line_before_the_first_game_is_optional():
    assert validate(log(*game("Ben", "Ana", LOW, label=1))).results.winners == ("Ana",)
    assert validate(log(*game("Ben", "Ana", LOW))).results.winners == ("Ana",)


def test_best_of_3_alternates_starters_and_ends_at_two_wins():
    text = log(
        *game("Ana", "Ben", HIGH, 1), "winner: Ana",
        *game("Ben", "Ana", HIGH, 2), "winner: Ben",
        *game("Ana", "Ben", LOW, 3), "winner: Ben", "match winner: Ben",
        rules="knucklebones match=best-of-3",
    )
    report = validate(text)
    assert report.errors == ()
    assert report.rules == "knucklebones match=best-of-3"
    assert [(g.starter, g.winner) for g in report.results.games] == [
        ("Ana", "Ana"), ("Ben", "Ben"), ("Ana", "Ben")]
    assert report.results.wins == {"Ana": 1, "Ben": 2}
    assert report.results.winners == ("Ben",)


def test_best_of_5_needs_three_wins():
    games = [game(*(("Ana", "Ben") if n % 2 else ("Ben", "Ana")), HIGH, n) for n in range(1, 6)]
    text = log(*[line for lines in games[:4] for line in lines], rules="knucklebones match=best-of-5")
    report = validate(text)
    assert codes(report) == [(None, "missing-turn")]
    assert report.results.wins == {"Ana": 2, "Ben": 2} and report.results.winners == ()
    text = log(*[line for lines in games for line in lines], rules="knucklebones match=best-of-5")
    assert validate(text).results.winners == ("Ana",)


def test_a_later_game_started_by_the_same_seat_is_turn_order_taken_as_written():
    text = log(
        *game("Ana", "Ben", HIGH, 1), *game("Ana", "Ben", LOW, 2), *game("Ben", "Ana", HIGH, 3),
        rules="knucklebones match=best-of-3",
    )
    report = validate(text)
    first_of_game_2 = line_of(text, "game 2") + 1
    assert codes(report) == [(first_of_game_2, "turn-order")]
    assert "Ben's turn" in report.errors[0].message
    assert [g.starter for g in report.results.games] == ["Ana", "Ana", "Ben"]
    assert report.results.winners == ("Ben",)


def test_a_drawn_game_counts_for_no_one_and_is_replayed_by_the_other_seat():
    text = log(*game("Ana", "Ben", EVEN), "winner: draw", *game("Ben", "Ana", HIGH, 2),
               "winner: Ben", "match winner: Ben")
    report = validate(text)
    assert report.errors == ()
    assert report.results.games[0].to_json() == {"game": 1, "starter": "Ana",
                                          "totals": {"Ana": 39, "Ben": 39},
                                          "result": "draw", "winner": None}
    assert report.results.wins == {"Ana": 0, "Ben": 1}


def test_a_drawn_game_is_replayed_by_the_seat_that_did_not_start_it():
    text = log(*game("Ana", "Ben", EVEN), *game("Ana", "Ben", HIGH, 2))
    assert codes(validate(text)) == [(line_of(text, "game 2") + 1, "turn-order")]


def test_a_log_that_ends_on_a_draw_is_missing_a_game():
    report = validate(log(*game("Ana", "Ben", EVEN), "winner: draw"))
    assert codes(report) == [(None, "missing-turn")]
    assert report.results.winners == ()


def test_placements_after_a_game_ended_need_a_game_line():
    text = log(*game("Ana", "Ben", HIGH), *game("Ben", "Ana", HIGH), rules="knucklebones match=best-of-3")
    report = validate(text)
    ended_at = line_of(text, "Ana: 3 r", 3)
    assert {code for _, code in codes(report)} == {"extra-turn", "missing-turn"}
    assert codes(report)[0] == (ended_at + 1, "extra-turn")
    assert len(report.errors) == 17 + 1
    assert report.results.winners == ()


def test_a_game_line_during_a_game_is_turn_order_and_abandons_it():
    partial = game("Ana", "Ben", HIGH)[:5]
    text = log(*partial, *game("Ben", "Ana", HIGH, 2), *game("Ana", "Ben", LOW, 3),
               rules="knucklebones match=best-of-3")
    report = validate(text)
    assert codes(report) == [(line_of(text, "game 2"), "turn-order")]
    assert [g.outcome for g in report.results.games] == ["abandoned", "won", "won"]
    assert report.results.games[0].winner is None
    assert report.results.winners == ("Ben",)


def test_a_game_line_after_the_match_is_decided_is_extra_turn():
    text = log(*game("Ana", "Ben", HIGH), "game 2")
    assert codes(validate(text)) == [(line_of(text, "game 2"), "extra-turn")]


def test_a_placement_after_the_match_is_decided_is_extra_turn_only():
    text = log(*game("Ana", "Ben", HIGH), "Ben: 9 centre", "score: Ana 81, Ben 39")
    report = validate(text)
    assert codes(report) == [(line_of(text, "Ben: 9 centre"), "extra-turn")]
    assert "already won by Ana" in report.errors[0].message


def test_each_placement_after_the_match_gets_a_message_true_of_the_log():
    text = log(*game("Ana", "Ben", HIGH), *[f"{'Ben' if n % 2 else 'Ana'}: {n % 6 + 1} left" for n in range(10)],
               "Zed: 3 left")
    report = validate(text)
    assert len(report.errors) == 12
    assert {error.message for error in report.errors} == {
        "the match was already won by Ana.", "'Zed' is not in the players: line; it counts for nobody."}


def test_a_game_line_without_placements_before_it_starts_nothing():
    assert validate(log("game 1", "game 1", *game("Ana", "Ben", HIGH))).errors == ()


def test_a_log_without_placements_is_missing_turns():
    report = validate(log())
    assert codes(report) == [(None, "missing-turn")]
    assert report.results.to_json() == {"games": [], "wins": {"Ana": 0, "Ben": 0}, "winners": [],
                              "decided": False,
                              "rolls": {"Ana": [], "Ben": []}, "removed": {"Ana": 0, "Ben": 0}}


def test_an_unfinished_game_is_missing_turns_and_its_claims_are_wrong():
    text = log(*game("Ana", "Ben", HIGH)[:-1], "winner: Ana", "match winner: Ana")
    report = validate(text)
    assert codes(report) == [
        (line_of(text, "winner: Ana"), "wrong-winner"),
        (line_of(text, "match winner: Ana"), "wrong-winner"),
        (None, "missing-turn"),
    ]
    assert report.results.games[0].outcome == "unfinished"
    assert report.results.winners == ()


def test_the_filling_placements_removals_are_settled_before_the_result():
    text = log(
        "Ana: 1 l", "Ben: 6 r", "Ana: 1 l", "Ben: 6 r", "Ana: 1 l", "Ben: 3 l", "Ana: 2 m",
        "Ben: 4 l", "Ana: 2 m", "Ben: 5 l", "Ana: 2 m", "Ben: 3 m", "Ana: 1 r", "Ben: 4 m",
        "Ana: 2 r", "Ben: 5 m", "score: Ana 30, Ben 48",
        "Ana: 6 r",  # Ana's ninth die removes Ben's 6,6 on the right
        "score: Ana 36, Ben 24", "winner: Ana", "match winner: Ana",
    )
    report = validate(text)
    assert report.errors == ()
    assert report.results.winners == ("Ana",)


def test_a_removal_reopens_a_full_column():
    text = log("Ana: 4 l", "Ben: 5 l", "Ana: 1 m", "Ben: 5 l", "Ana: 1 m", "Ben: 6 l",
               "Ana: 5 l", "Ben: 2 l", "score: Ana 13, Ben 8")
    assert codes(validate(text)) == [(None, "missing-turn")]


# Turns and players


def test_a_placement_by_the_wrong_seat_is_turn_order_taken_as_written():
    lines = game("Ana", "Ben", HIGH)
    text = log(*lines[:3], "Ana: 6 m", *lines[3:])
    report = validate(text)
    assert codes(report)[0] == (line_of(text, "Ana: 6 m"), "turn-order")
    assert "placements alternate" in report.errors[0].message
    assert report.results.games[0].totals["Ana"] != 81


def test_an_unknown_name_counts_as_the_due_player():
    lines = game("Ana", "Ben", HIGH)
    lines[5] = "Benito: 5 l"  # not one slip from a player's name (ruling 12)
    text = log(*lines)
    report = validate(text)
    assert codes(report) == [(line_of(text, "Benito: 5 l"), "unknown-player")]
    assert "counts as Ben's" in report.errors[0].message
    assert report.results.winners == ("Ana",)


@pytest.mark.parametrize(("starter", "other"), [("Ana", "Ben"), ("Ben", "Ana")])
def test_an_unknown_name_on_the_first_placement_counts_as_the_seat_not_placing_next(starter, other):
    lines = game(starter, other, HIGH)
    lines[0] = "Zed: 3 l"
    report = validate(log(*lines))
    assert codes(report) == [(3, "unknown-player")]
    assert report.results.games[0].starter == starter
    assert report.results.winners == (starter,)


def test_names_match_ignoring_case_and_typographic_apostrophes():
    lines = [line.replace("Ana", "o\u2019neil") for line in game("Ana", "Ben", HIGH)]
    report = validate(log(*lines, "winner: O'NEIL", players="O'Neil, Ben"))
    assert report.errors == ()
    assert report.results.winners == ("O'Neil",)


def test_a_player_named_like_a_keyword_can_place():
    lines = [line.replace("Ana", "Score") for line in game("Ana", "Ben", HIGH)]
    report = validate(log(*lines, "score: Score 81, Ben 39", "winner: Score", players="Score, Ben"))
    assert report.errors == ()
    assert report.results.winners == ("Score",)


# Placements that cannot be made


@pytest.mark.parametrize(
    ("written", "code"),
    [("Ana: 7 m", "bad-roll"), ("Ana: 0 r", "bad-roll"), ("Ana: 3 centre", "bad-column"),
     ("Ana: 3 4", "bad-column"), ("Ana: 3 l", "column-full")],
)
def test_a_placement_that_cannot_be_made_leaves_the_grids_and_uses_the_turn(written, code):
    lines = game("Ana", "Ben", HIGH)
    # after Ana's three 3s on the left (lines[4]) her left column is full; the refused
    # placement on line 9 is her turn, so Ben places next
    text = log(*lines[:6], written, "Ben: 1 m", "score: Ana 27, Ben 16")
    report = validate(text)
    assert codes(report) == [(9, code), (None, "missing-turn")]


def test_a_placement_can_break_several_rules_at_once():
    text = log(*game("Ana", "Ben", HIGH)[:6], "Ana: 8 l")
    assert sorted(code for _, code in codes(validate(text))) == ["bad-roll", "column-full", "missing-turn"]


# Claims


def test_score_claims_are_the_current_totals():
    lines = game("Ana", "Ben", HIGH)
    text = log("score: Ana 0, Ben 0", *lines[:4], "score: Ben 9", "score: Ana 12, Ben 9",
               *lines[4:], "score: Ben 39, Ana 81", "game 2", "score: Ana 0",
               *game("Ben", "Ana", HIGH), "game 3", *game("Ana", "Ben", HIGH),
               rules="knucklebones match=best-of-3")
    assert validate(text).errors == ()


def test_a_wrong_score_claim_is_one_error_naming_each_wrong_total():
    lines = game("Ana", "Ben", HIGH)
    text = log(*lines[:4], "score: Ana 7, Ben 10", *lines[4:])
    report = validate(text)
    assert codes(report) == [(line_of(text, "score: Ana 7, Ben 10"), "wrong-score")]
    assert "Ana's total is 12, not 7" in report.errors[0].message
    assert "Ben's total is 9, not 10" in report.errors[0].message


def test_a_score_claim_for_an_unknown_name_is_unknown_player():
    text = log(*game("Ana", "Ben", HIGH), "score: Cat 3, Ben 39")
    assert codes(validate(text)) == [(line_of(text, "score: Cat 3, Ben 39"), "unknown-player")]


@pytest.mark.parametrize(
    ("claim", "fragment"),
    [("winner: Ben", "won by Ana, 81 to 39"), ("winner: draw", "won by Ana"),
     ("match winner: Ben", "the match was won by Ana"), ("match winner: draw", "never ends in a draw")],
)
def test_wrong_winner_claims(claim, fragment):
    text = log(*game("Ana", "Ben", HIGH), claim)
    report = validate(text)
    assert codes(report) == [(line_of(text, claim), "wrong-winner")]
    assert fragment in report.errors[0].message


def test_a_winner_claim_while_a_game_is_played_is_wrong():
    lines = game("Ana", "Ben", HIGH)
    text = log(*lines[:4], "winner: Ana", "match winner: Ana", *lines[4:])
    assert codes(validate(text)) == [(7, "wrong-winner"), (8, "wrong-winner")]


def test_a_winner_claim_naming_no_player_is_unknown_player():
    text = log(*game("Ana", "Ben", HIGH), "winner: Cat")
    assert codes(validate(text)) == [(line_of(text, "winner: Cat"), "unknown-player")]


# Syntax


@pytest.mark.parametrize(
    "written",
    ["Ana puts 3 left", "Ana: 3", "Ana: x left", "Ana: 3 left right", "Ana: left 3", ": 3 left",
     "score: Ana", "score Ana 12", "score: Ana 3, ana 4", "score: Ana three", "winner:", "game",
     "game one", "game 2 now", "rules: knucklebones", "Ana: -3 left", "Ana: 12345678901 left",
     "Ana: 0000000003 left"],  # ruling 10: more than 9 digits, leading zeros or not
)
def test_an_unreadable_line_is_one_syntax_error_and_is_skipped(written):
    lines = game("Ana", "Ben", HIGH)
    text = log(*lines[:4], written, *lines[4:])
    assert codes(validate(text)) == [(7, "syntax")]


def test_comments_blank_lines_and_spacing_are_ignored():
    lines = [f"   {line}   # from the sheet" for line in game("Ana", "Ben", HIGH)]
    text = log("", "# club night", *lines, "", "WINNER:   Ana", "Match  Winner: ana")
    assert validate(text).errors == ()


def test_errors_come_in_line_order_with_the_whole_log_error_last():
    lines = game("Ana", "Ben", HIGH)
    text = log(*lines[:3], "Ana: 9 l", *lines[3:10], "oops")
    report = validate(text)
    assert [line for line, _ in codes(report)] == sorted(line for line, _ in codes(report)[:-1]) + [None]


# Through the CLI


def test_cli_validate_knucklebones_logs_exit_status_and_json():
    valid, invalid = CASES / "knucklebones-best-of-3-2p-valid.log", CASES / "knucklebones-2p-bad-roll.log"
    result = CliRunner().invoke(app, ["validate", str(valid)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-2:] == ["  game wins: Ana 1, Ben 2 (2 to win)",
                                               "  match winner: Ben (first to 2 game wins)"]
    result = CliRunner().invoke(app, ["validate", str(valid), str(invalid), "--json"])
    assert result.exit_code == 1, result.output
    first, second = json.loads(result.output)
    assert first["rules"] == "knucklebones match=best-of-3" and first["valid"] is True
    assert first["results"]["wins"] == {"Ana": 1, "Ben": 2}
    assert [game["starter"] for game in first["results"]["games"]] == ["Ben", "Ana", "Ben"]
    assert second["errors"][0] == {"line": 7, "code": "bad-roll",
                                   "message": "Ana's placement: 7 is not a face of a six-sided die (1-6)."}
    assert second["errors"][-1]["line"] is None and second["results"]["winners"] == []


# One slip, one message; "did you mean"


def test_a_column_word_near_one_but_not_one_slip_suggests_the_nearest():
    lines = game("Ana", "Ben", HIGH)
    lines[2] = "Ana: 3 leftt"  # 2 edits from left, 5 characters: one slip (ruling 12) ...
    lines[4] = "Ana: 3 leftttt"  # ... 3 edits: not one slip
    report = validate(log(*lines))
    assert [error.message for error in report.errors if error.code == "bad-column"] == [
        "Ana's placement: 'leftt' is not a column; it is read as the left column.",
        "Ana's placement: 'leftttt' is not a column (left, middle or right; also l, m, r, 1, 2, 3 or a, b, c). "
        "Did you mean left?"]


def test_the_other_players_name_on_one_line_is_one_error():
    lines = game("Ana", "Ben", HIGH)
    lines[5] = "Ana: 6 l"  # Ben's placement written under Ana's name; Ana places next as well
    text = log(*lines, "score: Ana 81, Ben 39", "winner: Ana")
    report = validate(text)
    assert codes(report) == [(8, "turn-order")]
    assert report.errors[0].message == (
        "it was Ben's turn, and Ana places next as well; the placement counts as Ben's.")
    assert report.results.winners == ("Ana",)


def test_an_unknown_name_suggests_the_nearest_player():
    lines = game("Ana", "Ben", HIGH)
    lines[5] = "Benito: 6 l"
    report = validate(log(*lines))
    assert report.errors[0].message == (
        "'Benito' is not in the players: line; the placement counts as Ben's. Did you mean Ben?")


@pytest.mark.parametrize("claim", ["winner: Bne", "score: Bne 81, Ben 39", "match winner: Bne"])
def test_an_unknown_name_in_a_claim_reads_as_in_a_shut_the_box_log(claim):
    report = validate(log(*game("Ana", "Ben", HIGH), claim))
    assert [error.message for error in report.errors] == ["'Bne' is not in the players: line. Did you mean Ben?"]


@pytest.mark.parametrize("written, form", [
    ("Ana 3 left", "Ana: 3 left"), ("Ana: left 3", "Ana: 3 left"), ("Ana; 3 left", "Ana: 3 left"),
    ("winner Ana", "winner: Ana"), ("game: 2", "game 2"),
])
def test_a_syntax_error_suggests_the_nearest_line_form(written, form):
    report = validate(log(written))
    assert report.errors[0].code == "syntax"
    assert report.errors[0].message.endswith(f" Did you mean {form!r}?")


# Columns a, b, c; one slip, one error (docs/log-format.md rulings 12 and 13)


def test_columns_may_be_written_a_b_c_as_the_boards_letter_them():
    letters = {"l": "a", "m": "B", "r": "c"}  # A left, B middle, C right, as the host sees the table
    dice = [(face, letters[column]) for face, column in HIGH]
    text = log(*game("Ana", "Ben", dice), "score: Ana 81, Ben 39", "winner: Ana")
    assert codes(validate(text)) == []


def test_c_is_the_right_column_not_a_centre_word():
    lines = game("Ana", "Ben", HIGH)
    lines[0] = "Ana: 3 c"  # the right column: Ana's left column then holds two 3s, her right four
    report = validate(log(*lines))
    assert ("bad-column" not in {code for _, code in codes(report)})
    assert report.errors[0].code == "column-full"


def test_a_column_one_slip_from_a_columns_name_is_one_error_and_the_die_goes_there():
    # issue: "Ana: 5 midle" gave bad-column and then the later claims failed
    lines = game("Ana", "Ben", HIGH)
    lines[6] = "Ana: 3 midle"
    text = log(*lines, "score: Ana 81, Ben 39", "winner: Ana")
    report = validate(text)
    assert codes(report) == [(line_of(text, "Ana: 3 midle"), "bad-column")]
    assert report.errors[0].message == "Ana's placement: 'midle' is not a column; it is read as the middle column."


def test_a_slipped_column_that_is_full_is_also_column_full_and_nothing_is_placed():
    lines = game("Ana", "Ben", HIGH)
    lines[6] = "Ana: 3 lfet"  # Ana's fourth die: her left column holds three already
    report = validate(log(*lines))
    assert [code for _, code in codes(report)][:2] == ["bad-column", "column-full"]


@pytest.mark.parametrize("written", ["mid", "cen", "lr"])
def test_a_short_or_far_column_word_is_read_as_before(written):
    lines = game("Ana", "Ben", HIGH)
    lines[6] = f"Ana: 3 {written}"
    report = validate(log(*lines))
    assert report.errors[0].code == "bad-column" and "is read as" not in report.errors[0].message


def test_a_placement_under_a_name_one_slip_from_a_players_is_one_error_and_that_players():
    lines = game("Ana", "Ben", HIGH)
    lines[5] = "Bne: 6 l"
    text = log(*lines, "score: Ana 81, Ben 39", "winner: Ana", "match winner: Ana")
    report = validate(text)
    assert codes(report) == [(line_of(text, "Bne: 6 l"), "unknown-player")]
    assert report.errors[0].message == "'Bne' is not in the players: line; the placement is read as Ben's."


def test_the_other_name_on_a_later_games_first_placement_is_one_error_when_it_places_next_too():
    # ruling 13 at the start of game 2, where Ben is due: "Ana: 4 l" is Ben's, the name slipped
    first = game("Ana", "Ben", HIGH, label=1)
    second = game("Ben", "Ana", HIGH, label=2)
    second[1] = second[1].replace("Ben", "Ana")  # Ben's first placement written under Ana's name
    text = log(*first, *second, rules="knucklebones match=best-of-3")
    report = validate(text)
    assert [code for _, code in codes(report)].count("turn-order") == 1
    assert report.results.games[1].starter == "Ben"

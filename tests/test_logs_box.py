"""The Shut the Box log validator (docs/log-format.md): every shared example case, then each
ruling on a small log written here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kitgen.games.box.lines import ThrowLine, TurnLine, read_line
from kitgen.logs.lines import SyntaxProblem
from kitgen.logs.report import format_text
from kitgen.logs.validate import validate_text
from kitgen.text.problems import describe

CASES = Path(__file__).parent / "fixtures" / "cases"
EXPECTED = json.loads((CASES / "expected.json").read_text(encoding="utf-8"))
_RULES = {name: (CASES / f"{name}.log").read_text(encoding="utf-8").split("rules:", 1)[1].split()[0]
          for name in EXPECTED}  # a case's game is its rules: line (ruling12-kb-... is knucklebones)
BOX_CASES = sorted(name for name in EXPECTED if _RULES[name] != "knucklebones")

T43 = ("1+1: 2", "1+1: -")  # leaves 1, 3-9 open: 43
T14 = ("4+5: 9", "4+4: 8", "3+4: 7", "2+3: 5", "1+1: 2", "6+6: -")  # leaves 1, 3, 4, 6: 14
T2 = ("4+5: 9", "4+4: 8", "3+4: 7", "3+3: 6", "2+3: 5", "2+2: 4", "1+2: 3", "die 1: 1",
      "die 1: -")  # one die on: leaves 2
SHUT = ("4+5: 9", "4+4: 8", "3+4: 7", "3+3: 6", "2+3: 5", "2+2: 4", "1+2: 3", "1+1: 2",
        "die 1: 1")  # one die on: shuts the box


def log(rules: str, players: str, *body: str | tuple[str, ...]) -> str:
    lines = [f"rules: {rules}", f"players: {players}"]
    for part in body:
        lines.extend(part if isinstance(part, tuple) else (part,))
    return "\n".join(lines) + "\n"


def turn(name: str, throws: tuple[str, ...], *claims: str) -> tuple[str, ...]:
    return (f"turn {name}", *throws, *claims)


def errors(text: str) -> list[tuple[int | None, str]]:
    return [(error.line, error.code) for error in validate_text(text).errors]


def codes(text: str) -> set[str]:
    return {code for _, code in errors(text)}


# --- the shared cases ---------------------------------------------------------------------


def test_every_shut_the_box_case_is_here():
    assert len(BOX_CASES) == 216
    assert all((CASES / f"{name}.log").is_file() for name in BOX_CASES)


@pytest.mark.parametrize("name", BOX_CASES)
def test_case(name):
    expected = EXPECTED[name]
    report = validate_text((CASES / f"{name}.log").read_text(encoding="utf-8"), name)
    assert report.valid is expected["valid"]
    if expected["valid"]:
        assert report.results.to_json()["winners"] == expected["winners"]
        assert report.results.to_json().get("loser") == expected.get("loser")
        return
    found = [(error.line, error.code) for error in report.errors]
    assert (expected["line"], expected["primary"]) in found
    assert sorted({error.code for error in report.errors}) == sorted(expected["all"])


# --- reading lines --------------------------------------------------------------------------


def test_parse_line_reads_each_form():
    assert read_line("TURN  Mary   Ann") == TurnLine("Mary Ann", "mary ann")
    assert read_line("turn O\u2019Neil").key == "o'neil"
    assert read_line("5+3: 3, 5 = 8") == ThrowLine(read_line("5+3: 3 5").throw, (3, 5), 8)
    assert read_line("Die 4: none").tiles == ()


@pytest.mark.parametrize("text", [
    "turn", "round", "round two", "8 = 3 5 ?", "then she rolled again", "roll: eight",
    "8: 3 x", "8:", ": 5", "8 3: 3", "die: 4", "score: many", "score:", "totals: Ana",
    "totals: Ana 3, ", "winner:", "winner: Ana,", "loser: Ana, Ben", "rules: strip",
    "title: again", "8: 3 = x", "8: " + "1 " * 13, "9" * 5000 + ": 1", "\u2603: \u2603",
])
def test_unreadable_lines_are_syntax_errors_never_exceptions(text):
    parsed = read_line(text)
    assert isinstance(parsed, SyntaxProblem) and len(describe(parsed)) < 200
    report = validate_text(log("classic", "Ana", turn("Ana", T43), text))
    assert [(error.line, error.code) for error in report.errors] == [(6, "syntax")]


def test_a_throw_or_score_before_any_turn_is_syntax():
    assert errors(log("strip", "Ana", "8: 8", "score: 37", turn("Ana", T43), turn("Ana", T43))) == [
        (3, "syntax"), (4, "syntax")]


# --- turns as written -------------------------------------------------------------------------


def test_names_match_ignoring_case_and_typographic_apostrophes():
    text = log("strip", "O'Neil, Ben", turn("o\u2019neil", T43), turn("BEN", T43),
               turn("O'NEIL", T14), turn("ben", T43), "winner: o'neil")
    assert errors(text) == []
    assert validate_text(text).results.winners == ("O'Neil",)


def test_strip_attempts_come_in_any_order_and_a_third_is_extra_and_ignored():
    text = log("strip", "Ana, Ben", turn("Ben", T43), turn("Ben", T14), turn("Ana", T43),
               turn("Ana", T43), turn("Ben", ("8: 13", "12: -")), "totals: Ana 86, Ben 57",
               "winner: Ben")
    assert errors(text) == [(19, "extra-turn")]


def test_strip_unknown_player_counts_for_nobody():
    text = log("strip", "Ana", turn("Zed", T14, "score: 14"), turn("Ana", T43))
    assert errors(text) == [(3, "unknown-player"), (None, "missing-turn")]
    assert validate_text(text).results.totals == {"Ana": 43}


def test_unknown_player_in_turn_order_formats_counts_as_the_due_player():
    text = log("classic", "Ana, Ben", turn("Zed", T14), turn("Ben", T43), "winner: Ana")
    assert errors(text) == [(3, "unknown-player")]
    assert validate_text(text).results.totals == {"Ana": 14, "Ben": 43}


def test_a_turn_by_a_player_who_already_played_this_round_is_extra():
    text = log("classic", "Ana, Ben", turn("Ana", T14), turn("Ana", ("8: 13",)), turn("Ben", T43))
    assert errors(text) == [(10, "extra-turn")]


def test_turn_order_counts_the_turn_for_the_player_written():
    text = log("classic", "Ana, Ben, Cy", turn("Ben", T43), turn("Ana", T43), turn("Cy", T14),
               "winner: Cy")
    assert errors(text) == [(3, "turn-order")]


def test_a_turn_after_the_game_is_extra_and_its_throws_are_ignored():
    text = log("ten", "Ana, Ben", turn("Ana", T43), turn("Ben", T14),
               turn("Ana", ("8: 13", "12: 12")), "turn Zed", "8: 8")
    assert errors(text) == [(13, "extra-turn"), (16, "unknown-player"), (16, "extra-turn")]


# --- throws and turn ends -----------------------------------------------------------------------


def test_each_throw_after_the_turn_ended_is_play_after_end():
    text = log("strip", "Ana", turn("Ana", T43 + ("5: 5", "8: 13")), turn("Ana", T43))
    assert errors(text) == [(6, "play-after-end"), (7, "play-after-end")]


def test_a_turn_that_shut_the_box_ends_at_once():
    text = log("hundred", "Ana, Ben", turn("Ana", SHUT + ("2: -",), "score: 0"), turn("Ben", T43))
    assert (13, "play-after-end") in errors(text)


def test_a_one_die_1_with_tile_1_shut_ends_the_turn():
    throws = ("4+5: 9", "5+3: 8", "3+4: 7", "1+3: 1 3", "die 1: -")
    text = log("hundred", "Ana, Ben", turn("Ana", throws, "score: 17"), turn("Ben", T43))
    assert errors(text) == [(None, "missing-turn")]
    text = log("hundred", "Ana, Ben", turn("Ana", throws + ("die 2: 2",)), turn("Ben", T43))
    assert errors(text) == [(9, "play-after-end"), (None, "missing-turn")]


def test_the_state_as_written_carries_on_after_a_slip():
    # 3 is shut twice: one error, and the turn carries on from the box as written
    text = log("strip", "Ana", turn("Ana", ("1+2: 3", "2+1: 3", "5+4: 9", "3+1: 4", "2+2: -"),
                                    "score: 29"), turn("Ana", T43))
    assert errors(text) == [(5, "tile-unavailable")]


def test_a_bad_move_when_no_move_existed_may_end_the_turn_or_carry_on():
    # on 1, 3, 4, 6 no set makes 12: writing 12 as 6 6 is one error, wherever the record goes;
    # a record that stops there scores the box before it (ruling 3)
    ended = log("strip", "Ana", turn("Ana", T14[:-1] + ("6+6: 6 6",), "score: 14"), turn("Ana", T43))
    assert errors(ended) == [(9, "repeated-tile")]
    carried_on = log("strip", "Ana", turn("Ana", T14[:-1] + ("6+6: 6 6", "3+4: 3 4", "1+1: -")),
                     turn("Ana", T43))
    assert errors(carried_on) == [(9, "repeated-tile")]
    # where a move existed, a record that stops there leaves the turn unfinished
    unfinished = log("strip", "Ana", turn("Ana", T14[:-2] + ("1+1: 3",)), turn("Ana", T43))
    assert errors(unfinished) == [(3, "unfinished-turn"), (8, "sum-mismatch")]


def test_an_unfinished_turn_is_reported_on_its_turn_line_and_counts_as_it_stands():
    text = log("classic", "Ana, Ben", turn("Ana", T14[:-1], "score: 14"), turn("Ben", T43),
               "totals: Ana 14, Ben 43", "winner: Ana")
    assert errors(text) == [(3, "unfinished-turn")]


def test_checked_sums():
    throws = ("8: 3 5 = 8", "9: 9 = 10", "7: 7", "1+1: 2 = 2", "1+1: -")
    text = log("strip", "Ana", turn("Ana", throws),
               turn("Ana", T43))
    assert errors(text) == [(5, "checked-sum")]


# --- claims ---------------------------------------------------------------------------------------


def test_claims_are_checked_where_they_stand():
    text = log("strip", "Ana, Ben", turn("Ana", T43, "score: 42"), turn("Ben", T14),
               "totals: Ana 43, Ben 15", turn("Ana", T43), turn("Ben", T14),
               "totals: Ana 86, Ben 28, Zed 3", "winner: Ana", "winner: Ben", "winner: Ben, Zed")
    assert errors(text) == [(6, "wrong-score"), (14, "wrong-total"), (25, "unknown-player"),
                            (26, "wrong-winner"), (28, "unknown-player")]


def test_a_tie_is_claimed_by_naming_every_winner():
    text = log("classic", "Ana, Ben", turn("Ana", T43), turn("Ben", T43), "winner: Ben, Ana")
    assert errors(text) == []
    assert validate_text(text).results.winners == ("Ana", "Ben")


def test_solo_play_has_no_winner():
    text = log("classic", "Ana", turn("Ana", T14), "winner: none")
    assert errors(text) == []
    assert validate_text(text).results.winners == ()
    assert errors(log("classic", "Ana", turn("Ana", T14), "winner: Ana")) == [(10, "wrong-winner")]


@pytest.mark.parametrize("fmt", ["best-of-3", "best-of-7", "elimination"])
def test_a_solo_game_of_rounds_is_one_turn_with_its_score_posted(fmt):
    report = validate_text(log(f"classic format={fmt}", "Ana", turn("Ana", T14)))
    assert report.valid and report.results.decided
    assert format_text(report).splitlines()[1:] == ["  scores: Ana 14", "  no winner: solo play declares none"]
    assert report.results.rounds is None and report.results.out is None


def test_an_undecided_game_has_one_missing_turn_and_no_winner():
    text = log("classic", "Ana, Ben, Cy", turn("Ana", T14), turn("Ben", T43), "winner: Ana")
    report = validate_text(text)
    assert [(error.line, error.code) for error in report.errors] == [
        (13, "wrong-winner"), (None, "missing-turn")]
    assert report.results.winners == ()
    assert "Cy is due" in report.errors[-1].message


def test_long_game_has_no_scores_and_loser_is_only_for_hundred():
    text = log("long-game", "Ana, Ben", turn("Ana", ("6+6: 3 9",)), "score: 5", "totals: Ana 1")
    assert errors(text) == [
        (3, "unfinished-turn"), (5, "syntax"), (6, "syntax"), (None, "missing-turn")]
    strip = log("strip", "Ana", turn("Ana", T43), turn("Ana", T43), "loser: Ana")
    assert errors(strip) == [(9, "syntax")]


# --- round markers -----------------------------------------------------------------------------


BEST_OF_3 = (  # round 1 tied, then Ben, Ana and Ben win a round each: 4 rounds
    "round 1", turn("Ana", T43), turn("Ben", T43),
    "round 2", turn("Ben", T14), turn("Ana", T43),
    "round 3", turn("Ana", T14), turn("Ben", T43),
    "round 4", turn("Ben", T14), turn("Ana", T43),
)


def test_best_of_ties_give_no_round_win_and_play_runs_past_the_named_length():
    text = log("classic format=best-of-3", "Ana, Ben", *BEST_OF_3, "winner: Ben")
    report = validate_text(text)
    assert report.valid, report.errors
    assert report.results.rounds.wins == {"Ana": 1, "Ben": 2}
    assert [turn.round for turn in report.results.turns] == [1, 1, 2, 2, 3, 3, 4, 4]


def test_a_wrong_round_number_is_turn_order():
    body = list(BEST_OF_3)
    body[6] = "round 5"
    assert errors(log("classic format=best-of-3", "Ana, Ben", *body)) == [(21, "turn-order")]


def test_round_markers_are_ignored_in_strip():
    text = log("strip", "Ana", "round 7", turn("Ana", T43), "round 1", turn("Ana", T43))
    assert errors(text) == []


# --- formats -----------------------------------------------------------------------------------


def test_elimination_at_exactly_45():
    text = log("classic format=elimination", "Ana, Ben", turn("Ana", T43), turn("Ben", T14),
               turn("Ben", T14), turn("Ana", T2), "totals: Ana 45, Ben 28", "winner: Ben")
    report = validate_text(text)
    assert report.valid, report.errors
    assert report.results.out == {"Ana": 2}


def test_hundred_reset_and_strict_passing():
    text = log(
        "hundred", "Ana, Ben",
        turn("Ana", T43), turn("Ben", T43), turn("Ana", T43),
        turn("Ben", SHUT, "score: 0"), "totals: Ana 86, Ben 0",
        turn("Ana", T14), turn("Ben", T43), "totals: Ana 100, Ben 43",
        turn("Ana", T43), "loser: Ana", "winner: Ben",
    )
    report = validate_text(text)
    assert report.valid, report.errors
    assert report.results.hundred.loser == "Ana" and report.results.totals == {"Ana": 143, "Ben": 43}


def test_hundred_digits_scores_read_the_open_tiles_and_1000_loses_at_once():
    text = log("hundred scoring=digits", "Ana, Ben", turn("Ana", T14, "score: 1346"), "loser: Ana")
    assert errors(text) == []
    assert validate_text(text).results.winners == ("Ben",)


# --- the long game: doubles (docs/rules.md section 6) -----------------------------------------------


CLOSER_TURN = ("4+5: 9", "4+4: 8", "3+4: 7", "die 6: 6", "die 5: 5",  # a double: 1 extra
               "6+6: -",  # no move on 1-4, a double: earned and spent at once
               "5+6: -",  # no move: the extra earned by 4+4 is spent
               "6+5: -")  # no move, no extra: the board passes with 1-4 open
OPENER_TURN = ("2+3: 5", "1+1: -", "4+2: 6", "1+2: -")


def test_doubles_earn_extra_turns_spent_on_no_move_throws():
    text = log("long-game", "Ana, Ben", turn("Ana", CLOSER_TURN), turn("Ben", OPENER_TURN))
    assert errors(text) == [(None, "missing-turn")]
    assert validate_text(text).results.to_json()["turns"] == [
        {"line": 3, "player": "Ana", "role": "closer", "throws": [
            "4+5", "4+4", "3+4", "die 6", "die 5", "6+6", "5+6", "6+5"]},
        {"line": 12, "player": "Ben", "role": "opener", "throws": ["2+3", "1+1", "4+2", "1+2"]},
    ]


def test_without_the_double_the_turn_ends_on_its_no_move_throw():
    throws = list(CLOSER_TURN)
    throws[5] = "6+5: -"  # spends the extra of 4+4, so 5+6 ends the turn
    assert errors(log("long-game", "Ana, Ben", turn("Ana", tuple(throws)))) == [
        (11, "play-after-end"), (None, "missing-turn")]


def test_a_total_only_throw_is_dice_needed_and_no_double():
    throws = list(CLOSER_TURN)
    throws[5] = "12: -"
    assert errors(log("long-game", "Ana, Ben", turn("Ana", tuple(throws)))) == [
        (9, "dice-needed"), (11, "play-after-end"), (None, "missing-turn")]


def test_the_long_game_is_won_by_completing_the_board():
    closer = ("4+5: 9", "4+4: 8", "3+4: 7", "die 6: 6", "die 5: 5", "die 4: 4", "die 3: 3",
              "die 2: 2", "die 1: 1")
    text = log("long-game", "Ana, Ben", turn("Ana", closer), "winner: Ana",
               turn("Ben", ("3+4: 7",)))
    assert errors(text) == [(14, "extra-turn")]
    assert validate_text(text).results.winners == ("Ana",)


# --- the report --------------------------------------------------------------------------------


def test_results_and_text_report():
    text = log("strip", "Ana, Ben", turn("Ana", T43), turn("Ben", T14), turn("Ben", T43),
               turn("Ana", T14))
    report = validate_text(text, "club.log")
    assert report.rules == "strip"
    assert report.results.to_json() == {
        "winners": ["Ana", "Ben"],
        "decided": True,
        "totals": {"Ana": 57, "Ben": 57},
        "turns": [
            {"line": 3, "player": "Ana", "attempt": 1, "score": 43, "throws": ["1+1", "1+1"]},
            {"line": 6, "player": "Ben", "attempt": 1, "score": 14,
             "throws": ["4+5", "4+4", "3+4", "2+3", "1+1", "6+6"]},
            {"line": 13, "player": "Ben", "attempt": 2, "score": 43, "throws": ["1+1", "1+1"]},
            {"line": 16, "player": "Ana", "attempt": 2, "score": 14,
             "throws": ["4+5", "4+4", "3+4", "2+3", "1+1", "6+6"]},
        ],
    }
    assert format_text(report).splitlines() == [
        "club.log: valid",
        "  totals: Ana 43 + 14 = 57, Ben 14 + 43 = 57",
        "  winners: Ana and Ben (sharing the lowest total)",
    ]


def test_report_names_the_options_and_never_a_move():
    text = log("classic tiles=12 one-die=off format=best-of-5", "Ana, Ben",
               turn("Ana", ("8: 8", "9: -")))
    report = validate_text(text)
    assert report.rules == "classic tiles=12 one-die=off format=best-of-5"
    [missed] = [error for error in report.errors if error.code == "missed-move"]
    assert missed.message == "the throw 9 is recorded as no move, but a move existed."


# --- messages true of the log as written; one slip, one message ----------------------------------


def message(text: str, line: int | None, code: str) -> str:
    [found] = [error.message for error in validate_text(text).errors
               if (error.line, error.code) == (line, code)]
    return found


def test_an_opener_stopping_after_spending_the_extra_turn_of_a_double_is_told_so():
    closer = ("4+5: 9", "5+3: 8", "3+4: 7", "5+1: 6", "4+1: 5", "3+1: 4", "5+6: -")
    text = log("long-game", "Ana, Ben", turn("Ana", closer), turn("Ben", ("4+4: 8", "2+1: -")))
    assert errors(text) == [(11, "unfinished-turn"), (None, "missing-turn")]
    assert message(text, 11, "unfinished-turn") == (
        "the no-move throw on line 13 used up an extra turn earned by a double, so the player "
        "throws again, but the record stops there.")


def test_an_unfinished_opener_turn_says_tiles_are_still_shut():
    closer = ("4+5: 9", "5+3: 8", "3+4: 7", "5+1: 6", "4+1: 5", "3+1: 4", "5+6: -")
    text = log("long-game", "Ana, Ben", turn("Ana", closer), turn("Ben", ("5+4: 9",)))
    assert message(text, 11, "unfinished-turn") == (
        "the turn stops with tiles still shut and no no-move throw.")


def test_play_after_end_names_the_throw_that_ended_the_turn():
    text = log("hundred", "Ana, Ben", turn("Ana", SHUT + ("2: -",)), turn("Ben", T43 + ("8: 8",)))
    assert message(text, 13, "play-after-end") == "the throw on line 12 shut the box, which ended the turn."
    assert message(text, 17, "play-after-end") == "the turn ended with the no-move throw on line 16."


def test_a_misspelt_name_is_one_error_that_says_whose_turn_it_is_and_suggests_the_name():
    # "Benito" is not one slip from "Ben" (ruling 12): the turn is the due player's
    text = log("classic", "Ana, Ben", turn("Ana", T43), turn("Benito", T14), "winner: Ben")
    assert errors(text) == [(6, "unknown-player")]
    assert message(text, 6, "unknown-player") == (
        "'Benito' is not in the players: line; the turn counts as Ben's, who was due. Did you mean Ben?")
    strip = log("strip", "Ana, Ben", turn("Benito", T43))
    assert message(strip, 3, "unknown-player") == (
        "'Benito' is not in the players: line; the attempt counts for nobody. Did you mean Ben?")
    claim = log("classic", "Ana", turn("Ana", T43), "winner: Ama")
    assert message(claim, 6, "unknown-player") == "'Ama' is not in the players: line. Did you mean Ana?"


@pytest.mark.parametrize("written, form", [
    ("8 8", "8: 8"), ("5+3 3 5", "5+3: 3 5"), ("die 4 4", "die 4: 4"), ("8 = 3 5", "8: 3 5"),
    ("11 -", "11: -"), ("score 43", "score: 43"), ("winner Ana", "winner: Ana"),
])
def test_a_syntax_error_suggests_the_nearest_line_form(written, form):
    text = log("classic", "Ana", turn("Ana", T43), written)
    assert message(text, 6, "syntax") == (
        f"{written!r} is not a turn, round, throw or claim line. Did you mean {form!r}?")


def test_a_turn_line_with_a_colon_suggests_the_form_without():
    text = log("classic", "Ana", "turn: Ana", *T43)
    assert message(text, 3, "syntax") == "a turn line has no ':'. Did you mean 'turn Ana'?"


def test_no_suggestion_when_no_small_repair_reads():
    text = log("classic", "Ana", turn("Ana", T43), "then she rolled again")
    assert message(text, 6, "syntax") == "'then she rolled again' is not a turn, round, throw or claim line."


# --- "no move" written out; one slip, one error (docs/log-format.md ruling 12) ----------------


@pytest.mark.parametrize("written", ["no move", "No  Move", "NO MOVE", "none", "-"])
def test_a_throw_with_no_move_may_be_written_no_move_as_the_kit_words_it(written):
    text = log("classic", "Ana", turn("Ana", ("1+1: 2", f"1+1: {written}")), "score: 43")
    assert errors(text) == []
    assert read_line(f"4+4: {written}").tiles == ()


def test_no_move_on_a_throw_that_had_a_move_is_one_missed_move():
    text = log("classic", "Ana", turn("Ana", ("1+1: no move",)))
    assert errors(text) == [(4, "missed-move")]


def test_a_strip_turn_under_a_name_one_slip_from_a_players_is_one_error_and_that_players():
    # issue: turn Bem gave unknown-player, wrong-total, wrong-winner and missing-turn
    text = log("strip", "Ana, Ben", turn("Ana", T43), turn("Bem", T14), turn("Ana", T43),
               turn("Ben", T43), "totals: Ana 86, Ben 57", "winner: Ben")
    assert errors(text) == [(6, "unknown-player")]
    assert message(text, 6, "unknown-player") == "'Bem' is not in the players: line; the attempt is read as Ben's."
    assert validate_text(text).results.winners == ("Ben",)


def test_a_slipped_name_is_judged_for_the_player_it_is_read_as():
    # classic: Ben is due; "Bne" is Ben's turn (one error); "Anna" (Ana, who already played) is extra
    text = log("classic", "Ana, Ben", turn("Ana", T43), turn("Bne", T14), "winner: Ben")
    assert errors(text) == [(6, "unknown-player")]
    assert message(text, 6, "unknown-player") == "'Bne' is not in the players: line; the turn is read as Ben's."
    out_of_turn = log("classic", "Ana, Ben", turn("Bem", T14), turn("Ana", T43), "winner: Ben")
    assert errors(out_of_turn) == [(3, "unknown-player"), (3, "turn-order")]
    longer = log("classic", "Lorenzo, Bea", turn("Lornezo", T14), turn("Bea", T43))  # 7 letters: 2 slips
    assert errors(longer) == [(3, "unknown-player")]
    assert validate_text(longer).results.winners == ("Lorenzo",)


def test_a_name_one_slip_from_two_players_is_read_as_before():
    text = log("classic", "Ben, Bea", turn("Ben", T43), turn("Bex", T14))
    assert errors(text) == [(6, "unknown-player")]
    assert "counts as Bea's, who was due" in message(text, 6, "unknown-player")
    short = log("classic", "Ana, Bo", turn("Ana", T43), turn("Bx", T14))  # 2 letters: at most 1 slip
    assert errors(short) == [(6, "unknown-player")]
    two_slips = log("classic", "Ana, Ben", turn("Ana", T43), turn("Bxx", T14))  # 3 letters, 2 edits
    assert "who was due" in message(two_slips, 6, "unknown-player")


def test_a_slipped_name_after_the_game_is_over_is_unknown_and_extra():  # ruling 5 holds
    text = log("classic", "Ana, Ben", turn("Ana", T43), turn("Ben", T14), turn("Bem", T43))
    assert errors(text) == [(13, "unknown-player"), (13, "extra-turn")]


def test_claims_are_not_read_as_a_slipped_name():  # ruling 12: claims keep ruling 6
    text = log("classic", "Ana, Ben", turn("Ana", T43), turn("Ben", T14), "winner: Bem")
    assert errors(text) == [(13, "unknown-player")]


@pytest.mark.parametrize("written, form", [
    ("5 + 3 3 5", "5 + 3: 3 5"), ("8 no move", "8: no move"), ("die 4 4", "die 4: 4"),
])
def test_a_suggested_form_puts_the_colon_where_the_written_throw_ends(written, form):
    # "5 + 3 3 5" was offered as "5: + 3 3 5", which reads the throw's "+ 3" as tiles
    text = log("classic", "Ana", turn("Ana", T43), written)
    assert message(text, 6, "syntax") == (
        f"{written!r} is not a turn, round, throw or claim line. Did you mean {form!r}?")

"""docs/log-format.md, "Rulings on edge cases": each ruling on its own log in
``tests/fixtures/rulings/`` (named after the ruling's number), checked for every error it
gives (line and code) and the result."""

from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.errors import LogUnreadableError
from kitgen.logs.reader import read_header, read_log_text
from kitgen.logs.validate import validate_path, validate_text

RULINGS = Path(__file__).parent / "fixtures" / "rulings"


def outcome(name: str):
    report = validate_path(RULINGS / name)
    return [(error.line, error.code) for error in report.errors], report.results


@pytest.mark.parametrize("name, errors, winners", [
    # 1: claims and markers inside a turn do not end it; score: is the final score
    ("01-claims-inside-a-turn.log", [], ["Ana", "Ben"]),
    # 2: an impossible throw or face is judged on its own line, never for missed-move
    ("02-impossible-throw.log", [(5, "bad-roll"), (5, "checked-sum"), (6, "bad-roll")], []),
    ("02-impossible-placement.log", [(10, "bad-roll"), (10, "bad-column"), (11, "bad-roll"),
                                     (11, "column-full"), (None, "missing-turn")], []),
    # 3: the record stopping at a move that had none scores the box before it (score: 9);
    # carrying on, the written tiles that were open count as shut (score: 0)
    ("03-move-on-a-throw-without-one.log", [(9, "tile-unavailable"), (16, "tile-unavailable")], []),
    # 4: extra-turn (ignored) for a player who has played this round, turn-order (counts)
    # for one still to play
    ("04-extra-turn-and-turn-order.log", [(8, "extra-turn"), (10, "turn-order")], ["Cy"]),
    # 5: an unknown name after the end is unknown-player and extra-turn
    ("05-unknown-name-after-the-end.log", [(14, "unknown-player"), (14, "extra-turn")], ["Ben"]),
    ("05-unknown-name-after-the-end-knucklebones.log",
     [(22, "unknown-player"), (22, "extra-turn"), (60, "unknown-player"), (60, "extra-turn")], ["Ana"]),
    # 6: a claim naming no player is unknown-player only; loser: none is judged; a repeated
    # name counts once; match winner: draw is wrong-winner
    ("06-claims-naming-no-player.log",
     [(19, "unknown-player"), (20, "unknown-player"), (21, "wrong-winner")], ["Ben"]),
    ("06-claims-naming-no-player-knucklebones.log", [(22, "unknown-player"), (23, "wrong-winner")],
     ["Ana"]),
    # 7: an unknown first placement, a game line before any placement, the game after an
    # abandoned one started by the other seat
    ("07-knucklebones-starts.log", [(6, "unknown-player"), (11, "turn-order")], ["Ben"]),
    # 8: a second title: is syntax; header lines among the turns are syntax
    ("08-second-title.log", [(4, "syntax")], []),
    ("08-header-lines-among-the-turns.log", [(7, "syntax"), (8, "syntax"), (9, "syntax")], []),
    # 9: a round marker after the end is ignored
    ("09-round-after-the-end.log", [], ["Ben"]),
    # 10: "8: 8," and "die6" read; a 10-digit number and 13 tiles are syntax; O’Neil is O'Neil
    ("10-lexical.log", [(9, "syntax"), (11, "syntax")], []),
    # 11: nobody out after round 1; all three reach 45 in round 2: the lowest total wins
    ("11-elimination.log", [], ["Ben"]),
])
def test_ruling(name, errors, winners):
    found, results = outcome(name)
    assert sorted(found, key=lambda error: (error[0] or 10**9, error[1])) == sorted(
        errors, key=lambda error: (error[0] or 10**9, error[1]))
    assert list(results.winners) == winners


def test_ruling_1_a_claim_inside_a_turn_keeps_the_later_throws_in_it():
    _, results = outcome("01-claims-inside-a-turn.log")
    assert results.totals == {"Ana": 9, "Ben": 9}


def test_ruling_3_scores_the_box_before_a_last_move_that_had_none():
    _, results = outcome("03-move-on-a-throw-without-one.log")
    assert [turn.score for turn in results.turns] == [9, 0]


def test_ruling_4_the_extra_turn_counts_for_nobody():
    _, results = outcome("04-extra-turn-and-turn-order.log")
    assert [turn.player for turn in results.turns] == ["Ana", "Cy", "Ben"]


def test_ruling_7_the_unknown_first_placement_counts_for_ana_and_ben_starts_game_2():
    _, results = outcome("07-knucklebones-starts.log")
    assert [(game.starter, game.outcome) for game in results.games] == [
        ("Ana", "abandoned"), ("Ben", "won"), ("Ana", "won"), ("Ben", "won")]


def test_ruling_8_the_first_title_stands():
    header, _ = read_header(read_log_text(RULINGS / "08-second-title.log"))
    assert header.title == "Thursday club"


def test_ruling_8_a_second_rules_line_in_the_header_is_unreadable():
    with pytest.raises(LogUnreadableError, match="line 4: the header has a second rules: line"):
        validate_path(RULINGS / "08-second-rules-in-the-header.log")


def test_ruling_8_the_header_runs_to_the_first_turn():
    with pytest.raises(LogUnreadableError, match="line 5: the header has a second players: line"):
        validate_path(RULINGS / "08-second-players-before-the-first-turn.log")


def test_ruling_11_everyone_goes_out_in_round_2():
    _, results = outcome("11-elimination.log")
    assert results.out == {"Ana": 2, "Ben": 2, "Cy": 2}


def test_ruling_8_a_header_line_after_a_round_marker_is_still_in_the_header():
    report = validate_text("rules: classic\nround 1\nplayers: Ana\nturn Ana\n1+1: 2\n1+1: -\n")
    assert report.errors == () and report.results.totals == {"Ana": 43}

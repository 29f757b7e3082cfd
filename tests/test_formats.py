"""Seat order and results of every Shut the Box format (docs/rules.md sections 2-6)."""

from __future__ import annotations

import pytest
from games_box import rules_for

from kitgen.errors import PlayerCountError
from kitgen.games.box.formats import CLOSER, OPENER, Play, start_play

rules = rules_for


def play_turns(play: Play, *turns: tuple[int, int] | tuple[int, int, bool]) -> Play:
    """Record ``(seat, score[, completed])`` turns, checking each was admitted as ``ok``."""
    for turn in turns:
        seat, score, *completed = turn
        assert play.admit(seat) == "ok", (seat, play)
        play = play.record(seat, score, bool(completed and completed[0]))
    return play


def play_round(play: Play, scores: dict[int, int]) -> Play:
    """Record one round: each waiting seat in order with its score from ``scores``."""
    for seat in play.waiting:
        play = play_turns(play, (seat, scores[seat]))
    return play


# --- strip (section 2) ---------------------------------------------------------------------


def test_strip_two_attempts_in_any_order_lowest_total_wins():
    play = start_play(rules("strip"), 2)
    assert play.due is None
    play = play_turns(play, (1, 20), (1, 2), (0, 9))
    assert not play.over and play.waiting == (0,)
    assert play.admit(1) == "extra-turn"
    play = play_turns(play, (0, 11))
    assert play.over and play.winners == (0,) and play.totals == (20, 22)
    assert play.admit(0) == "extra-turn"


def test_strip_ties_share_and_solo_has_no_winner():
    tied = play_turns(start_play(rules("strip"), 3),
                      (0, 10), (1, 5), (2, 30), (0, 5), (1, 10), (2, 0))
    assert tied.winners == (0, 1)
    solo = play_turns(start_play(rules("strip"), 1), (0, 10), (0, 5))
    assert solo.over and solo.winners == ()


# --- classic (section 3) -------------------------------------------------------------------


def test_classic_single_lowest_wins_and_ties_share():
    play = play_round(start_play(rules("classic"), 3), {0: 10, 1: 4, 2: 4})
    assert play.over and play.winners == (1, 2)


def test_classic_solo_is_one_turn_without_winner():
    for fmt in ("single", "best-of-3", "elimination"):
        play = play_turns(start_play(rules("classic", format=fmt), 1), (0, 12))
        assert play.over and play.winners == ()


def test_turn_order_and_extra_turn_within_a_round():
    play = start_play(rules("classic"), 3)
    assert play.due == 0
    assert play.admit(1) == "turn-order"
    play = play.record(1, 10, False)  # a turn out of order counts for its player
    assert play.due == 0 and play.waiting == (0, 2)
    assert play.admit(1) == "extra-turn"  # already played this round
    play = play_turns(play, (0, 5), (2, 7))
    assert play.winners == (0,)


def test_best_of_rounds_rotate_the_starting_seat():
    play = start_play(rules("classic", format="best-of-3"), 3)
    assert play.waiting == (0, 1, 2)
    play = play_round(play, {0: 9, 1: 9, 2: 9})
    assert play.round == 2 and play.waiting == (1, 2, 0)
    play = play_round(play, {0: 9, 1: 9, 2: 9})
    assert play.waiting == (2, 0, 1)
    play = play_round(play, {0: 9, 1: 9, 2: 9})
    assert play.waiting == (0, 1, 2)


def test_best_of_unique_low_wins_a_round_and_ties_give_none():
    play = start_play(rules("classic", format="best-of-3"), 2)
    play = play_round(play, {0: 5, 1: 5})  # tie: no round win
    assert play.wins == (0, 0) and not play.over
    play = play_round(play, {0: 3, 1: 8})
    assert play.wins == (1, 0)
    play = play_round(play, {0: 9, 1: 8})
    play = play_round(play, {0: 7, 1: 7})
    assert play.round == 5 and not play.over  # play runs past the named length
    play = play_round(play, {0: 1, 1: 8})
    assert play.over and play.winners == (0,) and play.wins == (2, 1)


@pytest.mark.parametrize("fmt, needed", [("best-of-3", 2), ("best-of-5", 3), ("best-of-7", 4)])
def test_best_of_ends_as_soon_as_someone_has_the_wins(fmt, needed):
    play = start_play(rules("classic", format=fmt), 2)
    for _ in range(needed):
        assert not play.over
        play = play_round(play, {0: 1, 1: 2})
    assert play.over and play.winners == (0,) and play.wins == (needed, 0)


def test_best_of_decided_mid_round_ends_only_at_round_end():
    play = start_play(rules("classic", format="best-of-3"), 2)
    play = play_round(play, {0: 1, 1: 2})
    play = play_turns(play, (1, 30))  # round 2 starts with seat 1
    assert not play.over and play.due == 0


def test_elimination_out_at_exactly_45_at_round_end():
    play = start_play(rules("classic", format="elimination"), 3)
    play = play_round(play, {0: 40, 1: 10, 2: 10})
    assert play.out == (0, 0, 0)
    play = play_round(play, {0: 5, 1: 10, 2: 10})  # seat 0 reaches 45 exactly
    assert play.out == (2, 0, 0) and not play.over
    assert play.waiting == (2, 1)  # round 3 would start at seat 2 (one on from seat 1)
    assert play.admit(0) == "extra-turn"


def test_elimination_nobody_goes_out_in_round_1():
    play = play_round(start_play(rules("classic", format="elimination"), 2), {0: 45, 1: 43})
    assert play.out == (0, 0) and not play.over
    play = play_round(play, {0: 0, 1: 10})
    assert play.out == (2, 2)


def test_elimination_rotation_skips_players_who_are_out():
    play = start_play(rules("classic", format="elimination"), 4)
    play = play_round(play, {0: 30, 1: 30, 2: 5, 3: 5})
    assert play.waiting == (1, 2, 3, 0)
    play = play_round(play, {0: 20, 1: 20, 2: 5, 3: 5})  # seats 0 and 1 go out
    assert play.out == (2, 2, 0, 0)
    assert play.waiting == (2, 3)  # one on from seat 1 is seat 2


def test_elimination_last_player_left_wins():
    play = start_play(rules("classic", format="elimination"), 3)
    play = play_round(play, {0: 30, 1: 30, 2: 5})
    play = play_round(play, {0: 20, 1: 20, 2: 5})
    assert play.over and play.winners == (2,)


def test_elimination_all_out_together_lowest_total_wins_ties_share():
    play = start_play(rules("classic", format="elimination"), 3)
    play = play_round(play, {0: 30, 1: 30, 2: 30})
    play = play_round(play, {0: 20, 1: 16, 2: 16})
    assert play.over and play.winners == (1, 2) and play.totals == (50, 46, 46)


def test_elimination_on_12_tiles_is_out_at_78():
    play = start_play(rules("classic", tiles="12", format="elimination"), 2)
    play = play_round(play, {0: 70, 1: 10})
    play = play_round(play, {0: 7, 1: 10})
    assert not play.over
    play = play_round(play, {0: 1, 1: 1})
    assert play.over and play.winners == (1,)


# --- ten (section 4) -------------------------------------------------------------------------


def test_ten_shut_wins_at_once():
    play = start_play(rules("ten"), 3)
    play = play_turns(play, (0, 12), (1, 0, True))
    assert play.over and play.winners == (1,)
    assert play.admit(2) == "extra-turn"


def test_ten_lowest_wins_ties_share_and_solo_has_no_winner():
    assert play_round(start_play(rules("ten"), 3), {0: 7, 1: 3, 2: 3}).winners == (1, 2)
    solo = play_turns(start_play(rules("ten"), 1), (0, 0, True))
    assert solo.over and solo.winners == ()


# --- hundred (section 5) -----------------------------------------------------------------------


def test_hundred_rounds_always_start_at_seat_1():
    play = start_play(rules("hundred"), 3)
    play = play_round(play, {0: 10, 1: 10, 2: 10})
    assert play.waiting == (0, 1, 2)


def test_hundred_shut_resets_to_0():
    play = start_play(rules("hundred"), 2)
    play = play_round(play, {0: 40, 1: 30})
    play = play_turns(play, (0, 0, True))
    assert play.totals == (0, 30)


def test_hundred_sum_loses_only_by_passing_100():
    play = start_play(rules("hundred"), 3)
    play = play_round(play, {0: 43, 1: 43, 2: 10})
    play = play_round(play, {0: 43, 1: 43, 2: 10})
    play = play_turns(play, (0, 14))  # 100: not passed
    assert not play.over
    play = play_turns(play, (1, 15))  # 101: passed
    assert play.over and play.loser == 1 and play.winners == (2,)
    assert play.admit(2) == "extra-turn"


def test_hundred_winners_are_the_lowest_of_the_others_ties_share():
    play = start_play(rules("hundred"), 3)
    play = play_round(play, {0: 43, 1: 20, 2: 20})
    play = play_round(play, {0: 43, 1: 20, 2: 20})
    play = play_turns(play, (0, 15))
    assert play.loser == 0 and play.winners == (1, 2)


def test_hundred_digits_loses_by_reaching_1000():
    play = start_play(rules("hundred", scoring="digits"), 2)
    play = play_turns(play, (0, 999), (1, 5))
    assert not play.over
    play = play_turns(play, (0, 0, True), (1, 995))
    assert play.over and play.loser == 1 and play.winners == (0,) and play.totals == (0, 1000)


# --- long game (section 6) ----------------------------------------------------------------------


def test_long_game_alternates_closer_and_opener_and_completing_the_board_wins():
    play = start_play(rules("long-game"), 2)
    assert play.due == CLOSER
    play = play_turns(play, (CLOSER, 0), (OPENER, 0))
    assert play.due == CLOSER
    assert play.admit(OPENER) == "turn-order"
    play = play.record(OPENER, 0, True)
    assert play.over and play.winners == (OPENER,)
    assert play.admit(CLOSER) == "extra-turn"


# --- setup ---------------------------------------------------------------------------------------


def test_start_play_checks_the_preset_and_the_player_count():
    with pytest.raises(PlayerCountError):
        start_play(rules("hundred"), 1)
    with pytest.raises(PlayerCountError):
        start_play(rules("long-game"), 3)
    with pytest.raises(ValueError):
        start_play(rules("knucklebones"), 2)

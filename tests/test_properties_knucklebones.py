"""Properties of the knucklebones core and validator on random play (hypothesis drives
the seed of :mod:`games_knucklebones` and the placements of the core)."""

from __future__ import annotations

import random

from games_knucklebones import FAULT_CODES, inject_fault, random_knucklebones_game
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from kitgen.games import find_preset
from kitgen.games.knucklebones.log import validate_knucklebones_log
from kitgen.games.knucklebones.rules import MAX_TOTAL, SEATS, Column, GridGame, other_seat
from kitgen.logs.reader import read_header
from kitgen.logs.report import Report

SEEDS = st.integers(0, 2**32 - 1)
MATCHES = st.sampled_from(["single", "best-of-3", "best-of-5"])
PLAYERS = st.sampled_from([
    ("Ana", "Ben"), ("O'Neil", "Zoë Li"), ("Score", "Winner"), ("Match Winner", "Jo-Ann"),
    ("Анна", "李"),
])
# Faults that leave everything after them as it was, so they are the log's only error.
SINGLE_ERROR_FAULTS = {"unknown-player", "extra-turn", "wrong-score", "wrong-winner", "missing-turn"}


def validate(text: str) -> Report:
    header, body = read_header(text)
    return validate_knucklebones_log(header, body, "random.log")


def rules_for(match: str):
    return find_preset("knucklebones").configure({"match": match})


@settings(max_examples=150, deadline=None)
@given(seed=SEEDS, match=MATCHES, players=PLAYERS)
def test_random_legal_games_validate_clean_with_the_right_results(seed, match, players):
    game = random_knucklebones_game(random.Random(seed), rules_for(match), players)
    report = validate(game.text)
    assert report.errors == ()
    assert report.results.winners == tuple(game.winners)
    assert report.results.wins == dict(zip(players, game.match.wins, strict=True))
    assert max(game.match.wins) == rules_for(match).wins_needed
    assert [result.totals for result in report.results.games] == [
        dict(zip(players, played.totals, strict=True)) for played in game.match.games
    ]
    starters = [result.starter for result in report.results.games]
    assert all(first != second for first, second in zip(starters, starters[1:], strict=False))


@settings(max_examples=150, deadline=None)
@given(seed=SEEDS, match=MATCHES)
def test_random_games_keep_totals_within_0_to_162(seed, match):
    game = random_knucklebones_game(random.Random(seed), rules_for(match))
    assert all(0 <= total <= MAX_TOTAL for placed in game.placements for total in placed.totals)
    assert sum(placed.ends_game for placed in game.placements) == len(game.match.games)


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_each_placement_removes_only_facing_dice_of_its_face(data):
    game = GridGame()
    seat = data.draw(st.sampled_from(SEATS))
    for _ in range(data.draw(st.integers(1, 80))):
        if game.ended:
            break
        open_columns = [column for column in Column if not game.grids[seat].column_full(column)]
        face = data.draw(st.integers(1, 6))
        column = data.draw(st.sampled_from(open_columns))
        before = game
        game = game.place(seat, face, column)
        mine, theirs = game.grids[seat], game.grids[other_seat(seat)]
        assert mine.column(column) == before.grids[seat].column(column) + (face,)
        assert theirs.column(column) == tuple(
            die for die in before.grids[other_seat(seat)].column(column) if die != face)
        for other in Column:
            if other is not column:
                assert mine.column(other) == before.grids[seat].column(other)
                assert theirs.column(other) == before.grids[other_seat(seat)].column(other)
            assert not set(game.grids[0].column(other)) & set(game.grids[1].column(other))
        assert all(0 <= grid.total <= MAX_TOTAL for grid in game.grids)
        assert game.ended == (mine.dice == 9)
        seat = other_seat(seat)


@settings(max_examples=200, deadline=None)
@given(seed=SEEDS, match=MATCHES, players=PLAYERS, code=st.sampled_from(FAULT_CODES))
def test_a_single_injected_fault_is_caught_with_its_code_on_its_line(seed, match, players, code):
    rng = random.Random(seed)
    game = random_knucklebones_game(rng, rules_for(match), players)
    fault = inject_fault(rng, game, code)
    assume(fault is not None)
    report = validate(fault.text)
    assert (fault.line, fault.code) in [(error.line, error.code) for error in report.errors]
    if code in SINGLE_ERROR_FAULTS:
        assert len(report.errors) == 1, report.errors
    if code == "missing-turn":
        assert report.results.winners == ()

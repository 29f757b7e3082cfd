"""Rounds for 19 games in 20, measured right (issue 22 item 4): the coverage test.

For every preset, option set and seat count, the figures a kit prints rounds and plans minutes
from (each game's ``GAME_LENGTHS``) are the simulation's output, ``fixtures/game_lengths.json``,
written by ``benchmarks/game_lengths.py`` (4,000 games a case, habit and seed, two seeds,
through the rules core, under the habits real players have): the rounds printed are the 95th
percentile of the habit whose games last longest. A small seeded sample of the same
simulation checks the fixture against the code that made it; no 4,000-game run here.
``test_kit_rounds.py`` (render tier) checks that a blank table's paper carries those rounds.
"""

from __future__ import annotations

import json
import random
from math import ceil
from pathlib import Path

import pytest
from games_box import HABITS, box_game_length, habits_for

from kitgen.games import find_game, find_preset
from kitgen.games.box.presets import BoxRules
from kitgen.kit.parts.chunks import rounds_printed, several_rounds
from kitgen.kit.tables import plan_tables

MEASURED = json.loads((Path(__file__).parent / "fixtures" / "game_lengths.json").read_text(encoding="utf-8"))
CASES = {(case["rules"], case["seats"]): case for case in MEASURED["cases"]}
SAMPLE = 200  # games of the seeded sample per case and habit
SEED = 9


def configured(described: str):
    """Return the rules a log's ``rules:`` line ``described`` names."""
    preset, *options = described.split()
    return find_preset(preset).configure(dict(option.split("=") for option in options))


def share(values: list[int], part: float) -> int:
    """Return the least value ``part`` of ``values`` stay within (as the benchmark counts)."""
    return sorted(values)[ceil(part * len(values)) - 1]


@pytest.mark.parametrize("described, seats", sorted(CASES), ids=lambda value: str(value))
def test_every_case_prints_the_rounds_of_the_longest_habit_nineteen_games_in_twenty(described, seats):
    """Issue 22 item 4: for every preset, option set and seat count, a kit prints (and its
    guide plans from) the figures the simulation measured, the rounds being the 95th
    percentile of the habit whose games last longest."""
    rules = configured(described)
    case = CASES[described, seats]
    length = find_game(rules.preset).game_length(rules, seats)
    assert (length.turns_90, length.turns_95, length.throws_median, length.throws_90) == tuple(case["lengths"])
    assert length.turns_95 == case["p95_longest"] == max(case["p95"].values())
    if several_rounds(rules):
        (table,) = plan_tables(rules, seats=seats)
        assert rounds_printed(rules, table, None) == case["p95_longest"]


def test_the_simulation_ran_every_habit_on_every_case():
    for case in MEASURED["cases"]:
        rules = configured(case["rules"])
        expected = ({habit.name for habit in habits_for(rules)} if isinstance(rules, BoxRules)
                    else {"random"})
        assert set(case["p95"]) == expected, case["rules"]
    assert {habit.dice for habit in HABITS} == {"mixed", "never", "allowed", "low"}
    assert MEASURED["games"] >= 4000 and len(MEASURED["seeds"]) == 2


@pytest.mark.parametrize("described, seats", [("hundred", 2), ("hundred", 5),
                                              ("hundred scoring=digits", 2),
                                              ("classic format=elimination", 4),
                                              ("classic tiles=12 format=best-of-3", 3),
                                              ("long-game", 2)])
def test_a_seeded_sample_of_the_simulation_agrees_with_the_fixture(described, seats):
    """The fixture is the simulation's output: a seeded sample of a few hundred games a habit
    stays within a round (a fifth, for long games) of each habit's measured 95th percentile
    (a stale fixture, or habits changed without running the benchmark, fails)."""
    rules = configured(described)
    case = CASES[described, seats]
    for habit in habits_for(rules):
        rng = random.Random(f"{SEED} {described} {seats} {habit.name}")
        turns = [box_game_length(rng, rules, seats, habit)[0] for _ in range(SAMPLE)]
        assert abs(share(turns, 0.95) - case["p95"][habit.name]) <= max(1, case["p95"][habit.name] // 5), habit.name



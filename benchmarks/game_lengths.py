"""How long games last: the figures behind each game's ``GAME_LENGTHS`` (``kitgen/games/box/lengths.py``,
``kitgen/games/knucklebones/lengths.py``) and the coverage test's fixture
(``tests/fixtures/game_lengths.json``, read by ``tests/test_kit_rounds.py``).

For every Shut the Box preset and option set, and every seat count, this plays games through
the rules core (``box_game_length`` in ``tests/games_box.py``: ``Play``, ``has_move``,
``apply_move``, ``one_die_allowed``) under each of the habits real players have (``HABITS``
there; issue 22 item 4): one die whenever the preset allows it, one die only when the open
tiles add to 6 or less, never one die, or a per-game mix (as the log generator throws); each
with random tiles or the largest tiles first. Where one die is never allowed only the tile
habits differ. Each case is played under two seeds, and the tables take, per figure, the
largest over habits and seeds: the turns a seat takes (rounds) that 9 in 10 and 19 in 20
games stay within, and the throws of the median and the 90th-percentile game. Knucklebones
matches (``tests/games_knucklebones.py``, random placements) count a placement as a turn and
its roll as a throw::

    python benchmarks/game_lengths.py --workers 2 --fixture tests/fixtures/game_lengths.json
    python benchmarks/game_lengths.py --games 200     # a quick look, no fixture written

Seeded: the same command prints the same tables. It also prints how many cases' 95th
percentiles (longest habit) differ between the two seeds: the measure of stability
(docs/performance.md, "Game lengths").
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from math import ceil
from multiprocessing import Pool
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path.insert(0, str(TESTS))
sys.path.insert(0, str(TESTS.parent))

from games_box import HABITS, box_game_length, habits_for, rules_for  # noqa: E402
from games_knucklebones import random_knucklebones_game  # noqa: E402

from kitgen.games import find_game  # noqa: E402
from kitgen.games.box.presets import BoxRules  # noqa: E402

SEEDS = (20261201, 20261202)
GAMES = 4000  # per case, habit and seed (issue 22 item 4)

# (preset, options, seat counts): every game kitgen prints round-by-round paper for
CASES = (
    ("strip", {}, range(1, 7)),
    *(("classic", {"tiles": tiles, "one-die": one_die, "format": fmt}, range(1, 5))
      for tiles in ("9", "12") for one_die in ("on", "off")
      for fmt in ("single", "best-of-3", "best-of-5", "best-of-7", "elimination")),
    ("ten", {}, range(1, 9)),
    ("hundred", {"scoring": "sum"}, range(2, 9)),
    ("hundred", {"scoring": "digits"}, range(2, 9)),
    ("long-game", {}, range(2, 3)),
    *(("knucklebones", {"match": match}, range(2, 3)) for match in ("single", "best-of-3", "best-of-5")),
)

Figures = tuple[int, int, int, int]  # turns 9 in 10, 19 in 20, throws median, 90th


def percentile(values: list[int], share: float) -> int:
    """Return the least value that ``share`` of ``values`` do not exceed."""
    ordered = sorted(values)
    return ordered[max(0, ceil(share * len(ordered)) - 1)]


def figures(turns: list[int], throws: list[int]) -> Figures:
    return (percentile(turns, 0.9), percentile(turns, 0.95), percentile(throws, 0.5),
            percentile(throws, 0.9))


def measure(task: tuple[str, dict[str, str], int, int, int]) -> dict[str, Figures]:
    """Return, per habit, the figures of ``games`` games of one case under one seed."""
    preset, options, seats, games, seed = task
    rules = rules_for(preset, **options)
    if not isinstance(rules, BoxRules):
        rng = random.Random(f"{seed} {rules.describe()} {seats}")
        matches = [random_knucklebones_game(rng, rules) for _ in range(games)]
        turns = [max(sum(1 for placed in match.placements if placed.seat == seat) for seat in (0, 1))
                 for match in matches]
        return {"random": figures(turns, [len(match.placements) for match in matches])}
    measured = {}
    for habit in habits_for(rules):
        rng = random.Random(f"{seed} {rules.describe()} {seats} {habit.name}")
        played = [box_game_length(rng, rules, seats, habit) for _ in range(games)]
        measured[habit.name] = figures([turns for turns, _ in played], [throws for _, throws in played])
    return measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=GAMES, help="games per case, habit and seed")
    parser.add_argument("--workers", type=int, default=1, help="processes to play in")
    parser.add_argument("--fixture", default="-", help="where to write the per-habit figures (JSON)")
    arguments = parser.parse_args()
    tasks = [(preset, options, seats, arguments.games, seed)
             for preset, options, seat_counts in CASES for seats in seat_counts for seed in SEEDS]
    with Pool(arguments.workers) as pool:
        results = pool.map(measure, tasks, chunksize=1)
    cases = []
    unstable = 0
    for index in range(0, len(tasks), len(SEEDS)):
        preset, options, seats, _, _ = tasks[index]
        by_seed = results[index:index + len(SEEDS)]
        habits = {name: [measured[name] for measured in by_seed] for name in by_seed[0]}
        table = tuple(max(column) for column in zip(*(f for runs in habits.values() for f in runs), strict=True))
        p95 = {name: max(run[1] for run in runs) for name, runs in habits.items()}
        differs = any(len({run[1] for run in runs}) > 1 for runs in habits.values())
        longest = max(p95.values())
        differs_longest = len({max(measured[name][1] for name in measured) for measured in by_seed}) > 1
        unstable += differs_longest
        cases.append({"rules": rules_for(preset, **options).describe(), "game": find_game(preset).id,
                      "seats": seats, "lengths": table, "p95": p95, "p95_longest": longest,
                      "seeds_differ": differs, "seeds_differ_longest": differs_longest})
    print(f"# {arguments.games} games per case, habit and seed {SEEDS}; habits: "
          + ", ".join(habit.name for habit in HABITS))
    print(f"# cases whose longest habit's 95th percentile differs between the seeds: {unstable} of {len(cases)}")
    game = None
    for case in cases:
        if case["game"] != game:
            if game is not None:
                print("}")
            game = case["game"]
            print(f"# kitgen/games/{game}/lengths.py")
            print("GAME_LENGTHS: Lengths = {")
        print(f"    ({case['rules']!r}, {case['seats']}): {tuple(case['lengths'])},")
    print("}")
    text = json.dumps({"games": arguments.games, "seeds": SEEDS, "cases": cases}, indent=1) + "\n"
    if arguments.fixture == "-":
        return
    Path(arguments.fixture).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()

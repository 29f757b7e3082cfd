"""The live Shut the Box game (kitgen/games/box/live.py): the claims replayed as the game's
log through the validator's walker, so the game's turns and results are ``kitgen validate``'s."""

from __future__ import annotations

import itertools
import random

import pytest

from kitgen.errors import PlayerCountError
from kitgen.games import find_preset
from kitgen.games.box.live import judge_claim, judge_throw, replay_game
from kitgen.logs.validate import validate_text

GAMES = [("strip", {}, 3), ("strip", {}, 1), ("classic", {}, 4), ("classic", {"format": "best-of-5"}, 3),
         ("classic", {"format": "elimination", "tiles": "12"}, 4), ("classic", {"one-die": "off"}, 2),
         ("ten", {}, 8), ("hundred", {}, 2), ("hundred", {"scoring": "digits"}, 3), ("long-game", {}, 2),
         ("classic", {"ops": "add+mul"}, 2)]
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")


def a_move(tiles: tuple[int, ...], total: int) -> tuple[int, ...]:
    for size in range(1, len(tiles) + 1):
        for chosen in itertools.combinations(tiles, size):
            if sum(chosen) == total:
                return chosen
    return ()


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("preset, options, seats", GAMES)
def test_a_game_replayed_claim_by_claim_is_its_logs_game(preset, options, seats, seed):
    rng = random.Random(f"{preset}{options}{seats}{seed}")
    rules, players = find_preset(preset).configure(options), NAMES[:seats]
    claims: tuple[tuple[str, tuple[int, ...]], ...] = ()
    for _ in range(5000):
        game = replay_game(rules, players, claims)
        assert game.faults == ()
        if game.over:
            break
        one_die = game.one_die and rng.random() < 0.5
        faces = (rng.randint(1, 6),) if one_die else (rng.randint(1, 6), rng.randint(1, 6))
        written = [f"die {faces[0]}"] if one_die else ["+".join(map(str, faces))]
        values = [sum(faces)]
        if not one_die and "mul" in rules.ops:  # the test's own search: the product, written 6x2
            written.append("x".join(map(str, faces)))
            values.append(faces[0] * faces[1])
        text, move = next(((text, move) for text, value in zip(written, values, strict=True)
                           if (move := a_move(game.movable, value))), (written[0], ()))
        problems, throw = judge_throw(game, text)
        assert problems == ()
        assert judge_claim(game, throw, move).ok
        claims += ((throw, move),)
    else:
        pytest.fail("the game never ended")
    report = validate_text(game.log_text)
    assert report.errors == () and report.results.to_json() == game.results.to_json()
    assert report.results.decided
    with pytest.raises(ValueError):
        replay_game(rules, players, (*claims, ("5+3", (8,))))


def test_the_players_are_within_the_presets_range():
    with pytest.raises(PlayerCountError):
        replay_game(find_preset("long-game").configure(), ("Ana",), ())


def test_a_total_alone_in_the_long_game_needs_both_faces():
    game = replay_game(find_preset("long-game").configure(), ("Ana", "Ben"), ())
    problems, _ = judge_throw(game, "8")
    assert [problem.code for problem in problems] == ["dice-needed"]

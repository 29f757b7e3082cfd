"""The results records of both games (kitgen/games/box/results.py,
kitgen/games/knucklebones/results.py): their JSON keeps docs/log-format.md's fields in their
order, and the box walker's turn records keep the throws it read."""

from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.games.box.results import BoxResults
from kitgen.games.knucklebones.results import KnucklebonesResults
from kitgen.logs.validate import validate_path, validate_text

LOGS = sorted(path for path in (Path(__file__).parent / "fixtures").rglob("*.log")
              if path.read_text(encoding="utf-8", errors="replace").lower().startswith("rules:"))
BOX_KEYS = ["winners", "decided", "loser", "totals", "round_wins", "round_winners", "out", "resets", "turns"]
TURN_KEYS = ["line", "player", "attempt", "round", "score", "role", "throws"]
KNUCKLEBONES_KEYS = ["games", "wins", "winners", "decided", "rolls", "removed"]
GAME_KEYS = ["game", "starter", "totals", "result", "winner"]


def in_order(keys: list[str], order: list[str]) -> bool:
    """Return whether ``keys`` are some of ``order``, in its order."""
    return all(key in order for key in keys) and keys == sorted(keys, key=order.index)


@pytest.mark.parametrize("path", LOGS, ids=lambda path: path.name)
def test_the_json_of_every_fixture_keeps_the_documented_fields_in_order(path):
    results = validate_path(path).results
    document = results.to_json()
    if isinstance(results, BoxResults):
        assert in_order(list(document), BOX_KEYS)
        assert all(in_order(list(turn), TURN_KEYS) for turn in document["turns"])
    else:
        assert isinstance(results, KnucklebonesResults)
        assert list(document) == KNUCKLEBONES_KEYS
        assert all(list(game) == GAME_KEYS for game in document["games"])


def test_a_turn_record_keeps_the_throws_the_walker_read():
    text = "rules: classic one-die=on\nplayers: Ana\nturn Ana\n4+5: 9\n7: 3 4\ndie 9: -\n"
    (turn,) = validate_text(text).results.turns
    assert [(throw.dice, throw.total, throw.possible) for throw in turn.throws] == [
        (2, 9, True), (2, 7, True), (1, 9, False)]
    assert turn.to_json()["throws"] == ["4+5", "7", "die 9"]

"""A Shut the Box turn at the live table (docs/web.md, "The live table"): each claim judged
in ``kitgen check``'s words, the one-die throw offered exactly when the rules allow it, the
box's score at the end, and never a move listed."""

from __future__ import annotations

import itertools
import random
import re

import pytest
from starlette.testclient import TestClient

from kitgen.games import find_preset
from kitgen.games.box.check import check_box_claim
from kitgen.games.box.rules import fresh_box, has_move, one_die_allowed, tiles_of, turn_score
from kitgen.web.app import box_presets, create_app
from kitgen.web.guard import Access
from kitgen.web.store import open_store

ORIGIN = "http://127.0.0.1:8000"
SAME_ORIGIN = {"origin": ORIGIN}
AS_JSON = {**SAME_ORIGIN, "accept": "application/json"}


@pytest.fixture
def client(tmp_path) -> TestClient:
    return TestClient(create_app(Access.for_address("127.0.0.1", 8000), open_store(tmp_path)), base_url=ORIGIN)


def open_tiles(page: str) -> tuple[int, ...]:
    return tuple(int(tile) for tile in re.findall(r'<input type="checkbox" name="tile" value="(\d+)"', page))


def a_move(box: int, total: int) -> tuple[int, ...] | None:
    """The test's own search (the page never offers one): some open tiles making ``total``."""
    tiles = tiles_of(box)
    for size in range(1, len(tiles) + 1):
        for chosen in itertools.combinations(tiles, size):
            if sum(chosen) == total:
                return chosen
    return None


def test_every_box_preset_is_offered():
    assert {"strip", "classic", "ten", "hundred", "long-game"} <= set(box_presets())
    assert "knucklebones" not in box_presets()


@pytest.mark.parametrize("preset, options, seed", [
    ("hundred", {}, 1), ("classic", {"one-die": "on"}, 2), ("classic", {"one-die": "off", "tiles": "12"}, 3),
    ("strip", {}, 4), ("ten", {}, 5),
])
def test_the_one_die_throw_is_offered_exactly_when_the_rules_allow_it(client, preset, options, seed):
    rng = random.Random(seed)
    rules = find_preset(preset).configure(options)
    client.post("/box", data={"rules": preset, **options}, headers=SAME_ORIGIN)
    box = fresh_box(rules.tiles)
    for _ in range(40):
        page = client.get("/box/1").text
        if "The turn is over" in page:
            assert f"the box says {turn_score(rules, box)}." in page
            break
        assert ("data-one-die" in page) == one_die_allowed(rules, box)
        one_die = one_die_allowed(rules, box) and rng.random() < 0.7
        throw = f"die {rng.randint(1, 6)}" if one_die else f"{rng.randint(1, 6)}+{rng.randint(1, 6)}"
        page = client.post("/box/1", data={"action": "throw", "throw": throw}, headers=SAME_ORIGIN).text
        assert "checked" not in page  # no tile ticked for the player
        total = sum(int(face) for face in re.findall(r"\d+", throw))
        move = a_move(box, total)
        if move is None:
            page = client.post("/box/1", data={"action": "none"}, headers=SAME_ORIGIN).text
            assert check_box_claim(rules, " ".join(map(str, tiles_of(box))) or "-", throw, None).text() in page
            continue
        page = client.post("/box/1", data={"action": "claim", "tile": [str(tile) for tile in move]},
                           headers=SAME_ORIGIN).text
        expected = check_box_claim(rules, " ".join(map(str, tiles_of(box))), throw, " ".join(map(str, move)))
        assert expected.ok and expected.text() in page.replace("&#43;", "+")
        box &= ~sum(1 << (tile - 1) for tile in move)
        assert open_tiles(page) == tiles_of(box)
    else:
        pytest.fail("the turn never ended")


def test_a_wrong_claim_gets_kitgen_checks_words_and_leaves_the_box(client):
    rules = find_preset("strip").configure()
    client.post("/box", data={"rules": "strip"}, headers=SAME_ORIGIN)
    client.post("/box/1", data={"action": "throw", "throw": "5+3"}, headers=SAME_ORIGIN)
    page = client.post("/box/1", data={"action": "claim", "tile": ["2", "5"]}, headers=SAME_ORIGIN).text
    words = page.replace("&#39;", "'").replace("&#43;", "+")
    assert check_box_claim(rules, "1 2 3 4 5 6 7 8 9", "5+3", "2 5").text() in words
    assert "Throw 5+3: tick the tiles you shut" in words and open_tiles(page) == tuple(range(1, 10))
    page = client.post("/box/1", data={"action": "none"}, headers=SAME_ORIGIN).text
    assert "not valid: wrong, a move exists for the throw 5+3." in page.replace("&#43;", "+")
    assert not re.search(r"\b(try|suggest|could shut|best)\b", page, re.I)  # a move is never named


def test_a_one_die_throw_the_rules_do_not_allow_is_refused_in_the_rules_words(client):
    from kitgen.games.box.rules import judge_move, parse_throw
    from kitgen.text.problems import describe

    rules = find_preset("hundred").configure()
    client.post("/box", data={"rules": "hundred"}, headers=SAME_ORIGIN)
    answer = client.post("/box/1", data={"action": "throw", "throw": "die 4"}, headers=AS_JSON)
    (problem,) = [found for found in judge_move(rules, fresh_box(9), parse_throw("die 4"), ())
                  if found.code == "one-die-not-allowed"]
    assert (answer.status_code, answer.json()) == (400, {"error": describe(problem)})
    answer = client.post("/box/1", data={"action": "roll-1"}, headers=AS_JSON)
    assert answer.status_code == 400


def test_undo_takes_back_the_throw_then_the_move(client):
    client.post("/box", data={"rules": "strip"}, headers=SAME_ORIGIN)
    client.post("/box/1", data={"action": "throw", "throw": "8"}, headers=SAME_ORIGIN)
    client.post("/box/1", data={"action": "claim", "tile": ["8"]}, headers=SAME_ORIGIN)
    client.post("/box/1", data={"action": "throw", "throw": "9"}, headers=SAME_ORIGIN)
    client.post("/box/1", data={"action": "undo"}, headers=SAME_ORIGIN)
    page = client.post("/box/1", data={"action": "undo"}, headers=SAME_ORIGIN).text
    assert open_tiles(page) == tuple(range(1, 10)) and "Enter the throw" in page


def test_a_turn_that_cannot_start_gets_one_sentence(client):
    answer = client.post("/box", data={"rules": "knucklebones"}, headers=AS_JSON)
    assert answer.status_code == 400 and answer.json()["error"].startswith("a Shut the Box turn plays ")


def test_the_shut_box_ends_the_turn_at_zero(client):
    client.post("/box", data={"rules": "strip"}, headers=SAME_ORIGIN)
    rules = find_preset("strip").configure()
    assert has_move(fresh_box(9), 9)
    for tiles in ((9,), (8, 1), (7, 2), (6, 3), (5, 4)):
        client.post("/box/1", data={"action": "throw", "throw": str(sum(tiles))}, headers=SAME_ORIGIN)
        page = client.post("/box/1", data={"action": "claim", "tile": [str(tile) for tile in tiles]},
                           headers=SAME_ORIGIN).text
    assert f"The turn is over: the box says {turn_score(rules, 0)}." in page

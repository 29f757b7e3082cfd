"""A whole Shut the Box game at the live table (docs/web.md, "The live table"): each claim
judged in ``kitgen check``'s words, the one-die throw offered exactly when the rules allow
it, the box's score at the end of each turn, the seats, rounds and results of every preset,
undo, the game as a log ``kitgen validate`` finds valid, the personal bests; never a move
listed."""

from __future__ import annotations

import html
import itertools
import random
import re
import sqlite3

import pytest
from starlette.testclient import TestClient

from kitgen.games import find_preset
from kitgen.games.box.check import check_box_claim
from kitgen.games.box.rules import box_of, fresh_box, one_die_allowed, tiles_of, turn_score
from kitgen.logs.validate import validate_text
from kitgen.text.summaries import summary_line_text
from kitgen.web.app import box_presets, create_app
from kitgen.web.guard import Access
from kitgen.web.store import open_store

ORIGIN = "http://127.0.0.1:8000"
SAME_ORIGIN = {"origin": ORIGIN}
AS_JSON = {**SAME_ORIGIN, "accept": "application/json"}
GAMES = [  # every box preset and option that changes how a game goes, with its players
    ("strip", {}, "Ana, Ben, Cy"), ("strip", {}, "Ana"),
    ("classic", {}, "Ana, Ben"), ("classic", {"tiles": "12", "one-die": "off"}, "Ana, Ben, Cy, Dee"),
    ("classic", {"format": "best-of-3"}, "Ana, Ben"), ("classic", {"format": "best-of-5"}, "Ana, Ben, Cy"),
    ("classic", {"format": "best-of-7"}, "Ana, Ben"), ("classic", {"format": "elimination"}, "Ana, Ben, Cy"),
    ("classic", {"format": "elimination", "tiles": "12"}, "Ana"),
    ("ten", {}, "Ana, Ben, Cy"), ("hundred", {}, "Ana, Ben"), ("hundred", {"scoring": "digits"}, "Ana, Ben, Cy"),
    ("long-game", {}, "Ana, Ben"),
]


def client_of(folder) -> TestClient:
    return TestClient(create_app(Access.for_address("127.0.0.1", 8000), open_store(folder)), base_url=ORIGIN)


@pytest.fixture
def client(tmp_path) -> TestClient:
    return client_of(tmp_path)


def words(page: str) -> str:
    return html.unescape(page)


def movable(page: str) -> tuple[int, ...]:
    """The tiles the page lets the player tick."""
    return tuple(int(tile) for tile in re.findall(r'<input type="checkbox" name="tile" value="(\d+)"', page))


def a_move(tiles: tuple[int, ...], total: int) -> tuple[int, ...] | None:
    """The test's own search (the page never offers one): some of ``tiles`` making ``total``."""
    for size in range(1, len(tiles) + 1):
        for chosen in itertools.combinations(tiles, size):
            if sum(chosen) == total:
                return chosen
    return None


def start(client: TestClient, preset: str, players: str, **options: str) -> str:
    answer = client.post("/box", data={"rules": preset, "players": players, **options}, headers=SAME_ORIGIN)
    assert answer.status_code == 200, answer.text
    return answer.url.path


def play(client: TestClient, address: str, rng: random.Random, most: int = 2000) -> str:
    """Play the game at ``address`` to its end with the dice ``rng`` rolls, typed in."""
    for _ in range(most):
        page = client.get(address).text
        if "The game is over" in page:
            return page
        if "data-one-die" in page and rng.random() < 0.5:
            throw = f"die {rng.randint(1, 6)}"
        else:
            throw = f"{rng.randint(1, 6)}+{rng.randint(1, 6)}"
        page = client.post(address, data={"action": "throw", "throw": throw}, headers=SAME_ORIGIN).text
        move = a_move(movable(page), sum(int(face) for face in re.findall(r"\d", throw)))
        action = {"action": "claim", "tile": [str(tile) for tile in move]} if move else {"action": "none"}
        page = client.post(address, data=action, headers=SAME_ORIGIN).text
        assert words(page).count("valid: ") == 1 and "not valid" not in page, page
    pytest.fail("the game never ended")


def test_every_box_preset_is_offered():
    assert {"strip", "classic", "ten", "hundred", "long-game"} <= set(box_presets())
    assert "knucklebones" not in box_presets()


def test_the_start_page_has_every_option_of_the_box_presets(client):
    page = client.get("/box").text
    for preset in box_presets():
        for option in find_preset(preset).every_option:
            assert f'name="{option.name}"' in page
    for value in ("best-of-7", "elimination", "digits", "12", "off"):
        assert f"<option>{value}</option>" in page


@pytest.mark.parametrize("preset, options, players", GAMES)
def test_a_whole_game_of_every_preset_exports_a_valid_log_with_the_results_shown(client, preset, options, players):
    address = start(client, preset, players, **options)
    page = play(client, address, random.Random(f"{preset}{options}{players}"))
    log = client.get(f"{address}/log")
    assert log.headers["content-disposition"] == f'attachment; filename="box-{address.rsplit("/", 1)[1]}.log"'
    report = validate_text(log.text, "box.log")
    assert report.errors == () and report.results.decided
    assert report.rules == find_preset(preset).configure(options).describe()
    for line in report.summary:  # the page states the result as kitgen validate does
        assert f"<li>{summary_line_text(line)}</li>" in words(page)
    assert "winner: " in log.text
    results, rules = report.results, find_preset(preset).configure(options)
    if rules.format == "long-game":  # the personal bests, read off the validator's results
        expected = {name: sum(turn.player == name for turn in results.turns) for name in results.winners}
        measure = "the fewest turns to win"
    elif rules.format == "two-attempts":
        expected, measure = dict(results.totals), "the lowest total of both attempts"
    else:
        expected, measure = {}, "the lowest turn score"
        for turn in results.turns:
            expected[turn.player] = min(expected.get(turn.player, turn.score), turn.score)
    shown = re.findall(r"<li data-best>(.*?)</li>", words(page))
    assert shown == [f"{name}'s best at {rules.describe()}: {value} ({measure})" for name, value in sorted(
        expected.items(), key=lambda item: item[0].casefold())]
    answer = client.post(address, data={"action": "throw", "throw": "5+3"}, headers=AS_JSON)
    assert answer.status_code == 400 and answer.json()["error"].startswith("the game is decided")


def test_round_two_starts_one_seat_further_on_and_a_tied_round_has_no_winner(client):
    address = start(client, "classic", "Ana, Ben", format="best-of-3")
    for name, following in (("Ana", "Round 1: Ben's turn"), ("Ben", "Round 2: Ben's turn")):
        assert f"{name}'s turn</h2>" in words(client.get(address).text)
        for throw, tiles in (("4+4", ["8"]), ("1+1", ["2"]), ("6+6", ["9", "3"]), ("6+6", ["5", "7"]), ("6+6", [])):
            client.post(address, data={"action": "throw", "throw": throw}, headers=SAME_ORIGIN)
            page = words(client.post(address, data={"action": "claim" if tiles else "none", "tile": tiles},
                                     headers=SAME_ORIGIN).text)
        assert f"{name}'s turn is over: the box says 11." in page and following in page
    assert re.findall(r"<td data-round-wins>(\d+)</td>", page) == ["0", "0"]
    assert re.findall(r"<td data-total>(\d+)</td>", page) == ["11", "11"]


@pytest.mark.parametrize("preset, options, players, seed", [
    ("hundred", {}, "Ana, Ben", 1), ("classic", {"one-die": "on"}, "Ana", 2),
    ("classic", {"one-die": "off", "tiles": "12"}, "Ana", 3), ("strip", {}, "Ana", 4), ("ten", {}, "Ana", 5),
])
def test_the_one_die_throw_is_offered_exactly_when_the_rules_allow_it(client, preset, options, players, seed):
    rng = random.Random(seed)
    rules = find_preset(preset).configure(options)
    address = start(client, preset, players, **options)
    for _ in range(200):
        page = client.get(address).text
        if "The game is over" in page:
            break
        box = box_of(movable(page))
        assert ("data-one-die" in page) == one_die_allowed(rules, box)
        one_die = one_die_allowed(rules, box) and rng.random() < 0.7
        throw = f"die {rng.randint(1, 6)}" if one_die else f"{rng.randint(1, 6)}+{rng.randint(1, 6)}"
        page = client.post(address, data={"action": "throw", "throw": throw}, headers=SAME_ORIGIN).text
        assert "checked" not in page  # no tile ticked for the player
        move = a_move(tiles_of(box), sum(int(face) for face in re.findall(r"\d", throw)))
        if move is None:
            page = words(client.post(address, data={"action": "none"}, headers=SAME_ORIGIN).text)
            assert check_box_claim(rules, " ".join(map(str, tiles_of(box))) or "-", throw, None).text() in page
            assert f"turn is over: the box says {turn_score(rules, box)}." in page
            continue
        page = words(client.post(address, data={"action": "claim", "tile": [str(tile) for tile in move]},
                                 headers=SAME_ORIGIN).text)
        expected = check_box_claim(rules, " ".join(map(str, tiles_of(box))), throw, " ".join(map(str, move)))
        assert expected.ok and expected.text() in page
        box &= ~box_of(move)
        if box == 0:
            assert "turn is over: the box says 0." in page
        elif "The game is over" not in page:
            assert movable(page) == tiles_of(box)
    else:
        pytest.fail("the game never ended")


def test_a_wrong_claim_gets_kitgen_checks_words_and_leaves_the_box(client):
    rules = find_preset("strip").configure()
    address = start(client, "strip", "Ana")
    client.post(address, data={"action": "throw", "throw": "5+3"}, headers=SAME_ORIGIN)
    page = words(client.post(address, data={"action": "claim", "tile": ["2", "5"]}, headers=SAME_ORIGIN).text)
    assert check_box_claim(rules, "1 2 3 4 5 6 7 8 9", "5+3", "2 5").text() in page
    assert "Throw 5+3: tick the tiles you shut" in page and movable(page) == tuple(range(1, 10))
    page = words(client.post(address, data={"action": "none"}, headers=SAME_ORIGIN).text)
    assert "not valid: wrong, a move exists for the throw 5+3." in page
    assert not re.search(r"\b(try|suggest|could shut|best)\b", page, re.I)  # a move is never named


def test_a_one_die_throw_the_rules_do_not_allow_is_refused_in_the_rules_words(client):
    from kitgen.games.box.rules import judge_move, parse_throw
    from kitgen.text.problems import describe

    rules = find_preset("hundred").configure()
    address = start(client, "hundred", "Ana, Ben")
    answer = client.post(address, data={"action": "throw", "throw": "die 4"}, headers=AS_JSON)
    (problem,) = [found for found in judge_move(rules, fresh_box(9), parse_throw("die 4"), ())
                  if found.code == "one-die-not-allowed"]
    assert (answer.status_code, answer.json()) == (400, {"error": describe(problem)})
    answer = client.post(address, data={"action": "roll-1"}, headers=AS_JSON)
    assert answer.status_code == 400


def test_undo_takes_back_the_throw_then_the_move_across_a_turn(client):
    address = start(client, "classic", "Ana, Ben")
    client.post(address, data={"action": "throw", "throw": "8"}, headers=SAME_ORIGIN)
    client.post(address, data={"action": "claim", "tile": ["8"]}, headers=SAME_ORIGIN)
    for throw, tiles in (("12", ["9", "3"]), ("11", ["4", "7"])):
        client.post(address, data={"action": "throw", "throw": throw}, headers=SAME_ORIGIN)
        client.post(address, data={"action": "claim", "tile": tiles}, headers=SAME_ORIGIN)
    client.post(address, data={"action": "throw", "throw": "10"}, headers=SAME_ORIGIN)
    page = words(client.post(address, data={"action": "none"}, headers=SAME_ORIGIN).text)
    assert "Ana's turn is over: the box says 14." in page and "Round 1: Ben's turn" in page
    page = words(client.post(address, data={"action": "undo"}, headers=SAME_ORIGIN).text)
    assert "Round 1: Ana's turn" in page and movable(page) == (1, 2, 5, 6)
    client.post(address, data={"action": "throw", "throw": "10"}, headers=SAME_ORIGIN)
    page = words(client.post(address, data={"action": "undo"}, headers=SAME_ORIGIN).text)
    assert "Enter the throw" in page and movable(page) == (1, 2, 5, 6)  # the throw taken back first
    for _ in range(2):
        client.post(address, data={"action": "undo"}, headers=SAME_ORIGIN)
    page = client.post(address, data={"action": "undo"}, headers=SAME_ORIGIN).text
    assert movable(page) == tuple(range(1, 10)) and "Enter the throw" in page
    assert client.get(f"{address}/log").text == "rules: classic\nplayers: Ana, Ben\n"


@pytest.mark.parametrize("form, sentence", [
    ({"rules": "knucklebones", "players": "Ana, Ben"}, "a Shut the Box game plays "),
    ({"rules": "hundred", "players": "Ana"}, "hundred is for 2 to 8 players, not 1."),
    ({"rules": "long-game", "players": "Ana, Ben, Cy"}, "long-game is for 2 players, not 3."),
    ({"rules": "classic", "players": "Ana, ana"}, ""),
    ({"rules": "classic", "players": "Ana", "format": "best-of-9"}, "option 'format' of 'classic' cannot be"),
    ({"rules": "classic", "players": ""}, ""),
])
def test_a_game_that_cannot_start_gets_one_sentence(client, form, sentence):
    answer = client.post("/box", data=form, headers=AS_JSON)
    assert answer.status_code == 400 and answer.json()["error"].startswith(sentence)
    assert answer.json()["error"].endswith(".")


def test_an_option_of_another_preset_is_left_out(client):
    address = start(client, "strip", "Ana", format="best-of-3", tiles="12")
    assert "<small>strip</small>" in client.get(address).text


def test_in_ten_shutting_the_box_wins_at_once(client):
    address = start(client, "ten", "Ana, Ben, Cy")
    for tiles in ((10,), (9, 1), (8, 2), (7, 3), (6, 4), (5,)):
        client.post(address, data={"action": "throw", "throw": str(sum(tiles))}, headers=SAME_ORIGIN)
        page = words(client.post(address, data={"action": "claim", "tile": [str(tile) for tile in tiles]},
                                 headers=SAME_ORIGIN).text)
    assert "The game is over" in page and "Ana's turn is over: the box says 0." in page
    assert "winner: Ana (shut the box, " in page and "<td data-total>not played</td>" in page


def test_the_long_games_opener_opens_shut_tiles_and_a_double_earns_an_extra_turn(client):
    address = start(client, "long-game", "Ana, Ben")
    answer = client.post(address, data={"action": "throw", "throw": "8"}, headers=AS_JSON)
    assert answer.status_code == 400 and "8" in answer.json()["error"]  # both faces, for doubles
    for throw, tiles, then in (("4+4", ["8"], "1 extra turn held."), ("6+5", ["9", "2"], "1 extra turn held."),
                               ("6+4", ["7", "3"], "1 extra turn held."),
                               ("2+1", [], "Turn 1: Ana, the closer"),  # no move: the extra turn spent
                               ("5+3", [], "Turn 2: Ben, the opener")):
        client.post(address, data={"action": "throw", "throw": throw}, headers=SAME_ORIGIN)
        page = words(client.post(address, data={"action": "claim" if tiles else "none", "tile": tiles},
                                 headers=SAME_ORIGIN).text)
        assert then in page and "not valid" not in page
    assert "extra turn" not in page and movable(page) == (2, 3, 7, 8, 9)
    client.post(address, data={"action": "throw", "throw": "6+2"}, headers=SAME_ORIGIN)
    page = words(client.post(address, data={"action": "claim", "tile": ["8"]}, headers=SAME_ORIGIN).text)
    assert "valid: " in page and movable(page) == (2, 3, 7, 9)


def test_a_personal_best_is_kept_across_sessions_and_undone_with_the_game(tmp_path):
    client = client_of(tmp_path)
    address = start(client, "classic", "Ana")
    for tiles in ((9,), (8, 1), (7, 2)):
        client.post(address, data={"action": "throw", "throw": str(sum(tiles))}, headers=SAME_ORIGIN)
        client.post(address, data={"action": "claim", "tile": [str(tile) for tile in tiles]}, headers=SAME_ORIGIN)
    client.post(address, data={"action": "throw", "throw": "6+6"}, headers=SAME_ORIGIN)
    page = words(client.post(address, data={"action": "claim", "tile": ["3", "4", "5"]}, headers=SAME_ORIGIN).text)
    client.post(address, data={"action": "throw", "throw": "6+6"}, headers=SAME_ORIGIN)
    page = words(client.post(address, data={"action": "none"}, headers=SAME_ORIGIN).text)
    best = "Ana's best at classic: 6 (the lowest turn score)"
    assert "The game is over" in page and best in page
    again = client_of(tmp_path)  # another session: a new app on the same store
    assert best in words(again.get("/box").text)
    second = start(again, "classic", "ana")
    for tiles in ((9,), (8, 1), (7, 2), (6, 3), (5, 4)):
        again.post(second, data={"action": "throw", "throw": str(sum(tiles))}, headers=SAME_ORIGIN)
        page = words(again.post(second, data={"action": "claim", "tile": [str(tile) for tile in tiles]},
                                headers=SAME_ORIGIN).text)
    assert "ana's best at classic: 0 (the lowest turn score)" in page
    again.post(second, data={"action": "undo"}, headers=SAME_ORIGIN)  # the shut box taken back
    assert best in words(again.get("/box").text) and ": 0 (" not in words(again.get("/box").text)


def test_the_store_keeps_games_and_bests_in_a_step_of_their_own(tmp_path):
    open_store(tmp_path)
    with sqlite3.connect(tmp_path / "kitgen.sqlite3") as connection:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"box_game", "box_best"} <= tables


def test_a_claim_typed_by_hand_for_no_throw_is_refused(client):
    address = start(client, "classic", "Ana")
    answer = client.post(address, data={"action": "claim", "tile": ["8"]}, headers=AS_JSON)
    assert answer.status_code == 400 and answer.json()["error"] == "throw the dice first, or type the throw."
    assert client.get("/box/999/log").status_code == 404

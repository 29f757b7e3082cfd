"""The live table (docs/web.md, "The live table"): a knucklebones match played through the
routes to its end, each preview checked against the rules core, the log valid."""

from __future__ import annotations

import json
import random
import re

import pytest
from starlette.testclient import TestClient

from kitgen.games import find_preset
from kitgen.games.knucklebones.rules import Column, Grid, preview_placement
from kitgen.web.app import create_app, placement_table
from kitgen.web.guard import Access
from kitgen.web.store import open_store

ORIGIN = "http://127.0.0.1:8000"
SAME_ORIGIN = {"origin": ORIGIN}
BUTTON = re.compile(r'<button type="submit" name="column" value="(\w+)" data-column="\w+">\s*(.*?)\s*</button>', re.S)


@pytest.fixture
def client(tmp_path) -> TestClient:
    return TestClient(create_app(Access.for_address("127.0.0.1", 8000), open_store(tmp_path)), base_url=ORIGIN)


def words(html: str) -> str:
    return " ".join(html.replace("&#39;", "'").split())


@pytest.mark.parametrize("match, seed", [("single", 1), ("best-of-3", 2), ("best-of-5", 3)])
def test_a_match_played_to_its_end_shows_the_rules_cores_previews_and_exports_a_valid_log(client, match, seed):
    rng = random.Random(seed)
    started = client.post("/table", data={"rules": "knucklebones", "match": match, "players": "Ana, Ben"},
                          headers=SAME_ORIGIN)
    assert started.url.path == "/table/1"
    for _ in range(500):
        page = client.get("/table/1").text
        if "to roll." not in page:
            break
        face = rng.randint(1, 6)
        page = client.post("/table/1", data={"action": "roll", "face": str(face)}, headers=SAME_ORIGIN).text
        saved = table_of(client)
        played = placement_table(saved.rules).replay(saved.players, saved.placements)
        seat = played.due
        mine, theirs = played.grids if played.match.playing else (Grid(), Grid())
        if seat == 1:
            mine, theirs = theirs, mine
        buttons = BUTTON.findall(page)
        playable = [column for column in Column if not mine.column_full(column)]
        assert [value for value, _ in buttons] == [column.label for column in playable]  # every one, in order
        other = saved.players[1 - seat]
        for (_, text), column in zip(buttons, playable, strict=True):
            preview = preview_placement(mine, theirs, face, column)
            assert words(text) == (
                f"Column {column.letter} ({column.label}): column score {preview.column_score}, removes "
                f"{preview.removed} of {other}'s dice, totals {saved.players[seat]} {preview.mine_total}, "
                f"{other} {preview.theirs_total}")
        offered = page[page.index('<form method="post" class="place">'):]
        offered = offered[:offered.index("</form>")]
        assert offered.count("<button") == len(buttons)  # each button alike: nothing singled out
        assert not re.search(r"best|suggest|recommend|highlight|selected|autofocus", offered, re.I)
        client.post("/table/1", data={"action": "place", "column": rng.choice(buttons)[0]}, headers=SAME_ORIGIN)
    else:
        pytest.fail("the match never ended")
    assert "wins." in page or "A draw." in page
    log = client.get("/table/1/log")
    assert log.headers["content-disposition"] == 'attachment; filename="table-1.log"'
    checked = client.post("/validate", files=[("files", ("table-1.log", log.content))],
                          headers={**SAME_ORIGIN, "accept": "application/json"})
    (document,) = json.loads(checked.text)
    assert document["valid"] is True, document["errors"]
    assert document["rules"] == find_preset("knucklebones").configure({"match": match}).describe()


def table_of(client):
    from kitgen.web.store import Store

    route = next(route for route in client.app.routes if getattr(route, "path", "") == "/table/{number:int}")
    store: Store = route.endpoint.__self__.store
    return store.live_table(1)


def test_undo_takes_back_the_face_then_the_placement(client):
    client.post("/table", data={"rules": "knucklebones", "players": "Ana, Ben"}, headers=SAME_ORIGIN)
    client.post("/table/1", data={"action": "roll", "face": "4"}, headers=SAME_ORIGIN)
    client.post("/table/1", data={"action": "place", "column": "middle"}, headers=SAME_ORIGIN)
    client.post("/table/1", data={"action": "roll", "face": "4"}, headers=SAME_ORIGIN)
    assert "Ben rolled" in client.get("/table/1").text
    client.post("/table/1", data={"action": "undo"}, headers=SAME_ORIGIN)
    assert "Ben to roll." in client.get("/table/1").text
    client.post("/table/1", data={"action": "undo"}, headers=SAME_ORIGIN)
    page = client.get("/table/1").text
    assert "Ana to roll." in page and "disabled" in page


def test_the_page_rolls_a_face_when_none_is_typed(client):
    client.post("/table", data={"rules": "knucklebones", "players": "Ana, Ben"}, headers=SAME_ORIGIN)
    page = client.post("/table/1", data={"action": "roll", "face": ""}, headers=SAME_ORIGIN).text
    assert re.search(r"<span class=\"face\" data-face>[1-6]</span>", page)


@pytest.mark.parametrize("entries, sentence", [
    ([{"action": "roll", "face": "7"}], "7 is not a face of a six-sided die (1-6)."),
    ([{"action": "place", "column": "left"}], "roll the die first, or type the face rolled."),
    ([{"action": "roll", "face": "3"}, {"action": "place", "column": "centre"}], None),
])
def test_a_refused_entry_gets_the_rules_sentence(client, entries, sentence):
    client.post("/table", data={"rules": "knucklebones", "players": "Ana, Ben"}, headers=SAME_ORIGIN)
    for entry in entries:
        answer = client.post("/table/1", data=entry, headers={**SAME_ORIGIN, "accept": "application/json"})
    assert answer.status_code == 400
    if sentence is None:
        from kitgen.games.knucklebones.rules import Grid, judge_placement
        from kitgen.text.problems import describe

        sentence = describe(judge_placement(Grid(), 3, "centre")[0])
    assert answer.json() == {"error": sentence}


@pytest.mark.parametrize("form", [{"rules": "classic", "players": "Ana, Ben"},
                                  {"rules": "knucklebones", "players": "Ana"},
                                  {"rules": "knucklebones", "players": "Ana, Ben, Cy"}])
def test_a_table_that_cannot_start_gets_one_sentence(client, form):
    answer = client.post("/table", data=form, headers={**SAME_ORIGIN, "accept": "application/json"})
    assert answer.status_code == 400 and answer.json()["error"].endswith(".")


def test_a_table_not_saved_is_no_page(client):
    assert client.get("/table/9").status_code == 404

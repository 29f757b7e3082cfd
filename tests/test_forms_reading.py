"""Reading a filled kit's fields without rendering one (issue 23 item 2; docs/FORMS.md): the
field scheme made from the parts' keys, claims printed only, and cells that were read by
no one, so that a fault in them validated as valid."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import kitgen.kit.parts.turn_record
from kitgen.errors import LogUnreadableError
from kitgen.forms import scheme
from kitgen.forms.read import kit_logs
from kitgen.forms.scheme import AID, PRINTED, READ, Manifest, field_use, is_form_field
from kitgen.forms.transcribe import transcribe
from kitgen.logs.validate import validate_text
from kitgen.text.fields import place_text


def errors(manifest: Manifest, values: dict[str, str]) -> list[tuple[str, str]]:
    """Return the code and sheet place of each error of the log ``values`` transcribe to."""
    (log,) = transcribe(manifest, values)
    return [(error.code, place_text(log.places.get(error.line, ()))) for error in validate_text(log.text).errors]


ROW = "t1.rec01.r01"
SHUT_8 = {f"{ROW}.roll-total": "5+3", f"{ROW}.numbers-closed": "8"}


@pytest.mark.parametrize("name, use", [
    ("t1.rec02.r05.numbers-closed", READ), ("t1.rec02.r05.dice-1-2", READ), ("t1.seat3.round-2.total", READ),
    ("t1.seat1.won.mark", READ), ("t1.placement-record.sheet01.r03.total-for-ana", READ),
    ("t1.strip04.tile07", AID), ("t1.turn-sheet.sheet02.r04.round", AID), ("t1.board-sheet.sheet01.r02.tile03", AID),
    ("t1.seat2.round-wins", PRINTED), ("t1.seat2.round-3.mark", PRINTED), ("t1.seat2.round-3.total.mark", PRINTED),
    ("t1.seat1.shut-the-box.mark", PRINTED), ("t1.seat1.turns-played", PRINTED), ("t1.strip01.score", PRINTED),
    ("t1.turn-record.sheet01.r01.double", PRINTED), ("t1.board01.seat-1.left", PRINTED),
    ("t1.match.r01.seat-2-game-wins", PRINTED), ("t1.placement-record.sheet01.r01.dice-removed", PRINTED),
    ("t1.starts.round-wins", None), ("t1.notes", None), ("t1.rec01.r01.new-column", None),
])
def test_each_field_name_has_its_use_in_the_scheme(name, use):
    assert field_use(name) == use


def test_a_key_a_part_declares_with_no_use_stops_a_fillable_kit(monkeypatch):
    """The scheme is made from the parts' keys: a column added to the long game's turn
    record that nothing reads cannot become a field, read by no one."""
    keys = kitgen.kit.parts.turn_record.TURN_KEYS
    monkeypatch.setattr(kitgen.kit.parts.turn_record, "TURN_KEYS", (*keys, "dice-sum"))
    scheme._patterns.cache_clear()
    try:
        assert field_use("t1.turn-record.sheet01.r01.die-1") == READ
        with pytest.raises(ValueError, match="dice-sum"):
            is_form_field("t1.turn-record.sheet01.r01.dice-sum")
    finally:
        monkeypatch.undo()
        scheme._patterns.cache_clear()
    assert is_form_field("t1.turn-record.sheet01.r01.tiles-shut-or-opened")
    assert not is_form_field("t1.turn-record.sheet01.r01.double")  # printed only


def test_a_claim_printed_only_filled_in_on_an_earlier_kit_is_refused_by_name(monkeypatch):
    manifest = Manifest("classic format=best-of-3", (("Ana", "Ben"),), ((("Ana", "1"), ("Ben", "1")),))
    read = {**SHUT_8, "t1.seat1.round-wins": "2", "t1.seat2.round-1.mark": "/Off"}
    monkeypatch.setattr("kitgen.forms.read.read_kit", lambda path: (manifest, read))
    refused = r"1 field filled in that kitgen does not check, 't1.seat1.round-wins'"
    with pytest.raises(LogUnreadableError, match=refused):
        kit_logs(Path("old.pdf"))
    monkeypatch.setattr("kitgen.forms.read.read_kit", lambda path: (manifest, {**read, "t1.seat1.round-wins": " "}))
    assert len(kit_logs(Path("old.pdf"))) == 1  # left blank (an unticked box) it carries nothing


def test_a_wrong_score_in_a_one_round_classic_kits_score_column_is_found():
    # before: classic reads a round's score from round-1.score; a one-round kit prints "score"
    manifest = Manifest("classic", (("Ana", "Ben"),), ((("Ana", "1"), ("Ben", "1")),))
    assert ("wrong-score", "Table 1, totals, Ana, score") in errors(manifest, {**SHUT_8, "t1.seat1.score": "99"})


@pytest.mark.parametrize("dice, roll", [("1", "5+3"), ("2", "die 4"), ("3", "8"), ("x", "8")])
def test_a_dice_cell_the_roll_contradicts_is_reported_at_its_row(dice, roll):
    # before: a dice cell other than "1" beside a plain number was dropped unread
    manifest = Manifest("ten", (("Ana", "Ben"),), ((("Ana", ""), ("Ben", "")),))
    found = errors(manifest, {f"{ROW}.roll-total": roll, f"{ROW}.dice-1-2": dice, f"{ROW}.numbers-closed": "8"})
    assert ("syntax", "Table 1, Ana, row 1") in found


@pytest.mark.parametrize("dice, roll, line", [("1", "4", "die 4: 4"), ("1", "die 4", "die 4: 4"),
                                              ("2", "5+3", "5+3: 8"), ("", "8", "8: 8")])
def test_a_dice_cell_that_agrees_with_its_roll_reads_as_before(dice, roll, line):
    manifest = Manifest("ten", (("Ana", "Ben"),), ((("Ana", ""), ("Ben", "")),))
    closed = line.split(": ")[1]
    (log,) = transcribe(manifest, {f"{ROW}.roll-total": roll, f"{ROW}.dice-1-2": dice, f"{ROW}.numbers-closed": closed})
    assert line in log.text.splitlines()


def test_a_long_game_total_that_is_not_the_faces_sum_is_reported_at_its_row():
    # before: with both faces written, the total beside them was never read
    row = "t1.turn-record.sheet01.r01"
    manifest = Manifest("long-game", (("Ana", "Ben"),))
    cells = {f"{row}.turn": "1", f"{row}.die-1": "4", f"{row}.die-2": "6", f"{row}.tiles-shut-or-opened": "10"}
    assert ("syntax", "Table 1, turn record, row 1") in errors(manifest, {**cells, f"{row}.total": "9"})
    (log,) = transcribe(manifest, {**cells, f"{row}.total": "10"})
    assert "4+6: 10" in log.text.splitlines()


def test_a_score_in_a_round_no_record_has_is_reported_at_its_cell():
    # before: the totals table prints more rounds than the records; their cells were not read
    manifest = Manifest("classic format=best-of-3", (("Ana", "Ben"),), ((("Ana", "1"), ("Ben", "1")),))
    found = errors(manifest, {**SHUT_8, "t1.seat2.round-5.score": "7", "t1.seat1.round-5.total": "30"})
    places = {place for _code, place in found}
    assert {"Table 1, totals, Ben, round 5, score", "Table 1, totals, round 5, total"} <= places


def test_a_knucklebones_result_for_a_game_with_no_placements_is_reported_at_its_row():
    manifest = Manifest("knucklebones", (("Ana", "Ben"),))
    row = "t1.placement-record.sheet01.r01"
    found = errors(manifest, {f"{row}.player": "Ana", f"{row}.face": "3", f"{row}.column": "left",
                              "t1.match.r02.result-winner-or-draw": "Ben"})
    assert ("wrong-winner", "Table 1, match record, game 2") in found


def test_a_kit_printed_in_another_language_takes_its_words_for_no_move_in_a_tiles_cell(language):
    language([("none|no move", "neniu|neniu movo", "what a tiles cell may say for no move, words joined by |")])
    manifest = Manifest("classic", (("Ana", "Ben"),), ((("Ana", "1"), ("Ben", "1")),), language="eo")
    (log,) = transcribe(manifest, {f"{ROW}.roll-total": "5+3", f"{ROW}.numbers-closed": "Neniu  Movo"})
    assert "5+3: -" in log.text.splitlines()
    (english,) = transcribe(Manifest("classic", (("Ana", "Ben"),), ((("Ana", "1"), ("Ben", "1")),)),
                            {f"{ROW}.roll-total": "5+3", f"{ROW}.numbers-closed": "neniu"})
    assert "5+3: neniu" in english.text.splitlines()  # an English kit's cell keeps the word, to be reported


def test_the_manifest_records_the_kits_language_and_a_kit_made_before_languages_reads_as_english():
    manifest = Manifest("classic", (("Ana", "Ben"),), language="fr")
    assert Manifest.from_json(manifest.to_json()).language == "fr"
    document = json.loads(manifest.to_json())
    del document["language"]
    assert Manifest.from_json(json.dumps(document).encode()).language == "en"
    document["language"] = "xx"
    with pytest.raises(ValueError, match="its language is not one kitgen speaks"):
        Manifest.from_json(json.dumps(document).encode())

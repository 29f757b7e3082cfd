"""Fillable kits with the ``ops`` option (docs/FORMS.md; docs/rules.md section 9): a roll record's
row is a number sentence (both dice, a tick box for each operation, the value, the tiles, the
checked sum) and reads back into the log's throw forms (``6x2: 5 7``, ``die 4: 4``); a legal
game filled in validates; an operation left unticked, two ticked, a die left blank or a wrong
value is one error at its row. One kit a preset (strip, classic on 12 tiles, ten)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fill_kits import OPS_PRESETS, fields_of, fill_with_pypdf, legal_game

from kitgen.errors import ThrowSyntaxError
from kitgen.forms.read import read_kit, validate_kit
from kitgen.forms.scheme import READ, Manifest, field_use
from kitgen.forms.transcribe import transcribe
from kitgen.games.box.rules import parse_throw
from kitgen.kit.build import render_kit
from kitgen.kit.request import KitRequest


@pytest.fixture(scope="module")
def ops_kits(tmp_path_factory):
    """Return the fillable kit of an ``OPS_PRESETS`` case, rendered once."""
    made: dict[str, Path] = {}

    def kit(case: str) -> Path:
        if case not in made:
            rules, players = OPS_PRESETS[case]
            path = tmp_path_factory.mktemp(case) / "kit.pdf"
            path.write_bytes(render_kit(KitRequest(rules, players=players, host_key="none", fillable=True)).pdfs[0])
            made[case] = path
        return made[case]
    return kit


def sentence_row(values: dict[str, str]) -> str:
    """Return the prefix of the first filled row of a number sentence with two dice."""
    return min(name.rsplit(".", 1)[0] for name in values if name.endswith(".die-2") and
               f"{name.rsplit('.', 1)[0]}.die-1" in values)


@pytest.mark.render
@pytest.mark.parametrize("case", OPS_PRESETS)
def test_every_field_of_a_number_sentence_is_read(ops_kits, case):
    fields = fields_of(ops_kits(case))
    row = {name.rsplit(".", 1)[1] for name in fields if name.startswith("t1.rec01.r01.")}
    ticks = {f"op-{op}" for op in OPS_PRESETS[case][0].ops}
    assert row == {"die-1", "die-2", "value", "numbers-closed", "checked-sum", *ticks}
    assert {field_use(name) for name in fields if ".rec" in name} == {READ}


@pytest.mark.render
@pytest.mark.parametrize("case", OPS_PRESETS)
def test_a_legal_game_filled_in_reads_back_as_number_sentences_and_validates(ops_kits, tmp_path, case):
    kit = ops_kits(case)
    rules, players = OPS_PRESETS[case]
    game, values = legal_game(rules, players, kit)
    filled = tmp_path / "filled.pdf"
    fill_with_pypdf(kit, filled, values)
    (report,) = validate_kit(filled)
    assert report.errors == ()
    manifest, read = read_kit(filled)
    (log,) = transcribe(manifest, read)
    throws = [entry.text.split(":")[0].replace(" ", "") for entry in game.entries if entry.kind == "throw"]
    written = [line.split(":")[0].replace(" ", "") for line in log.text.splitlines()
               if ":" in line and line.split(":")[0].replace(" ", "")[:1].isdigit() or line.startswith("die ")]
    assert sorted(written) == sorted(throws)


def unticked(values, row):
    return {key: "/Off" for key in values if key.startswith(f"{row}.op-")}, "no-operation"


def doubly_ticked(values, row):
    ticked = next(key for key in values if key.startswith(f"{row}.op-"))
    other = "op-add" if not ticked.endswith("op-add") else "op-mul"
    return {f"{row}.{other}": "/on"}, "operations"


def blank_die(values, row):
    return {f"{row}.die-2": ""}, "die-missing"


def wrong_value(values, row):
    return {f"{row}.value": "99"}, "value"


FAULTS = {"strip-ops": unticked, "classic-ops": doubly_ticked, "ten-ops": blank_die}


@pytest.mark.render
@pytest.mark.parametrize("case", [*FAULTS, "classic-ops:value"])
def test_an_operation_unticked_or_ticked_twice_or_a_blank_die_is_one_error_at_its_row(ops_kits, tmp_path, case):
    preset = case.split(":")[0]
    kit = ops_kits(preset)
    rules, players = OPS_PRESETS[preset]
    game, values = legal_game(rules, players, kit)
    row = sentence_row(values)
    changes, reason = (wrong_value if case.endswith(":value") else FAULTS[preset])(values, row)
    filled = tmp_path / "filled.pdf"
    fill_with_pypdf(kit, filled, {**values, **changes})
    (report,) = validate_kit(filled)
    number = int(row.split(".")[2][1:])
    found = [(error.code, error.message, error.place_text) for error in report.errors]
    syntax = [error for error in report.errors if error.code == "syntax"]
    # one error at its row; a move not read (its tiles stay open) may upset what follows
    # it, as with any unreadable throw (docs/FORMS.md)
    assert len(syntax) == 1 and report.errors[0] == syntax[0], found
    assert syntax[0].problem.reason == reason, found
    assert syntax[0].place_text.endswith(f"row {number}"), found


# --- without rendering: a sentence's cells into throw lines, and the sentences the faults get ---

SENTENCES = {  # the cells of a number sentence's row: the throw line transcribe writes
    (("die-1", "6"), ("op-mul", "/on"), ("die-2", "2"), ("value", "12"), ("numbers-closed", "5 7")): "6x2: 5 7",
    (("die-1", "6"), ("op-sub", "/on"), ("op-add", "/Off"), ("die-2", "2"), ("numbers-closed", "4")): "6-2: 4",
    (("die-1", "6"), ("op-div", "/on"), ("die-2", "2"), ("numbers-closed", "1 2"), ("checked-sum", "3")):
        "6/2: 1 2 = 3",
    (("die-1", "6"), ("op-add", "/on"), ("die-2", "2"), ("numbers-closed", "8")): "6+2: 8",
    (("die-1", "6"), ("op-mul", "/on"), ("die-2", "2")): "6x2: -",
    (("die-1", "6"), ("op-mul", "/on"), ("die-2", "2"), ("numbers-closed", "no move")): "6x2: -",
    (("die-2", "4"), ("numbers-closed", "4")): "die 4: 4",
    (("die-1", "6"), ("die-2", "2"), ("numbers-closed", "5 7")): "6 2: 5 7",
    (("die-1", "6"), ("op-mul", "/on"), ("op-div", "/on"), ("die-2", "2"), ("numbers-closed", "3")): "6x/2: 3",
    (("op-mul", "/on"), ("die-2", "2"), ("numbers-closed", "5 7")): "x2: 5 7",
    (("die-1", "6"), ("op-mul", "/on"), ("die-2", "2"), ("value", "13"), ("numbers-closed", "5 7")):
        "6x2 (value 13): 5 7",
}


@pytest.mark.parametrize("cells", SENTENCES)
def test_a_number_sentences_cells_read_back_as_its_throw_line(cells):
    manifest = Manifest("classic ops=add+sub+mul+div", (("Ana", "Ben"),), ((("Ana", "1"), ("Ben", "1")),))
    values = {f"t1.rec01.r01.{key}": value for key, value in cells}
    (log,) = transcribe(manifest, values)
    assert log.text.splitlines()[-1] == SENTENCES[cells]


def test_an_unticked_operation_alone_makes_no_row():
    manifest = Manifest("classic ops=add+mul", (("Ana", "Ben"),), ((("Ana", "1"), ("Ben", "1")),))
    unticked = {f"t1.rec01.r{row:02d}.op-{op}": "/Off" for row in range(1, 13) for op in ("add", "mul")}
    values = {**unticked, "t1.rec01.r01.die-1": "6", "t1.rec01.r01.op-mul": "/on", "t1.rec01.r01.die-2": "2"}
    (log,) = transcribe(manifest, values)
    assert [line for line in log.text.splitlines() if ":" in line and not line.startswith(("rules", "players"))] == [
        "6x2: -"]


@pytest.mark.parametrize(("text", "reason", "words"), [
    ("6 2", "no-operation", "names no operation"),
    ("6x/2", "operations", "more than one operation"),
    ("x2", "die-missing", "a die left blank"),
    ("6x", "die-missing", "a die left blank"),
    ("6x2 (value 13)", "value", "the value written is not the one"),
    ("6 and 2", "throw", "is not a throw"),
])
def test_a_faulty_number_sentence_is_refused_in_its_own_sentence(text, reason, words):
    with pytest.raises(ThrowSyntaxError) as raised:
        parse_throw(text)
    assert raised.value.args[0].reason == reason
    assert words in str(raised.value)


@pytest.mark.render
@pytest.mark.parametrize("case", OPS_PRESETS)
def test_a_blank_ops_kit_prints_as_the_plain_one_its_fields_large_enough_to_tick(ops_kits, tmp_path, case):
    import pypdfium2 as pdfium
    from PIL import ImageChops
    from pypdf import PdfReader

    rules, players = OPS_PRESETS[case]
    plain = tmp_path / "plain.pdf"
    plain.write_bytes(render_kit(KitRequest(rules, players=players, host_key="none")).pdfs[0])
    fillable, printed = pdfium.PdfDocument(ops_kits(case)), pdfium.PdfDocument(plain)
    assert len(fillable) == len(printed)
    for index in range(len(printed)):
        one, other = (document[index].render(scale=2).to_pil().convert("L") for document in (fillable, printed))
        changed = sum(1 for value in ImageChops.difference(one, other).get_flattened_data() if value > 64)
        assert changed < one.width * one.height / 1000, f"page {index + 1}"
    for page in PdfReader(ops_kits(case)).pages:  # a tick box 2.5 mm each way at least, on its page
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        for annotation in page.get("/Annots", ()):
            x1, y1, x2, y2 = (float(value) for value in annotation.get_object()["/Rect"])
            assert min(abs(x2 - x1), abs(y2 - y1)) >= 2.5 * 72 / 25.4, annotation.get_object()["/T"]
            assert 0 <= min(x1, x2) and max(x1, x2) <= width and 0 <= min(y1, y2) and max(y1, y2) <= height


@pytest.mark.render
def test_a_ticked_operation_shows_when_the_page_is_printed(ops_kits, tmp_path):
    from fill_kits import field_pixels, fill_with_pdfium

    kit = ops_kits("classic-ops")
    filled = tmp_path / "filled.pdf"
    fill_with_pdfium(kit, filled, {"t1.rec01.r01.op-mul": "/on", "t1.rec01.r01.die-1": "6"})
    assert field_pixels(filled, "t1.rec01.r01.op-mul") > field_pixels(kit, "t1.rec01.r01.op-mul") + 20
    assert field_pixels(filled, "t1.rec01.r01.die-1") > 20
    manifest, values = read_kit(filled)
    assert values["t1.rec01.r01.op-mul"] != "/Off" and values["t1.rec01.r01.op-add"] in ("/Off", "")

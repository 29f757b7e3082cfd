"""A kit with the ``ops`` option (docs/rules.md section 9): its rules card names the operations
with a worked number sentence for each, its roll records are number sentences (both dice, a tick
box for each operation, the value, the tiles shut, the checked sum) and its host key lists the
sets of every value the operations make, on A4 and on Letter in large print, with no layout
defect; a kit of addition alone is the bytes it was before the option."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from print_defects import print_defects
from pypdf import PdfReader

from kitgen.games import find_preset
from kitgen.kit.build import build_kit, render_kit
from kitgen.kit.layout import PAPERS, Layout
from kitgen.kit.parts.roll_records import OPERATION_KEYS, PRINTED_SIGNS, operation_ticks, roll_records
from kitgen.kit.request import KitRequest

pytestmark = pytest.mark.render

CASES = {  # case: (preset, ops, request fields, number sentences the card prints)
    "classic-add+mul": ("classic", "add+mul", {"players": ("WWWWMMMMWWWWMMMMWWWWMMMMWWWWMMMMWWWWMMMM", "Σοφία")},
                        ["6 + 2 = 8 = 3 + 5", "6 x 2 = 12 = 5 + 7"]),
    "ten-every-operation-large-letter": ("ten", "add+sub+mul+div", {"seats": 3, "large_print": True, "paper": "letter"},
                                         ["6 + 2 = 8 = 3 + 5", "6 - 2 = 4 = 1 + 3", "6 x 2 = 12 = 5 + 7",
                                          "6 / 2 = 3 = 1 + 2"]),
    "strip-sub": ("strip", "sub", {"seats": 2}, ["6 - 2 = 4 = 1 + 3", "makes no value has no move"]),
}


def render(path: Path, case: str) -> Path:
    """Render ``case``'s kit, its host key appended, once for the tests that read it."""
    preset, ops, fields, _sentences = CASES[case]
    rules = find_preset(preset).configure({"ops": ops})
    build_kit(KitRequest(rules, host_key="appended", output=path, force=True, **fields))
    return path


@pytest.mark.parametrize("case", CASES)
def test_the_rules_card_words_every_operation_and_prints_without_defects(kits, case):
    path, sentences = kits(case), CASES[case][3]
    everything = " ".join(" ".join(page.extract_text() for page in PdfReader(path).pages).split())
    assert "Operations" in everything
    for sentence in sentences:
        assert sentence in everything, sentence
    assert print_defects(path) == []


@pytest.mark.parametrize("case", CASES)
def test_the_roll_records_are_number_sentences_and_the_host_key_every_value(kits, case):
    path, rules = kits(case), find_preset(CASES[case][0]).configure({"ops": CASES[case][1]})
    pages = [" ".join(page.extract_text().split()) for page in PdfReader(path).pages]
    records = next(page for page in pages if page.startswith("Roll records"))
    for heading in ("Throw", "Value", "Tiles shut", "Checked sum"):
        assert heading in records, heading
    assert all(PRINTED_SIGNS[op] in records for op in rules.ops)
    first = next(number for number, page in enumerate(pages) if page.startswith("Host key"))
    key = " ".join(pages[first:])
    assert "Value Sets of tiles, by size Sets" in key
    assert "36 " in key or "mul" not in rules.ops  # 6 x 6
    assert print_defects(path) == []


@pytest.mark.parametrize("paper", ("a4", "letter"))
@pytest.mark.parametrize("scale", (1.0, 1.5))
@pytest.mark.parametrize("ops", ("sub", "add+mul", "add+sub+mul", "add+sub+mul+div"))
def test_the_operations_tick_boxes_get_the_width_they_need(paper, scale, ops):
    # before: four operations' tick boxes were given less room than they take, and the last
    # sign printed over the second die's column
    from kitgen.kit.tables import Table

    rules = find_preset("classic").configure({"ops": ops, "tiles": "12"})
    layout = Layout(PAPERS[paper], scale)
    part = roll_records(rules, layout, Table(1, ("W" * 40, "Ana")), (("W" * 40, "1"), ("Ana", "1")), "round")
    ticks = operation_ticks(layout, tuple(PRINTED_SIGNS[op] for op in rules.ops))
    assert part.column_keys[1] == "operation" and part.column_widths_mm[2] >= ticks.cell_mm
    assert [key for _sign, key in part.operations] == [OPERATION_KEYS[op] for op in rules.ops]
    assert sum(part.column_widths_mm) <= layout.record_width_mm + 0.05
    assert 2 * ticks.line_mm <= layout.row_mm or len(rules.ops) <= 2


# the kits of addition alone, as main printed them before the ops option reached the roll
# record and host key: the same bytes (docs/rules.md section 9, "add ... the game of sections 1-4 exactly")
ADDITION_ALONE_SHA256 = {
    ("classic", False): "30ebd18bc43e5983e79e964bb1f1d9ecf2fcdadea1d959fea67a2575d40efeea",
    ("ten", True): "2953d36cdbf9be2b0565dc841589e46b2ffa5f23b84ab3686776135e871ab147",
    ("strip", False): "b1438c13dd9897a4c39049028b72827f434d8dbe1ff6d040a84d2f8258185587",
}


@pytest.mark.parametrize("case", ADDITION_ALONE_SHA256)
def test_a_kit_of_addition_alone_prints_its_roll_records_and_host_key_as_before(case):
    preset, fillable = case
    rules = find_preset(preset).configure({"tiles": "12"} if preset == "classic" else {})
    kit = render_kit(KitRequest(rules, players=("Ana", "Βασιλική"),
                                host_key="appended", fillable=fillable))
    assert hashlib.sha256(kit.pdfs[0]).hexdigest() == ADDITION_ALONE_SHA256[case]


@pytest.mark.parametrize("preset", ("strip", "ten"))
def test_number_sentence_rows_keep_a_records_height_so_its_pages_are_those_of_one_line_of_ticks(preset):
    # before: two lines of tick boxes made each row a little taller than 7 mm, and a strip kit's
    # third seat's records went over to a page of their own, its name line left behind
    import io

    names = ("W" * 40, "Σοφία Παπαδοπούλου", "Анастасия Иванова")

    def pages(ops: str) -> int:
        kit = render_kit(KitRequest(find_preset(preset).configure({"ops": ops}), players=names, host_key="none"))
        return len(PdfReader(io.BytesIO(kit.pdfs[0])).pages)

    # four operations tick in two lines a row, two in one: the same rows, the same pages
    assert pages("add+sub+mul+div") == pages("add+mul")

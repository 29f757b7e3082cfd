"""The long game's board sheet as a grid (issue 22 items 1-3): tiles on one line on every paper
and print size, as many turns a page as rows of a table's least height allow, spare rows
at the seat, and names no smaller in large print than in normal print on the same paper."""

from __future__ import annotations

from math import ceil

import pytest

from kitgen.games import find_game, find_preset
from kitgen.kit.layout import MIN_TILE_BOX_MM, Layout, find_paper
from kitgen.kit.parts.board_sheet import SPARE_TURNS, BoardSheet
from kitgen.kit.parts.chunks import table_chunk
from kitgen.kit.tables import Table
from kitgen.rulebook import rulebook

NAMES = ("Maximilian-Alexander Featherstonehaugh-W", "Αλεξάνδρα Παπαδοπούλου-Κωνσταντινίδου")
PRINTS = [("a4", False), ("a4", True), ("letter", False), ("letter", True)]


def board(paper: str, large_print: bool, names: tuple[str, str] = NAMES) -> BoardSheet:
    rules = find_preset("long-game").configure()
    layout = Layout.for_print(find_paper(paper), large_print)
    parts = table_chunk(rules, Table(1, names), layout, rulebook(rules)).parts
    return next(part for part in parts if isinstance(part, BoardSheet))


def turns_printed() -> int:
    rules = find_preset("long-game").configure()
    return 2 * find_game(rules.preset).game_length(rules, 2).turns_95


@pytest.mark.parametrize(("paper", "large_print"), PRINTS)
def test_a_turns_tiles_stay_on_one_line_in_cells_no_smaller_than_a_tile_box(paper, large_print):
    geometry = board(paper, large_print).geometry
    assert geometry.rows == (tuple(range(1, 10)),)
    assert geometry.box_mm >= MIN_TILE_BOX_MM
    assert geometry.row_mm >= Layout.for_print(find_paper(paper), large_print).row_mm


@pytest.mark.parametrize(("paper", "large_print", "most"), [("a4", False, 3), ("letter", True, 5)])
def test_a_page_holds_as_many_turns_as_its_size_allows(paper, large_print, most):
    """66 turns took 6 pages on A4 and 22 in Letter large print (3 turns a page)."""
    sheet = board(paper, large_print)
    assert sheet.pages[0].pages <= most
    assert len(sheet.pages[0].rows) >= ceil((turns_printed() + SPARE_TURNS) / most)


@pytest.mark.parametrize(("paper", "large_print"), PRINTS)
def test_the_board_sheet_has_spare_rows_after_its_numbered_turns(paper, large_print):
    rows = board(paper, large_print).sheet_rows
    numbered = [row for row in rows if row.number]
    assert len(numbered) == turns_printed()
    assert len(rows) - len(numbered) >= SPARE_TURNS
    assert rows[-1].label == "Turn" and not rows[-1].number


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_name_prints_smaller_in_large_print(paper):
    for names in (NAMES, ("W" * 40, "Александра Константиновна Рождественская")):
        normal = {value: size for _label, value, size in board(paper, False, names).pages[0].fields}
        large = {value: size for _label, value, size in board(paper, True, names).pages[0].fields}
        assert not {name: (normal[name], large[name]) for name in normal if large[name] < normal[name]}

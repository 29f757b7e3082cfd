"""Knucklebones paper in large print is larger (issue 22 item 3): no name on a board, a
placement record or the match record prints smaller than in normal print on the same
paper; no heading word is wider than its column; the placement record keeps its sheets
whatever the names (issue 22 item 1)."""

from __future__ import annotations

import pytest

from kitgen.games import find_preset
from kitgen.kit.layout import CELL_PADDING_MM, Layout, find_paper, number_heading
from kitgen.kit.measure import BOLD, text_mm
from kitgen.kit.parts.boards import BoardPages
from kitgen.kit.parts.chunks import table_chunk
from kitgen.kit.parts.match_record import MatchRecord
from kitgen.kit.parts.turn_record import TurnRecord
from kitgen.kit.tables import Table
from kitgen.rulebook import rulebook

PAIRS = (
    ("Maximilian-Alexander Featherstonehaugh-W", "WWWWMMMMWWWWMMMMWWWWMMMMWWWWMMMMWWWWMMMM"),
    ("Αλεξάνδρα Παπαδοπούλου-Κωνσταντινίδου", "Александра Константиновна Рождественская"),
    ("Zoë-Noëlle d’Aubigné-Saint-Exupéry Q.", "Ana"),
)


def parts(names: tuple[str, str], paper: str, large_print: bool) -> tuple:
    rules = find_preset("knucklebones").configure()
    layout = Layout.for_print(find_paper(paper), large_print)
    return table_chunk(rules, Table(1, names), layout, rulebook(rules)).parts


def sizes(part) -> dict[str, float]:
    if isinstance(part, BoardPages):
        return {part.near.player: part.near.player_pt, part.far.player: part.far.player_pt}
    return {player: size for _seat, player, size in part.seats}


@pytest.mark.parametrize("kind", [BoardPages, TurnRecord, MatchRecord])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("names", PAIRS)
def test_no_name_prints_smaller_in_large_print(names, paper, kind):
    normal = sizes(next(part for part in parts(names, paper, False) if isinstance(part, kind)))
    large = sizes(next(part for part in parts(names, paper, True) if isinstance(part, kind)))
    assert normal.keys() == large.keys() == set(names)
    assert not {name: (normal[name], large[name]) for name in normal if large[name] < normal[name]}


@pytest.mark.parametrize("large_print", [False, True])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("names", PAIRS)
def test_every_heading_word_of_a_placement_record_fits_its_column(names, paper, large_print):
    layout = Layout.for_print(find_paper(paper), large_print)
    record = next(part for part in parts(names, paper, large_print) if isinstance(part, TurnRecord))
    for heading, width in zip((number_heading(), *record.columns), record.column_widths_mm, strict=True):
        for word in heading.split():
            assert text_mm(word, layout.header_pt, BOLD) + CELL_PADDING_MM <= width, (heading, word, width)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_long_names_cost_a_placement_record_no_sheet(paper):
    """Letter large print: the names in the totals' headings took a third sheet a game."""
    for large_print in (False, True):
        short = next(part for part in parts(("Ana", "Bo"), paper, large_print) if isinstance(part, TurnRecord))
        long = next(part for part in parts(PAIRS[0], paper, large_print) if isinstance(part, TurnRecord))
        assert len(long.pages) == len(short.pages)

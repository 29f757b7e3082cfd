"""Roll records and strips in large print are larger (issue 22 item 3): no name prints smaller than in
the normal kit on the same paper, and no column heading's word is wider than its column
(a word that does not fit would break between its letters, "Roll tota / l"), and a
name breaks between its words."""

from __future__ import annotations

import re

import pytest

from kitgen.games import find_preset
from kitgen.kit.layout import CELL_PADDING_MM, FIELD_PADDING_MM, Layout, find_paper, number_heading
from kitgen.kit.measure import BOLD, text_mm
from kitgen.kit.parts.chunks import table_chunk
from kitgen.kit.parts.roll_records import RollRecords
from kitgen.kit.parts.strips import NumberStrips
from kitgen.kit.tables import Table
from kitgen.rulebook import rulebook

NAMES = (
    'Maximilian-Alexander Featherstonehaugh-W',
    'WWWWMMMMWWWWMMMMWWWWMMMMWWWWMMMMWWWWMMMM',
    'Αλεξάνδρα Παπαδοπούλου-Κωνσταντινίδου',
    'Александра Константиновна Рождественская',
    'Zoë-Noëlle d’Aubigné-Saint-Exupéry Q.',
    'Oluwaseun Adebayo-Okonkwo Babatunde',
)


def part_of(kind: type, preset: str, paper: str, large_print: bool, **options: str):
    rules = find_preset(preset).configure(options)
    layout = Layout.for_print(find_paper(paper), large_print)
    parts = table_chunk(rules, Table(1, NAMES[:4]), layout, rulebook(rules)).parts
    return next(part for part in parts if isinstance(part, kind))


def records(preset: str, paper: str, large_print: bool, **options: str) -> RollRecords:
    return part_of(RollRecords, preset, paper, large_print, **options)


def name_pts(part: RollRecords | NumberStrips) -> dict[str, float]:
    return {caption.player: caption.player_pt for page in part.pages for caption in page if caption.player}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("preset", ["strip", "hundred", "classic"])
def test_no_name_prints_smaller_in_large_print(preset, paper):
    normal, large = name_pts(records(preset, paper, False)), name_pts(records(preset, paper, True))
    assert normal and normal.keys() == large.keys()
    smaller = {name: (normal[name], large[name]) for name in normal if large[name] < normal[name]}
    assert not smaller


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("preset", ["strip", "ten"])
def test_no_name_prints_smaller_on_a_large_print_strip(preset, paper):
    normal = name_pts(part_of(NumberStrips, preset, paper, False))
    large = name_pts(part_of(NumberStrips, preset, paper, True))
    assert normal and normal.keys() == large.keys()
    assert not {name: (normal[name], large[name]) for name in normal if large[name] < normal[name]}


@pytest.mark.parametrize("large_print", [False, True])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("preset", ["strip", "hundred", "ten"])
def test_every_heading_word_fits_its_column(preset, paper, large_print):
    part = records(preset, paper, large_print)
    for heading, width in zip((number_heading(), *part.columns), part.column_widths_mm, strict=True):
        for word in heading.split():
            assert text_mm(word, part.header_pt, BOLD) + CELL_PADDING_MM <= width, (heading, word, width)


@pytest.mark.parametrize("large_print", [False, True])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("kind", [RollRecords, NumberStrips])
def test_a_name_breaks_between_its_words(kind, paper, large_print):
    part = part_of(kind, "strip", paper, large_print)
    inner = part.name_field_mm - 2 * FIELD_PADDING_MM
    for name, size in name_pts(part).items():
        if name.startswith("WWWW"):  # one word of 40 wide letters: it breaks somewhere
            continue
        words = [word for word in re.split(r"(?<=-)|\s+", name) if word]
        assert all(text_mm(word, size, BOLD) <= inner for word in words), (name, size)


# --- issue 22 items 1 and 2: a seat's records together, named once, spares at the seat ----------


def seat_groups(part: RollRecords) -> list[list]:
    """Return the records of ``part`` in print order, cut where the seat changes."""
    groups: list[list] = []
    for record in (record for page in part.pages for record in page):
        if not groups or groups[-1][0].seat != record.seat:
            groups.append([])
        groups[-1].append(record)
    return groups


@pytest.mark.parametrize("preset", ["hundred", "classic", "strip"])
def test_a_seats_records_come_together_in_round_order_then_the_spares(preset):
    part = records(preset, "a4", False, **({"format": "best-of-3"} if preset == "classic" else {}))
    groups = seat_groups(part)
    seated = [group for group in groups if group[0].seat]
    assert [group[0].seat for group in seated] == [1, 2, 3, 4]  # each seat once, in seat order
    assert groups[len(seated):] == groups[4:]  # spares (no seat's) only at the end
    for group in seated:
        assert [record.round_number for record in group] == [str(number) for number in range(1, len(group) + 1)]
        assert all(record.player == group[0].player for record in group)
    assert all(not record.round_number and not record.player for group in groups[4:] for record in group)


def test_a_game_of_rounds_fills_its_last_page_of_records_with_spares():
    # issue 22 item 2: a round past those printed has a roll record at its table
    part = records("classic", "a4", False, format="elimination")
    last = part.pages[-1]
    assert last[-1].seat == 0 and last[-1].label == "Round"
    assert len(last) > len(part.pages[0]) - part.geometry.columns


@pytest.mark.parametrize("preset", ["hundred", "classic"])
def test_roll_records_keep_six_a_page_on_a4_whatever_the_names(preset):
    # Before: a name on two lines cost the page a line of records (4 a page, the bottom third blank).
    part = records(preset, "a4", False)
    assert all(len(page) == 6 for page in part.pages[:-1])
    assert not any(record.label.startswith("Table") for page in part.pages for record in page)


def test_a_record_names_its_round_over_its_row_numbers():
    part = records("strip", "a4", False)
    labels = [record.label for page in part.pages for record in page]
    assert labels[:2] == ["Attempt 1", "Attempt 2"]
    for label in set(labels):
        for word in label.split():
            assert text_mm(word, part.header_pt, BOLD) + CELL_PADDING_MM <= part.column_widths_mm[0]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("options", [{"format": "elimination"}, {"format": "best-of-3", "tiles": "12"}])
def test_no_name_prints_smaller_over_a_record_of_its_own_in_large_print(paper, options):
    # a line of records of two seats captions each record: in a field half the sheet wide
    def cell_pts(large: bool) -> dict[str, float]:
        part = records("classic", paper, large, **options)
        return {caption.player: caption.cell_pt for page in part.pages for caption in page if caption.player}
    normal, large = cell_pts(False), cell_pts(True)
    assert normal and not {name: (normal[name], large[name]) for name in normal if large[name] < normal[name]}

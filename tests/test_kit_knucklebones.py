"""The knucklebones kit (issue 4 item 2; docs/kit.md "Contents", docs/rules.md sections 7 and 8):
boards, placement record, match record and host key, as data and rendered.

Three kits are rendered once per module and shared: a named best of 3 on A4, four names
(two tables) on Letter, and a blank best of 5 in large print on Letter, the tightest page.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.errors import OptionError, PlayerCountError
from kitgen.games import find_preset
from kitgen.kit.build import build_kit
from kitgen.kit.layout import CELL_CLEARANCE_MM, LARGE_PRINT_SCALE, MIN_ROW_MM, Layout, find_paper
from kitgen.kit.parts.boards import BoardPages
from kitgen.kit.parts.chunks import host_key_chunk, table_chunk
from kitgen.kit.parts.column_scores import ColumnScoreKey
from kitgen.kit.parts.match_record import MatchRecord
from kitgen.kit.parts.rules_card import RulesCard
from kitgen.kit.parts.turn_record import LONG_GAME_PLACEMENTS, TurnRecord
from kitgen.kit.request import KitRequest
from kitgen.kit.tables import Table, plan_tables
from kitgen.rulebook import rulebook

A4 = Layout.for_print(find_paper("a4"), large_print=False)
LAYOUTS = [
    Layout.for_print(find_paper(paper), large) for paper in ("a4", "letter") for large in (False, True)
]

# case id: (match, request fields)
CASES = {
    "best-of-3": ("best-of-3", {"players": ("Ana", "Σοφία")}),
    "four-names": ("single", {"players": ("Ana", "Ben", "Дарья", "Zoë"), "paper": "letter"}),
    "large-best-of-5": ("best-of-5", {"paper": "letter", "large_print": True}),
}


def knucklebones(match: str = "single"):
    return find_preset("knucklebones").configure({"match": match})


def parts_of(match: str = "single", seats: tuple[str, ...] = ("Ana", "Ben"), layout: Layout = A4):
    rules = knucklebones(match)
    return table_chunk(rules, Table(1, seats), layout, rulebook(rules)).parts


def render(path: Path, case: str) -> Path:
    match, fields = CASES[case]
    request = KitRequest(knucklebones(match), host_key="appended", output=path, force=True, **fields)
    assert build_kit(request).paths == [path]
    return path


def texts(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(path).pages]


def flat(text: str) -> str:
    return " ".join(text.split())


def sheet(page: str) -> str:
    """Return the part a page belongs to, from its heading ("Boards (2 of 3) Table 1")."""
    heading = page.split("\n")[0].split(" (")[0]
    return heading.removesuffix(" Keep apart from the players' sheets").rsplit(" Table ", 1)[0]


# --- Parts as data ------------------------------------------------------------------------


def test_a_table_has_rules_boards_placements_and_the_match_record():
    parts = parts_of()
    assert [type(part) for part in parts] == [RulesCard, BoardPages, TurnRecord, MatchRecord]
    key = host_key_chunk(knucklebones(), A4, rulebook(knucklebones()))
    assert [type(part) for part in key.parts] == [ColumnScoreKey]


def test_boards_letter_each_facing_pair_so_facing_columns_line_up():
    boards = parts_of()[1]
    assert boards.near.columns == ("A", "B", "C")  # docs/rules.md section 7: A, B, C as seat 1 sees the table
    assert boards.far.columns == ("C", "B", "A")  # read upright from seat 2's chair
    geometry = boards.geometry
    for far_index, label in enumerate(boards.far.columns):
        near_x = geometry.slot_x_mm[boards.near.columns.index(label)]
        turned_x = geometry.width_mm - geometry.slot_x_mm[far_index] - geometry.slot_mm  # half a turn
        assert turned_x == pytest.approx(near_x, abs=0.01)


def test_boards_name_their_seats_and_print_the_rulebook_hint():
    boards = parts_of(seats=("Ana", "Ben"))[1]
    assert (boards.near.seat, boards.near.player) == ("Seat 1", "Ana")
    assert (boards.far.seat, boards.far.player) == ("Seat 2", "Ben")
    assert boards.hint == rulebook(knucklebones()).strip_hint
    assert boards.spot_text[0] == "Rolled die"


@pytest.mark.parametrize("die", [8, 12, 16, 19, 22])
def test_cells_follow_the_die_size_and_hold_three_dice_a_column(die):
    geometry = parts_of(layout=replace(A4, die_mm=die))[1].geometry
    assert geometry.cell_mm == die + CELL_CLEARANCE_MM
    assert geometry.column_mm == 3 * geometry.cell_mm
    assert geometry.slot_mm >= geometry.cell_mm


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: f"{layout.paper.id}-{layout.scale}")
def test_two_boards_of_default_dice_fit_one_page_inside_the_margins(layout):
    geometry = parts_of(layout=layout)[1].geometry
    assert geometry.cell_mm == 20.0
    assert geometry.page_mm <= layout.sheet_height_mm
    assert geometry.near_top_mm == pytest.approx(geometry.top_mm + geometry.board_mm + geometry.middle_mm)
    assert geometry.slot_x_mm[0] >= geometry.side_mm
    assert geometry.right_x_mm + geometry.side_mm <= layout.content_width_mm + 0.01
    assert geometry.score_top_mm >= geometry.label_mm + geometry.column_mm  # score boxes under the columns
    assert geometry.middle_mm >= geometry.cell_mm  # the rolled-die spot between the boards


@pytest.mark.parametrize("die", [5, 7.5, 31, 40])
def test_absurd_die_sizes_are_refused_in_one_sentence(die):
    sentence = (
        rf"^a die size of {die:g} mm cannot be printed: the boards on A4 paper take dice "
        rf"of 8 to 2\d mm\.$"
    )
    with pytest.raises(OptionError, match=sentence):
        parts_of(layout=replace(A4, die_mm=die))


def test_the_largest_die_named_is_the_largest_that_fits():
    large_letter = Layout.for_print(find_paper("letter"), large_print=True)
    with pytest.raises(OptionError, match="in large print take dice of 8 to (\\d+) mm") as refused:
        parts_of(layout=replace(large_letter, die_mm=30))
    largest = int(refused.value.args[0].rsplit(" ", 2)[-2])
    parts_of(layout=replace(large_letter, die_mm=largest))
    with pytest.raises(OptionError):
        parts_of(layout=replace(large_letter, die_mm=largest + 1))


def test_large_print_scales_text_and_boxes_but_cells_keep_fitting_the_die():
    normal, large = parts_of(), parts_of(layout=Layout.for_print(find_paper("a4"), large_print=True))
    assert large[1].geometry.label_pt >= LARGE_PRINT_SCALE * normal[1].geometry.label_pt
    assert large[1].geometry.score_mm >= LARGE_PRINT_SCALE * normal[1].geometry.score_mm
    assert large[1].geometry.total_mm >= LARGE_PRINT_SCALE * normal[1].geometry.total_mm
    assert large[1].geometry.cell_mm == normal[1].geometry.cell_mm
    assert large[2].row_mm >= LARGE_PRINT_SCALE * normal[2].row_mm
    assert large[3].row_mm >= LARGE_PRINT_SCALE * normal[3].row_mm


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: f"{layout.paper.id}-{layout.scale}")
def test_the_placement_record_has_rows_for_a_long_game_on_every_paper(layout):
    record = parts_of(layout=layout)[2]
    assert record.columns == ("Player", "Face", "Column (A/B/C)", "Dice removed", "Seat 1 total", "Seat 2 total")
    assert record.caption == "Game" and "back of the last sheet" in record.note
    assert "print" not in record.note.lower()  # a host cannot print mid-game (issue 9 item 2)
    assert record.pages[0][0] == 1 and record.pages[-1][1] >= LONG_GAME_PLACEMENTS
    assert all(last - first + 1 == record.pages[0][1] for first, last in record.pages)
    assert record.row_mm >= MIN_ROW_MM * layout.scale
    assert sum(record.column_widths_mm) == pytest.approx(layout.content_width_mm, abs=0.05)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_placement_records_column_names_the_boards_letters_on_a_one_line_header(paper):
    # issue 22 item 7: the recorder writes A, B or C, the letter printed on the boards; in
    # normal print the longer heading keeps the header to one row (a second line cost Letter
    # a placement sheet a game)
    layout = Layout.for_print(find_paper(paper), large_print=False)
    record = parts_of(layout=layout)[2]
    assert "(A/B/C)" in record.columns[2]
    assert record.header_mm == layout.row_mm


@pytest.mark.parametrize("match, games, rows", [("single", 1, 3), ("best-of-3", 3, 5), ("best-of-5", 5, 7)])
def test_board_pages_placement_sheets_and_match_rows_follow_the_match(match, games, rows):
    _, boards, record, matches = parts_of(match)
    assert boards.pages == games
    assert record.pages.count(record.pages[0]) == games
    assert matches.games == rows  # the match's length plus two replays of drawn games
    assert f"cover {games} game" in matches.notes[-1] and "print" not in matches.notes[-1]


def test_the_match_record_has_games_starter_result_and_game_wins_per_seat():
    record = parts_of("best-of-3", ("Ana", "Σοφία"))[3]
    assert record.columns == ("Started by", "Seat 1 total", "Seat 2 total", "Result (winner or draw)",
                              "Seat 1 game wins", "Seat 2 game wins")
    assert [seat[:2] for seat in record.seats] == [("Seat 1", "Ana"), ("Seat 2", "Σοφία")]
    assert "first seat to win 2 games" in record.result_rule
    assert any("The other seat starts the next game, also after a draw" in note for note in record.notes)


def test_the_host_key_scores_each_face_f_4f_and_9f():
    key = host_key_chunk(knucklebones(), A4, rulebook(knucklebones())).parts[0]
    assert [row.face for row in key.rows] == [1, 2, 3, 4, 5, 6]
    scores = [[score for _, score in row.scores] for row in key.rows]
    assert scores == [[face, 4 * face, 9 * face] for face in range(1, 7)]
    assert key.rows[-1].scores[-1] == ("6 x 3 x 3", 54)
    assert key.example == rulebook(knucklebones()).example
    assert sum(key.column_widths_mm) == pytest.approx(A4.content_width_mm, abs=0.05)


def test_thirty_names_make_fifteen_pairs_and_three_seats_are_refused():
    names = tuple(f"Pupil {chr(65 + index)}" for index in range(26)) + ("Ana", "Ben", "Cai", "Dan")
    tables = plan_tables(knucklebones(), names)
    assert [len(table.seats) for table in tables] == [2] * 15
    assert tables[-1].seats == ("Cai", "Dan")
    with pytest.raises(PlayerCountError, match="knucklebones is for 2 players, not 3."):
        plan_tables(knucklebones(), seats=3)


# --- Rendered kits ------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES)
def test_pages_are_exactly_the_paper_size(kits, check_paper, case):
    check_paper(kits(case), CASES[case][1].get("paper", "a4"))


# case id: (games with boards and placement sheets, placement sheets a game, tables, the
# rules card's pages: in large print it runs onto a second, which repeats its heading; the
# match record's pages: in large print the host's guide moves whole onto a second, under its
# heading)
SHEETS = {
    "best-of-3": (3, 1, 1, ["Rules"], ["Match record"]),
    "four-names": (1, 1, 2, ["Rules"], ["Match record"]),
    "large-best-of-5": (5, 2, 1, ["Rules", "Rules"], ["Match record", "How to use this kit"]),
}


@pytest.mark.parametrize("case", CASES)
def test_each_part_fills_its_own_pages_and_none_runs_over(kits, case):
    games, sheets, tables, card, record = SHEETS[case]
    table = card + ["Boards"] * games + ["Placement record"] * games * sheets + record
    assert [sheet(page) for page in texts(kits(case))] == table * tables + ["Host key"]


def test_boards_print_the_column_labels_seats_and_names(kits):
    pages = texts(kits("best-of-3"))
    boards = [page for page in pages if page.startswith("Boards")]
    assert len(boards) == 3
    for page in boards:
        assert "LEFT" not in page and "RIGHT" not in page  # docs/rules.md section 7: letters, not sides
        assert "Column A faces column A, B faces B, C faces C." in flat(page)  # each side of the spot
        assert "Seat 1" in page and "Seat 2" in page and "Ana" in page and "Σοφία" in page
        assert page.count("Column scores") == 2 and page.count("Total") == 2 and page.count("Rolled die") == 2


def test_seat_2_reads_its_column_letters_upright_facing_seat_1s(kits):
    """docs/rules.md section 7: the far board's letters are drawn half a turn round
    (upright from seat 2's chair), each above the column facing seat 1's same letter."""
    page = next(page for page in PdfReader(kits("best-of-3")).pages if page.extract_text().startswith("Boards"))
    seen: list[tuple[str, float, float]] = []  # letter, page x, direction (cos of its rotation)

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip() in ("A", "B", "C"):
            a, b, c, d, e, f = cm
            x = tm[4] * a + tm[5] * c + e
            seen.append((text.strip(), x, tm[0] * a + tm[1] * c))

    page.extract_text(visitor_text=visit)
    upright = {letter: x for letter, x, cos in seen if cos > 0}
    turned = {letter: x for letter, x, cos in seen if cos < 0}
    assert sorted(upright, key=upright.get) == ["A", "B", "C"]  # seat 1 reads A B C from its left
    assert sorted(turned, key=turned.get, reverse=True) == ["C", "B", "A"]  # seat 2 reads C B A from its left
    for letter in "ABC":  # a letter's columns face each other across the table
        assert turned[letter] - upright[letter] == pytest.approx(0, abs=12)


def test_the_best_of_3_kit_prints_its_records_and_rules(kits):
    everything = flat(" ".join(texts(kits("best-of-3"))))
    for text in (
        "Knucklebones - best of 3", "Placement record (1 of 3)", "Dice removed", "Seat 2 total",
        "Match record", "Started by", "Result (winner or draw)", "Seat 1 game wins", "Match winner",
        "The other seat starts the next game, also after a draw",
        "Best of 3: the first seat to win 2 games wins the match.",
        "cover 3 games, every game the match can take",
    ):
        assert text in everything, text


def test_the_host_key_prints_the_column_score_table_and_the_removal_example(kits):
    key = flat(texts(kits("best-of-3"))[-1])
    assert key.startswith("Host key")
    for working in ("1 x 1 x 1 = 1", "3 x 2 x 2 = 12", "5 x 3 x 3 = 45", "6 x 3 x 3 = 54"):
        assert working in key
    assert "Worked example" in key and "Both 4s leave the opponent's column B" in key


def test_four_names_make_two_tables(kits):
    pages = texts(kits("four-names"))
    second = [page for page in pages if "Table 2 · page" in page]
    assert second and second[0].startswith("Rules")
    boards = [page for page in second if page.startswith("Boards")]
    assert "Дарья" in boards[0] and "Zoë" in boards[0]
    assert all("Ana" not in page for page in second)


@pytest.mark.parametrize("case", CASES)
def test_every_font_is_ours_and_embedded(kits, check_fonts, case):
    check_fonts(kits(case))


def test_a_knucklebones_kit_is_byte_identical_a_second_later(kits, tmp_path):
    first = kits("four-names")
    time.sleep(1.1)
    assert render(tmp_path / "again.pdf", "four-names").read_bytes() == first.read_bytes()


# --- Command line -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "arguments, sentence",
    [
        (["--seats", "3"], "kitgen: knucklebones is for 2 players, not 3."),
        (["--players", "Ana, Ben, Cai"],
         "kitgen: knucklebones is for exactly 2 players a table; 3 names cannot be split into tables of 2."),
        (["--die-size", "40"],
         "kitgen: a die size of 40 mm cannot be printed: the boards on A4 paper take dice of 8 to "),
        (["--die-size", "6", "--paper", "letter", "--large-print"],
         "kitgen: a die size of 6 mm cannot be printed: the boards on Letter paper in large print "
         "take dice of 8 to "),
    ],
)
def test_kit_requests_knucklebones_cannot_take_exit_2_with_one_sentence(tmp_path, arguments, sentence):
    path = tmp_path / "kit.pdf"
    result = CliRunner().invoke(app, ["kit", "--rules", "knucklebones", *arguments, "-o", str(path)])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(sentence) and "Traceback" not in result.output
    assert not path.exists() and not path.with_name("kit-host-key.pdf").exists()

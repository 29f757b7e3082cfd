"""The data of each kit part (kitgen.kit.parts; docs/kit.md "Contents", docs/rules.md section 8)."""

from __future__ import annotations

import pytest

from kitgen.errors import OptionError
from kitgen.games import Game, find_game, find_preset
from kitgen.kit.layout import LINE_HEIGHT, PT_PER_MM, Layout, find_paper
from kitgen.kit.measure import BOLD, lines_for, text_mm
from kitgen.kit.parts.board_sheet import BoardSheet
from kitgen.kit.parts.chunks import host_key_chunk, table_chunk
from kitgen.kit.parts.host_key import HostKey, host_key, host_key_totals, tile_sets
from kitgen.kit.parts.part import paginate, rotation
from kitgen.kit.parts.roll_records import RollRecords
from kitgen.kit.parts.rules_card import RulesCard
from kitgen.kit.parts.strips import MOST_NAME_LINES, NumberStrips
from kitgen.kit.parts.totals import TotalsTable
from kitgen.kit.parts.turn_record import TurnRecord
from kitgen.kit.parts.turn_sheets import TurnSheets
from kitgen.kit.tables import Table
from kitgen.rulebook import rulebook

STRIP = find_preset("strip").configure()
A4 = Layout.for_print(find_paper("a4"), large_print=False)


def set_counts(tiles: int, totals: range) -> list[int]:
    return [sum(len(group) for group in tile_sets(tiles, total)) for total in totals]


def test_set_counts_for_nine_tiles_match_rules_md():
    assert set_counts(9, range(1, 13)) == [1, 1, 2, 2, 3, 4, 5, 6, 8, 9, 10, 12]


def test_set_counts_for_ten_and_twelve_tiles_match_rules_md():
    assert set_counts(10, range(9, 13)) == [8, 10, 11, 13]
    assert set_counts(12, range(9, 13)) == [8, 10, 12, 15]


def test_sets_are_grouped_by_size_distinct_and_exact():
    groups = tile_sets(9, 10)
    assert groups == (
        (),
        ((1, 9), (2, 8), (3, 7), (4, 6)),
        ((1, 2, 7), (1, 3, 6), (1, 4, 5), (2, 3, 5)),
        ((1, 2, 3, 4),),
    )
    for size, group in enumerate(groups, start=1):
        for tiles in group:
            assert len(set(tiles)) == size and sum(tiles) == 10 and max(tiles) <= 9


def test_host_key_totals_start_at_two_without_one_die():
    assert host_key_totals(STRIP) == range(2, 13)
    assert host_key_totals(find_preset("classic").configure()) == range(1, 13)


def test_strip_host_key_lists_totals_two_to_twelve_with_notes():
    book = rulebook(STRIP)
    key = host_key(STRIP, book, A4)
    assert isinstance(key, HostKey)
    assert [row.total for row in key.rows] == list(range(2, 13))
    assert [row.count for row in key.rows] == [1, 2, 2, 3, 4, 5, 6, 8, 9, 10, 12]
    assert key.group_names == ("Singles", "Pairs", "Threes", "Fours")
    assert key.notes == book.host_notes
    assert host_key_chunk(STRIP, A4, book).label == "Host key"


def test_paginate_keeps_order_and_fills_pages():
    assert paginate(list(range(7)), 3) == ((0, 1, 2), (3, 4, 5), (6,))
    assert paginate([], 3) == ()


def test_strip_table_has_its_parts_in_order():
    chunk = table_chunk(STRIP, Table(2, ("Ana", "Ben", "Cai")), A4, rulebook(STRIP))
    assert chunk.label == "Table 2"
    assert [type(part) for part in chunk.parts] == [RulesCard, NumberStrips, RollRecords, TotalsTable]


def test_strips_are_two_attempts_per_player_in_seat_rotation_then_spares_filling_the_page():
    chunk = table_chunk(STRIP, Table(1, ("Ana", "Ben", "Cai")), A4, rulebook(STRIP))
    strips = [strip for page in chunk.parts[1].pages for strip in page]
    assert [(strip.player, strip.round_number) for strip in strips[:6]] == [
        ("Ana", "1"), ("Ben", "1"), ("Cai", "1"),
        ("Ana", "2"), ("Ben", "2"), ("Cai", "2"),
    ]
    spares = strips[6:]
    assert len(spares) >= 2 and all((strip.player, strip.round_number) == ("", "") for strip in spares)
    assert len(chunk.parts[1].pages[-1]) == chunk.parts[1].geometry.per_page


def test_blank_table_of_six_has_fourteen_strips_and_twelve_records():
    chunk = table_chunk(STRIP, Table(1, ("",) * 6), A4, rulebook(STRIP))
    strips, records, totals = chunk.parts[1], chunk.parts[2], chunk.parts[3]
    assert sum(len(page) for page in strips.pages) == 14
    assert all(len(page) <= strips.geometry.per_page for page in strips.pages)
    assert sum(len(page) for page in records.pages) == 12
    assert records.rows == 9
    assert records.columns == ("Roll total", "Numbers closed", "Checked sum")
    assert [column.heading for column in totals.columns] == ["Attempt 1", "Attempt 2", "Combined"]
    assert totals.players == (("", A4.text_pt),) * 6
    assert totals.result_rule == rulebook(STRIP).result_rule


def test_record_columns_fill_the_record_width():
    records = table_chunk(STRIP, Table(1, ("Ana",)), A4, rulebook(STRIP)).parts[2]
    assert sum(records.column_widths_mm) == pytest.approx(records.geometry.width_mm, abs=0.05)


def test_a_preset_without_a_kit_is_refused_in_one_sentence(monkeypatch):
    from kitgen.games import find_game

    game = type(find_game("strip"))
    monkeypatch.setattr(game, "table_parts", Game.table_parts)
    monkeypatch.setattr(game, "host_key_parts", Game.host_key_parts)
    with pytest.raises(OptionError, match="cannot print a kit for 'strip'"):
        table_chunk(STRIP, Table(1, ("",)), A4, rulebook(STRIP))
    with pytest.raises(OptionError, match="cannot print a host key for 'strip'"):
        host_key_chunk(STRIP, A4, rulebook(STRIP))


def parts_rules(preset: str, **options: str):
    return find_preset(preset).configure(options)


def parts_of(preset: str, seats: tuple[str, ...], layout: Layout = A4, **options: str):
    rules = parts_rules(preset, **options)
    return table_chunk(rules, Table(1, seats), layout, rulebook(rules)).parts


def strips_of(parts) -> list:
    return [strip for page in parts[1].pages for strip in page]


def records_of(parts) -> list:
    return [record for page in parts[2].pages for record in page]


def headings(totals: TotalsTable) -> list[str]:
    return [column.heading for column in totals.columns]


def test_rotation_is_round_by_round_in_seat_order():
    assert rotation(("A", "B", "C"), 2) == [("A", "1"), ("B", "1"), ("C", "1"), ("A", "2"), ("B", "2"), ("C", "2")]


def test_classic_single_is_one_turn_each_with_a_dice_column():
    parts = parts_of("classic", ("Ana", "Ben", "Cai"))
    strips = strips_of(parts)
    assert [(strip.player, strip.round_number) for strip in strips[:3]] == [("Ana", "1"), ("Ben", "1"), ("Cai", "1")]
    assert len(strips) - 3 >= 2 and {strip.player for strip in strips[3:]} == {""}
    records = parts[2]
    assert records.columns == ("Dice (1/2)", "Roll total", "Numbers closed", "Checked sum")
    assert "tiles 7, 8 and 9 are all shut" in parts[1].hint
    assert headings(parts[3]) == ["Score"]
    assert parts[3].starts_label == ""


def test_classic_without_one_die_has_no_dice_column():
    records = parts_of("classic", ("Ana", "Ben"), **{"one-die": "off"})[2]
    assert records.columns == ("Roll total", "Numbers closed", "Checked sum")


def test_classic_twelve_tiles_records_have_twelve_rows():
    parts = parts_of("classic", ("Ana", "Ben"), tiles="12")
    assert parts[2].rows == 12
    assert [tile for row in parts[1].geometry.rows for tile in row] == list(range(1, 13))


@pytest.mark.parametrize("length, wins", [(3, 2), (5, 3), (7, 4)])
def test_best_of_plays_on_turn_sheets_with_totals_as_long_and_round_wins(length, wins):
    parts = parts_of("classic", ("Ana", "Ben"), format=f"best-of-{length}")
    sheets, totals = parts[1], parts[3]
    assert isinstance(sheets, TurnSheets)
    assert list(dict.fromkeys(written(page) for page in sheets.pages)) == [
        (("Player", "Ana"), ("Seat", "1")), (("Player", "Ben"), ("Seat", "2"))]
    shown = sum(1 for row in sheets.sheet_rows if row.number)
    rules = parts_rules("classic", format=f"best-of-{length}")
    assert shown >= find_game("classic").game_length(rules, 2).turns_95 > length
    assert headings(totals)[:shown] == [f"Round {number}" for number in range(1, shown + 1)]
    assert headings(totals)[-1] == "Round wins" and len(totals.columns) - 1 >= shown
    assert totals.columns[0].mark == "won"
    assert totals.starts_label == "Round started by seat"
    assert f"First to {wins} round wins" in totals.result_rule
    assert "continuation sheet" in sheets.note


def test_a_turn_sheets_pages_after_its_first_print_no_note_and_hold_a_round_more_where_it_fits():
    # issue 22 item 1: in large print on A4 the note on the first page cost every page a round
    sheets = parts_of("hundred", ("Ana", "Ben", "Cai", "Dee", "Eve", "Fay"),
                      Layout.for_print(find_paper("a4"), large_print=True))[1]
    assert isinstance(sheets, TurnSheets)
    first, *after = [page for page in sheets.pages if page.whose == sheets.pages[0].whose]
    assert len(first.rows) == sheets.geometry.per_page == 3
    assert after and all(len(page.rows) == sheets.geometry.per_next_page == 4 for page in after)
    numbered = [row.number for page in (first, *after) for row in page.rows if row.number]
    assert numbered == [str(number) for number in range(1, len(numbered) + 1)]


def test_elimination_totals_keep_running_totals_with_an_out_mark_and_the_threshold():
    for tiles, threshold in (("9", 45), ("12", 78)):
        parts = parts_of("classic", ("Ana", "Ben", "Cai"), format="elimination", tiles=tiles)
        totals = parts[3]
        shown = sum(1 for row in parts[1].sheet_rows if row.number)
        assert headings(totals)[:shown] == [f"Round {number}" for number in range(1, shown + 1)]
        assert all(column.slots == ("score", "total") and column.mark == "out" for column in totals.columns)
        assert f"Out at {threshold} or more" in totals.result_rule
        assert any("starts one seat further on" in note for note in totals.notes)


def test_a_classic_player_alone_plays_one_turn_whatever_the_format():
    parts = parts_of("classic", ("Ana",), format="best-of-5")
    assert isinstance(parts[1], NumberStrips) and parts[1].turns == 1 and headings(parts[3]) == ["Score"]


def test_ten_has_one_turn_each_a_score_and_a_shut_the_box_mark():
    parts = parts_of("ten", ("",) * 8)
    assert parts[1].turns == 8 and len(strips_of(parts)) >= 10 and parts[1].round_label == ""
    assert parts[2].rows == 10 and "6 or less" in parts[1].hint
    totals = parts[3]
    assert headings(totals) == ["Score", "Shut the box"]
    assert totals.columns[1].mark == "wins at once"
    assert len(totals.players) == 8


@pytest.mark.parametrize("scoring, limit", [("sum", "100"), ("digits", "1000")])
def test_hundred_keeps_running_totals_with_a_reset_mark_and_the_limit(scoring, limit):
    parts = parts_of("hundred", ("Ana", "Ben"), scoring=scoring)
    totals = parts[3]
    shown = sum(1 for row in parts[1].sheet_rows if row.number)
    assert shown >= find_game("classic").game_length(parts_rules("hundred", scoring=scoring), 2).turns_95
    assert headings(totals)[:shown] == [f"Round {number}" for number in range(1, shown + 1)]
    assert all(column.slots == ("score", "total") and column.mark == "shut" for column in totals.columns)
    assert limit in totals.result_rule
    assert any("back to 0" in note for note in totals.notes)


def test_long_game_plays_on_one_board_sheet_and_records_turns_over_continuation_sheets():
    parts = parts_of("long-game", ("Ana", "Ben"))
    assert [type(part) for part in parts] == [RulesCard, BoardSheet, TurnRecord, TotalsTable, TurnSheets]
    board = parts[1]
    assert {written(page) for page in board.pages} == {(("Closer", "Ana"), ("Opener", "Ben"))}
    rows = [row for page in board.pages for row in page.rows]
    assert [(row.number, row.role) for row in rows[:3]] == [("1", "Closer"), ("2", "Opener"), ("3", "Closer")]
    assert len(rows) >= 2 * find_game("classic").game_length(parts_rules("long-game"), 2).turns_95
    assert "circle" in board.hint and board.score_label == ""
    record = parts[2]
    assert ("Die 1", "Die 2", "Double", "Extra turns held") == (
        record.columns[1], record.columns[2], record.columns[5], record.columns[6],
    )
    (first, last), (second_first, _) = record.pages[:2]
    assert first == 1 and second_first == last + 1
    assert record.pages[-1][1] >= find_game("classic").game_length(parts_rules("long-game"), 2).throws_90
    assert "back of the last sheet" in record.note and "print" not in record.note.lower()
    totals = parts[3]
    assert totals.seat_labels == ("Closer", "Opener")
    assert headings(totals) == ["Turns played", "Doubles thrown", "Won"]


def test_blank_long_game_board_sheet_still_names_the_roles():
    board = parts_of("long-game", ("", ""))[1]
    assert written(board.pages[0]) == (("Closer", ""), ("Opener", ""))
    assert [row.role for row in board.pages[0].rows[:2]] == ["Closer", "Opener"]


def test_large_print_wraps_twelve_tiles_and_grows_every_row():
    large = Layout.for_print(find_paper("a4"), large_print=True)
    normal_parts = parts_of("classic", ("Ana", "Ben"), tiles="12", format="elimination")
    large_parts = parts_of("classic", ("Ana", "Ben"), large, tiles="12", format="elimination")
    assert len(large_parts[1].geometry.rows) >= 2 and len(normal_parts[1].geometry.rows) == 2
    assert large_parts[1].geometry.box_mm >= 1.5 * normal_parts[1].geometry.box_mm
    assert large_parts[2].geometry.row_mm >= 1.5 * normal_parts[2].geometry.row_mm
    assert large_parts[3].row_mm >= 1.5 * normal_parts[3].row_mm


@pytest.mark.parametrize("preset", ["classic", "ten", "hundred", "long-game"])
def test_every_box_preset_host_key_lists_sets_by_total(preset):
    rules = find_preset(preset).configure()
    key = host_key(rules, rulebook(rules), A4)
    assert key.rows[0].total == 1  # every one of these presets allows one die
    expected = {9: [1, 1, 2, 2, 3, 4, 5, 6, 8, 9, 10, 12], 10: [1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 11, 13]}
    assert [row.count for row in key.rows] == expected[rules.tiles]
    assert sum(key.column_widths_mm) == pytest.approx(A4.content_width_mm, abs=0.05)


def test_twelve_tile_host_key_counts():
    rules = find_preset("classic").configure({"tiles": "12", "one-die": "off"})
    key = host_key(rules, rulebook(rules), A4)
    assert [row.total for row in key.rows] == list(range(2, 13))
    assert [row.count for row in key.rows][-4:] == [8, 10, 12, 15]


# --- issue 9: names fit, cut-out parts keep their context, numbers have room ------------

LARGE = Layout.for_print(find_paper("a4"), large_print=True)
KATARZYNA = "Katarzyna Wiśniewska-Zielińska"


@pytest.mark.parametrize("layout", [A4, LARGE], ids=["normal", "large"])
@pytest.mark.parametrize("name", ["W" * 40, KATARZYNA, "Amara Okafor"])
def test_a_name_fits_its_strip_and_record_field_at_the_size_it_prints(layout, name):
    parts = parts_of("strip", (name, "Ben"), layout)
    for part, caption in ((parts[1], strips_of(parts)[0]), (parts[2], records_of(parts)[0])):
        lines = lines_for(name, part.name_field_mm - 2 * layout.field_padding_mm, caption.player_pt, BOLD)
        # a name takes two lines, or more where its page has room (large print)
        assert lines <= MOST_NAME_LINES
        assert part.fields_mm >= lines * caption.player_pt / PT_PER_MM * LINE_HEIGHT


def test_a_name_that_fits_keeps_the_body_text_size_in_large_print():
    parts = parts_of("strip", ("Amara Okafor", "Ben"), LARGE)
    captions = (*strips_of(parts), *records_of(parts))
    assert {caption.player_pt for caption in captions if caption.player} == {LARGE.text_pt}


def test_cut_strips_and_records_carry_their_table():
    rules = find_preset("classic").configure()
    parts = table_chunk(rules, Table(4, ("Ana", "Ben")), A4, rulebook(rules)).parts
    assert parts[1].hint.startswith("Table 4 ")
    assert all(record.label.startswith("Round") for record in records_of(parts))  # the sheet's heading names the table


@pytest.mark.parametrize("preset, winner", [("strip", True), ("classic", True), ("ten", True),
                                            ("hundred", True), ("long-game", False)])
def test_totals_have_a_field_for_the_winner(preset, winner):
    totals = next(part for part in parts_of(preset, ("Ana", "Ben")) if isinstance(part, TotalsTable))
    assert bool(totals.winner_label) == winner and (totals.winner_field_mm > 40) == winner


def test_the_placement_record_names_the_seats_over_totals_headed_by_seat():
    """Issue 22 item 3: a name in a column heading broke between its letters."""
    named = parts_of("knucklebones", ("Ana", "Ben"))[2]
    blank = parts_of("knucklebones", ("", ""))[2]
    assert named.columns[-2:] == blank.columns[-2:] == ("Seat 1 total", "Seat 2 total")
    assert [(seat, player) for seat, player, _size in named.seats] == [("Seat 1", "Ana"), ("Seat 2", "Ben")]
    assert blank.seats == ()


def test_the_number_column_holds_its_heading_in_large_print():
    width = parts_of("strip", ("Ana",), LARGE)[2].column_widths_mm[0]
    assert width >= text_mm("No.", LARGE.header_pt, BOLD) + 5.49  # padding, borders, 1 mm each side


def test_digits_scoring_leaves_room_for_an_8_digit_score():
    parts = parts_of("hundred", ("Ana", "Ben", "Cai"), scoring="digits")
    room = 8 * 3.5  # a digit a child writes by hand: 3.5 mm
    totals = parts[-2]
    assert min(totals.column_widths_mm[2:]) >= room + 10  # beside the "shut" mark
    assert len(totals.tables) > 1 and sum(len(columns) for columns, _ in totals.tables) == 8
    assert parts_of("hundred", ("Ana", "Ben"))[-2].per_table == 8


def written(page) -> tuple[tuple[str, str], ...]:
    """Return a turn-sheet page's fields as (label, value), without their print sizes."""
    return tuple((label, value) for label, value, _ in page.fields)


@pytest.mark.parametrize("layout", [A4, Layout.for_print(find_paper("letter"), large_print=True)],
                         ids=["a4", "letter-large"])
def test_a_seat_line_of_roll_records_fills_the_sheets_width(layout):
    records = next(part for part in table_chunk(STRIP, Table(7, ("Ana", "Ben")), layout, rulebook(STRIP)).parts
                   if isinstance(part, RollRecords))
    # "Player" and its gap, the field, the gap, "Seat" and its gap, the seat's short field
    line_mm = (text_mm("Player", layout.text_pt) + layout.label_gap_mm + records.name_field_mm + layout.field_gap_mm
               + text_mm("Seat", layout.text_pt) + layout.label_gap_mm + layout.short_field_mm)
    assert line_mm == pytest.approx(layout.content_width_mm, abs=0.02)

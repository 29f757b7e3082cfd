"""The data of each kit part (kitgen.kit.parts; KIT.md "Contents", RULES.md section 8)."""

from __future__ import annotations

import pytest

from kitgen.errors import OptionError
from kitgen.kit.layout import Layout, find_paper
from kitgen.kit.parts import (
    HostKey,
    NumberStrips,
    RollRecords,
    RulesCard,
    TotalsTable,
    host_key,
    host_key_chunk,
    host_key_totals,
    paginate,
    table_chunk,
    tile_sets,
)
from kitgen.kit.tables import Table
from kitgen.rulebook import rulebook
from kitgen.rules.presets import find_preset

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
    key = host_key(STRIP, book)
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


def test_strips_are_two_attempts_per_player_in_seat_rotation_plus_two_spares():
    chunk = table_chunk(STRIP, Table(1, ("Ana", "Ben", "Cai")), A4, rulebook(STRIP))
    strips = [strip for page in chunk.parts[1].pages for strip in page]
    assert [(strip.player, strip.round_number) for strip in strips] == [
        ("Ana", "1"), ("Ben", "1"), ("Cai", "1"),
        ("Ana", "2"), ("Ben", "2"), ("Cai", "2"),
        ("", ""), ("", ""),
    ]


def test_blank_table_of_six_has_fourteen_strips_and_twelve_records():
    chunk = table_chunk(STRIP, Table(1, ("",) * 6), A4, rulebook(STRIP))
    strips, records, totals = chunk.parts[1], chunk.parts[2], chunk.parts[3]
    assert sum(len(page) for page in strips.pages) == 14
    assert all(len(page) <= strips.geometry.per_page for page in strips.pages)
    assert sum(len(page) for page in records.pages) == 12
    assert records.rows == 9
    assert records.columns == ("Roll total", "Numbers closed", "Checked sum")
    assert totals.columns == ("Attempt 1", "Attempt 2", "Combined")
    assert totals.players == ("",) * 6
    assert totals.result_rule == rulebook(STRIP).result_rule


def test_record_columns_fill_the_record_width():
    records = table_chunk(STRIP, Table(1, ("Ana",)), A4, rulebook(STRIP)).parts[2]
    assert sum(records.column_widths_mm) == pytest.approx(records.geometry.width_mm, abs=0.05)


def test_a_preset_without_a_kit_is_refused_in_one_sentence(monkeypatch):
    import kitgen.kit.parts as parts

    monkeypatch.setattr(parts, "_TABLE_PARTS", {})
    with pytest.raises(OptionError, match="cannot print a kit for 'strip'"):
        table_chunk(STRIP, Table(1, ("",)), A4, rulebook(STRIP))

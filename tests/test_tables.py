"""Names and seats into tables (kitgen.kit.tables; docs/kit.md "Tables and classes")."""

from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.errors import OptionError, PlayerCountError, PlayerNameError
from kitgen.games import find_preset
from kitgen.kit.roster import read_roster
from kitgen.kit.tables import balanced_sizes, plan_tables, split_names

FIXTURES = Path(__file__).parent / "fixtures"
STRIP = find_preset("strip").configure()
CLASSIC = find_preset("classic").configure()
HUNDRED = find_preset("hundred").configure()


def sizes(tables) -> list[int]:
    return [len(table.seats) for table in tables]


def test_split_names_keeps_order_and_trims():
    assert split_names(" Ana ,Ben,  Zoë ") == ("Ana", "Ben", "Zoë")


def test_split_names_skips_blank_entries():
    assert split_names("Ana,, Ben,") == ("Ana", "Ben")


def test_split_names_refuses_markup():
    with pytest.raises(PlayerNameError, match="character '<'"):
        split_names('Ana, <img src="file:///etc/hostname">')


def test_split_names_refuses_a_repeated_name():
    with pytest.raises(PlayerNameError, match="twice"):
        split_names("Ana, ana")


def test_split_names_refuses_no_names():
    with pytest.raises(PlayerNameError, match="no player names"):
        split_names(" , ")


def test_blank_table_defaults_to_the_presets_maximum_at_most_six():
    assert sizes(plan_tables(STRIP)) == [6]
    assert sizes(plan_tables(CLASSIC)) == [4]
    assert sizes(plan_tables(HUNDRED)) == [6]


def test_blank_tables_take_seats_and_tables():
    tables = plan_tables(STRIP, seats=3, tables=4)
    assert sizes(tables) == [3, 3, 3, 3]
    assert [table.label for table in tables] == ["Table 1", "Table 2", "Table 3", "Table 4"]
    assert tables[0].seats == ("", "", "")


@pytest.mark.parametrize("seats", [0, 7])
def test_seats_outside_the_presets_range_are_refused(seats):
    with pytest.raises(PlayerCountError, match=f"strip is for 1 to 6 players, not {seats}."):
        plan_tables(STRIP, seats=seats)


def test_at_least_one_table():
    with pytest.raises(OptionError, match="1 to 250 tables"):
        plan_tables(STRIP, tables=0)


def test_thirty_names_make_five_strip_tables_of_six():
    names = read_roster(FIXTURES / "roster-30.txt").names
    tables = plan_tables(STRIP, names)
    assert sizes(tables) == [6] * 5
    assert tables[1].seats == names[6:12]
    assert tables[-1].label == "Table 5"


def test_thirty_names_make_eight_classic_tables():
    tables = plan_tables(CLASSIC, read_roster(FIXTURES / "roster-30.txt").names)
    assert sizes(tables) == [4] * 6 + [3] * 2


def test_seven_names_make_two_strip_tables_in_order():
    names = read_roster(FIXTURES / "roster-7.txt").names
    tables = plan_tables(STRIP, names)
    assert sizes(tables) == [4, 3]
    assert tables[0].seats + tables[1].seats == names


def test_table_size_caps_a_table_lower():
    assert sizes(plan_tables(STRIP, tuple("ABCDEFGHIJ"), table_size=4)) == [4, 3, 3]


def test_table_size_above_the_maximum_is_refused():
    with pytest.raises(PlayerCountError, match="not 7"):
        plan_tables(STRIP, ("Ana", "Ben"), table_size=7)


def test_names_can_be_spread_over_more_tables():
    assert sizes(plan_tables(STRIP, tuple("ABCDE"), tables=2)) == [3, 2]


@pytest.mark.parametrize("table_size, tables, sentence", [
    (2, 1, "hundred is for 2 to 8 players a table (the table size caps it at 2); "
           "3 names cannot be split into tables of 2."),
    (None, 2, "hundred is for 2 to 8 players a table; 3 names cannot be split into 2 tables of 2 to 8."),
])
def test_a_split_below_the_presets_minimum_is_refused_in_plain_words(table_size, tables, sentence):
    with pytest.raises(PlayerCountError) as refused:
        plan_tables(HUNDRED, ("Ana", "Ben", "Cai"), table_size=table_size, tables=tables)
    assert str(refused.value) == sentence


def test_one_name_for_a_game_of_two_or_more_is_refused():
    with pytest.raises(PlayerCountError, match="hundred is for 2 to 8 players, not 1."):
        plan_tables(HUNDRED, ("Ana",))


def test_seats_with_names_are_refused():
    with pytest.raises(OptionError, match="blank tables"):
        plan_tables(STRIP, ("Ana",), seats=3)


@pytest.mark.parametrize("count, parts", [(30, 8), (7, 2), (12, 5), (6, 6), (1, 1)])
def test_balanced_sizes_add_up_and_differ_by_at_most_one(count, parts):
    split = balanced_sizes(count, parts)
    assert sum(split) == count and len(split) == parts
    assert max(split) - min(split) <= 1
    assert list(split) == sorted(split, reverse=True)

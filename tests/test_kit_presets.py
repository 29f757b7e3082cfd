"""Kits of every Shut the Box preset, rendered (issue 4; docs/kit.md "Contents", docs/rules.md 3-6).

Each kit is rendered once per module, small (two or three seats, host key appended), and
shared by the tests that read it.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from kitgen.errors import PlayerCountError
from kitgen.games import find_preset
from kitgen.kit.build import build_kit
from kitgen.kit.request import KitRequest
from kitgen.kit.tables import plan_tables

# case id: (preset, preset options, request fields, tiles, texts the kit must print)
CASES = {
    "classic": (
        "classic", {}, {"players": ("Ana", "Σοφία")}, 9,
        ["Shut the Box - single round, 9 tiles", "Dice (1/2)", "tiles 7, 8 and 9 are all shut",
         "Lowest score wins", "Σοφία"],
    ),
    "classic-12-best-of-3-off": (
        "classic", {"tiles": "12", "one-die": "off", "format": "best-of-3"}, {"seats": 3}, 12,
        ["best of 3, 12 tiles, one-die rule off", "Round 1", "Round 5", "Round wins", "won",
         "A single lowest score wins the round", "Round started by seat", "Turn sheet", "Continuation sheet"],
    ),
    "classic-elimination": (
        "classic", {"format": "elimination"}, {"seats": 3}, 9,
        ["Out at 45 or more", "Round 6", "out", "score", "total", "starts one seat further on"],
    ),
    "classic-12-elimination-large-letter": (
        "classic", {"tiles": "12", "format": "elimination"}, {"seats": 2, "large_print": True, "paper": "letter"}, 12,
        ["Out at 78 or more", "4 in"],
    ),
    "ten": (
        "ten", {}, {"seats": 2}, 10,
        ["Ten-tile box", "Shut the box", "wins at once", "6 or less", "Shutting the box wins at once"],
    ),
    "hundred": (
        "hundred", {}, {"seats": 2}, 9,
        ["passing 100 loses", "pass 100", "shut", "Round 8", "back to 0", "Turn sheet", "Continuation sheet"],
    ),
    "hundred-digits": (
        "hundred", {"scoring": "digits"}, {"seats": 2, "paper": "letter"}, 9,
        ["reaching 1000 loses", "reach 1000", "159", "read lowest first"],
    ),
    "long-game": (
        "long-game", {}, {"players": ("Ana", "Дарья")}, 9,
        ["Board sheet", "Closer Ana Opener Дарья", "Die 1", "Die 2", "Double", "Extra turns held",
         "Turns played", "shutting the last open tile", "crossed out and not circled",
         "Opener: circle the crossed-out tiles you open"],
    ),
}


TILE_SHEETS = ("Number strips", "Turn sheet", "Board sheet", "Continuation sheet")


def render(path: Path, case: str) -> Path:
    preset, options, fields, _, _ = CASES[case]
    rules = find_preset(preset).configure(options)
    request = KitRequest(rules, host_key="appended", output=path, force=True, **fields)
    assert build_kit(request).paths == [path]
    return path


def texts(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(path).pages]


@pytest.mark.parametrize("case", CASES)
def test_pages_are_exactly_the_paper_size(kits, check_paper, case):
    check_paper(kits(case), CASES[case][2].get("paper", "a4"))


@pytest.mark.parametrize("case", CASES)
def test_strips_show_the_tiles_one_to_n(kits, case):
    tiles = CASES[case][3]
    sheets = [text for text in texts(kits(case)) if text.startswith(TILE_SHEETS)]
    assert sheets
    numbers = " ".join(str(tile) for tile in range(1, tiles + 1))
    for text in sheets:
        flat = f" {' '.join(text.split())} "
        assert f" {numbers} " in flat and f" {numbers} {tiles + 1} " not in flat


@pytest.mark.parametrize("case", CASES)
def test_kit_prints_the_presets_own_texts(kits, case):
    everything = " ".join(" ".join(texts(kits(case))).split())
    for text in CASES[case][4]:
        assert text in everything, text


@pytest.mark.parametrize("case", CASES)
def test_kit_ends_with_its_host_key_and_every_page_has_the_scale_bar(kits, case):
    pages = texts(kits(case))
    key = [text for text in pages if "Host key · page" in text]
    assert key and key[0].startswith("Host key") and pages[-len(key):] == key
    assert all("100 mm" in text for text in pages)


@pytest.mark.parametrize("case", CASES)
def test_every_font_is_ours_and_embedded(kits, check_fonts, case):
    check_fonts(kits(case))


def test_twelve_tile_host_key_prints_its_longest_sets(kits):
    key = texts(kits("classic-12-best-of-3-off"))[-1]
    for tiles in ("1+11", "2+10", "1+2+3+6", "1+2+4+5", "3+4+5"):
        assert tiles in key
    assert key.split("\n")[3].split()[0] == "2"  # one die off: the first total is 2


def test_ten_tile_host_key_starts_at_one(kits):
    key = texts(kits("ten"))[-1]
    assert "1+9" in key and "1+2+3+4" in key
    assert key.split("\n")[3].split()[0] == "1"


def test_long_game_turn_record_runs_over_continuation_sheets(kits):
    sheets = [text for text in texts(kits("long-game")) if text.startswith("Turn record")]
    count = len(sheets)
    assert count >= 2
    assert [sheet.split("\n")[0] for sheet in sheets] == [
        f"Turn record ({number} of {count}) Table 1" for number in range(1, count + 1)]
    last_row = max(int(line) for line in sheets[0].split("\n") if line.strip().isdigit())
    assert f"\n{last_row + 1}\n" in sheets[1]


def test_a_preset_kit_is_byte_identical_a_second_later(kits, tmp_path):
    first = kits("long-game")
    time.sleep(1.1)
    again = render(tmp_path / "long-game.pdf", "long-game")
    assert again.read_bytes() == first.read_bytes()


@pytest.mark.parametrize(
    "preset, seats, message",
    [
        ("classic", 5, "classic is for 1 to 4 players, not 5."),
        ("ten", 9, "ten is for 1 to 8 players, not 9."),
        ("hundred", 1, "hundred is for 2 to 8 players, not 1."),
        ("long-game", 3, "long-game is for 2 players, not 3."),
    ],
)
def test_seats_outside_a_presets_range_are_refused(preset, seats, message):
    with pytest.raises(PlayerCountError, match=message):
        plan_tables(find_preset(preset).configure(), seats=seats)


def test_thirty_names_for_the_long_game_make_fifteen_pairs():
    names = tuple(f"Pupil {chr(65 + index)}" for index in range(26)) + ("Ana", "Ben", "Cai", "Dan")
    tables = plan_tables(find_preset("long-game").configure(), names)
    assert [len(table.seats) for table in tables] == [2] * 15

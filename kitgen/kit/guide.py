"""The "How to use this kit" sheet after every table's totals (or match record): what each
sheet is for, who fills in the roll record, how to check play without a machine, how long
to plan for and how to print, in kitgen's own words (seed 000's kit gives the facts).
"""

from __future__ import annotations

from math import ceil, floor
from typing import Literal

from kitgen.rulebook import Section
from kitgen.rules.formats import game_length
from kitgen.rules.presets import Rules

Paper = Literal["strips", "turn sheets", "board sheet", "boards"]

# Time at the table: a fixed start (explaining, handing out paper) and a time per throw,
# calibrated on seed 000's strip kit, which plans 10-18 minutes for 1 to 6 players: with the
# measured throws of strip games (kitgen.rules.formats.GAME_LENGTHS: 11 in one player's
# median game, 73 in six players' 90th-percentile game) they give 9-10 and 17-18 minutes.
SETUP_MINUTES = 8
SECONDS_PER_THROW = 8

_FRESH_START = {  # where a player goes on after a wrong mark, instead of erasing it
    "strips": "copy the tiles shut so far onto a spare strip and go on there.",
    "turn sheets": "copy the tiles shut so far onto a row of the continuation sheet and go on there.",
    "board sheet": "copy the board, correctly, onto the next row and go on there.",
}
_PAPER = {
    "strips": "Each player takes a fresh number strip for every {turn}, writes their name on it "
    "and crosses out the tiles they shut. Spare strips come after the named ones.",
    "turn sheets": "Each player keeps one turn sheet and plays each round on its next row, "
    "crossing out the tiles they shut; the player-totals sheet keeps the score.",
    "board sheet": "The two players share one board sheet, a row per turn; the rules card "
    "say how to copy and mark the board.",
    "boards": "Lay the page of boards between the two players and set each die in a cell; "
    "the match record keeps the results.",
}


def minutes(rules: Rules, seats: int) -> tuple[int, int]:
    """Return the minutes to plan for a game of ``rules`` with ``seats`` players: from the
    median game to the 90th-percentile one, setting up included.

    >>> from kitgen.rules.presets import find_preset
    >>> minutes(find_preset("strip").configure(), 6)
    (17, 18)
    """
    length = game_length(rules, seats)
    low = floor(SETUP_MINUTES + length.throws_median * SECONDS_PER_THROW / 60)
    high = ceil(SETUP_MINUTES + length.throws_90 * SECONDS_PER_THROW / 60)
    return low, high


def how_to_use(rules: Rules, seats: int, paper: Paper) -> Section:
    """Return the "How to use this kit" block for a table of ``seats`` playing ``rules``
    on ``paper`` (strips, turn sheets, the long game's board sheet or knucklebones boards)."""
    low, high = minutes(rules, seats)
    players = f"{seats} player{'s' if seats > 1 else ''}"
    turn = "attempt" if rules.format == "two-attempts" else "turn"
    return Section(
        "How to use this kit",
        (
            f"Plan for {low} to {high} minutes with {players}, explaining the rules included.",
            _PAPER[paper].format(turn=turn),
            *(_knucklebones_checks() if rules.game == "knucklebones" else _box_checks(rules, paper)),
            "Print at 100% (actual size) with the browser's headers and footers turned off: "
            "each page's scale bar must then measure exactly what it says. Cut strips with "
            "help where needed, and keep the host key away from the players.",
        ),
    )


def _box_checks(rules: Rules, paper: Paper) -> tuple[str, ...]:
    record = "turn record" if rules.format == "long-game" else "roll record"
    closed = "the tiles shut or opened" if rules.format == "long-game" else "the tiles closed"
    checked = "" if rules.format == "long-game" else (
        ", and under Checked sum those tiles added up again: it must equal the roll total")
    return (
        f"The {record} is the game written down, throw by throw. Someone who is not throwing "
        f"(a neighbour or the host) fills it in: the roll, {closed}{checked}. Typed into a "
        "game log afterwards, it lets kitgen validate check the whole game.",
        "Checking without a machine: before anyone writes no move, look for one tile that "
        "makes the total, then two tiles, then three or four. The host may help add up but "
        f"never chooses the tiles. Never erase a wrong mark: {_FRESH_START[paper]}",
    )


def _knucklebones_checks() -> tuple[str, ...]:
    return (
        "The placement record is the game written down, one row per placement. Someone who "
        "is not rolling (or the host) fills it in: who placed, the face, the column, the dice "
        "it removed and both totals after it. Typed into a game log afterwards, it lets "
        "kitgen validate check the whole match.",
        "Checking without a machine: the host key lists every column score; a placement "
        "removes every die of its face from the facing column, and nothing else. The host "
        "may help add up but never chooses the column.",
    )

"""The "How to use this kit" sheet after every table's totals (or match record): what each
sheet is for and who gets it, who fills in the roll record, where a correction goes, how to
check play without a machine, how long to plan for and how to print, in kitgen's own words
(seed 000's kit gives the facts). The words are in ``templates/rules/guide.txt.j2``; this module works out the minutes.
"""

from __future__ import annotations

from math import ceil, floor
from typing import Literal

from kitgen.games import find_game
from kitgen.games.box.presets import BoxRules
from kitgen.games.box.rules import faces_needed
from kitgen.games.preset import Rules
from kitgen.rulebook import Section, template_parts

# What a table plays on: number strips, fresh for each attempt (strip) or each turn; turn
# sheets; the long game's board sheet; knucklebones' boards. The game's kit names it.
PlayingPaper = Literal["attempt strips", "strips", "turn sheets", "board sheet", "boards"]

# Time at the table: a fixed start (explaining, handing out paper) and a time per throw,
# calibrated on seed 000's strip kit, which plans 10-18 minutes for 1 to 6 players: with the
# measured throws of strip games (kitgen.games.box.lengths.GAME_LENGTHS: 11 in one player's
# median game, 73 in six players' 90th-percentile game) they give 9-10 and 17-18 minutes.
SETUP_MINUTES = 8
SECONDS_PER_THROW = 8
ROUNDED_MINUTES = 5  # a plan is a range of whole 5 minutes: nobody plans a lesson to the minute


def minutes(rules: Rules, seats: int) -> tuple[int, int]:
    """Return the minutes to plan for a game of ``rules`` with ``seats`` players, as a range
    rounded to :data:`ROUNDED_MINUTES`: from the median game (to the nearest 5) to the
    90th-percentile one (up to the next 5), setting up included, never a range of nothing.

    >>> from kitgen.games import find_preset
    >>> minutes(find_preset("strip").configure(), 6)
    (15, 20)
    >>> minutes(find_preset("strip").configure(), 1)
    (10, 15)
    """
    length = find_game(rules.preset).game_length(rules, seats)
    low = SETUP_MINUTES + length.throws_median * SECONDS_PER_THROW / 60
    high = SETUP_MINUTES + length.throws_90 * SECONDS_PER_THROW / 60
    low_rounded = max(ROUNDED_MINUTES, ROUNDED_MINUTES * floor(low / ROUNDED_MINUTES + 0.5))
    high_rounded = ROUNDED_MINUTES * ceil(high / ROUNDED_MINUTES)
    return low_rounded, max(high_rounded, low_rounded + ROUNDED_MINUTES)


def how_to_use(rules: Rules, seats: int, paper: PlayingPaper) -> Section:
    """Return the "How to use this kit" block for a table of ``seats`` playing ``rules``
    on ``paper`` (strips, turn sheets, the long game's board sheet or knucklebones boards),
    worded by the template ``templates/rules/guide.txt.j2`` (keys ``guide.plan``,
    ``guide.pages``, ``guide.paper``, ``guide.record``, ``guide.checks``, ``guide.print``)."""
    low, high = minutes(rules, seats)
    # docs/rules.md section 9: with operations besides add, the roll record's rows are number sentences
    sentences = isinstance(rules, BoxRules) and faces_needed(rules)
    values = {"low": low, "high": high, "seats": seats, "paper": paper, "sentences": sentences}
    (guide,) = template_parts("guide.txt.j2", values)
    return guide

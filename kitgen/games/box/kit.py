"""The kit parts each Shut the Box preset prints for a table, its host key and its
continuation sheet (docs/kit.md, "Contents"), built from the shared parts of
:mod:`kitgen.kit.parts`. Imported only when a kit is made."""

from __future__ import annotations

from collections.abc import Callable
from math import ceil

from kitgen.games import find_game
from kitgen.games.box.formats import ATTEMPTS, several_rounds
from kitgen.games.box.presets import BoxRules
from kitgen.kit.layout import Layout
from kitgen.kit.parts.board_sheet import board_sheet
from kitgen.kit.parts.chunks import rounds_printed
from kitgen.kit.parts.host_key import host_key
from kitgen.kit.parts.part import (
    REMAINING_SUM_KEY,
    SCORE_KEY,
    Part,
    field_label,
    filled,
    kit_guide,
    rotation,
)
from kitgen.kit.parts.roll_records import roll_records
from kitgen.kit.parts.rules_card import RulesCard
from kitgen.kit.parts.strips import number_strips
from kitgen.kit.parts.totals import (
    ATTEMPT_KEY,
    COMBINED_KEY,
    DOUBLES_THROWN_KEY,
    ROUND_WINS_KEY,
    SHUT_THE_BOX_KEY,
    TURNS_PLAYED_KEY,
    WON_KEY,
    ScoreColumn,
    round_columns,
    round_rotation,
    round_starts_label,
    score_and_total,
    scoring_running_total,
    totals_columns,
    totals_table,
)
from kitgen.kit.parts.turn_record import doubles_extra_turns, turn_record
from kitgen.kit.parts.turn_sheets import (
    continuation_sheet,
    role_names,
    seat_turn_sheets,
)
from kitgen.kit.tables import Table
from kitgen.rulebook import Rulebook
from kitgen.text import gettext as _
from kitgen.text import pgettext

TableParts = Callable[[BoxRules, Table, Layout, Rulebook, "int | None"], tuple[Part, ...]]


def strip_parts(rules: BoxRules, table: Table, layout: Layout, book: Rulebook,
                 rounds: int | None) -> tuple[Part, ...]:
    """Return the parts of a ``strip`` table (docs/rules.md section 2): rules card, a strip per
    attempt (every player's attempt 1, then attempt 2) plus spares, a roll record per
    attempt, and attempt 1 / attempt 2 / combined totals."""
    turns = rotation(table.seats, ATTEMPTS)
    columns = [ScoreColumn(_("Attempt {number}").format(number=attempt), f"{ATTEMPT_KEY}-{attempt}")
               for attempt in range(1, ATTEMPTS + 1)]
    return (
        RulesCard(book),
        number_strips(rules, book, layout, table, turns, "attempt", REMAINING_SUM_KEY),
        roll_records(rules, layout, table, turns, "attempt"),
        totals_table(book, layout, table, [*columns, ScoreColumn(_("Combined"), COMBINED_KEY)],
                     kit_guide(rules, table, "attempt strips")),
    )


def classic_parts(rules: BoxRules, table: Table, layout: Layout, book: Rulebook,
                   rounds: int | None) -> tuple[Part, ...]:
    """Return the parts of a ``classic`` table (docs/rules.md section 3) for its format: a
    single round (also for a player alone) on strips; a game of several rounds on turn
    sheets, with the round-start row and the rotation rule on its totals, which have a
    column for every numbered round and as many more as fill their last table."""
    if len(table.seats) == 1 or rules.format == "single":
        turns = rotation(table.seats, 1)
        return (
            RulesCard(book),
            number_strips(rules, book, layout, table, turns, "round", SCORE_KEY),
            roll_records(rules, layout, table, turns, "round"),
            totals_table(book, layout, table, (ScoreColumn(field_label(SCORE_KEY), SCORE_KEY),),
                         kit_guide(rules, table, "strips")),
        )
    rounds = rounds_printed(rules, table, rounds)
    sheets = seat_turn_sheets(rules, book, layout, table, rounds)
    per_table = totals_columns(layout)
    if rules.format == "elimination":
        columns = round_columns(filled(rounds, per_table), score_and_total(), ("score", "total"),
                                pgettext("tick box", "out"))
    else:
        room = round_columns(filled(rounds + 1, per_table) - 1, (score_and_total()[0], ""), ("score", ""),
                             pgettext("tick box", "won"))
        columns = (*room, ScoreColumn(_("Round wins"), ROUND_WINS_KEY))
    return (
        RulesCard(book),
        sheets,
        roll_records(rules, layout, table, rotation(table.seats, rounds), "round", overruns=True),
        totals_table(book, layout, table, columns, kit_guide(rules, table, "turn sheets"),
                     round_rotation(book), round_starts_label()),
    )


def ten_parts(rules: BoxRules, table: Table, layout: Layout, book: Rulebook,
               rounds: int | None) -> tuple[Part, ...]:
    """Return the parts of a ``ten`` table (docs/rules.md section 4): one turn each, a score
    and a "shut the box" mark per player."""
    turns = [(player, "") for player in table.seats]
    columns = [ScoreColumn(field_label(SCORE_KEY), SCORE_KEY),
               ScoreColumn(_("Shut the box"), SHUT_THE_BOX_KEY, mark=pgettext("tick box", "wins at once"))]
    return (
        RulesCard(book),
        number_strips(rules, book, layout, table, turns, "", SCORE_KEY),
        roll_records(rules, layout, table, turns, ""),
        totals_table(book, layout, table, columns, kit_guide(rules, table, "strips")),
    )


def hundred_parts(rules: BoxRules, table: Table, layout: Layout, book: Rulebook,
                   rounds: int | None) -> tuple[Part, ...]:
    """Return the parts of a ``hundred`` table (docs/rules.md section 5): turn sheets for the
    rounds a race takes, running totals per round with a reset mark."""
    rounds = rounds_printed(rules, table, rounds)
    digits = rules.tiles - 1 if rules.scoring == "digits" else 0  # the first throw shuts a tile
    sheets = seat_turn_sheets(rules, book, layout, table, rounds)
    columns = round_columns(filled(rounds, totals_columns(layout)), score_and_total(), ("score", "total"),
                            pgettext("tick box", "shut"))
    return (
        RulesCard(book),
        sheets,
        roll_records(rules, layout, table, rotation(table.seats, rounds), "round", overruns=True),
        totals_table(book, layout, table, columns, kit_guide(rules, table, "turn sheets"),
                     scoring_running_total(book), score_digits=digits),
    )


def long_game_parts(rules: BoxRules, table: Table, layout: Layout, book: Rulebook,
                     rounds: int | None) -> tuple[Part, ...]:
    """Return the parts of a ``long-game`` table (docs/rules.md section 6): one board sheet for
    the game, a row per turn, closer and opener alternating, each row starting from the
    board the row above left; a turn record with both dice, doubles and extra turns over
    continuation sheets; turns and the winner per seat."""
    length = find_game(rules.preset).game_length(rules, len(table.seats))
    turns = rounds_printed(rules, table, rounds)
    roles = role_names()
    board = board_sheet(rules.tiles, table, layout, book, 2 * turns)
    throws = ceil(length.throws_90 * turns / length.turns_95)
    columns = [ScoreColumn(_("Turns played"), TURNS_PLAYED_KEY), ScoreColumn(_("Doubles thrown"), DOUBLES_THROWN_KEY),
               ScoreColumn(_("Won"), WON_KEY, mark=pgettext("tick box", "won"))]
    return (
        RulesCard(book),
        board,
        turn_record(layout, doubles_extra_turns(book), throws),
        totals_table(book, layout, table, columns, kit_guide(rules, table, "board sheet"),
                     seat_labels=roles, winner=False),
    )


def host_key_parts(rules: BoxRules, layout: Layout, book: Rulebook) -> tuple[Part, ...]:
    """Return the parts of a Shut the Box host key: the scoring key of docs/kit.md."""
    return (host_key(rules, book, layout),)


def continuation_parts(rules: BoxRules, table: Table, layout: Layout, book: Rulebook) -> tuple[Part, ...]:
    """Return the continuation sheet that ends ``table``'s pages in a kit of a game of
    several rounds (docs/kit.md); none for a game of fixed length."""
    return (continuation_sheet(rules, table, layout, book),) if several_rounds(rules) else ()


TABLE_PARTS: dict[str, TableParts] = {  # by the preset a kit prints as (Preset.layout)
    "strip": strip_parts,
    "classic": classic_parts,
    "ten": ten_parts,
    "hundred": hundred_parts,
    "long-game": long_game_parts,
}

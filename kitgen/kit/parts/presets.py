"""The parts each preset prints, one builder per preset, found through two registries: a
table's parts by preset id (:func:`table_chunk`) and the host key's by game
(:func:`host_key_chunk`). A new game adds its builders here and reuses the shared parts
(strips, records, totals) where they fit.
"""

from __future__ import annotations

from math import ceil
from typing import Callable

from kitgen.errors import OptionError
from kitgen.kit.layout import Layout
from kitgen.kit.parts.boards import BoardPages, board_pages
from kitgen.kit.parts.column_scores import column_score_key
from kitgen.kit.parts.host_key import host_key
from kitgen.kit.parts.match_record import match_length, match_record
from kitgen.kit.parts.part import Chunk, Part, filled, kit_guide, rotation
from kitgen.kit.parts.roll_records import roll_records
from kitgen.kit.parts.rules_card import RulesCard
from kitgen.kit.parts.strips import NumberStrips, number_strips
from kitgen.kit.parts.totals import (
    STARTS_LABEL,
    ScoreColumn,
    round_columns,
    round_rotation,
    scoring_running_total,
    totals_columns,
    totals_table,
)
from kitgen.kit.parts.turn_record import doubles_extra_turns, placement_record, turn_record
from kitgen.kit.parts.turn_sheets import (
    ROLE_KEYS,
    ROLE_NAMES,
    TurnSheets,
    carry_on,
    continuation_sheet,
    numbered_rows,
    seat_turn_sheets,
    turn_pages,
    turn_sheet_geometry,
)
from kitgen.kit.tables import Table
from kitgen.rulebook import Rulebook
from kitgen.rules.formats import ATTEMPTS, game_length
from kitgen.rules.presets import Rules

# Games of several rounds (classic best-of and elimination, hundred) and the long game print
# for the turns a seat takes in 19 of 20 games (kitgen.rules.formats.GAME_LENGTHS), on turn
# sheets of one row per round, or for the rounds asked for; a continuation sheet serves the
# game that runs on.
MAX_ROUNDS = 100  # the most rounds a kit prints: a longer game goes on continuation sheets


def table_chunk(rules: Rules, table: Table, layout: Layout, book: Rulebook, rounds: int | None = None) -> Chunk:
    """Return the chunk of one table: the parts its preset prints for it, in order, for
    ``rounds`` rounds where the game has several (``None``: as many as games need).

    Raises :class:`OptionError` for a preset without a kit yet.
    """
    try:
        parts = _TABLE_PARTS[rules.preset]
    except KeyError:
        raise OptionError(f"kitgen cannot print a kit for {rules.preset!r} yet.") from None
    return Chunk(table.label, parts(rules, table, layout, book, rounds), table.bookmark)


def host_key_chunk(rules: Rules, layout: Layout, book: Rulebook) -> Chunk:
    """Return the chunk of the host key, one for the whole kit (docs/kit.md), as the game's
    host-key builder makes it.

    Raises :class:`OptionError` for a game without a host key yet.
    """
    try:
        parts = _HOST_KEY_PARTS[rules.game]
    except KeyError:
        raise OptionError(f"kitgen cannot print a host key for {rules.preset!r} yet.") from None
    return Chunk("Host key", parts(rules, layout, book))


def _strip_parts(rules: Rules, table: Table, layout: Layout, book: Rulebook,
                 rounds: int | None) -> tuple[Part, ...]:
    """Return the parts of a ``strip`` table (docs/rules.md section 2): rules card, a strip per
    attempt (every player's attempt 1, then attempt 2) plus spares, a roll record per
    attempt, and attempt 1 / attempt 2 / combined totals."""
    turns = rotation(table.seats, ATTEMPTS)
    columns = [ScoreColumn(f"Attempt {attempt}", f"attempt-{attempt}") for attempt in range(1, ATTEMPTS + 1)]
    return (
        RulesCard(book),
        number_strips(rules, book, layout, table, turns, "Attempt", "Remaining sum", "remaining-sum"),
        roll_records(rules, layout, table, turns, "Attempt"),
        totals_table(book, layout, table, [*columns, ScoreColumn("Combined", "combined")],
                     kit_guide(rules, table, "strips")),
    )


def _classic_parts(rules: Rules, table: Table, layout: Layout, book: Rulebook,
                   rounds: int | None) -> tuple[Part, ...]:
    """Return the parts of a ``classic`` table (docs/rules.md section 3) for its format: a
    single round (also for a player alone) on strips; a game of several rounds on turn
    sheets, with the round-start row and the rotation rule on its totals, which have a
    column for every numbered round and as many more as fill their last table."""
    if len(table.seats) == 1 or rules.format == "single":
        turns = rotation(table.seats, 1)
        return (
            RulesCard(book),
            number_strips(rules, book, layout, table, turns, "Round", "Score", "score"),
            roll_records(rules, layout, table, turns, "Round"),
            totals_table(book, layout, table, (ScoreColumn("Score", "score"),), kit_guide(rules, table, "strips")),
        )
    rounds = rounds_printed(rules, table, rounds)
    sheets = seat_turn_sheets(rules, book, layout, table, rounds)
    per_table = totals_columns(layout)
    if rules.format == "elimination":
        columns = round_columns(filled(rounds, per_table), ("score", "total"), ("score", "total"), "out")
    else:
        room = round_columns(filled(rounds + 1, per_table) - 1, ("score", ""), ("score", ""), "won")
        columns = (*room, ScoreColumn("Round wins", "round-wins"))
    return (
        RulesCard(book),
        sheets,
        roll_records(rules, layout, table, rotation(table.seats, rounds), "Round"),
        totals_table(book, layout, table, columns, kit_guide(rules, table, "turn sheets"),
                     round_rotation(book), STARTS_LABEL),
    )


def rounds_printed(rules: Rules, table: Table, rounds: int | None) -> int:
    """Return the rounds (long game: turns a seat) a table prints: ``rounds`` when asked
    for, else as many as a seat takes in 19 of 20 games (kitgen.rules.formats.GAME_LENGTHS)."""
    return rounds if rounds is not None else game_length(rules, len(table.seats)).turns_95


def several_rounds(rules: Rules) -> bool:
    """Return whether a game of ``rules`` runs over a number of rounds (or long-game turns)
    not fixed in advance: classic best-of and elimination, hundred, the long game."""
    if rules.game != "box":
        return False
    return rules.format.startswith("best-of-") or rules.format in ("elimination", "hundred", "long-game")


def check_rounds(rules: Rules, rounds: int | None) -> None:
    """Check that a kit may print ``rounds`` rounds (``None``: as many as games need).

    Raises :class:`OptionError` for a game of fixed length or a count outside 1 to
    :data:`MAX_ROUNDS`.
    """
    if rounds is None:
        return
    if not several_rounds(rules):
        raise OptionError(
            f"rounds are for games that run over several rounds (classic best-of or "
            f"elimination, hundred, long-game), not {rules.describe()}."
        )
    if not 1 <= rounds <= MAX_ROUNDS:
        raise OptionError(f"a kit prints 1 to {MAX_ROUNDS} rounds, not {rounds}; "
                          "a longer game goes on continuation sheets.")


def continuation_chunks(rules: Rules, layout: Layout, book: Rulebook) -> list[Chunk]:
    """Return the kit's continuation sheet, one for the whole kit, as a chunk of its own
    (none for a game of fixed length)."""
    if not several_rounds(rules):
        return []
    return [Chunk("Continuation", (continuation_sheet(rules, layout, book),))]


def coverage(chunk: Chunk, seats: int) -> str:
    """Return what one table's sheets in ``chunk`` cover, e.g. ``"strips for 2 attempts a
    seat"``, ``"turn sheets for 13 rounds a seat"`` or ``"boards for 3 games"``."""
    for part in chunk.parts:
        if isinstance(part, TurnSheets):
            rows = part.sheet_rows
            numbered = sum(1 for row in rows if row.number)
            spares = len(rows) - numbered
            spare = f"{spares or 'no'} spare row{'' if spares == 1 else 's'}"
            if rows[0].role:
                return f"a board sheet for {numbered} turns and {spare}"
            return f"turn sheets for {numbered} rounds a seat and {spare}"
        if isinstance(part, NumberStrips):
            spare = sum(len(page) for page in part.pages) - part.turns
            what = (part.round_label or "turn").lower()
            played = part.turns // seats
            return f"strips for {played} {what}{'s' if played > 1 else ''} a seat and {spare} spare"
        if isinstance(part, BoardPages):
            return f"boards for {part.pages} game{'s' if part.pages > 1 else ''}"
    raise ValueError(f"{chunk.label} has no strips, turn sheets or boards")


def _ten_parts(rules: Rules, table: Table, layout: Layout, book: Rulebook,
               rounds: int | None) -> tuple[Part, ...]:
    """Return the parts of a ``ten`` table (docs/rules.md section 4): one turn each, a score
    and a "shut the box" mark per player."""
    turns = [(player, "") for player in table.seats]
    columns = [ScoreColumn("Score", "score"), ScoreColumn("Shut the box", "shut-the-box", mark="wins at once")]
    return (
        RulesCard(book),
        number_strips(rules, book, layout, table, turns, "", "Score", "score"),
        roll_records(rules, layout, table, turns, ""),
        totals_table(book, layout, table, columns, kit_guide(rules, table, "strips")),
    )


def _hundred_parts(rules: Rules, table: Table, layout: Layout, book: Rulebook,
                   rounds: int | None) -> tuple[Part, ...]:
    """Return the parts of a ``hundred`` table (docs/rules.md section 5): turn sheets for the
    rounds a race takes, running totals per round with a reset mark."""
    rounds = rounds_printed(rules, table, rounds)
    digits = rules.tiles - 1 if rules.scoring == "digits" else 0  # the first throw shuts a tile
    sheets = seat_turn_sheets(rules, book, layout, table, rounds)
    columns = round_columns(filled(rounds, totals_columns(layout)), ("score", "total"), ("score", "total"), "shut")
    return (
        RulesCard(book),
        sheets,
        roll_records(rules, layout, table, rotation(table.seats, rounds), "Round"),
        totals_table(book, layout, table, columns, kit_guide(rules, table, "turn sheets"),
                     scoring_running_total(book), score_digits=digits),
    )


def _long_game_parts(rules: Rules, table: Table, layout: Layout, book: Rulebook,
                     rounds: int | None) -> tuple[Part, ...]:
    """Return the parts of a ``long-game`` table (docs/rules.md section 6): one board sheet for
    the game, a row per turn, closer and opener alternating, each row starting from the
    board the row above left; a turn record with both dice, doubles and extra turns over
    continuation sheets; turns and the winner per seat."""
    length = game_length(rules, len(table.seats))
    turns = rounds_printed(rules, table, rounds)
    note = carry_on("turn")
    geometry = turn_sheet_geometry(rules.tiles, book.strip_hint, note, layout, scored=False)
    rows = numbered_rows("Turn", 2 * turns, filled(2 * turns, geometry.per_page), ROLE_NAMES)
    name_mm = layout.name_field_mm(layout.content_width_mm, ROLE_NAMES, names=len(ROLE_NAMES))
    fields = tuple((role, player, layout.name_pt(player, name_mm, 1)) for role, player in zip(ROLE_NAMES, table.seats))
    board = TurnSheets("Board sheet", "board-sheet", book.strip_hint, "", "", geometry, name_mm, (), ROLE_KEYS,
                       "turn", tuple(turn_pages(fields, rows, geometry.per_page)), note)
    throws = ceil(length.throws_90 * turns / length.turns_95)
    columns = [ScoreColumn("Turns played", "turns-played"), ScoreColumn("Doubles thrown", "doubles-thrown"),
               ScoreColumn("Won", "won", mark="won")]
    return (
        RulesCard(book),
        board,
        turn_record(layout, doubles_extra_turns(book), throws),
        totals_table(book, layout, table, columns, kit_guide(rules, table, "board sheet"),
                     seat_labels=ROLE_NAMES, winner=False),
    )


def _box_host_key_parts(rules: Rules, layout: Layout, book: Rulebook) -> tuple[Part, ...]:
    return (host_key(rules, book, layout),)


def _knucklebones_parts(rules: Rules, table: Table, layout: Layout, book: Rulebook,
                        rounds: int | None) -> tuple[Part, ...]:
    """Return the parts of a ``knucklebones`` table (docs/rules.md section 7): rules card, a
    page of two facing boards and a placement record per game, and the match record.
    The placement record heads each seat's total with the seat's name when it is known."""
    games = _games_printed(rules)
    return (
        RulesCard(book),
        board_pages(table, layout, book, games),
        placement_record(layout, games, table.seats),
        match_record(rules, table, layout, book, games, kit_guide(rules, table, "boards")),
    )


def _games_printed(rules: Rules) -> int:
    """Return the games a knucklebones kit prints boards and placement sheets for: every
    game the match can take (a host cannot print more mid-match)."""
    return match_length(rules)


def _knucklebones_host_key_parts(rules: Rules, layout: Layout, book: Rulebook) -> tuple[Part, ...]:
    return (column_score_key(book, layout),)


# Builders by preset id (a table's parts) and by game (the host key's parts).
_HOST_KEY_PARTS: dict[str, Callable[[Rules, Layout, Rulebook], tuple[Part, ...]]] = {
    "box": _box_host_key_parts,
    "knucklebones": _knucklebones_host_key_parts,
}


_TABLE_PARTS: dict[str, Callable[[Rules, Table, Layout, Rulebook, int | None], tuple[Part, ...]]] = {
    "strip": _strip_parts,
    "classic": _classic_parts,
    "ten": _ten_parts,
    "hundred": _hundred_parts,
    "long-game": _long_game_parts,
    "knucklebones": _knucklebones_parts,
}

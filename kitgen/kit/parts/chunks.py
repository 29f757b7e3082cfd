"""A kit's chunks: one per table, made of the parts its game prints for it, and one for
the host key (docs/kit.md, "Contents"). The parts themselves come from the game, through
the registry (:meth:`kitgen.games.Game.table_parts`); this module only asks for them and
says what a table's sheets cover.
"""

from __future__ import annotations

from kitgen.errors import OptionError
from kitgen.games import find_game
from kitgen.games.preset import Rules
from kitgen.kit.layout import Layout
from kitgen.kit.parts.boards import BoardPages
from kitgen.kit.parts.part import Chunk
from kitgen.kit.parts.strips import NumberStrips
from kitgen.kit.parts.turn_sheets import TurnSheets
from kitgen.kit.tables import Table
from kitgen.rulebook import Rulebook
from kitgen.text import gettext, ngettext

# Games of several rounds (classic best-of and elimination, hundred) and the long game print
# for the turns a seat takes in 19 of 20 games (docs/performance.md, "Game lengths"), on turn
# sheets of one row per round, or for the rounds asked for; each table's continuation sheet
# serves its game that runs on.
MAX_ROUNDS = 100  # the most rounds a kit prints: a longer game goes on continuation sheets


def table_chunk(rules: Rules, table: Table, layout: Layout, book: Rulebook, rounds: int | None = None) -> Chunk:
    """Return the chunk of one table: the parts its preset prints for it, in order, for
    ``rounds`` rounds where the game has several (``None``: as many as games need), ending
    with the table's continuation sheet in such a game.

    Raises :class:`OptionError` for a preset without a kit yet.
    """
    try:
        game = find_game(rules.preset)
        parts = game.table_parts(rules, table, layout, book, rounds)
        parts += game.continuation_parts(rules, table, layout, book)
    except NotImplementedError:
        raise OptionError(gettext("kitgen cannot print a kit for {preset} yet.").format(
            preset=repr(rules.preset))) from None
    return Chunk(table.label, parts, table.bookmark)


def host_key_chunk(rules: Rules, layout: Layout, book: Rulebook) -> Chunk:
    """Return the chunk of the host key, one for the whole kit (docs/kit.md), as the game's
    host-key builder makes it.

    Raises :class:`OptionError` for a game without a host key yet.
    """
    try:
        parts = find_game(rules.preset).host_key_parts(rules, layout, book)
    except NotImplementedError:
        raise OptionError(gettext("kitgen cannot print a host key for {preset} yet.").format(
            preset=repr(rules.preset))) from None
    return Chunk(gettext("Host key"), parts)


def rounds_printed(rules: Rules, table: Table, rounds: int | None) -> int:
    """Return the rounds (long game: turns a seat) a table prints: ``rounds`` when asked
    for, else as many as a seat takes in 19 of 20 games (docs/performance.md, "Game lengths")."""
    return rounds if rounds is not None else find_game(rules.preset).game_length(rules, len(table.seats)).turns_95


def several_rounds(rules: Rules) -> bool:
    """Return whether a game of ``rules`` runs over a number of rounds (or long-game turns)
    not fixed in advance: classic best-of and elimination, hundred, the long game."""
    return find_game(rules.preset).several_rounds(rules)


def check_rounds(rules: Rules, rounds: int | None) -> None:
    """Check that a kit may print ``rounds`` rounds (``None``: as many as games need).

    Raises :class:`OptionError` for a game of fixed length or a count outside 1 to
    :data:`MAX_ROUNDS`.
    """
    if rounds is None:
        return
    if not several_rounds(rules):
        raise OptionError(gettext(
            "rounds are for games that run over several rounds (classic best-of or "
            "elimination, hundred, long-game), not {rules}."
        ).format(rules=rules.describe()))
    if not 1 <= rounds <= MAX_ROUNDS:
        raise OptionError(gettext(
            "a kit prints 1 to {most} rounds, not {rounds}; a longer game goes on continuation sheets."
        ).format(most=MAX_ROUNDS, rounds=rounds))


def coverage(chunk: Chunk, seats: int) -> str:
    """Return what one table's sheets in ``chunk`` cover, e.g. ``"strips for 2 attempts a
    seat"``, ``"turn sheets for 13 rounds a seat"`` or ``"boards for 3 games"``."""
    for part in chunk.parts:
        if isinstance(part, TurnSheets):
            rows = part.sheet_rows
            numbered = sum(1 for row in rows if row.number)
            spares = len(rows) - numbered
            spare = (ngettext("{count} spare row", "{count} spare rows", spares).format(count=spares)
                     if spares else gettext("no spare rows"))
            if rows[0].role:
                return gettext("a board sheet for {turns} turns and {spare}").format(turns=numbered, spare=spare)
            return gettext("turn sheets for {rounds} rounds a seat and {spare}").format(rounds=numbered, spare=spare)
        if isinstance(part, NumberStrips):
            spare_strips = sum(len(page) for page in part.pages) - part.turns
            played = part.turns // seats
            if part.round_kind == "attempt":
                text = ngettext("strips for {played} attempt a seat and {spare} spare",
                                "strips for {played} attempts a seat and {spare} spare", played)
            elif part.round_kind == "round":
                text = ngettext("strips for {played} round a seat and {spare} spare",
                                "strips for {played} rounds a seat and {spare} spare", played)
            else:
                text = ngettext("strips for {played} turn a seat and {spare} spare",
                                "strips for {played} turns a seat and {spare} spare", played)
            return text.format(played=played, spare=spare_strips)
        if isinstance(part, BoardPages):
            return ngettext("boards for {count} game", "boards for {count} games", part.pages).format(count=part.pages)
    raise ValueError(f"{chunk.label} has no strips, turn sheets or boards")

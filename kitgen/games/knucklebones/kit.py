"""The kit parts a knucklebones table prints, and its host key (docs/kit.md, "Contents"),
built from the shared parts of :mod:`kitgen.kit.parts`. Imported only when a kit is made."""

from __future__ import annotations

from kitgen.games.knucklebones.presets import KnucklebonesRules
from kitgen.kit.layout import Layout
from kitgen.kit.parts.boards import board_pages
from kitgen.kit.parts.column_scores import column_score_key
from kitgen.kit.parts.match_record import match_length, match_record
from kitgen.kit.parts.part import Part, kit_guide
from kitgen.kit.parts.rules_card import RulesCard
from kitgen.kit.parts.turn_record import placement_record
from kitgen.kit.tables import Table
from kitgen.rulebook import Rulebook


def table_parts(rules: KnucklebonesRules, table: Table, layout: Layout, book: Rulebook,
                        rounds: int | None) -> tuple[Part, ...]:
    """Return the parts of a ``knucklebones`` table (docs/rules.md section 7): rules card, a
    page of two facing boards and a placement record per game, and the match record.
    The placement record heads each seat's total with the seat's name when it is known."""
    games = games_printed(rules)
    return (
        RulesCard(book),
        board_pages(table, layout, book, games),
        placement_record(layout, games, table.seats),
        match_record(rules, table, layout, book, games, kit_guide(rules, table, "boards")),
    )


def games_printed(rules: KnucklebonesRules) -> int:
    """Return the games a knucklebones kit prints boards and placement sheets for: every
    game the match can take (a host cannot print more mid-match)."""
    return match_length(rules)


def host_key_parts(rules: KnucklebonesRules, layout: Layout, book: Rulebook) -> tuple[Part, ...]:
    """Return the parts of a knucklebones host key: the column-score key of docs/kit.md."""
    return (column_score_key(book, layout),)

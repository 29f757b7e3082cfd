"""Names and seats into tables (docs/kit.md, "Tables and classes").

A kit is for one or more tables, each one game of the preset with its own strips,
records and totals. Blank tables have ``--seats`` empty seats each; names fill seats
in order and, when one table cannot hold them, are split in order into the fewest
tables of balanced sizes within the preset's player range.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from math import ceil

from kitgen.errors import OptionError, PlayerCountError, PlayerNameError
from kitgen.games.preset import Rules, check_player_count
from kitgen.rules.names import parse_names
from kitgen.text import gettext, ngettext, pgettext
from kitgen.text import gettext as _
from kitgen.text.summaries import listed

MAX_BLANK_SEATS = 6  # docs/kit.md "Tables and classes": default seats, the preset's maximum, at most 6
MAX_TABLES = 250  # docs/cli.md "Limits and bad input": a club of 120 is ordinary, 100,000 tables a typo
MAX_NAMES = 500  # docs/cli.md "Limits and bad input"


@dataclass(frozen=True)
class Table:
    """One table of a kit: its number (from 1) and its seats in order, each a player's
    name or ``""`` for a blank seat to write a name in."""

    number: int
    seats: tuple[str, ...]

    @property
    def label(self) -> str:
        """Return the table's printed label, e.g. ``"Table 2"``."""
        return pgettext("game table", "Table {number}").format(number=self.number)

    @property
    def bookmark(self) -> str:
        """Return the table's entry in a kit's outline: its label and its players, e.g.
        ``"Table 2 - Ana, Ben, Cy"`` (the label alone for blank seats)."""
        names = listed(name for name in self.seats if name)
        return _("{table} - {players}").format(table=self.label, players=names) if names else self.label


def split_names(text: str) -> tuple[str, ...]:
    """Return the names in a comma-separated list such as ``"Ana, Ben"``, in order.

    Blank entries are skipped. Raises :class:`PlayerNameError` for a name that breaks
    the name rule (docs/rules.md, "Player names"), a repeated name, or no name at all.

    >>> split_names("Ana, Ben")
    ('Ana', 'Ben')
    """
    return _named(part for part in text.split(",") if part.strip())


def plan_tables(
    rules: Rules,
    players: tuple[str, ...] = (),
    seats: int | None = None,
    tables: int = 1,
    table_size: int | None = None,
) -> tuple[Table, ...]:
    """Return the tables of a kit (docs/kit.md, "Tables and classes").

    Without ``players``: ``tables`` blank tables of ``seats`` seats (default: the preset's
    maximum, at most 6). With ``players``: the names split in order into the fewest
    tables (at least ``tables``) of balanced sizes, each at most ``table_size`` (default:
    the preset's maximum), larger tables first. Raises :class:`PlayerCountError` when
    the seats, the table size or the split leaves the preset's player range
    (docs/rules.md sections 2-7) or there are more than 500 names, and :class:`OptionError` for
    fewer than 1 or more than 250 tables or seats given together with names.

    >>> from kitgen.games import find_preset
    >>> [len(t.seats) for t in plan_tables(find_preset("classic").configure(), tuple("ABCDEFGHIJ"))]
    [4, 3, 3]
    """
    if not 1 <= tables <= MAX_TABLES:
        raise OptionError(gettext("a kit has 1 to {most} tables, not {tables}.").format(most=MAX_TABLES, tables=tables))
    check_name_count(len(players))
    if not players:
        count = min(rules.max_players, MAX_BLANK_SEATS) if seats is None else seats
        check_player_count(rules, count)
        return tuple(Table(number, ("",) * count) for number in range(1, tables + 1))
    if seats is not None:
        raise OptionError(gettext("seats are for blank tables; with names, cap a table with the table size instead."))
    if table_size is not None:
        check_player_count(rules, table_size)
    if len(players) == 1:
        check_player_count(rules, 1)
    cap = rules.max_players if table_size is None else table_size
    sizes = balanced_sizes(len(players), max(ceil(len(players) / cap), tables))
    if sizes[-1] < rules.min_players:
        into = len(sizes) if tables > 1 else None
        raise PlayerCountError(_unsplittable(rules, len(players), into, table_size))
    starts = [sum(sizes[:index]) for index in range(len(sizes))]
    return tuple(
        Table(number, players[start:start + size])
        for number, (start, size) in enumerate(zip(starts, sizes, strict=True), start=1)
    )


def _unsplittable(rules: Rules, count: int, tables: int | None, table_size: int | None) -> str:
    """Return the sentence refusing ``count`` names that cannot be split into tables the
    preset allows (into ``tables`` tables when that many were asked for).

    >>> from kitgen.games import find_preset
    >>> _unsplittable(find_preset("knucklebones").configure(), 3, None, None)
    'knucklebones is for exactly 2 players a table; 3 names cannot be split into tables of 2.'
    """
    low, high = rules.min_players, rules.max_players
    cap = high if table_size is None else table_size
    if low == high and table_size is None:
        rule = ngettext("{preset} is for exactly {low} player a table",
                        "{preset} is for exactly {low} players a table", high)
    elif low == high:
        rule = ngettext("{preset} is for exactly {low} player a table (the table size caps it at {cap})",
                        "{preset} is for exactly {low} players a table (the table size caps it at {cap})", high)
    elif table_size is None:
        rule = ngettext("{preset} is for {low} to {high} player a table",
                        "{preset} is for {low} to {high} players a table", high)
    else:
        rule = ngettext("{preset} is for {low} to {high} player a table (the table size caps it at {cap})",
                        "{preset} is for {low} to {high} players a table (the table size caps it at {cap})", high)
    if tables is None and low == cap:
        split = ngettext("{count} name cannot be split into tables of {low}",
                         "{count} names cannot be split into tables of {low}", count)
    elif tables is None:
        split = ngettext("{count} name cannot be split into tables of {low} to {cap}",
                         "{count} names cannot be split into tables of {low} to {cap}", count)
    elif low == cap:
        split = ngettext("{count} names cannot be split into {tables} table of {low}",
                         "{count} names cannot be split into {tables} tables of {low}", tables)
    else:
        split = ngettext("{count} names cannot be split into {tables} table of {low} to {cap}",
                         "{count} names cannot be split into {tables} tables of {low} to {cap}", tables)
    words = {"preset": rules.preset, "low": low, "high": high, "cap": cap, "count": count, "tables": tables}
    # TRANSLATORS: the players a table of a preset takes, then why the names do not fit
    return gettext("{rule}; {split}.").format(rule=rule.format(**words), split=split.format(**words))


def balanced_sizes(count: int, parts: int) -> tuple[int, ...]:
    """Return ``count`` split into ``parts`` sizes that differ by at most one, larger first.

    >>> balanced_sizes(30, 8)
    (4, 4, 4, 4, 4, 4, 3, 3)
    """
    base, extra = divmod(count, parts)
    return tuple(base + 1 if index < extra else base for index in range(parts))


def check_name_count(count: int) -> None:
    """Check that a kit is asked for at most 500 names (docs/cli.md, "Limits and bad input");
    raises :class:`PlayerCountError` otherwise, before the names are read one by one."""
    if count > MAX_NAMES:
        raise PlayerCountError(gettext("{count} names are more than a kit takes (at most {most}).").format(
            count=count, most=MAX_NAMES))


def _named(entries: Iterable[str]) -> tuple[str, ...]:
    entries = list(entries)
    check_name_count(len(entries))
    names = parse_names(entries)
    if not names:
        raise PlayerNameError(gettext("no player names were given."))
    return names

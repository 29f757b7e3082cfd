"""A session's figures, worked out from the validator's reports: each table's summary (what
decided it, as ``kitgen validate`` words it), the room's standings per preset, each player's
figures and the dice, folded in log by log (:class:`SessionBuilder`).
Pure: no I/O (the logs are read by :mod:`kitgen.session.collect`).

**Standings** group the tables by their ``rules:`` line (preset and options: 9 and 12 tiles,
or single and best-of-3, are not comparable) and lead with what happened at each table: each
player's :class:`~kitgen.games.Placing` there, as the game's format decides it
(:meth:`Game.placings`: won, shared the win, place N, out in round N, lost). Players are
ranked by that place first, every table's winners before its second places, so no table's
winner is ranked below a player they beat there; players in the same place at different
tables, and players of a table that gives no places (played alone, or not decided), who
follow, are ordered by the figure the game names (:func:`ranking`, printed with each group):

- ``strip``: the combined remainder of both attempts, lowest first;
- ``classic`` single and ``ten``: the turn's score, lowest first;
- ``classic`` best-of: round wins, most first, then the average turn score, lowest first;
- ``classic`` elimination and ``hundred``: the average turn score, lowest first (how many
  turns a table lasts depends on its players; what one turn scores does not);
- ``long-game``: tables won;
- ``knucklebones``: games won, most first, then points over all games, most first.

Equal places and figures share a rank (1, 1, 3). A player with neither a place nor the
figure (a strip player of an unfinished table with one attempt recorded) is listed unranked.
A player whose table's log has errors is ranked on the results as written, and marked.
No figure ranks choices of tiles or columns: only turns, scores, games and throws are counted.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from kitgen.games import LOWEST, MOST, Game, OperationCount, Placing, Ranking, find_game
from kitgen.games.box.presets import OPERATIONS
from kitgen.games.preset import Rules
from kitgen.logs.reader import parse_rules_line
from kitgen.logs.report import Report, SummaryLine
from kitgen.session.dice import ONE_DIE, TWO_DICE, Fit, fit
from kitgen.text import N_
from kitgen.text import gettext as _

__all__ = ["LOWEST", "MOST", "Ranking"]  # kept here for the callers of the standings

HEADINGS = {  # every figure a player row can carry, in print order, with its heading (shown through gettext)
    "combined": N_("Combined"),
    "score": N_("Score"),
    "round_wins": N_("Round wins"),
    "tables_won": N_("Tables won"),
    "games_won": N_("Games won"),
    "points": N_("Points"),
    "average_score": N_("Avg score"),
    "turns": N_("Turns"),
    "attempts": N_("Attempts"),
    "average_left": N_("Avg left"),
    "shut": N_("Boxes shut"),
    "best": N_("Best turn"),
    "worst": N_("Worst turn"),
    "games": N_("Games"),
    "removed": N_("Dice removed"),
    "throws": N_("Throws"),
}


def ranking(rules: Rules) -> Ranking:
    """Return the :class:`Ranking` of ``rules``' format (this module's docstring), from the
    game that owns the preset.

    >>> ranking(parse_rules_line("classic format=best-of-3")).keys
    (('round_wins', 'most'), ('average_left', 'lowest'))
    """
    return find_game(rules.preset).ranking(rules)


PLACINGS = {  # what a Placing's outcome says, in a standings row (kitgen.games.OUTCOMES)
    "won": N_("won"),
    "shared": N_("shared the win"),
    "place": N_("place {place}"),
    "out": N_("out in round {round}"),
    "lost": N_("lost"),
    "solo": N_("played alone"),
    "undecided": N_("not decided"),
}


def placing_text(placing: Placing) -> str:
    """Return a player's result at their table in words, in the language in use.

    >>> placing_text(Placing(1, "won")), placing_text(Placing(3, "place")), placing_text(Placing(2, "out", 4))
    ('won', 'place 3', 'out in round 4')
    """
    return _(PLACINGS[placing.outcome]).format(place=placing.place, round=placing.round)


@dataclass(frozen=True)
class TableLine:
    """One log of the session as the report lists it: its number (in the order the logs were
    given: no log names its table's number), file, ``title:`` line, rules, players, the
    validator's summary of what decided the game (:attr:`Report.summary`) and its error
    count; or, for a log that could not be read, only the number, file and the one sentence
    why (``unreadable``)."""

    number: int
    file: str
    title: str | None = None
    rules: str = ""
    players: tuple[str, ...] = ()
    summary: tuple[SummaryLine, ...] = ()
    errors: int = 0
    unreadable: str | None = None

    @property
    def result(self) -> SummaryLine | None:
        """Return the summary's last line: the result and what decided it (``winner: Ana
        (lowest total)``), ``None`` for a log that could not be read; the lines before it
        give the scores it was decided on."""
        return self.summary[-1] if self.summary else None

    @property
    def marked(self) -> bool:
        """Return whether the table is marked: its log has errors or could not be read."""
        return self.errors > 0 or self.unreadable is not None


@dataclass(frozen=True)
class PlayerRow:
    """One player at one table: rank (``None``: not ranked), name, table number, whether the
    table's log has errors, the figures by their :data:`HEADINGS` key and the player's
    result at the table (:class:`Placing`)."""

    rank: int | None
    player: str
    table: int
    marked: bool
    figures: dict[str, float | int | None]
    placing: Placing = Placing(None, "undecided")


@dataclass(frozen=True)
class Standings:
    """The players of every table played by one ``rules:`` line, ranked: the rules, the
    ranking rule in one sentence, the figures ranked by (``keys``), every figure column
    (the keys first) and the rows."""

    rules: str
    rule: str
    keys: tuple[str, ...]
    columns: tuple[str, ...]
    rows: tuple[PlayerRow, ...]


@dataclass(frozen=True)
class Session:
    """A whole session: its tables in the order given, the standings per ``rules:`` line in
    the order first met, the fit of two-dice totals and of one-die throws, how many
    impossible throws (``bad-roll``) were left out of both, and what the dice count of each
    game played as two-dice totals and as one-die faces (:attr:`Game.two_dice_counted`,
    :attr:`Game.one_die_counted`: catalog messages, in the order first met), and the figures
    per operation of the tables whose rules allow one besides addition (docs/rules.md
    section 9: ``(name, count)`` in the order ``add``, ``sub``, ``mul``, ``div``, each
    operation named by some throw; empty for a session of addition alone)."""

    tables: tuple[TableLine, ...]
    standings: tuple[Standings, ...]
    two_dice: Fit
    one_die: Fit
    impossible: int
    two_dice_counted: tuple[str, ...] = ()
    one_die_counted: tuple[str, ...] = ()
    operations: tuple[tuple[str, OperationCount], ...] = ()

    @property
    def counts(self) -> dict[str, int]:
        """Return how many tables are valid, have errors, or could not be read."""
        return {
            "tables": len(self.tables),
            "valid": sum(1 for table in self.tables if not table.marked),
            "with_errors": sum(1 for table in self.tables if table.errors),
            "unreadable": sum(1 for table in self.tables if table.unreadable is not None),
        }


class SessionBuilder:
    """A session's figures folded in as its logs are read, one log at a time: each table's
    :class:`TableLine`, its players' rows and the counts of its throws are kept, the
    validator's :class:`Report` (every turn, throw and error) is not, so collecting a
    session holds a few kilobytes per log however long the logs are."""

    def __init__(self) -> None:
        self._tables: list[TableLine] = []
        self._groups: dict[str, list[PlayerRow]] = {}
        self._rules: dict[str, Rules] = {}
        self._two_dice: dict[int, int] = {}
        self._one_die: dict[int, int] = {}
        self._impossible = 0
        self._games: dict[str, Game[Any]] = {}  # each game met, in order: what its dice count
        self._operations: dict[str, OperationCount] = {}

    def add(self, entry: Report | tuple[str, str]) -> None:
        """Add the next log: a validator's :class:`Report`, or ``(file, sentence)`` for a
        log that could not be read."""
        number = len(self._tables) + 1
        if not isinstance(entry, Report):
            self._tables.append(TableLine(number, entry[0], unreadable=entry[1]))
            return
        rules = self._rules.get(entry.rules)
        if rules is None:  # each rules: line read once a session
            rules = self._rules[entry.rules] = parse_rules_line(entry.rules)
        game = find_game(rules.preset)
        self._tables.append(TableLine(number, entry.file, entry.title, entry.rules, entry.players, entry.summary,
                                      entry.error_count))
        placings = game.placings(rules, entry.results, entry.players)
        self._groups.setdefault(entry.rules, []).extend(
            PlayerRow(None, name, number, not entry.valid, game.player_figures(rules, entry.results, name),
                      placings[name])
            for name in entry.players
        )
        self._impossible += game.count_throws(entry.results, self._two_dice, self._one_die)
        game.count_operations(rules, entry.results, self._operations)
        self._games.setdefault(game.id, game)

    def session(self) -> Session:
        """Return the :class:`Session` of the logs added, in the order added."""
        standings = tuple(rank(rules_text, self._rules[rules_text], rows) for rules_text, rows in self._groups.items())
        return Session(tuple(self._tables), standings, fit(self._two_dice, TWO_DICE), fit(self._one_die, ONE_DIE),
                       self._impossible,
                       tuple(game.two_dice_counted for game in self._games.values() if game.two_dice_counted),
                       tuple(game.one_die_counted for game in self._games.values() if game.one_die_counted),
                       tuple(sorted(self._operations.items(), key=lambda item: OPERATIONS.index(item[0]))))


def rank(rules_text: str, rules: Rules, rows: list[PlayerRow]) -> Standings:
    """Return the :class:`Standings` of ``rows`` (one group's players) ranked by their place
    at their own table, then by ``rules``' :class:`Ranking` (this module's docstring):
    players without a place follow those with one; equal places and figures share a rank;
    rows with neither a place nor every ranking figure follow, unranked; ties and the
    unranked keep table order."""
    order = ranking(rules)

    def key(row: PlayerRow) -> tuple[tuple[int, float], ...]:
        place = row.placing.place
        figures = [(row.figures.get(name), better) for name, better in order.keys]
        return ((0, place) if place is not None else (1, 0),
                *((1, 0) if figure is None else (0, -figure if better == MOST else figure)
                  for figure, better in figures))

    def rankable(row: PlayerRow) -> bool:
        return row.placing.place is not None or all(row.figures.get(name) is not None for name, _ in order.keys)

    placed: list[PlayerRow] = []
    for index, row in enumerate(sorted(filter(rankable, rows), key=key)):
        shared = index and key(placed[-1]) == key(row)
        placed.append(replace(row, rank=placed[-1].rank if shared else index + 1))
    placed += [row for row in rows if not rankable(row)]
    present = {name for row in rows for name in row.figures}
    keys = tuple(name for name, _ in order.keys)
    columns = keys + tuple(name for name in HEADINGS if name in present and name not in keys)
    return Standings(rules_text, order.rule, keys, columns, tuple(placed))

"""A session's figures, worked out from the validator's reports: each table's summary (what
decided it, as ``kitgen validate`` words it), the room's standings per preset, each player's
figures and the dice, folded in log by log (:class:`SessionBuilder`).
Pure: no I/O (the logs are read by :mod:`kitgen.session.collect`).

**Standings** group the tables by their ``rules:`` line (preset and options: 9 and 12 tiles,
or single and best-of-3, are not comparable) and rank each player at each table by a figure
that does not depend on the size of the table (:func:`ranking`, printed with each group):

- ``strip``: the combined remainder of both attempts, lowest first;
- ``classic`` single and ``ten``: the turn's score, lowest first;
- ``classic`` best-of: round wins, most first, then the average turn score, lowest first;
- ``classic`` elimination and ``hundred``: the average turn score, lowest first (how many
  turns a table lasts depends on its players; what one turn scores does not);
- ``long-game``: tables won;
- ``knucklebones``: games won, most first, then points over all games, most first.

Equal figures share a rank (1, 1, 3). A player without the figure (a strip player with one
attempt recorded, a ``ten`` player whose table ended before their turn) is listed unranked.
A player whose table's log has errors is ranked on the figures as written, and marked.
No figure ranks choices of tiles or columns: only turns, scores, games and throws are counted.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from kitgen.logs.reader import parse_rules_line
from kitgen.logs.report import Report
from kitgen.rules.box import parse_throw
from kitgen.rules.presets import Rules
from kitgen.session.dice import ONE_DIE, TWO_DICE, Fit, fit

LOWEST, MOST = "lowest", "most"  # the direction a ranking figure is better in

HEADINGS = {  # every figure a player row can carry, in print order, with its heading
    "combined": "Combined",
    "score": "Score",
    "round_wins": "Round wins",
    "tables_won": "Tables won",
    "games_won": "Games won",
    "points": "Points",
    "average_score": "Avg score",
    "turns": "Turns",
    "attempts": "Attempts",
    "average_left": "Avg left",
    "shut": "Boxes shut",
    "best": "Best turn",
    "worst": "Worst turn",
    "games": "Games",
    "removed": "Dice removed",
    "throws": "Throws",
}


@dataclass(frozen=True)
class Ranking:
    """How one format's players are ranked across tables: the ``keys`` compared in order,
    each a figure and the direction it is better in, and the rule in one sentence."""

    keys: tuple[tuple[str, str], ...]
    rule: str


def ranking(rules: Rules) -> Ranking:
    """Return the :class:`Ranking` of ``rules``' format (this module's docstring).

    >>> ranking(parse_rules_line("classic format=best-of-3")).keys
    (('round_wins', 'most'), ('average_left', 'lowest'))
    """
    average = "average_score" if rules.scoring == "digits" else "average_left"
    fmt = rules.format
    if rules.game == "knucklebones":
        return Ranking((("games_won", MOST), ("points", MOST)),
                       "Ranked by games won, most first, then by points over all games, most first.")
    if fmt == "two-attempts":
        return Ranking((("combined", LOWEST),), "Ranked by the combined remainder of both attempts, "
                       "lowest first; a player with fewer than two attempts recorded is not ranked.")
    if fmt in ("single", "shut-wins"):
        return Ranking((("score", LOWEST),), "Ranked by the turn's score, lowest first; a player "
                       "without a turn recorded is not ranked.")
    if fmt.startswith("best-of-"):
        return Ranking((("round_wins", MOST), (average, LOWEST)),
                       "Ranked by round wins, most first, then by the average turn score, lowest first.")
    if fmt == "long-game":
        return Ranking((("tables_won", MOST),), "Ranked by tables won.")
    return Ranking(((average, LOWEST),), "Ranked by the average turn score, lowest first: how many "
                   "turns a table lasts depends on its players, what one turn scores does not.")


@dataclass(frozen=True)
class TableLine:
    """One log of the session as the report lists it: its number, file, rules, players, the
    validator's summary of what decided the game (:attr:`Report.summary`) and its error
    count; or, for a log that could not be read, only the number, file and the one sentence
    why (``unreadable``)."""

    number: int
    file: str
    rules: str = ""
    players: tuple[str, ...] = ()
    summary: tuple[str, ...] = ()
    errors: int = 0
    unreadable: str | None = None

    @property
    def result(self) -> str:
        """Return the summary's last line: the result and what decided it (``winner: Ana
        (lowest total)``); the lines before it give the scores it was decided on."""
        return self.summary[-1] if self.summary else ""

    @property
    def marked(self) -> bool:
        """Return whether the table is marked: its log has errors or could not be read."""
        return self.errors > 0 or self.unreadable is not None


@dataclass(frozen=True)
class PlayerRow:
    """One player at one table: rank (``None``: not ranked), name, table number, whether the
    table's log has errors, and the figures by their :data:`HEADINGS` key."""

    rank: int | None
    player: str
    table: int
    marked: bool
    figures: dict[str, float | int | None]


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
    the order first met, the fit of two-dice totals and of one-die throws, and how many
    impossible throws (``bad-roll``) were left out of both."""

    tables: tuple[TableLine, ...]
    standings: tuple[Standings, ...]
    two_dice: Fit
    one_die: Fit
    impossible: int

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

    def add(self, entry: Report | tuple[str, str]) -> None:
        """Add the next log: a validator's :class:`Report`, or ``(file, sentence)`` for a
        log that could not be read."""
        number = len(self._tables) + 1
        if not isinstance(entry, Report):
            self._tables.append(TableLine(number, entry[0], unreadable=entry[1]))
            return
        rules = parse_rules_line(entry.rules)
        self._tables.append(TableLine(number, entry.file, entry.rules, entry.players, entry.summary,
                                      entry.error_count))
        self._rules.setdefault(entry.rules, rules)
        self._groups.setdefault(entry.rules, []).extend(
            PlayerRow(None, name, number, not entry.valid, player_figures(rules, entry, name))
            for name in entry.players
        )
        self._impossible += count_throws(entry, self._two_dice, self._one_die)

    def session(self) -> Session:
        """Return the :class:`Session` of the logs added, in the order added."""
        standings = tuple(rank(rules_text, self._rules[rules_text], rows) for rules_text, rows in self._groups.items())
        return Session(tuple(self._tables), standings, fit(self._two_dice, TWO_DICE), fit(self._one_die, ONE_DIE),
                       self._impossible)


def player_figures(rules: Rules, report: Report, name: str) -> dict[str, float | int | None]:
    """Return the figures of player ``name`` at the table of ``report`` (keys of
    :data:`HEADINGS` that apply to ``rules``)."""
    results = report.results
    if rules.game == "knucklebones":
        games = results["games"]
        return {
            "games_won": results["wins"][name],
            "points": sum(game["totals"][name] for game in games),
            "games": len(games),
            "removed": results["removed"][name],
            "throws": len(results["rolls"][name]),
        }
    turns = [turn for turn in results["turns"] if turn["player"] == name]
    figures: dict[str, float | int | None] = {
        "attempts" if rules.format == "two-attempts" else "turns": len(turns),
        "throws": sum(len(turn["throws"]) for turn in turns),
    }
    if rules.format == "long-game":
        figures["tables_won"] = int(name in results["winners"])
        return figures
    scores = [turn["score"] for turn in turns]
    figures.update({
        "average_left": _mean([remaining_sum(rules, score) for score in scores]),
        "shut": scores.count(0),  # RULES.md section 1: a turn scores 0 exactly when the box is shut
        "best": min(scores, default=None),
        "worst": max(scores, default=None),
    })
    if rules.scoring == "digits":
        figures["average_score"] = _mean(scores)
    if rules.format == "two-attempts":
        figures["combined"] = results["totals"][name] if len(turns) == 2 else None
    elif rules.format in ("single", "shut-wins"):
        figures["score"] = scores[0] if scores else None
    elif rules.format.startswith("best-of-"):
        figures["round_wins"] = results.get("round_wins", {}).get(name, 0)  # solo: no round to win
    return figures


def remaining_sum(rules: Rules, score: int) -> int:
    """Return the sum of the tiles left open by a turn that scored ``score``: the score itself,
    or with ``digits`` scoring the sum of its digits (the open tiles of a 9-tile box read as
    one number, RULES.md section 1).

    >>> remaining_sum(parse_rules_line("hundred scoring=digits"), 159)
    15
    """
    if rules.scoring == "digits":
        return sum(int(digit) for digit in str(score))
    return score


def _mean(values: list[int]) -> float | None:
    return round(sum(values) / len(values), 2) if values else None


def rank(rules_text: str, rules: Rules, rows: list[PlayerRow]) -> Standings:
    """Return the :class:`Standings` of ``rows`` (one group's players) ranked by ``rules``'
    :class:`Ranking`: equal figures share a rank; rows without a ranking figure follow,
    unranked; ties and the unranked keep table order."""
    order = ranking(rules)

    def key(row: PlayerRow) -> tuple[float, ...]:
        return tuple(-row.figures[name] if better == MOST else row.figures[name]  # type: ignore[operator]
                     for name, better in order.keys)

    def rankable(row: PlayerRow) -> bool:
        return all(row.figures.get(name) is not None for name, _ in order.keys)

    placed: list[PlayerRow] = []
    for index, row in enumerate(sorted(filter(rankable, rows), key=key)):
        shared = index and key(placed[-1]) == key(row)
        placed.append(replace(row, rank=placed[-1].rank if shared else index + 1))
    placed += [row for row in rows if not rankable(row)]
    present = {name for row in rows for name in row.figures}
    keys = tuple(name for name, _ in order.keys)
    columns = keys + tuple(name for name in HEADINGS if name in present and name not in keys)
    return Standings(rules_text, order.rule, keys, columns, tuple(placed))


def count_throws(report: Report, two_dice: dict[int, int], one_die: dict[int, int]) -> int:
    """Add the throws recorded in ``report`` to ``two_dice`` (totals 2-12) and ``one_die``
    (faces 1-6), and return how many impossible throws were left out."""
    impossible = 0
    if "rolls" in report.results:  # knucklebones: one die, faces already 1-6
        for faces in report.results["rolls"].values():
            for face in faces:
                one_die[face] = one_die.get(face, 0) + 1
        return 0
    for turn in report.results["turns"]:
        for written in turn["throws"]:
            throw = parse_throw(written)
            if not throw.possible:
                impossible += 1
                continue
            counts = two_dice if throw.dice == 2 else one_die
            counts[throw.total] = counts.get(throw.total, 0) + 1
    return impossible

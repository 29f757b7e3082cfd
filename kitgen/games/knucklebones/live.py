"""The live table of knucklebones (docs/web.md, "The live table"; :mod:`kitgen.games.live`,
kind ``placements``): a game kept as the
placements made, replayed through the rules core on every look, and written out as the
kitgen log ``kitgen validate`` reads (docs/log-format.md, "Knucklebones").

What the page shows is the rules core's arithmetic: both grids, each column's score, both
totals and, for the face rolled, a :func:`preview_placement` of every column the player due
can still play, all at once and in column order: never compared, ranked or singled out.
"""

from __future__ import annotations

from dataclasses import dataclass

from kitgen.games.knucklebones.presets import KnucklebonesRules
from kitgen.games.knucklebones.rules import (
    Column,
    Grid,
    Match,
    Preview,
    column_score,
    judge_placement,
    new_match,
    parse_column,
    preview_placement,
)
from kitgen.games.live import PLACEMENTS
from kitgen.games.preset import Rules
from kitgen.rules.problems import Problem

FIRST_SEAT = 0  # the first game's starter: the first name of players: (either may start, docs/rules.md section 7)


@dataclass(frozen=True)
class Placement:
    """One placement as made: the face rolled and the column it went in."""

    face: int
    column: Column


@dataclass(frozen=True)
class Played:
    """A live game replayed: the match as the rules core has it, and its log's lines."""

    match: Match
    lines: tuple[str, ...]

    @property
    def due(self) -> int | None:
        """Return the seat due to place next, or ``None`` once the match is decided."""
        if self.match.over:
            return None
        game = self.match.game
        if game is None or not self.match.playing:  # the next game: its starter is due
            return self.match.start_game().game.due if not self.match.over else None  # type: ignore[union-attr]
        return FIRST_SEAT if game.due is None else game.due

    @property
    def grids(self) -> tuple[Grid, Grid]:
        """Return both seats' grids in the game shown (the last one begun)."""
        game = self.match.game
        return game.grids if game is not None else (Grid(), Grid())


def replay(rules: Rules, players: tuple[str, str], placements: tuple[Placement, ...]) -> Played:
    """Return the match after ``placements`` in order, each by the seat due (a new game
    begun after one ends, until the match is decided), and its log.

    Raises ``ValueError`` for a placement the rules refuse (a full column) or one after
    the match is decided.
    """
    match = new_match(rules).start_game()
    lines = [f"rules: {rules.describe()}", f"players: {players[0]}, {players[1]}", "", "game 1"]
    for placement in placements:
        if match.over:
            raise ValueError("the match is decided; no placement follows")
        if not match.playing:
            match = match.start_game()
            lines += ["", f"game {match.number}"]
        game = match.game
        assert game is not None
        seat = FIRST_SEAT if game.due is None else game.due
        match = match.place(seat, placement.face, placement.column)
        lines.append(f"{players[seat]}: {placement.face} {placement.column.label}")
        game = match.game
        assert game is not None
        if game.ended:
            first, second = game.totals
            lines.append(f"score: {players[0]} {first}, {players[1]} {second}")
            lines.append("winner: draw" if game.winner is None else f"winner: {players[game.winner]}")
            if match.over and match.wins_needed > 1:
                lines.append(f"match winner: {players[match.winner]}")  # type: ignore[index]
    return Played(match, tuple(lines))


def log_text(played: Played) -> str:
    """Return the game's kitgen log (docs/log-format.md)."""
    return "\n".join(played.lines) + "\n"


def previews(played: Played, face: int) -> tuple[Preview, ...]:
    """Return the preview of placing ``face`` in each column the seat due can still play,
    in column order (left, middle, right): every one, none singled out."""
    seat = played.due
    if seat is None:
        return ()
    mine, theirs = played.grids if played.match.playing else (Grid(), Grid())
    if seat == 1:
        mine, theirs = theirs, mine
    return tuple(preview_placement(mine, theirs, face, column) for column in Column if not mine.column_full(column))


def column_scores(grid: Grid) -> tuple[int, ...]:
    """Return each column's score, left to right."""
    return tuple(column_score(grid.column(column)) for column in Column)


@dataclass(frozen=True)
class KnucklebonesTable:
    """The live table of one set of knucklebones rules (a
    :class:`~kitgen.games.live.PlacementTable`)."""

    rules: KnucklebonesRules
    kind: str = PLACEMENTS

    def replay(self, players: tuple[str, str], placements: tuple[tuple[int, int], ...]) -> Played:
        """Return the match after ``placements`` (face, column number) in order (:func:`replay`)."""
        return replay(self.rules, players, tuple(Placement(face, Column(column)) for face, column in placements))

    def due(self, played: Played) -> int | None:
        return played.due

    def judge_face(self, face: int) -> tuple[Problem, ...]:
        """Return the problems of ``face`` as a roll: ``bad-roll`` outside 1-6."""
        return judge_placement(Grid(), face, Column.LEFT.label)

    def judge_place(self, played: Played, face: int, column: str) -> tuple[tuple[Problem, ...], int]:
        """Return the problems of the seat due placing ``face`` in ``column`` (as
        :func:`judge_placement` finds them) and, when there are none, the column's number."""
        due = played.due
        mine = played.grids[due] if due is not None and played.match.playing else Grid()
        problems = judge_placement(mine, face, column)
        return problems, (0 if problems else int(parse_column(column)))

    def previews(self, played: Played, face: int) -> tuple[Preview, ...]:
        return previews(played, face)

    def columns(self) -> tuple[Column, ...]:
        return tuple(Column)

    def column_scores(self, grid: Grid) -> tuple[int, ...]:
        return column_scores(grid)

    def log_text(self, played: Played) -> str:
        return log_text(played)


def live_table(rules: KnucklebonesRules) -> KnucklebonesTable | None:
    """Return the live table of ``rules``, or ``None`` if the rules core cannot play them."""
    try:
        new_match(rules)
    except ValueError:
        return None
    return KnucklebonesTable(rules)

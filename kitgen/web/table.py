"""The live table of knucklebones (docs/web.md, "The live table"): a game kept as the
placements made, replayed through the rules core on every look, and written out as the
kitgen log ``kitgen validate`` reads (docs/log-format.md, "Knucklebones").

What the page shows is the rules core's arithmetic: both grids, each column's score, both
totals and, for the face rolled, a :func:`preview_placement` of every column the player due
can still play, all at once and in column order: never compared, ranked or singled out.
"""

from __future__ import annotations

from dataclasses import dataclass

from kitgen.games.knucklebones.rules import Column, Grid, Match, Preview, column_score, new_match, preview_placement
from kitgen.games.preset import Rules

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

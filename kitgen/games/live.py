"""How a game is played live at ``kitgen serve``'s table (docs/web.md, "The live table"),
as the web asks it: a game that can be played live gives a :class:`LiveTable` for its rules
(:meth:`kitgen.games.Game.live_table`), and the web keeps the entries made, replays them
through it on every look and shows the page its :attr:`~LiveTable.kind` names.

Two kinds are played: :data:`PLACEMENTS` (two seats taking turns to place what they roll,
replayed to a match and its log: :class:`PlacementTable`) and :data:`TURN` (seats taking
turns of claims, each judged as ``kitgen check`` judges it: :class:`TurnTable`). Each game's
own ``live`` module holds the state (frozen dataclasses, no I/O, no words).
"""

from __future__ import annotations

from typing import Any, Protocol

from kitgen.games import Verdict
from kitgen.rules.problems import Problem

PLACEMENTS, TURN = "placements", "turn"  # the kinds of live table, each one page of the web


class LiveTable(Protocol):
    """A game's live table for one set of rules: its :attr:`kind` says which page plays it."""

    @property
    def kind(self) -> str: ...


class PlacementTable(LiveTable, Protocol):
    """Two seats placing the face each rolls (kind :data:`PLACEMENTS`). The state is the
    game's own (``Played``): the web passes it back and the page reads it."""

    def replay(self, players: tuple[str, str], placements: tuple[tuple[int, int], ...]) -> Any:
        """Return the match after ``placements`` (each a face and a column's number) in order.
        Raises ``ValueError`` for one the rules refuse."""
        ...

    def due(self, played: Any) -> int | None:
        """Return the seat due to place next, or ``None`` once the match is decided."""
        ...

    def judge_face(self, face: int) -> tuple[Problem, ...]:
        """Return the problems of ``face`` as a roll (``()``: a face the die can show)."""
        ...

    def judge_place(self, played: Any, face: int, column: str) -> tuple[tuple[Problem, ...], int]:
        """Return the problems of the seat due placing ``face`` in the column named
        ``column`` and, when there are none, that column's number."""
        ...

    def previews(self, played: Any, face: int) -> tuple[Any, ...]:
        """Return the preview of placing ``face`` in each column the seat due can play."""
        ...

    def columns(self) -> tuple[Any, ...]:
        """Return the columns, in order."""
        ...

    def column_scores(self, grid: Any) -> tuple[int, ...]:
        """Return each column's score of ``grid``, in order."""
        ...

    def log_text(self, played: Any) -> str:
        """Return the game's kitgen log (docs/log-format.md)."""
        ...


class TurnTable(LiveTable, Protocol):
    """A game of turns of claims, each a throw and what it moved (kind :data:`TURN`), its
    seats in order. The state is the game's own (``BoxGame``): the web passes it back and
    the page reads it (the turn in play, its box, the standings)."""

    def replay(self, players: tuple[str, ...], claims: tuple[tuple[str, tuple[int, ...]], ...]) -> Any:
        """Return the game of ``players`` after ``claims``, each already judged right, in order."""
        ...

    def check_players(self, count: int) -> None:
        """Raise :class:`PlayerCountError` for ``count`` players outside the rules' range."""
        ...

    def over(self, game: Any) -> bool:
        """Return whether the game is decided."""
        ...

    def throw_text(self, faces: tuple[int, ...]) -> str:
        """Return the throw of the dice ``faces`` rolled, as a player writes it."""
        ...

    def judge_throw(self, game: Any, text: str) -> tuple[tuple[Problem, ...], str]:
        """Return the problems of the throw written ``text`` on the turn's position and the
        throw as a log writes it."""
        ...

    def judge_claim(self, game: Any, throw: str, tiles: tuple[int, ...]) -> Verdict:
        """Return the verdict on moving ``tiles`` (``()``: no move) after ``throw``."""
        ...

    def log_text(self, game: Any) -> str:
        """Return the game's kitgen log (docs/log-format.md)."""
        ...

    def bests(self, game: Any) -> tuple[Any, ...]:
        """Return each player's result of the decided game as a personal best measures it
        (each with ``name``, ``measure`` and ``value``, lower better); ``()`` while undecided."""
        ...

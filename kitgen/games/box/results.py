"""What a Shut the Box log's walk records (docs/log-format.md, "What kitgen validate reports"):
the results record of :func:`kitgen.games.box.log.validate_box_log`, and its JSON.

The JSON object ``Report.results`` of ``--json``, field by field:

- ``winners``: list of names, always (empty for solo play or an undecided game);
- ``decided``: whether the game is decided (``false``: the log ends first);
- ``loser`` (``hundred`` only): the name, or ``null`` while undecided;
- ``totals`` (all but ``long-game``): name -> sum of the player's turn scores so far
  (``strip``: both attempts combined; ``hundred``: the running total with resets), ``null``
  for a player with no counted turn;
- ``round_wins`` (``best-of-*`` only, not solo): name -> rounds won; ``round_winners``: the
  winner of each finished round in order, ``null`` for a tied round (no round win);
- ``out`` (``elimination`` only, not solo): name -> the round the player went out in, for
  those out (a solo game is one turn in every format, docs/rules.md, and is summarized as ``single``);
- ``resets`` (``hundred`` only): one object per turn that shut the box and reset its
  player's running total to 0: ``line`` (of its ``turn`` line), ``player``, ``round``;
- ``turns``: one object per counted turn in log order: ``line`` (of its ``turn`` line),
  ``player`` and, but in the long game, ``score`` with ``attempt`` (``strip``) or ``round``;
  in the long game ``role`` (``closer`` or ``opener``) instead; the long game's winner
  completed the board in the last turn; and ``throws``, the turn's throws as written
  (``"8"``, ``"5+3"``, ``"die 4"``), play after the turn ended left out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from kitgen.games.box.rules import Throw

Side = Literal["closer", "opener"]  # the long game's two players: closer and opener (docs/rules.md section 6)


@dataclass(frozen=True)
class BoxTurn:
    """One counted turn: the line of its ``turn`` line, its player and its throws as read
    (play after the turn ended left out); a scored turn has its ``score`` and its
    ``attempt`` (``strip``) or ``round`` number, a long-game turn its ``role`` instead;
    ``shut`` holds the tiles written after each throw, as written (``()`` for a no-move),
    for the session's figures per operation (not in the JSON)."""

    line: int
    player: str
    throws: tuple[Throw, ...]
    score: int | None = None
    attempt: int | None = None
    round: int | None = None
    role: Side | None = None
    shut: tuple[tuple[int, ...], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Return the turn as the JSON object of the ``turns`` list."""
        document: dict[str, Any] = {"line": self.line, "player": self.player}
        if self.attempt is not None:
            document["attempt"] = self.attempt
        if self.round is not None:
            document["round"] = self.round
        if self.score is not None:
            document["score"] = self.score
        if self.role is not None:
            document["role"] = self.role
        document["throws"] = [throw.text for throw in self.throws]
        return document


@dataclass(frozen=True)
class Reset:
    """A ``hundred`` turn that shut the box and reset its player's running total to 0: the
    line of its ``turn`` line, the player and the round."""

    line: int
    player: str
    round: int

    def to_json(self) -> dict[str, Any]:
        """Return the reset as the JSON object of the ``resets`` list."""
        return {"line": self.line, "player": self.player, "round": self.round}


@dataclass(frozen=True)
class RoundWins:
    """The rounds of a ``best-of-*`` game: rounds won by each player, and the winner of
    each finished round in order (``None`` for a tied round)."""

    wins: Mapping[str, int]
    winners: tuple[str | None, ...]


@dataclass(frozen=True)
class HundredResult:
    """What only ``hundred`` records: the loser (``None`` while undecided) and the resets."""

    loser: str | None
    resets: tuple[Reset, ...]


@dataclass(frozen=True)
class BoxResults:
    """The results of one Shut the Box log: the winners (none for solo play or an undecided
    game), whether the game is decided, the counted turns in log order, and what the format
    keeps: ``totals`` (``None`` in the long game, which has no scores; a player with no
    counted turn has ``None``), ``rounds`` (``best-of-*``, not solo), ``out`` (``elimination``,
    not solo: the round each player out went out in) and ``hundred``."""

    winners: tuple[str, ...]
    decided: bool
    turns: tuple[BoxTurn, ...]
    totals: Mapping[str, int | None] | None = None
    rounds: RoundWins | None = None
    out: Mapping[str, int] | None = None
    hundred: HundredResult | None = None

    def to_json(self) -> dict[str, Any]:
        """Return the results as the JSON object of this module's docstring."""
        document: dict[str, Any] = {"winners": list(self.winners), "decided": self.decided}
        if self.hundred is not None:
            document["loser"] = self.hundred.loser
        if self.totals is not None:
            document["totals"] = dict(self.totals)
        if self.rounds is not None:
            document["round_wins"] = dict(self.rounds.wins)
            document["round_winners"] = list(self.rounds.winners)
        if self.out is not None:
            document["out"] = dict(self.out)
        if self.hundred is not None:
            document["resets"] = [reset.to_json() for reset in self.hundred.resets]
        document["turns"] = [turn.to_json() for turn in self.turns]
        return document

"""A Shut the Box turn at the live table (docs/web.md, "The live table"; :mod:`kitgen.games.live`,
kind ``turn``): the open tiles as
a box, each claim the player makes (these tiles, or "no move") judged by the rules core in
``kitgen check``'s words, and the score the box tells when the turn ends.

The page never lists or suggests a move: a claim is judged as :func:`check_box_claim`
judges it, and a wrong "no move" only says that a move exists. The one-die throw is
offered only while :func:`one_die_allowed` holds on the box.
"""

from __future__ import annotations

from dataclasses import dataclass

from kitgen.games import Verdict
from kitgen.games.box.check import check_box_claim
from kitgen.games.box.presets import BoxRules, box_rules
from kitgen.games.box.rules import (
    apply_move,
    finished,
    fresh_box,
    judge_move,
    one_die_allowed,
    parse_throw,
    tiles_of,
    turn_score,
)
from kitgen.games.live import TURN
from kitgen.games.preset import Rules
from kitgen.rules.problems import Problem


@dataclass(frozen=True)
class Claim:
    """One throw of the turn and the tiles shut after it (``()``: no move, which ends the turn)."""

    throw: str
    tiles: tuple[int, ...]


@dataclass(frozen=True)
class Turn:
    """A turn replayed: the rules, the open tiles (a box mask) and whether it has ended."""

    rules: BoxRules
    box: int
    ended: bool

    @property
    def open_tiles(self) -> tuple[int, ...]:
        return tiles_of(self.box)

    @property
    def all_tiles(self) -> tuple[int, ...]:
        return tiles_of(fresh_box(self.rules.tiles))

    @property
    def one_die(self) -> bool:
        """Return whether the player may throw one die now (docs/rules.md section 1)."""
        return not self.ended and one_die_allowed(self.rules, self.box)

    @property
    def score(self) -> int:
        """Return the score the box tells: that of the tiles left open (0 for a shut box)."""
        return turn_score(self.rules, self.box)


def is_box_game(rules: Rules) -> bool:
    """Return whether ``rules`` are a Shut the Box preset's (the turn is for those)."""
    try:
        box_rules(rules)
    except ValueError:
        return False
    return True


def replay_turn(rules: Rules, claims: tuple[Claim, ...]) -> Turn:
    """Return the turn after ``claims``, each already judged right, in order."""
    settled = box_rules(rules)
    box = fresh_box(settled.tiles)
    ended = False
    for claim in claims:
        if not claim.tiles:
            ended = True
            break
        box = apply_move(settled, box, claim.tiles)
        if finished(settled, box):
            ended = True
            break
    return Turn(settled, box, ended)


def judge_claim(turn: Turn, throw: str, tiles: tuple[int, ...]) -> Verdict:
    """Return the verdict on shutting ``tiles`` (``()``: no move) after ``throw`` on the
    turn's box, as ``kitgen check`` words it. Raises what :func:`check_box_claim` raises."""
    open_text = " ".join(map(str, turn.open_tiles)) or "-"
    return check_box_claim(turn.rules, open_text, throw, " ".join(map(str, tiles)) if tiles else None)


@dataclass(frozen=True)
class BoxTable:
    """The live turn of one Shut the Box preset's rules (a :class:`~kitgen.games.live.TurnTable`)."""

    rules: BoxRules
    kind: str = TURN

    def replay(self, claims: tuple[tuple[str, tuple[int, ...]], ...]) -> Turn:
        return replay_turn(self.rules, tuple(Claim(*claim) for claim in claims))

    def ended(self, turn: Turn) -> bool:
        return turn.ended

    def throw_text(self, faces: tuple[int, ...]) -> str:
        """Return the throw of ``faces`` as a log writes it: ``die 4`` for one die, ``5+3`` for two."""
        return f"die {faces[0]}" if len(faces) == 1 else "+".join(map(str, faces))

    def judge_throw(self, turn: Turn, text: str) -> tuple[tuple[Problem, ...], str]:
        """Return the problems of the throw ``text`` on the turn's box (an impossible
        throw, a one-die throw the rules do not allow there) and the throw as a log writes it.
        Raises what :func:`parse_throw` raises."""
        throw = parse_throw(text)
        problems = tuple(problem for problem in judge_move(turn.rules, turn.box, throw, ())
                         if problem.code in ("bad-roll", "one-die-not-allowed"))
        return problems, throw.text

    def judge_claim(self, turn: Turn, throw: str, tiles: tuple[int, ...]) -> Verdict:
        return judge_claim(turn, throw, tiles)


def live_table(rules: BoxRules) -> BoxTable | None:
    """Return the live turn of ``rules``, or ``None`` for rules not of a Shut the Box preset."""
    return BoxTable(rules) if is_box_game(rules) else None

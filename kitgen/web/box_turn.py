"""A Shut the Box turn at the live table (docs/web.md, "The live table"): the open tiles as
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
from kitgen.games.box.rules import apply_move, finished, fresh_box, one_die_allowed, tiles_of, turn_score
from kitgen.games.preset import Rules


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

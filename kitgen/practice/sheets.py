"""Draw a practice sheet's problems from its seed and work out their answers (docs/rules.md
section 10; docs/practice.md).

Every problem states a position (the box, its open tiles, a throw, the operations allowed)
and asks one of five questions (:data:`~kitgen.practice.levels.KINDS`). The answers come from
the box's rules core (:func:`~kitgen.games.box.rules.judge_move`,
:func:`~kitgen.games.box.rules.throw_has_move`, :func:`~kitgen.games.box.rules.turn_score`)
and, where every set is the answer (``make``, ``sentence``), from listing the sets of open
tiles: a sheet's answer key may list moves, a game in progress never sees one. A ``make`` or
``sentence`` problem always has 1 to 8 answers; a position with none is never drawn.

The same seed, level, count and kinds give the same sheet (:class:`random.Random` with an
integer seed), whatever the machine.

>>> from kitgen.practice.levels import LEVELS
>>> sheet = draw_sheet(7, LEVELS[1], 5)
>>> [problem.kind for problem in sheet.problems] == [problem.kind for problem in draw_sheet(7, LEVELS[1], 5).problems]
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from kitgen.games.box.presets import BoxRules, Operation, Scoring
from kitgen.games.box.rules import (
    FACES,
    Throw,
    box_of,
    judge_move,
    operation_value,
    throw_has_move,
    turn_score,
)
from kitgen.practice.levels import KINDS, Level

MOST_ANSWERS = 8  # docs/rules.md section 10: a make problem has 1 to 8 answers
TRIES = 10_000  # positions drawn for one problem before the level is found unable to give one


class LevelError(ValueError):
    """A level (or its settings) that cannot give a problem of a kind asked for."""


@dataclass(frozen=True)
class SheetProblem:
    """One problem of a sheet: its ``kind``, the ``open`` tiles of a box of ``box``, the
    ``throw`` (two faces, or one die's face), the operation ``op`` it fixes (``None``: any
    allowed), the operations ``ops`` allowed, the ``tiles`` to judge (``move`` only), the
    ``scoring`` (``score`` only) and the ``answer`` (docs/practice.md, "JSON")."""

    kind: str
    box: int
    open: tuple[int, ...]
    throw: tuple[int, ...]
    op: Operation | None
    ops: tuple[Operation, ...]
    answer: Any
    tiles: tuple[int, ...] | None = None
    scoring: Scoring | None = None
    rule: str | None = None  # move: the error code of the first rule the tiles break

    def to_json(self) -> dict[str, Any]:
        """Return the problem as docs/practice.md's JSON object."""
        data: dict[str, Any] = {"kind": self.kind, "box": self.box, "open": list(self.open),
                                "throw": list(self.throw), "op": self.op, "ops": list(self.ops)}
        if self.tiles is not None:
            data["tiles"] = list(self.tiles)
            data["rule"] = self.rule
        if self.scoring is not None:
            data["scoring"] = self.scoring
        data["answer"] = self.answer
        return data


@dataclass(frozen=True)
class Sheet:
    """One pupil's sheet: its ``seed``, the pupil's ``name`` (``None``: a blank name line),
    the ``level`` drawn from and its ``problems``."""

    seed: int
    name: str | None
    level: Level
    problems: tuple[SheetProblem, ...]

    def to_json(self) -> dict[str, Any]:
        """Return the sheet as docs/practice.md's JSON object."""
        return {"seed": self.seed, "name": self.name, "problems": [problem.to_json() for problem in self.problems]}


def level_rules(level: Level) -> BoxRules:
    """Return the box rules a level's problems are judged by: its box and operations, two
    dice, sum scoring (docs/rules.md sections 1 and 9)."""
    return BoxRules(preset="practice", tiles=level.box, one_die="never", format="single",
                    min_players=1, max_players=1, ops=level.ops)


def sets_making(open_tiles: Sequence[int], value: int) -> list[list[int]]:
    """Return every set of ``open_tiles`` adding up to ``value``, each ascending, the sets in
    ascending order.

    >>> sets_making((1, 2, 3, 5, 8), 8)
    [[1, 2, 5], [3, 5], [8]]
    """
    tiles = sorted(open_tiles)
    found = [list(chosen) for size in range(1, len(tiles) + 1)
             for chosen in combinations(tiles, size) if sum(chosen) == value]
    return sorted(found)


def named_throw(faces: tuple[int, int], op: Operation | None) -> Throw:
    """Return the rules core's :class:`Throw` of two ``faces`` naming ``op`` (``None``: any)."""
    return Throw(2, faces, sum(faces), None if op in (None, "add") else op)


def _open_tiles(rng: random.Random, level: Level) -> tuple[int, ...]:
    count = rng.randint(level.open_least, level.open_most)
    return tuple(sorted(rng.sample(range(1, level.box + 1), count)))


def _faces(rng: random.Random) -> tuple[int, int]:
    return rng.choice(FACES), rng.choice(FACES)


def _operation(rng: random.Random, level: Level, faces: tuple[int, int]) -> tuple[Operation, int] | None:
    """Return an allowed operation that makes a value from ``faces``, and the value."""
    making = [(op, value) for op in level.ops if (value := operation_value(op, faces)) is not None]
    return rng.choice(making) if making else None


def _roll(rng: random.Random, level: Level) -> tuple[tuple[int, ...], tuple[int, int], Operation, int,
                                                    list[list[int]]] | None:
    """Draw the open tiles and a throw, then an allowed operation that makes a value from its
    faces: return the tiles, faces, operation and value with the sets of open tiles making the
    value, or ``None`` when no allowed operation makes one."""
    open_tiles, faces = _open_tiles(rng, level), _faces(rng)
    chosen = _operation(rng, level, faces)
    if chosen is None:
        return None
    op, value = chosen
    return open_tiles, faces, op, value, sets_making(open_tiles, value)


def _make(rng: random.Random, level: Level, kind: str) -> SheetProblem | None:
    rolled = _roll(rng, level)
    if rolled is None:
        return None
    open_tiles, faces, op, value, sets = rolled
    if not 1 <= len(sets) <= MOST_ANSWERS:
        return None
    answer: Any = sets if kind == "make" else {"value": value, "ways": sets}
    return SheetProblem(kind, level.box, open_tiles, faces, op, level.ops, answer)


def _move(rng: random.Random, level: Level, kind: str) -> SheetProblem | None:
    rolled = _roll(rng, level)
    if rolled is None:
        return None
    open_tiles, faces, op, _value, sets = rolled
    if rng.random() < 0.5:  # about half the sets asked about are moves
        if not sets:
            return None
        tiles = tuple(rng.choice(sets))
    else:
        size = rng.randint(1, min(4, level.box))
        tiles = tuple(sorted(rng.sample(range(1, level.box + 1), size)))
    problems = judge_move(level_rules(level), box_of(open_tiles), named_throw(faces, op), tiles)
    return SheetProblem(kind, level.box, open_tiles, faces, op, level.ops, not problems, tiles=tiles,
                        rule=problems[0].code if problems else None)


def _no_move(rng: random.Random, level: Level, kind: str) -> SheetProblem | None:
    open_tiles, faces = _open_tiles(rng, level), _faces(rng)
    none = not throw_has_move(level_rules(level), box_of(open_tiles), named_throw(faces, None))
    if none != (rng.random() < 0.5):  # as many throws with no move as with one
        return None
    return SheetProblem(kind, level.box, open_tiles, faces, None, level.ops, none)


def _score(rng: random.Random, level: Level, kind: str) -> SheetProblem | None:
    open_tiles, faces = _open_tiles(rng, level), _faces(rng)
    rules = level_rules(level)
    if throw_has_move(rules, box_of(open_tiles), named_throw(faces, None)):
        return None  # the turn ends here: a throw with no move
    scoring = rng.choice(level.scorings)
    answer = turn_score(replace(rules, scoring=scoring), box_of(open_tiles))
    return SheetProblem(kind, level.box, open_tiles, faces, None, level.ops, answer, scoring=scoring)


_DRAW: dict[str, Callable[[random.Random, Level, str], SheetProblem | None]] = {
    "make": _make, "sentence": _make, "move": _move, "no-move": _no_move, "score": _score,
}


def draw_problem(rng: random.Random, level: Level, kind: str) -> SheetProblem:
    """Return a problem of ``kind`` drawn with ``rng`` from ``level``, with its answer.

    Raises :class:`LevelError` when ``level`` gives no such problem (a ``score`` problem asks
    for a throw with no move: a full box of 9 with addition always has one).
    """
    for _ in range(TRIES):
        problem = _DRAW[kind](rng, level, kind)
        if problem is not None:
            return problem
    raise LevelError(f"the level {level!r} gives no {kind} problem")


def draw_sheet(seed: int, level: Level, count: int, kinds: Sequence[str] = KINDS,
               name: str | None = None) -> Sheet:
    """Return the sheet of ``count`` problems drawn from ``seed``: the ``kinds`` in turn,
    shuffled, each with its answer (docs/rules.md section 10).

    Raises ``ValueError`` for an unknown kind or a count below 1, :class:`LevelError` when
    the level cannot give a kind asked for.
    """
    unknown = [kind for kind in kinds if kind not in KINDS]
    if unknown or not kinds:
        raise ValueError(f"problem kinds are some of {KINDS!r}, not {tuple(kinds)!r}")
    if count < 1:
        raise ValueError(f"a sheet has at least 1 problem, not {count!r}")
    rng = random.Random(seed)
    order = [kinds[index % len(kinds)] for index in range(count)]
    rng.shuffle(order)
    return Sheet(seed, name, level, tuple(draw_problem(rng, level, kind) for kind in order))


def class_set(seed: int, level: Level, count: int, names: Sequence[str | None],
              kinds: Sequence[str] = KINDS) -> tuple[Sheet, ...]:
    """Return one sheet per name, in order, the first drawn from ``seed`` and each next from
    the next seed (docs/practice.md, "A class set").

    >>> from kitgen.practice.levels import LEVELS
    >>> [(sheet.seed, sheet.name) for sheet in class_set(7, LEVELS[1], 2, ("Ana", "Ben"))]
    [(7, 'Ana'), (8, 'Ben')]
    """
    return tuple(draw_sheet(seed + index, level, count, kinds, name) for index, name in enumerate(names))


def sheets_json(sheets: Sequence[Sheet]) -> dict[str, Any]:
    """Return the ``--json`` object of ``sheets``: ``{"sheets": [...]}`` (docs/practice.md)."""
    return {"sheets": [sheet.to_json() for sheet in sheets]}

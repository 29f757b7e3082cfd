"""The levels of a practice sheet (docs/rules.md section 10; docs/practice.md, "Levels"): named
settings of the box size, the operations allowed, how many tiles are open and the scorings of
``score`` problems. A teacher picks a level and may set any of its parts directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from kitgen.games.box.presets import OPERATIONS, Operation, Scoring

KINDS = ("make", "move", "no-move", "score", "sentence")  # docs/rules.md section 10, in this order
BOX_SIZES = (9, 10, 12)  # docs/rules.md section 10: levels choose the box (9, 10, 12)


@dataclass(frozen=True)
class Level:
    """What a sheet's problems are drawn from: a box of tiles ``1..box``, the operations
    ``ops`` allowed, between ``open_least`` and ``open_most`` tiles open, and the scorings a
    ``score`` problem may ask for (``digits`` only on a box of 9, whose tiles are digits)."""

    box: int
    ops: tuple[Operation, ...]
    open_least: int
    open_most: int
    scorings: tuple[Scoring, ...] = ("sum",)

    def __post_init__(self) -> None:
        if self.box not in BOX_SIZES:
            raise ValueError(f"a practice box has 9, 10 or 12 tiles, not {self.box!r}")
        if not self.ops or any(op not in OPERATIONS for op in self.ops):
            raise ValueError(f"operations must be some of {OPERATIONS!r}, not {self.ops!r}")
        if "digits" in self.scorings and self.box > 9:
            raise ValueError("digits scoring reads tiles as digits: a box of 9 only")
        if not 1 <= self.open_least <= self.open_most <= self.box:
            raise ValueError(f"open tiles from {self.open_least} to {self.open_most} do not fit a box of {self.box}")


LEVELS: dict[int, Level] = {  # docs/practice.md, "Levels"
    1: Level(9, ("add",), 5, 9),
    2: Level(9, ("add", "sub"), 4, 8, ("sum", "digits")),
    3: Level(10, ("add", "sub", "mul"), 4, 8),
    4: Level(12, ("add", "sub", "mul", "div"), 5, 10),
}

"""The Shut the Box presets as data and the rules they settle (docs/rules.md sections 1-6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kitgen.games.preset import Option, Preset, RecordShape, Rules, SetOption, wins_needed
from kitgen.text import N_

OneDie = Literal["never", "high-shut", "low-sum"]
Scoring = Literal["sum", "digits"]
Operation = Literal["add", "sub", "mul", "div"]

OPERATIONS: tuple[Operation, ...] = ("add", "sub", "mul", "div")  # docs/rules.md section 9, in this order
OPS = SetOption("ops", "ops", OPERATIONS, "add")  # docs/rules.md section 9: strip, classic and ten

HUNDRED_LOSES_AT: dict[Scoring, int] = {  # docs/rules.md section 5: the running total that loses
    "sum": 101,  # passing 100: a total greater than 100
    "digits": 1000,  # reaching 1000: a total of 1000 or more
}


@dataclass(frozen=True, kw_only=True)
class BoxRules(Rules):
    """The rules of a Shut the Box preset with every option settled: a box of ``tiles``
    tiles 1-N, when one die may be thrown (``one_die``), how a turn is scored (``scoring``)
    and the preset's ``format`` (``two-attempts``, ``single``, ``best-of-3`` ...
    ``elimination``, ``shut-wins``, ``hundred``, ``long-game``) and the operations a two-dice
    throw may use (``ops``, docs/rules.md section 9; ``("add",)`` is the game of sections 1-4)."""

    tiles: int
    one_die: OneDie
    scoring: Scoring = "sum"
    format: str
    ops: tuple[Operation, ...] = ("add",)  # docs/rules.md section 9: the operations a throw may use

    @property
    def full_box(self) -> int:
        """Return the sum of every tile, 1 + 2 + ... + N (45 on 9 tiles, 78 on 12)."""
        return self.tiles * (self.tiles + 1) // 2

    @property
    def wins_needed(self) -> int:
        """Return the round wins that decide a best-of game (1 for every other format).

        >>> from kitgen.games import find_preset
        >>> find_preset("classic").configure({"format": "best-of-5"}).wins_needed
        3
        """
        return wins_needed(self.format)

    @property
    def loses_at(self) -> int:
        """Return the running total that loses a game of hundred with these rules' scoring
        (docs/rules.md section 5): 101 (passing 100) with sum scoring, 1000 with digits.

        >>> from kitgen.games import find_preset
        >>> find_preset("hundred").configure({"scoring": "digits"}).loses_at
        1000
        """
        return HUNDRED_LOSES_AT[self.scoring]


def box_rules(rules: Rules) -> BoxRules:
    """Return ``rules``, which must be a Shut the Box preset's: raises ``ValueError`` for
    another game's rules."""
    if not isinstance(rules, BoxRules):
        raise ValueError(f"{rules.preset!r} is not a Shut the Box preset")
    return rules


def _box(preset: str, tiles: int, one_die: OneDie, fmt: str, players: tuple[int, int]) -> BoxRules:
    return BoxRules(preset=preset, tiles=tiles, one_die=one_die, format=fmt,
                    min_players=players[0], max_players=players[1])


PRESETS: tuple[Preset[BoxRules], ...] = (
    Preset(  # docs/rules.md section 2
        "strip",
        N_("1-6 players, two attempts each on a 1-9 strip; lowest combined remainder wins."),
        _box("strip", 9, "never", "two-attempts", (1, 6)),
        record_shape=RecordShape(attempts=True),
        set_options=(OPS,),
    ),
    Preset(  # docs/rules.md section 3
        "classic",
        N_("1-4 players, 9 or 12 tiles; single round, best of 3/5/7 or elimination."),
        _box("classic", 9, "high-shut", "single", (1, 4)),
        (
            Option("tiles", "tiles", (("9", 9), ("12", 12)), "9"),
            Option("one-die", "one_die", (("on", "high-shut"), ("off", "never")), "on"),
            Option(
                "format",
                "format",
                tuple((name, name) for name in
                      ("single", "best-of-3", "best-of-5", "best-of-7", "elimination")),
                "single",
            ),
        ),
        RecordShape(rounds=True),
        set_options=(OPS,),
    ),
    Preset(  # docs/rules.md section 4
        "ten",
        N_("1-8 players, tiles 1-10, one turn each; shutting the box wins at once."),
        _box("ten", 10, "low-sum", "shut-wins", (1, 8)),
        record_shape=RecordShape(round_scores=False),
        set_options=(OPS,),
    ),
    Preset(  # docs/rules.md section 5
        "hundred",
        N_("2-8 players, running totals; a shut box resets to 0, passing 100 loses."),
        _box("hundred", 9, "high-shut", "hundred", (2, 8)),
        (Option("scoring", "scoring", (("sum", "sum"), ("digits", "digits")), "sum"),),
        RecordShape(rounds=True, rounds_from_seat_1=True),
    ),
    Preset(  # docs/rules.md section 6
        "long-game",
        N_("2 players, closer against opener on one board; doubles earn extra turns."),
        _box("long-game", 9, "high-shut", "long-game", (2, 2)),
        record_shape=RecordShape(body="board"),
    ),
)

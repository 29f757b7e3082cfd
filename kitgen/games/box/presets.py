"""The Shut the Box presets as data (docs/rules.md sections 2-6)."""

from __future__ import annotations

from kitgen.games.preset import OneDie, Option, Preset, RecordShape, Rules


def _box(preset: str, tiles: int, one_die: OneDie, fmt: str, players: tuple[int, int]) -> Rules:
    return Rules(preset, "box", tiles, one_die, "sum", fmt, *players)


PRESETS: tuple[Preset, ...] = (
    Preset(
        "strip",
        "Exact-sum number strips",
        "1-6 players, two attempts each on a 1-9 strip; lowest combined remainder wins.",
        "docs/rules.md section 2",
        _box("strip", 9, "never", "two-attempts", (1, 6)),
        record_shape=RecordShape(attempts=True),
    ),
    Preset(
        "classic",
        "Shut the Box",
        "1-4 players, 9 or 12 tiles; single round, best of 3/5/7 or elimination.",
        "docs/rules.md section 3",
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
    ),
    Preset(
        "ten",
        "Ten-tile box",
        "1-8 players, tiles 1-10, one turn each; shutting the box wins at once.",
        "docs/rules.md section 4",
        _box("ten", 10, "low-sum", "shut-wins", (1, 8)),
        record_shape=RecordShape(round_scores=False),
    ),
    Preset(
        "hundred",
        "Race to 100",
        "2-8 players, running totals; a shut box resets to 0, passing 100 loses.",
        "docs/rules.md section 5",
        _box("hundred", 9, "high-shut", "hundred", (2, 8)),
        (Option("scoring", "scoring", (("sum", "sum"), ("digits", "digits")), "sum"),),
        RecordShape(rounds=True, rounds_from_seat_1=True),
    ),
    Preset(
        "long-game",
        "The long game",
        "2 players, closer against opener on one board; doubles earn extra turns.",
        "docs/rules.md section 6",
        _box("long-game", 9, "high-shut", "long-game", (2, 2)),
        record_shape=RecordShape(body="board"),
    ),
)

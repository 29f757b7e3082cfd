"""The knucklebones preset as data (docs/rules.md section 7)."""

from __future__ import annotations

from kitgen.games.preset import Option, Preset, RecordShape, Rules

PRESETS: tuple[Preset, ...] = (
    Preset(
        "knucklebones",
        "Knucklebones",
        "2 players, two 3x3 grids and one die; matching faces knock out the facing column.",
        "docs/rules.md section 7",
        Rules("knucklebones", "knucklebones", 0, "never", "sum", "single", 2, 2),
        (
            Option("match", "format",
                   tuple((name, name) for name in ("single", "best-of-3", "best-of-5")),
                   "single"),
        ),
        RecordShape(body="grid"),
    ),
)

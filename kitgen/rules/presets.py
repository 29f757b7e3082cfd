"""The preset records moved to :mod:`kitgen.games.preset` and the presets to their games;
these names stay here for the CLI, kit and rulebook code (imports only)."""

from __future__ import annotations

from kitgen.games import find_preset
from kitgen.games.preset import (
    OneDie,
    Option,
    Preset,
    Rules,
    Scoring,
    check_player_count,
)

__all__ = ["OneDie", "Option", "Preset", "Rules", "Scoring", "check_player_count",
           "find_preset"]


def __getattr__(name: str) -> object:
    """Return ``PRESETS``, every registered preset in registry order (read from the
    registry each time, so a registered game's presets are listed too)."""
    if name == "PRESETS":
        from kitgen.games import presets

        return presets()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""The Shut the Box log walker moved to :mod:`kitgen.games.box.log` (imports only)."""

from kitgen.games.box.log import parse_line, summarize, validate_box_log

__all__ = ["parse_line", "summarize", "validate_box_log"]

"""``kitgen check``: judge one move or placement the user names on a stated position (CLI.md).

It never proposes, ranks or hints at a move: a verdict speaks only of what the user wrote.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Verdict:
    """The answer to one check: whether the move (or the "no move" claim) is right, the
    reason in one sentence per problem, and facts about the named move for ``--json``."""

    ok: bool
    reasons: tuple[str, ...]
    facts: dict[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        """Return the verdict for people: ``valid:`` or ``not valid:`` and the reasons."""
        head = "valid" if self.ok else "not valid"
        return f"{head}: " + " ".join(self.reasons)

    def to_json(self) -> dict[str, Any]:
        """Return the verdict as ``{"valid": bool, "reasons": [...], **facts}``."""
        return {"valid": self.ok, "reasons": list(self.reasons), **self.facts}

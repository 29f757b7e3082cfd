"""The rules card (docs/kit.md, "Contents" 1): the preset's rules as the rulebook words them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from kitgen.kit.parts.part import Part
from kitgen.rulebook import Rulebook


@dataclass(frozen=True)
class RulesCard(Part):
    """The preset's rules, rulings and worked example, as the rulebook words them."""

    template: ClassVar[str] = "parts/rules_card.html.j2"
    book: Rulebook

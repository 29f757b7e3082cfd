"""Knucklebones (docs/rules.md section 7): two 3x3 grids and one die. Its rules core is
:mod:`kitgen.games.knucklebones.rules`, its log walker :mod:`kitgen.games.knucklebones.log` (imported
for a knucklebones log only: a tenth of ``validate``'s start-up otherwise), its ranking
:mod:`kitgen.games.knucklebones.ranking`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kitgen.errors import OptionError
from kitgen.games import Game, Verdict
from kitgen.games.knucklebones.presets import PRESETS, KnucklebonesRules
from kitgen.games.preset import best_of
from kitgen.text import N_, gettext

if TYPE_CHECKING:
    from kitgen.games.live import LiveTable
    from kitgen.kit.layout import Layout
    from kitgen.kit.parts.part import Part
    from kitgen.kit.tables import Table
    from kitgen.logs.reader import Body, Header
    from kitgen.logs.report import Report
    from kitgen.rulebook import Rulebook


class KnucklebonesGame(Game[KnucklebonesRules]):
    """Knucklebones: faces placed in columns, matching faces knock out the facing column."""

    id = "knucklebones"
    title = N_("knucklebones")
    presets = PRESETS
    ranking_module = "kitgen.games.knucklebones.ranking"
    one_die_counted = N_("knucklebones rolls (a roll is one die)")
    lengths_module = "kitgen.games.knucklebones.lengths"
    options = frozenset({"die_size", "mine", "theirs", "face", "column"})

    def check_move(self, rules: KnucklebonesRules, claim: Mapping[str, Any]) -> Verdict:
        """Return the verdict on placing ``claim``'s face in its column."""
        from kitgen.games.knucklebones.check import check_placement

        if claim.get("face") is None or claim.get("column") is None:
            raise OptionError(gettext("knucklebones needs --face and --column (and --mine, --theirs for the grids)."))
        return check_placement(rules, claim.get("mine") or "", claim.get("theirs") or "", claim["face"],
                               claim["column"])

    def validate_log(self, header: Header, body: Body, file: str) -> Report:
        """Return the :class:`Report` of a knucklebones log (docs/log-format.md)."""
        from kitgen.games.knucklebones.log import validate_knucklebones_log

        return validate_knucklebones_log(header, body, file)

    def table_parts(self, rules: KnucklebonesRules, table: Table, layout: Layout, book: Rulebook,
                    rounds: int | None) -> tuple[Part, ...]:
        """Return the parts of a knucklebones table (docs/kit.md)."""
        from kitgen.games.knucklebones.kit import table_parts

        return table_parts(rules, table, layout, book, rounds)

    def host_key_parts(self, rules: KnucklebonesRules, layout: Layout, book: Rulebook) -> tuple[Part, ...]:
        """Return the host key's parts: the column-score key (docs/kit.md)."""
        from kitgen.games.knucklebones.kit import host_key_parts

        return host_key_parts(rules, layout, book)

    def live_table(self, rules: KnucklebonesRules) -> LiveTable | None:
        """Return the live table of ``rules`` (:mod:`kitgen.games.knucklebones.live`)."""
        from kitgen.games.knucklebones.live import live_table

        return live_table(rules)

    def rule_values(self, rules: KnucklebonesRules) -> dict[str, Any]:
        """Return the match length of ``rules`` and the highest grid total as the rule
        template words them (docs/rules.md section 7)."""
        from kitgen.games.knucklebones.rules import MAX_TOTAL

        return {"length": best_of(rules.match), "wins_needed": rules.wins_needed, "max_total": MAX_TOTAL}

"""The Shut the Box family: strip, classic, ten, hundred and the long game (docs/rules.md
sections 1-6). Its rules core is :mod:`kitgen.games.box.rules` and :mod:`kitgen.games.box.formats`,
its log walker :mod:`kitgen.games.box.log`, its ranking :mod:`kitgen.games.box.ranking`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from kitgen.errors import OptionError
from kitgen.games import Game, OperationCount, Verdict
from kitgen.games.box.presets import PRESETS, BoxRules
from kitgen.games.preset import best_of
from kitgen.text import N_, gettext

if TYPE_CHECKING:
    from kitgen.games.box.results import BoxResults
    from kitgen.games.live import LiveTable
    from kitgen.kit.layout import Layout
    from kitgen.kit.parts.part import Part
    from kitgen.kit.tables import Table
    from kitgen.logs.reader import Body, Header
    from kitgen.logs.report import Report, Results
    from kitgen.rulebook import Rulebook


# docs/rules.md section 9: a worked number sentence for each operation, on the throw 6 and 2
NUMBER_SENTENCES = {"add": "6 + 2 = 8 = 3 + 5", "sub": "6 - 2 = 4 = 1 + 3", "mul": "6 x 2 = 12 = 5 + 7",
                    "div": "6 / 2 = 3 = 1 + 2"}


class BoxGame(Game[BoxRules]):
    """Shut the Box: a box of tiles 1-N shut by the exact sum of a throw."""

    id = "box"
    title = N_("the Shut the Box presets")
    presets = PRESETS
    ranking_module = "kitgen.games.box.ranking"
    two_dice_counted = N_("Shut the Box throws of two dice, by their total")
    one_die_counted = N_("Shut the Box throws of one die (written die 4)")
    lengths_module = "kitgen.games.box.lengths"
    options = frozenset({"open", "roll", "close", "none", "role"})

    def check_move(self, rules: BoxRules, claim: Mapping[str, Any]) -> Verdict:
        """Return the verdict on closing (or opening) ``claim``'s tiles on its throw."""
        from kitgen.games.box.check import check_box_claim

        if claim.get("open") is None or claim.get("roll") is None:
            raise OptionError(gettext("give the position with --open and the throw with --roll."))
        if bool(claim.get("none")) == (claim.get("close") is not None):
            raise OptionError(gettext("give either --close with the tiles moved or --none, not both and not neither."))
        return check_box_claim(rules, claim["open"], claim["roll"], None if claim.get("none") else claim["close"],
                               claim.get("role") or "close")

    def validate_log(self, header: Header, body: Body, file: str) -> Report:
        """Return the :class:`Report` of a Shut the Box log (docs/log-format.md)."""
        from kitgen.games.box.log import validate_box_log

        return validate_box_log(header, body, file)

    def count_operations(self, rules: BoxRules, results: Results, operations: dict[str, OperationCount]) -> None:
        """Add the two-dice throws of ``results`` to ``operations`` by the operation each
        names, when ``rules`` allow one besides ``add`` (:func:`kitgen.games.box.ranking.count_operations`)."""
        from kitgen.games.box.ranking import count_operations

        count_operations(rules, cast("BoxResults", results), operations)

    def several_rounds(self, rules: BoxRules) -> bool:
        """Return whether ``rules``' format runs over rounds not fixed in advance."""
        from kitgen.games.box.formats import several_rounds

        return several_rounds(rules)

    def table_parts(self, rules: BoxRules, table: Table, layout: Layout, book: Rulebook,
                    rounds: int | None) -> tuple[Part, ...]:
        """Return the parts of a table of the preset ``rules`` print as (docs/kit.md)."""
        from kitgen.games import find_preset
        from kitgen.games.box.kit import TABLE_PARTS

        return TABLE_PARTS[find_preset(rules.preset).layout](rules, table, layout, book, rounds)

    def host_key_parts(self, rules: BoxRules, layout: Layout, book: Rulebook) -> tuple[Part, ...]:
        """Return the host key's parts: the scoring key (docs/kit.md)."""
        from kitgen.games.box.kit import host_key_parts

        return host_key_parts(rules, layout, book)

    def continuation_parts(self, rules: BoxRules, table: Table, layout: Layout, book: Rulebook) -> tuple[Part, ...]:
        """Return ``table``'s continuation sheet in a game of several rounds (docs/kit.md)."""
        from kitgen.games.box.kit import continuation_parts

        return continuation_parts(rules, table, layout, book)

    def live_table(self, rules: BoxRules) -> LiveTable | None:
        """Return the live table of ``rules`` (:mod:`kitgen.games.box.live`)."""
        from kitgen.games.box.live import live_table

        return live_table(rules)

    def rule_values(self, rules: BoxRules) -> dict[str, Any]:
        """Return the box, one-die rule, scoring, format and operations of ``rules`` as the
        rule templates word them (docs/rules.md sections 1-6 and 9)."""
        from kitgen.games.box.formats import ATTEMPTS
        from kitgen.games.box.rules import (
            FIRST_THROW_LEAST,
            HIGH_SHUT_FROM,
            LOW_SUM_LIMIT,
            SIGN_OF,
            faces_needed,
            operation_value,
        )

        return {
            "tiles": rules.tiles,
            "one_die": rules.one_die,
            "scoring": rules.scoring,
            "format": rules.format,
            "length": best_of(rules.format),
            "wins_needed": rules.wins_needed,
            "full_box": rules.full_box,
            "worst": rules.full_box - FIRST_THROW_LEAST,
            "attempts": ATTEMPTS,
            "low_sum_limit": LOW_SUM_LIMIT,
            "high_from": HIGH_SHUT_FROM,
            "high": tuple(range(HIGH_SHUT_FROM, rules.tiles + 1)),
            "loses_at": rules.loses_at,
            # docs/rules.md section 9: the operations, worded only when more than add is allowed
            "operations": faces_needed(rules),
            "ops": list(rules.ops),
            "signs": [SIGN_OF[op] for op in rules.ops],
            "example_values": [f"6 {SIGN_OF[op]} 2 = {operation_value(op, (6, 2))}" for op in rules.ops],
            "number_sentence": NUMBER_SENTENCES[next((op for op in rules.ops if op != "add"), "add")],
        }

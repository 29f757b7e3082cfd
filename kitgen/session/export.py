"""A session's standings and figures as data: one JSON document, or CSV with one row per
player at a table (``kitgen report --json`` / ``--csv``). Neither imports the renderer."""

from __future__ import annotations

import csv
import io
from typing import Any

from kitgen.session.dice import Fit
from kitgen.session.figures import HEADINGS, Session, placing_text
from kitgen.text import gettext
from kitgen.text.problems import operation_names
from kitgen.text.summaries import summary_line_text

CSV_FIELDS = ("rules", "rank", "player", "table", "place", "result", "file", "log_has_errors", *HEADINGS)


def session_json(session: Session) -> dict[str, Any]:
    """Return the session as one JSON-ready object: ``counts``, ``tables`` (one object per
    log given, numbered in the order given, with its ``title`` line or ``null``;
    ``unreadable`` holding the sentence for a log that could not be read), ``standings``
    (per ``rules:`` line: the ranking rule, the figure that orders players from different
    tables, and one object per player, with ``rank`` ``null`` when not ranked, and the
    player's result at their table: ``place`` (``null``: no places there), ``outcome``
    (``won``, ``shared``, ``place``, ``out``, ``lost``, ``solo``, ``undecided``), ``round``
    (the round an ``out`` player went out in) and ``result`` in words) and ``dice`` (``two_dice`` totals, ``one_die``
    faces, ``impossible`` throws left out; each fit's ``rough`` is true, and its
    ``caution`` the sentence saying so, when an outcome is expected fewer than 5 times) and
    ``operations``: one object per operation named at the tables whose rules allow one
    besides addition (docs/rules.md section 9), in the order add, sub, mul, div: ``op``, its
    ``name`` in words, ``throws``, ``tiles`` shut and ``points`` shut (an empty list for a
    session of addition alone)."""
    files = {table.number: table.file for table in session.tables}
    return {
        "counts": session.counts,
        "tables": [
            {"table": table.number, "file": table.file, "unreadable": table.unreadable}
            if table.unreadable is not None else
            {"table": table.number, "file": table.file, "title": table.title, "rules": table.rules,
             "players": list(table.players), "summary": [summary_line_text(line) for line in table.summary],
             "errors": table.errors}
            for table in session.tables
        ],
        "standings": [
            {"rules": group.rules, "ranking": gettext(group.rule), "players": [
                {"rank": row.rank, "player": row.player, "table": row.table, "place": row.placing.place,
                 "outcome": row.placing.outcome, "round": row.placing.round, "result": placing_text(row.placing),
                 "file": files[row.table],
                 "log_has_errors": row.marked, **{name: row.figures.get(name) for name in group.columns}}
                for row in group.rows
            ]}
            for group in session.standings
        ],
        "dice": {"two_dice": _fit_json(session.two_dice, "two-dice"),
                 "one_die": _fit_json(session.one_die, "one-die"),
                 "impossible": session.impossible},
        "operations": [{"op": op, "name": operation_names((op,)), "throws": count.throws, "tiles": count.tiles,
                        "points": count.points} for op, count in session.operations],
    }


def _fit_json(fit: Fit, what: str) -> dict[str, Any]:
    return {
        "throws": fit.throws,
        "counts": {str(outcome): count for outcome, count in fit.counts.items()},
        "expected": {str(outcome): round(fit.expected(outcome), 2) for outcome in fit.counts},
        "chi_square": None if fit.statistic is None else round(fit.statistic, 3),
        "degrees_of_freedom": fit.freedom,
        "p_value": fit.p_value,
        "verdict": fit.sentence(what),
        "rough": fit.p_value is not None and fit.rough,
        "caution": fit.caution(),
    }


def session_csv(session: Session) -> str:
    """Return the standings as CSV: a header row (:data:`CSV_FIELDS`), then one row per
    player at a table, group by group in rank order; a figure that does not apply to the
    game, and the rank of an unranked player, are empty."""
    files = {table.number: table.file for table in session.tables}
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for group in session.standings:
        for row in group.rows:
            writer.writerow({"rules": group.rules, "rank": row.rank, "player": row.player,
                             "table": row.table, "place": row.placing.place, "result": placing_text(row.placing),
                             "file": files[row.table],
                             "log_has_errors": "yes" if row.marked else "no", **row.figures})
    return out.getvalue()

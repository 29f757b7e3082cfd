"""The session report as a printable PDF, made like a kit (docs/kit.md, "Print fidelity"): the
same renderer, fonts, paper sizes, scale bars and byte-identical output.

Three sheets, each a part with its own template under ``templates/report/``: the tables
(result, what decided it, validity), the standings of the room per ``rules:`` line with
each player's figures, and the dice: a vector bar chart (SVG drawn by the template from
the mm geometry of :class:`Chart`) of every recorded total against fair dice, with the
fit test in one sentence.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, cast

from kitgen.errors import OptionError
from kitgen.games import OperationCount
from kitgen.games.box.presets import Operation
from kitgen.games.box.rules import SIGN_OF
from kitgen.kit.fonts import check_printable, font_families
from kitgen.kit.layout import Layout, find_paper
from kitgen.kit.measure import BOLD, text_mm
from kitgen.kit.output import check_output_path, replaceable, write_files
from kitgen.kit.parts.part import Chunk, Part
from kitgen.kit.render import DocumentInfo, KitRenderer
from kitgen.kit.tables import MAX_TABLES
from kitgen.session.dice import Fit
from kitgen.session.figures import HEADINGS, PlayerRow, Session, Standings, TableLine, placing_text
from kitgen.text import N_, ngettext, pgettext
from kitgen.text import gettext as _
from kitgen.text.numbers import decimal, whole
from kitgen.text.problems import operation_names
from kitgen.text.summaries import clauses, listed, summary_line_text

DEFAULT_OUTPUT = Path("output") / "report.pdf"  # beside the kit's ./output/kit.pdf
# The most logs a printed report lays out: as many tables as one kit prints (docs/cli.md "Limits
# and bad input"), about 26 pages and 200 MB. WeasyPrint holds every page of a document
# while it lays it out (4 MB a page of standings), so 2,000 logs took 800 MB; --json and
# --csv, which lay nothing out, take any number.
MAX_PRINTED_LOGS = MAX_TABLES
CHART_WIDTH_MM = 170.0
CHART_HEIGHT_MM = 56.0
AXIS_LEFT_MM = 12.0  # room for the count labels left of the plot
AXIS_BOTTOM_MM = 7.0  # room for the totals under the plot
AXIS_TOP_MM = 3.0
BAR_SHARE = 0.62  # a bar's width as a share of its slot
CHART_TEXT_MM = 3.4  # about 9.6 pt: labels read at arm's length
MOST_TICKS = 6
HEADING_PT = Layout.for_print(find_paper("a4"), large_print=False).small_pt  # a table's headings (normal print)
HEADING_PADDING_MM = 2 * 1.2 + 0.2  # a report cell's padding, left and right (report/macros.css.j2), 0.2 to spare


@dataclass(frozen=True)
class SessionTables(Part):
    """The first sheet: how many logs were read and how they fared, then one row per log
    (``files``: each log's file as printed, see :func:`shown_file`; ``results``: each log's
    result and what decided it, in words, ``""`` for a log that could not be read)."""

    template: ClassVar[str] = "report/tables.html.j2"
    stylesheet: ClassVar[str | None] = "report/tables.css.j2"
    summary: str
    tables: tuple[TableLine, ...]
    files: tuple[str, ...]
    results: tuple[str, ...]

    @property
    def blocks(self) -> tuple[tuple[int, int, bool], ...]:
        """Return the row groups the tables are printed in (:func:`row_blocks`)."""
        return row_blocks(len(self.tables))


KEPT_ROWS = 2  # the rows that open and close a table keep together: no page holds a single row


def row_blocks(count: int) -> tuple[tuple[int, int, bool], ...]:
    """Return how a table of ``count`` rows is cut into row groups, ``(start, stop, kept)``:
    its first two rows and its last two are each kept on one page (``break-inside: avoid``),
    a table of up to four rows is kept whole, so a page break never leaves one row alone on
    a page, before it or after it.

    >>> row_blocks(3), row_blocks(7)
    (((0, 3, True),), ((0, 2, True), (2, 5, False), (5, 7, True)))
    """
    if count <= 2 * KEPT_ROWS:
        return ((0, count, True),) if count else ()
    return ((0, KEPT_ROWS, True), (KEPT_ROWS, count - KEPT_ROWS, False), (count - KEPT_ROWS, count, True))


@dataclass(frozen=True)
class StandingsTable:
    """One group of the standings as printed: its ``rules:`` line, ranking rule, column
    headings and rows of text cells, and which rows come from a log with errors."""

    rules: str
    rule: str
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    marked: tuple[bool, ...]

    @property
    def blocks(self) -> tuple[tuple[int, int, bool], ...]:
        """Return the row groups the rows are printed in (:func:`row_blocks`)."""
        return row_blocks(len(self.rows))

    @property
    def heading_mm(self) -> tuple[float, ...]:
        """Return the width each column needs for the longest word of its heading, measured
        in the headings' font (bold, at the report's small size) with the cell's padding: a
        column is at least that wide, so a language's longer word for "Rank" keeps whole."""
        return tuple(round(max(text_mm(word, HEADING_PT, BOLD) for word in heading.split(" ")) + HEADING_PADDING_MM, 2)
                     for heading in self.headings)  # split where the line may break: not at a no-break space


@dataclass(frozen=True)
class SessionStandings(Part):
    """The standings sheet: one table per ``rules:`` line."""

    template: ClassVar[str] = "report/standings.html.j2"
    stylesheet: ClassVar[str | None] = "report/standings.css.j2"
    groups: tuple[StandingsTable, ...]


@dataclass(frozen=True)
class Bar:
    """One outcome of a chart: its label, the centre of its slot, the top of its bar and the
    height the fair dice expect, all in mm from the chart's top left corner."""

    label: str
    centre_mm: float
    top_mm: float
    expected_mm: float


@dataclass(frozen=True)
class Chart:
    """A bar chart of one :class:`Fit`: its heading, verdict sentence, a caution when the
    throws are too few for the test, what a bar counts (``Total`` or ``Face``), size, plot
    area, bars, count ticks ``(label, y_mm)``, bar width, the table of counts under it, and
    which throws of the games played it counts."""

    heading: str
    verdict: str
    caution: str
    outcome: str
    width_mm: float
    height_mm: float
    plot_left_mm: float
    base_mm: float
    bar_mm: float
    bars: tuple[Bar, ...]
    ticks: tuple[tuple[str, float], ...]
    counts: tuple[tuple[str, str, str], ...]  # (outcome, thrown, expected)
    text_mm: float = CHART_TEXT_MM
    counted: str = ""  # which throws the chart counts, in one sentence

    @property
    def expected_path(self) -> str:
        """Return the SVG path through the expected heights: the shape of fair dice."""
        return " ".join(f"{'M' if index == 0 else 'L'}{bar.centre_mm:.2f} {bar.expected_mm:.2f}"
                        for index, bar in enumerate(self.bars))


@dataclass(frozen=True)
class OperationsTable:
    """The figures per operation of a session's tables that allow one besides addition
    (docs/rules.md section 9), as printed: the sentence saying what is counted, the column
    headings and one row of text cells per operation named (sign and name, throws, tiles
    shut, points shut)."""

    counted: str
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class SessionDice(Part):
    """The dice sheet: a chart per kind of throw recorded, the note on few throws and, when
    some table allows an operation besides addition, the figures per operation."""

    template: ClassVar[str] = "report/dice.html.j2"
    stylesheet: ClassVar[str | None] = "report/dice.css.j2"
    charts: tuple[Chart, ...]
    notes: tuple[str, ...]
    font_family: str
    operations: OperationsTable | None = None


def operations_table(operations: tuple[tuple[str, OperationCount], ...]) -> OperationsTable | None:
    """Return the printed figures per operation of ``operations`` (:attr:`Session.operations`),
    or ``None`` when there are none (a session of addition alone prints as it always has).

    >>> operations_table((("mul", OperationCount(3, 5, 40)),)).rows
    (('x multiplication', '3', '5', '40'),)
    """
    if not operations:
        return None
    headings = (_("Operation"), _("Throws"), _("Tiles shut"), _("Points shut"))
    rows = tuple((f"{SIGN_OF[cast(Operation, op)]} {operation_names((op,))}", str(count.throws), str(count.tiles),
                  str(count.points)) for op, count in operations)
    counted = _("Counted: the throws of two dice at the tables whose rules allow an operation besides addition, "
                "by the operation each names (a total written alone counts as addition), with the tiles "
                "written after each throw and the points those tiles add up to.")
    return OperationsTable(counted, headings, rows)


def tick_step(largest: float) -> int:
    """Return a step of 1, 2 or 5 times a power of ten giving at most 6 ticks up to ``largest``.

    >>> tick_step(4), tick_step(38), tick_step(412)
    (1, 10, 100)
    """
    magnitude = 1
    while True:
        for step in (magnitude, 2 * magnitude, 5 * magnitude):
            if math.ceil(largest / step) < MOST_TICKS:
                return step
        magnitude *= 10


def chart(fit: Fit, heading: str, what: str, outcome: str, counted: tuple[str, ...] = ()) -> Chart:
    """Return the :class:`Chart` of ``fit`` (``what`` names its throws, ``outcome`` what
    each bar counts, ``counted`` the games' catalog messages saying which of their throws
    it counts): bars scaled so the tallest bar or expected height fits under the top tick."""
    largest = max([*fit.counts.values(), *(fit.expected(outcome) for outcome in fit.counts), 1])
    step = tick_step(largest)
    top_value = step * math.ceil(largest / step)
    base = CHART_HEIGHT_MM - AXIS_BOTTOM_MM
    plot_height = base - AXIS_TOP_MM
    slot = (CHART_WIDTH_MM - AXIS_LEFT_MM) / len(fit.counts)

    def y(value: float) -> float:
        return round(base - plot_height * value / top_value, 2)

    bars = tuple(
        Bar(str(outcome), round(AXIS_LEFT_MM + slot * (index + 0.5), 2), y(count), y(fit.expected(outcome)))
        for index, (outcome, count) in enumerate(fit.counts.items())
    )
    ticks = tuple((str(value), y(value)) for value in range(0, top_value + 1, step))
    counts = tuple((str(outcome), str(count), decimal(fit.expected(outcome), 1))
                   for outcome, count in fit.counts.items())
    caution = fit.caution()
    return Chart(heading, fit.sentence(what), caution, outcome, CHART_WIDTH_MM, CHART_HEIGHT_MM, AXIS_LEFT_MM,
                 base, round(slot * BAR_SHARE, 2), bars, ticks, counts,
                 counted=_("Counted: {throws}.").format(throws=clauses(_(message) for message in counted))
                 if counted else "")


def figure_text(value: float | int | None) -> str:
    """Return a figure as printed: a dash when it does not apply, one decimal for an average.

    >>> figure_text(None), figure_text(3), figure_text(22.375)
    ('–', '3', '22.4')
    """
    if value is None:
        return "–"
    if isinstance(value, float):
        return decimal(value, 1)
    return whole(value)


def standings_table(group: Standings) -> StandingsTable:
    """Return one group of the standings as printed cells: the rank, the player's table
    (marked ``*`` when its log has errors), the player, their result at that table
    (:func:`kitgen.session.figures.placing_text`), each ranking figure in its own column,
    then the player's other figures in one cell (:func:`figures_phrase`): few cells keep a
    report of a hundred tables quick to render."""
    keys = group.keys
    headings = (_("Rank"), pgettext("game table", "Table"), _("Player"), pgettext("at the table", "Result"),
                *(_(HEADINGS[name]) for name in keys), _("Figures"))
    rows = tuple(
        (figure_text(row.rank), table_cell(row), row.player, placing_text(row.placing),
         *(figure_text(row.figures.get(name)) for name in keys),
         figures_phrase(row, group.columns[len(keys):]))
        for row in group.rows
    )
    return StandingsTable(group.rules, _(group.rule), headings, rows, tuple(row.marked for row in group.rows))


def table_cell(row: PlayerRow) -> str:
    """Return a standings row's table number, marked ``*`` when its log has errors.

    >>> table_cell(PlayerRow(1, "Eli", 3, True, {})), table_cell(PlayerRow(1, "Eli", 3, False, {}))
    ('3 *', '3')
    """
    if row.marked:
        return _("{table} *").format(table=row.table)
    return str(row.table)


COUNTED = {  # the figures that count something, by their HEADINGS key: the thing counted, one and many
    "turns": lambda count: ngettext("{count} turn", "{count} turns", count),
    "attempts": lambda count: ngettext("{count} attempt", "{count} attempts", count),
    "games": lambda count: ngettext("{count} game", "{count} games", count),
    "throws": lambda count: ngettext("{count} throw", "{count} throws", count),
    "round_wins": lambda count: ngettext("{count} round win", "{count} round wins", count),
    "points": lambda count: ngettext("{count} point", "{count} points", count),
    "shut": lambda count: ngettext("{count} shut", "{count} shut", count),
    "removed": lambda count: ngettext("{count} die removed", "{count} dice removed", count),
}


MEASURED = {  # the other figures a phrase carries, by their HEADINGS key
    "combined": N_("combined {value}"),
    "score": N_("score {value}"),
    "tables_won": N_("tables won {value}"),
    "games_won": N_("games won {value}"),
    "average_score": N_("avg score {value}"),
    "average_left": N_("avg left {value}"),
}


def figures_phrase(row: PlayerRow, names: tuple[str, ...]) -> str:
    """Return the figures ``names`` of ``row`` as one short phrase, those that do not apply
    left out.

    >>> figures_phrase(PlayerRow(1, "Eli", 1, False, {"turns": 8, "average_left": 22.375,
    ...     "shut": 1, "best": 0, "worst": 34, "throws": 1}), ("turns", "average_left", "shut",
    ...     "best", "worst", "throws"))
    '8 turns · avg left 22.4 · 1 shut · best 0, worst 34 · 1 throw'
    """
    parts = []
    for name in names:
        value = row.figures.get(name)
        if value is None or name == "worst":
            continue
        if name == "best":
            parts.append(_("best {best}, worst {worst}").format(best=value, worst=row.figures["worst"]))
        elif name in COUNTED:
            parts.append(COUNTED[name](int(value)).format(count=value))
        else:
            parts.append(_(MEASURED[name]).format(value=figure_text(value)))
    return " · ".join(parts)


def shown_file(file: str) -> str:
    """Return a log's path as the tables sheet prints it: its folder and name (the JSON
    export keeps the whole path).

    >>> shown_file("/home/club/thursday/table-2.log"), shown_file("table-2.log")
    ('thursday/table-2.log', 'table-2.log')
    """
    return "/".join(Path(file).parts[-2:])


def summary_text(session: Session) -> str:
    """Return the count of logs and how they fared in one sentence."""
    counts = session.counts
    parts = [_("{count} valid").format(count=counts["valid"])]
    if counts["with_errors"]:
        parts.append(_("{count} with errors (marked *: figures as written)").format(count=counts["with_errors"]))
    if counts["unreadable"]:
        parts.append(_("{count} that could not be read").format(count=counts["unreadable"]))
    logs = counts["tables"]
    return ngettext("{count} log: {fates}.", "{count} logs: {fates}.", logs).format(count=logs, fates=listed(parts))


def report_chunk(session: Session) -> Chunk:
    """Return the report as one document of three sheets."""
    charts = [chart(session.two_dice, _("Two dice: every recorded total"), "two-dice",
                    pgettext("two dice", "Total"), session.two_dice_counted)]
    if session.one_die.throws:
        charts.append(chart(session.one_die, _("One die: every recorded face"), "one-die", pgettext("die", "Face"),
                            session.one_die_counted))
    notes = [_(
        "Few throws prove little: chance alone makes some totals come up more often than others, "
        "and a test on a few dozen throws can neither show fair dice nor catch a slightly uneven die. "
        "The test is Pearson's chi-square against fair dice; below p = 0.01 the counts are unlikely "
        "from fair dice recorded as thrown."
    )]
    if not session.one_die.throws:
        notes.append(_("No one-die throws were recorded."))
    if session.impossible:
        notes.append(ngettext(
            "{count} impossible throw was left out (a face outside 1-6 or a total outside 2-12).",
            "{count} impossible throws were left out (a face outside 1-6 or a total outside 2-12).",
            session.impossible).format(count=session.impossible))
    families = ", ".join(f"'{family}'" for family in font_families())
    return Chunk(_("Session report"), (
        SessionTables(summary_text(session), session.tables,
                      tuple(shown_file(table.file) for table in session.tables),
                      tuple("" if table.result is None else summary_line_text(table.result)
                            for table in session.tables)),
        SessionStandings(tuple(standings_table(group) for group in session.standings)),
        SessionDice(tuple(charts), tuple(notes), families, operations_table(session.operations)),
    ))


def render_report(session: Session, paper: str = "a4") -> bytes:
    """Return the report PDF of ``session`` on ``paper`` (``a4`` or ``letter``).

    Raises :class:`OptionError` for another paper or more logs than a printed report takes
    (:data:`MAX_PRINTED_LOGS`), :class:`PlayerNameError` for a name the fonts cannot draw
    and :class:`RenderError` when the render fails.
    """
    if len(session.tables) > MAX_PRINTED_LOGS:
        raise OptionError(_(
            "a printed report takes at most {most} logs, and {count} were given; "
            "report each session apart, or print the figures with --json or --csv."
        ).format(most=whole(MAX_PRINTED_LOGS), count=whole(len(session.tables))))
    layout = Layout.for_print(find_paper(paper), large_print=False)
    check_printable(name for table in session.tables for name in table.players)
    info = DocumentInfo(_("Session report"), _("Results, standings and dice of a session of dice games"))
    with KitRenderer(layout) as renderer:
        return renderer.render([report_chunk(session)], info)


def write_report(session: Session, output: Path | None, paper: str = "a4", force: bool = False) -> Path:
    """Write the report PDF of ``session`` to ``output`` (``./output/report.pdf`` when
    ``None``, replaced freely) through a temporary file, and return the path written.

    Raises :class:`OutputExistsError` for a folder, or for an existing file named with
    ``output`` without ``force`` (before rendering), and as :func:`render_report`.
    """
    path = output if output is not None else DEFAULT_OUTPUT
    check_output_path(path, output is not None, force)
    write_files({path: render_report(session, paper)}, replaceable(output is not None, force))
    return path

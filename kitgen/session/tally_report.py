"""A class's tallies printed (docs/tally.md, "The class's figures on paper"): one page with the
same fairness figure and chart as the session report's dice sheet (:mod:`kitgen.session.printed`),
worded for a class, made like the report (the same renderer, fonts, paper sizes, scale bars
and byte-identical output).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from kitgen.errors import PlayerNameError, TallyError, quote
from kitgen.kit.fonts import check_printable, font_families
from kitgen.kit.layout import Layout, find_paper
from kitgen.kit.output import check_output_path, replaceable, write_files
from kitgen.kit.parts.part import Chunk, Part
from kitgen.kit.render import DocumentInfo, KitRenderer
from kitgen.session.printed import Chart, chart
from kitgen.session.tally import Tally
from kitgen.text import gettext as _
from kitgen.text import ngettext, pgettext


@dataclass(frozen=True)
class ClassTally(Part):
    """The class's page: its ``title`` line (the sheet's ``title:``, or the page's own), what
    the class did in one sentence, the chart of its tallies against fair dice with the test's
    sentence and caution (:class:`Chart`), and the note on few rolls."""

    template: ClassVar[str] = "report/tally.html.j2"
    stylesheet: ClassVar[str | None] = "report/tally.css.j2"
    title: str
    intro: str
    chart: Chart
    notes: tuple[str, ...]
    font_family: str


def class_tally(tally: Tally) -> ClassTally:
    """Return the printed page of ``tally``.

    >>> page = class_tally(Tally({total: 6 - abs(total - 7) for total in range(2, 13)}, "Class 4B"))
    >>> page.title, page.chart.verdict
    ('Class 4B', '36 two-dice throws: consistent with fair dice, p = 1.00.')
    """
    result = tally.fit()
    intro = ngettext(
        "The class rolled two dice {count} time and tallied the total. Each bar shows how often a total came "
        "up; the dashed line shows how often fair dice give it in as many rolls: 7 most, as six pairs of faces "
        "make it, 2 and 12 least, as one pair makes each.",
        "The class rolled two dice {count} times and tallied each total. Each bar shows how often a total came "
        "up; the dashed line shows how often fair dice give it in as many rolls: 7 most, as six pairs of faces "
        "make it, 2 and 12 least, as one pair makes each.", result.throws).format(count=result.throws)
    notes = (_(
        "Few rolls prove little: chance alone makes some totals come up more often than others, and a test on "
        "a few dozen rolls can neither show fair dice nor catch a slightly uneven die. The test is Pearson's "
        "chi-square against fair dice; below p = 0.01 the tallies are unlikely from fair dice tallied as rolled."
    ),)
    drawn = chart(result, _("Two dice: every tallied total"), "two-dice", pgettext("two dice", "Total"))
    families = ", ".join(f"'{family}'" for family in font_families())
    return ClassTally(tally.title or _("The class's dice"), intro, drawn, notes, families)


def render_tally_report(tally: Tally, paper: str = "a4") -> bytes:
    """Return the one-page PDF of ``tally`` on ``paper`` (``a4`` or ``letter``).

    Raises :class:`OptionError` for another paper, :class:`TallyError` for a title the fonts
    cannot draw and :class:`RenderError` when the render fails.
    """
    layout = Layout.for_print(find_paper(paper), large_print=False)
    try:
        check_printable([tally.title])
    except PlayerNameError:
        raise TallyError(_("the title {title} has a character kitgen's fonts cannot print.").format(
            title=quote(tally.title))) from None
    info = DocumentInfo(tally.title or _("The class's dice"),
                        _("A class's tallied rolls of two dice against fair dice"))
    with KitRenderer(layout) as renderer:
        return renderer.render([Chunk(_("Dice lesson"), (class_tally(tally),))], info)


def write_tally_report(tally: Tally, output: Path, paper: str = "a4", force: bool = False) -> Path:
    """Write the PDF of ``tally`` to ``output`` through a temporary file and return its path.

    Raises :class:`OutputExistsError` for a folder, or for an existing file without
    ``force`` (before rendering), and as :func:`render_tally_report`.
    """
    check_output_path(output, True, force)
    write_files({output: render_tally_report(tally, paper)}, replaceable(True, force))
    return output

"""The roll-and-tally sheet of the dice lesson (docs/tally.md, "The printed sheet"), made like
a kit: the kit's renderer, fonts, paper sizes and byte-identical output.

A sheet a pupil: name, class and date lines; a roll counter of numbered boxes, one ticked a
roll, so a child knows when the rolls are done; a row a two-dice total (2 to 12) with room for
its tally marks and a box for their count, the count the teacher types into a tally file
(``TOTAL: COUNT``, read by ``kitgen tally``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from kitgen.games.box.rules import TWO_DICE_TOTALS
from kitgen.kit.fonts import check_printable, number_families
from kitgen.kit.layout import Layout, find_paper
from kitgen.kit.output import check_output_path, replaceable, write_files
from kitgen.kit.parts.part import Chunk, Part
from kitgen.text import gettext as _

DEFAULT_OUTPUT = Path("output") / "tally-sheet.pdf"  # beside the kit's ./output/kit.pdf
COUNTER_COLUMNS = {36: 12, 72: 18}  # the roll counter's boxes a line: 3 or 4 lines of boxes


@dataclass(frozen=True)
class TallySheet(Part):
    """A pupil's roll-and-tally sheet: the ``name`` (``""``: a line to write it on), the
    ``rolls`` to make, the roll counter's box numbers a line (``counter``) and the ``totals``
    to tally, a row each; its numbers print in the ``number_families``
    (:func:`kitgen.kit.fonts.number_families`)."""

    template: ClassVar[str] = "practice/tally.html.j2"
    stylesheet: ClassVar[str | None] = "practice/tally.css.j2"
    name: str
    rolls: int
    counter: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    number_families: tuple[str, ...]


def tally_sheet(name: str, rolls: int) -> TallySheet:
    """Return the sheet of the pupil ``name`` (``""``: written in) for ``rolls`` rolls.

    >>> sheet = tally_sheet("Ana", 36)
    >>> len(sheet.counter), sheet.counter[0][:3], sheet.totals[0], sheet.totals[-1]
    (3, (1, 2, 3), 2, 12)
    """
    if rolls not in COUNTER_COLUMNS:
        raise ValueError(f"a tally sheet has {tuple(COUNTER_COLUMNS)!r} rolls, not {rolls!r}")
    numbers = range(1, rolls + 1)
    columns = COUNTER_COLUMNS[rolls]
    counter = tuple(tuple(numbers[start:start + columns]) for start in range(0, rolls, columns))
    return TallySheet(name, rolls, counter, tuple(TWO_DICE_TOTALS), number_families())


def tally_chunks(names: Sequence[str], rolls: int) -> list[Chunk]:
    """Return a chunk a pupil of ``names`` (one blank sheet for none), in order, labelled
    ``Sheet N``."""
    chunks = []
    for number, name in enumerate(names or ("",), start=1):
        label = _("Sheet {number}").format(number=number)
        chunks.append(Chunk(label, (tally_sheet(name, rolls),), f"{label} - {name}" if name else ""))
    return chunks


def render_tally_sheets(names: Sequence[str], rolls: int, paper: str = "a4", large_print: bool = False) -> bytes:
    """Return the PDF of the sheets of ``names`` on ``paper``.

    Raises :class:`PlayerNameError` for a name the fonts cannot draw and
    :class:`RenderError` when the render fails.
    """
    from kitgen.kit.render import DocumentInfo, KitRenderer

    check_printable(name for name in names if name)
    with KitRenderer(Layout.for_print(find_paper(paper), large_print)) as renderer:
        return renderer.render(tally_chunks(names, rolls), DocumentInfo(
            _("Roll and tally sheets"), _("Two dice rolled and each total tallied, one sheet a pupil")))


def write_tally_sheets(names: Sequence[str], rolls: int, output: Path | None, paper: str = "a4",
                       large_print: bool = False, force: bool = False) -> Path:
    """Write the sheets to ``output`` (``./output/tally-sheet.pdf`` for ``None``) and return
    its path.

    Raises :class:`OutputExistsError` for a path in the way (before rendering), and as
    :func:`render_tally_sheets`.
    """
    path = output if output is not None else DEFAULT_OUTPUT
    check_output_path(path, output is not None, force)
    pdf = render_tally_sheets(names, rolls, paper, large_print)
    write_files({path: pdf}, replaceable(output is not None, force))
    return path

"""Practice sheets and their answer key as printable PDFs, made like a kit (docs/practice.md,
"Printed sheets"): the kit's renderer, fonts, paper sizes, scale bars and byte-identical output.

Two documents: the pupils' sheets (one per sheet, in order: name, class and date lines, the
seed, each problem with the open tiles drawn as a kit's tile boxes and room for the answer)
and the answer key (the same sheets' answers, in the same order). A pupil's sheet carries no
answer, hint or count of answers: every problem of a kind has the same room whatever its
answer. Both files are written or neither (:func:`kitgen.kit.output.write_files`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import floor
from pathlib import Path
from typing import ClassVar

from kitgen.kit.fonts import check_printable, number_families
from kitgen.kit.layout import MIN_TILE_BOX_MM, Layout, find_paper
from kitgen.kit.output import check_output_path, replaceable, write_files
from kitgen.kit.parts.part import Chunk, Part
from kitgen.practice.sheets import Sheet, SheetProblem
from kitgen.text import gettext as _
from kitgen.text import pgettext

DEFAULT_OUTPUT = Path("output") / "practice.pdf"  # beside the kit's ./output/kit.pdf
ANSWERS_SUFFIX = "-answers"  # docs/practice.md: NAME.pdf and NAME-answers.pdf
SIGNS = {"add": "+", "sub": "\u2212", "mul": "\u00d7", "div": "\u00f7"}  # as a number sentence prints them
# The answer room of each kind, in lines: the same for every problem of a kind, so the room
# tells nothing of the answer (a make problem has 1 to 8 sets).
ANSWER_LINES = {"make": 2, "sentence": 2, "score": 1, "move": 0, "no-move": 0}
ANSWER_LINE_MM = 9.0  # a written line's height in normal print: a child's hand


@dataclass(frozen=True)
class PrintedProblem:
    """One problem as a sheet prints it: its ``number``, the question in words, the open
    ``tiles`` to draw, the ``choices`` to circle (``move``, ``no-move``; empty otherwise),
    the ``prompt`` before its answer lines (``""``: none) and how many ``lines``."""

    number: int
    question: str
    tiles: tuple[int, ...]
    choices: tuple[str, ...]
    prompt: str
    lines: int


@dataclass(frozen=True)
class PracticeSheet(Part):
    """A pupil's sheet: the ``name`` (``""``: a line to write it on), the ``seed``, what the
    sheet is on (``about``: the box and operations, in words) and its problems; the tile boxes
    are ``tile_mm`` wide, the answer lines ``line_mm`` high. Its questions print in the
    ``number_families`` (:func:`kitgen.kit.fonts.number_families`): a child reads the zero of
    ``10`` in a sum, not a slashed one."""

    template: ClassVar[str] = "practice/sheet.html.j2"
    stylesheet: ClassVar[str | None] = "practice/sheet.css.j2"
    name: str
    seed: int
    about: str
    problems: tuple[PrintedProblem, ...]
    tile_mm: float
    line_mm: float
    number_families: tuple[str, ...]


@dataclass(frozen=True)
class PracticeKey(Part):
    """A sheet's answers: the ``name`` (``""``: none), the ``seed`` and, for each problem in
    the sheet's order, its question in short and its answer, in words."""

    template: ClassVar[str] = "practice/key.html.j2"
    stylesheet: ClassVar[str | None] = "practice/key.css.j2"
    name: str
    seed: int
    answers: tuple[tuple[str, str], ...]
    number_families: tuple[str, ...]


def answers_path(path: Path) -> Path:
    """Return the answer key's path beside the sheets' ``path``: ``NAME-answers.pdf``.

    >>> answers_path(Path("class/week3.pdf")).as_posix()
    'class/week3-answers.pdf'
    """
    return path.with_name(f"{path.stem}{ANSWERS_SUFFIX}.pdf")


def dice_words(problem: SheetProblem) -> str:
    """Return the throw as the sheet words it: ``"6 and 2"``."""
    if len(problem.throw) == 1:
        return str(problem.throw[0])
    return _("{first} and {second}").format(first=problem.throw[0], second=problem.throw[1])


def expression(problem: SheetProblem) -> str:
    """Return the throw with the operation the problem fixes, larger face first where the
    order matters: ``"6 × 2"``, ``"6 − 2"``."""
    op = problem.op or "add"
    high, low = max(problem.throw), min(problem.throw)
    first, second = (high, low) if op in ("sub", "div") else problem.throw
    return f"{first} {SIGNS[op]} {second}"


def signs(problem: SheetProblem) -> str:
    """Return the operations allowed as their signs: ``"+ ×"``."""
    return " ".join(SIGNS[op] for op in problem.ops)


def tiles_listed(tiles: Sequence[int]) -> str:
    """Return tiles as a list: ``"2, 5"``."""
    return ", ".join(str(tile) for tile in tiles)


def tiles_words(tiles: Sequence[int]) -> str:
    """Return tiles as a sum: ``"1 + 2 + 5"``."""
    return " + ".join(str(tile) for tile in tiles)


def printed_problem(number: int, problem: SheetProblem) -> PrintedProblem:
    """Return ``problem`` as sheet ``number`` prints it (docs/practice.md, "Printed sheets")."""
    yes_no = (pgettext("answer", "yes"), pgettext("answer", "no"))
    values = {"dice": dice_words(problem), "sum": expression(problem), "signs": signs(problem)}
    if problem.kind == "make":
        question = _("The dice show {dice}. Which open tiles add up to {sum}? Write every way.")
        return PrintedProblem(number, question.format(**values), problem.open, (), "", ANSWER_LINES["make"])
    if problem.kind == "sentence":
        question = _("The dice show {dice}. Complete the number sentence with open tiles, every way.")
        return PrintedProblem(number, question.format(**values), problem.open, (),
                              f"{values['sum']} = ____ =", ANSWER_LINES["sentence"])
    if problem.kind == "move":
        question = _("The dice show {dice}, used as {sum}. Is shutting {tiles} a move?").format(
            tiles=tiles_listed(problem.tiles or ()), **values)
        return PrintedProblem(number, question, problem.open, yes_no, "", 0)
    if problem.kind == "no-move":
        question = _("The dice show {dice}; you may use {signs}. Can this throw shut any open tiles?")
        return PrintedProblem(number, question.format(**values), problem.open, yes_no, "", 0)
    if problem.scoring == "digits":
        question = _("The dice show {dice} and no tiles can be shut: the turn ends. "
                     "What does it score, reading the open tiles as digits?")
    else:
        question = _("The dice show {dice} and no tiles can be shut: the turn ends. "
                     "What does it score, adding the open tiles?")
    return PrintedProblem(number, question.format(**values), problem.open, (),
                          pgettext("practice answer", "Score:"), ANSWER_LINES["score"])


def answer_words(problem: SheetProblem) -> str:
    """Return the answer of ``problem`` as the key words it."""
    if problem.kind == "make":
        return "; ".join(tiles_words(tiles) for tiles in problem.answer)
    if problem.kind == "sentence":
        value = problem.answer["value"]
        return "; ".join(f"{value} = {tiles_words(tiles)}" for tiles in problem.answer["ways"])
    if problem.kind == "move":
        return pgettext("answer", "yes") if problem.answer else pgettext("answer", "no")
    if problem.kind == "no-move":  # the sheet asks whether it can be used: the answer is "no move"
        return pgettext("answer", "no") if problem.answer else pgettext("answer", "yes")
    return str(problem.answer)


def short_question(problem: SheetProblem) -> str:
    """Return the question of ``problem`` in short, as the key recalls it: ``"6 × 2: shut 5 + 7?"``."""
    values = {"dice": dice_words(problem), "sum": expression(problem), "signs": signs(problem),
              "tiles": tiles_listed(problem.tiles or ())}
    return {
        "make": _("tiles for {sum}:"),
        "sentence": _("{sum} = ? ="),
        "move": _("{sum}, shut {tiles}?"),
        "no-move": _("{dice} ({signs}), can it shut tiles?"),
        "score": _("score of {dice} by digits:") if problem.scoring == "digits" else _("score of {dice} by sum:"),
    }[problem.kind].format(**values)


def about_words(sheet: Sheet) -> str:
    """Return what the sheet is on: ``"A box of 9 tiles · operations: + −"``."""
    ops = " ".join(SIGNS[op] for op in sheet.level.ops)
    return _("A box of {box} tiles · operations: {ops}").format(box=sheet.level.box, ops=ops)


def sheet_label(number: int, sheet: Sheet) -> str:
    """Return the footer label of sheet ``number``: ``"Sheet 2 · seed 8"``."""
    return _("Sheet {number} · seed {seed}").format(number=number, seed=sheet.seed)


def tile_mm(layout: Layout, box: int) -> float:
    """Return the width of a drawn tile box: the kit's, or less so a full box's tiles fit
    the page's width on one row (never under the kit's 12 mm least).

    >>> from kitgen.kit.layout import PAPERS
    >>> tile_mm(Layout(PAPERS["a4"]), 12), tile_mm(Layout(PAPERS["a4"], 1.5), 12)
    (14.0, 13.63)
    """
    fitting = (layout.content_width_mm - (box - 1) * layout.tile_gap_mm) / box
    return floor(max(MIN_TILE_BOX_MM, min(layout.tile_box_mm, fitting)) * 100) / 100  # rounded down: it fits


def sheet_chunk(number: int, sheet: Sheet, layout: Layout) -> Chunk:
    """Return the chunk of pupil's sheet ``number``: it prints nothing of the answers."""
    label = sheet_label(number, sheet)
    problems = tuple(printed_problem(index, problem) for index, problem in enumerate(sheet.problems, start=1))
    pupil = PracticeSheet(sheet.name or "", sheet.seed, about_words(sheet), problems,
                          tile_mm(layout, sheet.level.box), round(ANSWER_LINE_MM * layout.scale, 2),
                          number_families())
    return Chunk(label, (pupil,), f"{label} - {sheet.name}" if sheet.name else "")


def key_chunk(number: int, sheet: Sheet) -> Chunk:
    """Return the chunk of the answer key of sheet ``number``."""
    label = sheet_label(number, sheet)
    answers = tuple((short_question(problem), answer_words(problem)) for problem in sheet.problems)
    return Chunk(label, (PracticeKey(sheet.name or "", sheet.seed, answers, number_families()),),
                 f"{label} - {sheet.name}" if sheet.name else "")


def practice_chunks(sheets: Sequence[Sheet], layout: Layout) -> tuple[list[Chunk], list[Chunk]]:
    """Return the chunks of the pupils' sheets and of the answer key, one of each per sheet,
    in order."""
    numbered = list(enumerate(sheets, start=1))
    return [sheet_chunk(number, sheet, layout) for number, sheet in numbered], [
        key_chunk(number, sheet) for number, sheet in numbered]


def render_practice(sheets: Sequence[Sheet], paper: str = "a4", large_print: bool = False) -> tuple[bytes, bytes]:
    """Return the PDFs of the pupils' sheets and of their answer key, on ``paper``.

    Raises :class:`PlayerNameError` for a name the fonts cannot draw and
    :class:`RenderError` when the render fails.
    """
    from kitgen.kit.render import DocumentInfo, KitRenderer

    layout = Layout.for_print(find_paper(paper), large_print)
    check_printable(sheet.name for sheet in sheets if sheet.name)
    pupils, keys = practice_chunks(sheets, layout)
    with KitRenderer(layout) as renderer:
        sheet_pdf = renderer.render(pupils, DocumentInfo(
            _("Practice sheets"), _("Practice problems on the box of tiles, one sheet a pupil")))
        key_pdf = renderer.render(keys, DocumentInfo(
            _("Practice sheets: answer key"), _("The answers of the practice sheets, in the sheets' order")))
    return sheet_pdf, key_pdf


def practice_paths(output: Path | None, force: bool) -> tuple[Path, Path]:
    """Return the sheets' path and the answer key's: ``-o PATH`` or ``./output/practice.pdf``,
    and ``<stem>-answers.pdf`` beside it.

    Raises :class:`OutputExistsError` as :func:`check_output_path` does for either path.
    """
    path = output if output is not None else DEFAULT_OUTPUT
    key = answers_path(path)
    for each in (path, key):
        check_output_path(each, output is not None, force)
    return path, key


def write_practice(sheets: Sequence[Sheet], output: Path | None, paper: str = "a4",
                   large_print: bool = False, force: bool = False) -> tuple[Path, Path]:
    """Write the sheets and their answer key (both or neither) and return their paths.

    Raises :class:`OutputExistsError` for a path in the way (before rendering), and as
    :func:`render_practice`.
    """
    path, key = practice_paths(output, force)
    sheet_pdf, key_pdf = render_practice(sheets, paper, large_print)
    write_files({path: sheet_pdf, key: key_pdf}, replaceable(output is not None, force))
    return path, key

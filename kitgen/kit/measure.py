"""Text measured with the kit fonts' own advance widths, never a guess of an average
character (a name wider than guessed would overprint the label beside it).

A character is measured in the first family, in fallback order, whose face of the
weight asked for draws it (as the renderer picks it); a variable face is read at that
weight. Kerning is left out: it only brings letters closer. Lines wrap as the kit's
stylesheet lets them: after a space or a hyphen, and inside a word too long for a line
of its own (``overflow-wrap: anywhere``).
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from math import floor

from fontTools.ttLib import TTFont

from kitgen.kit.fonts import font_faces, font_families, number_families

PT_PER_MM = 72 / 25.4
REGULAR, BOLD = 400, 700
SIZE_STEP_PT = 0.25  # a name too long for its field prints this much smaller per step
_SEGMENT = re.compile(r"[^ -]*(?:-+ *| +|$)")  # a word with the hyphen or spaces after it


def text_mm(text: str, size_pt: float, weight: int = REGULAR, numbers: bool = False) -> float:
    """Return the width of ``text`` set at ``size_pt`` in mm; with ``numbers``, set in the
    families numbers print in where players write against them (:func:`number_families`).

    Raises :class:`KeyError` for a character no kit font draws (names are checked first).

    >>> text_mm("WWW", 10) > text_mm("iii", 10) > 0
    True
    """
    return sum(_advance_em(char, weight, numbers) for char in text) * size_pt / PT_PER_MM


def lines_for(text: str, width_mm: float, size_pt: float, weight: int = REGULAR) -> int:
    """Return how many lines ``text`` takes set at ``size_pt`` in a box ``width_mm``
    wide: filled word by word, a line broken after a space or a hyphen, a word wider than
    the box broken between its letters (0 for empty text).

    >>> lines_for("Numbers closed", 20, 10, BOLD), lines_for("Numbers closed", 40, 10, BOLD)
    (2, 1)
    """
    lines, used = 0, 0.0
    for segment in filter(None, _SEGMENT.findall(text)):
        word = segment.rstrip(" ")
        ink, spaces = text_mm(word, size_pt, weight), text_mm(segment[len(word):], size_pt, weight)
        if lines and used + ink <= width_mm:
            used += ink + spaces
        elif ink <= width_mm:
            lines, used = lines + 1, ink + spaces
        else:  # a word wider than the box starts a line and breaks between its letters
            lines, used = lines + 1, 0.0
            for char in word:
                char_mm = text_mm(char, size_pt, weight)
                if used and used + char_mm > width_mm and not _is_mark(char):
                    lines, used = lines + 1, 0.0
                used += char_mm
            used += spaces
    return lines


def fitted_pt(text: str, width_mm: float, size_pt: float, lines: int, weight: int = REGULAR) -> float:
    """Return the largest size, ``size_pt`` at most, at which ``text`` takes no more than
    ``lines`` lines ``width_mm`` wide (a step below ``size_pt`` at a time).

    >>> fitted_pt("Ana", 30, 10, 1), fitted_pt("W" * 40, 30, 10, 2) < 10
    (10, True)
    """
    size = size_pt
    while size > SIZE_STEP_PT and lines_for(text, width_mm, size, weight) > lines:
        size = floor((size - SIZE_STEP_PT) / SIZE_STEP_PT) * SIZE_STEP_PT
    return size


def _is_mark(char: str) -> bool:
    return unicodedata.category(char).startswith("M")


@cache
def _advance_em(char: str, weight: int, numbers: bool = False) -> float:
    """Return the advance width of ``char`` at ``weight`` in em, from the first family
    that draws it (of the number families first, with ``numbers``)."""
    for path in _faces(weight, numbers):
        font = _font(path)
        glyph = font.getBestCmap().get(ord(char))
        if glyph is None:
            continue
        if "fvar" in font:
            width = font.getGlyphSet(location={"wght": weight})[glyph].width
        else:
            width = font["hmtx"].metrics[glyph][0]
        return float(width / font["head"].unitsPerEm)
    raise KeyError(f"no kit font draws {char!r}")


@cache
def _faces(weight: int, numbers: bool = False) -> tuple[str, ...]:
    """Return the path of each family's upright face for ``weight``, in fallback order, or
    in the order numbers print in with ``numbers`` (a variable face, or an added one, serves
    every weight)."""
    order = number_families() if numbers else font_families()
    faces: dict[str, str] = {}
    for face in sorted(font_faces(), key=lambda face: order.index(face.family)):
        if face.style == "normal" and face.weight in (None, weight):
            faces.setdefault(face.family, str(face.path))
    return tuple(faces.values())


@cache
def _font(path: str) -> TTFont:
    return TTFont(path, lazy=True)

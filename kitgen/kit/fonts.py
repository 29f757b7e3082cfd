"""The fonts a kit may use: kitgen's font packages, in fallback order (docs/kit.md, "Print fidelity").

``fonts/fonts.toml`` lists the packaged families; each family's faces come from its
font package's ``metadata.json``; ``.ttf``/``.otf`` files a user drops into ``fonts/``
follow as extra families. Before a render, :func:`check_printable` refuses a name these
fonts cannot draw, and a font file that is damaged where it would draw one; after it,
:func:`check_embedded_fonts` refuses a PDF holding any other font (Pango silently
substitutes a system font for a missing glyph). Every read of a font file is guarded: a
damaged one is one sentence naming it, never a traceback.
"""

from __future__ import annotations

import importlib
import json
import tomllib
import unicodedata
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, cast

from fontTools.pens.boundsPen import ControlBoundsPen
from fontTools.ttLib import TTFont, TTLibError
from fontTools.unicodedata import script, script_name
from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject

from kitgen.errors import PlayerNameError, RenderError, quote
from kitgen.resources import data_folder
from kitgen.text import gettext

FONT_CONFIG = "fonts.toml"
FONT_SUFFIXES = (".ttf", ".otf")
EXTRA_FAMILY = "kitgen extra {number}"
FONT_FILE_KEYS = ("/FontFile", "/FontFile2", "/FontFile3")
# What Pango and HarfBuzz read of every font they draw with: an added file must load them
# (the layout tables, GSUB and GPOS, are read leniently by HarfBuzz and not checked here).
RENDERED_TABLES = ("head", "hhea", "maxp", "hmtx", "cmap")
OUTLINE_TABLES = ("glyf", "CFF ", "CFF2")  # one of these holds the glyphs' outlines


@dataclass(frozen=True)
class FontFace:
    """One font file and how the stylesheet declares it: its private ``family`` name,
    its ``style`` (``normal``/``italic``) and CSS ``weight`` (``None`` for a variable
    font or an added file, which declare no weight)."""

    family: str
    path: Path
    style: str = "normal"
    weight: int | None = None


@cache
def font_faces() -> tuple[FontFace, ...]:
    """Return every font face a kit may use, families in fallback order.

    Raises :class:`RenderError` when the configuration is unreadable, a font package it
    names is not installed, or a ``.ttf``/``.otf`` file in ``fonts/`` is not a loadable font.
    """
    folder = data_folder("fonts")
    faces = [face for family in _config()["family"] for face in _package_faces(family)]
    extras = sorted(path for path in folder.iterdir() if path.suffix.lower() in FONT_SUFFIXES)
    for path in extras:
        _check_loadable(path)
    faces += [
        FontFace(EXTRA_FAMILY.format(number=number), path)
        for number, path in enumerate(extras, start=1)
    ]
    return tuple(faces)


def font_families() -> tuple[str, ...]:
    """Return the family names in fallback order, as the stylesheet lists them."""
    return tuple(dict.fromkeys(face.family for face in font_faces()))


def number_families() -> tuple[str, ...]:
    """Return the family names numbers print in where players write against them (tile
    faces, row and round numbers): the families the configuration marks ``numbers``
    (their zero has no slash, which a child can read as crossed out), then the rest."""
    marked = [family["name"] for family in _config()["family"] if family.get("numbers")]
    return tuple(dict.fromkeys((*marked, *font_families())))


def font_folders() -> tuple[Path, ...]:
    """Return the folders holding kit font files (the URL fetcher serves these)."""
    return tuple(dict.fromkeys(face.path.parent for face in font_faces()))


def check_printable(names: Iterable[str]) -> None:
    """Check that kitgen's fonts can draw every character of every name (docs/rules.md,
    "Player names": a kit refuses a name its packaged fonts cannot draw), and that the
    font that will draw each character has an outline for it (a damaged font prints a
    name blank).

    Raises :class:`PlayerNameError` with one sentence for the first name that fails, and
    :class:`RenderError` naming a font file that is damaged.
    """
    drawn: set[str] = set()
    for name in names:  # the fonts' character maps are read only once a name needs them
        for char in name:
            if char in drawn:
                continue
            if ord(char) not in _drawable_characters():
                raise PlayerNameError(gettext(
                    "player name {name} has the character {char} of the {script} script, "
                    "which kitgen's fonts cannot print."
                ).format(name=quote(name), char=repr(char), script=script_name(script(char))))
            _check_outlines(char)
            drawn.add(char)


def check_embedded_fonts(pdf: PdfReader) -> None:
    """Check that every font in ``pdf`` is embedded, subset and one of kitgen's families.

    Raises :class:`RenderError` naming the first foreign or non-embedded font.
    """
    allowed = tuple(family.replace(" ", "-") for family in font_families())
    for font in _fonts_of(pdf):
        tagged = str(font.get("/BaseFont", "")).removeprefix("/")
        tag, _, name = tagged.rpartition("+")
        if not any(name == family or name.startswith(family + "-") for family in allowed):
            raise RenderError(gettext(
                "the kit would print with the font {font}, which is not one of kitgen's "
                "fonts (a character they cannot draw?)."
            ).format(font=repr(name)))
        if len(tag) != 6 or not _is_embedded(font):
            raise RenderError(gettext("the font {font} is not embedded as a subset in the kit.").format(
                font=repr(name)))


@contextmanager
def _font_file(path: Path) -> Iterator[TTFont]:
    """Open the font file ``path`` (its tables read when first asked for) for the block.

    Raises :class:`RenderError` naming the file for any failure to read it in the block:
    fontTools raises a dozen kinds of error on a damaged table.
    """
    try:
        with TTFont(path, lazy=True) as font:
            yield font
    except RenderError:
        raise
    except Exception as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)[:80]
        raise RenderError(gettext(
            "the font file {file} is damaged or not a font kitgen can load ({reason}); "
            "remove it, or replace it (a font package: reinstall kitgen)."
        ).format(file=repr(str(path)), reason=reason)) from None


def _check_loadable(path: Path) -> None:
    """Check that the file ``path`` added to ``fonts/`` is a font whose tables that every
    render reads load whole, with a character map and outlines.

    Raises :class:`RenderError` naming the file otherwise (a folder, a broken or foreign file).
    """
    with _font_file(path) as font:
        if font.getBestCmap() is None:
            raise TTLibError("no character map")
        outlines = [tag for tag in OUTLINE_TABLES if tag in font]
        if not outlines:
            raise TTLibError("no outlines")
        tags = (*RENDERED_TABLES, *(("loca",) if outlines[0] == "glyf" else ()), outlines[0])
        if any(font[tag] is None for tag in tags):  # reading a table decompiles it
            raise TTLibError("a table is empty")


def _check_outlines(char: str) -> None:
    """Check that the faces that draw ``char`` (every face of the first family in fallback
    order that maps it, as Pango chooses) have an outline for it (not the missing-glyph
    box, not empty, unless ``char`` is a space). Raises :class:`RenderError` naming a
    face's file that is damaged there."""
    if unicodedata.category(char) == "Zs":
        return
    family = next(face.family for face, cmap in _character_maps() if ord(char) in cmap)
    for face, cmap in _character_maps():
        if face.family != family or ord(char) not in cmap:
            continue
        with _font_file(face.path) as font:
            glyph_name = cmap[ord(char)]
            glyphs = font.getGlyphSet()
            pen = ControlBoundsPen(glyphs)
            glyphs[glyph_name].draw(pen)
            if font.getGlyphID(glyph_name) == 0 or pen.bounds is None:
                raise RenderError(gettext(
                    "the font file {file} has no outline for {char} (it is damaged): "
                    "remove it, or replace it (a font package: reinstall kitgen)."
                ).format(file=repr(str(face.path)), char=repr(char)))


@cache
def _config() -> dict[str, Any]:
    """Return the font configuration, ``fonts/fonts.toml`` (read once; callers only read it).

    Raises :class:`RenderError` when it cannot be read.
    """
    try:
        return tomllib.loads((data_folder("fonts") / FONT_CONFIG).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise RenderError(gettext("kitgen's font configuration cannot be read ({reason}).").format(
            reason=error)) from None


def _package_faces(family: dict[str, Any]) -> list[FontFace]:
    package = family["package"]
    try:
        root = Path(importlib.import_module(package).ROOT)
        metadata = json.loads((root / "metadata.json").read_text(encoding="utf-8"))
    except (ImportError, OSError, ValueError, AttributeError):
        raise RenderError(gettext("the font package {package} is missing; reinstall kitgen.").format(
            package=repr(package))) from None
    return [
        FontFace(
            family["name"],
            root / entry["path"],
            entry["style"],
            None if entry.get("variable") else entry.get("weight"),
        )
        for entry in metadata["files"]
    ]


@cache
def _character_maps() -> tuple[tuple[FontFace, dict[int, str]], ...]:
    """Return each face with its character map (code point: glyph name), in fallback order.

    Raises :class:`RenderError` naming a font file that cannot be read."""
    maps = []
    for face in font_faces():
        with _font_file(face.path) as font:
            maps.append((face, dict(font.getBestCmap() or {})))
    return tuple(maps)


@cache
def _drawable_characters() -> frozenset[int]:
    return frozenset(code for _, cmap in _character_maps() for code in cmap)


def _fonts_of(pdf: PdfReader) -> list[DictionaryObject]:
    """Return every font dictionary used by the pages of ``pdf``, also inside forms and
    patterns (WeasyPrint draws SVG through them)."""
    fonts: dict[int, DictionaryObject] = {}
    pending = [page.get("/Resources") for page in pdf.pages]
    seen: set[int] = set()
    while pending:
        resources = pending.pop()
        resources = resources.get_object() if resources is not None else None
        if not isinstance(resources, DictionaryObject) or id(resources) in seen:
            continue
        seen.add(id(resources))
        # /Font, /XObject and /Pattern: dictionaries of names (the PDF reference, 7.8.3)
        for font in cast(DictionaryObject, (resources.get("/Font") or DictionaryObject()).get_object()).values():
            fonts[id(font.get_object())] = font.get_object()
        for kind in ("/XObject", "/Pattern"):
            for item in cast(DictionaryObject, (resources.get(kind) or DictionaryObject()).get_object()).values():
                pending.append(item.get_object().get("/Resources"))
    return list(fonts.values())


def _is_embedded(font: DictionaryObject) -> bool:
    if font.get("/Subtype") == "/Type0":
        # /DescendantFonts: an array of one font dictionary (the PDF reference, 9.7.1)
        font = cast(DictionaryObject, cast(ArrayObject, font["/DescendantFonts"])[0].get_object())
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(key in descriptor for key in FONT_FILE_KEYS)

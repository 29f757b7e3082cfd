"""Per-table text set apart from a table's layout, so tables that look alike are laid out
once (issue 13).

A class's tables differ only in their players' names and their table's label. While a
table's HTML is written for stamping, each such text goes to a :class:`Stamps` collector
instead of the page: its element, the *site*, keeps its place and size and holds a
no-break space (one line of the site's own font), and a bookmark holding a name holds a
token. Tables whose HTML then comes out the same share one layout, which WeasyPrint lays
out once: :func:`stamp_sites` reads each site's box from that layout, and
:func:`stamp_document` writes an HTML document that prints the stamped tables' texts at
their sites' boxes, in the sites' own fonts, sizes and alignment, a page per table page.
WeasyPrint lays that document out too, so names wrap, shape and fall back to other fonts
exactly as in a table's own layout; the renderer draws each stamp page over a copy of
its table page.

What the anchors mean (where a text starts from, in its site's box):

- ``top``: the first line at the box's top (a hint under a strip);
- ``bottom``: the last line on the box's bottom, lines above it (a name field set on the
  foot of its line of fields grows upward), at least the box's least height;
- ``middle``: centred between the box's top and bottom (a table cell);
- ``right``: one line ending at the box's right edge (a sheet's label, the page footer).

Text that is not routed through a collector stays in the table's HTML, so a table that
prints such text (a board turned to face the other player) has HTML of its own and is laid
out on its own: sharing never changes what prints.

The sites are read from WeasyPrint 70's box tree (``Page._page_box``, its box classes and
used values): pyproject.toml keeps WeasyPrint below 71, and a new major version means
reading this module again (tests/test_stamps.py compares stamped tables with tables laid
out whole).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from kitgen.engine.libraries import import_with_linker_cache
from kitgen.text import pgettext

import_with_linker_cache("weasyprint")  # first: its C libraries found from one read of the linker cache
from weasyprint.formatting_structure.boxes import (  # noqa: E402 (after the cache)
    Box,
    LineBox,
    MarginBox,
    PageBox,
    TableCellBox,
    TextBox,
)

ANCHORS = ("top", "bottom", "middle", "right")
PLACEHOLDER = "\u00a0"  # a site's content while stamping: one line of the site's font, no ink
SITE_ATTRIBUTE = "data-stamp"
TOKEN = "\ue000{}\ue001"  # a bookmark's text while stamping (private-use characters)
TOKEN_PATTERN = re.compile("\ue000([0-9]+)\ue001")
FOOTER_MARGIN_BOX = "@bottom-right"  # the footer that names the table: "Table 2 · page 1 of 6"
FOOTER_SITE = -1  # the footer label's stamp number, on every page
PX_PER_PT = 96 / 72

# The properties that decide how a text prints inside its box, copied from the site's
# computed style into its stamp.
_TEXT_PROPERTIES = ("font_family", "font_style", "font_weight", "font_size", "line_height",
                    "text_align_all", "white_space", "overflow_wrap", "word_break", "color",
                    "letter_spacing", "font_variant_numeric")


@dataclass(frozen=True)
class Stamp:
    """A per-table text: what prints, its site's ``anchor`` and the size it prints at
    (``None``: its site's own size)."""

    text: str
    anchor: str
    size_pt: float | None = None


class Stamps:
    """The per-table texts of one table, collected while its HTML is written for stamping
    (the templates' ``stamps``; ``None`` when a table is written whole)."""

    def __init__(self) -> None:
        self.stamps: list[Stamp] = []
        self.tokens: list[str] = []
        self.label = ""  # the table's label: its page footer's stamp

    def site(self, text: str, anchor: str, size_pt: float | None = None) -> Markup:
        """Return the attribute that marks ``text``'s element as a site, e.g. `` data-stamp="3"``,
        and keep ``text`` for it."""
        if anchor not in ANCHORS:
            raise ValueError(f"unknown stamp anchor {anchor!r}")
        self.stamps.append(Stamp(text, anchor, size_pt))
        return Markup(f' {SITE_ATTRIBUTE}="{len(self.stamps) - 1}"')

    def token(self, text: str) -> str:
        """Return the token that stands for ``text`` in an attribute (a bookmark)."""
        self.tokens.append(text)
        return TOKEN.format(len(self.tokens) - 1)

    def footer(self, label: str) -> str:
        """Keep ``label`` for every page's footer and return what the footer holds instead."""
        self.label = label
        return PLACEHOLDER

    def stamp(self, site: Site) -> Stamp:
        """Return the stamp printed at ``site``: the footer's line with the table's label,
        or the text its number names."""
        if site.number == FOOTER_SITE:
            return Stamp(site.text.replace(PLACEHOLDER, self.label, 1), "right")
        return self.stamps[site.number]

    def resolve(self, title: str) -> str:
        """Return ``title`` (an outline title read back from the PDF) with its tokens' texts."""
        return TOKEN_PATTERN.sub(lambda found: self.tokens[int(found.group(1))], title)


@dataclass(frozen=True)
class Site:
    """Where a stamp prints on a table page: its number (:data:`FOOTER_SITE` for the
    footer), its content box in CSS px from the page's top left (``least_height``: the
    box's least content height), the CSS that sets its text as the site does and, for the
    footer, its text."""

    number: int
    x: float
    y: float
    width: float
    height: float
    least_height: float
    style: str
    text: str = ""  # the footer's: its line as laid out, the placeholder for the label


def stamp_sites(page_box: PageBox) -> list[Site]:
    """Return the sites on one page that WeasyPrint laid out (``page_box``, a
    :class:`weasyprint.formatting_structure.boxes.PageBox`), in document order, the
    footer's last."""
    sites, seen = [], set()
    for box in page_box.descendants():
        element = getattr(box, "element", None)
        number = element.get(SITE_ATTRIBUTE) if element is not None else None
        if number is None or number in seen:  # a site's first box is its element's own
            continue
        seen.add(number)
        y, height = _cell_span(box) if isinstance(box, TableCellBox) else (box.content_box_y(), box.height)
        sites.append(Site(int(number), box.content_box_x(), y, box.width, height, _least_height(box),
                          _text_style(box.style)))
    footer = _footer_site(page_box)
    return sites + ([footer] if footer else [])


def _cell_span(cell: TableCellBox) -> tuple[float, float]:
    """Return the top and height of what a table cell centres its content in: its row's
    height less its own padding (WeasyPrint pads a cell out to its row's height)."""
    top, bottom = (cell.style[f"padding_{side}"].value for side in ("top", "bottom"))
    return cell.padding_box_y() + top, cell.padding_height() - top - bottom


def _least_height(box: Box) -> float:
    least = getattr(box, "min_height", 0)
    return least if isinstance(least, (int, float)) else 0.0


def _footer_site(page_box: PageBox) -> Site | None:
    """Return the site of the page footer (``Table 2 · page 1 of 6``), which is laid out
    with the placeholder for the table's label and not printed: the whole line is stamped,
    ending at the footer's right edge."""
    for margin_box in page_box.children:
        if not isinstance(margin_box, MarginBox) or margin_box.at_keyword != FOOTER_MARGIN_BOX:
            continue
        for line in margin_box.descendants():
            texts = [box for box in line.descendants() if isinstance(box, TextBox)]
            if isinstance(line, LineBox) and texts and texts[0].text.startswith(PLACEHOLDER):
                return Site(FOOTER_SITE, margin_box.content_box_x(), line.position_y, margin_box.width,
                            line.height, 0.0, _text_style(texts[0].style), "".join(box.text for box in texts))
    return None


def _text_style(style: Any) -> str:
    """Return the CSS declarations of a computed ``style``'s text properties."""
    declarations = []
    for name in _TEXT_PROPERTIES:
        value = style[name]
        css_name = "text-align" if name == "text_align_all" else name.replace("_", "-")
        declarations.append(f"{css_name}: {_css_value(name, value)}")
    return "; ".join(declarations)


def _css_value(name: str, value: Any) -> str:
    if name == "font_family":
        return ", ".join(f"'{family}'" for family in value)
    if name == "font_size":
        return f"{value}px"
    if name == "color":
        red, green, blue, alpha = (round(channel * 255) if index < 3 else channel
                                   for index, channel in enumerate(value))
        return f"rgba({red}, {green}, {blue}, {alpha})"
    if name == "font_variant_numeric":
        return "normal" if value == "normal" else " ".join(value)
    if hasattr(value, "unit"):  # a Dimension: a length, or a line height's bare number
        return f"{value.value}{value.unit or ''}"
    return str(value)


def stamp_document(pages: Iterable[Iterable[tuple[Stamp, Site]]], size_px: tuple[float, float]) -> str:
    """Return the HTML document of stamp pages on pages of ``size_px``, each printing the
    stamps ``pages`` gives at their sites. Each distinct text style is one class: a stamp's
    own style attribute holds only its place."""
    width, height = size_px
    styles: dict[str, str] = {}
    body = "".join(
        f'<section class="stamp-page">{"".join(_stamp_html(stamp, site, height, styles) for stamp, site in page)}'
        "</section>"
        for page in pages
    )
    classes = "".join(f".{name} {{ {style} }}" for style, name in styles.items())
    language = html.escape(pgettext("language tag", "en"))  # as the kit's documents (document.html.j2)
    return (
        f'<!DOCTYPE html><html lang="{language}"><head><meta charset="utf-8"><title>stamps</title><style>'
        f"@page {{ size: {width}px {height}px; margin: 0 }}"
        "body { margin: 0 }"
        f".stamp-page {{ position: relative; height: {height}px; break-before: page }}"
        ".stamp-page:first-child { break-before: auto }"
        ".stamp { position: absolute; margin: 0; padding: 0 }"
        ".stamp.right { white-space: nowrap; text-align: right }"
        ".stamp-cell { width: 100%; border-collapse: collapse; table-layout: fixed }"
        ".stamp-cell td { padding: 0; border: none; vertical-align: middle }"
        f"{html.escape(classes, quote=False)}</style></head><body>{body}</body></html>"
    )


def _stamp_html(stamp: Stamp, site: Site, page_height: float, styles: dict[str, str]) -> str:
    """Return the element that prints ``stamp`` at ``site`` on a page ``page_height`` px
    high, its text style a class of ``styles`` (style: class name; added to when new)."""
    text = site.style + (f"; font-size: {stamp.size_pt * PX_PER_PT}px" if stamp.size_pt else "")
    style = styles.setdefault(text, f"t{len(styles)}")
    content = html.escape(stamp.text)
    if stamp.anchor == "middle":  # a one-cell table centres it
        return (f'<div class="stamp" style="left: {site.x}px; top: {site.y}px; width: {site.width}px">'
                f'<table class="stamp-cell"><tr><td class="{style}" style="height: {site.height}px">{content}</td>'
                "</tr></table></div>")
    if stamp.anchor == "top":
        box = f"left: {site.x}px; top: {site.y}px; width: {site.width}px"
    elif stamp.anchor == "bottom":
        box = (f"left: {site.x}px; bottom: {page_height - site.y - site.height}px; width: {site.width}px; "
               f"min-height: {site.least_height}px")
    else:  # right
        return (f'<div class="stamp {style} right" style="right: calc(100% - {site.x + site.width}px); '
                f'top: {site.y}px">{content}</div>')
    return f'<div class="stamp {style}" style="{box}">{content}</div>'

"""Per-table text set apart from a table's layout, so tables that look alike are laid out
once.

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

The sites are read from WeasyPrint's box tree by :mod:`kitgen.engine.pages`, the one
module that reads it, behind its contract test (tests/test_stamps.py compares stamped
tables with tables laid out whole).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from kitgen.engine.pages import Site, page_sites
from kitgen.text import pgettext

ANCHORS = ("top", "bottom", "middle", "right")
PLACEHOLDER = "\u00a0"  # a site's content while stamping: one line of the site's font, no ink
SITE_ATTRIBUTE = "data-stamp"
TOKEN = "\ue000{}\ue001"  # a bookmark's text while stamping (private-use characters)
TOKEN_PATTERN = re.compile("\ue000([0-9]+)\ue001")
FOOTER_MARGIN_BOX = "@bottom-right"  # the footer that names the table: "Table 2 · page 1 of 6"
FOOTER_SITE = -1  # the footer label's stamp number, on every page
PX_PER_PT = 96 / 72

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


def stamp_sites(page: Any) -> list[Site]:
    """Return the sites on one page WeasyPrint laid out, in document order, the footer's
    last (read from its box tree: :func:`kitgen.engine.pages.page_sites`)."""
    return page_sites(page, SITE_ATTRIBUTE, FOOTER_MARGIN_BOX, PLACEHOLDER, FOOTER_SITE)


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

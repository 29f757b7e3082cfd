"""A laid-out WeasyPrint page's box tree, where the stamp sites of a shared table layout
are read (:func:`page_sites`, for :mod:`kitgen.kit.stamps`): ``Page._page_box``, the box
classes of ``weasyprint.formatting_structure.boxes`` and their used values and computed
styles (checked on WeasyPrint 70.0). Nothing else in kitgen reads WeasyPrint's boxes.

The plain path, for any other WeasyPrint: there is no box tree to read, and the renderer
lays out every table whole instead of stamping copies of a shared layout, which prints
the same pages (docs/kit.md, "Print fidelity"; tests/test_engine_pages.py compares them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kitgen.engine import WEASYPRINT_CHECKED

# The properties that decide how a text prints inside its box, copied from the site's
# computed style into its stamp.
_TEXT_PROPERTIES = ("font_family", "font_style", "font_weight", "font_size", "line_height",
                    "text_align_all", "white_space", "overflow_wrap", "word_break", "color",
                    "letter_spacing", "font_variant_numeric")




def contract_holds() -> bool:
    """Return whether this WeasyPrint is the one :data:`WEASYPRINT_CHECKED` names."""
    import weasyprint

    return bool(weasyprint.__version__ == WEASYPRINT_CHECKED)


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


def page_sites(page: Any, attribute: str, footer_box: str, placeholder: str, footer_number: int) -> list[Site]:
    """Return the sites on one page WeasyPrint laid out, in document order: each element
    whose ``attribute`` holds its number, and last the footer, the line of the
    ``footer_box`` margin box that starts with ``placeholder`` (numbered ``footer_number``);
    only where :func:`contract_holds`."""
    from weasyprint.formatting_structure.boxes import TableCellBox

    page_box = page._page_box
    sites, seen = [], set()
    for box in page_box.descendants():
        element = getattr(box, "element", None)
        number = element.get(attribute) if element is not None else None
        if number is None or number in seen:  # a site's first box is its element's own
            continue
        seen.add(number)
        y, height = _cell_span(box) if isinstance(box, TableCellBox) else (box.content_box_y(), box.height)
        sites.append(Site(int(number), box.content_box_x(), y, box.width, height, _least_height(box),
                          _text_style(box.style)))
    footer = _footer_site(page_box, footer_box, placeholder, footer_number)
    return sites + ([footer] if footer else [])


def _cell_span(cell: Any) -> tuple[float, float]:
    """Return the top and height of what a table cell centres its content in: its row's
    height less its own padding (WeasyPrint pads a cell out to its row's height)."""
    top, bottom = (cell.style[f"padding_{side}"].value for side in ("top", "bottom"))
    return cell.padding_box_y() + top, cell.padding_height() - top - bottom


def _least_height(box: Any) -> float:
    least = getattr(box, "min_height", 0)
    return least if isinstance(least, (int, float)) else 0.0


def _footer_site(page_box: Any, footer_box: str, placeholder: str, number: int) -> Site | None:
    """Return the site of the page footer (``Table 2 · page 1 of 6``), which is laid out
    with the placeholder for the table's label and not printed: the whole line is stamped,
    ending at the footer's right edge."""
    from weasyprint.formatting_structure.boxes import LineBox, MarginBox, TextBox

    for margin_box in page_box.children:
        if not isinstance(margin_box, MarginBox) or margin_box.at_keyword != footer_box:
            continue
        for line in margin_box.descendants():
            texts = [box for box in line.descendants() if isinstance(box, TextBox)]
            if isinstance(line, LineBox) and texts and texts[0].text.startswith(placeholder):
                return Site(number, margin_box.content_box_x(), line.position_y, margin_box.width,
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

"""A laid-out WeasyPrint page's box tree, which :func:`kitgen.kit.stamps.stamp_sites` reads
the stamp sites of a shared table layout from: the one private name read here,
``Page._page_box`` (checked on WeasyPrint 70.0).

The plain path, for any other WeasyPrint: there is no box tree to read, and the renderer
lays out every table whole instead of stamping copies of a shared layout, which prints
the same pages (docs/kit.md, "Print fidelity"; tests/test_engine_pages.py compares them).
"""

from __future__ import annotations

from typing import Any

from kitgen.engine import WEASYPRINT_CHECKED


def contract_holds() -> bool:
    """Return whether this WeasyPrint is the one :data:`WEASYPRINT_CHECKED` names."""
    import weasyprint

    return bool(weasyprint.__version__ == WEASYPRINT_CHECKED)


def page_box(page: Any) -> Any:
    """Return the box tree (a ``weasyprint.formatting_structure.boxes.PageBox``) of a page
    WeasyPrint laid out; only where :func:`contract_holds`."""
    return page._page_box

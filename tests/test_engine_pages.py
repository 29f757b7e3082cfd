"""kitgen.engine.pages: the box tree of a laid-out page, read where stamps go, checked on
the WeasyPrint it names; the plain path (every table laid out whole) prints the same pages."""

from __future__ import annotations

from io import BytesIO

import pdfplumber
import pytest
import weasyprint

from kitgen.engine import WEASYPRINT_CHECKED, pages
from kitgen.games import find_preset
from kitgen.kit import stamps
from kitgen.kit.layout import Layout, find_paper
from kitgen.kit.parts.chunks import table_chunk
from kitgen.kit.render import TABLE_FORM, DocumentInfo, KitRenderer
from kitgen.kit.tables import plan_tables
from kitgen.rulebook import rulebook

CHECKED_ON = "70.0"  # the WeasyPrint whose Page._page_box this contract was read from
LAYOUT = Layout.for_print(find_paper("a4"), False)
STRIP = find_preset("strip").configure()
NAMES = ("Ana", "Ben", "Chloé", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jo", "Kai", "Lea")


def test_the_contract_was_checked_on_this_weasyprint() -> None:
    assert WEASYPRINT_CHECKED == CHECKED_ON
    assert weasyprint.__version__ == CHECKED_ON, (
        f"kitgen.engine.pages reads Page._page_box as WeasyPrint {CHECKED_ON} has it; this is "
        f"WeasyPrint {weasyprint.__version__}: read kitgen/engine/pages.py against it, then update "
        "WEASYPRINT_CHECKED (until then kits take the plain path)")
    assert pages.contract_holds()


@pytest.mark.render  # renders through WeasyPrint
def test_a_laid_out_page_gives_the_sites_its_elements_mark() -> None:
    with KitRenderer(LAYOUT) as renderer:
        document = renderer._laid_out("<!DOCTYPE html><html lang='en'><body><p>1</p>"
                                      "<p data-stamp='4' style='width: 50px'>\u00a0</p></body></html>")
    (site,) = pages.page_sites(document.pages[0], "data-stamp", "@bottom-right", "\u00a0", -1)
    assert (site.number, site.width) == (4, 50)
    assert site.y > 0 and "font-size" in site.style


def printed(pdf: bytes) -> list[list[tuple[str, float, float, float]]]:
    """Return each page's printed characters with their place and size, rounded and sorted."""
    with pdfplumber.open(BytesIO(pdf)) as document:
        return [sorted((char["text"], round(char["x0"], 2), round(char["top"], 2), round(char["size"], 2))
                       for char in page.chars) for page in document.pages]


@pytest.mark.render  # renders through WeasyPrint
def test_the_plain_path_lays_out_every_table_whole_and_prints_the_same_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    book = rulebook(STRIP)
    chunks = [table_chunk(STRIP, table, LAYOUT, book) for table in plan_tables(STRIP, NAMES, None, 1, 4)]
    with KitRenderer(LAYOUT) as renderer:
        stamped = renderer.render(chunks, DocumentInfo("kit", "test"))
        monkeypatch.setattr(pages, "contract_holds", lambda: False)
        monkeypatch.setattr(stamps, "page_sites", lambda *given: pytest.fail("the plain path read a box tree"))
        whole = renderer.render(chunks, DocumentInfo("kit", "test"))
    assert TABLE_FORM.encode() in stamped and TABLE_FORM.encode() not in whole
    assert printed(whole) == printed(stamped)

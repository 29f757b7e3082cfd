"""Tables that differ only in names and labels: laid out once, names and labels stamped
onto copies of the shared pages (kitgen.kit.stamps, kitgen.kit.render; issue 13 item 2)."""

from __future__ import annotations

from io import BytesIO

import pdfplumber
import pytest
import weasyprint
from pypdf import PdfReader

from kitgen.games import find_preset
from kitgen.kit.layout import Layout, find_paper
from kitgen.kit.parts.chunks import table_chunk
from kitgen.kit.render import TABLE_FORM, DocumentInfo, KitRenderer
from kitgen.kit.stamps import Stamp, Stamps
from kitgen.kit.tables import plan_tables
from kitgen.rulebook import rulebook

# Tables 2 and 3 each hold a name that wraps onto two lines and prints smaller, a Greek or
# Cyrillic name and a name with a combining mark; table 1 has the kit's guide, so it is
# laid out on its own.
ROSTER = (
    "Ana", "Ben", "Cy", "Dee",
    "Wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww", "Μαρία Παπαδοπούλου", "Zoë", "Ivo",
    "Mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm", "Владимир Щербаков", "Lu", "Max",
)


def chunks_of(preset: str, names: tuple[str, ...], layout: Layout, table_size: int = 4, rounds: int | None = None,
              **options) -> list:
    rules = find_preset(preset).configure(options)
    book = rulebook(rules)
    return [table_chunk(rules, table, layout, book, rounds)
            for table in plan_tables(rules, names, None, 1, table_size)]


def printed(pdf: bytes, first: int, count: int) -> list[tuple[list, list]]:
    """Return each page's printed characters with their place and size, and its drawn
    rules (lines, and boxes under 2 pt thick: a field's underline; a box's outline is its
    own rules), rounded and sorted."""
    with pdfplumber.open(BytesIO(pdf)) as document:
        return [(
            sorted((char["text"], round(char["x0"], 2), round(char["top"], 2), round(char["size"], 2))
                   for char in page.chars),
            sorted(tuple(round(shape[key], 2) for key in ("x0", "top", "x1", "bottom"))
                   for shape in page.lines + page.rects if min(shape["width"], shape["height"]) < 2),
        ) for page in document.pages[first:first + count]]


@pytest.fixture(scope="module")
def layout() -> Layout:
    return Layout.for_print(find_paper("a4"), False)


@pytest.fixture(scope="module")
def renderer(layout) -> KitRenderer:
    return KitRenderer(layout)


@pytest.fixture(scope="module", params=[("strip", {}), ("classic", {"format": "best-of-3", "rounds": 2})],
                ids=["strip", "classic-best-of-3"])
def kit(request, renderer, layout):
    """Return a 3-table kit's chunks, the kit rendered with stamping and each table
    rendered alone (whole), as PDF bytes."""
    preset, options = request.param
    chunks = chunks_of(preset, ROSTER, layout, **options)
    stamped = renderer.render(chunks, DocumentInfo("kit", "test"))
    alone = [renderer.render([chunk], DocumentInfo("kit", "test")) for chunk in chunks]
    return chunks, stamped, alone


def table_pages(alone: list[bytes]) -> list[tuple[int, int]]:
    firsts, first = [], 0
    for pdf in alone:
        count = len(PdfReader(BytesIO(pdf)).pages)
        firsts.append((first, count))
        first += count
    return firsts


def test_tables_alike_are_laid_out_once_and_print_as_when_laid_out_alone(kit):
    chunks, stamped, alone = kit
    reader = PdfReader(BytesIO(stamped))
    pages = table_pages(alone)
    shared = [[TABLE_FORM in page["/Resources"].get("/XObject", {}) for page in reader.pages[first:first + count]]
              for first, count in pages]
    assert shared == [[alike] * count for alike, (_, count) in zip((False, True, True), pages, strict=False)]
    for (first, count), table in list(zip(pages, alone, strict=False))[1:]:  # table 1 is laid out alone anyway
        assert printed(stamped, first, count) == printed(table, 0, count)


def test_a_stamped_kit_lays_out_each_distinct_table_once(renderer, layout, monkeypatch):
    laid_out = []
    original = weasyprint.HTML.render

    def render(self, *args, **kwargs):
        laid_out.append(self)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(weasyprint.HTML, "render", render)
    chunks = chunks_of("strip", tuple(f"Player {number}" for number in range(1, 9)), layout, 2)
    assert len(chunks) == 4
    renderer.render(chunks, DocumentInfo("kit", "test"))
    # table 1 (it has the kit's guide), the layout tables 2-4 share, their stamps
    assert len(laid_out) == 3


def test_stamped_names_and_labels_are_text_to_search_and_copy(kit):
    chunks, stamped, _ = kit
    text = "\n".join(page.extract_text() for page in PdfReader(BytesIO(stamped)).pages)
    unwrapped = "".join(text.split())  # a long name wraps onto two lines
    for name in ROSTER:
        assert "".join(name.split()) in unwrapped
    for number in range(1, 4):
        assert f"Table {number} \u00b7 page 1 of" in text


def test_stamped_kits_keep_the_outline_of_each_table(kit):
    chunks, stamped, alone = kit
    titles = [item.title for item in PdfReader(BytesIO(stamped)).outline if not isinstance(item, list)]
    assert titles == [chunk.bookmark for chunk in chunks]
    outline = PdfReader(BytesIO(stamped)).outline
    nested = [[item.title for item in items] for items in outline if isinstance(items, list)]
    assert nested == [[item.title for item in PdfReader(BytesIO(pdf)).outline[1]] for pdf in alone]


def test_a_table_with_text_outside_the_stamps_is_laid_out_whole(renderer, layout):
    chunks = chunks_of("knucklebones", ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay"), layout, 2)
    reader = PdfReader(BytesIO(renderer.render(chunks, DocumentInfo("kit", "test"))))
    assert not any(TABLE_FORM in page["/Resources"].get("/XObject", {}) for page in reader.pages)
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert all(name in text for name in ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay"))


def test_a_stamped_kit_is_the_same_bytes_every_time(kit, renderer):
    chunks, stamped, _ = kit
    assert renderer.render(chunks, DocumentInfo("kit", "test")) == stamped


def test_stamps_number_their_sites_and_resolve_their_tokens():
    stamps = Stamps()
    assert stamps.site("Ana", "bottom", 9.5) == ' data-stamp="0"'
    assert stamps.site("Table 2", "right") == ' data-stamp="1"'
    assert stamps.stamps == [Stamp("Ana", "bottom", 9.5), Stamp("Table 2", "right")]
    token = stamps.token("Seat 2, Ben")
    assert stamps.resolve(f"Turn sheet - {token} (1 of 2)") == "Turn sheet - Seat 2, Ben (1 of 2)"
    with pytest.raises(ValueError):
        stamps.site("Ana", "sideways")

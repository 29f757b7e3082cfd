"""The renderer: fetcher, watched WeasyPrint log, pinned clock, pypdf finishing
(kitgen.kit.render; docs/kit.md "Print fidelity" and "Safety")."""

from __future__ import annotations

import os
from io import BytesIO

import pytest
from pypdf import PdfReader
from weasyprint.urls import FatalURLFetchingError

from kitgen.errors import RenderError
from kitgen.games import find_preset
from kitgen.kit.fonts import check_embedded_fonts, font_families, number_families
from kitgen.kit.layout import CELL_PADDING_MM, CELL_PADDING_X_MM, CELL_RULE_MM, Layout, find_paper
from kitgen.kit.parts.chunks import host_key_chunk, table_chunk
from kitgen.kit.parts.part import Chunk
from kitgen.kit.render import DOCUMENT_TEMPLATE, DocumentInfo, KitRenderer, PackagedFetcher, environment
from kitgen.kit.tables import plan_tables
from kitgen.resources import data_folder
from kitgen.rulebook import rulebook

STRIP = find_preset("strip").configure()


@pytest.fixture(scope="module")
def renderer() -> KitRenderer:
    return KitRenderer(Layout.for_print(find_paper("a4"), False))


@pytest.fixture(scope="module")
def fetcher(renderer) -> PackagedFetcher:
    return renderer._fetcher


def page(body: str) -> str:
    return f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'></head><body>{body}</body></html>"


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/hostname",
        "http://example.com/x.png",
        "https://example.com/kit.css",
        "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
        "data:text/css,body%7Bcolor:red%7D",
        "ftp://example.com/font.ttf",
    ],
)
def test_fetcher_refuses_urls_it_does_not_own(fetcher, url):
    with pytest.raises(FatalURLFetchingError, match="only its own packaged files"):
        fetcher.fetch(url)


def test_fetcher_refuses_a_path_that_climbs_out_of_its_folders(fetcher):
    outside = data_folder("templates").as_uri() + "/../pyproject.toml"
    with pytest.raises(FatalURLFetchingError):
        fetcher.fetch(outside)


def test_fetcher_refuses_a_missing_file_in_its_folders(fetcher):
    with pytest.raises(FatalURLFetchingError):
        fetcher.fetch(data_folder("templates").as_uri() + "/missing.png")


def test_fetcher_serves_packaged_templates_and_font_files(fetcher):
    response = fetcher.fetch((data_folder("templates") / "kit.css.j2").as_uri())
    assert b"@page" in response.read()
    from kitgen.kit.fonts import font_faces

    font = fetcher.fetch(font_faces()[0].path.as_uri())
    assert font.read(4) in (b"\x00\x01\x00\x00", b"OTTO", b"true")


def test_environment_escapes_and_is_strict():
    env = environment()
    assert env.autoescape is True
    rendered = env.from_string("<p>{{ name }}</p>").render(name='<img src="file:///etc/hostname">')
    assert "<img" not in rendered and "&lt;img" in rendered
    with pytest.raises(Exception, match="undefined"):
        env.from_string("{{ missing }}").render()


@pytest.mark.parametrize(
    "body",
    [
        '<img src="file:///etc/hostname">',
        '<img src="http://example.com/x.png">',
        '<link rel="stylesheet" href="http://example.com/x.css">',
        "<p style=\"background: url('data:image/png;base64,iVBORw0KGgo=')\">x</p>",
    ],
)
def test_a_foreign_url_in_the_document_stops_the_render(renderer, body):
    with pytest.raises(RenderError, match="render stopped"):
        renderer.render_html(page(body))


def test_a_font_that_does_not_load_fails_the_render(renderer):
    broken = (
        "<style>@font-face { font-family: broken; src: url(kit.css.j2) }"
        " p { font-family: broken }</style><p>1 2 3</p>"
    )
    with pytest.raises(RenderError, match="render failed: Font-face 'broken' cannot be loaded"):
        renderer.render_html(page(broken))


@pytest.mark.parametrize("preset", ["strip", "classic", "long-game", "knucklebones"])
def test_part_sizes_come_from_one_head_stylesheet_that_no_name_reaches(preset):
    rules = find_preset(preset).configure()
    layout = Layout.for_print(find_paper("a4"), False)
    names = ("Ana}*{x:y", "Ben</style>")
    chunk = table_chunk(rules, plan_tables(rules, names)[0], layout, rulebook(rules))
    html = environment().get_template(DOCUMENT_TEMPLATE).render(chunk=chunk, layout=layout, title="t")
    head, body = html.split("</head>")
    style = head.split("<style>")[1]
    assert "style=" not in body
    assert "Ana" not in style and "Ben" not in style
    for index, part in enumerate(chunk.parts, start=1):
        assert (f".part-{index} " in style) == bool(part.stylesheet)
        assert (f"part-{index}" in body) == bool(part.stylesheet)


def test_harmless_warnings_do_not_fail_the_render(renderer):
    assert renderer.render_html(page('<p style="colour: red; width: wide">1 2 3</p>')).startswith(b"%PDF")


def test_a_character_our_fonts_lack_is_caught_after_the_render(renderer):
    pdf = PdfReader(BytesIO(renderer.render_html(page("<p>Ana \u05e9\u05dc\u05d5\u05dd</p>"))))
    with pytest.raises(RenderError, match="not one of kitgen's fonts"):
        check_embedded_fonts(pdf)


def test_our_fonts_pass_the_embedded_font_check(renderer):
    pdf = PdfReader(BytesIO(renderer.render_html(page("<p>Zoë Łukasz <b>Σοφία</b> Дарья 1 7 6 9</p>"))))
    check_embedded_fonts(pdf)
    names = {str(font["/BaseFont"]).split("+")[1] for font in _fonts(pdf)}
    assert names <= {
        "kitgen-Atkinson-Hyperlegible", "kitgen-Atkinson-Hyperlegible-Bold",
        "kitgen-Noto-Sans", "kitgen-Noto-Sans-Bold",
    }
    assert len(names) >= 3


def embedded_font_files(pdf: PdfReader) -> list[bytes]:
    """Return the font programs embedded in ``pdf`` (each descendant font's file)."""
    files = []
    for font in _fonts(pdf):
        for described in [font, *(descendant.get_object() for descendant in font.get("/DescendantFonts", ()))]:
            descriptor = described.get("/FontDescriptor")
            if descriptor is None:
                continue
            descriptor = descriptor.get_object()
            for key in ("/FontFile2", "/FontFile3", "/FontFile"):
                if key in descriptor:
                    files.append(descriptor[key].get_object().get_data())
    return files


def test_the_clock_is_pinned_only_during_a_render(renderer, monkeypatch):
    """No embedded font carries the caller's SOURCE_DATE_EPOCH or the current time, and the
    caller's is theirs again after the render. fontTools' subsetter stamps KIT_EPOCH; HarfBuzz's
    (used by WeasyPrint where libharfbuzz-subset is installed) keeps the packaged file's own
    ``head.modified``: both give the same bytes on every render."""
    from fontTools.misc.timeTools import epoch_diff
    from fontTools.ttLib import TTFont

    from kitgen.kit.fonts import font_faces
    from kitgen.kit.render import KIT_EPOCH

    callers = "1234567890"  # 2009: the caller's own pin, not the kit's
    monkeypatch.setenv("SOURCE_DATE_EPOCH", callers)
    pdf = PdfReader(BytesIO(renderer.render_html(page("<p>1 2 3 Ana</p>"))))
    files = embedded_font_files(pdf)
    assert files
    packaged = {TTFont(face.path, lazy=True)["head"].modified for face in font_faces()}
    fixed = {int(KIT_EPOCH) - epoch_diff, *packaged}  # seconds since 1904
    assert int(callers) - epoch_diff not in fixed
    for data in files:
        assert TTFont(BytesIO(data))["head"].modified in fixed
    assert os.environ["SOURCE_DATE_EPOCH"] == callers


def test_render_joins_chunks_and_finishes_the_pdf(renderer):
    book = rulebook(STRIP)
    key = host_key_chunk(STRIP, renderer.layout, book)
    pdf = PdfReader(BytesIO(renderer.render([key, Chunk("Again", key.parts)], DocumentInfo("test kit", "a test"))))
    assert len(pdf.pages) == 2
    assert pdf.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"
    assert pdf.metadata.title == "test kit"
    assert "/ID" not in pdf.trailer
    assert "Again · page 1 of 1" in pdf.pages[1].extract_text()


def _fonts(pdf: PdfReader):
    for pdf_page in pdf.pages:
        yield from (font.get_object() for font in pdf_page["/Resources"]["/Font"].values())


def test_table_cells_are_drawn_with_the_padding_and_rules_the_layout_fits_text_with():
    layout = Layout.for_print(find_paper("letter"), True)
    css = environment().get_template("kit.css.j2").render(
        layout=layout, faces=(), families=font_families(), number_families=number_families())
    assert f"--cell-padding: {CELL_PADDING_X_MM}mm;" in css and f"--cell-rule: {CELL_RULE_MM}mm;" in css
    assert "th, td { border: var(--cell-rule) solid #000; padding: 0 var(--cell-padding); }" in css
    assert layout.cell_padding_mm == CELL_PADDING_MM >= 2 * CELL_PADDING_X_MM + CELL_RULE_MM

"""Where WeasyPrint keeps a renderer's copies of the fonts (kitgen/engine/fonts.py): the
contract, pinned to the WeasyPrint version it was checked on, and the plain path."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
import weasyprint

from kitgen.engine import fonts
from kitgen.games import find_preset
from kitgen.kit.layout import Layout, find_paper
from kitgen.kit.parts.chunks import host_key_chunk
from kitgen.kit.render import DocumentInfo, KitRenderer
from kitgen.rulebook import rulebook

CHECKED_ON = "70.0"  # the WeasyPrint version FontConfiguration._folder was checked on
STRIP = find_preset("strip").configure()


def test_the_contract_was_checked_on_this_weasyprint() -> None:
    assert weasyprint.__version__ == CHECKED_ON, (
        f"kitgen.engine.fonts reads FontConfiguration._folder as WeasyPrint {CHECKED_ON} has it; this is "
        f"WeasyPrint {weasyprint.__version__}: kitgen takes the plain path (collect the configuration). Check "
        "that weasyprint/text/fonts.py still writes the copies of the fonts to _folder, then update "
        "CHECKED_ON and kitgen.engine.WEASYPRINT_CHECKED")
    assert fonts.contract_holds()


def font_copies(scratch: Path) -> list[Path]:
    return [path for path in scratch.iterdir() if path.name.startswith("weasyprint-")]


def render_and_close(scratch: Path) -> tuple[bytes, Path | None, list[Path]]:
    """Render a host key, close the renderer; return the PDF, the folder the contract named
    while it rendered, and the copies of fonts left in ``scratch`` after closing."""
    renderer = KitRenderer(Layout.for_print(find_paper("a4"), False))
    key = host_key_chunk(STRIP, renderer.layout, rulebook(STRIP))
    pdf = renderer.render([key], DocumentInfo("test kit", "a test"))
    named = fonts.font_copies_folder(renderer._font_config)
    renderer.close()
    return pdf, named, font_copies(scratch)


@pytest.mark.render  # renders through WeasyPrint
def test_the_plain_path_renders_the_same_pdf_and_leaves_no_font_copies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    pdf, named, left = render_and_close(tmp_path)
    assert named is not None and named.parent == tmp_path and left == []
    monkeypatch.setattr(fonts, "contract_holds", lambda: False)  # as on another WeasyPrint
    plain_pdf, plain_named, plain_left = render_and_close(tmp_path)
    assert plain_named is None and plain_left == []
    assert plain_pdf == pdf

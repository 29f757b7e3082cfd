"""Whole kits on disk (kitgen.kit.build; docs/kit.md, docs/cli.md ``kitgen kit``, issue 2)."""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from kitgen.errors import OptionError, OutputExistsError, PlayerNameError, RenderError
from kitgen.games import find_preset
from kitgen.kit.build import build_kit, output_paths
from kitgen.kit.render import KitRenderer
from kitgen.kit.request import KitRequest
from kitgen.kit.roster import read_roster

FIXTURES = Path(__file__).parent / "fixtures"
STRIP = find_preset("strip").configure()


@pytest.fixture(scope="module")
def default_kit(tmp_path_factory) -> list[Path]:
    """The kit of `kitgen kit` with no options, built in an empty folder."""
    folder = tmp_path_factory.mktemp("default")
    with contextlib.chdir(folder):
        written = build_kit(KitRequest(STRIP))
    return [folder / path for path in written.paths]


@pytest.fixture(scope="module")
def roster_kit(tmp_path_factory) -> Path:
    """Seven names (Latin, Greek, Cyrillic) on Letter, host key appended."""
    path = tmp_path_factory.mktemp("roster") / "class.pdf"
    assert build_kit(roster_request(path)).paths == [path]
    return path


def texts(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(path).pages]


def embedded_fonts(path: Path) -> dict[str, bool]:
    fonts = {}
    for page in PdfReader(path).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object()
            fonts[str(font["/BaseFont"])] = "/FontFile2" in descriptor or "/FontFile3" in descriptor
    return fonts


def test_default_kit_writes_kit_and_host_key_into_output(default_kit):
    kit, key = default_kit
    assert (kit.parent.name, kit.name, key.name) == ("output", "kit.pdf", "kit-host-key.pdf")
    assert kit.is_file() and key.is_file()
    assert not list(kit.parent.glob("*.part"))


def test_default_kit_pages_are_exactly_a4(default_kit, check_paper):
    for path in default_kit:
        check_paper(path, "a4")


def test_default_kit_asks_for_actual_size_printing(default_kit):
    for path in default_kit:
        assert PdfReader(path).trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"


def test_default_kit_has_every_part_for_a_blank_table_of_six(default_kit):
    pages = texts(default_kit[0])
    everything = "\n".join(pages)
    assert pages[0].startswith("Rules")
    assert everything.count("1 2 3 4 5 6 7 8 9") == 14  # 2 attempts x 6 seats + 2 spares
    assert everything.count("Remaining sum") == 14
    assert everything.count("Numbers closed") == 12  # a roll record per attempt
    assert "Attempt 1 Attempt 2 Combined" in everything
    assert "Lowest combined total wins" in everything
    assert "Table 1" in pages[0]


def test_every_page_carries_the_scale_bar_label_and_page_number(default_kit):
    for path in default_kit:
        pages = texts(path)
        for number, text in enumerate(pages, start=1):
            assert "100 mm" in text
            assert f"page {number} of {len(pages)}" in text


def test_separate_host_key_lists_every_set(default_kit):
    (text,) = texts(default_kit[1])
    assert "Host key" in text and "Keep apart" in text
    for tiles in ("1+2+3+4", "1+2+9", "3+4+5", "2+3+4"):
        assert tiles in text
    assert "Worst attempt score: 43" in text


def test_default_kit_fonts_are_ours_and_embedded(default_kit):
    for path in default_kit:
        fonts = embedded_fonts(path)
        assert fonts and all(fonts.values())
        assert all(name.split("+")[1].startswith("kitgen-") for name in fonts)


def roster_request(path: Path) -> KitRequest:
    return KitRequest(
        STRIP, players=read_roster(FIXTURES / "roster-7.txt").names, paper="letter",
        host_key="appended", output=path,
    )


def test_same_request_a_second_later_gives_identical_bytes(roster_kit, tmp_path):
    """The roster's Greek and Cyrillic names use the variable Noto Sans, whose instancing
    stamps the time unless the renderer pins it."""
    time.sleep(1.1)
    again = tmp_path / "class.pdf"
    build_kit(roster_request(again))
    assert again.read_bytes() == roster_kit.read_bytes()


def test_the_default_output_folder_is_replaced_freely_with_the_same_bytes(default_kit, tmp_path):
    folder = default_kit[0].parent.parent
    before = [path.read_bytes() for path in default_kit]
    with contextlib.chdir(folder):
        again = build_kit(KitRequest(STRIP))
    assert [folder / path for path in again.paths] == default_kit
    assert [path.read_bytes() for path in default_kit] == before


def test_the_render_leaves_the_environment_as_it_was(default_kit):
    assert os.environ.get("SOURCE_DATE_EPOCH") != "946684800"


def test_roster_kit_is_letter_with_both_scale_bars(roster_kit, check_paper):
    check_paper(roster_kit, "letter")
    for text in texts(roster_kit):
        assert "100 mm" in text and "4 in" in text


def test_roster_kit_splits_seven_names_into_two_tables(roster_kit):
    everything = "\n".join(texts(roster_kit))
    assert "Table 1" in everything and "Table 2" in everything and "Table 3" not in everything
    for name in ("Ana", "Zoë", "Łukasz", "Σοφία", "Дарья", "Mary-Jane O'Neil"):
        assert name in everything


def test_roster_kit_appends_the_host_key(roster_kit):
    pages = texts(roster_kit)
    assert pages[-1].startswith("Host key")
    assert sum("Host key" in text for text in pages) == 1


def test_international_names_print_in_our_fonts_only(roster_kit):
    fonts = embedded_fonts(roster_kit)
    assert all(fonts.values())
    families = {name.split("+")[1] for name in fonts}
    assert any(name.startswith("kitgen-Noto-Sans") for name in families)  # Greek, Cyrillic
    assert all(name.startswith(("kitgen-Atkinson-Hyperlegible", "kitgen-Noto-Sans")) for name in families)


def test_host_key_none_writes_only_the_kit(tmp_path):
    path = tmp_path / "solo.pdf"
    assert build_kit(KitRequest(STRIP, seats=1, host_key="none", output=path)).paths == [path]
    assert list(tmp_path.iterdir()) == [path]
    assert "Host key" not in "\n".join(texts(path))


def test_a_name_our_fonts_cannot_draw_is_refused_before_rendering(tmp_path):
    path = tmp_path / "kit.pdf"
    with pytest.raises(PlayerNameError, match="cannot print"):
        build_kit(KitRequest(STRIP, players=("Ana", "\u05e9\u05e8\u05d4"), output=path))
    assert not path.exists()


def test_an_existing_named_file_is_not_overwritten_without_force(tmp_path):
    path = tmp_path / "kit.pdf"
    path.write_bytes(b"mine")
    with pytest.raises(OutputExistsError, match="--force"):
        build_kit(KitRequest(STRIP, output=path))
    assert path.read_bytes() == b"mine"


def test_an_existing_host_key_beside_a_named_file_is_not_overwritten_either(tmp_path):
    (tmp_path / "kit-host-key.pdf").write_bytes(b"mine")
    with pytest.raises(OutputExistsError, match="kit-host-key.pdf"):
        output_paths(KitRequest(STRIP, output=tmp_path / "kit.pdf"))


def test_force_allows_replacing_a_named_file(tmp_path):
    path = tmp_path / "kit.pdf"
    path.write_bytes(b"mine")
    request = KitRequest(STRIP, output=path, force=True, host_key="none")
    assert output_paths(request) == (path, None)


def test_a_failed_render_leaves_no_file_behind(tmp_path, monkeypatch):
    """The kit renders, then its separate host key fails: neither file is written."""
    render = KitRenderer.render

    def fail_on_the_host_key(self, chunks, info, rendered=lambda: None):
        if info.title.startswith("Host key"):  # rendered here or in a forked copy
            raise RenderError("the render failed: test.")
        return render(self, chunks, info, rendered)

    monkeypatch.setattr(KitRenderer, "render", fail_on_the_host_key)
    with pytest.raises(RenderError):
        build_kit(KitRequest(STRIP, output=tmp_path / "out" / "kit.pdf"))
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


def test_a_failed_write_leaves_no_partial_file(tmp_path, monkeypatch):
    import kitgen.kit.output as output

    def broken_link(source, target):
        raise OSError(28, "No space left on device", str(target))

    monkeypatch.setattr(output.os, "link", broken_link)
    with pytest.raises(RenderError, match="cannot write .*No space left"):
        output.write_files({tmp_path / "kit.pdf": b"%PDF-1.7"}, replace=lambda path: False)
    assert list(tmp_path.iterdir()) == []


def test_written_files_get_ordinary_permissions(default_kit):
    mask = os.umask(0)
    os.umask(mask)
    assert default_kit[0].stat().st_mode & 0o777 == 0o666 & ~mask


@pytest.mark.parametrize(
    "change, message",
    [({"paper": "a3"}, "a4 or letter"), ({"host_key": "later"}, "separate, appended or none")],
)
def test_unknown_paper_or_host_key_is_refused(change, message):
    with pytest.raises(OptionError, match=message):
        build_kit(KitRequest(STRIP, **change))


def test_progress_is_told_after_every_chunk_of_every_file(tmp_path):
    calls = []
    request = KitRequest(STRIP, seats=1, tables=2, output=tmp_path / "kit.pdf")
    build_kit(request, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 3), (2, 3), (3, 3)]  # two tables, then the separate host key

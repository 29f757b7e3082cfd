"""The fonts a kit may use (kitgen.kit.fonts; docs/kit.md "Print fidelity", docs/rules.md "Player names")."""

from __future__ import annotations

import shutil

import pytest
from fontTools.ttLib import TTFont

from kitgen.errors import PlayerNameError, RenderError
from kitgen.kit.fonts import check_printable, font_faces, font_families, font_folders, number_families


def test_families_come_in_fallback_order_latin_first():
    assert font_families() == ("kitgen Atkinson Hyperlegible", "kitgen Noto Sans")


def test_numbers_print_in_a_family_whose_zero_has_no_slash():
    assert number_families() == ("kitgen Noto Sans", "kitgen Atkinson Hyperlegible")
    face = next(face for face in font_faces() if face.family == number_families()[0])
    with TTFont(face.path) as font:  # a plain zero is two contours; a slashed one more
        assert font["glyf"][font.getBestCmap()[ord("0")]].numberOfContours == 2


def test_faces_are_files_of_the_font_packages():
    faces = font_faces()
    assert all(face.path.is_file() for face in faces)
    assert {face.path.parent.parent.name for face in faces} == {
        "fontpkg_atkinson_hyperlegible", "fontpkg_noto_sans",
    }
    bold = [face for face in faces if face.family.endswith("Hyperlegible") and face.weight == 700]
    assert bold and all(face.weight is None for face in faces if face.family.endswith("Noto Sans"))
    assert len(font_folders()) == 2


@pytest.mark.parametrize("name", ["Zoë", "Łukasz", "Σοφία", "Дарья", "Mary-Jane O'Neil", "Nguyễn Văn An"])
def test_latin_greek_and_cyrillic_names_are_printable(name):
    check_printable([name])


@pytest.mark.parametrize("name, char, script",
                         [("שרה", "ש", "Hebrew"), ("李小龙", "李", "Han"), ("Ana ሰላም", "ሰ", "Ethiopic")])
def test_a_name_in_another_script_is_refused_naming_the_character_and_its_script(name, char, script):
    message = f"character {char!r} of the {script} script, which kitgen's fonts cannot print"
    with pytest.raises(PlayerNameError, match=message) as caught:
        check_printable(["Ana", name])
    assert str(caught.value).count(".") == 1


def test_a_font_file_added_to_the_folder_becomes_the_last_family(fonts_folder):
    noto = next(face.path for face in font_faces() if face.family == "kitgen Noto Sans")
    shutil.copy(noto, fonts_folder / "Extra.ttf")
    font_faces.cache_clear()
    assert font_families()[-1] == "kitgen extra 1"
    assert font_faces()[-1].path == fonts_folder / "Extra.ttf"
    assert fonts_folder in font_folders()


def test_a_missing_font_package_fails_in_one_sentence(fonts_folder):
    config = fonts_folder / "fonts.toml"
    config.write_text(config.read_text().replace("fontpkg_noto_sans", "fontpkg_not_there"))
    with pytest.raises(RenderError, match="'fontpkg_not_there' is missing"):
        font_faces()


def test_an_unreadable_configuration_fails_in_one_sentence(fonts_folder):
    (fonts_folder / "fonts.toml").write_text("[[family]\n")
    with pytest.raises(RenderError, match="font configuration cannot be read"):
        font_faces()



def hebrew_font(path, drawn: bool = True) -> None:
    """Write a small font that maps the Hebrew letter alef, drawn as a square or (a damaged
    outline table) as nothing."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    def glyph(ink: bool):
        pen = TTGlyphPen(None)
        if ink:
            pen.moveTo((100, 0)), pen.lineTo((100, 500)), pen.lineTo((500, 500)), pen.lineTo((500, 0))
            pen.closePath()
        return pen.glyph()

    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder([".notdef", "alef"])
    builder.setupCharacterMap({0x05D0: "alef"})
    builder.setupGlyf({".notdef": glyph(True), "alef": glyph(drawn)})
    builder.setupHorizontalMetrics({".notdef": (600, 100), "alef": (600, 100)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Test Hebrew", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    builder.save(str(path))


def damage_table(path, tag: bytes) -> None:
    """Overwrite the table ``tag`` of the font file at ``path`` with 0xff bytes."""
    import struct

    data = bytearray(path.read_bytes())
    for index in range(struct.unpack(">H", data[4:6])[0]):
        name, _, offset, length = struct.unpack(">4sIII", data[12 + 16 * index:28 + 16 * index])
        if name == tag:
            data[offset:offset + length] = b"\xff" * length
    path.write_bytes(bytes(data))


def test_an_added_font_draws_a_name_the_packaged_ones_cannot(fonts_folder):
    hebrew_font(fonts_folder / "Hebrew.ttf")
    check_printable(["Ana", "\u05d0\u05d0"])


def test_an_added_font_that_would_print_a_name_blank_is_refused_by_name(fonts_folder):
    hebrew_font(fonts_folder / "Hebrew.ttf", drawn=False)
    with pytest.raises(RenderError, match=r"Hebrew\.ttf' has no outline for 'א' \(it is damaged\)"):
        check_printable(["Ana", "\u05d0\u05d0"])
    check_printable(["Ana"])  # a name it does not draw is not its concern


@pytest.mark.parametrize("table", [b"maxp", b"head", b"cmap"])
def test_an_added_font_with_a_damaged_table_is_one_sentence(fonts_folder, table):
    hebrew_font(fonts_folder / "Hebrew.ttf")
    damage_table(fonts_folder / "Hebrew.ttf", table)
    with pytest.raises(RenderError, match=r"Hebrew\.ttf' is damaged or not a font kitgen can load") as caught:
        font_faces()
    assert str(caught.value).count("\n") == 0


def fonttools_subsets() -> bool:
    """Return whether WeasyPrint subsets fonts with fontTools (no HarfBuzz-Subset library)."""
    from weasyprint.text.ffi import harfbuzz_subset

    return harfbuzz_subset is None


@pytest.mark.skipif(not fonttools_subsets(), reason="HarfBuzz-Subset writes metrics fontTools cannot")
def test_an_added_font_that_cannot_be_embedded_fails_the_render_in_one_sentence(fonts_folder):
    from kitgen.games import find_preset
    from kitgen.kit.build import render_kit
    from kitgen.kit.request import KitRequest

    hebrew_font(fonts_folder / "Hebrew.ttf")
    damage_table(fonts_folder / "Hebrew.ttf", b"hmtx")  # loads, lays out; its metrics cannot be written again
    with pytest.raises(RenderError, match="could not be embedded in the PDF .*fonts folder may be damaged"):
        render_kit(KitRequest(find_preset("strip").configure(), ("\u05d0\u05d0", "Ben"), host_key="none"))

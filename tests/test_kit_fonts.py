"""The fonts a kit may use (kitgen.kit.fonts; KIT.md "Print fidelity", RULES.md "Player names")."""

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


@pytest.mark.parametrize("name, char, script", [("שרה", "ש", "Hebrew"), ("李小龙", "李", "Han"), ("Ana ሰላም", "ሰ", "Ethiopic")])
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


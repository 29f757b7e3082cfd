"""The player-name rule (RULES.md, "Player names")."""

import unicodedata

import pytest

from kitgen.errors import PlayerNameError
from kitgen.logs.validate import validate_text
from kitgen.rules.names import parse_name, parse_names


@pytest.mark.parametrize("name", ["Ana", "Zoë", "Łukasz", "Σοφία", "Дарья", "Jean-Luc", "O'Neil",
                                  "Dr. Who", "Player 2", "प्रिया", "สมชาย"])
def test_names_of_any_alphabet_are_accepted(name):
    assert parse_name(name) == name


def test_typographic_apostrophe_and_spaces_are_normalised():
    assert parse_name("  O\u2019Neil   Smith ") == "O'Neil Smith"


def test_decomposed_accents_are_read_as_the_composed_name():
    decomposed = unicodedata.normalize("NFD", "Zoë")
    assert len(decomposed) == 4
    assert parse_name(decomposed) == "Zoë"


@pytest.mark.parametrize("text", ["", "   ", "<img src=x>", "Ana;Ben", "a" * 41, "\u0301x",
                                  "tab\x00", "semi:colon", "{{ name }}"])
def test_ill_formed_names_are_refused(text):
    with pytest.raises(PlayerNameError):
        parse_name(text)


def test_forty_characters_is_the_limit():
    assert parse_name("a" * 40) == "a" * 40


def test_names_repeated_ignoring_case_are_refused():
    with pytest.raises(PlayerNameError, match="twice"):
        parse_names(["Ana", "ANA"])


def test_a_log_matches_a_name_typed_in_another_normal_form():
    nfd = unicodedata.normalize("NFD", "Zoë")
    log = ("rules: classic\nplayers: Zoë, Ben\n"
           f"turn {nfd}\n8: 8\n9: 9\n7: 7\n12: 3 4 5\n11: -\n"
           "turn Ben\n8: 8\n9: 9\n7: 7\n12: 3 4 5\n11: -\n")
    report = validate_text(log)
    assert [error.code for error in report.errors] == []
    assert report.results["winners"] == ["Zoë", "Ben"]

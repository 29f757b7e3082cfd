"""The player-name rule (docs/rules.md, "Player names")."""

import random
import string
import unicodedata

import pytest

from kitgen.errors import LogUnreadableError, PlayerNameError
from kitgen.logs.validate import validate_text
from kitgen.rules.confusables import prototypes
from kitgen.rules.names import name_key, parse_name, parse_names, skeleton


@pytest.mark.parametrize("name", ["Ana", "Zoë", "Łukasz", "Σοφία", "Дарья", "Jean-Luc", "O'Neil",
                                  "Dr. Who", "Player 2", "प्रिया", "สมชาย"])
def test_names_of_any_alphabet_are_accepted(name):
    assert parse_name(name) == name


def test_typographic_apostrophe_and_spaces_are_normalised():
    assert parse_name("  O\u2019Neil   Smith ") == "O'Neil Smith"


def test_a_name_is_matched_ignoring_case_apostrophes_spaces_and_composition():
    keys = {name_key(text) for text in ("Zoë O'Neil", "ZOË  O\u2019NEIL", unicodedata.normalize("NFD", "zoë o'neil"))}
    assert len(keys) == 1
    assert name_key("<b>Ana</b>") != name_key("Ana")  # an ill-formed name matches nobody


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
    assert report.results.winners == ("Zoë", "Ben")


def full_skeleton(text: str) -> str:
    """Return UTS #39's skeleton computed the long way: NFD, map, NFD, until it settles."""
    current = unicodedata.normalize("NFD", text)
    for _ in range(4):
        mapped = unicodedata.normalize("NFD", current.translate(prototypes()))
        if mapped == current:
            break
        current = mapped
    return current


def test_the_skeleton_of_ascii_text_is_the_one_computed_the_long_way():
    rng = random.Random(13)
    texts = ["".join(rng.choice(string.printable) for _ in range(rng.randint(0, 9))) for _ in range(20_000)]
    for text in [*texts, "m1Il|`\"%0", "Mary Ann", "O'Neil"]:
        assert skeleton(text) == full_skeleton(text), text


def test_an_ascii_name_is_read_as_the_character_rules_read_it():
    rng = random.Random(13)
    for _ in range(20_000):
        text = "".join(rng.choice(string.ascii_letters + string.digits + " .'-_!") for _ in range(rng.randint(1, 6)))
        try:
            name = parse_name(text)
        except PlayerNameError:
            assert any(char in "_!" for char in text) or not text.strip()
        else:
            assert name == " ".join(text.split()) and not any(char in "_!" for char in text)


def test_the_confusables_table_has_every_mapping_of_unicode_13():
    assert len(prototypes()) == 6311
    assert prototypes()[0x0410] == "A" and prototypes()[0x006D] == "rn" and prototypes()[0x2FA1D] == "\U0002a600"


FULLWIDTH_ANA = "\uff21\uff4e\uff41"  # drawn as "Ana", in NFKC form "Ana"


@pytest.mark.parametrize("names", [(FULLWIDTH_ANA, "Ana"), ("Ana", FULLWIDTH_ANA), ("ana", FULLWIDTH_ANA),
                                   ("\uff22\uff45\uff4e", "BEN"), ("\uff76\uff85", "\u30ab\u30ca")])
def test_names_alike_in_their_compatibility_form_are_one_name(names):
    with pytest.raises(PlayerNameError, match="would look the same on paper"):
        parse_names(names)


INVISIBLE = ["\u3164", "\u115f", "\u1160", "\uffa0",  # the Hangul fillers, read as letters
             "A\u3164na", "Ana\u3164", "Ana\ufe0f", "A\u034fna", "Ana\U000e0100", "Ana\u180b",
             "\u1780\u17b4", "Ana\u200b"]


@pytest.mark.parametrize("text", INVISIBLE)
def test_a_name_with_an_invisible_character_is_refused(text):
    with pytest.raises(PlayerNameError, match=r"has the invisible character U\+[0-9A-F]{4,5} \(.+\), "
                                              "which prints as nothing"):
        parse_name(text)


@pytest.mark.parametrize("header", [
    "rules: strip\nplayers: {}, Ben\n",
    "rules: classic\nplayers: Ben, {}\n",
    "rules: knucklebones\nplayers: {}, Ben\n",
])
@pytest.mark.parametrize("name, sentence", [
    ("\u3164", ("line 2: player name '\u3164' has the invisible character U+3164 (HANGUL FILLER), "
                "which prints as nothing.")),
    ("\uffa0", ("line 2: player name '\uffa0' has the invisible character U+FFA0 (HALFWIDTH HANGUL FILLER), "
                "which prints as nothing.")),
    (f"Ana, {FULLWIDTH_ANA}", f"line 2: player name '{FULLWIDTH_ANA}' would look the same on paper as 'Ana'."),
])
def test_a_log_header_naming_players_a_kit_refuses_is_unreadable(header, name, sentence):
    """A log's players: line follows the kits' name rule: a name that is invisible, or that
    would look the same on paper as another, makes the log unreadable, as a repeated name does."""
    with pytest.raises(LogUnreadableError) as raised:
        validate_text(header.format(name) + "turn Ben\n8: 8\n")
    assert str(raised.value) == sentence


def test_kitgen_validate_exits_2_for_a_log_whose_players_look_alike(tmp_path):
    from typer.testing import CliRunner

    from kitgen.cli import app

    log = tmp_path / "table.log"
    log.write_text(f"rules: strip\nplayers: Ana, {FULLWIDTH_ANA}\nturn Ana\n8: 8\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(log)])
    assert result.exit_code == 2
    assert result.stderr == (f"kitgen: {log}: line 2: player name '{FULLWIDTH_ANA}' would look the same "
                             "on paper as 'Ana'.\n")

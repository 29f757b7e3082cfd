"""A game registered from the test suite alone (an 8-tile box, otherwise like classic) is
found, checks a move and validates a log: nothing outside this file knows it."""

from __future__ import annotations

import pytest

from kitgen.games import find_game, find_preset, register, unregister
from kitgen.games.box import BoxGame
from kitgen.games.box.presets import BoxRules
from kitgen.games.preset import Option, Preset, RecordShape
from kitgen.logs.validate import validate_text

EIGHT = Preset(
    "eight",
    "1-4 players, tiles 1-8; otherwise classic.",
    BoxRules(preset="eight", tiles=8, one_die="high-shut", format="single", min_players=1, max_players=4),
    (
        Option("one-die", "one_die", (("on", "high-shut"), ("off", "never")), "on"),
        Option("format", "format", tuple((name, name) for name in
               ("single", "best-of-3", "best-of-5", "best-of-7", "elimination")), "single"),
    ),
    RecordShape(rounds=True),
    prints_as="classic",
)


class EightTileBox(BoxGame):
    """A box of tiles 1-8, played like classic."""

    id = "eight-tile-box"
    presets = (EIGHT,)
    aliases = (("8-tile", "eight"),)


@pytest.fixture
def eight():
    game = register(EightTileBox())
    yield game
    unregister(game)


def test_the_registered_game_owns_its_preset_and_alias(eight):
    assert find_game("eight") is eight
    assert find_game("8-Tile") is eight
    assert find_preset("8-tile") is EIGHT
    assert EIGHT.layout == "classic"  # the kit code prints it with classic's parts


def test_an_unknown_variant_is_refused_by_name():
    with pytest.raises(ValueError, match="unknown preset: 'eight'"):
        find_game("eight")


def test_it_checks_a_move_on_its_8_tile_box(eight):
    rules = find_preset("eight").configure()
    assert eight.check_move(rules, {"open": "1 2 3 4 5 6 7 8", "roll": "9", "close": "1 8"}).ok
    verdict = eight.check_move(rules, {"open": "1 2 3 4 5 6 7 8", "roll": "9", "close": "9"})
    assert not verdict.ok  # there is no tile 9 on this box


LOG = """rules: eight
players: Ana, Ben

turn Ana
9: 1 8
7: 7
5: 5
6: 6
5+6: -
score: 9
turn Ben
8: 8
7: 7
6: 6
5: 5
4: 4
3: 3
1+1: 2
2: -
score: 1
"""


def test_it_validates_a_log_of_its_preset(eight):
    report = validate_text(LOG)
    assert report.valid, report.errors
    assert report.results.winners == ("Ben",)
    assert report.results.totals == {"Ana": 9, "Ben": 1}


def test_a_tile_off_its_box_is_an_error_in_the_log(eight):
    report = validate_text(LOG.replace("9: 1 8", "9: 9"))
    assert not report.valid


@pytest.mark.render  # renders through WeasyPrint
def test_it_prints_a_kit_of_its_8_tile_box(eight, tmp_path):
    from pypdf import PdfReader

    from kitgen.kit.build import build_kit
    from kitgen.kit.request import KitRequest

    rules = find_preset("eight").configure({"format": "best-of-3"})
    written = build_kit(KitRequest(rules, players=("Ana", "Ben", "Cy"), output=tmp_path / "eight.pdf"))
    kit = [" ".join(page.extract_text().split()) for page in PdfReader(written.paths[0]).pages]
    assert "Shut the Box - best of 3, 8 tiles" in kit[0]
    sheets = [page for page in kit if page.startswith("Turn sheet")]
    assert sheets and all("1 2 3 4 5 6 7 8 Score" in page for page in sheets)
    assert not any("7 8 9" in page for page in kit)  # no tile 9 anywhere on its paper
    assert [path.name for path in written.paths] == ["eight.pdf", "eight-host-key.pdf"]

"""Tests for kitgen.rulebook: the rules text of every preset and option (RULES.md 1-8)."""

from __future__ import annotations

import itertools
import re

import pytest
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.rulebook import TEXT_WIDTH, Rulebook, Section, rulebook, rules_text
from kitgen.rules.presets import PRESETS, find_preset

BOX_PRESETS = ("strip", "classic", "ten", "hundred", "long-game")


def every_rules():
    """Yield the Rules of every preset under every combination of its option values."""
    for preset in PRESETS:
        names = [option.name for option in preset.options]
        for values in itertools.product(*(option.values for option in preset.options)):
            yield preset.configure(dict(zip(names, values)))


ALL_RULES = list(every_rules())


def settled(preset: str, **options: str):
    chosen = {name.replace("_", "-"): value for name, value in options.items()}
    return find_preset(preset).configure(chosen)


def strings(book: Rulebook) -> list[str]:
    sections = (*book.sections, book.example)
    return [
        book.title, book.goal, book.strip_hint, book.result_rule, *book.host_notes,
        *(section.heading for section in sections),
        *(paragraph for section in sections for paragraph in section.paragraphs),
    ]


def text_of(book: Rulebook) -> str:
    return "\n".join(strings(book))


def section(book: Rulebook, heading: str) -> Section:
    return next(part for part in book.sections if part.heading == heading)


def headings(book: Rulebook) -> list[str]:
    return [part.heading for part in book.sections]


# --- Shape and tone ---------------------------------------------------------------------


def test_every_combination_is_covered():
    # 2 tiles x 2 one-die x 5 formats, 2 scorings, 3 match lengths, and 3 presets without options
    assert len(ALL_RULES) == 20 + 2 + 3 + 3


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda rules: rules.describe())
def test_rulebook_is_complete_plain_text(rules):
    book = rulebook(rules)
    assert book.preset == rules.preset
    assert book.sections and book.example.paragraphs and book.host_notes
    assert all(part.paragraphs for part in book.sections)
    assert headings(book)[0] == "Setup"
    assert "Ending" in headings(book) and "Rulings" in headings(book)
    for line in strings(book):
        assert line.strip() == line and line
        assert not re.search(r"[<>*_`#\[\]{}]", line), line


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda rules: rules.describe())
def test_no_text_suggests_strategy(rules):
    text = text_of(rulebook(rules)).lower()
    assert not re.search(r"\bbest\b(?! of)", text)
    for word in ("should", "recommend", "better", "good move", "strategy", "tip", "advice", "aim"):
        assert not re.search(rf"\b{word}\b", text), word


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda rules: rules.preset)
def test_articles_agree_and_no_kitgen_jargon_reaches_the_players(rules):
    text = text_of(rulebook(rules))
    assert not re.search(r"\b[Aa] (?!one)[aeiou]", text)  # issue 9: "A attempt ends"
    assert "kitgen" not in text and "ruling on table size" not in text


def test_the_strip_game_has_no_box_and_a_hundred_title_says_what_loses():
    assert "box" not in text_of(rulebook(settled("strip"))).lower()
    assert rulebook(settled("hundred", scoring="digits")).title.endswith("digits scoring: reaching 1000 loses")


def test_title_names_format_and_tiles():
    assert rulebook(settled("classic", format="best-of-3", tiles="12")).title == (
        "Shut the Box - best of 3, 12 tiles"
    )
    assert "one-die rule off" in rulebook(settled("classic", one_die="off")).title


# --- Shared box rules (RULES.md section 1) ------------------------------------------------


@pytest.mark.parametrize("preset", BOX_PRESETS)
def test_box_rulings_are_printed(preset):
    rulings = " ".join(section(rulebook(settled(preset)), "Rulings").paragraphs)
    assert "one or more different open tiles" in rulings
    assert "exactly the total of the throw" in rulings
    assert "no subtracting" in rulings and "no using each die on its own" in rulings
    assert "cannot pass" in rulings
    assert "player's own choice" in rulings


@pytest.mark.parametrize("preset", BOX_PRESETS)
def test_worked_example_lists_every_set_for_8_and_picks_none(preset):
    example = " ".join(rulebook(settled(preset)).example.paragraphs)
    sums_to_8 = {
        "+".join(map(str, tiles)) if len(tiles) > 1 else f"{tiles[0]} alone"
        for size in range(1, 5)
        for tiles in itertools.combinations(range(1, 10), size)
        if sum(tiles) == 8
    }
    assert len(sums_to_8) == 6  # RULES.md section 1: 6 sets of {1..9} add up to 8
    for choice in sums_to_8:
        assert choice in example
    assert "picks one" in example


def test_example_turn_end_score_follows_the_scoring():
    assert "1+4+6 = 11" in " ".join(rulebook(settled("hundred")).example.paragraphs)
    assert "146" in " ".join(rulebook(settled("hundred", scoring="digits")).example.paragraphs)


@pytest.mark.parametrize(
    ("rules", "condition"),
    [
        (settled("classic"), "when tiles 7, 8 and 9 are all shut"),
        (settled("classic", tiles="12"), "when every tile from 7 up to 12 is shut"),
        (settled("ten"), "when the open tiles add up to 6 or less"),
        (settled("hundred"), "when tiles 7, 8 and 9 are all shut"),
        (settled("long-game"), "when tiles 7, 8 and 9 are all shut"),
    ],
    ids=lambda value: getattr(value, "preset", value),
)
def test_one_die_condition_per_preset(rules, condition):
    book = rulebook(rules)
    one_die = " ".join(section(book, "The one-die rule").paragraphs)
    assert condition in one_die
    assert "never forced" in one_die and "two dice is always allowed" in one_die
    assert "throw of 1" in one_die
    assert condition in book.strip_hint


@pytest.mark.parametrize("rules", [settled("strip"), settled("classic", one_die="off")], ids=str)
def test_no_one_die_rule_means_two_dice_always(rules):
    book = rulebook(rules)
    assert "The one-die rule" not in headings(book)
    assert "Roll both dice for every throw" in text_of(book)
    assert "one die" not in book.strip_hint.lower()


@pytest.mark.parametrize(("tiles", "worst"), [("9", "43"), ("12", "76")])
def test_classic_worst_score(tiles, worst):
    assert f"worst possible turn score is {worst}" in text_of(rulebook(settled("classic", tiles=tiles)))


# --- strip (RULES.md section 2) -----------------------------------------------------------


def test_strip_two_attempts_combined_and_solo():
    book = rulebook(settled("strip"))
    text = text_of(book)
    assert "1 to 6 players" in text and "2 attempts" in text
    assert "attempt 1 plus attempt 2" in text
    assert "no winner" in " ".join(section(book, "Rulings").paragraphs)
    assert book.result_rule == (
        "Lowest combined total wins; equal totals share the win. Alone: no winner."
    )
    assert "cross out" in book.strip_hint


# --- classic (RULES.md section 3) ---------------------------------------------------------


@pytest.mark.parametrize(("tiles", "out", "other"), [("9", "45", "78"), ("12", "78", "45")])
def test_classic_elimination_threshold_per_tiles(tiles, out, other):
    book = rulebook(settled("classic", tiles=tiles, format="elimination"))
    text = " ".join(section(book, "Format").paragraphs)
    assert f"{out} or more is out" in text
    assert "Nobody can be out after round 1" in text
    assert "the one of them with the lowest running total wins" in text
    assert out in book.result_rule and other not in text_of(book)


@pytest.mark.parametrize(("length", "wins"), [("3", "2"), ("5", "3"), ("7", "4")])
def test_classic_best_of_needs_a_majority_and_runs_past_length(length, wins):
    book = rulebook(settled("classic", format=f"best-of-{length}"))
    text = " ".join(section(book, "Format").paragraphs)
    assert f"first player to {wins} round wins" in text
    assert "single lowest score" in text and "wins nobody" in text
    assert f"past {length} rounds" in text
    assert f"First to {wins} round wins" in book.result_rule


def test_classic_single_seat_rotation_and_solo():
    book = rulebook(settled("classic"))
    rounds = " ".join(section(book, "Rounds").paragraphs)
    assert "Round 1 starts with seat 1" in rounds
    assert "one seat further on" in rounds and "skipping players who are out" in rounds
    assert "does not end the round" in rounds
    assert "no winner" in " ".join(section(book, "Ending").paragraphs)
    assert "share" in book.result_rule


# --- ten (RULES.md section 4) -------------------------------------------------------------


def test_ten_shut_wins_at_once():
    book = rulebook(settled("ten"))
    ending = " ".join(section(book, "Ending").paragraphs)
    assert "wins at once" in ending and "do not play" in ending
    assert "1 to 8 players" in text_of(book)
    assert "tiles 1 to 10" in text_of(book)
    assert "worst possible turn score is 53" in text_of(book)
    assert "wins at once" in book.result_rule


# --- hundred (RULES.md section 5) ---------------------------------------------------------


def test_hundred_sum_passing_100_loses():
    book = rulebook(settled("hundred"))
    text = text_of(book)
    assert "to pass 100 (a running total of more than 100" in text
    assert "1000" not in text
    assert "back to 0" in text
    assert "Every round starts with seat 1" in text
    assert "ranked by running total, lowest first" in text
    assert book.title == "Race to 100 - sum scoring: passing 100 loses"


def test_hundred_digits_reaching_1000_loses():
    book = rulebook(settled("hundred", scoring="digits"))
    text = text_of(book)
    assert "to reach 1000 (a running total of 1000 or more)" in text
    assert "1, 5 and 9 open the score is 159" in text
    assert "pass 100" not in text
    assert "1000" in book.result_rule


# --- long-game (RULES.md section 6) -------------------------------------------------------


def test_long_game_roles_doubles_and_win_conditions():
    book = rulebook(settled("long-game"))
    doubles = " ".join(section(book, "Doubles").paragraphs)
    assert "one extra turn" in doubles and "lost when the board passes" in doubles
    assert "still earns its extra turn" in doubles and "both dice" in doubles
    ending = " ".join(section(book, "Ending").paragraphs)
    assert "shuts the last open tile" in ending and "opens the last shut tile" in ending
    assert "Seat 1 is the closer, seat 2 the opener" in text_of(book)
    assert "for the opener when tile 1 is open" in text_of(book)
    assert "2+5" in " ".join(book.example.paragraphs)


# --- knucklebones (RULES.md section 7) ----------------------------------------------------


def test_knucklebones_scoring_examples_and_maximum():
    book = rulebook(settled("knucklebones"))
    scoring = " ".join(section(book, "Scoring").paragraphs)
    assert "f x c x c" in scoring
    for example in ("A lone 5 scores 5", "5 x 2 x 2 = 20", "6 x 3 x 3 = 54", "20 + 1 = 21",
                    "16 + 1 = 17", "162"):
        assert example in scoring
    assert "162" in " ".join(book.host_notes)


def test_knucklebones_turn_removal_and_ending():
    book = rulebook(settled("knucklebones"))
    text = text_of(book)
    assert "3 columns" in text and "facing the one you used" in text
    assert "showing your face is taken off" in text
    assert "Your own dice are never removed" in text
    assert "holds 9 dice" in text
    assert "The other seat starts the next game, also after a draw" in text
    assert "random draw decides who starts the first game" in text
    example = " ".join(book.example.paragraphs)
    assert "4 x 2 x 2 = 16" in example and "lone 2" in example


@pytest.mark.parametrize(("match", "wins"), [("best-of-3", "2"), ("best-of-5", "3")])
def test_knucklebones_match_lengths(match, wins):
    book = rulebook(settled("knucklebones", match=match))
    assert f"first seat to win {wins} games" in " ".join(section(book, "Matches").paragraphs)
    assert f"win {wins} games" in book.result_rule
    assert book.title == f"Knucklebones - {match.replace('-', ' ')}"


# --- rules_text (CLI.md, kitgen rules) ----------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS, ids=lambda preset: preset.id)
def test_rules_text_prints_default_rulebook_within_width(preset):
    text = rules_text(preset)
    book = rulebook(preset.configure())
    assert text.startswith(book.title + "\n")
    for part in book.sections:
        assert f"\n{part.heading}\n" in text
    assert all(len(line) <= TEXT_WIDTH for line in text.splitlines())
    if not preset.options:
        assert f"{preset.id} has no options." in text


@pytest.mark.parametrize(
    ("preset", "value", "facts"),
    [
        ("classic", "9", ("43", "45")),
        ("classic", "12", ("76", "78")),
        ("classic", "on", ("7, 8 and 9",)),
        ("classic", "off", ("two dice for every throw",)),
        ("classic", "single", ("lowest score wins",)),
        ("classic", "best-of-3", ("2 round wins",)),
        ("classic", "best-of-5", ("3 round wins",)),
        ("classic", "best-of-7", ("4 round wins",)),
        ("classic", "elimination", ("45 or more is out", "after round 1")),
        ("hundred", "sum", ("more than 100",)),
        ("hundred", "digits", ("159", "1000 or more")),
        ("knucklebones", "single", ("played again",)),
        ("knucklebones", "best-of-3", ("win 2 games",)),
        ("knucklebones", "best-of-5", ("win 3 games",)),
    ],
)
def test_rules_text_explains_every_option_value(preset, value, facts):
    text = rules_text(find_preset(preset))
    entry = re.search(rf"^  - {re.escape(value)}: (.*(?:\n    .*)*)", text, re.MULTILINE)
    assert entry, value
    paragraph = " ".join(entry.group(1).split())
    for fact in facts:
        assert fact in paragraph


def test_rules_text_covers_every_option_value_of_every_preset():
    for preset in PRESETS:
        text = rules_text(preset)
        for option in preset.options:
            assert f"{option.name} (default {option.default}):" in text
            for value in option.values:
                assert f"\n  - {value}: " in text


# --- CLI ---------------------------------------------------------------------------------


def test_cli_rules_lists_one_line_per_preset():
    result = CliRunner().invoke(app, ["rules"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == [preset.id for preset in PRESETS]


def test_cli_rules_classic_prints_the_rules():
    result = CliRunner().invoke(app, ["rules", "classic"])
    assert result.exit_code == 0
    assert result.stdout.startswith("Shut the Box - single round, 9 tiles")
    assert "best-of-7" in result.stdout


def test_cli_rules_unknown_preset_is_clicks_usage_error_with_the_presets():
    result = CliRunner().invoke(app, ["rules", "nope"], env={"COLUMNS": "200"})
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "'nope' is not one of 'strip', 'classic', 'ten', 'hundred', 'long-game', 'knucklebones'" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("fmt, shared", [("single", True), ("elimination", True),
                                         ("best-of-3", False), ("best-of-7", False)])
def test_classic_prints_ties_share_only_where_a_win_can_be_shared(fmt, shared):
    book = rulebook(find_preset("classic").configure({"format": fmt}))
    text = " ".join(paragraph for section in book.sections for paragraph in section.paragraphs)
    assert ("Ties share" in text) is shared

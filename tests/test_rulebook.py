"""Tests for kitgen.rulebook: the rules text of every preset and option (docs/rules.md 1-8).

The words are pinned by golden files, one per preset under ``tests/fixtures/golden/rules/``:
``<preset>.txt`` is what ``kitgen rules <preset>`` prints, ``<preset>.json`` every part of the
rulebook and of "How to use this kit" by key, for every combination of the preset's options.
After a deliberate rewording, write them again with ``KITGEN_WRITE_GOLDEN=1`` and review the diff.
"""

from __future__ import annotations

import itertools
import json
import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.games import find_preset, presets
from kitgen.kit.guide import how_to_use
from kitgen.rulebook import (
    TEXT_WIDTH,
    Rulebook,
    RuleTextError,
    rule_parts,
    rule_text,
    rulebook,
    rules_text,
)

GOLDEN = Path(__file__).parent / "fixtures" / "golden" / "rules"
PLAYING_PAPERS = {"strip": "attempt strips", "classic": "turn sheets", "ten": "strips", "hundred": "turn sheets",
                  "long-game": "board sheet", "knucklebones": "boards"}


def every_rules(preset):
    """Yield (label, Rules) of ``preset`` under every combination of its option values."""
    names = [option.name for option in preset.options]
    for values in itertools.product(*(option.values for option in preset.options)):
        chosen = dict(zip(names, values, strict=True))
        yield " ".join(f"{name}={value}" for name, value in chosen.items()), preset.configure(chosen)


ALL_RULES = [rules for preset in presets() for _, rules in every_rules(preset)]


def golden_parts(preset) -> dict:
    """Return every keyed part of ``preset``'s rules and guide, per option combination."""
    parts = {}
    for label, rules in every_rules(preset):
        said = {key: text for part in rule_parts(rules) for key, text in zip(part.keys, part.paragraphs, strict=False)}
        said.update({f"heading {part.key}": part.heading for part in rule_parts(rules) if part.heading})
        for seats in range(rules.min_players, rules.max_players + 1):
            guide = how_to_use(rules, seats, PLAYING_PAPERS[preset.id])
            said.update({f"{key} seats={seats}": text for key, text in zip(guide.keys, guide.paragraphs, strict=False)})
        parts[label or "default"] = said
    return parts


def strings(book: Rulebook) -> list[str]:
    sections = (*book.sections, book.example)
    return [
        book.title, book.goal, book.strip_hint, book.result_rule, *book.host_notes,
        *(section.heading for section in sections),
        *(paragraph for section in sections for paragraph in section.paragraphs),
    ]


# --- The words, exactly ---------------------------------------------------------------------


@pytest.mark.parametrize("preset", presets(), ids=lambda preset: preset.id)
def test_kitgen_rules_prints_the_golden_text(preset):
    path = GOLDEN / f"{preset.id}.txt"
    if os.environ.get("KITGEN_WRITE_GOLDEN"):
        path.write_text(rules_text(preset) + "\n", encoding="utf-8")
    assert rules_text(preset) + "\n" == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("preset", presets(), ids=lambda preset: preset.id)
def test_every_option_combination_words_the_golden_parts(preset):
    path = GOLDEN / f"{preset.id}.json"
    if os.environ.get("KITGEN_WRITE_GOLDEN"):
        path.write_text(json.dumps(golden_parts(preset), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    assert golden_parts(preset) == json.loads(path.read_text(encoding="utf-8"))


def test_the_cli_prints_what_rules_text_says():
    result = CliRunner().invoke(app, ["rules", "classic"])
    assert result.exit_code == 0
    assert result.stdout == (GOLDEN / "classic.txt").read_text(encoding="utf-8")


# --- Shape ------------------------------------------------------------------------------------


def test_every_combination_is_covered():
    # 2 tiles x 2 one-die x 5 formats, 2 scorings, 3 match lengths, and 3 presets without options
    assert len(ALL_RULES) == 20 + 2 + 3 + 3


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda rules: rules.describe())
def test_rulebook_is_complete_plain_text(rules):
    book = rulebook(rules)
    assert book.preset == rules.preset
    assert book.sections and book.example.paragraphs and book.host_notes
    assert all(part.paragraphs and part.heading for part in book.sections)
    keys = [part.key for part in book.sections]
    assert keys[0] == "setup" and "ending" in keys and "rulings" in keys
    for line in strings(book):
        assert line.strip() == line and line
        assert not re.search(r"[<>*_`#\[\]{}%]", line), line


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda rules: rules.describe())
def test_every_paragraph_has_one_key_under_its_section(rules):
    keys = [key for part in rule_parts(rules) for key in part.keys]
    assert len(keys) == len(set(keys))
    for part in rule_parts(rules):
        assert len(part.keys) == len(part.paragraphs)
        assert all(key == part.key or key.startswith(part.key + ".") for key in part.keys)


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda rules: rules.describe())
def test_no_text_suggests_strategy(rules):
    text = "\n".join(strings(rulebook(rules))).lower()
    assert not re.search(r"\bbest\b(?! of)", text)
    for word in ("should", "recommend", "better", "good move", "strategy", "tip", "advice", "aim"):
        assert not re.search(rf"\b{word}\b", text), word


# --- rule_text: by key, never by heading and position ----------------------------------------


def test_rule_text_gives_a_section_a_paragraph_or_a_group():
    hundred = find_preset("hundred").configure()
    book = rulebook(hundred)
    scoring = next(part for part in book.sections if part.key == "scoring")
    assert rule_text(hundred, "scoring") == scoring.paragraphs
    assert rule_text(hundred, "scoring.points") == scoring.paragraphs[:1]
    assert rule_text(hundred, "scoring.total") == scoring.paragraphs[1:]
    assert rule_text(hundred, "host") == book.host_notes


def test_rule_text_follows_the_options():
    best_of_5 = find_preset("classic").configure({"format": "best-of-5"})
    (rule,) = rule_text(best_of_5, "format")
    assert rule == rule_text(best_of_5, "format.best-of")[0]
    assert "3 round wins" in rule
    with pytest.raises(RuleTextError, match="'format.single'"):
        rule_text(best_of_5, "format.single")


def test_a_key_the_rules_lack_is_an_error_not_another_rule():
    with pytest.raises(RuleTextError, match="'classic'.*'doubles'"):
        rule_text(find_preset("classic").configure(), "doubles")
    with pytest.raises(KeyError):
        rule_text(find_preset("strip").configure(), "one-die")


# --- rules_text (docs/cli.md, kitgen rules) -----------------------------------------------------


@pytest.mark.parametrize("preset", presets(), ids=lambda preset: preset.id)
def test_rules_text_prints_default_rulebook_within_width(preset):
    text = rules_text(preset)
    book = rulebook(preset.configure())
    assert text.startswith(book.title + "\n")
    for part in book.sections:
        assert f"\n{part.heading}\n" in text
    assert all(len(line) <= TEXT_WIDTH for line in text.splitlines())


def test_rules_text_covers_every_option_value_of_every_preset():
    for preset in presets():
        text = rules_text(preset)
        for option in preset.options:
            assert f"{option.name} (default {option.default}):" in text
            for value in option.values:
                assert f"\n  - {value}: " in text


# --- CLI -------------------------------------------------------------------------------------


def test_cli_rules_lists_one_line_per_preset():
    result = CliRunner().invoke(app, ["rules"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == [preset.id for preset in presets()]


def test_cli_rules_unknown_preset_is_clicks_usage_error_with_the_presets():
    result = CliRunner().invoke(app, ["rules", "nope"], env={"COLUMNS": "200"})
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "'nope' is not one of 'strip', 'classic', 'ten', 'hundred', 'long-game', 'knucklebones'" in result.stderr
    assert "Traceback" not in result.stderr

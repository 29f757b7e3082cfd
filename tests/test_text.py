"""Tests for kitgen.text: words through gettext catalogs, extracted by Babel (babel.cfg)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from typer.testing import CliRunner

import kitgen.cli
import kitgen.text
from kitgen.cli import app
from kitgen.errors import TileSyntaxError
from kitgen.games import find_preset
from kitgen.games.box.rules import parse_tiles
from kitgen.kit.guide import how_to_use
from kitgen.kit.layout import PAPERS, Layout
from kitgen.kit.parts.part import rotation
from kitgen.kit.parts.roll_records import roll_records
from kitgen.kit.tables import Table
from kitgen.logs.report import format_text
from kitgen.logs.validate import validate_text
from kitgen.rulebook import rule_text, rules_text
from kitgen.session.dice import TWO_DICE, fit
from kitgen.session.figures import PlayerRow
from kitgen.session.printed import figures_phrase
from kitgen.text import gettext, ngettext, pgettext, use_language

ROOT = Path(__file__).resolve().parent.parent
POT = ROOT / "kitgen" / "text" / "locale" / "kitgen.pot"


def message_ids(messages) -> set[tuple[str | None, str]]:
    return {(context, message if isinstance(message, str) else message[0]) for context, message in messages}


def test_the_committed_pot_holds_every_message_of_the_sources():
    with open(ROOT / "babel.cfg", encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config)
    extracted = message_ids(
        (context, message)
        for _, _, message, _, context in extract_from_dir(str(ROOT), method_map, options_map)
    )
    with open(POT, "rb") as pot:
        committed = message_ids((message.context, message.id) for message in read_po(pot) if message.id)
    assert extracted == committed, (
        "kitgen.pot is out of date: pybabel extract -F babel.cfg --no-wrap --sort-by-file "
        "--omit-header -o kitgen/text/locale/kitgen.pot ."
    )
    assert ("rules heading", "Scoring") in committed


GETTEXT_CALLS = {"gettext": (None, 0), "_": (None, 0), "N_": (None, 0), "ngettext": (None, 0),
                 "pgettext": (0, 1), "npgettext": (0, 1)}  # name: where the context and the message are


def test_every_message_a_python_call_names_is_in_the_pot_even_inside_an_f_string():
    with open(POT, "rb") as pot:
        committed = message_ids((message.context, message.id) for message in read_po(pot) if message.id)
    called = set()
    for path in (ROOT / "kitgen").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
                if name in GETTEXT_CALLS:
                    context, message = GETTEXT_CALLS[name]
                    words = [argument.value if isinstance(argument, ast.Constant) else None for argument in node.args]
                    if len(words) > message and isinstance(words[message], str):
                        where = words[context] if context is not None else None
                        called.add((path.relative_to(ROOT), where, words[message]))
    assert [call for call in called if call[1:] not in committed] == []


@pytest.fixture
def esperanto(language):
    """Show everything in a tiny made-up Esperanto catalog."""
    language([
        ("Agree on the format before the first throw.", "Interkonsentu pri la formato."),
        ("Scoring", "Poentoj", "rules heading"),
        (("Shut the Box - %(label)s, %(count)s tile", "Shut the Box - %(label)s, %(count)s tiles"),
         ("Fermu la keston - %(label)s, %(count)s kahelo", "Fermu la keston - %(label)s, %(count)s kaheloj")),
        (("Plan for %(low)s to %(high)s minutes with %(count)s player, explaining the rules included.",
          "Plan for %(low)s to %(high)s minutes with %(count)s players, explaining the rules included."),
         ("%(low)s-%(high)s minutoj kun %(count)s ludanto.", "%(low)s-%(high)s minutoj kun %(count)s ludantoj.")),
        ("{file} does not exist.", "{file} ne ekzistas."),
        ("Judge one proposed move on a stated position (never proposes one).",
         "Juĝu unu proponitan movon (neniam proponas unu)."),
    ])


def test_english_is_the_source_when_no_catalog_is_in_use():
    use_language("eo")  # no Esperanto catalog ships: English stays
    try:
        assert gettext("Scoring") == "Scoring"
        assert ngettext("{count} tile", "{count} tiles", 1) == "{count} tile"
    finally:
        use_language(None)


def test_adding_a_language_needs_only_its_catalog(esperanto):
    classic = find_preset("classic").configure()
    assert rule_text(classic, "setup.format") == ("Interkonsentu pri la formato.",)
    assert pgettext("rules heading", "Scoring") == "Poentoj"
    assert "\nPoentoj\n" in rules_text(find_preset("classic"))
    assert rules_text(find_preset("classic")).startswith("Fermu la keston - single round, 9 kaheloj\n")
    # a sentence the catalog lacks stays English
    assert rule_text(classic, "scoring.worst") == ("The worst possible turn score is 43.",)


def test_plural_forms_come_from_the_catalog(esperanto):
    strip = find_preset("strip").configure()
    assert how_to_use(strip, 1, "strips").paragraphs[0] == "10-15 minutoj kun 1 ludanto."
    assert how_to_use(strip, 3, "strips").paragraphs[0].endswith("3 ludantoj.")


def test_english_plural_forms_agree_with_the_count():
    strip = find_preset("strip").configure()
    assert how_to_use(strip, 1, "strips").paragraphs[0].startswith("Plan for 10 to 15 minutes with 1 player,")
    best_of_3 = find_preset("knucklebones").configure({"match": "best-of-3"})
    assert rule_text(best_of_3, "matches.length") == ("Best of 3: the first seat to win 2 games wins the match.",)


def test_a_kit_label_is_worded_and_measured_in_the_language_in_use(language):
    strip, layout, table = find_preset("strip").configure(), Layout(PAPERS["a4"]), Table(2, ("Ana", "Ben"))
    turns = rotation(table.seats, 2)
    english = roll_records(strip, layout, table, turns, "attempt")
    language([
        ("Roll total", "Ĵetsumo"),
        ("Table {number}", "Tablo {number}", "game table"),
        ("Attempt", "Provo de la ludanto"),
        ("Player", "Ludanto"),
    ])
    records = roll_records(strip, layout, table, turns, "attempt")
    assert records.columns == ("Ĵetsumo", "Numbers closed", "Checked sum")  # a heading the catalog lacks stays
    assert records.column_keys == english.column_keys  # the fillable fields keep their ids
    assert (records.pages[0][0].label, records.player_label) == ("Provo de la ludanto 1", "Ludanto")
    assert records.geometry.header_mm > english.geometry.header_mm  # the longer words are the ones measured


def test_a_report_sentence_is_worded_in_the_language_in_use(language):
    language([
        (("{count} two-dice throw", "{count} two-dice throws"),
         ("{count} ĵeto de du kuboj", "{count} ĵetoj de du kuboj")),
        ("{throws}: consistent with fair dice, {p}.", "{throws}: konforme al justaj kuboj, {p}."),
        (("{count} turn", "{count} turns"), ("{count} vico", "{count} vicoj")),
    ])
    fair = fit({total: round(36 * float(chance)) for total, chance in TWO_DICE.items()}, TWO_DICE)
    assert fair.sentence("two-dice") == "36 ĵetoj de du kuboj: konforme al justaj kuboj, p = 1.00."
    row = PlayerRow(1, "Eli", 1, False, {"turns": 1, "average_left": 22.375})
    assert figures_phrase(row, ("turns", "average_left")) == "1 vico · avg left 22.4"


def test_an_error_message_comes_from_the_catalog(esperanto):
    result = CliRunner().invoke(app, ["validate", "missing.log"])
    assert result.exit_code == 2
    assert result.stderr == "kitgen: missing.log: 'missing.log' ne ekzistas.\n"


def test_the_help_comes_from_the_catalog_of_the_language_chosen_before_the_cli_is_imported(esperanto):
    show_help = (
        "import kitgen.text; from pathlib import Path; "
        f"kitgen.text.LOCALE_FOLDER = Path({str(kitgen.text.LOCALE_FOLDER)!r}); kitgen.text.use_language('eo'); "
        "from kitgen.cli import app; app(['check', '--help'], prog_name='kitgen')"
    )
    shown = subprocess.run([sys.executable, "-c", show_help], cwd=ROOT, capture_output=True, text=True,
                           env={"COLUMNS": "200", "PATH": ""}, check=True).stdout
    assert "Juĝu unu proponitan movon (neniam proponas unu)." in shown
    assert "--rules" in shown and "The game: a preset id" in shown  # what the catalog lacks stays English


def test_a_rules_core_error_carries_its_problem_and_is_worded_when_shown(language):
    with pytest.raises(TileSyntaxError) as raised:
        parse_tiles("")
    assert str(raised.value) == "no tiles are written (write - for a throw with no move)."
    language([("no tiles are written (write - for a throw with no move).", "neniu kahelo estas skribita.")])
    assert str(raised.value) == "neniu kahelo estas skribita."  # the words are made when shown


def test_a_logs_errors_are_worded_when_shown_so_a_cached_line_follows_the_language(language):
    text = "rules: classic\nplayers: Ana, Ben\nturn Ana\n8 8\n9: -\nturn Ana\n"
    report = validate_text(text)  # "8 8" is read once and its SyntaxProblem cached by its text
    english = [error.message for error in report.errors]
    assert english[0] == "'8 8' is not a turn, round, throw or claim line. Did you mean '8: 8'?"
    assert english[2] == "Ana has already had a turn in round 1."
    language([
        ("{text} is not a turn, round, throw or claim line.", "{text} estas nek vico, nek raŭndo, nek ĵeto."),
        ("{sentence} Did you mean {choice}?", "{sentence} Ĉu vi celis {choice}?"),
        ("{name} has already had a turn in round {round}.", "{name} jam ludis en raŭndo {round}."),
    ])
    expected = ["'8 8' estas nek vico, nek raŭndo, nek ĵeto. Ĉu vi celis '8: 8'?", english[1],
                "Ana jam ludis en raŭndo 1."]
    assert [error.message for error in report.errors][:3] == expected  # the report made before the switch
    again = validate_text(text)  # the line cache answers "8 8" with the same problem
    assert [error.message for error in again.errors][:3] == expected
    assert "<log>:4: syntax: '8 8' estas nek vico" in format_text(again)
    assert validate_text(text).to_json()["errors"][2]["message"] == "Ana jam ludis en raŭndo 1."


def test_kitgen_speaks_the_language_the_environment_names(language, monkeypatch):
    language([("Scoring", "Poentoj", "rules heading")])
    kitgen.text.use_language("en")
    assert pgettext("rules heading", "Scoring") == "Scoring"
    monkeypatch.setenv("KITGEN_LANG", "eo")
    kitgen.text.use_language(None)
    assert pgettext("rules heading", "Scoring") == "Poentoj"
    monkeypatch.delenv("KITGEN_LANG")


@pytest.mark.parametrize(("environ", "language"), [
    ({}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LC_MESSAGES": "es_ES", "LANG": "de_DE.UTF-8"}, "es"),
    ({"LC_ALL": "fr_CA.UTF-8", "LC_MESSAGES": "es_ES", "LANG": "de_DE"}, "fr"),
    ({"LC_ALL": "C.UTF-8", "LANG": "de_DE"}, "en"),  # LC_ALL set decides, and C is English
    ({"LANG": "pt_BR.UTF-8"}, "en"),  # a locale kitgen does not speak: English
    ({"KITGEN_LANG": "de", "LC_ALL": "fr_FR"}, "de"),
    ({"LANGUAGE": "fr", "LANG": "C"}, "en"),  # GNU's LANGUAGE list is not one kitgen reads
])
def test_the_language_comes_from_kitgen_lang_then_the_locale_then_english(environ, language):
    assert kitgen.text.environment_language(environ) == language


def test_lang_chooses_the_language_of_a_commands_messages_and_an_unknown_one_is_refused_with_the_list(
        esperanto, monkeypatch):
    kitgen.text.use_language("en")
    result = CliRunner().invoke(app, ["validate", "missing.log", "--lang", "en"])
    assert result.stderr == "kitgen: missing.log: 'missing.log' does not exist.\n"
    refused = CliRunner().invoke(app, ["rules", "--lang", "it"])
    assert refused.exit_code == 2 and "'it' is not one of 'en', 'es', 'fr', 'de'" in refused.stderr
    monkeypatch.setattr(kitgen.cli, "LANGUAGES", kitgen.text.LANGUAGES)  # Esperanto is the fixture's
    monkeypatch.setenv("KITGEN_LANG", "klingon")
    refused = CliRunner().invoke(app, ["rules"])
    assert refused.exit_code == 2
    assert refused.stderr == "kitgen: KITGEN_LANG is 'klingon'; kitgen speaks en, es, fr, de.\n"


def test_kitgen_rules_lists_each_preset_with_its_summary_in_the_language_in_use(language):
    language([("1-4 players, 9 or 12 tiles; single round, best of 3/5/7 or elimination.",
               "1-4 ludantoj, 9 aŭ 12 kaheloj; unu raŭndo, plej bona el 3/5/7 aŭ elimino.")])
    shown = CliRunner().invoke(app, ["rules"]).stdout.splitlines()
    assert "classic       1-4 ludantoj, 9 aŭ 12 kaheloj; unu raŭndo, plej bona el 3/5/7 aŭ elimino." in shown
    assert shown[0].startswith("strip         1-6 players")  # a summary the catalog lacks stays English


def test_the_ranking_rule_printed_with_the_standings_is_worded_in_the_language_in_use(language):
    from kitgen.session.figures import rank
    from kitgen.session.printed import standings_table

    language([("Between tables: tables won.", "Inter tabloj: gajnitaj tabloj.")])
    standings = rank("long-game", find_preset("long-game").configure(), [])
    assert standings_table(standings).rule == "Inter tabloj: gajnitaj tabloj."


def test_a_form_fields_title_is_worded_from_its_name_in_the_language_in_use(language):
    from kitgen.text.fields import field_title

    name = "t2.rec03.r05.numbers-closed"
    assert field_title(name) == "Table 2, record 3, row 5, numbers closed"
    language([
        ("Table {number}", "Tablo {number}", "form field"),
        ("record {number}", "registro {number}", "form field"),
        ("row {number}", "vico {number}", "form field"),
        ("numbers closed", "fermitaj nombroj", "form field"),
        ("seat {number} total", "sumo de seĝo {number}", "form field"),
        (", ", " · ", "form field"),
    ])
    assert field_title(name) == "Tablo 2 · registro 3 · vico 5 · fermitaj nombroj"
    assert field_title("t1.placement-record.sheet01.r07.seat-2-total") == (
        "Tablo 1 · placement record · sheet 1 · vico 7 · sumo de seĝo 2")  # what the catalog lacks stays


def test_the_place_on_the_sheets_a_read_line_was_filled_in_is_worded_when_shown(language):
    from kitgen.forms.scheme import Manifest
    from kitgen.forms.transcribe import transcribe
    from kitgen.logs.report import LogError
    from kitgen.rules.problems import Problem
    from kitgen.text.fields import place_text

    row = "t1.turn-record.sheet01.r01"
    (log,) = transcribe(Manifest("long-game", (("Ana", "Ben"),)), {
        f"{row}.turn": "1", f"{row}.die-1": "4", f"{row}.die-2": "5", f"{row}.tiles-shut-or-opened": "9",
        "t1.seat1.won.mark": "/on",
    })
    error = LogError(5, Problem("extra-turn", "game-over"), log.places[5])
    assert (place_text(log.places[6]), error.place_text) == ("Table 1, totals, won", "Table 1, turn record, row 1")
    language([
        ("Table {number}", "Tablo {number}", "form field"),
        ("turn record", "vicregistro", "form field"),
        ("row {number}", "vico {number}", "form field"),
        ("totals", "sumoj", "form field"),
    ])
    assert place_text(log.places[6]) == "Tablo 1, sumoj, won"  # a word the catalog lacks stays English
    assert error.place_text == "Tablo 1, vicregistro, vico 1"  # the error made before the switch
    assert error.to_json()["place"] == "Tablo 1, vicregistro, vico 1"


def test_the_catalog_sets_how_clauses_and_list_items_are_joined(language):
    from kitgen.rules.problems import Problem
    from kitgen.text.problems import describe

    wrong = Problem("wrong-total", "totals", (("totals", (("Ana", 9, 8), ("Ben", 7, 6))),))
    assert describe(wrong) == "Ana's total is 9, not 8; Ben's total is 7, not 6."
    language([("; ", " — ", "clause separator"), (", ", "、", "list separator")])
    assert describe(wrong) == "Ana's total is 9, not 8 — Ben's total is 7, not 6."
    assert describe(Problem("repeated-tile", "repeated", (("tiles", (3, 4)),))) == (
        "tiles 3、4 are written more than once in one move.")

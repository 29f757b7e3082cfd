"""The catalogs kitgen ships (docs/architecture.md, "Adding a language"): each complete,
compiled from its source as it stands, its placeholders those of English, every character
of it drawn by the packaged fonts, and in use with --lang."""

from __future__ import annotations

import gettext
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import kitgen.text
from kitgen.kit.fonts import check_printable

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = [language for language in kitgen.text.LANGUAGES if language != "en"]
FIELD = re.compile(r"\{[^{}]*\}")


def source(language: str):
    with open(kitgen.text.LOCALE_FOLDER / language / "LC_MESSAGES" / "kitgen.po", "rb") as po:
        return read_po(po)


def translated(message) -> bool:
    """Return whether ``message`` (of a catalog, or ``None``) has every form translated."""
    strings = () if message is None else message.string if isinstance(message.string, tuple) else (message.string,)
    return bool(strings) and all(strings) and not message.fuzzy


@pytest.mark.parametrize("language", SHIPPED)
def test_each_catalog_translates_every_message_of_the_template(language):
    with open(kitgen.text.LOCALE_FOLDER / "kitgen.pot", "rb") as pot:
        template = read_po(pot)
    catalog = source(language)
    missing = [message.id for message in template
               if message.id and not translated(catalog.get(message.id, message.context))]
    assert missing == []


def test_the_packaged_fonts_draw_every_character_of_every_catalog():
    characters = {char for language in SHIPPED for message in source(language) if message.id
                  for string in (message.string if isinstance(message.string, tuple) else (message.string,))
                  for char in string if char != "\n"}  # a help text's lines
    check_printable(["".join(sorted(characters))])


@pytest.mark.parametrize("language", SHIPPED)
def test_each_catalog_is_compiled_from_its_source_as_it_stands(language):
    compiled = gettext.GNUTranslations(open(kitgen.text.LOCALE_FOLDER / language / "LC_MESSAGES" / "kitgen.mo", "rb"))
    catalog = source(language)
    assert catalog.locale is not None and str(catalog.locale) == language
    for message in catalog:
        if not message.id or not translated(message):
            continue  # not translated: English would be shown (the test above fails)
        if isinstance(message.id, tuple):
            plural = (compiled.npgettext(message.context, *message.id[:2], 2) if message.context
                      else compiled.ngettext(*message.id[:2], 2))
            assert plural in message.string, message.id
        elif message.context:
            assert compiled.pgettext(message.context, message.id) == message.string, message.id
        else:
            assert compiled.gettext(message.id) == message.string, message.id


@pytest.mark.parametrize("language", SHIPPED)
def test_a_translation_keeps_the_placeholders_of_its_english(language):
    for message in source(language):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in filter(None, strings):
            assert sorted(FIELD.findall(string)) in (sorted(FIELD.findall(ids[0])), sorted(FIELD.findall(ids[-1]))), \
                (ids[0], string)


@pytest.mark.parametrize(("language", "title"), [
    ("es", "Cierra la Caja - una ronda, 9 fichas"),
    ("fr", "Ferme la boîte"),
    ("de", "Shut the Box - eine Runde, 9 Klappen"),
])
def test_kitgen_rules_and_its_help_speak_the_language_lang_names(language, title):
    def kitgen(*args: str) -> str:
        return subprocess.run([sys.executable, "-m", "kitgen", *args], cwd=ROOT, capture_output=True, text=True,
                              env={"COLUMNS": "200", "PATH": "", "LANG": "C.UTF-8"}, check=True).stdout

    assert kitgen("rules", "classic", "--lang", language).startswith(title)
    english_help = kitgen("rules", "--help")
    assert "List the presets" in english_help
    assert "List the presets" not in kitgen("rules", "--lang", language, "--help")


def test_a_command_without_lang_speaks_the_environments_language_after_one_with_it():
    from typer.testing import CliRunner

    from kitgen.cli import app

    runner = CliRunner()
    check = ["check", "--open", "1 2 4 9", "--roll", "5+1", "--close", "2 4"]
    assert runner.invoke(app, [*check, "--lang", "es"]).stdout.startswith("válida:")
    assert runner.invoke(app, check).stdout.startswith("valid:")  # KITGEN_LANG=en (conftest)


CASES = ROOT / "tests" / "fixtures" / "cases"


def one_log_per_error_code() -> dict[str, Path]:
    """Return, for each error code the shared cases show, the first case log showing it."""
    from kitgen.logs.validate import validate_text

    kinds: dict[str, Path] = {}
    for path in sorted(CASES.glob("*.log")):
        for error in validate_text(path.read_text(encoding="utf-8")).errors:
            kinds.setdefault(error.code, path)
    return kinds


@pytest.mark.parametrize("language", SHIPPED)
def test_a_fault_of_each_kind_is_worded_in_the_language(language):
    import json

    from typer.testing import CliRunner

    from kitgen.cli import app

    def messages(path: Path, *lang: str) -> dict[str, str]:
        result = CliRunner().invoke(app, ["validate", str(path), "--json", *lang])
        return {error["code"]: error["message"] for report in json.loads(result.stdout) for error in report["errors"]}

    kinds = one_log_per_error_code()
    assert len(kinds) >= 21  # every code of the shared cases
    for code, path in kinds.items():
        english, translated = messages(path)[code], messages(path, "--lang", language)[code]
        assert translated != english, (code, translated)

"""The command line as Typer/Click users expect it (docs/cli.md, issue 12): choices, flags,
-h, examples, completion, standard output, defaults from the environment, options that
do not apply, and the default output folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from kitgen.cli import app

FIXTURES = Path(__file__).parent / "fixtures"
REPO = Path(__file__).parent.parent
COMMANDS = ("kit", "check", "validate", "report", "transcribe", "rules")
WIDE = {"COLUMNS": "200"}  # Rich wraps help and errors to the terminal's width


def help_text(runner, *arguments) -> str:
    result = runner.invoke(app, [*arguments, "-h"], env=WIDE)
    assert result.exit_code == 0, result.output
    return result.stdout


def assert_one_sentence(result, fragment: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kitgen: ") and fragment in lines[0], result.stderr


# --- 1. choices and flags -----------------------------------------------------------------

@pytest.mark.parametrize("command, choices", [
    ("kit", ["<strip|classic|ten|hundred|long-game|knucklebones>", "<9|12>", "<on|off>",
             "<single|best-of-3|best-of-5|best-of-7|elimination>", "<sum|digits>",
             "<single|best-of-3|best-of-5>", "<a4|letter>", "<separate|appended|none>"]),
    ("check", ["<strip|classic|ten|hundred|long-game|knucklebones>", "<close|open>",
               "<left|middle|right|l|m|r|1|2|3|a|b|c>"]),
])
def test_help_shows_the_choices(runner, command, choices):
    text = help_text(runner, command)
    for choice in choices:
        assert choice in text
    for option in ("--rules", "--tiles", "--one-die", "--format", "--scoring", "--match"):
        assert "<str>" not in option_line(text, option)


def option_line(text: str, option: str) -> str:
    """Return the one line of the help's options panel that describes ``option``."""
    (line,) = [line for line in text.splitlines() if line.startswith(f"│ {option} ")]
    return line


@pytest.mark.parametrize("command, flags", [
    ("kit", ["--large-print", "--force", "--help"]), ("check", ["--none", "--json", "--help"]),
    ("validate", ["--json", "--help"]), ("rules", ["--help"]),
    ("", ["--version", "--install-completion", "--show-completion", "--help"]),
])
def test_flags_show_no_metavariable(runner, command, flags):
    text = help_text(runner, *filter(None, [command]))
    for flag in flags:
        assert "<bool>" not in option_line(text, flag)


@pytest.mark.parametrize("command", ["validate", "report"])
def test_help_shows_the_logs_as_click_does(runner, command):
    text = help_text(runner, command)
    assert usage_line(text).endswith(f" {command} [OPTIONS] LOG...")
    assert "│ *    LOG... " in text and "{" not in text


def test_help_shows_an_optional_argument_in_brackets(runner):
    assert usage_line(help_text(runner, "rules")).endswith(" rules [OPTIONS] [PRESET]")


def usage_line(text: str) -> str:
    """Return the help's usage line without the spaces Rich pads it with."""
    (line,) = [line.strip() for line in text.splitlines() if line.strip().startswith("Usage: ")]
    return line


@pytest.mark.parametrize("arguments, option, choices", [
    (["kit", "--paper", "a3"], "--paper", "'a4', 'letter'"),
    (["kit", "--host-key", "later"], "--host-key", "'separate', 'appended', 'none'"),
    (["kit", "--rules", "poker"], "--rules", "'strip', 'classic'"),
    (["kit", "--rules", "classic", "--tiles", "10"], "--tiles", "'9', '12'"),
    (["check", "--role", "both"], "--role", "'close', 'open'"),
    (["check", "--rules", "knucklebones", "--face", "3", "--column", "centre"], "--column",
     "'left', 'middle', 'right'"),
    (["rules", "nope"], "PRESET", "'strip', 'classic'"),
])
def test_a_wrong_choice_gets_clicks_message_with_the_choices(runner, arguments, option, choices):
    result = runner.invoke(app, arguments, env=WIDE)
    assert result.exit_code == 2
    assert f"Invalid value for '{option}': '{arguments[-1]}' is not one of {choices}" in result.stderr


@pytest.mark.parametrize("arguments, sentence", [
    (["kit", "--tables", "1.5"], "'1.5' is not a valid integer."),
    (["kit", "--rules", "knucklebones", "--die-size", "x"], "'x' is not a valid float."),
])
def test_a_value_that_is_not_a_number_gets_clicks_message(runner, arguments, sentence):
    result = runner.invoke(app, arguments, env=WIDE)
    assert result.exit_code == 2
    assert f"Invalid value for '{arguments[-2]}': {sentence}" in result.stderr


def test_choices_ignore_case(runner, requests):
    result = runner.invoke(app, ["kit", "--rules", "Classic", "--format", "Best-of-3", "--paper", "LETTER"])
    assert result.exit_code == 0, result.output
    assert (requests[0].rules.format, requests[0].paper) == ("best-of-3", "letter")


# --- 2. shell completion ------------------------------------------------------------------

def test_completion_can_be_installed(runner):
    assert "--install-completion" in help_text(runner)


@pytest.mark.parametrize("words, completions", [
    ("kitgen kit --paper ", ["a4", "letter"]),
    ("kitgen check --rules knucklebones --column m", ["middle", "m"]),
    ("kitgen rules k", ["knucklebones"]),
])
def test_the_shell_completes_choices(tmp_path, words, completions):
    environment = {**os.environ, "_KITGEN_COMPLETE": "complete_bash", "COMP_WORDS": words,
                   "COMP_CWORD": str(len(words.split(" ")) - 1), "PYTHONPATH": str(REPO)}
    completed = subprocess.run([sys.executable, "-m", "kitgen"], capture_output=True, text=True,
                               env=environment, cwd=tmp_path, check=True)
    assert completed.stdout.split() == completions


# --- 3. -h, examples, help for --seats and --table-size -------------------------------------

@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_takes_h_and_ends_with_examples(runner, command):
    text = help_text(runner, command).rstrip()
    examples = text.rpartition("Examples:")[2]
    commands = [line for line in examples.splitlines() if line.strip().startswith(f"kitgen {command}")]
    assert 2 <= len(commands) <= 3
    assert text.splitlines()[-1].strip().startswith(f"kitgen {command}")


def test_h_on_the_app(runner):
    assert "Commands" in help_text(runner)


def test_seats_and_table_size_say_what_they_do_and_their_defaults(runner):
    text = " ".join(help_text(runner, "kit").split())
    assert "Blank tables: how many seats each has" in text
    assert "[default: (the preset's most players, at most 6)]" in text
    assert "the names are split in order into the fewest tables" in text
    assert "[default: (the preset's most players)]" in text


# --- 4. kit -o - ------------------------------------------------------------------------------

@pytest.mark.parametrize("host_key", ["none", "appended"])
def test_kit_to_standard_output(runner, tmp_path, monkeypatch, host_key):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["kit", "--seats", "1", "--host-key", host_key, "-o", "-"])
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes.startswith(b"%PDF-") and result.stdout_bytes.rstrip().endswith(b"%%EOF")
    assert list(tmp_path.iterdir()) == []  # nothing written: no "-" file, no output/ folder


@pytest.mark.parametrize("host_key", [[], ["--host-key", "separate"]])
def test_kit_to_standard_output_refuses_a_separate_host_key(runner, requests, host_key):
    result = runner.invoke(app, ["kit", *host_key, "-o", "-"])
    assert_one_sentence(result, "-o - writes one PDF to standard output, so add --host-key none")
    assert result.stdout_bytes == b"" and requests == []


# --- 5. the paper from the environment ------------------------------------------------------

@pytest.fixture
def papersize(monkeypatch, tmp_path):
    """Set the machine's paper: a function taking KITGEN_PAPER, PAPERSIZE and the
    /etc/papersize text (None: unset)."""

    def settle(own=None, libpaper=None, system=None):
        for name, value in (("KITGEN_PAPER", own), ("PAPERSIZE", libpaper)):
            if value is not None:
                monkeypatch.setenv(name, value)
        if system is not None:
            path = tmp_path / "papersize"
            path.write_text(system, encoding="utf-8")
            monkeypatch.setattr("kitgen.kit.papersize.SYSTEM_PAPERSIZE", path)

    return settle


@pytest.mark.parametrize("option, kitgen_paper, libpaper, system, paper", [
    ([], None, None, None, "a4"),
    ([], None, None, "# libpaper\nletter\n", "letter"),
    ([], None, "letter", "a4\n", "letter"),
    ([], "letter", "a4", "a4\n", "letter"),
    (["--paper", "a4"], "letter", "letter", "letter\n", "a4"),
    ([], "", "Letter", None, "letter"),
])
def test_paper_precedence_option_env_system_a4(runner, requests, papersize, option, kitgen_paper, libpaper,
                                                system, paper):
    papersize(kitgen_paper, libpaper, system)
    result = runner.invoke(app, ["kit", *option])
    assert result.exit_code == 0, result.output
    assert requests[0].paper == paper


def test_papersize_named_by_paperconf(runner, requests, monkeypatch, tmp_path):
    path = tmp_path / "my-papersize"
    path.write_text("letter\n", encoding="utf-8")
    monkeypatch.setenv("PAPERCONF", str(path))
    assert runner.invoke(app, ["kit"]).exit_code == 0
    assert requests[0].paper == "letter"


@pytest.mark.parametrize("kitgen_paper, libpaper, system, fragment", [
    ("a3", None, None, "$KITGEN_PAPER names the paper 'a3', but kitgen prints on a4 or letter"),
    (None, "legal", None, "$PAPERSIZE names the paper 'legal'"),
    (None, None, "a5\n", "papersize names the paper 'a5'"),
])
def test_a_paper_kitgen_cannot_print_on_is_one_sentence(runner, requests, papersize, kitgen_paper, libpaper,
                                                        system, fragment):
    papersize(kitgen_paper, libpaper, system)
    assert_one_sentence(runner.invoke(app, ["kit"]), fragment)
    assert requests == []


# --- 6. options that do not apply -----------------------------------------------------------

@pytest.mark.parametrize("arguments, sentence", [
    (["kit", "--die-size", "18"], "--die-size is for knucklebones, not strip."),
    (["kit", "--rules", "classic", "--die-size", "16"], "--die-size is for knucklebones, not classic."),
    (["check", "--rules", "knucklebones", "--open", "1 2", "--face", "3", "--column", "left"],
     "--open is for the Shut the Box presets, not knucklebones."),
    (["check", "--rules", "knucklebones", "--roll", "8", "--face", "3", "--column", "left"],
     "--roll is for the Shut the Box presets, not knucklebones."),
    (["check", "--rules", "knucklebones", "--none", "--face", "3", "--column", "left"],
     "--none is for the Shut the Box presets, not knucklebones."),
    (["check", "--rules", "classic", "--open", "1 2", "--roll", "3", "--close", "3", "--face", "3"],
     "--face is for knucklebones, not classic."),
    (["check", "--open", "1 2", "--roll", "3", "--close", "3", "--column", "left"],
     "--column is for knucklebones, not strip."),
])
def test_options_that_do_not_apply_are_refused(runner, requests, arguments, sentence):
    result = runner.invoke(app, arguments)
    assert_one_sentence(result, sentence)
    assert result.stdout == "" and requests == []


def test_die_size_reaches_a_knucklebones_request(runner, requests):
    assert runner.invoke(app, ["kit", "--rules", "knucklebones", "--die-size", "18"]).exit_code == 0
    assert requests[0].die_size_mm == 18


# --- 7. the default output folder -------------------------------------------------------------

def test_the_default_folder_replaces_only_kits_kitgen_wrote(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    first = runner.invoke(app, ["kit", "--seats", "1"])
    assert first.exit_code == 0, first.output
    assert PdfReader("output/kit.pdf").metadata.creator.startswith("kitgen ")
    again = runner.invoke(app, ["kit", "--seats", "2"])
    assert again.exit_code == 0, again.output  # kitgen's own kit: replaced without a word
    assert not any(line.startswith("kitgen:") for line in again.stderr.splitlines())  # only what it wrote


@pytest.mark.parametrize("host_key", ["none", "appended"])
def test_a_kit_without_a_separate_host_key_removes_kitgens_old_one_from_the_default_folder(
        runner, tmp_path, monkeypatch, host_key):
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["kit", "--seats", "1"]).exit_code == 0
    result = runner.invoke(app, ["kit", "--rules", "ten", "--seats", "1", "--host-key", host_key])
    assert result.exit_code == 0, result.output
    assert sorted(path.name for path in (tmp_path / "output").iterdir()) == ["kit.pdf"]


def test_a_users_own_host_key_file_stays_in_the_default_folder(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "output").mkdir()
    mine = tmp_path / "output" / "kit-host-key.pdf"
    mine.write_bytes(b"%PDF-1.4 my own notes")
    assert runner.invoke(app, ["kit", "--seats", "1", "--host-key", "none"]).exit_code == 0
    assert mine.read_bytes() == b"%PDF-1.4 my own notes"


@pytest.mark.parametrize("name", ["kit.pdf", "kit-host-key.pdf"])
@pytest.mark.parametrize("force", [[], ["--force"]])
def test_the_default_folder_keeps_a_users_own_file(runner, tmp_path, monkeypatch, name, force):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "output").mkdir()
    mine = tmp_path / "output" / name
    mine.write_bytes(b"%PDF-1.4 my own tax return")
    result = runner.invoke(app, ["kit", "--seats", "1", *force])
    assert_one_sentence(result, "exists and kitgen did not write it; name another file with -o.")
    assert mine.read_bytes() == b"%PDF-1.4 my own tax return"


# --- 8. the roster column is named ----------------------------------------------------------

def test_the_roster_column_used_is_said(runner, requests, tmp_path):
    roster = tmp_path / "class.csv"
    roster.write_bytes("\ufeffNr;First name;Last name\r\n1;Ana;Silva\r\n2;Ben;Moreau\r\n".encode("utf-8"))
    result = runner.invoke(app, ["kit", "--roster", str(roster)])
    assert result.exit_code == 0, result.output
    assert requests[0].players == ("Ana Silva", "Ben Moreau")
    said = f"kitgen: roster {str(roster)!r}: 2 names from the columns 'First name' and 'Last name'."
    assert result.stderr.splitlines()[0] == said


@pytest.mark.parametrize("content", [b"", b"not a pdf at all", b"%PDF-1.7\n%%EOF\n"])
def test_the_default_folder_keeps_files_that_are_not_kitgens_pdfs(runner, tmp_path, monkeypatch, content):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "output").mkdir()
    (tmp_path / "output" / "kit.pdf").write_bytes(content)
    assert_one_sentence(runner.invoke(app, ["kit", "--seats", "1"]), "kitgen did not write it")
    assert (tmp_path / "output" / "kit.pdf").read_bytes() == content


def test_kit_to_standard_output_refuses_a_terminal(tmp_path):
    """A PDF is not for a terminal: -o - on a terminal is refused with one sentence."""
    leader, follower = os.openpty()
    try:
        completed = subprocess.run(
            [sys.executable, "-m", "kitgen", "kit", "--host-key", "none", "-o", "-"],
            stdout=follower, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": str(REPO)},
        )
    finally:
        os.close(follower)
        os.close(leader)
    assert completed.returncode == 2
    assert completed.stderr == ("kitgen: -o - writes a PDF to standard output: "
                                "redirect it to a file or a pipe, not a terminal.\n")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("option", "value", "sentence"), [
    ("--seats", "x", "Invalid value for '--seats': 'x' is not a valid integer."),
    ("--seats", "1e3", "Invalid value for '--seats': '1e3' is not a valid integer."),
    ("--seats", "\u0663", "Invalid value for '--seats': '\u0663' is not a valid integer."),
    ("--seats", "", "Invalid value for '--seats': '' is not a valid integer."),
    ("--tables", "A4", "Invalid value for '--tables': 'A4' is not a valid integer."),
    ("--die-size", "x", "Invalid value for '--die-size': 'x' is not a valid float."),
    ("--die-size", "", "Invalid value for '--die-size': '' is not a valid float."),
    ("--paper", "x", "Invalid value for '--paper': 'x' is not one of 'a4', 'letter'."),
    ("--paper", " 6", "Invalid value for '--paper': ' 6' is not one of 'a4', 'letter'."),
])
def test_a_bad_value_gets_clicks_message_and_exit_2(runner, tmp_path, option, value, sentence):
    result = runner.invoke(app, ["kit", option, value, "-o", str(tmp_path / "kit.pdf")])
    assert result.exit_code == 2
    assert sentence in " ".join(line.strip("│ ") for line in result.output.splitlines())
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("option", "value"), [
    ("--seats", " 6"), ("--seats", "6.0"), ("--seats", "-3"), ("--tables", "9" * 30),
    ("--die-size", "1e3"), ("--die-size", " 6"), ("--paper", "A4"),
])
def test_a_value_typer_converts_reaches_the_command(runner, tmp_path, option, value):
    existing = tmp_path / "kit.pdf"  # the command runs: it refuses to replace the file
    existing.write_bytes(b"")
    game = ["--rules", "knucklebones"] if option == "--die-size" else []
    result = runner.invoke(app, ["kit", *game, option, value, "-o", str(existing)])
    assert (result.exit_code, result.output) == (2, f"kitgen: {str(existing)!r} already exists; add --force "
                                                    "to replace it.\n")

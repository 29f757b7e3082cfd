"""Every command the README shows runs as written from a fresh clone (issue 12): the
`$ kitgen ...` lines print what the README says they print, and every other `kitgen`
line is a command line kitgen accepts (kits and reports are not rendered here: that is
tested elsewhere)."""

from __future__ import annotations

import json
import re
import shlex
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import kitgen.kit.build
import kitgen.practice.printed
import kitgen.session.printed
from kitgen.cli import app
from kitgen.kit.build import KitContents, RenderedKit, WrittenKit

REPO = Path(__file__).parent.parent
README = (REPO / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```\n(.*?)^```", README, flags=re.S | re.M)
SHELL_OPERATORS = ("|", ">", "&&")


def shown_commands() -> list[tuple[list[str], str | None]]:
    """Return each kitgen command of the README's code blocks as its arguments, with the
    output the README shows for a `$` line (None for a line shown without output)."""
    commands = []
    for block in BLOCKS:
        lines = block.splitlines()
        for index, line in enumerate(lines):
            prompt = line.startswith("$ ")
            words = shlex.split(line.removeprefix("$ "), comments=True)
            if not words or words[0] != "kitgen" or any("[" in word or word.isupper() for word in words):
                continue  # not a kitgen command, or a synopsis such as `kitgen rules [PRESET]`
            for operator in SHELL_OPERATORS:
                words = words[:words.index(operator)] if operator in words else words
            output = None
            if prompt:
                shown = lines[index + 1:]
                cut = next((number for number, text in enumerate(shown) if text.startswith("$ ")), len(shown))
                output = "\n".join(shown[:cut]) + "\n"
            commands.append((words[1:], output))
    return commands


COMMANDS = shown_commands()


def test_the_readme_shows_commands():
    assert len([output for _, output in COMMANDS if output]) >= 4 and len(COMMANDS) >= 10


@pytest.mark.parametrize("arguments, output", COMMANDS, ids=[" ".join(words)[:60] for words, _ in COMMANDS])
def test_a_readme_command_runs_as_written(arguments, output, monkeypatch, tmp_path):
    # in a folder of its own with the README's examples: what a reader's own run of the
    # examples left in the checkout (class-practice.pdf, say) refuses no command here
    shutil.copytree(REPO / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    contents = KitContents([4], 1, 0, 6, "strips for 2 attempts a seat and 2 spare")
    monkeypatch.setattr(kitgen.kit.build, "build_kit",
                        lambda request, progress: WrittenKit([Path("output/kit.pdf")], contents))
    monkeypatch.setattr(kitgen.kit.build, "render_kit", lambda request, progress: RenderedKit([b"%PDF-1.7"], contents))
    monkeypatch.setattr(kitgen.session.printed, "write_report",
                        lambda session, output, paper, force: output or Path("output/report.pdf"))
    monkeypatch.setattr(kitgen.practice.printed, "write_practice",
                        lambda sheets, output, paper, large_print, force: kitgen.practice.printed.practice_paths(
                            output, force))
    result = CliRunner().invoke(app, arguments)
    if output is None:
        assert result.exit_code == 0, result.output
    else:
        assert result.exit_code in (0, 1)
        assert result.stdout == output


@pytest.mark.parametrize("arguments", [
    ["kit", "--roster", "examples/class.csv"],
    ["report", "tests/fixtures/session", "--json"],
])
def test_the_messages_the_readme_quotes_are_printed_as_quoted(arguments, monkeypatch):
    monkeypatch.chdir(REPO)
    monkeypatch.setattr(kitgen.kit.build, "build_kit", lambda request, progress: WrittenKit(
        [Path("output/kit.pdf")], KitContents([4], 1, 0, 6, "strips for 2 attempts a seat and 2 spare")))
    result = CliRunner().invoke(app, arguments)
    flowing = " ".join(README.split())
    if arguments[0] == "kit":
        quoted = result.stderr.splitlines()[0]
        assert f"`{quoted}`" in flowing
    else:
        quoted = json.loads(result.stdout)["dice"]["two_dice"]["verdict"]
        assert f'("{quoted}"; below' in flowing

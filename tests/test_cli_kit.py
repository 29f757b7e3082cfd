"""`kitgen kit` end to end through Typer (docs/cli.md; exit 0 ok, 2 misuse)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from kitgen.cli import app

FIXTURES = Path(__file__).parent / "fixtures"


def assert_one_sentence(result, status: int, fragment: str) -> None:
    assert result.exit_code == status, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kitgen: ") and fragment in lines[0]
    assert "Traceback" not in result.output


def test_kit_writes_the_pdf_and_prints_its_path(runner, tmp_path):
    path = tmp_path / "kit.pdf"
    result = runner.invoke(app, ["kit", "--players", "Ana, Zoë", "--host-key", "none", "-o", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == str(path)
    assert len(PdfReader(path).pages) == 4  # rules, strips, records, totals


def test_kit_replaces_a_named_file_with_force(runner, tmp_path):
    path = tmp_path / "kit.pdf"
    path.write_bytes(b"mine")
    result = runner.invoke(app, ["kit", "--seats", "1", "--host-key", "none", "-o", str(path), "--force"])
    assert result.exit_code == 0, result.output
    assert path.read_bytes().startswith(b"%PDF")


def test_kit_refuses_to_overwrite_a_named_file(runner, tmp_path):
    path = tmp_path / "kit.pdf"
    path.write_bytes(b"mine")
    result = runner.invoke(app, ["kit", "-o", str(path)])
    assert_one_sentence(result, 2, "already exists; add --force")
    assert path.read_bytes() == b"mine"


def test_options_reach_the_request(runner, requests):
    result = runner.invoke(app, [
        "kit", "--seats", "3", "--tables", "2", "--paper", "Letter", "--host-key", "appended",
        "--large-print", "-o", "x.pdf",
    ])
    assert result.exit_code == 0, result.output
    (request,) = requests
    assert (request.seats, request.tables, request.paper, request.host_key) == (3, 2, "letter", "appended")
    assert request.large_print and request.output == Path("x.pdf") and not request.force
    assert request.rules.preset == "strip"


def test_roster_names_reach_the_request(runner, requests):
    result = runner.invoke(app, ["kit", "--roster", str(FIXTURES / "roster-7.txt"), "--table-size", "4"])
    assert result.exit_code == 0, result.output
    assert requests[0].players[:3] == ("Ana", "Ben", "Zoë") and requests[0].table_size == 4


def test_preset_options_reach_the_request(runner, requests):
    result = runner.invoke(app, [
        "kit", "--rules", "classic", "--tiles", "12", "--one-die", "off", "--format", "elimination",
    ])
    assert result.exit_code == 0, result.output
    rules = requests[0].rules
    assert (rules.preset, rules.tiles, rules.one_die, rules.format) == ("classic", 12, "never", "elimination")


def test_rounds_reach_the_request(runner, requests):
    result = runner.invoke(app, ["kit", "--rules", "hundred", "--rounds", "25"])
    assert result.exit_code == 0, result.output
    assert requests[0].rounds == 25


def test_kit_says_on_standard_error_what_it_wrote(runner, tmp_path):
    path = tmp_path / "club.pdf"
    result = runner.invoke(app, [
        "kit", "--rules", "classic", "--format", "best-of-3", "--players", "Ana, Ben, Cy, Dee, Eli",
        "--rounds", "5", "-o", str(path),
    ])
    assert result.exit_code == 0, result.output
    key = tmp_path / "club-host-key.pdf"
    assert result.stdout.splitlines() == [str(path), str(key)]
    pages = [len(PdfReader(written).pages) for written in (path, key)]
    files, summary = result.stderr.splitlines()[:2], result.stderr.splitlines()[2:]
    assert files == [f"{path}: {pages[0]} pages", f"{key}: {pages[1]} page{'s' if pages[1] > 1 else ''}"]
    (line,) = summary
    assert line.startswith(f"2 tables, 5 names, {sum(pages)} pages in all, turn sheets for 5 rounds a seat and ")
    assert line.endswith("spare rows")


def test_hundred_scoring_reaches_the_request(runner, requests):
    result = runner.invoke(app, ["kit", "--rules", "hundred", "--scoring", "digits"])
    assert result.exit_code == 0, result.output
    assert requests[0].rules.scoring == "digits"


@pytest.mark.parametrize(
    "arguments, fragment",
    [
        (["--players", 'Ana, <img src="file:///etc/hostname">'], "has the character '<'"),
        (["--players", "Ana, שרה"], "cannot print"),
        (["--players", "Ana, ana"], "given twice"),
        (["--seats", "7"], "strip is for 1 to 6 players, not 7."),
        (["--table-size", "9", "--players", "Ana"], "not 9"),
        (["--roster", "no-such-roster.txt"], "does not exist"),
        (["--players", "Ana", "--roster", "x.txt"], "not both"),
        (["--rules", "long-game", "--seats", "3"], "long-game is for 2 players, not 3."),
        (["--rules", "classic", "--seats", "5"], "classic is for 1 to 4 players, not 5."),
        (["--rules", "hundred", "--players", "Ana"], "hundred is for 2 to 8 players, not 1."),
        (["--rules", "ten", "--scoring", "digits"], "has no option 'scoring'"),
        (["--rounds", "3"], "long-game), not strip."),
        (["--rules", "hundred", "--rounds", "0"], "1 to 100 rounds, not 0"),
    ],
)
def test_bad_kit_requests_exit_2_with_one_sentence(runner, tmp_path, arguments, fragment):
    result = runner.invoke(app, ["kit", *arguments, "-o", str(tmp_path / "kit.pdf")])
    assert_one_sentence(result, 2, fragment)
    assert not (tmp_path / "kit.pdf").exists()


@pytest.mark.parametrize("arguments", [
    ["--help"], ["kit", "--help"], ["rules"], ["rules", "strip"],
    ["check", "--open", "1 2 3", "--roll", "3", "--close", "3"],
    ["validate", str(FIXTURES / "cases" / "classic-3p-valid.log")],
    ["report", str(FIXTURES / "session" / "table-01.log"), "--json"],
    ["report", str(FIXTURES / "session" / "table-01.log"), "--csv"],
    ["tally", "--help"],
    ["tally", "examples/class-tally.txt", "--json"],
])
def test_commands_that_print_no_pdf_do_not_import_the_renderer(imported_by, arguments):
    assert imported_by(arguments) == []


def test_no_progress_bar_when_standard_error_is_not_a_terminal(runner, tmp_path):
    result = runner.invoke(app, ["kit", "--seats", "1", "-o", str(tmp_path / "kit.pdf")])
    assert result.exit_code == 0, result.output
    assert [line.split(": ")[-1] for line in result.stderr.splitlines()[:2]] == ["3 pages", "1 page"]
    assert len(result.stderr.splitlines()) == 3  # the files and the summary, no bar

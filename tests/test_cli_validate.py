"""``kitgen validate`` end to end (docs/log-format.md, "What kitgen validate reports"; docs/cli.md):
exit status 0 / 1 / 2, several files in one call, unreadable files among readable ones,
``--json``, and bad input that gets one sentence, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kitgen.cli import app

CASES = Path(__file__).parent / "fixtures" / "cases"
VALID = CASES / "strip-2p-valid.log"
INVALID = CASES / "classic-3p-repeated-tile.log"

runner = CliRunner()


def validate(*args: str | Path):
    return runner.invoke(app, ["validate", *map(str, args)])


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_valid_log_exits_0_with_its_result():
    result = validate(VALID)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        f"{VALID}: valid",
        "  totals: Ana 9 + 16 = 25, Ben 16 + 19 = 35",
        "  winner: Ana (lowest total)",
    ]
    assert result.stderr == ""


def test_an_invalid_log_exits_1_with_one_line_per_error():
    result = validate(INVALID)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{INVALID}:18: repeated-tile: tile 1 is written more than once in one move.",
        f"{INVALID}:18: sum-mismatch: 1+1+2+4 is 8, the throw was 7.",
        f"{INVALID}: invalid, 2 errors",
        "  scores: Ana 23, Ben 22, Cy 21",
        "  winner: Cy (lowest score)",
    ]


def test_a_whole_log_error_has_no_line_number():
    path = CASES / "ten-3p-missing-turn.log"
    result = validate(path)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0].startswith(f"{path}: missing-turn: the log ends before")


def test_several_files_in_one_call():
    result = validate(VALID, INVALID, CASES / "hundred-2p-valid.log")
    assert result.exit_code == 1
    assert result.stdout.count(": valid\n") == 2
    assert f"{INVALID}: invalid, 2 errors" in result.stdout


def test_an_unreadable_file_gets_one_sentence_and_the_others_are_still_validated(tmp_path):
    missing = tmp_path / "missing.log"
    result = validate(VALID, missing, INVALID)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(f"kitgen: {missing}: ")
    assert f"{VALID}: valid" in result.stdout and f"{INVALID}: invalid" in result.stdout


def test_json_is_one_array_with_one_object_per_log(tmp_path):
    missing = tmp_path / "missing.log"
    result = validate("--json", VALID, missing, INVALID)
    assert result.exit_code == 2
    valid, unreadable, invalid = json.loads(result.stdout)
    assert valid["file"] == str(VALID) and valid["rules"] == "strip" and valid["valid"] is True
    assert valid["errors"] == []
    assert valid["results"]["winners"] == ["Ana"]
    assert valid["results"]["totals"] == {"Ana": 25, "Ben": 35}
    assert unreadable == {"file": str(missing), "valid": False,
                          "unreadable": f"{str(missing)!r} does not exist."}
    assert invalid["valid"] is False
    assert invalid["errors"][0] == {"line": 18, "code": "repeated-tile",
                                    "message": "tile 1 is written more than once in one move."}
    assert result.stderr == ""


def test_json_hundred_has_a_loser():
    result = validate("--json", CASES / "hundred-2p-valid.log")
    assert result.exit_code == 0
    [report] = json.loads(result.stdout)
    assert report["results"]["loser"] == "Ben" and report["results"]["winners"] == ["Ana"]


def test_every_body_line_unreadable_is_exit_1_not_a_traceback(tmp_path):
    junk = ["turn", "8 = 3 5 ?", "\u00ff\u00fe", "::::", "turn Ana", "+", "die", "score: -1",
            "=" * 300]
    path = write(tmp_path, "junk.log", "rules: classic\nplayers: Ana\n" + "\n".join(junk))
    result = validate(path)
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stdout.count(": syntax: ") == 8


@pytest.mark.parametrize("name, content", [
    ("empty.log", b""),
    ("blank.log", b"  \n\n\t\n"),
    ("binary.log", b"rules: strip\x00\x01\x02players: Ana"),
    ("latin1.log", "rules: strip\nplayers: Jos\u00e9\n".encode("latin-1")),
])
def test_empty_binary_or_undecodable_files_exit_2(tmp_path, name, content):
    path = tmp_path / name
    path.write_bytes(content)
    result = validate(path)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"kitgen: {path}: ") and result.stderr.count("\n") == 1


def test_a_huge_file_exits_2_without_being_read(tmp_path):
    path = tmp_path / "huge.log"
    with path.open("wb") as handle:
        handle.truncate(5 * 1024 * 1024)
    result = validate(path)
    assert result.exit_code == 2
    assert "too large" in result.stderr and result.stderr.count("\n") == 1


def test_a_folder_without_logs_exits_2(tmp_path):
    result = validate(tmp_path)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "is a folder with no *.log file in it" in result.stderr


@pytest.mark.parametrize("header, fragment", [
    ("rules: chess\nplayers: Ana", "unknown preset 'chess'"),
    ("rules: classic colour=red\nplayers: Ana", "has no option 'colour'"),
    ("rules: classic tiles=11\nplayers: Ana", "cannot be '11'"),
    ("rules: classic tiles\nplayers: Ana", "key=value"),
    ("rules: hundred\nplayers: Ana", "2 to 8 players, not 1"),
    ("rules: long-game\nplayers: Ana, Ben, Cy", "2 players, not 3"),
    ("rules: classic\nplayers: Ana, Ben, Cy, Dee, Eli", "1 to 4 players, not 5"),
    ("rules: strip\nplayers: Ana, ana", "given twice"),
    ("rules: strip\nplayers: Ana, B@n", "'@'"),
    ("players: Ana\nturn Ana", "no rules: line"),
    ("rules: strip\nturn Ana", "no players: line"),
    ("rules: strip\nplayer: Ana", "(line 2 starts with 'player': did you mean players:?)"),
])
def test_a_bad_header_exits_2_with_one_sentence(tmp_path, header, fragment):
    path = write(tmp_path, "bad.log", header + "\n8: 8\n")
    result = validate(path)
    assert result.exit_code == 2
    assert fragment in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output


def test_crlf_bom_and_comments_are_read(tmp_path):
    text = VALID.read_text(encoding="utf-8").replace("\n", "  # note\r\n")
    path = tmp_path / "windows.log"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    result = validate(path)
    assert result.exit_code == 0, result.output


def test_no_file_is_a_usage_error():
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 2


# --- what decided the game: one summary per format, on the shared cases -----------------------


@pytest.mark.parametrize("name, summary", [
    ("strip-2p-valid", ["totals: Ana 9 + 16 = 25, Ben 16 + 19 = 35", "winner: Ana (lowest total)"]),
    ("strip-1p-valid", ["totals: Kai 37 + 18 = 55", "no winner: solo play declares none"]),
    ("classic-3p-valid", ["scores: Ana 23, Ben 22, Cy 21", "winner: Cy (lowest score)"]),
    ("classic-best-of-3-3p-valid", ["round winners: 1 Cy, 2 none (tied), 3 Ben, 4 Ben",
                                    "round wins: Ana 0, Ben 2, Cy 1 (2 to win)",
                                    "winner: Ben (first to 2 round wins)"]),
    ("classic-elimination-3p-valid", [
        "out: Ana in round 2 with 48; Ben and Cy in round 3 with 53 and 62",
        "winner: Ben (lowest total of the players who went out together in round 3)"]),
    ("ten-3p-valid", ["scores: Ana 34, Ben 22, Cy 28", "winner: Ben (lowest score)"]),
    ("hundred-2p-valid", ["running totals: Ana 98, Ben 101", "resets to 0: none",
                          "loser: Ben (passed 100 with 101); winner: Ana (lowest total of the others)"]),
    ("hundred-digits-3p-valid", ["running totals: Ana 25767, Ben 848, Cy 377", "resets to 0: none",
                                 "loser: Ana (reached 1000 with 25767); winner: Cy (lowest total of the others)"]),
    ("long-game-2p-valid", ["turns: Ana (closer) 3, Ben (opener) 2",
                            "winner: Ana (the closer, shut the last open tile in the turn on line 34)"]),
    ("knucklebones-2p-valid", ["game 1, started by Ana: Ana 48, Ben 58; Ben won",
                               "winner: Ben (the higher total)"]),
    ("knucklebones-best-of-3-2p-valid", ["game 1, started by Ben: Ana 39, Ben 32; Ana won",
                                         "game 2, started by Ana: Ana 25, Ben 26; Ben won",
                                         "game 3, started by Ben: Ana 16, Ben 30; Ben won",
                                         "game wins: Ana 1, Ben 2 (2 to win)",
                                         "match winner: Ben (first to 2 game wins)"]),
])
def test_the_summary_states_what_decided_the_game(name, summary):
    path = CASES / f"{name}.log"
    result = validate(path)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [f"{path}: valid", *(f"  {line}" for line in summary)]


def test_a_player_who_has_not_played_is_shown_as_not_played(tmp_path):
    path = write(tmp_path, "ten.log", "rules: ten\nplayers: Ana, Ben, Cy\nturn Ana\n1+1: 2\n1+1: -\n")
    result = validate(path)
    assert "  scores: Ana 53, Ben not played, Cy not played" in result.stdout.splitlines()
    [report] = json.loads(validate("--json", path).stdout)
    assert report["results"]["totals"] == {"Ana": 53, "Ben": None, "Cy": None}
    assert report["results"]["decided"] is False


def test_the_summary_names_a_ten_player_who_shut_the_box(tmp_path):
    shut = "4+6: 10\n4+5: 9\n4+4: 8\n3+4: 7\n3+3: 6\n2+3: 5\n2+2: 4\n1+2: 3\n1+1: 2\ndie 1: 1\n"
    path = write(tmp_path, "ten.log", f"rules: ten\nplayers: Ana, Ben, Cy\nturn Ana\n1+1: 2\n1+1: -\n"
                                      f"turn Ben\n{shut}")
    assert validate(path).stdout.splitlines()[-2:] == [
        "  scores: Ana 53, Ben 0, Cy not played",
        "  winner: Ben (shut the box, which ends the game at once)"]


def test_json_has_the_deciding_figures_of_each_format():
    best_of, elimination, hundred = (
        CASES / "classic-best-of-3-3p-valid.log", CASES / "classic-elimination-3p-valid.log",
        CASES / "hundred-2p-valid.log")
    reports = json.loads(validate("--json", best_of, elimination, hundred).stdout)
    assert reports[0]["results"]["round_winners"] == ["Cy", None, "Ben", "Ben"]
    assert reports[0]["results"]["round_wins"] == {"Ana": 0, "Ben": 2, "Cy": 1}
    assert reports[1]["results"]["out"] == {"Ana": 2, "Ben": 3, "Cy": 3}
    assert reports[2]["results"]["resets"] == [] and reports[2]["results"]["decided"] is True


def test_hundred_resets_are_listed(tmp_path):
    shut = "4+5: 9\n4+4: 8\n3+4: 7\n3+3: 6\n2+3: 5\n2+2: 4\n1+2: 3\n1+1: 2\ndie 1: 1\n"
    path = write(tmp_path, "hundred.log", f"rules: hundred\nplayers: Ana, Ben\nturn Ana\n{shut}")
    result = validate(path)
    assert "  resets to 0: Ana in round 1 (line 3)" in result.stdout.splitlines()
    [report] = json.loads(validate("--json", path).stdout)
    assert report["results"]["resets"] == [{"line": 3, "player": "Ana", "round": 1}]


# --- folders, the closing line, --help -----------------------------------------------------------


def test_a_folder_means_every_log_in_it_and_several_logs_end_with_one_closing_line(tmp_path):
    for name in ("b.log", "a.log"):
        write(tmp_path, name, VALID.read_text(encoding="utf-8"))
    write(tmp_path, "c.log", INVALID.read_text(encoding="utf-8"))
    write(tmp_path, "notes.txt", "not a log")
    missing = tmp_path / "missing.log"
    result = validate(tmp_path, missing)
    assert result.exit_code == 2
    lines = result.stdout.splitlines()
    assert [line for line in lines if "valid" in line or "logs:" in line] == [
        f"{tmp_path}/a.log: valid", f"{tmp_path}/b.log: valid", f"{tmp_path}/c.log: invalid, 2 errors",
        "4 logs: 2 valid, 1 with errors, 1 unreadable"]


def test_one_log_has_no_closing_line_and_json_none():
    assert "logs:" not in validate(VALID).stdout
    result = validate("--json", CASES)
    assert len(json.loads(result.stdout)) == 239


def test_help_points_at_the_log_format_with_an_example():
    result = runner.invoke(app, ["validate", "--help"])
    assert result.exit_code == 0
    assert "docs/log-format.md" in result.stdout and "players: Ana, Ben" in result.stdout
    assert "folder" in result.stdout


def test_the_readme_example_is_what_validate_prints(monkeypatch):
    root = Path(__file__).parent.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    command = "$ kitgen validate examples/club.log examples/table2.log\n"
    shown = readme[readme.index(command) + len(command):].split("```", 1)[0]
    monkeypatch.chdir(root)
    result = validate("examples/club.log", "examples/table2.log")
    assert result.exit_code == 1
    assert result.stdout == shown


def test_a_log_named_twice_is_validated_once_where_first_given(tmp_path):
    first = write(tmp_path, "a.log", VALID.read_text(encoding="utf-8"))
    write(tmp_path, "b.log", INVALID.read_text(encoding="utf-8"))
    (tmp_path / "link.log").symlink_to(first)
    result = validate(tmp_path / "b.log", tmp_path, first, tmp_path / ".." / tmp_path.name / "a.log")
    assert [line for line in result.stdout.splitlines() if "valid" in line] == [
        f"{tmp_path}/b.log: invalid, 2 errors", f"{tmp_path}/a.log: valid",
        "2 logs: 1 valid, 1 with errors, 0 unreadable"]

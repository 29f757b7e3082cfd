"""Practice problems and their answers (docs/rules.md section 10; docs/practice.md): every answer
is right by brute force over the open tiles and by the rules core's judgment, a ``make`` problem
has 1 to 8 answers, the same seed gives the same sheet, and ``kitgen practice --json`` prints the
documented schema (issue 25, items 2 and 4)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.games.box.rules import box_of, judge_move, throw_has_move
from kitgen.kit.layout import PAPERS, Layout
from kitgen.practice.levels import KINDS, LEVELS, Level
from kitgen.practice.printed import ANSWER_LINES, answer_words, answers_path, practice_chunks, sheet_chunk
from kitgen.practice.sheets import class_set, draw_sheet, level_rules, named_throw, sheets_json

runner = CliRunner()
SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
OPERATION_SETS = [tuple(op for bit, op in enumerate(("add", "sub", "mul", "div")) if mask >> bit & 1)
                  for mask in range(1, 16)]


def brute_value(op, faces):
    """The value docs/rules.md section 9 words, worked out again here."""
    high, low = max(faces), min(faces)
    return {"add": high + low, "sub": high - low if high != low else None, "mul": high * low,
            "div": high // low if high % low == 0 else None}[op]


def brute_sets(open_tiles, value):
    """Every set of open tiles adding up to ``value``, by bitmask, ascending."""
    tiles = sorted(open_tiles)
    found = []
    for mask in range(1, 1 << len(tiles)):
        chosen = [tile for bit, tile in enumerate(tiles) if mask >> bit & 1]
        if sum(chosen) == value:
            found.append(chosen)
    return sorted(found)


def values(problem):
    if len(problem["throw"]) == 1:
        return [problem["throw"][0]]
    ops = [problem["op"]] if problem["op"] else problem["ops"]
    return [value for op in ops if (value := brute_value(op, problem["throw"])) is not None]


def check_answer(problem):
    """Assert ``problem``'s answer (its JSON object) by brute force and by the rules core."""
    kind, open_tiles, answer = problem["kind"], problem["open"], problem["answer"]
    assert problem["op"] is None or problem["op"] in problem["ops"]
    assert sorted(open_tiles) == open_tiles and set(open_tiles) <= set(range(1, problem["box"] + 1))
    if kind in ("make", "sentence"):
        (value,) = values(problem)
        expected = brute_sets(open_tiles, value)
        assert 1 <= len(expected) <= 8
        assert answer == (expected if kind == "make" else {"value": value, "ways": expected})
    elif kind == "move":
        (value,) = values(problem)
        tiles = problem["tiles"]
        right = len(set(tiles)) == len(tiles) and set(tiles) <= set(open_tiles) and sum(tiles) == value
        assert answer is right
        level = Level(problem["box"], tuple(problem["ops"]), 1, problem["box"])
        problems = judge_move(level_rules(level), box_of(open_tiles), named_throw(tuple(problem["throw"]),
                                                                                   problem["op"]), tuple(tiles))
        assert answer is (not problems) and problem["rule"] == (problems[0].code if problems else None)
    elif kind == "no-move":
        none = not any(brute_sets(open_tiles, value) for value in values(problem))
        assert answer is none
        level = Level(problem["box"], tuple(problem["ops"]), 1, problem["box"])
        assert answer is not throw_has_move(level_rules(level), box_of(open_tiles),
                                            named_throw(tuple(problem["throw"]), None))
    else:
        assert kind == "score"
        assert not any(brute_sets(open_tiles, value) for value in values(problem))  # the turn ends here
        expected = sum(open_tiles) if problem["scoring"] == "sum" else int("".join(map(str, open_tiles)) or 0)
        assert answer == expected


def test_ten_thousand_problems_of_every_level_agree_with_brute_force():
    checked = 0
    for seed in range(500):
        sheet = draw_sheet(seed, LEVELS[seed % 4 + 1], 20)
        for problem in sheet_problems(sheet):
            check_answer(problem)
            checked += 1
    assert checked == 10_000


def sheet_problems(sheet):
    return sheets_json([sheet])["sheets"][0]["problems"]


@st.composite
def levels(draw):
    box = draw(st.sampled_from((9, 10, 12)))
    least = draw(st.integers(1, box))
    most = draw(st.integers(least, box))
    return Level(box, draw(st.sampled_from(OPERATION_SETS)), least, most,
                 ("sum", "digits") if box == 9 else ("sum",))


@SETTINGS
@given(level=levels(), seed=st.integers(0, 2**32 - 1), kind=st.sampled_from(KINDS))
def test_any_level_gives_problems_whose_answers_agree_with_brute_force(level, seed, kind):
    try:
        sheet = draw_sheet(seed, level, 3, (kind,))
    except ValueError:  # a level that gives no such problem says so (a full box always has a move)
        return
    for problem in sheet_problems(sheet):
        assert problem["kind"] == kind
        check_answer(problem)


def test_the_same_seed_gives_the_same_sheet_and_the_kinds_come_in_turn():
    first = json.dumps(sheets_json([draw_sheet(7, LEVELS[3], 10)]))
    assert first == json.dumps(sheets_json([draw_sheet(7, LEVELS[3], 10)]))
    assert first != json.dumps(sheets_json([draw_sheet(8, LEVELS[3], 10)]))
    kinds = [problem.kind for problem in draw_sheet(7, LEVELS[3], 10).problems]
    assert sorted(kinds) == sorted(KINDS * 2)


def test_a_class_set_gives_every_pupil_a_sheet_and_a_seed_in_order():
    sheets = class_set(40, LEVELS[2], 4, ("Ana", "Ben", "Cy"))
    assert [(sheet.seed, sheet.name) for sheet in sheets] == [(40, "Ana"), (41, "Ben"), (42, "Cy")]
    assert sheets[1].problems == draw_sheet(41, LEVELS[2], 4).problems


def test_a_level_that_cannot_be_is_refused():
    for wrong in ((8, ("add",), 1, 8), (9, (), 1, 9), (9, ("pow",), 1, 9), (9, ("add",), 5, 4), (10, ("add",), 1, 10,
                                                                                                   ("digits",))):
        with pytest.raises(ValueError):
            Level(*wrong)
    with pytest.raises(ValueError):
        draw_sheet(1, LEVELS[1], 3, ("guess",))


# --- kitgen practice --json ----------------------------------------------------------------------


def test_practice_json_prints_the_documented_schema():
    result = runner.invoke(app, ["practice", "--level", "4", "--seed", "7", "--problems", "10", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    (sheet,) = data["sheets"]
    assert sheet["seed"] == 7 and sheet["name"] is None and len(sheet["problems"]) == 10
    for problem in sheet["problems"]:
        assert {"kind", "box", "open", "throw", "op", "ops", "answer"} <= problem.keys()
        assert ("tiles" in problem) is (problem["kind"] == "move")
        assert ("scoring" in problem) is (problem["kind"] == "score")
        assert problem["box"] == 12 and problem["ops"] == ["add", "sub", "mul", "div"]
        check_answer(problem)
    again = runner.invoke(app, ["practice", "--level", "4", "--seed", "7", "--problems", "10", "--json"])
    assert again.stdout == result.stdout


def test_practice_settings_and_a_roster_set_the_sheets(tmp_path):
    roster = tmp_path / "class.txt"
    roster.write_text("Ana\nBen\n", encoding="utf-8")
    result = runner.invoke(app, ["practice", "--box", "10", "--ops", "mul", "--open", "3-5", "--kinds", "make,score",
                                 "--roster", str(roster), "--seed", "3", "--problems", "4", "--json"])
    assert result.exit_code == 0, result.output
    sheets = json.loads(result.stdout)["sheets"]
    assert [(sheet["seed"], sheet["name"]) for sheet in sheets] == [(3, "Ana"), (4, "Ben")]
    for problem in (problem for sheet in sheets for problem in sheet["problems"]):
        assert problem["box"] == 10 and problem["ops"] == ["mul"] and 3 <= len(problem["open"]) <= 5
        assert problem["kind"] in ("make", "score")
        check_answer(problem)


@pytest.mark.parametrize("arguments, words", [
    (["--json", "--kinds", "make,guess"], "--kinds takes make, move, no-move, score, sentence"),
    (["--json", "--box", "11"], "--box is 9, 10 or 12"),
    (["--json", "--ops", "mul+add"], "--ops is one or more of add, sub, mul, div"),
    (["--json", "--open", "0-4"], "--open is how many tiles are open, from 1 to 9"),
    (["--json", "-o", "week.pdf"], "--json prints the problems to standard output"),
    (["--json", "--paper", "letter"], "--json prints the problems to standard output"),
    (["-o", "-"], "practice writes two PDFs, the sheets and their answer key: name a file with -o, not -."),
])
def test_practice_refuses_bad_settings_with_one_sentence(arguments, words):
    result = runner.invoke(app, ["practice", *arguments])
    assert result.exit_code == 2
    assert words in result.stderr and result.stderr.count("\n") == 1 and result.stdout == ""


def test_a_random_seed_is_printed_so_the_sheet_can_be_drawn_again():
    result = runner.invoke(app, ["practice", "--problems", "3", "--json"])
    seed = json.loads(result.stdout)["sheets"][0]["seed"]
    again = runner.invoke(app, ["practice", "--problems", "3", "--seed", str(seed), "--json"])
    assert again.stdout == result.stdout


# --- kitgen practice without --json: the sheets and their key ------------------------------------


@pytest.mark.parametrize("arguments", [["practice", "--help"], ["practice", "--seed", "3", "--json"]])
def test_practice_help_and_json_do_not_import_the_renderer(imported_by, arguments):
    assert imported_by(arguments) == []


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_pupils_sheet_prints_no_answer_hint_or_count_of_answers(level):
    """What a sheet prints of a problem is the same whatever its answer (another answer, another
    rule broken), and every problem of a kind has the same room to answer in."""
    layout = Layout(PAPERS["a4"])
    for seed in range(40):
        sheet = draw_sheet(seed, LEVELS[level], 10)
        hidden = replace(sheet, problems=tuple(replace(problem, answer=None, rule=None) for problem in sheet.problems))
        printed = sheet_chunk(1, sheet, layout)
        assert printed == sheet_chunk(1, hidden, layout)
        for problem, shown in zip(sheet.problems, printed.parts[0].problems, strict=True):
            choices = 2 if problem.kind in ("move", "no-move") else 0
            assert (shown.lines, len(shown.choices)) == (ANSWER_LINES[problem.kind], choices)
            assert shown.tiles == problem.open


def test_the_key_answers_every_problem_in_the_sheets_order():
    sheets = class_set(5, LEVELS[4], 10, ("Ana", "Ben"))
    _, keys = practice_chunks(sheets, Layout(PAPERS["letter"], 1.5))
    assert [chunk.parts[0].name for chunk in keys] == ["Ana", "Ben"]
    for sheet, chunk in zip(sheets, keys, strict=True):
        assert [answer for _, answer in chunk.parts[0].answers] == [answer_words(problem) for problem in sheet.problems]
    make = next(problem for sheet in sheets for problem in sheet.problems if problem.kind == "make")
    assert answer_words(make) == "; ".join(" + ".join(map(str, tiles)) for tiles in make.answer)


def test_the_answer_key_goes_beside_the_sheets():
    assert answers_path(Path("class/week3.pdf")) == Path("class/week3-answers.pdf")


@pytest.mark.parametrize("existing", ["week.pdf", "week-answers.pdf"])
def test_an_existing_sheet_or_key_is_kept_and_neither_is_written_without_force(tmp_path, existing):
    (tmp_path / existing).write_bytes(b"the teacher's own file")
    result = runner.invoke(app, ["practice", "--seed", "1", "-o", str(tmp_path / "week.pdf")])
    assert result.exit_code == 2
    assert "already exists; add --force" in result.stderr and result.stderr.count("\n") == 1
    assert sorted(path.name for path in tmp_path.iterdir()) == [existing]
    assert (tmp_path / existing).read_bytes() == b"the teacher's own file"

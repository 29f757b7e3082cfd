"""One slip of the pen (docs/log-format.md ruling 12): the distance, who a name is one slip
from, and, played on the shared example logs, that one slip in a name or a column is one
error whatever the preset."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from kitgen.games.knucklebones.rules import Column, slipped_column
from kitgen.logs.validate import validate_text
from kitgen.rules.names import name_key
from kitgen.rules.slips import one_slip_from, slip_distance

CASES = Path(__file__).parent / "fixtures" / "cases"
EXPECTED = json.loads((CASES / "expected.json").read_text(encoding="utf-8"))
VALID = sorted(name for name, expected in EXPECTED.items() if expected["valid"])
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LETTERS = st.sampled_from("abcdefghijklmnopqrstuvwxyzéöñ")


def test_the_distance_counts_insertions_deletions_substitutions_and_swaps():
    assert [slip_distance(*pair) for pair in [("ben", "ben"), ("bne", "ben"), ("bem", "ben"), ("be", "ben"),
                                              ("benn", "ben"), ("midle", "middle"), ("rigth", "right"),
                                              ("ca", "abc")]] == [0, 1, 1, 1, 1, 1, 1, 3]


def test_one_slip_is_1_edit_up_to_4_characters_and_2_beyond():
    assert one_slip_from("Bem", ["Ana", "Ben"]) == 1
    assert one_slip_from("Bxx", ["Ana", "Ben"]) is None  # 2 edits, 3 characters
    assert one_slip_from("Lornezo", ["Lorenzo", "Bea"]) == 0  # 1 swap
    assert one_slip_from("Lorenxx", ["Lorenzo", "Bea"]) == 0  # 2 edits, 7 characters
    assert one_slip_from("Bex", ["Ben", "Bea"]) is None  # one slip from both
    assert one_slip_from("ZOË", ["Zoe\u0308", "Ana"]) is None  # the same name (NFC), not a slip
    assert one_slip_from("Zoé", ["Zoe\u0308", "Ana"]) == 0


def test_a_column_of_3_or_more_characters_one_slip_from_one_name_is_that_column():
    assert [slipped_column(word) for word in ("midle", "Rigth", "lfet", "lef", "mid", "le", "c", "centre")] == [
        Column.MIDDLE, Column.RIGHT, Column.LEFT, Column.LEFT, None, None, None, None]


def _slipped(name: str, data: st.DataObject) -> str:
    """Return ``name`` with one edit: a letter put in, taken out, changed, or two swapped."""
    kind = data.draw(st.sampled_from(["insert", "delete", "substitute", "swap"]))
    at = data.draw(st.integers(0, len(name) - (0 if kind == "insert" else 1 if kind != "swap" else 2)))
    if kind == "insert":
        return name[:at] + data.draw(LETTERS) + name[at:]
    if kind == "delete":
        return name[:at] + name[at + 1:]
    if kind == "substitute":
        return name[:at] + data.draw(LETTERS) + name[at + 1:]
    return name[:at] + name[at + 1] + name[at] + name[at + 2:]


@SETTINGS
@given(data=st.data())
def test_a_name_with_one_slip_in_a_valid_log_gives_exactly_one_unknown_player(data):
    case = data.draw(st.sampled_from(VALID))
    text = (CASES / f"{case}.log").read_text(encoding="utf-8")
    lines = text.splitlines()
    players = [name.strip() for name in next(line for line in lines if line.startswith("players:"))[8:].split(",")]
    knucklebones = "knucklebones" in next(line for line in lines if line.startswith("rules:"))
    pattern = re.compile(r"([^:#]+)(: [1-6] \S+.*)" if knucklebones else r"(?i)turn (.+)()")
    places = [number for number, line in enumerate(lines) if pattern.fullmatch(line.strip())
              and pattern.fullmatch(line.strip())[1].strip() in players]
    number = data.draw(st.sampled_from(places))
    found = pattern.fullmatch(lines[number].strip())
    name = found[1].strip()
    slipped = _slipped(name, data)
    assume(name_key(slipped) not in {name_key(player) for player in players})
    assume(slipped.strip() and one_slip_from(slipped, players) == players.index(name))
    assume(slipped.casefold() not in ("score", "winner", "match winner", "game"))
    lines[number] = (f"{slipped}{found[2]}" if knucklebones else f"turn {slipped}")
    report = validate_text("\n".join(lines) + "\n", case)
    assert [(error.line, error.code) for error in report.errors] == [(number + 1, "unknown-player")], lines[number]
    assert report.results.winners == tuple(EXPECTED[case]["winners"])


@SETTINGS
@given(data=st.data())
def test_a_column_with_one_slip_in_a_valid_log_gives_exactly_one_bad_column(data):
    case = data.draw(st.sampled_from([name for name in VALID if "knucklebones" in name]))  # the valid ones
    lines = (CASES / f"{case}.log").read_text(encoding="utf-8").splitlines()
    pattern = re.compile(r"([^:#]+: [1-6] )(left|middle|right)(.*)")
    places = [number for number, line in enumerate(lines) if pattern.fullmatch(line.strip())]
    number = data.draw(st.sampled_from(places))
    found = pattern.fullmatch(lines[number].strip())
    slipped = _slipped(found[2], data)
    assume(slipped_column(slipped) is Column[found[2].upper()])
    lines[number] = f"{found[1]}{slipped}{found[3]}"
    report = validate_text("\n".join(lines) + "\n", case)
    assert [(error.line, error.code) for error in report.errors] == [(number + 1, "bad-column")], lines[number]
    assert report.results.winners == tuple(EXPECTED[case]["winners"])

"""Property tests: random legal games of every Shut the Box preset and format validate clean
with the right result, and each single fault put into one is caught with its code on its line.

Hypothesis draws the seeds; the games come from ``games_box`` (also used by the benchmarks).
"""

from __future__ import annotations

import random
import re

from games_box import FAULT_CODES, SETUPS, inject_fault, random_box_game, rules_for
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kitgen.games.box.lines import ThrowLine, read_line
from kitgen.games.box.rules import apply_move, has_move, turn_score
from kitgen.logs.lines import SyntaxProblem
from kitgen.logs.validate import validate_text

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def setup(index: int, seed: int):
    preset, options = SETUPS[index]
    rules = rules_for(preset, **{key.replace("-", "_"): value for key, value in options.items()})
    count = random.Random(seed).randint(rules.min_players, rules.max_players)
    return rules, ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hana")[:count]


@SETTINGS
@given(index=st.integers(0, len(SETUPS) - 1), seed=SEEDS)
def test_a_legal_game_validates_clean_with_its_result(index, seed):
    rules, players = setup(index, seed)
    game = random_box_game(random.Random(seed), rules, players)
    report = validate_text(game.text)
    assert report.errors == (), game.text
    assert report.results.winners == game.winners
    assert (report.results.hundred and report.results.hundred.loser) == game.loser
    if rules.format != "long-game":
        played = {turn.player for turn in report.results.turns}
        assert tuple(report.results.totals.values()) == tuple(
            total if name in played else None for name, total in zip(players, game.totals, strict=True))
    assert game.throws == sum(1 for line in game.text.splitlines() if ":" in line
                              and line.split(":")[0].strip().lower() not in
                              ("rules", "players", "title", "score", "totals", "winner", "loser"))


@SETTINGS
@given(index=st.integers(0, len(SETUPS) - 1), seed=SEEDS, code=st.sampled_from(FAULT_CODES))
def test_a_single_fault_is_caught_with_its_code_on_its_line(index, seed, code):
    rng = random.Random(seed)
    rules, players = setup(index, seed)
    game = random_box_game(rng, rules, players)
    fault = inject_fault(rng, game, code)
    if fault is None:  # this game has no place for that fault (e.g. no score in the long game)
        return
    report = validate_text(fault.text)
    found = {(error.line, error.code) for error in report.errors}
    assert (fault.line, code) in found, (fault.text, found)
    if fault.also is not None:
        assert {error.code for error in report.errors} <= {code} | fault.also, (fault.text, found)


@SETTINGS
@given(seed=SEEDS)
def test_the_validator_never_names_a_move_in_a_missed_move(seed):
    rng = random.Random(seed)
    game = random_box_game(rng, rules_for("classic", tiles="12"), ("Ana", "Ben"))
    fault = inject_fault(rng, game, "missed-move")
    if fault is None:
        return
    [missed] = [error for error in validate_text(fault.text).errors if error.code == "missed-move"]
    throw = fault.text.splitlines()[missed.line - 1].split(":")[0]
    assert missed.message == (
        f"the throw {throw.strip()} is recorded as no move, but a move existed.")


@SETTINGS
@given(seed=SEEDS)
def test_generated_turns_end_only_when_no_move_is_left(seed):
    """The generator itself: every no-move throw really has no move (or the log would lie)."""
    rng = random.Random(seed)
    game = random_box_game(rng, rules_for("ten"), ("Ana", "Ben", "Cy"))
    for entry in game.entries:
        if entry.kind == "throw" and not entry.tiles:
            assert not has_move(entry.box, entry.throw.total)
        if entry.kind == "score":
            box = _box_after_block(game, entry.block)
            assert entry.text == f"score: {turn_score(game.rules, box)}"


def _box_after_block(game, block):
    last = [entry for entry in game.entries if entry.block == block and entry.kind == "throw"][-1]
    return apply_move(game.rules, last.box, last.tiles, last.role)


@SETTINGS
@given(index=st.integers(0, len(SETUPS) - 1), seed=SEEDS,
       junk=st.lists(st.text(max_size=30), max_size=5))
def test_any_mangled_log_is_judged_never_raises(index, seed, junk):
    """Lines dropped, repeated, swapped or replaced by any text: always a report, with every
    error on a line of the log (or the whole log)."""
    rng = random.Random(seed)
    rules, players = setup(index, seed)
    lines = random_box_game(rng, rules, players).text.splitlines()
    header = 3 if lines[2].startswith("title:") else 2
    body = lines[header:]
    for text in junk:
        body.insert(rng.randint(0, len(body)), text.replace("\n", " ").replace("\r", " "))
    for _ in range(rng.randint(0, 4)):
        first, second = rng.randrange(len(body)), rng.randrange(len(body))
        body[first], body[second] = body[second], rng.choice((body[first], ""))
    report = validate_text("\n".join(lines[:header] + body) + "\n")
    count = header + len(body)
    assert all(error.line is None or 1 <= error.line <= count for error in report.errors)
    assert isinstance(report.results.winners, tuple)


@SETTINGS
@given(index=st.integers(0, len(SETUPS) - 1), seed=SEEDS)
def test_right_claims_anywhere_inside_a_turn_keep_a_legal_game_valid(index, seed):
    """docs/log-format.md ruling 1: a turn's final score, or the final result, written anywhere
    between its turn line and the next one, is right, and ends nothing."""
    rng = random.Random(seed)
    rules, players = setup(index, seed)
    game = random_box_game(rng, rules, players)
    report = validate_text(game.text)
    lines = game.text.splitlines()
    turn = rng.choice(report.results.turns)
    after = next((number for number in range(turn.line + 1, len(lines) + 1)
                  if lines[number - 1].lower().startswith("turn ")), len(lines) + 1)
    at = rng.randint(turn.line, after - 1)  # after line number ``at``, inside the block
    claims = ["winner: " + (", ".join(report.results.winners) or "none")]
    if turn.score is not None:
        claims.append(f"score: {turn.score}")
    lines.insert(at, rng.choice(claims))
    claimed = validate_text("\n".join(lines) + "\n")
    assert claimed.errors == (), "\n".join(lines)
    assert claimed.results.winners == report.results.winners


_WORDS = st.sampled_from(["8", "12", "5+3", "3", "5", "die", "4", "-", "=", ";", ".", ",", ":", "+", "no", "move",
                          "turn", "round", "score", "totals", "winner", "Ana", "none", "x"])


@SETTINGS
@given(words=st.lists(_WORDS, min_size=1, max_size=6), spaced=st.booleans())
@example(words=["8", "+", "8"], spaced=True)  # was offered as "8: + 8", the throw's "+ 8" read as tiles
def test_a_suggested_line_form_only_rearranges_what_was_written(words, spaced):
    """A "Did you mean" never names a tile the user did not write: the suggested line's
    words are the written words, in order, with at most separators dropped."""
    text = (" " if spaced else "").join(words)
    parsed = read_line(text)
    if not isinstance(parsed, SyntaxProblem) or dict(parsed.params).get("form") is None:
        return
    form = str(parsed.param("form"))
    assert not isinstance(read_line(form), SyntaxProblem), (text, form)  # it reads
    suggested = re.findall(r"[^\s:;=.,]+", form)
    written = iter(re.findall(r"[^\s:;=.,]+", text))
    assert all(word in written for word in suggested), (text, form)
    # a '+' joins a throw's faces: a suggestion never moves it to the tiles ("5: + 3 3 5")
    if isinstance(read_line(form), ThrowLine):
        assert not form.partition(":")[2].lstrip().startswith("+"), (text, form)

"""Property tests of the ``ops`` option (docs/rules.md section 9): ``kitgen check`` agrees with
brute force over the open tiles on random positions for every set of operations, legal games of
every preset that takes ``ops`` validate clean with the right result, and a throw naming an
operation the table does not allow, or a total where faces are needed, is caught on its line.

The brute force here lists every set of open tiles; the product never does (it looks moves up).
"""

from __future__ import annotations

import itertools
import random

from games_box import OPERATION_SETS, OPS_SETUPS, random_box_game, rules_for
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kitgen.games.box.check import check_box_claim
from kitgen.games.box.presets import OPERATIONS
from kitgen.logs.validate import validate_text

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SIGNS = {"add": "+", "sub": "-", "mul": "x", "div": "/"}
PRESETS = (("strip", {}), ("classic", {}), ("classic", {"tiles": "12"}), ("ten", {}))


def brute_value(op: str, first: int, second: int) -> int | None:
    """The value of docs/rules.md section 9, computed from its words."""
    high, low = max(first, second), min(first, second)
    return {"add": high + low, "sub": high - low if high != low else None, "mul": high * low,
            "div": high // low if high % low == 0 else None}[op]


def makes(open_tiles: tuple[int, ...], value: int) -> bool:
    return any(sum(chosen) == value for size in range(1, len(open_tiles) + 1)
               for chosen in itertools.combinations(open_tiles, size))


@st.composite
def positions(draw):
    preset, options = draw(st.sampled_from(PRESETS))
    ops = draw(st.sampled_from(OPERATION_SETS))
    rules = rules_for(preset, **options, ops=ops)
    open_tiles = tuple(sorted(draw(st.sets(st.integers(1, rules.tiles), min_size=1))))
    faces = (draw(st.integers(1, 6)), draw(st.integers(1, 6)))
    op = draw(st.sampled_from(OPERATIONS))
    total_only = draw(st.integers(0, 9)) == 0
    claim = draw(st.one_of(st.none(), st.lists(st.integers(1, rules.tiles), min_size=1, max_size=6)))
    return rules, open_tiles, faces, op, total_only, claim


@SETTINGS
@given(position=positions())
def test_check_agrees_with_brute_force_for_every_set_of_operations(position):
    rules, open_tiles, (first, second), op, total_only, claim = position
    roll = str(first + second) if total_only else f"{first}{SIGNS[op]}{second}"
    verdict = check_box_claim(rules, " ".join(map(str, open_tiles)), roll,
                              None if claim is None else " ".join(map(str, claim)))
    only_add = rules.ops == ("add",)
    if total_only:
        # a total is the game of today with add alone, dice-needed (judged as add) otherwise
        values = [first + second]
        named_ok = only_add
    else:
        values = [value for allowed in rules.ops if (value := brute_value(allowed, first, second)) is not None]
        named = brute_value(op, first, second)
        named_ok = op in rules.ops and (named is not None or (claim is None and not values))
    if claim is None:
        right = named_ok and not any(makes(open_tiles, value) for value in values)
    else:
        value = first + second if total_only else brute_value(op, first, second)
        right = (named_ok and len(set(claim)) == len(claim) and set(claim) <= set(open_tiles)
                 and sum(claim) == value)
    assert verdict.ok is right, (rules.describe(), open_tiles, roll, claim, verdict.text())


@SETTINGS
@given(index=st.integers(0, len(OPS_SETUPS) - 1), seed=SEEDS)
def test_a_legal_ops_game_validates_clean_with_its_result(index, seed):
    preset, options = OPS_SETUPS[index]
    rules = rules_for(preset, **{key.replace("-", "_"): value for key, value in options.items()})
    players = ("Ana", "Ben", "Cy", "Dee")[:random.Random(seed).randint(1, min(4, rules.max_players))]
    game = random_box_game(random.Random(seed), rules, players)
    report = validate_text(game.text)
    assert report.errors == (), game.text
    assert report.results.winners == game.winners


def _two_faces(game) -> list[tuple[int, tuple[int, ...]]]:
    """Return the line number and faces of every throw of ``game`` that writes two faces."""
    return [(index + 1, entry.throw.faces) for index, entry in enumerate(game.entries)
            if entry.kind == "throw" and entry.throw.dice == 2 and entry.throw.faces]


@SETTINGS
@given(index=st.integers(0, len(OPS_SETUPS) - 1), seed=SEEDS)
def test_an_operation_the_table_does_not_allow_is_one_bad_operation_on_its_line(index, seed):
    preset, options = OPS_SETUPS[index]
    rules = rules_for(preset, **{key.replace("-", "_"): value for key, value in options.items()})
    refused = [op for op in OPERATIONS if op not in rules.ops]
    rng = random.Random(seed)
    game = random_box_game(rng, rules, ("Ana", "Ben"))
    lines = game.text.splitlines()
    candidates = _two_faces(game)
    if not refused or not candidates:
        return
    number, faces = rng.choice(candidates)
    rest = lines[number - 1].partition(":")[2]
    lines[number - 1] = f"{faces[0]}{SIGNS[rng.choice(refused)]}{faces[1]}:{rest}"
    report = validate_text("\n".join(lines) + "\n")
    # its tiles count as moved, a "-" still ends the turn: nothing else changes
    assert [(error.line, error.code) for error in report.errors] == [(number, "bad-operation")], lines
    assert report.results.winners == game.winners


@SETTINGS
@given(index=st.integers(0, len(OPS_SETUPS) - 1), seed=SEEDS)
def test_a_total_where_faces_are_needed_is_dice_needed_on_its_line(index, seed):
    preset, options = OPS_SETUPS[index]
    rules = rules_for(preset, **{key.replace("-", "_"): value for key, value in options.items()})
    rng = random.Random(seed)
    game = random_box_game(rng, rules, ("Ana", "Ben"))
    lines = game.text.splitlines()
    candidates = _two_faces(game)
    if rules.ops == ("add",) or not candidates:
        return
    number, faces = rng.choice(candidates)
    rest = lines[number - 1].partition(":")[2]
    lines[number - 1] = f"{sum(faces)}:{rest}"
    report = validate_text("\n".join(lines) + "\n")
    found = [(error.line, error.code) for error in report.errors]
    assert (number, "dice-needed") in found
    assert all(line is None or line >= number for line, _ in found)


# --- the host key (docs/rules.md sections 8 and 9) -------------------------------------------


def brute_values(rules) -> set[int]:
    """Every value a throw makes under ``rules``, from the words of docs/rules.md section 9."""
    values = {value for first in range(1, 7) for second in range(1, 7) for op in rules.ops
              if (value := brute_value(op, first, second)) is not None}
    return values | (set(range(1, 7)) if rules.one_die != "never" else set())


@given(st.sampled_from(OPS_SETUPS))
@settings(max_examples=len(OPS_SETUPS) * 2, deadline=None)
def test_the_host_key_lists_every_value_the_operations_make_with_every_set_of_tiles_making_it(setup):
    from kitgen.kit.layout import PAPERS, Layout
    from kitgen.kit.parts.host_key import host_key
    from kitgen.rulebook import rulebook

    preset, options = setup
    rules = rules_for(preset, **options)
    key = host_key(rules, rulebook(rules), Layout(PAPERS["a4"]))
    if rules.ops == ("add",):
        assert [row.total for row in key.rows] == list(range(1 if rules.one_die != "never" else 2, 13))
    else:
        assert key.values and [row.total for row in key.rows] == sorted(brute_values(rules))
        assert max(row.total for row in key.rows) <= 36
    tiles = range(1, rules.tiles + 1)
    for row in key.rows:
        listed = [chosen for group in row.groups for chosen in group]
        brute = [chosen for size in range(1, rules.tiles + 1) for chosen in itertools.combinations(tiles, size)
                 if sum(chosen) == row.total]
        assert listed == brute, (setup, row.total)
        assert row.count == len(brute)


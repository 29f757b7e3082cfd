"""Property tests: a random legal game of every preset and format, written into a fillable
kit's fields as a player would fill them, transcribes to a log that validates clean with
the game's result (the kit's own records and rows, no PDF rendered).

Hypothesis draws the seeds; the games come from ``games_box`` and ``games_knucklebones``.
"""

from __future__ import annotations

import random

from fill_kits import box_values, knucklebones_values
from games_box import SETUPS, random_box_game, rules_for
from games_knucklebones import random_knucklebones_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kitgen.forms.transcribe import transcribe
from kitgen.kit.build import kit_manifest
from kitgen.kit.layout import PAPERS, Layout
from kitgen.kit.parts.chunks import table_chunk
from kitgen.kit.parts.turn_record import TurnRecord
from kitgen.kit.tables import Table
from kitgen.logs.validate import validate_text
from kitgen.rulebook import rulebook

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay")


class EveryName(set):
    """The field names of a kit's roll records and totals: any name (the rows a record
    prints are the kit's test, not the transcription's), and the sheets' rows of its
    continuation records, which say where a game's rows go."""

    def __contains__(self, name: object) -> bool:
        return True


def kit_fields(rules, players):
    """Return the manifest and the field names a one-table fillable kit of ``rules`` has."""
    table = Table(1, players)
    chunk = table_chunk(rules, table, Layout.for_print(PAPERS["a4"], False), rulebook(rules))
    fields = EveryName()
    for part in chunk.parts:
        if isinstance(part, TurnRecord):
            for sheet, (first, last) in enumerate(part.pages, start=1):
                fields.update(f"t1.{part.sheet_key}.sheet{sheet:02d}.r{row:02d}.{key}"
                              for row in range(first, last + 1) for key in part.column_keys)
    return kit_manifest(rules.describe(), (table,), [chunk]), fields


def same_result(log: str, game_text: str) -> None:
    report, expected = validate_text(log), validate_text(game_text)
    assert report.errors == (), log
    assert report.results.winners == expected.results.winners, log
    assert report.results.to_json().get("totals") == expected.results.to_json().get("totals"), log
    assert report.results.to_json().get("loser") == expected.results.to_json().get("loser"), log


@SETTINGS
@given(index=st.integers(0, len(SETUPS) - 1), seed=SEEDS)
def test_a_legal_game_filled_in_transcribes_to_its_result(index, seed):
    preset, options = SETUPS[index]
    rules = rules_for(preset, **{key.replace("-", "_"): value for key, value in options.items()})
    rng = random.Random(seed)
    players = NAMES[:rng.randint(rules.min_players, min(rules.max_players, len(NAMES)))]
    game = random_box_game(rng, rules, players)
    manifest, fields = kit_fields(rules, players)
    try:
        values = box_values(game, manifest, fields, rng)
    except (LookupError, StopIteration):
        return  # a game longer than the kit prints goes on more sheets
    (log,) = transcribe(manifest, values)
    same_result(log.text, game.text)


@SETTINGS
@given(match=st.sampled_from(("single", "best-of-3", "best-of-5")), seed=SEEDS)
def test_a_legal_match_filled_in_transcribes_to_its_result(match, seed):
    rules = rules_for("knucklebones", match=match)
    rng = random.Random(seed)
    game = random_knucklebones_game(rng, rules, ("Ana", "Ben"))
    manifest, fields = kit_fields(rules, ("Ana", "Ben"))
    try:
        values = knucklebones_values(game, fields, rng)
    except (LookupError, StopIteration):
        return
    (log,) = transcribe(manifest, values)
    same_result(log.text, game.text)

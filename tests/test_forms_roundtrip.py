"""No silent miss in fillable kits (issue 23 item 2; docs/FORMS.md): every preset's kit, named
and of blank seats, filled in from a known legal game with one planted fault, reports that
fault at its place on the sheets; every field a kit has is one kitgen reads or a play aid's;
and every field it reads reaches the log.

One kit is rendered per preset (and format) and kind, and each is filled once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fill_kits import FILLABLE_PRESETS, fields_of, fill_with_pypdf, legal_game
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.forms.read import read_kit, validate_kit
from kitgen.forms.scheme import AID, READ, field_use
from kitgen.forms.transcribe import transcribe
from kitgen.kit.build import render_kit
from kitgen.kit.request import KitRequest

runner = CliRunner()
PRESETS = FILLABLE_PRESETS
KINDS = ("named", "blank")  # names printed, or `--seats N` with names to write in
CASES = [f"{preset}:{kind}" for preset in PRESETS for kind in KINDS]


def render(path: Path, case: str) -> Path:
    """Render the fillable kit of ``case`` (the ``kits`` fixture calls this once per case)."""
    preset, kind = case.split(":")
    rules, players = PRESETS[preset]
    seated = {"players": players} if kind == "named" else {"seats": len(players)}
    path.write_bytes(render_kit(KitRequest(rules, host_key="none", fillable=True, **seated)).pdfs[0])
    return path


def case_game(case: str, kit: Path):
    """Return a generated legal game of ``case`` that the kit has room for, and its values."""
    return legal_game(*PRESETS[case.split(":")[0]], kit)


# --- the planted faults: each changes one cell of a legal game and says what is reported where ---


def record_of(kit: Path, seat: int, round_number: str) -> int:
    """Return the number of table 1's roll record of ``seat``'s round ``round_number`` (``""``
    where the records print no round): a seat's records print together, in seat order, the
    spares (no round) after them (docs/FORMS.md)."""
    manifest, _ = read_kit(kit)
    records, seats = list(manifest.records[0]), len(manifest.tables[0])
    seated = sum(1 for _player, printed in records if printed) or seats
    return next(index for index, (_player, printed) in enumerate(records, start=1)
                if index <= seated and (index - 1) * seats // seated == seat - 1 and printed == round_number)


def _rows(values: dict[str, str], record: int) -> list[int]:
    """Return the filled rows of roll record ``record``."""
    return sorted({int(name.split(".")[2][1:]) for name in values if name.startswith(f"t1.rec{record:02d}.r")})


def wrong_total(cell: str, words: str):
    """A totals cell (``combined``, ``round-1.total``) of seat 2 written wrong."""
    def plant(game, values, kit):
        return {f"t1.seat2.{cell}": "999"}, "wrong-total", f"Table 1, totals, {words}"
    return plant


def wrong_score(cell: str, words: str):
    """A score cell of seat 1 written wrong."""
    def plant(game, values, kit):
        return {f"t1.seat1.{cell}": "999"}, "wrong-score", f"Table 1, totals, {game.players[0]}, {words}"
    return plant


def wrong_checked_sum(seat: int, round_number: str, round_words: str):
    """The checked sum of the first row of ``seat``'s roll record of round ``round_number``
    written wrong (a wrong sum)."""
    def plant(game, values, kit):
        record, name = record_of(kit, seat, round_number), game.players[seat - 1]
        return ({f"t1.rec{record:02d}.r01.checked-sum": "99"}, "checked-sum",
                f"Table 1, {name}{round_words}, row 1")
    return plant


def wrong_name(seat: int, round_number: str, round_words: str):
    """A name written on ``seat``'s blank roll record of round ``round_number`` one slip from
    its seat's (ruling 12)."""
    def plant(game, values, kit):
        record, name = record_of(kit, seat, round_number), game.players[seat - 1]
        slipped = name[:-1] + ("x" if name[-1] != "x" else "y")
        return {f"t1.rec{record:02d}.player": slipped}, "unknown-player", f"Table 1, {slipped}{round_words}"
    return plant


def unreadable_roll(seat: int, round_number: str, round_words: str):
    """A roll cell of the last row of ``seat``'s roll record of round ``round_number`` that is
    no throw."""
    def plant(game, values, kit):
        record, name = record_of(kit, seat, round_number), game.players[seat - 1]
        row = _rows(values, record)[-1]
        return ({f"t1.rec{record:02d}.r{row:02d}.roll-total": "5 and 3"}, "syntax",
                f"Table 1, {name}{round_words}, row {row}")
    return plant


def wrong_winner(game, values, kit):
    """The winner field under the totals table naming a player who did not win."""
    loser = next(name for name in game.players if name not in game.winners)
    return {"t1.totals.winner": loser}, "wrong-winner", "Table 1, totals, winner"


def long_game_wrong_sum(game, values, kit):
    """The tiles of the turn record's first row adding up to more than the throw."""
    first = "t1.turn-record.sheet01.r01"
    total = int(values[f"{first}.die-1"]) + int(values.get(f"{first}.die-2", "0"))
    tiles = "1 2 3 4 5 6 7 8 9"  # 45: no throw of two dice
    assert total != 45
    return {f"{first}.tiles-shut-or-opened": tiles}, "sum-mismatch", "Table 1, turn record, row 1"


def long_game_wrong_winner(game, values, kit):
    """The loser's "won" ticked in the totals table, the winner's left blank."""
    loser = next(seat for seat, name in enumerate(game.players, start=1) if name not in game.winners)
    winner = next(seat for seat, name in enumerate(game.players, start=1) if name in game.winners)
    return ({f"t1.seat{loser}.won.mark": "/on", f"t1.seat{winner}.won.mark": ""}, "wrong-winner",
            "Table 1, totals, won")


def knucklebones_wrong_total(game, values, kit):
    """Both running totals of the third placement written, one of them wrong: the fault a
    named kit of scheme 1 did not read (issue 23 item 2)."""
    row = "t1.placement-record.sheet01.r03"
    first, second = game.placements[2].totals
    return ({f"{row}.seat-1-total": str(first), f"{row}.seat-2-total": str(second + 5)}, "wrong-score",
            "Table 1, game 1, row 3")


def knucklebones_wrong_result(game, values, kit):
    """The first game's result in the match record naming its loser."""
    winner = game.match.games[0].winner
    other = game.players[1 - winner] if winner is not None else game.players[0]
    return {"t1.match.r01.result-winner-or-draw": other}, "wrong-winner", "Table 1, match record, game 1"


FAULTS = {
    "strip:named": wrong_total("combined", "combined"),
    "strip:blank": wrong_name(2, "1", ", attempt 1"),
    "classic:named": wrong_score("score", "score"),
    "classic:blank": wrong_checked_sum(2, "1", ", round 1"),
    "classic-best-of-3:named": wrong_score("round-2.score", "round 2, score"),
    "classic-best-of-3:blank": wrong_winner,
    "classic-elimination:named": wrong_total("round-1.total", "round 1, total"),
    "classic-elimination:blank": wrong_checked_sum(3, "1", ", round 1"),
    "ten:named": wrong_checked_sum(3, "", ""),
    "ten:blank": wrong_name(2, "", ""),
    "hundred:named": wrong_total("round-1.total", "round 1, total"),
    "hundred:blank": unreadable_roll(1, "1", ", round 1"),
    "long-game:named": long_game_wrong_sum,
    "long-game:blank": long_game_wrong_winner,
    "knucklebones:named": knucklebones_wrong_total,
    "knucklebones:blank": knucklebones_wrong_result,
}


@pytest.mark.parametrize("case", CASES)
def test_a_planted_fault_is_reported_at_its_place(kits, tmp_path, case):
    kit = kits(case)
    game, values = case_game(case, kit)
    changes, code, place = FAULTS[case](game, values, kit)
    filled = tmp_path / "filled.pdf"
    fill_with_pypdf(kit, filled, {**values, **changes})

    (report,) = validate_kit(filled)
    found = [(error.code, error.place_text) for error in report.errors]
    if code in ("sum-mismatch", "syntax"):  # a move not made upsets what follows: the first of its code
        assert next(error for error in found if error[0] == code) == (code, place), found
    else:
        assert found == [(code, place)]
    result = runner.invoke(app, ["validate", str(filled)])
    assert result.exit_code == 1 and f"{place}: " in result.output, result.output


@pytest.mark.parametrize("case", CASES)
def test_a_legal_game_filled_in_validates_on_named_and_blank_kits(kits, tmp_path, case):
    kit = kits(case)
    _, values = case_game(case, kit)
    filled = tmp_path / "filled.pdf"
    fill_with_pypdf(kit, filled, values)
    (report,) = validate_kit(filled)
    assert report.errors == ()


@pytest.mark.parametrize("case", CASES)
def test_every_field_of_a_kit_is_read_or_a_play_aid(kits, case):
    # before: round wins, the rounds' won/out/shut ticks, "shut the box", turns played,
    # doubles thrown, a strip's or turn sheet's score, the long game's double and extra
    # turns held, knucklebones' board scores, the match record's starter, totals and game
    # wins, dice removed: fields that nothing read, so a wrong one went unseen
    uses = {name: field_use(name) for name in fields_of(kits(case))}
    assert sorted(name for name, use in uses.items() if use not in (READ, AID)) == []


# a seat's name, written where it is blank, or a blank roll record's
NAMES = re.compile(r"t1\.(?:rec[0-9]+\.player|seat[0-9]+\.player|match\.seat[0-9]+\.player"
                   r"|board[0-9]+\.seat-[0-9]\.player|board-sheet\.sheet[0-9]+\.(?:closer|opener))")
ORDER = re.compile(r"t1\.starts\.round-[0-9]+")  # the seat that started a round: read for the play order


@pytest.mark.parametrize("case", CASES)
def test_every_field_a_kit_reads_reaches_its_log(kits, case):
    """Each read field filled with its own mark: every mark is in the log; a ticked "won"
    names its seat's player in the winner claim; a name field alone seats its player."""
    kit = kits(case)
    manifest, _ = read_kit(kit)
    read = sorted(name for name in fields_of(kit) if field_use(name) == READ)
    names = [name for name in read if NAMES.fullmatch(name)]
    ticks = [name for name in read if name.endswith(".mark")]
    cells = [name for name in read if name not in names and name not in ticks and not ORDER.fullmatch(name)]
    marks = {name: f"m{number}x" for number, name in enumerate(cells)}
    seated = {name: f"Seat {name}" for name in names if name.startswith("t1.seat") or ".match." in name}
    (log,) = transcribe(manifest, {**marks, **seated, **dict.fromkeys(ticks, "/on")})
    assert [name for name, mark in marks.items() if mark not in log.text] == []
    assert all("winner: " in log.text for _ in ticks[:1])
    for name in names:  # each place a blank seat's (or record's) name is written is read
        record = name.rsplit(".", 1)[0]
        row = {f"{record}.r01.roll-total": "8"} if name.startswith("t1.rec") else {next(iter(marks)): "m0x"}
        (log,) = transcribe(manifest, {name: "Zed", **row})
        assert "Zed" in log.text, name

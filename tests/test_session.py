"""The session report's figures on hand-made sessions with known answers: results and what
decided them, standings (ties, solo tables, a mixed-validity table, an unreadable log,
knucklebones matches), players' figures, the dice and the JSON and CSV exports."""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path

import pytest

from kitgen.logs.report import SummaryLine
from kitgen.session.collect import collect_session
from kitgen.session.dice import ONE_DIE, TWO_DICE, UNEVEN_BELOW, chi_square_survival, fit
from kitgen.session.export import CSV_FIELDS, session_csv, session_json
from kitgen.session.figures import Session, placing_text
from kitgen.text.summaries import summary_line_text

FIXTURES = Path(__file__).parent / "fixtures"
T43 = ("1+1: 2", "1+1: -")  # leaves 1, 3-9 open: 43
T14 = ("4+5: 9", "4+4: 8", "3+4: 7", "2+3: 5", "1+1: 2", "6+6: -")  # leaves 1, 3, 4, 6: 14
SHUT = ("4+5: 9", "4+4: 8", "3+4: 7", "3+3: 6", "2+3: 5", "2+2: 4", "3+3: 1 2 3")  # shuts the box


def log(rules: str, players: str, *turns: tuple[str, tuple[str, ...]], claims: tuple[str, ...] = ()) -> str:
    lines = [f"rules: {rules}", f"players: {players}"]
    for name, throws in turns:
        lines += [f"turn {name}", *throws]
    return "\n".join([*lines, *claims]) + "\n"


@pytest.fixture
def club(tmp_path) -> Session:
    """A strip night of three tables (one solo, one undecided), a classic table whose log has
    one wrong claim, the rulebook's knucklebones match and a log that cannot be read."""
    folder = tmp_path / "thursday"
    folder.mkdir()
    logs = {
        "1-strip.log": log("strip", "Ana, Ben", ("Ana", T14), ("Ben", T43), ("Ana", SHUT), ("Ben", T43)),
        "2-solo.log": log("strip", "Cy", ("Cy", SHUT), ("Cy", T14)),
        "3-undecided.log": log("strip", "Dee, Eve", ("Dee", T14), ("Eve", T43), ("Eve", T14)),
        "4-classic.log": log("classic", "Fay, Gus", ("Fay", (*T14, "score: 15")), ("Gus", T43)),
        "5-knucklebones.log": (FIXTURES / "cases" / "spec-knucklebones-example.log").read_text(),
        "6-unreadable.log": "rules: chess\nplayers: Ana, Ben\n",
    }
    for name, text in logs.items():
        (folder / name).write_text(text, encoding="utf-8")
    return collect_session([folder, tmp_path / "missing.log"])


def rows(session: Session, rules: str) -> list[tuple]:
    [group] = [group for group in session.standings if group.rules == rules]
    return [(row.rank, row.player, row.table, row.marked) for row in group.rows]


def test_every_log_is_a_table_with_the_validators_summary_of_what_decided_it(club):
    tables = {table.number: table for table in club.tables}
    assert [tuple(map(summary_line_text, tables[n].summary)) for n in (1, 2, 3, 4, 5)] == [
        ("totals: Ana 14 + 0 = 14, Ben 43 + 43 = 86", "winner: Ana (lowest total)"),
        ("totals: Cy 0 + 14 = 14", "no winner: solo play declares none"),
        ("totals: Dee 14 + not played, Eve 43 + 14 = 57", "no winner: the log ends before the game is decided"),
        ("scores: Fay 14, Gus 43", "winner: Fay (lowest score)"),
        ("game 1, started by Ana: Ana 32, Ben 45; Ben won", "winner: Ben (the higher total)"),
    ]
    assert tables[1].players == ("Ana", "Ben") and tables[4].rules == "classic"
    assert tables[1].result == SummaryLine.of("winner", name="Ana", reason="lowest-total")


def test_a_log_with_errors_is_counted_and_marked_and_an_unreadable_one_keeps_its_sentence(club):
    tables = {table.number: table for table in club.tables}
    assert (tables[3].errors, tables[4].errors, tables[1].errors) == (1, 1, 0)  # missing-turn, wrong-score
    assert tables[4].marked and not tables[1].marked
    assert "'chess'" in tables[6].unreadable
    assert tables[7].file.endswith("missing.log") and "does not exist" in tables[7].unreadable
    assert club.counts == {"tables": 7, "valid": 3, "with_errors": 2, "unreadable": 2}


def test_strip_ranks_by_place_at_the_table_then_combined_remainder_incomplete_is_unranked(club):
    # Ana won table 1 (14), Ben came second there (86); Cy (solo, 14) and Eve (undecided, 57)
    # have no place and follow by their combined remainder; Dee played one attempt only.
    assert rows(club, "strip") == [
        (1, "Ana", 1, False), (2, "Ben", 1, False), (3, "Cy", 2, False), (4, "Eve", 3, True),
        (None, "Dee", 3, True),
    ]
    [strip] = [group for group in club.standings if group.rules == "strip"]
    assert [placing_text(row.placing) for row in strip.rows] == [
        "won", "place 2", "played alone", "not decided", "not decided"]


def test_a_table_whose_log_has_errors_is_ranked_as_written_and_marked(club):
    assert rows(club, "classic") == [(1, "Fay", 4, True), (2, "Gus", 4, True)]


def test_players_figures(club):
    [strip] = [group for group in club.standings if group.rules == "strip"]
    ana = strip.rows[0].figures
    assert ana == {"attempts": 2, "throws": 13, "average_left": 7.0, "shut": 1, "best": 0,
                   "worst": 14, "combined": 14}
    assert strip.columns == ("combined", "attempts", "average_left", "shut", "best", "worst", "throws")
    assert strip.rows[-1].figures["combined"] is None and strip.rows[-1].figures["attempts"] == 1


def test_knucklebones_ranks_by_games_won_then_points_with_dice_removed(club):
    [group] = [group for group in club.standings if group.rules == "knucklebones"]
    assert [(row.rank, row.player, row.figures) for row in group.rows] == [
        (1, "Ben", {"games_won": 1, "points": 45, "games": 1, "removed": 3, "throws": 9}),
        (2, "Ana", {"games_won": 0, "points": 32, "games": 1, "removed": 0, "throws": 9}),
    ]
    assert group.columns == ("games_won", "points", "games", "removed", "throws")


def test_knucklebones_matches_tied_on_games_won_are_split_by_points(tmp_path):
    example = (FIXTURES / "cases" / "spec-knucklebones-example.log").read_text()
    (tmp_path / "a.log").write_text(example)
    (tmp_path / "b.log").write_text(example.replace("Ana", "Cy").replace("Ben", "Dee"))
    session = collect_session([tmp_path])
    assert rows(session, "knucklebones") == [
        (1, "Ben", 1, False), (1, "Dee", 2, False), (3, "Ana", 1, False), (3, "Cy", 2, False)]


def test_the_dice_count_every_recorded_throw_and_one_die_apart(club):
    # Two dice: the strip and classic throws, table by table. One die: every knucklebones roll.
    tables = [(T14, SHUT, T43, T43), (SHUT, T14), (T14, T43, T14), (T14, T43)]
    assert club.two_dice.throws == sum(len(turn) for turns in tables for turn in turns) == 52
    assert club.two_dice.counts[2] == 13  # every "1+1": one in T14, two in T43
    assert club.one_die.throws == 18 and club.impossible == 0


def test_impossible_throws_are_left_out_of_the_dice(tmp_path):
    (tmp_path / "t.log").write_text(log("classic", "Ana", ("Ana", ("13: -",)), claims=()))
    session = collect_session([tmp_path / "t.log"])
    assert (session.impossible, session.two_dice.throws) == (1, 0)
    assert session.two_dice.sentence("two-dice") == "No two-dice throws were recorded."


def test_a_folder_without_logs_is_listed(tmp_path):
    session = collect_session([tmp_path])
    assert session.tables[0].unreadable == f"{str(tmp_path)!r} is a folder with no *.log file in it."


# The fit test


@pytest.mark.parametrize("statistic, freedom, p_value", [
    (15.987, 10, 0.10), (2.558, 10, 0.99), (29.588, 10, 0.001),  # chi-square tables
    (1.145, 5, 0.95), (15.086, 5, 0.01), (3.841, 1, 0.05), (5.991, 2, 0.05),
])
def test_the_survival_function_matches_the_chi_square_tables(statistic, freedom, p_value):
    assert chi_square_survival(statistic, freedom) == pytest.approx(p_value, rel=2e-3)


def test_the_survival_function_is_exp_for_two_degrees_and_tiny_far_out():
    assert chi_square_survival(7.3, 2) == pytest.approx(2.718281828 ** -3.65)
    assert chi_square_survival(5000.0, 10) == 0.0
    with pytest.raises(ValueError):
        chi_square_survival(1.0, 0)


def throws(rng: random.Random, count: int, die) -> dict[int, int]:
    counts: dict[int, int] = {}
    for _ in range(count):
        total = die(rng) + die(rng)
        counts[total] = counts.get(total, 0) + 1
    return counts


def fair(rng: random.Random) -> int:
    return rng.randint(1, 6)


def loaded(rng: random.Random) -> int:  # a six one time in three
    return 6 if rng.random() < 1 / 3 else rng.randint(1, 5)


@pytest.mark.parametrize("seed", range(5))
def test_fair_dice_pass_the_fit_test(seed):
    result = fit(throws(random.Random(seed), 1000, fair), TWO_DICE)
    assert result.p_value > UNEVEN_BELOW
    assert result.sentence("two-dice").startswith("1000 two-dice throws: consistent with fair dice, p = ")


@pytest.mark.parametrize("seed", range(5))
def test_a_loaded_die_fails_the_fit_test(seed):
    result = fit(throws(random.Random(seed), 1000, loaded), TWO_DICE)
    assert result.p_value < UNEVEN_BELOW
    assert "the dice or the records look uneven" in result.sentence("two-dice")
    faces = {}
    rng = random.Random(seed)
    for _ in range(600):
        face = loaded(rng)
        faces[face] = faces.get(face, 0) + 1
    assert fit(faces, ONE_DIE).p_value < UNEVEN_BELOW


def test_a_tiny_p_value_reads_p_below():
    result = fit({6: 600, 1: 10}, ONE_DIE)
    assert result.sentence("one-die") == "610 one-die throws: the dice or the records look uneven, p < 0.0001."


def test_few_throws_are_flagged_as_a_rough_test():
    few = fit({7: 3, 6: 2, 8: 1}, TWO_DICE)
    assert few.rough and few.throws_for_a_fair_test == 180
    assert not fit({total: 36 * 6 for total in TWO_DICE}, TWO_DICE).rough


# Exports


def test_csv_parses_with_one_row_per_player_at_a_table(club):
    parsed = list(csv.DictReader(io.StringIO(session_csv(club))))
    assert tuple(parsed[0]) == CSV_FIELDS
    assert len(parsed) == sum(len(group.rows) for group in club.standings) == 9
    ana = parsed[0]
    assert (ana["rules"], ana["rank"], ana["player"], ana["combined"], ana["points"]) == ("strip", "1", "Ana", "14", "")
    assert ana["file"].endswith("1-strip.log") and ana["log_has_errors"] == "no"
    dee = next(row for row in parsed if row["player"] == "Dee")
    assert (dee["rank"], dee["log_has_errors"]) == ("", "yes")


def test_json_holds_the_same_standings_figures_and_dice(club):
    document = json.loads(json.dumps(session_json(club)))
    assert document["counts"] == club.counts
    strip = document["standings"][0]
    assert strip["rules"] == "strip" and strip["ranking"].startswith("Between tables: the combined remainder")
    players = strip["players"]
    assert [(row["rank"], row["player"], row["combined"], row["place"], row["outcome"]) for row in players] == [
        (1, "Ana", 14, 1, "won"), (2, "Ben", 86, 2, "place"), (3, "Cy", 14, None, "solo"),
        (4, "Eve", 57, None, "undecided"), (None, "Dee", None, None, "undecided")]
    assert document["tables"][6]["unreadable"].endswith("does not exist.")
    assert document["dice"]["one_die"]["throws"] == 18
    assert sum(document["dice"]["two_dice"]["counts"].values()) == club.two_dice.throws


def test_no_figure_ranks_choices_of_tiles_or_columns(club):
    keys = {key for group in session_json(club)["standings"] for row in group["players"] for key in row}
    assert not any("tile" in key or "column" in key for key in keys)


def test_a_solo_best_of_table_is_ranked_with_no_round_won(tmp_path):
    (tmp_path / "solo.log").write_text(log("classic format=best-of-3", "Ana", ("Ana", T14)), encoding="utf-8")
    (tmp_path / "pair.log").write_text(log("classic format=best-of-3", "Ben, Cy", ("Ben", T43), ("Cy", T14),
                                           ("Cy", T43), ("Ben", T14), ("Ben", T14), ("Cy", T43)), encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(session_csv(collect_session([tmp_path])))))
    assert [(row["player"], row["round_wins"]) for row in rows] == [("Ben", "2"), ("Cy", "1"), ("Ana", "0")]


# Memory: the logs are read one at a time, and only what the report prints of each is kept

# a log of 400 impossible throws: 1,000 errors kept, about 300 KB as a validator's report
HEAVY = log("strip", "Ana, Ben", ("Ana", ("13: 1",) * 400))


def heavy_logs(folder: Path, count: int) -> Path:
    folder.mkdir()
    for number in range(count):
        (folder / f"{number:03d}.log").write_text(HEAVY, encoding="utf-8")
    return folder


def test_each_logs_report_is_let_go_before_the_next_log_is_read(tmp_path, monkeypatch):
    import weakref

    from kitgen.session import collect

    read = collect.validate_path
    reports: list[weakref.ref] = []

    def validate_path(path):
        assert [report() for report in reports if report() is not None] == [], \
            "an earlier log's report is still held"
        report = read(path)
        reports.append(weakref.ref(report))
        return report

    monkeypatch.setattr(collect, "validate_path", validate_path)
    session = collect_session([heavy_logs(tmp_path / "logs", 4)])
    assert len(reports) == len(session.tables) == 4


def test_collecting_a_session_holds_a_small_bounded_share_per_log(tmp_path, monkeypatch):
    """Each further log adds its table line and players' rows, a few kilobytes, not its
    report (every throw and error: about 300 KB here). The validator's reading state is
    freed by the cyclic garbage collector, whenever it runs: it is collected after each
    log here, so that the peak counts what collecting holds, the same on every run."""
    import gc
    import tracemalloc

    from kitgen.session import collect

    read = collect.validate_path

    def validate_path(path):
        report = read(path)
        gc.collect()
        return report

    monkeypatch.setattr(collect, "validate_path", validate_path)
    few, many = heavy_logs(tmp_path / "few", 2), heavy_logs(tmp_path / "many", 12)
    collect_session([few])  # the readers' caches filled first

    def peak(folder: Path) -> int:
        gc.collect()
        tracemalloc.start()
        try:
            collect_session([folder])
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    grown = peak(many) - peak(few)
    assert grown < 10 * 16_000, f"{grown:,} bytes more for 10 more logs"
    assert [table.errors for table in collect_session([many]).tables] == [1201] * 12


CASES = FIXTURES / "cases"


def test_figures_per_operation_count_each_throws_operation_tiles_and_points():
    # ops-classic-add+mul-valid.log by hand: five add throws shutting 6 tiles, 29 points;
    # five mul throws (one a no-move) shutting 7 tiles, 26 points
    session = collect_session([CASES / "ops-classic-add+mul-valid.log"])
    assert [(op, count.throws, count.tiles, count.points) for op, count in session.operations] == [
        ("add", 5, 6, 29), ("mul", 5, 7, 26)]
    assert session_json(session)["operations"] == [
        {"op": "add", "name": "addition", "throws": 5, "tiles": 6, "points": 29},
        {"op": "mul", "name": "multiplication", "throws": 5, "tiles": 7, "points": 26}]


def test_figures_per_operation_come_in_rules_order_and_a_total_alone_counts_as_addition():
    session = collect_session([CASES / "ops-ten-mul+div-valid.log", CASES / "ops-strip-add+sub-valid.log",
                               CASES / "ops-classic-add+mul-dice-needed.log"])
    assert [op for op, _ in session.operations] == ["add", "sub", "mul", "div"]
    alone = collect_session([CASES / "ops-classic-add+mul-dice-needed.log"])
    assert dict(alone.operations)["add"].throws == 6  # "5: 1 2 3" is judged, and counted, as addition


def test_a_session_of_addition_alone_has_no_figures_per_operation(club, tmp_path):
    assert club.operations == () and session_json(club)["operations"] == []
    written = tmp_path / "add.log"
    written.write_text(log("classic ops=add", "Ana", ("Ana", T14), claims=("score: 14",)))
    assert collect_session([written]).operations == ()

"""The session report's standings lead with what happened at each table (issue 23 item 3):
every row gives the player's table and result there, no table's winner is ranked below a
player they beat at that table (a property of generated sessions of every format), tables
carry their ``title:`` lines and the order they are numbered in, and the dice say which
throws they count, knucklebones faces outside 1-6 being impossible throws."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from games_box import NAMES, SETUPS, random_box_game, rules_for
from games_knucklebones import random_knucklebones_game
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.games import Placing, find_game, find_preset
from kitgen.logs.reader import parse_rules_line
from kitgen.logs.validate import validate_text
from kitgen.session.collect import collect_session
from kitgen.session.export import session_json
from kitgen.session.figures import SessionBuilder, placing_text
from kitgen.session.printed import standings_table
from kitgen.text import gettext

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
KNUCKLEBONES = tuple(("knucklebones", {"match": match}) for match in ("single", "best-of-3", "best-of-5"))
EVERY_SETUP = SETUPS + KNUCKLEBONES


def random_table(rng: random.Random, preset: str, options: dict[str, str]):
    """Return the log text of a random legal game of ``preset`` for 2 or more seats."""
    rules = (find_preset(preset).configure(options) if preset == "knucklebones"
             else rules_for(preset, **{key.replace("-", "_"): value for key, value in options.items()}))
    seats = rng.randint(max(2, rules.min_players), rules.max_players)
    players = tuple(rng.sample(NAMES, seats))
    if preset == "knucklebones":
        return random_knucklebones_game(rng, rules, players).text
    return random_box_game(rng, rules, players).text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.integers(0, len(EVERY_SETUP) - 1), seed=SEEDS, tables=st.integers(2, 5))
@example(setup=EVERY_SETUP.index(("hundred", {"scoring": "digits"})), seed=0, tables=3)  # a reset: low average
@example(setup=EVERY_SETUP.index(("classic", {"tiles": "9", "one-die": "on", "format": "elimination"})),
         seed=100, tables=3)  # everyone out in one round: the winner's average is not the lowest
def test_no_tables_winner_is_ranked_below_a_player_they_beat_at_that_table(setup, seed, tables):
    rng = random.Random(seed)
    builder = SessionBuilder()
    winners = {}
    for number in range(1, tables + 1):
        report = validate_text(random_table(rng, *EVERY_SETUP[setup]), f"table-{number}.log")
        assert report.valid
        winners[number] = set(report.results.winners)
        builder.add(report)
    [group] = builder.session().standings
    position = {(row.table, row.player): index for index, row in enumerate(group.rows)}
    for row in group.rows:
        if row.player not in winners[row.table]:
            continue
        assert row.rank is not None
        beaten = [other for other in group.rows if other.table == row.table and other.player not in winners[row.table]]
        for other in beaten:
            assert position[row.table, row.player] < position[other.table, other.player], (row, other)
            assert other.rank is None or row.rank < other.rank


FIXTURES = Path(__file__).parent / "fixtures"
SESSION = FIXTURES / "session"


def test_every_row_shows_its_table_and_its_result_there():
    session = collect_session([SESSION])
    cells = {group.rules: standings_table(group) for group in session.standings}
    strip = cells["strip"]
    assert strip.headings[:4] == ("Rank", "Table", "Player", "Result")
    assert strip.rows[0][:4] == ("1", "2", "Farid", "won")
    assert ("3", "Νίκος", "played alone") in {row[1:4] for row in strip.rows}
    best_of = cells["classic format=best-of-3"]
    assert [row[1:4] for row in best_of.rows] == [  # table 5's log claims Lena won: walked, Kemal did
        ("4", "Jo", "won"), ("5 *", "Kemal", "won"), ("4", "Ivan", "place 2"), ("5 *", "Lena", "place 2"),
        ("4", "Hana", "place 3")]


def test_the_format_decides_the_result_at_the_table_out_shared_lost():
    rng = random.Random(100)
    texts = [random_table(rng, "classic", {"tiles": "9", "one-die": "on", "format": "elimination"}) for _ in range(3)]
    report = validate_text(texts[2])
    placings = find_game("classic").placings(parse_rules_line(report.rules), report.results, report.players)
    assert report.results.out
    for name, went_out in report.results.out.items():
        if name in report.results.winners:  # everyone still in went out together: the lowest total won
            continue
        assert placings[name].outcome == "out" and placings[name].round == went_out
        assert placing_text(placings[name]) == f"out in round {went_out}"
    [winner] = report.results.winners
    assert placings[winner] == Placing(1, "won")
    turn = "12: 3 9\n12: 4 8\n12: 5 7\n12: -\n"  # 1, 2 and 6 left open: 9
    tie = f"rules: classic\nplayers: Ana, Ben\nturn Ana\n{turn}turn Ben\n{turn}"
    shared = validate_text(tie)
    assert shared.results.winners == ("Ana", "Ben") and shared.valid, shared.errors
    both = find_game("classic").placings(find_preset("classic").configure({}), shared.results, shared.players)
    assert [placing_text(placing) for placing in both.values()] == ["shared the win", "shared the win"]
    match = validate_text((FIXTURES / "cases" / "spec-knucklebones-example.log").read_text(encoding="utf-8"))
    knucklebones = find_game("knucklebones").placings(find_preset("knucklebones").configure({}), match.results,
                                                      match.players)
    assert knucklebones == {"Ben": Placing(1, "won"), "Ana": Placing(2, "lost")}


def test_tables_carry_their_title_lines_in_the_order_given(tmp_path):
    session = collect_session([SESSION / "table-03.log", SESSION / "table-01.log"])
    assert [(table.number, Path(table.file).name, table.title) for table in session.tables] == [
        (1, "table-03.log", "table 2, Thursday club"), (2, "table-01.log", None)]
    document = session_json(session)
    assert [table["title"] for table in document["tables"]] == ["table 2, Thursday club", None]


def test_a_knucklebones_face_outside_1_to_6_is_an_impossible_throw(tmp_path):
    example = (FIXTURES / "cases" / "spec-knucklebones-example.log").read_text(encoding="utf-8")
    (tmp_path / "bad.log").write_text(example.replace("Ana: 1 left", "Ana: 7 left", 1), encoding="utf-8")
    (tmp_path / "good.log").write_text(example, encoding="utf-8")
    bad, good = collect_session([tmp_path / "bad.log"]), collect_session([tmp_path / "good.log"])
    assert (bad.impossible, good.impossible) == (1, 0)
    assert bad.one_die.throws == good.one_die.throws - 1
    assert session_json(bad)["dice"]["impossible"] == 1


def test_the_dice_say_which_throws_each_game_played_counts():
    from kitgen.session.printed import report_chunk

    session = collect_session([SESSION])
    assert [gettext(message) for message in session.one_die_counted] == [
        "Shut the Box throws of one die (written die 4)", "knucklebones rolls (a roll is one die)"]
    two_dice, one_die = report_chunk(session).parts[2].charts
    assert two_dice.counted == "Counted: Shut the Box throws of two dice, by their total."
    assert "knucklebones rolls (a roll is one die)" in one_die.counted
    box_only = collect_session([SESSION / "table-01.log"])
    assert box_only.one_die_counted == session.one_die_counted[:1] and box_only.two_dice_counted


def page_rows(pdf: Path, pattern: str) -> list[tuple[str, int]]:
    """Return, page by page of the tables and standings sheets, the sheet and how many of
    its rows the page holds (rows counted by ``pattern``, found once in each row)."""
    from pypdf import PdfReader

    counted, sheet = [], ""
    for page in PdfReader(pdf).pages:
        text = page.extract_text()
        sheet = text.split()[0] if text.split()[0] in ("Tables", "Standings", "Dice") else sheet
        if sheet == "Tables":
            counted.append((sheet, len(re.findall(r"t\d\d\.log", text))))
        elif sheet == "Standings":
            counted.append((sheet, len(re.findall(pattern, text))))
    return counted


@pytest.mark.render
@pytest.mark.parametrize("tables, solo", [(45, 0), (14, 0), (12, 1)])
def test_no_page_holds_a_single_row(tmp_path, tables, solo):
    # 45 tables of 3 left table 45 alone on the tables sheet's second page, 14 the last of
    # 42 standings rows alone on its second page; 12 and a solo table make 37 rows
    template = (SESSION / "table-02.log").read_text(encoding="utf-8")
    folder = tmp_path / "logs"  # printed as logs/t01.log: one line in its cell
    folder.mkdir()
    for number in range(1, tables + 1):
        text = template.replace("Eleni", f"E{number:02d}").replace("Farid", f"F{number:02d}")
        (folder / f"t{number:02d}.log").write_text(text.replace("Grace", f"G{number:02d}"), encoding="utf-8")
    if solo:
        (folder / "t99.log").write_text((SESSION / "table-03.log").read_text(encoding="utf-8"), encoding="utf-8")
    pdf = tmp_path / "report.pdf"
    result = CliRunner().invoke(app, ["report", str(folder), "-o", str(pdf)])
    assert result.exit_code == 0, result.output
    counted = page_rows(pdf, r"\b[EFG]\d\d\b|Νίκος")
    assert sum(count for sheet, count in counted if sheet == "Tables") == tables + solo
    assert sum(count for sheet, count in counted if sheet == "Standings") == 3 * tables + solo
    assert all(count >= 2 for _, count in counted), counted


def test_a_standings_column_is_as_wide_as_its_headings_longest_word_kept_whole_at_a_no_break_space():
    from kitgen.kit.measure import BOLD, text_mm
    from kitgen.session.printed import HEADING_PADDING_MM, HEADING_PT, StandingsTable

    table = StandingsTable("classic", "", ("Ranglistenplatz", "Moy.\u00a0restant", "Round wins"), (), ())
    widths = [width + 0.005 for width in table.heading_mm]  # rounded to 0.01 mm, within the padding's 0.2 to spare
    assert widths[0] >= text_mm("Ranglistenplatz", HEADING_PT, BOLD) + HEADING_PADDING_MM
    assert widths[1] >= text_mm("Moy.\u00a0restant", HEADING_PT, BOLD) + HEADING_PADDING_MM
    assert widths[2] < text_mm("Round wins", HEADING_PT, BOLD)  # it wraps between its words

"""Smoke tests of benchmarks/: the modules import and their counting and bookkeeping are right.

No timing is asserted here (the figures are benchmarks/run.py's job, never a test's).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import corpus  # noqa: E402
import measure  # noqa: E402
import run  # noqa: E402
from games_box import random_box_game, random_setup  # noqa: E402
from games_knucklebones import random_knucklebones_game  # noqa: E402

from kitgen.games import find_preset  # noqa: E402


def test_count_throws_counts_every_throw_form_and_nothing_else():
    text = "\n".join([
        "rules: classic format=best-of-3",
        "players: Ana, Ben",
        "title: 8: not a throw",
        "round 1",
        "turn Ana",
        "8: 8",
        "  5+3: 3 5   = 8   # both faces",
        "DIE 4: 4",
        "6 + 6: -",
        "# 7: a comment, not a throw",
        "score: 33",
        "totals: Ana 33, Ben 0",
        "winner: Ana",
    ])
    assert corpus.count_throws(text) == 4


def test_count_throws_agrees_with_the_generator_on_every_preset():
    rng = random.Random(7)
    for _ in range(60):
        rules, players = random_setup(rng)
        game = random_box_game(rng, rules, players)
        assert corpus.count_throws(game.text) == game.throws


def test_count_placements_skips_header_and_claims():
    rng = random.Random(3)
    rules = find_preset("knucklebones").configure({"match": "best-of-3"})
    for _ in range(20):
        game = random_knucklebones_game(rng, rules, ("Mary Ann", "Ben"))
        assert corpus.count_placements(game.text) == len(game.placements)


def test_box_logs_are_legal_and_drawn_from_their_seed():
    from kitgen.logs.validate import validate_text

    logs = corpus.box_logs(3, seed=1)
    assert len(logs) == 3
    assert all(validate_text(text).valid for text in logs)
    assert corpus.box_logs(3) == corpus.box_logs(3, seed=corpus.SEED)
    assert logs != corpus.box_logs(3, seed=2)


def test_command_batches_keep_every_name_once_and_in_order(monkeypatch):
    monkeypatch.setattr(corpus.os, "sysconf", lambda name: 2 * 40)
    names = [f"{number:05d}.log" for number in range(10)]
    batches = corpus.command_batches(["kitgen", "validate"], names)
    assert len(batches) > 1
    assert all(batch[:2] == ["kitgen", "validate"] for batch in batches)
    assert [name for batch in batches for name in batch[2:]] == names
    assert all(sum(len(arg) + 1 for arg in batch) <= 40 for batch in batches)


def test_command_batches_is_one_command_when_it_fits():
    names = [f"{number:05d}.log" for number in range(20_000)]
    assert len(corpus.command_batches(["python", "kitgen", "validate"], names)) == 1


def test_write_logs_writes_one_file_a_log(tmp_path):
    names = corpus.write_logs(["a\n", "b\n"], tmp_path / "logs")
    assert names == ["00000.log", "00001.log"]
    assert (tmp_path / "logs" / "00001.log").read_text(encoding="utf-8") == "b\n"


def test_run_command_reports_status_memory_and_error():
    done = measure.run_command([sys.executable, "-c", "import sys; sys.exit('boom')"])
    assert done.status == 1
    assert done.error == "boom"
    assert done.max_rss_mb > 0


def test_run_command_writes_standard_output(tmp_path):
    out = tmp_path / "out.txt"
    done = measure.run_command([sys.executable, "-c", "print('hi')"], stdout_path=out)
    assert done.status == 0
    assert out.read_text() == "hi\n"


def test_interleaved_runs_in_turn_after_warmups():
    calls = []

    def command(name):
        return lambda: calls.append(name) or measure.Run(1.0, 1.0, 0, "")

    runs = measure.interleaved({"a": command("a"), "b": command("b")}, repeats=2, warmups=1)
    assert calls == ["a", "b", "a", "b", "a", "b"]
    assert [len(runs["a"]), len(runs["b"])] == [2, 2]


def test_verdict_and_texts():
    assert measure.verdict(1.5, 1.5) == "yes"
    assert measure.verdict(1.6, 1.5) == "NO"
    assert measure.verdict(120_000, 100_000, at_most=False) == "yes"
    assert measure.seconds_text(0.1234) == "123 ms"
    assert measure.seconds_text(2.5) == "2.50 s"
    assert measure.count_text(123456.7) == "123,457"


def test_format_table_aligns_every_row():
    table = measure.format_table([measure.Row("start-up", "120 ms", "Typer 100 ms", "1.20x", "<= 1.5x", "yes")])
    lines = table.splitlines()
    assert len(lines) == 3
    assert len({len(line) for line in lines}) == 1
    assert "| start-up" in lines[2] and "| yes" in lines[2]


def test_roster_120_has_120_distinct_names(tmp_path):
    from kitgen.kit.roster import read_roster

    names = read_roster(run.roster_120(tmp_path / "roster.txt")).names
    assert len(names) == 120
    assert len({name.lower() for name in names}) == 120


def test_small_log_is_valid():
    from kitgen.logs.validate import validate_text

    assert validate_text(corpus.SMALL_LOG).valid


def test_floor_document_has_the_pages_asked_for():
    floor = pytest.importorskip("weasyprint_floor")
    assert floor.document(3).count("<section>") == 3
    assert "@font-face" in floor.stylesheet()


def test_reportlab_reference_draws_the_30_name_kit(tmp_path):
    pytest.importorskip("reportlab")
    import reportlab_strip
    from pypdf import PdfReader

    names = [f"Player {number}" for number in range(30)]
    pages = reportlab_strip.draw_strip_kit(names, tmp_path / "kit.pdf", tmp_path / "key.pdf")
    assert pages == len(PdfReader(tmp_path / "kit.pdf").pages) + len(PdfReader(tmp_path / "key.pdf").pages) == 31


def test_helper_scripts_import():
    import import_probe
    import minimal_typer_app
    import moonshot

    assert minimal_typer_app.app.registered_commands
    assert import_probe.WATCHED and moonshot.STAGES


def test_moonshot_stages_name_functions_that_exist():
    import importlib
    import inspect

    import moonshot

    for stage, ending, function in moonshot.STAGES:
        module = importlib.import_module(ending.removesuffix(".py").replace("/", "."))
        source = inspect.getsource(module)
        assert f"def {function}(" in source, stage


def test_import_probe_reports_the_modules_a_command_imported():
    done = measure.run_command([sys.executable, str(BENCHMARKS / "import_probe.py"), "--version"])
    assert done.status == 0
    assert "imported: weasyprint=no pypdf=no" in done.error


def test_moonshot_results_become_rows_and_a_note():
    found = {
        "kitgen": {"seconds": [4.0, 5.0, 6.0], "pages": 31},
        "reportlab": {"seconds": [0.1, 0.1, 0.1], "pages": 31},
        "investigate": {
            "breakdown": {"profiled_seconds": 9.0, "shares": {"layout": 0.5, "  of which tables": 0.4}},
            "cached_stamped": {"seconds": [1.0], "pages": 31},
            "parallel": {"error": "OSError: no fork"},
        },
    }
    rows = run._investigation_rows(found["investigate"], 5.0, 0.1)
    assert [row.figure for row in rows] == [
        "prototype: tables rendered by 2 forked processes, pypdf merge",
        "prototype: names and labels stamped onto cached, already rendered pages",
    ]
    assert rows[0].kitgen == "failed: OSError: no fork"
    assert rows[1].ratio == "10.00x" and rows[1].holds == "NO"
    assert "speed-up over build_kit 5.00x" in rows[1].kitgen
    assert run.breakdown_note(found).endswith("layout 50%, of which tables 40%.")
    assert run.breakdown_note({"kitgen": {}}) == ""


def test_a_checkout_runs_its_own_kitgen_from_inside_another(tmp_path):
    # the baseline's commands are run from wherever the benchmark is: a checkout's kitgen
    # must win over the one in the working folder, or the baseline times this checkout
    other = tmp_path / "other"
    (other / "kitgen").mkdir(parents=True)
    (other / "pyproject.toml").write_text('[project.scripts]\nkitgen = "kitgen.cli:run"\n', encoding="utf-8")
    (other / "kitgen" / "__init__.py").write_text("", encoding="utf-8")
    (other / "kitgen" / "cli.py").write_text("def run():\n    print('the other checkout')\n", encoding="utf-8")
    written = tmp_path / "out.txt"
    done = run.Checkout(other).run(["--version"], cwd=run.REPO, stdout_path=written)
    assert done.status == 0, done.error
    assert written.read_text(encoding="utf-8").strip() == "the other checkout"

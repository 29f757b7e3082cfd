"""Bad input and faults (issue 10; docs/cli.md "Limits and bad input"): every item the attack
found gets a test here, and mutated logs never give anything but exit 0/1/2 with
well-formed ``--json``. The long fuzz run is ``benchmarks/fuzz.py``."""

from __future__ import annotations

import json
import os
import random
import signal
import stat
import subprocess
import sys
import tracemalloc
import typing
from pathlib import Path

import mutations
import pytest
from games_box import random_box_game, random_setup
from games_knucklebones import random_knucklebones_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import kitgen.kit.build as build
import kitgen.kit.output as output
from kitgen.cli import app
from kitgen.errors import (
    KitgenError,
    LogUnreadableError,
    OptionError,
    OutputExistsError,
    PlayerCountError,
    PlayerNameError,
    RenderError,
    RosterError,
)
from kitgen.games import find_preset
from kitgen.games.knucklebones.rules import Match
from kitgen.kit.build import build_kit
from kitgen.kit.request import KitRequest
from kitgen.kit.roster import read_roster
from kitgen.kit.tables import plan_tables
from kitgen.logs.reader import Body, read_log_text
from kitgen.logs.validate import validate_text
from kitgen.rules.names import parse_name, parse_names
from kitgen.textfile import What, read_bytes

CASES = Path(__file__).parent / "fixtures" / "cases"
VALID = CASES / "strip-2p-valid.log"
KNUCKLEBONES = CASES / "knucklebones-2p-valid.log"
STRIP = find_preset("strip").configure()
MiB = 1024 * 1024

runner = CliRunner()


def invoke(*args: str | Path, **keywords):
    return runner.invoke(app, [*map(str, args)], **keywords)


def one_sentence(result, status: int = 2) -> str:
    """Return the one line a refused command printed on standard error, after checking it."""
    assert result.exit_code == status, result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kitgen: "), result.stderr
    return lines[0]


# 1. Special files: a bounded read, regular files only, never block.

def test_a_device_is_refused_by_name():
    with pytest.raises(LogUnreadableError, match="'/dev/null' is a device, not a game log"):
        read_log_text(Path("/dev/null"))


def test_a_fifo_without_a_writer_is_refused_at_once(tmp_path):
    fifo = tmp_path / "game.log"
    os.mkfifo(fifo)
    code = f"from kitgen.logs.reader import read_log_text\nread_log_text({str(fifo)!r})"
    # A hang guard, not a timing measure: the old reader blocked here for ever.
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                            cwd=Path(__file__).parent.parent)
    assert "is a FIFO (named pipe), not a game log" in result.stderr


def test_a_papersize_file_that_is_a_fifo_is_not_waited_for(tmp_path):
    fifo = tmp_path / "papersize"
    os.mkfifo(fifo)
    code = ("from kitgen.kit.papersize import default_paper\n"
            f"print(default_paper({{'PAPERCONF': {str(fifo)!r}}}))")
    # A hang guard, not a timing measure: opening the FIFO blocked for ever.
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                            cwd=Path(__file__).parent.parent)
    assert result.stdout == "a4\n", result.stderr


def test_standard_input_is_read_up_to_four_mib():
    assert invoke("validate", "-", input=VALID.read_bytes()).exit_code == 0
    result = invoke("validate", "-", input=b"rules: strip\n" + b"#" * (4 * MiB))
    assert "is larger than 4 MiB" in one_sentence(result)


def test_a_roster_is_bounded_too(tmp_path):
    roster = tmp_path / "class.txt"
    roster.write_bytes(b"Ana\n" * (MiB + 1))
    with pytest.raises(RosterError, match="larger than 4 MiB"):
        read_roster(roster)


@pytest.mark.parametrize("what", typing.get_args(What))
def test_every_kind_of_file_read_is_refused_past_four_mib_in_one_sentence(tmp_path, what):
    # before: a tally sheet over 4 MiB raised KeyError, a traceback (its sentence was missing)
    big = tmp_path / "big.txt"
    big.write_bytes(b"#" * (4 * MiB + 1))
    with pytest.raises(KitgenError, match=f"larger than 4 MiB, too large for a {what}"):
        read_bytes(big, what, KitgenError)


def test_a_roster_from_standard_input():
    result = invoke("kit", "--roster", "-", "--tables", "0", input="Ana\nBen\n")
    assert result.exit_code == 2 and "roster '-': 2 names" in result.stderr
    assert "1 to 250 tables" in result.stderr  # the names were read: the tables refused


def test_a_folder_is_refused_as_a_roster(tmp_path):
    with pytest.raises(RosterError, match="is a folder, not a roster"):
        read_roster(tmp_path)


# 2. A number with thousands of leading zeros.

@pytest.mark.parametrize("line", ["Ana: " + "0" * 5000 + "1 left", "score: Ana " + "0" * 5000 + "1"])
def test_a_zero_padded_number_is_a_syntax_error(line):
    report = validate_text(f"rules: knucklebones\nplayers: Ana, Ben\n{line}\n")
    assert [error.code for error in report.errors if error.line == 3] == ["syntax"]


def test_a_zero_padded_number_keeps_the_json(tmp_path):
    log = tmp_path / "zeros.log"
    log.write_text("rules: knucklebones\nplayers: Ana, Ben\nAna: " + "0" * 5000 + "1 left\n")
    result = invoke("validate", "--json", log)
    assert result.exit_code == 1 and json.loads(result.stdout)[0]["errors"][0]["code"] == "syntax"


# 3. Knucklebones validation is linear: the look-ahead for the next placement reads the body a
# second time, forward only, never a copy of the rest of the log per placement.

def test_the_look_ahead_reads_each_line_once_more_at_most(monkeypatch):
    lines_read = []
    iterate = Body.__iter__

    def counted(body):
        for line in iterate(body):
            lines_read.append(line.number)
            yield line

    monkeypatch.setattr(Body, "__iter__", counted)
    # every placement but the first is by the seat not due: each one looks ahead
    report = validate_text("rules: knucklebones\nplayers: Ana, Ben\n" + "Ana: 3 left\n" * 900)
    assert sum(error.code == "turn-order" for error in report.errors) == 450
    assert len(lines_read) <= 2 * 900


def peak_validating(text: str) -> int:
    """Return the most memory Python held while validating the log ``text``, in bytes."""
    tracemalloc.start()
    try:
        validate_text(text)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_long_knucklebones_log_is_walked_in_bounded_memory():
    text = "rules: knucklebones\nplayers: Ana, Ben\n" + "Ana: 3 left\n" * 20_000
    assert peak_validating(text) < 4 * MiB  # a walker that listed every entry first peaked at about 5.4 MiB


def test_no_placement_walks_the_games_before_it(monkeypatch):
    """A match keeps its earlier games as a linked list; listing them all (Match.games) is
    for the results at the end, never for each placement (that made 4 MiB take minutes)."""
    listed = []
    games = Match.games.fget
    monkeypatch.setattr(Match, "games", property(lambda match: listed.append(1) or games(match)))
    text = KNUCKLEBONES.read_text(encoding="utf-8")
    validate_text(text)
    assert text.count(" left") + text.count(" middle") + text.count(" right") > 20 and len(listed) <= 3


# 4. Memory: errors kept per log are capped; --json is written log by log.

def test_a_log_reports_its_first_thousand_errors_and_counts_the_rest():
    report = validate_text("rules: strip\nplayers: Ana\n" + "x\n" * 3000)
    assert len(report.errors) == 1000 and report.errors_left_out == 2001  # and missing-turn
    assert [error.line for error in report.errors] == list(range(3, 1003))
    assert report.to_json()["errors_left_out"] == 2001


def test_the_text_report_says_how_many_errors_are_not_listed(tmp_path):
    log = tmp_path / "bad.log"
    log.write_text("rules: strip\nplayers: Ana\n" + "x\n" * 1500)
    result = invoke("validate", log)
    assert "501 more errors not listed" in result.stdout
    assert result.stdout.count(": syntax: ") == 1000 and "invalid, 1501 errors" in result.stdout


def test_a_log_of_many_bad_lines_is_held_in_bounded_memory():
    text = "rules: strip\nplayers: Ana\n" + "x\n" * 50_000
    assert peak_validating(text) < 4 * MiB  # the old reader held every line and every error: about 14 MiB


def test_json_is_written_log_by_log(tmp_path, monkeypatch, capsys):
    import kitgen.logs.batch as batch_module  # where validate takes validate_path from

    validate_path = batch_module.validate_path
    written_before_the_third = []

    def watched(path):
        if Path(path).name == "third.log":
            written_before_the_third.append(capsys.readouterr().out)
        return validate_path(path)

    monkeypatch.setattr(batch_module, "validate_path", watched)
    logs = []
    for name in ("first.log", "second.log", "third.log"):
        logs.append(tmp_path / name)
        logs[-1].write_bytes(VALID.read_bytes())
    with pytest.raises(SystemExit):
        app(["validate", "--json", *map(str, logs)])
    assert "first.log" in written_before_the_third[0]
    documents = json.loads(written_before_the_third[0] + capsys.readouterr().out)
    assert [Path(document["file"]).name for document in documents] == ["first.log", "second.log", "third.log"]


# 5. -o must name a file whose name and host key's name fit the file system.

@pytest.mark.parametrize("path", [".", "", "/", ".."])
def test_an_output_that_is_not_a_file_name_is_refused(path):
    assert "name a file to write" in one_sentence(invoke("kit", "-o", path))


def test_an_output_name_too_long_with_its_host_key_is_refused(tmp_path):
    path = tmp_path / ("k" * 250 + ".pdf")
    assert "too long for the file system" in one_sentence(invoke("kit", "-o", path))


# 6. Tables and names are bounded.

def test_more_than_250_tables_are_refused():
    with pytest.raises(OptionError, match="1 to 250 tables"):
        plan_tables(STRIP, tables=251)
    assert "1 to 250 tables, not 1000000000" in one_sentence(invoke("kit", "--tables", "1000000000"))


def test_more_than_500_names_are_refused():
    names = tuple(f"Player {number}" for number in range(501))
    with pytest.raises(PlayerCountError, match="at most 500"):
        plan_tables(STRIP, names)
    assert "at most 500" in one_sentence(invoke("kit", "--players", ", ".join(names)))


# 7. A file in fonts/ that is not a font.

@pytest.mark.parametrize("make", [lambda path: path.write_bytes(b"not a font"), lambda path: path.mkdir()])
def test_a_file_in_fonts_that_is_not_a_font_is_named(fonts_folder, make):
    from kitgen.kit.fonts import font_faces

    make(fonts_folder / "Broken.otf")
    with pytest.raises(RenderError, match="Broken.otf' is damaged or not a font kitgen can load"):
        font_faces()


# 8. A full temporary folder during the render.

def test_a_failed_temporary_write_of_the_render_is_one_sentence(tmp_path, monkeypatch):
    from weasyprint import Document

    def full(*args, **keywords):
        raise OSError(27, "File too large")

    monkeypatch.setattr(Document, "write_pdf", full)  # a document laid out, then written
    with pytest.raises(RenderError, match="could not write its temporary files .File too large"):
        build_kit(KitRequest(STRIP, output=tmp_path / "kit.pdf"))
    assert list(tmp_path.iterdir()) == []


# 9. An unreadable log among readable ones: the JSON reports both.

def test_an_unreadable_log_is_an_unreadable_object_beside_the_others(tmp_path, monkeypatch):
    real_open = os.open
    locked = tmp_path / "locked.log"
    locked.write_bytes(VALID.read_bytes())

    def refuse(path, *args, **keywords):
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **keywords)

    monkeypatch.setattr(os, "open", refuse)
    result = invoke("validate", "--json", VALID, locked, "/dev/null")
    documents = json.loads(result.stdout)
    assert result.exit_code == 2 and documents[0]["valid"] is True
    assert documents[1]["unreadable"].endswith("cannot be read (Permission denied).")
    assert documents[2]["unreadable"] == "'/dev/null' is a device, not a game log."


# 10-13. The kit and its host key: a pair, claimed atomically, regular files only, no leftovers.

def rendered_as(content: bytes, before=lambda request: None):
    """Return a stand-in for :func:`render_kit` whose PDFs are ``content`` (the writing is
    under test, not the PDF), calling ``before(request)`` first."""
    def render(request, progress=None):
        before(request)
        return build.RenderedKit([content] * (2 if request.host_key == "separate" else 1), None)
    return render


@pytest.fixture
def quick_render(monkeypatch):
    """Render every kit as a few fixed bytes."""
    monkeypatch.setattr(build, "render_kit", rendered_as(b"%PDF-new"))


def test_kit_and_host_key_are_replaced_together_or_not_at_all(tmp_path, quick_render, monkeypatch):
    kit, key = tmp_path / "kit.pdf", tmp_path / "kit-host-key.pdf"
    kit.write_bytes(b"old kit")
    key.write_bytes(b"old key")
    replace = os.replace

    def fail_on_the_host_key(source, target):
        if Path(target) == key:
            raise OSError(28, "No space left on device", str(target))
        return replace(source, target)

    monkeypatch.setattr(output.os, "replace", fail_on_the_host_key)
    with pytest.raises(RenderError, match="No space left"):
        build_kit(KitRequest(STRIP, output=kit, force=True))
    assert (kit.read_bytes(), key.read_bytes()) == (b"old kit", b"old key")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["kit-host-key.pdf", "kit.pdf"]


def test_the_default_folders_old_host_key_goes_with_the_new_kit_or_not_at_all(tmp_path, quick_render, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "output").mkdir()
    kit, key = tmp_path / "output" / "kit.pdf", tmp_path / "output" / "kit-host-key.pdf"
    kit.write_bytes(b"old kit")
    key.write_bytes(b"old key")
    monkeypatch.setattr(output, "kit_state", lambda path: output.AS_WRITTEN)
    unlink = os.unlink

    def fail_on_the_host_key(path, *args, **kwargs):
        if Path(path).name == "kit-host-key.pdf":
            raise OSError(13, "Permission denied", str(path))
        return unlink(path, *args, **kwargs)

    monkeypatch.setattr(output.os, "unlink", fail_on_the_host_key)
    with pytest.raises(RenderError, match="Permission denied"):
        build_kit(KitRequest(STRIP, host_key="none"))
    assert (kit.read_bytes(), key.read_bytes()) == (b"old kit", b"old key")
    monkeypatch.setattr(output.os, "unlink", unlink)
    build_kit(KitRequest(STRIP, host_key="none"))
    assert sorted(path.name for path in (tmp_path / "output").iterdir()) == ["kit.pdf"]


def test_new_kit_and_host_key_appear_together_or_not_at_all(tmp_path, quick_render, monkeypatch):
    link = os.link

    def fail_on_the_host_key(source, target):
        if Path(target).name == "kit-host-key.pdf":
            raise OSError(122, "Disk quota exceeded", str(target))
        return link(source, target)

    monkeypatch.setattr(output.os, "link", fail_on_the_host_key)
    with pytest.raises(RenderError, match="Disk quota exceeded"):
        build_kit(KitRequest(STRIP, output=tmp_path / "kit.pdf"))
    assert list(tmp_path.iterdir()) == []


def test_a_file_that_appears_during_the_render_is_not_overwritten(tmp_path, monkeypatch):
    kit = tmp_path / "kit.pdf"

    def another_run_writes_first(request):
        kit.write_bytes(b"the other run's kit")

    monkeypatch.setattr(build, "render_kit", rendered_as(b"%PDF-new", another_run_writes_first))
    with pytest.raises(OutputExistsError, match="appeared while kitgen was at work"):
        build_kit(KitRequest(STRIP, output=kit))
    assert kit.read_bytes() == b"the other run's kit"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["kit.pdf"]


@pytest.mark.parametrize("force", [False, True])
def test_a_dangling_symlink_or_a_fifo_at_the_path_is_refused(tmp_path, quick_render, force):
    link, fifo = tmp_path / "link.pdf", tmp_path / "fifo.pdf"
    link.symlink_to(tmp_path / "nowhere.pdf")
    os.mkfifo(fifo)
    for path in (link, fifo):
        with pytest.raises(OutputExistsError, match="not a regular file"):
            build_kit(KitRequest(STRIP, output=path, force=force, host_key="none"))
    assert link.is_symlink() and not (tmp_path / "nowhere.pdf").exists()
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_force_keeps_the_replaced_files_mode(tmp_path, quick_render):
    kit = tmp_path / "kit.pdf"
    kit.write_bytes(b"old")
    kit.chmod(0o600)
    build_kit(KitRequest(STRIP, output=kit, force=True, host_key="none"))
    assert kit.read_bytes() == b"%PDF-new" and stat.S_IMODE(kit.stat().st_mode) == 0o600


def test_leftovers_of_a_killed_run_are_removed_by_the_next(tmp_path, quick_render):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()
    leftover = tmp_path / f".kitgen-{dead}-0badc0de.part"
    leftover.write_bytes(b"half a kit")
    mine = tmp_path / f".kitgen-{os.getpid()}-0badc0de.part"  # a run still going: kept
    mine.write_bytes(b"rendering")
    build_kit(KitRequest(STRIP, output=tmp_path / "kit.pdf"))
    assert not leftover.exists() and mine.exists()


def test_sigterm_in_the_write_window_cleans_up_like_ctrl_c(tmp_path, quick_render, monkeypatch):
    link = os.link

    def terminated(source, target):
        os.kill(os.getpid(), signal.SIGTERM)
        return link(source, target)

    monkeypatch.setattr(output.os, "link", terminated)
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(SystemExit) as ended:
        build_kit(KitRequest(STRIP, output=tmp_path / "kit.pdf"))
    assert ended.value.code == 143
    assert list(tmp_path.iterdir()) == []
    assert signal.getsignal(signal.SIGTERM) == before


# 14. Messages quote at most 40 characters of what the user wrote.

def test_a_refused_choice_quotes_at_most_forty_characters():
    result = invoke("check", "--rules", "x" * 100_000, "--open", "1", "--roll", "1", "--none")
    assert result.exit_code == 2 and "x" * 40 + "..." in result.stderr and "x" * 41 not in result.stderr


@pytest.mark.parametrize("args", [
    ["check", "--rules", "knucklebones", "--face", "3", "--column", "left", "--mine", "left:" + "9" * 100_000],
    ["kit", "--players", "Ana, " + "z" * 100_000],
])
def test_a_message_quotes_at_most_forty_characters(args):
    line = one_sentence(invoke(*args))
    assert len(line) < 200 and "..." in line


def test_a_log_message_quotes_at_most_forty_characters():
    report = validate_text("rules: knucklebones\nplayers: Ana, Ben\n" + "w" * 100_000 + ": 3 left\n")
    assert max(len(error.message) for error in report.errors) < 200


# 15. --json stays UTF-8 when a log's path is not.

def test_json_is_utf8_for_a_path_that_is_not(tmp_path):
    folder = os.fsencode(tmp_path)
    name = folder + b"/bad\xffname.log"
    with open(name, "wb") as log:
        log.write(VALID.read_bytes())
    result = subprocess.run([sys.executable, "-m", "kitgen", "validate", "--json", name, b"/no\xfe.log"],
                            capture_output=True, cwd=Path(__file__).parent.parent)
    documents = json.loads(result.stdout.decode("utf-8"))
    assert result.returncode == 2 and documents[0]["file"].endswith("bad\\xffname.log")
    assert "Traceback" not in result.stderr.decode("utf-8", "replace")


# 16. A plain-text roster is one name a line, even a player called Name.

def test_a_txt_roster_keeps_a_player_called_name(tmp_path):
    roster = tmp_path / "class.txt"
    roster.write_text("Name\nAna\nBen\n", encoding="utf-8")
    assert read_roster(roster).names == ("Name", "Ana", "Ben")


# 17. Names that print alike are one name; a letter carries at most 2 combining marks.

@pytest.mark.parametrize("names", [("Ana", "\u0410na"), ("\u01c5emal", "D\u017eemal"),
                                   ("ANA", "\u0430na"), ("Ben", "\u0392en")])
def test_names_that_print_alike_are_refused(names):
    with pytest.raises(PlayerNameError, match="would look the same on paper"):
        parse_names(names)


def test_names_that_only_look_alike_in_a_log_header_make_it_unreadable():
    with pytest.raises(LogUnreadableError, match="would look the same on paper"):
        validate_text("rules: strip\nplayers: Ana, \u0410na\n")


def test_a_letter_carries_at_most_two_combining_marks():
    assert parse_name("a\u0301\u0308") == "\u00e1\u0308"
    assert parse_name("Nguy\u1ec5n") == "Nguy\u1ec5n"  # Vietnamese: a letter with two marks
    with pytest.raises(PlayerNameError, match="more than 2 combining marks"):
        parse_name("a" + "\u0301" * 39)
    with pytest.raises(PlayerNameError, match="more than 2 combining marks"):
        parse_name("a\u0301\u0308\u0323")


# 18. A UTF-16 log is called UTF-16 (the refused character's script: tests/test_kit_fonts.py).

@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_utf16_log_is_called_utf16(tmp_path, encoding):
    log = tmp_path / "game.log"
    log.write_bytes(VALID.read_text(encoding="utf-8").encode(encoding))
    assert "is UTF-16 text, not UTF-8" in one_sentence(invoke("validate", log))


# Mutated logs never give anything but exit 0/1/2 with well-formed JSON.

def legal_logs() -> list[str]:
    rng = random.Random(10)
    logs = [random_box_game(rng, *random_setup(rng)).text for _ in range(20)]
    knucklebones = find_preset("knucklebones")
    for match in ("single", "best-of-3"):
        logs += [random_knucklebones_game(rng, knucklebones.configure({"match": match})).text for _ in range(5)]
    return logs


LEGAL_LOGS = legal_logs()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(log=st.sampled_from(LEGAL_LOGS), seed=st.integers(0, 2**32 - 1), edits=st.integers(1, 4))
def test_a_mutated_log_gives_a_report_or_one_sentence(log, seed, edits):
    data = mutations.mutate(random.Random(seed), log, edits)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return
    try:
        report = validate_text(text)
    except LogUnreadableError:
        return
    json.dumps(report.to_json(), ensure_ascii=False).encode("utf-8")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(log=st.sampled_from(LEGAL_LOGS), seed=st.integers(0, 2**32 - 1), edits=st.integers(1, 4))
def test_a_mutated_log_through_the_cli_exits_0_1_or_2_with_json(tmp_path, log, seed, edits):
    path = tmp_path / "mutated.log"
    path.write_bytes(mutations.mutate(random.Random(seed), log, edits))
    result = invoke("validate", "--json", path)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code in (0, 1, 2)
    documents = json.loads(result.stdout)
    assert len(documents) == 1 and documents[0]["file"] == str(path)


# --- caches keyed by a line's text keep short lines only --------------------------------------


def test_long_lines_are_not_kept_in_the_line_caches():
    from kitgen.games.box.lines import read_line
    from kitgen.logs.reader import parse_rules_line

    read_line.cache_clear()
    parse_rules_line.cache_clear()
    hostile = "x" * 100_000
    report = validate_text(f"rules: strip\nplayers: Ana\nturn Ana\n{hostile}\n8: 8\n", Path("long.log"))
    assert (4, "syntax") in [(error.line, error.code) for error in report.errors]
    # Short lines are cached, a 100,000-character line is not (a cache of 16,384 such lines,
    # one per log of a folder, would hold gigabytes).
    assert read_line.cache_info().currsize == 2  # "turn Ana" and "8: 8"
    assert parse_rules_line.cache_info().currsize == 1


def test_a_long_rules_option_is_quoted_short():
    with pytest.raises(LogUnreadableError) as raised:
        validate_text("rules: strip " + "y" * 100_000 + "\nplayers: Ana\n", Path("opt.log"))
    assert len(str(raised.value)) < 200


@pytest.mark.parametrize("arguments", [(), ("--json",)])
def test_a_terminal_that_cannot_show_a_name_gets_it_escaped(tmp_path, arguments):
    log = tmp_path / "game.log"
    log.write_text("rules: strip\nplayers: Łukasz, Ben\nturn Łukasz\n8: 8\n12: 3 \U0001d400\n", encoding="utf-8")
    environment = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent), "PYTHONIOENCODING": "latin-1"}
    result = subprocess.run([sys.executable, "-m", "kitgen", "validate", *arguments, str(log)],
                            capture_output=True, env=environment, timeout=120)
    assert result.returncode == 1 and b"Traceback" not in result.stderr, result.stderr
    assert b"\\u0141ukasz" in result.stdout
    if arguments:  # a character beyond U+FFFF as JSON's two escapes: still valid JSON
        document = json.loads(result.stdout)[0]
        assert document["valid"] is False and any("\U0001d400" in error["message"] for error in document["errors"])


@pytest.mark.parametrize("command", [["report", "--json"], ["validate"]])
def test_a_log_the_user_may_not_read_is_listed_and_the_others_go_on(tmp_path, monkeypatch, command):
    locked = tmp_path / "locked.log"
    locked.write_text(VALID.read_text())
    opened = os.open

    def denied(path, *args, **kwargs):
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return opened(path, *args, **kwargs)

    access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: Path(path) != locked and access(path, mode, **kw))
    monkeypatch.setattr("kitgen.textfile.os.open", denied)
    result = invoke(*command, VALID, locked)
    assert result.exit_code == 2, result.output
    assert "cannot be read (Permission denied)" in result.stderr
    if command[0] == "report":
        tables = json.loads(result.stdout)["tables"]
        assert len(tables) == 2 and sum(table.get("unreadable") is not None for table in tables) == 1

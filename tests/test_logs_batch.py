"""``kitgen validate`` over a large batch (kitgen/logs/batch.py): two worker processes print
exactly what one process prints, in the same order, with the same exit status, and behave
as one process on Ctrl-C and SIGTERM; standard input is read by the calling process."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import kitgen.logs.batch as batch
from kitgen.cli import app

CASES = Path(__file__).parent / "fixtures" / "cases"
REPO = Path(__file__).parent.parent
STDIN_LOG = (CASES / "strip-2p-valid.log").read_text(encoding="utf-8")
fork_only = pytest.mark.skipif(not hasattr(os, "fork"), reason="workers are forked")


def many_errors() -> str:
    """Return a strip log with 1,010 errors, past the cap of 1,000 a log reports."""
    return "rules: strip\nplayers: Ana, Ben\n" + "bad line\n" * 1010


def corpus(folder: Path, count: int) -> list[str]:
    """Write ``count`` files into ``folder``, every fixture case (valid and invalid logs of
    every preset) over and over, with unreadable ones among them (empty, binary, a bad
    header, a log past the error cap, a missing file); return their paths in the order to
    give them, with ``-`` (standard input) in the middle."""
    folder.mkdir()
    cases = sorted(CASES.glob("*.log"))
    odd = {"empty.log": b"", "binary.log": b"\x00\x01rules", "header.log": b"rules: chess\nplayers: Ana\n",
           "capped.log": many_errors().encode()}
    paths = []
    for number in range(count):
        path = folder / f"{number:04d}-{cases[number % len(cases)].name}"
        path.write_bytes(cases[number % len(cases)].read_bytes())
        paths.append(str(path))
    for position, (name, data) in zip((3, 70, 150, 260), odd.items(), strict=True):
        (folder / name).write_bytes(data)
        paths.insert(position, str(folder / name))
    paths.insert(200, str(folder / "missing.log"))
    paths.insert(len(paths) // 2, "-")
    return paths


def run(paths: list[str], *options: str):
    return CliRunner().invoke(app, ["validate", *options, *paths], input=STDIN_LOG)


def pool_starts(monkeypatch) -> list[object]:
    """Record each pool :func:`batch.check_files` starts (``None``: it could not start one)."""
    started = []
    start = batch._start_pool

    def recorded():
        started.append(start())
        return started[-1]

    monkeypatch.setattr(batch, "_start_pool", recorded)
    return started


@fork_only
@pytest.mark.parametrize("options", [(), ("--json",)])
def test_a_large_batch_prints_exactly_what_one_process_prints(tmp_path, monkeypatch, options):
    paths = corpus(tmp_path / "logs", batch.WORKERS_FROM + 60)
    monkeypatch.setattr(batch, "usable_cores", lambda: 2)  # workers even on a 1-core test machine
    started = pool_starts(monkeypatch)
    in_workers = run(paths, *options)
    assert len(started) == 1 and started[0] is not None
    monkeypatch.setattr(batch, "WORKERS_FROM", len(paths) + 1)
    in_one = run(paths, *options)
    assert len(started) == 1  # no pool for the one-process run
    assert in_workers.exit_code == in_one.exit_code == 2
    assert in_workers.stdout_bytes == in_one.stdout_bytes
    assert in_workers.stderr_bytes == in_one.stderr_bytes
    assert in_workers.output_bytes == in_one.output_bytes  # stdout and stderr interleaved alike
    if options:
        documents = json.loads(in_workers.stdout)
        assert [document["file"] for document in documents] == paths
        assert sum("unreadable" in document for document in documents) == 4
    else:
        assert "more errors not listed" in in_workers.stdout
        assert in_workers.stdout.splitlines()[-1].startswith(f"{len(paths)} logs: ")


@fork_only
def test_a_worker_killed_mid_batch_leaves_the_rest_to_this_process(tmp_path, monkeypatch):
    paths = corpus(tmp_path / "logs", batch.WORKERS_FROM + 60)
    monkeypatch.setattr(batch, "usable_cores", lambda: 2)
    in_one = run(paths)
    caller, check_file = os.getpid(), batch.check_file

    def killed_in_a_worker(path: str, as_json: bool):
        if os.getpid() != caller and path == paths[300]:
            os.kill(os.getpid(), signal.SIGKILL)  # as the out-of-memory killer would
        return check_file(path, as_json)

    monkeypatch.setattr(batch, "check_file", killed_in_a_worker)
    started = pool_starts(monkeypatch)
    in_workers = run(paths)
    assert len(started) == 1 and started[0] is not None
    assert in_workers.exit_code == in_one.exit_code == 2
    assert in_workers.output_bytes == in_one.output_bytes


@fork_only
def test_a_batch_of_valid_logs_exits_0_in_workers_as_in_one_process(tmp_path, monkeypatch):
    folder = tmp_path / "valid"
    folder.mkdir()
    valid = sorted(CASES.glob("*-valid.log"))
    for number in range(batch.WORKERS_FROM):
        (folder / f"{number:04d}.log").write_bytes(valid[number % len(valid)].read_bytes())
    monkeypatch.setattr(batch, "usable_cores", lambda: 2)
    started = pool_starts(monkeypatch)
    result = run([str(folder)])
    assert started and started[0] is not None
    assert result.exit_code == 0, result.output
    count = batch.WORKERS_FROM
    assert result.stdout.splitlines()[-1] == f"{count} logs: {count} valid, 0 with errors, 0 unreadable"


@pytest.mark.parametrize("cores, workers", [(1, False), (2, True), (8, True)])
def test_workers_start_only_where_two_cores_may_be_used(tmp_path, monkeypatch, cores, workers):
    paths = corpus(tmp_path / "logs", batch.WORKERS_FROM)
    monkeypatch.setattr(batch, "WORKERS_FROM", len(paths) + 1)
    expected = run(paths)
    monkeypatch.setattr(batch, "WORKERS_FROM", 400)
    monkeypatch.setattr(batch, "usable_cores", lambda: cores)
    started = pool_starts(monkeypatch)
    result = run(paths)
    assert (len(started) == 1) == workers
    assert (result.exit_code, result.output_bytes) == (expected.exit_code, expected.output_bytes)


def test_without_fork_one_process_validates_the_batch(tmp_path, monkeypatch):
    import multiprocessing

    paths = corpus(tmp_path / "logs", batch.WORKERS_FROM)
    expected = run(paths)

    def no_fork(method=None):
        raise ValueError(f"cannot find context for {method!r}")

    monkeypatch.setattr(multiprocessing, "get_context", no_fork)
    monkeypatch.setattr(batch, "usable_cores", lambda: 2)
    started = pool_starts(monkeypatch)
    result = run(paths)
    assert started == [None]
    assert (result.exit_code, result.output_bytes) == (expected.exit_code, expected.output_bytes)


@fork_only
def test_a_large_batch_imports_neither_weasyprint_nor_pypdf(tmp_path):
    paths = corpus(tmp_path / "logs", batch.WORKERS_FROM)
    paths.remove("-")
    code = (
        "import sys\n"
        "import kitgen.logs.batch as batch\n"
        "batch.usable_cores = lambda: 2\n"
        "from kitgen.cli import app\n"
        "try:\n"
        f"    app(['validate', *{paths!r}])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(name for name in ('weasyprint', 'pypdf', 'fontTools') if name in sys.modules), file=sys.stderr)\n"
    )
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                               env={**os.environ, "PYTHONPATH": str(REPO)})
    assert completed.stderr.splitlines()[-1] == "[]"


def children(pid: int) -> list[int]:
    """Return the processes whose parent is ``pid`` (Linux ``/proc``)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


SLOW_CHILD = """
import sys, time
from pathlib import Path
import kitgen.logs.batch as batch
batch.usable_cores = lambda: 2
check_file = batch.check_file

def slow(path, as_json):  # a log that takes a minute, to signal while a worker is busy
    if path.endswith("slow.log"):
        Path(sys.argv[1]).touch()
        time.sleep(60)
    return check_file(path, as_json)

batch.check_file = slow
from kitgen.cli import app
app(sys.argv[2:], prog_name="kitgen")
"""


@fork_only
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers in /proc")
@pytest.mark.parametrize("sent, status", [(signal.SIGINT, 130), (signal.SIGTERM, -signal.SIGTERM)])
def test_ctrl_c_and_sigterm_stop_the_workers_and_end_as_one_process_does(tmp_path, sent, status):
    """Ctrl-C reaches the whole process group (as a terminal sends it), SIGTERM only the
    calling process (as ``kill`` sends it), while a worker is busy: the command ends as one
    process would (exit 130 without a traceback; killed by SIGTERM) and no worker lives on."""
    paths = corpus(tmp_path / "logs", batch.WORKERS_FROM)
    paths.remove("-")
    (tmp_path / "logs" / "slow.log").write_bytes((CASES / "strip-2p-valid.log").read_bytes())
    paths.insert(batch.SAMPLED_LOGS + 10, str(tmp_path / "logs" / "slow.log"))  # a worker's
    busy = tmp_path / "busy"
    err = tmp_path / "err.txt"
    with open(err, "wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-c", SLOW_CHILD, str(busy), "validate", *paths], stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=stderr, env={**os.environ, "PYTHONPATH": str(REPO)},
            start_new_session=True)
        try:
            deadline = time.monotonic() + 60
            while not busy.exists() and time.monotonic() < deadline:
                assert process.poll() is None, err.read_text()
                time.sleep(0.05)
            workers = children(process.pid)
            assert len(workers) == batch.WORKERS
            if sent == signal.SIGINT:
                os.killpg(process.pid, sent)
            else:
                process.send_signal(sent)
            assert process.wait(timeout=30) == status
        finally:
            process.kill()
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(pid) for pid in workers)
    printed = err.read_text(encoding="utf-8")
    assert all(line.startswith("kitgen: ") for line in printed.splitlines()), printed  # no traceback
